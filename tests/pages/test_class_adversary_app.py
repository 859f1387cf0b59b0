"""The adversary round through AppTest (/online with a class): the students' points are
judged against the game's target u and margin γ and the current w, written out here from
001's rules: a point closer to u than γ is not played, one w already classifies correctly is
not played, the first that keeps the margin and that w gets wrong is played with u's label
under its student's pseudonym; the class follows /online's link with the move in it."""

from __future__ import annotations

import math

import numpy as np
from lab_app import click, open_page

from ui.room import default
from ui.room.default import default_store
from ui.room.memory import MemoryStore
from ui.room.rules import Limits

U = np.array([0.0, 1.0, 1.0]) / math.sqrt(2.0)  # the game's target: x1 + x2 = 0, +1 above


def margin(x1, x2):
    return float(U[0] + U[1] * x1 + U[2] * x2)


def test_the_first_point_that_keeps_the_margin_and_w_gets_wrong_is_played():
    at = open_page("pages/online.py")
    click(at, "lab_class_start")
    opened = at.session_state["lab_class"]
    gamma = float(at.session_state["on_gamma"])
    click(at, "lab_class_adversary_start")
    store = default_store()
    a, b = (store.join(opened.code, f"10.0.0.{i}") for i in range(2))
    near = (0.05, 0.05)  # inside the band: not played
    assert abs(margin(*near)) < gamma
    good = (1.0, 1.0)  # u's label +1, far enough; w = 0 gets it wrong (a tie)
    assert margin(*good) >= gamma
    store.add_point(opened.code, a.student, *near, 1)
    store.add_point(opened.code, b.student, *good, -1)  # the label sent is not u's: u's counts
    at.run()
    X, y = at.session_state["on_points"]
    assert X.tolist() == [list(good)] and y.tolist() == [1]
    texts = [t.value for t in at.text]
    assert any(t.startswith(f"{b.pseudonym}: (1, 1), label +1") for t in texts), texts
    assert any("1 played, 1 too close to u, 0 already right" in t for t in texts), texts
    # After the update (w = (1, 1), b = 1: the notes' rule, η = 1), a point w already gets
    # right is not played.
    right = (1.5, 1.5)
    w, bias = np.array(good), 1.0
    assert np.sign(margin(*right)) * (w @ right + bias) > 0
    store.add_point(opened.code, a.student, *right, 1)
    at.run()
    assert at.session_state["on_points"][1].tolist() == [1]
    assert any("1 played, 1 too close to u, 1 already right" in t.value for t in at.text)
    lead = store.state(opened.code)["lead"]
    assert lead["page"] == "online" and "on_pts=" in lead["query"]  # the class sees the move
    click(at, "lab_class_adversary_stop")
    assert store.state(opened.code)["collecting"] is None


def test_a_second_round_counts_its_own_tries_only(monkeypatch):
    """Six taps in a second round are six tries: on the projector's line, in the student's
    count of their points (what their "k of 20 tried" counts) and against the store's cap
    per student (a first round's taps used to count in the next)."""
    # A store of the process's kind whose rate lets one student's taps come at once.
    monkeypatch.setattr(default, "_store", MemoryStore(Limits(points_per_second=100)))
    at = open_page("pages/online.py")
    click(at, "lab_class_start")
    opened = at.session_state["lab_class"]
    store = default_store()
    student = store.join(opened.code, "10.0.1.1")
    taps = [(1.5, 1.5), (-1.5, -1.5), (0.01, 0.0), (1.2, 0.9), (-1.0, -1.3), (0.0, 0.02)]
    click(at, "lab_class_adversary_start")
    for x1, x2 in taps + [(0.5, 1.5)]:  # a first round of seven taps
        store.add_point(opened.code, student.student, x1, x2, 1)
    at.run()
    click(at, "lab_class_adversary_stop")
    click(at, "lab_class_adversary_start")
    for x1, x2 in taps:  # the second round: six taps
        store.add_point(opened.code, student.student, x1, x2, 1)
    at.run()
    at.run()
    counts = None
    for text in (t.value for t in at.text):
        if text.startswith("Adversary round: "):
            counts = [int(w) for w in text.replace(",", " ").split() if w.isdigit()]
    assert counts is not None and sum(counts[:3]) == len(taps), counts
    mine = [p for p in store.state(opened.code)["points"] if p["by"] == student.pseudonym]
    assert len(mine) == len(taps)
    for i in range(20 - len(taps)):  # the rest of the round's 20 taps are the student's
        store.add_point(opened.code, student.student, 1.0 + i / 100, 1.9, 1)
