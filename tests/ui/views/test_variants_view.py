"""The variants page's figures (ui/views/variants_view.py) against the textbook loops of
tests/oracles/variants_oracle.py. The split is tested in
tests/datasets/test_datasets_split.py; accuracy per epoch, early stopping and agreement in
tests/engine/test_variants_engine.py."""

import subprocess
import sys

import numpy as np
import plotly.graph_objects as go
import pytest
from variants_oracle import noisy_line, oracle_scores, replay, split_sets

import perceptron_core as pc
from ui import words
from ui.charts import geometry, layers
from ui.views import variants_view as vv

FOUR = ("classic", "averaged", "voted", "pocket")


# ------------------------------------------------------------------ figures
def scene_of(X, y, **kw):
    return layers.Scene(X=X, y=y, box=geometry.view_box(X), **kw)


def variant_figure(
    scene: layers.Scene, run, variant: str, t: int, *, grid: int | None = None
) -> go.Figure:
    """One small multiple on its own: ``vv.variant_layers`` around the points, titled."""
    small = vv.small_scene(scene)
    under, over, title = vv.variant_layers(small, run, variant, t, grid=grid)
    return layers.compose(small, under, layers.points(small), over, title=title, legend=False)


@pytest.mark.parametrize("variant", FOUR)
def test_variant_figure_is_a_small_valid_figure_with_its_crosses(variant):
    X, y = noisy_line(n=70, seed=11, noise=0.2)
    run = pc.train(X, y, max_epochs=4)
    t = 100
    fig = variant_figure(scene_of(X, y), run, variant, t, grid=30)
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
    X, y = noisy_line(n=60, seed=15, noise=0.25)
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
        assert title["text"][0].startswith(variant + "<br>")  # a line for each part
        assert title["text"][0].endswith(f"<br>{wrong.size} wrong")
    assert layout["height"] == 2 * vv.SMALL_HEIGHT


def test_the_voted_grid_gets_coarser_with_many_vectors():
    X, y = noisy_line(n=400, seed=12, noise=0.3)
    run = pc.train(X, y, max_epochs=30)
    fig = variant_figure(scene_of(X, y), run, "voted", run.n_visits)
    heat = next(tr for tr in fig.data if tr.type == "heatmap")
    side = np.shape(heat.z)[0]
    assert side == layers.resolution_for(run.n_updates + 1) and side < layers.GRID_POINTS


def test_presenter_small_multiples_are_larger_and_a_set_height_is_kept():
    X, y = noisy_line(n=30, seed=13)
    run = pc.train(X, y, max_epochs=2)
    fig = variant_figure(scene_of(X, y, presenter=True), run, "classic", 5)
    assert fig.layout.height == vv.SMALL_HEIGHT_PRESENTER
    fig = variant_figure(scene_of(X, y, height=250), run, "pocket", 5)
    assert fig.layout.height == 250


def test_accuracy_figure_colour_per_variant_dash_per_set_and_the_best_epoch():
    X, y = noisy_line(n=150, seed=14, noise=0.25)
    sets = split_sets(X, y)
    run = pc.train(*sets["train"], max_epochs=12)
    acc = pc.accuracy_per_epoch(run, sets)
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


def test_the_view_module_does_not_import_streamlit():
    code = "import sys, ui.views.variants_view; assert 'streamlit' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_accuracy_note_is_the_engines_in_english_and_german_in_german():
    # Few epochs shown and a voted perceptron scored on a sample: the engine's note.
    X, y = noisy_line(n=150, seed=14, noise=0.25)
    sets = split_sets(X, y)
    run = pc.train(*sets["train"], max_epochs=12)
    acc = pc.accuracy_per_epoch(run, sets, max_epochs=5, max_vote_work=200)
    assert acc.epochs.shape[0] < run.epochs and acc.voted_sample is not None
    vectors, shown, total = acc.voted_sample
    assert total == len(y) and shown < total
    assert vv.accuracy_note(acc, run) == acc.note
    assert f"estimated on a random {shown:,} of the {total:,} points" in acc.note
    with words.using("de"):
        said = vv.accuracy_note(acc, run)
    assert said.startswith(f"{run.epochs} Epochen: die Genauigkeit wird an {acc.epochs.size} ")
    assert f"an zufällig gewählten {shown:,} der {total:,} Punkte geschätzt" in said
    every = pc.accuracy_per_epoch(run, sets)
    assert every.note is None and vv.accuracy_note(every, run) is None


@pytest.mark.parametrize(
    ("title", "presenter", "lines"),
    [
        ("classic · after 3 visits · 39 wrong", False, ["classic", "after 3 visits", "39 wrong"]),
        ("classic · after 3 visits · 39 wrong", True, ["classic · 39 wrong", "after 3 visits"]),
        (
            "voted · 3 vectors · 3 visits · 55 wrong",
            True,
            ["voted · 55 wrong", "3 vectors · 3 visits"],
        ),
        ("pocket · 2 wrong", True, ["pocket", "2 wrong"]),
    ],
)
def test_a_cells_title_is_a_line_per_part_and_two_on_a_projector(title, presenter, lines):
    """On a phone each part of a title gets a line (a long one ran into the next cell's);
    on a projector, two lines: the name with the count of wrong, then the rule's state
    (four lines left the rows of a low, wide window too little room)."""
    assert vv.title_lines(title, presenter).split("<br>") == lines
