"""For students who cannot see the chart, and for a dark hall (issue 20, part 3), in a real
browser: the live region says each visit as a textbook loop written here computes it; the
data table holds the scores at the step; Tab reaches every control and each shows a ring;
axe-core (npm, ``package.json``) finds no serious or critical violation on any page of the
lab's navigation, light or dark; the dark theme darkens the page and every figure and keeps
their text legible (contrast computed here, WCAG's formula)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from browser_helpers import (
    REPO_ROOT,
    expect_rerun,
    lab_pages,
    open_app,
    press_js,
    screenshot,
    wait_for_app_idle,
    wait_for_charts,
)

from ui.state import lab

AXE = REPO_ROOT / "node_modules" / "axe-core" / "axe.min.js"
# Notes 002's Example 1 (ERRATA.md): not separable, so 3 epochs run to their end.
LINK = (
    "/playground?pg_source=Examples&pg_example=Notes+002%2C+example+1+%284+points%29"
    "&pg_max_epochs=3"
)
X = [(1, 1), (2, 2), (1, 2), (2, 1)]
Y = [1, 1, -1, -1]
EPOCHS = 3
OVER = '[data-testid="stageOver"]'
LIVE = '[aria-live="polite"]'
M = "\u2212"

# Press a stage button and wait until the layer over the points shows another cursor; what
# the live region and the table's container say at that moment.
REGIONS_JS = f"document.querySelectorAll('{LIVE}')"
TABLE_JS = "document.querySelector('.st-key-pg_table')"
PRESS_JS = press_js(
    regions=f"{REGIONS_JS}.length",
    said=f"((l) => (l.length ? l[0].textContent : null))({REGIONS_JS})",
    tableStale=f"((t) => (t ? t.classList.contains('stage-stale') : null))({TABLE_JS})",
    tableCaption=f"((t) => (t && t.querySelector('caption') ? "
    f"t.querySelector('caption').textContent : null))({TABLE_JS})",
)


def number(v: float) -> str:
    """The test's own writing of the integers of Example 1: a minus sign for negatives."""
    assert float(v).is_integer()
    return f"{M}{-int(v)}" if v < 0 else str(int(v))


def textbook() -> tuple[list[str], list[tuple[list[float], float]]]:
    """The perceptron on Example 1 by the book (mistake when y(w·x + b) <= 0, then
    w += y x, b += y), from w = 0, in the listed order: each visit's line as the live region
    must say it, and (w, b) after each visit (index 0: before any)."""
    w, b = [0.0, 0.0], 0.0
    lines, weights = [], [([0.0, 0.0], 0.0)]
    t = 0
    for epoch in range(EPOCHS):
        made = 0
        for i, (x, label) in enumerate(zip(X, Y, strict=True)):
            t += 1
            a = w[0] * x[0] + w[1] * x[1] + b
            line = (
                f"visit {t}: point ({number(x[0])}, {number(x[1])}), "
                f"label {'+1' if label > 0 else M + '1'}, w·x + b = {number(a)}, "
            )
            if label * a <= 0:
                made += 1
                w = [w[0] + label * x[0], w[1] + label * x[1]]
                b += label
                line += "a tie, so a mistake" if a == 0 else "a mistake"
                line += f"; w becomes ({number(w[0])}, {number(w[1])}), b = {number(b)}"
            else:
                line += f"no mistake; w stays ({number(w[0])}, {number(w[1])}), b = {number(b)}"
            if i == len(X) - 1:
                line += f"; end of epoch {epoch + 1}: {made} mistake{'s' if made != 1 else ''}"
            lines.append(line)
            weights.append((list(w), b))
        assert made > 0  # Example 1 is not separable: no clean pass
    lines[-1] += f"; the run ends, stopped after {EPOCHS} epochs (max epochs) without converging"
    return lines, weights


def test_step_and_visit_are_said_in_the_live_region(page: Any, streamlit_server: Any):
    url = streamlit_server("app.py")
    open_app(page, url + LINK)
    page.wait_for_selector(f"{OVER} .main-svg", timeout=60_000)
    lines, _ = textbook()
    region = page.locator(LIVE)
    assert region.count() == 1  # one polite live region on the page
    assert region.get_attribute("aria-atomic") == "true"
    assert region.text_content().startswith("start: w = (0, 0), b = 0; each visit tests")
    box = region.bounding_box()  # in the page for a screen reader, not drawn
    assert box is None or (box["width"] <= 1 and box["height"] <= 1), box
    # Visit: every visit in turn, drawn in the browser from the frames (no rerun).
    for t in range(1, len(lines) + 1):
        shown = page.evaluate(PRESS_JS, "pg_visit")
        assert shown is not None and shown["cursor"] == t, shown
        assert shown["regions"] == 1
        assert shown["said"] == lines[t - 1], (t, shown)
    # Reset, then Step: to just after each next mistake, said as that visit.
    page.evaluate(PRESS_JS, "pg_reset")
    mistakes = [t for t, line in enumerate(lines, 1) if "a mistake;" in line]
    for t in mistakes[:5]:
        shown = page.evaluate(PRESS_JS, "pg_step")
        assert shown["cursor"] == t and shown["said"] == lines[t - 1], (t, shown)
    # A step the server draws (the page's rerun) is in the region too: the server's page.
    page.wait_for_function("() => !document.querySelector('.stage-stale')", timeout=30_000)
    wait_for_app_idle(page)
    assert region.text_content() == lines[mistakes[4] - 1]


def read_table(page: Any) -> tuple[str, list[list[str]]]:
    table = page.locator(".st-key-pg_table table")
    caption = table.locator("caption").text_content()
    heads = table.locator("thead th").all_text_contents()
    assert heads == ["point", "x1", "x2", "label", "w·x + b now", "classified"]
    rows = [
        [row.locator("th").text_content(), *row.locator("td").all_text_contents()]
        for row in table.locator("tbody tr").all()
    ]
    return caption, rows


def test_the_data_table_holds_the_scores_at_the_step(page: Any, streamlit_server: Any):
    url = streamlit_server("app.py")
    open_app(page, url + LINK)
    page.wait_for_selector(f"{OVER} .main-svg", timeout=60_000)
    _, weights = textbook()
    for _ in range(3):
        page.evaluate(PRESS_JS, "pg_visit")
    page.wait_for_function("() => !document.querySelector('.stage-stale')", timeout=30_000)
    wait_for_app_idle(page)
    page.locator(".st-key-pg_table summary").click()
    caption, rows = read_table(page)
    w, b = weights[3]
    scores = [w[0] * x[0] + w[1] * x[1] + b for x in X]
    wrong = [label * s <= 0 for label, s in zip(Y, scores, strict=True)]
    assert caption.startswith("The data and each point's score after 3 visits")
    assert f"w = ({number(w[0])}, {number(w[1])}), b = {number(b)}: {sum(wrong)} of 4 rows" in (
        caption
    )
    assert rows == [
        [
            str(i + 1),
            number(x[0]),
            number(x[1]),
            "+1" if label > 0 else M + "1",
            number(s),
            "wrongly (a mistake)" if bad else "correctly",
        ]
        for i, (x, label, s, bad) in enumerate(zip(X, Y, scores, wrong, strict=True))
    ]
    # A step drawn in the browser: the table shows the server's step until the server
    # follows, and is marked so; its caption names the step it shows.
    shown = page.evaluate(PRESS_JS, "pg_visit")
    assert shown["cursor"] == 4 and shown["tableStale"] is True, shown
    assert "after 3 visits" in shown["tableCaption"]
    page.wait_for_function("() => !document.querySelector('.stage-stale')", timeout=30_000)
    wait_for_app_idle(page)
    caption, rows = read_table(page)
    w, b = weights[4]
    assert "after 4 visits" in caption and f"w = ({number(w[0])}, {number(w[1])})" in caption
    assert [r[4] for r in rows] == [number(w[0] * x[0] + w[1] * x[1] + b) for x in X]


# --------------------------------------------------------------------------- the keyboard
FOCUS_JS = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  el.dataset.labTabbed = "1";
  const visible = (e) => {
    const r = e.getBoundingClientRect();
    return r.width > 2 && r.height > 2;
  };
  // A hidden input (a radio, a checkbox) shows its focus on its label.
  const shown = visible(el) ? el : (el.closest('label') || el);
  const s = getComputedStyle(shown);
  const key = [...(el.closest('[class*="st-key-"]') || {classList: []}).classList]
    .find((c) => c.startsWith('st-key-')) || '';
  return {
    id: el.tagName + '|' + (el.getAttribute('aria-label') || el.textContent || el.value || '')
      .trim().slice(0, 40) + '|' + key,
    tag: el.tagName, role: el.getAttribute('role'), label: el.getAttribute('aria-label'),
    text: (el.textContent || '').trim().slice(0, 40), key,
    outlineStyle: s.outlineStyle, outlineWidth: parseFloat(s.outlineWidth),
    outlineColor: s.outlineColor,
    boxShadow: s.boxShadow,
    page: getComputedStyle(document.querySelector('[data-testid="stApp"]')).backgroundColor,
  };
}"""


def rgb(css: str) -> tuple[float, ...]:
    """The red, green and blue of a CSS colour: rgb(), rgba() or #rrggbb."""
    if css.startswith("#"):
        return tuple(float(int(css[i : i + 2], 16)) for i in (1, 3, 5))
    return tuple(float(v) for v in re.findall(r"[\d.]+", css)[:3])


def luminance(css: str) -> float:
    """WCAG's relative luminance of a CSS rgb() colour."""

    def channel(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb(css))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_tab_reaches_every_control_and_shows_where_it_is(page: Any, streamlit_server: Any):
    url = streamlit_server("app.py")
    open_app(page, url + LINK)
    page.wait_for_selector(f"{OVER} .main-svg", timeout=60_000)
    page.locator(".st-key-pg_table summary").click()  # the table's expander open
    page.wait_for_selector(".st-key-pg_table details[open]", state="attached")
    wait_for_app_idle(page, timeout=60_000)  # no rerun moves the focus during the walk
    page.locator(".st-key-pg_status").click()  # the page focused, no control
    reached: dict[str, dict] = {}
    first = None
    rounds = 0
    for _ in range(500):
        page.keyboard.press("Tab")
        focus = page.evaluate(FOCUS_JS)
        if focus is None:
            continue
        if focus["id"] == first:
            rounds += 1
            if rounds == 2:
                break  # round the page twice: a late rerun that moved the focus is made good
        first = first or focus["id"]
        reached.setdefault(focus["id"], focus)
    assert len(reached) > 20, list(reached)
    for focus in reached.values():
        ring = focus["outlineStyle"] != "none" and focus["outlineWidth"] >= 2
        assert ring, str(focus)  # the lab's ring, not only a faint shadow
        assert contrast(focus["outlineColor"], focus["page"]) >= 3, focus
    keys = {f["key"] for f in reached.values()}
    for key in ("st-key-pg_step", "st-key-pg_visit", "st-key-pg_epoch", "st-key-pg_end",
                "st-key-pg_play", "st-key-pg_scrub", "st-key-pg_table"):  # fmt: skip
        assert key in keys, (key, sorted(keys))
    assert f"st-key-{lab.THEME_PICK}" in keys, sorted(keys)  # the lab's Theme
    # The chart: reached, with a name a screen reader says.
    charts = [f for f in reached.values() if (f["label"] or "").startswith("Chart of the data")]
    assert charts, sorted(reached)
    # Every control on the page was reached (enabled and drawn); in a radio group (a
    # segmented control) Tab reaches the group, the arrow keys its options (ARIA's pattern).
    missed = page.evaluate(
        """() => [...document.querySelectorAll(
            'button, a[href], input, select, textarea, [role="slider"], summary, [tabindex="0"]')]
        .filter((e) => !e.disabled && e.tabIndex >= 0 && e.type !== 'hidden'
                 && e.getClientRects().length && !e.closest('[aria-hidden="true"]')
                 && getComputedStyle(e).visibility !== 'hidden')
        .filter((e) => !e.dataset.labTabbed)
        .filter((e) => { const g = e.closest('[role="radiogroup"]');
                         return !(g && g.querySelector('[data-lab-tabbed]')); })
        .map((e) => e.outerHTML.slice(0, 120))"""
    )
    assert not missed, missed
    screenshot(page, "a11y_focus", full_page=False)


# ---------------------------------------------------------------------- every page, axe
AXE_JS = """async () => {
  const result = await axe.run(document, {resultTypes: ['violations']});
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({id: v.id, impact: v.impact,
                  nodes: v.nodes.slice(0, 3)
                    .map((n) => n.target.join(' ') + ': ' + n.failureSummary)}));
}"""

# The figures on a page: each chart's own graph (the stage's scene and the page's other
# charts), with the backgrounds it is drawn on and its axes' text colour.
FIGURES_JS = """() => {
  const page = getComputedStyle(document.querySelector('[data-testid="stApp"]')).backgroundColor;
  const under = (gd) => gd.parentElement.querySelector('.plot-click-under');
  const norm = (c) => {  // any CSS colour (white, #fff, rgba) as the browser's rgb()/rgba()
    if (!c) return null;
    const d = document.createElement('div');
    d.style.color = c;
    document.body.appendChild(d);
    const v = getComputedStyle(d).color;
    d.remove();
    return v;
  };
  return {page, text: getComputedStyle(document.querySelector('h1') || document.body).color,
    figures: [...document.querySelectorAll('.plot-click-graph')]
      .filter((gd) => gd._fullLayout).map((gd) => {
      const u = under(gd);
      const layer = u && u._fullLayout ? u._fullLayout : null;
      const tick = gd.querySelector('.xtick text, .ytick text, .g-gtitle text, .legendtext');
      return {paper: norm(gd._fullLayout.paper_bgcolor), plot: norm(gd._fullLayout.plot_bgcolor),
              under: layer ? norm(layer.plot_bgcolor) : null,
              tick: tick ? getComputedStyle(tick).fill : null};
    })};
}"""


def opaque(color: str | None) -> bool:
    if not color or color == "transparent":
        return False
    parts = re.findall(r"[\d.]+", color)
    return len(parts) < 4 or float(parts[3]) > 0


def check_axe(page: Any, where: str) -> None:
    if not AXE.exists():
        pytest.fail(
            "node_modules/axe-core is missing: run `npm ci` at the top level (.ci/run does)"
        )
    page.add_script_tag(path=str(AXE))
    violations = page.evaluate(AXE_JS)
    assert violations == [], (where, violations)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_page_passes_axe_and_the_dark_theme_is_dark(
    page: Any, streamlit_server: Any, theme: str
):
    url = streamlit_server("app.py")
    for path in lab_pages():
        open_app(page, f"{url}/{path}" + ("?theme=dark" if theme == "dark" else ""))
        wait_for_charts(page)
        check_axe(page, f"/{path} ({theme})")
        shown = page.evaluate(FIGURES_JS)
        page_dark = luminance(shown["page"]) < 0.05
        assert page_dark == (theme == "dark"), (path, shown["page"])
        assert contrast(shown["text"], shown["page"]) >= 4.5, (path, shown)
        for fig in shown["figures"]:
            # What the chart is drawn on: its own background, else the layer under it
            # (the stage's), else the page.
            back = next(c for c in (fig["plot"], fig["under"], shown["page"]) if opaque(c))
            paper = fig["paper"] if opaque(fig["paper"]) else shown["page"]
            if theme == "dark":
                assert luminance(back) < 0.05 and luminance(paper) < 0.05, (path, fig)
            if fig["tick"]:
                assert contrast(fig["tick"], back) >= 4.5, (path, fig)
        if path in ("playground", "kernel"):
            page.set_viewport_size({"width": 1024, "height": 768})
            screenshot(page, f"a11y_{path}_{theme}_1024", full_page=False)
            page.set_viewport_size({"width": 1280, "height": 1000})


def test_the_lecturer_chooses_dark_in_the_sidebar(page: Any, streamlit_server: Any):
    url = streamlit_server("app.py")
    open_app(page, url + LINK)
    page.wait_for_selector(f"{OVER} .main-svg", timeout=60_000)
    assert luminance(page.evaluate(FIGURES_JS)["page"]) > 0.5
    with expect_rerun(page):
        page.get_by_role("radiogroup", name="Theme").get_by_text("Dark", exact=True).click()
    # The link carries it and the page opens again in it, at the same step and data.
    page.wait_for_function(
        """() => document.documentElement.dataset.labTheme === 'dark'""", timeout=60_000
    )
    assert "theme=dark" in page.url and "pg_source=Examples" in page.url
    page.wait_for_selector(f"{OVER} .main-svg", timeout=60_000)
    wait_for_app_idle(page)
    shown = page.evaluate(FIGURES_JS)
    assert luminance(shown["page"]) < 0.05
    boundary = page.evaluate(
        """() => { const t = [...document.querySelectorAll('.plot-click-graph')]
                   .map((g) => g._fullData || []).flat().find((d) => d.name === 'boundary');
                   return t ? t.line.color : null; }"""
    )
    assert boundary is not None and contrast(boundary, shown["page"]) >= 7, boundary


PANEL_JS = """(id) => {
  const box = document.getElementById(id);
  return box ? {back: getComputedStyle(box).backgroundColor,
                text: getComputedStyle(box).color,
                buttons: [...box.querySelectorAll('button')].map((b) => [
                  getComputedStyle(b).backgroundColor, getComputedStyle(b).color])} : null;
}"""


def test_a_students_class_panels_are_dark_in_a_dark_hall(browser: Any, streamlit_server: Any):
    """A class on a dark projector: the student's question panel and collect bar (drawn by
    the page's script, not Streamlit) are dark with legible text, and pass axe."""
    url = streamlit_server("app.py")
    lect_ctx = browser.new_context(viewport={"width": 1024, "height": 768})
    stud_ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    try:
        lect, stud = lect_ctx.new_page(), stud_ctx.new_page()
        open_app(lect, url + "/playground?pg_n=30&pg_seed=3&pg_noise=0.1&pg_step=3&theme=dark")
        lect.wait_for_selector(f"{OVER} .main-svg", timeout=60_000)
        lect.locator(".st-key-lab_class_start button").first.click()
        lect.wait_for_selector('[data-testid="stImage"] img', timeout=30_000)
        wait_for_app_idle(lect)
        link = lect.locator('[data-testid="stCode"]').first.inner_text().strip()
        open_app(stud, link + ("&" if "?" in link else "?") + "theme=dark")
        stud.wait_for_selector(f"{OVER} .main-svg", timeout=60_000)
        wait_for_app_idle(stud)
        lect.mouse.click(600, 5)  # the page has the keys
        lect.wait_for_selector(".st-key-lab_class_ask button", timeout=30_000)
        lect.keyboard.press("q")  # Ask the class
        stud.wait_for_selector("#lab-poll button[data-choice]", timeout=30_000)
        field = lect.locator(".st-key-lab_class_per_student input")
        field.fill("2")
        field.press("Enter")
        wait_for_app_idle(lect)
        lect.locator(".st-key-lab_class_collect button").first.click()
        stud.wait_for_selector("#lab-collect button[data-label='-1']", timeout=30_000)
        for panel in ("lab-poll", "lab-collect"):
            shown = stud.evaluate(PANEL_JS, panel)
            assert shown is not None, panel
            assert luminance(shown["back"]) < 0.05, (panel, shown)
            assert contrast(shown["text"], shown["back"]) >= 4.5, (panel, shown)
            for back, text in shown["buttons"]:
                if opaque(back):
                    assert contrast(text, back) >= 4.5, (panel, back, text)
        screenshot(stud, "a11y_class_panels_dark_390", full_page=False)
        check_axe(stud, "a student's class panels (dark)")
    finally:
        lect_ctx.close()
        stud_ctx.close()
