"""The stepping controls: Step / Visit / Back / Epoch / Run to end / Reset with their keys,
Play with its speed and unit, and the scrub slider. They move a ``ui.stage.stepper.Stepper``."""

from __future__ import annotations

import streamlit as st

from ui.parts import widgets
from ui.stage.stepper import Stepper
from ui.state import Table
from ui.state.session import MOVES as STAGE_MOVES  # the stage's buttons
from ui.text import KEYS, keys_help

BUTTONS_KEY = "stage_buttons"  # their row (its CSS: ui.parts.style)


def run_buttons(page: Table, on_move, stepper: Stepper) -> None:
    """Step, Visit, Back, Epoch, Run to end, Reset: each with its key (in a narrow
    column the key's label goes: ``ui.parts.style``)."""
    with st.container(key=BUTTONS_KEY):
        cols = st.columns(6, gap="small")
    disabled = stepper.disabled()  # the stepper's rule, which the browser is sent too
    for col, move in zip(cols, STAGE_MOVES, strict=True):
        label, shortcut, helptext = KEYS[move]
        col.button(
            label,
            key=page.own(move),
            shortcut=shortcut,
            help=helptext,
            on_click=on_move,
            args=(move,),
            disabled=disabled[move],
            width="stretch",
            type="primary" if move == "step" else "secondary",
        )


def play_controls(page: Table, stepper: Stepper) -> None:
    """Play / Pause, its speed and what one frame advances (the stage reads the two from
    the session)."""
    a, b, c = st.columns([1, 2, 2], vertical_alignment="bottom")
    a.button(
        "Pause" if stepper.playing else "Play",
        key=page.own("play"),
        shortcut="P",
        on_click=stepper.toggle_play,
        type="primary",
        width="stretch",
        disabled=stepper.run is None,
    )
    with b:
        widgets.steps(page, "speed", "Seconds per frame")
    with c:
        widgets.choice(page, "play_unit", "Play advances by")
    st.caption("Keys: " + keys_help())


def scrub(page: Table, stepper: Stepper) -> None:
    """A slider over the run's visits (0..n_visits): drag to any step."""
    if stepper.run is None:
        return
    st.session_state[page.own("scrub")] = stepper.cursor
    st.slider(
        "Step (visits done)",
        0,
        stepper.total,
        key=page.own("scrub"),
        on_change=lambda: stepper.go(st.session_state[page.own("scrub")]),
    )


def mover(stepper: Stepper):
    """The buttons' callback: any move pauses Play (a whole-page rerun stops its timer)."""

    def on_move(move: str) -> None:
        was_playing = stepper.playing
        stepper.move(move)
        if was_playing:
            st.rerun()

    return on_move
