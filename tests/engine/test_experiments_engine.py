"""perceptron_core.experiments against oracles written here: a textbook perceptron loop, a
textbook worst-first loop, Theorem 1 with R and gamma* computed here (max ||(1, x)|| and a
hard-margin QP solved by scipy's SLSQP, not the engine's NNLS), the generator's own
geometry, and hand traces. Never the module's output as the expected value."""

from __future__ import annotations

import math
import subprocess
import sys

import numpy as np
import pytest
from experiments_oracle import qp_margin, radius, textbook, textbook_worst_first

import datasets
import perceptron_core as pc
from perceptron_core import experiments as ex


# ---------------------------------------------------------------------- generator
@pytest.mark.parametrize("d", [1, 2, 3, 10, 50])
@pytest.mark.parametrize("margin", [0.005, 0.05, 0.5])
def test_the_generator_realises_its_margin_exactly(d, margin):
    for seed in range(3):
        X, y, u = ex.separable_points(41, d, margin, np.random.default_rng(seed))
        assert X.shape == (41, d) and set(np.unique(y)) == {-1.0, 1.0}
        assert np.count_nonzero(y > 0) == 21  # half, the odd one +1
        assert math.isclose(float(np.linalg.norm(u)), 1.0, rel_tol=1e-12)
        # (b, w) = (0, u) is unit in the augmented space and separates with margin >= nominal:
        assert float(np.min(y * (X @ u))) >= margin * (1 - 1e-12)
        assert np.max(np.linalg.norm(X, axis=1)) <= 1 + margin + 1e-12  # R stays put with d
        realised = pc.theory(X, y).gamma
        assert realised >= margin * (1 - 1e-9)  # at least the nominal margin
        assert realised <= margin * (1 + 1e-9)  # and no more: the two anchors pin it
        if d <= 10:
            assert math.isclose(qp_margin(X, y), margin, rel_tol=1e-5)


def test_the_generator_is_seeded_by_its_rng_only():
    a = ex.separable_points(30, 5, 0.1, np.random.default_rng(7))
    b = ex.separable_points(30, 5, 0.1, np.random.default_rng(7))
    c = ex.separable_points(30, 5, 0.1, np.random.default_rng(8))
    assert all(np.array_equal(p, q) for p, q in zip(a, b, strict=True))
    assert not np.array_equal(a[0], c[0])


@pytest.mark.parametrize(
    "args, match",
    [((1, 2, 0.1), "at least 2"), ((10, 2, 0.0), "positive"), ((10, 2, math.nan), "positive"),
     ((10, 0, 0.1), "d"), ((10, 2, -1.0), "positive")],
)  # fmt: skip
def test_the_generator_refuses_bad_input(args, match):
    with pytest.raises(ValueError, match=match):
        ex.separable_points(*args, np.random.default_rng(0))


# ------------------------------------------------------------ margin experiment
MARGINS = np.geomspace(0.01, 0.5, 6)


def test_every_margin_point_satisfies_theorem_1_checked_by_a_textbook_loop():
    table = ex.margin_experiment(MARGINS, seeds=5, n=60)
    assert len(table["mistakes"]) == 30
    assert table["margin"].tolist() == [float(m) for m in MARGINS for _ in range(5)]
    assert table["seed"].tolist() == list(range(5)) * 6
    assert (table["mistakes"] <= table["bound"]).all()
    assert table["converged"].all()
    # A few rows regenerated and rerun here, with R, gamma* and the bound computed here.
    for row in (0, 7, 18, 29):
        margin, seed = float(table["margin"][row]), int(table["seed"][row])
        X, y, _ = ex.separable_points(60, 2, margin, np.random.default_rng(seed))
        mistakes, epochs, converged, _, _ = textbook(X, y)
        assert converged
        assert (int(table["mistakes"][row]), int(table["epochs"][row])) == (mistakes, epochs)
        R, gamma = radius(X), qp_margin(X, y)
        assert math.isclose(float(table["R"][row]), R, rel_tol=1e-12)
        assert math.isclose(float(table["gamma"][row]), gamma, rel_tol=1e-5)
        assert mistakes <= R * R / gamma**2
        assert math.isclose(float(table["bound"][row]), R * R / gamma**2, rel_tol=1e-4)


def test_the_plotted_margin_is_the_realised_one():
    table = ex.margin_experiment([0.03], seeds=[4], n=25, d=3)
    X, y, _ = ex.separable_points(25, 3, 0.03, np.random.default_rng(4))
    assert math.isclose(float(table["gamma"][0]), qp_margin(X, y), rel_tol=1e-5)
    assert table["d"].tolist() == [3] and table["n"].tolist() == [25]


def test_the_table_is_reproducible_and_read_only():
    a = ex.margin_experiment(MARGINS[:3], seeds=4, n=40)
    b = ex.margin_experiment(MARGINS[:3], seeds=4, n=40)
    assert a.keys() == b.keys() == set(ex.BOUND_COLUMNS)
    for name in ex.BOUND_COLUMNS:
        assert np.array_equal(a[name], b[name]), name
        assert not a[name].flags.writeable
    other = ex.margin_experiment(MARGINS[:3], seeds=[10, 11, 12, 13], n=40)
    assert not np.array_equal(a["R"], other["R"])


def test_progress_counts_every_run():
    calls = []
    ex.margin_experiment([0.1, 0.2], seeds=3, n=20, progress=lambda k, t: calls.append((k, t)))
    assert calls == [(k, 6) for k in range(1, 7)]


def test_a_run_stopped_at_the_cap_says_so():
    # One epoch is not enough at this margin for every seed: those rows are not converged,
    # and their mistakes are what the textbook loop made in one epoch.
    table = ex.margin_experiment([0.01], seeds=6, n=200, max_epochs=1)
    assert (table["epochs"] == 1).all()
    for row in range(6):
        X, y, _ = ex.separable_points(200, 2, 0.01, np.random.default_rng(row))
        mistakes, _, converged, _, _ = textbook(X, y, max_epochs=1)
        assert int(table["mistakes"][row]) == mistakes
        assert bool(table["converged"][row]) == converged
    assert not table["converged"].all()


def test_experiments_refuse_empty_grids():
    with pytest.raises(ValueError, match="at least one"):
        ex.margin_experiment([], seeds=3)
    with pytest.raises(ValueError, match="seeds"):
        ex.margin_experiment([0.1], seeds=0)


# --------------------------------------------------------- dimension experiment
def test_dimension_experiment_bound_does_not_grow_with_d():
    table = ex.dimension_experiment([2, 10, 40], margin=0.1, seeds=4, n=50)
    assert table["d"].tolist() == [2] * 4 + [10] * 4 + [40] * 4
    assert (table["gamma"] >= table["margin"] * (1 - 1e-9)).all()
    assert (table["mistakes"] <= table["bound"]).all()
    # R <= sqrt(1 + (1 + margin)^2) for every d, so the bound has one ceiling for all d.
    assert (table["bound"] <= (1 + 1.1**2) / 0.1**2 * (1 + 1e-9)).all()
    row = 9  # d = 40, seed 1: rerun here
    X, y, _ = ex.separable_points(50, 40, 0.1, np.random.default_rng(1))
    mistakes, epochs, _, _, _ = textbook(X, y)
    assert (int(table["mistakes"][row]), int(table["epochs"][row])) == (mistakes, epochs)
    assert math.isclose(float(table["R"][row]), radius(X), rel_tol=1e-12)


# ----------------------------------------------------------- worst-first order
def test_worst_first_by_hand():
    # w = 0: both scores are 0, a tie: index 0 first (w = (1, 0), b = 1); then example 1
    # scores -1 * (-1 + 1) = 0, a mistake (w = (2, 0), b = 0); then both score 2.
    run = ex.adversarial_run([[1.0, 0.0], [-1.0, 0.0]], [1, -1])
    assert run.indices.tolist() == [0, 1] and run.converged
    assert run.w.tolist() == [2.0, 0.0] and run.b == 0.0


def test_worst_first_on_the_85_points_matches_a_textbook_loop_and_the_bound():
    ds = datasets.generate("ordering_85")
    run = ex.adversarial_run(ds.X, ds.y)
    picks, w, b, done = textbook_worst_first(ds.X, ds.y)
    assert run.indices.tolist() == picks and done and run.converged
    assert np.array_equal(run.w, w) and run.b == b
    R, gamma = radius(ds.X), qp_margin(ds.X, ds.y)
    assert run.mistakes <= R * R / gamma**2


@pytest.mark.parametrize("d", [2, 5])
def test_worst_first_stays_within_the_bound_on_generated_data(d):
    for seed in range(4):
        X, y, _ = ex.separable_points(40, d, 0.02, np.random.default_rng(seed))
        run = ex.adversarial_run(X, y)
        picks, _, _, done = textbook_worst_first(X, y)
        assert run.mistakes == len(picks) and run.converged and done
        # The construction's gamma* is the nominal margin exactly (see the generator test).
        assert run.mistakes <= radius(X) ** 2 / 0.02**2


def test_worst_first_stops_at_its_cap_on_xor():
    X = np.array([[0.0, 0.0], [1.0, 1.0], [0.0, 1.0], [1.0, 0.0]])
    y = np.array([1, 1, -1, -1])
    run = ex.adversarial_run(X, y, max_updates=50)
    picks, _, _, done = textbook_worst_first(X, y, cap=50)
    assert not run.converged and not done and run.mistakes == 50
    assert run.indices.tolist() == picks


# ----------------------------------------------------------- ordering experiment
def test_ordering_experiment_rows_match_textbook_runs_in_those_orders():
    ds = datasets.generate("ordering_85")
    table = ex.ordering_experiment(ds.X, ds.y, orderings=12, seed=5)
    assert table["kind"].tolist() == ["fixed"] + ["random"] * 12 + ["adversarial"]
    assert table["order_seed"].tolist() == [-1, *range(5, 17), -1]
    R, gamma = radius(ds.X), qp_margin(ds.X, ds.y)
    assert (table["mistakes"] <= R * R / gamma**2).all()  # the bound holds for any order
    mistakes, epochs, _, w, b = textbook(ds.X, ds.y)
    assert (int(table["mistakes"][0]), int(table["epochs"][0])) == (mistakes, epochs)
    assert np.array_equal(table["w"][0], w) and table["b"][0] == b
    for row in (1, 6, 12):
        perm = np.random.default_rng(int(table["order_seed"][row])).permutation(ds.n)
        mistakes, epochs, converged, w, b = textbook(ds.X[perm], ds.y[perm])
        assert (int(table["mistakes"][row]), int(table["epochs"][row])) == (mistakes, epochs)
        assert converged and np.array_equal(table["w"][row], w)
    picks, w, _, _ = textbook_worst_first(ds.X, ds.y)
    assert int(table["mistakes"][-1]) == len(picks) and np.isnan(table["epochs"][-1])
    assert np.array_equal(table["w"][-1], w)
    # Random orders differ: the epochs to converge spread (the notes' 9, 15, 8, 14).
    assert len(set(table["epochs"][1:-1].tolist())) > 2


def test_ordering_experiment_with_a_new_order_every_epoch():
    X, y, _ = ex.separable_points(30, 2, 0.05, np.random.default_rng(3))
    table = ex.ordering_experiment(X, y, orderings=3, seed=2, reshuffle=True)
    for row, seed in ((1, 2), (3, 4)):

        def order(epoch, seed=seed):  # the documented stream: SeedSequence(seed, (1, epoch))
            ss = np.random.SeedSequence(seed, spawn_key=(1, epoch))
            return np.random.default_rng(ss).permutation(30)

        mistakes, epochs, _, _, _ = textbook(X, y, order=order)
        assert (int(table["mistakes"][row]), int(table["epochs"][row])) == (mistakes, epochs)


def test_ordering_experiment_on_data_that_is_not_separable():
    X = np.array([[0.0, 0.0], [1.0, 1.0], [0.0, 1.0], [1.0, 0.0]])
    y = np.array([1, 1, -1, -1])
    table = ex.ordering_experiment(X, y, orderings=3, max_epochs=7, max_adversarial=20)
    assert not table["converged"].any()
    assert np.isinf(table["bound"]).all()
    assert table["epochs"][:-1].tolist() == [7.0] * 4 and int(table["mistakes"][-1]) == 20


@pytest.mark.slow
def test_the_experiments_module_imports_no_ui_library():
    code = (
        "import sys, perceptron_core.experiments\n"
        "bad = [m for m in ('streamlit', 'plotly', 'pandas') if m in sys.modules]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
