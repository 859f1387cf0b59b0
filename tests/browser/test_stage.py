"""The stage steps in the browser: a Step is drawn from a frame the server sent ahead (no
rerun), the server learns the cursor afterwards, Back returns exactly, and a press beyond
the frames sent is made by the server from where the browser is."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qs, urlparse

from browser_helpers import open_app, screenshot

OVER = '[data-testid="stageOver"]'
LINK = "/?pg_n=200&pg_noise=0.1&pg_seed=3"

# Click a stage button and wait (animation frames) until the layer over the points shows
# another cursor; return what the page shows at that moment.
PRESS_JS = """async (key) => {
  const over = document.querySelector('[data-testid="stageOver"]');
  const before = over.dataset.cursor;
  document.querySelector(`.st-key-${key} button`).click();
  const t0 = performance.now();
  while (over.dataset.cursor === before) {
    if (performance.now() - t0 > 20000) return null;
    await new Promise((r) => requestAnimationFrame(r));
  }
  return {
    cursor: Number(over.dataset.cursor),
    search: location.search,
    status: document.querySelector('.st-key-pg_status p').textContent,
    summary: document.querySelector('.st-key-pg_summary p').textContent,
  };
}"""


def step_param(page: Any) -> int:
    values = parse_qs(urlparse(page.url).query).get("pg_step", ["0"])
    return int(values[0])


def test_a_step_is_drawn_in_the_browser_and_the_server_follows(page: Any, streamlit_server: Any):
    url = streamlit_server("app.py")
    open_app(page, url + LINK)
    page.wait_for_selector(f"{OVER} .main-svg", timeout=60_000)
    assert page.evaluate(f"document.querySelector('{OVER}').dataset.cursor") == "0"

    shown = page.evaluate(PRESS_JS, "pg_step")
    assert shown is not None
    # Drawn before the server knew: the link has no step yet, the status and the numbers
    # already say update 1 (the first example of the run is a tie at w = 0: a mistake).
    assert "pg_step" not in shown["search"], shown
    assert shown["status"].startswith("update 1 · epoch 1 · example 1 of 200"), shown
    assert "M = 1 ≤ " in shown["summary"], shown
    first = shown["cursor"]
    # Then the server follows: the link carries the step (its rerun wrote it).
    page.wait_for_function("() => location.search.includes('pg_step=')", timeout=30_000)
    assert step_param(page) == first

    second = page.evaluate(PRESS_JS, "pg_step")
    assert second["cursor"] > first and second["status"].startswith("update 2 ")
    back = page.evaluate(PRESS_JS, "pg_back")
    assert back["cursor"] == first and back["status"] == shown["status"]
    assert back["summary"] == shown["summary"]
    page.wait_for_function(
        f"() => new URLSearchParams(location.search).get('pg_step') === '{first}'",
        timeout=30_000,
    )
    screenshot(page, "stage_step", full_page=False)


def test_presses_beyond_the_frames_sent_are_made_by_the_server(page: Any, streamlit_server: Any):
    url = streamlit_server("app.py")
    open_app(page, url + LINK)
    page.wait_for_selector(f"{OVER} .main-svg", timeout=60_000)
    # 30 Visits: more than the frames sent each way, so some go through the server.
    page.locator(".st-key-pg_status").click()  # focus the page, not a widget
    for _ in range(30):
        page.keyboard.press("v")
        page.wait_for_timeout(60)
    page.wait_for_function(
        "() => document.querySelector('.st-key-pg_status p').textContent"
        ".includes('example 30 of 200')",
        timeout=60_000,
    )
    page.wait_for_function(
        "() => new URLSearchParams(location.search).get('pg_step') === '30'", timeout=60_000
    )
    assert re.search(r"epoch 1 · example 30 of 200", page.locator(".st-key-pg_status").inner_text())


def test_play_steps_in_the_browser_and_tells_the_server_now_and_then(
    page: Any, streamlit_server: Any
):
    url = streamlit_server("app.py")
    open_app(page, url + LINK + "&pg_speed=0.25")
    page.wait_for_selector(f"{OVER} .main-svg", timeout=60_000)
    page.locator(".st-key-pg_status").click()  # focus the page, not a widget
    page.keyboard.press("p")
    assert page.evaluate("document.querySelector('.st-key-pg_play').dataset.stagePlaying") == "1"
    # A frame every 0.25 s: wait for the 8th update (a slow machine takes longer).
    page.wait_for_function(
        "() => Number((document.querySelector('.st-key-pg_status p').textContent"
        ".match(/^update (\\d+) /) || [0, 0])[1]) >= 8",
        timeout=60_000,
    )
    page.keyboard.press("p")  # pause
    shown = page.evaluate(
        """() => ({
          cursor: Number(document.querySelector('[data-testid="stageOver"]').dataset.cursor),
          syncs: Number(document.querySelector('[data-testid="stageOver"]').dataset.syncs || 0),
          status: document.querySelector('.st-key-pg_status p').textContent,
          playing: document.querySelector('.st-key-pg_play').dataset.stagePlaying || null,
        })"""
    )
    assert shown["playing"] is None, shown
    updates = int(re.match(r"update (\d+) ", shown["status"]).group(1))
    assert updates >= 8, shown
    # The server was told where Play was every 2 s (and once more on Pause), not once per
    # frame: at most one report for every two updates drawn.
    assert shown["syncs"] * 2 <= updates + 2, shown
    # The status line is the drawn frame's, whatever the server redrew meanwhile.
    epoch, example = map(
        int, re.search(r"epoch (\d+) · example (\d+) of", shown["status"]).groups()
    )
    assert (epoch - 1) * 200 + example == shown["cursor"], shown
    # Paused: the server follows to the same step, and its numbers agree with the frame.
    page.wait_for_function(
        f"() => new URLSearchParams(location.search).get('pg_step') === '{shown['cursor']}'",
        timeout=30_000,
    )
    page.wait_for_function("() => !document.querySelector('.stage-stale')", timeout=30_000)
    assert page.locator(".st-key-pg_status").inner_text() == shown["status"]


def test_a_clicker_steps_and_keys_work_after_a_slider_was_dragged(page: Any, streamlit_server: Any):
    url = streamlit_server("app.py")
    open_app(page, url + LINK)
    page.wait_for_selector(f"{OVER} .main-svg", timeout=60_000)

    def status() -> str:
        return page.locator(".st-key-pg_status p").inner_text()

    def wait_status(prefix: str) -> None:
        page.wait_for_function(
            "(p) => document.querySelector('.st-key-pg_status p').textContent.startsWith(p)",
            arg=prefix,
            timeout=30_000,
        )

    # Drag Play's speed slider (it changes nothing of the run), then press keys at once:
    # the slider let go of the focus when the drag ended.
    thumb = page.locator('.st-key-pg_speed input[type="range"]').locator("xpath=../..")
    box = thumb.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(box["x"] + 60, box["y"] + box["height"] / 2, steps=5)
    page.mouse.up()
    page.wait_for_timeout(300)
    page.keyboard.press("s")
    wait_status("update 1 ")
    page.keyboard.press("PageDown")  # a clicker's "next"
    wait_status("update 2 ")
    page.keyboard.press("ArrowRight")
    wait_status("update 3 ")
    page.keyboard.press("PageUp")  # a clicker's "previous": Back
    wait_status("update 2 ")
    page.keyboard.press("ArrowLeft")
    wait_status("update 1 ")
    assert status().startswith("update 1 · epoch 1 · example 1 of 200")
