"""The Lecture page in Chromium: PageDown moves through the scenes, Open shows one, and
Next scene walks the whole course; every scene lands on its page, at its step, in
presenter mode."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlparse

from browser_helpers import open_app, screenshot, wait_for_app_idle, wait_for_fit

from ui import lecture

STATUS = '[class*="st-key-"][class*="_status"] p'
OVER = '[data-testid="stageOver"]'
# Where the lecture is: the scene in the bar ("Scene k of n") and the stage's cursor.
WHERE_JS = """() => {
  let scene = null;
  for (const p of document.querySelectorAll('[data-testid="stMarkdownContainer"] p')) {
    const m = p.textContent.match(/^Scene (\\d+) of \\d+:/);  // the scene bar's
    if (m) scene = Number(m[1]);
  }
  const over = document.querySelector('[data-testid="stageOver"]');
  return [scene, over && over.dataset.cursor !== undefined ? Number(over.dataset.cursor) : null];
}"""


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


def test_a_clicker_alone_opens_the_first_scene_of_the_lecture(page: Any, streamlit_server: Any):
    """The clicker's keys only (PageDown, PageUp, then its start key F5): the first scene
    opens in presenter mode, and the press is not a reload of the lecture page."""
    url = streamlit_server("app.py")
    page.set_viewport_size({"width": 1024, "height": 768})
    open_app(page, url + "/lecture")
    page.wait_for_selector(".st-key-lab_lecture_open button", timeout=90_000)
    wait_for_app_idle(page)
    card = "(t) => document.querySelector('.st-key-lab_lecture_card h3').textContent === t"
    page.keyboard.press("PageDown")
    page.wait_for_function(card, arg="2. " + lecture.SCENES[1].title, timeout=30_000)
    page.keyboard.press("PageUp")
    page.wait_for_function(card, arg="1. " + lecture.SCENES[0].title, timeout=30_000)
    wait_for_app_idle(page)
    page.evaluate("() => { window.notReloaded = true; }")
    page.keyboard.press("F5")
    landed(page, 0)
    assert page.evaluate("() => window.notReloaded === true")  # the same document


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


# The lecture moved on from ``b`` (another scene, or another step).
MOVED_JS = (
    f"(b) => {{ const w = ({WHERE_JS})();"
    " return w[0] !== null && (w[0] !== b[0] || (w[1] !== null && w[1] !== b[1])); }"
)


def where(page: Any) -> tuple[int | None, int | None]:
    scene, cursor = page.evaluate(WHERE_JS)
    return scene, cursor


def ready(page: Any, i: int) -> None:
    """Scene i's page has run and, if it steps a run, its stage is drawn."""
    wait_for_app_idle(page, 90_000)
    if lecture.SCENES[i].last is not None:
        page.wait_for_selector(f"{OVER} .main-svg", timeout=90_000)


def textbook_mistakes(X, y, epochs: int) -> list[int]:
    """The visits (1, 2, ...) at which the classic perceptron (w = 0, eta = 1, fixed order)
    makes its mistakes, written out here."""
    w, b, out, t = [0.0, 0.0], 0.0, [], 0
    for _ in range(epochs):
        for (x1, x2), label in zip(X, y, strict=True):
            t += 1
            if label * (w[0] * x1 + w[1] * x2 + b) <= 0:
                w, b = [w[0] + label * x1, w[1] + label * x2], b + label
                out.append(t)
    return out


def test_a_clicker_walks_the_whole_lecture_by_pagedown_alone(page: Any, streamlit_server: Any):
    """Scene after scene, PageDown only: within 3 presses of opening a scene the clicker
    is on the next one (scenes 1-3 took about 390 presses each before: their runs' ends)."""
    url = streamlit_server("app.py")
    page.set_viewport_size({"width": 1024, "height": 768})
    open_app(page, url + "/lecture")
    page.locator(".st-key-lab_lecture_open button").click()
    landed(page, 0)
    presses = []
    for i in range(len(lecture.SCENES) - 1):
        n = 0
        while True:
            ready(page, i)
            n += 1
            assert n <= 3, (i + 1, where(page))
            before = where(page)
            page.keyboard.press("PageDown")
            page.wait_for_function(MOVED_JS, arg=list(before), timeout=90_000)
            if where(page)[0] != i + 1:
                break
        assert where(page)[0] == i + 2
        landed(page, i + 1)
        presses.append(n)
    assert max(presses) <= 3, presses
    screenshot(page, "lecture_walked", full_page=False)


def test_presses_at_a_scenes_end_go_on_into_the_next_scene(page: Any, streamlit_server: Any):
    """Three PageDowns at once at the first scene's last step: the first opens the next
    scene, the other two wait for its stage and step it (none lost, no scene skipped)."""
    import datasets

    url = streamlit_server("app.py")
    page.set_viewport_size({"width": 1024, "height": 768})
    first, second = lecture.SCENES[0], lecture.SCENES[1]
    assert second.path == first.path and second.values == first.values
    ds = datasets.generate(second.values["example"])
    mistakes = textbook_mistakes(ds.X, ds.y, 3)
    after_two = [t for t in mistakes if t > second.step][1]  # two Steps from its opening
    open_app(page, url + "/lecture")
    page.locator(".st-key-lab_lecture_open_0 button").click()
    landed(page, 0)
    ready(page, 0)
    page.keyboard.press("PageDown")
    page.wait_for_selector(f'{OVER}[data-cursor="{first.last}"]', state="attached", timeout=60_000)
    for _ in range(3):
        page.keyboard.press("PageDown")
    page.wait_for_function(
        f"() => {{ const w = ({WHERE_JS})(); return w[0] === 2 && w[1] === {after_two}; }}",
        timeout=90_000,
    )
    page.wait_for_timeout(2_000)  # and it stays there: no press left over
    assert where(page) == (2, after_two)


def test_a_scene_on_a_long_page_opens_at_its_section(page: Any, streamlit_server: Any):
    """Random orders (/experiments): its section is the page's third, far below the first
    screen; the scene opens with its heading on screen."""
    url = streamlit_server("app.py")
    page.set_viewport_size({"width": 1024, "height": 768})
    i = next(k for k, sc in enumerate(lecture.SCENES) if sc.section)
    section = lecture.SCENES[i].section
    open_app(page, url + "/lecture")
    page.locator(f".st-key-lab_lecture_open_{i} button").click()
    landed(page, i)
    wait_for_fit(page, 120_000)  # the page settles (its charts drawn)
    box = page.evaluate(
        "(id) => { const r = document.getElementById(id).getBoundingClientRect();"
        " return [r.top, r.bottom, innerHeight]; }",
        section,
    )
    assert 0 <= box[0] and box[1] <= box[2], box
    screenshot(page, "lecture_scene_section", full_page=False)


CUT_JS = """(key) => {
  const button = document.querySelector(`.st-key-${key} button`);
  return [button, ...button.querySelectorAll('*')]
    .filter((e) => e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1).length;
}"""


def test_the_scene_bars_buttons_are_not_cut_on_a_projector(page: Any, streamlit_server: Any):
    """At 1024x768, on a page without a stepped run ("Next …" was cut by the key's label)
    and on a stepping page."""
    url = streamlit_server("app.py")
    page.set_viewport_size({"width": 1024, "height": 768})
    paths = ("online", "experiments", "playground")
    for path in paths:
        i = next(k for k, sc in enumerate(lecture.SCENES) if sc.path == path)
        open_app(page, url + "/lecture")
        page.locator(f".st-key-lab_lecture_open_{i} button").click()
        landed(page, i)
        wait_for_app_idle(page, 90_000)
        for key in ("lab_next_scene", "lab_prev_scene"):
            assert page.evaluate(CUT_JS, key) == 0, (path, key)
        assert page.locator(".st-key-lab_next_scene button").inner_text() == "Next scene ▶"
        screenshot(page, f"lecture_bar_{path}", full_page=False)


def test_a_lecture_downloaded_at_home_opens_in_the_hall(browser: Any, streamlit_server: Any):
    """The lecturer adds a scene at home, downloads the lecture file; on another computer (a
    new browser context) the file opens the same scene; a hostile file is refused with a
    plain message and the scenes stay."""
    import json
    import tempfile
    from pathlib import Path

    url = streamlit_server("app.py")
    home = browser.new_context(viewport={"width": 1280, "height": 900})
    hall = browser.new_context(viewport={"width": 1024, "height": 768})
    try:
        page = home.new_page()
        open_app(page, url + "/playground?pg_n=30&pg_seed=3&pg_step=4")
        page.wait_for_selector('[data-testid="stageOver"] .main-svg', timeout=60_000)
        page.locator(".st-key-pg_moment button").first.click()
        field = page.locator(".st-key-pg_moment_title input")
        field.fill("Four steps, <b>bold</b>?")
        field.press("Enter")
        wait_for_app_idle(page)
        page.locator(".st-key-pg_moment_add button").click()
        wait_for_app_idle(page)
        page.keyboard.press("Escape")  # the popover
        page.locator('[data-testid="stSidebarNav"] a[href$="/lecture"]').click()  # same session
        page.wait_for_selector(".st-key-lab_lecture_download button", timeout=30_000)
        with page.expect_download(timeout=30_000) as info:
            page.locator(".st-key-lab_lecture_download button").click()
        folder = Path(tempfile.mkdtemp())
        saved = folder / "lecture.json"
        info.value.save_as(saved)
        scenes = json.loads(saved.read_text())["scenes"]
        assert [s["title"] for s in scenes] == ["Four steps, <b>bold</b>?"]
        assert scenes[0]["path"] == "playground" and scenes[0]["params"]["pg_step"] == "4"

        other = hall.new_page()
        open_app(other, url + "/lecture")
        chooser = other.locator(".st-key-lab_lecture_file input[type=file]")
        chooser.set_input_files(str(saved))
        other.wait_for_selector('[data-testid="stAlertContentSuccess"]', timeout=30_000)
        shown = other.locator('[data-testid="stText"]', has_text="Four steps").inner_text()
        assert shown.endswith("Four steps, <b>bold</b>?")  # plain text, not HTML
        bad = folder / "evil.json"
        evil = {"title": "[x](javascript:alert(1))", "path": "../../etc", "params": {}}
        bad.write_text(json.dumps({"format": "perceptron-lab-lecture", "version": 1,
                                   "scenes": [evil]}))  # fmt: skip
        wait_for_app_idle(other)
        chooser.set_input_files(str(bad))  # it takes the place of the first
        other.wait_for_selector('[data-testid="stAlertContentError"]', timeout=30_000)
        error = other.locator('[data-testid="stAlertContentError"]').inner_text()
        assert "opens no page of the lab" in error
        assert other.locator("a[href^=javascript]").count() == 0
        assert other.locator('[data-testid="stText"]', has_text="Four steps").count() == 1
        screenshot(other, "lecture-file-opened-1024", full_page=False)
    finally:
        home.close()
        hall.close()
