"""The online game's moves on the session (note 001): place a point, reveal its label, let
the adversary play, Undo, Clear; and the buttons that make them.

The game's state is the arrivals in order (``<prefix>points``, in the link as the drawn
points are) and the placed point whose label is not revealed yet (``<prefix>pending``).
Every move first keeps the state before it (``<prefix>undo``), so Undo restores it exactly.
The perceptron itself is the engine's online run over the arrivals (``run_of``).
"""

from __future__ import annotations

import math
import time

import numpy as np
import streamlit as st

import datasets
import perceptron_core as pc
from ui import compute, notation, state, text
from ui.limits import ADVERSARY_BUDGET_S
from ui.limits import ONLINE_ARRIVALS as MAX_ARRIVALS
from ui.limits import ONLINE_UNDO as UNDO_DEPTH
from ui.parts.settings import Settings
from ui.stage import link
from ui.state import Table, lab, owns
from ui.views import online_view
from ui.words import t

# The game's buttons (the adversary's, each label's), its last move's note, the point
# waiting for its label; the arrivals and the board's buttons are ui.state.session's.
OWN = owns("adversary", "adversary_all", "label_pos", "label_neg", "note", "pending")
LIMIT = 32.0  # |coordinate| a link holds (state.encode_points: 32.767)
ONLINE = Settings(online=True, max_epochs=1)  # the notes' algorithm: w = 0, eta = 1, one pass
LABELS = {1: "1", -1: "2"}  # label: its button's shortcut; C and R are Streamlit's


def _ss():
    return st.session_state


def begin(page: Table) -> list[str]:
    """The page's first lines: read its link once per session (the arrivals), set up the
    pending point; returns what was wrong with the link."""
    ss = _ss()
    problems = state.init_session(ss, link.opening(), page.link_spec, page)
    ss.setdefault(page.own("pending"), None)
    X, y = ss[page.own("points")]
    if len(y) > MAX_ARRIVALS:  # a hand-made link: the game keeps what a link can hold
        ss[page.own("points")] = (X[:MAX_ARRIVALS], y[:MAX_ARRIVALS])
        problems.append(t("online.link_cut", most=MAX_ARRIVALS, count=f"{len(y):,}"))
    return problems


def arrivals(page: Table) -> tuple[np.ndarray, np.ndarray]:
    return _ss()[page.own("points")]


def pending(page: Table) -> tuple[float, float] | None:
    return _ss()[page.own("pending")]


def dataset(page: Table) -> datasets.Dataset:
    """The arrivals as a dataset (what the run, the theory and the guard are keyed by)."""
    X, y = arrivals(page)
    return datasets.Dataset(X, y, source="the arrivals")


def run_of(ds: datasets.Dataset):
    """The engine's online run over the arrivals (cached), or None before the first one."""
    if ds.n == 0:
        return None
    return compute.trained(ds, ONLINE).run


def weights(run) -> tuple[np.ndarray, float]:
    """The perceptron after every arrival so far (w = 0, b = 0 before the first)."""
    return (np.zeros(2), 0.0) if run is None else (run.w, run.b)


def note(page: Table) -> str | None:
    """What the last move has to say, once (the adversary out of moves, a full game)."""
    return _ss().pop(page.own("note"), None)


# ------------------------------------------------------------------------- moves
def _keep(page: Table) -> None:
    """Keep the state before a move for Undo."""
    ss = _ss()
    ss[page.own("undo")].append((ss[page.own("points")], ss[page.own("pending")]))
    del ss[page.own("undo")][:-UNDO_DEPTH]


def _full(page: Table, more: int = 1) -> bool:
    if len(arrivals(page)[1]) + more <= MAX_ARRIVALS:
        return False
    _ss()[page.own("note")] = t("online.full", most=MAX_ARRIVALS)
    return True


def place(page: Table, x1: float, x2: float) -> None:
    """Put the next point at (x1, x2) (on the link's grid); its label is still hidden."""
    if not all(math.isfinite(v) and abs(v) <= LIMIT for v in (x1, x2)):
        _ss()[page.own("note")] = t("online.outside", limit=f"{LIMIT:g}")
        return
    if _full(page):
        return
    _keep(page)
    _ss()[page.own("pending")] = (state.snap(x1), state.snap(x2))


def on_click(page: Table):
    """The board's click callback: anywhere on the chart places the next point there (not
    on a student's page that follows the lecture: it shows the lecturer's game, and a tap
    there is the class's adversary round's, ui/room/follow.js)."""

    def clicked(click) -> None:
        if lab.following(_ss()):
            return
        place(page, click["x"], click["y"])

    return clicked


def reveal(page: Table, label: int) -> None:
    """The student's label for the placed point: it arrives, and the perceptron learns."""
    x = _ss()[page.own("pending")]
    if x is not None:
        play(page, x[0], x[1], label)


def play(page: Table, x1: float, x2: float, label: int) -> bool:
    """A point arrives with its label (the student's, revealed; or u's, in the class's
    adversary round); False when the game is full (said)."""
    if _full(page):
        return False
    ss = _ss()
    _keep(page)
    X, y = ss[page.own("points")]
    ss[page.own("points")] = (np.vstack((X, [[x1, x2]])), np.append(y, np.int64(label)))
    ss[page.own("pending")] = None
    return True


def adversary(page: Table, to_the_end: bool = False) -> None:
    """The adversary's points (``pc.adversary_point``), each learned by the engine's online
    perceptron before the next is chosen: one, or until it is out of moves."""
    ss = _ss()
    X, y = ss[page.own("points")]
    w, b = weights(run_of(dataset(page)))
    gamma = float(ss.get(page.key("gamma"), page.defaults.gamma))
    plays = online_view.adversary_plays(w, b, gamma, grid=state.GRID)
    played: list[pc.AdversaryMove] = []
    start = time.monotonic()
    while not _full(page, len(played) + 1):
        move = next(plays, None)
        if move is None:
            ss[page.own("note")] = online_view.OUT_OF_MOVES
            break
        played.append(move)
        if not to_the_end:
            break
        if time.monotonic() - start > ADVERSARY_BUDGET_S:
            ss[page.own("note")] = t(
                "online.budget", points=t("online.points", n=len(played)),
                seconds=f"{ADVERSARY_BUDGET_S:g}",
            )  # fmt: skip
            break
    if not played:
        return
    _keep(page)
    new_X = np.array([m.x for m in played])
    new_y = np.array([m.y for m in played], dtype=np.int64)
    ss[page.own("points")] = (np.vstack((X, new_X)), np.concatenate((y, new_y)))
    ss[page.own("pending")] = None


def undo(page: Table) -> None:
    ss = _ss()
    if ss[page.own("undo")]:
        ss[page.own("points")], ss[page.own("pending")] = ss[page.own("undo")].pop()


def back_from_a_failure(page: Table) -> None:
    """The state before the move that broke the page (none kept: an empty game)."""
    ss = _ss()
    if ss[page.own("undo")]:
        undo(page)
    else:
        ss[page.own("points")] = (np.zeros((0, 2)), np.zeros(0, dtype=np.int64))
        ss[page.own("pending")] = None


def clear(page: Table) -> None:
    _keep(page)
    _ss()[page.own("points")] = (np.zeros((0, 2)), np.zeros(0, dtype=np.int64))
    _ss()[page.own("pending")] = None


# ----------------------------------------------------------------------- buttons
def label_buttons(page: Table) -> None:
    """+1 and −1: reveal the placed point's label (keys 1 and 2)."""
    waiting = pending(page) is None
    for col, label in zip(st.columns(2), (1, -1), strict=True):
        name, key = text.said_label(label), LABELS[label]
        col.button(
            t("online.label", label=name),
            key=page.own(f"label_{'pos' if label > 0 else 'neg'}"),
            shortcut=key,
            on_click=reveal,
            args=(page, label),
            disabled=waiting,
            type="primary",
            width="stretch",
            help=t("online.label_help", label=name),
        )


def game_buttons(page: Table) -> None:
    """The adversary (one point, or until it is out of moves), Undo and Clear."""
    a, b, c, d = st.columns([3, 4, 3, 2])  # German "Rückgängig" fits at 1024 px
    a.button(
        t("online.adversary"),
        key=page.own("adversary"),
        shortcut="A",
        on_click=adversary,
        args=(page,),
        width="stretch",
        help=t("online.adversary_help"),
    )
    b.button(
        t("online.adversary_all"),
        key=page.own("adversary_all"),
        shortcut="Z",
        on_click=adversary,
        args=(page, True),
        width="stretch",
        help=t("online.adversary_all_help"),
    )
    c.button(
        t("online.undo"),
        key=page.own("undo_button"),
        shortcut="U",
        on_click=undo,
        args=(page,),
        disabled=not _ss()[page.own("undo")],
        width="stretch",
    )
    d.button(
        t("online.clear"), key=page.own("clear"), on_click=clear, args=(page,), width="stretch"
    )


def typed_point(page: Table) -> None:
    """Place the next point by its coordinates (the keyboard's way to click)."""
    x = notation.current().x  # the coordinates' symbols (the keys stay x1, x2)
    with st.expander(t("online.by_coordinates")):
        a, b = st.columns(2)
        for col, name in zip((a, b), ("x1", "x2"), strict=True):
            col.number_input(
                x + name[1:], -LIMIT, LIMIT, 0.0, 0.1, format="%.3f", key=page.own(f"add_{name}")
            )
        st.button(t("online.place"), key=page.own("add_point"), on_click=_typed, args=(page,))


def _typed(page: Table) -> None:
    ss = _ss()
    place(page, float(ss[page.own("add_x1")]), float(ss[page.own("add_x2")]))
