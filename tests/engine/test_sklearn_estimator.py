"""perceptron_core.sklearn.Perceptron against scikit-learn's own checks and its Perceptron."""

from __future__ import annotations

import numpy as np
import pytest
from sklearn.datasets import load_iris, make_blobs
from sklearn.inspection import DecisionBoundaryDisplay
from sklearn.linear_model import Perceptron as SkPerceptron
from sklearn.model_selection import GridSearchCV, cross_val_score
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.utils.estimator_checks import parametrize_with_checks

import perceptron_core as pc
from perceptron_core.sklearn import Perceptron, expected_failed_checks


@parametrize_with_checks([Perceptron()], expected_failed_checks=expected_failed_checks)
def test_scikit_learn_estimator_checks(estimator, check):
    check(estimator)


def textbook(X, y, epochs, eta=1.0):
    """The notes' loop, written plainly: a mistake when y(w.x + b) <= 0."""
    w, b = np.zeros(X.shape[1]), 0.0
    for _ in range(epochs):
        clean = True
        for x, label in zip(X, y, strict=True):
            if label * (w @ x + b) <= 0:
                w, b, clean = w + eta * label * x, b + eta * label, False
        if clean:
            break
    return w, b


def iris_binary():
    iris = load_iris()
    keep = iris.target < 2
    return iris.data[keep][:, :2], np.where(iris.target[keep] == 1, "versicolor", "setosa")


@pytest.mark.parametrize("eta", [1.0, 0.5, 0.01])
@pytest.mark.parametrize("epochs", [1, 3, 20])
def test_weights_equal_scikit_learns_perceptron_bit_for_bit(eta, epochs):
    X, y = make_blobs(200, centers=2, cluster_std=3.0, random_state=epochs)
    ours = Perceptron(eta=eta, max_epochs=epochs, shuffle=False).fit(X, y)
    theirs = SkPerceptron(eta0=eta, max_iter=epochs, shuffle=False, tol=None).fit(X, y)
    if not ours.converged_:  # sklearn goes on after a clean pass, where nothing changes
        assert ours.n_iter_ == epochs
    np.testing.assert_array_equal(ours.coef_, theirs.coef_)
    np.testing.assert_array_equal(ours.intercept_, theirs.intercept_)
    np.testing.assert_array_equal(ours.predict(X), theirs.predict(X))


def test_any_two_labels_map_to_signs_and_back():
    X, y = iris_binary()
    model = Perceptron(max_epochs=2000).fit(X, y)
    assert model.classes_.tolist() == ["setosa", "versicolor"]
    w, b = textbook(X, np.where(y == "versicolor", 1, -1), 2000)
    np.testing.assert_array_equal(model.coef_[0], w)
    assert model.intercept_[0] == b
    assert set(model.predict(X)) <= {"setosa", "versicolor"}
    assert model.converged_ and model.score(X, y) == 1.0


def test_run_is_the_recorded_run_with_its_bound():
    X, y = iris_binary()
    model = Perceptron(max_epochs=2000).fit(X, y)
    run = model.run_
    signs = np.where(y == "versicolor", 1, -1)
    th = pc.theory(X, signs)
    assert run.mistakes <= th.bound  # Theorem 1: separable, from w = 0
    assert run.epochs == model.n_iter_ and run.converged == model.converged_
    np.testing.assert_array_equal(run.w, model.coef_[0])
    # replay: the weights after each update are the textbook's after that many mistakes
    w, b = np.zeros(2), 0.0
    k = 0
    for _ in range(model.n_iter_):
        for x, label in zip(X, signs, strict=True):
            if label * (w @ x + b) <= 0:
                w, b = w + label * x, b + label
                k += 1
                rw, rb = run.weights(k)
                np.testing.assert_array_equal(rw, w)
                assert rb == b


def test_three_classes_get_a_clear_error():
    iris = load_iris()
    with pytest.raises(ValueError, match="Only binary classification is supported"):
        Perceptron().fit(iris.data, iris.target)
    with pytest.raises(ValueError, match="two labels"):
        Perceptron().partial_fit(iris.data[:3], iris.target[:3], classes=[0, 1, 2])


def test_predict_before_fit_is_not_fitted():
    from sklearn.exceptions import NotFittedError

    with pytest.raises(NotFittedError):
        Perceptron().predict([[0.0, 1.0]])


def test_partial_fit_is_the_online_setting_one_example_at_a_time():
    X, y = iris_binary()
    order = np.random.default_rng(0).permutation(len(y))
    X, y = X[order], y[order]
    model = Perceptron()
    for i in range(len(y)):
        model.partial_fit(X[i : i + 1], y[i : i + 1], classes=["setosa", "versicolor"])
    w, b = textbook(X, np.where(y == "versicolor", 1, -1), 1)
    np.testing.assert_array_equal(model.coef_[0], w)
    assert model.intercept_[0] == b
    assert model.n_iter_ == len(y)
    run = model.run_  # one pass over the stream, as recorded
    assert run.online and run.n == len(y)
    np.testing.assert_array_equal(run.w, w)
    # in batches: the same stream, the same weights
    batched = Perceptron()
    for part in np.array_split(np.arange(len(y)), 7):
        batched.partial_fit(X[part], y[part], classes=["setosa", "versicolor"])
    np.testing.assert_array_equal(batched.coef_, model.coef_)


def test_partial_fit_needs_classes_first_and_known_labels():
    with pytest.raises(ValueError, match="classes must be passed"):
        Perceptron().partial_fit([[1.0, 2.0]], [1])
    model = Perceptron().partial_fit([[1.0, 2.0]], [1], classes=[0, 1])
    with pytest.raises(ValueError, match="not in classes"):
        model.partial_fit([[1.0, 2.0]], [5])


def test_in_a_pipeline_a_grid_search_and_cross_validation():
    X, y = make_blobs(300, centers=2, cluster_std=1.5, random_state=3)
    X = X * [1000.0, 0.001]  # badly scaled: the scaler matters
    pipe = make_pipeline(StandardScaler(), Perceptron(max_epochs=20))
    grid = GridSearchCV(pipe, {"perceptron__eta": [0.1, 1.0], "perceptron__max_epochs": [1, 20]})
    grid.fit(X, y)
    assert set(grid.best_params_) == {"perceptron__eta", "perceptron__max_epochs"}
    assert grid.best_score_ > 0.9
    scores = cross_val_score(pipe, X, y, cv=5)
    assert scores.shape == (5,) and scores.min() > 0.8


def test_decision_boundary_display():
    import matplotlib

    matplotlib.use("Agg")
    X, y = iris_binary()
    model = Perceptron(max_epochs=50).fit(X, y)
    display = DecisionBoundaryDisplay.from_estimator(model, X, response_method="predict")
    grid = np.c_[display.xx0.ravel(), display.xx1.ravel()]
    expected = (grid @ model.coef_[0] + model.intercept_[0] > 0).astype(int)
    np.testing.assert_array_equal(display.response.ravel(), expected)


@pytest.mark.parametrize("variant", ["averaged", "pocket", "voted", "batch", "kernel"])
def test_variants_predict_by_their_own_rule(variant):
    X, y = make_blobs(120, centers=2, cluster_std=4.0, random_state=1)
    model = Perceptron(variant=variant, max_epochs=5).fit(X, y)
    run = pc.train(X, np.where(y == 1, 1, -1), variant=variant, max_epochs=5)
    np.testing.assert_array_equal(model.decision_function(X), run.decision_function(X))
    if variant in ("voted", "kernel"):
        assert not hasattr(model, "coef_")
    else:
        # the same weights: scores equal up to the order of a sum
        scores = X @ model.coef_[0] + model.intercept_[0]
        np.testing.assert_allclose(scores, run.decision_function(X), rtol=1e-12, atol=1e-9)


def test_random_start_is_seeded():
    X, y = iris_binary()
    a = Perceptron(start="random", seed=3, max_epochs=2).fit(X, y)
    b = Perceptron(start="random", seed=3, max_epochs=2).fit(X, y)
    c = Perceptron(start="random", seed=4, max_epochs=2).fit(X, y)
    np.testing.assert_array_equal(a.run_.w0, b.run_.w0)
    assert not np.array_equal(a.run_.w0, c.run_.w0)


def test_parameters_are_validated_in_fit():
    X, y = iris_binary()
    for bad in ({"eta": 0.0}, {"max_epochs": 0}, {"variant": "svm"}, {"start": "ones"}):
        with pytest.raises(ValueError):
            Perceptron(**bad).fit(X, y)


@pytest.mark.slow
def test_the_engine_imports_scikit_learn_only_in_its_estimator():
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    code = "import sys, perceptron_core; sys.exit(int('sklearn' in sys.modules))"
    assert subprocess.run([sys.executable, "-c", code], cwd=root).returncode == 0
    code = "import sys, perceptron_core.sklearn; sys.exit(int('sklearn' not in sys.modules))"
    assert subprocess.run([sys.executable, "-c", code], cwd=root).returncode == 0
