"""004's least-squares criterion against numpy's lstsq and the normal equations in fractions."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import datasets
import perceptron_core as pc


def normal_equations(X, y) -> list[Fraction]:
    """Solve (AᵀA) a = Aᵀc exactly (Gauss-Jordan in fractions), A = [1, X], c = (y + 1)/2."""
    rows = [[Fraction(1), *(Fraction(float(v)) for v in x)] for x in X]
    c = [Fraction(1 if label > 0 else 0) for label in y]
    k = len(rows[0])
    gram = [[sum(r[i] * r[j] for r in rows) for j in range(k)] for i in range(k)]
    right = [sum(r[i] * ci for r, ci in zip(rows, c, strict=True)) for i in range(k)]
    M = [gram[i] + [right[i]] for i in range(k)]
    for col in range(k):
        pivot = next(r for r in range(col, k) if M[r][col] != 0)
        M[col], M[pivot] = M[pivot], M[col]
        M[col] = [v / M[col][col] for v in M[col]]
        for r in range(k):
            if r != col and M[r][col] != 0:
                M[r] = [a - M[r][col] * b for a, b in zip(M[r], M[col], strict=True)]
    return [M[i][k] for i in range(k)]


def test_the_notes_criterion_on_a_hand_example():
    # c = 0, 0, 1, 1 at x = 0..3: the line c = -0.1 + 0.4x, residuals ±0.1, ±0.3
    ls = pc.least_squares([[0.0], [1.0], [2.0], [3.0]], [-1, -1, 1, 1])
    np.testing.assert_allclose(ls.a, [-0.1, 0.4], atol=1e-15)
    assert ls.criterion == pytest.approx(0.2, abs=1e-14)
    assert ls.errors == 0 and ls.unique
    assert -ls.b / ls.w[0] == pytest.approx(1.5)


@pytest.mark.parametrize(
    "name", ["outlier_far", "notes_002_example1", "iris_versicolor_virginica", "notes_rule_004"]
)
def test_equals_the_normal_equations_in_exact_arithmetic_and_numpy(name):
    ds = datasets.generate(name, seed=0)
    ls = pc.least_squares(ds.X, ds.y)
    exact_a = normal_equations(ds.X, ds.y)
    exact = np.array([float(v) for v in exact_a])
    np.testing.assert_allclose(ls.a, exact, rtol=1e-9, atol=1e-12)
    A = np.column_stack([np.ones(ds.n), ds.X])
    c = (ds.y > 0).astype(float)
    theirs, *_ = np.linalg.lstsq(A, c, rcond=None)
    np.testing.assert_allclose(ls.a, theirs, rtol=1e-9, atol=1e-12)
    assert ls.criterion == pytest.approx(float(((A @ exact - c) ** 2).sum()), rel=1e-9, abs=1e-12)
    # the ±1 form is the same line: w·x + b = 2 a·(1, x) - 1
    np.testing.assert_allclose(ds.X @ ls.w + ls.b, 2 * (A @ ls.a) - 1, atol=1e-12)
    exact_scores = [
        2 * sum(Fraction(float(v)) * ai for v, ai in zip((1.0, *x), exact_a, strict=True)) - 1
        for x in ds.X
    ]
    assert ls.errors == sum(int(y * s <= 0) for y, s in zip(ds.y, exact_scores, strict=True))
    assert ls.has_line == any(v != 0 for v in exact_a[1:])


def test_separable_data_that_least_squares_does_not_separate():
    ds = datasets.generate("outlier_far")
    th = pc.theory(ds.X, ds.y)
    run = pc.train(ds.X, ds.y, max_epochs=1000)
    ls = pc.least_squares(ds.X, ds.y)
    assert th.separable and run.converged and (run.predict(ds.X) == ds.y).all()
    assert ls.errors == 3
    # without the far points, least squares separates the same clusters
    assert pc.least_squares(ds.X[:20], ds.y[:20]).errors == 0


def test_a_repeated_column_has_the_minimum_norm_solution():
    X = np.array([[0.0, 0.0], [1.0, 1.0], [2.0, 2.0], [3.0, 3.0]])
    ls = pc.least_squares(X, [-1, -1, 1, 1])
    assert ls.rank == 2 and not ls.unique
    np.testing.assert_allclose(ls.a, [-0.1, 0.2, 0.2], atol=1e-14)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(3, 12).flatmap(
        lambda n: st.tuples(
            st.lists(st.lists(st.integers(-5, 5), min_size=2, max_size=2), min_size=n, max_size=n),
            st.lists(st.sampled_from([-1, 1]), min_size=n, max_size=n),
        )
    )
)
def test_no_other_a_does_better_and_the_gradient_is_zero(data):
    X, y = np.array(data[0], dtype=float), np.array(data[1])
    if len(set(y)) < 2:
        y[0] = -y[1] if y[1] else 1
        if len(set(y)) < 2:
            return
    ls = pc.least_squares(X, y)
    A = np.column_stack([np.ones(len(y)), X])
    c = (y > 0).astype(float)
    np.testing.assert_allclose(A.T @ (A @ ls.a - c), 0.0, atol=1e-9)
    rng = np.random.default_rng(0)
    for _ in range(5):
        other = ls.a + rng.normal(scale=0.1, size=3)
        assert ((A @ other - c) ** 2).sum() >= ls.criterion - 1e-9
