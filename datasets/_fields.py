"""Counting the fields of every line before the parser builds them.

pandas' C parser builds every field of a line before it can say the line is too long: a
line of 15 million fields (30 MB, or a few KB gzip'd) costs it minutes and gigabytes. Here
the content is streamed once, 1 MB at a time, and the fields of each line counted with a
few vectorised passes, following the parser's quoting (a quote opens a quoted field only
at the start of a field, a quote inside a quoted field closes it or, doubled, stands for
itself; a line break inside quotes does not end the line). A line with far more fields
than the header is refused with its number and its count, before pandas sees the file.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from . import _limits, cancel
from ._errors import DatasetError, too_many_rows
from ._source import Source, _mb

CHUNK_BYTES = 1 << 20
FIELD_BYTES = 1 << 20
"""Longest value read (bytes): far more than a number or a name (a longer name is refused
with its own message); pandas holds a value as one string, a 40 MB one several times."""
LONG_BYTES = 64 * 1024
"""A value this long is no number and no name: such values may add up to LONG_TOTAL."""
LONG_TOTAL = 4 << 20
"""Most bytes of long values (LONG_BYTES and more) read in one file: pandas holds each as
a string beside the file, and forty distinct ones of 1 MB cost it more than 200 MB."""
_QUOTE, _LF, _CR = 34, 10, 13
_SPACES = (32, 9)


def most_fields(columns: int) -> int:
    """Most fields a line of a table of ``columns`` columns may have: a few extra fields
    (a stray delimiter) are skipped and counted as before, far more are refused."""
    return 2 * columns + 20


def too_many_fields(line: int, fields: int, columns: int) -> DatasetError:
    """Line ``line`` has ``fields`` fields, far more than the header's ``columns``."""
    most = most_fields(columns)
    return DatasetError(
        f"line {line:,} has {fields:,} fields, far more than the header has ({columns:,}; "
        f"at most {most:,} are read): a line break is missing there, or the delimiter is "
        "wrong; fix that line or save the file again",
        code="load.long_line",
        fields={"line": line, "fields": fields, "columns": columns, "most": most},
    )


def too_long_a_field(line: int, size: int) -> DatasetError:
    """A value starting on line ``line`` of at least ``size`` bytes, more than FIELD_BYTES."""
    return DatasetError(
        f"line {line:,} has a value of more than {_mb(FIELD_BYTES)}, the longest "
        "Perceptron Lab reads (a quote that is never closed makes the rest of the file one "
        'value): look for a stray " character there, or shorten that value',
        code="load.long_field",
        fields={"line": line, "most": _mb(FIELD_BYTES), "size": size},
    )


def too_many_long_values(line: int) -> DatasetError:
    """Values of LONG_BYTES or more add up to more than LONG_TOTAL by line ``line``."""
    return DatasetError(
        f"the file holds more than {_mb(LONG_TOTAL)} of values longer than "
        f"{LONG_BYTES // 1024} KB each (the last on line {line:,}): no number or name is that "
        "long; keep the columns you need and load that",
        code="load.long_values",
        fields={"line": line, "total": _mb(LONG_TOTAL), "long": LONG_BYTES // 1024},
    )


class FieldCounter:
    """Fed the content in chunks, raises DatasetError at the end of the first line (after
    the first ``skip`` lines) with more than ``most_fields(columns)`` fields.

    ``delimiter`` is the sniffed one (``" "``: runs of spaces and tabs); ``spaced``: a
    quote after the delimiter and spaces still opens a quoted field (skipinitialspace).
    """

    def __init__(
        self,
        delimiter: str,
        columns: int,
        skip: int = 1,
        spaced: bool = False,
        max_rows: int | None = None,
    ):
        self.whitespace = delimiter == " "
        self.delims = _SPACES if self.whitespace else (ord(delimiter),)
        self.spaced = spaced or self.whitespace
        self.columns = columns
        self.most = most_fields(columns)
        self.skip = skip  # lines numbered up to this are above the data (title, header)
        self.quoted = 0  # inside a quoted field at the end of what was read
        self.prev = -1  # the byte before the next chunk (-1: start of the file)
        self.prev_solid = -1  # its last byte that is not a space (for ``spaced``)
        self.line = 1  # physical line of the next byte
        self.row_line = 1  # physical line where the unfinished row started
        self.row_delims = 0  # delimiters counted in the unfinished row
        self.field_bytes = 0  # bytes of the unfinished field
        self.field_line = 1  # physical line where the unfinished field started
        self.long_bytes = 0  # bytes of the long values read so far
        self.held = b""  # a chunk's trailing quotes or CR, read with the next chunk
        # Rows with a delimiter after the first ``skip`` lines: past ``max_rows`` the file
        # is refused as pandas would refuse it, without counting the rest.
        self.max_rows = max_rows
        self.rows = 0

    def feed(self, chunk: bytes) -> None:
        cancel.check()
        data = self.held + chunk if self.held else chunk
        self.held = b""
        if not data:
            return
        end = len(data)
        if data[-1] == _CR:
            end -= 1  # CR LF is one line break: wait for the next byte
        elif data[-1] == _QUOTE:
            end = len(data.rstrip(b'"'))  # a run of quotes counts by its length
        if end < len(data):
            tail = data[end:]
            if tail[0] == _QUOTE and len(tail) > 2:
                tail = b'"' * (2 - len(tail) % 2)  # only its parity counts
            self.held = tail
        if end:
            self._count(data[:end])

    def close(self) -> None:
        """The end of the content: its last line (with no line break) is checked too."""
        held, self.held = self.held, b""
        if held:
            self._count(held)
        self._check_open_row()

    def _check_open_row(self) -> None:
        fields = self.row_delims + 1
        if fields > self.most and self.row_line > self.skip:
            raise too_many_fields(self.row_line, fields, self.columns)

    def _count(self, data: bytes) -> None:
        a = np.frombuffer(data, np.uint8)
        breaks = (a == _LF) | (a == _CR)
        if len(a) > 1:  # the LF of a CR LF ends the line, its CR does not
            breaks[:-1] &= ~((a[:-1] == _CR) & (a[1:] == _LF))
        is_delim = a == self.delims[0]
        for d in self.delims[1:]:
            is_delim |= a == d
        if self.whitespace:  # a run of spaces is one delimiter: count where runs start
            before = np.empty_like(is_delim)
            before[0] = self.prev in _SPACES
            before[1:] = is_delim[:-1]
            is_delim &= ~before
        state_at = self._quoting(a)  # 1 where a byte is inside a quoted field
        delims = np.flatnonzero(is_delim)
        ends = np.flatnonzero(breaks)
        all_breaks = ends
        if state_at is not None:
            delims = delims[state_at(delims) == 0]
            ends = ends[state_at(ends) == 0]
        self._check_field_lengths(delims, ends, all_breaks, len(a))
        # Delimiters of each row ended here: before its end, after the previous end.
        before_end = np.searchsorted(delims, ends)
        per_row = np.diff(before_end, prepend=0)
        if per_row.size:
            per_row[0] += self.row_delims
            # The physical line each row starts on.
            lines_before = np.searchsorted(all_breaks, ends)  # breaks before each end
            starts = np.empty_like(per_row)
            starts[0] = self.row_line
            starts[1:] = self.line + lines_before[:-1] + 1
            bad = np.flatnonzero((per_row + 1 > self.most) & (starts > self.skip))
            if bad.size:
                j = int(bad[0])
                raise too_many_fields(int(starts[j]), int(per_row[j]) + 1, self.columns)
            if self.max_rows is not None:
                self.rows += int(np.count_nonzero((per_row > 0) & (starts > self.skip)))
                if self.rows > self.max_rows:
                    raise too_many_rows()
            self.row_line = self.line + int(lines_before[-1]) + 1
            self.row_delims = int(delims.size - before_end[-1])
        else:
            self.row_delims += int(delims.size)
        self.line += int(all_breaks.size)
        self.prev = int(a[-1])
        if self.spaced:
            solid = np.flatnonzero((a != 32) & (a != 9))
            if solid.size:
                self.prev_solid = int(a[solid[-1]])

    def _check_field_lengths(
        self, delims: np.ndarray, ends: np.ndarray, all_breaks: np.ndarray, size: int
    ) -> None:
        """Refuse a value longer than FIELD_BYTES (between two delimiters or line ends
        outside quotes); an unfinished one as soon as it is."""
        marks = np.zeros(size, bool)
        marks[delims] = True
        marks[ends] = True
        bounds = np.flatnonzero(marks)
        if bounds.size:
            lengths = np.empty_like(bounds)
            lengths[0] = bounds[0] + self.field_bytes
            np.subtract(bounds[1:], bounds[:-1] + 1, out=lengths[1:])
            if lengths.max() >= LONG_BYTES:  # only then the lines the fields start on
                lines = self.line + np.searchsorted(all_breaks, bounds[:-1], side="right")
                starts = np.concatenate(([self.field_line], lines))
                counted = starts > self.skip
                bad = np.flatnonzero((lengths > FIELD_BYTES) & counted)
                if bad.size:
                    j = int(bad[0])
                    raise too_long_a_field(int(starts[j]), int(lengths[j]))
                long = np.flatnonzero((lengths >= LONG_BYTES) & counted)
                total = self.long_bytes + np.cumsum(lengths[long])
                over = np.flatnonzero(total > LONG_TOTAL)
                if over.size:
                    raise too_many_long_values(int(starts[long[over[0]]]))
                if long.size:
                    self.long_bytes = int(total[-1])
            self.field_bytes = size - int(bounds[-1]) - 1
            self.field_line = self.line + int(np.searchsorted(all_breaks, bounds[-1], "right"))
        else:
            self.field_bytes += size
        if self.field_bytes > FIELD_BYTES and self.field_line > self.skip:
            raise too_long_a_field(self.field_line, self.field_bytes)

    def _quoting(self, a: np.ndarray) -> Callable[[np.ndarray], np.ndarray] | None:
        """A function giving, for positions in ``a``, 1 inside a quoted field (None: the
        chunk has no quotes and starts outside one); updates ``self.quoted``."""
        quotes = np.flatnonzero(a == _QUOTE)
        if quotes.size == 0:
            if not self.quoted:
                return None
            return lambda positions: np.ones(positions.size, np.int8)
        # Runs of adjacent quotes: a run of k quotes, after the delimiter (a field's
        # start), opens a quoted field when k is odd and closes one in any case when k
        # is odd; inside a field it only closes. Even runs change nothing ("" is a quote).
        first = np.ones(quotes.size, bool)
        first[1:] = quotes[1:] != quotes[:-1] + 1
        starts = quotes[first]
        lengths = np.diff(np.append(np.flatnonzero(first), quotes.size))
        odd = (lengths & 1).astype(bool)
        before = self._byte_before(a, starts)
        at_field_start = np.isin(before, (*self.delims, _LF, _CR, -1))
        toggles = odd & at_field_start  # open outside, close inside
        resets = odd & ~at_field_start  # literal outside, close inside
        toggled = np.cumsum(toggles)
        index = np.arange(starts.size)
        last_reset = np.maximum.accumulate(np.where(resets, index, -1))
        since: np.ndarray = toggled - np.where(
            last_reset >= 0, toggled[np.maximum(last_reset, 0)], 0
        )
        after = np.where(last_reset >= 0, since, since + self.quoted) & 1
        carried = self.quoted
        self.quoted = int(after[-1])

        def state_at(positions: np.ndarray) -> np.ndarray:
            run = np.searchsorted(starts, positions, side="right") - 1
            return np.where(run >= 0, after[np.maximum(run, 0)], carried)

        return state_at

    def _byte_before(self, a: np.ndarray, starts: np.ndarray) -> np.ndarray:
        """The byte before each position (-1: the start of the file); with ``spaced``,
        the last byte before it that is not a space or tab."""
        if not self.spaced:
            before = np.where(starts > 0, a[np.maximum(starts - 1, 0)].astype(np.int64), -1)
            return np.where(starts > 0, before, self.prev)
        solid = np.flatnonzero((a != 32) & (a != 9))
        k = np.searchsorted(solid, starts) - 1
        return np.where(k >= 0, a[solid[np.maximum(k, 0)]].astype(np.int64), self.prev_solid)


def check_fields(source: Source, delimiter: str, columns: int, skip: int, spaced: bool) -> None:
    """Stream ``source`` through a FieldCounter (see there); a file on disk 1 MB at a time.
    Past ``MAX_ROWS`` rows the file is refused for them, as the parser would refuse it."""
    counter = FieldCounter(delimiter, columns, skip, spaced, _limits.MAX_ROWS)
    if source.data is not None:
        view = memoryview(source.data)
        for start in range(0, len(view), CHUNK_BYTES):
            counter.feed(bytes(view[start : start + CHUNK_BYTES]))
    else:
        assert source.path is not None
        try:
            with open(source.path, "rb") as handle:
                while chunk := handle.read(CHUNK_BYTES):
                    counter.feed(chunk)
        except OSError as exc:
            raise DatasetError(f"cannot read {source.path!r}: {exc.strerror or exc}") from None
    counter.close()
