"""What a large upload costs the Playground, part by part, against peers in the same run.

    python benchmarks/upload_scale.py [--cases 100000x2 1000000x2 100000x13 300000x13]
                                      [--repeats 3]

For each case a CSV of n rows, d float columns and a text label (2% of the labels flipped,
so the run never converges and stops at its cap: the worst case) is written to a
temporary folder and handled in this process as the page handles it:

- read: ``datasets.load_csv`` with every column; peer: ``pandas.read_csv`` of the same bytes.
- verdict: ``pc.theory`` (R, the exact verdict, gamma*), when the page computes it live
  (``compute.theory_live``: at most ``compute.THEORY_MAX_VALUES`` values of (1, x)).
- train: the page's run (``compute.trained_large``: the run recorded, stopped at
  ``compute.updates_cap``, and its per-epoch statistics); peer: scikit-learn's
  ``Perceptron`` for as many epochs, nothing recorded.
- frame: one step's layers over the drawn sample (20,000 points of two features, or 1,000
  in the score view of more) with the line of numbers: what the stage builds per frame
  (once the run's weights are computed, which the first frame of a run does).
- memory: the peak of Python's allocations (tracemalloc) over read, verdict, train and a
  frame, and the run's bytes as the cache measures them (kept up to
  ``cache.ENTRY_LIMIT_BYTES``).

Times are medians of ``--repeats``; the machine's slowdown (the reference loop of
``tests/browser``) is printed with them.
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

import numpy as np
import pandas as pd

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from browser_helpers import machine_slowdown  # noqa: E402

import datasets  # noqa: E402
import perceptron_core as pc  # noqa: E402
from ui import compute, limits, replay  # noqa: E402
from ui.charts import geometry, layers, playground  # noqa: E402
from ui.parts.settings import Settings  # noqa: E402
from ui.server import cache  # noqa: E402
from ui.views import score_view  # noqa: E402

MB = 2**20


def write(folder: Path, n: int, d: int) -> bytes:
    rng = np.random.default_rng(0)
    X = rng.normal(size=(n, d)) * np.linspace(1.0, 3.0, d)
    y = np.where(X @ rng.normal(size=d) + 0.3 > 0, 1, -1)
    y = np.where(rng.random(n) < 0.02, -y, y)
    frame = pd.DataFrame(X, columns=[f"m{j + 1}" for j in range(d)])
    frame["label"] = np.where(y > 0, "yes", "no")
    path = folder / f"{n}x{d}.csv"
    frame.to_csv(path, index=False)
    return path.read_bytes()


def named(data: bytes) -> io.BytesIO:
    buf = io.BytesIO(data)
    buf.name = "upload.csv"
    return buf


def read(data: bytes, d: int) -> datasets.Dataset:
    return datasets.load_csv(named(data), features=[f"m{j + 1}" for j in range(d)], label="label")


def frame(ds: datasets.Dataset, run, drawn, sv) -> None:
    """One frame as the Playground builds it: the step's layers and its line of numbers."""
    t = run.update_visit[run.mistakes // 2] + 1 if run.mistakes else 0
    w, b, visit, update = replay.at_step(run, ds.X, ds.y, t)
    index = visit.index if visit else None
    if sv is not None:
        score_view.step_layers(sv, ds.X, ds.y, w=w, b=b, visited=index, update=update)
        score_view.margin_line(w, b, ds.X, ds.y)
    else:
        box = geometry.view_box(ds.X, include_origin=True)
        chart = playground.Playground(layers.Scene(ds.X[drawn], ds.y[drawn], box))
        chart.sampled_step(ds.X, ds.y, drawn, w=w, b=b, visited=index, update=update)
        wrong = np.count_nonzero(pc.mistakes(ds.y, pc.activations(ds.X, w, b)))
        assert wrong >= 0


def timed(fn, repeats: int) -> tuple[float, object]:
    times, out = [], None
    for _ in range(repeats):
        t0 = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times), out


def case(folder: Path, n: int, d: int, repeats: int) -> dict:
    from sklearn.linear_model import Perceptron

    data = write(folder, n, d)
    row: dict = {"case": f"{n:,} x {d}", "file MB": len(data) / MB}
    row["read s"], ds = timed(lambda: read(data, d), repeats)
    row["pandas s"], _ = timed(lambda: pd.read_csv(io.BytesIO(data)), repeats)
    live = compute.theory_live(ds.X)
    row["verdict s"] = timed(lambda: pc.theory(ds.X, ds.y), 1)[0] if live else None
    train = compute.trained_large.__wrapped__  # the page's function, without its cache
    row["train s"], trained = timed(lambda: train(ds, Settings()), repeats)
    run = trained.run
    row["updates"], row["epochs"] = run.mistakes, run.epochs
    peer = Perceptron(shuffle=False, tol=None, eta0=1.0, max_iter=run.epochs)
    row["sklearn s"], _ = timed(lambda: peer.fit(ds.X, ds.y), repeats)
    wide = d > 2
    drawn = compute.drawn_sample.__wrapped__(
        n, limits.SCORE_DRAWN if wide else limits.PLAYGROUND_DRAWN
    )
    sv = score_view.view(ds.X, run.w, drawn) if wide else None
    frame(ds, run, drawn, sv)  # the first computes the run's weights (once per run)
    row["frame ms"] = 1000 * timed(lambda: frame(ds, run, drawn, sv), 5 * repeats)[0]
    row["run MB"] = cache.nbytes(trained) / MB
    row["peak MB"] = traced_peak(data, d, live, drawn, sv)
    return row


def traced_peak(data: bytes, d: int, live: bool, drawn, sv) -> float:
    """MB at the peak of Python's allocations over read, verdict, train and a frame (in a
    pass of its own: tracing slows numpy's allocations)."""
    tracemalloc.start()
    try:
        ds = read(data, d)
        if live:
            pc.theory(ds.X, ds.y)
        trained = compute.trained_large.__wrapped__(ds, Settings())
        frame(ds, trained.run, drawn, sv)
        return tracemalloc.get_traced_memory()[1] / MB
    finally:
        tracemalloc.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", nargs="+", default=["100000x2", "1000000x2", "100000x13",
                                                       "300000x13"])  # fmt: skip
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    pc.train(np.array([[1.0, 0.0], [-1.0, 0.0]]), np.array([1, -1]))  # loads the loop once
    slow_before = machine_slowdown()
    rows = []
    with tempfile.TemporaryDirectory(prefix="upload-scale-") as tmp:
        for spec in args.cases:
            n, d = (int(v) for v in spec.split("x"))
            print(f"{n:,} rows x {d} features ...", flush=True)
            rows.append(case(Path(tmp), n, d, args.repeats))
    slowdown = max(slow_before, machine_slowdown())
    cols = ["case", "file MB", "read s", "pandas s", "verdict s", "train s", "sklearn s",
            "updates", "epochs", "frame ms", "run MB", "peak MB"]  # fmt: skip
    print(" | ".join(cols))
    for r in rows:
        cells = []
        for c in cols:
            v = r[c]
            if v is None:
                cells.append("not live")
            elif isinstance(v, float):
                cells.append(f"{v:.2f}" if v < 100 else f"{v:,.0f}")
            else:
                cells.append(f"{v:,}" if isinstance(v, int) else str(v))
        print(" | ".join(cells))
    for r in rows:
        print(
            f"{r['case']}: read / pandas.read_csv {r['read s'] / r['pandas s']:.1f}x, "
            f"train (recorded, with per-epoch statistics) / scikit-learn "
            f"{r['train s'] / r['sklearn s']:.1f}x"
        )
    print(f"machine slowdown (reference loop; 1.0 = normal speed): {slowdown:.1f}x")


if __name__ == "__main__":
    main()
