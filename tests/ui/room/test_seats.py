"""Seats (ui.room.store): signed by the server, one stream each, and the lecturer's
control of them (list, remove with all a seat sent, close to joins, clear the points, the
refusals of the last minute, the class's status). Run on both stores (conftest.py)."""

from __future__ import annotations

import asyncio

import pytest
from room_client import in_thread

from ui.room import codes
from ui.room.rules import Refused

ADDRESS = "198.51.100.7"


def refused(call, *args, status: int) -> Refused:
    with pytest.raises(Refused) as caught:
        call(*args)
    assert caught.value.status == status, caught.value.reason
    return caught.value


def test_a_seat_token_is_signed_for_its_class_and_a_forged_one_is_refused(store):
    c = store.open_class()
    other = store.open_class()
    seat = store.join(c.code, ADDRESS)
    student, _, signature = seat.student.rpartition(".")
    assert len(signature) == codes.SEAT_SIGNATURE_HEX and student
    qid = store.ask(c.code, c.secret, "turn", "Which way?", ["cw", "acw"], 1)
    assert store.answer(c.code, seat.student, qid, 0) == 1
    flipped = "0" if signature[-1] != "0" else "1"
    for forged in (student, f"{student}.{signature[:-1]}{flipped}", f"x{seat.student}"):
        assert refused(store.answer, c.code, forged, qid, 1, status=403).name == "not_joined"
    # A token of one class is not a seat in another.
    store.join(other.code, ADDRESS)
    refused(store.resume, other.code, seat.student, status=403)
    assert store.resume(c.code, seat.student) == seat  # a reload keeps the seat
    assert store.results(c.code, c.secret)[0]["counts"] == [1, 0]


def test_the_lecturer_sees_the_seats_and_removes_one_with_all_it_sent(store):
    c = store.open_class()
    a, b = store.join(c.code, "10.0.0.1"), store.join(c.code, "10.0.0.2")
    q1 = store.ask(c.code, c.secret, "turn", "First?", ["x", "y"], 0)
    store.answer(c.code, a.student, q1, 0)
    store.answer(c.code, b.student, q1, 0)
    store.reveal(c.code, c.secret, q1)
    q2 = store.ask(c.code, c.secret, "turn", "Second?", ["x", "y", "z"], 2)
    store.answer(c.code, a.student, q2, 1)
    store.answer(c.code, b.student, q2, 2)
    store.collect(c.code, c.secret, (0, 1, 0, 1), 5)
    for x in (0.1, 0.2, 0.3):
        store.add_point(c.code, a.student, x, 0.5, 1)
    kept = store.add_point(c.code, b.student, 0.9, 0.9, -1)
    seats = store.seats(c.code, c.secret)
    by_name = {s.pseudonym: s for s in seats}
    assert (by_name[a.pseudonym].answers, by_name[a.pseudonym].points) == (2, 3)
    assert (by_name[b.pseudonym].answers, by_name[b.pseudonym].points) == (2, 1)
    refused(store.seats, c.code, "forged", status=403)
    refused(store.remove_seat, c.code, "forged", by_name[a.pseudonym].seat, status=403)

    def remove():
        store.remove_seat(c.code, c.secret, by_name[a.pseudonym].seat)

    got = follow(store, c.code, 6, remove)
    kinds = [e["type"] for e in got[1:]]
    assert kinds == ["answers", "point_removed", "point_removed", "point_removed", "students"]
    assert got[1]["answered"] == 1 and got[-1]["students"] == 1
    state = store.state(c.code)
    assert [p["id"] for p in state["points"]] == [kept]
    assert state["students"] == 1 and state["question"]["answered"] == 1
    results = store.results(c.code, c.secret)
    assert results[0]["counts"] == [1, 0] and results[1]["counts"] == [0, 0, 1]
    assert store.reveal(c.code, c.secret, q2) == [0, 0, 1]
    assert [s.pseudonym for s in store.seats(c.code, c.secret)] == [b.pseudonym]
    # The removed seat's token is refused, with its own reason.
    assert refused(store.answer, c.code, a.student, q2, 0, status=403).name == "removed"
    assert refused(store.resume, c.code, a.student, status=403).name == "removed"
    assert refused(store.remove_seat, c.code, c.secret, "nobody", status=404).name == "no_seat"


def test_a_closed_class_takes_no_new_seats_and_its_seats_stay(store):
    c = store.open_class()
    a = store.join(c.code, ADDRESS)
    store.close_joins(c.code, c.secret)
    assert store.joins_closed(c.code, c.secret)
    assert refused(store.join, c.code, "10.1.1.1", status=409).name == "joins_closed"
    assert store.resume(c.code, a.student).pseudonym == a.pseudonym
    store.close_joins(c.code, c.secret, closed=False)
    assert not store.joins_closed(c.code, c.secret)
    store.join(c.code, "10.1.1.1")


def test_clear_points_removes_every_point_and_frees_each_students_quota(store):
    c = store.open_class()
    a = store.join(c.code, ADDRESS)
    store.collect(c.code, c.secret, (0, 1, 0, 1), 2)
    store.add_point(c.code, a.student, 0.1, 0.1, 1)
    store.add_point(c.code, a.student, 0.2, 0.2, 1)
    refused(store.add_point, c.code, a.student, 0.3, 0.3, 1, status=409)
    got = follow(store, c.code, 3, lambda: store.clear_points(c.code, c.secret))
    assert [e["type"] for e in got[1:]] == ["point_removed", "point_removed"]
    assert store.state(c.code)["points"] == []
    store.add_point(c.code, a.student, 0.3, 0.3, 1)  # placed again


def test_joins_from_one_address_are_limited_per_second_not_against_a_real_room(make_store, clock):
    store = make_store()
    c = store.open_class()
    # 300 phones behind one NAT, 5 a second: all in within a minute.
    for _second in range(60):
        for _ in range(5):
            store.join(c.code, ADDRESS)
        clock.t += 1
    assert store.state(c.code)["students"] == 300
    # A script minting seats as fast as it can from another address: 10 a second.
    script = store.open_class()
    taken = 0
    for _ in range(300):
        try:
            store.join(script.code, "192.0.2.66")
            taken += 1
        except Refused as refusal:
            assert refusal.name == "joins_burst"
    assert taken == store.limits.joins_per_second == 10


def test_the_refusals_of_the_last_minute_are_counted_per_class(store, clock):
    c = store.open_class()
    store.note_refusal(c.code, "answers_rate")
    store.note_refusal(c.code, "answers_rate")
    clock.t += 30
    store.note_refusal(c.code, "joins_burst")
    assert store.refused(c.code, c.secret) == {"answers_rate": 2, "joins_burst": 1}
    clock.t += 40
    assert store.refused(c.code, c.secret) == {"joins_burst": 1}
    clock.t += 60
    assert store.refused(c.code, c.secret) == {}


def test_the_status_says_live_ended_or_lost(store):
    c = store.open_class()
    assert store.status(c.code, c.secret) == "live"
    refused(store.status, c.code, "forged", status=403)
    store.end(c.code, c.secret)
    assert store.status(c.code, c.secret) == "ended"
    unknown = next(code for code in iter(codes.new_code, None) if store._status(code) is None)
    assert store.status(unknown, c.secret) == "lost"


def follow(store, code, n, action, seat=None):
    async def run():
        got = []
        events = store.subscribe(code, seat=seat)
        try:
            async with asyncio.timeout(10):
                async for item in events:
                    got.append(item)
                    if len(got) == 1:
                        await asyncio.to_thread(action)
                    if len(got) == n:
                        break
        finally:
            await events.aclose()
        return got

    return in_thread(run())


def test_one_stream_per_seat_a_new_one_ends_the_old(store):
    c = store.open_class()
    a = store.join(c.code, ADDRESS)

    async def run():
        old = store.subscribe(c.code, seat=a.student)
        assert (await old.__anext__())["type"] == "state"
        new = store.subscribe(c.code, seat=a.student)
        assert (await new.__anext__())["type"] == "state"
        async with asyncio.timeout(10):
            ended = await old.__anext__()
            with pytest.raises(StopAsyncIteration):
                await old.__anext__()
            await asyncio.to_thread(store.move, c.code, c.secret, {"cursor": 1})
            moved = await new.__anext__()
        await new.aclose()
        return ended, moved

    ended, moved = in_thread(run())
    assert ended["type"] == "replaced" and "another tab" in ended["reason"]
    assert moved["type"] == "lead"


def test_a_removed_seats_stream_ends_with_a_message_to_it_alone(store):
    c = store.open_class()
    a, b = store.join(c.code, "10.0.0.1"), store.join(c.code, "10.0.0.2")
    (seat_a,) = [s.seat for s in store.seats(c.code, c.secret) if s.pseudonym == a.pseudonym]

    async def run():
        streams = [store.subscribe(c.code, seat=s.student) for s in (a, b)]
        for stream in streams:
            assert (await stream.__anext__())["type"] == "state"
        await asyncio.to_thread(store.remove_seat, c.code, c.secret, seat_a)
        got = {0: [], 1: []}
        async with asyncio.timeout(10):
            for i, stream in enumerate(streams):
                async for item in stream:
                    got[i].append(item)
                    if item["type"] in ("removed", "students") and i == 1:
                        break
        await streams[1].aclose()
        return got

    got = in_thread(run())
    assert got[0][-1]["type"] == "removed" and got[0][-1]["reason"].startswith("The lecturer")
    assert all(e["type"] != "removed" for e in got[1])


def test_a_seat_reconnecting_without_end_is_limited(make_store):
    store = make_store(streams_per_seat_per_minute=3)
    c = store.open_class()
    a = store.join(c.code, ADDRESS)

    async def run():
        for _ in range(3):
            stream = store.subscribe(c.code, seat=a.student)
            await stream.__anext__()
            await stream.aclose()
        with pytest.raises(Refused) as caught:
            await store.subscribe(c.code, seat=a.student).__anext__()
        return caught.value

    assert in_thread(run()).name == "streams_rate"


def test_a_late_message_of_an_older_stream_does_not_end_the_newer(store):
    """On Redis the message of a seat's older stream may reach this replica after a newer
    stream of the seat began (under load): the newer one follows on."""
    c = store.open_class()
    a = store.join(c.code, ADDRESS)
    student = a.student.rpartition(".")[0]

    async def run():
        new = store.subscribe(c.code, seat=a.student)
        assert (await new.__anext__())["type"] == "state"
        late = {"type": "_seat", "seat": student, "stream": [1, "older"]}
        await asyncio.to_thread(store._tell, c.code, late)
        await asyncio.to_thread(store.move, c.code, c.secret, {"cursor": 2})
        async with asyncio.timeout(10):
            moved = await new.__anext__()
        await new.aclose()
        return moved

    assert in_thread(run())["type"] == "lead"
