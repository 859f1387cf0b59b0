"""Sniffing the dialect: delimiter, header, decimal mark, lines above the table, columns.

Done here rather than with ``csv.Sniffer``, which guesses wrong on exactly the files
students bring (semicolons with decimal commas, a BOM, an id column). Only the head of the
file (read by :mod:`datasets._source`) is decoded and tokenised; the rest is checked with
one vectorised pass.
"""

from __future__ import annotations

import csv
import io
import itertools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from urllib.parse import parse_qsl

from . import _limits
from ._cells import restore_formula
from ._errors import DatasetError, Note
from ._source import Source, _whole_lines
from ._tokens import COMMA_NUMBER, GROUPED, HINT, is_na, is_number

SAMPLE_ROWS = 200
DELIMITERS = (",", ";", "\t", "|")
"""Delimiters the sniffer tries (and a space, as a last resort)."""


def _split(text: str, delimiter: str) -> tuple[list[list[str]], list[int]]:
    """Sample rows (blank ones left out) and the physical line each one ends on."""
    if delimiter == " ":
        numbered = [(line.split(), i + 1) for i, line in enumerate(text.splitlines())]
        kept = [(row, end) for row, end in numbered if row][:SAMPLE_ROWS]
        return [row for row, _ in kept], [end for _, end in kept]
    reader = csv.reader(
        io.StringIO(text, newline=""), delimiter=delimiter, skipinitialspace=True, strict=False
    )
    rows: list[list[str]] = []
    ends: list[int] = []
    try:
        for row in itertools.islice(reader, 4 * SAMPLE_ROWS):
            if row and any(cell.strip() for cell in row):
                rows.append(row)
                ends.append(reader.line_num)
                if len(rows) == SAMPLE_ROWS:
                    break
    except csv.Error:
        pass  # a pathological sample: judge the delimiter on the rows read so far
    return rows, ends


@dataclass
class Dialect:
    delimiter: str
    decimal: str
    header: bool
    names: list[str]
    unnamed: list[bool]
    skip_lines: int
    rows: list[list[str]]  # sampled data rows (header and preamble removed)
    hint: dict[str, list[str]]
    notes: list[str]
    preamble: int = 0  # lines skipped above the table (not counting a hint line)
    text_columns: list[int] = field(default_factory=list)
    spaced: bool = False  # a space follows the delimiter somewhere in the sample
    estimated_rows: int = 0  # from the sample's line length and the file size
    comma_decimals: bool = False  # the sample has a number with a decimal comma


def _score(rows: list[list[str]], delimiter: str) -> tuple[bool, float, float, int]:
    # Consistency is judged on the lower half of the sample: lines above the table (a
    # "Source: a, b, c" note) are at the top, and must not vote for their delimiter.
    counts = [len(row) for row in rows[len(rows) // 2 :]] if len(rows) >= 4 else []
    counts = counts or [len(row) for row in rows]
    if not counts:
        return (False, 0.0, 0.0, 0)
    mode, freq = Counter(counts).most_common(1)[0]
    fields = [cell for row in rows if len(row) == mode for cell in row]
    numeric = sum(is_number(cell, delimiter != ",") for cell in fields) / max(len(fields), 1)
    return (mode >= 2, freq / len(counts), numeric, mode)


def _parse_hint(line: str) -> dict[str, list[str]]:
    """Read the ``# perceptron-lab: key=value&...`` line that :func:`to_csv` may write."""
    hint: dict[str, list[str]] = {}
    try:
        pairs = parse_qsl(line[len(HINT) :].strip(), strict_parsing=True)
    except ValueError:
        return hint
    for key, value in pairs:
        hint.setdefault(key, []).append(value)
    return hint


def sniff(source: Source, encoding: str) -> Dialect:
    """Find delimiter, header, decimal mark and columns from the head of the file."""
    cut = _whole_lines(source)
    text = cut.decode(encoding, errors="replace").lstrip("\ufeff")
    if not text.strip():
        raise DatasetError("the file is empty: there is nothing to read", code="load.empty")
    notes: list[str] = []
    hint: dict[str, list[str]] = {}
    skip_lines = 0
    if text.startswith(HINT):
        hint_line, _, text = text.partition("\n")
        hint = _parse_hint(hint_line.rstrip("\r"))
        skip_lines = 1

    candidates = {d: _split(text, d) for d in DELIMITERS}
    scores = {d: _score(rows, d) for d, (rows, _) in candidates.items()}
    delimiter = max(scores, key=lambda d: scores[d])
    if not scores[delimiter][0]:
        candidates[" "] = _split(text, " ")
        scores[" "] = _score(candidates[" "][0], " ")
        if scores[" "][0]:
            delimiter = " "
        else:
            raise DatasetError(
                "found only one column: a dataset needs two numeric feature columns and a "
                "label column, separated by commas, semicolons, tabs or | characters",
                code="load.one_column",
            )
    rows, ends = candidates[delimiter]

    # Lines above the table (titles, comments, "Source: a, b, c" notes) are skipped; they
    # are recognised by their shape, not by how many delimiters they happen to hold.
    preamble = _preamble(rows, delimiter != ",")
    if preamble:
        said = f"skipped {preamble} line{'s' if preamble != 1 else ''} above the table"
        notes.append(Note(said, "load.note.preamble", {"n": preamble}))
        skip_lines += ends[preamble - 1]  # physical lines, which is what the parser skips
        rows = rows[preamble:]

    comma_ok = delimiter != ","
    fields = [cell.strip() for row in rows[1:] for cell in row]
    # Decimal commas: the parser reads them, and leaves every column holding a dot as
    # text, so the loader sees how each column uses its dots (see _column._Column).
    decimal = "."
    comma_decimals = comma_ok and any(
        COMMA_NUMBER.fullmatch(c) or (GROUPED.fullmatch(c) and "," in c) for c in fields
    )
    if comma_decimals or (comma_ok and _grouped_beside_whole(rows[1:])):
        decimal = ","

    header = _detect_header(rows, comma_ok)
    if hint.get("header") == ["1"]:
        header = True
    first = rows[0] if header else []
    data_rows = rows[1:] if header else rows
    lengths = Counter(len(row) for row in data_rows) if data_rows else Counter()
    ncols = max(len(first), lengths.most_common(1)[0][0] if lengths else 0)
    if ncols > _limits.MAX_COLUMNS:
        raise DatasetError(
            f"the file has {ncols:,} columns; at most {_limits.MAX_COLUMNS:,} are read. Keep the "
            "columns you need (two features and a label) and save again.",
            code="load.too_many_columns",
            fields={"n": ncols, "most": _limits.MAX_COLUMNS},
        )
    for j, cell in enumerate(first):
        if len(cell.strip()) > _limits.MAX_NAME_CHARS:
            raise DatasetError(
                f"the name of column {j + 1} is longer than {_limits.MAX_NAME_CHARS:,} characters, "
                "the most a name can have: shorten it",
                code="load.long_column_name",
                fields={"at": j + 1, "most": _limits.MAX_NAME_CHARS},
            )
    names, unnamed = _column_names(first, ncols)
    text_columns = []
    for j in range(ncols):
        cells = [row[j] for row in data_rows if j < len(row) and not is_na(row[j])]
        if cells and sum(is_number(c, comma_ok) for c in cells) < 0.5 * len(cells):
            text_columns.append(j)
    spaced = delimiter != " " and (delimiter + " " in text or delimiter + "\t" in text)
    lines = max(cut.count(b"\n"), cut.count(b"\r"), 1)
    estimated_rows = source.size * lines // max(len(cut), 1)
    return Dialect(
        delimiter,
        decimal,
        header,
        names,
        unnamed,
        skip_lines,
        data_rows,
        hint,
        notes,
        preamble,
        text_columns,
        spaced,
        estimated_rows,
        comma_decimals,
    )


def _grouped_beside_whole(rows: list[list[str]]) -> bool:
    """A column of the sample holds a value such as 1.065 beside whole numbers such as
    985: its dots may be thousands separators (decided, or refused, per column later)."""
    width = max((len(row) for row in rows), default=0)
    for j in range(width):
        cells = [row[j].strip() for row in rows if j < len(row)]
        if any(GROUPED.fullmatch(c) for c in cells) and any(c.isdigit() for c in cells):
            return True
    return False


def _is_data_row(row: Sequence[str], comma_ok: bool) -> bool:
    """Mostly numbers: at least one, and at least half of the cells that are not missing."""
    present = [c for c in row if not is_na(c)]
    numbers = sum(is_number(c, comma_ok) for c in present)
    return numbers >= 1 and 2 * numbers >= len(present)


def _preamble(rows: list[list[str]], comma_ok: bool) -> int:
    """How many sampled rows come before the table (and its header).

    The table is the longest run of rows with one field count that are mostly numbers
    (or have missing cells); it is extended upwards over rows that look like data of
    another width (a bad row is data, not a comment). The header is the row right above
    with the table's field count (or one off, for a trailing delimiter), unless it is a
    comment starting with "# ". Everything above
    that is preamble: titles, comments, "Source: a, b, c, d" lines, whatever their commas.
    """
    data = [_is_data_row(row, comma_ok) for row in rows]
    counts = [len(row) for row in rows]
    widths = Counter(c for c, d in zip(counts, data, strict=True) if d)
    if not widths:
        # No numeric rows to find the table by: only one-field title lines are skipped.
        width = Counter(counts).most_common(1)[0][0] if counts else 0
        preamble = 0
        while preamble < min(len(rows) - 1, 10) and counts[preamble] < 2 <= width:
            preamble += 1
        return preamble
    width = widths.most_common(1)[0][0]

    def in_table(i: int) -> bool:
        return counts[i] == width and (data[i] or any(is_na(c) for c in rows[i]))

    best_start, best_length, start = 0, 0, None
    for i in range(len(rows) + 1):
        if i < len(rows) and in_table(i):
            start = i if start is None else start
            continue
        if start is not None and i - start > best_length:
            best_start, best_length = start, i - start
        start = None
    # Upwards over rows that look like data, and over any row with data of the table's
    # width somewhere above it: that is a bad row inside the table, not a header.
    data_above = list(
        itertools.accumulate(
            (d and c == width for d, c in zip(data, counts, strict=True)), initial=False
        )
    )
    top = best_start
    while top > 0 and (data[top - 1] or in_table(top - 1) or data_above[top - 1]):
        top -= 1
    if top == 0:
        return 0
    above = rows[top - 1]
    if above and above[0].lstrip().startswith("# "):
        return top  # a comment line ("# Exported by ..."), not column titles
    trailing = sum(not row[-1].strip() for row in rows[top : top + best_length] if row)
    if (
        len(above) == width
        or (len(above) == width + 1 and not above[-1].strip())
        or (len(above) == width - 1 and trailing > best_length // 2)
    ):
        return top - 1  # the header
    return top


def _detect_header(rows: list[list[str]], comma_ok: bool) -> bool:
    """The first row is a header if it has text where the rows below have numbers."""
    first, rest = rows[0], rows[1:]
    if not rest:
        # A single row: a header only if nothing in it is a number.
        return not any(is_number(c, comma_ok) for c in first)
    for j, cell in enumerate(first):
        below = [row[j] for row in rest if j < len(row) and not is_na(row[j])]
        numeric = sum(is_number(c, comma_ok) for c in below)
        if below and numeric >= 0.5 * len(below):
            if not is_na(cell) and not is_number(cell, comma_ok):
                return True
    # No numeric column to judge by: a first row of text over rows of text is a header
    # when it repeats nowhere below (column titles are not values).
    if not any(is_number(c, comma_ok) for c in first):
        seen = {tuple(c.strip() for c in row) for row in rest}
        return tuple(c.strip() for c in first) not in seen and all(c.strip() for c in first)
    return False


def _column_names(header: Sequence[str], ncols: int) -> tuple[list[str], list[bool]]:
    names: list[str] = []
    unnamed: list[bool] = []
    used: set[str] = set()
    for j in range(ncols):
        name = restore_formula(header[j].strip()) if j < len(header) else ""
        unnamed.append(not name)
        name = name or f"column {j + 1}"
        base, k = name, 2
        while name in used:
            name, k = f"{base} ({k})", k + 1
        used.add(name)
        names.append(name)
    return names, unnamed
