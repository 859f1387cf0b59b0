"""What the stage's browser half is sent, and what it reports back.

A Step in the browser draws a frame the server sent ahead: no rerun, no remount. The
server sends, besides the frames, each frame's plan: where every button lands from that
cursor and which buttons are off there (``Stepper.plan``), keyed by the move's name, so
the browser applies the server's rules and holds none of its own. The browser tells the
server where it stepped to ``SYNC_MS`` after the last press (the numbers beside the chart
then catch up); a press beyond the frames sent is made by the server (``synced``). The
contract, field by field, is written at the head of ui/stage/stage.js.
"""

from __future__ import annotations

import streamlit as st
from plotly.io.json import to_json_plotly

from ui.stage import controls, hooks
from ui.stage.frames import HISTORY_SENT, TRANSPARENT, hidden_axes, took
from ui.stage.keys import CLICKER
from ui.stage.stepper import EFFECTS, Stepper
from ui.state import Table, lab
from ui.text import KEYS

SYNC_MS = 350
# With a class on, the students follow the lecturer's step through this report (the
# server's run publishes it): reported at once. Quick presses still make few reports
# (one is in flight at a time; the presses meanwhile go in the next), and a question
# asked just after a step (Q) is asked at that step, not the one before it.
CLASS_SYNC_MS = 30
PLAY_MOVES = {"update": "step", "visit": "visit", "epoch": "epoch"}  # Play's unit, as a move


def sent(page: Table, stepper: Stepper, frames: str, moves: dict, layout: dict) -> dict:
    """The stage's data for the browser (ui/stage/stage.js, its head): the run, the cursor
    and Back's history, the frames and each frame's plan, the buttons and keys by move,
    Play. ``moves``: each cursor's ``Stepper.plan``, to which the clicker's way out of a
    lecture's scene is added (``leave``: from its last step PageDown opens the next scene,
    at the run's start PageUp the previous one)."""
    ss = st.session_state
    last = hooks.last_of(page, stepper.total)  # a lecture's scene may end before the run
    for c, plan in moves.items():
        plan["leave"] = [side for side, out in (("next", c >= last), ("prev", c == 0)) if out]
    under_bg = layout.get("plot_bgcolor", "white")
    return {
        "run": stepper.key or "",
        "where": str(ss.get(lab.PAGE_WHERE, "")),  # the page's keys data's (its page and scene)
        "cursor": stepper.cursor,
        "history": list(ss[page.own("history")])[-HISTORY_SENT:],
        "applied": int(ss.get(page.own("applied"), 0)),
        "playing": stepper.playing,
        "frames": frames,
        "moves": to_json_plotly(moves),
        "effects": EFFECTS,
        "under_layout": hidden_axes(layout, background=under_bg),
        "over_layout": hidden_axes(layout, background=TRANSPARENT),
        "buttons": {m: page.own(m) for m in controls.STAGE_MOVES},
        "shortcuts": {KEYS[m][1].lower(): m for m in controls.STAGE_MOVES} | CLICKER,
        "stale": [page.own("numbers"), page.own("more_numbers"), page.own("table")],
        "sync_ms": CLASS_SYNC_MS if ss.get(lab.CLASS) is not None else SYNC_MS,
        "play": {
            "key": page.own("play"),
            "shortcut": KEYS["play"][1].lower(),
            "unit": PLAY_MOVES[str(ss.get(page.key("play_unit"), page.defaults.play_unit))],
            "speed_ms": round(1000 * float(ss.get(page.key("speed"), page.defaults.speed))),
        },
    }


def synced(page: Table, stepper: Stepper, value: dict) -> None:
    """The browser's report: where it stepped to (its cursor and Back's history), the
    move it left to the server, and the frames it holds (``frames.took``; taken from any
    report, one made only to ask for frames too). Anything malformed is ignored: the
    server's state stays."""
    took(page, value)
    try:
        seq = int(value["seq"])
        cursor = int(value["cursor"])
        history = [int(h) for h in list(value.get("history") or [])[-1000:]]
    except (KeyError, TypeError, ValueError, OverflowError):
        return
    ss = st.session_state
    if seq <= int(ss.get(page.own("applied"), 0)):
        return  # an old report
    ss[page.own("applied")] = seq
    stepper.adopt(cursor, history)
    move = value.get("move")
    if move in controls.STAGE_MOVES:
        controls.mover(stepper)(move)
