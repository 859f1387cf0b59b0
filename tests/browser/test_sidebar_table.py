"""The sidebar's preprocessing table keeps its bound column (issue 27): breast cancer
(scikit-learn's copy, 30 measurements, written as a CSV here) trained on all 30 columns at
1366 x 768, where R, γ* and the bound are in scientific notation. The table's every cell,
the bound's included, must lie inside the sidebar, none cut off by its edge."""

from __future__ import annotations

from typing import Any

import pytest
from browser_helpers import expect_rerun, open_app, screenshot, wait_for_app_idle

pytestmark = pytest.mark.browser
sklearn_datasets = pytest.importorskip("sklearn.datasets")

UPLOAD = '[data-testid="stFileUploader"] input[type=file]'


def test_the_preprocessing_table_keeps_its_bound_column_in_the_sidebar(
    page: Any, streamlit_server: Any, tmp_path
):
    data = sklearn_datasets.load_breast_cancer(as_frame=True)
    frame = data.data.copy()
    frame["diagnosis"] = data.target.map({0: "malignant", 1: "benign"})
    path = tmp_path / "breast_cancer.csv"
    frame.to_csv(path, index=False)
    url = streamlit_server("app.py")
    page.set_viewport_size({"width": 1366, "height": 768})
    open_app(page, url + "/?pg_source=Upload")
    page.set_input_files(UPLOAD, str(path))
    choice = page.get_by_text("all 30 numeric columns", exact=True)
    choice.wait_for(timeout=60_000)
    with expect_rerun(page, 60_000):
        choice.click()
    table = page.locator('[data-testid="stSidebar"] table', has_text="standard.")
    # A header and four rows of four, once the run's redraw of the sidebar is done (CI
    # counted none once, the table found a moment before; once the table was replaced by
    # the run's end while it was scrolled to).
    page.wait_for_function(
        """() => [...document.querySelectorAll('[data-testid="stSidebar"] table')]
             .some((t) => t.textContent.includes('standard.')
                          && t.querySelectorAll('th, td').length === 20)""",
        timeout=60_000,
    )
    wait_for_app_idle(page, 60_000)
    table.scroll_into_view_if_needed()
    side = page.locator('[data-testid="stSidebar"]').bounding_box()
    cells = table.locator("th, td")
    assert cells.count() == 20
    for i in range(cells.count()):
        box = cells.nth(i).bounding_box()
        text = cells.nth(i).inner_text()
        assert box is not None and box["width"] > 0, text
        assert box["x"] + box["width"] <= side["x"] + side["width"], (text, box, side)
    # The cells show their whole text: nothing wider than its cell.
    clipped = table.evaluate(
        """t => [...t.querySelectorAll('th, td')]
               .filter(c => c.scrollWidth > c.clientWidth + 1).map(c => c.innerText)"""
    )
    assert clipped == []
    header = [h.strip() for h in table.locator("th").all_inner_texts()]
    assert header[-1] == "bound", header
    screenshot(page, "sidebar_table_1366x768", full_page=False)
