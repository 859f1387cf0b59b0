"""The class stores under test: the same suite runs on MemoryStore and on RedisStore
against a real redis-server (Debian's), started here on a free port and stopped after.

Without redis-server the Redis tests fail, unless LAB_SKIP_REDIS=1 skips them (say so
where you report a run). .ci/run installs redis-server, so in CI they run.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ui.room.rules import Limits

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "deploy"))
import serve  # noqa: E402  (the redis-server a course server starts, started the same way)
from startup import free_port  # noqa: E402

STORES = ("memory", "redis")


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.t = 1_000_000.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory):
    """A redis-server of its own: a free port, no persistence, in a temporary folder."""
    binary = shutil.which("redis-server")
    if binary is None:
        if os.environ.get("LAB_SKIP_REDIS") == "1":
            pytest.skip("redis-server is not installed (LAB_SKIP_REDIS=1 skips the Redis tests)")
        pytest.fail("redis-server is not installed: apt-get install redis-server")
    folder = tmp_path_factory.mktemp("redis")
    port = free_port()
    process = subprocess.Popen(
        serve.redis_cmd(port, folder, binary),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        serve.wait_redis(port, process, 10)
    except RuntimeError as error:
        process.kill()
        pytest.fail(f"redis-server did not start: {error}")
    yield f"redis://127.0.0.1:{port}/0"
    process.terminate()
    try:
        process.wait(timeout=5)
    except subprocess.TimeoutExpired:  # pragma: no cover
        process.kill()


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture(params=STORES)
def make_store(request, clock):
    """A factory of stores of one kind on ``clock``; every store made is closed after."""
    made = []
    url = None
    if request.param == "redis":
        import redis

        url = request.getfixturevalue("redis_url")
        redis.Redis.from_url(url).flushdb()

    def make(**limits):
        if url is None:
            from ui.room.memory import MemoryStore

            store = MemoryStore(Limits(**limits), clock=clock)
        else:
            from ui.room.redis_store import RedisStore

            store = RedisStore(url, Limits(**limits), clock=clock)
        made.append(store)
        return store

    yield make
    for store in made:
        store.close()


@pytest.fixture
def store(make_store):
    return make_store()
