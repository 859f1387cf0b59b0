"""Every stepping page, through the whole app (AppTest): the line a screen reader says at
the step (what a visit is for the page's run, at the start; the visit after a Step) and the
expander Data and scores (table) with its HTML table (a caption, column headers, the score
the page's run has: w·x + b, or the kernel's f(x)). The words expected are written here."""

from __future__ import annotations

import pytest
from lab_app import click, open_page

from ui import words

PAGES = {  # page: (its prefix, what its score is called, what a visit is)
    "pages/playground.py": ("pg", "w·x + b", "adds y·x to w"),
    "pages/kernel.py": ("kn", "f(x)", "the dual update"),
    "pages/batch.py": ("bt", "w·x + b", "the batch update"),
    "pages/variants.py": ("va", "w·x + b", "adds y·x to w"),
    "pages/space.py": ("sp", "w·x + b", "adds y·x to w"),
    "pages/proof.py": ("pf", "w·x + b", "adds y·x to w"),
}


def spoken(at) -> str:
    return next(m.value for m in at.markdown if m.value.startswith(("start:", "visit ")))


def scores_table(at) -> str:
    return next(h.proto.body for h in at.get("html") if 'class="lab-scores"' in h.proto.body)


@pytest.mark.parametrize("path", list(PAGES))
def test_the_step_is_said_and_tabled_on_every_stepping_page(path):
    prefix, score, visit = PAGES[path]
    at = open_page(path)
    assert words.t("table.title") in [e.label for e in at.expander]
    assert spoken(at).startswith("start: ") and visit in spoken(at)
    html = scores_table(at)
    assert "<caption>The data and each point&#x27;s score before any visit" in html
    assert f'<th scope="col">{score} now</th>' in html
    click(at, f"{prefix}_visit")
    assert spoken(at).startswith("visit 1: point (")
    assert "after 1 visit (" in scores_table(at)
