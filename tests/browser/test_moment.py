"""Link to this moment, in Chromium: the popover under the Playground's chart holds the
full link of the step on screen; opened in a new tab it shows the same step in presenter
mode; Add to the lecture puts it under Your scenes on the Lecture page, whose Open lands
on it (artifacts/screenshots/moment_popover.png, moment_lecture.png)."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlparse

from browser_helpers import open_app, screenshot

STATUS = ".st-key-pg_status p"


def status(page: Any) -> str:
    return page.locator(STATUS).inner_text()


def wait_status(page: Any, starts: str) -> None:
    page.wait_for_function(
        "([sel, s]) => { const p = document.querySelector(sel);"
        " return p && p.textContent.startsWith(s); }",
        arg=[STATUS, starts],
        timeout=60_000,
    )


def test_a_moment_copied_and_added_to_the_lecture(page: Any, streamlit_server: Any, browser: Any):
    url = streamlit_server("app.py")
    page.set_viewport_size({"width": 1280, "height": 900})
    open_app(page, url + "/playground?pg_n=30&pg_seed=4")
    page.wait_for_selector('[data-testid="stageOver"] .main-svg', timeout=60_000)  # mounted
    page.locator(".st-key-pg_status").click()  # focus the page, not a widget
    for _ in range(3):
        page.keyboard.press("s")
    wait_status(page, "update 3")
    shown = status(page)
    # The server learns the step a moment later; the link then carries it.
    page.wait_for_function(
        "() => new URLSearchParams(location.search).get('pg_step') !== null", timeout=30_000
    )
    page.locator(".st-key-pg_moment button").first.click()
    code = page.locator('[data-testid="stCode"] code').first
    code.wait_for(timeout=30_000)
    page.wait_for_function(
        "() => [...document.querySelectorAll('[data-testid=\"stCode\"] code')]"
        ".some(c => c.textContent.includes('pg_step='))",
        timeout=30_000,
    )
    link = next(
        t for t in page.locator('[data-testid="stCode"] code').all_inner_texts() if "pg_step=" in t
    ).strip()
    parts = urlparse(link)
    assert f"{parts.scheme}://{parts.netloc}" == url and parts.path == "/playground"
    query = parse_qs(parts.query)
    assert query["pg_presenter"] == ["true"] and query["pg_n"] == ["30"]
    step = int(query["pg_step"][0])
    assert step >= 3
    screenshot(page, "moment_popover", full_page=False)

    other = browser.new_page()  # a student's tab: a fresh session from the link
    try:
        open_app(other, link)
        other.wait_for_selector(STATUS, timeout=60_000)
        assert other.locator(STATUS).inner_text() == shown
        assert other.locator('[data-testid="stHeading"] h1').count() == 0  # presenter mode
    finally:
        other.close()

    title = page.locator(".st-key-pg_moment_title input")
    title.fill("Three updates <b>on</b> **thirty**")
    title.press("Enter")
    page.locator(".st-key-pg_moment_add button").click()
    page.wait_for_function(
        "() => document.body.innerText.includes('Your scenes: 1')", timeout=30_000
    )
    page.keyboard.press("Escape")
    # To the Lecture page in the same session (a page load would start a new one).
    page.locator('[data-testid="stSidebarNav"] a[href$="/lecture"]').click()
    page.wait_for_selector(".st-key-lab_mine_open_0 button", timeout=60_000)
    mine = page.locator('[data-testid="stText"]').all_inner_texts()
    assert any(t.endswith(". Three updates <b>on</b> **thirty**") for t in mine), mine
    assert page.locator("b:text('on')").count() == 0  # the title is text, not HTML
    screenshot(page, "moment_lecture", full_page=False)
    page.locator(".st-key-lab_mine_open_0 button").click()
    wait_status(page, shown)
    assert urlparse(page.url).path in ("/", "/playground")  # the default page
    assert page.locator('[data-testid="stHeading"] h1').count() == 0  # presenter mode
