"""The online mistake-bound setting of 001: examples arrive one at a time.

For each arriving example the learner first predicts (+1, -1, or 0 for "I don't know" when
the activation is exactly zero, which counts as a mistake either way), then is told the
label and learns from it. Its steps are ``reference.perceptron_step``, so a stream fed to
``OnlinePerceptron`` makes exactly the mistakes ``train(..., max_epochs=1)`` makes on the
same sequence.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ._validate import check_eta
from .reference import activation, perceptron_step


@dataclass(frozen=True)
class Arrival:
    """One arrival: what was predicted, what the label was, what was learned."""

    x: tuple[float, ...]
    y: int
    activation: float
    prediction: int  # +1, -1, or 0 for "I don't know"
    mistake: bool
    w_after: tuple[float, ...]
    b_after: float


@dataclass(frozen=True)
class OnlinePerceptron:
    """An immutable online learner: ``learn`` returns a new learner with one more arrival."""

    d: int
    eta: float = 1.0
    w: tuple[float, ...] = ()
    b: float = 0.0
    history: tuple[Arrival, ...] = field(default_factory=tuple)

    def __post_init__(self):
        check_eta(self.eta)
        if not self.w:
            object.__setattr__(self, "w", (0.0,) * self.d)
        if len(self.w) != self.d:
            raise ValueError(f"w must have {self.d} entries; got {len(self.w)}")

    @property
    def mistakes(self) -> int:
        return sum(a.mistake for a in self.history)

    def predict_one(self, x) -> int:
        """+1 or -1, or 0 ("I don't know") when w.x + b is exactly 0."""
        a = activation(self.w, self.b, self._check_x(x))
        return 1 if a > 0 else (-1 if a < 0 else 0)

    def learn(self, x, y) -> OnlinePerceptron:
        """Predict ``x``, then learn its label ``y``; return the learner after it."""
        x = self._check_x(x)
        if y not in (-1, 1):
            raise ValueError(f"label must be -1 or +1; got {y!r}")
        w, b, a, mistake = perceptron_step(np.array(self.w), self.b, x, float(y), self.eta)
        pred = 1 if a > 0 else (-1 if a < 0 else 0)
        arrival = Arrival(tuple(x), int(y), a, pred, mistake, tuple(w.tolist()), b)
        return OnlinePerceptron(self.d, self.eta, tuple(w.tolist()), b, self.history + (arrival,))

    def _check_x(self, x) -> np.ndarray:
        arr = np.asarray(x, dtype=np.float64).reshape(-1)
        if arr.shape != (self.d,):
            raise ValueError(f"an example must have {self.d} features; got {arr.shape[0]}")
        if not np.isfinite(arr).all():
            raise ValueError("an example must contain finite numbers only (no NaN or inf)")
        return arr
