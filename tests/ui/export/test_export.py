"""ui.export.files: the run CSV against the ERRATA trace, the dataset CSV loads back, the HTML
animation is self-contained."""

import csv
import io
import re

import numpy as np
import pandas as pd

import datasets
import perceptron_core as pc
from ui.charts import animation, geometry, layers, playground
from ui.export import files as export

X4 = np.array([[1.0, 1.0], [2.0, 2.0], [1.0, 2.0], [2.0, 1.0]])
Y4 = np.array([1, 1, -1, -1])


def test_run_csv_matches_the_hand_trace_of_errata():
    run = pc.train(X4, Y4, max_epochs=3)
    frame = pd.read_csv(io.StringIO(export.run_csv(run)))
    assert list(frame.columns) == [
        "step", "epoch", "position", "index", "x1", "x2", "y", "activation", "mistake",
        "w1", "w2", "b",
    ]  # fmt: skip
    assert len(frame) == run.n_visits and frame["step"].tolist() == list(range(1, 13))
    first = frame.iloc[:4]
    # ERRATA.md, 002 example 1: activations 0, 5, 4, -1; mistakes at the 1st and 3rd.
    assert first["activation"].tolist() == [0.0, 5.0, 4.0, -1.0]
    assert first["mistake"].tolist() == [1, 0, 1, 0]
    assert first[["w1", "w2", "b"]].values.tolist() == [
        [1, 1, 1],
        [1, 1, 1],
        [0, -1, 0],
        [0, -1, 0],
    ]
    assert frame["mistake"].sum() == run.mistakes
    np.testing.assert_array_equal(frame[["w1", "w2"]].iloc[-1], run.w)
    assert frame["b"].iloc[-1] == run.b
    assert frame["epoch"].max() == run.epochs


def test_run_csv_is_exact_and_names_features_and_can_be_cut():
    ds = datasets.generate("separable", n=50, seed=2)
    run = pc.train(ds.X, ds.y, shuffle=True, seed=4, w0="random", start_seed=1)
    frame = pd.read_csv(io.StringIO(export.run_csv(run, feature_names=("len", "wid"))))
    assert {"len", "wid"} <= set(frame.columns)
    rows = frame["index"].to_numpy()
    np.testing.assert_array_equal(frame[["len", "wid"]].to_numpy(), ds.X[rows])  # repr: exact
    visits = run.visits()
    np.testing.assert_array_equal(frame["activation"].to_numpy(), visits["activation"])
    short = pd.read_csv(io.StringIO(export.run_csv(run, max_rows=7)))
    assert len(short) == 7


def test_online_run_exports_one_row_per_arrival():
    run = pc.online_run(X4[:1], Y4[:1], eta=1.0)  # a single class is fine online
    frame = pd.read_csv(io.StringIO(export.run_csv(run)))
    assert len(frame) == 1 and frame["mistake"].tolist() == [1]
    assert frame[["w1", "w2", "b"]].values.tolist() == [[1, 1, 1]]


def test_run_csv_names_cannot_run_as_spreadsheet_formulas():
    run = pc.train(X4, Y4, max_epochs=1)
    names = ('=HYPERLINK("http://x","y")', "@SUM(A1)")
    text = export.run_csv(run, feature_names=names)
    header = next(csv.reader(io.StringIO(text)))
    assert header[4:6] == ["'" + names[0], "'" + names[1]]  # OWASP: quote-prefixed, quoted
    assert text.startswith('step,epoch,position,index,"\'=HYPERLINK(""http://x"",""y"")",')
    assert [datasets.restore_formula(h) for h in header[4:6]] == list(names)
    frame = pd.read_csv(io.StringIO(text))
    assert (frame["activation"] <= 0).any()  # numbers, negative ones too, are plain numbers


def test_dataset_csv_loads_back_identically_even_preprocessed():
    ds = datasets.generate("blobs", n=30, seed=5).preprocessed("standardise")
    back = datasets.load_csv(ds.to_csv())
    np.testing.assert_array_equal(back.X, ds.X)
    np.testing.assert_array_equal(back.y, ds.y)


def test_animation_html_is_self_contained():
    run = pc.train(X4, Y4, max_epochs=3)
    chart = playground.Playground(layers.Scene(X4, Y4, geometry.view_box(X4)))
    fig = animation.animation_figure(chart, *run.trajectory())
    html = export.animation_html(fig)
    assert html.lower().startswith("<!doctype html>") and "<title>Perceptron Lab" in html
    scripts = re.findall(r"<script[^>]*>", html)
    assert scripts and all("src=" not in tag for tag in scripts)  # plotly.js is inlined
    assert len(html) > 3_000_000
    assert '"frames"' in html or "addFrames" in html


def test_kernel_run_csv_counts_alpha_of_the_visited_example():
    """A kernel run has no w: its rows end with alpha_i of the visited example after the
    visit, which a running count of the mistakes read back from the same file must match."""
    import datasets
    import perceptron_core as pc

    ds = datasets.generate("xor", n=24, seed=3)
    run = pc.train(ds.X, ds.y, variant="kernel", kernel=pc.Kernel("poly", degree=2))
    lines = export.run_csv(run).splitlines()
    header = lines[0].split(",")
    assert header[-1] == "alpha_i" and "w1" not in header and "b" not in header
    alpha = np.zeros(ds.n, dtype=np.int64)
    for line in lines[1:]:
        row = dict(zip(header, line.split(","), strict=True))
        i = int(row["index"])
        alpha[i] += int(row["mistake"])
        assert int(row["alpha_i"]) == alpha[i]
    assert alpha.tolist() == run.alpha.tolist() and alpha.sum() == run.mistakes


def test_the_proofs_table_is_cut_like_the_run_csv():
    run = pc.train(X4, Y4, max_epochs=3)
    W, B = run.trajectory()
    cut = export.proof_updates(run, max_rows=3)
    assert all(len(column) == 3 for column in cut.values())
    np.testing.assert_array_equal(cut["w"], W[:3])
    np.testing.assert_array_equal(cut["b"], B[:3])
    assert len(export.proof_updates(run)["update"]) == len(W)
