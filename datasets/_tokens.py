"""What the text of a cell means: missing-value tokens and the ways a number is written.

A leaf: it imports nothing of the package. The sniffer, the loader's columns, the writer
and the Dataset contract all read cells by these, so a class name the Dataset accepts is
one the loader reads back, and a number the writer writes is one the sniffer counts.
"""

from __future__ import annotations

import re

# What CSV readers (pandas' defaults, plus "?") take for a missing value.
NA_TOKENS = frozenset(
    {
        "", "#N/A", "#N/A N/A", "#NA", "-1.#IND", "-1.#QNAN", "-NaN", "-nan", "1.#IND",
        "1.#QNAN", "<NA>", "N/A", "NA", "NULL", "NaN", "None", "n/a", "nan", "null", "?",
    }
)  # fmt: skip

DECIMAL = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")
"""A finite number with a decimal point (or none) as a CSV reader parses it: "1", "-1.5",
".5", "1e-20". Numeric class names are canonicalised by it, so they survive a round trip.
(``_cells`` writes the same pattern itself: the workbook worker loads that file alone.)"""
NUMBER = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?|[+-]?(inf|infinity)", re.IGNORECASE)
"""``DECIMAL`` or an infinity: what the loader reads as a number."""
COMMA_NUMBER = re.compile(r"[+-]?(\d+,\d*|,\d+)([eE][+-]?\d+)?")
GROUPED = re.compile(r"[+-]?[1-9]\d{0,2}(\.\d{3})+(,\d+)?")
"""A number with dots as thousands separators, as German and other locales write them:
1.065 or 1.234.567,5 (the first group has no leading zero, every later one 3 digits)."""
HINT = "# perceptron-lab:"
"""First line :func:`datasets.to_csv` writes when the loader needs to be told something."""


def is_na(text: str) -> bool:
    return text.strip() in NA_TOKENS


def is_number(text: str, comma_ok: bool) -> bool:
    text = text.strip()
    if NUMBER.fullmatch(text):
        return True
    return comma_ok and bool(COMMA_NUMBER.fullmatch(text) or GROUPED.fullmatch(text))
