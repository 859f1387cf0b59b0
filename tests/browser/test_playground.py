"""The Playground in Chromium: draw three points on an empty chart, step with a button and
with the keyboard, play, scrub, upload a CSV, download the run. Screenshots are saved to
artifacts/screenshots/playground_*.png."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from browser_helpers import (
    expand_sidebar,
    expect_rerun,
    next_frames,
    open_app,
    plot_area,
    screenshot,
    wait_for_app_idle,
    wait_for_fit,
)

from ui import state

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
BOARD = ".plot-click-graph.js-plotly-plot"
STATUS = re.compile(r"^(start|update \d+|arrival \d+) ")


def status(page: Any) -> str:
    texts = page.locator('[data-testid="stMarkdownContainer"] strong').all_inner_texts()
    return next((t for t in texts if STATUS.match(t)), "")


def query(page: Any) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlparse(page.url).query).items()}


def radio(page: Any, group: str, option: str) -> None:
    box = page.locator('[data-testid="stButtonGroup"]', has_text=group).first
    with expect_rerun(page):
        box.get_by_role("radio", name=option, exact=True).click()


def button(page: Any, label: str) -> None:
    with expect_rerun(page):
        page.locator('[data-testid="stButton"] button', has_text=label).first.click()


def wait_status(page: Any, pattern: str, timeout: float = 15_000) -> str:
    page.wait_for_function(
        """(re) => [...document.querySelectorAll('[data-testid="stMarkdownContainer"] strong')]
               .some(e => new RegExp(re).test(e.innerText))""",
        arg=pattern,
        timeout=timeout,
    )
    return status(page)


def test_draw_step_play_scrub_upload_download(page: Any, streamlit_server: Any, tmp_path):
    url = streamlit_server("app.py")
    open_app(page, url + "/?pg_source=Draw")
    page.wait_for_selector(f"{BOARD} .nsewdrag", timeout=60_000)
    assert status(page) == "" and page.get_by_text("No run yet").count() == 1
    screenshot(page, "playground_empty_board")

    # Click three points onto the empty chart: two +1, one -1 (a run with 5 updates, at
    # visits 1, 3, 6, 7 and 9, converged in epoch 4).
    area = plot_area(page, BOARD)
    targets = [((-1.5, -1.5), None), ((-1.5, -0.9), None), ((-0.9, -0.3), "−1 (orange ■)")]
    clicked = []
    for (x, y), switch in targets:
        if switch:
            radio(page, "Class of the next point", switch)
        px, py = (round(v) for v in area.to_pixel(x, y))
        with expect_rerun(page):
            page.mouse.click(px, py)
        clicked.append(area.to_data(px, py))
    page.wait_for_function(
        f"() => document.querySelector('{BOARD}').data.some(t => t.x && t.x.length == 2)"
    )
    X, labels = state.decode_points(query(page)["pg_pts"])
    assert labels.tolist() == [1, 1, -1]
    tol = max(area.data_per_pixel) / 2 + 1 / state.GRID
    for (cx, cy), (px_, py_) in zip(X.tolist(), clicked, strict=True):
        assert abs(cx - px_) <= tol and abs(cy - py_) <= tol
    assert status(page).startswith("start · update 0")
    screenshot(page, "playground_three_points")

    # The controls were there before the run, so the chart has not moved.
    assert plot_area(page, BOARD) == area

    # Clicking a point removes it; Undo brings it back.
    px, py = (round(v) for v in area.to_pixel(*X[2]))
    with expect_rerun(page):
        page.mouse.click(px, py)
    assert len(state.decode_points(query(page)["pg_pts"])[1]) == 2
    button(page, "Undo")
    assert len(state.decode_points(query(page)["pg_pts"])[1]) == 3

    # Step with the button, then with the keyboard.
    button(page, "Step")
    first = wait_status(page, "^update 1 ")
    assert "mistake" in first and query(page)["pg_step"] == "1"
    page.locator('[data-testid="stMarkdownContainer"] strong', has_text="update 1").click()
    with expect_rerun(page):
        page.keyboard.press("v")
    assert wait_status(page, "example 2 of 3").startswith("update 1")
    with expect_rerun(page):
        page.keyboard.press("s")
    after_key = wait_status(page, "^update 2 ")
    screenshot(page, "playground_after_steps")

    # Play to the end (one update per frame, in the browser): it stops by itself.
    page.locator(".st-key-pg_play button").click()
    wait_status(page, "converged", timeout=60_000)
    page.wait_for_function(
        "() => !document.querySelector('.st-key-pg_play').dataset.stagePlaying", timeout=30_000
    )
    page.wait_for_function(  # and the server follows to the end
        "() => !document.querySelector('.stage-stale')", timeout=30_000
    )
    wait_for_app_idle(page)
    assert "converged" in status(page) and status(page) != after_key
    screenshot(page, "playground_played")

    # Scrub back to the start with the slider (keyboard on its thumb).
    thumb = page.locator('[data-testid="stSlider"]', has_text="Step (visits done)")
    with expect_rerun(page):
        thumb.get_by_role("slider").press("Home")
    assert wait_status(page, "^start").startswith("start")
    with expect_rerun(page):
        thumb.get_by_role("slider").press("ArrowRight")
    wait_status(page, "example 1 of 3")

    # Upload a CSV.
    radio(page, "Data", "Upload")
    with expect_rerun(page):
        page.locator('[data-testid="stFileUploaderDropzoneInput"]').set_input_files(
            str(ROOT / "tests" / "data" / "playground_good.csv")
        )
    page.wait_for_selector("text=8 rows used, 2 dropped", timeout=30_000)
    page.wait_for_selector(".js-plotly-plot .nsewdrag")
    button(page, "Run to end")
    wait_status(page, "converged", timeout=60_000)
    screenshot(page, "playground_uploaded")

    # Download the run as CSV: one row per visit.
    with page.expect_download(timeout=30_000) as info:
        page.locator('[data-testid="stDownloadButton"] button', has_text="Run (CSV").click()
    path = tmp_path / "run.csv"
    info.value.save_as(path)
    rows = list(csv.DictReader(io.StringIO(path.read_text())))
    assert list(rows[0]) == [
        "step", "epoch", "position", "index", "length", "width", "y", "activation",
        "mistake", "w1", "w2", "b",
    ]  # fmt: skip
    epochs = int(rows[-1]["epoch"])
    assert len(rows) == 8 * epochs and sum(int(r["mistake"]) for r in rows) >= 1


def test_presenter_mode_and_a_prepared_link(page: Any, streamlit_server: Any):
    url = streamlit_server("app.py")
    link = "/?pg_source=Examples&pg_example=Notes+002%2C+example+1+%284+points%29&pg_step=3"
    open_app(page, url + link + "&pg_presenter=true")
    page.wait_for_selector(".js-plotly-plot .nsewdrag", timeout=60_000)
    assert status(page).startswith("update 2 · epoch 1 · example 3 of 4 · mistake")
    font = page.evaluate("() => getComputedStyle(document.documentElement).fontSize")
    assert font == "20px"
    # The link opens with the sidebar folded; its open button stays (the rest of the
    # toolbar is hidden), and opening it shows the data controls and the toggle.
    sidebar = page.locator('[data-testid="stSidebar"]')
    assert sidebar.get_attribute("data-collapsed") == "true"
    assert not page.locator('[data-testid="stAppDeployButton"]').is_visible()
    wait_for_fit(page)
    screenshot(page, "playground_presenter")
    expand_sidebar(page)
    assert sidebar.get_by_text("Presenter mode").is_visible()


def test_animation_plays_in_the_page_and_offline(page: Any, streamlit_server: Any, tmp_path):
    url = streamlit_server("app.py")
    open_app(page, url + "/?pg_generator=Two+moons&pg_max_epochs=3")
    page.wait_for_selector(".js-plotly-plot .nsewdrag", timeout=60_000)
    toggle = page.locator('[data-testid="stCheckbox"]', has_text="whole run as an animation")
    with expect_rerun(page):
        toggle.locator("label").click()
    graph = page.locator(".js-plotly-plot", has=page.locator(".slider-container")).first
    graph.wait_for(timeout=30_000)
    frames = graph.evaluate("gd => gd._transitionData._frames.length")
    assert frames > 2
    graph.evaluate("gd => gd.on('plotly_animated', () => { window.animated = true; })")
    graph.locator(".updatemenu-button", has_text="Play").click()
    page.wait_for_function("() => window.animated === true", timeout=20_000)
    screenshot(page, "playground_animation")

    # The exported HTML plays with the network off (plotly.js inlined).
    with page.expect_download(timeout=60_000) as info:
        page.locator('[data-testid="stDownloadButton"] button', has_text="Animation").click()
    path = tmp_path / "run.html"
    info.value.save_as(path)
    offline = page.context.browser.new_context(offline=True)
    try:
        view = offline.new_page()
        view.goto(path.as_uri())
        view.wait_for_function("() => window.Plotly && document.querySelector('.js-plotly-plot')")
        count = view.evaluate(
            "() => document.querySelector('.js-plotly-plot')._transitionData._frames.length"
        )
        assert count == frames
        view.evaluate(
            """() => document.querySelector('.js-plotly-plot')
                .on('plotly_animated', () => { window.animated = true; })"""
        )
        view.locator(".updatemenu-button", has_text="Play").click()
        view.wait_for_function("() => window.animated === true", timeout=20_000)
        next_frames(view)
        view.screenshot(
            path=str(ROOT / "artifacts" / "screenshots" / "playground_offline_html.png")
        )
    finally:
        offline.close()
