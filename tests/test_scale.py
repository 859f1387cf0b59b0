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
