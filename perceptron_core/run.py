"""A recorded training run: immutable data that the app replays, scrubs and animates.

The record is what the compiled loop wrote: for each update the position within its
epoch (int32), and the number of updates per epoch. Everything else (which example, the
weights after any update, the activation and verdict of any visit, averaged / voted /
pocket weights, per-epoch errors) is rebuilt from it without re-running the training.
Weights are rebuilt by a sequential cumulative sum of the same ``x * (eta*y)`` steps the
loop added, so they are bitwise identical to the loop's.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any, overload

import numpy as np
from numpy.typing import ArrayLike

from . import _loop
from ._types import Bools, Floats, Int32s, Ints
from .dual import DualForm
from .kernels import Kernel
from .proof import ProofTrack
from .steps import MOVES, Change, Visit, epoch_order, random_start
from .variants import COMPARED, VariantRules

VARIANTS = ("classic", "averaged", "voted", "pocket", "kernel", "batch")

__all__ = [
    "COMPARED",
    "MOVES",
    "VARIANTS",
    "Change",
    "Run",
    "Visit",
    "epoch_order",
    "random_start",
]


class Run(VariantRules, DualForm, ProofTrack):
    """The immutable record of one training run, with exact replay.

    Attributes
    ----------
    w, b : ndarray, float
        The weights the update sequence ended with (``None`` for a non-linear kernel).
    converged : bool
        The run ended on a clean pass (an epoch without a mistake).
    mistakes : int
        Number of mistakes that caused an update (batch: misclassified visits summed over
        epochs; its weight changes are ``n_updates``).
    epochs : int
        Epochs run, counting the clean pass and a partial last epoch.
    stop_reason : str
        "converged", "max_epochs", "max_updates", or "online" (``online_run``: one pass in
        arrival order, where convergence is not the question).
    """

    def __init__(
        self,
        *,
        X: Floats,
        y: Floats,
        variant: str,
        eta: float,
        w0: Floats,
        b0: float,
        shuffle: bool,
        seed: int | None,
        kernel: Kernel | None,
        max_epochs: int,
        max_updates: int | None,
        record: Int32s,
        counts: Ints,
        stop_reason: str,
        final_w: Floats,
        final_b: float,
    ) -> None:
        self.X = X
        self.y = y
        self.variant = variant
        self.eta = float(eta)
        self.w0 = w0
        self.b0 = float(b0)
        self.shuffle = bool(shuffle)
        self.seed = seed
        self.kernel: Kernel | None = kernel
        self.max_epochs = max_epochs
        self.max_updates = max_updates
        self.record = record  # int32 (mistakes,): position within its epoch
        self.counts = counts  # int64 (epochs,): mistakes per epoch
        self.stop_reason = stop_reason
        self._final_w = final_w
        self._final_b = float(final_b)
        for arr in (self.record, self.counts):
            arr.flags.writeable = False

    # ----------------------------------------------------------------- summary
    @property
    def n(self) -> int:
        return int(self.X.shape[0])

    @property
    def d(self) -> int:
        return int(self.X.shape[1])

    @property
    def converged(self) -> bool:
        return self.stop_reason == "converged"

    @property
    def online(self) -> bool:
        """A run of ``online_run``: examples arrived once each, predicted then learned."""
        return self.stop_reason == "online"

    @property
    def epochs(self) -> int:
        return int(self.counts.shape[0])

    @property
    def mistakes(self) -> int:
        return int(self.record.shape[0])

    @property
    def is_batch(self) -> bool:
        return self.variant == "batch"

    @property
    def is_kernel(self) -> bool:
        return self.variant == "kernel"

    @property
    def n_updates(self) -> int:
        """Weight changes: one per mistake, or one per epoch with mistakes for batch."""
        if self.is_batch:
            return int(np.count_nonzero(self.counts))
        return self.mistakes

    @property
    def n_visits(self) -> int:
        """Example visits made (the last epoch may be partial when max_updates stopped it)."""
        if self.epochs == 0:
            return 0
        if self.stop_reason == "max_updates" and self.mistakes:
            return (self.epochs - 1) * self.n + int(self.record[-1]) + 1
        return self.epochs * self.n

    @property
    def w(self) -> Floats | None:
        if self.is_kernel:
            return self._linear_kernel_weights[1:].copy() if self._linear_kernel else None
        return self._final_w.copy()

    @property
    def b(self) -> float | None:
        if self.is_kernel:
            return float(self._linear_kernel_weights[0]) if self._linear_kernel else None
        return self._final_b

    @property
    def _linear_kernel(self) -> bool:
        return self.kernel is not None and self.kernel.name == "linear"

    @cached_property
    def _linear_kernel_weights(self) -> Floats:
        """The dual weights of the linear kernel a.b + 1 expanded to (b, w): the sum of the
        steps eta*y*(1, x) of its mistakes, what the primal perceptron would hold."""
        return self._steps.sum(axis=0) if self.mistakes else np.zeros(self.d + 1)

    def __repr__(self) -> str:
        return (
            f"Run(variant={self.variant!r}, n={self.n}, d={self.d}, mistakes={self.mistakes}, "
            f"epochs={self.epochs}, converged={self.converged})"
        )

    # ------------------------------------------------------- where updates were
    def order(self, epoch: int) -> Ints:
        """The visiting order of ``epoch`` (regenerated from the seed when shuffled)."""
        return epoch_order(self.n, epoch, self.shuffle, self.seed)

    @cached_property
    def update_epoch(self) -> Ints:
        """Epoch (from 0) of every mistake."""
        return np.repeat(np.arange(self.epochs, dtype=np.int64), self.counts)

    @cached_property
    def update_visit(self) -> Ints:
        """Global visit number (from 0) of every mistake, increasing."""
        return self.update_epoch * self.n + self.record.astype(np.int64)

    @cached_property
    def update_index(self) -> Ints:
        """Which example (row of X) every mistake was made on."""
        if not self.shuffle:
            return self.record.astype(np.int64)
        out = np.empty(self.mistakes, dtype=np.int64)
        starts = np.concatenate(([0], np.cumsum(self.counts)))
        for e in range(self.epochs):
            lo, hi = starts[e], starts[e + 1]
            if hi > lo:
                out[lo:hi] = self.order(e)[self.record[lo:hi]]
        return out

    @cached_property
    def _steps(self) -> Floats:
        """(mistakes, d+1): the step ``eta*y`` times (1, x) of every mistake, bias first."""
        s = self.eta * self.y[self.update_index]
        out = np.empty((self.mistakes, self.d + 1))
        out[:, 0] = s
        out[:, 1:] = self.X[self.update_index] * s[:, None]
        return out

    # ------------------------------------------------------------- weights
    @cached_property
    def _trajectory(self) -> Floats:
        """(n_updates + 1, d+1) augmented weights (bias first) after each update, exact."""
        start = np.concatenate(([self.b0], self.w0))
        if self.is_batch:
            # One change per epoch with mistakes: the epoch's steps summed in visit order,
            # then added, exactly as the loop accumulated and applied them.
            # Epoch by epoch (an epoch's mistakes at a time), so a long batch run never
            # holds every mistake's step at once.
            ends = np.cumsum(self.counts)[self.counts > 0]
            deltas = np.empty((ends.shape[0], self.d + 1))
            lo = 0
            for k, hi in enumerate(ends):
                idx = self.update_index[lo:hi]
                s = self.eta * self.y[idx]
                steps = np.empty((idx.shape[0], self.d + 1))
                steps[:, 0] = s
                steps[:, 1:] = self.X[idx] * s[:, None]
                deltas[k] = np.cumsum(steps, axis=0)[-1]
                lo = hi
            traj = np.cumsum(np.vstack((start, deltas)), axis=0)
        else:
            traj = np.cumsum(np.vstack((start, self._steps)), axis=0)
        traj.flags.writeable = False
        return traj

    def weights(self, k: int) -> tuple[Floats, float]:
        """(w, b) after ``k`` weight changes (0 = the start), bitwise as the loop had them."""
        self._require_primal("weights")
        if not 0 <= k <= self.n_updates:
            raise IndexError(f"k must be between 0 and {self.n_updates}; got {k}")
        row = self._trajectory[k]
        return row[1:].copy(), float(row[0])

    def trajectory(self) -> tuple[Floats, Floats]:
        """All weights: ``W`` of shape (n_updates + 1, d) and ``B`` of shape (n_updates + 1,)."""
        self._require_primal("trajectory")
        return self._trajectory[:, 1:], self._trajectory[:, 0]

    @overload
    def updates_before_visit(self, t: int | np.integer[Any]) -> int: ...
    @overload
    def updates_before_visit(self, t: Ints) -> Ints: ...
    def updates_before_visit(self, t: int | np.integer[Any] | Ints) -> int | Ints:
        """Weight changes made before global visit ``t`` (array or scalar)."""
        if self.is_batch:
            epoch = np.asarray(t) // self.n
            changes = np.concatenate(([0], np.cumsum(self.counts > 0)))
            out = changes[np.minimum(epoch, self.epochs)]
        else:
            out = np.searchsorted(self.update_visit, t, side="left")
        return int(out) if np.ndim(out) == 0 else out

    def epoch_at(self, t: int) -> int:
        """The epochs the first ``t`` visits reach into: 0 at the start, 1 from the first
        visit to the end of the first epoch, 2 from the next visit on, and so on."""
        return -(-int(t) // self.n)

    def visit(self, t: int) -> Visit:
        """Everything about global visit ``t`` (0 <= t < n_visits), without re-training."""
        if not 0 <= t < self.n_visits:
            raise IndexError(f"visit must be between 0 and {self.n_visits - 1}; got {t}")
        epoch, pos = divmod(int(t), self.n)
        i = int(self.order(epoch)[pos])
        k = self.updates_before_visit(t)
        m = int(np.searchsorted(self.update_visit, t, side="left"))
        mistake = m < self.mistakes and int(self.update_visit[m]) == t
        if self.is_kernel:
            a = float(self.kernel_activations(m, self.X[i : i + 1])[0])
            return Visit(t, epoch, pos, i, a, mistake, m, None, None, None, None)
        w, b = self.weights(k)
        a = float(self.activations(w[None, :], np.array([b]), self.X[i : i + 1])[0, 0])
        if mistake and not self.is_batch:
            w_after, b_after = self.weights(k + 1)
        else:
            w_after, b_after = w, b
        return Visit(t, epoch, pos, i, a, mistake, k, w, b, w_after, b_after)

    # --------------------------------------------------------------- stepping
    def next_cursor(self, t: int, move: str = "update") -> int:
        """The cursor (visits done, 0..n_visits) after one move from cursor ``t``.

        "visit": one more example; "epoch": to the end of the current epoch; "update": to
        just after the next weight change. That is the next mistake for every variant but
        batch, whose weights change only at the end of an epoch with mistakes; for the
        kernel perceptron the change is to alpha, not w.
        """
        if move not in MOVES:
            raise ValueError(f"move must be one of {MOVES}; got {move!r}")
        total = self.n_visits
        t = max(0, min(int(t), total))
        if move == "visit":
            return min(t + 1, total)
        if move == "epoch":
            return min((t // self.n + 1) * self.n, total)
        if self.is_batch:
            later = np.flatnonzero(self.counts[t // self.n :] > 0)
            return min((t // self.n + int(later[0]) + 1) * self.n, total) if later.size else total
        m = int(np.searchsorted(self.update_visit, t, side="left"))
        return int(self.update_visit[m]) + 1 if m < self.mistakes else total

    def change_at(self, t: int) -> Change | None:
        """The weight change made by the visits up to cursor ``t`` and completed at ``t``
        (None when the visit before ``t`` changed nothing)."""
        if not 0 < t <= self.n_visits:
            return None
        if self.is_batch:
            if t % self.n and t != self.n_visits:
                return None
            epoch = (t - 1) // self.n
            if self.counts[epoch] == 0:
                return None
            k = self.updates_before_visit(epoch * self.n + self.n)
            lo = int(np.sum(self.counts[:epoch]))
            idx = self.update_index[lo : lo + int(self.counts[epoch])].copy()
            w0, b0 = self.weights(k - 1)
            w1, b1 = self.weights(k)
            return Change(t, "batch", k, idx, w0, b0, w1, b1)
        v = self.visit(t - 1)
        if not v.mistake:
            return None
        idx = np.array([v.index], dtype=np.int64)
        if self.is_kernel:
            return Change(t, "dual", v.updates_before + 1, idx, None, None, None, None)
        return Change(t, "mistake", v.updates_before + 1, idx, v.w_before, v.b_before,
                      v.w_after, v.b_after)  # fmt: skip

    def prediction(self, t: int) -> int:
        """What the perceptron predicted at visit ``t``: +1, -1, or 0 for "I don't know"
        (activation exactly 0, a mistake whatever the label)."""
        a = self.visit(t).activation
        return 1 if a > 0 else (-1 if a < 0 else 0)

    def visits(self, start: int = 0, stop: int | None = None) -> dict[str, Ints | Floats | Bools]:
        """Columns for visits ``start..stop-1``: epoch, position, index, activation, mistake,
        updates_before, and for primal variants the weights before each visit (w, b)."""
        stop = self.n_visits if stop is None else min(stop, self.n_visits)
        t = np.arange(start, stop, dtype=np.int64)
        epoch, pos = np.divmod(t, self.n)
        index = np.empty_like(t)
        for e in np.unique(epoch):
            sel = epoch == e
            index[sel] = self.order(int(e))[pos[sel]]
        m = np.searchsorted(self.update_visit, t, side="left")
        if self.mistakes:
            at = self.update_visit[np.minimum(m, self.mistakes - 1)]
            mistake = (m < self.mistakes) & (at == t)
        else:
            mistake = np.zeros(t.shape[0], dtype=bool)
        out = {"t": t, "epoch": epoch, "position": pos, "index": index, "mistake": mistake}
        if self.is_kernel:
            act = np.empty(t.shape[0])
            for j in range(t.shape[0]):
                act[j] = self.kernel_activations(int(m[j]), self.X[index[j] : index[j] + 1])[0]
            out.update(activation=act, updates_before=m)
            return out
        k = self.updates_before_visit(t)
        W = self._trajectory[k]
        X = self.X[index]
        act = W[:, 1] * X[:, 0]
        for j in range(1, self.d):
            act += W[:, j + 1] * X[:, j]
        act += W[:, 0]
        out.update(activation=act, updates_before=k, w=W[:, 1:], b=W[:, 0])
        return out

    # ------------------------------------------------------------ evaluation
    @staticmethod
    def activations(W: ArrayLike, B: ArrayLike, X: ArrayLike) -> Floats:
        """(K, n) activations of K weight vectors on X, summed in the loop's exact order."""
        W = np.ascontiguousarray(W, dtype=np.float64)
        B = np.ascontiguousarray(B, dtype=np.float64)
        X = np.ascontiguousarray(X, dtype=np.float64)
        out = np.empty((W.shape[0], X.shape[0]))
        _loop.sequential_activations(W, B, X, out)
        return out

    def errors_of(self, W: ArrayLike, B: ArrayLike) -> tuple[Ints, Floats]:
        """Training errors (y*a <= 0) and J_p of each weight vector (rows of W, entries of B)."""
        W = np.ascontiguousarray(W, dtype=np.float64)
        B = np.ascontiguousarray(B, dtype=np.float64)
        errors = np.empty(W.shape[0], dtype=np.int64)
        jp = np.empty(W.shape[0])
        _loop.count_errors(W, B, self.X, self.y, errors, jp)
        return errors, jp

    @cached_property
    def epoch_end_updates(self) -> Ints:
        """Weight changes made by the end of each epoch (index into the trajectory)."""
        if self.is_batch:
            return np.cumsum(self.counts > 0)
        return np.cumsum(self.counts)

    def epoch_stats(self) -> dict[str, Ints | Floats]:
        """Per epoch: mistakes made during it, and the training errors and perceptron
        criterion J_p = sum max(0, -y(w.x + b)) of the weights at its end."""
        if self.is_kernel:
            return {"mistakes": self.counts.copy(), "errors": self._kernel_epoch_errors()}
        W = self._trajectory[self.epoch_end_updates]
        errors, jp = self.errors_of(W[:, 1:], W[:, 0])
        return {"mistakes": self.counts.copy(), "errors": errors, "J_p": jp}

    def decision_function(self, Z: ArrayLike) -> Floats:
        """The score whose sign is the variant's prediction, for points Z (m, d)."""
        Z = np.ascontiguousarray(np.asarray(Z, dtype=np.float64))
        if Z.ndim != 2 or Z.shape[1] != self.d:
            raise ValueError(f"points must have shape (m, {self.d}); got {Z.shape}")
        if self.is_kernel:
            support = np.flatnonzero(self.alpha)
            if support.size == 0:
                return np.zeros(Z.shape[0])
            coef = self.eta * self.alpha[support] * self.y[support]
            return coef @ self._kern.matrix(self.X[support], Z)
        if self.variant == "averaged":
            w, b = self.averaged_weights
        elif self.variant == "pocket":
            w, b = self.pocket_weights
        elif self.variant == "voted":
            votes: Floats = self._votes(Z, np.array([self.n_visits], dtype=np.int64))[0]
            return votes
        else:
            w, b = self._final_w, self._final_b
        scores: Floats = self.activations(w[None, :], np.array([b]), Z)[0]
        return scores

    def predict(self, Z: ArrayLike) -> Ints:
        """-1/+1 by the variant's own rule; a score of exactly 0 predicts -1."""
        return np.where(self.decision_function(Z) > 0.0, 1, -1)

    def _require_primal(self, what: str) -> None:
        if self.is_kernel:
            raise ValueError(
                f"{what} is not defined for the kernel perceptron: it has no weight vector "
                "in input space; use alpha and kernel_activations"
            )
