"""ui.views.experiments_view: the figures plot the table's own columns, the sentences say what the
numbers are (including when a run lies above the bound, which the theorem forbids, so the
sentence is tested on a made-up table), and the caps say when they cut."""

from __future__ import annotations

import base64
import math

import numpy as np

from perceptron_core import experiments as ex
from ui.charts import layers
from ui.charts.geometry import view_box
from ui.views import experiments_view as view


def arr(value) -> np.ndarray:
    """A figure's array: a list, or Plotly's typed array {"dtype", "bdata"}."""
    if isinstance(value, dict) and "bdata" in value:
        return np.frombuffer(base64.b64decode(value["bdata"]), dtype=np.dtype(value["dtype"]))
    return np.asarray(value)


def made_up_bound_table(mistakes, bound, converged=None) -> dict:
    k = len(mistakes)
    return {
        "margin": np.full(k, 0.1), "d": np.full(k, 2), "seed": np.arange(k), "n": np.full(k, 50),
        "R": np.full(k, 1.5), "gamma": np.linspace(0.05, 0.2, k), "bound": np.asarray(bound, float),
        "mistakes": np.asarray(mistakes), "epochs": np.full(k, 3),
        "converged": np.ones(k, bool) if converged is None else np.asarray(converged),
    }  # fmt: skip


def made_up_orders(mistakes, epochs, bound=1000.0, converged=None) -> dict:
    k = len(mistakes)
    kinds = ["fixed"] + ["random"] * (k - 2) + ["adversarial"]
    return {
        "kind": np.array(kinds), "order_seed": np.arange(k), "epochs": np.asarray(epochs, float),
        "mistakes": np.asarray(mistakes), "b": np.zeros(k), "w": np.tile([1.0, -1.0], (k, 1)),
        "converged": np.ones(k, bool) if converged is None else np.asarray(converged),
        "R": np.full(k, 2.0), "gamma": np.full(k, 0.1), "bound": np.full(k, bound),
    }  # fmt: skip


def test_margin_figure_plots_the_columns_and_a_line_over_their_range():
    table = ex.margin_experiment([0.05, 0.3], seeds=3, n=30)
    fig = view.margin_figure(table).to_dict()
    runs = next(t for t in fig["data"] if t["name"] == "one run (one dataset)")
    assert np.array_equal(arr(runs["x"]), table["bound"])
    assert np.array_equal(arr(runs["y"]), table["mistakes"])
    line = next(t for t in fig["data"] if t["name"] == "mistakes = R²/γ*²")
    x = arr(line["x"])
    assert np.array_equal(x, arr(line["y"]))
    assert x[0] < table["mistakes"].min() and x[1] > table["bound"].max()
    assert fig["layout"]["xaxis"]["type"] == fig["layout"]["yaxis"]["type"] == "log"


def test_runs_stopped_at_the_cap_are_crosses_and_said():
    table = made_up_bound_table([3, 4, 5], [10, 20, 30], converged=[True, False, True])
    runs = view.margin_figure(table).to_dict()["data"][1]
    assert list(runs["marker"]["symbol"]) == ["circle", "x", "circle"]
    assert "1 run hit the cap of 7 epochs" in view.margin_statement(table, 7)


def test_the_margin_sentence_reports_the_ratios_and_a_point_above_the_line():
    table = made_up_bound_table([1, 5, 30], [100, 10, 20])
    said = view.margin_statement(table, 1000)
    assert "1 of 3 runs lies ABOVE the line" in said
    assert "mistakes / bound: min 0.01, median 0.5, max 1.5" in said
    fine = made_up_bound_table([1, 5], [100, 10])
    assert view.margin_statement(fine, 1000).startswith("No point lies above the line: in all 2")


def test_the_dimension_sentence_compares_the_ends():
    table = made_up_bound_table([2, 4, 40, 60], [800, 820, 810, 790])
    table["d"] = np.array([2, 2, 100, 100])
    said = view.dimension_statement(table, 1000)
    assert "median bound is 810 at d = 2 and 800 at d = 100" in said
    assert "median mistakes go from 3 to 50" in said


def test_the_ordering_sentence_and_bars():
    orders = made_up_orders([50, 10, 30, 90, 40], [4, 2, 3, 9, math.nan])
    said = view.ordering_statement(orders, 1000, 100_000)
    assert "3 random orders: epochs from 2 to 9 (median 3; the fixed order: 4)" in said
    assert "Worst first (always the worst-classified example next): 40 mistakes." in said
    assert (
        "2 of 3 random orders made fewer mistakes than worst first, 2 fewer than the fixed" in said
    )
    labels, values = view.bound_bars(orders)
    assert labels[-1] == "bound R²/γ*²" and values == [10, 30, 90, 50, 40, 1000]
    inseparable = made_up_orders([50, 10, 30, 90, 40], [4, 2, 3, 9, math.nan], bound=math.inf,
                                 converged=[False] * 5)  # fmt: skip
    labels, _ = view.bound_bars(inseparable)
    assert "bound R²/γ*²" not in labels
    said = view.ordering_statement(inseparable, 7, 20)
    assert "not separable" in said and "when it hit its cap of 20" in said
    assert "4 runs stopped at the cap of 7 epochs" in said


def test_histograms_show_the_random_rows_only():
    orders = made_up_orders([50, 10, 30, 90, 40], [4, 2, 3, 9, math.nan])
    fig = view.histograms_figure(orders).to_dict()
    assert arr(fig["data"][0]["x"]).tolist() == [2, 3, 9]
    assert arr(fig["data"][1]["x"]).tolist() == [10, 30, 90]
    assert [s["x0"] for s in fig["layout"]["shapes"]] == [4, 50, 40]


def test_boundaries_one_segment_per_random_order_on_its_line():
    X, y, _ = ex.separable_points(30, 2, 0.1, np.random.default_rng(0))
    orders = ex.ordering_experiment(X, y, orderings=4)
    scene = layers.Scene(X, y, view_box(X))
    fig = view.boundaries_figure(scene, orders).to_dict()
    lines = next(t for t in fig["data"] if t["name"] == "4 random orders")
    xs, ys = np.array(lines["x"], dtype=float), np.array(lines["y"], dtype=float)
    assert len(xs) == 12 and np.isnan(xs[2::3]).all()
    for k, row in enumerate(range(1, 5)):
        w, b = orders["w"][row], orders["b"][row]
        seg = slice(3 * k, 3 * k + 2)
        assert np.allclose(w[0] * xs[seg] + w[1] * ys[seg] + b, 0.0, atol=1e-9 * np.abs(w).sum())


def test_caps():
    assert view.seeds_within(20, 1_000, 500_000, "x") == (20, None)
    seeds, said = view.seeds_within(50, 25_000, 500_000, "margin chart")
    assert seeds == 20 and said.startswith("The margin chart is held to 20 seeds (of 50 asked)")
    assert view.dimensions(100, 100, 20_000) == ((2, 5, 10, 20, 50, 100), None)
    dims, said = view.dimensions(200, 1_000, 20_000)
    assert dims == (2, 5, 10, 20) and "stop at d = 20" in said
    assert view.dimensions(10, 20_000, 20_000)[0] == (2,)  # d = 2 is always run
