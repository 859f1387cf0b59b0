"""The lecturer's seats panel (ui/room/seats_panel.py) through AppTest: the seats with
their answers and points, Remove seat (its answers and points go), Closed to new joins,
Clear the points, the refusals of the last minute and the burst flag; in German too."""

from __future__ import annotations

from lab_app import click, open_page

from ui.room.default import default_store
from ui.room.rules import Refused
from ui.state import lab


def _started():
    at = open_page("pages/playground.py")
    click(at, "lab_class_start")
    return at, at.session_state["lab_class"]


def _texts(at) -> list[str]:
    return [t.value for t in at.sidebar.text]


def test_the_lecturer_sees_the_seats_and_removes_one_with_what_it_sent():
    store = default_store()
    at, opened = _started()
    a = store.join(opened.code, "10.5.0.1")
    b = store.join(opened.code, "10.5.0.2")
    qid = store.ask(opened.code, opened.secret, "turn", "Which way?", ["cw", "acw"], 1)
    store.answer(opened.code, a.student, qid, 0)
    store.answer(opened.code, b.student, qid, 1)
    store.collect(opened.code, opened.secret, (0, 1, 0, 1), 3)
    store.add_point(opened.code, a.student, 0.5, 0.5, 1)
    store.add_point(opened.code, a.student, 0.6, 0.5, 1)
    at.run()
    assert not at.exception
    (expander,) = [e for e in at.sidebar.expander if e.label.startswith("Seats: ")]
    assert expander.label == "Seats: 2"
    (table,) = at.sidebar.dataframe
    rows = {r["Pseudonym"]: (r["Answers"], r["Points"]) for r in table.value.to_dict("records")}
    assert rows == {a.pseudonym: (1, 2), b.pseudonym: (1, 0)}
    assert "Refused in the last minute: 0." in _texts(at)
    at.sidebar.selectbox(key=lab.CLASS_SEAT_WHICH).select(a.pseudonym).run()
    at.sidebar.button(key=lab.CLASS_SEAT_REMOVE).click().run()
    assert not at.exception
    assert f"{a.pseudonym} was removed with 1 answers and 2 points." in _texts(at)
    state = store.state(opened.code)
    assert state["students"] == 1 and state["points"] == [] and state["question"]["answered"] == 1
    try:
        store.answer(opened.code, a.student, qid, 1)
    except Refused as refused:
        assert refused.name == "removed"
    else:
        raise AssertionError("a removed seat answered")


def test_closed_to_joins_clear_points_refusals_and_the_burst_flag():
    store = default_store()
    at, opened = _started()
    a = store.join(opened.code, "10.6.0.1")
    store.collect(opened.code, opened.secret, (0, 1, 0, 1), 3)
    store.add_point(opened.code, a.student, 0.5, 0.5, 1)
    at.run()
    at.sidebar.toggle(key=lab.CLASS_JOINS_CLOSED).set_value(True).run()
    assert store.joins_closed(opened.code, opened.secret)
    try:
        store.join(opened.code, "10.6.0.2")
    except Refused as refused:
        assert refused.name == "joins_closed"
    else:
        raise AssertionError("joined a closed class")
    at.sidebar.button(key=lab.CLASS_CLEAR_POINTS).click().run()
    assert "Points removed: 1." in _texts(at) and store.state(opened.code)["points"] == []
    assert not at.sidebar.warning
    for _ in range(12):
        store.note_refusal(opened.code, "joins_burst")
    store.note_refusal(opened.code, "not_joined")
    at.run()
    assert "Refused in the last minute: 13." in _texts(at)
    (flag,) = at.sidebar.warning
    assert "seats joining" in flag.value and flag.value.startswith("A burst:")
    german = open_page("pages/playground.py", lang="de")
    german.session_state["lab_class"] = opened
    german.run()
    assert not german.exception
    assert any(e.label == "Plätze: 1" for e in german.sidebar.expander)
    assert "In der letzten Minute abgewiesen: 13." in _texts(german)


def _burst(store, opened, address: str) -> list:
    """Seats joined from ``address`` as fast as it may until they are held (all of them:
    the burst's first seats are held with the one that showed it)."""
    seats, before = [], store.held(opened.code, opened.secret)
    while store.held(opened.code, opened.secret) == before:
        try:
            seats.append(store.join(opened.code, address))
        except Refused as refused:
            assert refused.name == "joins_burst"
    return seats


def test_held_seats_are_said_plainly_and_counted_or_removed_with_one_click():
    store = default_store()
    at, opened = _started()
    honest = store.join(opened.code, "10.7.0.1")
    burst = _burst(store, opened, "10.7.0.66")
    assert store.held(opened.code, opened.secret) == len(burst) > store.limits.held_joins
    qid = store.ask(opened.code, opened.secret, "turn", "Which way?", ["cw", "acw"], 1)
    store.answer(opened.code, honest.student, qid, 1)
    for seat in burst:
        store.answer(opened.code, seat.student, qid, 0)
    assert store.state(opened.code)["question"]["answered"] == 1
    at.run()
    assert not at.exception
    (flag,) = at.sidebar.warning
    assert flag.value == (
        f"{len(burst)} seats joined in a burst from one address: their answers are not counted."
    )
    (table,) = at.sidebar.dataframe  # which seats are held, by name
    rows = {r["Pseudonym"]: r["Held"] for r in table.value.to_dict("records")}
    assert rows == {honest.pseudonym: False} | {seat.pseudonym: True for seat in burst}
    at.sidebar.button(key=lab.CLASS_COUNT_HELD).click().run()
    assert not at.exception
    assert store.held(opened.code, opened.secret) == 0
    assert store.state(opened.code)["question"]["answered"] == len(burst) + 1
    said = f"Seats counted: {len(burst)}. Their answers to the open question count."
    assert said in _texts(at)
    assert not at.sidebar.warning
    # Another burst, from another address: removed with what it sent.
    more = _burst(store, opened, "10.7.0.67")
    for seat in more:
        store.answer(opened.code, seat.student, qid, 0)
    german = open_page("pages/playground.py", lang="de")
    german.session_state["lab_class"] = opened
    german.run()
    (flag,) = german.sidebar.warning
    assert flag.value.startswith(f"{len(more)} Plätze kamen in einem Schwall von einer Adresse")
    at.run()
    at.sidebar.button(key=lab.CLASS_REMOVE_HELD).click().run()
    assert not at.exception
    assert f"Seats removed with everything they sent: {len(more)}." in _texts(at)
    state = store.state(opened.code)
    assert state["students"] == 1 + len(burst)
    assert state["question"]["answered"] == 1 + len(burst)
    assert store.reveal(opened.code, opened.secret, qid) == [len(burst), 1]
