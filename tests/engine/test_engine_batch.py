"""Batch GD on J_p against the single-sample rule, the learning rate and the scaling, in
the engine (pc.compare_batch, pc.weights_at_epoch, pc.eta_effect, pc.scaling_effect),
against 004's two rules written out in tests/oracles/batch_oracle.py and pc.theory on data
scaled there."""

import numpy as np
import pytest
from batch_oracle import CASES, integer_data, manual_scaling, notes, textbook

import datasets
import perceptron_core as pc
from perceptron_core.run import random_start


def versions(ds):
    """The app's four preprocessings of ``ds`` (datasets' own scaling, checked against
    manual_scaling below)."""
    return {kind: (ds.preprocessed(kind).X, ds.y) for kind in datasets.PREPROCESSING}


# ------------------------------------------------------------- compare vs oracles
@pytest.mark.parametrize("case", CASES)
def test_compare_matches_textbook_loops_exactly_on_integer_data(case):
    X, y, max_epochs = CASES[case]
    rec = pc.compare_batch(X, y, eta=1.0, max_epochs=max_epochs)
    for rule, run, curve in (("batch", rec.batch, rec.batch_curve),
                             ("single", rec.single, rec.single_curve)):  # fmt: skip
        ref = textbook(X, y, rule=rule, max_epochs=max_epochs)
        assert curve.epoch.tolist() == list(range(len(ref["errors"])))
        assert curve.mistakes.tolist() == ref["mistakes"]
        assert curve.errors.tolist() == ref["errors"]
        assert curve.J_p.tolist() == ref["J_p"]  # integers: exact
        np.testing.assert_array_equal(run.w, ref["w"][-1])
        assert run.b == ref["b"][-1]
        for e in range(len(ref["w"])):
            w, b = rec.weights(rule, e)
            np.testing.assert_array_equal(w, ref["w"][e])
            assert b == ref["b"][e]
    assert rec.batch.variant == "batch" and rec.single.variant == "classic"


def test_compare_random_start_matches_textbook_loops():
    X, y = notes("notes_rule_004")
    rec = pc.compare_batch(X, y, eta=0.5, start="random", start_seed=7, max_epochs=300)
    w0, b0 = random_start(2, 7)
    for rule in pc.batch.RULES:
        ref = textbook(X, y, rule=rule, eta=0.5, max_epochs=300, w0=w0, b0=b0)
        curve = rec.curve(rule)
        assert curve.errors.tolist() == ref["errors"]
        np.testing.assert_allclose(curve.J_p, ref["J_p"], rtol=1e-12, atol=1e-12)
        np.testing.assert_allclose(rec.run(rule).w, ref["w"][-1], rtol=1e-12)
    # Same start for both rules, and it is not zero.
    np.testing.assert_array_equal(rec.batch.w0, rec.single.w0)
    assert np.any(rec.batch.w0 != 0)


def test_batch_and_single_sample_really_differ():
    """The record must hold two different rules (fails if both were the same run)."""
    X, y = notes("notes_rule_004")
    rec = pc.compare_batch(X, y)
    assert rec.batch.epochs != rec.single.epochs or rec.batch.mistakes != rec.single.mistakes
    assert rec.batch.n_updates == np.count_nonzero(rec.batch_curve.mistakes)


def test_bad_start_is_refused():
    X, y = integer_data()
    with pytest.raises(ValueError, match="start"):
        pc.compare_batch(X, y, start="ones")
    with pytest.raises(ValueError, match="variant"):
        pc.eta_effect(X, y, [1.0], variant="kernel")


# ------------------------------------------------------- learning rate: the theorem
@pytest.mark.parametrize("variant", ["classic", "batch"])
@pytest.mark.parametrize("data", ["integer", "notes_rule_004"])
def test_from_zero_powers_of_two_scale_weights_exactly(variant, data):
    X, y = integer_data() if data == "integer" else notes("notes_rule_004")
    etas = (1.0, 0.25, 4.0, 1024.0)
    effect = pc.eta_effect(X, y, etas, variant=variant, max_epochs=300)
    ref = effect.rows[0]
    oracle = textbook(X, y, rule="batch" if variant == "batch" else "single", max_epochs=300)
    assert ref.n_visits == len(oracle["acts"])
    for row in effect.rows:
        assert row.differ == 0 and row.first_differ is None
        assert row.compared == ref.n_visits
        assert (row.mistakes, row.epochs, row.converged) == (ref.mistakes, ref.epochs, True)
        assert row.exactly_scaled is True
    assert effect.identical and not effect.capped
    # The theorem itself, on the textbook loop: w_k(eta) = eta * w_k(1), bitwise.
    for eta in etas[1:]:
        scaled = textbook(X, y, rule="batch" if variant == "batch" else "single", eta=eta,
                          max_epochs=300)  # fmt: skip
        for w1, w in zip(oracle["w"], scaled["w"], strict=True):
            np.testing.assert_array_equal(w, eta * w1)
        np.testing.assert_array_equal(np.sign(scaled["acts"]), np.sign(oracle["acts"]))


@pytest.mark.parametrize("variant", ["classic", "batch"])
def test_random_start_eta_changes_predictions_as_the_oracle_counts(variant):
    X, y = notes("notes_rule_004")
    etas = (1.0, 0.5, 2.0)
    effect = pc.eta_effect(X, y, etas, start="random", start_seed=0, variant=variant,
                           max_epochs=300)  # fmt: skip
    w0, b0 = random_start(2, 0)
    rule = "batch" if variant == "batch" else "single"
    acts = [textbook(X, y, rule=rule, eta=e, max_epochs=300, w0=w0, b0=b0)["acts"] for e in etas]
    for row, a in zip(effect.rows, acts, strict=True):
        assert row.n_visits == len(a)
        m = min(len(a), len(acts[0]))
        expect = int(np.count_nonzero(np.sign(a[:m]) != np.sign(acts[0][:m])))
        assert (row.compared, row.differ) == (m, expect)
    assert effect.total_differ > 0 and not effect.identical


def test_comparison_is_capped_and_says_so():
    X, y = notes("notes_rule_004")
    effect = pc.eta_effect(X, y, (1.0, 2.0), max_visits=40)
    assert effect.capped and all(r.compared == 40 for r in effect.rows)


# ------------------------------------------- learning rate: floating point, measured
def test_notes_rule_004_no_prediction_differs_for_eta_01_and_10():
    """The module docstring's claim for 004's data (seed 0)."""
    X, y = notes("notes_rule_004")
    for variant, visits in (("classic", 5_700), ("batch", 3_800)):
        effect = pc.eta_effect(X, y, (1.0, 0.1, 10.0), variant=variant, max_epochs=200)
        assert effect.identical and effect.rows[0].n_visits == visits
        assert effect.rows[1].exactly_scaled is False  # rounded, yet no flip


def test_notes_002_example1_batch_tie_flips_with_eta_01():
    """With eta = 1 the batch step of example 1 is exactly zero (w stays 0, every visit a
    tie); with eta = 0.1 it rounds to 2.8e-17 and predictions differ. The single-sample
    rule does not flip here. These are the docstring's numbers."""
    X, y = notes("notes_002_example1")
    stuck = textbook(X, y, rule="batch", max_epochs=200)
    assert all(np.all(w == 0) for w in stuck["w"]) and set(stuck["J_p"]) == {0.0}
    moved = textbook(X, y, rule="batch", eta=0.1, max_epochs=2)
    assert np.any(moved["w"][1] != 0) and np.all(np.abs(moved["w"][1]) < 1e-15)

    batch = pc.eta_effect(X, y, (1.0, 0.1), variant="batch", max_epochs=200)
    row = batch.rows[1]
    assert (row.compared, row.differ, row.mistakes) == (800, 532, 534)
    assert row.first_activations[0] == 0.0 and row.first_activations[1] != 0.0
    single = pc.eta_effect(X, y, (1.0, 0.1, 10.0), variant="classic", max_epochs=200)
    assert single.identical and single.rows[0].n_visits == 800


# ---------------------------------------------------------------- feature scaling
def test_scaling_effect_against_theory_on_data_scaled_here():
    ds = datasets.generate("separable", n=120, seed=4, offset=3.0, margin=0.15)
    rows = pc.scaling_effect(versions(ds), labels=datasets.PREPROCESSING, eta=1.0, max_epochs=500)
    assert [r.kind for r in rows] == ["none", "centre", "standardise", "minmax"]
    assert [r.label for r in rows] == list(datasets.PREPROCESSING.values())
    for row in rows:
        Xs = manual_scaling(ds.X, row.kind)
        th = pc.theory(Xs, ds.y)
        R = np.sqrt(1.0 + np.max(np.sum(Xs**2, axis=1)))
        assert row.R == pytest.approx(R, rel=1e-12)
        assert row.separable and th.separable
        assert row.gamma == pytest.approx(th.gamma, rel=1e-6)
        assert row.bound == pytest.approx(R**2 / th.gamma**2, rel=1e-5)
        single = textbook(Xs, ds.y, rule="single", max_epochs=500)
        batch = textbook(Xs, ds.y, rule="batch", max_epochs=500)
        for got, ref in ((row.single, single), (row.batch, batch)):
            assert (got.mistakes, got.epochs) == (sum(ref["mistakes"]), len(ref["mistakes"]) - 1)
        assert row.single.converged and row.single.mistakes <= row.bound
    # Scaling matters here: the raw data sits far from the origin.
    assert len({r.single.mistakes for r in rows}) > 1


def test_scaling_effect_on_non_separable_data():
    ds = datasets.generate("notes_002_example1")
    rows = pc.scaling_effect(versions(ds), max_epochs=20)
    assert all(not r.separable and r.bound == np.inf and not r.single.converged for r in rows)


def test_weights_at_epoch_are_the_textbook_weights_and_stay_after_the_end():
    X, y, max_epochs = CASES["integer separable"]
    for variant, rule in (("batch", "batch"), ("classic", "single")):
        run = pc.train(X, y, variant=variant, max_epochs=max_epochs)
        ref = textbook(X, y, rule=rule, max_epochs=max_epochs)
        for e in range(len(ref["w"])):
            w, b = pc.weights_at_epoch(run, e)
            np.testing.assert_array_equal(w, ref["w"][e])
            assert b == ref["b"][e]
        w, b = pc.weights_at_epoch(run, run.epochs + 50)  # past the end: the last weights
        np.testing.assert_array_equal(w, ref["w"][-1])
        assert b == ref["b"][-1] and pc.weights_at_epoch(run, -3)[1] == ref["b"][0]


def test_comparison_of_two_runs_is_compare_batch():
    X, y = notes("notes_rule_004")
    rec = pc.compare_batch(X, y, eta=0.5, start="random", start_seed=7, max_epochs=300)
    again = pc.comparison_of(rec.batch, rec.single)
    assert again.start == "random" and again.eta == 0.5
    for rule in pc.batch.RULES:
        assert again.curve(rule).J_p.tolist() == rec.curve(rule).J_p.tolist()
    with pytest.raises(ValueError, match="batch run and a classic run"):
        pc.comparison_of(rec.single, rec.batch)


def test_records_are_immutable():
    X, y = integer_data()
    rec = pc.compare_batch(X, y)
    with pytest.raises(AttributeError):
        rec.eta = 2.0
    with pytest.raises(ValueError):
        rec.batch_curve.J_p[0] = 1.0
