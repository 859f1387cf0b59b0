"""A phone's first screen, in real Chromium at 390x844: the Playground, Practice and a
student following a class on /join. Without scrolling, the stage's chart starts and the
status line ends on the first screen; the six stepping buttons take at most two rows; the
chart's legend sits close under its plot (no blank band between them).

Screenshots go to /tmp/phone/ to be looked at.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser_helpers import NO_TOOLTIP, open_app, wait_for_app_idle, wait_for_fit
from class_steps import STAGE, press, start_class, wait_cursor

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
SHOTS = Path("/tmp/phone")
LEGEND_GAP = 40  # px between the plot (its axes' labels included) and the legend
GRAPH = '[data-testid="plotClickGraph"]'

# A chart's plot with its axes' tick labels and titles (what its legend should sit under)
# and its legend: their bottom and top on the screen (legendTop null: no legend).
EDGES = """(root) => {
  const shown = (el) => el.getClientRects().length > 0;
  const parts = [...root.querySelectorAll('.nsewdrag, .xtick text, .ytick text, .xtitle, .ytitle')]
    .filter(shown).map((e) => e.getBoundingClientRect());
  const legend = [...root.querySelectorAll('.legend')].filter(shown)
    .map((e) => e.getBoundingClientRect());
  return {
    plotBottom: parts.length ? Math.max(...parts.map((p) => p.bottom)) : null,
    legendTop: legend.length ? Math.min(...legend.map((l) => l.top)) : null,
  };
}"""

MEASURE = """([graphSel, statusSel]) => {
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right};
  };
  const shown = (el) => el.getClientRects().length > 0;
  const graph = document.querySelector(graphSel);
  const root = graph.closest('.plot-click-root') || graph;
  const {plotBottom, legendTop} = (EDGES)(root);
  const status = document.querySelector(statusSel);
  const buttons = [...document.querySelectorAll('.st-key-stage_buttons button')]
    .filter(shown).map(box);
  const rows = new Set(buttons.map(b => Math.round(b.top)));
  return {
    vh: window.innerHeight, vw: window.innerWidth,
    scrollX: document.documentElement.scrollWidth,
    chartTop: box(graph).top + window.scrollY, plotBottom, legendTop,
    statusBottom: status ? box(status).bottom + window.scrollY : null,
    buttons: buttons.length, rows: rows.size,
  };
}""".replace("EDGES", EDGES)


def _measure(page: Any, status: str, name: str) -> dict:
    page.evaluate("window.scrollTo(0, 0)")
    page.mouse.move(1, 1)
    page.wait_for_function(NO_TOOLTIP)  # a tooltip's fade, for the screenshot only
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=False)
    page.screenshot(path=str(SHOTS / f"{name}-full.png"), full_page=True)
    m = page.evaluate(MEASURE, [GRAPH, status])
    print(name, m)
    return m


def _first_screen(m: dict, stepping: bool) -> None:
    assert m["chartTop"] < m["vh"] - 200, m  # the chart starts on the first screen, and is seen
    assert m["statusBottom"] is not None and m["statusBottom"] <= m["vh"], m
    assert m["scrollX"] <= m["vw"] + 1, m  # nothing wider than the phone
    if stepping:
        assert m["buttons"] == 6 and m["rows"] <= 2, m
    if m["legendTop"] is not None:
        assert m["legendTop"] - m["plotBottom"] <= LEGEND_GAP, m


def _phone(browser: Any):
    context = browser.new_context(viewport=PHONE, is_mobile=True, device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(60_000)
    return context, page


@pytest.mark.parametrize(
    ("name", "link", "status", "stepping"),
    [
        ("playground", "/playground?pg_step=3", ".st-key-pg_status", True),
        ("practice", "/practice", '[data-testid="stProgress"]', False),
    ],
)
def test_a_phone_sees_the_chart_and_the_status_line_first(
    browser: Any, streamlit_server: Any, name: str, link: str, status: str, stepping: bool
):
    url = streamlit_server("app.py")
    context, page = _phone(browser)
    try:
        open_app(page, url + link, timeout=120_000)
        page.wait_for_selector(f"{GRAPH} .nsewdrag", timeout=120_000)
        wait_for_fit(page)  # the chart fits the window (a resize after the layout)
        _first_screen(_measure(page, status, name), stepping)
    finally:
        context.close()


def test_a_student_following_on_a_phone_sees_the_chart_first(browser: Any, streamlit_server: Any):
    url = streamlit_server("app.py")
    lect_context = browser.new_context(viewport={"width": 1024, "height": 768})
    context, phone = _phone(browser)
    try:
        lect = lect_context.new_page()
        open_app(lect, url + "/playground?pg_n=30&pg_seed=3")
        lect.wait_for_selector(f"{STAGE} .main-svg", timeout=60_000)
        join = start_class(lect)
        open_app(phone, join, timeout=120_000)
        phone.wait_for_selector(f"{STAGE} .main-svg", timeout=60_000)
        wait_for_app_idle(phone)
        target = press(lect, "pg_step")
        wait_cursor(phone, target, 4.0)
        wait_for_fit(phone)  # the chart fits the window (a resize after the layout)
        _first_screen(_measure(phone, ".st-key-pg_status", "join"), True)
    finally:
        context.close()
        lect_context.close()


CELLS = """() => {
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right};
  };
  const root = document.querySelector('.plot-click-root');
  const svg = root.querySelector('.main-svg').getBoundingClientRect();
  return {
    svg: {top: svg.top, bottom: svg.bottom, left: svg.left, right: svg.right},
    cells: [...root.querySelectorAll('.nsewdrag')].map(box),
    titles: [...root.querySelectorAll('.plot-click-over .textpoint text')].map((e) =>
      Object.assign(box(e), {text: [...e.querySelectorAll('tspan.line')]
        .map((t) => t.textContent).join(' · ')})),
  };
}"""


@pytest.mark.parametrize("query", ["va_step=3", "va_step=end&lang=de"], ids=["en", "de-end"])
def test_the_four_small_multiples_fit_a_phone(browser: Any, streamlit_server: Any, query: str):
    """/variants at 390x844: each cell's title (name, the rule's state, the count of
    wrong: a line each) stays inside the chart and clear of the other cells' titles (one
    line ran into the next: "after 3 visitsaveraged"; at the end in German "1350 Vektoren,
    3600 Besuche" into "Update 10 von 1349"), and the square cells leave no blank band
    between the rows (the chart is as high as its width makes them)."""
    url = streamlit_server("app.py")
    context, page = _phone(browser)
    try:
        open_app(page, url + "/variants?" + query, timeout=120_000)
        page.wait_for_selector(f"{GRAPH} .nsewdrag", timeout=120_000)
        wait_for_app_idle(page)
        page.wait_for_function(  # the chart fitted to the phone: four cells, no blank band
            "() => { const root = document.querySelector('.plot-click-root');"
            " const c = [...root.querySelectorAll('.nsewdrag')]"
            ".map(e => e.getBoundingClientRect()); return c.length === 4"
            " && c[2].top - c[0].bottom < c[0].height; }",
            timeout=30_000,
        )
        m = page.evaluate(CELLS)
        _measure(page, ".st-key-va_status", "variants-" + query.split("&")[-1].replace("=", "-"))
    finally:
        context.close()
    svg, cells, titles = m["svg"], m["cells"], m["titles"]
    assert len(titles) == 4, titles
    if query == "va_step=3":
        names = [t["text"].split(" · ")[0] for t in titles]
        assert names == ["classic", "averaged", "voted", "pocket"]
        assert titles[0]["text"].startswith("classic · after 3 visits · "), titles[0]
        assert titles[2]["text"].startswith("voted · 3 vectors · 3 visits · "), titles[2]
    for t in titles:  # inside the chart
        assert t["left"] >= svg["left"] - 1 and t["right"] <= svg["right"] + 1, t
        assert t["top"] >= svg["top"] - 1, t
    for i, a in enumerate(titles):  # clear of each other
        for b in titles[i + 1 :]:
            apart = a["right"] <= b["left"] or b["right"] <= a["left"]
            assert apart or a["bottom"] <= b["top"] or b["bottom"] <= a["top"], (a, b)
    for title, cell in zip(titles, cells, strict=True):  # each over its own cell
        assert title["bottom"] <= cell["top"] + 2, (title, cell)
    # Square cells, and the bottom row's title starts soon under the top row's cells.
    for cell in cells:
        width, height = cell["right"] - cell["left"], cell["bottom"] - cell["top"]
        assert abs(width - height) <= 0.05 * width, cell
    band = titles[2]["top"] - cells[0]["bottom"]
    assert band <= 60, (band, cells, titles)  # the top row's tick labels, a little room


# Each chart's gap from its plot to its legend below (null: a chart with no legend).
GAPS = """() => [...document.querySelectorAll('.plot-click-root')].map((root) => {
  const {plotBottom, legendTop} = (EDGES)(root);
  return plotBottom === null || legendTop === null ? null : Math.round(legendTop - plotBottom);
})""".replace("EDGES", EDGES)


@pytest.mark.parametrize("link", ["/batch?bt_n=60", "/experiments"])
def test_a_phone_sees_each_charts_legend_under_its_plot(
    browser: Any, streamlit_server: Any, link: str
):
    """The charts under the stage, at 390x844: a plot of fixed aspect (the least-squares
    lines on /batch, the orders' boundaries on /experiments) is as high as the phone's
    width makes it, so its legend comes right under it (/batch left a band of 195 px: the
    chart kept its 600 px)."""
    url = streamlit_server("app.py")
    context, page = _phone(browser)
    try:
        open_app(page, url + link, timeout=120_000)
        page.wait_for_selector(f"{GRAPH} .nsewdrag", timeout=120_000)
        wait_for_fit(page, timeout=120_000)
        gaps = page.evaluate(GAPS)
        print(link, gaps)
        name = link.strip("/").split("?")[0]
        page.screenshot(path=str(SHOTS / f"{name}-charts-full.png"), full_page=True)
    finally:
        context.close()
    below = [g for g in gaps if g is not None]
    assert len(below) >= 2, gaps  # the stage's chart and one below it at least
    assert all(g <= LEGEND_GAP for g in below), gaps
