"""The class's routes behind the project's own nginx configuration (deploy/serve.py's
template, Debian's nginx): the events arrive unbuffered, and a wrong code is counted
against the address nginx saw, whatever the client writes in X-Forwarded-For."""

from __future__ import annotations

import asyncio
import dataclasses
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from room_client import Follower, Served, call, free_port, in_thread

from ui.room import codes

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "deploy"))

import serve  # noqa: E402

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


@pytest.fixture
def behind_nginx(store, tmp_path):
    if not Path(NGINX).exists():
        pytest.fail("nginx is not installed (apt-get install nginx): the server's tests need it")
    served = Served(store)
    port = free_port()
    tmp_path.chmod(0o755)  # nginx's workers (another user when started as root) read here
    conf = tmp_path / "nginx.conf"
    conf.write_text(serve.nginx_conf(tmp_path, f"127.0.0.1:{port}", [served.port]))
    nginx = subprocess.Popen(
        [NGINX, "-p", str(tmp_path), "-e", str(tmp_path / "error.log"), "-c", str(conf)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 20
    while True:
        try:
            if call(port, "GET", "/class/AAAAAA/state")[0] == 404:
                break
        except OSError:
            pass
        assert time.monotonic() < deadline and nginx.poll() is None, "nginx did not start"
        time.sleep(0.1)
    store.limits = dataclasses.replace(store.limits, guesses=1000)  # the probes were guesses
    yield port
    nginx.terminate()
    nginx.wait(10)
    served.stop()


def test_events_pass_through_nginx_unbuffered(behind_nginx, store):
    c = store.open_class()
    seat = store.join(c.code, "192.0.2.40").student

    async def run():
        follower = await Follower().open(behind_nginx, c.code, seat=seat)
        first = await asyncio.wait_for(follower.next(), 5)
        start = time.perf_counter()
        await asyncio.to_thread(store.move, c.code, c.secret, {"cursor": 1})
        moved = await asyncio.wait_for(follower.next(), 1.0)
        elapsed = time.perf_counter() - start
        await follower.close()
        return follower, first, moved, elapsed

    follower, first, moved, elapsed = in_thread(run())
    assert follower.status == 200 and follower.headers["content-type"].startswith(
        "text/event-stream"
    )
    assert "content-encoding" not in follower.headers  # not gzipped (nor held for it)
    assert first["type"] == "state" and moved["lead"] == {"cursor": 1} and elapsed < 1.0


def test_wrong_codes_are_counted_against_the_address_nginx_saw(behind_nginx, store):
    c = store.open_class()
    store.limits = dataclasses.replace(store.limits, guesses=10)
    # A student's machine (127.0.0.2: not nginx's own address, which uvicorn trusts).
    for i in range(10):
        # Each guess claims another address: nginx appends the one it saw, which counts.
        path = f"/class/{codes.new_code()}/join"
        status, _ = call(behind_nginx, "POST", path, address=f"10.0.0.{i}", source="127.0.0.2")
        assert status == 404
    wrong = f"/class/{codes.new_code()}/join"
    status, body = call(behind_nginx, "POST", wrong, address="10.9.9.9", source="127.0.0.2")
    assert status == 429 and "Too many wrong codes" in body["error"]
    status, _ = call(behind_nginx, "POST", wrong, source="127.0.0.3")  # another machine
    assert status == 404
    path = f"/class/{c.code}/join"  # the right code still joins from the first machine
    assert call(behind_nginx, "POST", path, address="10.9.9.9", source="127.0.0.2")[0] == 200
