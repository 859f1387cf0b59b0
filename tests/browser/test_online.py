"""/online in Chromium at a projector's 1024x768: click empty chart space, read the
prediction, reveal the label with its key, see the mistake count move, let the adversary
play; the same in presenter mode. Screenshots: artifacts/screenshots/online_*.png."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from browser_helpers import expect_rerun, next_frames, open_app, plot_area, screenshot

from ui import state

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1024, "height": 768}
SLOW = 120_000  # ms: the machine is shared and can run many times slower than usual
BOARD = ".plot-click-graph.js-plotly-plot"


def count(page: Any) -> str:
    return page.locator(".st-key-on_count").inner_text().strip()


def points_in_link(page: Any):
    code = {k: v[0] for k, v in parse_qs(urlparse(page.url).query).items()}.get("on_pts", "")
    return state.decode_points(code)


def no_error(page: Any) -> None:
    assert page.locator('[data-testid="stException"]').count() == 0
    assert page.locator('[data-testid="stAlertContentError"]').count() == 0


def to_top(page: Any) -> None:
    """Scroll the page back to its top (a pressed button may have scrolled it)."""
    page.evaluate(
        "() => document.querySelectorAll('*').forEach(e => { if (e.scrollTop) e.scrollTop = 0; })"
    )
    next_frames(page)


def on_first_screen(page: Any, selector: str) -> None:
    to_top(page)
    page.mouse.move(1, 1)  # no hover label over the chart
    box = page.locator(selector).first.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PROJECTOR["height"], (
        selector,
        box,
    )


def click_board(page: Any, x: float, y: float) -> tuple[float, float]:
    area = plot_area(page, BOARD)
    px, py = (round(v) for v in area.to_pixel(x, y))
    with expect_rerun(page, SLOW):
        page.mouse.click(px, py)
    return area.to_data(px, py)


def key(page: Any, letter: str) -> None:
    with expect_rerun(page, SLOW):
        page.locator(".st-key-on_count").click()  # focus the page, not a widget
        page.keyboard.press(letter)


def test_click_predict_reveal_count_and_the_adversary(page: Any, streamlit_server: Any):
    url = streamlit_server("app.py")
    page.set_viewport_size(PROJECTOR)
    page.set_default_timeout(SLOW)
    open_app(page, url + "/online", timeout=2 * SLOW)
    page.wait_for_selector(f"{BOARD} .nsewdrag", timeout=SLOW)
    no_error(page)
    assert count(page).startswith("M = 0 mistakes in 0 arrivals")
    on_first_screen(page, f"{BOARD} .nsewdrag")

    # Click empty chart space: the point is placed, the prediction shows, the label does not.
    cx, cy = click_board(page, 1.0, 1.5)
    prediction = page.locator('[data-testid="stMarkdownContainer"]', has_text="New point (").first
    prediction.wait_for()
    assert "I don't know" in prediction.inner_text()  # w = 0: a tie
    assert page.locator(".st-key-on_label_pos button").first.is_enabled()
    assert len(points_in_link(page)[1]) == 0  # no arrival before the label
    on_first_screen(page, ".st-key-on_label_pos")
    screenshot(page, "online_prediction", full_page=False)

    # Reveal +1 with its key: a mistake (a tie), the count moves, the link holds the arrival.
    key(page, "1")
    page.wait_for_function(
        "() => document.querySelector('.st-key-on_count').innerText.startsWith('M = 1 mistake')"
    )
    assert count(page).startswith("M = 1 mistake in 1 arrival")
    X, y = points_in_link(page)
    assert y.tolist() == [1]
    tol = 0.05  # a pixel of this board is about 0.02
    assert abs(X[0, 0] - cx) <= tol and abs(X[0, 1] - cy) <= tol
    on_first_screen(page, ".st-key-on_count")

    # A second point on the other side: w = (x, 1.5), b = 1 predicts -1 there; label -1.
    click_board(page, -1.5, -1.0)
    assert "predicts −1" in prediction.inner_text()
    key(page, "2")
    page.wait_for_function(
        "() => document.querySelector('.st-key-on_count').innerText.includes('in 2 arrivals')"
    )
    assert count(page).startswith("M = 1 mistake in 2 arrivals")

    # The adversary: each press is one more mistake, and the bound holds.
    for k in (2, 3):
        with expect_rerun(page, SLOW):
            page.locator(".st-key-on_adversary button").first.click()
        page.wait_for_function(
            "(k) => document.querySelector('.st-key-on_count').innerText"
            ".startsWith(`M = ${k} mistakes in ${k + 1} arrivals`)",
            arg=k,
        )
    text = count(page)
    bound = float(re.search(r"R²/γ\*² = ([\d.]+)", text).group(1))
    assert 3 <= bound
    no_error(page)
    on_first_screen(page, ".st-key-on_count")
    screenshot(page, "online_adversary", full_page=False)

    # Undo takes the adversary's last point back, exactly.
    with expect_rerun(page, SLOW):
        page.locator(".st-key-on_undo_button button").first.click()
    page.wait_for_function(
        "() => document.querySelector('.st-key-on_count').innerText.startsWith('M = 2 mistakes')"
    )
    assert len(points_in_link(page)[1]) == 3


def test_the_adversary_to_the_end_in_presenter_mode(page: Any, streamlit_server: Any):
    url = streamlit_server("app.py")
    page.set_viewport_size(PROJECTOR)
    page.set_default_timeout(SLOW)
    open_app(page, url + "/online?on_presenter=true", timeout=2 * SLOW)
    page.wait_for_selector(f"{BOARD} .nsewdrag", timeout=SLOW)
    with expect_rerun(page, SLOW):
        page.locator(".st-key-on_adversary_all button").first.click()
    page.get_by_text("The adversary is out of moves").wait_for()
    text = count(page)
    m = re.match(r"M = (\d+) mistakes in (\d+) arrivals ≤ R²/γ\*² = ([\d.]+)", text)
    assert m and m.group(1) == m.group(2) and int(m.group(1)) <= float(m.group(3)), text
    no_error(page)
    on_first_screen(page, f"{BOARD} .nsewdrag")
    on_first_screen(page, ".st-key-on_count")
    screenshot(page, "online_presenter", full_page=False)
    screenshot(page, "online_presenter_full")
