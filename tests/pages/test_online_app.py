"""/online through AppTest: place a point (typed coordinates: what a click on the board
does, ``game.place``), read the prediction, reveal the label, the adversary, Undo, Clear,
links and presenter mode.

Expected numbers come from a textbook online perceptron written here and from the engine
called here (``pc.theory``, ``pc.hinge_bound``), never from the page's own output.
"""

import math

import numpy as np
import pytest
from lab_app import click, open_page, stage_figures

import perceptron_core as pc
from ui import state
from ui.parts import game

PAGE = "pages/online.py"
U = (0.0, 1.0, 1.0)  # the adversary's target: x1 + x2 = 0, bias first


def fmt(v: float) -> str:
    return "0" if v == 0 else f"{v:.4g}"


def textbook(points):
    """The notes' online perceptron (001) over [(x1, x2, label)]: w, b after each arrival,
    and per arrival (activation before, mistake, y(w.x + b) after)."""
    w1 = w2 = b = 0.0
    log = []
    for x1, x2, label in points:
        a = w1 * x1 + w2 * x2 + b
        mistake = label * a <= 0
        if mistake:
            w1, w2, b = w1 + label * x1, w2 + label * x2, b + label
        log.append((a, mistake, label * (w1 * x1 + w2 * x2 + b)))
    return (w1, w2, b), log


def markdown(at) -> str:
    return "\n".join(m.value for m in at.markdown).replace("\\", "")


def count(at) -> str:
    return next(m.value for m in at.markdown if m.value.startswith("**M = ")).replace("\\", "")


def arrivals(at):
    X, y = at.session_state["on_points"]
    return [(float(a), float(c), int(label)) for (a, c), label in zip(X, y, strict=True)]


def place(at, x1, x2):
    at.number_input(key="on_add_x1").set_value(x1)
    at.number_input(key="on_add_x2").set_value(x2)
    return click(at, "on_add_point")


def margins_from_u(points):
    norm = math.sqrt(sum(v * v for v in U))
    return [label * (U[0] + U[1] * x1 + U[2] * x2) / norm for x1, x2, label in points]


def test_the_page_opens_empty_with_every_control_and_its_key():
    at = open_page(PAGE)
    assert not at.error
    assert at.title[0].value == "The mistake-bound game"
    assert "Click empty chart space" in markdown(at)
    assert count(at).startswith("**M = 0 mistakes in 0 arrivals**")
    keys = {"on_label_pos": "1", "on_label_neg": "2", "on_adversary": "a"}
    keys |= {"on_adversary_all": "z", "on_undo_button": "u"}
    for k, shortcut in keys.items():
        assert at.button(key=k).proto.shortcut.lower() == shortcut
    assert at.button(key="on_label_pos").disabled and at.button(key="on_label_neg").disabled
    assert at.button(key="on_undo_button").disabled
    (board,) = stage_figures(at)  # the click component's chart
    names = [t.get("name") for t in board["data"]]
    assert "target u" in names and "new point ?" not in names


def test_the_prediction_comes_before_the_label_and_matches_a_textbook_loop():
    at = open_page(PAGE)
    # (1, 1.5) +1: a tie. (-1.5, -1) -1: predicted -1, right. (0.5, 0.5) -1: predicted +1,
    # a mistake, and one update does not fix it (y(w.x + b) = -2.25, then -0.75).
    sequence = [(1.0, 1.5, 1), (-1.5, -1.0, -1), (0.5, 0.5, -1), (2.0, -1.0, 1)]
    for n, (x1, x2, label) in enumerate(sequence, start=1):
        place(at, x1, x2)
        (w1, w2, b), _ = textbook(sequence[: n - 1])
        a = w1 * x1 + w2 * x2 + b
        shown = markdown(at)
        assert f"**New point ({fmt(x1)}, {fmt(x2)})**: w·x + b = {fmt(a)}" in shown
        said = "I don't know" if a == 0 else "predicts **+1**" if a > 0 else "predicts **−1**"
        assert said in shown
        assert len(arrivals(at)) == n - 1  # the label is not revealed yet
        assert not at.button(key="on_label_pos").disabled
        names = [t.get("name") for t in stage_figures(at)[0]["data"]]
        assert "new point ?" in names
        click(at, "on_label_pos" if label > 0 else "on_label_neg")
        assert arrivals(at) == sequence[:n]
        (w1, w2, b), log = textbook(sequence[:n])
        mistakes = sum(m for _, m, _ in log)
        assert count(at).startswith(f"**M = {mistakes} mistake")
        before, mistake, after = log[-1]
        line = next(m.value for m in at.markdown if m.value.startswith(f"Arrival {n}:"))
        line = line.replace("\\", "")
        if mistake:
            assert f"y(w·x + b) = {fmt(label * before)} before the update, {fmt(after)}" in line
            assert ("now correct" in line) == (after > 0)
            assert ("**still wrong**" in line) == (after <= 0)
        else:
            assert "no mistake, no update" in line
        # The engine's online run on the arrivals makes the textbook's mistakes.
        X, y = state.decode_points(at.query_params["on_pts"])
        assert X.tolist() == [[a, c] for a, c, _ in sequence[:n]]
        assert y.tolist() == [lab for *_, lab in sequence[:n]]
        assert pc.online_run(X, y).mistakes == mistakes
    # The third arrival's update did not fix it, the first and the fourth did.
    assert "So far 2 of 3 updates fixed the point it was made on." in markdown(at)


def test_the_count_is_checked_against_theorem_1_then_theorem_2():
    points = [(1.0, 1.5, 1), (-1.5, -1.0, -1), (0.5, 0.5, -1)]
    code = state.encode_points(np.array([p[:2] for p in points]), [p[2] for p in points])
    at = open_page(PAGE, on_pts=code)
    Xa = np.array([p[:2] for p in points])
    ya = np.array([p[2] for p in points])
    th = pc.theory(Xa, ya)
    _, log = textbook(points)
    M = sum(m for _, m, _ in log)
    assert th.separable and M <= th.bound
    assert count(at) == f"**M = {M} mistakes in 3 arrivals ≤ R²/γ*² = {fmt(th.bound)}** " + (
        "(Theorem 1: these points are separable, from w = 0)"
    )
    # -1 at (0.5, 0.5) is the midpoint of +1 at (0, 0) and (1, 1): not separable any more.
    # Theorem 2 after one pass.
    place(at, 0.0, 0.0)
    click(at, "on_label_pos")
    place(at, 1.0, 1.0)
    click(at, "on_label_pos")
    points += [(0.0, 0.0, 1), (1.0, 1.0, 1)]
    Xa = np.array([p[:2] for p in points])
    ya = np.array([p[2] for p in points])
    assert not pc.theory(Xa, ya).separable
    bound = pc.hinge_bound(Xa, ya, 1)
    _, log = textbook(points)
    M = sum(m for _, m, _ in log)
    assert M <= bound
    assert count(at).startswith(
        f"**M = {M} mistakes in 5 arrivals ≤ R²‖w*‖² + 2·L_hinge(w*) = {fmt(bound)}**"
    )
    assert any(w.value.startswith("**Not linearly separable.**") for w in at.warning)


def test_each_adversary_point_is_a_mistake_with_the_margin_and_the_bound_holds():
    at = open_page(PAGE)
    for k in (1, 2, 3):
        click(at, "on_adversary")
        pts = arrivals(at)
        _, log = textbook(pts)
        assert len(pts) == k and all(m for _, m, _ in log)  # every arrival a mistake
        assert min(margins_from_u(pts)) >= 0.5 - 1e-12
        assert count(at).startswith(f"**M = {k} mistake")
    click(at, "on_adversary_all")
    pts = arrivals(at)
    _, log = textbook(pts)
    k = len(pts)
    assert all(m for _, m, _ in log) and min(margins_from_u(pts)) >= 0.5 - 1e-12
    th = pc.theory(np.array([p[:2] for p in pts]), np.array([p[2] for p in pts]))
    R2 = max(1 + a * a + c * c for a, c, _ in pts)
    assert k <= R2 / 0.25 <= 36 and k <= th.bound
    (info,) = at.info
    assert info.value.startswith("The adversary is out of moves")
    assert f"It forced M = {k} mistakes" in info.value.replace("\\", "")
    assert f"R²/γ*² = {fmt(th.bound)} held" in info.value.replace("\\", "")
    assert any("Every arrival so far is such a point" in c.value for c in at.caption)
    # Out of moves: pressing again adds nothing.
    click(at, "on_adversary")
    assert len(arrivals(at)) == k


def test_the_margin_control_changes_the_adversary():
    at = open_page(PAGE)
    at.select_slider(key="on_gamma").set_value(1.0).run()
    click(at, "on_adversary_all")
    pts = arrivals(at)
    _, log = textbook(pts)
    assert all(m for _, m, _ in log) and min(margins_from_u(pts)) >= 1.0 - 1e-12
    assert len(pts) <= 9  # R²/γ² on the board: 3² / 1²
    assert any("margin ≥ γ = 1 " in c.value and "= 9 mistakes" in c.value for c in at.caption)


def test_undo_restores_every_state_exactly_and_clear_is_undone_too():
    at = open_page(PAGE)

    def snapshot():
        X, y = at.session_state["on_points"]
        return (
            X.tolist(),
            y.tolist(),
            at.session_state["on_pending"],
            at.query_params.get("on_pts", ""),
            count(at),
        )

    states = [snapshot()]
    moves = [
        lambda: place(at, 1.0, 1.5),
        lambda: click(at, "on_label_pos"),
        lambda: click(at, "on_adversary"),
        lambda: place(at, -0.5, 0.25),
        lambda: place(at, -0.75, 0.25),  # a new place moves the pending point
        lambda: click(at, "on_label_neg"),
        lambda: click(at, "on_adversary_all"),
        lambda: click(at, "on_clear"),
    ]
    for move in moves:
        move()
        states.append(snapshot())
    assert states[-1][0] == [] and len(states[-2][0]) >= 4
    for expected in reversed(states[:-1]):
        click(at, "on_undo_button")
        assert snapshot() == expected
    assert at.button(key="on_undo_button").disabled


def test_a_link_reopens_the_game_and_a_damaged_one_is_reported():
    points = [(0.5, 1.0, 1), (-1.0, -0.5, -1), (1.5, -1.0, 1)]
    code = state.encode_points(np.array([p[:2] for p in points]), [p[2] for p in points])
    at = open_page(PAGE, on_pts=code, on_gamma="0.25")
    assert arrivals(at) == points
    _, log = textbook(points)
    M = sum(m for _, m, _ in log)
    assert count(at).startswith(f"**M = {M} mistake")
    assert at.select_slider(key="on_gamma").value == 0.25
    bad = open_page(PAGE, on_pts="1garbage")
    assert any("damaged" in w.value for w in bad.warning)
    assert count(bad).startswith("**M = 0 mistakes")


def test_a_hand_made_link_with_too_many_arrivals_keeps_what_a_link_holds():
    rng = np.random.default_rng(0)
    X = np.round(rng.uniform(-2, 2, size=(game.MAX_ARRIVALS + 20, 2)), 3)
    code = state.encode_points(X, np.where(X[:, 0] + X[:, 1] > 0, 1, -1))
    at = open_page(PAGE, on_pts=code)
    assert len(arrivals(at)) == game.MAX_ARRIVALS
    assert any(f"keeps the first {game.MAX_ARRIVALS}" in w.value for w in at.warning)


def test_the_game_stops_at_its_cap_and_says_so(monkeypatch):
    monkeypatch.setattr(game, "MAX_ARRIVALS", 3)
    at = open_page(PAGE)
    click(at, "on_adversary_all")
    assert len(arrivals(at)) == 3
    assert any("at most 3 arrivals" in i.value for i in at.info)
    place(at, 1.0, 1.0)
    assert at.session_state["on_pending"] is None


@pytest.mark.parametrize("presenter", [False, True])
def test_presenter_mode_hides_the_title_and_draws_larger(presenter):
    at = open_page(PAGE, on_presenter="true" if presenter else "false")
    click(at, "on_adversary")
    assert (len(at.title) == 0) == presenter
    (board,) = stage_figures(at)
    plus = next(t for t in board["data"] if t.get("name") == "+1" or t.get("name") == "-1")
    size = plus["marker"]["size"]
    assert (size > 11) == presenter
    assert count(at).startswith("**M = 1 mistake in 1 arrival")


def test_a_move_that_breaks_the_page_is_said_and_undone(monkeypatch):
    from ui.server import guard
    from ui.views import online_view

    real = online_view.arrival_text

    def broken(run, *args):
        if run.n == 2:
            raise RuntimeError("boom")
        return real(run, *args)

    monkeypatch.setattr(online_view, "arrival_text", broken)
    at = open_page(PAGE)
    place(at, 1.0, 1.0)
    click(at, "on_label_pos")
    place(at, -1.0, -0.5)
    click(at, "on_label_neg")  # the second arrival breaks the page
    assert any(e.value == guard.MESSAGE for e in at.error)
    assert arrivals(at) == [(1.0, 1.0, 1)] and at.session_state["on_pending"] == (-1.0, -0.5)
    assert count(at).startswith("**M = 1 mistake in 1 arrival**")
