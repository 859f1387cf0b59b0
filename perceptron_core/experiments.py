"""Experiments a single run cannot show: Theorem 1 across margins, seeds and dimensions,
and the spread of random orderings against an adversarial one.

Every experiment returns a *table*: a dict of read-only numpy columns of equal length, one
row per run, which a notebook can print, plot or turn into a DataFrame itself. The runs
are the engine's own (``perceptron_core.train``, compiled); R, gamma* and the bound are
``perceptron_core.theory``'s, in the augmented space the engine learns in: R = max ||(1,
x_i)||, gamma* the maximum margin over unit (b, w), bound = R^2 / gamma*^2 (Theorem 1 of
001, for w = 0 and any eta, any order).

    from perceptron_core import experiments as ex
    table = ex.margin_experiment(np.geomspace(0.01, 0.5, 10), seeds=20, n=100)
    table["mistakes"] <= table["bound"]           # every row: True
    ex.dimension_experiment([2, 10, 100], margin=0.05, seeds=20, n=100)
    ex.ordering_experiment(X, y, orderings=100)    # fixed, random and adversarial rows
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np
from numba import njit
from numpy.typing import ArrayLike

from ._types import Floats, Ints
from ._validate import check_positive_int, check_X, check_y
from .margin import theory
from .train import train

Progress = Callable[[int, int], None]  # (runs done, runs in all)

# The columns of a bound table (margin and dimension experiments), in order.
BOUND_COLUMNS = ("margin", "d", "seed", "n", "R", "gamma", "bound", "mistakes", "epochs",
                 "converged")  # fmt: skip
# The columns of an ordering table; "w" holds one row of d weights per run.
ORDERING_COLUMNS = ("kind", "order_seed", "epochs", "mistakes", "converged", "b", "w",
                    "R", "gamma", "bound")  # fmt: skip


# ------------------------------------------------------------------ the generator
def separable_points(
    n: int, d: int, margin: float, rng: np.random.Generator
) -> tuple[Floats, Floats, Floats]:
    """n labelled points in R^d whose maximum margin gamma* is exactly ``margin``.

    A unit normal u is drawn uniformly; the points are drawn uniformly in the unit ball,
    half of them labelled +1 (one more when n is odd), each reflected to its class's side
    of the hyperplane u.x = 0 and pushed ``margin`` further along y u. Two of them sit at
    exactly +margin u (label +1) and -margin u (label -1). Then (b, w) = (0, u) separates
    with margin ``margin`` in the augmented space, and no unit (b, w) does better: on the
    two anchors y (b + w.x) are b + margin w.u and -b + margin w.u, whose smaller one is
    at most margin w.u <= margin. The geometric (free-bias) margin is ``margin`` too. The
    rows come in a random order (the perceptron visits them in it), and ||x_i|| <= 1 +
    margin, so R <= sqrt(1 + (1 + margin)^2) whatever d is.

    Parameters
    ----------
    n : int >= 2
    d : int >= 1
    margin : float > 0
    rng : numpy.random.Generator
        The only source of randomness (``np.random.default_rng(seed)``).

    Returns
    -------
    X : ndarray (n, d)
    y : ndarray (n,) of -1.0 / +1.0
    u : ndarray (d,), the unit normal of the max-margin separator (bias 0)

    Examples
    --------
    >>> import numpy as np, perceptron_core as pc
    >>> from perceptron_core.experiments import separable_points
    >>> X, y, u = separable_points(50, 5, 0.1, np.random.default_rng(0))
    >>> round(pc.theory(X, y).gamma, 9), round(float(np.min(y * (X @ u))), 9)
    (0.1, 0.1)
    """
    n = check_positive_int(n, "n")
    d = check_positive_int(d, "d")
    if n < 2:
        raise ValueError(f"n must be at least 2 (one point of each class); got {n}")
    margin = float(margin)
    if not (math.isfinite(margin) and margin > 0):
        raise ValueError(f"margin must be a positive number; got {margin!r}")
    u = rng.standard_normal(d)
    while not np.any(u):  # probability zero, but a zero normal has no direction
        u = rng.standard_normal(d)
    u /= np.linalg.norm(u)
    m = n - 2
    g = rng.standard_normal((m, d))
    norms = np.linalg.norm(g, axis=1)
    norms[norms == 0.0] = 1.0
    P = g / norms[:, None] * rng.uniform(size=(m, 1)) ** (1.0 / d)  # uniform in the ball
    want = np.where(np.arange(m) < (m + 1) // 2, 1.0, -1.0)  # n odd: one more +1
    side = P @ u
    P -= (2.0 * side * (side * want < 0))[:, None] * u  # reflect onto the class's side
    P += (want * margin)[:, None] * u
    X = np.vstack([margin * u, -margin * u, P])
    y = np.concatenate([[1.0, -1.0], want])
    order = rng.permutation(n)
    return X[order], y[order], u


# ------------------------------------------------------------ the bound experiments
def margin_experiment(
    margins: Sequence[float],
    seeds: int | Sequence[int] = 20,
    n: int = 100,
    d: int = 2,
    *,
    max_epochs: int = 1_000,
    progress: Progress | None = None,
) -> dict[str, np.ndarray]:
    """Mistakes against Theorem 1's bound for every margin and seed.

    For each nominal margin and each seed s: ``separable_points(n, d, margin,
    np.random.default_rng(s))``, one run of the perceptron from w = 0 in the data's order
    (``train``, eta = 1) to convergence or ``max_epochs``, and its ``theory``: the realised
    R and gamma* (the plotted ones), the bound R^2/gamma*^2.

    Parameters
    ----------
    margins : sequence of float > 0
    seeds : int or sequence of int
        A count (seeds 0 .. seeds-1) or the seeds themselves.
    n, d : int
        Points per dataset and their dimension.
    max_epochs : int
        A run not clean by then stops there (``converged`` False).
    progress : callable(done, total), optional
        Called after every run.

    Returns
    -------
    dict of str -> ndarray
        One row per (margin, seed), margins outermost: ``BOUND_COLUMNS``.

    Examples
    --------
    >>> from perceptron_core.experiments import margin_experiment
    >>> t = margin_experiment([0.05, 0.2], seeds=3, n=40)
    >>> len(t["mistakes"]), bool((t["mistakes"] <= t["bound"]).all())
    (6, True)
    """
    return _bound_table([(float(m), int(d)) for m in margins], seeds, n, max_epochs, progress)


def dimension_experiment(
    dims: Sequence[int],
    margin: float = 0.05,
    seeds: int | Sequence[int] = 20,
    n: int = 100,
    *,
    max_epochs: int = 1_000,
    progress: Progress | None = None,
) -> dict[str, np.ndarray]:
    """Mistakes and the bound against the dimension d at one margin (the bound does not
    depend on d: R stays below sqrt(1 + (1 + margin)^2) and gamma* is ``margin``).

    The same table as ``margin_experiment`` (``BOUND_COLUMNS``), one row per (d, seed),
    dimensions outermost.

    Examples
    --------
    >>> from perceptron_core.experiments import dimension_experiment
    >>> t = dimension_experiment([2, 20], margin=0.1, seeds=2, n=30)
    >>> t["d"].tolist(), bool((t["mistakes"] <= t["bound"]).all())
    ([2, 2, 20, 20], True)
    """
    return _bound_table([(float(margin), int(k)) for k in dims], seeds, n, max_epochs, progress)


def _bound_table(
    cells: Sequence[tuple[float, int]],
    seeds: int | Sequence[int],
    n: int,
    max_epochs: int,
    progress: Progress | None,
) -> dict[str, np.ndarray]:
    if isinstance(seeds, int) or np.isscalar(seeds):  # isinstance tells the type checker
        seeds = list(range(check_positive_int(seeds, "seeds")))
    seeds = [int(s) for s in seeds]
    n = check_positive_int(n, "n")
    max_epochs = check_positive_int(max_epochs, "max_epochs")
    if not cells or not seeds:
        raise ValueError("an experiment needs at least one margin (or dimension) and one seed")
    rows: list[tuple[object, ...]] = []
    total = len(cells) * len(seeds)
    for margin, d in cells:
        for s in seeds:
            X, y, _ = separable_points(n, d, margin, np.random.default_rng(s))
            run = train(X, y, max_epochs=max_epochs)
            th = theory(X, y)
            rows.append((margin, d, s, n, th.R, th.gamma, th.bound, run.mistakes, run.epochs,
                         run.converged))  # fmt: skip
            if progress is not None:
                progress(len(rows), total)
    kinds = (float, int, int, int, float, float, float, int, int, bool)
    return _columns(BOUND_COLUMNS, kinds, rows)


def _columns(
    names: Sequence[str], kinds: Sequence[type | None], rows: Sequence[Sequence[object]]
) -> dict[str, np.ndarray]:
    out: dict[str, np.ndarray] = {}
    for i, (name, kind) in enumerate(zip(names, kinds, strict=True)):
        values = [row[i] for row in rows]
        col = np.array(values, dtype=kind) if kind is not None else np.array(values)
        col.flags.writeable = False
        out[name] = col
    return out


# --------------------------------------------------------- the ordering experiment
def ordering_experiment(
    X: ArrayLike,
    y: ArrayLike,
    orderings: int = 100,
    seed: int = 0,
    *,
    reshuffle: bool = False,
    max_epochs: int = 1_000,
    max_adversarial: int = 100_000,
    progress: Progress | None = None,
) -> dict[str, np.ndarray]:
    """The same data in many orders: the given (fixed) order, ``orderings`` random ones,
    and the adversarial order (``adversarial_run``), each from w = 0 with eta = 1.

    Random ordering i uses the seed ``seed + i``: without ``reshuffle`` the rows are
    permuted once by ``np.random.default_rng(seed + i).permutation(n)`` and visited in
    that order every epoch (the notes' 002 section 6.1); with ``reshuffle`` the engine
    draws a new order every epoch (``train(shuffle=True, seed=seed + i)``).

    Returns
    -------
    dict of str -> ndarray
        ``ORDERING_COLUMNS``: row 0 the fixed order (kind "fixed", order_seed -1), then the
        random orders ("random"), then "adversarial" (order_seed -1, epochs NaN: it picks
        one example at a time, not epochs). ``epochs`` counts passes including the final
        clean one; ``w`` is (rows, d); R, gamma, bound repeat the data's theory on every
        row (bound inf when the data is not separable).

    Examples
    --------
    >>> import numpy as np
    >>> from perceptron_core.experiments import ordering_experiment, separable_points
    >>> X, y, _ = separable_points(30, 2, 0.1, np.random.default_rng(1))
    >>> t = ordering_experiment(X, y, orderings=5)
    >>> t["kind"].tolist()[:2], t["kind"].tolist()[-1], bool((t["mistakes"] <= t["bound"]).all())
    (['fixed', 'random'], 'adversarial', True)
    """
    X = check_X(X)
    n = X.shape[0]
    y = check_y(y, n)
    orderings = check_positive_int(orderings, "orderings")
    max_epochs = check_positive_int(max_epochs, "max_epochs")
    th = theory(X, y)
    rows: list[tuple[object, ...]] = []
    total = orderings + 2

    def tick() -> None:
        if progress is not None:
            progress(len(rows), total)

    run = train(X, y, max_epochs=max_epochs)
    rows.append(("fixed", -1, run.epochs, run.mistakes, run.converged, run.b, run.w))
    tick()
    for i in range(orderings):
        s = int(seed) + i
        if reshuffle:
            run = train(X, y, max_epochs=max_epochs, shuffle=True, seed=s)
        else:
            order = np.random.default_rng(s).permutation(n)
            run = train(X[order], y[order], max_epochs=max_epochs)
        rows.append(("random", s, run.epochs, run.mistakes, run.converged, run.b, run.w))
        tick()
    adv = adversarial_run(X, y, max_updates=max_adversarial)
    rows.append(("adversarial", -1, math.nan, adv.mistakes, adv.converged, adv.b, adv.w))
    tick()
    rows = [(*row, th.R, th.gamma, th.bound) for row in rows]
    kinds = (str, int, float, int, bool, float, None, float, float, float)
    return _columns(ORDERING_COLUMNS, kinds, rows)


# ------------------------------------------------------------- the adversarial order
class Adversarial:
    """The run of ``adversarial_run``: final (w, b), the examples updated on in order,
    and whether it stopped with every example strictly right."""

    __slots__ = ("b", "converged", "indices", "w")

    def __init__(self, w: np.ndarray, b: float, indices: np.ndarray, converged: bool):
        self.w, self.b, self.indices, self.converged = w, b, indices, converged

    @property
    def mistakes(self) -> int:
        return int(self.indices.shape[0])

    def __repr__(self) -> str:
        return (f"Adversarial(mistakes={self.mistakes}, converged={self.converged}, "
                f"w={self.w!r}, b={self.b!r})")  # fmt: skip


def adversarial_run(X: ArrayLike, y: ArrayLike, max_updates: int = 100_000) -> Adversarial:
    """The perceptron fed the worst-classified example next, from w = 0, eta = 1.

    At each visit every example's y (w.x + b) is computed (the engine's arithmetic: the
    products summed left to right, then the bias); the one with the smallest value is
    visited (a tie: the lowest index). If that value is <= 0 it is a mistake and w += y x,
    b += y; otherwise every example is strictly right and the run has converged. It stops
    after ``max_updates`` updates at the latest. Theorem 1 holds for any order, so on
    separable data its mistakes are at most R^2/gamma*^2 all the same.

    Examples
    --------
    >>> from perceptron_core.experiments import adversarial_run
    >>> run = adversarial_run([[1.0, 1.0], [2.0, 2.0], [-1.0, -1.0]], [1, 1, -1])
    >>> run.mistakes, run.converged, run.w, run.b
    (1, True, array([1., 1.]), 1.0)
    """
    X = check_X(X)
    y = check_y(y, X.shape[0])
    max_updates = check_positive_int(max_updates, "max_updates")
    w = np.zeros(X.shape[1])
    bias = np.zeros(1)
    indices = np.empty(max_updates, dtype=np.int64)
    used, converged = _adversarial_loop(X, y, w, bias, indices)
    return Adversarial(w, float(bias[0]), indices[:used].copy(), bool(converged))


@njit(cache=True, nogil=True)
def _adversarial_loop(
    X: Floats, y: Floats, w: Floats, bias: Floats, indices: Ints
) -> tuple[int, bool]:
    n, d = X.shape
    used = 0
    while True:
        worst, pick = math.inf, 0
        for i in range(n):
            s = 0.0
            for j in range(d):
                s += w[j] * X[i, j]
            s = y[i] * (s + bias[0])
            if s < worst:  # strict: a tie keeps the lower index
                worst, pick = s, i
        if worst > 0.0:
            return used, True
        if used == indices.shape[0]:
            return used, False
        for j in range(d):
            w[j] += X[pick, j] * y[pick]
        bias[0] += y[pick]
        indices[used] = pick
        used += 1
