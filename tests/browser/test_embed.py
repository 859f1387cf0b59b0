"""The embed view (``embed=true``) in a course site's iframe: a plain HTML page served by the
test on another port holds the iframe snippet the page gives to copy (Link to this
moment); inside it the chart and the stepping controls only (no sidebar, no title, no
Export, no explanations), the chart within the frame, and the page's keys step it once
the frame is clicked. At 1024 x 768 and in a 640 x 360 slide."""

from __future__ import annotations

import functools
import html
import http.server
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import SCREENSHOT_DIR, free_port, open_app, wait_settled

from ui import lecture

LINK = "/playground?pg_n=40&pg_seed=3"
OVER = '[data-testid="stageOver"]'


@pytest.fixture(scope="module")
def course_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """A plain static site (python's http.server) on a port of its own: another origin."""
    root = tmp_path_factory.mktemp("course_site")
    port = free_port()
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{port}", root
    finally:
        server.shutdown()


def the_snippet(page: Any, url: str) -> str:
    """The iframe snippet the Playground gives under Link to this moment."""
    open_app(page, url + LINK)
    page.wait_for_selector(f"{OVER} .main-svg", timeout=60_000)
    page.locator(".st-key-pg_moment button").first.click()
    code = page.locator('[data-testid="stPopoverBody"] code', has_text="<iframe")
    code.wait_for(timeout=30_000)
    return code.inner_text()


def frame_state(frame: Any, prefix: str = "pg_") -> dict:
    return frame.evaluate(
        """(prefix) => {
      const shown = (sel) => [...document.querySelectorAll(sel)].some((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
      });
      const over = document.querySelector('[data-testid="stageOver"]');
      const chart = over.getBoundingClientRect();
      return {
        cursor: Number(over.dataset.cursor),
        status: document.querySelector(`.st-key-${prefix}status p`).textContent,
        sidebar: shown('[data-testid="stSidebar"]'),
        nav: shown('[data-testid="stSidebarNav"]'),
        title: shown('h1'),
        export: shown('[data-testid="stageExport"]'),
        caption: shown('[data-testid="stCaptionContainer"]'),
        slider: shown('[data-testid="stSlider"]'),
        buttons: [...document.querySelectorAll('.st-key-stage_buttons button')]
          .filter((b) => b.getBoundingClientRect().width > 0).map((b) => b.innerText),
        chart: { left: chart.left, right: chart.right, top: chart.top, bottom: chart.bottom },
        width: window.innerWidth,
        height: window.innerHeight,
      };
    }""",
        prefix,
    )


@pytest.mark.parametrize("size", [(1024, 768), (640, 360)], ids=["1024x768", "640x360"])
def test_the_embed_view_in_an_iframe_shows_the_stage_only_and_steps_by_key(
    page: Any, browser: Any, streamlit_server: Any, course_site: Any, size: tuple[int, int]
):
    url = streamlit_server("app.py")
    snippet = the_snippet(page, url)
    src = html.unescape(re.search(r'src="([^"]+)"', snippet).group(1))
    assert src.startswith(url + "/playground?") and "embed=true" in src, snippet
    assert "pg_seed=3" in src and "presenter" not in src, snippet

    width, height = size
    site, root = course_site
    sized = re.sub(r'width="\d+" height="\d+"', f'width="{width}" height="{height}"', snippet)
    name = f"course_{width}.html"
    (root / name).write_text(
        "<!doctype html><html><head><title>A course</title></head><body>"
        f"<h1>Week 3: the perceptron</h1>\n{sized}\n</body></html>",
        encoding="utf-8",
    )
    context = browser.new_context(viewport={"width": width + 80, "height": height + 140})
    try:
        course = context.new_page()
        course.goto(f"{site}/{name}")
        frame_el = course.locator("iframe")
        inner = course.frame_locator("iframe")
        inner.locator(f"{OVER} .main-svg").first.wait_for(timeout=60_000)
        frame = frame_el.element_handle().content_frame()
        frame.wait_for_function(
            "() => document.querySelector('[data-testid=\"stApp\"]')"
            ".getAttribute('data-test-script-state') === 'notRunning'",
            timeout=60_000,
        )
        wait_settled(frame)  # the lab's stage drawn in the frame
        before = frame_state(frame)
        assert before["cursor"] == 0 and before["status"].startswith("start"), before
        # The chart and the stepping controls only.
        assert not before["sidebar"] and not before["nav"], before
        assert not before["title"] and not before["export"] and not before["caption"], before
        assert not before["slider"], before
        assert [b.split()[0] for b in before["buttons"]] == [
            "Step", "Visit", "Back", "Epoch", "Run", "Reset",
        ], before  # fmt: skip
        # Sized to its frame: the chart is inside it, nothing to scroll to see it.
        assert (before["width"], before["height"]) == (width, height)
        chart = before["chart"]
        assert chart["left"] >= 0 and chart["right"] <= width, before
        assert chart["top"] > 0 and chart["bottom"] <= height, before
        assert chart["right"] - chart["left"] >= 0.9 * width, before
        SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
        course.screenshot(path=str(SCREENSHOT_DIR / f"embed_{width}x{height}.png"))

        # Click into the frame (its status line), then the page's Step key.
        inner.locator(".st-key-pg_status").click()
        course.keyboard.press("s")
        frame.wait_for_function(
            f"() => Number(document.querySelector('{OVER}').dataset.cursor) > 0", timeout=30_000
        )
        after = frame_state(frame)
        assert after["status"].startswith("update 1 · epoch 1"), after
        course.keyboard.press("b")  # Back
        frame.wait_for_function(
            f"() => document.querySelector('{OVER}').dataset.cursor === '0'", timeout=30_000
        )
        course.screenshot(path=str(SCREENSHOT_DIR / f"embed_{width}x{height}_back.png"))
    finally:
        context.close()


def framed(course_site: Any, name: str, src: str, width: int, height: int) -> str:
    """A page of the course site holding ``src`` in an iframe of that size: its address."""
    site, root = course_site
    (root / name).write_text(
        "<!doctype html><html><head><title>A course</title></head><body>"
        f'<iframe src="{html.escape(src)}" width="{width}" height="{height}" '
        'style="border:0" title="Perceptron Lab"></iframe></body></html>',
        encoding="utf-8",
    )
    return f"{site}/{name}"


# Every other stepping page of the lab (the Online game and the Experiments do not step).
STEPPING = {p: path for p, path in lecture.PATHS.items() if p not in ("pg_", "on_", "ex_")}


@pytest.mark.parametrize("prefix", list(STEPPING))
def test_every_stepping_page_embeds_with_its_stage_only_and_steps_by_key(
    browser: Any, streamlit_server: Any, course_site: Any, prefix: str
):
    url = streamlit_server("app.py")
    width, height = 1024, 768
    course_url = framed(course_site, f"embed_{prefix}.html",
                        f"{url}/{STEPPING[prefix]}?embed=true", width, height)  # fmt: skip
    context = browser.new_context(viewport={"width": width + 80, "height": height + 80})
    try:
        course = context.new_page()
        course.goto(course_url)
        inner = course.frame_locator("iframe")
        inner.locator(f"{OVER} .main-svg").first.wait_for(timeout=120_000)
        frame = course.locator("iframe").element_handle().content_frame()
        frame.wait_for_function(
            "() => document.querySelector('[data-testid=\"stApp\"]')"
            ".getAttribute('data-test-script-state') === 'notRunning'",
            timeout=120_000,
        )
        wait_settled(frame)  # the lab's stage drawn in the frame
        before = frame_state(frame, prefix)
        assert before["cursor"] == 0, before
        assert not before["sidebar"] and not before["nav"] and not before["title"], before
        assert not before["export"] and not before["caption"], before
        assert [b.split()[0] for b in before["buttons"]][:3] == ["Step", "Visit", "Back"], before
        chart = before["chart"]
        assert chart["left"] >= 0 and chart["right"] <= width, before
        assert chart["top"] > 0 and chart["bottom"] <= height, before
        course.screenshot(path=str(SCREENSHOT_DIR / f"embed_{STEPPING[prefix]}.png"))
        inner.locator(f".st-key-{prefix}status").click()
        course.keyboard.press("s")
        frame.wait_for_function(
            f"() => Number(document.querySelector('{OVER}').dataset.cursor) > 0", timeout=60_000
        )
        assert frame_state(frame, prefix)["status"] != before["status"]
    finally:
        context.close()


def test_the_embed_view_shows_what_was_wrong_with_its_link(
    browser: Any, streamlit_server: Any, page: Any
):
    """A frame must not show other data than its link meant without a word: the embed
    view keeps the link's warnings (a parameter given twice, a value refused, a parameter
    the page does not read, a step past the run's end) above the stage, and still hides
    the title and the sidebar."""
    url = streamlit_server("app.py")
    link = "/playground?embed=true&pg_n=57&pg_n=abc&pg_margin=0.5&pg_step=999999"
    open_app(page, url + link)
    page.wait_for_selector(f"{OVER} .main-svg", timeout=60_000)
    shown = page.evaluate(
        """() => {
      const shown = (el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
      };
      return {
        alerts: [...document.querySelectorAll('[data-testid="stAlert"]')]
          .filter(shown).map((el) => el.innerText),
        title: [...document.querySelectorAll('h1')].some(shown),
        sidebar: [...document.querySelectorAll('[data-testid="stSidebar"]')].some(shown),
      };
    }"""
    )
    text = " ".join(shown["alerts"])
    assert "'57', 'abc'" in text, shown  # the parameter given twice, the value read
    assert "pg_n='abc'" in text, shown  # that value refused
    assert "pg_margin" in text, shown  # not one the page reads
    assert "999,999" in text, shown  # the step past the end
    assert not shown["title"] and not shown["sidebar"], shown
