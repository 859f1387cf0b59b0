"""The stepping controls: Step / Visit / Back / Epoch / Run to end / Reset with their keys,
Play with its speed and unit, and the scrub slider. They move a ``ui.stage.stepper.Stepper``."""

from __future__ import annotations

import time

import streamlit as st

from ui.platform import streamlit_internals
from ui.stage import widgets
from ui.stage.stepper import Stepper
from ui.state import Table
from ui.state.session import MOVES as STAGE_MOVES  # the stage's buttons
from ui.text import KEYS, key_help, key_label, keys_help
from ui.words import t as words

BUTTONS_KEY = "stage_buttons"  # their row (its CSS: ui.parts.style)


def run_buttons(page: Table, on_move, stepper: Stepper) -> None:
    """Step, Visit, Back, Epoch, Run to end, Reset: each with its key (in a narrow
    column the key's label goes: ``ui.parts.style``)."""
    with st.container(key=BUTTONS_KEY):
        cols = st.columns(6, gap="small")
    disabled = stepper.disabled()  # the stepper's rule, which the browser is sent too
    for col, move in zip(cols, STAGE_MOVES, strict=True):
        shortcut = KEYS[move][1]
        col.button(
            key_label(move),
            key=page.own(move),
            shortcut=shortcut,
            help=key_help(move),
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
        words("key.pause") if stepper.playing else words("key.play"),
        key=page.own("play"),
        shortcut="P",
        on_click=stepper.toggle_play,
        type="primary",
        width="stretch",
        disabled=stepper.run is None,
    )
    with b:
        widgets.steps(page, "speed", words("controls.speed"))
    with c:
        widgets.choice(page, "play_unit", words("controls.unit"))
    st.caption(words("keys.caption", keys=keys_help()))


def scrub(page: Table, stepper: Stepper) -> None:
    """A slider over the run's visits (0..n_visits): drag to any step."""
    if stepper.run is None:
        return
    ss = st.session_state
    now = time.monotonic()
    drawn = list(ss.get(page.own("scrub_drawn"), []))  # (value, when it was first drawn)
    if not drawn or drawn[-1][0] != stepper.cursor:
        drawn.append((stepper.cursor, now))
    ss[page.own("scrub_drawn")] = drawn[-8:]
    ss[page.own("scrub")] = stepper.cursor
    st.slider(
        words("controls.scrub"),
        0,
        stepper.total,
        key=page.own("scrub"),
        on_change=_dragged,
        args=(page, stepper),
    )


# A rerun the browser asks for (a button, another widget) carries every widget's value as
# the browser has it: the slider's is an earlier run's step while the run that replaced it
# is still on its way (a loaded server: the stage reported a step, then Ask or Reveal was
# pressed). Taken as a drag it put the projector back a step (benchmarks/room.py saw it).
# So a value the server replaced in the last SCRUB_STALE_S seconds is that stale copy, not
# a drag; a drag to it works once those seconds have passed. A drag is a message of the
# slider alone: one that changed another widget too (the button or toggle pressed, the
# stage's next report) carries such a copy for as long as the server takes to answer, so
# there a value replaced in the last SCRUB_STALE_WITH_OTHERS_S seconds is that copy.
SCRUB_STALE_S = 2.0
SCRUB_STALE_WITH_OTHERS_S = 30.0


def _dragged(page: Table, stepper: Stepper) -> None:
    value = st.session_state[page.own("scrub")]
    now = time.monotonic()
    drawn = st.session_state.get(page.own("scrub_drawn"), [])
    with_others = streamlit_internals.other_widget_changed(page.own("scrub"))
    window = SCRUB_STALE_WITH_OTHERS_S if with_others else SCRUB_STALE_S
    replaced = [v for (v, _), (_, t) in zip(drawn, drawn[1:], strict=False) if now - t < window]
    if value not in replaced:
        stepper.go(value)


def mover(stepper: Stepper):
    """The buttons' callback: any move pauses Play (a whole-page rerun stops its timer)."""

    def on_move(move: str) -> None:
        was_playing = stepper.playing
        stepper.move(move)
        if was_playing:
            st.rerun()

    return on_move
