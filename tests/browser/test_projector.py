"""Presenter mode on a projector: every page that steps, opened at 1024x768 (the lecture
hall's projector), its window then made 1280x720 and 1920x1080, measured in the DOM.

On the first screen, without scrolling: the chart's plot area, the status line and the
page's main numbers (the update written out and M against R²/γ*², or what the page shows
instead). "The chart takes most of it": its plot area (all plot areas, for small
multiples) is at least CHART_SHARE of the window's height, more than half of the screen
after the buttons and the status line above it. No text cut: no status or number line
wider than its box, no button label ellipsised ("Run to …"), no label of the chart cut at
the plot's edge, no equation scrolling in its block. Read from the back row: tick labels
and the legend at least 18 px, equations at least 24 px at 1024x768. And normal mode at
1024x768, on a mistake (the update written out: its widest equations): no equation cut
there either.

A screenshot of each page at each size goes to pytest's temporary folder; the 1024x768 ones
are also copied to /tmp/projector_shots/ to be looked at.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import expect_rerun, open_app, wait_for_fit
from projector_pages import (
    BOUND,
    CHART_SHARE,
    MIN_EQUATION,
    MIN_FONT,
    PAGES,
    SHARE,
    SHOTS,
    SIZES,
    SLACK,
    STAGE,
    STATUS,
    shoot,
)

pytestmark = pytest.mark.browser

MEASURE = """([stage, status, numbers]) => {
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height};
  };
  const px = (el) => parseFloat(getComputedStyle(el).fontSize);
  const shown = (el) => el.getClientRects().length > 0;
  const graph = document.querySelector(stage);
  const root = graph.closest('.plot-click-root');
  const drags = [...graph.querySelectorAll('.nsewdrag')].map(box);
  const plot = {
    top: Math.min(...drags.map(d => d.top)), bottom: Math.max(...drags.map(d => d.bottom)),
    left: Math.min(...drags.map(d => d.left)), right: Math.max(...drags.map(d => d.right)),
  };
  plot.height = plot.bottom - plot.top;
  const first = (sel) => {
    const el = document.querySelector(sel);
    if (!el) return null;
    // An HTML box is cut when its content is wider (an SVG text has no such box).
    const html = el instanceof HTMLElement;
    return {...box(el), sw: html ? el.scrollWidth : 0, cw: html ? el.clientWidth : 0, sel};
  };
  // Chart labels (the arrows' w_old, w_new, +x; small multiples' titles): the SVG box of
  // each text, in the window's coordinates.
  const labels = [...root.querySelectorAll('.textpoint text')].filter(shown).map(t => ({
    ...box(t), text: t.textContent}));
  const main = document.querySelector('[data-testid="stMain"]');  // not the folded sidebar
  const buttons = [...main.querySelectorAll('[data-testid="stButton"] button')]
    .filter(shown).filter(b => b.innerText.trim()).map(b => {
      const label = b.querySelector('[data-testid="stMarkdownContainer"]') || b;
      return {text: b.innerText.trim(), sw: label.scrollWidth, cw: label.clientWidth};
    });
  const katex = [...document.querySelectorAll('.katex-display')].filter(shown).map(d => ({
    ...box(d), sw: d.scrollWidth, cw: d.clientWidth,
    font: px(d.querySelector('.katex')), inside: !!d.closest('[class*="_numbers"]'),
  }));
  return {
    vw: window.innerWidth, vh: window.innerHeight, scrollX: document.documentElement.scrollWidth,
    plot, graph: box(graph), labels, buttons, katex,
    status: first(status), numbers: numbers.map(first),
    legendBoxes: [...root.querySelectorAll('.legendtext')].filter(shown).map(t => ({
      ...box(t), text: t.textContent})),
    ticks: [...root.querySelectorAll('.xtick text, .ytick text')].filter(shown).map(px),
    tickBoxes: [...root.querySelectorAll('.xtick text, .ytick text')].filter(shown).map(t => ({
      ...box(t), text: t.textContent})),
    legend: [...root.querySelectorAll('.legendtext')].filter(shown).map(px),
  };
}"""


def open_page(
    browser: Any, url: str, name: str, size: tuple[int, int], presenter: bool, query: str = ""
):
    """A fresh session of page ``name`` at ``size``, stepped a few updates (the online game:
    three points from the adversary)."""
    path, prefix, _ = PAGES[name]
    context = browser.new_context(
        viewport={"width": size[0], "height": size[1]}, device_scale_factor=1
    )
    page = context.new_page()
    page.set_default_timeout(180_000)  # the space page's 3-D chart in software WebGL
    link = f"{url}{path}?{prefix}presenter={'true' if presenter else 'false'}"
    if name != "online":
        link += query or f"&{prefix}step=3"
    open_app(page, link, timeout=240_000)
    page.wait_for_selector(f"{STAGE} .nsewdrag", timeout=240_000)
    if name == "online":
        for _ in range(3):
            with expect_rerun(page, timeout=120_000):
                page.locator(".st-key-on_adversary button").first.click()
    wait_for_fit(page, timeout=120_000)  # the chart fits the window (a resize after the layout)
    return context, page


def inside(what: dict, vh: float, vw: float) -> bool:
    return what["top"] >= -1 and what["bottom"] <= vh + 1 and what["right"] <= vw + 1


@pytest.mark.parametrize("name", list(PAGES))
def test_presenter_first_screen(browser: Any, streamlit_server: Any, tmp_path: Path, name):
    """Opened at 1024x768 (the hall's projector), then the window made 1280x720 and
    1920x1080 (the lecturer's laptop moved to another projector): each size measured once
    the chart has fitted it."""
    url = streamlit_server("app.py")
    context, page = open_page(browser, url, name, SIZES[0], presenter=True)
    shown = []
    try:
        for size in SIZES:
            if size != SIZES[0]:
                page.set_viewport_size({"width": size[0], "height": size[1]})
                wait_for_fit(page, timeout=120_000)
            m = page.evaluate(MEASURE, [STAGE, STATUS[name], PAGES[name][2]])
            shot = shoot(page, tmp_path, f"{name}_{size[0]}x{size[1]}")
            if size == (1024, 768):
                SHOTS.mkdir(exist_ok=True)
                shutil.copy(shot, SHOTS / f"{name}_presenter_1024.png")
            shown.append((size, m))
    finally:
        context.close()
    for size, m in shown:
        check_first_screen(name, size, m)


def check_first_screen(name: str, size: tuple[int, int], m: dict) -> None:
    vw, vh = m["vw"], m["vh"]
    assert (vw, vh) == size, (name, size, vw, vh)
    plot = m["plot"]
    fonts = (min(m["ticks"], default=0), min(m["legend"], default=0))
    eqs = sorted({round(e["font"], 1) for e in m["katex"] if e["top"] < vh})
    print(
        f"\n{name} {vw}x{vh}: plot {plot['height']:.0f} px = {plot['height'] / vh:.0%} of "
        f"the height, ticks/legend {fonts} px, equations on screen {eqs} px"
    )
    report = f"{name} at {vw}x{vh}: plot {plot}, status {m['status']}, numbers {m['numbers']}"
    assert m["scrollX"] <= vw, report  # nothing wider than the window
    # The chart: its plot area on the first screen, and most of it.
    assert inside(plot, vh, vw), report
    assert plot["height"] >= SHARE.get(name, CHART_SHARE) * vh, report
    # The status line and the main numbers: on the first screen, not wider than their box.
    for what in [m["status"], *m["numbers"]]:
        assert what is not None, report
        assert inside(what, vh, vw), f"{what['sel']} is not on the first screen: {report}"
        assert what["sw"] <= what["cw"] + SLACK, f"{what['sel']} is cut: {report}"
    # No button label ellipsised.
    cut = [b["text"] for b in m["buttons"] if b["sw"] > b["cw"] + 1]
    assert not cut, f"button labels cut: {cut} ({name} at {vw}x{vh})"
    # Chart labels inside the chart's box (a label past the plot area's edge is clipped).
    if name != "variants":  # the small multiples' titles sit above their cells
        out = [lab["text"] for lab in m["labels"] if not within(lab, plot)]
        assert not out, f"labels cut at the chart's edge: {out} ({name} at {vw}x{vh})"
    else:  # the titles inside the chart, clear of each other and of the tick labels
        titles = m["labels"]
        assert len(titles) == 4, titles
        out = [t["text"] for t in titles if not within(t, m["graph"])]
        assert not out, f"titles cut at the chart's edge: {out} ({name} at {vw}x{vh})"
        for i, a in enumerate(titles):
            for b in titles[i + 1 :] + m["tickBoxes"]:
                assert apart(a, b), f"{a['text']!r} runs into {b['text']!r} at {vw}x{vh}"
    # The legend inside the chart (beside the plot on a wide, low screen: not past its edge).
    out = [t["text"] for t in m["legendBoxes"] if not within(t, m["graph"])]
    assert not out, f"legend entries cut: {out} ({name} at {vw}x{vh})"
    # Read from the back row.
    assert m["ticks"] and min(m["ticks"]) >= MIN_FONT, (name, size, m["ticks"])
    assert not m["legend"] or min(m["legend"]) >= MIN_FONT, (name, size, m["legend"])
    for eq in m["katex"]:
        assert eq["sw"] <= eq["cw"] + SLACK, f"an equation scrolls in its block: {eq} ({name})"
        if size == (1024, 768) and eq["inside"] and eq["top"] < vh:
            assert eq["font"] >= MIN_EQUATION - 0.01, (name, eq)


def apart(a: dict, b: dict) -> bool:
    """Two boxes that do not overlap (touching is apart)."""
    return (
        a["right"] <= b["left"] + 1
        or b["right"] <= a["left"] + 1
        or a["bottom"] <= b["top"] + 1
        or b["bottom"] <= a["top"] + 1
    )


def within(label: dict, plot: dict, slack: float = 1.0) -> bool:
    return (
        label["left"] >= plot["left"] - slack
        and label["right"] <= plot["right"] + slack
        and label["top"] >= plot["top"] - slack
        and label["bottom"] <= plot["bottom"] + slack
    )


def check_normal_mode(name: str, m: dict) -> None:
    """Normal mode at 1024x768 (the sidebar open): nothing wider than the window, no
    equation scrolling in its block or past the window's edge, no button label cut."""
    assert m["scrollX"] <= m["vw"], (name, m["scrollX"])
    for eq in m["katex"]:
        assert eq["sw"] <= eq["cw"] + SLACK, f"an equation scrolls in its block: {eq} ({name})"
        assert eq["right"] <= m["vw"] + 1, (name, eq)
    cut = [b["text"] for b in m["buttons"] if b["sw"] > b["cw"] + 1]
    assert not cut, f"button labels cut: {cut} ({name})"


LABELS = """() => {
  const root = document.querySelector('.plot-click-root');
  const graph = root.querySelector('[data-testid="plotClickGraph"]');
  const drag = graph.querySelector('.nsewdrag').getBoundingClientRect();
  const over = root.querySelector('.plot-click-over');
  const out = [...root.querySelectorAll('.textpoint text')].filter(t => {
    const r = t.getBoundingClientRect();
    return r.width > 0 && (r.left < drag.left - 1 || r.right > drag.right + 1 ||
                           r.top < drag.top - 1 || r.bottom > drag.bottom + 1);
  }).map(t => t.textContent);
  return {cursor: over.dataset.cursor || null, out};
}"""


def test_arrow_labels_stay_inside_the_chart_while_stepping(browser: Any, streamlit_server: Any):
    """The update's arrows and their labels (w_old, w_new, +x) near the chart's edge: at
    1024x768 in presenter mode, Step after Step (in the browser), no label is cut."""
    url = streamlit_server("app.py")
    # A thin margin: many updates, the arrows long and short, near the edges and not.
    thin = "&pg_separable_margin=0.05&pg_n=60&pg_step=0"
    context, page = open_page(browser, url, "playground", (1024, 768), True, query=thin)
    try:
        seen = set()
        for _ in range(16):
            if page.locator(".st-key-pg_step button").first.is_disabled():
                break  # the run's end
            before = page.evaluate(LABELS)["cursor"]
            page.locator(".st-key-pg_status").click()  # the focus on the page, not a widget
            page.keyboard.press("s")
            page.wait_for_function(
                "(c) => document.querySelector('.plot-click-over').dataset.cursor !== c",
                arg=before,
                timeout=30_000,
            )
            wait_for_fit(page)  # the step's frame drawn
            now = page.evaluate(LABELS)
            seen.add(now["cursor"])
            assert not now["out"], f"labels cut at step {now['cursor']}: {now['out']}"
        assert len(seen) >= 5, seen  # it did step
    finally:
        context.close()


GRAPH_HEIGHT = f"() => document.querySelector('{STAGE}').getBoundingClientRect().height"


def test_the_fitted_chart_keeps_its_height_when_the_page_is_scrolled(
    browser: Any, streamlit_server: Any
):
    """The chart's height comes from the window and the chart's place on the page, not from
    where the page is scrolled to: scrolled down, a resize leaves it as it was."""
    url = streamlit_server("app.py")
    context, page = open_page(browser, url, "playground", (1024, 768), presenter=True)
    try:
        first = page.evaluate(GRAPH_HEIGHT)
        assert 600 <= first <= 768, first  # it fits the window (Python's height is 720)
        page.evaluate(
            "() => { const main = document.querySelector('[data-testid=\"stMain\"]');"
            " main.scrollTop = 400; }"
        )
        page.set_viewport_size({"width": 1024, "height": 700})
        wait_for_fit(page)
        lower = page.evaluate(GRAPH_HEIGHT)
        assert lower == pytest.approx(first - 68, abs=3), (first, lower)
        page.set_viewport_size({"width": 1024, "height": 768})
        wait_for_fit(page)
        assert page.evaluate(GRAPH_HEIGHT) == pytest.approx(first, abs=3)
    finally:
        context.close()


# Data no line separates, at step 1: a mistake (the first visit from w = 0 is a tie), so the
# update is written out beside the chart and the theorem's block is pushed down.
SEPARABLE = "Separable%2C%20with%20a%20margin%20dial"  # the generator's label, in a link
NOISY = "&{p}source=Generate&{p}generator=" + SEPARABLE + "&{p}noise=0.1&{p}step=1"

BOUND_MEASURE = """([sel]) => {
  const el = document.querySelector(sel);
  if (!el) return null;
  const r = el.getBoundingClientRect();
  const column = (e) => e.closest('[data-testid="stColumn"]') || document.querySelector(
    '[data-testid="stMain"]');
  const katex = [...document.querySelectorAll('[class*="_numbers"] .katex-display')]
    .filter(d => d.getClientRects().length > 0).map(d => {
      const k = d.querySelector('.katex').getBoundingClientRect();
      const c = column(d).getBoundingClientRect();
      return {right: k.right, column: c.right, sw: d.scrollWidth, cw: d.clientWidth,
              text: d.textContent.slice(0, 80)};
    });
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, sw: el.scrollWidth,
          cw: el.clientWidth, text: el.innerText, vw: window.innerWidth,
          vh: window.innerHeight, katex};
}"""


@pytest.mark.parametrize("presenter", [True, False], ids=["presenter", "normal"])
@pytest.mark.parametrize("name", list(PAGES))
def test_the_live_bound_is_on_the_first_screen_at_1024(
    browser: Any, streamlit_server: Any, tmp_path: Path, name, presenter
):
    """At 1024x768, on data no line separates and on a mistake step: the line with M and
    the bound that holds (or why none does) is whole on the first screen, and no
    equation beside the chart reaches past its column's right edge."""
    url = streamlit_server("app.py")
    prefix = PAGES[name][1]
    query = "" if name == "online" else NOISY.format(p=prefix)
    if name == "kernel":  # its own default: XOR, degree 2
        query = f"&{prefix}noise=0.1&{prefix}step=1"
    context, page = open_page(browser, url, name, (1024, 768), presenter, query=query)
    try:
        m = page.evaluate(BOUND_MEASURE, [BOUND[name]])
        whole = page.evaluate(MEASURE, [STAGE, STATUS[name], PAGES[name][2]])
        shot = shoot(page, tmp_path, f"{name}_bound")
        SHOTS.mkdir(exist_ok=True)
        shutil.copy(shot, SHOTS / f"{name}_bound_{'presenter' if presenter else 'normal'}.png")
    finally:
        context.close()
    if not presenter:  # on the widest state of the equations: a mistake written out
        check_normal_mode(name, whole)
    assert m is not None, f"{name}: no {BOUND[name]}"
    report = f"{name} ({'presenter' if presenter else 'normal'}): {m}"
    assert "M = " in m["text"] and ("≤" in m["text"] or "(" in m["text"]), report
    if name not in ("online", "kernel"):  # the noisy data: Theorem 2's bound
        assert "Theorem 2" in m["text"], report
    assert m["top"] >= 0 and m["bottom"] <= m["vh"] + 1 and m["right"] <= m["vw"] + 1, report
    assert m["sw"] <= m["cw"] + SLACK, report
    for eq in m["katex"]:
        assert eq["right"] <= eq["column"] + 1, f"an equation past its column: {eq} ({report})"
        assert eq["sw"] <= eq["cw"] + SLACK, f"an equation scrolls: {eq} ({report})"


@pytest.mark.parametrize("step", [40, 41])
def test_the_update_fits_its_column_from_a_random_start_at_a_small_eta(
    browser: Any, streamlit_server: Any, tmp_path: Path, step
):
    """The issue's link (noisy data, eta = 0.01, a random start): weights with four
    significant digits on both sides of the update; at 1024x768 in presenter mode every
    equation beside the chart stays inside its column (b's update was cut at the edge)."""
    url = streamlit_server("app.py")
    query = f"&pg_noise=0.05&pg_eta=0.01&pg_start=random&pg_start_seed=1&pg_step={step}"
    context, page = open_page(browser, url, "playground", (1024, 768), True, query=query)
    try:
        m = page.evaluate(BOUND_MEASURE, [BOUND["playground"]])
        shoot(page, tmp_path, f"random_start_{step}")
    finally:
        context.close()
    assert m is not None and m["katex"], m
    if step == 40:  # a mistake: the update w + eta y x and b + eta y are written out
        assert sum("η" in eq["text"] for eq in m["katex"]) >= 1, m["katex"]
    for eq in m["katex"]:
        assert eq["right"] <= eq["column"] + 1, f"an equation past its column: {eq}"
        assert eq["sw"] <= eq["cw"] + SLACK, f"an equation scrolls: {eq}"
