"""The class's questions (ui.room.questions) against oracles written here: the perceptron of
the notes as a plain loop (w, b from 0, cyclic order, a tie is a mistake), the separability
verdict as a linear programme (scipy), and the hand trace of a small data set. Every
question's right answer must be what the loop does next, at every cursor."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.optimize import linprog

import perceptron_core as pc
from ui.room import rules
from ui.room.questions import LETTERS, next_update, questions_at


def trace(X, y, epochs):
    """Every visit of the textbook loop: (epoch, row, mistake, w, b before, w, b after)."""
    w, b = np.zeros(X.shape[1]), 0.0
    out = []
    for epoch in range(epochs):
        for i in range(len(X)):
            before = (w.copy(), b)
            mistake = y[i] * (w @ X[i] + b) <= 0
            if mistake:
                w, b = w + y[i] * X[i], b + y[i]
            out.append((epoch, i, bool(mistake), before, (w.copy(), b)))
    return out


def separable_lp(X, y) -> bool:
    """Whether some (w, b) has y(w.x + b) >= 1 on every point (a feasibility LP)."""
    A = -(np.hstack([X, np.ones((len(X), 1))]) * y[:, None])
    res = linprog(np.zeros(X.shape[1] + 1), A_ub=A, b_ub=-np.ones(len(X)), bounds=(None, None))
    return res.status == 0


def check_against_loop(X, y, max_epochs=30):
    run = pc.train(X, y, max_epochs=max_epochs)
    visits = trace(X, y, run.epochs)
    separable = separable_lp(X, y)
    per_epoch = np.bincount([e for e, _, m, _, _ in visits if m], minlength=run.epochs)
    for cursor in range(run.n_visits + 1):
        asked = questions_at(run, cursor, separable)
        later = [v for v in visits[cursor:] if v[2]]  # the loop's next mistakes
        if later:
            epoch, row, _, (w0, b0), (w1, b1) = later[0]
            q = asked["next_mistake"]
            assert dict(q.marks)[LETTERS[q.right]] == row
            assert len({r for _, r in q.marks}) == len(q.marks) >= min(len(X), 2)
            fixes = asked["fixes_point"]
            assert fixes.right == (0 if y[row] * (w1 @ X[row] + b1) > 0 else 1)
            if X.shape[1] == 2 and np.any(w0) and np.any(w1):
                cross = w0[0] * w1[1] - w0[1] * w1[0]
                assert asked["turn"].right == (0 if cross > 0 else 1 if cross < 0 else 2)
            else:
                assert "turn" not in asked
        else:
            assert not {"next_mistake", "fixes_point", "turn"} & set(asked)
        assert asked["converge"].right == (0 if separable else 1)
        this = max(1, -(-cursor // len(X)))
        if this < run.epochs:
            fewer = asked["fewer_mistakes"]
            now, then = per_epoch[this - 1], per_epoch[this]
            assert fewer.right == (0 if then < now else 1 if then == now else 2)
        else:
            assert "fewer_mistakes" not in asked
        for q in asked.values():  # each one as the class's store will take it
            rules.check_question(q.kind, q.prompt, list(q.choices), q.right)
            assert q.at == cursor


def test_the_hand_traced_run_of_the_errata_data():
    """The five points of the engine's own examples: separable, converged in epoch 3; the
    first mistake is example 1 (a tie at w = 0), which its update fixes."""
    X = np.array([[1.0, 2.0], [-1.0, -0.5], [2.0, -1.0], [-2.0, 1.0], [0.5, 0.2]])
    y = np.array([1, -1, 1, -1, -1])
    check_against_loop(X, y)
    run = pc.train(X, y)
    first = questions_at(run, 0, True)
    assert first["next_mistake"].marks[first["next_mistake"].right][1] == 0
    assert first["fixes_point"].right == 0  # y(w.x + b) = 1 + 1 + 4 > 0 after it
    assert "turn" not in first  # w = 0 has no direction
    assert first["converge"].choices[first["converge"].right].startswith("Yes")


@settings(max_examples=40, deadline=None)
@given(
    st.integers(4, 9).flatmap(
        lambda n: st.tuples(
            st.lists(st.lists(st.integers(-4, 4), min_size=2, max_size=2), min_size=n, max_size=n),
            st.lists(st.sampled_from([-1, 1]), min_size=n, max_size=n),
        )
    )
)
def test_every_answer_is_what_the_loop_does_next(data):
    X = np.array(data[0], dtype=float)
    y = np.array(data[1])
    if len(set(y)) < 2:
        y[0] = -y[1]
    check_against_loop(X, y, max_epochs=8)


def test_xor_never_converges_and_the_batch_run_asks_no_step_question():
    X = np.array([[0.0, 0.0], [1.0, 1.0], [0.0, 1.0], [1.0, 0.0]])
    y = np.array([-1, -1, 1, 1])
    check_against_loop(X, y, max_epochs=6)
    batch = pc.train(X, y, variant="batch", max_epochs=3)
    assert questions_at(batch, 0, False) == {}


@pytest.mark.parametrize("d", [3, 13])
def test_more_features_no_turn_and_points_stay_short(d):
    rng = np.random.default_rng(d)
    X = rng.normal(size=(30, d)) * 1e3
    y = np.where(X[:, 0] + 0.3 * X[:, 1] > 0, 1, -1)
    run = pc.train(X, y, max_epochs=3)
    asked = questions_at(run, 0, True)
    assert "turn" not in asked
    for choice in asked["next_mistake"].choices:
        assert len(choice) <= rules.CHOICE_LIMIT


def test_the_next_mistakes_letter_is_shuffled_when_the_next_visit_is_the_mistake():
    """At a cursor whose visit is itself a mistake the other points are the rows after it:
    lettered by row, the answer was always A. Shuffled per question: each letter is the
    answer somewhere, and the same question gets the same letters again."""
    rng = np.random.default_rng(7)
    letters = []
    for _ in range(60):
        X = rng.integers(-4, 5, size=(8, 2)).astype(float)
        y = np.where(rng.random(8) < 0.5, -1, 1)
        y[0] = -y[1]
        run = pc.train(X, y, max_epochs=4)
        for cursor in range(min(run.n_visits, 16)):
            k = next_update(run, cursor)
            if k is None or int(run.update_visit[k]) != cursor:
                continue
            q = questions_at(run, cursor, None)["next_mistake"]
            assert q.marks[q.right][1] == int(run.update_index[k])
            assert questions_at(run, cursor, None)["next_mistake"] == q  # deterministic
            letters.append(LETTERS[q.right])
    assert len(letters) > 40
    assert set(letters) == set(LETTERS)
    assert letters.count("A") < 0.5 * len(letters)
