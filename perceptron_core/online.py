"""The online mistake-bound setting of 001: examples arrive one at a time.

For each arriving example the learner first predicts (+1, -1, or 0 for "I don't know" when
the activation is exactly zero, which counts as a mistake either way), then is told the
label and learns from it. Its steps are ``reference.perceptron_step``, so a stream fed to
``OnlinePerceptron`` makes exactly the mistakes ``train(..., max_epochs=1)`` makes on the
same sequence.

Two questions of the notes' game are answered here for a recorded run or any weights:
``update_effect`` (does one update fix the point it was made on? y(w.x + b) before and
after), and ``adversary_point`` (a point of the plane the perceptron must get wrong while
a fixed target separator u still classifies it with margin gamma: Theorem 1 then says how
many such points there can be).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import ArrayLike

from ._types import Floats
from ._validate import check_eta
from .reference import activation, activations, is_mistake, perceptron_step

if TYPE_CHECKING:
    from .run import Run

MAX_CANDIDATES = 1_000_000  # the adversary's lattice: tens of milliseconds a move at most


@dataclass(frozen=True)
class Arrival:
    """One arrival: what was predicted, what the label was, what was learned."""

    x: tuple[float, ...]
    y: int
    activation: float
    prediction: int  # +1, -1, or 0 for "I don't know"
    mistake: bool
    w_after: tuple[float, ...]
    b_after: float


@dataclass(frozen=True)
class OnlinePerceptron:
    """An immutable online learner: ``learn`` returns a new learner with one more arrival."""

    d: int
    eta: float = 1.0
    w: tuple[float, ...] = ()
    b: float = 0.0
    history: tuple[Arrival, ...] = field(default_factory=tuple)

    def __post_init__(self) -> None:
        check_eta(self.eta)
        if not self.w:
            object.__setattr__(self, "w", (0.0,) * self.d)
        if len(self.w) != self.d:
            raise ValueError(f"w must have {self.d} entries; got {len(self.w)}")

    @property
    def mistakes(self) -> int:
        return sum(a.mistake for a in self.history)

    def predict_one(self, x: ArrayLike) -> int:
        """+1 or -1, or 0 ("I don't know") when w.x + b is exactly 0."""
        a = activation(self.w, self.b, self._check_x(x))
        return 1 if a > 0 else (-1 if a < 0 else 0)

    def learn(self, x: ArrayLike, y: int) -> OnlinePerceptron:
        """Predict ``x``, then learn its label ``y``; return the learner after it."""
        x = self._check_x(x)
        if y not in (-1, 1):
            raise ValueError(f"label must be -1 or +1; got {y!r}")
        w, b, a, mistake = perceptron_step(np.array(self.w), self.b, x, float(y), self.eta)
        pred = 1 if a > 0 else (-1 if a < 0 else 0)
        arrival = Arrival(tuple(x), int(y), a, pred, mistake, tuple(w.tolist()), b)
        return OnlinePerceptron(self.d, self.eta, tuple(w.tolist()), b, self.history + (arrival,))

    def _check_x(self, x: ArrayLike) -> Floats:
        arr = np.asarray(x, dtype=np.float64).reshape(-1)
        if arr.shape != (self.d,):
            raise ValueError(f"an example must have {self.d} features; got {arr.shape[0]}")
        if not np.isfinite(arr).all():
            raise ValueError("an example must contain finite numbers only (no NaN or inf)")
        return arr


# ------------------------------------------------------------ does one update fix it?
@dataclass(frozen=True)
class UpdateEffect:
    """y(w.x + b) on the example of a mistake, with the weights before and after its update.

    One update adds eta (1 + ||x||^2) to it (the step eta y (1, x) dotted with y (1, x)), so
    a point far on the wrong side is often still wrong afterwards.
    """

    before: float
    after: float
    fixed: bool  # after the update the example is classified correctly (y(w.x + b) > 0)


def update_effect(run: Run, t: int) -> UpdateEffect | None:
    """Does the update made at visit ``t`` (0-based) of a primal run fix that example?

    None when visit ``t`` was not a mistake (no update was made). ``before`` is the
    visit's own y * activation; ``after`` uses the run's weights after the update, summed
    in the engine's order, and ``fixed`` is "not a mistake any more" (a tie is a mistake).
    """
    if run.is_kernel or run.is_batch:
        raise ValueError(
            "update_effect needs a run that updates on each mistake (not batch or kernel)"
        )
    v = run.visit(t)
    if not v.mistake:
        return None
    x, y = run.X[v.index], float(run.y[v.index])
    assert v.w_after is not None and v.b_after is not None  # a primal run's visit has both
    after = activation(v.w_after, v.b_after, x)
    return UpdateEffect(y * v.activation, y * after, not is_mistake(y, after))


# ---------------------------------------------------------------------- the adversary
@dataclass(frozen=True)
class AdversaryMove:
    """A point the adversary plays: its label y = sign(u.(1, x)), its margin
    y u.(1, x) / ||u|| (>= gamma) and the perceptron's activation w.x + b there
    (y times it is <= 0: a mistake, or a tie)."""

    x: np.ndarray  # shape (2,)
    y: int
    margin: float
    activation: float


def adversary_point(
    w: ArrayLike,
    b: float,
    u: ArrayLike,
    gamma: float,
    *,
    box: tuple[float, float, float, float] = (-2.0, 2.0, -2.0, 2.0),
    spacing: int = 20,
    grid: int = 1000,
    eta: float = 1.0,
) -> AdversaryMove | None:
    """The next point of an adversary that forces the perceptron (w, b) into a mistake.

    The adversary keeps to a fixed target separator ``u`` = (u0, u1, u2) (bias first, the
    augmented space of Theorem 1): it may play any point x of ``box`` with margin
    y u.(1, x) / ||u|| >= ``gamma``, where y = sign(u.(1, x)) is its label. Every such
    sequence is separable with margin gamma, so the perceptron makes at most R^2 / gamma^2
    mistakes on it (R = max ||(1, x)||). Among the allowed points that the perceptron gets
    wrong (y (w.x + b) <= 0: a tie counts), it picks the one whose update leaves w the
    farthest from u (the smallest cosine between w + eta y (1, x) and u), so the game lasts
    as long as it can; it returns None when no allowed point is a mistake any more (the
    perceptron classifies all of them like u).

    Parameters
    ----------
    w : array of shape (2,); b : float
        The perceptron's current weights and bias.
    u : array of shape (3,)
        The target separator, bias first; need not be a unit vector.
    gamma : float > 0
        The margin every played point keeps from u (in units of ||u||).
    box : (x0, x1, y0, y1)
        The region the adversary plays in.
    spacing, grid : int
        The candidates are the points (i, j) / grid with i and j multiples of ``spacing``
        inside ``box``: a point stored on a 1/grid grid (a link's) is stored exactly.
    eta : float
        The perceptron's learning rate (it changes which update leaves w farthest from u).

    Returns
    -------
    AdversaryMove or None

    Examples
    --------
    >>> import perceptron_core as pc
    >>> move = pc.adversary_point([0.0, 0.0], 0.0, [0.0, 1.0, 0.0], 0.5)
    >>> move.y * move.activation <= 0 and move.margin >= 0.5
    True
    """
    w = np.asarray(w, dtype=np.float64).reshape(-1)
    u = np.asarray(u, dtype=np.float64).reshape(-1)
    if w.shape != (2,) or u.shape != (3,):
        raise ValueError(
            f"the adversary plays in the plane: w needs 2 numbers, u 3; got {w.shape}, {u.shape}"
        )
    if not (np.isfinite(w).all() and np.isfinite(b) and np.isfinite(u).all() and np.any(u)):
        raise ValueError("w, b and u must be finite, and u not zero")
    gamma = float(gamma)
    if not (np.isfinite(gamma) and gamma > 0):
        raise ValueError(f"gamma must be a finite number > 0; got {gamma!r}")
    eta = check_eta(eta)
    x0, x1, y0, y1 = (float(v) for v in box)
    if not (np.isfinite([x0, x1, y0, y1]).all() and x0 <= x1 and y0 <= y1):
        raise ValueError(
            f"box must be finite (x0, x1, y0, y1) with x0 <= x1, y0 <= y1; got {box!r}"
        )
    C = _lattice(x0, x1, y0, y1, int(spacing), int(grid))
    if C.shape[0] == 0:
        return None
    unit = u / np.linalg.norm(u)
    s = target_margins(u, C)
    y = np.where(s > 0, 1.0, -1.0)
    a = activations(C, w, float(b))  # the engine's own sum: its tie is the engine's tie
    allowed = (y * s >= gamma) & (y * a <= 0.0)
    if not allowed.any():
        return None
    idx = np.flatnonzero(allowed)
    # w + eta y (1, x), bias first, for every allowed point; the smallest cosine with u.
    W = np.column_stack((np.full(idx.size, float(b)), np.tile(w, (idx.size, 1))))
    W += eta * y[idx, None] * np.column_stack((np.ones(idx.size), C[idx]))
    norms = np.linalg.norm(W, axis=1)
    cos = np.divide(W @ unit, norms, out=np.zeros(idx.size), where=norms > 0)
    i = int(idx[int(np.argmin(cos))])
    return AdversaryMove(C[i].copy(), int(y[i]), float(y[i] * s[i]), float(a[i]))


def target_margins(u: ArrayLike, X: ArrayLike) -> Floats:
    """u.(1, x) / ||u|| for every row x of X (shape (n, 2)): the signed distance from the
    target separator u (bias first) in the augmented space; times y, the margin.

    >>> target_margins([0.0, 3.0, 4.0], [[1.0, 1.0]]).round(12)
    array([1.4])
    """
    u = np.asarray(u, dtype=np.float64).reshape(-1)
    X = np.asarray(X, dtype=np.float64).reshape(-1, 2)
    unit = u / np.linalg.norm(u)
    margins: Floats = unit[0] + X[:, 0] * unit[1] + X[:, 1] * unit[2]
    return margins


def _lattice(x0: float, x1: float, y0: float, y1: float, spacing: int, grid: int) -> Floats:
    """The points (i, j) / grid, i and j multiples of ``spacing``, inside the box."""
    if spacing < 1 or grid < 1:
        raise ValueError(f"spacing and grid must be whole numbers >= 1; got {spacing}, {grid}")

    def ticks(lo: float, hi: float) -> Floats:
        k = np.arange(math.ceil(lo * grid / spacing), math.floor(hi * grid / spacing) + 1)
        return k * spacing / grid  # an integer over grid: the stored value exactly

    xs, ys = ticks(x0, x1), ticks(y0, y1)
    if xs.size * ys.size > MAX_CANDIDATES:
        raise ValueError(
            f"{xs.size * ys.size:,} candidate points: use a larger spacing or a smaller box "
            f"(at most {MAX_CANDIDATES:,})"
        )
    gx, gy = np.meshgrid(xs, ys)
    return np.column_stack((gx.ravel(), gy.ravel()))
