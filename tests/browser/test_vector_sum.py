"""The vector-sum scene on a 1024x768 projector: the update's arrows w_old, η·y·x and
w_new, measured in pixels from the chart's SVG at η = 0.01, 1 and 10, are long enough to
read from the back row, their labels do not cover each other, and w_new's label gives the
zoom the arrows are drawn at (the drawn length over the true one)."""

from __future__ import annotations

import itertools
import math
import re
from typing import Any

import pytest
from browser_helpers import open_app, screenshot, wait_settled

from ui import lecture

OVER = '[data-testid="stageOver"]'
# The arrows' ends (the markers at tail and tip, in the layer's pixels), the labels' boxes
# on screen, the plot area and its axes' ranges.
MEASURE_JS = """() => {
  const over = document.querySelector('[data-testid="stageOver"]');
  const arrows = {}, labels = [];
  over._fullData.forEach((t) => {
    const el = over.querySelector(`.trace${t.uid}`);
    if (!el) return;
    if (t.name.endsWith('arrow')) {
      const ends = [...el.querySelectorAll('.points path.point')].map((p) => {
        const m = /translate\\(([-\\d.e]+),\\s*([-\\d.e]+)\\)/.exec(p.getAttribute('transform'));
        return [Number(m[1]), Number(m[2])];
      });
      if (ends.length === 2) arrows[t.name] = ends;
    }
    if (t.name === 'vector labels') {
      for (const text of el.querySelectorAll('.textpoint text')) {
        const r = text.getBoundingClientRect();
        labels.push([text.textContent, r.left, r.top, r.right, r.bottom]);
      }
    }
  });
  const drag = document.querySelector('.plot-click-graph .nsewdrag').getBoundingClientRect();
  const xa = over._fullLayout.xaxis;
  return {arrows, labels, plot: [drag.left, drag.top, drag.right, drag.bottom],
          perUnit: drag.width / (xa.range[1] - xa.range[0])};
}"""
MIN_PX = 120  # read from a lecture hall's back row on a 1024x768 projector


@pytest.mark.parametrize("eta", ["0.01", "1", "10.0"])
def test_the_update_arrows_read_on_a_projector_at_every_learning_rate(
    page: Any, streamlit_server: Any, eta: str
):
    url = streamlit_server("app.py")
    page.set_viewport_size({"width": 1024, "height": 768})
    scene = lecture.SCENES[0]  # the update as a vector sum: visit 3 of 002's Example 1
    assert scene.title == "An update is a vector sum" and scene.step == 3
    open_app(page, url + lecture.scene_link(scene) + f"&pg_eta={eta}")
    page.wait_for_selector(f"{OVER} .main-svg", timeout=60_000)
    page.wait_for_function(
        "() => document.querySelector('.st-key-pg_status p').textContent"
        ".startsWith('update 2 · epoch 1 · example 3 of 4 · mistake')",
        timeout=60_000,
    )
    wait_settled(page)  # the step's frame drawn
    shown = page.evaluate(MEASURE_JS)
    lengths = {
        name: math.dist(*ends) for name, ends in shown["arrows"].items()
    }  # fmt: skip
    assert set(lengths) == {"w_old arrow", "step arrow", "w arrow"}, shown
    assert min(lengths.values()) >= MIN_PX, lengths
    # Tip to tail: w_old ends where the step starts, the step ends where w_new ends.
    (o1, a), (s0, s1), (o2, c) = (
        shown["arrows"][n] for n in ("w_old arrow", "step arrow", "w arrow")
    )
    assert math.dist(a, s0) < 1 and math.dist(s1, c) < 1 and math.dist(o1, o2) < 1
    # The zoom w_new's label states is the drawn length over the true one: w_new = eta*(0, -1)
    # after the update of (1, 2) with y = -1 from w = eta*(1, 1) (ERRATA.md's first epoch).
    label = next(text for text, *_ in shown["labels"] if text.startswith("w_new"))
    zoom = re.search(r"×([\d,.]+)", label)
    true_px = float(eta) * 1.0 * shown["perUnit"]
    assert zoom is not None, label
    assert float(zoom[1].replace(",", "")) == pytest.approx(lengths["w arrow"] / true_px, rel=0.03)
    # Every label on the plot, none over another.
    left, top, right, bottom = shown["plot"]
    for text, x0, y0, x1, y1 in shown["labels"]:
        assert left - 1 <= x0 and x1 <= right + 1 and top - 1 <= y0 and y1 <= bottom + 1, text
    for p, q in itertools.combinations(shown["labels"], 2):
        apart = p[3] <= q[1] or q[3] <= p[1] or p[4] <= q[2] or q[4] <= p[2]
        assert apart, (p, q)
    screenshot(page, f"vector_sum_eta_{eta}", full_page=False)
