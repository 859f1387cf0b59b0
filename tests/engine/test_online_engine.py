"""The online game's engine: the adversary (perceptron_core.adversary_point) and "does one
update fix the point?" (perceptron_core.update_effect).

Oracles: a textbook perceptron loop and plain-Python sums written here, a brute-force scan
of the adversary's lattice, and Theorem 1 (001): on points with margin gamma from a unit
u, the perceptron makes at most R^2 / gamma^2 mistakes.
"""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import perceptron_core as pc

BOX = (-2.0, 2.0, -2.0, 2.0)
SPACING, GRID = 20, 1000  # the page's lattice: multiples of 0.02 on the link's 1/1000 grid


def textbook_online(X, y, eta=1.0):
    """The notes' algorithm (001), one pass: (mistakes, [(before, after) per update])."""
    w, b, mistakes, margins = [0.0, 0.0], 0.0, 0, []
    for (x1, x2), label in zip(X, y, strict=True):
        before = label * (w[0] * x1 + w[1] * x2 + b)
        if before <= 0:
            mistakes += 1
            w = [w[0] + eta * label * x1, w[1] + eta * label * x2]
            b = b + eta * label
            margins.append((before, label * (w[0] * x1 + w[1] * x2 + b)))
        else:
            margins.append(None)
    return mistakes, margins, (w, b)


def margin_to(u, x):
    """u.(1, x) / ||u||, written out."""
    norm = math.sqrt(u[0] ** 2 + u[1] ** 2 + u[2] ** 2)
    return (u[0] + u[1] * x[0] + u[2] * x[1]) / norm


def lattice():
    ticks = [k * SPACING / GRID for k in range(-100, 101)]
    return [(a, c) for a in ticks for c in ticks]


# ------------------------------------------------------------------------ adversary
finite = st.floats(-5, 5, allow_nan=False, allow_infinity=False)


@settings(max_examples=60, deadline=None)
@given(
    w=st.tuples(finite, finite),
    b=finite,
    u=st.tuples(finite, finite, finite).filter(lambda v: math.hypot(*v[1:]) > 0.05),
    gamma=st.sampled_from([0.1, 0.25, 0.5, 1.0, 1.5]),
)
def test_every_adversary_point_is_a_mistake_in_the_region_with_the_margin(w, b, u, gamma):
    move = pc.adversary_point(w, b, u, gamma, box=BOX, spacing=SPACING, grid=GRID)
    if move is None:  # then no lattice point is both allowed and a mistake (brute force)
        L = np.array(lattice())
        m = (u[0] + u[1] * L[:, 0] + u[2] * L[:, 1]) / math.sqrt(sum(v * v for v in u))
        label = np.where(m > 0, 1, -1)
        mistake = label * (w[0] * L[:, 0] + w[1] * L[:, 1] + b) <= 0
        assert not np.any((label * m >= gamma + 1e-9) & mistake)
        return
    x1, x2 = (float(v) for v in move.x)
    assert BOX[0] <= x1 <= BOX[1] and BOX[2] <= x2 <= BOX[3]
    # On the lattice, so a link (1/1000 grid) stores it exactly.
    for v in (x1, x2):
        q = round(v * GRID)
        assert q % SPACING == 0 and q / GRID == v
    m = margin_to(u, (x1, x2))
    assert move.y == (1 if m > 0 else -1)
    assert move.y * m >= gamma - 1e-12
    # A mistake for the current w (a tie at exactly 0 counts), summed as the engine sums.
    assert move.y * ((w[0] * x1 + w[1] * x2) + b) <= 0


@pytest.mark.parametrize(
    "u, gamma",
    [
        ((0.0, 1.0, 1.0), 0.5),  # the page's target and default margin
        ((0.0, 1.0, 1.0), 0.25),
        ((0.0, 1.0, 1.0), 1.0),
        ((-0.5, 0.8, 0.6), 0.5),
        ((0.3, 1.0, -0.6), 0.25),
    ],
)
def test_after_k_adversary_points_there_are_k_mistakes_within_theorem_1(u, gamma):
    X, y = [], []
    w, b = [0.0, 0.0], 0.0
    while len(y) < 500:
        move = pc.adversary_point(w, b, u, gamma, box=BOX, spacing=SPACING, grid=GRID)
        if move is None:
            break
        X.append(tuple(float(v) for v in move.x))
        y.append(move.y)
        _, _, (w, b) = textbook_online(X, y)
    k = len(y)
    assert 0 < k < 500
    mistakes, _, _ = textbook_online(X, y)
    assert mistakes == k  # every point the adversary played was a mistake
    assert pc.online_run(np.array(X), np.array(y)).mistakes == k
    # Theorem 1 for the adversary's own guarantee (margin gamma from u, R of the points)...
    R2 = max(1 + a * a + c * c for a, c in X)
    assert k <= R2 / gamma**2
    # ... and for the points' own maximum margin, which it nearly reaches (within 3x).
    th = pc.theory(np.array(X), np.array(y))
    assert th.separable and k <= th.bound
    assert k >= th.bound / 3, (k, th.bound)
    # Out of moves: every allowed lattice point is now classified like u.
    for x in lattice()[::7]:
        m = margin_to(u, x)
        if abs(m) >= gamma + 1e-9:
            assert (1 if m > 0 else -1) * (w[0] * x[0] + w[1] * x[1] + b) > 0


def test_the_adversary_starts_with_a_tie_and_keeps_the_learning_rate_in_mind():
    move = pc.adversary_point([0.0, 0.0], 0.0, [0.0, 1.0, 1.0], 0.5)
    assert move.activation == 0.0  # w = 0: every point is "I don't know"
    slow = pc.adversary_point([0.3, -0.2], 0.1, [0.0, 1.0, 1.0], 0.5, eta=0.01)
    assert slow.y * (0.3 * slow.x[0] - 0.2 * slow.x[1] + 0.1) <= 0


def test_a_perceptron_that_agrees_with_u_leaves_the_adversary_no_move():
    assert pc.adversary_point([10.0, 10.0], 0.0, [0.0, 1.0, 1.0], 0.5) is None


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (dict(w=[1.0], b=0.0, u=[0, 1, 1], gamma=0.5), "plane"),
        (dict(w=[0, 0], b=0.0, u=[0, 0, 0], gamma=0.5), "u not zero"),
        (dict(w=[0, 0], b=math.nan, u=[0, 1, 1], gamma=0.5), "finite"),
        (dict(w=[0, 0], b=0.0, u=[0, 1, 1], gamma=0.0), "gamma"),
        (dict(w=[0, 0], b=0.0, u=[0, 1, 1], gamma=0.5, box=(1, -1, 0, 1)), "box"),
        (dict(w=[0, 0], b=0.0, u=[0, 1, 1], gamma=0.5, spacing=1, box=(-1e3, 1e3, -1, 1)),
         "candidate"),
    ],
)  # fmt: skip
def test_bad_adversary_arguments_say_what_is_wrong(kwargs, message):
    with pytest.raises(ValueError, match=message):
        pc.adversary_point(**kwargs)


def test_target_margins_are_the_distance_in_the_augmented_space():
    u = [1.0, 2.0, -2.0]  # ||u|| = 3
    got = pc.target_margins(u, [[0.0, 0.0], [1.0, 0.5], [-1.0, 1.0]])
    assert got.tolist() == pytest.approx([1 / 3, 2 / 3, -1.0])


# ------------------------------------------------------------- does one update fix it?
@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("eta", [1.0, 0.3])
def test_update_effect_matches_the_textbook_loop(seed, eta):
    rng = np.random.default_rng(seed)
    X = rng.uniform(-2, 2, size=(40, 2))
    y = np.where(rng.random(40) < 0.5, 1, -1)  # noise: many updates, some that do not fix
    run = pc.online_run(X, y, eta=eta)
    _, margins, _ = textbook_online(X.tolist(), y.tolist(), eta=eta)
    for t, expected in enumerate(margins):
        got = pc.update_effect(run, t)
        if expected is None:
            assert got is None
            continue
        before, after = expected
        assert got.before == pytest.approx(before, rel=1e-12, abs=1e-12)
        assert got.after == pytest.approx(after, rel=1e-12, abs=1e-12)
        assert got.fixed == (after > 0)
        # One update adds eta (1 + ||x||^2): the step dotted with y (1, x).
        x = X[t]
        assert got.after - got.before == pytest.approx(eta * (1 + x @ x), rel=1e-9)
    assert any(not e.fixed for e in map(lambda t: pc.update_effect(run, t), run.update_visit))


def test_an_update_that_does_not_fix_its_point_by_hand():
    # (2, 2) +1: a tie, w = (2, 2), b = 1. (0.5, 0.5) -1: w.x + b = 3, so y(w.x + b) = -3;
    # the update adds 1 + 0.5 = 1.5: -1.5 after it, still wrong.
    run = pc.online_run([[2.0, 2.0], [0.5, 0.5]], [1, -1])
    first, second = pc.update_effect(run, 0), pc.update_effect(run, 1)
    assert (first.before, first.after, first.fixed) == (0.0, 9.0, True)
    assert (second.before, second.after, second.fixed) == (-3.0, -1.5, False)


def test_update_effect_needs_a_run_that_updates_on_each_mistake():
    X, y = np.array([[1.0, 0.0], [-1.0, 0.0]]), np.array([1, -1])
    with pytest.raises(ValueError, match="batch or kernel"):
        pc.update_effect(pc.train(X, y, variant="batch"), 0)
