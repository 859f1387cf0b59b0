"""The perceptron learning rule, written plainly: the definition the fast path is tested against.

Nothing here is optimised. ``update`` is the rule's move on a mistake; ``perceptron_step``
is one visit of one example; ``reference_train`` is the textbook loop of CIML Algorithm 5
built from it. The compiled
loop in ``_loop.py`` must agree with these bit for bit, and the tests check that it does.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import SupportsFloat

import numpy as np
from numpy.typing import ArrayLike

from ._types import Bools, Floats

#: One visit of ``reference_train``: (epoch, index, activation, mistake).
TraceRow = tuple[int, int, float, bool]


def activation(w: Iterable[SupportsFloat], b: float, x: Iterable[SupportsFloat]) -> float:
    """Return ``w . x + b`` summed left to right, the order every part of the engine uses.

    The order matters for exactness: the compiled loop, the replay of a recorded run and
    scikit-learn's ``Perceptron`` all add ``w[0]*x[0]``, then ``w[1]*x[1]``, ..., then ``b``.
    """
    a = 0.0
    for wj, xj in zip(w, x, strict=True):
        a += float(wj) * float(xj)
    return a + float(b)


def is_mistake(y: float, a: float) -> bool:
    """A mistake is ``y * a <= 0``: a tie at exactly zero counts as a mistake ("I don't know").

    The rule is written here and in ``mistakes`` (its array form) only; the compiled loop
    (``_loop.py``) repeats it and is tested against ``reference_train``.
    """
    return y * a <= 0.0


def activations(X: ArrayLike, w: Sequence[float] | Floats, b: float) -> Floats:
    """``w . x + b`` for every row of X, summed in ``activation``'s order (x1 term, x2 term,
    ..., then b), so a tie at exactly zero is a tie here too.

    >>> activations(np.array([[1.0, 1.0], [2.0, -1.0]]), [1.0, -1.0], 0.0)
    array([0., 3.])
    """
    X = np.asarray(X, dtype=np.float64)
    if X.shape[0] == 0:
        return np.zeros(0)
    out: Floats = X[:, 0] * float(w[0])
    for j in range(1, X.shape[1]):
        out = out + X[:, j] * float(w[j])
    return out + float(b)


def mistakes(y: ArrayLike, a: ArrayLike) -> Bools:
    """Which of the scores ``a`` are mistakes for labels ``y`` (``is_mistake`` on arrays).

    >>> mistakes(np.array([1, -1, 1]), np.array([0.5, 0.5, 0.0]))
    array([False,  True,  True])
    """
    return np.asarray(y) * np.asarray(a, dtype=np.float64) <= 0.0


def update(
    w: ArrayLike, b: float, x: ArrayLike, y: ArrayLike, eta: float = 1.0
) -> tuple[Floats, float]:
    """The learning rule's move on a mistake: ``w + eta*y*x`` and ``b + eta*y``.

    What every picture and worked answer of an update shows is computed here (or read
    from a run's record, which the compiled loop wrote with the same operations), never
    restated by a page.

    Parameters
    ----------
    w : array of shape (d,)
        Weights before the update (not modified).
    b : float
        Bias before the update.
    x : array of shape (d,), or (m, d)
        The example; or the rows of the batch perceptron's mistakes in one epoch, in the
        order they were visited, whose steps are summed and then added at once.
    y : {-1, +1}, or array of shape (m,)
        Its label; or the rows' labels.
    eta : float
        Learning rate.

    Returns
    -------
    w_new, b_new
        Each step is ``x * (eta*y)`` (the compiled loop's order of operations, so the
        result is bit for bit the loop's); a batch's steps are summed from zero first.

    Examples
    --------
    >>> update([1.0, 0.0], 0.0, [2.0, 1.0], -1, eta=0.5)
    (array([ 0. , -0.5]), -0.5)
    >>> update([0.0, 0.0], 0.0, [[1.0, 1.0], [2.0, 0.0]], [1, -1])  # a batch of two
    (array([-1.,  1.]), 0.0)
    """
    w = np.array(w, dtype=np.float64)
    rows = np.asarray(x, dtype=np.float64)
    if rows.ndim == 1:
        step = eta * float(np.asarray(y))
        return w + rows * step, float(b) + step
    labels = np.asarray(y, dtype=np.float64)
    if rows.ndim != 2 or labels.shape != (rows.shape[0],):
        raise ValueError(
            f"a batch update takes rows of shape (m, d) and m labels; got {rows.shape} "
            f"and {labels.shape}"
        )
    pending = np.zeros(w.shape[0] + 1)  # the loop's pending: the weights', then the bias's
    for row, label in zip(rows, labels, strict=True):
        step = eta * float(label)
        pending[:-1] += row * step
        pending[-1] += step
    return w + pending[:-1], float(b) + float(pending[-1])


def perceptron_step(
    w: ArrayLike, b: float, x: Iterable[SupportsFloat], y: float, eta: float = 1.0
) -> tuple[Floats, float, float, bool]:
    """Visit one example: predict, and on a mistake move towards it.

    Parameters
    ----------
    w : array of shape (d,)
        Current weights (not modified).
    b : float
        Current bias, the weight of the constant feature x0 = 1.
    x : array of shape (d,)
        The example.
    y : {-1.0, +1.0}
        Its label.
    eta : float
        Learning rate.

    Returns
    -------
    w, b_new, a, mistake
        The weights after the visit, the activation ``w . x + b`` before it, and whether
        it was a mistake (``y * a <= 0``), in which case ``w += eta*y*x`` and ``b += eta*y``.

    Examples
    --------
    >>> perceptron_step([0.0, 0.0], 0.0, [1.0, 1.0], 1.0)
    (array([1., 1.]), 1.0, 0.0, True)
    """
    w = np.array(w, dtype=np.float64)
    a = activation(w, b, x)
    mistake = is_mistake(y, a)
    if mistake:
        w, b = update(w, b, np.asarray(x, dtype=np.float64), y, eta)
    return w, float(b), a, mistake


def reference_train(
    X: ArrayLike,
    y: ArrayLike,
    *,
    eta: float = 1.0,
    max_epochs: int = 100,
    w0: ArrayLike | None = None,
    b0: float = 0.0,
) -> tuple[Floats, float, list[TraceRow], bool]:
    """Train with the plain loop; return ``(w, b, trace, converged)``.

    ``trace`` lists one tuple ``(epoch, index, activation, mistake)`` per visit, in order.
    The loop stops after the first epoch with no mistake, or after ``max_epochs`` epochs.
    """
    X = np.asarray(X, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    w = np.zeros(X.shape[1]) if w0 is None else np.array(w0, dtype=np.float64)
    b = float(b0)
    trace: list[TraceRow] = []
    for epoch in range(max_epochs):
        mistakes = 0
        for i in range(X.shape[0]):
            w, b, a, mistake = perceptron_step(w, b, X[i], y[i], eta)
            trace.append((epoch, i, a, mistake))
            mistakes += mistake
        if mistakes == 0:
            return w, b, trace, True
    return w, b, trace, False
