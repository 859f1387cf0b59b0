"""Read the CSV files people actually have: :func:`load_csv` and :func:`inspect_csv`.

The table is read by :mod:`datasets._table` (bytes, dialect, one pandas pass) and its
columns chosen by :mod:`datasets._choice`; here bad rows are dropped and counted and the
Dataset built. Whatever cannot become a dataset raises DatasetError with a message that
says what is wrong and what would fix it; no pandas or numpy exception escapes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ._choice import _Choice, _choose, _looks_like_id
from ._dataset import Dataset, check_magnitude
from ._errors import DatasetError
from ._params import Params
from ._table import _example, _example_fields, _read_table, _Table


@dataclass(frozen=True)
class CsvInfo:
    """What :func:`inspect_csv` found and what it proposes, so a UI can offer pickers.

    Attributes
    ----------
    name : str
        File name (or "uploaded data").
    columns : tuple of str
        Every column, in file order ("column 1", ... where the file has no header).
    numeric_columns : tuple of str
        Columns that can be features.
    feature_columns : tuple of str
        The numeric columns the loader would train on when asked for all of them: without
        ids and row numbers (``features`` of a file that names its own come first).
    label_candidates : dict of str -> tuple of str
        Columns with 2 to ``MAX_CLASSES`` distinct values, and those values (sorted).
    features : tuple of str
        Proposed feature columns (two).
    label : str
        Proposed label column.
    positive, negative : str
        Proposed +1 class and -1 class.
    n_rows : int
        Data rows parsed.
    dropped_rows : int
        Rows the proposal drops (missing, non-numeric or infinite values, a missing label,
        or too many fields).
    dropped_reasons : dict of str -> int
    excluded_rows : int
        Rows of other classes the proposal leaves out (more than two classes).
    delimiter, encoding, decimal : str
    header : bool
    notes : tuple of str
        Things a user should know (skipped lines, merged label spellings, classes left
        out).
    preamble_lines : int
        Lines above the table (titles, comments) that were skipped.
    file_type : str
        ``"csv"``, ``"csv.gz"`` (gzip'd CSV) or ``"xlsx"`` (Excel workbook).
    sheets : tuple of str
        The sheet names of a workbook (empty for CSV); ``sheet`` is the one read.
    merged_labels : dict of str -> tuple of str
        Class name -> the spellings of the proposed label column merged into it.
    """

    name: str
    columns: tuple[str, ...]
    numeric_columns: tuple[str, ...]
    label_candidates: Mapping[str, tuple[str, ...]]
    features: tuple[str, ...]
    label: str
    positive: str
    negative: str
    n_rows: int
    dropped_rows: int
    dropped_reasons: Mapping[str, int] = field(default_factory=Params)
    excluded_rows: int = 0
    delimiter: str = ","
    encoding: str = "utf-8"
    decimal: str = "."
    header: bool = True
    notes: tuple[str, ...] = ()
    preamble_lines: int = 0
    file_type: str = "csv"
    sheets: tuple[str, ...] = ()
    sheet: str = ""
    merged_labels: Mapping[str, tuple[str, ...]] = field(default_factory=Params)
    feature_columns: tuple[str, ...] = ()

    def describe(self) -> str:
        """One line for the UI: rows, file type or dialect, dropped rows and notes."""
        delimiter = {",": "comma", ";": "semicolon", "\t": "tab", "|": "pipe", " ": "space"}[
            self.delimiter
        ]
        parts = [f"{self.n_rows:,} rows"]
        if self.file_type == "xlsx":
            parts.append(f"Excel sheet {self.sheet!r} ({len(self.sheets)} in the workbook)")
        else:
            if self.file_type == "csv.gz":
                parts.append("gzip-compressed")
            parts += [f"{delimiter}-separated", self.encoding]
        if self.decimal == ",":
            parts.append("decimal commas")
        if self.dropped_rows:
            reasons = ", ".join(f"{k}: {v}" for k, v in self.dropped_reasons.items())
            rows = "row" if self.dropped_rows == 1 else "rows"
            parts.append(f"{self.dropped_rows:,} {rows} dropped ({reasons})")
        return "; ".join(parts + list(self.notes))


def _build(
    table: _Table, choice: _Choice
) -> tuple[np.ndarray, np.ndarray, tuple[str, str], dict[str, int], int]:
    """Return X, y, class names, dropped-row counts by reason, and excluded rows."""
    label_codes, names = table.columns[choice.label].classes
    index = {name: i for i, name in enumerate(names)}
    pos = index[choice.positive]
    rest = choice.negative == "rest"
    negative_name = f"not {choice.positive}" if rest else choice.negative

    reasons: dict[str, int] = {}
    problems: list[tuple[str, str, dict[str, Any]]] = []  # (said, its code's end, its fields)
    valid = label_codes >= 0
    for name in choice.features:
        valid &= np.isfinite(table.columns[name].values)
    clean = bool(valid.all())  # the common case: one pass per column, no bookkeeping
    if not clean:
        valid = np.ones(table.n_rows, dtype=bool)  # start again, now with the reasons

    def drop(mask: np.ndarray, reason: str, column: str) -> None:
        nonlocal valid
        mask = mask & valid
        count = int(np.count_nonzero(mask))
        if count:
            reasons[reason] = reasons.get(reason, 0) + count
            kind, fields = _example_fields(table, column, mask)
            said = f"{reason} in column {column!r}{_example(table, column, mask)}"
            code = reason.replace(" ", "_") + (f".{kind}" if kind else "")
            problems.append((said, code, {**fields, "column": column}))
            valid &= ~mask

    for name in choice.features if not clean else ():
        column = table.columns[name]
        bad = ~np.isfinite(column.values)
        if bad.any():  # sort out why only for columns with something wrong
            drop(bad & ~column.present, "missing value", name)
            drop(bad & np.isnan(column.values), "not a number", name)
            drop(bad & np.isinf(column.values), "infinite value", name)
    if not clean:
        drop(label_codes < 0, "missing label", choice.label)
    excluded = 0
    if not rest and len(names) > 2:  # rows of the classes that were not chosen
        kept = (label_codes == pos) | (label_codes == index[choice.negative])
        excluded = int(np.count_nonzero(valid & ~kept))
        valid &= kept
    if table.bad_lines:
        reasons["too many fields"] = table.bad_lines

    if not valid.any():
        why = f" ({problems[0][0]})" if problems else ""
        listed = ", ".join(repr(f) for f in choice.features)
        code = "load.no_valid_rows" + (f".{problems[0][1]}" if problems else "")
        raise DatasetError(
            f"none of the {table.n_rows:,} rows has valid numbers in {listed} and a "
            f"label{why}: check the delimiter, the decimal mark and the missing values",
            code=code,
            fields={"n": table.n_rows, "features": listed, **(problems[0][2] if problems else {})},
        )
    everything = bool(valid.all())
    X = np.empty((int(valid.sum()), len(choice.features)))
    for j, name in enumerate(choice.features):
        values = table.columns[name].values
        X[:, j] = values if everything else values[valid]
    is_positive = (label_codes if everything else label_codes[valid]) == pos
    n_positive = int(np.count_nonzero(is_positive))
    y = is_positive.astype(np.int64)
    y *= 2
    y -= 1  # in place: True -> +1, False -> -1
    check_magnitude(X, choice.features)  # inspect_csv too, not only Dataset, says so
    # Handed over read-only, so Dataset can keep them without a defensive copy.
    X.flags.writeable = False
    y.flags.writeable = False
    if n_positive in (0, len(y)):
        left = choice.positive if n_positive else negative_name
        dropped = sum(reasons.values())
        raise DatasetError(
            f"only one class ({left!r}) is left in column {choice.label!r} after dropping "
            f"{dropped:,} invalid row{'s' if dropped != 1 else ''}: a perceptron needs examples "
            "of two classes",
            code="load.one_class_left",
            fields={"left": left, "column": choice.label, "n": dropped},
        )
    return X, y, (negative_name, choice.positive), reasons, excluded


def inspect_csv(source: Any, sheet: str | int | None = None) -> CsvInfo:
    """Read a CSV file and say what it holds and what :func:`load_csv` would pick.

    Parameters
    ----------
    source : path, bytes, str or file-like
        As for :func:`load_csv`.
    sheet : str or int, optional
        As for :func:`load_csv`.

    Returns
    -------
    CsvInfo
        Columns, numeric columns, label candidates with their values, the proposed
        features / label / classes, dropped rows and the sniffed dialect.

    Raises
    ------
    DatasetError
        When the file cannot become a dataset at all (empty, binary, header only, fewer
        than two numeric columns, no label column, one class, no valid row).
    """
    table = _read_table(source, sheet)
    choice = _choose(table)
    _, _, _, reasons, excluded = _build(table, choice)
    return CsvInfo(
        name=table.name,
        columns=tuple(table.columns),
        numeric_columns=tuple(n for n, c in table.columns.items() if c.is_numeric),
        label_candidates=Params(choice.candidates),
        features=choice.features,
        label=choice.label,
        positive=choice.positive,
        negative=choice.negative,
        n_rows=table.n_rows,
        dropped_rows=sum(reasons.values()),
        dropped_reasons=Params(reasons),
        excluded_rows=excluded,
        delimiter=table.dialect.delimiter,
        encoding=table.encoding,
        decimal=table.dialect.decimal,
        header=table.dialect.header,
        notes=tuple(table.dialect.notes + choice.notes),
        preamble_lines=table.dialect.preamble,
        file_type=table.kind.kind,
        sheets=table.kind.sheets,
        sheet=table.kind.sheet,
        merged_labels=Params(table.columns[choice.label].merged),
        # A file that names more than two features (``to_csv``'s hint) keeps their order;
        # otherwise the file's, whichever two are proposed as x1 and x2.
        feature_columns=_feature_columns(
            table, choice.features if len(choice.features) > 2 else ()
        ),
    )


def _feature_columns(table: _Table, proposed: tuple[str, ...]) -> tuple[str, ...]:
    """Every numeric column but ids and row numbers, the proposed features first (a file
    that names its features, as ``to_csv`` writes one, keeps its order)."""
    usable = [n for n, c in table.columns.items() if c.is_numeric and not _looks_like_id(c)]
    return tuple(dict.fromkeys([*proposed, *usable]))


def load_csv(
    source: Any,
    features: Sequence[str] | None = None,
    label: str | None = None,
    positive: Any = None,
    negative: Any = None,
    sheet: str | int | None = None,
) -> Dataset:
    """Load a CSV file as a Dataset.

    Parameters
    ----------
    source : path, bytes, str or file-like
        A path (str or PathLike), the file's bytes, CSV text (a str with a line break),
        or an open text/binary file such as Streamlit's UploadedFile. Comma, semicolon,
        tab (or space) separated; with or without a header; UTF-8 with or without a BOM,
        UTF-16, Windows-1252 or Latin-1; decimal commas in semicolon or tab files; quoted
        fields; any line endings; title or comment lines above the table are skipped.
        Extra columns (ids, text) are ignored. Also a gzip'd CSV (``.csv.gz``) or an
        Excel ``.xlsx`` workbook, recognised by their content, not their name; at most
        ``MAX_FILE_BYTES`` (a gzip'd file also unpacked).
    features : sequence of str, optional
        Feature columns (names, or 0-based indices); default: the first two numeric
        columns that are neither the label nor an id.
    label : str, optional
        The class column; default: a column named like one (label, class, species, ...),
        else the rightmost column with two distinct values.
    positive : optional
        The value that becomes +1 (matched as text, then as a number); default: 1, yes,
        true, +1 or positive if present, else the second value in sorted order.
    negative : optional
        The value that becomes -1, or "rest" for one class against all others; default:
        the other class (with more than two: the first other one in sorted order; rows
        of the remaining classes are left out and counted as ``excluded_rows``).
    sheet : str or int, optional
        The sheet of an .xlsx workbook to read (name, or 0-based index); default: the
        first. ``inspect_csv`` lists the sheet names.

    Returns
    -------
    Dataset
        ``params`` records the file, dialect, columns and classes, and ``dropped_rows``
        with ``dropped_reasons``: rows with missing, non-numeric or infinite values or
        with too many fields are dropped and counted, never silently. Also
        ``preamble_lines`` (lines skipped above the table), ``file_type`` ("csv", "csv.gz",
        "xlsx"; with ``sheet``) and ``merged_labels`` (class name -> the spellings merged
        into it: labels differing only in case and surrounding spaces are one class, named
        by the most frequent spelling, when that leaves two classes or more).

    Raises
    ------
    DatasetError
        For anything that cannot become a dataset; the message says what would fix it.

    Examples
    --------
    >>> ds = load_csv("x,y,label\\n0,1,yes\\n1,0,no\\n")
    >>> ds.y.tolist(), ds.class_names
    ([1, -1], ('no', 'yes'))
    """
    table = _read_table(source, sheet)
    choice = _choose(table, features, label, positive, negative)
    X, y, class_names, reasons, excluded = _build(table, choice)
    dialect = table.dialect
    notes = dialect.notes + choice.notes
    params = {
        "file": table.name,
        "delimiter": dialect.delimiter,
        "encoding": table.encoding,
        "decimal": dialect.decimal,
        "header": dialect.header,
        "features": choice.features,
        "label": choice.label,
        "positive": choice.positive,
        "negative": choice.negative,
        "rows_read": table.n_rows + table.bad_lines,
        "dropped_rows": sum(reasons.values()),
        "dropped_reasons": reasons,
        "excluded_rows": excluded,
        "notes": tuple(notes),
        "preamble_lines": dialect.preamble,
        "file_type": table.kind.kind,
        "merged_labels": table.columns[choice.label].merged,
    }
    if table.kind.kind == "xlsx":
        params["sheet"] = table.kind.sheet
    return Dataset(X, y, choice.features, class_names, table.name, params)
