"""The adversary round through AppTest (/online with a class): the students' points are
judged against the game's target u and margin γ and the current w, written out here from
001's rules: a point closer to u than γ is not played, one w already classifies correctly is
not played, the first that keeps the margin and that w gets wrong is played with u's label
under its student's pseudonym; the class follows /online's link with the move in it."""

from __future__ import annotations

import math

import numpy as np
from lab_app import click, open_page

from ui.room.default import default_store

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
