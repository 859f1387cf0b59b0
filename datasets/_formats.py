"""Files that are not plain CSV: gzip'd CSV and Excel .xlsx, recognised by their content.

Both are turned into CSV bytes in memory and then read like any CSV, so they share the
loader's names, limits and messages. Each is bounded before it is unpacked: a gzip stream
is decompressed to at most ``MAX_FILE_BYTES`` (a gzip bomb is a DatasetError, not memory
use). A workbook's declared sizes are checked first; then the sheet's XML is streamed
once and its rows, values and formulas counted (a sheet past the limits is refused as
soon as the count passes them); only then is the sheet read, by python-calamine (16-30x
faster than openpyxl), in a process of its own with memory and CPU limits.
"""

from __future__ import annotations

import io
import os
import posixpath
import re
import signal
import subprocess
import sys
import tempfile
import time
import zipfile
import zlib
from dataclasses import dataclass
from typing import Any
from xml.etree import ElementTree

from . import _limits, cancel
from ._errors import DatasetError, too_many_rows
from ._source import Source, _in_memory, _mb, _not_csv, read_source

GZIP_MAGIC = b"\x1f\x8b"
ZIP_MAGIC = b"PK\x03\x04"
WORKBOOK_CELLS = 1_000_000
"""Most cells with a value read from one sheet: the reader holds the sheet's used area in
memory (about 80 bytes a cell) and takes about a second a million cells, so this keeps
it well under ``WORKBOOK_MEMORY_BYTES`` and ``WORKBOOK_CPU_SECONDS``."""
WORKBOOK_SHEET_BYTES = 200 * 1024 * 1024
"""Most bytes the sheet's XML may unpack to (a million numbers take about 40 MB)."""
WORKBOOK_INDEX_BYTES = 10 * 1024 * 1024
"""Most bytes of the workbook's table of contents (workbook.xml and its relations)."""
WORKBOOK_MEMORY_BYTES = 200 * 1024 * 1024
"""Address space of the process that reads a sheet."""
WORKBOOK_CPU_SECONDS = 5
"""CPU time of the process that reads a sheet."""
WORKBOOK_WALL_SECONDS = 30
"""Wall-clock time after which that process is killed (a busy machine)."""
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
            "which has one table: leave the sheet out",
            code="load.sheet_of_csv",
            fields={"sheet": sheet, "name": source.name},
        )
    return source, kind


def _strip_suffix(name: str, suffix: str) -> str:
    if name.lower().endswith(suffix) and len(name) > len(suffix):
        return name[: -len(suffix)]
    return name


def _gunzip(data: bytes | bytearray) -> bytearray:
    """Decompress every gzip member, stopping with DatasetError past MAX_FILE_BYTES.

    Twice: first only counting (a gzip bomb is refused holding nothing), then into a
    buffer of the size counted.
    """
    size = _gunzip_into(data, None)
    out = bytearray(size)
    _gunzip_into(data, memoryview(out))
    return out  # not bytes(out): a copy would double the memory


def _gunzip_into(data: bytes | bytearray, out: memoryview | None) -> int:
    """Decompress every gzip member into ``out`` (None: only count); the size unpacked."""
    limit = _limits.MAX_FILE_BYTES
    size = 0
    rest = data
    try:
        while rest:
            stream = zlib.decompressobj(16 + zlib.MAX_WBITS)
            pending = rest
            while not stream.eof:
                cancel.check()
                # max_length bounds the output of each call: never more than 1 MB.
                piece = stream.decompress(pending, 1 << 20)
                if not piece and not pending:
                    break
                if size + len(piece) > limit:
                    raise DatasetError(
                        f"the gzip file unpacks to more than {_mb(limit)}, the limit for a "
                        "file: keep the columns you need or sample the rows, then compress "
                        "it again",
                        code="load.gzip_too_big",
                        fields={"limit": _mb(limit)},
                    )
                if out is not None:
                    out[size : size + len(piece)] = piece
                size += len(piece)
                pending = stream.unconsumed_tail
            if not stream.eof:
                raise DatasetError(
                    "the gzip file is cut short (an unfinished download?): download or "
                    "compress it again",
                    code="load.gzip_cut",
                )
            rest = stream.unused_data
            if not rest.strip(b"\x00"):
                break  # zero padding after the last member
            if not rest.startswith(GZIP_MAGIC):
                break  # trailing garbage, as gzip itself ignores it
    except zlib.error:
        raise DatasetError(
            "the gzip file is damaged and cannot be decompressed: compress the CSV again",
            code="load.gzip_damaged",
        ) from None
    return size


# -- Excel -------------------------------------------------------------------------------


# Each kind of ZIP file that is not a workbook by its name in the messages, for the code.
_ZIP_KINDS = {
    "an OpenDocument spreadsheet (.ods)": "ods",
    "an OpenDocument document": "odf",
    "an Excel binary workbook (.xlsb)": "xlsb",
    "a Word document": "docx",
    "a PowerPoint presentation": "pptx",
}


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


def sheet_names(source: Any) -> tuple[str, ...]:
    """The sheet names of an .xlsx workbook, in order; () for any other file.

    Cheap (the workbook's table of contents only), so a page can offer the sheets even
    when the first one cannot be read.
    """
    try:
        src = read_source(source)
        if not src.head.startswith(ZIP_MAGIC):
            return ()
        with zipfile.ZipFile(io.BytesIO(src.read_all())) as book:
            return tuple(name for name, _ in _sheet_parts(book))
    except (DatasetError, zipfile.BadZipFile, OSError, ValueError, NotImplementedError):
        return ()


XML_DEPTH = 64
"""Deepest nesting of elements read in a workbook's table of contents (Excel writes 4)."""
XML_ELEMENTS = 100_000
"""Most elements read in a workbook's table of contents (one or two a sheet)."""


def _xml_root(book: zipfile.ZipFile, part: str) -> ElementTree.Element:
    """A small XML part of the workbook (its table of contents), size checked first, then
    parsed as it streams with its depth and elements counted: deep nesting or millions of
    elements would build a tree of hundreds of megabytes."""
    info = book.getinfo(part)
    if info.file_size > WORKBOOK_INDEX_BYTES:
        raise DatasetError(_DAMAGED, code="load.damaged")
    parser: ElementTree.XMLPullParser[ElementTree.Element] = ElementTree.XMLPullParser(
        events=("start", "end")
    )
    depth = elements = 0
    root = None
    with book.open(info) as stream:
        while chunk := stream.read(1 << 16):
            parser.feed(chunk)
            for item in parser.read_events():
                event, element = item[0], item[-1]
                if not isinstance(element, ElementTree.Element):
                    continue  # a namespace event: never asked for here (events above)
                root = element if root is None else root
                if event == "end":
                    depth -= 1
                    continue
                depth += 1
                elements += 1
                if depth > XML_DEPTH or elements > XML_ELEMENTS:
                    raise DatasetError(
                        "this Excel workbook's table of contents is nested too deep or lists "
                        "too many parts to be a workbook: open it in Excel and save it "
                        "again, or save the sheet as CSV",
                        code="load.workbook_nesting",
                    )
    parser.close()  # ParseError when the XML is not whole
    if root is None:
        raise ElementTree.ParseError("no element")
    return root


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _sheet_parts(book: zipfile.ZipFile) -> list[tuple[str, str | None]]:
    """(sheet name, the zip member holding its cells, or None for a chart sheet)."""
    try:
        workbook = _xml_root(book, "xl/workbook.xml")
        if _local(workbook.tag) != "workbook":
            raise DatasetError(_DAMAGED, code="load.damaged")
        targets = {}
        if "xl/_rels/workbook.xml.rels" in book.NameToInfo:
            for rel in _xml_root(book, "xl/_rels/workbook.xml.rels"):
                kind = rel.get("Type", "").rsplit("/", 1)[-1]
                target = rel.get("Target", "")
                part = target.lstrip("/") if target.startswith("/") else "xl/" + target
                targets[rel.get("Id")] = posixpath.normpath(part) if kind == "worksheet" else None
    except DatasetError:
        raise
    except (KeyError, ElementTree.ParseError, zipfile.BadZipFile, OSError, ValueError):
        raise DatasetError(_DAMAGED, code="load.damaged") from None
    parts = []
    for element in workbook.iter():
        if _local(element.tag) == "sheet" and element.get("name") is not None:
            rid = next((v for k, v in element.attrib.items() if _local(k) == "id"), None)
            parts.append((str(element.get("name")), targets.get(rid)))
    return parts


@dataclass
class _Scan:
    """What the sheet's XML holds, counted while it streams (never parsed into cells)."""

    rows: int = 0
    values: int = 0
    formulas_without_value: int = 0
    first_formula_cell: str = ""


def _scan_sheet(book: zipfile.ZipFile, info: zipfile.ZipInfo, name: str, max_rows: int) -> _Scan:
    """Count rows, values and formulas without a saved value; stop past the limits.

    Byte counts at C speed over the unpacked XML, 1 MB at a time (zipfile stops every
    member at its declared size, checked before): a sheet too large to read is refused
    after reading as far as the limit, in well under a second.
    """
    scan = _Scan()
    pending = b""
    patterns = None
    with book.open(info) as stream:
        while True:
            cancel.check()
            chunk = stream.read(1 << 20)
            data = pending + chunk
            if patterns is None:
                patterns = _patterns(data)
            # Keep the last two tags for the next round (a pattern spans at most two),
            # but never more than 64 KB: a count may miss one, never count one twice.
            cut = len(data)
            if chunk:
                cut = max(data.rfind(b"<", 0, data.rfind(b"<")), len(data) - 65536, 0)
            part, pending = data[:cut], data[cut:]
            rows, values, formula, cell = patterns
            scan.rows += sum(part.count(token) for token in rows)
            scan.values += sum(part.count(token) for token in values)
            for match in formula.finditer(part):
                if not scan.formulas_without_value:
                    scan.first_formula_cell = _cell_ref(part, match.start(), cell)
                scan.formulas_without_value += 1
            if scan.values > WORKBOOK_CELLS:
                raise DatasetError(
                    f"sheet {name!r} holds more than {WORKBOOK_CELLS:,} cells with values, "
                    "the most Perceptron Lab reads from a workbook (about "
                    f"{WORKBOOK_CELLS // 3:,} rows of 3 columns): save the sheet as CSV, "
                    f"which may have up to {_limits.MAX_ROWS:,} rows, or keep a sample of the rows",
                    code="load.sheet_cells",
                    fields={
                        "sheet": name,
                        "most": WORKBOOK_CELLS,
                        "rows": WORKBOOK_CELLS // 3,
                        "max": _limits.MAX_ROWS,
                    },
                )
            if scan.rows > max_rows + XLSX_EXTRA_ROWS:
                raise too_many_rows()
            if not chunk:
                return scan


def _patterns(
    head: bytes,
) -> tuple[tuple[bytes, ...], tuple[bytes, ...], re.Pattern[bytes], bytes]:
    """Byte tokens for rows and values, the formula pattern and a cell's start tag, in the
    sheet's prefix
    (``<row>``, or ``<x:row>`` where the main namespace has one)."""
    found = re.search(rb"<(?:([A-Za-z_][\w.-]*):)?worksheet[\s>]", head)
    p = found.group(1) + b":" if found and found.group(1) else b""
    rows = (b"<" + p + b"row ", b"<" + p + b"row>", b"<" + p + b"row/")
    values = (b"<" + p + b"v>", b"<" + p + b"v ", b"<" + p + b"is>")
    # A formula element followed by the end of its cell, with no value or an empty one.
    formula = re.compile(
        rb"<%(p)sf(?:\s[^>]*)?(?:/>|>[^<]*</%(p)sf>)\s*(?:<%(p)sv\s*/>|<%(p)sv>\s*</%(p)sv>)?"
        rb"\s*</%(p)sc>" % {b"p": re.escape(p)}
    )
    return rows, values, formula, b"<" + p + b"c "


def _cell_ref(part: bytes, end: int, cell: bytes) -> str:
    """The r="C2" of the cell (tag ``cell``) that a formula at ``end`` belongs to."""
    start = part.rfind(cell, 0, end)
    found = re.search(rb'\sr="([A-Za-z]{1,3}\d{1,7})"', part[max(start, 0) : end])
    return found.group(1).decode("ascii") if found else ""


_DAMAGED = (
    "this Excel workbook (.xlsx) cannot be read; it may be damaged or password-"
    "protected: open it in Excel and save it again, or save the sheet as CSV"
)


def _xlsx(source: Source, sheet: Any, max_rows: int) -> tuple[Source, FileKind]:
    data = source.read_all()
    try:
        book = zipfile.ZipFile(io.BytesIO(data))
        infos = book.infolist()
    except (zipfile.BadZipFile, OSError, ValueError, NotImplementedError, EOFError):
        raise DatasetError(
            "this looks like a ZIP archive or an Excel workbook, but it is damaged: open it "
            "and save it again (as .xlsx or CSV)",
            code="load.damaged_zip",
        ) from None
    names = {info.filename for info in infos}
    if "xl/workbook.xml" not in names:
        what = _zip_kind(names, book)
        if what is None:
            raise DatasetError(
                "this looks like a ZIP archive: extract the CSV file from it first",
                code="load.zip",
            )
        code = f"load.zip_kind.{_ZIP_KINDS[what]}"
        if "Excel" in what or "spreadsheet" in what:
            raise DatasetError(
                f"this looks like {what}: open it and save it as .xlsx or CSV", code=code
            )
        raise DatasetError(
            f"this looks like {what}, not a table: save the data as CSV or .xlsx", code=code
        )
    _check_loaded_size(infos)
    with book:
        parts = _sheet_parts(book)
        sheets = tuple(title for title, _ in parts)
        name = _pick_sheet(sheets, sheet)
        part = dict(parts)[name]
        if part is None:
            listed = ", ".join(repr(s) for s in sheets)
            raise DatasetError(
                f"sheet {name!r} is a chart, not a table: choose another sheet ({listed})",
                code="load.chart_sheet",
                fields={"sheet": name, "sheets": listed},
            )
        if part not in names:
            raise DatasetError(_DAMAGED, code="load.damaged")
        _check_sheet_size(book, name, part)
        try:
            scan = _scan_sheet(book, book.getinfo(part), name, max_rows)
        except (zipfile.BadZipFile, zlib.error, OSError, EOFError, NotImplementedError):
            raise DatasetError(_DAMAGED, code="load.damaged") from None
    if scan.formulas_without_value:
        raise _formulas(name, scan, sheets)
    text = _read_sheet(data, name)
    if not text.strip():
        raise DatasetError(
            f"sheet {name!r} of the workbook is empty: there is nothing to read",
            code="load.sheet_empty",
            fields={"sheet": name},
        )
    label = f"{source.name} [{name}]" if len(sheets) > 1 else source.name
    return _in_memory(text, label), FileKind("xlsx", sheets, name)


def _check_loaded_size(infos: list[zipfile.ZipInfo]) -> None:
    """Declared unpacked sizes, before anything is unpacked: what the reader loads besides
    the sheet (shared strings, styles, the table of contents). zipfile stops every member
    at its declared size, so these bound what is unpacked here; the reading process has a
    memory limit of its own."""
    loaded = sum(
        i.file_size
        for i in infos
        if not i.filename.startswith(("xl/worksheets/", "xl/chartsheets/", "xl/media/"))
    )
    if loaded > _limits.MAX_FILE_BYTES:
        raise DatasetError(
            "the workbook unpacks to more than Perceptron Lab reads: save the sheet you "
            "need as CSV, keeping the columns you need or a sample of the rows",
            code="load.workbook_too_big",
        )


def _check_sheet_size(book: zipfile.ZipFile, name: str, part: str) -> None:
    size = book.getinfo(part).file_size
    if size > WORKBOOK_SHEET_BYTES:
        raise DatasetError(
            f"sheet {name!r} unpacks to {_mb(size)}, more than the "
            f"{_mb(WORKBOOK_SHEET_BYTES)} Perceptron Lab reads from a workbook sheet: save "
            "the sheet as CSV, or keep a sample of the rows",
            code="load.sheet_too_big",
            fields={"sheet": name, "size": _mb(size), "most": _mb(WORKBOOK_SHEET_BYTES)},
        )


def _formulas(name: str, scan: _Scan, sheets: tuple[str, ...]) -> DatasetError:
    cell = scan.first_formula_cell
    where = f" (the first in cell {cell})" if cell else ""
    others = ", ".join(repr(s) for s in sheets if s != name)
    choose = f", or choose another sheet ({others})" if others else ""
    # The code says which parts the message has: the first cell, the other sheets.
    code = "load.formulas" + (".cell" if cell else "") + (".others" if others else "")
    n = scan.formulas_without_value
    return DatasetError(
        f"sheet {name!r} has {n:,} formula cell{'s' if n != 1 else ''} without a saved "
        f"value{where}: the file holds formulas but not their results. Open it in Excel or "
        "LibreOffice and save it again, which saves the values" + choose,
        code=code,
        fields={"sheet": name, "n": n, "cell": cell, "others": others},
    )


def _pick_sheet(sheets: tuple[str, ...], wanted: Any) -> str:
    if not sheets:
        raise DatasetError(
            "this Excel workbook (.xlsx) lists no sheets; it may be damaged: open it in "
            "Excel and save it again, or save the sheet as CSV",
            code="load.no_sheets",
        )
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
    raise DatasetError(
        f"the workbook has no sheet {wanted!r}; its sheets are {listed}",
        code="load.no_sheet",
        fields={"sheet": wanted, "sheets": listed},
    )


_WORKER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_workbook_worker.py")


def _run_worker(command: list[str]) -> tuple[int, bytes]:
    """Run the workbook reader: its exit code and output. Killed when the load is
    cancelled (``cancel``: its tab has gone) or after ``WORKBOOK_WALL_SECONDS``."""
    deadline = time.monotonic() + WORKBOOK_WALL_SECONDS
    with subprocess.Popen(
        command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    ) as worker:
        while True:
            remaining = deadline - time.monotonic()
            try:
                if remaining <= 0:
                    raise subprocess.TimeoutExpired(command, WORKBOOK_WALL_SECONDS)
                try:
                    out, _ = worker.communicate(timeout=min(0.2, remaining))
                    return worker.returncode, out
                except subprocess.TimeoutExpired:
                    cancel.check()
            except (subprocess.TimeoutExpired, cancel.Cancelled):
                worker.kill()
                worker.communicate()
                raise


def _read_sheet(data: bytes | bytearray, name: str) -> bytes:
    """The sheet as CSV (UTF-8), read by python-calamine in a process of its own.

    That process limits itself to ``WORKBOOK_MEMORY_BYTES`` and ``WORKBOOK_CPU_SECONDS``
    (and is killed after ``WORKBOOK_WALL_SECONDS``): whatever a workbook makes the reader
    do, it costs at most that, and a failed allocation ends that process, not the server.
    """
    again = "save the sheet as CSV, or keep a sample of the rows"
    with tempfile.TemporaryDirectory(prefix="perceptron-lab-") as folder:
        path = os.path.join(folder, "upload.xlsx")  # calamine tells formats by the suffix
        with open(path, "wb") as handle:
            handle.write(data)
        limits = (WORKBOOK_MEMORY_BYTES, WORKBOOK_CPU_SECONDS, _limits.MAX_COLUMNS + 1)
        command = [sys.executable, "-I", _WORKER, path, name, *map(str, limits)]
        command.append(str(_limits.MAX_FILE_BYTES))
        try:
            done = _run_worker(command)
        except subprocess.TimeoutExpired:
            raise DatasetError(
                f"reading sheet {name!r} took longer than {WORKBOOK_WALL_SECONDS} seconds, "
                f"the most one upload may take: {again}",
                code="load.sheet_slow",
                fields={"sheet": name, "most": WORKBOOK_WALL_SECONDS},
            ) from None
        except OSError as exc:
            raise DatasetError(f"cannot start the workbook reader ({exc}): {again}") from None
    code, out = done
    if code == 0:
        return out
    if code == -signal.SIGXCPU:
        raise DatasetError(
            f"reading sheet {name!r} took more than {WORKBOOK_CPU_SECONDS} CPU seconds, the "
            f"most one upload may take: {again}",
            code="load.sheet_cpu",
            fields={"sheet": name, "most": WORKBOOK_CPU_SECONDS},
        )
    if code in (4, -signal.SIGABRT, -signal.SIGSEGV, -signal.SIGKILL):
        raise DatasetError(
            f"reading sheet {name!r} needs more than {_mb(WORKBOOK_MEMORY_BYTES)} of memory, "
            "the most one upload may use (its cells span a very large area, or repeat long "
            f"text): {again}",
            code="load.sheet_memory",
            fields={"sheet": name, "most": _mb(WORKBOOK_MEMORY_BYTES)},
        )
    if code == 5:
        raise DatasetError(
            f"sheet {name!r} is more than {_mb(_limits.MAX_FILE_BYTES)} as CSV, the limit for "
            f"a file: {again}",
            code="load.sheet_csv_too_big",
            fields={"sheet": name, "most": _mb(_limits.MAX_FILE_BYTES)},
        )
    if code == 6:
        raise DatasetError(
            "reading .xlsx needs the python-calamine package (pip install python-calamine); "
            "or save the sheet as CSV",
            code="load.no_reader",
        )
    raise DatasetError(_DAMAGED, code="load.damaged")
