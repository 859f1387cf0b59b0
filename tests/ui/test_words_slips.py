"""Small slips a student reads (issue 27): plurals and one way to write whole numbers on a
line."""

from __future__ import annotations

import re
from types import SimpleNamespace

import datasets
from ui import bounds, text, words
from ui.parts import upload

ONE_BAD_ROW = "a,b,label\n1,2,yes\n3,,no\n4,5,no\n6,1,yes\n"
TWO_BAD_ROWS = "a,b,label\n1,2,yes\n3,,no\n4,,no\n6,1,yes\n2,2,no\n"


def test_one_dropped_row_is_one_row():
    info = datasets.inspect_csv(ONE_BAD_ROW)
    assert info.dropped_rows == 1
    said = upload.described(info)
    assert "1 row dropped" in said and "1 rows" not in said, said
    assert "2 rows dropped" in upload.described(datasets.inspect_csv(TWO_BAD_ROWS))
    with words.using("de"):
        assert "1 Zeile verworfen" in upload.described(info)
    assert words.t("load.used", n=1, dropped=0) == "1 row used, 0 dropped"


def _wholes(line: str) -> list[str]:
    """The whole numbers of four digits or more on a line, as written (27,800 or 27800)."""
    return re.findall(r"(?<![\d.,])\d{1,3}(?:,\d{3})+(?![\d.])|(?<![\d.,])\d{4,}(?![\d.,])", line)


def test_a_bound_line_writes_its_whole_numbers_one_way():
    """ "M = 27800 ≤ 70,810": both with thousands separators."""
    for M, value in ((27_800, 70_810.4), (764_000, 2.5e6), (1_234, 9_999.0)):
        line = bounds.Live(M, value, "", "Theorem 2 after E = 3 epochs", "2").line()
        found = _wholes(line)
        assert found and all("," in n for n in found), line
        assert line.startswith(f"M = {M:,} ≤ ")


def test_the_latex_mistake_count_is_written_as_its_bound():
    th = SimpleNamespace(R=3.0, gamma=0.01, bound=90_000.0)
    line = text.theorem1_latex(27_800, th)
    assert "M = 27{,}800" in line and "90{,}000" in line, line
