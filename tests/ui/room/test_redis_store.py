"""What only RedisStore does: replicas sharing one Redis (one killed mid-lecture), its
pub/sub connection coming back, and keys that Redis forgets on its own (the rest:
test_store.py, on both stores)."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
import redis
from room_client import Follower, call, free_port, in_thread

from ui.room.redis_store import RedisStore
from ui.room.rules import Limits


def wait_for(port: int, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + 30
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            assert time.monotonic() < deadline and process.poll() is None, "no replica"
            time.sleep(0.05)


@pytest.fixture
def replicas(redis_url):
    redis.Redis.from_url(redis_url).flushdb()
    stores = [RedisStore(redis_url, Limits()) for _ in range(2)]
    yield stores
    for store in stores:
        store.close()


def follow_until(store, code, action, wanted, timeout=5.0):
    """Events of ``code`` on ``store`` until ``wanted(event)``; ``action`` after the state."""

    async def run():
        got = []
        events = store.subscribe(code)
        try:
            async with asyncio.timeout(timeout):
                async for item in events:
                    got.append(item)
                    if len(got) == 1:
                        await asyncio.to_thread(action)
                    elif wanted(item):
                        return got
        finally:
            await events.aclose()

    return in_thread(run())


def test_a_move_on_one_replica_reaches_the_followers_of_another(replicas):
    a, b = replicas
    c = a.open_class()
    assert b.admit(c.code, "192.0.2.1") == c.code
    student = b.join(c.code, "192.0.2.1")
    got = follow_until(
        b, c.code, lambda: a.move(c.code, c.secret, {"cursor": 7}), lambda e: e["type"] == "lead"
    )
    assert got[-1]["lead"] == {"cursor": 7} and got[-1]["version"] == 1
    qid = a.ask(c.code, c.secret, "turn", "Which way?", ["cw", "acw"], 0)
    assert b.answer(c.code, student.student, qid, 1) == 1
    assert a.reveal(c.code, c.secret, qid) == [0, 1]
    assert a.state(c.code) == b.state(c.code)


def test_followers_take_the_whole_state_again_after_the_pubsub_connection_drops(replicas):
    a, b = replicas
    c = a.open_class()
    admin = b.redis

    def drop_then_move():
        assert admin.client_kill_filter(_type="pubsub") >= 1
        for cursor in range(1, 51):  # until b's listener is back
            a.move(c.code, c.secret, {"cursor": cursor})
            if cursor > 20:
                break
            in_thread(asyncio.sleep(0.1))

    got = follow_until(
        b,
        c.code,
        drop_then_move,
        lambda e: e.get("lead", {}).get("cursor", 0) >= 15,
        timeout=10,
    )
    # Back on Redis, b sent its followers the whole state again (the moves it missed)...
    assert [e["type"] for e in got].count("state") == 2
    # ... and every event after the drop is a newer state or a newer move.
    versions = [e["version"] for e in got if e["type"] in ("state", "lead")]
    assert versions == sorted(versions) and got[-1]["lead"]["cursor"] >= 15


def test_every_key_of_a_class_expires_and_an_ended_class_sooner(redis_url):
    redis.Redis.from_url(redis_url).flushdb()
    limits = Limits(expiry_hours=1, ended_kept_s=600)
    store = RedisStore(redis_url, limits)
    try:
        c = store.open_class()
        student = store.join(c.code, "192.0.2.1")
        qid = store.ask(c.code, c.secret, "turn", "Which way?", ["cw", "acw"], 0)
        store.answer(c.code, student.student, qid, 0)
        store.collect(c.code, c.secret, (0, 1, 0, 1), 2)
        store.add_point(c.code, student.student, 0.5, 0.5, 1)
        keys = store.redis.keys(f"{store.prefix}{c.code}:*")
        assert len(keys) == 8  # meta, questions, answers:1, students, names, points, owner, mine
        assert all(3600 < store.redis.ttl(k) <= 3600 + 600 + 60 for k in keys)
        store.end(c.code, c.secret)
        assert all(0 < store.redis.ttl(k) <= 600 for k in keys)
    finally:
        store.close()


def test_a_replica_killed_mid_lecture_costs_its_students_a_reconnect_not_their_work(
    redis_url,
):
    redis.Redis.from_url(redis_url).flushdb()
    here = Path(__file__).resolve().parent
    env = {**os.environ, "LAB_REDIS_URL": redis_url, "PYTHONPATH": str(here.parents[2])}
    ports, replicas = [], []
    for _ in range(2):
        port = free_port()
        command = [sys.executable, "-m", "uvicorn", "room_app:app", "--port", str(port)]
        command += ["--host", "127.0.0.1", "--log-level", "warning"]
        replicas.append(subprocess.Popen(command, cwd=here, env=env))
        ports.append(port)
    lecturer = RedisStore(redis_url, Limits())  # the lecturer's page, on a third process
    try:
        for port, process in zip(ports, replicas, strict=True):
            wait_for(port, process)
        a, b = ports
        c = lecturer.open_class()
        students = [call(b, "POST", f"/class/{c.code}/join")[1]["student"] for _ in range(3)]
        lecturer.collect(c.code, c.secret, (0, 1, 0, 1), 2)
        qid = lecturer.ask(c.code, c.secret, "turn", "Which way?", ["cw", "acw"], 1)
        for i, student in enumerate(students):
            point = {"student": student, "x1": 0.5, "x2": i / 4, "label": 1}
            assert call(b, "POST", f"/class/{c.code}/point", point)[0] == 200
            answer = {"student": student, "question": qid, "choice": i % 2}
            assert call(b, "POST", f"/class/{c.code}/answer", answer)[0] == 200

        async def follow_kill_and_come_back():
            follower = await Follower().open(b, c.code, seat=students[0])
            before = await asyncio.wait_for(follower.next(), 5)
            replicas[1].kill()  # SIGKILL: no goodbye
            ended = await asyncio.wait_for(follower.next(), 5)
            await follower.close()
            follower = await Follower().open(a, c.code, seat=students[0])  # it reconnects
            after = await asyncio.wait_for(follower.next(), 5)
            await follower.close()
            return before, ended, after

        before, ended, after = in_thread(follow_kill_and_come_back())
        assert ended is None  # the stream was cut, not ended by the class
        assert after["students"] == 3 and len(after["points"]) == 3
        assert after["question"]["answered"] == 3
        assert after == {**before, "seq": after["seq"]} and after["seq"] == before["seq"]
        change = {"student": students[0], "question": qid, "choice": 1}
        assert call(a, "POST", f"/class/{c.code}/answer", change) == (200, {"answered": 3})
        assert lecturer.reveal(c.code, c.secret, qid) == [1, 2]
    finally:
        for process in replicas:
            process.kill()
            process.wait(10)
        lecturer.close()
