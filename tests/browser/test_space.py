"""/space in Chromium at a projector's 1024x768: the 2-D chart, the 3-D augmented space and
weight space, stepped together by Step (artifacts/screenshots/space*.png)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from browser_helpers import NO_TOOLTIP, expect_rerun, next_frames, open_app, screenshot

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1024, "height": 768}
STAGE = '[data-testid="plotClickGraph"].js-plotly-plot'
STATUS = re.compile(r"^(start|update \d+) ")


def status(page: Any) -> str:
    texts = page.locator('[data-testid="stMarkdownContainer"] strong').all_inner_texts()
    return next((t for t in texts if STATUS.match(t)), "")


def chart(page: Any, key: str) -> dict:
    """The data and layout meta of the Plotly chart keyed ``key``, as drawn."""
    return json.loads(
        page.evaluate(
            """(key) => {
              const gd = document.querySelector(`.st-key-${key} .js-plotly-plot`);
              if (!gd || !gd.data) return 'null';
              return JSON.stringify({data: gd.data, meta: gd.layout.meta || null});
            }""",
            key,
        )
    )


def w_trace(fig: dict) -> dict | None:
    return next((t for t in fig["data"] if str(t.get("name", "")).startswith("w")
                 and t.get("type") == "scatter3d"), None)  # fmt: skip


def test_space_steps_both_charts_at_1024(page: Any, streamlit_server: Any):
    url = streamlit_server("app.py")
    page.set_viewport_size(PROJECTOR)
    page.set_default_timeout(120_000)  # a 3-D chart in software WebGL on a shared machine
    open_app(page, url + "/space", timeout=240_000)
    page.wait_for_selector(STAGE, timeout=240_000)
    page.wait_for_selector(".st-key-sp_space .js-plotly-plot", timeout=240_000)
    nav = page.locator('[data-testid="stSidebarNav"]').inner_text()
    assert "Space" in nav
    assert page.locator('[data-testid="stException"]').count() == 0
    assert status(page).startswith("start · update 0")
    before = chart(page, "sp_space")
    assert w_trace(before) is None  # w = 0: no vector, no plane
    with expect_rerun(page, timeout=120_000):
        page.locator(".st-key-sp_step button", has_text="Step").first.click()
    page.wait_for_function(
        "() => document.body.innerText.includes('w = (0.637, 0.2698), b = 1')", timeout=120_000
    )
    assert status(page).startswith("update 1 · epoch 1")
    # The 3-D chart follows once the server knows the cursor (the 2-D one steps at once).
    page.wait_for_function(
        """() => { const gd = document.querySelector('.st-key-sp_space .js-plotly-plot');
                   return gd && gd.data.some(t => (t.name || '').startsWith('w')
                                                   && t.type === 'scatter3d'); }""",
        timeout=120_000,
    )
    after = chart(page, "sp_space")
    w = w_trace(after)
    tip = [w["x"][1], w["y"][1], w["z"][1]]  # (w1, w2, b) times the scale
    scale = after["meta"]["scale"]
    assert [round(v / scale, 4) for v in tip] == [0.637, 0.2698, 1.0]
    assert any(t["type"] == "mesh3d" for t in after["data"])  # the plane w.z = 0
    # Both charts start in the first screen of the projector.
    flat = page.locator(STAGE).first.bounding_box()
    lifted = page.locator(".st-key-sp_space .js-plotly-plot").bounding_box()
    assert flat["y"] < PROJECTOR["height"] - 200 and lifted["y"] < PROJECTOR["height"] - 200
    # Weight space follows too: its star is the run's (w1, w2) after the first update.
    star = next(t for t in chart(page, "sp_weights")["data"] if t["name"].startswith("w now"))
    assert [round(star["x"][0], 4), round(star["y"][0], 4)] == [0.637, 0.2698]
    page.mouse.move(5, PROJECTOR["height"] - 5)  # no button's tooltip over the charts
    page.wait_for_function(NO_TOOLTIP)
    screenshot(page, "space_1024", full_page=False)
    page.locator(".st-key-sp_weights").scroll_into_view_if_needed()
    next_frames(page)
    screenshot(page, "space_1024_weights", full_page=False)
    page.locator(".st-key-sp_cone_rows").scroll_into_view_if_needed()
    next_frames(page)
    screenshot(page, "space_1024_cone", full_page=False)


def test_space_in_presenter_mode_at_1024(page: Any, streamlit_server: Any):
    url = streamlit_server("app.py")
    page.set_viewport_size(PROJECTOR)
    page.set_default_timeout(120_000)
    open_app(page, url + "/space?sp_presenter=true&sp_flip=true&sp_step=40", timeout=240_000)
    page.wait_for_selector(STAGE, timeout=240_000)
    page.wait_for_selector(".st-key-sp_space .js-plotly-plot", timeout=240_000)
    page.wait_for_function(
        """() => { const gd = document.querySelector('.st-key-sp_space .js-plotly-plot');
                   return gd && gd.data.some(t => t.type === 'mesh3d'); }""",
        timeout=120_000,
    )
    assert page.locator("h1").count() == 0  # presenter mode: no title, the charts first
    assert status(page).startswith("update ")
    flat = page.locator(STAGE).first.bounding_box()
    lifted = page.locator(".st-key-sp_space .js-plotly-plot").bounding_box()
    half = PROJECTOR["height"] / 2
    assert flat["y"] < half and lifted["y"] < half  # both charts start in the top half
    page.mouse.move(5, PROJECTOR["height"] - 5)  # no button's tooltip over the charts
    page.wait_for_function(NO_TOOLTIP)
    screenshot(page, "space_presenter_1024", full_page=False)
