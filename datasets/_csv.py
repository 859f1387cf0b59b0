"""Read the CSV files people actually have, and write ones that read back identically.

The dialect comes from :mod:`datasets._sniff`; the bulk parse is one call to pandas' C
engine with every option fixed, so a million rows cost about what a plain
``pandas.read_csv`` does. Then the columns are sorted out (numeric, id-like, label
candidates), the caller's choices or the proposal applied, and bad rows dropped and
counted. Whatever cannot become a dataset raises DatasetError with a message that says
what is wrong and what would fix it; no pandas or numpy exception escapes.
"""

from __future__ import annotations

import csv
import functools
import io
import math
import re
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote, urlencode

import numpy as np
import pandas as pd

from ._cells import csv_field, restore_formula
from ._dataset import NA_TOKENS, Dataset, Params, check_magnitude
from ._errors import DatasetError
from ._formats import FileKind, unpack
from ._sniff import (
    GROUPED,
    HINT,
    MAX_NAME_CHARS,
    NUMBER,
    SAMPLE_BYTES,
    Dialect,
    Source,
    decode,
    is_na,
    is_number,
    read_source,
    single_byte_encoding,
    sniff,
)

MAX_ROWS = 1_000_000
"""Most data rows read."""
MAX_CLASSES = 20
"""Most distinct values a column may have to be offered as the class label."""

_POSITIVE_WORDS = ("1", "+1", "yes", "true", "positive")
# Column names that usually hold the class; earlier entries win. "y" comes last, and
# only counts when there is no "x" column: two-feature files often call their features
# x and y.
_LABEL_NAMES = (
    "label", "labels", "class", "classes", "target", "species", "outcome", "category",
    "diagnosis", "group", "kind", "type", "result", "y",
)  # fmt: skip
_ID_NAMES = frozenset(
    {
        "id", "index", "idx", "row", "rowid", "row_id", "row id", "row number", "no", "nr",
        "num", "#", "key", "n°", "nº", "lfd nr", "lfdnr", "nummer", "zeile", "fila", "ligne",
        "numéro", "numero", "número", "unnamed: 0", "obs", "case",
    }
)  # fmt: skip
"""Names of row-number and id columns (compared case-folded, without dots): Nr., No., #..."""
_ID_SUFFIX = re.compile(r".*[\s_-](id|nr|no|idx|index|number|nummer)")
"""... and names ending in one: student_id, Sample No., Lfd. Nr."""


def _is_id_name(name: str) -> bool:
    folded = " ".join(name.casefold().replace(".", " ").split())
    return folded in _ID_NAMES or bool(_ID_SUFFIX.fullmatch(folded))


def _label_names(columns: Sequence[str]) -> tuple[str, ...]:
    if any(c.strip().casefold() == "x" for c in columns):
        return _LABEL_NAMES[:-1]
    return _LABEL_NAMES


# -- parsing and column analysis ---------------------------------------------------------


def _parser_error(exc: Exception) -> DatasetError:
    return DatasetError(f"cannot parse the file as CSV: {_clean_parser_message(exc)}")


def _clean_parser_message(exc: Exception) -> str:
    text = str(exc).split("\n")[0]
    text = text.replace("Error tokenizing data. C error: ", "")
    match = re.search(r"EOF inside string starting at row (\d+)", text)
    if match:
        return (
            f"a quoted field starting near line {match.group(1)} is never closed: look for a "
            'stray " character'
        )
    return text[:200]


def _parse_table(source: Source, encoding: str, dialect: Dialect):
    """One pandas C-engine pass with every option fixed; returns (frame, bad_line_count)."""
    sep = r"\s+" if dialect.delimiter == " " else dialect.delimiter
    options: dict[str, Any] = {
        "sep": sep,
        "header": 0 if dialect.header else None,
        "names": dialect.names,
        "index_col": False,
        "skiprows": dialect.skip_lines or None,
        "encoding": "utf-8" if encoding == "utf-16" else encoding,
        "decimal": dialect.decimal,
        "na_values": ["?"],
        "engine": "c",
        # Text columns as categories: the parser stores each distinct string once, and
        # the class codes come for free instead of hashing a million strings afterwards.
        "dtype": {dialect.names[j]: "category" for j in dialect.text_columns},
    }
    if dialect.spaced:
        # Only when the sample has "x, y": it costs the C parser ~15%, and numbers parse
        # with spaces anyway (class names are stripped later).
        options["skipinitialspace"] = True
    if dialect.estimated_rows > 2 * MAX_ROWS:
        # Clearly too long: stop early rather than fill memory. (nrows slows the parser
        # by ~30%, so files near the limit are read whole and counted afterwards.)
        options["nrows"] = MAX_ROWS + 1
    try:
        frame, messages = _read_csv(source, options)
    except pd.errors.ParserError as exc:
        if not re.search(r"Expected \d+ fields in line \d+", str(exc)):
            raise _parser_error(exc) from None
        # Rows with too many fields: read again, skipping and counting them. Only then,
        # because on_bad_lines="warn" costs the parser ~30% on every file.
        try:
            frame, messages = _read_csv(source, dict(options, on_bad_lines="warn"))
        except pd.errors.ParserError as again:
            raise _parser_error(again) from None
    bad_lines = sum(m.count("Skipping line") for m in messages)
    if any("does not match length of data" in m for m in messages):
        dialect.notes.append("a row had more fields than the header; the extra ones are ignored")
    if len(frame) > MAX_ROWS:
        raise too_many_rows()
    return frame, bad_lines


def too_many_rows() -> DatasetError:
    return DatasetError(
        f"the file has more than {MAX_ROWS:,} data rows, the most Perceptron Lab reads: "
        "keep a sample of the rows (say every 10th) and load that"
    )


def _read_csv(source: Source, options: dict) -> tuple[pd.DataFrame, list[str]]:
    """pandas.read_csv with its warnings captured and its errors made DatasetErrors.

    ParserError (the caller may retry) and UnicodeDecodeError (the caller switches
    encoding) pass through.
    """
    # A path is read by pandas' own C reader (fastest); anything else from memory.
    target: Any = source.path if source.path is not None else io.BytesIO(source.data or b"")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            frame = pd.read_csv(target, **options)
        except (pd.errors.ParserError, UnicodeDecodeError):
            raise  # the caller decides what to try next
        except pd.errors.EmptyDataError as exc:
            raise _parser_error(exc) from None
        except (ValueError, UnicodeError, OverflowError, csv.Error) as exc:
            raise DatasetError(f"cannot parse the file as CSV: {str(exc)[:200]}") from None
        except MemoryError:
            raise DatasetError("the file is too large to read into memory") from None
    return frame, [str(w.message) for w in caught]


def _format_class(value: Any, all_values: set) -> str:
    if isinstance(value, bool | np.bool_):
        return str(bool(value))
    if isinstance(value, int | float | np.number):
        number = float(value)
        if not math.isfinite(number):
            return ""  # an infinite label is no class: treated as missing
        if number.is_integer() and abs(number) < 2**53:
            # "+1" next to "-1", as Dataset spells it, so the name survives a round trip.
            if number == 1 and all_values == {-1.0, 1.0}:
                return "+1"
            return str(int(number))
        return repr(number)
    return restore_formula(str(value).strip())


def _class_sort_key(name: str) -> tuple:
    if NUMBER.fullmatch(name):
        return (0, float(name), "")
    return (1, 0.0, name.casefold())


class _Column:
    """One parsed column and what it can be used for, each fact computed once, on demand."""

    def __init__(
        self, name: str, series: pd.Series, unnamed: bool, comma_ok: bool, commas: bool = False
    ):
        self.name = name
        self.series = series
        self.unnamed = unnamed
        self.comma_ok = comma_ok
        self.commas = commas  # the file writes decimals with commas (seen in its sample)

    # How the column's dots read: ("thousands" | "mixed" | "", an example, another).
    dots: tuple[str, str, str] = ("", "", "")

    @functools.cached_property
    def is_number_dtype(self) -> bool:
        return self.series.dtype.kind in "iuf"

    @functools.cached_property
    def present(self) -> np.ndarray:
        """True where the field is not empty or a missing-value token."""
        return self.series.notna().to_numpy()

    @functools.cached_property
    def is_category(self) -> bool:
        return isinstance(self.series.dtype, pd.CategoricalDtype)

    def _to_numbers(self, text: pd.Series) -> np.ndarray:
        text = text.astype("str").str.strip()
        if self.comma_ok:  # decimal commas that the parser left as text (mixed marks)
            text = self._read_dots(text).str.replace(",", ".", regex=False)
        numbers = pd.to_numeric(text, errors="coerce")
        return numbers.to_numpy(dtype=np.float64, na_value=np.nan)

    def _read_dots(self, text: pd.Series) -> pd.Series:
        """Dots in a file where decimal commas are possible, by one stated rule.

        Values such as 1.065 or 1.234,5 (``GROUPED``) have thousands separators when the
        file writes its decimals with commas and no value of the column has a decimal
        point (1.5): then 1.065 is 1065. The column is ambiguous, and no number is read
        from it, when the file has decimal commas and the column mixes both (1.065 and
        1.5), or when the file has none and 1.065 stands beside whole numbers such as 985
        with no decimal point in the column. Otherwise a dot is a decimal point.
        """
        dotted = text.str.contains(".", regex=False).to_numpy(dtype=bool)
        if not dotted.any():
            return text
        grouped = dotted & text.str.fullmatch(GROUPED.pattern).to_numpy(dtype=bool)
        if not grouped.any():
            return text
        example = str(text[grouped].iloc[0])
        pointed = dotted & ~grouped & text.str.fullmatch(NUMBER.pattern).to_numpy(dtype=bool)
        whole = text.str.fullmatch(r"[+-]?\d+").to_numpy(dtype=bool)
        if pointed.any() and not self.commas:
            return text  # 1.5 beside 1.065, and no decimal commas: decimal points
        if pointed.any():
            self.dots = ("mixed", example, str(text[pointed].iloc[0]))
        elif whole.any() and not self.commas:
            self.dots = ("mixed", example, str(text[whole].iloc[0]))
        elif not self.commas:
            return text  # 1.065 and 2.130 only, no decimal commas: decimal points
        else:
            self.dots = ("thousands", example, "")
            return text.where(~grouped, text.str.replace(".", "", regex=False))
        return pd.Series("", index=text.index)  # nothing is read from an ambiguous column

    def dots_message(self) -> str:
        """Why no number is read from this column (its dots), or ""."""
        how, example, other = self.dots
        if how != "mixed":
            return ""
        thousands = example.replace(".", "")
        if NUMBER.fullmatch(other) and "." in other:
            return (
                f"column {self.name!r} uses the dot both ways: {example!r} reads as "
                f"{thousands} with a thousands separator, {other!r} has a decimal point; "
                "it cannot be read without guessing. Write its numbers with one decimal "
                "mark and no thousands separators (such as 1065 and 1,5)"
            )
        return (
            f"column {self.name!r} has {example!r} beside whole numbers such as {other!r}: "
            f"the dot may be a thousands separator ({thousands}) or a decimal point; it "
            f"cannot be read without guessing. Write {thousands} without the separator, or "
            f"{example.replace('.', ',')} with a decimal comma if it is a fraction"
        )

    def dots_note(self) -> str:
        how, example, _ = self.dots
        if how != "thousands":
            return ""
        value = example.replace(".", "").replace(",", ".")
        return (
            f"column {self.name!r}: dots read as thousands separators ({example!r} as "
            f"{value}), as the file writes decimals with commas"
        )

    @functools.cached_property
    def values(self) -> np.ndarray:
        """Float64 values; NaN where missing or not a number."""
        if self.is_number_dtype:
            return self.series.to_numpy(dtype=np.float64, na_value=np.nan)
        if self.series.dtype.kind == "b":
            return np.full(len(self.series), np.nan)
        if self.is_category:  # convert each distinct string once
            categories = pd.Series(self.series.cat.categories)
            lookup = np.append(self._to_numbers(categories), np.nan)  # code -1 -> NaN
            return lookup[self.series.cat.codes.to_numpy()]
        return self._to_numbers(self.series)

    @functools.cached_property
    def is_numeric(self) -> bool:
        """Usable as a feature: mostly numbers, and at least one finite one."""
        if self.is_number_dtype:
            return bool(np.isfinite(self.values).any())
        if self.series.dtype.kind == "b":
            return False
        sample = self.series.dropna().head(1000)
        if sample.empty:
            return False
        # Cheap test on a sample first, so text columns are never converted in full.
        if sum(is_number(str(v), self.comma_ok) for v in sample) < 0.5 * len(sample):
            return False
        parsed = ~np.isnan(self.values)
        return bool(parsed.sum() >= 0.5 * self.present.sum() and np.isfinite(self.values).any())

    def sample_distinct(self) -> int:
        return int(self.series.head(2000).nunique(dropna=True))

    @functools.cached_property
    def classes(self) -> tuple[np.ndarray, list[str]]:
        """(class code per row, -1 where missing; class names), spellings merged.

        Names are stripped; then spellings that differ only in case ("Yes", "yes", "YES ")
        are one class, named by the most frequent spelling, as long as that leaves two
        classes or more (a column of only "a" and "A" keeps both: they must be meant as
        two). ``merged`` records what was merged, for a note.
        """
        if self.is_category:
            codes = self.series.cat.codes.to_numpy()
            values = list(self.series.cat.categories)
        else:
            codes, uniques = pd.factorize(self.series, use_na_sentinel=True)
            values = list(uniques)
        numbers = {
            float(v)
            for v in values
            if isinstance(v, int | float | np.number) and not isinstance(v, bool | np.bool_)
        }
        names = [_format_class(v, numbers) for v in values]
        names = self._fold(codes, values, names)
        merged: dict[str, int] = {}
        remap = np.empty(len(names) + 1, dtype=np.int64)  # the last slot maps code -1
        for i, name in enumerate(names):
            remap[i] = -1 if name in NA_TOKENS else merged.setdefault(name, len(merged))
        remap[-1] = -1
        if np.array_equal(remap[:-1], np.arange(len(names))):
            return codes, list(merged)  # nothing merged or dropped: skip a pass over the rows
        return remap[codes], list(merged)

    merged: dict[str, tuple[str, ...]] = {}  # noqa: RUF012  (replaced per column, never mutated)

    def _fold(self, codes: np.ndarray, values: list, names: list[str]) -> list[str]:
        """Rename each class spelling to the most frequent spelling of its case-fold."""
        keys = {}
        for name in names:
            if name not in NA_TOKENS:
                keys.setdefault(name.casefold(), set()).add(name)
        if all(len(spellings) == 1 for spellings in keys.values()) and not any(
            isinstance(v, str) and v != n for v, n in zip(values, names, strict=True)
        ):
            return names  # the usual case: nothing to merge, not even whitespace
        if len(keys) < 2:
            return names  # merging would leave one class: the spellings are two classes
        counts = np.bincount(codes[codes >= 0], minlength=len(names))
        spelling_count: dict[str, int] = {}
        for name, count in zip(names, counts.tolist(), strict=True):
            spelling_count[name] = spelling_count.get(name, 0) + count
        chosen = {
            key: max(sorted(spellings), key=lambda n: spelling_count[n])
            for key, spellings in keys.items()
        }
        raw: dict[str, dict[str, int]] = {}
        for value, name, count in zip(values, names, counts.tolist(), strict=True):
            if name in NA_TOKENS or not isinstance(value, str):
                continue
            target = chosen[name.casefold()]
            raw.setdefault(target, {})
            raw[target][value] = raw[target].get(value, 0) + count
        self.merged = {
            target: tuple(sorted(spellings, key=lambda v: -spellings[v]))
            for target, spellings in raw.items()
            if len(spellings) > 1
        }
        return [name if name in NA_TOKENS else chosen[name.casefold()] for name in names]


@dataclass
class _Table:
    name: str
    encoding: str
    dialect: Dialect
    columns: dict[str, _Column]
    n_rows: int
    bad_lines: int
    kind: FileKind = FileKind()


_NON_BLANK = re.compile(rb"\S")


def _is_blank(source: Source) -> bool:
    start = 3 if source.head.startswith(b"\xef\xbb\xbf") else 0
    if _NON_BLANK.search(source.head, start):
        return False
    return source.size == len(source.head) or not _NON_BLANK.search(source.read_all(), start)


def _read_table(source: Any, sheet: Any = None) -> _Table:
    src = read_source(source)
    src, kind = unpack(src, sheet, MAX_ROWS)
    if _is_blank(src):
        raise DatasetError("the file is empty: there is nothing to read")
    src, encoding = decode(src)
    if _is_blank(src):
        raise DatasetError("the file is empty: there is nothing to read")
    dialect = sniff(src, "utf-8" if encoding == "utf-16" else encoding)
    try:
        frame, bad_lines = _parse_table(src, encoding, dialect)
    except UnicodeDecodeError:
        # The head was UTF-8 but the file is not: a single-byte encoding, read again.
        data = src.read_all()
        data = data[3:] if data.startswith(b"\xef\xbb\xbf") else data
        encoding = single_byte_encoding(data)
        src = Source(src.name, None, data, data[:SAMPLE_BYTES], len(data))
        dialect = sniff(src, encoding)
        try:
            frame, bad_lines = _parse_table(src, encoding, dialect)
        except UnicodeDecodeError as exc:  # cannot happen for single-byte codecs
            raise DatasetError(f"cannot decode the file: {exc}") from None
    if len(frame) == 0:
        if dialect.header:
            raise DatasetError("the file has a header but no data rows: add rows of values")
        raise DatasetError("the file has no data rows")
    comma_ok = dialect.delimiter != ","
    # Columns by position: looking names up would build a hash index per frame.
    columns = {
        col: _Column(col, frame.iloc[:, j], unnamed, comma_ok, dialect.comma_decimals)
        for j, (col, unnamed) in enumerate(zip(dialect.names, dialect.unnamed, strict=True))
    }
    if bad_lines:
        dialect.notes.append(f"skipped {bad_lines} line(s) with too many fields")
    return _Table(src.name, encoding, dialect, columns, len(frame), bad_lines, kind)


# -- proposing columns and building the dataset ------------------------------------------


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
            parts.append(f"{self.dropped_rows:,} rows dropped ({reasons})")
        return "; ".join(parts + list(self.notes))


def _default_positive(names: Sequence[str]) -> str:
    """+1 is 1 / yes / true / +1 / positive if present, else the second in sorted order."""
    for name in names:
        if name.strip().casefold() in _POSITIVE_WORDS:
            return name
    ordered = sorted(names, key=_class_sort_key)
    return ordered[1] if len(ordered) > 1 else ordered[0]


def _looks_like_id(column: _Column) -> bool:
    """An id or row number: named like one (id, Nr., No., #, index, row, student_id...), or
    whole numbers counting 1, 2, 3, ... (or from 0) in file order, whatever the name. As a
    feature it teaches the perceptron the file's order (sorted by class, it separates
    anything), so it is never proposed."""
    if _is_id_name(column.name):
        return True
    return column.series.dtype.kind in "iuf" and _counts_rows(column.series.to_numpy())


def _counts_rows(values: np.ndarray) -> bool:
    """Whole numbers 1, 2, 3, ... (or from 0) in order, ten or more: a row number."""
    n = len(values)
    if n < 10 or values[0] not in (0, 1) or values[-1] != values[0] + n - 1:
        return False
    return bool(np.array_equal(values, np.arange(values[0], values[0] + n)))


def _label_candidates(table: _Table) -> dict[str, tuple[str, ...]]:
    found = {}
    for name, column in table.columns.items():
        if column.sample_distinct() > MAX_CLASSES:
            continue  # decided on a sample, so float feature columns are never hashed
        names = column.classes[1]
        if 2 <= len(names) <= MAX_CLASSES:
            found[name] = tuple(sorted(names, key=_class_sort_key))
    return found


def _choose_label(
    candidates: Mapping[str, Sequence[str]], columns: Sequence[str], text: set[str]
) -> str | None:
    """Prefer a label-like name, then the rightmost two-valued column, then text columns."""
    for wanted in _label_names(columns):
        for name in candidates:
            if name.strip().casefold() == wanted:
                return name
    two = [n for n in candidates if len(candidates[n]) == 2]
    texts = [n for n in candidates if n in text]
    pool = two or texts or list(candidates)
    return max(pool, key=columns.index) if pool else None


def _match_class(value: Any, names: Sequence[str], column: str) -> str:
    text = str(bool(value)) if isinstance(value, bool | np.bool_) else str(value).strip()
    if text in names:
        return text
    if NUMBER.fullmatch(text):
        for name in names:
            if NUMBER.fullmatch(name) and float(name) == float(text):
                return name
    folded = [n for n in names if n.casefold() == text.casefold()]
    if len(folded) == 1:
        return folded[0]
    listed = ", ".join(repr(n) for n in names)
    raise DatasetError(f"{value!r} is not a value of column {column!r}; its values are {listed}")


def _resolve_column(table: _Table, wanted: Any, role: str) -> str:
    names = list(table.columns)
    if isinstance(wanted, int | np.integer) and not isinstance(wanted, bool):
        if 0 <= wanted < len(names):
            return names[wanted]
        raise DatasetError(f"there is no column {wanted} (0-based): the file has {len(names)}")
    if isinstance(wanted, str):
        if wanted in table.columns:
            return wanted
        folded = [n for n in names if n.casefold() == wanted.strip().casefold()]
        if len(folded) == 1:
            return folded[0]
    listed = ", ".join(repr(n) for n in names)
    raise DatasetError(f"there is no {role} column {wanted!r}; the columns are {listed}")


@dataclass
class _Choice:
    features: tuple[str, ...]
    label: str
    positive: str
    negative: str  # a class name, or "rest"
    candidates: dict[str, tuple[str, ...]]
    notes: list[str]


def _choose(
    table: _Table, features: Any = None, label: Any = None, positive: Any = None, negative=None
) -> _Choice:
    """Resolve the caller's choices, filling the rest from the file's hint or the proposal."""
    columns = list(table.columns)
    hint = table.dialect.hint
    notes: list[str] = []
    if features is None and "feature" in hint:
        if all(f in table.columns for f in hint["feature"]):
            features = tuple(hint["feature"])
    if label is None and hint.get("label", [""])[0] in table.columns:
        label = hint["label"][0]

    chosen: tuple[str, ...] | None = None
    if features is not None:
        if isinstance(features, str | bytes | int):
            raise DatasetError(
                f"features must be a list of column names such as ('x1', 'x2'), got {features!r}"
            )
        try:
            wanted = tuple(features)
        except TypeError:
            message = f"features must be a list of column names, got {features!r}"
            raise DatasetError(message) from None
        chosen = tuple(_resolve_column(table, f, "feature") for f in wanted)
        if not chosen:
            raise DatasetError("choose at least one feature column")
        if len(set(chosen)) != len(chosen):
            raise DatasetError(f"the feature columns must differ, got {chosen}")
        for name in chosen:
            column = table.columns[name]
            if not column.is_numeric:
                raise DatasetError(column.dots_message() or _not_numeric_message(table, name))
            if _looks_like_id(column):
                notes.append(
                    f"column {name!r} looks like a row number or an id: as a feature it "
                    "teaches the perceptron the order of the file's rows, not the data"
                )

    text_columns = {n for n, c in table.columns.items() if not c.is_number_dtype}
    candidates = _label_candidates(table)
    if label is not None:
        label_name = _resolve_column(table, label, "label")
        if label_name not in candidates:
            count = len(table.columns[label_name].classes[1])
            if count < 2:
                raise DatasetError(_one_class_message(table, label_name))
            raise DatasetError(
                f"column {label_name!r} has {count:,} distinct values; a label column has "
                f"2 to {MAX_CLASSES} (one per class). Choose another column."
            )
        if chosen is not None and label_name in chosen:
            raise DatasetError(f"column {label_name!r} cannot be both a feature and the label")
    else:
        for name in columns:
            named = name.strip().casefold() in _label_names(columns) and name not in (chosen or ())
            if named and len(table.columns[name].classes[1]) < 2:
                raise DatasetError(_one_class_message(table, name))
        pool = {k: v for k, v in candidates.items() if not chosen or k not in chosen}
        label_name = _choose_label(pool, columns, text_columns)
        if label_name is None:
            raise DatasetError(
                "no column can be the class label: a label column has 2 to "
                f"{MAX_CLASSES} distinct values (0/1, yes/no, species names...); the "
                f"columns are {', '.join(repr(c) for c in columns)}"
            )

    if chosen is None:
        numeric = [n for n in columns if n != label_name and table.columns[n].is_numeric]
        ids = [n for n in numeric if _looks_like_id(table.columns[n])]
        usable = [n for n in numeric if n not in ids]
        unread = [c.dots_message() for c in table.columns.values() if c.dots_message()]
        if len(usable) < 2:
            if unread:
                raise DatasetError(unread[0])
            found = ", ".join(repr(n) for n in usable) or "none"
            besides = f" and the row number {ids[0]!r}" if ids else ""
            raise DatasetError(
                f"found {len(usable)} numeric feature column(s) ({found}) besides the label "
                f"{label_name!r}{besides}; a dataset needs two. Check that the file uses "
                "one delimiter and one decimal mark, or add a second numeric column."
            )
        chosen = tuple(usable[:2])
        notes.extend(f"not offered as a feature: {m}" for m in unread)
    notes.extend(table.columns[n].dots_note() for n in chosen if table.columns[n].dots_note())

    for name in candidates[label_name]:
        if len(name) > MAX_NAME_CHARS:
            raise DatasetError(
                f"a class name in column {label_name!r} is {len(name):,} characters long; "
                f"class names can have at most {MAX_NAME_CHARS:,}: shorten it"
            )
    for target, spellings in table.columns[label_name].merged.items():
        listed = ", ".join(repr(v) for v in spellings)
        notes.append(f"merged label spellings: {listed} -> {target!r}")
    classes = candidates[label_name]
    if positive is None and hint.get("positive", [""])[0] in classes:
        positive = hint["positive"][0]
    if positive is None:
        positive_name = _default_positive(classes)
    else:
        positive_name = _match_class(positive, classes, label_name)
    others = [c for c in classes if c != positive_name]
    if negative is None:
        negative_name = others[0]
        if len(others) > 1:
            notes.append(
                f"{label_name!r} has {len(classes)} classes; kept {negative_name!r} (-1) and "
                f"{positive_name!r} (+1): choose others, or one class against the rest"
            )
    elif isinstance(negative, str) and negative.strip().casefold() == "rest":
        negative_name = "rest" if len(others) > 1 else others[0]
    else:
        negative_name = _match_class(negative, classes, label_name)
        if negative_name == positive_name:
            raise DatasetError(f"the +1 and -1 classes must differ, both are {positive_name!r}")
    return _Choice(chosen, label_name, positive_name, negative_name, candidates, notes)


def _example(table: _Table, name: str, mask: np.ndarray) -> str:
    rows = np.flatnonzero(mask)
    if rows.size == 0:
        return ""
    row = int(rows[0])
    if not table.columns[name].present[row]:
        return f" (first in data row {row + 1})"
    value = table.columns[name].series.iloc[row]
    value = value.item() if isinstance(value, np.generic) else value
    return f" (e.g. {value!r} in data row {row + 1})"


def _not_numeric_message(table: _Table, name: str) -> str:
    column = table.columns[name]
    bad = column.present & np.isnan(column.values)
    numeric = ", ".join(repr(n) for n, c in table.columns.items() if c.is_numeric) or "none"
    return (
        f"column {name!r} is not numeric{_example(table, name, bad)}; choose numeric "
        f"columns as features: {numeric}"
    )


def _one_class_message(table: _Table, name: str) -> str:
    names = table.columns[name].classes[1]
    if not names:
        return f"column {name!r} has no values: a label column needs two classes"
    return (
        f"column {name!r} has only one class ({names[0]!r}): a perceptron needs examples "
        "of two classes"
    )


def _build(table: _Table, choice: _Choice) -> tuple[np.ndarray, np.ndarray, tuple, dict, int]:
    """Return X, y, class names, dropped-row counts by reason, and excluded rows."""
    label_codes, names = table.columns[choice.label].classes
    index = {name: i for i, name in enumerate(names)}
    pos = index[choice.positive]
    rest = choice.negative == "rest"
    negative_name = f"not {choice.positive}" if rest else choice.negative

    reasons: dict[str, int] = {}
    problems: list[str] = []
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
            problems.append(f"{reason} in column {column!r}{_example(table, column, mask)}")
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
        why = f" ({problems[0]})" if problems else ""
        raise DatasetError(
            f"none of the {table.n_rows:,} rows has valid numbers in "
            f"{', '.join(repr(f) for f in choice.features)} and a label{why}: check the "
            "delimiter, the decimal mark and the missing values"
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
        raise DatasetError(
            f"only one class ({left!r}) is left in column {choice.label!r} after dropping "
            f"{sum(reasons.values()):,} invalid row(s): a perceptron needs examples of two classes"
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
        feature_columns=_feature_columns(table, choice.features),
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


# -- writing ---------------------------------------------------------------------------------


def _hint_for(dataset: Dataset, label: str) -> dict[str, list[str]]:
    """What the loader would not find on its own in the CSV that to_csv writes."""
    features = dataset.feature_names
    negative, positive = dataset.class_names
    hint: dict[str, list[str]] = {}
    numeric_classes = all(NUMBER.fullmatch(c) for c in dataset.class_names)
    numeric_columns = list(features) + ([label] if numeric_classes else [])
    if not any(not is_number(c, False) and not is_na(c) for c in numeric_columns):
        hint["header"] = ["1"]
    # The label candidates the loader would see: few-valued features, and the label.
    candidates: dict[str, Sequence[str]] = {}
    for j, name in enumerate(features):
        distinct = np.unique(dataset.X[:, j]).size
        if 2 <= distinct <= MAX_CLASSES:
            candidates[name] = [str(k) for k in range(distinct)]
    candidates[label] = dataset.class_names
    text = set() if numeric_classes else {label}
    label_like = any(f.strip().casefold() in _label_names(features) for f in features)
    if label_like or _choose_label(candidates, [*features, label], text) != label:
        hint["label"] = [label]
    counting = [
        _counts_rows(dataset.X[:, j]) or _is_id_name(name) for j, name in enumerate(features)
    ]
    if dataset.d != 2 or any(counting):
        hint["feature"] = list(features)
    if _default_positive(dataset.class_names) != positive:
        hint["positive"] = [positive]
    return hint


def to_csv(dataset: Dataset) -> str:
    """Write ``dataset`` as CSV text that :func:`load_csv` reads back identically.

    One column per feature at shortest round-trip precision (``repr`` of each float, so
    values come back bit for bit), then a label column holding the class names. If the
    loader could not recover the same columns, header or +1 class on its own (say the +1
    class is "no"), a first line ``# perceptron-lab: ...`` records them.

    Parameters
    ----------
    dataset : Dataset
        With two classes present (the loader rejects one-class files).

    Returns
    -------
    str
    """
    features = dataset.feature_names
    label = dataset.params.get("label") if "file" in dataset.params else None
    if not isinstance(label, str) or label in features or not label.strip():
        label = next(
            name
            for name in ("label", "class", "target", *(f"label_{k}" for k in range(2, 99)))
            if name not in features
        )
    hint = _hint_for(dataset, label)
    lines = []
    if hint:
        pairs = [(key, value) for key, values in hint.items() for value in values]
        lines.append(f"{HINT} {urlencode(pairs, quote_via=quote)}")
    lines.append(",".join(csv_field(name) for name in (*features, label)))
    class_text = {-1: csv_field(dataset.class_names[0]), 1: csv_field(dataset.class_names[1])}
    columns = [map(repr, dataset.X[:, j].tolist()) for j in range(dataset.d)]
    labels = [class_text[v] for v in dataset.y.tolist()]
    lines.extend(",".join(row) for row in zip(*columns, labels, strict=True))
    return "\n".join(lines) + "\n"
