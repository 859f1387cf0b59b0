"""/experiments in Chromium at a projector's 1024x768: progress bars while the experiments
run, their charts (the margin chart in the first screen), the captions' measured numbers,
and changing the number of random orders reruns the ordering experiment and goes into the
link (artifacts/screenshots/experiments_1024.png, experiments_full.png)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from browser_helpers import expect_rerun, open_app, screenshot

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1024, "height": 768}
CHARTS = ".plot-click-plain .js-plotly-plot"  # the page's charts (ui.stage.chart.plot)
PROGRESS = re.compile(rb"(?:Margins|Dimensions|Orders): run [0-9,]+ of [0-9,]+")


def record_progress(page: Any) -> list[str]:
    """Every progress bar's text the server sends, read from the websocket's frames (a bar
    lives only while its experiment runs; on a fast machine the browser may get its updates
    and its removal in one batch and draw none of them)."""
    seen: list[str] = []

    def on_frame(payload: str | bytes) -> None:
        if isinstance(payload, bytes | bytearray):
            seen.extend(m.decode() for m in PROGRESS.findall(bytes(payload)))

    def on_websocket(ws: Any) -> None:
        if ws.url.endswith("/_stcore/stream"):
            ws.on("framereceived", on_frame)

    page.on("websocket", on_websocket)
    return seen


SLOW = 600_000  # ms: hundreds of runs on a machine that has run 25x slow for hours


def chart_data(page: Any, index: int) -> list:
    """The traces of the page's ``index``-th Plotly chart as drawn: [name, type, len(x)]."""
    return json.loads(
        page.evaluate(
            """([sel, i]) => {
              const gd = document.querySelectorAll(sel)[i];
              if (!gd || !gd._fullData) return 'null';
              return JSON.stringify(gd._fullData.map(t => [t.name, t.type,
                Array.from(t.x || []).length]));
            }""",
            [CHARTS, index],
        )
    )


def captions(page: Any) -> str:
    return "\n".join(page.locator('[data-testid="stCaptionContainer"]').all_inner_texts())


def no_error(page: Any) -> None:
    assert page.locator('[data-testid="stException"]').count() == 0
    assert page.locator('[data-testid="stAlertContentError"]').count() == 0


def test_experiments_page_at_1024(page: Any, streamlit_server: Any):
    # A server of its own, so that its cache is empty: the shared one has already shown
    # /experiments to the accessibility test, and would draw the charts without a bar.
    url = streamlit_server("app.py", "--server.fileWatcherType=none")
    page.set_viewport_size(PROJECTOR)
    seen = record_progress(page)
    open_app(page, url + "/experiments", timeout=SLOW)
    page.wait_for_function(
        f"() => document.querySelectorAll('{CHARTS}').length === 5", timeout=SLOW
    )
    # A fresh server computes every experiment, each with its bar (seen: at least the
    # longest, the dimensions, whose 120 runs take about half a second at normal speed).
    assert any(t.startswith(("Margins: run ", "Dimensions: run ")) for t in seen), seen
    no_error(page)
    margin = chart_data(page, 0)
    assert ["mistakes = R²/γ*²", "scatter", 2] in margin
    assert ["one run (one dataset)", "scatter", 200] in margin  # 10 margins x 20 seeds
    text = captions(page)
    assert "No point lies above the line: in all 200 runs mistakes ≤ R²/γ*²." in text
    assert "100 random orders: epochs from" in text
    # The margin chart starts in the first screen of a projector.
    top = page.locator(CHARTS).first.bounding_box()
    assert top is not None and top["y"] < PROJECTOR["height"] - 200, top
    screenshot(page, "experiments_1024", full_page=False)

    box = page.locator(".st-key-ex_orderings input")
    with expect_rerun(page, timeout=SLOW):
        box.fill("20")
        box.press("Enter")
    page.wait_for_function(
        "() => document.body.innerText.includes('20 random orders: epochs from')", timeout=SLOW
    )
    no_error(page)
    orders = chart_data(page, 2)
    assert orders[0][0] == "epochs (random orders)" and orders[0][2] == 20
    assert "ex_orderings=20" in page.url
    screenshot(page, "experiments_full")
