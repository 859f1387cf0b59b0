"""ui/batch_view against independent oracles: textbook batch-GD and single-sample loops
written here, the scale-invariance theorem, and pc.theory on data preprocessed here."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import plotly.graph_objects as go
import pytest
from batch_oracle import CASES, integer_data, notes, textbook

import datasets
import perceptron_core as pc
from ui.charts import geometry, layers
from ui.views import batch_view as bv

ROOT = Path(__file__).resolve().parents[3]


# ---------------------------------------------------------------- the statements
@pytest.mark.parametrize("variant", ["classic", "batch"])
@pytest.mark.parametrize("data", ["integer", "notes_rule_004"])
def test_eta_statement_from_zero_powers_of_two(variant, data):
    X, y = integer_data() if data == "integer" else notes("notes_rule_004")
    effect = pc.eta_effect(X, y, (1.0, 0.25, 4.0, 1024.0), variant=variant, max_epochs=300)
    ref = effect.rows[0]  # its numbers against the oracle: tests/engine/test_engine_batch.py
    text = bv.eta_statement(effect)
    assert f"0 of the {ref.n_visits:,} predictions differ" in text
    assert "exact arithmetic" in text


@pytest.mark.parametrize("variant", ["classic", "batch"])
def test_eta_statement_from_a_random_start(variant):
    X, y = notes("notes_rule_004")
    effect = pc.eta_effect(X, y, (1.0, 0.5, 2.0), start="random", start_seed=0,
                           variant=variant, max_epochs=300)  # fmt: skip
    text = bv.eta_statement(effect)
    assert "changes what" in text and "From a random start" in text
    assert f"{effect.rows[1].differ:,} of the" in text


def test_eta_statement_says_the_comparison_is_capped():
    X, y = notes("notes_rule_004")
    effect = pc.eta_effect(X, y, (1.0, 2.0), max_visits=40)
    text = bv.eta_statement(effect)
    assert "first 40" in text and "capped at 40" in text


def test_eta_statement_on_notes_002_example1_names_the_tie():
    X, y = notes("notes_002_example1")
    batch = pc.eta_effect(X, y, (1.0, 0.1), variant="batch", max_epochs=200)
    text = bv.eta_statement(batch)
    assert "532 of the 800" in text and "exactly 0 (a tie)" in text and "rounding" in text


def test_scaling_statement():
    ds = datasets.generate("separable", n=120, seed=4, offset=3.0, margin=0.15)
    four = {kind: (ds.preprocessed(kind).X, ds.y) for kind in datasets.PREPROCESSING}
    rows = pc.scaling_effect(four, labels=datasets.PREPROCESSING, eta=1.0, max_epochs=500)
    assert "within the bound" in bv.scaling_statement(rows)
    ds = datasets.generate("notes_002_example1")
    four = {kind: (ds.preprocessed(kind).X, ds.y) for kind in datasets.PREPROCESSING}
    rows = pc.scaling_effect(four, labels=datasets.PREPROCESSING, max_epochs=20)
    assert "Not linearly separable" in bv.scaling_statement(rows)


# ------------------------------------------------------------------------ figures
def test_curves_figure_shows_the_oracle_curves():
    X, y, max_epochs = CASES["integer separable"]
    rec = pc.compare_batch(X, y, max_epochs=max_epochs)
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
    rec = pc.compare_batch(X, y)
    scene = layers.Scene(X=X, y=y, box=geometry.view_box(X))  # the Playground's box
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
    effect = pc.eta_effect(X, y, (1.0, 0.5), start="random", max_epochs=300)
    fig = bv.eta_figure(effect)
    go.Figure(fig.to_dict())
    bar = fig.data[0]
    assert list(bar.y) == [r.mistakes for r in effect.rows]
    assert bar.text[1] == f"{effect.rows[1].differ:,} of {effect.rows[1].compared:,} differ"


# -------------------------------------------------------------------------- purity
def test_module_does_not_import_streamlit():
    code = "import sys, ui.views.batch_view; sys.exit('streamlit' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True)
    assert done.returncode == 0, done.stderr.decode()
