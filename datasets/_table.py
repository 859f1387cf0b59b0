"""Reading the table: the file's bytes, its dialect, one pandas pass, its columns.

The dialect comes from :mod:`datasets._sniff`; the bulk parse is one call to pandas' C
engine with every option fixed, so a million rows cost about what a plain
``pandas.read_csv`` does. No pandas exception escapes: what cannot be parsed is a
DatasetError saying what is wrong.
"""

from __future__ import annotations

import csv
import io
import re
import warnings
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from . import _limits
from ._column import _Column
from ._errors import DatasetError, Note, too_many_rows
from ._fields import check_fields
from ._formats import FileKind, unpack
from ._sniff import Dialect, sniff
from ._source import SAMPLE_BYTES, Source, decode, read_source, single_byte_encoding


def _parser_error(exc: Exception) -> DatasetError:
    message = f"cannot parse the file as CSV: {_clean_parser_message(exc)}"
    match = _UNCLOSED.search(str(exc).split("\n")[0])
    if match:  # said in other languages by its code; pandas' own wording has none
        return DatasetError(message, code="load.unclosed_quote", fields={"line": match.group(1)})
    return DatasetError(message)


_UNCLOSED = re.compile(r"EOF inside string starting at row (\d+)")


def _clean_parser_message(exc: Exception) -> str:
    text = str(exc).split("\n")[0]
    text = text.replace("Error tokenizing data. C error: ", "")
    match = _UNCLOSED.search(text)
    if match:
        return (
            f"a quoted field starting near line {match.group(1)} is never closed: look for a "
            'stray " character'
        )
    return text[:200]


def _parse_table(source: Source, encoding: str, dialect: Dialect) -> tuple[pd.DataFrame, int]:
    """One pandas C-engine pass with every option fixed; returns (frame, bad_line_count).

    Every line's fields are counted first (``check_fields``): the parser builds all the
    fields of a line before it can refuse it.
    """
    skip = dialect.skip_lines + (1 if dialect.header else 0)
    columns = len(dialect.names)
    check_fields(source, dialect.delimiter, columns, skip, dialect.spaced)
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
    if dialect.estimated_rows > 2 * _limits.MAX_ROWS:
        # Clearly too long: stop early rather than fill memory. (nrows slows the parser
        # by ~30%, so files near the limit are read whole and counted afterwards.)
        options["nrows"] = _limits.MAX_ROWS + 1
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
        said = "a row had more fields than the header; the extra ones are ignored"
        dialect.notes.append(Note(said, "load.note.extra_fields"))
    if len(frame) > _limits.MAX_ROWS:
        raise too_many_rows()
    return frame, bad_lines


def _read_csv(source: Source, options: dict[str, Any]) -> tuple[pd.DataFrame, list[str]]:
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
            raise DatasetError(
                "the file is too large to read into memory", code="load.no_memory"
            ) from None
    return frame, [str(w.message) for w in caught]


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
    src, kind = unpack(src, sheet, _limits.MAX_ROWS)
    if _is_blank(src):
        raise DatasetError("the file is empty: there is nothing to read", code="load.empty")
    src, encoding = decode(src)
    if _is_blank(src):
        raise DatasetError("the file is empty: there is nothing to read", code="load.empty")
    dialect = sniff(src, "utf-8" if encoding == "utf-16" else encoding)
    try:
        frame, bad_lines = _parse_table(src, encoding, dialect)
    except UnicodeDecodeError:
        # The head was UTF-8 but the file is not: a single-byte encoding, read again.
        data = src.read_all()
        data = data[3:] if data.startswith(b"\xef\xbb\xbf") else data
        encoding = single_byte_encoding(data)
        src = Source(src.name, None, data, bytes(data[:SAMPLE_BYTES]), len(data))
        dialect = sniff(src, encoding)
        try:
            frame, bad_lines = _parse_table(src, encoding, dialect)
        except UnicodeDecodeError as exc:  # cannot happen for single-byte codecs
            raise DatasetError(f"cannot decode the file: {exc}") from None
    if len(frame) == 0:
        if dialect.header:
            raise DatasetError(
                "the file has a header but no data rows: add rows of values",
                code="load.header_only",
            )
        raise DatasetError("the file has no data rows", code="load.no_rows")
    comma_ok = dialect.delimiter != ","
    # Columns by position: looking names up would build a hash index per frame.
    columns = {
        col: _Column(col, frame.iloc[:, j], unnamed, comma_ok, dialect.comma_decimals)
        for j, (col, unnamed) in enumerate(zip(dialect.names, dialect.unnamed, strict=True))
    }
    if bad_lines:
        said = f"skipped {bad_lines} line{'s' if bad_lines != 1 else ''} with too many fields"
        dialect.notes.append(Note(said, "load.note.long_lines", {"n": bad_lines}))
    return _Table(src.name, encoding, dialect, columns, len(frame), bad_lines, kind)


def _example(table: _Table, name: str, mask: np.ndarray) -> str:
    kind, fields = _example_fields(table, name, mask)
    return EXAMPLES[kind].format(**fields)


# The example a message gives of a bad row, by its kind (the kind ends the message's code).
EXAMPLES = {
    "": "",
    "first": " (first in data row {row})",
    "eg": " (e.g. {value!r} in data row {row})",
}


def _example_fields(table: _Table, name: str, mask: np.ndarray) -> tuple[str, dict[str, Any]]:
    """The kind of example of the first row in ``mask`` (a key of ``EXAMPLES``) and its
    fields."""
    rows = np.flatnonzero(mask)
    if rows.size == 0:
        return "", {}
    row = int(rows[0])
    if not table.columns[name].present[row]:
        return "first", {"row": row + 1}
    value = table.columns[name].series.iloc[row]
    value = value.item() if isinstance(value, np.generic) else value
    return "eg", {"value": value, "row": row + 1}
