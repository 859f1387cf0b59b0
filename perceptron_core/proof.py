"""The convergence proofs read off a recorded run: Theorems 1 and 2 of note 001 and the
proof of note 004, mistake by mistake.

``ProofTrack`` is the part of ``Run`` that gives w.u and ||w||^2 after every weight change
(``Run.proof``, its recorded trajectory); nothing here re-runs the rule.

Every number lives in the augmented space: a point is (1, x_i), its signed form
z_i = y_i (1, x_i), and w carries the bias as its first entry, w = (b, w_1, ..., w_d), so
||w||^2 = b^2 + ||w_x||^2 and R = max_i ||(1, x_i)||.

The squeeze. For a unit direction u, after M mistakes from w(0) with step eta,

    w.u     >= a + s M      (each mistake moves w at least s along u: the lower line)
    ||w||^2 <= n0 + r M     (each mistake adds at most eta^2 R^2: the upper curve)

and w.u <= ||w||, so a + s M <= sqrt(n0 + r M): M is at most the largest root of
(a + s M)^2 = n0 + r M, where the two meet (``Squeeze.crossing``).

- Theorem 1 (``theorem1``): u = u*, a = w(0).u*, s = eta gamma*, n0 = ||w(0)||^2,
  r = eta^2 R^2. From w(0) = 0 the crossing is R^2 / gamma*^2. In 001's notation
  w* = u*/gamma* (so ||w*|| = 1/gamma*) and w.w* >= M.
- Theorem 2 after E epochs (``theorem2``): w* the minimiser of R^2 ||w||^2 + 2E L_hinge(w),
  u = w*/||w*||; each mistake adds at least eta (1 - its hinge loss) to w.w*, and the
  mistakes of E epochs lose at most E L_hinge(w*), so a = (w(0).w* - eta E L)/||w*||,
  s = eta/||w*||. From w(0) = 0 the crossing is at most R^2 ||w*||^2 + 2 E L.
  ``epoch_bounds`` sets the running count at each epoch's end against that bound.
- 004 (``distance_004``): ||w(k+1)/eta - alpha u*||^2 / R^2, alpha = R^2/gamma*, falls by at
  least 1 per correction from its start, k_hat = ||w(1)/eta - alpha u*||^2 / R^2.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cached_property
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import ArrayLike

from ._types import Floats, Ints

if TYPE_CHECKING:
    from .hinge import HingeBound
    from .margin import Theory

EPOCH_SAMPLES = 24  # Theorem 2 is solved at most at this many epochs for its chart


class ProofTrack:
    """``Run``'s proof quantities after each weight change (mixed into ``Run``)."""

    # What it, and this module's functions given a run, read of the Run it is mixed into
    # (declared here, not imported: run.py imports this module).
    if TYPE_CHECKING:
        eta: float
        w0: Floats
        b0: float
        counts: Ints

        @property
        def epochs(self) -> int: ...
        @property
        def is_batch(self) -> bool: ...
        @property
        def n_updates(self) -> int: ...
        @property
        def epoch_end_updates(self) -> Ints: ...
        @property
        def _trajectory(self) -> Floats: ...
        def _require_primal(self, what: str) -> None: ...
        def trajectory(self) -> tuple[Floats, Floats]: ...

    # ---------------------------------------------------------------- proof
    def proof(self, u: ArrayLike, gamma: float, R: float) -> dict[str, Floats]:
        """The convergence proof's two quantities after every weight change, with bounds.

        ``u`` is a unit separator in R^(d+1) (bias first) with margin ``gamma``. After M
        mistakes from w(0): w.u >= w(0).u + M*eta*gamma and ||w||^2 <= ||w(0)||^2 +
        M*eta^2*R^2. For batch steps, where m mistakes are added at once, the second becomes
        ||w||^2 <= ||w(0)||^2 + eta^2 R^2 * sum of m^2 (the mistakes' cross terms are <= 0
        against w but not against each other).
        """
        self._require_primal("proof")
        traj = self._trajectory
        m, growth = self._proof_counts
        dot = traj @ np.asarray(u, dtype=np.float64)
        norm2 = np.einsum("ij,ij->i", traj, traj)
        return {
            "k": m,
            "w_dot_u": dot,
            "lower": dot[0] + m * self.eta * gamma,
            "norm_sq": norm2,
            "upper": norm2[0] + growth * self.eta**2 * R**2,
        }

    def proof_at(self, k: int, u: ArrayLike, gamma: float, R: float) -> dict[str, float]:
        """``proof`` after ``k`` weight changes only, plus the start's terms (dot0, norm0)."""
        self._require_primal("proof_at")
        traj = self._trajectory
        m, growth = self._proof_counts
        u = np.asarray(u, dtype=np.float64)
        dot0, norm0 = float(traj[0] @ u), float(traj[0] @ traj[0])
        return {
            "k": float(m[k]),
            "w_dot_u": float(traj[k] @ u),
            "lower": dot0 + m[k] * self.eta * gamma,
            "norm_sq": float(traj[k] @ traj[k]),
            "upper": norm0 + growth[k] * self.eta**2 * R**2,
            "dot0": dot0,
            "norm0": norm0,
        }

    @cached_property
    def _proof_counts(self) -> tuple[Floats, Floats]:
        """Mistakes made by each weight change, and the sum of their squared batch sizes."""
        if self.is_batch:
            per_step = self.counts[self.counts > 0].astype(np.float64)
            m = np.concatenate(([0.0], np.cumsum(per_step)))
            return m, np.concatenate(([0.0], np.cumsum(per_step**2)))
        m = np.arange(self.n_updates + 1, dtype=np.float64)
        return m, m


# ------------------------------------------------------------------ the squeeze
@dataclass(frozen=True)
class Squeeze:
    """The proof's two quantities after every update k = 0..K of a run, and its lines.

    ``dot[k]`` = w(k).u and ``norm_sq[k]`` = ||w(k)||^2 (from the run's trajectory);
    ``mistakes[k]`` = M after update k. The lines: ``lower(M)`` = a + s M under w.u,
    ``upper_sq(M)`` = n0 + r M over ||w||^2.
    """

    u: Floats  # unit direction, bias first
    mistakes: Floats
    dot: Floats
    norm_sq: Floats
    a: float
    s: float
    n0: float
    r: float
    theorem: int  # 1 or 2: what u is (u* or w*/||w*||), for the names on the charts
    last: int = -1  # the last update the lines hold for (Theorem 2: by the end of epoch E)
    underflow: bool = False  # some ||w||^2 of a w != 0 is below the floats (data near 1e-300)

    @property
    def shown(self) -> int:
        """Updates 0..shown - 1 are drawn: those the lines hold for."""
        return int(self.mistakes.shape[0]) if self.last < 0 else self.last + 1

    def lower(self, M: ArrayLike) -> Floats:
        return self.a + self.s * np.asarray(M, dtype=np.float64)

    def upper_sq(self, M: ArrayLike) -> Floats:
        return self.n0 + self.r * np.asarray(M, dtype=np.float64)

    @property
    def norm(self) -> Floats:
        return np.sqrt(self.norm_sq)

    @property
    def cosine(self) -> Floats:
        """cos(w, u) = w.u / ||w|| (nan where w = 0)."""
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(self.norm_sq > 0, self.dot / self.norm, np.nan)

    def cosine_floor(self, M: ArrayLike) -> Floats:
        """lower(M) / sqrt(upper_sq(M)): what the lines force the cosine to be at least
        (where the lower line is positive; nan elsewhere). It reaches 1 at the crossing."""
        lo, up = self.lower(M), self.upper_sq(M)
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where((lo >= 0) & (up > 0), lo / np.sqrt(up), np.nan)

    def _crossing_terms(self) -> tuple[float, float] | None:
        """(numerator, S) of the crossing num / (2 S^2), in units of sqrt(r) (no overflow
        for large data); None when the lines never meet. With A = a/sqrt(r), S = s/sqrt(r),
        N = n0/r the root of (A + S M)^2 = N + M is (1 - 2AS + sqrt(1 - 4AS + 4 S^2 N)) /
        (2 S^2); the discriminant is >= 0 because |a| <= sqrt(n0) when a >= 0."""
        if not (self.s > 0 and self.r > 0) or not math.isfinite(self.r):
            return None
        root_r = math.sqrt(self.r)
        A, S, N = self.a / root_r, self.s / root_r, self.n0 / self.r
        disc = max(0.0, 1.0 - 4.0 * A * S + 4.0 * S * S * N)
        return 1.0 - 2.0 * A * S + math.sqrt(disc), S

    @property
    def crossing(self) -> float:
        """The largest M with a + s M <= sqrt(n0 + r M): the squeeze's bound on M (inf when
        there is none, or when it is beyond the float range: ``crossing_log10`` then says
        how large it is). Divided by S twice, not by S^2, which underflows to 0 for data
        near 1e-300 (gamma*/R below 1e-162)."""
        terms = self._crossing_terms()
        if terms is None:
            return math.inf
        num, S = terms
        if S == 0:
            return math.inf
        return num / (2.0 * S) / S

    @property
    def crossing_log10(self) -> float:
        """log10 of ``crossing``, finite when the crossing is (even beyond the float range)."""
        terms = self._crossing_terms()
        if terms is None:
            return math.inf
        num, S = terms
        if not num > 0:
            return -math.inf
        # log10 S from s and r: S itself may be below the smallest float.
        return math.log10(num / 2.0) - 2.0 * math.log10(self.s) + math.log10(self.r)

    @property
    def finite(self) -> bool:
        """Every quantity is a float that can be shown: none overflowed, none underflowed."""
        finite = np.isfinite(self.dot).all() and np.isfinite(self.norm_sq).all()
        return bool(finite and not self.underflow)


def _underflow(run: ProofTrack, norm_sq: Floats) -> bool:
    """True when a w != 0 of the run has ||w||^2 below the smallest normal float (0 or
    imprecise): with data near 1e-300 the squares of its weights are near 1e-600."""
    W, B = run.trajectory()
    nonzero = np.any(W != 0, axis=1) | (B != 0)
    return bool(np.any(nonzero & (norm_sq < np.finfo(np.float64).tiny)))


def _start_terms(run: ProofTrack) -> tuple[Floats, float, float]:
    """(w(0) bias first, ||w(0)||^2, eta)."""
    w0 = np.concatenate(([run.b0], run.w0))
    return w0, float(w0 @ w0), run.eta


def _separator(th: Theory, what: str) -> Floats:
    """u* of separable data; a ``ValueError`` naming ``what`` needs it otherwise."""
    if th.u is None:
        raise ValueError(f"{what} needs separable data: this Theory has no separator u*")
    return th.u


def theorem1(run: ProofTrack, th: Theory) -> Squeeze:
    """Theorem 1's squeeze along u* (separable data: ``th`` a separable ``pc.Theory``)."""
    u_star = _separator(th, "Theorem 1")
    p = run.proof(u_star, th.gamma, th.R)  # the run's own trajectory, along u*
    w0, n0, eta = _start_terms(run)
    return Squeeze(
        u=np.asarray(u_star, dtype=np.float64),
        mistakes=p["k"],
        dot=p["w_dot_u"],
        norm_sq=p["norm_sq"],
        a=float(w0 @ u_star),
        s=eta * th.gamma,
        n0=n0,
        r=eta**2 * th.R**2,
        theorem=1,
        underflow=_underflow(run, p["norm_sq"]),
    )


def theorem2(run: ProofTrack, hb: HingeBound) -> Squeeze | None:
    """Theorem 2's squeeze along w*/||w*|| after ``hb.epochs`` epochs (``hb`` a
    ``pc.HingeBound``); None when its w* is 0 (no direction)."""
    w_star = np.asarray(hb.w, dtype=np.float64)
    size = float(np.linalg.norm(w_star))
    if not size > 0 or not math.isfinite(size):
        return None
    u = w_star / size
    p = run.proof(u, 0.0, hb.R)
    w0, n0, eta = _start_terms(run)
    return Squeeze(
        u=u,
        mistakes=p["k"],
        dot=p["w_dot_u"],
        norm_sq=p["norm_sq"],
        a=float(w0 @ u) - eta * hb.epochs * hb.hinge_loss / size,
        s=eta / size,
        n0=n0,
        r=eta**2 * hb.R**2,
        theorem=2,
        # The lines count the hinge losses of E passes: they hold for E epochs' mistakes.
        last=int(run.epoch_end_updates[min(hb.epochs, run.epochs) - 1]),
        underflow=_underflow(run, p["norm_sq"]),
    )


@dataclass(frozen=True)
class Distance:
    """004's proof: ``ratio[k]`` = ||w(k+1)/eta - alpha u*||^2 / R^2 after k corrections
    (alpha = R^2/gamma*), which the proof says is at most ``start - k``."""

    mistakes: Floats
    ratio: Floats
    alpha: float
    start_log10: float = math.nan  # log10 of ``start``, finite even beyond the float range

    @property
    def start(self) -> float:
        """k_hat = ||w(1)/eta - alpha u*||^2 / R^2: 004's bound on the corrections."""
        return float(self.ratio[0])

    @property
    def finite(self) -> bool:
        """Every number of the proof is a float: false for data near 1e-300, where R/gamma*
        is about 1e300 and the distances about its square."""
        return bool(math.isfinite(self.alpha) and np.isfinite(self.ratio).all())


def distance_004(run: ProofTrack, th: Theory) -> Distance:
    """004's distance after every update of the run, from its start w(1) (separable)."""
    W, B = run.trajectory()
    traj = np.column_stack((B, W)) / run.eta
    # ||v - alpha u||^2 / R^2 = (R/gamma)^2 ||v gamma/R^2 - u||^2: the squared factor can
    # pass the float range (R/gamma near 1e300) while the rest cannot.
    u_star = _separator(th, "004's proof")
    scale = th.R / th.gamma
    with np.errstate(over="ignore", invalid="ignore"):
        diff = traj / th.R / scale - np.asarray(u_star)
        rest = np.einsum("ij,ij->i", diff, diff)
        ratio = rest * scale * scale
    head = float(rest[0])
    return Distance(
        mistakes=np.arange(traj.shape[0], dtype=np.float64),
        ratio=ratio,
        alpha=th.R * scale,
        start_log10=(2.0 * math.log10(scale) + math.log10(head)) if head > 0 else -math.inf,
    )


# --------------------------------------------------------- Theorem 2 against epochs
@dataclass(frozen=True)
class EpochBounds:
    """The running count at each epoch's end against Theorem 2's bound after E epochs.

    ``envelope[E-1]`` = min over the solved w*_j of R^2 ||w*_j||^2 + 2 E L(w*_j): a valid
    bound at every epoch (each w*_j is some w), equal to the solved bound at ``sampled``.
    """

    epochs: Ints  # 1..run.epochs
    count: Floats  # mistakes made by the end of each epoch
    sampled: Ints  # epochs where the minimisation was solved
    values: Floats  # the bound there (HingeBound.value)
    envelope: Floats


def _from_zero(run: ProofTrack) -> bool:
    return not (np.any(run.w0) or run.b0)


def sample_epochs(epochs: int, current: int, most: int = EPOCH_SAMPLES) -> list[int]:
    """Epochs at which to solve Theorem 2's minimisation: all of them up to ``most``, else
    ``most`` spread evenly on a log scale; always the current one."""
    epochs = max(1, int(epochs))
    if epochs <= most:
        picked = set(range(1, epochs + 1))
    else:
        picked = {int(e) for e in np.unique(np.geomspace(1, epochs, most).round())}
    picked.add(max(1, min(int(current), epochs)))
    return sorted(picked)


def epoch_bounds(run: ProofTrack, bounds: Mapping[int, HingeBound]) -> EpochBounds:
    """``bounds``: {E: HingeBound after E epochs} (from ``sample_epochs``); from a start
    other than 0, the bounds of Theorem 2's proof from that start at the same w*."""
    epochs = np.arange(1, run.epochs + 1)
    sampled = np.array(sorted(bounds), dtype=np.int64)
    if _from_zero(run):
        values = np.array([bounds[e].value for e in sampled])
    else:  # Theorem 2's proof from this start, at each solved w*
        values = np.array([bounds[e].from_start(run.w0, run.b0, run.eta) for e in sampled])
    if not sampled.size:
        envelope = np.full(epochs.shape, np.nan)
    elif _from_zero(run):
        fixed = np.array([bounds[e].R ** 2 * bounds[e].norm2 for e in sampled])
        slope = np.array([2.0 * bounds[e].hinge_loss for e in sampled])
        envelope = np.min(fixed[:, None] + slope[:, None] * epochs[None, :], axis=0)
    else:  # each solved w* bounds every epoch E (its hinge loss counted E times)
        envelope = np.array(
            [
                min(replace(bounds[j], epochs=int(E)).from_start(run.w0, run.b0, run.eta)
                    for j in sampled)
                for E in epochs
            ]
        )  # fmt: skip
    count = np.cumsum(run.counts)[: epochs.shape[0]].astype(np.float64)
    return EpochBounds(epochs, count, sampled, values, envelope)
