"""Reading the bytes: a path, bytes, CSV text or an open file, and the encoding of its text.

Only the head of a file on disk is read here (``SAMPLE_BYTES``, all the sniffer needs); the
rest is left to pandas' own reader. Files that are not text at all (images, PDFs, archives)
are named by their first bytes, with what to do instead.
"""

from __future__ import annotations

import codecs
import os
import re
from dataclasses import dataclass
from typing import Any

from . import _limits
from ._errors import DatasetError

SAMPLE_BYTES = 64 * 1024
_MAGIC = (
    (b"\x89PNG", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF8", "a GIF image"),
    (b"%PDF", "a PDF document"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "an old Excel 97-2003 workbook (.xls)"),
    (b"\x1f\x8b", "a gzip-compressed file"),
    (b"7z\xbc\xaf", "a 7-Zip archive"),
    (b"Rar!", "a RAR archive"),
    (b"BZh", "a bzip2-compressed file"),
    (b"\xfd7zXZ\x00", "an xz-compressed file"),
    (b"\x28\xb5\x2f\xfd", "a zstd-compressed file"),
)


def _mb(size: int) -> str:
    """``100 MB``, ``150.2 MB``: megabytes as Streamlit counts them (2**20 bytes)."""
    return f"{size / (1024 * 1024):.1f}".removesuffix(".0") + " MB"


def _too_big(size: int) -> DatasetError:
    return DatasetError(
        f"the file is {_mb(size)}; the limit is {_mb(_limits.MAX_FILE_BYTES)}: keep the columns "
        "you need or sample the rows",
        code="load.too_big",
        fields={"size": _mb(size), "limit": _mb(_limits.MAX_FILE_BYTES)},
    )


@dataclass
class Source:
    """Where the content is: on disk (``path``, parsed by pandas itself) or in memory."""

    name: str
    path: str | None
    data: bytes | bytearray | None  # bytearray: a gunzipped file, kept without a copy
    head: bytes  # the first SAMPLE_BYTES, all the sniffer reads
    size: int

    def read_all(self) -> bytes | bytearray:
        if self.data is not None:
            return self.data
        assert self.path is not None
        try:
            with open(self.path, "rb") as handle:
                return handle.read()
        except OSError as exc:
            raise DatasetError(f"cannot read {self.path!r}: {exc.strerror or exc}") from None


def _in_memory(data: bytes | bytearray, name: str) -> Source:
    if len(data) > _limits.MAX_FILE_BYTES:
        raise _too_big(len(data))
    return Source(name, None, data, bytes(data[:SAMPLE_BYTES]), len(data))


def read_source(source: Any) -> Source:
    """Accept a path, bytes, CSV text or a file object; read only the head of a file.

    The rest of a file on disk is left to pandas' own reader, which is the fastest way
    through it (and decoding errors surface there, see ``datasets._table``).
    """
    if isinstance(source, bytes | bytearray | memoryview):
        return _in_memory(bytes(source), "uploaded data")
    if isinstance(source, str) and ("\n" in source or "\r" in source):
        return _in_memory(source.encode("utf-8", errors="replace"), "CSV text")
    if isinstance(source, str | os.PathLike):
        path = os.fspath(source)
        name = os.path.basename(path) or path
        try:
            with open(path, "rb") as handle:
                size = os.fstat(handle.fileno()).st_size
                head = handle.read(SAMPLE_BYTES) if size <= _limits.MAX_FILE_BYTES else b""
        except FileNotFoundError:
            raise DatasetError(f"there is no file {path!r}; check the path") from None
        except IsADirectoryError:
            raise DatasetError(f"{path!r} is a folder, not a CSV file") from None
        except (OSError, ValueError) as exc:
            reason = getattr(exc, "strerror", None) or exc
            raise DatasetError(f"cannot read {path!r}: {reason}") from None
        if size > _limits.MAX_FILE_BYTES:
            raise _too_big(size)
        return Source(name, path, None, head, size)
    if hasattr(source, "read"):
        raw_name = getattr(source, "name", None)
        name = os.path.basename(raw_name) if isinstance(raw_name, str) and raw_name else ""
        try:
            if getattr(source, "seekable", lambda: False)():
                source.seek(0)  # an upload the app already peeked at is read from the start
            content = source.read(_limits.MAX_FILE_BYTES + 1)
        except (OSError, ValueError, UnicodeError) as exc:
            raise DatasetError(f"cannot read the uploaded file: {exc}") from None
        if isinstance(content, str):
            content = content.encode("utf-8", errors="replace")
        if not isinstance(content, bytes | bytearray):
            raise DatasetError("the file object did not return text or bytes when read")
        return _in_memory(bytes(content), name or "uploaded file")
    raise DatasetError(
        f"cannot read a CSV from a {type(source).__name__}; pass a path, bytes, "
        "CSV text or an open file"
    )


# Each kind of file that is not a table by its name in the messages, for the error's code.
_KINDS = {
    "a PNG image": "png",
    "a JPEG image": "jpeg",
    "a GIF image": "gif",
    "a PDF document": "pdf",
    "an old Excel 97-2003 workbook (.xls)": "xls",
    "a gzip-compressed file": "gzip",
    "a 7-Zip archive": "7z",
    "a RAR archive": "rar",
    "a bzip2-compressed file": "bzip2",
    "an xz-compressed file": "xz",
    "a zstd-compressed file": "zstd",
    "an Excel workbook (.xlsx) or another spreadsheet": "spreadsheet",
    "a ZIP archive": "zip",
    "a binary file": "binary",
    "a compressed archive inside a gzip file": "gzip_archive",
}


def _not_csv(what: str) -> DatasetError:
    if ".xls)" in what:
        fix = "open it in Excel and save it as .xlsx or CSV (File > Save As), then load that"
    elif "Excel" in what or "spreadsheet" in what:
        fix = "open it and save it as .xlsx or CSV (File > Save As > CSV), then load that file"
    elif "gzip" in what:
        fix = "a gzip file holds one CSV file, not another archive: extract it first"
    elif "compressed" in what or "archive" in what:
        fix = "extract the CSV file from it first (or compress the CSV with gzip, .gz)"
    elif "PDF" in what:
        fix = "a PDF holds pages, not data: export the table as CSV or .xlsx from where it came"
    else:
        fix = "load the data as a CSV text file (values separated by commas, semicolons or tabs)"
    kind = _KINDS.get(what)
    return DatasetError(
        f"this looks like {what}, not a CSV file or .xlsx workbook: {fix}",
        code=None if kind is None else f"load.not_csv.{kind}",
    )


def _whole_lines(source: Source) -> bytes:
    """The head cut after its last line break when the file goes on (no split characters)."""
    head = source.head
    if source.size > len(head) and b"\n" in head:
        return head[: head.rindex(b"\n") + 1]
    return head


def single_byte_encoding(data: bytes | bytearray) -> str:
    """Windows-1252 or Latin-1 for content that is not UTF-8.

    Windows-1252 is what "Latin-1" files from Windows usually are. The two agree except on
    bytes 0x80-0x9f, and true Latin-1 decodes every byte, so it is the last resort.
    """
    if re.search(rb"[\x80-\x9f]", data):
        try:
            data.decode("cp1252")
            return "cp1252"
        except UnicodeDecodeError:
            pass
    return "latin-1"


def _utf16_without_bom(head: bytes) -> str | None:
    """``"utf-16-le"`` or ``"utf-16-be"`` for UTF-16 text without a byte order mark.

    Text in a Latin script as UTF-16 has a NUL beside nearly every character: in the
    odd bytes (little-endian) or the even ones (big-endian), and hardly any on the
    other side. Binary files have NULs anywhere, or long runs of them.
    """
    sample = head[: len(head) - len(head) % 2]
    if len(sample) < 8:
        return None
    half = len(sample) // 2
    even, odd = sample[0::2].count(0), sample[1::2].count(0)
    for nuls, other, codec in ((odd, even, "utf-16-le"), (even, odd, "utf-16-be")):
        if nuls >= 0.7 * half and other <= 0.01 * half:
            return codec
    return None


def decode(source: Source) -> tuple[Source, str]:
    """Check the content is text and choose its encoding from the head.

    UTF-8 is a guess from the head: a file that turns out not to be UTF-8 further down
    makes pandas raise UnicodeDecodeError, and the caller reads it again as a single-byte
    encoding. UTF-16 (Excel's "Unicode text") is re-encoded as UTF-8 in memory so the
    parser sees one encoding.
    """
    head = source.head
    bare = _utf16_without_bom(head)
    if head[:2] in (b"\xff\xfe", b"\xfe\xff") or bare:
        try:
            text = source.read_all().decode(bare or "utf-16")
        except UnicodeDecodeError:
            raise DatasetError(
                "the file starts like UTF-16 text but is not valid UTF-16: save it as UTF-8 CSV",
                code="load.bad_utf16",
            ) from None
        return _in_memory(text.encode("utf-8"), source.name), "utf-16"
    for magic, what in _MAGIC:
        if head.startswith(magic):
            raise _not_csv(what)
    if head.startswith(b"PK\x03\x04"):
        if b"xl/" in head or b"spreadsheet" in head:
            raise _not_csv("an Excel workbook (.xlsx) or another spreadsheet")
        raise _not_csv("a ZIP archive")
    if b"\x00" in head:
        raise _not_csv("a binary file")
    try:
        # Incremental, so a character cut in two at the end of the head is no error.
        codecs.getincrementaldecoder("utf-8")().decode(head, final=source.size == len(head))
    except UnicodeDecodeError:
        data = source.read_all()
        data = data[3:] if data.startswith(b"\xef\xbb\xbf") else data
        return _in_memory(data, source.name), single_byte_encoding(data)
    return source, "utf-8-sig" if head.startswith(b"\xef\xbb\xbf") else "utf-8"
