"""The four rules that predict from one run of the online perceptron, at any cursor.

Classic, averaged, voted and pocket (CIML section 4.6, Freund and Schapire) share one
recorded run: ``VariantRules`` is the part of ``Run`` that answers what each of them
predicts after any number of visits (``Run.variant_weights``, ``Run.variant_scores``).

On held-out data (a split from ``datasets.split``): ``accuracy_per_epoch`` (the four at
each epoch's end on each set), ``best_epoch`` (early stopping on the dev set) and
``agreement`` (where the four predict the same). Accuracy follows the engine's error
count: a point is right when y * score > 0, so a score of exactly 0 (the voted
perceptron's tied vote, a zero weight vector) is an error, as it is for the learning rule
and ``Run.errors_of``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, overload

import numpy as np
from numpy.typing import ArrayLike

from ._types import Floats, Ints
from .reference import mistakes

# The four rules that predict from one run of the online perceptron (the variants page).
COMPARED = ("classic", "averaged", "voted", "pocket")

# Weight vectors evaluated per chunk when scoring many of them against the training set.
_CHUNK_ELEMENTS = 4_000_000
MAX_EPOCHS_SHOWN = 200  # accuracy is computed at most at this many epoch ends
# The voted perceptron's accuracy costs (its vectors) x (points of all sets) activations,
# about 0.5 s per 10^8 on one core; above this the points are subsampled (and a note says so).
MAX_VOTE_WORK = 100_000_000


class VariantRules:
    """``Run``'s averaged, voted and pocket perceptrons (mixed into ``Run``)."""

    # What it, and this module's functions given a run, read of the Run it is mixed into
    # (declared here, not imported: run.py imports this module).
    if TYPE_CHECKING:
        w0: Floats
        b0: float

        @property
        def epochs(self) -> int: ...
        @property
        def n(self) -> int: ...
        @property
        def d(self) -> int: ...
        @property
        def mistakes(self) -> int: ...
        @property
        def n_visits(self) -> int: ...
        @property
        def is_batch(self) -> bool: ...
        @property
        def update_visit(self) -> Ints: ...
        @property
        def _steps(self) -> Floats: ...
        @property
        def _trajectory(self) -> Floats: ...
        def _require_primal(self, what: str) -> None: ...
        def weights(self, k: int) -> tuple[Floats, float]: ...
        def errors_of(self, W: ArrayLike, B: ArrayLike) -> tuple[Ints, Floats]: ...
        @staticmethod
        def activations(W: ArrayLike, B: ArrayLike, X: ArrayLike) -> Floats: ...
        @overload
        def updates_before_visit(self, t: int | np.integer[Any]) -> int: ...
        @overload
        def updates_before_visit(self, t: Ints) -> Ints: ...
        def updates_before_visit(self, t: int | np.integer[Any] | Ints) -> int | Ints: ...

    # ------------------------------------------------------------- variants
    @cached_property
    def survival(self) -> Ints:
        """Survival counts c_k (k = 0..mistakes): visits after which w^(k) was in force.

        This is Freund and Schapire's count: a new vector gets 1 for the visit that made it,
        then 1 more per correctly classified visit. The counts sum to ``n_visits``.
        """
        edges = np.concatenate(([0], self.update_visit, [self.n_visits]))
        survival: Ints = np.diff(edges)
        return survival

    @cached_property
    def averaged_weights(self) -> tuple[Floats, float]:
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
    def averaged_weights_ciml(self) -> tuple[Floats, float]:
        """What CIML Algorithm 7 literally returns: T/(T+1) times ``averaged_weights``."""
        w, b = self.averaged_weights
        f = self.n_visits / (self.n_visits + 1)
        return w * f, b * f

    @cached_property
    def pocket_errors(self) -> Ints:
        """Training errors of the weights after each update (index 0: the start)."""
        W = self._trajectory
        errors = np.empty(W.shape[0], dtype=np.int64)
        step = max(1, _CHUNK_ELEMENTS // max(1, self.n * self.d))
        for lo in range(0, W.shape[0], step):
            e, _ = self.errors_of(W[lo : lo + step, 1:], W[lo : lo + step, 0])
            errors[lo : lo + step] = e
        return errors

    @cached_property
    def pocket_index(self) -> Ints:
        """For each k, the update (<= k) whose weights had the fewest training errors so
        far; ties keep the earlier weights (they were in the pocket first)."""
        errs = self.pocket_errors
        best = np.minimum.accumulate(errs)
        improved = np.concatenate(([True], errs[1:] < best[:-1]))
        return np.maximum.accumulate(np.where(improved, np.arange(errs.shape[0]), 0))

    @property
    def pocket_weights(self) -> tuple[Floats, float]:
        """The pocket: the weights with the fewest training errors seen during the run."""
        return self.weights(int(self.pocket_index[-1]))

    # ------------------------------------------------- the variants at any cursor
    def _variant_cursor(self, variant: str, t: object) -> tuple[int, int]:
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

    def variant_weights(self, variant: str, t: int) -> tuple[Floats, float]:
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

    def variant_scores(self, variant: str, Z: ArrayLike, t: int) -> Floats:
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
        scores: Floats = self.variant_scores_at(variant, Z, [t])[0]
        return scores

    def variant_scores_at(self, variant: str, Z: ArrayLike, ts: Iterable[int]) -> Floats:
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

    def _votes(self, Z: Floats, ts: Ints) -> Floats:
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


# --------------------------------------------------- accuracy on held-out sets
@dataclass(frozen=True)
class EpochAccuracy:
    """Accuracy of each variant on each set at the end of the epochs in ``epochs``.

    ``acc["voted"]["dev"]`` is an array aligned with ``epochs`` (1-based epoch numbers;
    every epoch unless the run had more than ``MAX_EPOCHS_SHOWN``). ``note`` says what was
    sampled, or is None; ``voted_sample``: (vectors, points scored, points) when the voted
    perceptron was scored on a sample (for a note in another language).
    """

    epochs: Ints
    values: dict[str, dict[str, Floats]]
    note: str | None = None
    voted_sample: tuple[int, int, int] | None = None

    def __getitem__(self, variant: str) -> dict[str, Floats]:
        return self.values[variant]

    @property
    def sets(self) -> tuple[str, ...]:
        return tuple(next(iter(self.values.values())).keys()) if self.values else ()

    def best(self, variant: str = "classic", on: str = "dev") -> int:
        """The epoch (1-based) with the highest accuracy of ``variant`` on ``on``."""
        return best_epoch(self.values[variant][on], epochs=self.epochs)


def epoch_cursors(run: VariantRules) -> Ints:
    """The cursor (visits done) at the end of each epoch; the last may be partial."""
    ends = (np.arange(run.epochs, dtype=np.int64) + 1) * run.n
    return np.minimum(ends, run.n_visits)


def accuracy_per_epoch(
    run: VariantRules,
    sets: Mapping[str, tuple[ArrayLike, ArrayLike]],
    *,
    max_epochs: int = MAX_EPOCHS_SHOWN,
    max_vote_work: int = MAX_VOTE_WORK,
    seed: int = 0,
) -> EpochAccuracy:
    """Accuracy of the four variants at each epoch's end, on each named set.

    Parameters
    ----------
    run : perceptron_core.Run
        A run of the online perceptron (not kernel, not batch), trained on the train part.
    sets : dict of name -> (X, y)
        E.g. ``{"train": (X[tr], y[tr]), "dev": ..., "test": ...}``; labels -1/+1.
    max_epochs : int
        More epochs than this: evenly spaced epochs (always the last) are evaluated.
    max_vote_work : int
        Cap on (voted vectors) x (points) for the voted perceptron; above it, a seeded
        subsample of each set's points is scored for the voted perceptron.
    seed : int
        Seeds that subsample.

    Returns
    -------
    EpochAccuracy
        ``acc[variant][set]``: fractions right (y * score > 0) at each of ``acc.epochs``.

    Notes
    -----
    Classic, averaged and pocket cost one weight vector per epoch (O(updates x d) for the
    averages) and (epochs x points) activations; the pocket needs the training errors of
    every weight vector (``Run.pocket_errors``, cached on the run). The voted perceptron
    costs one pass over its vectors for all epochs at once (``Run.variant_scores_at``).
    """
    names = list(sets)
    parts = []
    for name in names:
        X, y = sets[name]
        X = np.asarray(X, dtype=np.float64).reshape(-1, run.d)
        y = np.asarray(y).reshape(-1)
        if X.shape[0] != y.shape[0]:
            raise ValueError(f"set {name!r}: {X.shape[0]} points but {y.shape[0]} labels")
        parts.append((X, y))
    cursors = epoch_cursors(run)
    epochs = np.arange(1, cursors.shape[0] + 1)
    notes, voted_sample = [], None
    if cursors.shape[0] > max_epochs:
        keep = np.unique(np.round(np.linspace(0, cursors.shape[0] - 1, max_epochs)).astype(int))
        cursors, epochs = cursors[keep], epochs[keep]
        notes.append(
            f"{run.epochs} epochs: accuracy is shown at {epochs.shape[0]} of them, evenly "
            "spaced, the last included."
        )
    Z = np.vstack([X for X, _ in parts]) if parts else np.zeros((0, run.d))
    Y = np.concatenate([y for _, y in parts]) if parts else np.zeros(0)
    bounds = np.cumsum([0] + [y.shape[0] for _, y in parts])
    values: dict[str, dict[str, np.ndarray]] = {}
    for variant in COMPARED:
        Zv, Yv, bv = Z, Y, bounds
        if variant == "voted" and cursors.shape[0]:
            vectors = run.updates_before_visit(int(cursors.max())) + 1
            if vectors * Z.shape[0] > max_vote_work:
                Zv, Yv, bv, shown = _subsample(parts, max(1, max_vote_work // vectors), seed)
                voted_sample = (int(vectors), int(shown), int(Z.shape[0]))
                notes.append(
                    f"The voted perceptron has {vectors:,} vectors: its accuracy is estimated "
                    f"on a random {shown:,} of the {Z.shape[0]:,} points."
                )
        scores = run.variant_scores_at(variant, Zv, cursors.tolist())  # (epochs, points)
        right = ~mistakes(Yv[None, :], scores)
        values[variant] = {
            name: (
                right[:, bv[j] : bv[j + 1]].mean(axis=1)
                if bv[j + 1] > bv[j]
                else np.full(cursors.shape[0], np.nan)
            )
            for j, name in enumerate(names)
        }
    note = " ".join(notes) or None
    return EpochAccuracy(epochs=epochs, values=values, note=note, voted_sample=voted_sample)


def _subsample(
    parts: Sequence[tuple[Floats, Floats]], total: int, seed: int
) -> tuple[Floats, Floats, Ints, int]:
    """About ``total`` points drawn from the sets in proportion, at least one per set."""
    m = sum(y.shape[0] for _, y in parts)
    rng = np.random.default_rng(seed)
    Xs, Ys, sizes = [], [], [0]
    for X, y in parts:
        k = min(y.shape[0], max(1, math.ceil(y.shape[0] * total / max(1, m))))
        pick: Ints | list[int] = (
            np.sort(rng.choice(y.shape[0], size=k, replace=False)) if y.shape[0] else []
        )
        Xs.append(X[pick])
        Ys.append(y[pick])
        sizes.append(len(pick))
    bounds = np.cumsum(sizes)
    return np.vstack(Xs), np.concatenate(Ys), bounds, int(bounds[-1])


def best_epoch(dev_accuracy: ArrayLike, *, epochs: Sequence[int] | Ints | None = None) -> int:
    """The 1-based epoch of the highest dev accuracy, the earliest of ties (early stopping).

    ``epochs`` maps positions to epoch numbers when only some epochs were evaluated.
    NaN (an empty dev set) never wins.

    Examples
    --------
    >>> import perceptron_core as pc
    >>> pc.best_epoch([0.5, 0.8, 0.7, 0.8])
    2
    """
    a = np.asarray(dev_accuracy, dtype=np.float64).reshape(-1)
    if a.shape[0] == 0:
        raise ValueError("no epochs to choose from")
    i = int(np.argmax(np.where(np.isnan(a), -np.inf, a)))
    return int(epochs[i]) if epochs is not None else i + 1


def agreement(run: VariantRules, X: ArrayLike, t: int) -> float:
    """Fraction of the points where all four variants predict the same class at cursor t
    (each predicts +1 where its score is > 0, else -1, as ``Run.predict``).

    On separable data the four often agree at the end, but not always: the average and
    the vote still carry the early vectors (see tests/test_engine_variants.py)."""
    X = np.asarray(X, dtype=np.float64).reshape(-1, run.d)
    if X.shape[0] == 0:
        return float("nan")
    preds = np.array([run.variant_scores(v, X, t) > 0 for v in COMPARED])
    return float(np.mean(np.all(preds == preds[0], axis=0)))
