"""ui.views.score_view (a run on d > 2 features drawn in two dimensions) and Playground.sampled_step
(a two-feature chart that draws a sample): pure functions, checked against oracles written
here (plain loops, scikit-learn's PCA, the products summed by hand)."""

from __future__ import annotations

import re

import numpy as np
import plotly.graph_objects as go
import pytest

from ui.charts import geometry, layers, playground
from ui.values import Update
from ui.views import score_view

decomposition = pytest.importorskip("sklearn.decomposition")


def separable(n=200, d=6, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d)) * np.arange(1, d + 1)
    u = rng.normal(size=d)
    s = X @ u + 0.3
    keep = np.abs(s) > 0.5
    return X[keep], np.where(s[keep] > 0, 1, -1)


def test_the_direction_is_the_top_principal_component_orthogonal_to_w():
    X, _ = separable()
    w = np.array([1.0, -2.0, 0.5, 0.0, 3.0, 1.0])
    v = score_view.direction(X, w)
    unit = w / np.linalg.norm(w)
    assert np.linalg.norm(v) == pytest.approx(1, abs=1e-12)
    assert abs(v @ unit) < 1e-12
    flat = X - np.outer(X @ unit, unit)
    pca = decomposition.PCA(n_components=1).fit(flat)
    assert abs(pca.components_[0] @ v) == pytest.approx(1, abs=1e-9)
    # No w yet: the data's own first principal component.
    top = decomposition.PCA(n_components=1).fit(X).components_[0]
    assert abs(score_view.direction(X, None) @ top) == pytest.approx(1, abs=1e-9)


def test_scores_have_the_engines_sign_and_stay_within_r():
    X, y = separable()
    rng = np.random.default_rng(3)
    R = float(np.sqrt(1 + (X**2).sum(axis=1)).max())
    for _ in range(20):
        w, b = rng.normal(size=X.shape[1]), float(rng.normal())
        h = score_view.scores(X, w, b)
        a = np.array([sum(wj * xj for wj, xj in zip(w, x, strict=True)) + b for x in X])
        np.testing.assert_array_equal(np.sign(h), np.sign(a))
        assert np.abs(h).max() <= R * (1 + 1e-12)
        assert score_view.view(X, w).box.x1 >= R  # every score of every step is in view
    assert not score_view.scores(X, np.zeros(X.shape[1]), 0.0).any()  # w = 0, b = 0: ties


def test_drawn_values_keep_their_side():
    values = np.array([1e-12, -1e-12, 0.0, 0.49999e-4, 3.14159265, -2.7182818])
    out = score_view.drawn_value(values, span=10.0)
    assert np.array_equal(np.sign(out), np.sign(values))
    assert out[4] == 3.142 and out[5] == -2.718  # 4 digits of the span


def test_step_layers_cross_exactly_the_mistakes_and_band_only_a_separator_of_all():
    X, y = separable(n=400)
    drawn = np.arange(0, X.shape[0], 3)
    sv = score_view.view(X, None, drawn)
    rng = np.random.default_rng(1)
    w, b = rng.normal(size=X.shape[1]), 0.2
    under, over = score_view.step_layers(sv, X, y, w=w, b=b, class_names=("no", "yes"))
    names = {t["name"]: t for t in over}
    a = X @ w + b
    wrong = y[drawn] * a[drawn] <= 0
    for name, label in (("-1: no", -1), ("+1: yes", 1)):
        xs = np.array(names[name]["x"])
        assert len(xs) == np.count_nonzero(y[drawn] == label)
        np.testing.assert_array_equal(xs <= 0, a[drawn][y[drawn] == label] <= 0)
    assert len(names["misclassified"]["x"]) == int(wrong.sum())
    assert under == []  # w gets some points wrong: no band
    # A separator of every point: the band is its margin over all of them, drawn or not.
    _, u = _lp_free_separator(X, y)
    under, _ = score_view.step_layers(sv, X, y, w=u[1:], b=u[0])
    margin = float(np.min(y * (X @ u[1:] + u[0])) / np.linalg.norm(u))
    assert max(under[0]["x"]) == pytest.approx(margin, rel=1e-9)
    # A w that separates the drawn points but not one undrawn point: no band.
    hidden = np.setdiff1d(np.arange(X.shape[0]), drawn)[0]
    y2 = y.copy()
    y2[hidden] = -y2[hidden]
    under, _ = score_view.step_layers(sv, X, y2, w=u[1:], b=u[0])
    assert under == []
    for fig in (go.Figure(dict(data=over + under, layout=score_view.scene(sv)[1])),):
        go.Figure(fig.to_dict())  # valid plotly


def test_the_scene_shades_right_of_score_0_as_plus_1_as_the_caption_says():
    X, _ = separable()
    sv = score_view.view(X, None)
    box = sv.box
    traces, layout = score_view.scene(sv, class_names=("no", "yes"), presenter=True)
    named = {t["name"]: t for t in traces}
    assert list(named) == ["predicted +1 (yes)", "predicted -1", "boundary (score 0)"]
    # "the boundary at 0 (right +1, left −1)": each side's shade is the box's half there.
    for name, (lo, hi) in (("predicted +1 (yes)", (0, box.x1)), ("predicted -1", (box.x0, 0))):
        xs, ys = np.array(named[name]["x"], float), np.array(named[name]["y"], float)
        assert (xs.min(), xs.max()) == (lo, hi) and (ys.min(), ys.max()) == (box.y0, box.y1)
        area = 0.5 * abs(np.dot(xs[:-1], ys[1:]) - np.dot(ys[:-1], xs[1:]))
        assert area == pytest.approx((hi - lo) * (box.y1 - box.y0), rel=1e-12)
    line = named["boundary (score 0)"]
    assert list(line["x"]) == [0, 0] and sorted(line["y"]) == [box.y0, box.y1]
    assert "scaleanchor" not in layout["yaxis"]  # two quantities: no common scale
    go.Figure(dict(data=traces, layout=layout))  # valid plotly


def _lp_free_separator(X, y):
    from scipy.optimize import linprog

    A = -y[:, None] * np.hstack([np.ones((len(y), 1)), X])
    res = linprog(np.zeros(X.shape[1] + 1), A_ub=A, b_ub=-np.ones(len(y)), bounds=(None, None))
    assert res.status == 0
    return True, res.x


def test_the_visited_point_is_drawn_and_its_update_shown_when_it_is_not_sampled():
    X, y = separable(n=100)
    drawn = np.arange(0, X.shape[0], 2)
    sv = score_view.view(X, None, drawn)
    i = 1  # not drawn
    w_old, b_old = np.zeros(X.shape[1]) + 0.1, -0.3
    update = Update(w_old, b_old, X[i], int(y[i]), 1.0)
    _, over = score_view.step_layers(
        sv, X, y, w=update.w_new, b=update.b_new, visited=i, update=update
    )
    names = {t["name"]: t for t in over}
    h_new = score_view.scores(X[i : i + 1], update.w_new, update.b_new)[0]
    h_old = score_view.scores(X[i : i + 1], w_old, b_old)[0]
    assert names["visited (unsampled)"]["x"] == pytest.approx([h_new], abs=1e-3)
    assert names["visited"]["x"] == pytest.approx([h_new], abs=1e-3)
    assert names["before the update"]["x"] == pytest.approx([h_old, h_new], abs=1e-3)


def test_the_visit_written_out_with_13_terms_is_true():
    rng = np.random.default_rng(5)
    w, x, b = rng.normal(size=13) * 3, rng.normal(size=13), 0.7

    class Visit:
        w_before, b_before = w, b
        activation = float(sum(wj * xj for wj, xj in zip(w, x, strict=True)) + b)
        mistake = True
        w_after, b_after = w - x, b - 1

    lines = score_view.visit_latex(Visit, x, -1, 1.0)
    first = lines[0]
    products = re.findall(r"\(([-0-9.]+)\)\(([-0-9.]+)\)", first)
    assert len(products) == 4  # the first three and the last
    for (ws, xs), j in zip(products, (0, 1, 2, 12), strict=True):
        assert float(ws) == pytest.approx(w[j], rel=2e-3) and float(xs) == pytest.approx(
            x[j], rel=2e-3
        )
    hidden = float(re.search(r"9\\text\{ terms\}\\,=\\,([-0-9.]+)", first).group(1))
    assert hidden == pytest.approx(sum(w[j] * x[j] for j in range(3, 12)), rel=1e-3)
    total = float(re.search(r"&= ([-0-9.]+)\\end\{aligned\}", first).group(1))
    assert total == pytest.approx(Visit.activation, rel=1e-3)
    assert r"\le 0" in lines[1]
    rows = re.findall(r"\(([-0-9.]+), ([-0-9.]+), \\ldots, ([-0-9.]+)\)", lines[2])
    for row, v in zip(rows, (w, x, w - x), strict=True):
        np.testing.assert_allclose([float(r) for r in row], [v[0], v[1], v[12]], rtol=2e-3)
    assert r"&\;- " in lines[2]  # y = -1: w - x


def test_a_sampled_chart_takes_band_and_closest_point_from_every_point():
    rng = np.random.default_rng(2)
    X = rng.normal(size=(3_000, 2))
    y = np.where(X @ [1.0, 1.0] > 0, 1, -1)
    drawn = np.arange(0, 3_000, 10)
    box = geometry.view_box(X, include_origin=True)
    w, b = np.array([1.0, 1.0]), 0.0
    a = X @ w + b
    chart = playground.Playground(layers.Scene(X[drawn], y[drawn], box))
    under, over = chart.sampled_step(X, y, drawn, w=w, b=b, visited=5)
    band = under[playground.UNDER.index("margin band")]
    assert band["x"]  # w separates all 3,000
    closest = over[playground.OVER.index("closest point")]
    k = int(np.argmin(np.abs(a)))
    assert (closest["x"], closest["y"]) == ([X[k, 0]], [X[k, 1]])
    names = {t["name"]: t for t in over}
    assert names["visited"]["x"] == [X[5, 0]]
    assert names["visited (unsampled)"]["x"] == [X[5, 0]]
    # One undrawn point on the wrong side: no band, though the drawn ones are separated.
    hidden = np.setdiff1d(np.arange(3_000), drawn)[0]
    y[hidden] = -y[hidden]
    chart = playground.Playground(layers.Scene(X[drawn], y[drawn], box))
    under, over = chart.sampled_step(X, y, drawn, w=w, b=b)
    assert not under[playground.UNDER.index("margin band")]["x"]
    assert len(over[playground.OVER.index("misclassified")]["x"]) == 0  # no drawn one is wrong
