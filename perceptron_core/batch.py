"""Batch gradient descent on the perceptron criterion J_p (note 004) against the
single-sample rule, and what the learning rate and the scaling of the features change.

Every number comes from recorded runs (``train``), never from a re-derived rule:

- ``compare_batch(X, y, ...)``: both rules on the same data, order, start and eta, with
  per-epoch curves (a ``Comparison``); ``comparison_of(batch_run, single_run)`` the same
  for two runs already made.
- ``weights_at_epoch(run, epoch)``: the weights in force at the end of an epoch.
- ``eta_effect(X, y, etas, ...)``: one run per eta, each compared visit by visit with the
  first eta's run (an ``EtaEffect``).
- ``scaling_effect(versions, ...)``: R, gamma*, the bound and both rules' runs for each
  preprocessing of the data (``ScalingRow``s).

What is true about the learning rate (checked in tests/engine/test_engine_batch.py)
-------------------------------------------------------------------------------
From w = 0, b = 0, both rules are scale-invariant *in exact arithmetic*: every step is eta
times a sum of y*(1, x) over mistakes, so by induction w_k(eta) = eta * w_k(1), every
activation is eta times eta = 1's and no prediction, mistake or epoch count changes. 002
section 11.3 ("a smaller learning rate can lead to more stable convergence") cannot
apply from w = 0, noisy data or not. From a random start the invariance fails: w0 + eta*sum
is not proportional to anything, and eta changes predictions.

In floating point: with eta a power of two, multiplying by eta is exact (barring overflow
and underflow), so the weights are bitwise eta times eta = 1's and every prediction is the
same. With eta = 0.1 the steps are rounded and a tie (activation exactly 0, common on
integer data) can become +-5.6e-17, which flips that prediction. Measured:

* ``notes_rule_004`` (100 uniform floats), seeds 0-19, eta 0.1 and 10 against 1, both
  rules: no prediction differs (seed 0: 0 of 5,700 single-sample visits, 0 of 3,800
  batch visits), although the weights are not bitwise proportional.
* ``notes_002_example1`` (integers, XOR, 200 epochs): single-sample rule, eta = 0.1:
  0 of 800 differ. Batch: with eta = 1 the first step is exactly zero (the four y*(1, x)
  cancel), so w stays 0, J_p = 0 and every visit is a tie, forever; with eta = 0.1 the same
  sum rounds to 2.8e-17 per weight, the run leaves w = 0 and 532 of 800 predictions differ
  (534 instead of 800 mistakes). eta = 0.3 and 0.7 do the same; eta = 3 does not.
* Random small-integer data (290 sets of 4-11 points with coordinates in -3..3, 50
  epochs), eta = 0.1 against 1 from w = 0: predictions differ in 240 sets for the
  single-sample rule and 235 for batch; powers of two (0.125 ... 1024): none. (A one-off
  survey, not repeated in the tests; the two notes' examples are.)

So the page says "in exact arithmetic" for the theorem and reports the measured count for
the data on screen (``eta_statement``), never a blanket "eta does not matter".

Ties: a visit with y*(w.x + b) <= 0 is a mistake (ERRATA.md), so at w = 0 every point is a
mistake and the first batch step is eta * sum y*(1, x), although J_p(0) = 0 is already the
criterion's minimum. 004 writes the set of mistakes with a strict "<": read literally,
its gradient at w = 0 is zero and batch GD would never move.

Theorem 1's bound R^2/gamma*^2 bounds the single-sample rule's mistakes from w = 0 (any
eta). The batch rule's proof gives only M*gamma <= R*sqrt(sum of m_k^2) for steps of m_k
mistakes (``Run.proof``), so ``scaling_effect`` shows the bound next to the batch numbers
for comparison, not as its guarantee.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from ._types import Floats
from .margin import theory
from .run import Run
from .train import train

STARTS = ("zero", "random")
RULES = ("batch", "single")
MAX_UPDATES = 1_000_000  # a run stops here (the trajectory costs 8*(d+1) bytes per update)
MAX_VISITS = 200_000  # visits compared per eta in eta_effect
_CHUNK = 65_536  # visits replayed at once when comparing predictions


# ----------------------------------------------------------------------- records
@dataclass(frozen=True)
class Curve:
    """One rule's per-epoch numbers; index 0 is the start, index e the end of epoch e.

    ``mistakes[e]``: mistakes made during epoch e (0 at the start); ``errors[e]`` and
    ``J_p[e]``: training errors (ties count) and the perceptron criterion of the weights
    in force at the end of epoch e.
    """

    epoch: np.ndarray
    mistakes: np.ndarray
    errors: np.ndarray
    J_p: np.ndarray

    @property
    def jp_rises(self) -> int:
        """Epochs at whose end J_p is larger than at the end of the previous one."""
        return int(np.count_nonzero(np.diff(self.J_p) > 0))


@dataclass(frozen=True)
class Comparison:
    """Batch GD on J_p and the single-sample rule on the same data and settings."""

    batch: Run
    single: Run
    batch_curve: Curve
    single_curve: Curve
    eta: float
    start: str
    start_seed: int

    @property
    def epochs(self) -> int:
        """The longer run's epochs (the slider's end)."""
        return max(self.batch.epochs, self.single.epochs)

    def run(self, rule: str) -> Run:
        if rule not in RULES:
            raise ValueError(f"rule must be one of {RULES}; got {rule!r}")
        return self.batch if rule == "batch" else self.single

    def curve(self, rule: str) -> Curve:
        return self.batch_curve if self.run(rule) is self.batch else self.single_curve

    def weights(self, rule: str, epoch: int) -> tuple[np.ndarray, float]:
        """(w, b) of ``rule`` at the end of ``epoch`` (see ``weights_at_epoch``)."""
        return weights_at_epoch(self.run(rule), epoch)


@dataclass(frozen=True)
class EtaRow:
    """One learning rate's run, compared visit by visit with the first eta's run.

    ``compared`` visits (both runs have them, at most ``max_visits``) were compared and
    ``differ`` of them predicted differently (sign of w.x + b, a tie being 0).
    ``first_differ`` is the first such visit and ``first_activations`` the two
    activations there (first eta's, this eta's). ``exactly_scaled``: from w = 0 with the
    same number of weight changes, whether every weight vector is bitwise eta/eta_1 times
    the first run's (tested as w*eta_1 == w_1*eta); None otherwise.
    """

    eta: float
    mistakes: int
    updates: int
    epochs: int
    converged: bool
    stop_reason: str
    n_visits: int
    compared: int
    differ: int
    first_differ: int | None
    first_activations: tuple[float, float] | None
    exactly_scaled: bool | None


@dataclass(frozen=True)
class EtaEffect:
    """``eta_effect``'s answer: one row per eta, the first is the reference."""

    variant: str
    start: str
    start_seed: int
    rows: tuple[EtaRow, ...]
    max_visits: int
    n: int  # examples: visit t (from 0) is in epoch t // n

    @property
    def etas(self) -> tuple[float, ...]:
        return tuple(r.eta for r in self.rows)

    @property
    def capped(self) -> bool:
        """Some comparison stopped at ``max_visits`` before a run's end."""
        ref = self.rows[0]
        return any(r.compared < min(r.n_visits, ref.n_visits) for r in self.rows[1:])

    @property
    def total_differ(self) -> int:
        return sum(r.differ for r in self.rows)

    @property
    def identical(self) -> bool:
        """No compared prediction differs and every run has the reference's length."""
        ref = self.rows[0]
        return self.total_differ == 0 and all(r.n_visits == ref.n_visits for r in self.rows)


@dataclass(frozen=True)
class RuleSummary:
    """One rule's run in a table row."""

    epochs: int
    mistakes: int  # batch: misclassified visits summed over epochs
    updates: int  # weight changes (batch: epochs with mistakes)
    converged: bool


@dataclass(frozen=True)
class ScalingRow:
    """One preprocessing: the theory of the scaled data and both rules' runs on it."""

    kind: str
    label: str
    R: float
    separable: bool
    gamma: float
    bound: float  # R^2 / gamma*^2 (inf when not separable)
    single: RuleSummary
    batch: RuleSummary


# ------------------------------------------------------------------- computations
def _check_start(start: str) -> str:
    if start not in STARTS:
        raise ValueError(f"start must be one of {STARTS}; got {start!r}")
    return start


def _train(
    X: ArrayLike,
    y: ArrayLike,
    variant: str,
    eta: float,
    start: str,
    start_seed: int,
    max_epochs: int,
    max_updates: int,
) -> Run:
    w0 = "random" if start == "random" else None
    return train(
        X, y, variant=variant, eta=eta, max_epochs=max_epochs, shuffle=False, seed=0,
        w0=w0, max_updates=max_updates, start_seed=start_seed,
    )  # fmt: skip


def _readonly(a: ArrayLike) -> np.ndarray:
    a = np.array(a)
    a.flags.writeable = False
    return a


def _curve(run: Run) -> Curve:
    stats = run.epoch_stats()
    w0, b0 = run.weights(0)
    e0, j0 = run.errors_of(w0[None, :], np.array([b0]))
    return Curve(
        epoch=_readonly(np.arange(run.epochs + 1)),
        mistakes=_readonly(np.concatenate(([0], stats["mistakes"]))),
        errors=_readonly(np.concatenate((e0, stats["errors"]))),
        J_p=_readonly(np.concatenate((j0, stats["J_p"]))),
    )


def compare_batch(
    X: ArrayLike,
    y: ArrayLike,
    *,
    eta: float = 1.0,
    start: str = "zero",
    start_seed: int = 0,
    max_epochs: int = 100,
    max_updates: int = MAX_UPDATES,
) -> Comparison:
    """Run batch GD on J_p and the single-sample rule with the same data, visiting order
    (as given), start and eta, and record both with their per-epoch curves.

    ``start``: "zero" (w = 0, b = 0) or "random" (N(0, 1) drawn from ``start_seed``, the
    same for both rules). Raises ValueError (from the engine) on bad data or settings.
    """
    start = _check_start(start)
    args = (eta, start, start_seed, max_epochs, max_updates)
    batch = _train(X, y, "batch", *args)
    single = _train(X, y, "classic", *args)
    return Comparison(batch, single, _curve(batch), _curve(single), batch.eta, start,
                      int(start_seed))  # fmt: skip


def weights_at_epoch(run: Run, epoch: int) -> tuple[np.ndarray, float]:
    """(w, b) in force at the end of ``epoch`` (0 = the start; beyond the run's last epoch,
    its final weights: a converged run does not move again)."""
    e = max(0, min(int(epoch), run.epochs))
    k = 0 if e == 0 else int(run.epoch_end_updates[e - 1])
    return run.weights(k)


def _predictions(run: Run, lo: int, hi: int) -> tuple[np.ndarray, np.ndarray]:
    a = run.visits(lo, hi)["activation"]
    return np.sign(a).astype(np.int8), a


def _compare_runs(
    ref: Run, run: Run, limit: int
) -> tuple[int, int, int | None, tuple[float, float] | None]:
    """(compared, differ, first visit that differs, its two activations)."""
    compared = min(ref.n_visits, run.n_visits, limit)
    first: int | None
    acts: tuple[float, float] | None
    differ, first, acts = 0, None, None
    for lo in range(0, compared, _CHUNK):
        hi = min(lo + _CHUNK, compared)
        p_ref, a_ref = _predictions(ref, lo, hi)
        p_run, a_run = _predictions(run, lo, hi)
        bad = np.flatnonzero(p_ref != p_run)
        if bad.size and first is None:
            first = lo + int(bad[0])
            acts = (float(a_ref[bad[0]]), float(a_run[bad[0]]))
        differ += int(bad.size)
    return compared, differ, first, acts


def _exactly_scaled(ref: Run, run: Run) -> bool | None:
    if ref.n_updates != run.n_updates or np.any(ref.w0) or ref.b0 or np.any(run.w0) or run.b0:
        return None
    Wr, Br = ref.trajectory()
    W, B = run.trajectory()
    return bool(
        np.array_equal(W * ref.eta, Wr * run.eta) and np.array_equal(B * ref.eta, Br * run.eta)
    )


def eta_effect(
    X: ArrayLike,
    y: ArrayLike,
    etas: Iterable[float],
    *,
    start: str = "zero",
    start_seed: int = 0,
    max_epochs: int = 100,
    variant: str = "classic",
    max_updates: int = MAX_UPDATES,
    max_visits: int = MAX_VISITS,
) -> EtaEffect:
    """Train ``variant`` ("classic" = the single-sample rule, or "batch") once per eta, same
    data, order and start, and compare every run's predictions with the first eta's run.

    The work is bounded: each run stops after ``max_epochs`` epochs or ``max_updates``
    updates, and at most ``max_visits`` visits per eta are compared (``effect.capped``).
    """
    start = _check_start(start)
    if variant not in ("classic", "batch"):
        raise ValueError(f"variant must be 'classic' or 'batch'; got {variant!r}")
    etas = tuple(float(e) for e in etas)
    if not etas:
        raise ValueError("etas must hold at least one learning rate")
    if int(max_visits) < 1:
        raise ValueError(f"max_visits must be at least 1; got {max_visits!r}")
    ref: Run | None = None
    rows = []
    for eta in etas:
        run = _train(X, y, variant, eta, start, start_seed, max_epochs, max_updates)
        if ref is None:
            ref = run
        compared, differ, first, acts = _compare_runs(ref, run, int(max_visits))
        rows.append(
            EtaRow(
                eta=run.eta, mistakes=run.mistakes, updates=run.n_updates, epochs=run.epochs,
                converged=run.converged, stop_reason=run.stop_reason, n_visits=run.n_visits,
                compared=compared, differ=differ, first_differ=first, first_activations=acts,
                exactly_scaled=_exactly_scaled(ref, run),
            )
        )  # fmt: skip
    assert ref is not None  # etas holds at least one learning rate
    return EtaEffect(variant, start, int(start_seed), tuple(rows), int(max_visits), ref.n)


def _summary(run: Run) -> RuleSummary:
    return RuleSummary(run.epochs, run.mistakes, run.n_updates, run.converged)


def scaling_effect(
    versions: Mapping[str, tuple[ArrayLike, ArrayLike]],
    *,
    labels: Mapping[str, str] | None = None,
    eta: float = 1.0,
    max_epochs: int = 100,
    max_updates: int = MAX_UPDATES,
) -> tuple[ScalingRow, ...]:
    """For each version of the data (e.g. raw, centred, standardised, min-max scaled): R,
    gamma*, the bound R^2/gamma*^2 and both rules' runs from w = 0 with ``eta``.

    Parameters
    ----------
    versions : mapping of name -> (X, y)
        The same examples preprocessed in different ways, in the order of the rows
        (``datasets.Dataset.preprocessed`` gives the app's four).
    labels : mapping of name -> str, optional
        What each row is called (``ScalingRow.label``); the name itself by default.
    eta, max_epochs, max_updates
        The runs' settings: fixed order, from w = 0.

    Examples
    --------
    >>> import numpy as np, perceptron_core as pc
    >>> X, y = np.array([[3.0, 1.0], [3.0, -1.0]]), np.array([1, -1])
    >>> rows = pc.scaling_effect({"none": (X, y), "centre": (X - X.mean(axis=0), y)})
    >>> [(r.kind, r.single.mistakes, round(r.bound, 6)) for r in rows]
    [('none', 2, 11.0), ('centre', 2, 2.0)]
    """
    labels = labels or {}
    rows = []
    for kind, (X, y) in versions.items():
        single = _train(X, y, "classic", eta, "zero", 0, max_epochs, max_updates)
        batch = _train(X, y, "batch", eta, "zero", 0, max_epochs, max_updates)
        w, b = single.w, single.b  # a classic run has both (only a kernel run has neither)
        hint: Floats | None = None
        if single.converged and w is not None and b is not None:
            hint = np.concatenate((np.array([b]), w))
        th = theory(X, y, hint=hint)
        rows.append(
            ScalingRow(
                kind, labels.get(kind, kind), float(th.R), bool(th.separable),
                float(th.gamma), float(th.bound), _summary(single), _summary(batch),
            )
        )  # fmt: skip
    return tuple(rows)


def comparison_of(batch: Run, single: Run) -> Comparison:
    """A ``Comparison`` of two recorded runs on the same data (batch, then single-sample),
    e.g. the page's cached runs trained with its own order and seeds."""
    if not batch.is_batch or single.variant != "classic":
        raise ValueError("comparison_of needs a batch run and a classic run")
    start = "zero" if not (np.any(batch.w0) or batch.b0) else "random"
    return Comparison(batch, single, _curve(batch), _curve(single), batch.eta, start, 0)
