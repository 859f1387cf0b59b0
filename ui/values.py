"""Plain values passed between the replay of a run and the figures (no streamlit, no engine)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Update:
    """One weight change, for the vector-sum picture: w_new = w_old + eta * y * x.

    A batch step is one too: ``x`` is the epoch's sum of y_i x_i over its mistakes, ``y``
    is +1, and ``bias_step`` (the sum of their y_i) replaces y in the bias.
    """

    w_old: np.ndarray
    b_old: float
    x: np.ndarray
    y: int
    eta: float
    label: str | None = None  # the step arrow's label (batch: the epoch's sum)
    bias_step: float | None = None  # batch: sum of y_i over the epoch's mistakes

    @property
    def w_new(self) -> np.ndarray:
        return self.w_old + self.eta * self.y * self.x

    @property
    def b_new(self) -> float:
        step = self.y if self.bias_step is None else self.bias_step
        return self.b_old + self.eta * step
