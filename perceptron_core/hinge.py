"""Theorem 2 of note 001 for any data: the hinge-loss mistake bound, certified by duality.

After E epochs the perceptron makes at most R^2 ||w||^2 + 2 E L_hinge(w) mistakes for any
w (bias first, in the augmented space); ``hinge_certificate`` finds a w near the minimum
with Newton's method on a smoothed hinge and proves how near with the soft-margin SVM dual.
Theorem 1 (separable data, gamma*) is in ``margin.py``.
"""

from __future__ import annotations

import hashlib
import math
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Literal, cast

import numpy as np
from numpy.typing import ArrayLike

from ._hinge_kernels import _k_hinge, _k_line, _k_matvec, _k_qr, _k_rmatvec, _k_smoothed
from ._types import Floats
from ._validate import check_positive_int, check_X, check_y
from .margin import augment, least_distance

#: A bound whose duality gap is at most this fraction of it is reported as the minimum.
PROVEN_RTOL = 1e-9

_EPS = float(np.finfo(np.float64).eps)
_MU_START, _MU_WARM, _MU_MIN = 1.0, 1e-4, 1e-12
_MU_STALL = 1e-7  # stages stop for a lack of progress only below this smoothing
_STAGE_ITERATIONS = 50  # Newton steps per smoothing level
_MAX_PASSES = 2500  # O(n (d+1)) passes over the data per solve, line searches included


def _gamma(m: int) -> float:
    """Higham's gamma_m = m eps / (1 - m eps): the relative error bound of an m-term sum."""
    return m * _EPS / (1.0 - m * _EPS)


@dataclass(frozen=True)
class HingeBound:
    """Theorem 2 (001) after ``epochs`` epochs, certified by duality.

    The perceptron makes at most R^2 ||w||^2 + 2 * epochs * L_hinge(w) mistakes for *any*
    w; ``value`` is that bound at the best w found, and ``lower`` a lower bound on its
    minimum over w (the soft-margin SVM dual at a feasible point), so the true minimum lies
    in [lower, value]. Both are rounded outwards by a rigorous bound on floating-point error.

    Attributes
    ----------
    value : float
        The bound, R^2 * norm2 + 2 * epochs * hinge_loss (>= the minimum over w).
    lower : float
        A dual lower bound on that minimum (<= value).
    w : ndarray of shape (d+1,)
        The w attaining ``value``, bias component first, in the augmented space (1, x).
    hinge_loss : float
        L_hinge(w) = sum_i max(0, 1 - y_i w.(1, x_i)) over one pass.
    norm2 : float
        ||w||^2.
    epochs : int
    R : float
        max_i ||(1, x_i)||.
    """

    value: float
    lower: float
    w: np.ndarray
    hinge_loss: float
    norm2: float
    epochs: int
    R: float

    @property
    def gap(self) -> float:
        """value - lower: how far ``value`` can be above the true minimum."""
        return max(0.0, self.value - self.lower)

    @property
    def relative_gap(self) -> float:
        """gap / value."""
        return self.gap / self.value if self.value > 0.0 else 0.0

    @property
    def proven_minimal(self) -> bool:
        """Whether ``value`` is the minimum to within ``PROVEN_RTOL`` (1e-9) relative."""
        return self.gap <= PROVEN_RTOL * self.value

    def from_start(self, w0: ArrayLike, b0: float = 0.0, eta: float = 1.0) -> float:
        """Theorem 2's proof from a start w(1) = (b0, w0), at this bound's w: a bound on
        the mistakes of the first ``epochs`` epochs.

        Theorem 2 (001) is stated from w = 0. From v = w(1)/eta (a run with step eta from
        w(1) makes the mistakes of step 1 from w(1)/eta) the proof's two quantities are
        v.w >= v(1).w + M - L and ||v||^2 <= ||v(1)||^2 + M R^2, with L = epochs *
        hinge_loss; since v.w <= ||v|| ||w||, M is at most the largest root of
        (M + a)^2 = (c + M R^2) s, a = v(1).w - L, c = ||v(1)||^2, s = ||w||^2 (when
        M + a < 0, M < -a, which is below that root). From w(1) = 0 this is at most
        ``value`` (the root is R^2 s + 2L - L^2/M).
        """
        start = np.concatenate(([float(b0)], np.asarray(w0, dtype=np.float64))) / float(eta)
        w = np.asarray(self.w, dtype=np.float64)
        s, c, R2 = float(w @ w), float(start @ start), self.R * self.R
        a = float(start @ w) - self.epochs * self.hinge_loss
        if not all(math.isfinite(v) for v in (s, c, R2, a)):
            return math.inf
        # (M + a)^2 = (c + M R^2) s  <=>  M^2 - (R^2 s - 2a) M + (a^2 - c s) = 0; its
        # discriminant s (R^4 s - 4 a R^2 + 4 c) is >= 0 since a <= ||v(1)|| ||w||.
        p = R2 * s - 2.0 * a
        disc = max(0.0, s * (R2 * R2 * s - 4.0 * a * R2 + 4.0 * c))
        root = 0.5 * (p + math.sqrt(disc))
        return max(root, -a, 0.0) * (1.0 + 1e-12)  # outwards, past rounding


def hinge_bound(X: ArrayLike, y: ArrayLike, epochs: int) -> float:
    """Theorem 2 (001) after ``epochs`` passes over (X, y): ``hinge_certificate(...).value``.

    The perceptron makes at most min over w of R^2 ||w||^2 + 2 * epochs * L_hinge(w)
    mistakes, where L_hinge(w) = sum_i max(0, 1 - y_i w.(1, x_i)) over one pass and
    R = max ||(1, x_i)||. The value is the objective at a w actually found, so it is >= the
    minimum and always a valid bound; ``hinge_certificate`` also says how close to the
    minimum it is.

    Examples
    --------
    >>> import numpy as np, perceptron_core as pc
    >>> round(pc.hinge_bound(np.array([[1.0, 0.0], [-1.0, 0.0]]), np.array([1, -1]), 5), 9)
    2.0
    """
    return hinge_certificate(X, y, epochs).value


def hinge_certificate(
    X: ArrayLike, y: ArrayLike, epochs: int, *, start: HingeBound | ArrayLike | None = None
) -> HingeBound:
    """Theorem 2's bound after ``epochs`` epochs, with a dual lower bound on the minimum.

    Solves min over w in R^(d+1) of R^2 ||w||^2 + 2 E sum_i max(0, 1 - z_i.w), z_i =
    y_i (1, x_i), in the (d+1)-dimensional primal only: Newton's method on the hinge
    smoothed over a width mu (a (d+1) x (d+1) system per step, O(n (d+1)^2)), for mu = 1,
    0.1, ... down to 1e-12, stopping as soon as the duality gap is at rounding level. Every
    level also tries the exact solution on the partition (loss / on the margin / clear) it
    suggests, the dual's own primal point, and, on separable data, u*/gamma*. The dual
    point alpha_i = 2E clip(t_i / mu, 0, 1), t_i = 1 - z_i.w, gives the lower bound
    sum(alpha) - ||sum alpha_i z_i||^2 / (4 R^2) (weak duality). The work per call is
    bounded (at most a few thousand passes over the data) and does not grow with
    ``epochs``; the data are scaled by a power of two first, so any finite scale works.

    Reuse: the prepared data and every result are cached per dataset (keyed on the bytes of
    X and y, a few datasets kept), so asking again is free, and a new ``epochs`` starts
    from the cached solution of the nearest epochs (a cold start follows only if that does
    not prove minimality). ``start`` (a previous ``HingeBound`` or a w of shape (d+1,),
    bias first) is another warm start.

    Examples
    --------
    >>> import numpy as np, perceptron_core as pc
    >>> X, y = np.array([[2.0, 0.0], [0.0, 1.0], [-1.0, 0.0]]), np.array([1, 1, -1])
    >>> hb = pc.hinge_certificate(X, y, 3)
    >>> hb.proven_minimal, hb.lower <= hb.value, round(hb.value, 9)
    (True, True, 8.4)
    """
    X = check_X(X)
    y = check_y(y, X.shape[0])
    epochs = check_positive_int(epochs, "epochs")
    prob = _hinge_problem(X, y)
    w_start = None
    if start is not None:
        w_start = np.asarray(start.w if isinstance(start, HingeBound) else start, dtype=float)
        if w_start.shape != (prob.Z.shape[1],) or not np.isfinite(w_start).all():
            raise ValueError(
                f"start must be a HingeBound or a finite w of {prob.Z.shape[1]} numbers "
                f"(bias first); got shape {w_start.shape}"
            )
        w_start = np.ldexp(w_start, prob.shift)  # into the scaled units
    return prob.certificate(epochs, w_start)


_CACHE: OrderedDict[bytes, _HingeProblem] = OrderedDict()
_CACHE_DATASETS = 4
_CACHE_RESULTS = 512  # per dataset
_LOCK = threading.Lock()


def _hinge_problem(X: np.ndarray, y: np.ndarray) -> _HingeProblem:
    h = hashlib.blake2b(digest_size=20)
    h.update(np.asarray(X.shape, dtype=np.int64).tobytes())
    h.update(X.tobytes())
    h.update(y.tobytes())
    key = h.digest()
    with _LOCK:
        prob = _CACHE.get(key)
        if prob is not None:
            _CACHE.move_to_end(key)
            return prob
    prob = _HingeProblem(augment(X) * y[:, None])
    with _LOCK:
        _CACHE[key] = prob
        while len(_CACHE) > _CACHE_DATASETS:
            _CACHE.popitem(last=False)
    return prob


class _HingeProblem:
    """One dataset's z_i = y_i (1, x_i), scaled by 2^-shift so that max |z| is in [0.5, 1).

    Scaling z by 2^-s and w by 2^s leaves z.w and R^2 ||w||^2 unchanged, so the objective is
    the same function; the scaling is exact (barring entries below 2^-1022 of the largest).
    """

    def __init__(self, Z: np.ndarray, R2: float | None = None):
        top = float(np.max(np.abs(Z)))
        self.shift = int(np.frexp(top)[1]) if top > 0.0 else 0
        self.Z = np.ascontiguousarray(np.ldexp(Z, -self.shift))
        lam = float(np.max(np.einsum("ij,ij->i", self.Z, self.Z)))
        if R2 is not None:
            lam = max(lam, float(np.ldexp(R2, -2 * self.shift)))
        self.lam = lam
        self.R = float(np.ldexp(math.sqrt(lam), self.shift))
        self._separator: Floats | None | Literal[False] = False  # False: not computed yet
        self._results: OrderedDict[int, HingeBound] = OrderedDict()

    def separator(self) -> np.ndarray | None:
        """The min-norm w with z_i.w >= 1 for all i (u*/gamma*), or None: computed once."""
        if self._separator is False:
            self._separator = least_distance(self.Z, np.ones(self.Z.shape[0]))
        return self._separator

    def certificate(self, epochs: int, w_start: np.ndarray | None) -> HingeBound:
        with _LOCK:
            done = self._results.get(epochs)
            near = min(self._results, key=lambda e: abs(math.log(e / epochs)), default=None)
            warm = None if near is None else np.ldexp(self._results[near].w, self.shift)
        if done is not None and w_start is None:
            return done
        C = 2.0 * epochs
        solves: list[_HingeSolve] = []
        for s in (w_start, warm):
            if s is not None:
                solves.append(_HingeSolve(self, C, s, _MU_WARM).run())
                if solves[-1].proven():
                    break
        if not any(sv.proven() for sv in solves):
            solves.append(_HingeSolve(self, C, None, _MU_START).run())
        result = min(solves, key=lambda sv: sv.upper())
        for other in solves:
            result.merge_lower(other)
        hb = result.bound(epochs)
        with _LOCK:
            self._results[epochs] = hb
            while len(self._results) > _CACHE_RESULTS:
                self._results.popitem(last=False)
        return hb


class _HingeSolve:
    """One smoothed-Newton continuation for min lam ||w||^2 + C sum max(0, 1 - z.w)."""

    def __init__(self, prob: _HingeProblem, C: float, w0: np.ndarray | None, mu0: float):
        self.prob, self.C, self.mu0 = prob, C, mu0
        self.Z, self.lam = prob.Z, prob.lam
        k = self.Z.shape[1]
        self.w0 = np.zeros(k) if w0 is None else np.asarray(w0, dtype=np.float64)
        self.passes = 0
        self.best_w, self.best_P = np.zeros(k), math.inf
        self.best_alpha: Floats | None
        self.best_alpha, self.best_D = None, -math.inf
        self._upper: float | None = None

    # -- bookkeeping ------------------------------------------------------------------------
    def primal(self, w: np.ndarray | None) -> None:
        if w is None or not np.isfinite(w).all():
            return
        self.passes += 1
        P = float(self.lam * (w @ w) + self.C * _k_hinge(self.Z, w)[0])
        if P < self.best_P:
            self.best_P, self.best_w, self._upper = P, w, None

    def dual(self, alpha: np.ndarray) -> np.ndarray:
        """Record D(alpha); return the dual's primal point sum alpha_i z_i / (2 lam)."""
        self.passes += 1
        v = _k_rmatvec(alpha, self.Z)[0]
        D = float(alpha.sum() - (v @ v) / (4.0 * self.lam))
        if D > self.best_D:
            self.best_D, self.best_alpha = D, alpha
        return v / (2.0 * self.lam)

    def _rounded_up(self, w: np.ndarray) -> tuple[float, float, float]:
        """(P(w), P(w) plus a rigorous bound on its rounding error, the largest error bound
        of a row whose side of the margin is unsure, 0.0 if none)."""
        n, k = self.Z.shape
        hinge, err_t, unsure = _k_hinge(self.Z, w)
        norm2 = float(w @ w)
        P = self.lam * norm2 + self.C * hinge
        err = self.C * (err_t + _gamma(n) * hinge) + _gamma(k + 2) * self.lam * norm2
        return P, P + 2.0 * (err + 2.0 * _EPS * P), unsure

    def upper(self) -> float:
        """best_P rounded up by a rigorous bound on its floating-point error.

        Rows on the margin (z.w = 1 to rounding) are unsure and each may cost C times its
        rounding error; w (1 + delta), a hair longer, puts them surely on the right side.
        """
        if self._upper is None:
            w = self.best_w
            P, up, unsure = self._rounded_up(w)
            if unsure > 0.0:
                w2 = w * (1.0 + 4.0 * unsure + 4.0 * _EPS)
                P2, up2, _ = self._rounded_up(w2)
                if up2 < up:
                    self.best_w, self.best_P, up = w2, P2, up2
            self._upper = up
        return self._upper

    def lower(self) -> float:
        """best_D rounded down by a rigorous bound on its floating-point error."""
        if self.best_alpha is None:
            return 0.0
        alpha, lam = self.best_alpha, self.lam
        n, k = self.Z.shape
        v, a = _k_rmatvec(alpha, self.Z)
        delta = _gamma(n) * a  # error bound of each v_j
        s = float(alpha.sum())
        vv = float(v @ v)
        err_vv = float(2.0 * np.abs(v) @ delta + delta @ delta) + _gamma(k) * vv
        err = _gamma(n) * s + (err_vv + 2.0 * _EPS * vv) / (4.0 * lam)
        return max(0.0, self.best_D - 2.0 * (err + 2.0 * _EPS * abs(self.best_D)))

    def proven(self) -> bool:
        return self.upper() - self.lower() <= PROVEN_RTOL * self.upper()

    def merge_lower(self, other: _HingeSolve) -> None:
        if other.lower() > self.lower():
            self.best_alpha, self.best_D = other.best_alpha, other.best_D

    def bound(self, epochs: int) -> HingeBound:
        prob, w = self.prob, self.best_w
        hinge = float(_k_hinge(self.Z, w)[0])
        return HingeBound(
            value=float(self.upper()),
            lower=float(self.lower()),
            w=np.ldexp(w, -prob.shift),
            hinge_loss=hinge,
            norm2=float(np.ldexp(w @ w, -2 * prob.shift)),
            epochs=epochs,
            R=prob.R,
        )

    # -- the solver -------------------------------------------------------------------------
    def run(self) -> _HingeSolve:
        Z = self.Z
        k = Z.shape[1]
        self.primal(np.zeros(k))
        self.primal(self.w0)
        self.primal(self.prob.separator())  # wins on separable data after many epochs
        # A warm start sits on kinks (z.w = 1 exactly); shrinking it a little puts those
        # points inside the smoothed zone, where Newton's model sees them.
        w, mu = self.w0 * (1.0 - 0.5 * self.mu0), self.mu0
        stalled, partition = 0, b""
        while mu >= _MU_MIN * 0.5 and self.passes < _MAX_PASSES:
            before = self.best_P - self.best_D
            w, t = self._newton(w, mu)
            c = np.clip(t, 0.0, mu)
            self.primal(w)
            self.primal(self.dual((self.C / mu) * c))
            self.primal(self._on_partition(t, mu))
            gap = self.best_P - self.best_D
            if gap <= 1e-13 * self.best_P or gap <= self.upper() - self.lower() - gap:
                break  # at rounding level
            # A stage that leaves the gap where it was is a stall, unless the partition it
            # suggests is new. Stalls count only once mu is small: a point barely inside
            # the margin (t ~ 1e-4, with features ~1e-2) joins the loss set only when mu is
            # below its t, and until then every stage suggests the same wrong partition.
            now = np.packbits(t >= mu).tobytes() + np.packbits((t > 0.0) & (t < mu)).tobytes()
            moved = now != partition
            partition = now
            progress = not math.isfinite(before) or gap < before or moved
            stalled = 0 if progress or mu > _MU_STALL else stalled + 1
            if stalled == 3:
                break  # rounding stops the progress (very ill-conditioned data)
            mu *= 0.1
        return self

    def _newton(self, w: np.ndarray, mu: float) -> tuple[np.ndarray, np.ndarray]:
        """Minimise the smoothed objective from w by Newton's method with a line search.

        The smoothed objective is lam ||w||^2 + C sum h_mu(1 - z.w), h_mu the hinge rounded
        over a width mu (Huber): gradient, (d+1) x (d+1) Hessian and value in one pass.
        """
        Z, lam, r = self.Z, self.lam, self.C / mu
        k = Z.shape[1]
        eye = 2.0 * lam * np.eye(k)
        m = _k_matvec(Z, w)
        for _ in range(_STAGE_ITERATIONS):
            self.passes += 2
            g, G, h = _k_smoothed(Z, m, mu)
            f = lam * float(w @ w) + r * h
            grad = 2.0 * lam * w - r * g
            # The dual gap this w leaves is about ||grad||^2 / (4 lam): stop at rounding level.
            if not (grad @ grad) / (4.0 * lam) > 1e-15 * f:
                break
            H = eye + r * G
            try:
                solved = np.linalg.solve(H, -grad)
            except np.linalg.LinAlgError:  # 2 lam next to C/mu: singular to rounding
                solved = np.linalg.lstsq(H, -grad, rcond=None)[0]
            step = cast(Floats, solved)  # float64 in, float64 out: numpy's stubs say "floating"
            if not np.isfinite(step).all():
                break
            slope = float(grad @ step)
            if not slope < 0.0:
                break
            dm = _k_matvec(Z, step)
            s = self._line_search(w, step, m, dm, mu, slope)
            if s <= 0.0:
                break  # no more progress at this precision
            w = w + s * step
            m = _k_matvec(Z, w)
            if self.passes >= _MAX_PASSES:
                break
        return w, 1.0 - m

    def _line_search(
        self, w: Floats, step: Floats, m: Floats, dm: Floats, mu: float, slope: float
    ) -> float:
        """The s > 0 minimising phi(s) = smoothed objective at w + s step, or 0.0.

        phi is convex and piecewise quadratic, so phi' is increasing and piecewise linear:
        Newton's method on phi', kept inside a bracket [lo, hi] (bisection otherwise), lands
        on the root after crossing a few pieces.
        """
        lam, r = self.lam, self.C / mu
        a, b = 2.0 * lam * float(w @ step), 2.0 * lam * float(step @ step)
        t0 = 1.0 - m
        lo, hi, s, g = 0.0, math.inf, 1.0, slope
        for _ in range(30):
            self.passes += 1
            cd, dd = _k_line(t0, dm, s, mu)
            g = a + b * s - r * cd
            if g <= 0.0:
                lo = s
            else:
                hi = s
            if abs(g) <= 1e-12 * abs(slope) or hi - lo <= 1e-13 * hi:
                break
            nxt = s - g / (b + r * dd)
            if not lo < nxt < hi:
                nxt = 0.5 * (lo + hi) if math.isfinite(hi) else 2.0 * s
            s = nxt
        return s if lo <= s <= hi and abs(g) <= 1e-12 * abs(slope) else lo

    def _on_partition(self, t: np.ndarray, mu: float) -> np.ndarray:
        """The exact minimiser if the partition that t suggests is right, and its dual.

        With M = {0 < t < mu} on the margin and L = {t >= mu} in the loss, the minimiser of
        lam ||w||^2 - C w.sum_L z subject to Z_M w = 1 comes from a thin SVD of Z_M
        (|M| x (d+1), never |M| x |M|); its multipliers a solve Z_M^T a = 2 lam w - C
        sum_L z, and alpha = (C on L, a clipped to [0, C] on M, 0 elsewhere) is recorded as
        a dual point (exact, so the gap closes, when the partition is right).
        """
        self.passes += 3
        Z, C, lam = self.Z, self.C, self.lam
        L = t >= mu
        wf = (C / (2.0 * lam)) * _k_rmatvec(L.astype(np.float64), Z)[0]
        on = (t > 0.0) & (t < mu)
        alpha = np.where(L, C, 0.0)
        if not on.any():
            self.dual(alpha)
            return wf
        Q, R = _k_qr(Z[on])  # Z_M = Q R, then R's SVD: Z_M = (Q U) S V^T
        U, S, Vt = np.linalg.svd(R)
        r = int(np.count_nonzero(S > S[0] * max(Q.shape) * _EPS))
        U, S, V = U[:, :r], S[:r], Vt[:r]
        wp = V.T @ ((Q.sum(axis=0) @ U) / S)  # min-norm solution of Z_M w = 1
        dw = wf - wp
        w: Floats = wp + (dw - V.T @ (V @ dw))  # plus wf - wp projected on Z_M's null space
        a = _k_matvec(Q, U @ ((V @ (2.0 * lam * (w - wf))) / S))
        alpha[on] = np.clip(a, 0.0, C)
        self.dual(alpha)
        return w
