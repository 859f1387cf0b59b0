"""Text cells that are safe to open in a spreadsheet, and read back exactly.

A cell starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return is run as a
formula by Excel, LibreOffice and Google Sheets (OWASP "CSV injection"): a class named
``=HYPERLINK("http://x","y")`` becomes a live link. OWASP's remedy is to prefix such a
cell with a single quote and quote the field; spreadsheets then show the text as text.
The loader strips exactly that one quote again, so names survive a round trip exactly.
"""

from __future__ import annotations

import csv
import io
import re

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
"""First characters that make a spreadsheet read a cell as a formula."""

# Text that a spreadsheet would run (after any quotes we added before), and numbers,
# which are left alone: "-1.5" is a value, not a formula.
_TRIGGER = re.compile(r"'*[=+\-@\t\r]")
_PREFIXED = re.compile(r"'+[=+\-@\t\r]")
_NUMBER = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")


def neutralise_formula(text: str) -> str:
    """Prefix ``'`` to text a spreadsheet would run as a formula; numbers stay as they are.

    Text that already starts with quotes before such a character gets one more, so that
    :func:`restore_formula` (which removes exactly one) gives every text back unchanged.

    Examples
    --------
    >>> neutralise_formula("=1+2"), neutralise_formula("-1.5"), neutralise_formula("yes")
    ("'=1+2", '-1.5', 'yes')
    >>> restore_formula(neutralise_formula("'=x"))
    "'=x"
    """
    if _TRIGGER.match(text) and not _NUMBER.fullmatch(text):
        return "'" + text
    return text


def restore_formula(text: str) -> str:
    """Undo :func:`neutralise_formula`: drop one ``'`` before a formula character."""
    if _PREFIXED.match(text):
        return text[1:]
    return text


def csv_field(text: str) -> str:
    """``text`` as one CSV field, neutralised against formulas and quoted when needed.

    A neutralised cell is always quoted (as OWASP recommends); other text is quoted only
    when it holds a comma, a quote or a line break.

    Examples
    --------
    >>> csv_field('=HYPERLINK("http://x","y")')
    '"\\'=HYPERLINK(""http://x"",""y"")"'
    >>> csv_field("width, cm"), csv_field("-1.5"), csv_field("plain")
    ('"width, cm"', '-1.5', 'plain')
    """
    safe = neutralise_formula(str(text))
    if safe != text:
        return '"' + safe.replace('"', '""') + '"'
    buffer = io.StringIO()
    # The writer quotes fields holding characters of its line terminator: use both CR
    # and LF there so a name with a line break is quoted, then drop the terminator.
    csv.writer(buffer, lineterminator="\r\n").writerow([safe])
    return buffer.getvalue()[:-2]
