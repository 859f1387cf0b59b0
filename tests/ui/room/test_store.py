"""The class stores (ui.room.store): one suite, run on MemoryStore and on RedisStore
against a real redis-server (conftest.py). The expected values are written by hand or
kept by the test itself (a dict of each student's last answer), never read back from
the store under test."""

from __future__ import annotations

import asyncio
import json
import math
import random
import threading

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from room_client import in_thread

from ui.room import codes
from ui.room.fanout import INBOX_SIZE
from ui.room.rules import Refused

ADDRESS = "198.51.100.7"


def refused(call, *args, status: int) -> str:
    with pytest.raises(Refused) as caught:
        call(*args)
    assert caught.value.status == status, caught.value.reason
    return caught.value.reason


def joined(store, code, n):
    return [store.join(code, f"10.0.0.{i}") for i in range(n)]


# --------------------------------------------------------------------------- the lecturer


def test_a_new_class_has_a_code_a_secret_and_nothing_yet(store):
    opened = store.open_class()
    assert codes.normalise(opened.code) == opened.code
    assert opened.secret not in opened.code and len(opened.secret) >= 40
    state = store.state(opened.code)
    assert state["type"] == "state" and state["code"] == opened.code
    assert (state["version"], state["lead"], state["question"]) == (0, {}, None)
    assert (state["collecting"], state["points"], state["students"]) == (None, [], 0)
    assert store.open_class().code != opened.code


def test_moves_grow_the_version_and_the_state_follows(store):
    c = store.open_class()
    lead = {"page": "/playground", "query": "n=40&seed=3", "scene": None, "cursor": 0}
    assert store.move(c.code, c.secret, lead) == 1
    assert store.move(c.code, c.secret, {**lead, "cursor": 5}) == 2
    state = store.state(c.code)
    assert state["version"] == 2 and state["lead"] == {**lead, "cursor": 5}


def everything_kept(store) -> str:
    """All the store keeps, as text: the memory store's classes, or every Redis value."""
    if hasattr(store, "redis"):
        values = []
        for key in store.redis.keys("*"):
            kind = store.redis.type(key)
            if kind == "hash":
                values.append(str(store.redis.hgetall(key)))
            elif kind == "set":
                values.append(str(store.redis.smembers(key)))
            elif kind == "string":
                values.append(store.redis.get(key))
        return "\n".join(values)
    return repr(store._rooms)


def test_the_store_keeps_the_secrets_hash_not_the_secret(store):
    c = store.open_class()
    joined(store, c.code, 2)
    store.move(c.code, c.secret, {"cursor": 1})
    kept = everything_kept(store)
    assert c.secret not in kept and codes.secret_hash(c.secret) in kept


@pytest.mark.parametrize(
    "forged", [None, "", "secret", "x" * 5000, 12345, ["s"], "CODE", "PREFIX", "OTHER"]
)
def test_a_forged_or_missing_secret_changes_nothing(store, forged):
    c = store.open_class()
    other = store.open_class()
    if isinstance(forged, str):
        named = {"CODE": c.code, "PREFIX": c.secret[:-1], "OTHER": other.secret}
        forged = named.get(forged, forged)
    store.move(c.code, c.secret, {"cursor": 1})
    qid = store.ask(c.code, c.secret, "turn", "Which way does w turn?", ["cw", "acw"], 0)
    before = store.state(c.code)
    for call, args in [
        (store.move, ({"cursor": 9},)),
        (store.ask, ("turn", "Again?", ["a", "b"], 1)),
        (store.reveal, (qid,)),
        (store.collect, ((0, 1, 0, 1), 3)),
        (store.stop_collecting, ()),
        (store.remove_point, (1,)),
        (store.results, ()),
        (store.keep_alive, ()),
        (store.end, ()),
    ]:
        reason = refused(call, c.code, forged, *args, status=403)
        assert reason == "Only the lecturer can do this."
    assert store.state(c.code) == before


def test_the_longest_link_a_page_reads_fits_in_the_lead_state(store):
    from ui.limits import MAX_LINK

    c = store.open_class()
    lead = {"page": "/playground", "query": "p" * MAX_LINK, "scene": 12, "cursor": 10**6}
    assert store.move(c.code, c.secret, lead) == 1
    assert store.state(c.code)["lead"] == lead


def test_the_lead_state_is_checked(store):
    c = store.open_class()
    for bad in [
        "cursor=3",
        {"cursor": "3"},
        {"cursor": True},
        {"page": 5},
        {"version": 7},
        {"x": math.nan},
        {"x": math.inf},
        {"x": object()},
        {1: 2},
        {"query": "a" * 30_000},
    ]:
        refused(store.move, c.code, c.secret, bad, status=400)
    assert store.state(c.code)["version"] == 0


# --------------------------------------------------------------------------- students


def test_students_join_with_distinct_pseudonyms_up_to_the_cap(make_store):
    store = make_store(students_per_class=5)
    c = store.open_class()
    students = joined(store, c.code, 5)
    assert len({s.student for s in students}) == 5
    assert len({s.pseudonym for s in students}) == 5
    for s in students:
        adjective, animal = s.pseudonym.split(" ")[:2]
        assert adjective in codes.ADJECTIVES and animal in codes.ANIMALS
    assert refused(store.join, c.code, "10.0.1.1", status=409) == "This class is full."
    state = store.state(c.code)
    assert state["students"] == 5
    text = json.dumps(state)
    assert not any(s.student in text for s in students)  # ids sign answers: never shown


def test_joins_per_address_are_limited(make_store, clock):
    store = make_store(joins_per_minute=3)
    c = store.open_class()
    for _ in range(3):
        store.join(c.code, ADDRESS)
    refused(store.join, c.code, ADDRESS, status=429)
    store.join(c.code, "10.9.9.9")
    clock.t += 60
    store.join(c.code, ADDRESS)


def test_wrong_codes_are_limited_per_address(make_store, clock):
    store = make_store(guesses=10, guess_window_s=600)
    c = store.open_class()
    assert store.admit(c.code.lower(), ADDRESS) == c.code
    tried = 0
    for _ in range(200):
        guess = codes.new_code()
        if guess == c.code:
            continue
        try:
            store.admit(guess, ADDRESS)
        except Refused as refusal:
            if refusal.status == 429:
                break
            assert refusal.status == 404
            tried += 1
    assert tried == 10
    # Wrong codes are refused as guesses from then on (the routes answer them late); the
    # right code still gets in from that address: a hall behind one NAT is not locked out.
    refused(store.admit, codes.new_code(), ADDRESS, status=429)
    assert store.admit(c.code, ADDRESS) == c.code
    other = "203.0.113.9"
    for _ in range(10):
        refused(store.admit, "no!", other, status=400)  # malformed codes count as guesses
    refused(store.admit, "no!", other, status=429)
    assert store.admit(c.code, other) == c.code
    clock.t += 600
    refused(store.admit, "no!", other, status=400)  # a new window


def test_a_code_that_existed_never_counts_as_a_guess(make_store):
    store = make_store(guesses=3)
    ended = store.open_class()
    seat = store.join(ended.code, "10.0.0.1").student
    store.end(ended.code, ended.secret)
    for _ in range(10):
        assert refused(store.admit, ended.code, ADDRESS, status=410) == "This class has ended."
    # A seat token the store signed for a code it does not know: the class was lost.
    lost = next(code for code in iter(codes.new_code, None) if store._status(code) is None)
    token = codes.seat_token(store.seat_key, lost, "someone")
    for _ in range(10):
        reason = refused(store.admit, lost, ADDRESS, token, status=410)
        assert "lost" in reason and "Check the code" not in reason
    # None of those counted: three wrong codes are still allowed, the fourth is not.
    for _ in range(3):
        refused(store.admit, lost, ADDRESS, status=404)
    refused(store.admit, lost, ADDRESS, status=429)
    # A forged token proves nothing: a guess like any other.
    forged = token[:-1] + ("0" if token[-1] != "0" else "1")
    refused(store.admit, lost, "192.0.2.77", forged, status=404)
    assert seat  # joined before the end


# --------------------------------------------------------------------------- questions


def test_one_answer_per_student_changeable_until_reveal(store):
    c = store.open_class()
    a, b, d = joined(store, c.code, 3)
    qid = store.ask(c.code, c.secret, "next_mistake", "Which point is next?", list("ABCD"), 2)
    assert store.answer(c.code, a.student, qid, 0) == 1
    assert store.answer(c.code, a.student, qid, 2) == 1  # changed, still one answer
    assert store.answer(c.code, b.student, qid, 2) == 2
    state = store.state(c.code)["question"]
    assert state["answered"] == 2 and "right" not in state and "counts" not in state
    assert store.reveal(c.code, c.secret, qid) == [0, 0, 2, 0]
    assert refused(store.answer, c.code, d.student, qid, 1, status=409).startswith("Answers")
    assert refused(store.answer, c.code, a.student, qid, 1, status=409)
    state = store.state(c.code)["question"]
    assert (state["counts"], state["right"], state["answered"]) == ([0, 0, 2, 0], 2, 2)
    refused(store.reveal, c.code, c.secret, qid, status=409)
    assert store.results(c.code, c.secret) == [
        {
            "id": qid,
            "kind": "next_mistake",
            "prompt": "Which point is next?",
            "choices": ["A", "B", "C", "D"],
            "marks": [],
            "right": 2,
            "status": "revealed",
            "counts": [0, 0, 2, 0],
        }
    ]


def test_a_question_s_marks_reach_the_class_exactly_and_bad_ones_are_refused(store):
    c = store.open_class()
    marks = [("A", 0.1, 1 / 3), ("B", -5e-324, 1e308), ("D", -2.0, 0.0)]
    qid = store.ask(c.code, c.secret, "next_mistake", "Which?", list("ABD"), 1, marks)
    question = store.state(c.code)["question"]
    assert question["marks"] == [list(m) for m in marks]
    assert store.results(c.code, c.secret)[0]["marks"] == [list(m) for m in marks]
    store.reveal(c.code, c.secret, qid)
    bad = [
        [("A", float("nan"), 0.0)],
        [("A", 0.0, float("inf"))],
        [("Z", 0.0, 0.0)],
        [("AB", 0.0, 0.0)],
        [("A", "1", 0.0)],
        [("A", True, 0.0)],
        [("A", 0.0)],
        [("A", 0.0, 0.0)] * 7,
        "A,0,0",
    ]
    for marks in bad:
        refused(store.ask, c.code, c.secret, "turn", "Which?", ["x", "y"], 0, marks, status=400)
    assert store.state(c.code)["question"]["id"] == qid  # nothing asked


def test_text_and_numbers_come_back_exactly_as_given(store):
    c = store.open_class()
    (a,) = joined(store, c.code, 1)
    prompt = 'Does w turn ↻ or ↺? <b>*bold*</b> "quoted" \\ / é 😀'
    choices = ["↻ clockwise", "↺ anti-clockwise", "</script>", "[a](javascript:x)"]
    qid = store.ask(c.code, c.secret, "turn", prompt, choices, 3)
    store.answer(c.code, a.student, qid, 2)
    store.reveal(c.code, c.secret, qid)
    question = store.state(c.code)["question"]
    assert (question["prompt"], question["choices"]) == (prompt, choices)
    assert store.results(c.code, c.secret)[0]["prompt"] == prompt
    store.collect(c.code, c.secret, (-1, 1, -1, 1), 5)
    awkward = [(0.1, 1 / 3), (5e-324, -0.0), (-1.0, 0.9999999999999999), (1, -1)]
    for x1, x2 in awkward:
        store.add_point(c.code, a.student, x1, x2, 1)
    got = [(p["x1"], p["x2"]) for p in store.state(c.code)["points"]]
    assert got == [(float(x1), float(x2)) for x1, x2 in awkward]
    assert all(type(v) is float for pair in got for v in pair)
    store.move(c.code, c.secret, {"query": prompt, "cursor": 2**53, "x": [1.5, None, True]})
    assert store.state(c.code)["lead"] == {"query": prompt, "cursor": 2**53, "x": [1.5, None, True]}


def test_answers_are_checked(store):
    c = store.open_class()
    (a,) = joined(store, c.code, 1)
    qid = store.ask(c.code, c.secret, "converge", "Will it converge?", ["yes", "no"], 1)
    refused(store.ask, c.code, c.secret, "turn", "Another?", ["a", "b"], 0, status=409)
    for question, choice, status in [
        (qid + 1, 0, 404),
        ("1", 0, 400),
        (None, 0, 400),
        (True, 0, 400),
        (qid, 2, 400),
        (qid, -1, 400),
        (qid, 0.0, 400),
        (qid, True, 400),
        (qid, "0", 400),
        (qid, math.nan, 400),
    ]:
        refused(store.answer, c.code, a.student, question, choice, status=status)
    for student in ["not-joined", "", None, 5, "x" * 1000]:
        refused(store.answer, c.code, student, qid, 0, status=403)
    other = store.open_class()
    refused(store.answer, other.code, a.student, qid, 0, status=403)  # no other class
    assert store.state(c.code)["question"]["answered"] == 0


def test_questions_are_checked(store):
    c = store.open_class()
    for kind, prompt, choices, right in [
        ("poll", "p", ["a", "b"], 0),
        ("turn", "", ["a", "b"], 0),
        ("turn", "p" * 301, ["a", "b"], 0),
        ("turn", "p", ["a"], 0),
        ("turn", "p", list("abcdefg"), 0),
        ("turn", "p", ["a", ""], 0),
        ("turn", "p", ["a", 3], 0),
        ("turn", "p", ["a", "b"], 2),
        ("turn", "p", ["a", "b"], True),
        ("turn", "p", "ab", 0),
    ]:
        refused(store.ask, c.code, c.secret, kind, prompt, choices, right, status=400)
    assert store.state(c.code)["question"] is None


def test_answers_per_student_per_second_are_limited(make_store, clock):
    store = make_store(answers_per_second=3)
    c = store.open_class()
    a, b = joined(store, c.code, 2)
    qid = store.ask(c.code, c.secret, "turn", "Which way?", ["cw", "acw"], 0)
    for choice in (0, 1, 0):
        store.answer(c.code, a.student, qid, choice)
    reason = refused(store.answer, c.code, a.student, qid, 1, status=429)
    assert "wait" in reason
    assert store.answer(c.code, b.student, qid, 1) == 2  # another student is not held up
    clock.t += 1
    store.answer(c.code, a.student, qid, 1)
    assert store.reveal(c.code, c.secret, qid) == [0, 2]


# --------------------------------------------------------------------------- points


def test_points_in_the_box_up_to_each_students_cap(store):
    c = store.open_class()
    a, b = joined(store, c.code, 2)
    reason = refused(store.add_point, c.code, a.student, 0.5, 0.5, 1, status=409)
    assert reason == "The lecturer is not collecting points now."
    store.collect(c.code, c.secret, (-2, 2, -1, 1), 2)
    p1 = store.add_point(c.code, a.student, -2.0, 1.0, 1)  # on the box's edge
    p2 = store.add_point(c.code, a.student, 0.25, -0.5, -1)
    refused(store.add_point, c.code, a.student, 0.0, 0.0, 1, status=409)
    p3 = store.add_point(c.code, b.student, 1.5, 0.0, -1)
    points = store.state(c.code)["points"]
    assert points == [
        {"id": p1, "x1": -2.0, "x2": 1.0, "label": 1, "by": a.pseudonym},
        {"id": p2, "x1": 0.25, "x2": -0.5, "label": -1, "by": a.pseudonym},
        {"id": p3, "x1": 1.5, "x2": 0.0, "label": -1, "by": b.pseudonym},
    ]
    store.remove_point(c.code, c.secret, p1)  # frees a place of a's
    refused(store.remove_point, c.code, c.secret, p1, status=404)
    p4 = store.add_point(c.code, a.student, 0.1, 0.1, 1)
    assert [p["id"] for p in store.state(c.code)["points"]] == [p2, p3, p4]
    store.stop_collecting(c.code, c.secret)
    refused(store.add_point, c.code, b.student, 0.0, 0.0, 1, status=409)
    assert store.state(c.code)["collecting"] is None


def test_every_value_of_a_point_is_checked(make_store):
    store = make_store(points_per_second=1000)
    c = store.open_class()
    (a,) = joined(store, c.code, 1)
    store.collect(c.code, c.secret, (0, 1, 0, 1), 5)
    for x1, x2, label in [
        (math.nan, 0.5, 1),
        (0.5, math.inf, 1),
        (-math.inf, 0.5, 1),
        (1e308, 0.5, 1),
        (0.5, -1e308, 1),
        (1.0000001, 0.5, 1),
        ("0.5", 0.5, 1),
        (None, 0.5, 1),
        (True, 0.5, 1),
        ([0.5], 0.5, 1),
        (0.5, 0.5, 0),
        (0.5, 0.5, 2),
        (0.5, 0.5, "1"),
        (0.5, 0.5, True),
        (0.5, 0.5, 1.0),
        (0.5, 0.5, None),
    ]:
        refused(store.add_point, c.code, a.student, x1, x2, label, status=400)
    refused(store.add_point, c.code, "stranger", 0.5, 0.5, 1, status=403)
    assert store.state(c.code)["points"] == []


def test_the_class_cap_and_the_box_the_lecturer_sets(make_store):
    store = make_store(points_per_class=3, points_per_student_max=5)
    c = store.open_class()
    students = joined(store, c.code, 4)
    for bad_box, per in [
        ((0, 0, 0, 1), 1),
        ((1, 0, 0, 1), 1),
        ((0, 1, 0, math.nan), 1),
        ((0, 1, 0, 1e7), 1),
        ((0, 1, 0), 1),
        ((0, 1, 0, 1), 0),
        ((0, 1, 0, 1), 6),
        ((0, 1, 0, 1), 2.0),
    ]:
        refused(store.collect, c.code, c.secret, bad_box, per, status=400)
    store.collect(c.code, c.secret, (0, 1, 0, 1), 5)
    for s in students[:3]:
        store.add_point(c.code, s.student, 0.5, 0.5, 1)
    reason = refused(store.add_point, c.code, students[3].student, 0.5, 0.5, 1, status=409)
    assert "all the points" in reason
    assert len(store.state(c.code)["points"]) == 3


def test_points_per_student_per_second_are_limited(make_store, clock):
    store = make_store(points_per_second=2)
    c = store.open_class()
    (a,) = joined(store, c.code, 1)
    store.collect(c.code, c.secret, (0, 1, 0, 1), 10)
    store.add_point(c.code, a.student, 0.1, 0.1, 1)
    store.add_point(c.code, a.student, 0.2, 0.2, 1)
    refused(store.add_point, c.code, a.student, 0.3, 0.3, 1, status=429)
    clock.t += 1
    store.add_point(c.code, a.student, 0.3, 0.3, 1)
    assert len(store.state(c.code)["points"]) == 3


# --------------------------------------------------------------------------- the end


def test_a_class_ends_after_hours_without_its_lecturer(make_store, clock):
    store = make_store(expiry_hours=2)
    c = store.open_class()
    (a,) = joined(store, c.code, 1)
    clock.t += 1.5 * 3600
    store.keep_alive(c.code, c.secret)  # the lecturer is back: two more hours
    clock.t += 1.9 * 3600
    store.join(c.code, ADDRESS)  # students do not keep a class alive
    assert store.state(c.code)["students"] == 2
    clock.t += 0.2 * 3600
    assert refused(store.state, c.code, status=410) == "This class has ended."
    refused(store.move, c.code, c.secret, {"cursor": 1}, status=410)
    refused(store.join, c.code, ADDRESS, status=410)
    refused(store.admit, c.code, ADDRESS, status=410)
    assert store.expire_due(c.code)


def test_the_lecturer_ends_the_class(store):
    c = store.open_class()
    (a,) = joined(store, c.code, 1)
    qid = store.ask(c.code, c.secret, "turn", "Which way?", ["cw", "acw"], 0)
    store.end(c.code, c.secret)
    refused(store.answer, c.code, a.student, qid, 0, status=410)
    refused(store.end, c.code, c.secret, status=410)
    other = store.open_class()
    assert store.state(other.code)["version"] == 0  # no other class touched


# --------------------------------------------------------------------------- events


def collect(store, code, n, action=None, idle=None):
    """The first ``n`` events of a subscription; ``action`` runs once the state is in."""

    async def follow():
        got = []
        events = store.subscribe(code, idle=idle)
        try:
            async with asyncio.timeout(10):
                async for item in events:
                    got.append(item)
                    if len(got) == 1 and action is not None:
                        await asyncio.to_thread(action)
                    if len(got) == n:
                        break
        finally:
            await events.aclose()
        return got

    return in_thread(follow())


def test_a_late_follower_gets_the_state_then_every_change_in_order(store):
    c = store.open_class()
    store.move(c.code, c.secret, {"cursor": 3})
    (a,) = joined(store, c.code, 1)

    def lecture():
        store.move(c.code, c.secret, {"cursor": 4})
        qid = store.ask(c.code, c.secret, "turn", "Which way?", ["cw", "acw"], 1)
        store.answer(c.code, a.student, qid, 0)
        store.reveal(c.code, c.secret, qid)
        store.collect(c.code, c.secret, (0, 1, 0, 1), 1)
        store.add_point(c.code, a.student, 0.5, 0.25, -1)
        store.remove_point(c.code, c.secret, 1)
        store.join(c.code, ADDRESS)
        store.end(c.code, c.secret)

    got = collect(store, c.code, 10, lecture)
    assert got[0]["type"] == "state" and got[0]["lead"] == {"cursor": 3}
    assert got[0]["version"] == 1 and got[0]["students"] == 1
    # Two changes before (a move, a join), then every change once, numbered in order.
    assert [e["seq"] for e in got] == list(range(2, 12))
    assert [e["type"] for e in got[1:]] == [
        "lead", "asked", "answers", "revealed", "collecting", "point", "point_removed",
        "students", "ended",
    ]  # fmt: skip
    lead, asked, answers, revealed = got[1:5]
    assert (lead["version"], lead["lead"]) == (2, {"cursor": 4})
    assert asked["question"] == {
        "id": 1, "kind": "turn", "prompt": "Which way?", "choices": ["cw", "acw"], "marks": []
    }  # fmt: skip
    assert answers == {"type": "answers", "question": 1, "answered": 1, "seq": 5}
    assert (revealed["counts"], revealed["right"], revealed["answered"]) == ([1, 0], 1, 1)
    assert got[6]["point"] == {"id": 1, "x1": 0.5, "x2": 0.25, "label": -1, "by": a.pseudonym}
    assert got[7]["point"] == 1 and got[8]["students"] == 2
    assert got[9]["reason"] == "The lecturer ended the class."
    assert a.student not in json.dumps(got)


def test_a_quiet_follower_gets_heartbeats_and_the_end_when_the_lecturer_is_gone(make_store, clock):
    store = make_store(expiry_hours=1)
    c = store.open_class()

    def away():
        clock.t += 3601

    got = collect(store, c.code, 50, away, idle=0.05)  # the iterator stops after "ended"
    kinds = [e["type"] for e in got]
    # A heartbeat found the lecturer gone (with Redis, one more may pass before the news).
    assert kinds[0] == "state" and kinds[-1] == "ended" and 1 <= len(kinds) - 2 <= 3
    assert set(kinds[1:-1]) == {"heartbeat"}
    assert "away too long" in got[-1]["reason"]


def test_a_follower_too_slow_for_its_queue_gets_the_whole_state_instead(store):
    c = store.open_class()
    moves = INBOX_SIZE + 44

    def lecture():  # the follower reads nothing meanwhile
        for cursor in range(1, moves + 1):
            store.move(c.code, c.secret, {"cursor": cursor})

    async def follow():
        got = []
        events = store.subscribe(c.code)
        async with asyncio.timeout(20):
            async for item in events:
                got.append(item)
                if len(got) == 1:
                    await asyncio.to_thread(lecture)
                    await asyncio.sleep(0.5)  # Redis's pub/sub delivers the last ones
                elif item["version"] == moves:
                    break
        await events.aclose()
        return got

    got = in_thread(follow())
    # Not hundreds of stale moves: the queue overflowed, so the whole state, then nothing
    # it already holds (the moves queued after the overflow are older than that state).
    assert [e["type"] for e in got] == ["state", "state"]
    assert got[1]["lead"] == {"cursor": moves} and got[1]["seq"] == moves


def test_a_busy_follower_gets_the_latest_counts_not_each_one(make_store):
    store = make_store(joins_per_minute=10**6)
    c = store.open_class()

    def burst():  # the follower reads nothing meanwhile
        students = joined(store, c.code, 30)
        qid = store.ask(c.code, c.secret, "turn", "Which way?", ["cw", "acw"], 0)
        for s in students:
            store.answer(c.code, s.student, qid, 0)
        for s in students[:10]:
            store.answer(c.code, s.student, qid, 1)  # changed: no count changes

    async def follow():
        got = []
        events = store.subscribe(c.code, idle=2.0)
        async with asyncio.timeout(20):
            async for item in events:
                got.append(item)
                if len(got) == 1:
                    await asyncio.to_thread(burst)
                    await asyncio.sleep(1.0)  # Redis's pub/sub delivers the last ones
                elif item["type"] == "heartbeat":
                    break
        await events.aclose()
        return got

    got = in_thread(follow())
    counts = [(e["type"], e.get("students", e.get("answered"))) for e in got]
    assert counts == [("state", 0), ("students", 30), ("asked", None), ("answers", 30)] + [
        ("heartbeat", None)
    ]
    # 30 joins, a question and 30 answers: 61 changes, of which this follower needed 3.
    assert got[3]["seq"] == 61


def test_followers_of_a_class_are_capped(make_store):
    store = make_store(followers_per_class=2)
    c = store.open_class()

    async def three():
        streams = [store.subscribe(c.code) for _ in range(3)]
        firsts = [await s.__anext__() for s in streams[:2]]
        with pytest.raises(Refused) as caught:
            await streams[2].__anext__()
        for s in streams:
            await s.aclose()
        return firsts, caught.value.status

    firsts, status = in_thread(three())
    assert [f["type"] for f in firsts] == ["state", "state"] and status == 429


# --------------------------------------------------------------------------- counts


answer_or_reveal = st.lists(
    st.one_of(
        st.tuples(st.just("answer"), st.integers(0, 5), st.integers(0, 3)),
        st.tuples(st.just("reveal"), st.just(0), st.just(0)),
    ),
    max_size=40,
)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(steps=answer_or_reveal)
def test_counts_equal_the_answers_given_under_any_interleaving(make_store, steps):
    store = make_store(
        answers_per_second=1000, joins_per_minute=10**6, joins_per_second=10**6, held_joins=10**6
    )
    c = store.open_class()
    students = joined(store, c.code, 6)
    qid = store.ask(c.code, c.secret, "next_mistake", "Next mistake?", list("ABCD"), 1)
    last: dict[int, int] = {}  # the oracle: each student's last answer before Reveal
    revealed = None
    for kind, who, choice in steps:
        if kind == "reveal":
            if revealed is None:
                revealed = store.reveal(c.code, c.secret, qid)
            else:
                refused(store.reveal, c.code, c.secret, qid, status=409)
        elif revealed is None:
            last[who] = choice
            assert store.answer(c.code, students[who].student, qid, choice) == len(last)
        else:
            refused(store.answer, c.code, students[who].student, qid, choice, status=409)
    if revealed is None:
        revealed = store.reveal(c.code, c.secret, qid)
    expected = [sum(1 for v in last.values() if v == k) for k in range(4)]
    assert revealed == expected
    assert store.state(c.code)["question"]["answered"] == len(last)
    assert store.results(c.code, c.secret)[0]["counts"] == expected


def test_counts_equal_the_answers_given_by_students_answering_at_once(make_store):
    store = make_store(answers_per_second=1000)
    c = store.open_class()
    students = joined(store, c.code, 40)
    qid = store.ask(c.code, c.secret, "turn", "Which way?", ["cw", "acw", "none"], 2)
    last = {}
    lock = threading.Lock()

    def student(i: int) -> None:
        rng = random.Random(i)
        for _ in range(10):
            choice = rng.randrange(3)
            # Each student's answers are in order; the students run at once.
            store.answer(c.code, students[i].student, qid, choice)
            with lock:
                last[i] = choice

    threads = [threading.Thread(target=student, args=(i,)) for i in range(40)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    counts = store.reveal(c.code, c.secret, qid)
    assert counts == [sum(1 for v in last.values() if v == k) for k in range(3)]
    assert sum(counts) == 40


def test_a_lead_that_says_nothing_new_is_not_published(store):
    """The lecturer's browser posts the steps it draws (their ``seq``: its count of moves)
    while the lecturer's page, running again, publishes the step it was told of: the
    store keeps the newer, and a state already published (its seq aside) is not sent
    again. Each published lead is one event to every follower."""
    c = store.open_class()
    base = {"page": "playground", "query": "pg_n=20", "scene": None, "run": "r1"}

    def move(**fields) -> int:
        return store.move(c.code, c.secret, base | fields)

    assert move(cursor=3, seq=4) == 1
    assert move(cursor=3, seq=4) == 1  # the same again
    assert move(cursor=3, seq=5) == 1  # a count of moves alone
    assert move(cursor=5, seq=7) == 2  # the browser's post of a later step
    assert move(cursor=4, seq=6) == 2  # the page's run, told of an earlier one, ends late
    assert store.state(c.code)["lead"]["cursor"] == 5
    assert move(cursor=4, seq=8) == 3  # a later move back
    assert move(cursor=2, seq=1, by="tab2") == 4  # F5: a new session counts from 0 again
    assert move(cursor=3, seq=2, by="tab2") == 5
    base = base | {"by": "tab2"}
    assert move(cursor=0, seq=1, run="r2") == 6  # another run (a setting changed)
    assert move(cursor=0, seq=0, run="r2", query="pg_n=30") == 7  # another link
    assert store.state(c.code)["lead"] == base | {"cursor": 0, "seq": 0, "run": "r2"} | {
        "query": "pg_n=30"
    }
