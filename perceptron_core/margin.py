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
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
from scipy.optimize import nnls

from ._validate import check_positive_int, check_X, check_y


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
    u: np.ndarray | None
    bound: float
    geometric_margin: float
    geometric_w: np.ndarray | None
    geometric_b: float | None

    def bound_from_start(self, w0, b0: float = 0.0, eta: float = 1.0) -> float:
        """The mistake bound of 004's proof for a start w(1) = (b0, w0) != 0.

        With alpha = R^2/gamma* and u the unit max-margin separator, the proof gives
        k <= ||w(1)/eta - alpha u||^2 / R^2 (running with step eta from w(1) makes the same
        mistakes as step 1 from w(1)/eta). For w(1) = 0 this is R^2 / gamma*^2.
        """
        if not self.separable:
            return math.inf
        start = np.concatenate(([float(b0)], np.asarray(w0, dtype=np.float64))) / float(eta)
        alpha = self.R**2 / self.gamma
        return float(np.sum((start - alpha * self.u) ** 2) / self.R**2)


def augment(X: np.ndarray) -> np.ndarray:
    """(1, x_i) rows: the constant feature x0 = 1 first."""
    return np.hstack((np.ones((X.shape[0], 1)), X))


def theory(X, y) -> Theory:
    """Compute R, separability, gamma*, u*, the bound and the geometric margin of (X, y).

    Examples
    --------
    >>> import numpy as np, perceptron_core as pc
    >>> th = pc.theory(np.array([[1.0, 0.0], [-1.0, 0.0]]), np.array([1, -1]))
    >>> th.separable, round(th.gamma, 12), round(th.bound, 9), th.geometric_margin
    (True, 1.0, 2.0, 1.0)
    """
    X = check_X(X)
    y = check_y(y, X.shape[0])
    A = augment(X)
    R = float(np.sqrt(np.max(np.einsum("ij,ij->i", A, A))))
    Z = A * y[:, None]
    w = least_distance(Z, np.ones(Z.shape[0]))
    if w is None or not strictly_separates(Z, w):
        return Theory(R, False, 0.0, None, math.inf, 0.0, None, None)
    norm = float(np.linalg.norm(w))
    u = w / norm
    gamma = float(np.min(Z @ u))
    gw, gb, gm = geometric_max_margin(X, y)
    return Theory(R, True, gamma, u, R**2 / gamma**2, gm, gw, gb)


def least_distance(G: np.ndarray, h: np.ndarray) -> np.ndarray | None:
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
    u, _ = nnls(E, f, maxiter=50 * max(m, 10))
    # Candidates: the minimum-norm solution on NNLS's active set (exact to rounding even
    # for hair-thin margins), then NNLS's own x. Only a candidate that satisfies every
    # constraint is returned, so None means no solution was found.
    cands = [_polish(Gs, hs, np.flatnonzero(u > 0))]
    r = E @ u - f
    if r[-1] != 0.0:
        cands.append(-r[:-1] / r[-1])
    for x in cands:
        if x is not None and _nearly_feasible(Gs, hs, x):
            return x
    return None


def _nearly_feasible(G: np.ndarray, h: np.ndarray, x: np.ndarray) -> bool:
    """G x >= h up to 1e-9 relative plus the rounding error of computing G x."""
    slack = 1e-9 * np.abs(h) + 16 * np.finfo(np.float64).eps * (np.abs(G) @ np.abs(x))
    return bool(np.all(G @ x - h >= -slack))


def _polish(G: np.ndarray, h: np.ndarray, support: np.ndarray) -> np.ndarray | None:
    """The minimum-norm x with G_S x = h_S on the active set S, if it is KKT-optimal.

    NNLS loses digits when the margin is small next to the data's scale (a cloud far from
    the origin). Its positive entries mark the active constraints S; the optimum is the
    minimum-norm solution of G_S x = h_S with non-negative multipliers, which an SVD solves
    to near machine precision.
    """
    if support.size == 0:
        return None
    GS = G[support]
    cand = np.linalg.lstsq(GS, h[support], rcond=None)[0]  # minimum norm with G_S x = h_S
    lam = np.linalg.lstsq(GS.T, cand, rcond=None)[0]  # x = G_S^T lam
    if _nearly_feasible(G, h, cand) and lam.min() >= -1e-9 * np.abs(lam).max():
        return cand
    return None


def strictly_separates(Z: np.ndarray, w: np.ndarray) -> bool:
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


def geometric_max_margin(X: np.ndarray, y: np.ndarray):
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
    norm = float(np.linalg.norm(w))
    wu = w / norm
    sp, sn = pos @ wu, neg @ wu
    b = -(sp.min() + sn.max()) / 2.0
    margin = (sp.min() - sn.max()) / 2.0
    return wu, float(b), float(margin)


def hinge_bound(X, y, epochs: int) -> float:
    """Theorem 2 (001) after ``epochs`` passes over (X, y).

    The perceptron makes at most min over w of R^2 ||w||^2 + 2 * epochs * L_hinge(w)
    mistakes, where L_hinge(w) = sum_i max(0, 1 - y_i w.(1, x_i)) over one pass and
    R = max ||(1, x_i)||. This is a soft-margin SVM problem. Dual coordinate descent finds
    the margin-1 support set, an exact solve on it (checked against the optimality
    conditions) finishes. The value returned is the objective at a w actually found, so it
    is >= the minimum and always a valid bound.
    """
    X = check_X(X)
    y = check_y(y, X.shape[0])
    epochs = check_positive_int(epochs, "epochs")
    Z = np.ascontiguousarray(augment(X) * y[:, None])
    R2 = float(np.max(np.einsum("ij,ij->i", Z, Z)))
    return hinge_solution(Z, R2, epochs)[1]


def hinge_solution(Z: np.ndarray, R2: float, epochs: int) -> tuple[np.ndarray, float]:
    """(w, objective) for min_w R2 ||w||^2 + 2 epochs sum max(0, 1 - z_i.w)."""
    n, k = Z.shape
    lam, C = R2, 2.0 * epochs
    w, exact = _smoothed_newton(Z, lam, C)
    candidates = [w, exact]
    # On separable data u*/gamma* has no hinge loss (value R^2/gamma*^2): it wins once the
    # epochs are many.
    candidates.append(least_distance(Z, np.ones(n)))
    best = min(
        (c for c in candidates if c is not None), key=lambda c: hinge_objective(Z, c, R2, epochs)
    )
    return best, hinge_objective(Z, best, R2, epochs)


def _smoothed_newton(Z: np.ndarray, lam: float, C: float):
    """Minimise lam||w||^2 + C sum h_mu(1 - z.w) by Newton's method for shrinking mu.

    h_mu is the hinge with its kink rounded over a width mu (Huber); the smoothed problem
    is strongly convex with a (d+1) x (d+1) Hessian, so Newton converges in a few steps,
    and its minimiser tends to the hinge minimiser as mu -> 0. Returns (w, exact): exact is
    the solution of the optimality conditions once they verify (then it stops early).
    """
    k = Z.shape[1]
    w = np.zeros(k)

    def value(w, mu):
        t = 1.0 - Z @ w
        h = np.where(t >= mu, t - mu / 2, np.where(t > 0, t * t / (2 * mu), 0.0))
        return lam * (w @ w) + C * h.sum()

    for mu in (1.0, 1e-1, 1e-2, 1e-3, 1e-4, 1e-6, 1e-8):
        for _ in range(50):
            t = 1.0 - Z @ w
            slope = np.clip(t / mu, 0.0, 1.0)
            grad = 2 * lam * w - C * (slope @ Z)
            quad = (t > 0) & (t < mu)
            H = 2 * lam * np.eye(k) + (C / mu) * (Z[quad].T @ Z[quad])
            step = np.linalg.solve(H, -grad)
            f0, s = value(w, mu), 1.0
            while value(w + s * step, mu) > f0 + 1e-4 * s * (grad @ step) and s > 1e-12:
                s *= 0.5
            w = w + s * step
            if np.linalg.norm(s * step) <= 1e-13 * max(1.0, np.linalg.norm(w)):
                break
        if mu <= 1e-2:
            exact = _hinge_polish(Z, lam, C, w)
            if exact is not None:
                return w, exact
    return w, None


def _hinge_polish(Z: np.ndarray, lam: float, C: float, w: np.ndarray) -> np.ndarray | None:
    """Solve the optimality conditions exactly on the partition that ``w`` suggests.

    At the optimum 2 lam w = C sum_{z.w < 1} z_i + sum_{z.w = 1} a_i z_i with 0 <= a_i <= C
    and z_j.w = 1 on the margin set M; given the partition, that is a small linear system.
    """
    m = Z @ w
    for delta in (1e-9, 1e-7, 1e-5, 1e-3):
        M = np.flatnonzero(np.abs(m - 1.0) <= delta)
        L = m < 1.0 - delta
        s = C * Z[L].sum(axis=0)
        if M.size:
            ZM = Z[M]
            a = np.linalg.lstsq(ZM @ ZM.T, 2.0 * lam - ZM @ s, rcond=None)[0]
            cand = (s + ZM.T @ a) / (2.0 * lam)
            if a.min() < -1e-9 * C or a.max() > C * (1 + 1e-9):
                continue
        else:
            cand = s / (2.0 * lam)
        mc = Z @ cand
        tol = 1e-9 * max(1.0, np.abs(mc).max())
        U = (~L) & (np.abs(m - 1) > delta)
        on_margin = np.all(np.abs(mc[M] - 1.0) <= tol)
        if on_margin and np.all(mc[L] <= 1.0 + tol) and np.all(mc[U] >= 1.0 - tol):
            return cand
    return None


def hinge_objective(Z: np.ndarray, w: np.ndarray, R2: float, epochs: int) -> float:
    """R^2 ||w||^2 + 2 * epochs * sum max(0, 1 - z_i.w)."""
    return float(R2 * (w @ w) + 2.0 * epochs * np.maximum(0.0, 1.0 - Z @ w).sum())
