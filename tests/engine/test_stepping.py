"""Stepping is the run's business: what "the next update" is for every variant.

Oracles are textbook loops written here: the single-sample rule (classic, averaged, voted,
pocket and, in the dual, the kernel perceptron change on a mistake) and batch gradient
descent on J_p (004), whose weights change once per epoch with mistakes.
"""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import perceptron_core as pc


def data(n: int, seed: int, noise: float = 0.0):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, 2))
    y = np.where(X @ [1.0, -2.0] + 0.3 > 0, 1, -1)
    flip = rng.random(n) < noise
    return X, np.where(flip, -y, y)


def textbook_single(X, y, eta, epochs):
    """Cursor after every mistake (visits done) and (w, b) after it."""
    w, b, out = np.zeros(X.shape[1]), 0.0, []
    for e in range(epochs):
        clean = True
        for i in range(len(y)):
            if y[i] * (X[i] @ w + b) <= 0:
                w, b, clean = w + eta * y[i] * X[i], b + eta * y[i], False
                out.append((e * len(y) + i + 1, w.copy(), b))
        if clean:
            break
    return out


def textbook_batch(X, y, eta, epochs):
    """Cursor at the end of every epoch with mistakes and (w, b) after its summed step."""
    w, b, out = np.zeros(X.shape[1]), 0.0, []
    for e in range(epochs):
        m = y * (X @ w + b) <= 0
        if not m.any():
            break
        w = w + eta * (y[m, None] * X[m]).sum(axis=0)
        b = b + eta * y[m].sum()
        out.append(((e + 1) * len(y), w.copy(), b))
    return out


def walk(run, move="update"):
    t, cursors = 0, []
    while t < run.n_visits:
        t = run.next_cursor(t, move)
        cursors.append(t)
    return cursors


@pytest.mark.parametrize("variant", ["classic", "averaged", "voted", "pocket"])
@given(seed=st.integers(0, 10_000), noise=st.sampled_from([0.0, 0.2]))
@settings(max_examples=25, deadline=None)
def test_a_step_is_the_next_mistake_for_single_sample_variants(variant, seed, noise):
    X, y = data(30, seed, noise)
    run = pc.train(X, y, variant=variant, eta=0.5, max_epochs=6)
    expected = textbook_single(X, y, 0.5, 6)
    steps = walk(run)
    assert steps[: len(expected)] == [t for t, _, _ in expected]
    for t, w, b in expected:
        change = run.change_at(t)
        assert change.kind == "mistake" and change.t == t
        np.testing.assert_allclose(change.w_after, w, rtol=1e-12, atol=1e-12)
        assert change.b_after == pytest.approx(b, abs=1e-12)
        assert run.change_at(t - 1) is None or run.change_at(t - 1).t == t - 1


@given(seed=st.integers(0, 10_000), noise=st.sampled_from([0.0, 0.1, 0.3]))
@settings(max_examples=30, deadline=None)
def test_a_batch_step_lands_at_an_epoch_end_and_moves_w(seed, noise):
    X, y = data(25, seed, noise)
    run = pc.train(X, y, variant="batch", eta=0.1, max_epochs=8)
    expected = textbook_batch(X, y, 0.1, 8)
    steps = walk(run)
    assert steps[: len(expected)] == [t for t, _, _ in expected]
    start = (np.zeros(2), 0.0)
    for t, w, b in expected:
        change = run.change_at(t)
        assert change.kind == "batch" and t % run.n == 0
        np.testing.assert_allclose(change.w_after, w, rtol=1e-12, atol=1e-12)
        assert not np.array_equal(change.w_after, change.w_before) or change.b_after != start[1]
        # within the epoch nothing has changed yet: the weights are those before the step
        for inside in (t - run.n + 1, t - 1):
            k = run.updates_before_visit(inside)
            np.testing.assert_array_equal(run.weights(k)[0], change.w_before)
            assert run.change_at(inside) is None
        start = (w, b)
    assert run.next_cursor(0, "update") != 1 or run.n == 1  # never a phantom first update


def test_a_kernel_step_moves_alpha_by_one():
    X = np.array([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
    y = np.array([-1, 1, 1, -1])
    run = pc.train(X, y, variant="kernel", kernel=pc.Kernel("poly", degree=2), max_epochs=50)
    assert run.converged
    alpha = np.zeros(4, dtype=int)
    t = 0
    while t < run.n_visits:
        t = run.next_cursor(t)
        change = run.change_at(t)
        if change is None:
            assert t == run.n_visits  # the last Step lands on the end of the clean pass
            break
        assert change.kind == "dual" and change.w_after is None
        alpha[change.indices[0]] += 1
        assert change.k == int(alpha.sum())
    np.testing.assert_array_equal(alpha, run.alpha)


def test_moves_by_visit_and_epoch_and_bad_moves():
    X, y = data(10, 3, 0.3)
    run = pc.train(X, y, max_epochs=3)
    assert walk(run, "visit") == list(range(1, run.n_visits + 1))
    assert walk(run, "epoch") == [10, 20, 30][: run.epochs]
    assert run.next_cursor(-5, "visit") == 1 and run.next_cursor(10**9, "update") == run.n_visits
    with pytest.raises(ValueError, match="move must be one of"):
        run.next_cursor(0, "leap")


def test_a_batch_steps_vector_sum_lands_on_the_runs_next_weights():
    """The Update drawn for a batch step (w_old + eta * sum of y x, b_old + eta * sum of y)
    ends exactly where a textbook batch loop's weights are after that epoch."""
    import datasets
    from ui import replay

    ds = datasets.generate("notes_rule_004", seed=0)
    run = pc.train(ds.X, ds.y, variant="batch", eta=0.5, max_epochs=6)
    w, b = np.zeros(2), 0.0
    for epoch in range(run.epochs):
        wrong = ds.y * (ds.X @ w + b) <= 0
        t = (epoch + 1) * ds.n
        _, _, _, update = replay.at_step(run, ds.X, ds.y, t)
        if not wrong.any():
            assert update is None
            continue
        w = w + 0.5 * (ds.y[wrong, None] * ds.X[wrong]).sum(axis=0)
        b = b + 0.5 * ds.y[wrong].sum()
        assert np.allclose(update.w_new, w, rtol=1e-12) and update.b_new == pytest.approx(b)
