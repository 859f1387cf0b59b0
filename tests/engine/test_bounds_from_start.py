"""The bounds from a start other than w = 0, and eta in the bounds from w = 0.

004's proof from an arbitrary start (``Theory.bound_from_start``) and Theorem 2's proof
from an arbitrary start (``HingeBound.from_start``), each against a hand derivation on a
small case and against many runs of a textbook loop written here (every eta the pages
offer, random starts, shuffled orders); and the runs from w = 0 making the same mistakes
for every eta, so neither theorem's bound depends on eta from 0.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from bound_oracle import augmented, hinge_from_start, hinge_minimum, max_margin
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import perceptron_core as pc
from perceptron_core.run import epoch_order, random_start
from ui import state

ETAS = state.ETAS


def textbook(X, y, eta, w0, b0, epochs, shuffle=False, seed=0):
    """Mistakes by the end of each epoch, and whether the last epoch was clean."""
    w, b, M, ends = np.array(w0, dtype=float), float(b0), 0, []
    for e in range(epochs):
        clean = True
        for i in epoch_order(len(y), e, shuffle, seed):
            if y[i] * (w @ X[i] + b) <= 0:
                w, b, M, clean = w + eta * y[i] * X[i], b + eta * y[i], M + 1, False
        ends.append(M)
        if clean:
            break
    return np.array(ends), clean


# ------------------------------------------------------------ 004, by hand
def test_004_bound_from_a_start_by_hand():
    """X = (1, 0) labelled +1 and (-1, 0) labelled -1: z = (1, 1, 0) and (-1, 1, 0), so
    u* = (0, 1, 0), gamma* = 1, R^2 = 2, alpha = R^2/gamma* = 2. From w(1) = (b, w) =
    (0, -3, 0): k_hat = ||(0, -3, 0) - 2 (0, 1, 0)||^2 / 2 = 25/2; with eta = 1/2 the run
    makes the mistakes of step 1 from w(1)/eta = (0, -6, 0): ||(0, -8, 0)||^2 / 2 = 32.
    The run from (-3, 0) by hand: (1,0): -3 mistake, w = (-2, 0), b = 1; (-1,0): y a =
    -3 mistake, w = (-1, 0), b = 0; (1,0): -1 mistake, w = (0, 0), b = 1; (-1,0): y a = -1
    mistake, w = (1, 0), b = 0; then a clean pass: 4 mistakes."""
    X, y = np.array([[1.0, 0.0], [-1.0, 0.0]]), np.array([1, -1])
    th = pc.theory(X, y)
    assert th.bound_from_start([-3.0, 0.0], 0.0, 1.0) == pytest.approx(12.5, rel=1e-12)
    assert th.bound_from_start([-3.0, 0.0], 0.0, 0.5) == pytest.approx(32.0, rel=1e-12)
    assert th.bound_from_start([0.0, 0.0], 0.0, 0.5) == pytest.approx(th.bound) == pytest.approx(2)
    ends, clean = textbook(X, y, 1.0, [-3.0, 0.0], 0.0, 10)
    assert clean and ends[-1] == 4 <= 12.5
    run = pc.train(X, y, eta=1.0, w0=[-3.0, 0.0], max_epochs=10)
    assert run.mistakes == 4


def test_004_bound_from_a_start_can_exceed_theorem_1():
    """Why the page does not state Theorem 1 from a random start: the issue's case makes
    60 mistakes against R^2/gamma*^2 = 15.47, within 004's bound from that start."""
    import datasets

    ds = datasets.generate("separable", 40, seed=0, margin=0.5)
    th = pc.theory(ds.X, ds.y)
    w0, b0 = random_start(2, 3)
    ends, clean = textbook(ds.X, ds.y, 0.01, w0, b0, 100)
    assert clean and ends[-1] > th.bound  # Theorem 1's number is not a bound from here
    assert ends[-1] <= th.bound_from_start(w0, b0, 0.01)


separable = st.integers(0, 2**31 - 1).map(lambda s: _separable(np.random.default_rng(s)))


def _separable(rng):
    n = int(rng.integers(4, 30))
    X = rng.normal(size=(n, 2)) * rng.uniform(0.3, 3) + rng.normal(size=2)
    w, b = rng.normal(size=2), rng.normal()
    a = X @ w + b
    keep = np.abs(a) > 0.2 * np.abs(a).max()
    return X[keep], np.where(a[keep] > 0, 1, -1)


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(separable, st.integers(0, 2**31 - 1), st.sampled_from(ETAS), st.booleans())
def test_004_bound_holds_from_random_starts_at_every_eta(data, seed, eta, shuffle):
    X, y = data
    assume(len(set(y)) == 2)
    mm = max_margin(X, y)
    assume(mm is not None)
    gamma, u = mm
    R2 = float(np.max(np.sum(augmented(X) ** 2, axis=1)))
    w0, b0 = random_start(2, seed)
    v1 = np.concatenate(([b0], w0)) / eta
    hand = float(np.sum((v1 - R2 / gamma * u) ** 2)) / R2  # 004 with the test's own u*
    assume(hand < 5e4)
    th = pc.theory(X, y)
    assert th.bound_from_start(w0, b0, eta) == pytest.approx(hand, rel=1e-5)
    ends, clean = textbook(X, y, eta, w0, b0, int(hand) + 2, shuffle, seed)
    assert clean and ends[-1] <= hand * (1 + 1e-9)


# ------------------------------------------------------ Theorem 2 from a start
def theorem_2_objective(X, y, epochs: int, w) -> float:
    """R^2 ||w||^2 + 2E sum max(0, 1 - y (1, x).w), w bias first (001's Theorem 2)."""
    Z = augmented(X) * np.asarray(y)[:, None]
    R2 = float(np.max(np.sum(augmented(X) ** 2, axis=1)))
    return R2 * float(w @ w) + 2 * epochs * float(np.maximum(0.0, 1.0 - Z @ w).sum())


def test_theorem_2_from_a_start_by_hand():
    """X = (1, 0) twice, labelled +1 and -1, and (-1, 0) labelled -1: no separator.
    At w = (0, 1, 0) (bias first): z.w = 1, -1, 1, so L_hinge = 2; R^2 = 2, ||w||^2 = 1.
    After E = 1 from v(1) = (0, -3, 0): a = v(1).w - L = -3 - 2 = -5, c = 9, s = 1;
    M^2 - (R^2 s - 2a) M + a^2 - cs = M^2 - 12 M + 16 = 0: M = 6 + sqrt(20) = 10.472."""
    hb = pc.HingeBound(value=6.0, lower=6.0, w=np.array([0.0, 1.0, 0.0]), hinge_loss=2.0,
                       norm2=1.0, epochs=1, R=math.sqrt(2))  # fmt: skip
    assert hb.from_start([-3.0, 0.0], 0.0, 1.0) == pytest.approx(6 + math.sqrt(20), rel=1e-9)
    # From 0: a = -2, c = 0: M^2 - 6M + 4 = 0, M = 3 + sqrt(5) <= R^2 s + 2L = 6.
    assert hb.from_start([0.0, 0.0]) == pytest.approx(3 + math.sqrt(5), rel=1e-9)
    # w* = 0: only w.w* >= M - L is left, so M <= E L.
    zero = pc.HingeBound(6.0, 6.0, np.zeros(3), 3.0, 0.0, 2, math.sqrt(2))
    assert zero.from_start([5.0, 1.0], 2.0, 0.1) == pytest.approx(6.0)


noisy = st.integers(0, 2**31 - 1).map(lambda s: _noisy(np.random.default_rng(s)))


def _noisy(rng):
    n = int(rng.integers(6, 40))
    X = rng.normal(size=(n, 2)) * rng.uniform(0.3, 3) + rng.normal(size=2)
    y = np.where(X @ rng.normal(size=2) + rng.normal() > 0, 1, -1)
    flip = rng.random(n) < rng.uniform(0.05, 0.4)
    return X, np.where(flip, -y, y)


@pytest.mark.slow
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(noisy, st.integers(0, 2**31 - 1), st.sampled_from(ETAS), st.integers(1, 6))
def test_theorem_2_from_a_start_holds_after_every_epoch(data, seed, eta, epochs):
    X, y = data
    assume(len(set(y)) == 2)
    w0, b0 = random_start(2, seed)
    ends, _ = textbook(X, y, eta, w0, b0, epochs, shuffle=True, seed=seed)
    for E in range(1, len(ends) + 1):
        hb = pc.hinge_certificate(X, y, E)
        value = hb.from_start(w0, b0, eta)
        assert ends[E - 1] <= value, (E, ends, value)
        # The test's own root at the engine's w* agrees, and that w* minimises Theorem 2's
        # objective (the test's own minimum; the root itself is not the objective, so
        # another near-minimiser may give another valid root).
        v1 = np.concatenate(([b0], w0)) / eta
        assert value == pytest.approx(hinge_from_start(X, y, E, hb.w, v1), rel=1e-9)
        minimum, _ = hinge_minimum(X, y, E)
        assert theorem_2_objective(X, y, E, hb.w) == pytest.approx(minimum, rel=1e-6)
    # From w = 0 the proof's root is at most Theorem 2's value.
    hb = pc.hinge_certificate(X, y, epochs)
    assert hb.from_start(np.zeros(2), 0.0, eta) <= hb.value * (1 + 1e-12)


def test_a_random_start_breaks_theorem_2_as_stated():
    """Why the page does not state Theorem 2 from a random start: the issue's noisy data
    from start seed 1 makes 46 mistakes in two epochs, over Theorem 2's 43.76 after two
    (and seed 4, 36 in one, over 28.08)."""
    import datasets

    ds = datasets.generate("separable", 40, seed=0, noise=0.05)
    for seed, E in ((1, 2), (4, 1)):
        w0, b0 = random_start(2, seed)
        ends, _ = textbook(ds.X, ds.y, 0.01, w0, b0, E)
        hb = pc.hinge_certificate(ds.X, ds.y, E)
        assert ends[E - 1] > hb.value
        assert ends[E - 1] <= hb.from_start(w0, b0, 0.01)


# --------------------------------------------------------- eta from w = 0
@pytest.mark.parametrize("seed", range(6))
def test_from_zero_every_eta_makes_the_same_mistakes(seed):
    """From w = 0 a run with step eta is eta times the run with step 1, so the mistakes
    (and so Theorems 1 and 2, whose bounds have no eta) are the same for every eta."""
    X, y = _noisy(np.random.default_rng(seed))
    runs = [textbook(X, y, eta, np.zeros(2), 0.0, 8, shuffle=True, seed=seed)[0] for eta in ETAS]
    for ends in runs[1:]:
        assert np.array_equal(ends, runs[0])


# ------------------------------------------------------------ the shown bound
@settings(max_examples=400, deadline=None)
@given(st.floats(0, 1e18, allow_nan=False), st.integers(0, 10**12))
def test_a_shown_bound_allows_every_whole_count_the_bound_allows(value, M):
    """Whenever M ≤ bound, "M ≤ shown" must read true: a bound rounded down past a whole
    number (2.612·10^4 for 26,124.6) would make a true statement look false. And the
    shown number is the bound (to its four digits, or its whole part)."""
    from bound_oracle import number

    from ui import text

    shown = number(text.bound_num(value))
    if M <= value:
        assert M <= shown
    assert shown >= math.floor(value)
    assert shown == pytest.approx(value, rel=1e-3, abs=5e-5)
    assert number(text.bound_tex(value)) == shown


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(separable)
def test_gamma_star_is_at_most_the_pictures_max_margin(data):
    """What the margins note says: gamma* (augmented, bias in the norm) is at most the
    picture's max margin m (free bias), and at least m / sqrt(1 + b^2) for the widest
    band's centre line w.x + b = 0 (|w| = 1): equal when that line passes through 0.
    gamma* from the test's own dual, the picture's band from scikit-learn's SVC."""
    from sklearn.svm import SVC

    X, y = data
    assume(len(set(y)) == 2)
    mm = max_margin(X, y)
    assume(mm is not None)
    svm = SVC(kernel="linear", C=1e10, tol=1e-12).fit(X, y)
    size = float(np.linalg.norm(svm.coef_))
    m, b = 1 / size, float(svm.intercept_[0]) / size
    assert mm[0] <= m * (1 + 1e-4)
    assert mm[0] >= m / math.sqrt(1 + b * b) * (1 - 1e-4)
