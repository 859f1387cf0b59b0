"""ui.kernel_view: the kernel perceptron's page, checked against independent oracles.

The oracles: a textbook dual perceptron written here (alpha and f), the primal perceptron
(``variant="classic"``) for the linear kernel, the engine's own accounting
(``run.kernel_activations``, ``run.visit``) for the sign at ties, and numbers by hand.
"""

import math
import re
import tracemalloc

import numpy as np
import plotly.graph_objects as go
import pytest

import datasets
import perceptron_core as pc
from ui import kernel_view as kv
from ui import layers
from ui.figures import view_box


# ------------------------------------------------------------------ the oracles
def k_poly(degree):
    return lambda a, b: (1.0 + float(a[0] * b[0] + a[1] * b[1])) ** degree


def k_rbf(gamma):
    return lambda a, b: math.exp(-gamma * float((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2))


def k_linear(a, b):
    return float(a[0] * b[0] + a[1] * b[1]) + 1.0


def textbook_dual(X, y, K, eta=1.0, max_epochs=100):
    """Notes 001 sec 1.5: w is sum_j alpha_j y_j x_j, so predict with
    f(x) = sum_j eta alpha_j y_j K(x_j, x); a mistake (y f <= 0) adds 1 to alpha_i.
    Returns the examples of the mistakes in order, alpha after each, and convergence."""
    n = len(y)
    G = [[K(X[a], X[b]) for b in range(n)] for a in range(n)]
    alpha = [0] * n
    mistakes, snapshots = [], []
    for _ in range(max_epochs):
        clean = True
        for i in range(n):
            f = sum(eta * alpha[j] * y[j] * G[j][i] for j in range(n))
            if y[i] * f <= 0:
                alpha[i] += 1
                mistakes.append(i)
                snapshots.append(list(alpha))
                clean = False
        if clean:
            return mistakes, snapshots, True
    return mistakes, snapshots, False


def textbook_f(X, y, alpha, K, Z, eta=1.0):
    return np.array(
        [sum(eta * alpha[j] * y[j] * K(X[j], z) for j in range(len(y)) if alpha[j]) for z in Z]
    )


CASES = [
    ("xor", dict(n=40, seed=0), pc.Kernel("poly", degree=2), k_poly(2)),
    ("circles", dict(n=50, seed=1), pc.Kernel("rbf", gamma=1.0), k_rbf(1.0)),
    ("moons", dict(n=50, seed=2), pc.Kernel("rbf", gamma=2.0), k_rbf(2.0)),
    ("moons", dict(n=40, seed=3), pc.Kernel("poly", degree=3), k_poly(3)),
]


# ------------------------------------------------------- alpha and f vs the textbook
@pytest.mark.parametrize(("name", "params", "kernel", "K"), CASES)
def test_alpha_and_f_match_a_textbook_dual_perceptron(name, params, kernel, K):
    ds = datasets.generate(name, **params)
    X, y = ds.X, ds.y
    run = pc.train(X, y, variant="kernel", kernel=kernel, max_epochs=30)
    mistakes, snapshots, converged = textbook_dual(X, y, K, max_epochs=30)
    assert run.update_index.tolist() == mistakes
    assert run.converged == converged
    assert kv.alpha_at(run, 0).tolist() == [0] * len(y)
    for k in range(1, run.mistakes + 1):
        assert kv.alpha_at(run, k).tolist() == snapshots[k - 1]
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
        f = kv.scores_at(run, k, X)
        np.testing.assert_allclose(f, textbook_f(X, y, alpha, K, X), rtol=1e-9, atol=1e-12)


def test_poly2_separates_xor_and_every_training_sign_is_right():
    ds = datasets.generate("xor", n=40, seed=0)
    X, y = ds.X, ds.y
    assert not pc.train(X, y, variant="classic", max_epochs=100).converged  # not linear
    run = pc.train(X, y, variant="kernel", kernel=pc.Kernel("poly", degree=2), max_epochs=100)
    assert run.converged
    f = kv.scores_at(run, run.mistakes, X)
    assert np.all(y * f > 0)
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
def test_linear_kernel_replays_the_playgrounds_run(name, params, kwargs):
    ds = datasets.generate(name, **params)
    X, y = ds.X, ds.y
    primal = pc.train(X, y, variant="classic", **kwargs)
    dual = pc.train(X, y, variant="kernel", kernel="linear", **kwargs)
    assert np.array_equal(dual.update_index, primal.update_index)
    assert np.array_equal(dual.update_visit, primal.update_visit)
    assert dual.converged == primal.converged
    box = view_box(X)
    for k in range(dual.mistakes + 1):
        w, b = primal.weights(k)
        wrong_primal = y * (X @ w + b) <= 0
        assert np.array_equal(y * kv.scores_at(dual, k, X) <= 0, wrong_primal), k
    for k in sorted({1, dual.mistakes // 3, dual.mistakes}):
        w, b = primal.weights(k)
        xs, ys, Z = kv.score_grid(dual, box, k, resolution=30)
        gx, gy = np.meshgrid(xs, ys)
        want = w[0] * gx + w[1] * gy + b
        np.testing.assert_allclose(Z, want, rtol=1e-9, atol=1e-9 * np.max(np.abs(want)))


def test_linear_kernel_on_the_errata_xor_ties_included():
    # 002 Example 2 (ERRATA.md): (1,0) is visited with w.x + b = 0, a tie, so a mistake.
    X = np.array([[0, 0], [1, 1], [0, 1], [1, 0]], dtype=float)
    y = np.array([1, 1, -1, -1])
    primal = pc.train(X, y, max_epochs=5)
    dual = pc.train(X, y, variant="kernel", kernel="linear", max_epochs=5)
    assert dual.update_index.tolist()[:3] == [0, 2, 3] == primal.update_index.tolist()[:3]
    assert np.array_equal(dual.update_index, primal.update_index)
    for k in range(dual.mistakes + 1):
        w, b = primal.weights(k)
        assert np.array_equal(y * kv.scores_at(dual, k, X) <= 0, y * (X @ w + b) <= 0)
    lines = kv.dual_update_lines(dual, 4, X, y)  # the fourth visit: (1, 0), a tie
    assert "tie" in lines[1] and r"\le 0" in lines[1]


# ---------------------------------------------------------------- signs at ties
def grouped(run, k, Z):
    """f grouped by example, the textbook's way: sum_i (eta*alpha_i*y_i) K(x_i, z)."""
    alpha = np.bincount(run.update_index[:k], minlength=run.n)
    s = np.flatnonzero(alpha)
    return (run.eta * alpha[s] * run.y[s]) @ run.kernel.matrix(run.X[s], Z)


def test_grouping_by_example_can_flip_the_sign_of_a_tie_and_scores_at_does_not():
    # Found by search: integer points, eta = 0.1. After 7 updates example 3 (row 2) is an
    # exact tie; the engine's sum in update order is -1.1e-16 (y = -1: correct), the sum
    # grouped by example +2.2e-16 (a mistake).
    X = np.array([[2, 2], [-2, 0], [2, 1], [0, 2]], dtype=float)
    y = np.array([1, -1, -1, -1])
    run = pc.train(X, y, variant="kernel", kernel="linear", eta=0.1, max_epochs=8)
    engine = run.kernel_activations(7, X)
    naive = grouped(run, 7, X)
    assert y[2] * engine[2] > 0 >= y[2] * naive[2], "precondition: the example must tie"
    f = kv.scores_at(run, 7, X)
    assert np.array_equal(np.sign(f), np.sign(engine))
    assert f[2] == engine[2]  # recomputed in the engine's order, bitwise


RBF_TIE_X = np.array([[-1, 2], [0, 0], [2, 0], [1, 0], [-1, 0], [1, 0], [-1, 2], [1, 1]], float)
RBF_TIE_Y = np.array([1, 1, -1, 1, -1, -1, -1, -1])


@pytest.mark.parametrize(
    ("kernel", "eta"),
    [("linear", 0.1), ("linear", 0.3), (pc.Kernel("poly", degree=2), 0.1), ("rbf", 1.0),
     (pc.Kernel("rbf", gamma=0.5), 0.3)],
)  # fmt: skip
def test_the_sign_of_scores_at_is_the_engines_at_every_visit(kernel, eta, monkeypatch):
    """On small integer data (many exact ties), for every update count k and every
    training point, and for every visit: the marker agrees with the engine's verdict.
    Tiny blocks, so the sums run across many of them."""
    monkeypatch.setattr(kv, "CHUNK_ELEMENTS", 5)
    rng = np.random.default_rng(7)
    data = [(RBF_TIE_X, RBF_TIE_Y)]  # found by search: ties at eta = 1 for the RBF
    for _ in range(120):
        n = int(rng.integers(4, 10))
        X = rng.integers(-2, 3, size=(n, 2)).astype(float)
        y = rng.choice([-1, 1], size=n)
        if len(set(y.tolist())) == 2:
            data.append((X, y))
    flips = 0
    for X, y in data:
        run = pc.train(X, y, variant="kernel", kernel=kernel, eta=eta, max_epochs=8)
        for k in range(run.mistakes + 1):
            f = kv.scores_at(run, k, X)
            engine = run.kernel_activations(k, X)
            assert np.array_equal(y * f <= 0, y * engine <= 0)
            flips += int(np.sum((y * grouped(run, k, X) <= 0) != (y * engine <= 0))) if k else 0
        for t in range(run.n_visits):
            v = run.visit(t)
            f = kv.scores_at(run, v.updates_before, X[v.index : v.index + 1])[0]
            assert (y[v.index] * f <= 0) == v.mistake
    assert flips > 0, "precondition: some tie must be broken differently when grouped"


def test_the_update_order_sum_is_bitwise_the_loops_across_blocks(monkeypatch):
    """The engine's f in update order, summed in blocks of bounded memory, is bitwise the
    one-shot running sum over all updates (the loop's order), written here."""
    import perceptron_core.dual as dual_module

    ds = datasets.generate("moons", n=1100, seed=0, noise=0.2)
    run = pc.train(ds.X, ds.y, variant="kernel", kernel="poly", eta=0.1, max_epochs=1)
    monkeypatch.setattr(dual_module, "_CHUNK_ELEMENTS", 4 * 37 * ds.n)  # 37 updates a block
    assert run.mistakes > 3 * 37
    for k in (1, 129, run.mistakes):
        idx = run.update_index[:k]
        steps = run.eta * run.y[idx]
        once = np.cumsum(steps[:, None] * run.kernel.matrix(run.X[idx], ds.X), axis=0)[-1]
        assert np.array_equal(run.kernel_activations(k, ds.X), once)


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
        assert np.count_nonzero(kv.alpha_at(run, k)) == k
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
    kv.scores_at(run, 2000, run.X[:5])  # compile / warm up outside the measurement
    tracemalloc.start()
    try:
        kv.score_grid(run, box, 2000)
        f = kv.scores_at(run, 2000, run.X)  # every point a tie-free +-1: no recompute
        grid_peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.reset_peak()
        # Zero scores everywhere (far from every point): all recomputed in update order.
        far = np.full((3000, 2), -1e3)
        g = kv.scores_at(run, 2000, far)
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
        many = np.count_nonzero(kv.alpha_at(run, v.updates_before)) > kv.MAX_TERMS
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
    start = kv.kernel_figure(scene, run, 0)
    assert [tr.type for tr in start.data] == ["scatter", "scatter"]  # the points only
    go.Figure(start.to_dict())

    t = int(run.update_visit[min(9, run.mistakes - 1)])  # the visit of the 10th update
    fig = kv.kernel_figure(scene, run, t + 1, title="after ten updates")
    go.Figure(fig.to_dict())  # plotly's validation raises on any bad property
    k = run.updates_before_visit(t + 1)
    alpha = np.bincount(run.update_index[:k], minlength=run.n)
    names = [tr.name for tr in fig.data]
    assert [tr.type for tr in fig.data][:2] == ["contour", "contour"]
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

    end = kv.kernel_figure(scene, run, run.n_visits)
    assert run.converged and not [tr for tr in end.data if tr.name == "misclassified"]


def test_errors_name_the_bad_value():
    X = np.array([[0.0, 0.0], [1.0, 1.0]])
    y = np.array([1, -1])
    run = pc.train(X, y, variant="kernel", kernel="rbf")
    with pytest.raises(IndexError, match=str(run.mistakes + 1)):
        kv.alpha_at(run, run.mistakes + 1)
    with pytest.raises(ValueError, match="classic"):
        kv.scores_at(pc.train(X, y), 0, X)
    with pytest.raises(ValueError, match="shape"):
        kv.scores_at(run, 1, [1.0, 2.0, 3.0])
    assert np.array_equal(kv.scores_at(run, 0, X), [0.0, 0.0])
    assert not np.any(kv.score_grid(run, view_box(X), 0)[2])


def test_kernel_description():
    assert "a·b + 1" in kv.kernel_description(None)
    assert "Playground" in kv.kernel_description("linear")
    poly = kv.kernel_description(pc.Kernel("poly", degree=3))
    assert "(1 + a·b)^3" in poly and "degree 3" in poly
    rbf = kv.kernel_description(pc.Kernel("rbf", gamma=4.0))
    assert "exp(-4·||a - b||²)" in rbf and "0.5" in rbf  # width 1/sqrt(4)
