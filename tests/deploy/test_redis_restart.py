"""The class outlives its Redis: ``deploy/serve.py`` with two replicas behind nginx, its
redis-server killed with SIGKILL mid-lecture, restarted by serve.py from its append-only
file, and the class is still there on both replicas, its student still in it, and a
follower that reconnects as an ``EventSource`` does receives the lecturer's next move.

Real processes throughout: serve.py, two Streamlit replicas, nginx and Debian's
redis-server; every port given on serve.py's command line.
"""

from __future__ import annotations

import json
import os
import queue
import signal
import socket
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
from serving import STARTUP_S, Served, _alive, free_ports, wait_healthy

pytestmark = pytest.mark.slow


def _request(url: str, body: dict | None = None, timeout: float = 30) -> tuple[int, dict]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        url, data=data, headers={"Content-Type": "application/json"} if data else {}
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as resp:
            return resp.status, json.loads(resp.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


class EventSource:
    """A follower as the browser's ``EventSource`` is one: reads ``data:`` lines; when the
    stream ends or fails, opens it again after the ``retry:`` the server asked for."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.events: queue.Queue[dict] = queue.Queue()
        self.opened = 0
        self._stop = threading.Event()
        self._response = None
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        retry = 2.0
        while not self._stop.is_set():
            try:
                with urllib.request.urlopen(self.url, timeout=60) as resp:
                    self._response = resp
                    self.opened += 1
                    for raw in resp:
                        line = raw.decode("utf-8").rstrip("\n")
                        if line.startswith("retry:"):
                            retry = int(line[6:].strip()) / 1000
                        elif line.startswith("data:"):
                            self.events.put(json.loads(line[5:]))
            except (OSError, ValueError):
                pass
            self._stop.wait(retry)

    def next(self, want, timeout: float) -> dict:
        """The first event for which ``want(event)`` holds, within ``timeout`` s."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            assert left > 0, "the follower did not receive the event in time"
            try:
                item = self.events.get(timeout=left)
            except queue.Empty:
                continue
            if want(item):
                return item

    def close(self) -> None:
        self._stop.set()
        if self._response is not None:
            try:
                self._response.fp.raw._sock.shutdown(socket.SHUT_RDWR)
            except (AttributeError, OSError):
                pass


def _redis_answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1) as sock:
            sock.sendall(b"PING\r\n")
            return sock.recv(16).startswith(b"+PONG")
    except OSError:
        return False


def _serve_two(tmp_path: Path, *extra: str) -> tuple[Served, int, int, int]:
    """serve.py with two replicas behind nginx and its Redis keeping its file in
    ``tmp_path/class-store``, every port given: (served, nginx's, the first replica's,
    Redis's)."""
    base = free_ports(4)
    port, first, redis_port = base, base + 1, base + 3
    served = Served(
        tmp_path,
        "--replicas",
        "2",
        "--nginx",
        "--port",
        str(port),
        "--host",
        "127.0.0.1",
        "--replica-port",
        str(first),
        "--redis-port",
        str(redis_port),
        "--redis-dir",
        str(tmp_path / "class-store"),
        *extra,
    )
    return served, port, first, redis_port


def test_a_killed_redis_comes_back_with_the_class_and_its_followers_follow(tmp_path):
    served, port, first, redis_port = _serve_two(tmp_path, "--no-warm")
    folder = tmp_path / "class-store"
    follower = None
    store = None
    try:
        redis, one, two, nginx = served.pids()
        url = served.wait_for(r"the class's state in (redis://\S+)", "out", STARTUP_S).group(1)
        assert url == f"redis://127.0.0.1:{redis_port}/0"  # the port serve.py was given
        for p in (port, first, first + 1):
            wait_healthy(f"http://127.0.0.1:{p}", timeout=STARTUP_S)
        from ui.room.default import make_store

        store = make_store(url)
        opened = store.open_class()
        store.close()
        store = None
        replicas = [f"http://127.0.0.1:{p}/class/{opened.code}" for p in (first, first + 1)]
        status, joined = _request(replicas[0] + "/join", {})
        assert status == 200, joined
        status, moved = _request(
            replicas[0] + "/lead",
            {"secret": opened.secret, "lead": {"page": "playground", "cursor": 3}},
        )
        assert status == 200, moved
        # a stream belongs to a seat: the student's, by the token the join gave it
        seat = urllib.parse.quote(joined["student"])
        follower = EventSource(replicas[1] + f"/events?seat={seat}")
        state = follower.next(lambda e: e["type"] == "state", 60)
        assert state["students"] == 1 and state["lead"]["cursor"] == 3
        assert any(folder.rglob("*.aof")), "no append-only file in --redis-dir"

        os.kill(redis, signal.SIGKILL)
        back = served.wait_for(r"redis restarted \(pid (\d+)\)", timeout=60)
        again = int(back.group(1))
        assert again != redis and _alive(again) and not _alive(redis)
        deadline = time.monotonic() + 30
        while not _redis_answers(redis_port):
            assert time.monotonic() < deadline, "the restarted redis-server does not answer"
            time.sleep(0.1)

        # The class is there, through either replica, its student and the lecturer's step in it.
        for replica in replicas:
            status, state = _request(replica + "/state")
            assert status == 200, state
            assert state["students"] == 1 and state["lead"]["cursor"] == 3
            assert not state["ended"]
        # The lecturer's next move reaches the follower on the other replica.
        status, moved = _request(
            replicas[0] + "/lead",
            {"secret": opened.secret, "lead": {"page": "playground", "cursor": 4}},
        )
        assert status == 200, moved

        def the_move(event: dict) -> bool:
            return (event.get("lead") or {}).get("cursor") == 4

        got = follower.next(the_move, 30)
        assert got["type"] in ("lead", "state")
        assert all(_alive(p) for p in (one, two, nginx))
    finally:
        if follower is not None:
            follower.close()
        if store is not None:
            store.close()
        served.stop()
    assert served.proc.returncode == 0


def test_serve_refuses_ports_that_clash(tmp_path):
    base = free_ports(3)
    served = Served(
        tmp_path, "--replicas", "2", "--port", str(base), "--redis-port", str(base + 2), "--no-warm"
    )
    assert served.proc.wait(timeout=60) == 2  # argparse's usage error, nothing started
    assert "the ports must differ" in served.err.read_text()
    assert Path(tmp_path / "serve.out").read_text() == ""


@pytest.mark.browser
def test_in_chromium_a_class_outlives_its_redis_killed_under_serve(tmp_path):
    """The lecturer (1024x768) and two students (a phone, a laptop) in Chromium, through
    nginx in front of two replicas; redis-server killed by PID mid-lecture and restarted by
    serve.py from its file: the lecturer's next Step is followed by both students."""
    import sys
    from urllib.parse import parse_qs, urlparse

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "browser"))
    from browser_helpers import chromium, machine_slowdown, open_app
    from class_steps import STAGE, press, start_class, wait_cursor

    served, port, _, redis_port = _serve_two(tmp_path)
    budget = 2.0 * machine_slowdown()  # two replicas and nginx on this machine
    try:
        redis = served.pids()[0]
        wait_healthy(f"http://127.0.0.1:{port}", timeout=STARTUP_S)
        url = f"http://127.0.0.1:{port}"
        with chromium() as browser:
            contexts = [
                browser.new_context(viewport={"width": 1024, "height": 768}),
                browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True),
                browser.new_context(viewport={"width": 1280, "height": 800}),
            ]
            lect, phone, laptop = (c.new_page() for c in contexts)
            open_app(lect, url + "/playground?pg_n=30&pg_seed=3")
            lect.wait_for_selector(f"{STAGE} .main-svg", timeout=120_000)
            link = start_class(lect)
            code = parse_qs(urlparse(link).query)["code"][0]
            students = (phone, laptop)
            for student in students:
                open_app(student, link.replace(urlparse(link).netloc, f"127.0.0.1:{port}"))
            for student in students:
                student.wait_for_selector(f"{STAGE} .main-svg", timeout=120_000)
            target = press(lect, "pg_step")
            for student in students:
                wait_cursor(student, target, budget)

            os.kill(redis, signal.SIGKILL)
            served.wait_for(r"redis restarted \(pid (\d+)\)", timeout=60)
            deadline = time.monotonic() + 30
            while not _redis_answers(redis_port):
                assert time.monotonic() < deadline, "the restarted redis-server does not answer"
                time.sleep(0.1)

            # The class is still there (its state through nginx) and the next Step is followed.
            status, state = _request(f"{url}/class/{code}/state")
            assert status == 200 and state["students"] == 2 and not state["ended"], state
            target = press(lect, "pg_step")
            for student in students:
                wait_cursor(student, target, budget * 4)  # a stream may reconnect first
            for context in contexts:
                context.close()
    finally:
        served.stop()
