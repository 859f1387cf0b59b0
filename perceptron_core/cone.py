"""The augmented space and the cone LP: lifting, flipping, and ``A w >= 1`` by the perceptron.

Notes 000 and 004 lift every example to the augmented vector z = (1, x1, ..., xd): the
constant feature x0 = 1 comes first, and the bias is the first entry of w = (b, w1, ...,
wd), so w . z = b + w1 x1 + ... + wd xd is the activation. Note 004 then flips the sign of
the negative class: with a = y z every example asks for the same thing, a . w > 0, and an
update is always w <- w + eta a. Note 001 reads that as a "cone" LP: find w with A w > 0
(the rows of A are the a_i), by cycling the perceptron through the rows as positive
examples until a pass makes no mistake, then scale w up until A w >= 1.

    >>> import numpy as np, perceptron_core as pc
    >>> A = pc.flipped(np.array([[1.0, 1.0], [2.0, 2.0], [-1.0, -1.0]]), np.array([1, 1, -1]))
    >>> A
    array([[ 1.,  1.,  1.],
           [ 1.,  2.,  2.],
           [-1.,  1.,  1.]])
    >>> sol = pc.solve_cone(A)
    >>> sol.solved, sol.w, sol.solution, A @ sol.solution
    (True, array([1., 1., 1.]), array([1., 1., 1.]), array([3., 5., 1.]))
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from ._types import Bools, Floats, Ints
from ._validate import check_magnitude, check_positive_int, check_X, check_y
from .reference import mistakes

MAX_UPDATES = 10_000  # the solver's default cap: it cannot tell an infeasible system apart
MAX_PASSES = 10_000
_FIRST_CHUNK = 32  # rows scanned at once for the next mistake (then doubled while clean)
_NUDGES = 60  # attempts at rounding the scaled solution up until A w >= 1 holds exactly


def lift(X: ArrayLike) -> Floats:
    """The augmented vectors z = (1, x1, ..., xd) of the rows of X: shape (n, d + 1).

    >>> lift([[2.0, 3.0]])
    array([[1., 2., 3.]])
    """
    X = check_X(X, allow_empty=True)
    return np.hstack((np.ones((X.shape[0], 1)), X))


def flip(Z: ArrayLike, y: ArrayLike) -> Floats:
    """The sign-flipped samples a = y z (004): the negative class negated, the positive kept."""
    Z = check_X(Z, name="Z", allow_empty=True)
    y = check_y(y, Z.shape[0], require_both=False)
    return Z * y[:, None]


def flipped(X: ArrayLike, y: ArrayLike) -> Floats:
    """``flip(lift(X), y)``: the rows a_i = y_i (1, x_i) a perceptron needs a . w > 0 on."""
    return flip(lift(X), y)


def scores(A: ArrayLike, w: ArrayLike) -> Floats:
    """a_i . w for every row, the feature terms first and the constant column's term last.

    That is the engine's order (w . x summed left to right, then b), so on flipped samples
    a_i = y_i (1, x_i) every score is exactly y_i times the activation the training loop
    computed (negating a term or a sum is exact), and a tie at 0 is a tie in both.
    """
    A = np.asarray(A, dtype=np.float64)
    w = np.asarray(w, dtype=np.float64)
    if A.shape[0] == 0:
        return np.zeros(0)
    out: Floats
    if A.shape[1] == 1:
        out = A[:, 0] * w[0]
        return out
    out = A[:, 1] * w[1]
    for j in range(2, A.shape[1]):
        out = out + A[:, j] * w[j]
    out = out + A[:, 0] * w[0]
    return out


def flipped_mistakes(A: ArrayLike, w: ArrayLike) -> Bools:
    """Which flipped samples a_i = y_i (1, x_i) the augmented w = (b, w1, ..., wd) gets
    wrong: a_i . w <= 0, the perceptron's mistake rule (``mistakes``) with the label inside
    a, so a tie at 0 is a mistake.

    Parameters
    ----------
    A : array of shape (n, d + 1)
        Rows a_i (``flipped``).
    w : array of shape (d + 1,), or (d + 1, m) for m weight vectors at once
        One w: its scores are ``scores(A, w)``, the engine's order, so a tie here is the
        training loop's tie. Several (a grid over weight space): the matrix product A w.

    Returns
    -------
    ndarray of bool, shape (n,) or (n, m)

    Examples
    --------
    >>> import numpy as np, perceptron_core as pc
    >>> A = pc.flipped(np.array([[1.0, 1.0], [2.0, 2.0]]), np.array([1, -1]))
    >>> pc.flipped_mistakes(A, [0.0, 1.0, -1.0])  # a tie on both: both are mistakes
    array([ True,  True])
    >>> pc.flipped_mistakes(A, np.array([[0.0, 0.0], [1.0, -1.0], [0.0, 0.0]]))
    array([[False,  True],
           [ True, False]])
    """
    w = np.asarray(w, dtype=np.float64)
    score = scores(A, w) if w.ndim == 1 else np.asarray(A, dtype=np.float64) @ w
    return mistakes(1.0, score)


@dataclass(frozen=True)
class ConeSolution:
    """The perceptron's run through the rows of A, and the scaled solution of A w >= 1.

    Attributes
    ----------
    A : ndarray (n, m)
        The rows, as given.
    iterates : ndarray (k + 1, m)
        w after each update, from w = 0 (row 0) to the last (row k).
    rows : ndarray (k,)
        The row added by each update (a_i . w <= 0 before it: a mistake or "I don't know").
    visits : ndarray (k,)
        The visit (from 0, over all passes) at which each update was made.
    passes : int
        Passes through the rows made, the clean one included.
    stop_reason : str
        "solved" (a pass without a mistake: A w > 0), "max_updates" or "max_passes" (the
        cap was hit: the system may have no solution, which a perceptron cannot prove),
        or "rounding" (A w > 0 held, but no floating-point multiple of w was found with
        A w >= 1).
    low : float or None
        min(A w) of the final w, when it is > 0: the scale is about 1 / low.
    solution : ndarray (m,) or None
        w / low, rounded up when needed, so that ``A @ solution >= 1`` holds exactly in
        floating point; None unless solved.
    nudged : bool
        ``w / low`` itself fell short of 1 on some row by rounding and was scaled up a hair.
    """

    A: Floats
    iterates: Floats
    rows: Ints
    visits: Ints
    passes: int
    stop_reason: str
    low: float | None
    solution: Floats | None
    nudged: bool

    @property
    def solved(self) -> bool:
        return self.stop_reason == "solved"

    @property
    def w(self) -> Floats:
        """The last iterate (A w > 0 when solved)."""
        last: Floats = self.iterates[-1].copy()
        return last

    @property
    def updates(self) -> int:
        return int(self.rows.shape[0])


def solve_cone(
    A: ArrayLike, *, max_updates: int = MAX_UPDATES, max_passes: int = MAX_PASSES
) -> ConeSolution:
    """Solve the cone LP A w >= 1 with the perceptron (note 001, section 1.1).

    Start from w = 0 and visit the rows in order, pass after pass; a row with a . w <= 0
    is a mistake ("I don't know" at 0 included) and is added: w <- w + a. A pass without a
    mistake means A w > 0; then w is scaled by 1 / min(A w), so A w >= 1.

    Parameters
    ----------
    A : array (n, m)
        The rows a_i, finite numbers.
    max_updates, max_passes : int
        Caps: the perceptron never stops on an infeasible system, so it is stopped here
        and ``stop_reason`` says which cap was hit.

    Returns
    -------
    ConeSolution

    Examples
    --------
    >>> import numpy as np, perceptron_core as pc
    >>> sol = pc.solve_cone([[1.0, 2.0], [1.0, -1.0]])
    >>> sol.iterates.tolist(), sol.rows.tolist(), sol.solution.tolist()
    ([[0.0, 0.0], [1.0, 2.0], [2.0, 1.0]], [0, 1], [2.0, 1.0])
    >>> pc.solve_cone([[1.0], [-1.0]], max_updates=10).stop_reason
    'max_updates'
    """
    A = check_X(A, name="A")
    max_updates = check_positive_int(max_updates, "max_updates")
    max_passes = check_positive_int(max_passes, "max_passes")
    check_magnitude(A)  # w . a stays far from overflow however many rows are added
    n, m = A.shape
    w = np.zeros(m)
    iterates: list[Floats] = [w.copy()]
    rows: list[int] = []
    visits: list[int] = []
    passes, reason = 0, "max_passes"
    while passes < max_passes and reason == "max_passes":
        pos, clean, chunk = 0, True, _FIRST_CHUNK
        while pos < n:
            # Scan ahead for the next mistake of this pass: the rows before it are fine with
            # the current w, so skipping them is what visiting them one by one does. The
            # scan grows while it finds none (a clean stretch) and starts small after an
            # update (mistakes come close together on hard data).
            bad = np.flatnonzero(flipped_mistakes(A[pos : pos + chunk], w))
            if bad.size == 0:
                pos += chunk
                chunk *= 2
                continue
            chunk = _FIRST_CHUNK
            i = pos + int(bad[0])
            w = w + A[i]
            iterates.append(w.copy())
            rows.append(i)
            visits.append(passes * n + i)
            clean = False
            if len(rows) >= max_updates:
                reason = "max_updates"
                break
            pos = i + 1
        passes += 1
        if clean:
            reason = "solved"
    low, solution, nudged = None, None, False
    if reason == "solved":
        low, solution, nudged = _scaled(A, w)
        if solution is None:
            reason = "rounding"
    return ConeSolution(
        A=A,
        iterates=np.array(iterates),
        rows=np.array(rows, dtype=np.int64),
        visits=np.array(visits, dtype=np.int64),
        passes=passes,
        stop_reason=reason,
        low=low,
        solution=solution,
        nudged=nudged,
    )


def _scaled(A: Floats, w: Floats) -> tuple[float | None, Floats | None, bool]:
    """(min A w, a multiple of w with A @ it >= 1 in floating point, whether it was nudged)."""
    low = float(np.min(A @ w))
    if not low > 0.0:  # another summation order than the scan's: a near-tie
        return None, None, False
    v = w / low
    nudged = False
    for attempt in range(_NUDGES):
        if not np.all(np.isfinite(v)):
            return low, None, nudged
        least = float(np.min(A @ v))
        if least >= 1.0:
            return low, v, nudged
        # Rounding left a product a hair under 1: scale up by a little more each time.
        nudged = True
        v = v * (1.0 / least) * (1.0 + np.finfo(np.float64).eps * 2.0**attempt)
    return low, None, nudged
