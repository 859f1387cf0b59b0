"""Every legend name is read whole (real Chromium): on a phone (390 px) in English and
German, and in German at 1024 px, no name of any chart of any page runs into its
neighbour's symbol or past its chart's edge. Two to a row, the least-squares chart's
"perceptron (its last line): 7 wrong" ran into "pocket: 1 wrong" on a phone, German's
"100 zufällige Reihenfolgen" into "−1", and "nächstgelegener Punkt" (now "nächstgelegen",
like "besucht" beside it) into "besucht"."""

from __future__ import annotations

from typing import Any

import pytest
from browser_helpers import lab_pages, open_app, wait_for_charts

pytestmark = pytest.mark.browser

# Each legend entry's name against what follows it in its row: the next entry's symbol,
# or the chart's right edge.
CROWDED = """() => {
  const out = [];
  for (const svg of document.querySelectorAll('.main-svg')) {
    const edge = svg.getBoundingClientRect();
    if (!edge.width) continue;
    const items = [...svg.querySelectorAll('.legend .traces')].map((t) => {
      const name = t.querySelector('.legendtext').getBoundingClientRect();
      const symbol = t.querySelector('.layers').getBoundingClientRect();
      return {text: t.querySelector('.legendtext').textContent, left: symbol.left,
              right: name.right, row: Math.round(name.top)};
    });
    for (const it of items) {
      const next = items.filter((o) => o.row === it.row && o.left > it.left)
        .sort((a, b) => a.left - b.left)[0];
      const limit = next ? next.left : edge.right;
      if (it.right > limit) out.push([it.text, Math.round(it.right - limit)]);
    }
  }
  return out;
}"""


CHARTLESS = ("join", "lecture")  # pages whose first screen draws no chart


@pytest.mark.parametrize(
    ("width", "lang"), [(390, "en"), (390, "de"), (1024, "de")], ids=["390-en", "390-de", "1024-de"]
)
def test_no_legend_name_runs_into_its_neighbour(
    browser: Any, streamlit_server: Any, width: int, lang: str
):
    url = streamlit_server("app.py")
    context = browser.new_context(viewport={"width": width, "height": 844})
    page = context.new_page()
    crowded = {}
    try:
        for path in lab_pages():
            open_app(page, f"{url}/{path}?lang={lang}", timeout=120_000)
            if path not in CHARTLESS:
                page.wait_for_selector(".main-svg", timeout=60_000)  # one chart came
            wait_for_charts(page, 60_000)
            found = page.evaluate(CROWDED)
            if found:
                crowded[path] = found
    finally:
        context.close()
    assert crowded == {}
