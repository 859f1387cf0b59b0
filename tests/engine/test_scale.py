"""Scale: the theory is true at every finite scale, and a run refuses what would overflow."""

import numpy as np
import pytest

import perceptron_core as pc

X4 = np.array([[1.0, 2.0], [2.0, 0.5], [-1.0, -1.0], [-2.0, 0.5]])
Y4 = np.array([1, 1, -1, -1])


@pytest.mark.parametrize("scale", [1e101, 1e154, 1e300, 8e307])
def test_train_refuses_values_whose_products_would_overflow(scale):
    with pytest.raises(ValueError, match=r"X has values up to .*w·x would overflow; rescale"):
        pc.train(X4 * scale, Y4)
    with pytest.raises(ValueError, match="would overflow"):
        pc.online_run(X4 * scale, Y4)


def test_the_limit_counts_the_learning_rate_and_the_start():
    pc.train(X4 * 1e98, Y4, eta=10.0)  # 2e98 * 10 <= 1e100
    with pytest.raises(ValueError, match="times eta"):
        pc.train(X4 * 1e98, Y4, eta=100.0)
    with pytest.raises(ValueError, match="w0/b0"):
        pc.train(X4, Y4, w0=[1e200, 0.0])
    with pytest.raises(ValueError, match="w0/b0"):
        pc.train(X4, Y4, b0=-1e101)
    with pytest.raises(ValueError, match="would overflow"):
        pc.online_run(X4 * 1e60, Y4, eta=1e50)


@pytest.mark.parametrize("scale", [1e-20, 1e-100, 1.0, 1e50, 4e99])
def test_small_and_moderately_large_values_still_train(scale):
    run = pc.train(X4 * scale, Y4, max_epochs=50)
    assert np.isfinite(run.w).all() and np.isfinite(run.b)
    assert np.isfinite(run.visits()["activation"]).all()
    assert np.array_equal(run.predict(X4 * scale), np.sign(X4 * scale @ run.w + run.b))


def _sets():
    import datasets

    xor = (np.array([[0, 0], [0, 1], [1, 0], [1, 1]], float), np.array([1, -1, -1, 1]))
    ex1 = (np.array([[1, 1], [2, 2], [1, 2], [2, 1]], float), np.array([1, 1, -1, -1]))  # 002
    gen = datasets.generate("separable", n=60, seed=11)
    far = datasets.generate("separable", n=60, seed=12, offset=2.0)  # needs its bias
    noisy = datasets.generate("separable", n=60, seed=13, noise=0.2)
    return {
        "xor": (*xor, False),
        "002-example-1": (*ex1, False),
        "notes-004": (X4, Y4, True),
        "generated": (gen.X, gen.y, True),
        "offset": (far.X, far.y, True),
        "noisy": (noisy.X, noisy.y, False),
    }


SETS = _sets()


@pytest.mark.slow
@pytest.mark.parametrize("name", list(SETS))
def test_the_verdict_is_the_same_at_every_power_of_ten(name):
    X, y, separable = SETS[name]
    for k in range(-300, 301):
        th = pc.theory(X * 10.0**k, y)
        assert th.separable == separable, k
        assert np.isfinite(th.R) and th.R >= 1.0, k
        if separable:
            assert np.isfinite(th.gamma) and th.gamma > 0.0, k
            assert th.bound >= 1.0  # R >= ||z|| >= gamma: may be inf, never nan or < 1
            Z = np.hstack((np.ones((len(X), 1)), X * 10.0**k)) * y[:, None]
            assert pc.margin.strictly_separates(Z, th.u), k
            assert np.linalg.norm(th.u) == pytest.approx(1.0, rel=1e-12)
            assert th.geometric_margin > 0.0 and th.geometric_w is not None, k
        else:
            assert th.bound == np.inf and th.u is None


@pytest.mark.parametrize("name", list(SETS))
def test_a_converged_run_is_never_contradicted(name):
    X, y, _ = SETS[name]
    for k in range(-300, 301, 7):
        Xk = X * 10.0**k
        try:
            run = pc.train(Xk, y, max_epochs=2000)
        except ValueError:  # beyond 1e100: train refuses, theory still answers
            assert abs(k) > 90
            assert pc.theory(Xk, y).separable == SETS[name][2]
            continue
        if run.converged:
            th = pc.theory(Xk, y)
            assert th.separable, k
            assert run.mistakes <= th.bound * (1 + 1e-9), k
            hinted = pc.theory(Xk, y, hint=np.concatenate(([run.b], run.w)))
            assert hinted.separable and hinted.gamma >= th.gamma * (1 - 1e-12)


def test_r_and_the_bound_are_computed_without_overflow():
    X, y, _ = SETS["generated"]
    top = np.max(np.sum(X * X, 1))
    for k in (-300, -3, 3, 150, 300):
        th = pc.theory(X * 10.0**k, y)
        assert th.R == pytest.approx(np.sqrt(1 + top * 10.0 ** (2 * k)) if k < 150 else
                                     10.0**k * np.sqrt(top), rel=1e-12)  # fmt: skip
    # Growing the data makes the bias weigh less and less: the bound tends to the bias-free
    # one, (max ||x|| / bias-free margin)^2, and stays finite even where R^2 overflows.
    assert pc.theory(X * 1e300, y).bound == pytest.approx(pc.theory(X * 1e200, y).bound, rel=1e-9)
    assert np.isfinite(pc.theory(X * 1e300, y).bound)


def test_hint_must_be_a_separator_of_the_right_size():
    with pytest.raises(ValueError, match="hint"):
        pc.theory(X4, Y4, hint=[1.0, 2.0])
    th = pc.theory(X4, Y4, hint=[0.0, -1.0, -1.0])  # a wrong-way hint is just not used
    assert th.separable and th.gamma == pytest.approx(pc.theory(X4, Y4).gamma)
