"""The class store and a Redis restart (issue 26, section 1): a real redis-server with its
append-only file, stopped and started again on the same port. While it is down every call
is the refusal ``unavailable`` (503, a plain reason, one log line, no traceback); once it is
back the store's pub/sub listener has reconnected by itself and the class's followers get
the next move. Restarted without its file, the class is lost: its followers and its
lecturer are told so, not that a code is wrong."""

from __future__ import annotations

import asyncio
import logging
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from room_client import in_thread

from ui.room.redis_store import RedisStore
from ui.room.rules import Limits, Refused

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "deploy"))
import serve  # noqa: E402
from startup import free_port  # noqa: E402


class Redis:
    """A redis-server with its append-only file in ``folder``, on one port across restarts."""

    def __init__(self, folder: Path) -> None:
        self.folder, self.port, self.process = folder, free_port(), None

    def start(self) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            pytest.fail("redis-server is not installed: apt-get install redis-server")
        command = [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", ""]
        command += ["--appendonly", "yes", "--appendfsync", "always", "--dir", str(self.folder)]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        serve.wait_redis(self.port, self.process, 10)

    def stop(self) -> None:
        self.process.kill()  # as a crash: no goodbye, the file as it was
        self.process.wait(10)

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"


@pytest.fixture
def redis_server(tmp_path):
    server = Redis(tmp_path)
    server.start()
    yield server
    if server.process.poll() is None:
        server.stop()


def until(check, timeout=15.0):
    deadline = time.monotonic() + timeout
    while True:
        try:
            result = check()
            if result:
                return result
        except Refused:
            pass
        assert time.monotonic() < deadline, "not within the time"
        time.sleep(0.05)


def test_followers_get_the_next_move_after_redis_restarts_with_its_file(redis_server, caplog):
    caplog.set_level(logging.WARNING, logger="perceptron_lab")
    store = RedisStore(redis_server.url, Limits())
    try:
        c = store.open_class()
        seat = store.join(c.code, "192.0.2.1").student
        store.move(c.code, c.secret, {"page": "online", "cursor": 4})

        async def follow():
            events = store.subscribe(c.code, idle=0.2, seat=seat)
            got = [await events.__anext__()]
            await asyncio.to_thread(redis_server.stop)
            down = []
            for call in (
                lambda: store.move(c.code, c.secret, {"cursor": 5}),
                lambda: store.state(c.code),
                lambda: store.status(c.code, c.secret),
            ):
                with pytest.raises(Refused) as caught:
                    await asyncio.to_thread(call)
                down.append((caught.value.status, caught.value.name, caught.value.reason))
            await asyncio.to_thread(redis_server.start)
            moved = await asyncio.to_thread(
                until, lambda: store.move(c.code, c.secret, {"page": "online", "cursor": 6})
            )
            async with asyncio.timeout(15):
                async for item in events:
                    got.append(item)
                    # The move itself, or the whole state again holding it (a move made
                    # before the listener was back is in the state it resends).
                    if item.get("lead", {}).get("cursor") == 6 or item["type"] == "ended":
                        break
            await events.aclose()
            return got, down, moved

        got, down, moved = in_thread(follow())
    finally:
        store.close()
    assert got[0]["type"] == "state" and got[0]["lead"]["cursor"] == 4
    assert got[-1]["type"] in ("lead", "state") and got[-1]["lead"]["cursor"] == 6
    assert moved == 2  # the class outlived the restart: its version went on
    assert all(d[:2] == (503, "unavailable") for d in down), down
    assert down[0][2] == "The class server cannot be reached just now: try again in a moment."
    assert not any(r.exc_info for r in caplog.records)  # no traceback
    # The outage said by whichever noticed it first (the listener or a call), then at most
    # once every few seconds: not a line per call (three calls and the listener met it).
    outage = [
        r
        for r in caplog.records
        if "unreachable" in r.getMessage() or "unavailable" in r.getMessage()
    ]
    assert 1 <= len(outage) < 4, [r.getMessage() for r in caplog.records]


def test_a_class_lost_with_redis_is_said_as_lost(redis_server):
    store = RedisStore(redis_server.url, Limits())
    try:
        c = store.open_class()
        seat = store.join(c.code, "192.0.2.1").student

        async def follow():
            events = store.subscribe(c.code, idle=0.2, seat=seat)
            first = await events.__anext__()
            await asyncio.to_thread(redis_server.stop)
            for kept in redis_server.folder.iterdir():  # restarted without its file
                if kept.is_dir():
                    shutil.rmtree(kept)
                else:
                    kept.unlink()
            await asyncio.to_thread(redis_server.start)
            got = []
            async with asyncio.timeout(15):
                async for item in events:
                    got.append(item)
            return first, got

        first, got = in_thread(follow())
        assert first["type"] == "state"
        assert got[-1]["type"] == "ended" and "lost" in got[-1]["reason"]
        assert store.status(c.code, c.secret) == "lost"
        with pytest.raises(Refused) as caught:
            store.admit(c.code, "192.0.2.1", seat)
        assert caught.value.name == "lost"
    finally:
        store.close()
