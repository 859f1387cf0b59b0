"""``train``: run the compiled loop for any variant and return the recorded ``Run``."""

from __future__ import annotations

from typing import Any, TypeVar

import numpy as np
from numpy.typing import ArrayLike

from . import _loop
from ._types import Floats, Int32s, Ints
from ._validate import check_eta, check_magnitude, check_positive_int, check_X, check_y
from .kernels import Kernel, as_kernel
from .run import VARIANTS, Run, epoch_order, random_start

_A = TypeVar("_A", bound=np.ndarray)

_INITIAL_RECORD = 256
_GROWTH = 1.5  # in-place growth keeps the record's peak at <= 6 bytes per update


def train(
    X: ArrayLike,
    y: ArrayLike,
    *,
    variant: str = "classic",
    eta: float = 1.0,
    max_epochs: int = 100,
    shuffle: bool = False,
    seed: int | None = 0,
    w0: ArrayLike | str | None = None,
    b0: float = 0.0,
    kernel: Kernel | str | dict[str, Any] | None = None,
    max_updates: int | None = None,
    start_seed: int | None = None,
) -> Run:
    """Train a perceptron and record the run.

    Parameters
    ----------
    X : array of shape (n, d)
        Examples; finite numbers.
    y : array of shape (n,)
        Labels, -1 or +1, both present.
    variant : {"classic", "averaged", "voted", "pocket", "kernel", "batch"}
        The rule used to *predict*; classic, averaged, voted and pocket share one run of the
        online perceptron. "kernel" runs the dual form with ``kernel``; "batch" does gradient
        descent on the perceptron criterion J_p (all of an epoch's mistakes, then one step).
    eta : float > 0
        Learning rate: on a mistake ``w += eta*y*x`` and ``b += eta*y``.
    max_epochs : int >= 1
        Stop after this many passes unless a pass is clean first.
    shuffle : bool
        False: visit examples in the given order every epoch. True: a new permutation every
        epoch, drawn from ``seed``.
    seed : int
        Seeds the per-epoch orders and the random start.
    w0 : None, array of shape (d,), or "random"
        Start weights: zeros (None), given, or drawn N(0, 1) from ``seed`` ("random", which
        also draws the bias and ignores ``b0``).
    b0 : float
        Start bias.
    kernel : None, "linear", "poly", "rbf" or Kernel
        Only for ``variant="kernel"``; None means the linear kernel a.b + 1.
    max_updates : int, optional
        Stop right after this many updates (batch: weight changes).
    start_seed : int, optional
        Seeds the random start instead of ``seed`` (so start and order can vary apart).

    Returns
    -------
    Run
        The immutable record; ``run.w``, ``run.b``, ``run.converged``, ``run.mistakes``,
        ``run.epochs``, ``run.predict(X)``.

    Examples
    --------
    >>> import numpy as np, perceptron_core as pc
    >>> X = np.array([[1.0, 1.0], [2.0, 2.0], [-1.0, -1.0]]); y = np.array([1, 1, -1])
    >>> run = pc.train(X, y)
    >>> run.converged, run.mistakes, run.w, run.b
    (True, 1, array([1., 1.]), 1.0)
    """
    if variant not in VARIANTS:
        raise ValueError(f"variant must be one of {', '.join(VARIANTS)}; got {variant!r}")
    X = check_X(X)
    n, d = X.shape
    y = check_y(y, n)
    eta = check_eta(eta)
    max_epochs = check_positive_int(max_epochs, "max_epochs")
    max_updates = check_positive_int(max_updates, "max_updates", allow_none=True)
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, np.integer))):
        raise ValueError(f"seed must be a whole number; got {seed!r}")
    if kernel is not None and variant != "kernel":
        raise ValueError(f"kernel is only used by variant='kernel'; got variant={variant!r}")
    kern = as_kernel(kernel) if variant == "kernel" else None

    if isinstance(w0, str):
        if w0 != "random":
            raise ValueError(f"w0 must be None, an array of {d} numbers, or 'random'; got {w0!r}")
        w_start, b_start = random_start(d, seed if start_seed is None else start_seed)
    elif w0 is None:
        w_start, b_start = np.zeros(d), float(b0)
    else:
        w_start, b_start = _given_start(w0, b0, d)
    if not (np.isfinite(w_start).all() and np.isfinite(b_start)):
        raise ValueError("w0 and b0 must be finite numbers")
    check_magnitude(X, eta, w_start, b_start)
    if kern is not None and (np.any(w_start != 0.0) or b_start != 0.0):
        raise ValueError("the kernel perceptron starts from alpha = 0; w0/b0 must be zero")

    mode = {"kernel": _loop.KERNEL, "batch": _loop.BATCH}.get(variant, _loop.PRIMAL)
    record, counts, status, w, b = _drive(
        X, y, eta, w_start, b_start, mode, max_epochs, max_updates, shuffle, seed, kern
    )
    reason = {
        _loop.CONVERGED: "converged",
        _loop.MAX_EPOCHS: "max_epochs",
        _loop.MAX_UPDATES: "max_updates",
    }[status]
    return Run(
        X=_readonly(X),
        y=_readonly(y),
        variant=variant,
        eta=eta,
        w0=_readonly(w_start.copy()),
        b0=b_start,
        shuffle=shuffle,
        seed=seed,
        kernel=kern,
        max_epochs=max_epochs,
        max_updates=max_updates,
        record=record,
        counts=counts,
        stop_reason=reason,
        final_w=w,
        final_b=b,
    )


def online_run(
    X: ArrayLike, y: ArrayLike, eta: float = 1.0, *, w0: ArrayLike | None = None, b0: float = 0.0
) -> Run:
    """The online setting of 001 as a recorded run: the rows of X arrive in order, each is
    predicted (0 = "I don't know" counts as a mistake) and then learned, once.

    The learner starts at ``w0`` (zeros when None) and ``b0``: a stream continued where an
    earlier one stopped (scikit-learn's ``partial_fit``) is one run from there.

    Same loop as ``train`` for one epoch, but the arrivals may so far be of one class only.
    ``run.online`` is True and ``run.prediction(t)`` is what was predicted for arrival t.

    Examples
    --------
    >>> import perceptron_core as pc
    >>> run = pc.online_run([[1.0, 2.0], [0.5, 1.0]], [1, 1])
    >>> run.mistakes, run.prediction(0), run.prediction(1)
    (1, 0, 1)
    """
    X = check_X(X)
    y = check_y(y, X.shape[0], require_both=False)
    eta = check_eta(eta)
    d = X.shape[1]
    w_start, b_start = (np.zeros(d), float(b0)) if w0 is None else _given_start(w0, b0, d)
    if not (np.isfinite(w_start).all() and np.isfinite(b_start)):
        raise ValueError("w0 and b0 must be finite numbers")
    check_magnitude(X, eta, w_start, b_start)
    record, counts, _, w, b = _drive(X, y, eta, w_start, b_start, _loop.PRIMAL, 1, None,
                                     False, 0, None)  # fmt: skip
    return Run(
        X=_readonly(X),
        y=_readonly(y),
        variant="classic",
        eta=eta,
        w0=_readonly(w_start.copy()),
        b0=b_start,
        shuffle=False,
        seed=0,
        kernel=None,
        max_epochs=1,
        max_updates=None,
        record=record,
        counts=counts,
        stop_reason="online",
        final_w=w,
        final_b=b,
    )


def _given_start(w0: object, b0: float, d: int) -> tuple[Floats, float]:
    """Start weights the caller gave: d numbers and a bias (their finiteness checked by
    the caller, with the random start's)."""
    w_start = np.array(w0, dtype=np.float64).reshape(-1)
    if w_start.shape != (d,):
        raise ValueError(f"w0 must have {d} entries (one per feature); got {w_start.shape}")
    return w_start, float(b0)


def _drive(
    X: Floats,
    y: Floats,
    eta: float,
    w_start: Floats,
    b_start: float,
    mode: int,
    max_epochs: int,
    max_updates: int | None,
    shuffle: bool,
    seed: int | None,
    kern: Kernel | None,
) -> tuple[Int32s, Ints, int, Floats, float]:
    """Call the loop until it stops, growing the record in place and reshuffling."""
    n, d = X.shape
    w = w_start.copy()
    bias = np.array([b_start])
    state = np.zeros(5, dtype=np.int64)
    record = np.empty(min(_INITIAL_RECORD, max_updates or _INITIAL_RECORD), dtype=np.int32)
    counts = np.zeros(min(max_epochs, 16), dtype=np.int64)
    pending = np.zeros(d + 1)
    f = np.zeros(n if mode == _loop.KERNEL else 0)
    kind, degree, gamma = (kern.kind, kern.degree, kern.gamma) if kern else (0, 1, 1.0)
    # Batch counts weight changes, not mistakes: it is limited at epoch ends below.
    loop_max_updates = -1 if (max_updates is None or mode == _loop.BATCH) else max_updates
    stop_each_epoch = shuffle or (mode == _loop.BATCH and max_updates is not None)
    # Fixed order needs no index array (an empty one means 0..n-1): no O(n) extra memory.
    order = epoch_order(n, 0, shuffle, seed) if shuffle else np.empty(0, dtype=np.int64)
    while True:
        status = _loop.run_loop(
            X, y, eta, w, bias, order, state, max_epochs, loop_max_updates, mode,
            stop_each_epoch, record, counts, pending, f, kind, degree, gamma,
        )  # fmt: skip
        if status == _loop.NEED_ROOM:
            if state[_loop.S_USED] == record.shape[0]:
                record.resize(int(record.shape[0] * _GROWTH) + 1, refcheck=False)
            if state[_loop.S_EPOCH] >= counts.shape[0]:
                counts.resize(min(max_epochs, counts.shape[0] * 2), refcheck=False)
            continue
        if status == _loop.EPOCH_DONE:
            if mode == _loop.BATCH and max_updates is not None:
                changes = int(np.count_nonzero(counts[: state[_loop.S_EPOCH]]))
                if changes >= max_updates:
                    status = _loop.MAX_UPDATES
                    break
            order = epoch_order(n, int(state[_loop.S_EPOCH]), shuffle, seed)
            continue
        break
    used = int(state[_loop.S_USED])
    record.resize(used, refcheck=False)  # shrinks in place
    counts.resize(int(state[_loop.S_EPOCH]), refcheck=False)
    return record, counts, status, w, float(bias[0])


def _readonly(a: _A) -> _A:
    v = a.view()
    v.flags.writeable = False
    return v
