"""The Playground's "whole run as one HTML file" download, opened as a lecturer would in
a lecture hall without network: the chart fills the window's width (at 1920x1080 it was
a 391-pixel square in a 1920-pixel window) and its height, at 1920x1080 and at 1024x768,
equal aspect kept, and the animation plays offline."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser_helpers import open_app

SIZES = [(1920, 1080), (1024, 768)]
SHOTS = Path("/tmp/server_shots")
MEASURE = """() => {
  const gd = document.querySelector('.js-plotly-plot');
  const plot = gd.querySelector('.nsewdrag').getBoundingClientRect();
  const fl = gd._fullLayout;
  const perPixel = (a, px) => Math.abs(a.range[1] - a.range[0]) / px;
  return {width: plot.width, height: plot.height, vw: innerWidth, vh: innerHeight,
          x: fl.xaxis.range, y: fl.yaxis.range,
          xpp: perPixel(fl.xaxis, plot.width), ypp: perPixel(fl.yaxis, plot.height),
          scrollH: document.documentElement.scrollHeight};
}"""

# The plot area as wide as the test asks of it (the resize after the first layout done).
FILLS = """(w) => {
  const plot = document.querySelector('.js-plotly-plot .nsewdrag');
  return !!plot && plot.getBoundingClientRect().width >= 0.9 * w;
}"""
# Some frame's half-planes span the x axis's range: a frame of the animation is drawn.
REACHES = """() => {
  const gd = document.querySelector('.js-plotly-plot');
  const xs = gd.data.filter(t => t.fill === 'toself').flatMap(t => t.x || []);
  const r = gd._fullLayout.xaxis.range;
  return xs.length > 0 && Math.min(...xs) <= r[0] && Math.max(...xs) >= r[1];
}"""


@pytest.fixture(scope="module")
def offline_html(browser: Any, streamlit_server: Any, tmp_path_factory) -> Path:
    url = streamlit_server("app.py")
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    try:
        open_app(page, url + "/?pg_generator=Two+moons&pg_max_epochs=3")
        button = page.locator('[data-testid="stDownloadButton"] button', has_text="Animation")
        with page.expect_download(timeout=120_000) as info:
            button.click()
        path = tmp_path_factory.mktemp("offline") / "run.html"
        info.value.save_as(path)
        return path
    finally:
        context.close()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_offline_html_fills_the_window_and_plays(browser: Any, offline_html: Path, size):
    width, height = size
    context = browser.new_context(
        viewport={"width": width, "height": height}, device_scale_factor=1, offline=True
    )
    try:
        view = context.new_page()
        view.goto(offline_html.as_uri())
        view.wait_for_function("() => window.Plotly && document.querySelector('.nsewdrag')")
        view.wait_for_function(FILLS, arg=width)  # the responsive plot sized to the window
        m = view.evaluate(MEASURE)
        assert m["width"] >= 0.9 * width, m  # the plot area, not only its white frame
        assert m["height"] >= 0.5 * height, m
        assert m["scrollH"] <= height + 1, m  # on one screen: no scrolling to the buttons
        assert m["xpp"] == pytest.approx(m["ypp"], rel=0.02), m  # equal aspect kept
        view.evaluate(
            """() => document.querySelector('.js-plotly-plot')
                .on('plotly_animated', () => { window.animated = true; })"""
        )
        view.locator(".updatemenu-button", has_text="Play").click()
        view.wait_for_function("() => window.animated === true", timeout=20_000)
        view.wait_for_function(REACHES, timeout=20_000)  # the frame's regions drawn
        # Regions drawn across the whole width: the frame's half-planes reach both edges.
        reach = view.evaluate(
            """() => {
              const gd = document.querySelector('.js-plotly-plot');
              const xs = gd.data.filter(t => t.fill === 'toself').flatMap(t => t.x || []);
              return xs.length ? [Math.min(...xs), Math.max(...xs)] : null;
            }"""
        )
        assert reach is not None and reach[0] <= m["x"][0] and reach[1] >= m["x"][1], (reach, m)
        SHOTS.mkdir(exist_ok=True)
        view.screenshot(path=str(SHOTS / f"offline_html_{width}x{height}.png"))
    finally:
        context.close()
