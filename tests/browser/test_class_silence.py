"""A follower whose stream goes silent (issue 26, section 1), in real Chromium.

The student's phone reaches the server through a small TCP proxy that can hold back what
the server sends on the class's event streams open now, while the connections stay open:
what a phone sees when the replica holding its stream dies without a goodbye, or the
hall's Wi-Fi drops it. The page must notice within three heartbeats (15 s), say so, open a
new stream (through the proxy, which passes new connections) and land on the lecture's
page and step; the lecturer moved on meanwhile.

The phone's clock is Playwright's (``clock.install``): it runs as time does, and where the
page must wait out heartbeats and tries (ui/room/following.mjs: SILENT_MS, RECONNECT_MS) the
test moves it on (``clock.run_for``, every timer due on the way fired in its turn) instead
of waiting for them.
"""

from __future__ import annotations

import asyncio
import json
import socket
import subprocess
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlparse

from browser_helpers import REPO_ROOT, machine_slowdown, open_app, wait_for_app_idle
from class_steps import LINK, OVER, cursor, press, start_class, wait_cursor

HEALTH = "document.body.dataset.classHealth"


def _schedule() -> tuple[int, list[int], int]:
    """ui/room/following.mjs's own schedule, as node reads the module: SILENT_MS (three
    heartbeats unheard), RECONNECT_MS (the tries' spacing, the last repeated) and GIVE_UP
    (the tries before the page says what to do)."""
    read = (
        "import * as f from './ui/room/following.mjs';"
        "console.log(JSON.stringify([f.SILENT_MS, f.RECONNECT_MS, f.GIVE_UP]));"
    )
    out = subprocess.run(
        ["node", "--input-type=module", "-e", read],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    silent, tries, give_up = json.loads(out.stdout)
    return silent, tries, give_up


SILENT_MS, RECONNECT_MS, GIVE_UP = _schedule()
# Silent, then a try at each check due until the one past GIVE_UP says the class is lost.
UNTIL_LOST_MS = SILENT_MS + sum(
    RECONNECT_MS[min(k, len(RECONNECT_MS)) - 1] for k in range(1, GIVE_UP + 1)
)


class Proxy:
    """127.0.0.1:port -> the server; ``freeze()`` holds back the bytes the server sends on
    the class's event streams open now (each found by its request line)."""

    def __init__(self, target: int) -> None:
        self.target = target
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port = sock.getsockname()[1]
        self.streams: list[dict] = []
        self.blocked = False  # new connections closed at once (the Wi-Fi gone for good)
        self.conns: list[dict] = []  # each connection: its two ends, closed by close()
        self.loop = asyncio.new_event_loop()
        ready = threading.Event()
        threading.Thread(target=self._run, args=(ready,), daemon=True).start()
        ready.wait(10)

    def _run(self, ready: threading.Event) -> None:
        asyncio.set_event_loop(self.loop)
        server = self.loop.run_until_complete(
            asyncio.start_server(self._handle, "127.0.0.1", self.port)
        )
        ready.set()
        self.loop.run_forever()
        server.close()

    def block(self) -> None:
        """The Wi-Fi gone: new connections are closed at once, and so are the ones the
        browser keeps open for its next requests, which a new stream would otherwise be
        sent on (not the class's streams, held by ``freeze``, nor Streamlit's websocket:
        the page stays as it was)."""
        self.blocked = True

        def shut() -> None:
            for conn in self.conns:
                if not conn["kept"] and not any(conn is stream for stream in self.streams):
                    for writer in conn["ends"]:
                        writer.close()

        self.loop.call_soon_threadsafe(shut)

    def freeze(self) -> int:
        for stream in self.streams:
            stream["frozen"] = True
        return len(self.streams)

    async def _handle(self, reader, writer) -> None:
        if self.blocked:
            writer.close()
            return
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target)
        except OSError:
            writer.close()
            return
        conn = {"frozen": False, "ends": (writer, up_writer), "kept": False}
        self.conns.append(conn)

        async def pipe(src, dst, downstream: bool) -> None:
            try:
                while data := await src.read(65536):
                    if not downstream and data.startswith(b"GET /class/") and b"/events" in data:
                        self.streams.append(conn)  # this connection now holds a stream
                    if not downstream and data.startswith(b"GET /_stcore/stream"):
                        conn["kept"] = True  # Streamlit's websocket
                    while downstream and conn["frozen"]:
                        await asyncio.sleep(0.1)  # held back: the connection stays open
                    dst.write(data)
                    await dst.drain()
            except (OSError, asyncio.CancelledError):
                pass
            finally:
                dst.close()

        await asyncio.gather(pipe(reader, up_writer, False), pipe(up_reader, writer, True))

    def close(self) -> None:
        """Close every connection (the loop's thread is a daemon: it ends with the tests)."""
        for stream in self.streams:
            stream["frozen"] = False

        def shut() -> None:
            for conn in self.conns:
                for writer in conn["ends"]:
                    writer.close()

        self.loop.call_soon_threadsafe(shut)


@contextmanager
def class_through_proxy(browser: Any, url: str) -> Iterator[tuple[Proxy, Any, Any, str]]:
    """The lecturer (1024x768) with a class on the Playground, and a phone (390x844) that
    joined it through a ``Proxy``, its stream live: (proxy, lecturer, student, link)."""
    proxy = Proxy(urlparse(url).port)
    lecturer = browser.new_context(viewport={"width": 1024, "height": 768})
    student = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    try:
        lect, stud = lecturer.new_page(), student.new_page()
        stud.clock.install()  # the phone's clock, moved on by the tests (the module's doc)
        open_app(lect, url + LINK)
        lect.wait_for_selector(f"{OVER} .main-svg", timeout=60_000)
        link = start_class(lect)
        open_app(stud, link.replace(f":{urlparse(url).port}/", f":{proxy.port}/"))
        stud.wait_for_selector(f"{OVER} .main-svg", timeout=60_000)
        wait_for_app_idle(stud)
        stud.wait_for_function(f"() => {HEALTH} === 'live'", timeout=20_000)
        yield proxy, lect, stud, link
    finally:
        lecturer.close()
        student.close()
        proxy.close()


def test_a_silent_stream_is_noticed_said_and_replaced_and_the_page_lands_on_the_lecture(
    browser: Any, streamlit_server: Any
):
    url = streamlit_server("app.py")
    with class_through_proxy(browser, url) as (proxy, lect, stud, _link):
        assert cursor(stud) == cursor(lect) == 0
        # The seat is kept by the browser, for a reload.
        kept = stud.evaluate("() => Object.keys(localStorage).filter((k) => k.includes('seat'))")
        assert len(kept) == 1
        assert proxy.freeze() >= 1
        target = press(lect, "pg_step")
        target = press(lect, "pg_step")
        stud.wait_for_timeout(3000)  # that nothing reaches the student: no event says so
        assert cursor(stud) == 0  # nothing reached the student
        # Within three heartbeats and a little: said, and a new stream opened. What was
        # said stays in the page's data (a loaded machine may reconnect before a look at
        # the state itself would see "silent").
        slow = machine_slowdown()
        stud.clock.run_for(SILENT_MS + 1_000)
        stud.wait_for_function(
            "(text) => document.body.dataset.classHealthSaid === text",
            arg="No news from the class for a while: reconnecting…",
            timeout=25_000 * slow,
        )
        wait_cursor(stud, target, 10.0 * slow)  # the new stream's state: the lecture's step
        stud.wait_for_function(f"() => {HEALTH} === 'live'", timeout=20_000 * slow)
        assert stud.locator("#lab-health").count() == 0
        # And it follows on, on the new stream.
        target = press(lect, "pg_step")
        wait_cursor(stud, target, 5.0 * slow)


def test_a_follower_that_cannot_reconnect_says_what_to_do_and_comes_back_by_itself(
    browser: Any, streamlit_server: Any
):
    """The class's stream silent and every new one refused (the hall's Wi-Fi gone): after
    its tries the page says to check the Wi-Fi and reload, naming the class's code; once
    the network is back, the next try lands on the lecture's step without a reload."""
    url = streamlit_server("app.py")
    with class_through_proxy(browser, url) as (proxy, lect, stud, link):
        code = link.rsplit("code=", 1)[1]
        proxy.block()
        assert proxy.freeze() >= 1
        slow = machine_slowdown()
        # Silent for three heartbeats (15 s), then six tries 1, 2, 4, 8, 15 and 15 s apart.
        stud.clock.run_for(UNTIL_LOST_MS + 1_000)
        stud.wait_for_function(f"() => {HEALTH} === 'lost'", timeout=30_000 * slow)
        said = stud.locator("#lab-health").inner_text()
        assert said == (
            f"The class cannot be reached. Check your Wi-Fi, then reload this page (the "
            f"class's code is {code})."
        )
        target = press(lect, "pg_step")
        proxy.blocked = False  # the network is back: the next try (15 s at most) gets in
        stud.clock.run_for(RECONNECT_MS[-1] + 1_000)
        wait_cursor(stud, target, 30.0 * slow)
        stud.wait_for_function(f"() => {HEALTH} === 'live'", timeout=20_000 * slow)
        assert stud.locator("#lab-health").count() == 0
