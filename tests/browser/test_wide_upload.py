"""A file with 13 features in Chromium: the wine data uploaded as a CSV, trained on all its
columns, stepped by key; the chart says what it shows (each point's score against a second
direction) and the visit is written out with its 13 terms shortened. Screenshots at the
default size and at 1024 x 768: artifacts/screenshots/wide_upload_*.png."""

from __future__ import annotations

import re
from typing import Any

import numpy as np
import pytest
from browser_helpers import expect_rerun, open_app, screenshot

pytestmark = pytest.mark.browser
sklearn_datasets = pytest.importorskip("sklearn.datasets")

UPLOAD = '[data-testid="stFileUploader"] input[type=file]'
CHART = '[data-testid="plotClickGraph"].js-plotly-plot'
STATUS = re.compile(r"^(start|update \d+) ")


def status(page: Any) -> str:
    texts = page.locator('[data-testid="stMarkdownContainer"] strong').all_inner_texts()
    return next((t for t in texts if STATUS.match(t)), "")


def test_wine_on_13_features_steps_by_key_and_says_what_the_chart_shows(
    page: Any, streamlit_server: Any, tmp_path
):
    wine = sklearn_datasets.load_wine(as_frame=True)
    frame = wine.frame.copy()
    frame["target"] = frame["target"].map({0: "class_0", 1: "class_1", 2: "class_2"})
    path = tmp_path / "wine.csv"
    frame.to_csv(path, index=False)
    url = streamlit_server("app.py")
    page.set_viewport_size({"width": 1024, "height": 768})
    open_app(page, url + "/?pg_source=Upload")
    page.set_input_files(UPLOAD, str(path))
    choice = page.get_by_text("all 13 numeric columns", exact=True)  # not the loader note
    choice.wait_for(timeout=60_000)
    with expect_rerun(page, 60_000):
        choice.click()
    caption = page.locator('[data-testid="stCaptionContainer"]', has_text="13 dimensions.")
    caption.wait_for(timeout=60_000)
    assert "score (w·x + b)/‖(b, w)‖" in caption.inner_text()
    page.wait_for_selector(f"{CHART} .nsewdrag", timeout=60_000)
    titles = page.locator(f"{CHART} .g-xtitle, {CHART} .g-ytitle").all_text_contents()
    assert "score (w·x + b)/‖(b, w)‖" in titles and "v·x (v ⊥ last w)" in titles
    assert status(page).startswith("start")
    page.locator('[data-testid="stMarkdownContainer"] strong', has_text="start").first.click()
    for _ in range(3):  # stepped in the browser from the frames sent, then told the server
        page.keyboard.press("s")
    page.wait_for_function(
        """() => [...document.querySelectorAll('[data-testid="stMarkdownContainer"] strong')]
               .some(e => e.innerText.startsWith('update 3 '))""",
        timeout=30_000,
    )
    # The numbers catch up: w with its 13 entries, the visit with 9 terms summed.
    page.wait_for_function("""() => document.body.innerText.includes('M = 3 ≤ ')""", timeout=30_000)
    line = page.locator('[data-testid="stMarkdownContainer"] strong', has_text="M = 3").first
    entries = line.inner_text().split("w = (")[1].split(")")[0].split(", ")
    assert len(entries) == 13 and all(np.isfinite(float(e)) for e in entries)
    page.wait_for_function(
        r"""() => [...document.querySelectorAll('.katex-html')]
               .some(e => /9\s*terms/.test(e.textContent))""",
        timeout=30_000,
    )
    # The points are in the layer over the scene (they move with w): all 130, by class.
    drawn = page.evaluate(
        """() => (document.querySelector('.plot-click-over').data || [])
               .filter(t => String(t.name).includes('class_'))
               .map(t => [t.name, t.x.length])"""
    )
    assert sorted(drawn) == [["+1: class_1", 71], ["-1: class_0", 59]]
    page.locator(CHART).first.scroll_into_view_if_needed()
    screenshot(page, "wide_upload_1024x768", full_page=False)
