"""The perceptron learning rule, written plainly: the definition the fast path is tested against.

Nothing here is optimised. ``perceptron_step`` is one visit of one example;
``reference_train`` is the textbook loop of CIML Algorithm 5 built from it. The compiled
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
        step = eta * y
        w = w + np.asarray(x, dtype=np.float64) * step
        b = float(b) + step
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
