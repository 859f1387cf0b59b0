"""The engine against independent oracles: textbook loops written here, scikit-learn, and
the exact hand traces of ERRATA.md."""

import subprocess
import sys
import warnings

import numpy as np
import pytest
from sklearn.exceptions import ConvergenceWarning
from sklearn.linear_model import Perceptron, SGDClassifier

import perceptron_core as pc


def textbook(X, y, eta=1.0, epochs=10, w0=None, b0=0.0, orders=None):
    """CIML Algorithm 5, written out with plain Python floats; returns w, b, trace."""
    n, d = len(X), len(X[0])
    w = [0.0] * d if w0 is None else [float(v) for v in w0]
    b = float(b0)
    trace = []
    for e in range(epochs):
        mistakes = 0
        for i in orders[e] if orders is not None else range(n):
            a = 0.0
            for j in range(d):
                a += w[j] * float(X[i][j])
            a += b
            mistake = float(y[i]) * a <= 0
            if mistake:
                s = eta * float(y[i])
                w = [w[j] + float(X[i][j]) * s for j in range(d)]
                b += s
                mistakes += 1
            trace.append((e, int(i), a, mistake, tuple(w), b))
        if mistakes == 0:
            break
    return np.array(w), b, trace


def noisy_data(n=300, d=2, seed=0, noise=0.1, shift=0.0, scale=1.0):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d)) * scale + shift
    w = rng.normal(size=d)
    y = np.where((X - shift) @ w + 0.2 * scale > 0, 1, -1)
    flip = rng.random(n) < noise
    return X, np.where(flip, -y, y)


def sklearn_perceptron(X, y, epochs, eta=1.0):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        return Perceptron(shuffle=False, tol=None, max_iter=epochs, eta0=eta).fit(X, y)


# ----------------------------------------------------------------- scikit-learn
@pytest.mark.parametrize("epochs", [1, 2, 3, 5, 8, 13, 40])
@pytest.mark.parametrize("eta", [1.0, 0.1, 0.37])
def test_equals_sklearn_bitwise_on_generated_data(epochs, eta):
    for seed, d in [(0, 2), (1, 5), (2, 1), (3, 12), (4, 50)]:
        X, y = noisy_data(n=200, d=d, seed=seed, shift=1.5, scale=3.0)
        run = pc.train(X, y, eta=eta, max_epochs=epochs)
        sk = sklearn_perceptron(X, y, epochs, eta)
        assert np.array_equal(run.w, sk.coef_[0]), (seed, epochs)
        assert run.b == sk.intercept_[0]


def iris_pair():
    import plotly.express as px

    df = px.data.iris()
    df = df[df.species.isin(["setosa", "versicolor"])]
    X = df[["petal_length", "petal_width"]].to_numpy(dtype=float)
    y = np.where(df.species == "versicolor", 1, -1)
    return X, y


@pytest.mark.parametrize("epochs", [1, 2, 3, 4, 6, 10, 50])
def test_equals_sklearn_bitwise_on_iris(epochs):
    X, y = iris_pair()
    run = pc.train(X, y, max_epochs=epochs)
    sk = sklearn_perceptron(X, y, epochs)
    assert np.array_equal(run.w, sk.coef_[0])
    assert run.b == sk.intercept_[0]
    if run.converged:  # further epochs change nothing; sklearn keeps going
        assert (sk.predict(X) == y).all()


# ------------------------------------------------------------ textbook loop
@pytest.mark.parametrize("seed", range(6))
def test_fast_loop_equals_textbook_loop_visit_by_visit(seed):
    d = 3 if seed < 3 else 9  # d >= 8 takes the loop's four-examples-ahead path
    X, y = noisy_data(n=61, d=d, seed=seed, shift=2.0)
    eta, w0, b0 = [1.0, 0.5, 2.25][seed % 3], np.linspace(-1.1, 0.7, d), -0.4
    run = pc.train(X, y, eta=eta, max_epochs=7, w0=w0, b0=b0)
    w, b, trace = textbook(X, y, eta=eta, epochs=7, w0=w0, b0=b0)
    assert np.array_equal(run.w, w) and run.b == b
    v = run.visits()
    assert len(trace) == run.n_visits == len(v["t"])
    for t, (e, i, a, mistake, _, _) in enumerate(trace):
        assert (v["epoch"][t], v["index"][t]) == (e, i)
        assert v["activation"][t] == a  # bitwise
        assert bool(v["mistake"][t]) == mistake
    # Weights after every update, rebuilt from the record, equal the loop's.
    after = [(tw, tb) for (_, _, _, m, tw, tb) in trace if m]
    assert run.mistakes == len(after)
    for k, (tw, tb) in enumerate(after, start=1):
        wk, bk = run.weights(k)
        assert np.array_equal(wk, tw) and bk == tb
    # The single-visit accessor agrees with the column accessor.
    for t in [0, 1, 17, run.n_visits - 1]:
        vis = run.visit(t)
        assert vis.activation == v["activation"][t] and vis.mistake == v["mistake"][t]


def test_reshuffled_order_equals_textbook_with_the_same_orders():
    X, y = noisy_data(n=50, seed=3)
    run = pc.train(X, y, max_epochs=6, shuffle=True, seed=42)
    orders = [run.order(e) for e in range(6)]
    assert not all(np.array_equal(orders[0], o) for o in orders[1:])  # really reshuffled
    assert sorted(orders[2].tolist()) == list(range(50))
    w, b, trace = textbook(X, y, epochs=6, orders=orders)
    assert np.array_equal(run.w, w) and run.b == b
    assert np.array_equal(run.visits()["index"], [i for (_, i, *_rest) in trace])
    again = pc.train(X, y, max_epochs=6, shuffle=True, seed=42)
    assert np.array_equal(again.record, run.record)  # same seed, same run
    other = pc.train(X, y, max_epochs=6, shuffle=True, seed=43)
    assert not np.array_equal(other.update_index, run.update_index)


def test_reference_step_is_the_rule():
    w, b, a, m = pc.perceptron_step([1.0, -2.0], 0.5, [2.0, 1.0], -1.0, eta=0.5)
    assert a == 0.5 and m
    assert np.array_equal(w, [0.0, -2.5]) and b == 0.0
    w, b, a, m = pc.perceptron_step([1.0, -2.0], 0.5, [2.0, 1.0], 1.0)
    assert a == 0.5 and not m and b == 0.5


# -------------------------------------------------------- ERRATA hand traces
def test_errata_example_1_first_epoch():
    X = np.array([[1, 1], [2, 2], [1, 2], [2, 1]], dtype=float)
    y = np.array([1, 1, -1, -1])
    run = pc.train(X, y, max_epochs=50)
    v = run.visits(0, 4)
    assert v["activation"].tolist() == [0.0, 5.0, 4.0, -1.0]
    assert v["mistake"].tolist() == [True, False, True, False]
    assert [run.visit(t).w_after.tolist() for t in range(4)] == [[1, 1], [1, 1], [0, -1], [0, -1]]
    assert [run.visit(t).b_after for t in range(4)] == [1, 1, 0, 0]
    assert not run.converged and run.epochs == 50  # never a clean pass
    assert not pc.theory(X, y).separable


def test_errata_example_2_xor_first_epoch_with_the_tie():
    X = np.array([[0, 0], [1, 1], [0, 1], [1, 0]], dtype=float)
    y = np.array([1, 1, -1, -1])
    run = pc.train(X, y, max_epochs=1)
    v = run.visits()
    assert v["activation"].tolist() == [0.0, 1.0, 1.0, 0.0]  # the last is a tie at zero
    assert v["mistake"].tolist() == [True, False, True, True]
    states = [(run.visit(t).w_after.tolist(), run.visit(t).b_after) for t in range(4)]
    assert states == [([0, 0], 1), ([0, 0], 1), ([0, -1], 0), ([-1, -1], -1)]
    assert not pc.train(X, y, max_epochs=200).converged


# ---------------------------------------------------------------- stopping
def test_stops_on_first_clean_pass_and_counts_it():
    X, y = iris_pair()
    run = pc.train(X, y, max_epochs=1000)
    assert run.converged and run.stop_reason == "converged"
    assert run.counts[-1] == 0 and (run.counts[:-1] > 0).all()
    assert (run.predict(X) == y).all()
    _, _, trace = textbook(X, y, epochs=1000)
    assert run.epochs == trace[-1][0] + 1


def test_max_updates_stops_right_after_that_update():
    X, y = noisy_data(n=100, seed=5)
    full = pc.train(X, y, max_epochs=10)
    for m in [1, 7, 100, 101]:
        run = pc.train(X, y, max_epochs=10, max_updates=m)
        assert run.mistakes == m and run.stop_reason == "max_updates"
        wk, bk = full.weights(m)
        assert np.array_equal(run.w, wk) and run.b == bk
        assert run.n_visits == full.update_visit[m - 1] + 1


def test_epoch_at_a_cursor_counts_the_epochs_the_visits_reach_into():
    """Counted by hand: the visits walked epoch by epoch, the cursor after each visit."""
    X, y = noisy_data(n=7, seed=3)
    for run in (pc.train(X, y, max_epochs=4), pc.train(X, y, max_epochs=4, max_updates=5)):
        expected = {0: 0}  # no visit yet: no epoch
        t = 0
        for epoch in range(1, run.epochs + 1):
            for _ in range(run.n):
                if t == run.n_visits:
                    break
                t += 1
                expected[t] = epoch
        assert t == run.n_visits and len(expected) == run.n_visits + 1
        assert {t: run.epoch_at(t) for t in expected} == expected


def test_record_is_int32_positions_and_grows_past_the_first_buffer():
    X, y = noisy_data(n=3000, noise=0.3, seed=1)
    run = pc.train(X, y, max_epochs=30)
    assert run.mistakes > 20_000  # far beyond the initial buffer: it grew many times
    assert run.record.dtype == np.int32 and run.record.nbytes == 4 * run.mistakes
    sk = sklearn_perceptron(X, y, 30)
    assert np.array_equal(run.w, sk.coef_[0])
    with pytest.raises(ValueError):
        run.record[0] = 1  # immutable


def test_random_start_is_seeded():
    X, y = noisy_data(n=40, seed=2)
    a = pc.train(X, y, w0="random", seed=7, max_epochs=3)
    b = pc.train(X, y, w0="random", seed=7, max_epochs=3)
    c = pc.train(X, y, w0="random", seed=8, max_epochs=3)
    assert np.array_equal(a.w0, b.w0) and a.b0 == b.b0 and not np.array_equal(a.w0, c.w0)
    w, bb, _ = textbook(X, y, epochs=3, w0=a.w0, b0=a.b0)
    assert np.array_equal(a.w, w) and a.b == bb


# ---------------------------------------------------------------- variants
def averaged_textbook(X, y, epochs):
    """Average of the weights after every visit, kept the slow obvious way."""
    n, d = X.shape
    w, b = np.zeros(d), 0.0
    sw, sb, T = np.zeros(d), 0.0, 0
    for _ in range(epochs):
        clean = True
        for i in range(n):
            if y[i] * (w @ X[i] + b) <= 0:
                w, b, clean = w + y[i] * X[i], b + y[i], False
            sw, sb, T = sw + w, sb + b, T + 1
        if clean:
            break
    return sw / T, sb / T, T


def test_averaged_equals_textbook_average_and_ciml_factor():
    X, y = noisy_data(n=120, seed=4, noise=0.15)
    run = pc.train(X, y, variant="averaged", max_epochs=9)
    w, b, T = averaged_textbook(X, y, 9)
    aw, ab = run.averaged_weights
    np.testing.assert_allclose(aw, w, rtol=1e-12, atol=1e-12)
    assert ab == pytest.approx(b, rel=1e-12, abs=1e-12)
    assert np.array_equal(run.predict(X), np.where(X @ w + b > 0, 1, -1))
    cw, cb = run.averaged_weights_ciml
    np.testing.assert_allclose(cw, w * T / (T + 1), rtol=1e-12)


def ciml_algorithm_7(X, y, epochs):
    n, d = X.shape
    w, b, u, beta, c = np.zeros(d), 0.0, np.zeros(d), 0.0, 1
    for _ in range(epochs):
        for i in range(n):
            if y[i] * (w @ X[i] + b) <= 0:
                w, b = w + y[i] * X[i], b + y[i]
                u, beta = u + y[i] * c * X[i], beta + y[i] * c
            c += 1
    return w - u / c, b - beta / c


def test_ciml_algorithm_7_is_the_documented_factor_of_the_average():
    X, y = noisy_data(n=80, seed=9, noise=0.2)
    run = pc.train(X, y, variant="averaged", max_epochs=4)
    assert not run.converged
    w7, b7 = ciml_algorithm_7(X, y, 4)
    cw, cb = run.averaged_weights_ciml
    np.testing.assert_allclose(cw, w7, rtol=1e-10)
    assert cb == pytest.approx(b7, rel=1e-10)


def test_averaged_agrees_with_sklearn_averaged_sgd():
    X, y = noisy_data(n=150, seed=11, noise=0.2)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        sk = SGDClassifier(
            loss="perceptron", penalty=None, learning_rate="constant", eta0=1.0,
            average=True, shuffle=False, tol=None, max_iter=6,
        ).fit(X, y)  # fmt: skip
    run = pc.train(X, y, variant="averaged", max_epochs=6)
    assert not run.converged
    w, b = run.averaged_weights
    np.testing.assert_allclose(w, sk.coef_[0], rtol=1e-9)
    assert b == pytest.approx(sk.intercept_[0], rel=1e-9)
    assert np.array_equal(run.predict(X), sk.predict(X))


def test_voted_equals_freund_schapire_loop():
    X, y = noisy_data(n=70, seed=12, noise=0.2)
    # Freund & Schapire 1999, with the bias as the weight of a constant feature.
    A = np.hstack((np.ones((70, 1)), X))
    vs, cs = [np.zeros(3)], [0]
    for _ in range(5):
        for i in range(70):
            if y[i] * (vs[-1] @ A[i]) <= 0:
                vs.append(vs[-1] + y[i] * A[i])
                cs.append(1)
            else:
                cs[-1] += 1
    run = pc.train(X, y, variant="voted", max_epochs=5)
    assert run.survival.tolist() == cs
    Q = np.random.default_rng(0).normal(size=(300, 2)) * 2
    Qa = np.hstack((np.ones((300, 1)), Q))
    votes = sum(c * np.sign(Qa @ v) for v, c in zip(vs, cs, strict=True))
    assert np.array_equal(run.predict(Q), np.where(votes > 0, 1, -1))


def test_pocket_keeps_the_fewest_errors_seen():
    X, y = noisy_data(n=90, seed=13, noise=0.25)
    run = pc.train(X, y, variant="pocket", max_epochs=8)
    W, B = run.trajectory()
    errors = [int(np.sum(y * (X @ w + b) <= 0)) for w, b in zip(W, B, strict=True)]
    best = int(np.argmin(errors))  # argmin returns the first, the one pocketed first
    w, b = run.pocket_weights
    assert np.array_equal(w, W[best]) and b == B[best]
    assert run.pocket_errors.tolist() == errors
    assert np.sum(run.predict(X) != y) == min(errors)
    assert min(errors) <= np.sum(pc.train(X, y, max_epochs=8).predict(X) != y)


def test_linear_kernel_makes_exactly_the_primal_mistakes():
    for seed in range(5):
        X, y = noisy_data(n=80, seed=seed, noise=0.1, shift=1.0)
        primal = pc.train(X, y, max_epochs=6, shuffle=seed % 2 == 1, seed=seed)
        dual = pc.train(X, y, variant="kernel", kernel="linear", max_epochs=6,
                        shuffle=seed % 2 == 1, seed=seed)  # fmt: skip
        assert np.array_equal(dual.update_visit, primal.update_visit)
        assert dual.mistakes == primal.mistakes and dual.converged == primal.converged
        np.testing.assert_allclose(dual.w, primal.w, rtol=1e-9, atol=1e-9)
        assert np.array_equal(dual.alpha, np.bincount(primal.update_index, minlength=80))
        Q = np.random.default_rng(seed).normal(size=(200, 2)) * 3
        assert np.array_equal(dual.predict(Q), primal.predict(Q))


def test_kernel_perceptron_learns_xor_and_circles_the_primal_cannot():
    X = np.array([[0, 0], [1, 1], [0, 1], [1, 0]], dtype=float)
    y = np.array([1, 1, -1, -1])
    run = pc.train(X, y, variant="kernel", kernel=pc.Kernel("poly", degree=2), max_epochs=100)
    assert run.converged and (run.predict(X) == y).all()
    rng = np.random.default_rng(0)
    ang = rng.uniform(0, 2 * np.pi, 200)
    r = np.where(np.arange(200) < 100, 1.0, 3.0)
    C = np.c_[r * np.cos(ang), r * np.sin(ang)]
    yc = np.where(r < 2, 1, -1)
    rbf = pc.train(C, yc, variant="kernel", kernel=pc.Kernel("rbf", gamma=0.5), max_epochs=50)
    assert rbf.converged and (rbf.predict(C) == yc).all()
    assert rbf.w is None  # no input-space weights for a non-linear kernel
    # A grid evaluation for contour plots.
    gx, gy = np.meshgrid(np.linspace(-4, 4, 30), np.linspace(-4, 4, 20))
    f = rbf.decision_function(np.c_[gx.ravel(), gy.ravel()]).reshape(gx.shape)
    assert f.shape == (20, 30) and f[10, 15] > 0 > f[0, 0]
    # The dual activation at each visit is sum of eta*y*K over earlier mistakes.
    v = rbf.visits(0, 50)
    K = pc.Kernel("rbf", gamma=0.5).matrix(C, C)
    for t in range(50):
        idx = rbf.update_index[: v["updates_before"][t]]
        expect = np.sum(yc[idx] * K[idx, v["index"][t]])
        assert v["activation"][t] == pytest.approx(expect, abs=1e-12)
        assert v["mistake"][t] == (yc[v["index"][t]] * v["activation"][t] <= 0)


def test_batch_perceptron_is_gradient_descent_on_jp():
    X, y = noisy_data(n=100, seed=14, noise=0.0, shift=0.5)
    eta = 0.1
    w, b = np.zeros(2), 0.0
    history = []
    for _ in range(40):
        a = X @ w + b
        m = y * a <= 0
        history.append(int(m.sum()))
        if not m.any():
            break
        w = w + eta * (y[m, None] * X[m]).sum(axis=0)
        b = b + eta * y[m].sum()
    run = pc.train(X, y, variant="batch", eta=eta, max_epochs=40)
    assert run.counts.tolist() == history
    np.testing.assert_allclose(run.w, w, rtol=1e-12)
    assert run.b == pytest.approx(b, rel=1e-12)
    stats = run.epoch_stats()
    # The textbook loop's errors at each epoch's end: the weights after that epoch's step.
    assert stats["errors"].tolist()[: len(history) - 1] == history[1:]
    if run.converged:
        assert stats["errors"][-1] == 0
    jp0 = np.maximum(0, -(y * (X @ run.weights(1)[0] + run.weights(1)[1]))).sum()
    assert stats["J_p"][0] == pytest.approx(jp0)


def test_epoch_stats_are_errors_and_jp_of_the_weights_at_each_epoch_end():
    X, y = noisy_data(n=100, seed=15, noise=0.2)
    run = pc.train(X, y, max_epochs=5)
    stats = run.epoch_stats()
    _, _, trace = textbook(X, y, epochs=5)
    for e in range(5):
        tw, tb = trace[(e + 1) * 100 - 1][4:]
        a = X @ np.array(tw) + tb
        assert stats["errors"][e] == np.sum(y * a <= 0)
        assert stats["J_p"][e] == pytest.approx(np.maximum(0, -y * a).sum(), rel=1e-12)
        assert stats["mistakes"][e] == sum(1 for t in trace if t[0] == e and t[3])


def test_online_learner_equals_one_epoch_of_train():
    X, y = noisy_data(n=60, seed=16, noise=0.1)
    learner = pc.OnlinePerceptron(d=2)
    assert learner.predict_one([0.3, 0.4]) == 0  # "I don't know" at w = 0
    for x, label in zip(X, y, strict=True):
        learner = learner.learn(x, int(label))
    run = pc.train(X, y, max_epochs=1)
    assert learner.mistakes == run.mistakes
    assert np.array_equal(learner.w, run.w) and learner.b == run.b
    assert [a.mistake for a in learner.history] == run.visits()["mistake"].tolist()


# --------------------------------------------------------------- bad input
@pytest.mark.parametrize(
    ("X", "y", "kwargs", "message"),
    [
        ([[np.nan, 1.0], [1.0, 2.0]], [1, -1], {}, "non-finite"),
        ([[np.inf, 1.0], [1.0, 2.0]], [1, -1], {}, "non-finite"),
        ([1.0, 2.0], [1, -1], {}, "2-D"),
        ([[1.0, 2.0], [3.0, 4.0]], [1, 1], {}, "one class"),
        ([[1.0, 2.0], [3.0, 4.0]], [0, 1], {}, r"-1 or \+1"),
        ([[1.0, 2.0], [3.0, 4.0]], ["a", "b"], {}, r"-1 or \+1"),
        ([[1.0, 2.0], [3.0, 4.0]], [1, -1, 1], {}, "must match"),
        (np.empty((0, 2)), [], {}, "empty"),
        ([[1.0, 2.0], [3.0, 4.0]], [1, -1], {"eta": 0}, "eta"),
        ([[1.0, 2.0], [3.0, 4.0]], [1, -1], {"eta": -1.0}, "eta"),
        ([[1.0, 2.0], [3.0, 4.0]], [1, -1], {"max_epochs": 0}, "max_epochs"),
        ([[1.0, 2.0], [3.0, 4.0]], [1, -1], {"variant": "nope"}, "variant"),
        ([[1.0, 2.0], [3.0, 4.0]], [1, -1], {"w0": [1.0]}, "w0"),
        ([[1.0, 2.0], [3.0, 4.0]], [1, -1], {"variant": "kernel", "kernel": "sigmoid"}, "kernel"),
    ],
)
def test_bad_input_is_a_value_error_naming_the_problem(X, y, kwargs, message):
    with pytest.raises(ValueError, match=message):
        pc.train(X, y, **kwargs)


@pytest.mark.parametrize("fn", [pc.theory, lambda X, y: pc.hinge_bound(X, y, 3)])
def test_theory_rejects_bad_input_too(fn):
    with pytest.raises(ValueError, match="non-finite"):
        fn([[np.nan, 1.0], [1.0, 2.0]], [1, -1])
    with pytest.raises(ValueError, match="one class"):
        fn([[0.0, 1.0], [1.0, 2.0]], [1, 1])


@pytest.mark.slow
def test_engine_imports_no_ui_library():
    code = (
        "import sys, perceptron_core\n"
        "bad = [m for m in ('streamlit', 'plotly', 'pandas') if m in sys.modules]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_a_run_without_mistakes_replays():
    X = np.array([[1.0, 1.0], [-1.0, -1.0]])
    run = pc.train(X, [1, -1], w0=[1.0, 1.0])
    assert run.converged and run.mistakes == 0 and run.epochs == 1
    v = run.visits()
    assert v["mistake"].tolist() == [False, False] and v["activation"].tolist() == [2.0, -2.0]
    assert run.visit(1).w_after.tolist() == [1.0, 1.0]
    assert run.epoch_stats()["errors"].tolist() == [0]


def test_proof_quantities_hold_for_batch_steps_too():
    X, y = noisy_data(n=80, seed=21, noise=0.0, shift=1.0)
    th = pc.theory(X, y)
    run = pc.train(X, y, variant="batch", eta=0.3, max_epochs=500)
    p = run.proof(th.u, th.gamma, th.R)
    assert p["k"][-1] == run.mistakes
    assert (p["w_dot_u"] >= p["lower"] - 1e-9).all()
    assert (p["norm_sq"] <= p["upper"] * (1 + 1e-12)).all()


def test_online_run_is_one_pass_predicting_then_learning():
    X, y = noisy_data(n=50, seed=22, noise=0.1)
    run = pc.online_run(X, y)
    learner = pc.OnlinePerceptron(d=2)
    for x, label in zip(X, y, strict=True):
        learner = learner.learn(x, int(label))
    assert run.online and not run.converged and run.epochs == 1 and run.n_visits == 50
    assert [run.prediction(t) for t in range(50)] == [a.prediction for a in learner.history]
    assert np.array_equal(run.w, learner.w) and run.b == learner.b
    assert np.array_equal(run.record, pc.train(X, y, max_epochs=1).record)
    first = pc.online_run(X[:3][y[:3] == y[0]], y[:3][y[:3] == y[0]])  # one class so far: fine
    assert first.prediction(0) == 0 and first.mistakes >= 1
    with pytest.raises(ValueError, match="one class"):
        pc.train(X[:1], y[:1])


def test_start_seed_varies_the_start_apart_from_the_order():
    X, y = noisy_data(n=40, seed=23)
    a = pc.train(X, y, w0="random", seed=1, start_seed=5, shuffle=True, max_epochs=3)
    b = pc.train(X, y, w0="random", seed=2, start_seed=5, shuffle=True, max_epochs=3)
    c = pc.train(X, y, w0="random", seed=1, start_seed=6, shuffle=True, max_epochs=3)
    assert np.array_equal(a.w0, b.w0) and a.b0 == b.b0  # same start, other order
    assert not np.array_equal(a.order(0), b.order(0))
    assert not np.array_equal(a.w0, c.w0) and np.array_equal(a.order(0), c.order(0))


def test_proof_at_is_one_row_of_proof():
    X, y = noisy_data(n=60, seed=24, noise=0.0)
    th = pc.theory(X, y)
    for variant in ("classic", "batch"):
        run = pc.train(X, y, variant=variant, eta=0.5, w0=[0.2, -0.1], b0=0.3, max_epochs=200)
        rows = run.proof(th.u, th.gamma, th.R)
        for k in (0, run.n_updates // 2, run.n_updates):
            one = run.proof_at(k, th.u, th.gamma, th.R)
            for name in ("k", "w_dot_u", "lower", "norm_sq", "upper"):
                assert one[name] == pytest.approx(rows[name][k], rel=1e-12, abs=1e-12)


def test_a_kernel_runs_epoch_errors_match_a_textbook_dual_loop():
    """Errors at each epoch's end, from a dual loop written here (f summed in update order,
    a tie is an error), with the engine's blocks made tiny so the sums cross many."""
    import perceptron_core.dual as dual_module

    rng = np.random.default_rng(5)
    X = rng.integers(-3, 4, size=(30, 2)).astype(float)
    y = np.where(rng.random(30) < 0.5, 1, -1)
    y[:2] = (1, -1)
    kernel = pc.Kernel("poly", degree=2)
    run = pc.train(X, y, variant="kernel", kernel=kernel, eta=0.1, max_epochs=8)
    G = kernel.matrix(X, X)
    updates, expected = [], []
    for _ in range(run.epochs):
        for i in range(len(y)):
            f = 0.0
            for j in updates:
                f += 0.1 * y[j] * G[j, i]
            if y[i] * f <= 0:
                updates.append(i)
        fx = np.zeros(len(y))
        for j in updates:
            fx = fx + 0.1 * y[j] * G[j]
        expected.append(int(np.count_nonzero(y * fx <= 0)))
    old = dual_module._CHUNK_ELEMENTS
    try:
        dual_module._CHUNK_ELEMENTS = 4 * 3 * len(y)  # three updates per block
        assert run.epoch_stats()["errors"].tolist() == expected
    finally:
        dual_module._CHUNK_ELEMENTS = old


def test_long_runs_are_held_to_the_pages_work_limits():
    from ui import compute

    assert compute.capped_epochs("kernel", 2000, 10_000)[0] == compute.KERNEL_WORK // 2000**2
    assert compute.capped_epochs("batch", 20_000, 10_000)[0] == compute.BATCH_WORK // 20_000
    epochs, note = compute.capped_epochs("batch", 40, 100)
    assert (epochs, note) == (100, None)  # small data: what was asked
    assert "held to 100 epochs" in compute.capped_epochs("batch", 20_000, 10_000)[1]


def test_train_takes_its_options_by_name_only():
    """After X and y every option is a keyword: ``pc.train(X, y, "batch")`` would read as a
    variant but ``pc.train(X, y, "classic", 0.1)`` hides which number is eta."""
    X, y = np.array([[1.0, 0.0], [-1.0, 0.0]]), np.array([1, -1])
    with pytest.raises(TypeError):
        pc.train(X, y, "batch")
    with pytest.raises(TypeError):
        pc.train(X, y, "classic", 0.5)
    run = pc.train(X, y, variant="batch", eta=0.5)
    assert run.variant == "batch" and run.eta == 0.5


def test_flipped_mistakes_are_the_textbook_mistakes_ties_included():
    """a_i . w <= 0 on the flipped samples is y_i (w.x_i + b) <= 0, computed here one point
    at a time in the textbook's order; 002 Example 2's tie at (1, 0) counts."""
    X = np.array([[0, 0], [1, 1], [0, 1], [1, 0]], dtype=float)
    y = np.array([1, 1, -1, -1])
    A = pc.flipped(X, y)
    rng = np.random.default_rng(3)
    cases = [((1.0, -1.0), 0.0), ((0.0, 0.0), 0.0)]
    cases += [(rng.integers(-2, 3, 2), 0.5 * rng.integers(-2, 3)) for _ in range(40)]
    for w, b in cases:
        want = [yi * (w[0] * xi[0] + w[1] * xi[1] + b) <= 0 for xi, yi in zip(X, y, strict=True)]
        got = pc.flipped_mistakes(A, np.array([b, *w], dtype=float))
        assert got.tolist() == want
    # By hand, w = (1, -1), b = 0: (0, 0) and (1, 1) tie, (0, 1) gives (-1)(-1) = 1 > 0,
    # (1, 0) gives (-1)(1) = -1: mistakes, a tie or wrong, on all but (0, 1).
    assert pc.flipped_mistakes(A, [0.0, 1.0, -1.0]).tolist() == [True, True, False, True]
    # Many weight vectors at once (a grid over weight space): one column each.
    W = np.array([[0.0, 1.0], [1.0, -1.0], [-1.0, 2.0]])
    many = pc.flipped_mistakes(A, W)
    assert many.shape == (4, 2)
    for j in range(2):
        assert many[:, j].tolist() == pc.flipped_mistakes(A, W[:, j]).tolist()


@pytest.mark.slow
def test_the_mistake_rule_is_written_in_the_engine_only():
    """No page or UI module compares a score with 0 itself (y.(w.x + b) <= 0, a.w <= 0,
    y * score > 0): they ask pc.mistakes, pc.flipped_mistakes or the run."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    scoring = {"scores", "activation", "activations", "decision_function", "kernel_scores",
               "variant_scores", "kernel_activations"}  # fmt: skip

    def score_like(node) -> bool:
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult | ast.MatMult):
            return True
        if isinstance(node, ast.Call):
            f = node.func
            return (f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "")) in scoring
        return False

    found = []
    for path in sorted([*root.glob("ui/**/*.py"), *root.glob("pages/*.py"), root / "app.py"]):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Compare) and len(node.ops) == 1:
                right = node.comparators[0]
                zero = isinstance(right, ast.Constant) and right.value == 0
                if isinstance(node.ops[0], ast.LtE | ast.Gt) and zero and score_like(node.left):
                    found.append(f"{path.relative_to(root)}:{node.lineno}: {ast.unparse(node)}")
    assert not found, "\n".join(found)
