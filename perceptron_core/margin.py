"""The theory of the notes, computed exactly for a dataset.

Two margins, not to be confused:

- ``gamma`` (gamma*): the maximum margin in the *augmented* space, max over unit u in
  R^(d+1) of min_i y_i u.(1, x_i). The bias is part of u and counts in its norm. This is
  the margin of Theorem 1 (001): the perceptron makes at most R^2 / gamma*^2 mistakes with
  R = max ||(1, x_i)||. It is not invariant to shifting the data.
- ``geometric_margin``: the margin of the picture, max over (w, b) with ||w|| = 1 of
  min_i y_i (w.x_i + b): the distance from the widest separating band's centre line to the
  closest point (a hard-margin SVM with a free, unpenalised bias).

Both are least-distance programs, solved by Lawson and Hanson's reduction to non-negative
least squares (``scipy.optimize.nnls``), and the separator found is checked exactly.

Theorem 2's bound (the hinge loss, for data no line separates) is in ``hinge.py``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import cast

import numpy as np
from numpy.typing import ArrayLike
from scipy.optimize import nnls

from ._types import Floats, Ints
from ._validate import check_X, check_y

# The free-bias band: (unit w, b, margin), or (None, None, 0.0) when there is none.
Band = tuple[Floats | None, float | None, float]


@dataclass(frozen=True)
class Theory:
    """What the notes' theorems say about one dataset.

    Attributes
    ----------
    R : float
        max_i ||(1, x_i)||, the radius in the augmented space.
    separable : bool
        Whether some hyperplane puts every example strictly on its side (decided exactly).
    gamma : float
        gamma*, the maximum margin in the augmented space (0.0 when not separable).
    u : ndarray of shape (d+1,) or None
        The unit separator attaining gamma*, bias component first.
    bound : float
        Theorem 1's mistake bound R^2 / gamma*^2 (inf when not separable).
    geometric_margin : float
        The picture's margin: max over unit w and free b of min_i y_i (w.x_i + b).
    geometric_w, geometric_b : ndarray (d,), float, or None
        The widest-band separator (||geometric_w|| = 1).
    """

    R: float
    separable: bool
    gamma: float
    u: Floats | None
    bound: float
    geometric_margin: float
    geometric_w: Floats | None
    geometric_b: float | None

    def bound_from_start(self, w0: ArrayLike, b0: float = 0.0, eta: float = 1.0) -> float:
        """The mistake bound of 004's proof for a start w(1) = (b0, w0) != 0.

        With alpha = R^2/gamma* and u the unit max-margin separator, the proof gives
        k <= ||w(1)/eta - alpha u||^2 / R^2 (running with step eta from w(1) makes the same
        mistakes as step 1 from w(1)/eta). For w(1) = 0 this is R^2 / gamma*^2.
        """
        if not self.separable or self.u is None:  # u is None exactly when not separable
            return math.inf
        start = np.concatenate(([float(b0)], np.asarray(w0, dtype=np.float64))) / float(eta)
        # ||start - (R^2/gamma) u||^2 / R^2 = ||start/R - (R/gamma) u||^2: no R^2 to overflow.
        return float(np.sum((start / self.R - (self.R / self.gamma) * self.u) ** 2))


def augment(X: Floats) -> Floats:
    """(1, x_i) rows: the constant feature x0 = 1 first."""
    return np.hstack((np.ones((X.shape[0], 1)), X))


def theory(X: ArrayLike, y: ArrayLike, hint: ArrayLike | None = None) -> Theory:
    """Compute R, separability, gamma*, u*, the bound and the geometric margin of (X, y).

    True at every finite scale: separability is decided on z_i = y_i (1, x_i) with each
    column scaled by a power of two (exact, so the decision is unchanged) and any separator
    found is verified exactly. gamma is the margin of the best verified separator (the
    max-margin one computed directly, or in the column-scaled space, the free-bias widest
    band, the bias-free one, or ``hint``), so gamma <= gamma* always and R^2/gamma^2 stays a
    valid bound; at ordinary scales it is gamma* itself. R, gamma and the bound are computed
    without overflow (the bound is inf only when it exceeds the float range).

    Parameters
    ----------
    hint : array of shape (d+1,), optional
        A candidate separator (bias first, e.g. a converged run's (b, w)); if it separates,
        the verdict is "separable" whatever the solvers find.

    Examples
    --------
    >>> import numpy as np, perceptron_core as pc
    >>> th = pc.theory(np.array([[1.0, 0.0], [-1.0, 0.0]]), np.array([1, -1]))
    >>> th.separable, round(th.gamma, 12), round(th.bound, 9), th.geometric_margin
    (True, 1.0, 2.0, 1.0)
    """
    X = check_X(X)
    n, d = X.shape
    y = check_y(y, n)
    if hint is not None:
        hint = np.asarray(hint, dtype=np.float64).reshape(-1)
        if hint.shape != (d + 1,) or not np.isfinite(hint).all():
            raise ValueError(
                f"hint must be a finite separator of {d + 1} numbers (bias first); "
                f"got shape {hint.shape}"
            )
    Z = augment(X) * y[:, None]
    top = float(np.max(np.abs(Z)))  # >= 1: the bias column
    E = _exponent(top)
    Zu = np.ldexp(Z, -E)  # uniformly scaled: the same geometry, |entries| < 1
    Ru = math.sqrt(float(np.max(np.einsum("ij,ij->i", Zu, Zu))))
    R = float(np.ldexp(Ru, E))
    # Column-scaled copy for the exact check (and a solver that sees every column).
    e = np.array([_exponent(float(np.max(np.abs(Z[:, j])))) for j in range(d + 1)])
    Zc = np.ldexp(Z, -e)
    exact_copy = bool(np.array_equal(np.ldexp(Zc, e), Z))

    def verified(v: Floats | None) -> Floats | None:
        """The separator v (for Z, any positive multiple) as a unit vector, or None."""
        if v is None or not np.isfinite(v).all() or not np.any(v):
            return None
        vc = _rescale(v, e - E)  # Zc vc is a positive multiple of Z v
        if vc is None:
            return None
        if not (strictly_separates(Zc, vc) if exact_copy else _separates_exactly(Z, v)):
            return None
        vn = _rescale(v, np.zeros(d + 1, dtype=np.int64))
        assert vn is not None  # v has a nonzero entry, as vc showed
        unit: Floats = vn / float(np.linalg.norm(vn))
        return unit

    ones = np.ones(n)
    found: list[Floats | None] = [
        verified(least_distance(Zu, ones))
    ]  # verified unit separators (or None)
    extreme = int(np.max(e) - np.min(e)) > 40  # columns 1e12 apart: try the other solvers too
    if found[0] is None or extreme:
        wc = least_distance(Zc, ones)
        found.append(verified(None if wc is None else np.ldexp(wc, -(e - np.min(e)))))
        if e[0] < np.max(e) - 40:  # huge data: the bias barely counts
            wf = least_distance(Zu[:, 1:], ones)
            found.append(verified(None if wf is None else np.concatenate(([0.0], wf))))
    if hint is not None:
        found.append(verified(hint))
    tiny = e[0] > np.max(e[1:]) + 40  # tiny data: the free-bias band is the one to try
    geo: Band | None = None
    if tiny or any(f is not None for f in found):
        ex = _exponent(float(np.max(np.abs(X)))) if np.any(X) else 0
        gw, gb, gm = geometric_max_margin(np.ldexp(X, -ex), y)
        if gw is not None and gb is not None:  # both or neither
            geo = (gw, float(np.ldexp(gb, ex)), float(np.ldexp(gm, ex)))
            found.append(verified(np.concatenate(([geo[1]], gw))))
    separators = [f for f in found if f is not None]
    if not separators:
        return Theory(R, False, 0.0, None, math.inf, 0.0, None, None)
    margins = [float(np.min(Zu @ f)) for f in separators]
    best = int(np.argmax(margins))
    u, gamma_u = separators[best], margins[best]
    gamma = float(np.ldexp(gamma_u, E))
    ratio = Ru / gamma_u if gamma_u > 0.0 else math.inf
    bound = ratio * ratio  # inf only when it truly exceeds the float range
    if geo is None:  # separable, yet the widest-band search failed: measure u's band
        geo = _band_of(X, y, u)
    return Theory(R, True, gamma, u, bound, geo[2], geo[0], geo[1])


def _exponent(x: float) -> int:
    """e with x = m 2^e, 0.5 <= m < 1 (0 for x = 0)."""
    return int(np.frexp(x)[1]) if x > 0.0 else 0


def _rescale(v: Floats, shifts: Ints) -> Floats | None:
    """v_j 2^shifts_j times one common power of two chosen so the largest is in [0.5, 1)."""
    nz = v != 0.0
    if not nz.any():
        return None
    exps = np.frexp(v[nz])[1] + shifts[nz]
    scaled: Floats = np.ldexp(v, shifts - int(np.max(exps)))
    return scaled


def _separates_exactly(Z: Floats, v: Floats) -> bool:
    """Whether z_i . v > 0 for every row, in exact rational arithmetic (slow; a fallback)."""
    vq = [Fraction(float(c)) for c in v]
    return all(sum(Fraction(float(z)) * c for z, c in zip(row, vq, strict=True)) > 0 for row in Z)


def _band_of(X: Floats, y: Floats, u: Floats) -> Band:
    """The free-bias band of the separator u = (b, w): (w unit, b, margin) in X's units."""
    w = u[1:]
    if not np.any(w):
        return None, None, 0.0
    ex = _exponent(float(np.max(np.abs(X)))) if np.any(X) else 0
    wu = w / float(np.linalg.norm(w))
    s = np.ldexp(X, -ex) @ wu
    sp, sn = s[y > 0], s[y < 0]
    b = -(sp.min() + sn.max()) / 2.0
    return wu, float(np.ldexp(b, ex)), float(np.ldexp(max(0.0, (sp.min() - sn.max()) / 2.0), ex))


def least_distance(G: Floats, h: Floats) -> Floats | None:
    """Minimum-norm x with G x >= h, or None when no x satisfies it (Lawson-Hanson LDP).

    min ||x|| subject to G x >= h is solved through the NNLS problem
    min ||E u - f||, u >= 0, with E = [G^T; h^T] and f = (0, ..., 0, 1): if r = E u - f is
    zero the constraints are inconsistent, otherwise x = -r[:-1] / r[-1].
    """
    m, k = G.shape
    # Scale every constraint row to unit norm: same feasible set, better conditioning.
    scale = np.linalg.norm(G, axis=1)
    scale[scale == 0.0] = 1.0
    Gs, hs = G / scale[:, None], h / scale
    E = np.vstack((Gs.T, hs[None, :]))
    f = np.zeros(k + 1)
    f[-1] = 1.0
    u: Floats
    u, _ = nnls(E, f, maxiter=50 * max(m, 10))  # scipy ships no types
    # Candidates: the minimum-norm solution on NNLS's active set (exact to rounding even
    # for hair-thin margins), then NNLS's own x. Only a candidate that satisfies every
    # constraint is returned, so None means no solution was found.
    cands: list[Floats | None] = [_polish(Gs, hs, np.flatnonzero(u > 0))]
    r = E @ u - f
    if r[-1] != 0.0:
        cands.append(-r[:-1] / r[-1])
    for x in cands:
        if x is not None and _nearly_feasible(Gs, hs, x):
            return x
    return None


def _nearly_feasible(G: Floats, h: Floats, x: Floats) -> bool:
    """G x >= h up to 1e-9 relative plus the rounding error of computing G x."""
    slack = 1e-9 * np.abs(h) + 16 * np.finfo(np.float64).eps * (np.abs(G) @ np.abs(x))
    return bool(np.all(G @ x - h >= -slack))


def _polish(G: Floats, h: Floats, support: Ints) -> Floats | None:
    """The minimum-norm x with G_S x = h_S on the active set S, if it is KKT-optimal.

    NNLS loses digits when the margin is small next to the data's scale (a cloud far from
    the origin). Its positive entries mark the active constraints S; the optimum is the
    minimum-norm solution of G_S x = h_S with non-negative multipliers, which an SVD solves
    to near machine precision.
    """
    if support.size == 0:
        return None
    GS = G[support]
    # Minimum norm with G_S x = h_S (float64: numpy's stubs say only "floating").
    cand = cast(Floats, np.linalg.lstsq(GS, h[support], rcond=None)[0])
    lam = np.linalg.lstsq(GS.T, cand, rcond=None)[0]  # x = G_S^T lam
    if _nearly_feasible(G, h, cand) and lam.min() >= -1e-9 * np.abs(lam).max():
        return cand
    return None


def strictly_separates(Z: Floats, w: Floats) -> bool:
    """Whether z_i . w > 0 for every row, decided exactly.

    Floating-point dot products are trusted where they exceed a rigorous rounding-error
    bound; the few that do not are recomputed in exact rational arithmetic.
    """
    s = Z @ w
    k = Z.shape[1]
    eps = np.finfo(np.float64).eps
    err = (k + 2) * eps * (np.abs(Z) @ np.abs(w)) + np.finfo(np.float64).tiny
    unsure = np.flatnonzero(np.abs(s) <= err)
    if np.any(s[np.abs(s) > err] <= 0.0):
        return False
    wq = [Fraction(float(v)) for v in w]
    for i in unsure:
        if sum(Fraction(float(z)) * c for z, c in zip(Z[i], wq, strict=True)) <= 0:
            return False
    return True


def geometric_max_margin(X: Floats, y: Floats) -> Band:
    """The widest separating band with a free bias: (w unit, b, margin) or Nones if none.

    min ||w|| subject to y_i (w.x_i + b) >= 1 is equivalent (for separable data) to
    min ||w|| subject to w.(x_p - x_q) >= 2 for every positive p and negative q. That is a
    least-distance program with n+ * n- constraints, solved by adding the most violated
    pairs until none is violated (every pair is checked in O(n) per round).
    """
    pos, neg = X[y > 0], X[y < 0]
    # Start from the pair closest along the mean-difference direction, plus a few more.
    direction = pos.mean(axis=0) - neg.mean(axis=0)
    pairs: set[tuple[int, int]] = set()
    pairs.add((int(np.argmin(pos @ direction)), int(np.argmax(neg @ direction))))
    w = None
    for _ in range(200):
        P = np.array(sorted(pairs))
        D = pos[P[:, 0]] - neg[P[:, 1]]
        w = least_distance(D, np.full(D.shape[0], 2.0))
        if w is None:
            return None, None, 0.0
        sp, sn = pos @ w, neg @ w
        gap = sp.min() - sn.max()
        if gap >= 2.0 * (1.0 - 1e-12):
            break
        # Add the most violated pairs: the lowest positives against the highest negatives.
        lo = np.argsort(sp)[:3]
        hi = np.argsort(sn)[-3:]
        before = len(pairs)
        pairs.update((int(a), int(b)) for a in lo for b in hi if sp[a] - sn[b] < 2.0)
        if len(pairs) == before:
            break
    assert w is not None  # the loop runs at least once and returns when w is None
    norm = float(np.linalg.norm(w))
    wu = w / norm
    sp, sn = pos @ wu, neg @ wu
    b = -(sp.min() + sn.max()) / 2.0
    margin = (sp.min() - sn.max()) / 2.0
    return wu, float(b), float(margin)


# --- Theorem 2: the hinge bound, with a duality certificate ----------------------------------
