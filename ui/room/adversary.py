"""The adversary round (the game of 001 for the whole room), on /online with a class: the
students are the adversary. Each taps a point on their board; against the game's target u
and margin γ, the first point that keeps the margin and that the current w gets wrong is
played (the label is u's; the update is made, the mistake counted, M against R²/γ² on the
projector) with the student's pseudonym on the move. Points that fail either test are
counted, not played. The class's points are read every second. A round starts and ends
with the class's points cleared, so each student's tries are this round's.
"""

from __future__ import annotations

import numpy as np
import streamlit as st

import perceptron_core as pc
from ui import notation, state
from ui.parts import game
from ui.room import class_words, lecturer
from ui.room.default import default_store
from ui.room.rules import Refused
from ui.state import ONLINE, lab
from ui.views import online_view
from ui.words import t

READ_EVERY_S = 1.0
PER_STUDENT = 20  # taps a student has in one round (the store's most)


def judge(w, b, gamma: float, x1: float, x2: float) -> tuple[str, int]:
    """A student's point against the game: ("played" | "margin" | "right", u's label).
    Played: it keeps the margin γ from the target u and the current (w, b) gets it wrong
    (y (w·x + b) <= 0, a tie is a mistake)."""
    x = np.array([[x1, x2]])
    margin = float(pc.target_margins(online_view.TARGET, x)[0])
    label = 1 if margin > 0 else -1
    if label * margin < gamma:
        return "margin", label
    score = pc.activations(x, w, b)  # w.x + b in the engine's order (a tie is a tie)
    if not pc.mistakes(np.array([label]), score)[0]:  # the engine's rule
        return "right", label
    return "played", label


def clear_points(opened) -> None:
    """Remove the class's points: a round starts from none. A student's count of tries
    and the store's cap per student count every point the student has in the class, so
    points of an earlier round (or of Collect points) would count in this one."""
    store = default_store()
    for p in store.state(opened.code)["points"]:
        try:
            store.remove_point(opened.code, opened.secret, int(p["id"]))
        except Refused:
            pass  # removed meanwhile


def start(opened) -> None:
    ss = st.session_state
    x0, x1, y0, y1 = online_view.BOARD
    try:
        clear_points(opened)
        default_store().collect(opened.code, opened.secret, (x0, x1, y0, y1), PER_STUDENT)
    except Refused as refused:
        ss[lab.CLASS_SAID] = class_words.refusal(refused.reason)
        return
    except Exception as exc:  # the store unreachable: said, one line logged
        lecturer.went_down(exc)
        return
    ss[lab.CLASS_ADVERSARY] = {"seen": _last_id(opened), "played": [], "margin": 0, "right": 0}


def stop(opened) -> None:
    """End the round: its points are cleared too (the moves played are in the game's
    link), so a later Collect points starts from the class's own points alone."""
    try:
        default_store().stop_collecting(opened.code, opened.secret)
        clear_points(opened)
    except Refused as refused:
        st.session_state[lab.CLASS_SAID] = class_words.refusal(refused.reason)
    except Exception as exc:  # the store unreachable: said, one line logged
        lecturer.went_down(exc)
        return
    st.session_state.pop(lab.CLASS_ADVERSARY, None)


def _last_id(opened) -> int:
    try:
        points = default_store().state(opened.code)["points"]
    except Exception:
        return 0
    return max((int(p["id"]) for p in points), default=0)


def take_moves(opened) -> bool:
    """The students' new points, in the order they came: the first that is played goes
    into the game (the rest wait for the next read, judged against the new w). Returns
    whether a point was played."""
    ss = st.session_state
    round_ = ss.get(lab.CLASS_ADVERSARY)
    if round_ is None:
        return False
    try:
        points = default_store().state(opened.code)["points"]
    except Exception:
        return False
    gamma = float(ss.get(ONLINE.key("gamma"), ONLINE.defaults.gamma))
    w, b = game.weights(game.run_of(game.dataset(ONLINE)))
    for p in sorted(points, key=lambda p: int(p["id"])):
        if int(p["id"]) <= round_["seen"]:
            continue
        round_["seen"] = int(p["id"])
        x1, x2 = state.snap(float(p["x1"])), state.snap(float(p["x2"]))  # as the link keeps it
        verdict, label = judge(w, b, gamma, x1, x2)
        if verdict != "played":
            round_[verdict] += 1
            continue
        if not game.play(ONLINE, x1, x2, label):
            return False
        round_["played"].append((str(p["by"]), x1, x2, label))
        return True
    return False


def adversary(path: str, opened) -> None:
    """On /online with a class: start or stop the round; while it runs, the students'
    points are read every second and the moves played are listed by pseudonym."""
    if path != "online":
        return
    round_ = st.session_state.get(lab.CLASS_ADVERSARY)
    if round_ is None:
        st.button(
            t("online.round_start"),
            key=lab.CLASS_ADVERSARY_START,
            icon=":material/sports_esports:",
            on_click=start,
            args=(opened,),
            help=t("online.round_help"),
        )
        return

    @st.fragment(run_every=READ_EVERY_S)
    def watch() -> None:
        if take_moves(opened):
            st.rerun()  # the board, the count and the class's link show the move
        now = st.session_state.get(lab.CLASS_ADVERSARY) or round_
        st.text(
            t("online.round_status", played=len(now["played"]), margin=now["margin"],
              right=now["right"])
        )  # fmt: skip
        nt = notation.current()
        for by, x1, x2, label in now["played"][-3:][::-1]:
            st.text(
                t("online.round_move", by=by, x1=f"{x1:g}", x2=f"{x2:g}",
                  label=nt.label_of(label), w=nt.w)
            )  # fmt: skip

    watch()
    st.button(t("online.round_stop"), key=lab.CLASS_ADVERSARY_STOP, on_click=stop, args=(opened,))
