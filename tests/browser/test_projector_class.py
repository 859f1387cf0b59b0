"""The projector with a class on: at 1024x768 in presenter mode, on every stepping page, a
class started (and on the Playground a question asked), the first screen still holds the
chart (its plot area, most of the window's height), the status line and M against its
bound, and nothing of the class covers them: the join code and QR code take a corner
(large on request), the question panel sits over the chart's side, not above the page.

Measured in the DOM as tests/browser/test_projector.py measures the page without a class.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import (
    expand_sidebar,
    expect_rerun,
    fold_sidebar,
    open_app,
    wait_for_app_idle,
    wait_for_fit,
)
from projector_pages import BOUND, CHART_SHARE, PAGES, SHARE, SHOTS, STAGE, STATUS, shoot

SIZE = (1024, 768)
CORNER = ".st-key-lab_class_corner"  # the class's code and QR code
POLL = ".st-key-lab_class_poll"  # the class's questions

MEASURE = """([stage, wanted, covers]) => {
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
            width: r.width, height: r.height};
  };
  const graph = document.querySelector(stage);
  const drags = [...graph.querySelectorAll('.nsewdrag')].map(box);
  const plot = {
    top: Math.min(...drags.map(d => d.top)), bottom: Math.max(...drags.map(d => d.bottom)),
    left: Math.min(...drags.map(d => d.left)), right: Math.max(...drags.map(d => d.right)),
  };
  plot.height = plot.bottom - plot.top;
  plot.width = plot.right - plot.left;
  const found = {};
  for (const sel of wanted) {
    const el = document.querySelector(sel);
    found[sel] = el ? {...box(el), text: (el.textContent || '').slice(0, 80)} : null;
  }
  const over = {};
  for (const sel of covers) {
    const el = document.querySelector(sel);
    over[sel] = el && el.getClientRects().length ? box(el) : null;
  }
  return {vw: window.innerWidth, vh: window.innerHeight, plot, found, over,
          scrollX: document.documentElement.scrollWidth};
}"""


def overlap(a: dict, b: dict) -> float:
    """The area two boxes share (px²)."""
    w = min(a["right"], b["right"]) - max(a["left"], b["left"])
    h = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
    return max(0.0, w) * max(0.0, h)


def on_screen(what: dict, vw: float, vh: float) -> bool:
    return what["top"] >= -1 and what["bottom"] <= vh + 1 and what["right"] <= vw + 1


@pytest.mark.parametrize("name", list(PAGES))
def test_a_class_leaves_the_first_screen_to_the_chart(
    browser: Any, streamlit_server: Any, tmp_path: Path, name: str
):
    url = streamlit_server("app.py")
    path, prefix, numbers = PAGES[name]
    context = browser.new_context(
        viewport={"width": SIZE[0], "height": SIZE[1]}, device_scale_factor=1
    )
    page = context.new_page()
    page.set_default_timeout(180_000)
    try:
        link = f"{url}{path}?{prefix}presenter=true"
        if name != "online":
            link += f"&{prefix}step=3"
        open_app(page, link, timeout=240_000)
        page.wait_for_selector(f"{STAGE} .nsewdrag", timeout=240_000)
        if name == "online":  # three points from the adversary, as test_projector plays
            for _ in range(3):
                with expect_rerun(page, timeout=120_000):
                    page.locator(".st-key-on_adversary button").first.click()
        expand_sidebar(page)  # open (a presenter link folds it)
        page.locator(".st-key-lab_class_start button").first.click()
        page.wait_for_selector(f"{CORNER} img", timeout=60_000)
        wait_for_app_idle(page)
        fold_sidebar(page)
        if name == "playground":  # a question open: its panel too
            page.mouse.click(600, 5)
            page.keyboard.press("q")
            page.wait_for_selector('[data-testid="stMetricValue"]', timeout=60_000)
        wait_for_fit(page)  # the chart fits the window (a resize after the layout)
        wanted = [STATUS[name], BOUND[name], *numbers]
        m = page.evaluate(MEASURE, [STAGE, wanted, [CORNER, POLL]])
        shot = shoot(page, tmp_path, f"{name}_class")
        SHOTS.mkdir(exist_ok=True)
        shutil.copy(shot, SHOTS / f"{name}_class_presenter_1024.png")
        small = page.locator(f"{CORNER} img").bounding_box()
        if name == "playground":  # large on request: the QR code about a third of the width
            page.locator(".st-key-lab_class_corner_size button").click()
            page.wait_for_function(
                f"() => document.querySelector('{CORNER} img')?.getBoundingClientRect()"
                ".width >= 300",
                timeout=30_000,
            )
            page.locator(".st-key-lab_class_corner_size button").click()
            page.wait_for_function(
                f"() => document.querySelector('{CORNER} img')?.getBoundingClientRect()"
                ".width < 200",
                timeout=30_000,
            )
    finally:
        context.close()
    vw, vh, plot = m["vw"], m["vh"], m["plot"]
    report = f"{name}: {m}"
    assert m["scrollX"] <= vw, report
    assert on_screen(plot, vw, vh), report
    assert plot["height"] >= SHARE.get(name, CHART_SHARE) * vh, report
    corner = m["over"][CORNER]
    assert corner is not None and on_screen(corner, vw, vh), report  # the code is shown
    assert small["width"] >= 120, report  # a phone reads it from the middle rows
    for sel, what in m["found"].items():
        assert what is not None, f"{sel} missing: {report}"
        assert on_screen(what, vw, vh), f"{sel} not on the first screen: {report}"
        for cover in (CORNER, POLL):
            if m["over"][cover] is not None:
                assert overlap(what, m["over"][cover]) == 0, f"{cover} covers {sel}: {report}"
    for cover in (CORNER, POLL):  # at most a corner of the plot area
        if m["over"][cover] is not None:
            share = overlap(plot, m["over"][cover]) / (plot["width"] * plot["height"])
            assert share <= 0.12, f"{cover} covers {share:.0%} of the plot: {report}"
    if name == "playground":
        assert m["over"][POLL] is not None, report
