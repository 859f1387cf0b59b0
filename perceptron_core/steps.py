"""The vocabulary of a recorded run: visiting orders, the random start, a visit, a change.

Shared by the run (``run.py``) and the training driver (``train.py``); imports numpy only.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._types import Floats, Ints


def epoch_order(n: int, epoch: int, shuffle: bool, seed: int | None) -> Ints:
    """The visiting order of ``epoch``: fixed (0..n-1) or a permutation drawn from the seed.

    Each epoch's permutation has its own seed stream (``SeedSequence(seed, spawn_key=(1,
    epoch))``), so any epoch's order can be regenerated on its own, in any order.
    """
    if not shuffle:
        return np.arange(n, dtype=np.int64)
    ss = np.random.SeedSequence(0 if seed is None else seed, spawn_key=(1, epoch))
    return np.random.default_rng(ss).permutation(n).astype(np.int64)


def random_start(d: int, seed: int | None) -> tuple[Floats, float]:
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
    w_before: Floats | None
    b_before: float | None
    w_after: Floats | None
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
    indices: Ints  # the examples whose steps make the change, in visit order
    w_before: Floats | None
    b_before: float | None
    w_after: Floats | None
    b_after: float | None

    @property
    def step(self) -> tuple[Floats, float] | None:
        """(w_after - w_before, b_after - b_before): eta times the sum of y*x over indices."""
        if (
            self.w_before is None
            or self.w_after is None
            or self.b_before is None
            or self.b_after is None
        ):
            return None  # the kernel perceptron's change has no w (all four are None)
        return self.w_after - self.w_before, self.b_after - self.b_before
