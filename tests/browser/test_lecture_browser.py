"""The Lecture page in Chromium: PageDown moves through the scenes, Open shows one, and
Next scene walks the whole course; every scene lands on its page, at its step, in
presenter mode."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlparse

from browser_helpers import open_app, screenshot

from ui import lecture

STATUS = '[class*="st-key-"][class*="_status"] p'


def landed(page: Any, i: int) -> None:
    """Scene i is on screen: its bar, its page's path, its step."""
    scene = lecture.SCENES[i]
    page.wait_for_function(
        "(t) => [...document.querySelectorAll('[data-testid=\"stMarkdownContainer\"] p')]"
        ".some(p => p.textContent.startsWith(t))",
        arg=f"Scene {i + 1} of {len(lecture.SCENES)}: {scene.title}",
        timeout=90_000,
    )
    path = urlparse(page.url).path.strip("/") or "playground"
    assert path == scene.path, (i, page.url)
    table = lecture.table_of(scene.path)
    step = table.step_param
    if not scene.step:  # a page without a stepped run (the game, the experiments)
        pass
    elif scene.step == lecture.END:  # at the end of the run: nothing left to step
        page.wait_for_function(
            "(k) => { const b = document.querySelector(`.st-key-${k} button`);"
            " return b && b.disabled; }",
            arg=table.own("step"),
            timeout=60_000,
        )
    else:
        page.wait_for_selector(STATUS, timeout=90_000)
        page.wait_for_function(
            "([p, v]) => new URLSearchParams(location.search).get(p) === v",
            arg=[step, str(scene.step)],
            timeout=60_000,
        )
        assert parse_qs(urlparse(page.url).query)[step] == [str(scene.step)]
        assert f"example {scene.step} of" in page.locator(STATUS).inner_text()
    # Presenter mode: the page's own title and caption are hidden.
    assert page.locator('[data-testid="stHeading"] h1').count() == 0


def test_the_lecture_walks_every_scene_to_its_page_and_step(page: Any, streamlit_server: Any):
    url = streamlit_server("app.py")
    page.set_viewport_size({"width": 1024, "height": 768})
    open_app(page, url + "/lecture")
    page.wait_for_selector(".st-key-lab_lecture_open button", timeout=90_000)
    card = page.locator(".st-key-lab_lecture_card h3")
    assert card.inner_text() == "1. " + lecture.SCENES[0].title
    page.keyboard.press("PageDown")  # a clicker's next: the card moves on
    page.wait_for_function(
        "(t) => document.querySelector('.st-key-lab_lecture_card h3').textContent === t",
        arg="2. " + lecture.SCENES[1].title,
        timeout=30_000,
    )
    page.keyboard.press("PageUp")
    page.wait_for_function(
        "(t) => document.querySelector('.st-key-lab_lecture_card h3').textContent === t",
        arg="1. " + lecture.SCENES[0].title,
        timeout=30_000,
    )
    screenshot(page, "lecture_1024", full_page=False)
    page.locator(".st-key-lab_lecture_open button").click()
    landed(page, 0)
    screenshot(page, "lecture_scene_1", full_page=False)
    for i in range(1, len(lecture.SCENES)):
        page.locator(".st-key-lab_next_scene button").click()
        landed(page, i)
    screenshot(page, "lecture_scene_last", full_page=False)


def test_a_clicker_goes_on_to_the_next_scene_at_a_runs_end(page: Any, streamlit_server: Any):
    """PageDown at the end of a scene's run opens the next scene; PageUp on a page without
    a stepped run (the game) goes back to the previous one."""
    url = streamlit_server("app.py")
    page.set_viewport_size({"width": 1024, "height": 768})
    at_end = next(
        i for i, s in enumerate(lecture.SCENES[:-1])
        if s.step == lecture.END and lecture.SCENES[i + 1].path != s.path
    )  # fmt: skip
    open_app(page, url + "/lecture")
    page.locator(f".st-key-lab_lecture_open_{at_end} button").click()
    landed(page, at_end)
    page.wait_for_selector('[data-testid="stageOver"] .main-svg', timeout=60_000)
    page.locator('[class*="st-key-"][class*="_status"]').first.click()  # the page has focus
    page.keyboard.press("PageDown")
    landed(page, at_end + 1)
    game = next(i for i, s in enumerate(lecture.SCENES) if s.path == "online")
    open_app(page, url + "/lecture")
    page.locator(f".st-key-lab_lecture_open_{game} button").click()
    landed(page, game)
    page.keyboard.press("PageUp")
    landed(page, game - 1)
