"""A recorded training run: immutable data that the app replays, scrubs and animates.

The record is what the compiled loop wrote: for each update the position within its
epoch (int32), and the number of updates per epoch. Everything else (which example, the
weights after any update, the activation and verdict of any visit, averaged / voted /
pocket weights, per-epoch errors) is rebuilt from it without re-running the training.
Weights are rebuilt by a sequential cumulative sum of the same ``x * (eta*y)`` steps the
loop added, so they are bitwise identical to the loop's.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from . import _loop
from .kernels import Kernel

VARIANTS = ("classic", "averaged", "voted", "pocket", "kernel", "batch")
# The four rules that predict from one run of the online perceptron (the variants page).
COMPARED = ("classic", "averaged", "voted", "pocket")

# Weight vectors evaluated per chunk when scoring many of them against the training set.
_CHUNK_ELEMENTS = 4_000_000


def epoch_order(n: int, epoch: int, shuffle: bool, seed: int | None) -> np.ndarray:
    """The visiting order of ``epoch``: fixed (0..n-1) or a permutation drawn from the seed.

    Each epoch's permutation has its own seed stream (``SeedSequence(seed, spawn_key=(1,
    epoch))``), so any epoch's order can be regenerated on its own, in any order.
    """
    if not shuffle:
        return np.arange(n, dtype=np.int64)
    ss = np.random.SeedSequence(0 if seed is None else seed, spawn_key=(1, epoch))
    return np.random.default_rng(ss).permutation(n).astype(np.int64)


def random_start(d: int, seed: int | None) -> tuple[np.ndarray, float]:
    """A random start (w0, b0) ~ N(0, 1) per component, from its own stream of ``seed``."""
    ss = np.random.SeedSequence(0 if seed is None else seed, spawn_key=(0,))
    v = np.random.default_rng(ss).standard_normal(d + 1)
    return v[1:].copy(), float(v[0])


@dataclass(frozen=True)
class Visit:
    """One visit of one example, as the app's status line and equation describe it."""

    t: int  # global visit number, from 0
    epoch: int  # from 0
    position: int  # position within the epoch, from 0
    index: int  # which example (row of X)
    activation: float  # w . x + b before the visit (kernel: f(x))
    mistake: bool  # y * activation <= 0
    updates_before: int  # updates made before this visit
    w_before: np.ndarray | None
    b_before: float | None
    w_after: np.ndarray | None
    b_after: float | None


MOVES = ("update", "visit", "epoch")


@dataclass(frozen=True)
class Change:
    """The weight change that the visit just before a cursor completed.

    ``kind`` is "mistake" (one example's step, w += eta*y*x), "batch" (the end of an epoch
    of the batch perceptron: every mistake of the epoch summed, then added) or "dual" (the
    kernel perceptron: alpha of one example grows by one; it has no w in input space).
    """

    t: int  # the cursor (visits done) at which the change has been made
    kind: str
    k: int  # weight changes made up to and including this one
    indices: np.ndarray  # the examples whose steps make the change, in visit order
    w_before: np.ndarray | None
    b_before: float | None
    w_after: np.ndarray | None
    b_after: float | None

    @property
    def step(self) -> tuple[np.ndarray, float] | None:
        """(w_after - w_before, b_after - b_before): eta times the sum of y*x over indices."""
        if self.w_before is None:
            return None
        return self.w_after - self.w_before, self.b_after - self.b_before


class Run:
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
        X,
        y,
        variant,
        eta,
        w0,
        b0,
        shuffle,
        seed,
        kernel,
        max_epochs,
        max_updates,
        record,
        counts,
        stop_reason,
        final_w,
        final_b,
    ):
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
        return self.X.shape[0]

    @property
    def d(self) -> int:
        return self.X.shape[1]

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
    def w(self):
        if self.is_kernel:
            return self._linear_kernel_weights[1:].copy() if self._linear_kernel else None
        return self._final_w.copy()

    @property
    def b(self):
        if self.is_kernel:
            return float(self._linear_kernel_weights[0]) if self._linear_kernel else None
        return self._final_b

    @property
    def _linear_kernel(self) -> bool:
        return self.kernel is not None and self.kernel.name == "linear"

    @cached_property
    def _linear_kernel_weights(self) -> np.ndarray:
        """The dual weights of the linear kernel a.b + 1 expanded to (b, w): the sum of the
        steps eta*y*(1, x) of its mistakes, what the primal perceptron would hold."""
        return self._steps.sum(axis=0) if self.mistakes else np.zeros(self.d + 1)

    def __repr__(self) -> str:
        return (
            f"Run(variant={self.variant!r}, n={self.n}, d={self.d}, mistakes={self.mistakes}, "
            f"epochs={self.epochs}, converged={self.converged})"
        )

    # ------------------------------------------------------- where updates were
    def order(self, epoch: int) -> np.ndarray:
        """The visiting order of ``epoch`` (regenerated from the seed when shuffled)."""
        return epoch_order(self.n, epoch, self.shuffle, self.seed)

    @cached_property
    def update_epoch(self) -> np.ndarray:
        """Epoch (from 0) of every mistake."""
        return np.repeat(np.arange(self.epochs, dtype=np.int64), self.counts)

    @cached_property
    def update_visit(self) -> np.ndarray:
        """Global visit number (from 0) of every mistake, increasing."""
        return self.update_epoch * self.n + self.record.astype(np.int64)

    @cached_property
    def update_index(self) -> np.ndarray:
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
    def _steps(self) -> np.ndarray:
        """(mistakes, d+1): the step ``eta*y`` times (1, x) of every mistake, bias first."""
        s = self.eta * self.y[self.update_index]
        out = np.empty((self.mistakes, self.d + 1))
        out[:, 0] = s
        out[:, 1:] = self.X[self.update_index] * s[:, None]
        return out

    # ------------------------------------------------------------- weights
    @cached_property
    def _trajectory(self) -> np.ndarray:
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

    def weights(self, k: int) -> tuple[np.ndarray, float]:
        """(w, b) after ``k`` weight changes (0 = the start), bitwise as the loop had them."""
        self._require_primal("weights")
        if not 0 <= k <= self.n_updates:
            raise IndexError(f"k must be between 0 and {self.n_updates}; got {k}")
        row = self._trajectory[k]
        return row[1:].copy(), float(row[0])

    def trajectory(self) -> tuple[np.ndarray, np.ndarray]:
        """All weights: ``W`` of shape (n_updates + 1, d) and ``B`` of shape (n_updates + 1,)."""
        self._require_primal("trajectory")
        return self._trajectory[:, 1:], self._trajectory[:, 0]

    def updates_before_visit(self, t) -> np.ndarray | int:
        """Weight changes made before global visit ``t`` (array or scalar)."""
        if self.is_batch:
            epoch = np.asarray(t) // self.n
            changes = np.concatenate(([0], np.cumsum(self.counts > 0)))
            out = changes[np.minimum(epoch, self.epochs)]
        else:
            out = np.searchsorted(self.update_visit, t, side="left")
        return int(out) if np.ndim(out) == 0 else out

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

    def visits(self, start: int = 0, stop: int | None = None) -> dict[str, np.ndarray]:
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
    def activations(W, B, X) -> np.ndarray:
        """(K, n) activations of K weight vectors on X, summed in the loop's exact order."""
        W = np.ascontiguousarray(W, dtype=np.float64)
        B = np.ascontiguousarray(B, dtype=np.float64)
        X = np.ascontiguousarray(X, dtype=np.float64)
        out = np.empty((W.shape[0], X.shape[0]))
        _loop.sequential_activations(W, B, X, out)
        return out

    def errors_of(self, W, B) -> tuple[np.ndarray, np.ndarray]:
        """Training errors (y*a <= 0) and J_p of each weight vector (rows of W, entries of B)."""
        W = np.ascontiguousarray(W, dtype=np.float64)
        B = np.ascontiguousarray(B, dtype=np.float64)
        errors = np.empty(W.shape[0], dtype=np.int64)
        jp = np.empty(W.shape[0])
        _loop.count_errors(W, B, self.X, self.y, errors, jp)
        return errors, jp

    @cached_property
    def epoch_end_updates(self) -> np.ndarray:
        """Weight changes made by the end of each epoch (index into the trajectory)."""
        if self.is_batch:
            return np.cumsum(self.counts > 0)
        return np.cumsum(self.counts)

    def epoch_stats(self) -> dict[str, np.ndarray]:
        """Per epoch: mistakes made during it, and the training errors and perceptron
        criterion J_p = sum max(0, -y(w.x + b)) of the weights at its end."""
        if self.is_kernel:
            return {"mistakes": self.counts.copy(), "errors": self._kernel_epoch_errors()}
        W = self._trajectory[self.epoch_end_updates]
        errors, jp = self.errors_of(W[:, 1:], W[:, 0])
        return {"mistakes": self.counts.copy(), "errors": errors, "J_p": jp}

    # ------------------------------------------------------------- variants
    @cached_property
    def survival(self) -> np.ndarray:
        """Survival counts c_k (k = 0..mistakes): visits after which w^(k) was in force.

        This is Freund and Schapire's count: a new vector gets 1 for the visit that made it,
        then 1 more per correctly classified visit. The counts sum to ``n_visits``.
        """
        edges = np.concatenate(([0], self.update_visit, [self.n_visits]))
        return np.diff(edges)

    @cached_property
    def averaged_weights(self) -> tuple[np.ndarray, float]:
        """The plain average of the weights after each of the T visits: (1/T) sum_t w_t.

        CIML Algorithm 7 returns ``w - u/c`` with c = T + 1, which is T/(T+1) times this
        (see ERRATA.md); predictions are identical. The app shows this plain average.
        """
        T = self.n_visits
        start = np.concatenate(([self.b0], self.w0))
        # sum_t w_t = T*w0 + sum_k step_k * (visits from update k to the end).
        weight = (T - self.update_visit).astype(np.float64)
        total = T * start + weight @ self._steps if self.mistakes else T * start
        avg = total / T
        return avg[1:], float(avg[0])

    @property
    def averaged_weights_ciml(self) -> tuple[np.ndarray, float]:
        """What CIML Algorithm 7 literally returns: T/(T+1) times ``averaged_weights``."""
        w, b = self.averaged_weights
        f = self.n_visits / (self.n_visits + 1)
        return w * f, b * f

    @cached_property
    def pocket_errors(self) -> np.ndarray:
        """Training errors of the weights after each update (index 0: the start)."""
        W = self._trajectory
        errors = np.empty(W.shape[0], dtype=np.int64)
        step = max(1, _CHUNK_ELEMENTS // max(1, self.n * self.d))
        for lo in range(0, W.shape[0], step):
            e, _ = self.errors_of(W[lo : lo + step, 1:], W[lo : lo + step, 0])
            errors[lo : lo + step] = e
        return errors

    @cached_property
    def pocket_index(self) -> np.ndarray:
        """For each k, the update (<= k) whose weights had the fewest training errors so
        far; ties keep the earlier weights (they were in the pocket first)."""
        errs = self.pocket_errors
        best = np.minimum.accumulate(errs)
        improved = np.concatenate(([True], errs[1:] < best[:-1]))
        return np.maximum.accumulate(np.where(improved, np.arange(errs.shape[0]), 0))

    @property
    def pocket_weights(self) -> tuple[np.ndarray, float]:
        """The pocket: the weights with the fewest training errors seen during the run."""
        return self.weights(int(self.pocket_index[-1]))

    # ------------------------------------------------- the variants at any cursor
    def _variant_cursor(self, variant: str, t) -> tuple[int, int]:
        """Check a (variant, cursor) pair; return the cursor and the updates made before it."""
        if variant not in COMPARED:
            raise ValueError(f"variant must be one of {', '.join(COMPARED)}; got {variant!r}")
        self._require_primal(f"the {variant} perceptron at a cursor")
        if variant != "classic" and self.is_batch:
            raise ValueError(
                f"the {variant} perceptron is defined on the online perceptron's visits; "
                "a batch run changes its weights once per epoch"
            )
        if isinstance(t, bool) or not isinstance(t, int | np.integer):
            raise TypeError(f"the cursor must be a whole number; got {t!r}")
        t = int(t)
        if not 0 <= t <= self.n_visits:
            raise IndexError(f"the cursor must be between 0 and {self.n_visits}; got {t}")
        return t, self.updates_before_visit(t)

    def variant_weights(self, variant: str, t: int) -> tuple[np.ndarray, float]:
        """(w, b) with which ``variant`` would predict after the first ``t`` visits.

        Parameters
        ----------
        variant : {"classic", "averaged", "pocket"}
            "classic": the weights in force after visit t. "averaged": the plain average of
            the weights after each of visits 1..t (t = 0: the start weights); at
            t = ``n_visits`` it is ``averaged_weights`` (CIML Algorithm 7 returns t/(t+1)
            times it: same predictions). "pocket": the weights with the fewest training
            errors among those reached by visit t (``pocket_index``; ties keep the earlier).
            The voted perceptron is no single (w, b): see ``variant_scores``.
        t : int
            The cursor: visits done, 0..``n_visits``.

        Returns
        -------
        w : ndarray of shape (d,)
        b : float

        Notes
        -----
        O(k d) for k = the updates made before t (the average sums the k steps, each
        weighted by the visits it stayed in; the classic and pocket weights are lookups).

        Examples
        --------
        >>> import numpy as np, perceptron_core as pc
        >>> X = np.array([[1.0, 0.0], [0.0, 1.0], [-1.0, 0.2]]); y = np.array([1, 1, -1])
        >>> run = pc.train(X, y)  # mistakes at visits 0, 2 and 4; 9 visits in all
        >>> run.variant_weights("classic", 3)
        (array([ 2. , -0.2]), 0.0)
        >>> run.variant_weights("averaged", 3)  # after visits 1, 2, 3: w(1), w(1), w(2)
        (array([ 1.33333333, -0.06666667]), 0.6666666666666666)
        >>> w, b = run.variant_weights("averaged", run.n_visits)
        >>> np.array_equal(w, run.averaged_weights[0]) and b == run.averaged_weights[1]
        True
        >>> run.variant_weights("pocket", 3)  # w(1) and w(2) make 1 error each: the earlier
        (array([1., 0.]), 1.0)
        """
        if variant == "voted":
            raise ValueError(
                "the voted perceptron has no single weight vector: it is a vote of all the "
                "vectors in force so far; use variant_scores"
            )
        t, k = self._variant_cursor(variant, t)
        if variant == "classic":
            row = self._trajectory[k]
        elif variant == "pocket":
            row = self._trajectory[int(self.pocket_index[k])]
        else:
            start = np.concatenate(([self.b0], self.w0))
            if t == 0:
                row = start
            else:
                # sum over visits 1..t of w_s = t*w0 + sum_k step_k * (t - visit of update k),
                # the expression averaged_weights uses at t = n_visits (so equal bitwise there).
                weight = (t - self.update_visit[:k]).astype(np.float64)
                total = t * start + weight @ self._steps[:k] if k else t * start
                row = total / t
        return row[1:].copy(), float(row[0])

    def variant_scores(self, variant: str, Z, t: int) -> np.ndarray:
        """The score whose sign is ``variant``'s prediction for points Z after ``t`` visits.

        Parameters
        ----------
        variant : {"classic", "averaged", "voted", "pocket"}
            For classic, averaged and pocket: w.z + b with ``variant_weights(variant, t)``.
            For voted: sum over the vectors w_k in force during the first t visits of
            c_k(t) * sign(w_k.z + b_k), with c_k(t) the survival counts truncated at t
            (they sum to t; sign(0) = 0, so a vector on the fence does not vote).
        Z : array of shape (m, d)
        t : int
            The cursor: visits done, 0..``n_visits``.

        Returns
        -------
        ndarray of shape (m,)
            At t = ``n_visits`` this is ``decision_function(Z)`` of a run of that variant.
            Predict +1 where it is > 0; the engine counts a score of 0 as an error.

        Notes
        -----
        Classic, averaged, pocket: O(k d + m d). Voted: O(k m d) for the k + 1 vectors,
        evaluated in chunks of bounded memory (a vote is a sum of whole numbers, exact in
        float64, so the order of summation does not matter).

        Examples
        --------
        >>> import numpy as np, perceptron_core as pc
        >>> X = np.array([[1.0, 0.0], [0.0, 1.0], [-1.0, 0.2]]); y = np.array([1, 1, -1])
        >>> run = pc.train(X, y, variant="voted")
        >>> run.variant_scores("voted", X, 3)  # w(1) in force for 2 visits, w(2) for 1
        array([ 3.,  1., -1.])
        >>> np.array_equal(run.variant_scores("voted", X, run.n_visits), run.decision_function(X))
        True
        >>> run.variant_scores("classic", X, 3)
        array([ 2.  , -0.2 , -2.04])
        """
        return self.variant_scores_at(variant, Z, [t])[0]

    def variant_scores_at(self, variant: str, Z, ts) -> np.ndarray:
        """``variant_scores`` at several cursors at once: shape (len(ts), m).

        The voted perceptron's votes at all cursors cost one pass over its vectors, as one
        call at the largest cursor does (prefix sums of the votes, in chunks).

        Examples
        --------
        >>> import numpy as np, perceptron_core as pc
        >>> X = np.array([[1.0, 0.0], [0.0, 1.0], [-1.0, 0.2]]); y = np.array([1, 1, -1])
        >>> run = pc.train(X, y)
        >>> run.variant_scores_at("voted", X, [0, 3, 9])
        array([[ 0.,  0.,  0.],
               [ 3.,  1., -1.],
               [ 9.,  5., -7.]])
        """
        Z = np.ascontiguousarray(np.asarray(Z, dtype=np.float64))
        if Z.ndim != 2 or Z.shape[1] != self.d:
            raise ValueError(f"points must have shape (m, {self.d}); got {Z.shape}")
        ts = list(ts)
        if variant == "voted":
            checked = [self._variant_cursor(variant, t) for t in ts]
            return self._votes(Z, np.array([t for t, _ in checked], dtype=np.int64))
        rows = np.empty((len(ts), self.d + 1))
        for j, t in enumerate(ts):
            w, b = self.variant_weights(variant, t)
            rows[j, 0], rows[j, 1:] = b, w
        return self.activations(rows[:, 1:], rows[:, 0], Z)

    def _votes(self, Z: np.ndarray, ts: np.ndarray) -> np.ndarray:
        """Votes of the voted perceptron at cursors ``ts`` (checked), one pass over vectors.

        votes(t) = P[K] + (t - visit of update K-1) * sign(w_K . z), where K = updates before
        t and P[j] = sum_{k<j} c_k sign(w_k . z) with the full survival counts c_k.
        """
        out = np.zeros((ts.shape[0], Z.shape[0]))
        if ts.shape[0] == 0 or Z.shape[0] == 0:
            return out
        K = np.asarray(self.updates_before_visit(ts), dtype=np.int64).reshape(-1)
        made = np.concatenate(([0], self.update_visit))  # made[k]: visit that made w_k
        last = ts - made[K]  # c_K(t): visits of the current vector so far
        c = self.survival.astype(np.float64)
        order = np.argsort(K, kind="stable")
        top = int(K.max())
        W = self._trajectory
        prefix = np.zeros(Z.shape[0])  # P[pos]
        pos, j = 0, 0
        step = max(1, _CHUNK_ELEMENTS // max(1, Z.shape[0]))
        for lo in range(0, top + 1, step):
            hi = min(lo + step, top + 1)
            signs = np.sign(self.activations(W[lo:hi, 1:], W[lo:hi, 0], Z))  # (hi-lo, m)
            while j < order.shape[0] and K[order[j]] < hi:
                q = order[j]
                prefix += c[pos : K[q]] @ signs[pos - lo : K[q] - lo]
                pos = int(K[q])
                out[q] = prefix + last[q] * signs[pos - lo]
                j += 1
            if hi <= top:
                prefix += c[pos:hi] @ signs[pos - lo :]
                pos = hi
        return out

    # --------------------------------------------------------------- kernel
    @cached_property
    def _alpha_steps(self) -> np.ndarray:
        return self.eta * self.y[self.update_index]

    @property
    def alpha(self) -> np.ndarray:
        """Mistake count alpha_i of every example (the dual form)."""
        return np.bincount(self.update_index, minlength=self.n).astype(np.int64)

    def kernel_activations(self, k: int, Z) -> np.ndarray:
        """f(z) after the first ``k`` mistakes: sum over updates of eta*y_i*K(x_i, z),
        accumulated in update order as the loop did (bounded memory: ``_kernel_sums``)."""
        Z = np.ascontiguousarray(Z, dtype=np.float64)
        return self._kernel_sums(Z, [int(k)])[0]

    def _kernel_sums(self, Z: np.ndarray, ends) -> np.ndarray:
        """f(z) after the first k updates for each k of ``ends`` (increasing): shape
        (len(ends), m). One pass over the updates in blocks of bounded memory; each block's
        products eta*y_i*K(x_i, z) continue the running sum left to right (a cumulative
        sum), so every f is bitwise the loop's."""
        m = Z.shape[0]
        out = np.empty((len(ends), m))
        f = np.zeros(m)
        done = 0  # updates already in f
        step = max(1, _CHUNK_ELEMENTS // 4 // max(1, m))  # K, its products, the sums
        for e, k in enumerate(ends):
            while done < k:
                hi = min(int(k), done + step)
                P = self.kernel.matrix(self.X[self.update_index[done:hi]], Z)  # (hi-done, m)
                P *= self._alpha_steps[done:hi, None]
                if done:  # continue the running sum: f + p_0 + p_1 + ...
                    P[0] += f
                f = np.cumsum(P, axis=0)[-1]
                done = hi
            out[e] = f
        return out

    def _kernel_epoch_errors(self) -> np.ndarray:
        """Training errors of a kernel run at each epoch's end, with f summed in update
        order as the loop did (so a tie is a tie)."""
        f = self._kernel_sums(self.X, np.cumsum(self.counts))
        return np.count_nonzero(self.y * f <= 0.0, axis=1).astype(np.int64)

    def decision_function(self, Z) -> np.ndarray:
        """The score whose sign is the variant's prediction, for points Z (m, d)."""
        Z = np.ascontiguousarray(np.asarray(Z, dtype=np.float64))
        if Z.ndim != 2 or Z.shape[1] != self.d:
            raise ValueError(f"points must have shape (m, {self.d}); got {Z.shape}")
        if self.is_kernel:
            support = np.flatnonzero(self.alpha)
            if support.size == 0:
                return np.zeros(Z.shape[0])
            coef = self.eta * self.alpha[support] * self.y[support]
            return coef @ self.kernel.matrix(self.X[support], Z)
        if self.variant == "averaged":
            w, b = self.averaged_weights
        elif self.variant == "pocket":
            w, b = self.pocket_weights
        elif self.variant == "voted":
            return self._votes(Z, np.array([self.n_visits], dtype=np.int64))[0]
        else:
            w, b = self._final_w, self._final_b
        return self.activations(w[None, :], np.array([b]), Z)[0]

    def predict(self, Z) -> np.ndarray:
        """-1/+1 by the variant's own rule; a score of exactly 0 predicts -1."""
        return np.where(self.decision_function(Z) > 0.0, 1, -1)

    # ---------------------------------------------------------------- proof
    def proof(self, u, gamma: float, R: float) -> dict[str, np.ndarray]:
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

    def proof_at(self, k: int, u, gamma: float, R: float) -> dict[str, float]:
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
    def _proof_counts(self) -> tuple[np.ndarray, np.ndarray]:
        """Mistakes made by each weight change, and the sum of their squared batch sizes."""
        if self.is_batch:
            per_step = self.counts[self.counts > 0].astype(np.float64)
            m = np.concatenate(([0.0], np.cumsum(per_step)))
            return m, np.concatenate(([0.0], np.cumsum(per_step**2)))
        m = np.arange(self.n_updates + 1, dtype=np.float64)
        return m, m

    def _require_primal(self, what: str) -> None:
        if self.is_kernel:
            raise ValueError(
                f"{what} is not defined for the kernel perceptron: it has no weight vector "
                "in input space; use alpha and kernel_activations"
            )
