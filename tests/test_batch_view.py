"""ui/batch_view against independent oracles: textbook batch-GD and single-sample loops
written here, the scale-invariance theorem, and pc.theory on data preprocessed here."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import plotly.graph_objects as go
import pytest

import datasets
import perceptron_core as pc
from perceptron_core.run import random_start
from ui import batch_view as bv

ROOT = Path(__file__).resolve().parents[1]


# ------------------------------------------------------------------------ oracles
def act(w, b, x):
    """w.x + b summed left to right, then the bias (the textbook order)."""
    a = 0.0
    for wj, xj in zip(w, x, strict=True):
        a += wj * xj
    return a + b


def criterion(X, y, w, b):
    """(training errors, J_p): ties are mistakes; J_p = sum of -y(w.x + b) over them."""
    errors, jp = 0, 0.0
    for x, t in zip(X, y, strict=True):
        m = t * act(w, b, x)
        if m <= 0:
            errors += 1
            jp -= m
    return errors, jp


def textbook(X, y, *, rule, eta=1.0, max_epochs=100, w0=None, b0=0.0):
    """004's two rules. batch: w += eta * sum over the epoch's mistakes of y x, once per
    epoch; single: w += eta y x at each mistake. Stop after a clean epoch.

    Returns per epoch (index 0 = the start): mistakes, errors, J_p, weights; and the
    sign of every visit's activation with the activation itself.
    """
    X = np.asarray(X, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    w = np.zeros(X.shape[1]) if w0 is None else np.array(w0, dtype=np.float64)
    b = float(b0)
    e0, j0 = criterion(X, y, w, b)
    out = dict(mistakes=[0], errors=[e0], J_p=[j0], w=[w.copy()], b=[b], acts=[])
    for _ in range(max_epochs):
        gw, gb, m = np.zeros_like(w), 0.0, 0
        for x, t in zip(X, y, strict=True):
            a = act(w, b, x)
            out["acts"].append(a)
            if t * a <= 0:
                m += 1
                if rule == "batch":
                    gw, gb = gw + eta * t * x, gb + eta * t
                else:
                    w, b = w + eta * t * x, b + eta * t
        if rule == "batch":
            w, b = w + gw, b + gb
        e, j = criterion(X, y, w, b)
        for key, v in (("mistakes", m), ("errors", e), ("J_p", j), ("w", w.copy()), ("b", b)):
            out[key].append(v)
        if m == 0:
            break
    out["acts"] = np.array(out["acts"])
    return out


def integer_data(seed=3, n=40):
    """Small-integer points labelled by x1 - 3 x2 + 7 > 0 (points on the line dropped);
    batch GD needs 17 epochs, J_p rises and falls."""
    rng = np.random.default_rng(seed)
    X = rng.integers(-5, 6, size=(n, 2)).astype(float)
    s = X[:, 0] - 3 * X[:, 1] + 7
    keep = s != 0
    return X[keep], np.where(s[keep] > 0, 1, -1)


def notes(name, **kw):
    ds = datasets.generate(name, **kw)
    return ds.X, ds.y


CASES = {
    "integer separable": (*integer_data(), 100),
    "002 example 1 (XOR)": (*notes("notes_002_example1"), 25),
    "002 example 2 (XOR)": (*notes("notes_002_example2"), 25),
}


# ------------------------------------------------------------- compare vs oracles
@pytest.mark.parametrize("case", CASES)
def test_compare_matches_textbook_loops_exactly_on_integer_data(case):
    X, y, max_epochs = CASES[case]
    rec = bv.compare(X, y, eta=1.0, max_epochs=max_epochs)
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
    rec = bv.compare(X, y, eta=0.5, start="random", start_seed=7, max_epochs=300)
    w0, b0 = random_start(2, 7)
    for rule in bv.RULES:
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
    rec = bv.compare(X, y)
    assert rec.batch.epochs != rec.single.epochs or rec.batch.mistakes != rec.single.mistakes
    assert rec.batch.n_updates == np.count_nonzero(rec.batch_curve.mistakes)


def test_bad_start_is_refused():
    X, y = integer_data()
    with pytest.raises(ValueError, match="start"):
        bv.compare(X, y, start="ones")
    with pytest.raises(ValueError, match="variant"):
        bv.eta_effect(X, y, [1.0], variant="kernel")


# ------------------------------------------------------- learning rate: the theorem
@pytest.mark.parametrize("variant", ["classic", "batch"])
@pytest.mark.parametrize("data", ["integer", "notes_rule_004"])
def test_from_zero_powers_of_two_scale_weights_exactly(variant, data):
    X, y = integer_data() if data == "integer" else notes("notes_rule_004")
    etas = (1.0, 0.25, 4.0, 1024.0)
    effect = bv.eta_effect(X, y, etas, variant=variant, max_epochs=300)
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
    text = bv.eta_statement(effect)
    assert f"0 of the {ref.n_visits:,} predictions differ" in text
    assert "exact arithmetic" in text


@pytest.mark.parametrize("variant", ["classic", "batch"])
def test_random_start_eta_changes_predictions_as_the_oracle_counts(variant):
    X, y = notes("notes_rule_004")
    etas = (1.0, 0.5, 2.0)
    effect = bv.eta_effect(X, y, etas, start="random", start_seed=0, variant=variant,
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
    text = bv.eta_statement(effect)
    assert "changes what" in text and "From a random start" in text
    assert f"{effect.rows[1].differ:,} of the" in text


def test_comparison_is_capped_and_says_so():
    X, y = notes("notes_rule_004")
    effect = bv.eta_effect(X, y, (1.0, 2.0), max_visits=40)
    assert effect.capped and all(r.compared == 40 for r in effect.rows)
    text = bv.eta_statement(effect)
    assert "first 40" in text and "capped at 40" in text


# ------------------------------------------- learning rate: floating point, measured
def test_notes_rule_004_no_prediction_differs_for_eta_01_and_10():
    """The module docstring's claim for 004's data (seed 0)."""
    X, y = notes("notes_rule_004")
    for variant, visits in (("classic", 5_700), ("batch", 3_800)):
        effect = bv.eta_effect(X, y, (1.0, 0.1, 10.0), variant=variant, max_epochs=200)
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

    batch = bv.eta_effect(X, y, (1.0, 0.1), variant="batch", max_epochs=200)
    row = batch.rows[1]
    assert (row.compared, row.differ, row.mistakes) == (800, 532, 534)
    assert row.first_activations[0] == 0.0 and row.first_activations[1] != 0.0
    text = bv.eta_statement(batch)
    assert "532 of the 800" in text and "exactly 0 (a tie)" in text and "rounding" in text
    single = bv.eta_effect(X, y, (1.0, 0.1, 10.0), variant="classic", max_epochs=200)
    assert single.identical and single.rows[0].n_visits == 800


# ---------------------------------------------------------------- feature scaling
def manual_scaling(X, kind):
    if kind == "none":
        return X
    if kind == "centre":
        return X - X.mean(axis=0)
    if kind == "standardise":
        return (X - X.mean(axis=0)) / X.std(axis=0)
    lo, hi = X.min(axis=0), X.max(axis=0)
    return (X - lo) / (hi - lo)


def test_scaling_effect_against_theory_on_data_scaled_here():
    ds = datasets.generate("separable", n=120, seed=4, offset=3.0, margin=0.15)
    rows = bv.scaling_effect(ds, eta=1.0, max_epochs=500)
    assert [r.kind for r in rows] == ["none", "centre", "standardise", "minmax"]
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
    assert "within the bound" in bv.scaling_statement(rows)


def test_scaling_effect_on_non_separable_data():
    ds = datasets.generate("notes_002_example1")
    rows = bv.scaling_effect(ds, max_epochs=20)
    assert all(not r.separable and r.bound == np.inf and not r.single.converged for r in rows)
    assert "Not linearly separable" in bv.scaling_statement(rows)


# ------------------------------------------------------------------------ figures
def test_curves_figure_shows_the_oracle_curves():
    X, y, max_epochs = CASES["integer separable"]
    rec = bv.compare(X, y, max_epochs=max_epochs)
    fig = bv.curves_figure(rec, current_epoch=2)
    go.Figure(fig.to_dict())  # plotly validation
    for rule, name in (("batch", bv.BATCH_NAME), ("single", bv.SINGLE_NAME)):
        ref = textbook(X, y, rule=rule, max_epochs=max_epochs)
        mine = [t for t in fig.data if t.name == name]
        jp = next(t for t in mine if t.yaxis == "y")
        errors = next(t for t in mine if t.yaxis == "y2")
        assert list(jp.y) == ref["J_p"] and list(errors.y) == ref["errors"]
        assert list(jp.x) == list(range(len(ref["J_p"])))
    assert max(rec.batch_curve.J_p) > 0 and rec.batch_curve.jp_rises > 0  # not a trivial run
    dashes = {t.name: t.line.dash for t in fig.data}
    assert dashes[bv.BATCH_NAME] != dashes[bv.SINGLE_NAME]
    go.Figure(bv.curves_figure(rec, presenter=True).to_dict())


def test_boundaries_figure_draws_both_rules_at_the_same_epoch():
    X, y = notes("notes_rule_004")
    rec = bv.compare(X, y)
    scene = bv.scene_of(X, y)
    epoch = 3
    fig = bv.boundaries_figure(scene, rec, epoch, regions_of="single")
    go.Figure(fig.to_dict())
    traces = fig.to_dict()["data"]
    names = [t.get("name") for t in traces]
    assert "predicted +1" in names and "+1" in names and "-1" in names
    for rule, name, dash in (("batch", bv.BATCH_NAME, "solid"), ("single", bv.SINGLE_NAME, "dash")):
        ref = textbook(X, y, rule=rule, max_epochs=epoch)
        w, b = ref["w"][epoch], ref["b"][epoch]
        line = next(t for t in traces if t["name"] == f"{name} (epoch {epoch})")
        assert line["line"]["dash"] == dash
        pts = np.column_stack((line["x"], line["y"]))
        assert pts.shape[0] == 2
        np.testing.assert_allclose(pts @ w + b, 0.0, atol=1e-9 * np.abs(w).sum())
    # Past a run's end: its final boundary, labelled as such.
    late = [t["name"] for t in bv.boundaries_figure(scene, rec, 500).to_dict()["data"]]
    assert f"{bv.BATCH_NAME} (ended at epoch {rec.batch.epochs})" in late
    start = [t["name"] for t in bv.boundaries_figure(scene, rec, 0).to_dict()["data"]]
    assert f"{bv.BATCH_NAME} (w = 0: no line)" in start


def test_eta_figure_labels_the_differences():
    X, y = notes("notes_rule_004")
    effect = bv.eta_effect(X, y, (1.0, 0.5), start="random", max_epochs=300)
    fig = bv.eta_figure(effect)
    go.Figure(fig.to_dict())
    bar = fig.data[0]
    assert list(bar.y) == [r.mistakes for r in effect.rows]
    assert bar.text[1] == f"{effect.rows[1].differ:,} of {effect.rows[1].compared:,} differ"


# -------------------------------------------------------------------------- purity
def test_module_does_not_import_streamlit():
    code = "import sys, ui.batch_view; sys.exit('streamlit' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True)
    assert done.returncode == 0, done.stderr.decode()


def test_records_are_immutable():
    X, y = integer_data()
    rec = bv.compare(X, y)
    with pytest.raises(AttributeError):
        rec.eta = 2.0
    with pytest.raises(ValueError):
        rec.batch_curve.J_p[0] = 1.0
