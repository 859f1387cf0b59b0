"""The class's HTTP routes (ui.room.routes) on a real uvicorn server on a free port, with
clients of the standard library (room_client.py): http.client and urllib for requests,
asyncio streams for the events.
Each test runs on both stores (conftest.py's ``store``); the last one on two servers
sharing one Redis, as replicas do."""

from __future__ import annotations

import asyncio
import json
import socket
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from room_client import Follower, Served, in_thread, seats

from ui.room import codes
from ui.room.memory import MemoryStore
from ui.room.redis_store import RedisStore
from ui.room.routes import BODY_LIMIT, class_routes
from ui.room.rules import Limits

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def served(store):
    served = Served(store)
    yield served
    served.stop()


# --------------------------------------------------------------------------- joining


def test_students_join_by_code_as_typed(served, store):
    c = store.open_class()
    typed = f"{c.code[:3].lower()}-{c.code[3:].lower()}"
    status, body = served.call("POST", f"/class/{typed}/join", address="192.0.2.10")
    assert status == 200 and body["code"] == c.code
    adjective, animal = body["pseudonym"].split(" ")[:2]
    assert adjective in codes.ADJECTIVES and animal in codes.ANIMALS
    status, state = served.call("GET", f"/class/{c.code}/state")
    assert status == 200 and state["students"] == 1 and body["student"] not in json.dumps(state)


def test_an_unknown_code_is_404_with_a_plain_reason_on_every_route(served, store):
    store.open_class()
    unknown = next(code for code in iter(codes.new_code, None) if store._status(code) is None)
    for method, route in [
        ("GET", "events"),
        ("GET", "state"),
        ("POST", "join"),
        ("POST", "answer"),
        ("POST", "point"),
        ("POST", "lead"),
    ]:
        status, body = served.call(
            method, f"/class/{unknown}/{route}", address=f"192.0.2.{len(route)}"
        )
        assert status == 404, route
        assert body == {"error": "No class has this code. Check the code on the projector."}
    status, body = served.call("GET", "/class/<script>/state", address="192.0.2.99")
    assert status == 400 and "<script>" not in body["error"]


def test_guessing_codes_is_limited_per_address_on_every_route(served, store):
    c = store.open_class()
    limit = store.limits.guesses
    refused_at = None
    for i in range(3 * limit):
        guess = codes.new_code()
        route = ("join", "answer", "point", "state")[i % 4]
        method = "GET" if route == "state" else "POST"
        status, body = served.call(method, f"/class/{guess}/{route}", {}, address="198.51.100.66")
        if status == 429:
            refused_at = i
            assert "Too many wrong codes" in body["error"]
            break
        assert status == 404
    assert refused_at == limit
    status, _ = served.call("POST", f"/class/{c.code}/join", address="198.51.100.66")
    assert status == 200  # the right code still joins from that address


# --------------------------------------------------------------------------- following


def test_the_events_stream_starts_with_the_state_and_is_not_buffered(served, store):
    c = store.open_class()
    store.move(c.code, c.secret, {"page": "/playground", "cursor": 4})

    (seat,) = seats(store, c.code, 1)

    async def run():
        follower = await Follower().open(served.port, c.code, seat=seat)
        first = await asyncio.wait_for(follower.next(), 5)
        await follower.close()
        return follower, first

    follower, first = in_thread(run())
    assert follower.status == 200
    assert follower.headers["content-type"].startswith("text/event-stream")
    assert follower.headers["x-accel-buffering"] == "no"
    assert "no-cache" in follower.headers["cache-control"]
    assert "content-encoding" not in follower.headers
    assert first["type"] == "state" and first["lead"] == {"page": "/playground", "cursor": 4}


@pytest.mark.parametrize("n", [1, 50])
def test_followers_receive_a_move_within_a_second(served, store, n):
    c = store.open_class()
    tokens = seats(store, c.code, n)

    async def run():
        followers = [Follower() for _ in range(n)]
        await asyncio.gather(
            *(f.open(served.port, c.code, seat=s) for f, s in zip(followers, tokens, strict=True))
        )
        firsts = await asyncio.gather(*(asyncio.wait_for(f.next(), 10) for f in followers))
        assert all(e["type"] == "state" and e["version"] == 0 for e in firsts)
        start = time.perf_counter()
        moved = asyncio.to_thread(store.move, c.code, c.secret, {"cursor": 1})
        got = await asyncio.gather(moved, *(asyncio.wait_for(f.next(), 1.0) for f in followers))
        elapsed = time.perf_counter() - start
        await asyncio.gather(*(f.close() for f in followers))
        return got[1:], elapsed

    got, elapsed = in_thread(run())
    assert len(got) == n and all(e == got[0] for e in got)
    assert got[0]["type"] == "lead" and got[0]["lead"] == {"cursor": 1}
    assert elapsed < 1.0


def test_open_event_streams_are_capped_per_address_and_in_all(store):
    """A flood of event streams: past the cap from one address (a hall behind one NAT has
    room: the lab's cap is 600) the next is 429, past the process's cap 503, each with a
    plain reason; a stream closed gives its slot back; the refused hold nothing open."""
    from ui.room.routes import Streams

    streams = Streams(per_address=3, total=5)
    served = Served(store, streams=streams)
    c = store.open_class()
    tokens = iter(seats(store, c.code, 8))

    async def run():
        first = [
            await Follower().open(served.port, c.code, "198.51.100.7", next(tokens))
            for _ in range(3)
        ]
        for f in first:
            assert f.status == 200 and (await asyncio.wait_for(f.next(), 10))["type"] == "state"
        over = await Follower().open(served.port, c.code, "198.51.100.7", next(tokens))
        refused = over.status, (await over.reader.read()).decode()
        others = [
            await Follower().open(served.port, c.code, "198.51.100.8", next(tokens))
            for _ in range(2)
        ]
        full = await Follower().open(served.port, c.code, "198.51.100.9", next(tokens))
        full_refused = full.status, (await full.reader.read()).decode()
        await first[0].close()
        deadline = time.monotonic() + 5
        while streams.count > 4 and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        again = await Follower().open(served.port, c.code, "198.51.100.7", next(tokens))
        again_status = again.status
        for f in [*first[1:], *others, again]:
            await f.close()
        return refused, full_refused, again_status

    try:
        refused, full_refused, again_status = in_thread(run())
        assert refused[0] == 429 and "Too many open connections" in refused[1]
        assert full_refused[0] == 503 and "as many students as it can" in full_refused[1]
        assert again_status == 200  # the slot of the stream closed was given back
        deadline = time.monotonic() + 5
        while streams.count and time.monotonic() < deadline:
            time.sleep(0.02)
        assert streams.count == 0 and streams.open == {}
    finally:
        served.stop()


def test_a_follower_that_leaves_is_forgotten(served, store):
    c = store.open_class()
    tokens = seats(store, c.code, 20)

    async def run():
        followers = [Follower() for _ in range(20)]
        await asyncio.gather(
            *(f.open(served.port, c.code, seat=s) for f, s in zip(followers, tokens, strict=True))
        )
        await asyncio.gather(*(asyncio.wait_for(f.next(), 10) for f in followers))
        counted = store.fanout.count(c.code)
        await asyncio.gather(*(f.close() for f in followers))
        return counted

    assert in_thread(run()) == 20
    deadline = time.monotonic() + 5
    while store.fanout.count(c.code) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert store.fanout.count(c.code) == 0  # no slot of the class's cap kept by the gone


def test_a_move_posted_with_the_secret_reaches_the_followers(served, store):
    c = store.open_class()
    (seat,) = seats(store, c.code, 1)

    async def run():
        follower = await Follower().open(served.port, c.code, seat=seat)
        await asyncio.wait_for(follower.next(), 5)
        body = {"secret": c.secret, "lead": {"cursor": 9}}
        answer = await asyncio.to_thread(served.call, "POST", f"/class/{c.code}/lead", body)
        event = await asyncio.wait_for(follower.next(), 1.0)
        await follower.close()
        return answer, event

    answer, event = in_thread(run())
    assert answer == (200, {"version": 1})
    assert event["lead"] == {"cursor": 9} and event["version"] == 1
    long_link = {"page": "/playground", "query": "pg_pts=" + "1" * 16_377, "cursor": 3}
    body = {"secret": c.secret, "lead": long_link}
    assert served.call("POST", f"/class/{c.code}/lead", body) == (200, {"version": 2})


@pytest.mark.parametrize("secret", [None, "", "forged", "CODE", "OTHER", 7])
def test_a_forged_secret_is_refused_and_changes_nothing(served, store, secret):
    c = store.open_class()
    other = store.open_class()
    store.move(c.code, c.secret, {"cursor": 2})
    before = store.state(c.code)
    secret = {"CODE": c.code, "OTHER": other.secret}.get(secret, secret)
    body = {"secret": secret, "lead": {"cursor": 99}}
    status, answer = served.call("POST", f"/class/{c.code}/lead", body, address="192.0.2.5")
    assert (status, answer) == (403, {"error": "Only the lecturer can do this."})
    status, answer = served.call("POST", f"/class/{c.code}/lead", {"lead": {"cursor": 99}})
    assert status == 400
    assert store.state(c.code) == before


def test_a_quiet_stream_has_heartbeats_and_ends_with_the_class(store):
    served = Served(store, heartbeat_s=0.2)
    c = store.open_class()
    (seat,) = seats(store, c.code, 1)

    async def run():
        follower = await Follower().open(served.port, c.code, seat=seat)
        await asyncio.wait_for(follower.next(), 5)
        await asyncio.sleep(0.5)
        await asyncio.to_thread(store.end, c.code, c.secret)
        ended = await asyncio.wait_for(follower.next(), 5)
        after = await asyncio.wait_for(follower.next(), 5)
        await follower.close()
        return follower.comments, ended, after

    try:
        comments, ended, after = in_thread(run())
    finally:
        served.stop()
    assert ": heartbeat" in comments  # (and a heartbeat event the browser sees)
    assert ended["type"] == "ended" and after is None  # the stream closed
    assert store.expire_due(c.code)


# --------------------------------------------------------------------------- answers and points


def join(served, code, address):
    status, body = served.call("POST", f"/class/{code}/join", address=address)
    assert status == 200
    return body["student"]


def test_answers_flooded_by_one_student_are_rate_limited(served, store):
    c = store.open_class()
    student = join(served, c.code, "192.0.2.20")
    other = join(served, c.code, "192.0.2.21")
    qid = store.ask(c.code, c.secret, "turn", "Which way?", ["cw", "acw"], 0)
    statuses = []
    for i in range(20):
        body = {"student": student, "question": qid, "choice": i % 2}
        status, answer = served.call("POST", f"/class/{c.code}/answer", body)
        statuses.append(status)
        if status == 429:
            assert answer["error"] == "Too many answers at once: wait a second."
    assert statuses.count(200) <= store.limits.answers_per_second * 2  # two seconds at most
    assert statuses.count(429) >= 10
    body = {"student": other, "question": qid, "choice": 1}
    assert served.call("POST", f"/class/{c.code}/answer", body) == (200, {"answered": 2})
    assert store.reveal(c.code, c.secret, qid) in ([1, 1], [0, 2])


def test_every_field_of_a_point_is_checked(served, store):
    c = store.open_class()
    student = join(served, c.code, "192.0.2.30")
    store.collect(c.code, c.secret, (-1, 1, -1, 1), 5)
    path = f"/class/{c.code}/point"
    good = {"student": student, "x1": 0.5, "x2": -0.5, "label": 1}
    for raw in [
        f'{{"student":"{student}","x1":NaN,"x2":0,"label":1}}',
        f'{{"student":"{student}","x1":Infinity,"x2":0,"label":1}}',
        f'{{"student":"{student}","x1":-Infinity,"x2":0,"label":1}}',
        f'{{"student":"{student}","x1":1e400,"x2":0,"label":1}}',
        f'{{"student":"{student}","x1":1e308,"x2":0,"label":1}}',
        f'{{"student":"{student}","x1":"0.5","x2":0,"label":1}}',
        f'{{"student":"{student}","x1":"<b>x</b>","x2":0,"label":1}}',
        f'{{"student":"{student}","x1":0.5,"x2":0,"label":"1"}}',
        f'{{"student":"{student}","x1":0.5,"x2":0,"label":0}}',
        f'{{"student":"{student}","x1":0.5,"x2":0,"label":true}}',
        f'{{"student":"{student}","x1":0.5,"x2":0}}',
        f'{{"student":"{student}","x1":0.5,"x2":0,"label":1,"extra":1}}',
        f'["{student}",0.5,0,1]',
        "not json",
        "[" * 2000,  # deeper than Python's recursion limit, within the size
        "",
    ]:
        status, body = served.call("POST", path, raw=raw.encode())
        assert status == 400, raw[:80]
        assert set(body) == {"error"} and "<b>" not in body["error"]
    status, body = served.call("POST", path, raw=json.dumps(good).encode(), kind="text/plain")
    assert status == 415
    assert store.state(c.code)["points"] == []
    assert served.call("POST", path, good) == (200, {"point": 1})


def send_big(port: int, path: str, header: str, chunk: bytes, chunks: int) -> str:
    """Send a 1 MB body as the server lets us (it may answer and close first); its reply."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        head = (
            f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            f"{header}\r\nConnection: close\r\n\r\n"
        )
        sock.sendall(head.encode())
        try:
            for _ in range(chunks):
                sock.sendall(chunk)
        except OSError:
            pass  # the server answered and closed before the end: what it should do
        reply = b""
        try:
            while part := sock.recv(65536):
                reply += part
        except OSError:
            pass
    return reply.decode("latin-1")


def test_a_large_body_is_refused_with_or_without_its_length(served, store):
    c = store.open_class()
    join(served, c.code, "192.0.2.40")
    store.collect(c.code, c.secret, (-1, 1, -1, 1), 5)
    path = f"/class/{c.code}/point"
    # With its length announced (1 MB), and chunked, where no length tells it in advance.
    announced = send_big(served.port, path, f"Content-Length: {2**20}", b"x" * 4096, 256)
    chunked = send_big(
        served.port, path, "Transfer-Encoding: chunked", b"1000\r\n" + b"x" * 4096 + b"\r\n", 256
    )
    for reply in (announced, chunked):
        assert reply.startswith("HTTP/1.1 413"), reply[:200]
        body = json.loads(reply.split("\r\n\r\n", 1)[1])
        assert body == {"error": f"The request is over {BODY_LIMIT} bytes."}
    assert store.state(c.code)["points"] == []


def test_other_methods_are_refused_and_head_follows_nothing(served, store):
    c = store.open_class()
    for method, route in [("GET", "join"), ("GET", "answer"), ("PUT", "point"), ("POST", "events")]:
        request = urllib.request.Request(
            f"http://127.0.0.1:{served.port}/class/{c.code}/{route}", method=method
        )
        with pytest.raises(urllib.error.HTTPError) as caught:
            urllib.request.urlopen(request, timeout=10)
        assert caught.value.code == 405, (method, route)
    request = urllib.request.Request(
        f"http://127.0.0.1:{served.port}/class/{c.code}/events", method="HEAD"
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.status == 200 and response.read() == b""
    assert store.fanout.count(c.code) == 0


def test_a_failing_store_is_a_plain_503_and_no_traceback(store, caplog):
    c = store.open_class()

    def broken(*args):
        raise ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    store.join = broken  # as redis-py raises when Redis has gone
    served = Served(store)
    try:
        status, body = served.call("POST", f"/class/{c.code}/join", address="192.0.2.77")
    finally:
        served.stop()
    assert status == 503
    assert body == {"error": "The class server cannot be reached just now: try again in a moment."}
    assert "Connection refused" in caplog.text  # logged for the operator


def test_the_routes_fit_beside_streamlits_own():
    from streamlit.starlette import App

    store = MemoryStore()
    App(str(ROOT / "app.py"), routes=class_routes(store))  # raises on a reserved path
    paths = [route.path for route in class_routes(store)]
    assert all(p.startswith("/class/{code}/") for p in paths)


def test_a_move_posted_to_one_replica_reaches_the_followers_of_another(redis_url):
    import redis

    redis.Redis.from_url(redis_url).flushdb()
    stores = [RedisStore(redis_url, Limits()) for _ in range(2)]
    servers = [Served(s) for s in stores]
    a, b = servers
    c = stores[0].open_class()
    tokens = seats(stores[1], c.code, 10)

    async def run():
        followers = [Follower() for _ in range(10)]
        await asyncio.gather(
            *(f.open(b.port, c.code, seat=s) for f, s in zip(followers, tokens, strict=True))
        )
        await asyncio.gather(*(asyncio.wait_for(f.next(), 10) for f in followers))
        body = {"secret": c.secret, "lead": {"page": "/lecture", "cursor": 3}}
        answer = await asyncio.to_thread(a.call, "POST", f"/class/{c.code}/lead", body)
        got = await asyncio.gather(*(asyncio.wait_for(f.next(), 1.0) for f in followers))
        await asyncio.gather(*(f.close() for f in followers))
        return answer, got

    try:
        answer, got = in_thread(run())
    finally:
        for server in servers:
            server.stop()
        for store in stores:
            store.close()
    assert answer == (200, {"version": 1})
    assert all(e["type"] == "lead" and e["lead"]["cursor"] == 3 for e in got)
