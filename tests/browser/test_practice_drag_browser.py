"""/practice's handles in Chromium: the student answers the verdict, then drags w's arrow
tip and the boundary's handle with the mouse (or moves them with arrow keys) to the
textbook's update, computed here from the exercise (w + eta y x, b + eta y on a mistake,
in fractions); the boxes fill in and Check says right. Screenshots: /tmp/h21-drag/."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import REPO_ROOT, expect_rerun, open_app
from practice_oracle import exercise_visits

import perceptron_core as pc

SHOTS = Path("/tmp/h21-drag")
AXE = REPO_ROOT / "node_modules" / "axe-core" / "axe.min.js"  # npm ci (.ci/run does)
SERIOUS = """async () => (await axe.run(document, {resultTypes: ['violations']})).violations
  .filter((v) => v.impact === 'serious' || v.impact === 'critical')
  .map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).join(', '))"""


@pytest.fixture(scope="module")
def lab(keyed_lab) -> str:
    return keyed_lab("the drag test's own key, long enough to sign")


def textbook(ex) -> tuple[bool, tuple[Fraction, Fraction, Fraction]]:
    """The first visit's verdict and (w1, w2, b) after it, by the plain loop."""
    return exercise_visits(ex, 1)[0]


def to_screen(page: Any, x: float, y: float) -> tuple[float, float]:
    """The page's pixel of data point (x, y) on the chart with handles."""
    return tuple(
        page.evaluate(
            """([x, y]) => {
                 const gd = document.querySelector('.drag-root .js-plotly-plot');
                 const r = gd.getBoundingClientRect(), L = gd._fullLayout;
                 return [r.left + L.xaxis._offset + L.xaxis.l2p(x),
                         r.top + L.yaxis._offset + L.yaxis.l2p(y)];
               }""",
            [x, y],
        )
    )


def centre(page: Any, selector: str) -> tuple[float, float]:
    box = page.locator(selector).bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def drag(page: Any, selector: str, to: tuple[float, float]) -> None:
    sx, sy = centre(page, selector)
    page.mouse.move(sx, sy)
    page.mouse.down()
    for k in range(1, 11):  # through the way there: the lines follow
        page.mouse.move(sx + (to[0] - sx) * k / 10, sy + (to[1] - sy) * k / 10)
    page.mouse.up()


def boxes(page: Any) -> list[str]:
    return [page.get_by_label(n, exact=True).input_value() for n in ("w₁", "w₂", "b")]


def start(page: Any, url: str, seed: int, theme: str | None = None) -> tuple[Any, tuple]:
    ex = pc.exercise(seed, 1)
    mistake, after = textbook(ex)
    open_app(page, f"{url}/practice?pr_seed={seed}&pr_level=1", timeout=120_000)
    if theme is not None:
        with expect_rerun(page):
            page.get_by_text(theme, exact=True).click()
    with expect_rerun(page):
        page.get_by_role("button", name="Yes" if mistake else "No", exact=True).click()
    page.wait_for_selector(".drag-root[data-ready]", timeout=60_000)
    return ex, after


def check_right(page: Any, after) -> None:
    assert [pc.parse_number(s) for s in boxes(page)] == list(after)
    with expect_rerun(page):
        page.get_by_role("button", name="Check", exact=True).click()
    alert = page.locator('[data-testid="stAlert"]').first.inner_text()
    assert alert.startswith("Right."), alert


def test_dragging_the_handles_to_the_textbook_update_fills_the_boxes_and_is_right(page, lab):
    page.set_viewport_size({"width": 1024, "height": 768})
    ex, (w1, w2, b) = start(page, lab, 11)
    assert boxes(page) == ["", "", ""]
    # live: half way there, the mouse still down, the arrow and the boundary are drawn at the
    # snapped point under the mouse, and nothing is sent yet
    sx, sy = centre(page, ".drag-w")
    page.mouse.move(sx, sy)
    page.mouse.down()
    page.mouse.move(*to_screen(page, 2.1, -1.9))
    tip = centre(page, ".drag-w")
    want = to_screen(page, 2, -2)
    assert abs(tip[0] - want[0]) < 2 and abs(tip[1] - want[1]) < 2
    assert page.locator(".drag-root line").first.get_attribute("visibility") == "visible"
    assert boxes(page) == ["", "", ""]
    with expect_rerun(page):
        for k in range(1, 11):
            page.mouse.move(
                *to_screen(page, 2 + (float(w1) - 2) * k / 10, -2 + (float(w2) + 2) * k / 10)
            )
        page.mouse.up()
    assert [pc.parse_number(s) for s in boxes(page)] == [w1, w2, Fraction(ex.b0)]
    n2 = float(w1 * w1 + w2 * w2)  # the answer's boundary point nearest the origin
    p = (-float(b) * float(w1) / n2, -float(b) * float(w2) / n2)
    with expect_rerun(page):
        drag(page, ".drag-b", to_screen(page, *p))
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "dragged_1024x768.png"), full_page=False)
    # the arrow and the dashed line drawn are the answer's
    tip = centre(page, ".drag-w")
    want = to_screen(page, float(w1), float(w2))
    assert abs(tip[0] - want[0]) < 2 and abs(tip[1] - want[1]) < 2
    check_right(page, (w1, w2, b))


def test_arrow_keys_move_the_handles_by_one_step_to_the_answer(page, lab):
    ex, (w1, w2, b) = start(page, lab, 23)
    if not AXE.exists():
        pytest.fail("node_modules/axe-core is missing: run `npm ci` at the top level")
    page.add_script_tag(path=str(AXE))  # the handles pass axe (no serious or critical)
    assert page.evaluate(SERIOUS) == []
    label = page.locator(".drag-w").get_attribute("aria-label")
    assert "arrow keys move it by 1" in label, label
    page.locator(".drag-w").focus()
    keys = ["ArrowRight" if w1 > 0 else "ArrowLeft"] * abs(int(w1))
    keys += ["ArrowUp" if w2 > 0 else "ArrowDown"] * abs(int(w2))
    for key in keys:
        with expect_rerun(page):
            page.keyboard.press(key)
    page.locator(".drag-b").focus()
    for _ in range(abs(int(b))):
        with expect_rerun(page):
            page.keyboard.press("ArrowUp" if b > 0 else "ArrowDown")
    check_right(page, (w1, w2, b))


def test_the_chart_with_handles_is_drawn_dark_on_the_dark_theme(page, lab):
    start(page, lab, 11, theme="Dark")
    page.wait_for_function(
        "() => !!document.querySelector('.drag-root .js-plotly-plot')?._fullLayout"
    )
    paper, arrow = page.evaluate(
        """() => [document.querySelector('.drag-root .js-plotly-plot')._fullLayout.paper_bgcolor,
                  getComputedStyle(document.querySelector('.drag-root line + line')).stroke]"""
    )
    lum = lambda rgb: sum(int(c) for c in rgb.strip("rgba()").split(",")[:3]) / 3  # noqa: E731
    assert lum(paper) < 60 and lum(arrow) > 180, (paper, arrow)  # a dark chart, a light arrow
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "dark_1024x768.png"), full_page=False)
