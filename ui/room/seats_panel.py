"""The lecturer's seats panel: who is in the class and the lecturer's control of it.

``panel(opened)`` draws, in the sidebar of the lecturer's page while a class is on
(``opened``: the ``store.Opened`` the page keeps), refreshed every ``EVERY_S`` seconds (a
fragment): the seats (pseudonym, answers, points) with Remove seat, Closed to new joins,
Clear the points, how many requests were refused in the last minute, and a flag when a
burst is seen (seats joining, answers, points or reconnections arriving faster than people
tap: the refusals named ``store.BURSTS``), and, above it all, the held seats (joined in a
burst from one address: their answers not counted) with Count them and Remove them. Every
value is set as text, never Markdown.
A store that refuses (the class ended, Redis unreachable) is said in one line.
"""

from __future__ import annotations

import logging

import streamlit as st

from ui.room import class_words
from ui.room.default import default_store
from ui.room.rules import Refused
from ui.room.store import BURSTS, Opened
from ui.state import lab
from ui.words import t as say

EVERY_S = 5.0
_KINDS = {
    "joins_burst": "class.seats.kind.joins",
    "joins": "class.seats.kind.joins",
    "answers_rate": "class.seats.kind.answers",
    "points_rate": "class.seats.kind.points",
    "streams_rate": "class.seats.kind.streams",
}
log = logging.getLogger("perceptron_lab")


def panel(opened: Opened | None) -> None:
    """The seats panel in the sidebar for the class ``opened`` (None: nothing)."""
    if opened is None:
        return
    with st.sidebar:
        _seats(opened)


def _said(text: str) -> None:
    st.session_state[lab.CLASS_SEATS_SAID] = text


def _act(opened: Opened, action) -> None:
    """Run ``action(store)`` (a callback); its refusal said plainly, once."""
    try:
        action(default_store())
    except Refused as refused:
        _said(class_words.refusal(refused.reason))


def _remove(opened: Opened, seats: dict) -> None:
    chosen = st.session_state.get(lab.CLASS_SEAT_WHICH)
    seat = seats.get(chosen)
    if seat is None:
        return

    def remove(store) -> None:
        store.remove_seat(opened.code, opened.secret, seat.seat)
        _said(
            say(
                "class.seats.removed", name=seat.pseudonym, answers=seat.answers, points=seat.points
            )
        )

    _act(opened, remove)


def _close(opened: Opened) -> None:
    closed = bool(st.session_state.get(lab.CLASS_JOINS_CLOSED))
    _act(opened, lambda store: store.close_joins(opened.code, opened.secret, closed))


def _clear(opened: Opened) -> None:
    def clear(store) -> None:
        _said(say("class.seats.cleared", n=store.clear_points(opened.code, opened.secret)))

    _act(opened, clear)


def _count_held(opened: Opened) -> None:
    def count(store) -> None:
        _said(say("class.seats.counted_held", n=store.count_held(opened.code, opened.secret)))

    _act(opened, count)


def _remove_held(opened: Opened) -> None:
    def remove(store) -> None:
        _said(say("class.seats.removed_held", n=store.remove_held(opened.code, opened.secret)))

    _act(opened, remove)


def _held(opened: Opened, held: int) -> None:
    """Said plainly, outside the panel's expander: the projector shows it."""
    if not held:
        return
    st.warning(say("class.seats.held", n=held), icon=":material/front_hand:")
    count, remove = st.columns(2)
    count.button(
        say("class.seats.count_held"),
        key=lab.CLASS_COUNT_HELD,
        on_click=_count_held,
        args=(opened,),
        help=say("class.seats.held_help"),
    )
    remove.button(
        say("class.seats.remove_held"),
        key=lab.CLASS_REMOVE_HELD,
        on_click=_remove_held,
        args=(opened,),
    )


@st.fragment(run_every=EVERY_S)
def _seats(opened: Opened) -> None:
    store = default_store()
    try:
        seats = store.seats(opened.code, opened.secret)
        refused = store.refused(opened.code, opened.secret)
        closed = store.joins_closed(opened.code, opened.secret)
        held = store.held(opened.code, opened.secret)
    except Refused as refusal:
        st.caption(class_words.refusal(refusal.reason))
        return
    _held(opened, held)
    with st.expander(say("class.seats.title", n=len(seats)), expanded=False):
        said = st.session_state.pop(lab.CLASS_SEATS_SAID, None)
        if said:
            st.text(said)
        bursts = sorted({say(_KINDS[name]) for name in BURSTS if refused.get(name)})
        if bursts:
            st.warning(say("class.seats.burst", what=", ".join(bursts)), icon=":material/warning:")
        st.text(say("class.seats.refused", n=sum(refused.values())))
        st.session_state[lab.CLASS_JOINS_CLOSED] = closed
        st.toggle(
            say("class.seats.closed"),
            key=lab.CLASS_JOINS_CLOSED,
            on_change=_close,
            args=(opened,),
            help=say("class.seats.closed_help"),
        )
        st.button(
            say("class.seats.clear"), key=lab.CLASS_CLEAR_POINTS, on_click=_clear, args=(opened,)
        )
        if not seats:
            st.text(say("class.seats.none"))
            return
        table = {
            say("class.seats.name"): [s.pseudonym for s in seats],
            say("class.seats.answers"): [s.answers for s in seats],
            say("class.seats.points"): [s.points for s in seats],
        }
        if held:  # which seats wait, beside what they sent
            table[say("class.seats.held_column")] = [s.held for s in seats]
        st.dataframe(
            table,
            hide_index=True,
            height=min(36 * (len(seats) + 1) + 2, 300),
        )
        by_name = {s.pseudonym: s for s in seats}
        st.selectbox(say("class.seats.which"), list(by_name), key=lab.CLASS_SEAT_WHICH, index=None)
        st.button(
            say("class.seats.remove"),
            key=lab.CLASS_SEAT_REMOVE,
            on_click=_remove,
            args=(opened, by_name),
            help=say("class.seats.remove_help"),
            disabled=st.session_state.get(lab.CLASS_SEAT_WHICH) is None,
        )
