"""Least squares, the non-separable case's other criterion in 004.

004 names, beside the perceptron criterion, a "least square approximation": minimise
sum_i (a·x_i - c_i)^2 over the augmented a = (a_0, a_1..a_d), x_i = (1, x_i), with the
classes c_i in {0, 1}, and classify a·x > 1/2. The sign flip of the perceptron cannot be
used (the targets are not symmetric). The solution is exact up to rounding: one linear
least-squares problem, solved by LAPACK through ``scipy.linalg.lstsq`` (the minimum-norm
solution when the columns are dependent, e.g. a constant feature).

The same line in the lab's ±1 form: with y = 2c - 1, w·x + b = 2(a·x) - 1, so w = 2a_1..d
and b = 2a_0 - 1, and a point is a training error when y(w·x + b) <= 0 (a tie is an error,
as a tie is the perceptron's mistake). Unlike the perceptron, least squares pays for points
far on their own side: one such outlier pulls the line, and on separable data it may leave
training errors (``outlier_far`` in the notes' examples).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import scipy.linalg
from numpy.typing import ArrayLike

from ._types import Floats
from ._validate import check_X, check_y

_ROUNDING = 1e-12  # relative size below which a score or a weight is rounding, not signal


@dataclass(frozen=True)
class LeastSquares:
    """The least-squares line of 004 and what it does on its training data.

    Attributes
    ----------
    a : ndarray of shape (d + 1,)
        The notes' augmented solution for targets c in {0, 1}: a[0] the constant's weight;
        the line is a·(1, x) = 1/2. A weight within rounding of 0 is 0.
    w : ndarray of shape (d,)
        The same line in the ±1 form: w·x + b = 2(a·(1, x)) - 1; an entry within rounding
        of 0 is 0 (on XOR the exact solution has w = 0: no line at all).
    b : float
    criterion : float
        sum_i (a·x_i - c_i)^2 at the solution: the smallest value it can take.
    errors : int
        Training points with y(w·x + b) <= 0, a score within rounding (1e-12 of the
        scores' size) of 0 counting as 0, so as a tie.
    rank : int
        The rank of the augmented data matrix (d + 1 when the solution is unique).
    """

    a: Floats
    w: Floats
    b: float
    criterion: float
    errors: int
    rank: int

    @property
    def unique(self) -> bool:
        """Whether a is the only minimiser (full column rank)."""
        return self.rank == int(self.a.shape[0])

    @property
    def has_line(self) -> bool:
        """Whether w is not 0 (a = (c̄, 0, ..., 0) draws no boundary)."""
        return bool(np.any(self.w != 0.0))

    def decision_function(self, Z: ArrayLike) -> Floats:
        """w·z + b for points Z (m, d): positive predicts +1."""
        Z = np.asarray(Z, dtype=np.float64)
        return Z @ self.w + self.b


def least_squares(X: ArrayLike, y: ArrayLike) -> LeastSquares:
    """Minimise sum_i (a·(1, x_i) - c_i)^2 with c_i = 1 for y = +1 and 0 for y = -1 (004).

    Parameters
    ----------
    X : array of shape (n, d)
    y : array of shape (n,), -1 or +1, both present

    Returns
    -------
    LeastSquares

    Examples
    --------
    >>> import perceptron_core as pc
    >>> ls = pc.least_squares([[0.0], [1.0], [2.0], [3.0]], [-1, -1, 1, 1])
    >>> ls.a.round(6).tolist(), round(ls.criterion, 6), ls.errors
    ([-0.1, 0.4], 0.2, 0)
    >>> float(ls.w[0].round(6)), float(round(ls.b, 6))  # boundary at x = 1.5
    (0.8, -1.2)
    """
    X = check_X(X)
    n, d = X.shape
    y = check_y(y, n)
    A = np.empty((n, d + 1))
    A[:, 0] = 1.0
    A[:, 1:] = X
    c = (y > 0).astype(np.float64)
    a: Floats
    rank: int
    a, _, rank, _ = scipy.linalg.lstsq(A, c, lapack_driver="gelsd")  # scipy ships no types
    residual = A @ a - c
    # The solver rounds: where the exact solution puts a point on the line (XOR: a = (1/2,
    # 0, 0), every score 0), it leaves scores of about 1e-16. Within rounding of the
    # scores' size a score is 0, so a tie, and w within rounding of 0 is 0: no line.
    scale = 1.0 + np.abs(A).max() * np.abs(2.0 * a).sum()
    tiny = _ROUNDING * scale
    rounding = np.abs(2.0 * a[1:]) * (1.0 + np.abs(X).max()) <= tiny
    a[1:][rounding] = 0.0
    w = 2.0 * a[1:]
    b = 2.0 * a[0] - 1.0
    scores = X @ w + b
    scores[np.abs(scores) <= tiny] = 0.0
    return LeastSquares(
        a=a,
        w=w,
        b=float(b),
        criterion=float(residual @ residual),
        errors=int(np.count_nonzero(y * scores <= 0.0)),
        rank=int(rank),
    )
