"""Files that are not plain CSV: gzip'd CSV and Excel .xlsx, recognised by their content.

Both are turned into CSV bytes in memory and then read like any CSV, so they share the
loader's names, limits and messages. Each is bounded before it is unpacked: a gzip stream
is decompressed to at most ``MAX_FILE_BYTES`` (a gzip bomb is a DatasetError, not memory
use), and a workbook is streamed row by row by openpyxl (``read_only=True``,
``data_only=True``) and stops at the loader's row limit.
"""

from __future__ import annotations

import csv
import datetime
import io
import warnings
import zipfile
import zlib
from dataclasses import dataclass
from typing import Any

from . import _sniff
from ._cells import neutralise_formula
from ._errors import DatasetError
from ._sniff import Source, _in_memory, _mb, _not_csv

GZIP_MAGIC = b"\x1f\x8b"
ZIP_MAGIC = b"PK\x03\x04"
XLSX_SHEET_BYTES = 2 * 1024**3
"""Most bytes the worksheets of a workbook may unpack to (they are streamed, not held)."""
XLSX_EXTRA_ROWS = 100
"""Rows read past ``MAX_ROWS`` for a header and lines above the table."""


@dataclass(frozen=True)
class FileKind:
    """What the bytes were before they became CSV text."""

    kind: str = "csv"  # "csv", "csv.gz" or "xlsx"
    sheets: tuple[str, ...] = ()
    sheet: str = ""


def unpack(source: Source, sheet: Any, max_rows: int) -> tuple[Source, FileKind]:
    """Return CSV content for ``source``: as it is, gunzipped, or a workbook sheet as CSV.

    Raises DatasetError for a damaged or too large archive, an unknown sheet, or ``sheet``
    given for a file that has no sheets.
    """
    head = source.head
    if head.startswith(GZIP_MAGIC):
        inner = _in_memory(_gunzip(source.read_all()), _strip_suffix(source.name, ".gz"))
        if inner.head.startswith((GZIP_MAGIC, ZIP_MAGIC)):
            raise _not_csv("a compressed archive inside a gzip file")
        kind = FileKind("csv.gz")
        source = inner
    elif head.startswith(ZIP_MAGIC):
        return _xlsx(source, sheet, max_rows)
    else:
        kind = FileKind()
    if sheet is not None:
        raise DatasetError(
            f"sheet={sheet!r} applies to Excel workbooks; {source.name!r} is a CSV file, "
            "which has one table: leave the sheet out"
        )
    return source, kind


def _strip_suffix(name: str, suffix: str) -> str:
    if name.lower().endswith(suffix) and len(name) > len(suffix):
        return name[: -len(suffix)]
    return name


def _gunzip(data: bytes) -> bytes:
    """Decompress every gzip member, stopping with DatasetError past MAX_FILE_BYTES."""
    limit = _sniff.MAX_FILE_BYTES
    out = bytearray()
    rest = data
    try:
        while rest:
            stream = zlib.decompressobj(16 + zlib.MAX_WBITS)
            pending = rest
            while pending and not stream.eof:
                # max_length bounds the output of each call: never more than limit + 1.
                out += stream.decompress(pending, limit + 1 - len(out))
                if len(out) > limit:
                    raise DatasetError(
                        f"the gzip file unpacks to more than {_mb(limit)}, the limit for a "
                        "file: keep the columns you need or sample the rows, then compress "
                        "it again"
                    )
                pending = stream.unconsumed_tail
            if not stream.eof:
                raise DatasetError(
                    "the gzip file is cut short (an unfinished download?): download or "
                    "compress it again"
                )
            rest = stream.unused_data
            if not rest.strip(b"\x00"):
                break  # zero padding after the last member
            if not rest.startswith(GZIP_MAGIC):
                break  # trailing garbage, as gzip itself ignores it
    except zlib.error:
        raise DatasetError(
            "the gzip file is damaged and cannot be decompressed: compress the CSV again"
        ) from None
    return bytes(out)


# -- Excel -------------------------------------------------------------------------------


def _zip_kind(names: set[str], book: zipfile.ZipFile) -> str | None:
    """What a ZIP file that is not an .xlsx workbook is, for the message."""
    if "mimetype" in names:
        try:
            mimetype = book.read("mimetype")[:100].decode("ascii", "replace")
        except (OSError, zipfile.BadZipFile, RuntimeError, ValueError, NotImplementedError):
            mimetype = ""
        if "spreadsheet" in mimetype:
            return "an OpenDocument spreadsheet (.ods)"
        if "opendocument" in mimetype:
            return "an OpenDocument document"
    if "xl/workbook.bin" in names:
        return "an Excel binary workbook (.xlsb)"
    if any(n.startswith("word/") for n in names):
        return "a Word document"
    if any(n.startswith("ppt/") for n in names):
        return "a PowerPoint presentation"
    return None


def _xlsx(source: Source, sheet: Any, max_rows: int) -> tuple[Source, FileKind]:
    data = source.read_all()
    try:
        book = zipfile.ZipFile(io.BytesIO(data))
        infos = book.infolist()
    except (zipfile.BadZipFile, OSError, ValueError, NotImplementedError, EOFError):
        raise DatasetError(
            "this looks like a ZIP archive or an Excel workbook, but it is damaged: open it "
            "and save it again (as .xlsx or CSV)"
        ) from None
    names = {info.filename for info in infos}
    if "xl/workbook.xml" not in names:
        what = _zip_kind(names, book)
        if what is None:
            raise DatasetError("this looks like a ZIP archive: extract the CSV file from it first")
        if "Excel" in what or "spreadsheet" in what:
            raise DatasetError(f"this looks like {what}: open it and save it as .xlsx or CSV")
        raise DatasetError(f"this looks like {what}, not a table: save the data as CSV or .xlsx")
    # zipfile stops every member at its declared size, so these sums bound what is unpacked.
    sheets_size = sum(i.file_size for i in infos if i.filename.startswith("xl/worksheets/"))
    other_size = sum(i.file_size for i in infos) - sheets_size
    if other_size > _sniff.MAX_FILE_BYTES or sheets_size > XLSX_SHEET_BYTES:
        raise DatasetError(
            "the workbook unpacks to more than Perceptron Lab reads: save the sheet you "
            "need as CSV, keeping the columns you need or a sample of the rows"
        )
    try:
        import openpyxl
    except ImportError:  # pragma: no cover - openpyxl is in requirements.txt
        raise DatasetError(
            "reading .xlsx needs the openpyxl package (pip install openpyxl); or save the "
            "sheet as CSV"
        ) from None
    damaged = (
        "this Excel workbook (.xlsx) cannot be read; it may be damaged or password-"
        "protected: open it in Excel and save it again, or save the sheet as CSV"
    )
    # openpyxl parses untrusted XML with many possible failures; any of them means the
    # same thing to a person: the workbook cannot be read.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # e.g. "Workbook contains no default style"
        try:
            workbook = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
        except Exception:  # noqa: BLE001
            raise DatasetError(damaged) from None
        try:
            sheets = tuple(str(s) for s in workbook.sheetnames)
            name = _pick_sheet(sheets, sheet)
            worksheet = workbook[name]
            if not hasattr(worksheet, "iter_rows"):
                raise DatasetError(
                    f"sheet {name!r} is a chart, not a table: choose another sheet "
                    f"({', '.join(repr(s) for s in sheets)})"
                )
            text = _sheet_csv(worksheet, max_rows)
        except DatasetError:
            raise
        except Exception:  # noqa: BLE001
            raise DatasetError(damaged) from None
        finally:
            workbook.close()
    if not text.strip():
        raise DatasetError(f"sheet {name!r} of the workbook is empty: there is nothing to read")
    label = f"{source.name} [{name}]" if len(sheets) > 1 else source.name
    return _in_memory(text.encode("utf-8"), label), FileKind("xlsx", sheets, name)


def _pick_sheet(sheets: tuple[str, ...], wanted: Any) -> str:
    if not sheets:
        raise DatasetError("the workbook has no sheets: there is nothing to read")
    if wanted is None:
        return sheets[0]
    if isinstance(wanted, int) and not isinstance(wanted, bool):
        if 0 <= wanted < len(sheets):
            return sheets[wanted]
    elif isinstance(wanted, str):
        if wanted in sheets:
            return wanted
        folded = [s for s in sheets if s.strip().casefold() == wanted.strip().casefold()]
        if len(folded) == 1:
            return folded[0]
    listed = ", ".join(repr(s) for s in sheets)
    raise DatasetError(f"the workbook has no sheet {wanted!r}; its sheets are {listed}")


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, datetime.date | datetime.time | datetime.timedelta):
        return str(value) if isinstance(value, datetime.timedelta) else value.isoformat()
    # Text is written neutralised, as the loader reads every text cell: so a name such
    # as "'=x" in a sheet comes back exactly, like one in a CSV file.
    return neutralise_formula(str(value))


def _sheet_csv(worksheet: Any, max_rows: int) -> str:
    """The sheet's rows as CSV text, empty rows left out, at most max_rows + a few."""
    from . import _csv

    max_columns = _sniff.MAX_COLUMNS + 1  # one more, so the loader can say there are too many
    worksheet.reset_dimensions()  # a wrong stored size must neither cut nor pad the rows
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    written = 0
    for row in worksheet.iter_rows(max_col=max_columns, values_only=True):
        cells = [_cell(v) for v in row[:max_columns]]
        while cells and not cells[-1]:
            cells.pop()
        if not cells:
            continue
        if written == max_rows + XLSX_EXTRA_ROWS:
            raise _csv.too_many_rows()
        writer.writerow(cells)
        written += 1
    return buffer.getvalue()
