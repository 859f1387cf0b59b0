"""One student cannot take the class away (issue 26, section 2), through the routes on a
real uvicorn server (room_client.py), on both stores: wrong codes do not lock out a live
one, seats minted by a script are refused past the class's limits, the lecturer removes a
seat with all it sent, streams belong to seats, and every refusal is one log line."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import re
import time

import pytest
from room_client import Follower, Served, in_thread

from ui.room import codes
from ui.room.refusals import RefusalLog

HALL = "198.51.100.80"  # a hall's Wi-Fi: every phone behind one address
LINE = re.compile(
    r"class refused route=(\w+) reason=(\w+) status=(\d+) class=(\S+) address=(\S+) seat=(\S+)"
)


@pytest.fixture
def served(store):
    store.limits = dataclasses.replace(store.limits, guess_delay_s=0.3)
    served = Served(store, refusals=RefusalLog(per_second=10_000))
    yield served
    served.stop()


def refusal_lines(caplog) -> list[tuple]:
    return [
        LINE.search(r.getMessage()).groups()
        for r in caplog.records
        if r.name == "perceptron_lab" and LINE.search(r.getMessage())
    ]


def test_sixty_wrong_codes_then_the_right_one_joins_follows_answers_and_places(
    served, store, caplog
):
    caplog.set_level(logging.WARNING, logger="perceptron_lab")
    c = store.open_class()
    wrong = 0
    for _ in range(store.limits.guesses):
        guess = codes.new_code()
        status, body = served.call("POST", f"/class/{guess}/join", address=HALL)
        assert status == 404, body
        wrong += 1
    start = time.perf_counter()
    status, body = served.call("POST", f"/class/{codes.new_code()}/join", address=HALL)
    assert status == 429 and "Too many wrong codes" in body["error"]
    assert time.perf_counter() - start >= 0.3  # a wrong guess past the limit is slowed
    # The right code from the same address: joins, follows, answers, places a point.
    status, joined = served.call("POST", f"/class/{c.code}/join", address=HALL)
    assert status == 200
    seat = joined["student"]
    qid = store.ask(c.code, c.secret, "turn", "Which way?", ["cw", "acw"], 1)
    store.collect(c.code, c.secret, (0, 1, 0, 1), 3)
    answer = {"student": seat, "question": qid, "choice": 1}
    assert served.call("POST", f"/class/{c.code}/answer", answer, address=HALL) == (
        200,
        {"answered": 1},
    )
    point = {"student": seat, "x1": 0.5, "x2": 0.5, "label": 1}
    assert served.call("POST", f"/class/{c.code}/point", point, address=HALL)[0] == 200

    async def follow():
        follower = await Follower().open(served.port, c.code, HALL, seat)
        first = await asyncio.wait_for(follower.next(), 5)
        await follower.close()
        return follower.status, first

    status, first = in_thread(follow())
    assert status == 200 and first["question"]["answered"] == 1 and len(first["points"]) == 1
    lines = refusal_lines(caplog)
    assert len(lines) == wrong + 1  # every refusal, one line each
    assert {(r[0], r[1], r[4]) for r in lines} == {
        ("join", "unknown", HALL),
        ("join", "guesses", HALL),
    }


def test_seats_minted_by_a_script_are_refused_and_the_lecturer_removes_one(served, store, caplog):
    caplog.set_level(logging.WARNING, logger="perceptron_lab")
    c = store.open_class()
    minted, refused = [], []
    start = time.monotonic()
    for _ in range(300):
        status, body = served.call("POST", f"/class/{c.code}/join", address="192.0.2.66")
        (minted if status == 200 else refused).append(body)
    seconds = time.monotonic() - start
    assert all(r["error"].startswith("Too many joins from this address") for r in refused)
    # At most joins_per_second in each second the script ran (and each second it spans).
    assert len(minted) <= store.limits.joins_per_second * (int(seconds) + 2)
    assert len(refused) >= 300 - store.limits.joins_per_second * (int(seconds) + 2)
    # A student from another address still joins; the lecturer closes the class to joins.
    status, honest = served.call("POST", f"/class/{c.code}/join", address="192.0.2.7")
    assert status == 200
    store.close_joins(c.code, c.secret)
    status, body = served.call("POST", f"/class/{c.code}/join", address="192.0.2.8")
    assert status == 409 and body["error"] == "The lecturer has closed this class to new students."
    # The script's seats joined in a burst: held until the lecturer counts them
    # (test_held.py); counted here, they answer and place points, and the lecturer
    # removes one of them.
    assert store.count_held(c.code, c.secret) == len(minted)
    qid = store.ask(c.code, c.secret, "turn", "Which way?", ["cw", "acw"], 1)
    store.collect(c.code, c.secret, (0, 1, 0, 1), 2)
    bad = minted[0]
    for seat, choice in ((bad["student"], 0), (honest["student"], 1)):
        body = {"student": seat, "question": qid, "choice": choice}
        assert served.call("POST", f"/class/{c.code}/answer", body)[0] == 200
    for x in (0.1, 0.2):
        body = {"student": bad["student"], "x1": x, "x2": x, "label": -1}
        assert served.call("POST", f"/class/{c.code}/point", body)[0] == 200
    (seat,) = [s for s in store.seats(c.code, c.secret) if s.pseudonym == bad["pseudonym"]]
    assert (seat.answers, seat.points) == (1, 2)
    store.remove_seat(c.code, c.secret, seat.seat)
    state = store.state(c.code)
    assert state["points"] == [] and state["question"]["answered"] == 1
    assert state["students"] == len(minted)  # the minted, less one, and the honest student
    body = {"student": bad["student"], "question": qid, "choice": 0}
    status, said = served.call("POST", f"/class/{c.code}/answer", body)
    assert (status, said["error"]) == (403, "The lecturer removed you from this class.")
    assert store.reveal(c.code, c.secret, qid) == [0, 1]
    # Every refusal is a line, and counted for the lecturer (the last minute).
    lines = refusal_lines(caplog)
    assert len(lines) == len(refused) + 2
    assert {r[1] for r in lines} == {"joins_burst", "joins_closed", "removed"}
    counted = store.refused(c.code, c.secret)
    assert counted == {"joins_burst": len(refused), "joins_closed": 1, "removed": 1}


def test_a_stream_needs_a_seat_and_a_lost_class_is_said_as_lost(served, store):
    c = store.open_class()
    seat = store.join(c.code, HALL).student

    async def open_without(token):
        follower = await Follower().open(served.port, c.code, HALL, token)
        said = (await follower.reader.read()).decode()
        await follower.close()
        return follower.status, said

    status, said = in_thread(open_without(None))
    assert status == 403 and "Join the class first." in said
    status, said = in_thread(open_without(seat[:-2] + "00"))
    assert status == 403
    # The class is lost (as when Redis restarted without its file): its seat says so.
    lost = next(code for code in iter(codes.new_code, None) if store._status(code) is None)
    token = codes.seat_token(store.seat_key, lost, seat.rpartition(".")[0])
    answer = {"student": token, "question": 1, "choice": 0}
    for _ in range(store.limits.guesses + 5):  # never counted as a guess
        status, body = served.call("POST", f"/class/{lost}/answer", answer, address=HALL)
        assert status == 410 and "lost" in body["error"] and "Check the code" not in body["error"]


def test_refusal_lines_are_limited_per_reason_and_say_how_many_were_left_out(caplog):
    caplog.set_level(logging.WARNING, logger="perceptron_lab")
    now = [100.0]
    refusals = RefusalLog(per_second=5, clock=lambda: now[0])
    written = [
        refusals.refused("join", "joins_burst", 429, "ABCDEF", HALL, None) for _ in range(1000)
    ]
    assert written.count(True) == 5
    assert refusals.refused("answer", "answers_rate", 429, "ABCDEF", HALL, "id.sig")
    now[0] += 1
    assert refusals.refused("join", "joins_burst", 429, "ABCDEF", HALL, None)
    messages = [r.getMessage() for r in caplog.records]
    assert len(messages) == 7
    assert messages[-1].endswith("suppressed=995")
    assert "seat=id " in messages[5] + " " and "sig" not in messages[5]
    # A student's text never reaches the log as written.
    refusals.refused("join", "unknown", 404, "<b>\nX", "1.2.3.4\nforged line", None)
    assert "\n" not in caplog.records[-1].getMessage()
