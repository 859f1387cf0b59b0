"""Benchmark: ``datasets.load_csv`` against plain ``pandas.read_csv`` on the same files.

Run ``python benchmarks/loader.py [--rows N] [--repeats K]``. Writes 1,000,000-row CSV
files to a temporary folder, then times the two readers interleaved (so both see the same
machine load), K runs each, and prints the medians and their ratio. Goal: load_csv within
1.5x of pandas.read_csv.

Files:

- ``plain``: what ``Dataset.to_csv`` writes (x1, x2 at full precision, a -1/+1 label);
  pandas reads it with defaults.
- ``excel-de``: an id column, semicolons, decimal commas and a text label; pandas is
  given ``sep=";"`` and ``decimal=","`` (which load_csv has to find out for itself).
- ``upload``: the ``plain`` file's bytes in memory, as the app gets an upload; pandas
  reads the same bytes from a ``BytesIO``.

Then one .xlsx workbook of ``--xlsx-rows`` rows (default 100,000; x1, x2 and a text label,
written by openpyxl): python-calamine (the loader's reader) against openpyxl's streaming
reader (``read_only=True``, what the loader used before), both reading every cell in this
process, and ``datasets.load_csv`` end to end (its reading process, limits and parse).
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import datasets  # noqa: E402  (after the path tweak, so the script runs from anywhere)


def write_files(folder: Path, rows: int) -> dict[str, tuple[Path, dict]]:
    rng = np.random.default_rng(0)
    X, y, _ = datasets.separable(rows, rng, margin=0.1)
    plain = folder / "plain.csv"
    plain.write_text(datasets.Dataset(X, y).to_csv(), encoding="utf-8")

    frame = pd.DataFrame(
        {
            "id": np.arange(1, rows + 1),
            "laenge": np.round(X[:, 0] * 10 + 50, 2),
            "breite": np.round(X[:, 1] * 10 + 20, 2),
            "klasse": np.where(y > 0, "gut", "schlecht"),
        }
    )
    german = folder / "excel_de.csv"
    frame.to_csv(german, sep=";", decimal=",", index=False)
    return {
        "plain": (plain, {}),
        "excel-de": (german, {"sep": ";", "decimal": ","}),
    }


def timed(function) -> float:
    start = time.perf_counter()
    function()
    return time.perf_counter() - start


def bench(ours_call, theirs_call, repeats: int) -> tuple[list[float], list[float]]:
    # One untimed call each warms the page cache and pandas' import-time paths.
    ours_call()
    theirs_call()
    ours, theirs = [], []
    for _ in range(repeats):
        ours.append(timed(ours_call))
        theirs.append(timed(theirs_call))
    return ours, theirs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--xlsx-rows", type=int, default=100_000)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        files = write_files(Path(tmp), args.rows)
        print(
            f"{args.rows:,} rows, {args.repeats} interleaved runs each (median; best in brackets)"
        )
        print(
            f"{'file':<10} {'MB':>6} {'load_csv':>10} {'read_csv':>10} {'ratio':>7} {'(best)':>8}"
        )
        worst = 0.0
        cases = [
            (
                name,
                path.stat().st_size,
                lambda path=path: datasets.load_csv(path),
                lambda path=path, options=options: pd.read_csv(path, **options),
            )
            for name, (path, options) in files.items()
        ]
        data = files["plain"][0].read_bytes()
        cases.append(
            (
                "upload",
                len(data),
                lambda: datasets.load_csv(data),
                lambda: pd.read_csv(io.BytesIO(data)),
            )
        )
        for name, size, ours_call, theirs_call in cases:
            ours, theirs = bench(ours_call, theirs_call, args.repeats)
            ours_median, theirs_median = statistics.median(ours), statistics.median(theirs)
            ratio = ours_median / theirs_median
            best = min(ours) / min(theirs)  # least disturbed by other load on the machine
            worst = max(worst, ratio)
            print(
                f"{name:<10} {size / 1e6:>6.1f} {ours_median:>9.3f}s {theirs_median:>9.3f}s "
                f"{ratio:>6.2f}x {f'({best:.2f}x)':>8}"
            )
        verdict = "within" if worst <= 1.5 else "OVER"
        print(f"worst ratio {worst:.2f}x: {verdict} the 1.5x goal")
        workbook(Path(tmp), args.xlsx_rows, max(1, args.repeats // 2))
    return 0


def write_workbook(path: Path, rows: int) -> None:
    import openpyxl

    rng = np.random.default_rng(0)
    X, y, _ = datasets.separable(rows, rng, margin=0.1)
    book = openpyxl.Workbook(write_only=True)
    sheet = book.create_sheet("Data")
    sheet.append(["x1", "x2", "label"])
    for (a, b), k in zip(X.tolist(), y.tolist(), strict=True):
        sheet.append([a, b, "pos" if k > 0 else "neg"])
    book.save(path)


def workbook(folder: Path, rows: int, repeats: int) -> None:
    """python-calamine against openpyxl on the same workbook, interleaved."""
    import openpyxl
    import python_calamine

    path = folder / "data.xlsx"
    write_workbook(path, rows)

    def calamine() -> int:
        sheet = python_calamine.load_workbook(str(path)).get_sheet_by_name("Data")
        return sum(len(row) for row in sheet.iter_rows())

    def pyxl() -> int:
        book = openpyxl.load_workbook(path, read_only=True, data_only=True)
        cells = sum(len(row) for row in book["Data"].iter_rows(values_only=True))
        book.close()
        return cells

    assert calamine() == pyxl() == 3 * (rows + 1)  # the same cells, and warm caches
    times: dict[str, list[float]] = {"calamine": [], "openpyxl": [], "load_csv": []}
    for _ in range(repeats):
        times["calamine"].append(timed(calamine))
        times["openpyxl"].append(timed(pyxl))
        times["load_csv"].append(timed(lambda: datasets.load_csv(path)))
    median = {name: statistics.median(values) for name, values in times.items()}
    print(
        f"xlsx, {rows:,} rows ({path.stat().st_size / 1e6:.1f} MB), {repeats} interleaved "
        f"runs: python-calamine {median['calamine']:.3f}s, openpyxl "
        f"{median['openpyxl']:.3f}s ({median['openpyxl'] / median['calamine']:.1f}x slower); "
        f"load_csv end to end {median['load_csv']:.3f}s"
    )


if __name__ == "__main__":
    raise SystemExit(main())
