"""ui.views.kernel_view: the kernel perceptron's page, checked against independent oracles.

The oracles: a textbook dual perceptron (tests/oracles/dual_oracle.py) for f on the grid, the
primal perceptron (``variant="classic"``) for the linear kernel, the engine's own
accounting (``run.kernel_activations``, ``run.visit``) for the crosses, and numbers by
hand. The engine's alpha and f (``pc.alpha_at``, ``pc.kernel_scores``) are tested in
tests/engine/test_engine_kernel.py.
"""

import math
import re
import tracemalloc

import numpy as np
import plotly.graph_objects as go
import pytest
from dual_oracle import k_poly, k_rbf, textbook_dual, textbook_f

import datasets
import perceptron_core as pc
from ui import notation
from ui.charts import layers
from ui.charts.geometry import view_box
from ui.views import kernel_view as kv


def kernel_figure(scene: layers.Scene, run, t: int, *, title: str | None = None) -> go.Figure:
    """The chart at cursor ``t`` as the stage composes it: ``kv.kernel_layers`` around
    the points."""
    under, over = kv.kernel_layers(scene, run, t)
    return layers.compose(scene, under, over, title=title)


CASES = [
    ("xor", dict(n=40, seed=0), pc.Kernel("poly", degree=2), k_poly(2)),
    ("circles", dict(n=50, seed=1), pc.Kernel("rbf", gamma=1.0), k_rbf(1.0)),
    ("moons", dict(n=50, seed=2), pc.Kernel("rbf", gamma=2.0), k_rbf(2.0)),
    ("moons", dict(n=40, seed=3), pc.Kernel("poly", degree=3), k_poly(3)),
]


# ------------------------------------------------------- alpha and f vs the textbook
@pytest.mark.parametrize(("name", "params", "kernel", "K"), CASES)
def test_score_grid_matches_a_textbook_dual_perceptron(name, params, kernel, K):
    ds = datasets.generate(name, **params)
    X, y = ds.X, ds.y
    run = pc.train(X, y, variant="kernel", kernel=kernel, max_epochs=30)
    mistakes, snapshots, converged = textbook_dual(X, y, K, max_epochs=30)
    assert run.update_index.tolist() == mistakes  # alpha and f: tests/engine/test_engine_kernel.py
    box = view_box(X)
    for k in sorted({1, 2, run.mistakes // 2, run.mistakes}):
        alpha = snapshots[k - 1]
        xs, ys, Z = kv.score_grid(run, box, k, resolution=25)
        assert Z.shape == (len(ys), len(xs)) == (25, 25)
        gx, gy = np.meshgrid(xs, ys)
        want = textbook_f(X, y, alpha, K, np.c_[gx.ravel(), gy.ravel()]).reshape(Z.shape)
        scale = np.max(np.abs(want))
        np.testing.assert_allclose(Z, want, rtol=1e-9, atol=1e-12 * scale)
        # The grid's rows run along y: row r is y = ys[r].
        assert np.allclose(Z[3, 7], textbook_f(X, y, alpha, K, [(xs[7], ys[3])])[0])


def test_poly2_on_xor_draws_the_quadrants():
    ds = datasets.generate("xor", n=40, seed=0)
    X, y = ds.X, ds.y
    run = pc.train(X, y, variant="kernel", kernel=pc.Kernel("poly", degree=2), max_epochs=100)
    assert run.converged  # every training sign right: tests/engine/test_engine_kernel.py
    xs, ys, Z = kv.score_grid(run, view_box(X), run.mistakes)
    assert np.any(Z > 0) and np.any(Z < 0)  # a boundary to draw
    # XOR by quadrant: the grid's sign at the quadrant centres is the labels' sign there.
    quad = {(sx, sy): y[(np.sign(X[:, 0]) == sx) & (np.sign(X[:, 1]) == sy)] for sx in (-1, 1)
            for sy in (-1, 1)}  # fmt: skip
    for (sx, sy), labels in quad.items():
        assert len(set(labels.tolist())) == 1
        c = int(np.argmin(np.abs(xs - sx))), int(np.argmin(np.abs(ys - sy)))
        assert np.sign(Z[c[1], c[0]]) == labels[0]


# ------------------------------------------------------------ linear kernel = primal
LINEAR_CASES = [
    ("separable", dict(n=60, seed=1, margin=0.2), dict()),
    ("xor", dict(n=40, seed=0), dict(max_epochs=8)),
    ("circles", dict(n=60, seed=2), dict(max_epochs=6, shuffle=True, seed=5)),
    ("moons", dict(n=60, seed=4), dict(max_epochs=6, eta=0.5)),
]


@pytest.mark.parametrize(("name", "params", "kwargs"), LINEAR_CASES)
def test_linear_kernel_grid_is_the_playgrounds_plane(name, params, kwargs):
    ds = datasets.generate(name, **params)
    X, y = ds.X, ds.y
    primal = pc.train(X, y, variant="classic", **kwargs)
    dual = pc.train(X, y, variant="kernel", kernel="linear", **kwargs)
    assert np.array_equal(dual.update_index, primal.update_index)
    box = view_box(X)
    for k in sorted({1, dual.mistakes // 3, dual.mistakes}):
        w, b = primal.weights(k)
        xs, ys, Z = kv.score_grid(dual, box, k, resolution=30)
        gx, gy = np.meshgrid(xs, ys)
        want = w[0] * gx + w[1] * gy + b
        np.testing.assert_allclose(Z, want, rtol=1e-9, atol=1e-9 * np.max(np.abs(want)))


def test_linear_kernel_on_the_errata_xor_says_tie():
    # 002 Example 2 (ERRATA.md): (1,0) is visited with w.x + b = 0, a tie, so a mistake.
    X = np.array([[0, 0], [1, 1], [0, 1], [1, 0]], dtype=float)
    y = np.array([1, 1, -1, -1])
    dual = pc.train(X, y, variant="kernel", kernel="linear", max_epochs=5)
    assert dual.update_index.tolist()[:3] == [0, 2, 3]
    lines = kv.dual_update_lines(dual, 4, X, y)  # the fourth visit: (1, 0), a tie
    assert "tie" in lines[1] and r"\le 0" in lines[1]


# ------------------------------------------------------------ work and memory caps
@pytest.fixture(scope="module")
def every_point_a_support_vector():
    """2,000 points on a unit lattice, random labels, an RBF so narrow that
    K(x_i, x_j) underflows to 0 between points: epoch 1 makes a mistake (a tie) on every
    point, epoch 2 is clean. So after k updates exactly k points are support vectors."""
    g = np.arange(45, dtype=float)
    X = np.array([(a, b) for a in g for b in g])[:2000]
    y = np.random.default_rng(0).choice([-1, 1], size=2000)
    run = pc.train(X, y, variant="kernel", kernel=pc.Kernel("rbf", gamma=1000.0))
    assert run.converged and run.mistakes == 2000
    return run


def test_the_grid_gets_coarser_as_the_support_grows(every_point_a_support_vector):
    run = every_point_a_support_vector
    box = view_box(run.X)
    sides = []
    for k in (1, 100, 1000, 1500, 2000):
        xs, ys, Z = kv.score_grid(run, box, k)
        assert np.count_nonzero(pc.alpha_at(run, k)) == k
        assert len(xs) == len(ys) and Z.shape == (len(ys), len(xs))
        assert len(xs) * len(ys) * k <= layers.MAX_SCORE_WORK
        sides.append(len(xs))
    assert sides[0] == layers.GRID_POINTS
    assert sides == sorted(sides, reverse=True) and sides[-1] < sides[3] < layers.GRID_POINTS
    assert sides[-1] == int(math.sqrt(layers.MAX_SCORE_WORK / 2000))  # 100 a side


def test_a_smaller_cap_gives_a_smaller_grid(monkeypatch):
    ds = datasets.generate("moons", n=60, seed=0)
    run = pc.train(ds.X, ds.y, variant="kernel", kernel="rbf", max_epochs=20)
    s = np.count_nonzero(run.alpha)
    box = view_box(ds.X)
    assert len(kv.score_grid(run, box, run.mistakes)[0]) == layers.GRID_POINTS
    monkeypatch.setattr(layers, "MAX_SCORE_WORK", 40 * 40 * s)
    assert len(kv.score_grid(run, box, run.mistakes)[0]) == 40


def test_memory_stays_small_with_2000_support_vectors(every_point_a_support_vector):
    run = every_point_a_support_vector
    box = view_box(run.X)
    pc.kernel_scores(run, 2000, run.X[:5])  # compile / warm up outside the measurement
    tracemalloc.start()
    try:
        kv.score_grid(run, box, 2000)
        f = pc.kernel_scores(run, 2000, run.X)  # every point a tie-free +-1: no recompute
        grid_peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.reset_peak()
        # Zero scores everywhere (far from every point): all recomputed in update order.
        far = np.full((3000, 2), -1e3)
        g = pc.kernel_scores(run, 2000, far)
        order_peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert np.array_equal(f, run.y.astype(float))
    assert np.all(g == 0)
    # A dense (support x cells) kernel matrix would be 2000 x 10,000 x 8 bytes = 160 MB.
    assert grid_peak < 50e6 and order_peak < 50e6, (grid_peak, order_peak)


# ------------------------------------------------------------------- the equation
def balanced(s):
    depth = 0
    for ch in re.sub(r"\\[{}]", "", s):
        depth += {"{": 1, "}": -1}.get(ch, 0)
        assert depth >= 0
    return depth == 0 and s.count(r"\begin{") == s.count(r"\end{")


def test_dual_update_lines_hand_computed():
    # Degree-2 polynomial kernel K(a, b) = (1 + a.b)^2, eta = 1, fixed order.
    X = np.array([[1.0, 0.0], [0.0, 1.0], [2.0, 1.0]])
    y = np.array([1, -1, -1])
    run = pc.train(X, y, variant="kernel", kernel=pc.Kernel("poly", degree=2), max_epochs=1)
    # Visit 1, x_1: every alpha is 0, f = 0, a tie: mistake, alpha_1 = 1.
    one = kv.dual_update_lines(run, 1)
    assert r"\text{every } \alpha_j = 0" in one[0]
    assert "tie" in one[1] and r"\alpha_{1} \leftarrow \alpha_{1} + 1 = 0 + 1 = 1" in one[2]
    # Visit 2, x_2: f = 1 * (+1) * (1 + 0)^2 = 1; y f = -1 <= 0: mistake, alpha_2 = 1.
    two = kv.dual_update_lines(run, 2)
    assert r"1 \cdot (+1) \cdot 1 \\ &= 1" in two[0]
    assert r"(-1) \cdot 1 = -1 \\ \le 0" in two[1] and "tie" not in two[1]
    # Visit 3, x_3 = (2, 1): K(x_1, x_3) = (1 + 2)^2 = 9, K(x_2, x_3) = (1 + 1)^2 = 4,
    # f = 1*(+1)*9 + 1*(-1)*4 = 5; y_3 f = (-1)(5) = -5 <= 0: mistake, alpha_3 0 -> 1,
    # and f gains (-1) K(x_3, z).
    three = kv.dual_update_lines(run, 3, X, y)
    assert len(three) == 4
    assert r"f(x_{3}) &= \sum_j \alpha_j\, y_j\, K(x_j, x_{3})" in three[0]
    assert r"1 \cdot (+1) \cdot 9 \\ &\quad + 1 \cdot (-1) \cdot 4 \\ &= 5" in three[0]
    assert r"y_{3}\, f(x_{3}) = (-1) \cdot 5 = -5 \\ \le 0" in three[1]
    assert r"\text{mistake}" in three[1]
    assert r"\alpha_{3} \leftarrow \alpha_{3} + 1 = 0 + 1 = 1" in three[2]
    assert r"f(z) \leftarrow f(z) + (-1)\, K(x_{3}, z)" in three[3]
    assert kv.dual_update_lines(run, 0) == []
    assert all(balanced(s) for s in one + two + three)


def test_the_dual_form_in_hagans_and_duda_harts_notation_has_the_same_numbers():
    # The hand trace above, visit 3 (x_3 = (2, 1), label -1: t = 0, class omega_2):
    # f = 1*(+1)*9 + 1*(-1)*4 = 5, the label's sign -1, the product -5, a mistake.
    X = np.array([[1.0, 0.0], [0.0, 1.0], [2.0, 1.0]])
    y = np.array([1, -1, -1])
    run = pc.train(X, y, variant="kernel", kernel=pc.Kernel("poly", degree=2), max_epochs=1)
    with notation.using("hardlim"):
        three = kv.dual_update_lines(run, 3, X, y)
        said = notation.current().dual(defined=True)
    assert r"f(p_{3}) &= \sum_j \alpha_j\, (2t_j - 1)\, K(p_j, p_{3})" in three[0]
    assert r"1 \cdot (+1) \cdot 9 \\ &\quad + 1 \cdot (-1) \cdot 4 \\ &= 5" in three[0]
    assert r"(2t_{3} - 1)\, f(p_{3}) = (-1) \cdot 5 = -5 \\ \le 0" in three[1]
    assert r"f(z) \leftarrow f(z) + (-1)\, K(p_{3}, z)" in three[3]
    assert said == "f(p) = Σ α_i (2t_i − 1) K(p_i, p) (2t_i − 1 = ±1)"
    with notation.using("augmented"):
        three = kv.dual_update_lines(run, 3, X, y)
        said = notation.current().dual(defined=True)
    assert r"\alpha_j\, s_j\, K(x_j, x_{3})" in three[0]
    assert r"s_{3}\, f(x_{3}) = (-1) \cdot 5 = -5" in three[1]
    assert said == "f(x) = Σ α_i s_i K(x_i, x) (s_i = +1 in ω₁, −1 in ω₂)"
    for name in ("wb", "theta"):  # labels y = ±1: the notes' dual form
        with notation.using(name):
            assert notation.current().dual() == "f(x) = Σ α_i y_i K(x_i, x)"


def test_dual_update_lines_no_mistake_eta_and_many_terms():
    ds = datasets.generate("xor", n=40, seed=0)
    run = pc.train(ds.X, ds.y, variant="kernel", kernel="rbf", eta=0.5, max_epochs=50)
    assert run.converged
    seen = set()
    for t in range(1, run.n_visits + 1):
        v = run.visit(t - 1)
        lines = kv.dual_update_lines(run, t)
        assert all(balanced(s) for s in lines)
        assert r"\eta\,\sum_j" in lines[0]
        assert len(lines) == (4 if v.mistake else 2)
        if not v.mistake:
            assert r"> 0 \;\Rightarrow\; \text{no mistake" in lines[1]
        else:
            assert r"0.5 \cdot (" in lines[3]  # f gains eta * y_i * K(x_i, z)
        # The number printed for f is the engine's activation at that visit.
        printed = re.search(r"&= (-?[0-9.]+(?: \\cdot 10\^\{-?\d+\})?) ", lines[0] + " ")
        many = np.count_nonzero(pc.alpha_at(run, v.updates_before)) > kv.MAX_TERMS
        if printed and "cdot 10" not in printed.group(1) and many:
            assert float(printed.group(1)) == pytest.approx(v.activation, rel=1e-3, abs=1e-4)
            seen.add("value")
        seen.add(v.mistake)
    assert seen >= {True, False, "value"}


# ---------------------------------------------------------------------- the chart
def test_kernel_figure_at_the_start_and_after_updates():
    ds = datasets.generate("circles", n=60, seed=0)
    X, y = ds.X, ds.y
    run = pc.train(X, y, variant="kernel", kernel=pc.Kernel("rbf", gamma=1.0), max_epochs=50)
    scene = layers.Scene(X, y, view_box(X))
    start = kernel_figure(scene, run, 0)
    assert [tr.type for tr in start.data] == ["scatter", "scatter"]  # the points only
    go.Figure(start.to_dict())

    t = int(run.update_visit[min(9, run.mistakes - 1)])  # the visit of the 10th update
    fig = kernel_figure(scene, run, t + 1, title="after ten updates")
    go.Figure(fig.to_dict())  # plotly's validation raises on any bad property
    k = run.updates_before_visit(t + 1)
    alpha = np.bincount(run.update_index[:k], minlength=run.n)
    names = [tr.name for tr in fig.data]
    # One contour: f shaded on the grid, and its zero level as its only line.
    assert [tr.type for tr in fig.data][:2] == ["contour", "scatter"]
    region = fig.data[0].contours
    assert region.coloring == "heatmap" and region.showlines
    assert region.start == region.end == 0.0
    assert names[-1] == "visited"
    ring = fig.data[-1]
    assert (ring.x[0], ring.y[0]) == tuple(X[run.update_index[k - 1]])
    # Marker sizes grow with alpha; the hover shows alpha itself.
    sizes = np.empty(run.n)
    shown = np.empty(run.n)
    for tr in fig.data:
        if tr.type == "scatter" and tr.meta in (-1, 1):
            sel = y == tr.meta
            sizes[sel] = tr.marker.size
            shown[sel] = tr.customdata
    assert np.array_equal(shown, alpha)
    order = np.argsort(alpha, kind="stable")
    assert np.all(np.diff(sizes[order]) >= 0) and sizes[alpha == 0].max() < sizes.max()
    # The crosses are where the engine's f says a visit would be a mistake.
    wrong = y * run.kernel_activations(k, X) <= 0
    crosses = [tr for tr in fig.data if tr.name == "misclassified"]
    if wrong.any():
        got = {(a, b) for a, b in zip(crosses[0].x, crosses[0].y, strict=True)}
        assert got == {tuple(p) for p in X[wrong]}
    else:
        assert not crosses
    # The contour is the grid of score_grid at that k.
    xs, ys, Z = kv.score_grid(run, scene.box, k)
    np.testing.assert_array_equal(np.asarray(fig.data[0].z), Z)

    end = kernel_figure(scene, run, run.n_visits)
    assert run.converged and not [tr for tr in end.data if tr.name == "misclassified"]


def test_errors_name_the_bad_value():
    X = np.array([[0.0, 0.0], [1.0, 1.0]])
    y = np.array([1, -1])
    run = pc.train(X, y, variant="kernel", kernel="rbf")
    with pytest.raises(IndexError, match=str(run.mistakes + 1)):
        kv.score_grid(run, view_box(X), run.mistakes + 1)
    assert not np.any(kv.score_grid(run, view_box(X), 0)[2])


def test_kernel_description():
    assert "a·b + 1" in kv.kernel_description(None)
    assert "Playground" in kv.kernel_description("linear")
    poly = kv.kernel_description(pc.Kernel("poly", degree=3))
    assert "(1 + a·b)^3" in poly and "degree 3" in poly
    rbf = kv.kernel_description(pc.Kernel("rbf", gamma=4.0))
    assert "exp(-4·||a - b||²)" in rbf and "0.5" in rbf  # width 1/sqrt(4)
