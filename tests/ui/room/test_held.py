"""Held seats (ui.room.store, issue 26 section 2): seats that join from one address faster
than people do are held, their answers kept but not counted and their points refused,
until the lecturer counts them or removes them. On both stores (conftest.py), and through
the routes on a real uvicorn server (room_client.py)."""

from __future__ import annotations

import asyncio

import pytest
from room_client import Served, in_thread

from ui.room.refusals import RefusalLog
from ui.room.rules import Refused

SCRIPT = "192.0.2.66"  # one address minting seats


def burst(store, code, n, address=SCRIPT):
    """``n`` seats joined from ``address`` at once (the store's clock standing still)."""
    return [store.join(code, address) for _ in range(n)]


def held_names(store, c) -> set[str]:
    return {s.pseudonym for s in store.seats(c.code, c.secret) if s.held}


def test_seats_joining_faster_than_people_are_held_until_the_address_is_quiet(store, clock):
    c = store.open_class()
    first = burst(store, c.code, store.limits.held_joins)
    assert store.held(c.code, c.secret) == 0  # a bursty room: not yet a script's pace
    late = burst(store, c.code, 2)
    # Past a human burst: these seats and the burst's first ones with them.
    assert store.held(c.code, c.secret) == len(first) + 2
    assert held_names(store, c) == {j.pseudonym for j in first + late}
    other = store.join(c.code, "10.9.9.9")  # another address is not held
    clock.t += store.limits.held_window_s + 1  # a slow join, yet not quiet long enough
    burst(store, c.code, 1)
    assert store.held(c.code, c.secret) == len(first) + 3
    clock.t += store.limits.held_quiet_s + 1  # quiet for long enough
    quiet = store.join(c.code, SCRIPT)
    assert store.held(c.code, c.secret) == len(first) + 3
    assert other.pseudonym not in held_names(store, c)
    assert quiet.pseudonym not in held_names(store, c)


def test_people_joining_at_two_a_second_from_one_address_are_not_held(store, clock):
    c = store.open_class()
    for _ in range(60):
        store.join(c.code, SCRIPT)
        clock.t += 0.5
    assert store.held(c.code, c.secret) == 0


def test_three_hundred_seats_minted_on_the_route_at_five_a_second_wait_to_be_counted(store, clock):
    c = store.open_class()
    for _second in range(60):
        burst(store, c.code, 5)
        clock.t += 1
    assert store.state(c.code)["students"] == 300
    held = store.held(c.code, c.secret)
    assert held > 0  # 10 in each 2 s on the bare route: past a human burst
    assert store.count_held(c.code, c.secret) == held
    assert store.held(c.code, c.secret) == 0
    assert not any(s.held for s in store.seats(c.code, c.secret))


def test_three_hundred_phones_behind_one_nat_join_through_the_page_and_all_count(store, clock):
    """A hall's Wi-Fi: every phone on one address, 5 joining each second through the join
    page (10 in one second, the most the address may): all in within a minute, none held,
    every answer counted."""
    c = store.open_class()
    phones = []
    for second in range(60):
        for _ in range(10 if second == 7 else 0 if second == 59 else 5):
            phones.append(store.join(c.code, SCRIPT, page=True))
        clock.t += 1
    assert len(phones) == 300 and store.state(c.code)["students"] == 300
    assert store.held(c.code, c.secret) == 0
    qid = store.ask(c.code, c.secret, "turn", "Which way?", ["cw", "acw"], 1)
    for k, phone in enumerate(phones):
        store.answer(c.code, phone.student, qid, k % 2)
    assert store.reveal(c.code, c.secret, qid) == [150, 150]


def test_a_script_minting_on_the_route_beside_a_hall_on_the_page_holds_only_its_own(store, clock):
    """The script and the hall share the NAT's address and the same seconds: the route's
    burst holds the script's seats, the burst's first ones too, and no phone's."""
    c = store.open_class()
    phones = [store.join(c.code, SCRIPT, page=True) for _ in range(5)]
    clock.t += 1
    minted = burst(store, c.code, store.limits.held_joins + 2)  # 10: the most in a second
    clock.t += 1
    phones += [store.join(c.code, SCRIPT, page=True) for _ in range(5)]
    clock.t += 1
    phones += [store.join(c.code, SCRIPT, page=True) for _ in range(5)]
    assert store.held(c.code, c.secret) == len(minted)
    assert held_names(store, c) == {j.pseudonym for j in minted}
    qid = store.ask(c.code, c.secret, "turn", "Which way?", ["cw", "acw"], 1)
    for phone in phones:
        store.answer(c.code, phone.student, qid, 0)
    for seat in minted:
        store.answer(c.code, seat.student, qid, 1)
    assert store.reveal(c.code, c.secret, qid) == [len(phones), 0]


def follow(store, code, n, action):
    """The class's state, then ``action``, then the events it causes until there are
    ``n`` in all. Seat counts (``students``) are not among them: a waiting count is
    replaced by the newer one at the end of the inbox (ui/room/fanout.py), so whether one
    comes before another event depends on when the follower reads."""

    async def run():
        got = []
        events = store.subscribe(code)
        try:
            async with asyncio.timeout(10):
                async for item in events:
                    if got and item.get("type") == "students":
                        continue
                    got.append(item)
                    if len(got) == 1:
                        await asyncio.to_thread(action)
                    if len(got) == n:
                        break
        finally:
            await events.aclose()
        return got

    return in_thread(run())


def test_held_answers_are_kept_not_counted_until_the_lecturer_counts_them(store):
    c = store.open_class()
    honest = store.join(c.code, "10.1.1.1")
    # A first question, answered by the burst's first seats before the burst is seen:
    # their answers leave the counts when the burst is (an event says how many are left).
    q1 = store.ask(c.code, c.secret, "turn", "Which way?", ["cw", "acw"], 1)
    store.answer(c.code, honest.student, q1, 1)
    seats = burst(store, c.code, store.limits.held_joins)
    for seat in seats:
        store.answer(c.code, seat.student, q1, 0)
    assert store.state(c.code)["question"]["answered"] == 1 + len(seats)
    got = follow(store, c.code, 2, lambda: seats.extend(burst(store, c.code, 2)))
    assert got[1] == {"type": "answers", "question": q1, "answered": 1, "seq": got[1]["seq"]}
    assert store.held(c.code, c.secret) == len(seats)
    for seat in seats:
        assert store.answer(c.code, seat.student, q1, 0) == 1  # the counted answers
    assert store.state(c.code)["question"]["answered"] == 1
    assert store.reveal(c.code, c.secret, q1) == [0, 1]
    assert store.results(c.code, c.secret)[0]["counts"] == [0, 1]
    # A second one: counted once the lecturer counts the held seats, with an event.
    q2 = store.ask(c.code, c.secret, "turn", "Which way now?", ["cw", "acw"], 0)
    store.answer(c.code, honest.student, q2, 1)
    for seat in seats:
        store.answer(c.code, seat.student, q2, 0)
    rows = {s.pseudonym: s for s in store.seats(c.code, c.secret)}
    assert rows[seats[0].pseudonym].answers == 2 and rows[seats[0].pseudonym].held
    assert not rows[honest.pseudonym].held
    got = follow(store, c.code, 2, lambda: store.count_held(c.code, c.secret))
    assert got[0]["question"]["answered"] == 1
    assert got[1]["type"] == "answers" and got[1]["answered"] == 1 + len(seats)
    assert store.held(c.code, c.secret) == 0
    assert store.reveal(c.code, c.secret, q2) == [len(seats), 1]
    assert store.results(c.code, c.secret)[0]["counts"] == [0, 1]  # final as revealed


def test_held_seats_place_no_points_and_the_lecturer_removes_them_with_what_they_sent(store):
    c = store.open_class()
    honest = store.join(c.code, "10.1.1.2")
    seats = burst(store, c.code, store.limits.held_joins + 2)
    store.collect(c.code, c.secret, (0, 1, 0, 1), 3)
    for seat in (seats[0], seats[-1]):
        with pytest.raises(Refused) as caught:
            store.add_point(c.code, seat.student, 0.5, 0.5, 1)
        assert caught.value.name == "held" and caught.value.status == 403
        assert caught.value.reason.startswith("Your seat waits for the lecturer")
    store.add_point(c.code, honest.student, 0.5, 0.5, 1)
    qid = store.ask(c.code, c.secret, "turn", "Which way?", ["cw", "acw"], 1)
    store.answer(c.code, honest.student, qid, 1)
    store.answer(c.code, seats[-1].student, qid, 0)
    assert store.remove_held(c.code, c.secret) == len(seats)
    assert store.held(c.code, c.secret) == 0
    state = store.state(c.code)
    assert state["students"] == 1 and len(state["points"]) == 1
    with pytest.raises(Refused) as caught:
        store.answer(c.code, seats[-1].student, qid, 0)
    assert caught.value.name == "removed"
    assert store.count_held(c.code, c.secret) == 0  # nothing held is left to count
    assert store.reveal(c.code, c.secret, qid) == [0, 1]


@pytest.fixture
def served(store):
    served = Served(store, refusals=RefusalLog(per_second=10_000))
    yield served
    served.stop()


def test_a_script_minting_seats_through_the_routes_decides_no_poll(served, store, clock):
    c = store.open_class()
    script = []
    # As fast as the routes allow: joins_per_second each second of the store's clock.
    while len(script) < 100:
        status, body = served.call("POST", f"/class/{c.code}/join", address=SCRIPT)
        if status == 200:
            script.append(body)
        else:
            assert body["error"].startswith("Too many joins from this address")
            clock.t += 1.0 / store.limits.joins_per_second
    # Honest phones from the hall's address, 2 a second: none held.
    honest = []
    for _ in range(12):
        clock.t += 0.5
        status, body = served.call("POST", f"/class/{c.code}/join", address="198.51.100.80")
        assert status == 200
        honest.append(body)
    held = store.held(c.code, c.secret)
    assert held == 100
    assert not {h["pseudonym"] for h in honest} & held_names(store, c)
    qid = store.ask(c.code, c.secret, "turn", "Which way?", ["cw", "acw"], 1)
    for seat, choice in [(s["student"], 0) for s in script] + [(h["student"], 1) for h in honest]:
        body = {"student": seat, "question": qid, "choice": choice}
        assert served.call("POST", f"/class/{c.code}/answer", body)[0] == 200
    answered = store.state(c.code)["question"]["answered"]
    assert answered == len(honest) + 100 - held
    counts = store.results(c.code, c.secret)[0]["counts"]
    assert counts == [100 - held, len(honest)] and counts[1] > counts[0]
    # Only the lecturer's click counts them.
    assert store.count_held(c.code, c.secret) == held
    assert store.results(c.code, c.secret)[0]["counts"] == [100, len(honest)]


def test_a_script_whose_first_seats_came_slowly_keeps_none_of_them(store, clock):
    """A loaded server answers a script's first requests late: its first seats trickle in
    under the burst's pace, then the burst. Every route seat of the address in the last
    ``held_lookback_s`` is held with it (room.py saw 3 such seats answer and place points)."""
    c = store.open_class()
    slow = []
    for _ in range(3):
        slow.append(store.join(c.code, SCRIPT))
        clock.t += 1.5
    assert store.held(c.code, c.secret) == 0  # a person's pace, so far
    fast = burst(store, c.code, store.limits.held_joins + 1)
    assert held_names(store, c) == {j.pseudonym for j in slow + fast}
    clock.t += store.limits.held_lookback_s + store.limits.held_quiet_s + 1
    later = store.join(c.code, SCRIPT)  # long after, slowly: not held
    assert later.pseudonym not in held_names(store, c)
