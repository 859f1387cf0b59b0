"""Turn the page's settings into a recorded run the Playground replays (no streamlit here).

``train`` calls the engine once; the page caches the result and moves a cursor over it.
``OnlineRun`` is the online setting of the notes (001): drawn points arrive one at a time,
each is predicted (+1, -1, or 0 for "I don't know") and then learned. It offers the parts
of ``perceptron_core.Run``'s interface the page uses, so the page replays either.
"""

from __future__ import annotations

from functools import cached_property

import numpy as np

import perceptron_core as pc
from perceptron_core.run import random_start
from ui.figures import Update


def train(
    X,
    y,
    *,
    variant: str = "classic",
    eta: float = 1.0,
    max_epochs: int = 100,
    order: str = "fixed",
    order_seed: int = 0,
    start: str = "zero",
    start_seed: int = 0,
    online: bool = False,
    max_updates: int | None = None,
):
    """One run of the engine for the page's settings (raises the engine's ValueError).

    The start and the order have their own seeds here; the engine's ``w0="random"`` would
    draw the start from the order's seed.
    """
    if online:
        return OnlineRun(X, y, eta=eta)
    d = np.shape(X)[1]
    w0, b0 = (None, 0.0) if start == "zero" else random_start(d, int(start_seed))
    return pc.train(
        X,
        y,
        variant=variant,
        eta=eta,
        max_epochs=int(max_epochs),
        shuffle=order == "shuffle",
        seed=int(order_seed),
        w0=w0,
        b0=b0,
        max_updates=max_updates,
    )


def at_step(run, X, y, t: int):
    """What the chart shows after ``t`` visits: (w, b, the visit just made or None, the
    update it made or None)."""
    w, b = run.weights(run.updates_before_visit(t))
    if t == 0:
        return w, b, None, None
    visit = run.visit(t - 1)
    update = None
    if visit.mistake:
        x = np.asarray(X[visit.index], dtype=np.float64)
        update = Update(visit.w_before, visit.b_before, x, int(y[visit.index]), run.eta)
    return w, b, visit, update


class OnlineRun:
    """Arrivals in drawing order, learned by ``pc.OnlinePerceptron``: one visit per point.

    Works with a single class too (the first drawn point is already an arrival).
    """

    variant = "classic"
    shuffle = False
    seed = 0
    online = True
    epochs = 1
    stop_reason = "online"
    converged = False

    def __init__(self, X, y, *, eta: float = 1.0):
        self.X = np.ascontiguousarray(X, dtype=np.float64)
        self.y = np.asarray(y, dtype=np.float64)
        self.eta = float(eta)
        learner = pc.OnlinePerceptron(d=self.X.shape[1], eta=self.eta)
        for x, label in zip(self.X, self.y.astype(int).tolist(), strict=True):
            learner = learner.learn(x, label)
        self.history = learner.history
        self.w0 = np.zeros(self.d)
        self.b0 = 0.0
        self.mistake = np.array([a.mistake for a in self.history], dtype=bool)
        self.update_visit = np.flatnonzero(self.mistake).astype(np.int64)
        self.update_index = self.update_visit
        self.update_epoch = np.zeros_like(self.update_visit)

    @property
    def n(self) -> int:
        return self.X.shape[0]

    @property
    def d(self) -> int:
        return self.X.shape[1]

    @property
    def n_visits(self) -> int:
        return self.n

    @property
    def mistakes(self) -> int:
        return int(self.mistake.sum())

    @property
    def n_updates(self) -> int:
        return self.mistakes

    @cached_property
    def _trajectory(self) -> np.ndarray:
        rows = [np.concatenate(([self.b0], self.w0))]
        rows += [np.concatenate(([a.b_after], a.w_after)) for a in self.history if a.mistake]
        return np.array(rows, dtype=np.float64).reshape(-1, self.d + 1)

    @property
    def w(self) -> np.ndarray:
        return self._trajectory[-1, 1:].copy()

    @property
    def b(self) -> float:
        return float(self._trajectory[-1, 0])

    def order(self, epoch: int) -> np.ndarray:
        return np.arange(self.n, dtype=np.int64)

    def updates_before_visit(self, t):
        out = np.searchsorted(self.update_visit, t, side="left")
        return int(out) if np.ndim(out) == 0 else out

    def weights(self, k: int) -> tuple[np.ndarray, float]:
        if not 0 <= k <= self.n_updates:
            raise IndexError(f"k must be between 0 and {self.n_updates}; got {k}")
        row = self._trajectory[k]
        return row[1:].copy(), float(row[0])

    def trajectory(self) -> tuple[np.ndarray, np.ndarray]:
        return self._trajectory[:, 1:], self._trajectory[:, 0]

    def prediction(self, t: int) -> int:
        """What the learner predicted for arrival ``t``: +1, -1 or 0 ("I don't know")."""
        return self.history[t].prediction

    def visit(self, t: int) -> pc.Visit:
        if not 0 <= t < self.n_visits:
            raise IndexError(f"visit must be between 0 and {self.n_visits - 1}; got {t}")
        a = self.history[t]
        k = self.updates_before_visit(t)
        w, b = self.weights(k)
        w_after, b_after = self.weights(k + 1) if a.mistake else (w, b)
        return pc.Visit(t, 0, t, t, a.activation, a.mistake, k, w, b, w_after, b_after)

    def visits(self, start: int = 0, stop: int | None = None) -> dict[str, np.ndarray]:
        stop = self.n_visits if stop is None else min(stop, self.n_visits)
        t = np.arange(start, stop, dtype=np.int64)
        k = self.updates_before_visit(t)
        W = self._trajectory[k]
        return {
            "t": t,
            "epoch": np.zeros_like(t),
            "position": t.copy(),
            "index": t.copy(),
            "activation": np.array([self.history[i].activation for i in t], dtype=float),
            "mistake": self.mistake[start:stop].copy(),
            "updates_before": k,
            "w": W[:, 1:],
            "b": W[:, 0],
        }

    def epoch_stats(self) -> dict[str, np.ndarray]:
        act = self.X @ self.w + self.b
        margins = self.y * act
        return {
            "mistakes": np.array([self.mistakes]),
            "errors": np.array([int(np.count_nonzero(margins <= 0))]),
            "J_p": np.array([float(np.maximum(0.0, -margins).sum())]),
        }

    def proof(self, u, gamma: float, R: float) -> dict[str, np.ndarray]:
        traj = self._trajectory
        k = np.arange(traj.shape[0], dtype=np.float64)
        dot = traj @ np.asarray(u, dtype=np.float64)
        norm2 = np.einsum("ij,ij->i", traj, traj)
        return {
            "k": k,
            "w_dot_u": dot,
            "lower": dot[0] + k * self.eta * gamma,
            "norm_sq": norm2,
            "upper": norm2[0] + k * self.eta**2 * R**2,
        }
