"""Read one sheet of an .xlsx workbook with python-calamine and print it as CSV.

Run by :mod:`datasets._formats` as a separate process, never imported by the app:
``python -I _workbook_worker.py FILE SHEET MEMORY_BYTES CPU_SECONDS MAX_COLUMNS MAX_BYTES``.
calamine holds the sheet's used area in memory, and a failed allocation in Rust aborts
the process: here that ends this process only (the server goes on), under limits it sets
on itself before reading anything. Exit codes: 0 CSV on stdout; 3 the workbook cannot be
read (the reason on stderr); 4 out of memory in Python; 5 the CSV would be longer than
MAX_BYTES; 6 python-calamine is not installed. Killed by SIGXCPU (CPU limit) or SIGABRT
(memory limit in Rust).
"""

import resource
import sys
from collections.abc import Callable


def _limit(memory: int, cpu: int) -> None:
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))


def _neutralise() -> tuple[Callable[[str], str], frozenset[str]]:
    """datasets._cells.neutralise_formula, loaded alone (the package imports pandas)."""
    import importlib.util
    import os

    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_cells.py")
    spec = importlib.util.spec_from_file_location("_cells", path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    neutralise: Callable[[str], str] = module.neutralise_formula
    return neutralise, frozenset(module.FORMULA_START) | {"'"}


def _write(path: str, sheet: str, max_columns: int, max_bytes: int) -> int:
    import csv
    import datetime
    import io

    try:
        import python_calamine
    except ImportError:
        return 6
    neutralise, triggers = _neutralise()

    def cell(value: object) -> str:
        # As the CSV loader reads a typed value: floats at full precision (repr), text
        # neutralised so "'=x" in a sheet reads back as "'=x", like in a CSV file.
        if isinstance(value, str):
            return neutralise(value)
        if isinstance(value, bool | int):
            return str(value)
        if isinstance(value, float):
            return repr(value)
        if isinstance(value, datetime.date | datetime.time):
            return value.isoformat()
        return str(value)  # timedelta

    try:
        book = python_calamine.load_workbook(path)
        rows = book.get_sheet_by_name(sheet).iter_rows()
    except Exception as exc:  # noqa: BLE001  (any failure: the workbook cannot be read)
        sys.stderr.write(f"{type(exc).__name__}: {str(exc)[:300]}")
        return 3
    out = io.TextIOWrapper(sys.stdout.buffer, encoding="utf-8", newline="", write_through=False)
    counter = io.StringIO()
    writer = csv.writer(counter, lineterminator="\n")
    plain = {float, int, bool}  # written by csv as str() writes them: repr for floats
    written = 0
    for row in rows:
        row = row[:max_columns]
        kinds = set(map(type, row))
        if not kinds <= plain and not (
            kinds <= {float, int, bool, str}
            and not any(v[:1] in triggers for v in row if type(v) is str)
        ):
            row = [cell(v) for v in row]
        while row and row[-1] == "":
            row.pop()
        if not row:
            continue  # empty rows are left out, as a CSV export of the sheet would
        writer.writerow(row)
        if counter.tell() > 1 << 20:
            text = counter.getvalue()
            written += len(text)
            if written > max_bytes:
                return 5
            out.write(text)
            counter.seek(0)
            counter.truncate()
    text = counter.getvalue()
    if written + len(text) > max_bytes:
        return 5
    out.write(text)
    out.flush()
    return 0


def main(argv: list[str]) -> int:
    path, sheet, memory, cpu, max_columns, max_bytes = argv
    _limit(int(memory), int(cpu))
    try:
        return _write(path, sheet, int(max_columns), int(max_bytes))
    except MemoryError:
        return 4


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
