"""/experiments through AppTest: every chart plots the table the engine returns for the
page's settings (``perceptron_core.experiments`` called here directly), each control
changes what is run, the caps say when they are hit, and bad data keeps the page up.

Expected numbers come from the engine called here and from sentences built here from
those tables, never from the page's own view module.
"""

from __future__ import annotations

import base64

import lab_app
import numpy as np
import pytest
from lab_app import charts, open_page

import datasets
from perceptron_core import experiments as ex

PAGE = "pages/experiments.py"
DIMS = (2, 5, 10, 20, 50, 100)


@pytest.fixture(autouse=True)
def slow_machine(monkeypatch):
    # The page runs hundreds of runs on its first visit; this machine has run 5-30x slow.
    monkeypatch.setattr(lab_app, "TIMEOUT", 900)


def decoded(value):
    """A Plotly JSON array: a list, or a typed array {"dtype", "bdata"[, "shape"]}."""
    if isinstance(value, dict) and "bdata" in value:
        arr = np.frombuffer(base64.b64decode(value["bdata"]), dtype=np.dtype(value["dtype"]))
        if "shape" in value:
            shape = value["shape"]
            shape = [int(s) for s in shape.split(",")] if isinstance(shape, str) else shape
            arr = arr.reshape(shape)
        return arr
    return np.asarray(value)


def chart(at, name: str) -> dict:
    """The page's chart with key ex_<name>, as JSON."""
    found = charts(at).get("ex_" + name)
    if found is None:
        raise AssertionError(f"no chart ex_{name}")
    return found


def trace(fig: dict, name: str) -> dict:
    return next(t for t in fig["data"] if t.get("name") == name)


def captions(at) -> str:
    return "\n".join(c.value for c in at.caption).replace("\\", "")


def ratio_words(table) -> str:
    r = table["mistakes"] / table["bound"]
    return f"mistakes / bound: min {r.min():.2g}, median {np.median(r):.2g}, max {r.max():.2g}"


def ok(at):
    assert not at.exception, at.exception
    assert not at.error, [e.value for e in at.error]
    return at


def test_default_page_plots_the_tables_of_the_engine():
    at = ok(open_page(PAGE))
    # Margins: 10 log-spaced from 0.01 to 0.5, 20 seeds, 100 points, d = 2.
    table = ex.margin_experiment(np.geomspace(0.01, 0.5, 10), 20, 100, max_epochs=1_000)
    runs = trace(chart(at, "margin_chart"), "one run (one dataset)")
    assert np.array_equal(decoded(runs["x"]), table["bound"])
    assert np.array_equal(decoded(runs["y"]), table["mistakes"])
    assert (table["mistakes"] <= table["bound"]).all()
    line = trace(chart(at, "margin_chart"), "mistakes = R²/γ*²")
    x, y = decoded(line["x"]), decoded(line["y"])
    assert (
        np.array_equal(x, y) and x[0] <= table["mistakes"].min() and x[-1] >= table["bound"].max()
    )
    text = captions(at)
    assert "No point lies above the line: in all 200 runs mistakes ≤ R²/γ*²." in text
    assert ratio_words(table) in text
    # Dimensions: d = 2 ... 100 at gamma = 0.05, same seeds and n.
    dims = ex.dimension_experiment(DIMS, 0.05, 20, 100, max_epochs=1_000)
    fig = chart(at, "dimension_chart")
    runs = trace(fig, "mistakes of each run")
    assert np.array_equal(decoded(runs["x"]), dims["d"])
    assert np.array_equal(decoded(runs["y"]), dims["mistakes"])
    assert np.array_equal(decoded(trace(fig, "R²/γ*² of each run")["y"]), dims["bound"])
    medians = [np.median(dims["mistakes"][dims["d"] == d]) for d in DIMS]
    assert np.allclose(decoded(trace(fig, "median mistakes")["y"]), medians)
    # Orders of the notes' 85 points: 100 random orders from seed 0, one order per run.
    ds = datasets.generate("ordering_85")
    orders = ex.ordering_experiment(ds.X, ds.y, 100, 0, max_epochs=1_000, max_adversarial=100_000)
    rnd = orders["kind"] == "random"
    hist = chart(at, "histograms")
    assert np.array_equal(
        decoded(trace(hist, "epochs (random orders)")["x"]), orders["epochs"][rnd]
    )
    assert np.array_equal(
        decoded(trace(hist, "mistakes (random orders)")["x"]), orders["mistakes"][rnd]
    )
    bars = trace(chart(at, "bounds"), "mistakes")
    m = orders["mistakes"]
    expected = [m[rnd].min(), np.median(m[rnd]), m[rnd].max(), m[0], m[-1], orders["bound"][0]]
    assert np.allclose(decoded(bars["x"]), expected)
    assert (m <= orders["bound"]).all()
    assert (
        f"100 random orders: epochs from {orders['epochs'][rnd].min():g} to "
        f"{orders['epochs'][rnd].max():g}"
    ) in text
    assert f"Worst first (always the worst-classified example next): {m[-1]:,} mistakes" in text
    assert f"{np.count_nonzero(m[rnd] < m[-1])} of 100 random orders made fewer mistakes" in text
    boundaries = chart(at, "boundaries")
    fixed = trace(boundaries, "fixed order")
    fx, fy = decoded(fixed["x"]), decoded(fixed["y"])
    w, b = orders["w"][0], orders["b"][0]
    assert np.allclose(w[0] * fx + w[1] * fy + b, 0.0, atol=1e-9 * np.abs(w).sum())


def test_margin_and_dimension_controls():
    at = ok(open_page(PAGE))
    at.select_slider(key="ex_margin_low").set_value(0.02)
    at.select_slider(key="ex_margin_high").set_value(0.2)
    at.number_input(key="ex_margins").set_value(4)
    at.number_input(key="ex_seeds").set_value(3)
    at.number_input(key="ex_per_set").set_value(50)
    at.select_slider(key="ex_dim_margin").set_value(0.1)
    at.select_slider(key="ex_max_dim").set_value(20)
    ok(at.run())
    table = ex.margin_experiment(np.geomspace(0.02, 0.2, 4), 3, 50, max_epochs=1_000)
    runs = trace(chart(at, "margin_chart"), "one run (one dataset)")
    assert np.array_equal(decoded(runs["x"]), table["bound"])
    assert np.array_equal(decoded(runs["y"]), table["mistakes"])
    assert "in all 12 runs" in captions(at) and ratio_words(table) in captions(at)
    dims = ex.dimension_experiment((2, 5, 10, 20), 0.1, 3, 50, max_epochs=1_000)
    runs = trace(chart(at, "dimension_chart"), "mistakes of each run")
    assert np.array_equal(decoded(runs["x"]), dims["d"])
    assert np.array_equal(decoded(runs["y"]), dims["mistakes"])
    assert "At γ = 0.1:" in captions(at)
    # The two ends given the wrong way round: the page runs from the smaller to the larger.
    at.select_slider(key="ex_margin_low").set_value(0.5)
    ok(at.run())
    table = ex.margin_experiment(np.geomspace(0.2, 0.5, 4), 3, 50, max_epochs=1_000)
    runs = trace(chart(at, "margin_chart"), "one run (one dataset)")
    assert np.array_equal(decoded(runs["x"]), table["bound"])


def test_caps_say_when_they_are_hit():
    at = open_page(PAGE)
    at.number_input(key="ex_margins").set_value(2)
    at.number_input(key="ex_seeds").set_value(50)
    at.number_input(key="ex_per_set").set_value(1_000)
    ok(at.run())
    text = captions(at)
    # n x d <= 20,000 leaves d = 2, 5, 10, 20; then 50 seeds x 1,000 x 37 coordinates is
    # over 1,000,000: 27 seeds.
    assert "With n = 1,000 points the dimensions stop at d = 20" in text
    assert "The dimension chart is held to 27 seeds (of 50 asked)" in text
    dims = ex.dimension_experiment((2, 5, 10, 20), 0.05, 27, 1_000, max_epochs=1_000)
    runs = trace(chart(at, "dimension_chart"), "mistakes of each run")
    assert np.array_equal(decoded(runs["y"]), dims["mistakes"])
    # 2 margins x 50 seeds x 1,000 points is within the margin chart's 500,000.
    assert "margin chart is held" not in text


def test_ordering_controls_and_a_new_order_every_epoch():
    at = ok(open_page(PAGE))
    at.number_input(key="ex_orderings").set_value(10)
    at.number_input(key="ex_order_seed").set_value(3)
    at.toggle(key="ex_reshuffle").set_value(True)
    ok(at.run())
    ds = datasets.generate("ordering_85")
    orders = ex.ordering_experiment(ds.X, ds.y, 10, 3, reshuffle=True, max_epochs=1_000,
                                    max_adversarial=100_000)  # fmt: skip
    rnd = orders["kind"] == "random"
    hist = chart(at, "histograms")
    assert np.array_equal(
        decoded(trace(hist, "epochs (random orders)")["x"]), orders["epochs"][rnd]
    )
    assert "10 random orders: epochs from" in captions(at)


def test_data_that_is_not_separable_and_no_data():
    at = open_page(PAGE)
    at.segmented_control(key="ex_source").set_value("generate")
    ok(at.run())  # the generator's box appears
    at.selectbox(key="ex_generator").set_value("xor")
    ok(at.run())
    text = captions(at)
    assert "The data is not separable: there is no bound, and no order converges." in text
    assert "stopped at the cap of 1,000 epochs" in text  # 40 points x 101 runs: 1,000 each
    ds = datasets.generate("xor", n=40, seed=0)
    orders = ex.ordering_experiment(ds.X, ds.y, 100, 0, max_epochs=1_000, max_adversarial=100_000)
    assert not orders["converged"].any()
    assert "when it hit its cap of 100,000" in text
    labels = decoded(trace(chart(at, "bounds"), "mistakes")["y"]).tolist()
    assert "bound R²/γ*²" not in labels  # no bound to draw
    at.segmented_control(key="ex_source").set_value("draw")
    ok(at.run())  # no points drawn: the orders need both classes, the rest still shows
    assert any("Both classes are needed" in i.value for i in at.info)
    assert chart(at, "margin_chart")


def test_presenter_mode():
    at = ok(open_page(PAGE, ex_presenter="true"))
    assert not at.title  # the title and intro are hidden
    assert chart(at, "margin_chart")["layout"]["height"] == 520
    at.toggle(key="ex_presenter").set_value(False)
    ok(at.run())
    assert at.title[0].value == "Experiments"
    assert chart(at, "margin_chart")["layout"]["height"] == 420


def test_a_damaged_link_falls_back_and_says_so():
    at = open_page(PAGE, ex_margins="abc", ex_margin_low="7", ex_orderings="100000",
                   ex_reshuffle="maybe")  # fmt: skip
    assert not at.exception, at.exception
    said = " ".join(w.value for w in at.warning).replace("\\", "")
    assert "The link could not be read completely" in said
    for name in ("ex_margins", "ex_margin_low", "ex_orderings", "ex_reshuffle"):
        assert name in said, name
    # The margin chart runs the defaults: 10 margins x 20 seeds.
    runs = trace(chart(at, "margin_chart"), "one run (one dataset)")
    assert len(decoded(runs["x"])) == 200
    assert "100 random orders: epochs" in captions(at)  # the default, not 100,000
