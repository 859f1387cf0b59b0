"""Plain values passed between the replay of a run and the figures (no streamlit)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

import perceptron_core as pc


@dataclass(frozen=True)
class Update:
    """One weight change, for the vector-sum picture: w_new = w_old + eta * y * x.

    A batch step is one too: ``x`` is the epoch's sum of y_i x_i over its mistakes, ``y``
    is +1, and ``bias_step`` (the sum of their y_i) replaces y in the bias.

    The weights after are never computed here: a replayed run passes its recorded change
    (``w_after``, ``b_after``: ``run.change_at``); without them, one example's update is
    the engine's (``pc.update``). A batch step needs the record (its steps are summed in
    the order the loop visited them, which ``x`` no longer holds).
    """

    w_old: np.ndarray
    b_old: float
    x: np.ndarray
    y: int
    eta: float
    label: str | None = None  # the step arrow's label (batch: the epoch's sum)
    bias_step: float | None = None  # batch: sum of y_i over the epoch's mistakes
    w_after: np.ndarray | None = None  # the run's recorded weights after the change
    b_after: float | None = None

    def __post_init__(self) -> None:
        if self.bias_step is not None and (self.w_after is None or self.b_after is None):
            raise ValueError("a batch step's weights after are the run's: pass w_after, b_after")

    @property
    def w_new(self) -> np.ndarray:
        if self.w_after is not None:
            return self.w_after
        return pc.update(self.w_old, self.b_old, self.x, self.y, self.eta)[0]

    @property
    def b_new(self) -> float:
        if self.b_after is not None:
            return self.b_after
        return pc.update(self.w_old, self.b_old, self.x, self.y, self.eta)[1]
