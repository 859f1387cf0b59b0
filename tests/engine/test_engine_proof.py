"""The proofs' arithmetic in the engine (pc.theorem1, pc.theorem2, pc.distance_004,
pc.epoch_bounds, pc.sample_epochs, pc.Squeeze) against a textbook perceptron written in
tests/oracles/proof_oracle.py. The theorems' inequalities are checked on its weights, with R,
gamma and the separator's margin computed here; the engine's curves must be its numbers.
"""

import math

import numpy as np
import pytest
from proof_oracle import radius, signed, textbook

import datasets
import perceptron_core as pc


def separable_sets():
    yield datasets.generate("notes_rule_004", seed=0)
    yield datasets.generate("iris_setosa_versicolor", seed=0)
    for seed in range(3):
        yield datasets.generate("separable", n=60, seed=seed, margin=0.05)


def own_theory(X, y, u):
    """A Theory for the unit separator u chosen here: its margin and R measured here."""
    u = np.asarray(u, dtype=float) / np.linalg.norm(u)
    gamma = float(np.min(signed(X, y) @ u))
    assert gamma > 0
    R = radius(X)
    return pc.Theory(R, True, gamma, u, R**2 / gamma**2, 0.0, None, None)


@pytest.mark.parametrize("ds", list(separable_sets()), ids=lambda d: d.source[:30])
def test_theorem_1_curves_are_the_textbook_loops_and_squeeze_it(ds):
    X, y = ds.X, ds.y
    W, per_epoch, _ = textbook(X, y, epochs=1000)
    assert per_epoch[-1] == 0  # it converged: its last weights separate the data
    run = pc.train(X, y, max_epochs=1000)
    # Two directions: the engine's u* and the textbook's own final separator.
    for th in (pc.theory(X, y), own_theory(X, y, W[-1])):
        R, gamma, u = radius(X), float(np.min(signed(X, y) @ th.u)), th.u
        assert th.R == pytest.approx(R, rel=1e-12)
        assert th.gamma == pytest.approx(gamma, rel=1e-9)
        sq = pc.theorem1(run, th)
        M = np.arange(len(W))
        assert np.array_equal(sq.mistakes, M)
        assert np.allclose(sq.dot, W @ u, rtol=1e-12, atol=1e-12)
        assert np.allclose(sq.norm_sq, np.einsum("ij,ij->i", W, W), rtol=1e-12)
        # 001: after M mistakes, w.u* >= M gamma* and ||w||^2 <= M R^2 (textbook numbers).
        assert (W @ u >= M * gamma * (1 - 1e-12) - 1e-12).all()
        assert (np.einsum("ij,ij->i", W, W) <= M * R**2 * (1 + 1e-12)).all()
        assert len(W) - 1 <= R**2 / gamma**2
        # The lines the page draws are those, and they meet at R^2/gamma^2.
        assert np.allclose(sq.lower(M), M * gamma, rtol=1e-9)
        assert np.allclose(sq.upper_sq(M), M * R**2, rtol=1e-12)
        assert sq.crossing == pytest.approx(R**2 / gamma**2, rel=1e-9)
        assert float(sq.lower(sq.crossing)) == pytest.approx(
            math.sqrt(float(sq.upper_sq(sq.crossing))), rel=1e-9
        )
        # The cosine rises to within the floor the lines force, and never past 1.
        cos = (W @ u)[1:] / np.linalg.norm(W[1:], axis=1)
        assert np.allclose(sq.cosine[1:], cos, rtol=1e-12)
        assert (cos >= sq.cosine_floor(M[1:]) - 1e-12).all() and (cos <= 1 + 1e-12).all()
        assert float(sq.cosine_floor(sq.crossing)) == pytest.approx(1.0, rel=1e-9)


@pytest.mark.parametrize("seed", [0, 1, 7])
@pytest.mark.parametrize("eta", [1.0, 0.5])
def test_a_random_start_004s_distance_and_the_squeeze(seed, eta):
    ds = datasets.generate("separable", n=50, seed=seed, margin=0.08)
    X, y = ds.X, ds.y
    run = pc.train(X, y, w0="random", start_seed=seed, eta=eta, max_epochs=5000)
    start = np.concatenate(([run.b0], run.w0))  # the engine's start: the input here
    W, per_epoch, _ = textbook(X, y, epochs=5000, w0=start, eta=eta)
    assert per_epoch[-1] == 0
    th = pc.theory(X, y)
    R, u = radius(X), th.u
    gamma = float(np.min(signed(X, y) @ u))
    M = np.arange(len(W))
    sq = pc.theorem1(run, th)
    assert np.allclose(sq.dot, W @ u, rtol=1e-10, atol=1e-12)
    # From w(0): w.u >= w(0).u + M eta gamma and ||w||^2 <= ||w(0)||^2 + M eta^2 R^2.
    lower = start @ u + M * eta * gamma
    upper = start @ start + M * eta**2 * R**2
    assert np.allclose(sq.lower(M), lower, rtol=1e-9, atol=1e-12)
    assert np.allclose(sq.upper_sq(M), upper, rtol=1e-12)
    assert (W @ u >= lower - 1e-9).all()
    assert (np.einsum("ij,ij->i", W, W) <= upper * (1 + 1e-12)).all()
    # Where (a + sM)^2 = n0 + rM, solved here by numpy: the run stays below it.
    a, s = start @ u, eta * gamma
    roots = np.roots([s * s, 2 * a * s - eta**2 * R**2, a * a - start @ start]).real
    assert sq.crossing == pytest.approx(roots.max(), rel=1e-7)
    assert len(W) - 1 <= sq.crossing
    # 004: ||w(k+1)/eta - alpha u||^2 / R^2 falls by at least 1 per correction.
    alpha = R**2 / gamma
    ratio = np.sum((W / eta - alpha * u) ** 2, axis=1) / R**2
    dist = pc.distance_004(run, th)
    assert np.allclose(dist.ratio, ratio, rtol=1e-9)
    assert (ratio <= ratio[0] - M + 1e-9 * ratio[0]).all()
    assert len(W) - 1 <= ratio[0]
    assert dist.start == pytest.approx(th.bound_from_start(run.w0, run.b0, eta), rel=1e-12)


def hinge(X, y, w) -> float:
    return float(np.maximum(0.0, 1.0 - signed(X, y) @ w).sum())


@pytest.mark.parametrize(
    "name, params",
    [("xor", {}), ("blobs", {"overlap": 0.6}), ("moons", {}), ("notes_002_example1", None)],
)
def test_theorem_2_bounds_the_count_after_every_epoch(name, params):
    ds = (
        datasets.generate(name, seed=0)
        if params is None
        else datasets.generate(name, n=60, seed=0, **params)
    )
    X, y = ds.X, ds.y
    assert not pc.theory(X, y).separable
    epochs = 12
    W, per_epoch, where = textbook(X, y, epochs=epochs)
    run = pc.train(X, y, max_epochs=epochs)
    R = radius(X)
    counts = np.cumsum(per_epoch)
    bounds = {}
    for E in range(1, epochs + 1):
        hb = pc.hinge_certificate(X, y, E)
        # Theorem 2's objective at the w* shown, recomputed here, is the bound shown.
        value = R**2 * float(hb.w @ hb.w) + 2 * E * hinge(X, y, hb.w)
        assert hb.value == pytest.approx(value, rel=1e-9)
        assert hb.hinge_loss == pytest.approx(hinge(X, y, hb.w), rel=1e-9, abs=1e-12)
        assert hb.value >= counts[E - 1]  # Theorem 2 after E epochs
        bounds[E] = hb
        # The proof along w*: every mistake of these E epochs adds >= 1 - its hinge loss.
        sq = pc.theorem2(run, hb)
        m = int(counts[E - 1])
        if sq is None:  # w* = 0: no direction; the bound is then 2E times n hinge losses of 1
            assert not np.any(hb.w) and hb.value == pytest.approx(2 * E * len(y))
            continue
        M = np.arange(m + 1)
        dots = W[: m + 1] @ hb.w
        L = hinge(X, y, hb.w)
        size = np.linalg.norm(hb.w)
        assert np.allclose(sq.dot[: m + 1] * size, dots, rtol=1e-9, atol=1e-9)
        assert (dots >= M - E * L - 1e-9).all()
        lost = np.concatenate(([0.0], np.cumsum(np.maximum(0, 1 - signed(X, y)[where[:m]] @ hb.w))))
        assert (dots >= M - lost - 1e-9).all()
        assert np.allclose(sq.lower(M) * size, M - E * L, rtol=1e-9, atol=1e-9)
        assert (np.einsum("ij,ij->i", W[: m + 1], W[: m + 1]) <= M * R**2 * (1 + 1e-12)).all()
        assert m <= sq.crossing <= hb.value * (1 + 1e-9)
        assert sq.shown == m + 1  # the charts draw the mistakes of these E epochs only
    eb = pc.epoch_bounds(run, bounds)
    assert np.array_equal(eb.count, counts)
    assert (eb.envelope >= counts).all()
    assert np.allclose(eb.envelope, [bounds[e].value for e in range(1, epochs + 1)], rtol=1e-9)
    # Solved at a few epochs only, the envelope still bounds every epoch in between.
    few = {e: bounds[e] for e in (1, 5, 12)}
    sparse = pc.epoch_bounds(run, few)
    assert (sparse.envelope >= eb.envelope * (1 - 1e-9)).all()
    assert (sparse.envelope >= counts).all()


def test_sample_epochs_keeps_the_current_one_and_the_ends():
    assert pc.sample_epochs(5, 3) == [1, 2, 3, 4, 5]
    many = pc.sample_epochs(10_000, 777, most=24)
    assert many[0] == 1 and many[-1] == 10_000 and 777 in many and len(many) <= 25
    assert pc.sample_epochs(10_000, 99_999)[-1] == 10_000


def test_a_crossing_past_the_floats_is_not_a_division_by_zero():
    # From w = 0, s = gamma, r = R^2 = 1: the crossing is 1/gamma^2 (001). For gamma =
    # 2e-301, gamma^2 underflows to 0 and 1/gamma^2 = 2.5e601 is past the floats.
    one = np.zeros(1)
    sq = pc.Squeeze(np.ones(3), one, one, one, a=0.0, s=2e-301, n0=0.0, r=1.0, theorem=1)
    assert sq.crossing == math.inf
    assert sq.crossing_log10 == pytest.approx(math.log10(2.5) + 601, abs=1e-12)
    ordinary = pc.Squeeze(np.ones(3), one, one, one, a=0.0, s=0.5, n0=0.0, r=4.0, theorem=1)
    assert ordinary.crossing == pytest.approx(16.0) and ordinary.crossing_log10 == pytest.approx(
        math.log10(16.0)
    )
