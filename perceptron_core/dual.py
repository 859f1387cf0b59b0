"""The kernel perceptron's dual form: mistake counts alpha_i and f(z) in the loop's order.

``DualForm`` is the part of ``Run`` that the kernel perceptron (001 section 1.5, 002
section 8.3) adds: it keeps no w, only how often each example was a mistake, and predicts
with the sign of f(z) = sum over updates of eta*y_i*K(x_i, z).

Read off a recorded kernel run at any update count k (0..``run.mistakes``):

- ``alpha_at(run, k)``: the counts alpha_i after the first k updates.
- ``kernel_scores(run, k, Z)``: f at points Z, summed by example (fast, bounded memory)
  and with the engine's sign on every point, ties included (a rigorous bound on the
  rounding picks the points to recompute in the loop's order); ``exact_sign=False`` gives
  the sums by example alone, for drawing f on a grid.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import ArrayLike

from ._types import Floats, Ints
from .reference import mistakes

if TYPE_CHECKING:
    from .kernels import Kernel

# Kernel values per block when summing f over many updates (8 bytes each).
_CHUNK_ELEMENTS = 4_000_000
# Kernel values held at once when f is summed by example: 2^17 is 1 MiB per block, so
# memory stays a few MB whatever the number of support vectors, updates or points.
# Blocks of 8 MiB were twice as slow (a fresh large array per block, out of cache).
GROUPED_CHUNK_ELEMENTS = 1 << 17
_EPS = float(np.finfo(np.float64).eps)
_TINY = float(np.finfo(np.float64).smallest_subnormal)


def alpha_at(run: DualForm, k: int) -> Ints:
    """Mistake counts alpha_i (int64, one per example) after the first ``k`` updates.

    Parameters
    ----------
    run : Run
        A kernel perceptron run (``pc.train(..., variant="kernel")``).
    k : int
        Updates made, 0..``run.mistakes``.

    Examples
    --------
    >>> import numpy as np, perceptron_core as pc
    >>> X = np.array([[0.0, 0.0], [1.0, 1.0], [0.0, 1.0], [1.0, 0.0]])
    >>> run = pc.train(X, np.array([1, 1, -1, -1]), variant="kernel", kernel="poly")
    >>> pc.alpha_at(run, 3).tolist(), run.update_index[:3].tolist()
    ([1, 0, 1, 1], [0, 2, 3])
    """
    k = _check(run, k)
    return np.bincount(run.update_index[:k], minlength=run.n).astype(np.int64)


def kernel_scores(run: DualForm, k: int, Z: ArrayLike, *, exact_sign: bool = True) -> Floats:
    """f after ``k`` updates at the points Z (m, d): sum_i eta*alpha_i*y_i*K(x_i, z).

    The engine adds eta*y_i*K(x_i, z) once per update, in update order
    (``run.kernel_activations``); grouping the terms by example (alpha_i of them at once)
    rounds differently, and on an exact tie the two can disagree in sign: on integer data
    with eta = 0.1 (any kernel), or with the RBF kernel even at eta = 1, one gives 0 or
    -1e-16 where the other gives +2e-16. So the grouped sum is taken first, with a
    rigorous bound on the rounding of both sums; wherever |f| is within that bound the
    point is recomputed in the engine's order, bitwise as the engine has it. The values
    are the grouped sums elsewhere (equal to rounding), and the sign is the engine's
    everywhere, so a training point is misclassified here exactly when the engine would
    count a visit to it at this ``k`` as a mistake.

    Parameters
    ----------
    run : Run
        A kernel perceptron run.
    k : int
        Updates made, 0..``run.mistakes``.
    Z : array of shape (m, d)
    exact_sign : bool
        False: the sums by example only, no bound and no recomputation (a grid to draw,
        where no exact tie matters).

    Returns
    -------
    ndarray of shape (m,)

    Notes
    -----
    Memory is bounded by ``GROUPED_CHUNK_ELEMENTS`` kernel values at once (points are
    taken in chunks), whatever the number of support vectors.

    Examples
    --------
    >>> import numpy as np, perceptron_core as pc
    >>> X = np.array([[0.0, 0.0], [1.0, 1.0], [0.0, 1.0], [1.0, 0.0]])
    >>> run = pc.train(X, np.array([1, 1, -1, -1]), variant="kernel", kernel="poly")
    >>> pc.kernel_scores(run, 1, X)  # alpha_1 = 1: f(z) = K(x_1, z) = (1 + x_1.z)^2 = 1
    array([1., 1., 1., 1.])
    """
    k = _check(run, k)
    Z = np.ascontiguousarray(np.asarray(Z, dtype=np.float64))
    if Z.ndim != 2 or Z.shape[1] != run.d:
        raise ValueError(f"points must have shape (m, {run.d}); got {Z.shape}")
    if k == 0:
        return np.zeros(Z.shape[0])
    alpha = alpha_at(run, k)
    support = np.flatnonzero(alpha)
    f, magnitude = _grouped(run, alpha, support, Z, with_bound=exact_sign)
    if not exact_sign:
        return f
    # |sequential sum - exact| <= gamma_(k-1) * sum|terms| and |grouped - exact| <=
    # gamma_(s+1) * sum|terms| (products and eta*alpha rounded once each); gamma_n ~ n*eps/2.
    # Twice their sum, plus subnormal products' absolute error, is a safe margin.
    margin = (k + support.size + 4) * _EPS * magnitude * 1.01 + (k + support.size) * _TINY
    near = np.flatnonzero(np.abs(f) <= margin)
    if near.size:
        f[near] = run.kernel_activations(k, Z[near])  # bounded memory, the loop's order
    return f


def _check(run: DualForm, k: int | np.integer[Any]) -> int:
    if not run.is_kernel:
        raise ValueError(f"a kernel perceptron run is needed; got variant={run.variant!r}")
    k = int(k)
    if not 0 <= k <= run.mistakes:
        raise IndexError(f"k must be between 0 and {run.mistakes}; got {k}")
    return k


def _grouped(
    run: DualForm, alpha: Ints, support: Ints, Z: Floats, *, with_bound: bool
) -> tuple[Floats, Floats]:
    """sum_i c_i K(x_i, z) with c_i = eta*alpha_i*y_i over the support, in point chunks,
    and (with_bound) sum_i |c_i| |K(x_i, z)|, the scale of its rounding error."""
    m = Z.shape[0]
    f = np.zeros(m)
    magnitude = np.zeros(m)
    if support.size == 0:
        return f, magnitude
    coef = run.eta * alpha[support] * run.y[support]  # (s,)
    Xs = np.ascontiguousarray(run.X[support])
    step = max(1, GROUPED_CHUNK_ELEMENTS // support.size)
    for lo in range(0, m, step):
        K = run._kern.matrix(Xs, Z[lo : lo + step])  # (s, chunk)
        f[lo : lo + step] = coef @ K
        if with_bound:
            np.abs(K, out=K)
            magnitude[lo : lo + step] = np.abs(coef) @ K
    return f, magnitude


class DualForm:
    """``Run``'s kernel perceptron: alpha and f summed as the loop did (mixed into ``Run``)."""

    # What it, and this module's functions given a run, read of the Run it is mixed into
    # (declared here, not imported: run.py imports this module).
    if TYPE_CHECKING:
        X: Floats
        y: Floats
        eta: float
        variant: str
        kernel: Kernel | None
        counts: Ints

        @property
        def n(self) -> int: ...
        @property
        def d(self) -> int: ...
        @property
        def mistakes(self) -> int: ...
        @property
        def is_kernel(self) -> bool: ...
        @property
        def update_index(self) -> Ints: ...

    @property
    def _kern(self) -> Kernel:
        """The kernel of a kernel run (``train`` gives every kernel run one)."""
        if self.kernel is None:
            raise ValueError("a kernel perceptron run is needed; this run has no kernel")
        return self.kernel

    # --------------------------------------------------------------- kernel
    @cached_property
    def _alpha_steps(self) -> Floats:
        return self.eta * self.y[self.update_index]

    @property
    def alpha(self) -> Ints:
        """Mistake count alpha_i of every example (the dual form)."""
        return np.bincount(self.update_index, minlength=self.n).astype(np.int64)

    def kernel_activations(self, k: int, Z: ArrayLike) -> Floats:
        """f(z) after the first ``k`` mistakes: sum over updates of eta*y_i*K(x_i, z),
        accumulated in update order as the loop did (bounded memory: ``_kernel_sums``)."""
        sums: Floats = self._kernel_sums(np.ascontiguousarray(Z, dtype=np.float64), [int(k)])[0]
        return sums

    def _kernel_sums(self, Z: Floats, ends: Sequence[int] | Ints) -> Floats:
        """f(z) after the first k updates for each k of ``ends`` (increasing): shape
        (len(ends), m). One pass over the updates in blocks of bounded memory; each block's
        products eta*y_i*K(x_i, z) continue the running sum left to right (a cumulative
        sum), so every f is bitwise the loop's."""
        m = Z.shape[0]
        out = np.empty((len(ends), m))
        f = np.zeros(m)
        done = 0  # updates already in f
        step = max(1, _CHUNK_ELEMENTS // 4 // max(1, m))  # K, its products, the sums
        for e, k in enumerate(ends):
            while done < k:
                hi = min(int(k), done + step)
                P = self._kern.matrix(self.X[self.update_index[done:hi]], Z)  # (hi-done, m)
                P *= self._alpha_steps[done:hi, None]
                if done:  # continue the running sum: f + p_0 + p_1 + ...
                    P[0] += f
                f = np.cumsum(P, axis=0)[-1]
                done = hi
            out[e] = f
        return out

    def _kernel_epoch_errors(self) -> Ints:
        """Training errors of a kernel run at each epoch's end, with f summed in update
        order as the loop did (so a tie is a tie)."""
        f = self._kernel_sums(self.X, np.cumsum(self.counts))
        errors: Ints = np.count_nonzero(mistakes(self.y, f), axis=1).astype(np.int64)
        return errors
