"""Presenter mode: the charts under the stage (the proof's four, batch's J_p curves and
learning-rate bars, the variants' accuracy, the experiments') are read from the back row
as the main chart is: tick labels and legend at least 18 px at 1024x768, measured in the
DOM as tests/browser/test_projector.py measures the main chart. A screenshot of each page
goes to /tmp/projector_shots/ to be looked at."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser_helpers import open_app, wait_for_charts

pytestmark = pytest.mark.browser

MIN_FONT = 18
SHOTS = Path("/tmp/projector_shots")
PAGES = {
    "proof": ("/proof?pf_presenter=true&pf_step=3", ("squeeze", "norm", "distance", "cosine")),
    "batch": ("/batch?bt_presenter=true&bt_step=3", ("curves", "eta_zero_classic")),
    "variants": ("/variants?va_presenter=true&va_step=3", ("accuracy",)),
    "experiments": ("/experiments?ex_presenter=true", ("margin_chart", "histograms", "bounds")),
}
MEASURE = """(key) => {
  const root = document.querySelector(`.st-key-${key}`);
  if (!root) return null;
  const px = (el) => parseFloat(getComputedStyle(el).fontSize);
  const shown = (el) => el.getClientRects().length > 0;
  const height = (el) => el.getBoundingClientRect().height;
  // Every axis's tick labels: .xtick, .ytick, and a second subplot's .x2tick, .y2tick ...
  const ticks = [...root.querySelectorAll('g[class] > text')]
    .filter(t => /^[xy]\\d*tick$/.test(t.parentElement.getAttribute('class'))).filter(shown);
  const legend = [...root.querySelectorAll('.legendtext')].filter(shown);
  // Nothing cut at the chart's edge, and no axis title over its axis's tick labels.
  const svg = root.querySelector('.main-svg').getBoundingClientRect();
  const box = (el) => { const r = el.getBoundingClientRect();
    return {l: r.left, r: r.right, t: r.top, b: r.bottom, text: el.textContent}; };
  const titles = [...root.querySelectorAll('.g-xtitle text, .g-ytitle text, .g-x2title text, '
    + '.g-y2title text')].filter(shown);
  const notes = [...root.querySelectorAll('.annotation-text')].filter(shown);
  const cut = [...ticks, ...titles, ...notes].map(box).filter(
    b => b.l < svg.left - 1 || b.r > svg.right + 1 || b.t < svg.top - 1 || b.b > svg.bottom + 1);
  const meets = (a, b) => Math.min(a.r, b.r) - Math.max(a.l, b.l) > 1
    && Math.min(a.b, b.b) - Math.max(a.t, b.t) > 1;
  const over = [];
  for (const t of titles) {
    const axis = t.closest('[class^="g-"]').getAttribute('class').slice(2, 3);  // x or y
    for (const k of ticks.filter(k => k.parentElement.getAttribute('class')[0] === axis)) {
      if (meets(box(t), box(k))) over.push([t.textContent, k.textContent]);
    }
  }
  return {ticks: ticks.map(px), legend: legend.map(px), tickHeights: ticks.map(height),
          cut: cut.map(b => b.text), over};
}"""


@pytest.mark.parametrize("name", list(PAGES))
def test_secondary_charts_ticks_and_legend_at_18_px_in_presenter_mode(
    browser: Any, streamlit_server: Any, name: str
) -> None:
    url = streamlit_server("app.py")
    link, charts = PAGES[name]
    prefix = {"proof": "pf_", "batch": "bt_", "variants": "va_", "experiments": "ex_"}[name]
    context = browser.new_context(viewport={"width": 1024, "height": 768}, device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(240_000)
    try:
        open_app(page, url + link, timeout=240_000)
        for chart in charts:
            key = prefix + chart
            page.locator(f".st-key-{key} .main-svg").first.wait_for(state="attached")
            page.locator(f".st-key-{key}").scroll_into_view_if_needed()
            wait_for_charts(page)
            m = page.evaluate(MEASURE, key)
            assert m["ticks"] and min(m["ticks"]) >= MIN_FONT, (key, m["ticks"])
            assert min(m["legend"], default=MIN_FONT) >= MIN_FONT, (key, m["legend"])
            # Drawn at that size (the chart is not scaled down): a text's box is as tall.
            assert min(m["tickHeights"]) >= MIN_FONT, (key, m["tickHeights"])
            assert not m["cut"], (key, "cut at the chart's edge", m["cut"])
            assert not m["over"], (key, "an axis title over its tick labels", m["over"])
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / f"secondary_{name}_1024.png"), full_page=True)
    finally:
        context.close()
