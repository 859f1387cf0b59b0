"""The kernel perceptron's dual form in the engine (pc.alpha_at, pc.kernel_scores) against
independent oracles: a textbook dual perceptron (tests/oracles/dual_oracle.py), the primal
perceptron for the linear kernel, and the engine's own accounting of every visit
(``run.kernel_activations``, ``run.visit``) for the sign at ties."""

import numpy as np
import pytest
from dual_oracle import grouped, k_poly, k_rbf, textbook_dual, textbook_f

import datasets
import perceptron_core as pc
import perceptron_core.dual as dual_module

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
    assert pc.alpha_at(run, 0).tolist() == [0] * len(y)
    for k in range(1, run.mistakes + 1):
        assert pc.alpha_at(run, k).tolist() == snapshots[k - 1]
    Q = np.random.default_rng(0).uniform(-2, 2, size=(30, 2))
    for k in sorted({1, 2, run.mistakes // 2, run.mistakes}):
        alpha = snapshots[k - 1]
        f = pc.kernel_scores(run, k, X)
        np.testing.assert_allclose(f, textbook_f(X, y, alpha, K, X), rtol=1e-9, atol=1e-12)
        want = textbook_f(X, y, alpha, K, Q)
        fast = pc.kernel_scores(run, k, Q, exact_sign=False)
        np.testing.assert_allclose(fast, want, rtol=1e-9, atol=1e-12 * np.max(np.abs(want)))


def test_poly2_separates_xor_and_every_training_sign_is_right():
    ds = datasets.generate("xor", n=40, seed=0)
    X, y = ds.X, ds.y
    assert not pc.train(X, y, variant="classic", max_epochs=100).converged  # not linear
    run = pc.train(X, y, variant="kernel", kernel=pc.Kernel("poly", degree=2), max_epochs=100)
    assert run.converged
    f = pc.kernel_scores(run, run.mistakes, X)
    assert np.all(y * f > 0)


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
    for k in range(dual.mistakes + 1):
        w, b = primal.weights(k)
        wrong_primal = y * (X @ w + b) <= 0
        assert np.array_equal(y * pc.kernel_scores(dual, k, X) <= 0, wrong_primal), k


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
        assert np.array_equal(y * pc.kernel_scores(dual, k, X) <= 0, y * (X @ w + b) <= 0)


# ---------------------------------------------------------------- signs at ties
def test_grouping_by_example_can_flip_the_sign_of_a_tie_and_kernel_scores_does_not():
    # Found by search: integer points, eta = 0.1. After 7 updates example 3 (row 2) is an
    # exact tie; the engine's sum in update order is -1.1e-16 (y = -1: correct), the sum
    # grouped by example +2.2e-16 (a mistake).
    X = np.array([[2, 2], [-2, 0], [2, 1], [0, 2]], dtype=float)
    y = np.array([1, -1, -1, -1])
    run = pc.train(X, y, variant="kernel", kernel="linear", eta=0.1, max_epochs=8)
    engine = run.kernel_activations(7, X)
    naive = grouped(run, 7, X)
    assert y[2] * engine[2] > 0 >= y[2] * naive[2], "precondition: the example must tie"
    f = pc.kernel_scores(run, 7, X)
    assert np.array_equal(np.sign(f), np.sign(engine))
    assert f[2] == engine[2]  # recomputed in the engine's order, bitwise


RBF_TIE_X = np.array([[-1, 2], [0, 0], [2, 0], [1, 0], [-1, 0], [1, 0], [-1, 2], [1, 1]], float)
RBF_TIE_Y = np.array([1, 1, -1, 1, -1, -1, -1, -1])


@pytest.mark.slow
@pytest.mark.parametrize(
    ("kernel", "eta"),
    [("linear", 0.1), ("linear", 0.3), (pc.Kernel("poly", degree=2), 0.1), ("rbf", 1.0),
     (pc.Kernel("rbf", gamma=0.5), 0.3)],
)  # fmt: skip
def test_the_sign_of_kernel_scores_is_the_engines_at_every_visit(kernel, eta, monkeypatch):
    """On small integer data (many exact ties), for every update count k and every
    training point, and for every visit: the sign agrees with the engine's verdict.
    Tiny blocks, so the sums run across many of them."""
    monkeypatch.setattr(dual_module, "GROUPED_CHUNK_ELEMENTS", 5)
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
            f = pc.kernel_scores(run, k, X)
            engine = run.kernel_activations(k, X)
            assert np.array_equal(y * f <= 0, y * engine <= 0)
            flips += int(np.sum((y * grouped(run, k, X) <= 0) != (y * engine <= 0))) if k else 0
        for t in range(run.n_visits):
            v = run.visit(t)
            f = pc.kernel_scores(run, v.updates_before, X[v.index : v.index + 1])[0]
            assert (y[v.index] * f <= 0) == v.mistake
    assert flips > 0, "precondition: some tie must be broken differently when grouped"


def test_the_update_order_sum_is_bitwise_the_loops_across_blocks(monkeypatch):
    """The engine's f in update order, summed in blocks of bounded memory, is bitwise the
    one-shot running sum over all updates (the loop's order), written here."""
    ds = datasets.generate("moons", n=1100, seed=0, noise=0.2)
    run = pc.train(ds.X, ds.y, variant="kernel", kernel="poly", eta=0.1, max_epochs=1)
    monkeypatch.setattr(dual_module, "_CHUNK_ELEMENTS", 4 * 37 * ds.n)  # 37 updates a block
    assert run.mistakes > 3 * 37
    for k in (1, 129, run.mistakes):
        idx = run.update_index[:k]
        steps = run.eta * run.y[idx]
        once = np.cumsum(steps[:, None] * run.kernel.matrix(run.X[idx], ds.X), axis=0)[-1]
        assert np.array_equal(run.kernel_activations(k, ds.X), once)


def test_errors_name_the_bad_value():
    X = np.array([[0.0, 0.0], [1.0, 1.0]])
    y = np.array([1, -1])
    run = pc.train(X, y, variant="kernel", kernel="rbf")
    with pytest.raises(IndexError, match=str(run.mistakes + 1)):
        pc.alpha_at(run, run.mistakes + 1)
    with pytest.raises(ValueError, match="classic"):
        pc.kernel_scores(pc.train(X, y), 0, X)
    with pytest.raises(ValueError, match="shape"):
        pc.kernel_scores(run, 1, [1.0, 2.0, 3.0])
    assert np.array_equal(pc.kernel_scores(run, 0, X), [0.0, 0.0])
