"""Which mistake bound holds for a run at a step, and why (no streamlit here).

Every page that steps states one bound beside its mistake count, and only one whose
assumptions hold for the settings shown:

- Theorem 1 (001), separable data from w = 0 (any eta: from 0 the run with step eta is
  eta times the run with step 1, so eta cancels): M <= R^2 / gamma*^2.
- 004's proof from a start w(1) != 0 (a random start), separable data:
  M <= k_hat = ||w(1)/eta - alpha u*||^2 / R^2 (``pc.Theory.bound_from_start``). Theorem 1
  as stated assumes w = 0 and can fail from another start.
- Theorem 2 (001) after E epochs, any data, from w = 0 (eta cancels again):
  M <= R^2 ||w*||^2 + 2 E L_hinge(w*) at the minimising w* (``pc.HingeBound.value``).
- Theorem 2's proof from a start w(1) != 0, at the same w*: the largest root of
  (M + w(1)/eta.w* - E L)^2 = (||w(1)/eta||^2 + M R^2) ||w*||^2
  (``pc.HingeBound.from_start``).

None applies to a batch step (it sums an epoch's mistakes into one move) or to a kernel
other than the linear one (its margin lives in the kernel's feature space, not computed
here): then ``Live.value`` is None and ``Live.why`` says so.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ui import notation, text
from ui.words import t as words


@dataclass(frozen=True)
class Live:
    """The mistakes so far and the bound that holds for them.

    ``value``: the bound (None: none is shown, ``why`` says why); ``name``: how the
    bound is written ("R²/γ*²", "k̂", or "": the number alone); ``why``: the theorem
    and its assumptions, in a few words; ``theorem``: "1", "004", "2", "2-start" or ""
    (none).
    """

    M: int
    value: float | None
    name: str
    why: str
    theorem: str
    log10: float = math.nan  # log10 of the value, finite where the value passes the floats

    def line(self) -> str:
        """One plain line: "M = 60 ≤ k̂ = 1,264 (004's proof, from this random start)"."""
        if self.value is None:
            return f"M = {self.M:,} ({self.why})"
        name = f"{self.name} = " if self.name else ""
        if math.isinf(self.value) and math.isfinite(self.log10):  # data near 1e-300
            return f"M = {self.M:,} ≤ {name}{big_num(self.value, self.log10)} ({self.why})"
        return f"M = {self.M:,} ≤ {name}{text.bound_num(self.value)} ({self.why})"


def epochs_of(run, t: int) -> int:
    """E: the epochs the first t visits reach into (at least 1)."""
    return max(1, run.epoch_at(t))


def from_zero(run) -> bool:
    return not (np.any(run.w0) or run.b0)


def live(run, th, t: int, hinge_of: Callable[[int], object] | None = None) -> Live:
    """The bound that holds for ``run`` after ``t`` visits (``th``: its data's
    ``pc.Theory`` or None; ``hinge_of(E)``: Theorem 2 after E epochs, a ``pc.HingeBound``
    or None when too large to compute)."""
    M = int(run.updates_before_visit(t))
    if run.variant == "batch":
        return Live(M, None, "", words("bound.batch"), "")
    if run.is_kernel and run.kernel.name != "linear":
        return Live(M, None, "", words("bound.kernel"), "")
    if th is None:  # one class so far, or data too large for the exact verdict live
        return Live(M, None, "", words("bound.none"), "")
    zero = from_zero(run)
    w0 = f"{notation.current().w} = 0"  # the start of the theorems, in the lab's notation
    if th.separable:
        if zero:
            return Live(M, th.bound, "R²/γ*²", words("bound.t1", zero=w0), "1",
                        bound_log10(th))  # fmt: skip
        k_hat = th.bound_from_start(run.w0, run.b0, run.eta)
        return Live(M, k_hat, "k̂", words("bound.start", zero=w0), "004",
                    start_bound_log10(th, run.w0, run.b0, run.eta))  # fmt: skip
    E = epochs_of(run, t)
    hb = None if hinge_of is None else hinge_of(E)
    if hb is None:
        return Live(M, None, "", words("bound.too_large"), "")
    epochs = words("bound.epochs", n=E)
    if zero:
        return Live(M, hb.value, "", words("bound.t2", epochs=epochs, zero=w0), "2")
    value = hb.from_start(run.w0, run.b0, run.eta)
    why = words("bound.t2_start", epochs=epochs)
    return Live(M, value, "", why, "2-start")


def bound_log10(th) -> float:
    """log10 of R^2/gamma*^2 from R and gamma* (finite when the bound passes the float range)."""
    if not (th.separable and th.gamma > 0):
        return math.inf
    return 2.0 * (math.log10(th.R) - math.log10(th.gamma))


def start_bound_log10(th, w0, b0: float, eta: float) -> float:
    """log10 of ``th.bound_from_start(w0, b0, eta)`` (finite beyond the float range)."""
    if not (th.separable and th.gamma > 0):
        return math.inf
    scale = th.R / th.gamma
    start = np.concatenate(([float(b0)], np.asarray(w0, dtype=np.float64))) / float(eta)
    rest = float(np.sum((start / th.R / scale - np.asarray(th.u)) ** 2))
    return 2.0 * math.log10(scale) + math.log10(rest) if rest > 0 else -math.inf


def big_num(value: float, log10: float) -> str:
    """``value`` for people; beyond the float range (``value`` inf, ``log10`` finite), the
    number its log10 says (2.5·10^601): a bound that large is not infinite."""
    if math.isfinite(value) or not math.isfinite(log10):
        return text.num(value)
    exp = math.floor(log10)
    mant = float(f"{10.0 ** (log10 - exp):.4g}")
    if mant >= 10:  # 9.99996 rounds to 10
        mant, exp = 1.0, exp + 1
    return f"{mant:g}·10^{exp}"
