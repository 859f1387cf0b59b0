"""The variants page's logic (ui/variants_view.py): the split, accuracy per epoch against the
textbook loops of tests/variants_oracle.py, early stopping, agreement and the figures."""

import doctest
import subprocess
import sys

import numpy as np
import plotly.graph_objects as go
import pytest
from variants_oracle import oracle_scores, replay

import datasets
import perceptron_core as pc
from ui import variants_view as vv
from ui.charts import geometry, layers

FOUR = ("classic", "averaged", "voted", "pocket")


def noisy(n=90, seed=0, noise=0.2):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, 2))
    y = np.where(X @ np.array([1.0, -0.7]) + 0.2 > 0, 1, -1)
    return X, np.where(rng.random(n) < noise, -y, y)


# ------------------------------------------------------------------------ split
@pytest.mark.parametrize("n", [3, 4, 5, 7, 10, 11, 100, 1001])
@pytest.mark.parametrize("fractions", [(0.6, 0.2, 0.2), (0.98, 0.01, 0.01), (1, 1, 1), (5, 3, 2)])
def test_split_is_disjoint_covers_all_and_no_part_is_empty(n, fractions):
    parts = vv.split(n, seed=4, fractions=fractions)
    assert all(p.size > 0 for p in parts)
    joined = np.concatenate(parts)
    assert joined.shape[0] == n and np.array_equal(np.sort(joined), np.arange(n))
    assert all(np.array_equal(p, np.sort(p)) for p in parts)


def test_split_sizes_follow_the_fractions():
    tr, dv, te = vv.split(1000, seed=0)
    assert (len(tr), len(dv), len(te)) == (600, 200, 200)
    tr, dv, te = vv.split(200, seed=0, fractions=(2, 1, 1))
    assert (len(tr), len(dv), len(te)) == (100, 50, 50)


def test_split_is_reproducible_from_the_seed():
    a = vv.split(500, seed=17)
    b = vv.split(500, seed=17)
    c = vv.split(500, seed=18)
    assert all(np.array_equal(p, q) for p, q in zip(a, b, strict=True))
    assert not all(np.array_equal(p, q) for p, q in zip(a, c, strict=True))


def test_a_stratified_split_keeps_the_class_shares():
    y = np.where(np.arange(300) < 60, 1, -1)  # 20% positive
    for seed in range(5):
        tr, dv, te = vv.split(300, seed=seed, y=y)
        assert np.array_equal(np.sort(np.concatenate((tr, dv, te))), np.arange(300))
        for part, size in ((tr, 180), (dv, 60), (te, 60)):
            assert len(part) == size
            assert abs(np.sum(y[part] == 1) - 0.2 * size) <= 1
    # Unstratified, the shares wander from seed to seed.
    shares = [np.sum(y[vv.split(300, seed=s)[1]] == 1) for s in range(20)]
    assert max(shares) - min(shares) > 2


@pytest.mark.parametrize(
    "n, fractions", [(2, (0.6, 0.2, 0.2)), (0, (0.6, 0.2, 0.2)), (True, (1, 1, 1)),
                     (10, (0.5, 0.5)), (10, (0.5, 0.5, 0)), (10, (1, float("nan"), 1))],
)  # fmt: skip
def test_a_bad_split_request_names_the_bad_value(n, fractions):
    with pytest.raises(ValueError, match="n=|fractions"):
        vv.split(n, seed=0, fractions=fractions)


# ------------------------------------------------------------------ accuracy
def split_sets(X, y, seed=3):
    tr, dv, te = vv.split(len(y), seed=seed)
    return {"train": (X[tr], y[tr]), "dev": (X[dv], y[dv]), "test": (X[te], y[te])}


def oracle_accuracy(sets, states, cursors, variant, name):
    X, y = sets[name]
    return np.array([np.mean(y * oracle_scores(states[t], variant, X) > 0) for t in cursors])


@pytest.mark.parametrize("shuffle", [False, True])
def test_accuracy_per_epoch_matches_the_textbook_loops(shuffle):
    X, y = noisy(n=120, seed=5, noise=0.15)
    sets = split_sets(X, y)
    Xtr, ytr = sets["train"]
    run = pc.train(Xtr, ytr, max_epochs=9, shuffle=shuffle, seed=2)
    states = replay(Xtr, ytr, [run.order(e) for e in range(run.epochs)])
    acc = vv.accuracy_per_epoch(run, sets)
    assert acc.note is None
    assert acc.epochs.tolist() == list(range(1, run.epochs + 1))
    cursors = [min((e + 1) * len(ytr), len(states) - 1) for e in range(run.epochs)]
    for v in FOUR:
        for name in sets:
            np.testing.assert_allclose(
                acc[v][name], oracle_accuracy(sets, states, cursors, v, name), atol=1e-12
            )
    # Training accuracy of the classic rule is 1 - errors / n of the engine's own stats.
    errors = run.epoch_stats()["errors"]
    np.testing.assert_allclose(acc["classic"]["train"], 1 - errors / len(ytr))


def test_many_epochs_are_sampled_and_the_note_says_so():
    X, y = noisy(n=60, seed=6, noise=0.3)
    sets = split_sets(X, y)
    run = pc.train(*sets["train"], max_epochs=23)
    full = vv.accuracy_per_epoch(run, sets)
    few = vv.accuracy_per_epoch(run, sets, max_epochs=5)
    assert few.epochs.shape[0] == 5 and few.epochs[0] == 1 and few.epochs[-1] == 23
    assert "23 epochs" in few.note
    idx = few.epochs - 1
    for v in FOUR:
        for name in sets:
            assert np.array_equal(few[v][name], full[v][name][idx])


def test_the_vote_work_cap_subsamples_the_points_and_says_so():
    X, y = noisy(n=300, seed=7, noise=0.3)
    sets = split_sets(X, y)
    run = pc.train(*sets["train"], max_epochs=10)
    vectors = run.n_updates + 1
    capped = vv.accuracy_per_epoch(run, sets, max_vote_work=vectors * 40, seed=1)
    full = vv.accuracy_per_epoch(run, sets)
    assert "voted" in capped.note and "estimated" in capped.note
    for name in sets:
        assert np.array_equal(capped["classic"][name], full["classic"][name])
        a = capped["voted"][name]
        assert np.all((a >= 0) & (a <= 1))
        # A subsample of k points gives multiples of 1/k.
        k = len(sets[name][1]) * 40 / 300
        assert np.allclose(a * np.ceil(k), np.round(a * np.ceil(k)))


def test_a_partial_last_epoch_ends_at_the_last_visit():
    X, y = noisy(n=50, seed=8, noise=0.3)
    sets = split_sets(X, y)
    run = pc.train(*sets["train"], max_epochs=10, max_updates=25)
    assert run.stop_reason == "max_updates"
    assert vv.epoch_cursors(run)[-1] == run.n_visits
    acc = vv.accuracy_per_epoch(run, sets)
    assert acc.epochs.shape[0] == run.epochs


def test_best_epoch_is_the_earliest_maximum():
    assert vv.best_epoch([0.5, 0.8, 0.7, 0.8]) == 2
    assert vv.best_epoch([0.9]) == 1
    assert vv.best_epoch([np.nan, 0.4, 0.4]) == 2
    assert vv.best_epoch([0.1, 0.3, 0.2], epochs=np.array([1, 50, 100])) == 50
    with pytest.raises(ValueError):
        vv.best_epoch([])


def test_early_stopping_picks_the_epoch_a_loop_over_dev_accuracy_would():
    X, y = noisy(n=200, seed=9, noise=0.25)
    sets = split_sets(X, y)
    run = pc.train(*sets["train"], max_epochs=15)
    acc = vv.accuracy_per_epoch(run, sets)
    for v in FOUR:
        dev = acc[v]["dev"]
        best, best_e = -1.0, None
        for e, a in enumerate(dev, start=1):
            if a > best:
                best, best_e = a, e
        assert acc.best(v) == best_e == vv.best_epoch(dev)


# ------------------------------------------------------------------ agreement
def test_on_wide_margin_separable_data_all_four_agree_at_the_end():
    ds = datasets.generate("separable", n=100, seed=0, margin=0.3)
    run = pc.train(ds.X, ds.y, max_epochs=1000)
    assert run.converged
    T = run.n_visits
    assert vv.agreement(run, ds.X, T) == 1.0
    for v in FOUR:
        assert np.all(ds.y * run.variant_scores(v, ds.X, T) > 0)


def test_on_separable_data_classic_and_pocket_are_right_but_the_vote_and_mean_may_not_be():
    # Not a theorem: the average and the vote still carry the vectors of the early
    # visits. Separable data where the run converges after 2 epochs, yet one training
    # point is outvoted; the oracle (Freund & Schapire's loop) says the same.
    ds = datasets.generate("separable", n=100, seed=1, margin=0.3)
    run = pc.train(ds.X, ds.y, max_epochs=1000)
    assert run.converged
    T = run.n_visits
    states = replay(ds.X, ds.y, [np.arange(100)] * run.epochs)
    for v in ("classic", "pocket"):
        assert np.all(ds.y * run.variant_scores(v, ds.X, T) > 0)
    wrong = {v: int(np.sum(ds.y * oracle_scores(states[T], v, ds.X) <= 0)) for v in FOUR}
    assert wrong["classic"] == wrong["pocket"] == 0
    assert wrong["averaged"] + wrong["voted"] > 0
    assert vv.agreement(run, ds.X, T) < 1.0


def test_agreement_counts_the_points_where_the_four_predictions_agree():
    X, y = noisy(n=80, seed=10, noise=0.3)
    run = pc.train(X, y, max_epochs=3)
    states = replay(X, y, [np.arange(80)] * run.epochs)
    for t in (0, 5, 100, run.n_visits):
        preds = np.array([oracle_scores(states[t], v, X) > 0 for v in FOUR])
        expected = np.mean(np.all(preds == preds[0], axis=0))
        assert vv.agreement(run, X, t) == pytest.approx(expected)
    assert np.isnan(vv.agreement(run, np.zeros((0, 2)), 3))


# ------------------------------------------------------------------ figures
def scene_of(X, y, **kw):
    return layers.Scene(X=X, y=y, box=geometry.view_box(X), **kw)


@pytest.mark.parametrize("variant", FOUR)
def test_variant_figure_is_a_small_valid_figure_with_its_crosses(variant):
    X, y = noisy(n=70, seed=11, noise=0.2)
    run = pc.train(X, y, max_epochs=4)
    t = 100
    fig = vv.variant_figure(scene_of(X, y), run, variant, t, grid=30)
    go.Figure(fig.to_dict())  # plotly's validation raises on any bad property
    assert fig.layout.height == vv.SMALL_HEIGHT and fig.layout.showlegend is False
    states = replay(X, y, [np.arange(70)] * run.epochs)
    wrong = np.flatnonzero(y * oracle_scores(states[t], variant, X) <= 0)
    crosses = [tr for tr in fig.data if tr.name == "misclassified"]
    assert len(crosses) == 1 and len(crosses[0].x) == wrong.size
    assert f"{wrong.size} wrong" in fig.layout.title.text
    names = " ".join(str(tr.name) for tr in fig.data)
    types = {tr.type for tr in fig.data}
    if variant == "voted":
        heat = [tr for tr in fig.data if tr.type == "heatmap"]
        assert len(heat) == 1 and np.shape(heat[0].z) == (30, 30)
        # The regions are the sign of the oracle's vote at the grid's cells.
        xs, ys, Zg = layers.grid(scene_of(X, y).box, 30)
        expected = np.sign(oracle_scores(states[t], "voted", Zg)).reshape(30, 30)
        assert np.array_equal(np.asarray(heat[0].z), expected)
    else:
        assert "heatmap" not in types
        assert variant in names
    if variant == "averaged":
        assert "(1/t) Σ w_s" in names and "(1/t) Σ w_s" in fig.layout.title.text
        assert "t/(t+1)" in vv.DESCRIPTIONS["averaged"]  # CIML's scale, for the page's text


def test_the_grid_puts_each_variant_in_its_own_cell_with_the_oracle_crosses():
    X, y = noisy(n=60, seed=15, noise=0.25)
    run = pc.train(X, y, max_epochs=3)
    t = 90
    scene = scene_of(X, y)
    traces, layout = vv.grid_scene(scene)
    under, over = vv.grid_layers(scene, run, t, grid=20)
    go.Figure({"data": under + traces + over, "layout": layout})  # plotly validates it
    states = replay(X, y, [np.arange(60)] * run.epochs)
    axes = {"classic": "x", "averaged": "x2", "voted": "x3", "pocket": "x4"}
    for variant, axis in axes.items():
        assert layout["yaxis" + axis[1:]]["scaleanchor"] == axis  # each cell square
        cell = [tr for tr in under + traces + over if tr["xaxis"] == axis]
        # Its points, its crosses on what the oracle's variant gets wrong, its title.
        pts = [tr for tr in cell if any(tr is u for u in traces)]
        assert sum(len(tr["x"]) for tr in pts) == 60
        wrong = np.flatnonzero(y * oracle_scores(states[t], variant, X) <= 0)
        crosses = [tr for tr in cell if tr.get("name") == "misclassified"]
        assert len(crosses) == 1 and len(crosses[0]["x"]) == wrong.size
        title = next(tr for tr in cell if tr.get("name") == f"{variant} title")
        assert title["text"][0].startswith(variant + " ·")
        assert title["text"][0].endswith(f"<br>{wrong.size} wrong")
    assert layout["height"] == 2 * vv.SMALL_HEIGHT


def test_the_voted_grid_gets_coarser_with_many_vectors():
    X, y = noisy(n=400, seed=12, noise=0.3)
    run = pc.train(X, y, max_epochs=30)
    fig = vv.variant_figure(scene_of(X, y), run, "voted", run.n_visits)
    heat = next(tr for tr in fig.data if tr.type == "heatmap")
    side = np.shape(heat.z)[0]
    assert side == layers.resolution_for(run.n_updates + 1) and side < layers.GRID_POINTS


def test_presenter_small_multiples_are_larger_and_a_set_height_is_kept():
    X, y = noisy(n=30, seed=13)
    run = pc.train(X, y, max_epochs=2)
    fig = vv.variant_figure(scene_of(X, y, presenter=True), run, "classic", 5)
    assert fig.layout.height == vv.SMALL_HEIGHT_PRESENTER
    fig = vv.variant_figure(scene_of(X, y, height=250), run, "pocket", 5)
    assert fig.layout.height == 250


def test_accuracy_figure_colour_per_variant_dash_per_set_and_the_best_epoch():
    X, y = noisy(n=150, seed=14, noise=0.25)
    sets = split_sets(X, y)
    run = pc.train(*sets["train"], max_epochs=12)
    acc = vv.accuracy_per_epoch(run, sets)
    best = acc.best("classic")
    fig = vv.accuracy_figure(acc, best)
    go.Figure(fig.to_dict())
    lines = [tr for tr in fig.data if tr.showlegend is False]
    assert len(lines) == 12
    for tr in lines:
        variant, name = tr.meta
        assert tr.line.color == vv.VARIANT_COLORS[variant] and tr.legendgroup == variant
        assert tr.line.dash == {"train": "solid", "dev": "dash", "test": "dot"}[name]
        assert np.array_equal(np.asarray(tr.y), acc[variant][name])
        assert np.array_equal(np.asarray(tr.x), acc.epochs)
    key = {tr.name: (tr.line.color, tr.line.dash) for tr in fig.data if tr.showlegend is None}
    assert key["voted"] == (vv.VARIANT_COLORS["voted"], "solid")
    assert key["dev"][1] == "dash" and key["test"][1] == "dot" and len(key) == 7
    (line,) = fig.layout.shapes
    assert line.x0 == line.x1 == best
    assert f"best dev epoch (classic): {best}" in fig.layout.annotations[0].text
    big = vv.accuracy_figure(acc, None, presenter=True)
    assert big.layout.height > fig.layout.height and not big.layout.shapes


def test_the_view_modules_examples_run():
    result = doctest.testmod(vv, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0


def test_the_view_module_does_not_import_streamlit():
    code = "import sys, ui.variants_view; assert 'streamlit' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)
