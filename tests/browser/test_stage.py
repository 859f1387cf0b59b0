"""The stage steps in the browser: a Step is drawn from a frame the server sent ahead (no
rerun), the server learns the cursor afterwards, Back returns exactly, and a press beyond
the frames sent is made by the server from where the browser is."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qs, urlparse

from browser_helpers import open_app, open_list, press_js, screenshot, wait_until

OVER = '[data-testid="stageOver"]'
LINK = "/?pg_n=200&pg_noise=0.1&pg_seed=3"

# Click a stage button; what the page shows once the layer over the points moved.
PRESS_JS = press_js(
    search="location.search",
    status="document.querySelector('.st-key-pg_status p').textContent",
    summary="document.querySelector('.st-key-pg_summary p').textContent",
)


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
        page.wait_for_timeout(60)  # a presenter's pace between presses: waits for nothing
    page.wait_for_function(
        "() => document.querySelector('.st-key-pg_status p').textContent"
        ".includes('example 30 of 200')",
        timeout=60_000,
    )
    page.wait_for_function(
        "() => new URLSearchParams(location.search).get('pg_step') === '30'", timeout=60_000
    )
    assert re.search(r"epoch 1 · example 30 of 200", page.locator(".st-key-pg_status").inner_text())


def test_keys_go_to_the_stage_when_the_pages_keys_data_comes_after_it(
    page: Any, streamlit_server: Any
):
    """The page's keys data (an st.html script) and the chart's stage load on their own
    time: on a loaded machine the stage can come first. It was then taken for another
    page's, the keys fell through to Streamlit's button shortcuts (a rerun each, presses
    lost while one ran: CI saw 3 presses make 1 update). The stage's data says which page
    it is drawn for, and a page's keys data for that page finds it ready."""
    url = streamlit_server("app.py")
    open_app(page, url + "/playground?pg_n=30&pg_seed=4")
    page.wait_for_selector('.plot-click-root[data-stage-ready="1"]', timeout=60_000)
    # The order of a loaded machine: the stage is here, then the page's keys data comes
    # (here: another page's first, so that this page's is new again; it must not take it).
    page.evaluate(
        """() => {
          const lab = window.perceptronLab, mine = lab.page;
          lab.page = {...mine, where: mine.where + '|another page'};
          window.dispatchEvent(new CustomEvent('perceptron-lab-page'));
          lab.page = mine;
          window.dispatchEvent(new CustomEvent('perceptron-lab-page'));
        }"""
    )
    page.locator(".st-key-pg_status").click()  # focus the page, not a widget
    for _ in range(3):
        page.keyboard.press("s")
    page.wait_for_function(
        "() => document.querySelector('.st-key-pg_status p')?.textContent.startsWith('update 3 ')",
        timeout=60_000,
    )
    # Stepped by the stage (its report), not by Streamlit's buttons (no report).
    page.wait_for_function(
        f"() => Number(document.querySelector('{OVER}').dataset.syncs || 0) >= 1",
        timeout=30_000,
    )


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
            "(p) => { const e = document.querySelector('.st-key-pg_status p');"
            " return !!e && e.textContent.startsWith(p); }",  # null while a rerun redraws it
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
    # keys.js lets go of the slider's focus on timers up to 200 ms after the pointer is up
    # (RELEASE_MS): no event says the last one ran.
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


def test_keys_step_after_a_select_box_or_toggle_buttons_were_chosen_with_the_mouse(
    page: Any, streamlit_server: Any
):
    """A widget chosen with the mouse keeps the focus: a select box's search field took S
    as typing and the clicker's keys did nothing, a row of toggle buttons took PageDown
    and the arrows. It lets go once the choice is made; typed text and an open list keep
    their keys."""
    url = streamlit_server("app.py")
    open_app(page, url + LINK)
    page.wait_for_selector(f"{OVER} .main-svg", timeout=60_000)

    def status() -> str:
        return page.locator(".st-key-pg_status p").inner_text()

    def wait_status(prefix: str) -> None:
        try:
            page.wait_for_function(
                "(p) => { const e = document.querySelector('.st-key-pg_status p');"
                " return !!e && e.textContent.startsWith(p); }",  # null while a rerun redraws
                arg=prefix,
                timeout=60_000,  # a rerun on a loaded CI machine (the whole suite at once)
            )
        except Exception as error:  # say where it stopped, and what had the keys
            focus = page.evaluate(
                "() => { const e = document.activeElement; return [e.tagName,"
                " e.getAttribute('role'), e.getAttribute('aria-expanded'), e.value]; }"
            )
            raise AssertionError(f"no {prefix!r}: {status()!r}, focus {focus}") from error

    def three_presses(first: int) -> None:
        for k, key in enumerate(("s", "PageDown", "ArrowRight")):
            page.keyboard.press(key)
            wait_status(f"update {first + k} ")

    # The sidebar's select box (the variant: averaged keeps the classic run and its step).
    variant = page.locator(".st-key-pg_variant").get_by_role("combobox")
    open_list(page, variant)
    page.get_by_role("option", name="averaged", exact=True).click()
    page.get_by_text("Averaged (dashed)").wait_for(timeout=30_000)  # the numbers say so
    three_presses(1)
    # The server has the step before the next widget is clicked: this test is about the
    # focus, and a click within the report's flight races the step (see the note of
    # controls.SCRUB_STALE_S).
    page.wait_for_function("() => !document.querySelector('.stage-stale')", timeout=60_000)
    # Toggle buttons (Play's unit, under the chart: the run stays).
    page.locator(".st-key-pg_play_unit").get_by_role("radio", name="visit").click()
    three_presses(4)
    assert status().startswith("update 6 ")

    # Typing into the select box still searches, and the arrows move in its open list.
    open_list(page, variant)
    page.keyboard.type("vot")
    options = page.get_by_role("option")
    page.wait_for_function(
        "() => [...document.querySelectorAll('[role=option]')].map(o => o.textContent)"
        ".join() === 'voted'",
        timeout=30_000,
    )
    assert options.count() == 1
    page.keyboard.press("Escape")
    open_list(page, variant)
    active = "() => document.activeElement.getAttribute('aria-activedescendant')"
    before = page.evaluate(active)
    page.keyboard.press("ArrowDown")
    page.wait_for_function(f"(b) => ({active})() !== b", arg=before, timeout=10_000)
    page.keyboard.press("ArrowRight")  # in the open list's field: not a Step
    page.keyboard.press("Escape")
    # That nothing happens: a second in which a Step taken by mistake would show.
    page.wait_for_timeout(1_000)
    assert status().startswith("update 6 ")
    screenshot(page, "stage_keys_after_widgets", full_page=False)


def test_presses_made_before_the_stage_is_ready_wait_for_it(page: Any, streamlit_server: Any):
    """Right after a link opens on a busy server the stage is not ready yet: here a run of
    20,000 new points takes the server a while, and the chart's plotly.js and Streamlit's
    script for st.html (which runs the page's keys data) are held back as a slow network
    or a busy server would. S, PageDown and → pressed as soon as the page shows its buttons
    and status line are played once the stage is ready, in order; none is lost (before,
    the two clicker keys were dropped; then, in a clean-clone CI run where st.html's
    script came after the status line, S went to Streamlit's own shortcut and PageDown
    and → were lost: the lab's listener is now in the page's head)."""
    url = streamlit_server("app.py")
    held: list[Any] = []
    plotly_js = re.compile(r"plotly\.min\.js|/static/js/Html\.[\w-]+\.js")
    page.route(plotly_js, lambda route: held.append(route))
    page.goto(url + "/?pg_n=20000&pg_noise=0.1&pg_seed=917", wait_until="domcontentloaded")
    page.wait_for_selector(".st-key-pg_status p", timeout=90_000)
    assert page.evaluate("() => !(window.perceptronLab && window.perceptronLab.page)")
    for key in ("s", "PageDown", "ArrowRight"):
        page.keyboard.press(key)
    page.wait_for_timeout(1_000)  # that nothing happens: no stage drawn, no step taken
    assert page.locator(f"{OVER} .main-svg").count() == 0  # the stage is not drawn yet
    assert "pg_step" not in page.url  # nothing stepped meanwhile (S not taken by Streamlit)
    for route in held:
        route.continue_()
    page.unroute(plotly_js)
    try:  # a wait, not a speed claim: on a loaded machine a 20,000-point rerun takes a while
        page.wait_for_function(
            "() => document.querySelector('.st-key-pg_status p').textContent"
            ".startsWith('update 3 ')",
            timeout=180_000,
        )
    except Exception as error:  # say where it stopped: a lost press, or only slow
        status = page.locator(".st-key-pg_status p").inner_text()
        raise AssertionError(f"after 180 s the status line says {status!r}") from error
    page.wait_for_timeout(1_500)  # that nothing more happens: no more than the three
    assert page.locator(".st-key-pg_status p").inner_text().startswith("update 3 ")


def script_stops(message: bytes | str) -> bool:
    """Whether a message from Streamlit's server tells the page its script stopped running."""
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

    if isinstance(message, str):
        return False
    msg = ForwardMsg()
    try:
        msg.ParseFromString(message)
    except Exception:  # not a ForwardMsg: passed on as it came
        return False
    kind = msg.WhichOneof("type")
    if kind == "script_finished":
        return True
    return kind == "session_status_changed" and not msg.session_status_changed.script_is_running


def test_presses_wait_while_the_page_script_runs_however_long(page: Any, streamlit_server: Any):
    """A press made more than 45 s after the page began, while its script still runs (in a
    clean-clone CI run, a fresh server compiling its loop for a 20,000-point run), waits for
    the stage like any other: here the server's "script finished" is held back, the page's
    clock is moved on a minute and plotly.js is held. Before, such a press was not queued:
    S went to Streamlit's own shortcut and PageDown and → were lost (the page showed
    update 1, not 3)."""
    url = streamlit_server("app.py")
    page.clock.install()
    held: list[Any] = []
    stops: list[Any] = []
    holding = {"on": True}
    sockets: list[Any] = []

    def through(ws: Any) -> None:
        sockets.append(ws)
        server = ws.connect_to_server()

        def from_server(message: Any) -> None:
            if holding["on"] and script_stops(message):
                stops.append(message)
            else:
                ws.send(message)

        server.on_message(from_server)

    page.route_web_socket(re.compile(r"_stcore/stream"), through)
    plotly_js = re.compile(r"plotly\.min\.js")
    page.route(plotly_js, lambda route: held.append(route))
    page.goto(url + LINK, wait_until="domcontentloaded")
    page.wait_for_selector(".st-key-pg_status p", timeout=90_000)
    page.wait_for_function(
        "() => !!(window.perceptronLab && window.perceptronLab.loaded)", timeout=90_000
    )
    # The first run's end, held back.
    wait_until(page, lambda: bool(stops), 60_000, "the server's script-finished message")
    page.clock.fast_forward(60_000)
    running = "document.querySelector('[data-testid=stApp]').getAttribute('data-test-script-state')"
    assert page.evaluate(running) != "notRunning"
    for key in ("s", "PageDown", "ArrowRight"):
        page.keyboard.press(key)
    page.wait_for_timeout(500)  # that nothing happens: no stage drawn, no step taken
    assert page.locator(f"{OVER} .main-svg").count() == 0  # the stage is not drawn yet
    assert "pg_step" not in page.url  # nothing was stepped meanwhile
    holding["on"] = False
    for route in held:
        route.continue_()
    page.unroute(plotly_js)
    for message in stops:
        sockets[-1].send(message)
    page.wait_for_function(
        "() => document.querySelector('.st-key-pg_status p').textContent.startsWith('update 3 ')",
        timeout=60_000,
    )
