"""The experiments' oracles: a textbook perceptron loop, a textbook worst-first loop, R and
gamma* computed here (max ||(1, x)|| and a hard-margin QP solved by scipy's SLSQP, not the
engine's NNLS). Used by tests/engine/test_experiments_engine.py and the downloads' tests."""

from __future__ import annotations

import numpy as np
from scipy.optimize import minimize


def textbook(X, y, *, max_epochs=10_000, order=None):
    """The notes' loop: w = 0, b = 0; on y (w.x + b) <= 0, w += y x and b += y; stop after
    a clean pass. ``order(epoch)`` gives the visiting order (default: as given).
    Returns (mistakes, epochs including the clean one, converged, w, b)."""
    n, d = X.shape
    w, b, mistakes = [0.0] * d, 0.0, 0
    for epoch in range(max_epochs):
        clean = True
        for i in range(n) if order is None else order(epoch):
            x, label = X[i], float(y[i])
            s = 0.0
            for j in range(d):
                s += w[j] * x[j]
            if label * (s + b) <= 0:
                w = [w[j] + label * x[j] for j in range(d)]
                b += label
                mistakes += 1
                clean = False
        if clean:
            return mistakes, epoch + 1, True, np.array(w), b
    return mistakes, max_epochs, False, np.array(w), b


def textbook_worst_first(X, y, cap=100_000):
    """Always visit the example with the smallest y (w.x + b) (a tie: the lowest index);
    update when it is <= 0, stop when it is > 0. Returns (indices updated on, w, b, done)."""
    n, d = X.shape
    w, b, picks = [0.0] * d, 0.0, []
    while True:
        scores = []
        for i in range(n):
            s = 0.0
            for j in range(d):
                s += w[j] * X[i][j]
            scores.append(float(y[i]) * (s + b))
        worst = min(scores)
        pick = scores.index(worst)  # the first of equal minima
        if worst > 0:
            return picks, np.array(w), b, True
        if len(picks) == cap:
            return picks, np.array(w), b, False
        w = [w[j] + float(y[pick]) * X[pick][j] for j in range(d)]
        b += float(y[pick])
        picks.append(pick)


def radius(X) -> float:
    return float(np.sqrt(np.max(1.0 + np.sum(np.asarray(X) ** 2, axis=1))))


def qp_margin(X, y) -> float:
    """gamma* in the augmented space: max t over unit v with y_i v.(1, x_i) >= t, solved
    here with SLSQP (an independent solver; the engine reduces it to NNLS)."""
    Z = np.hstack([np.ones((len(y), 1)), X]) * np.asarray(y, dtype=float)[:, None]
    v0 = np.linalg.lstsq(Z, np.ones(len(y)), rcond=None)[0]
    v0 /= np.linalg.norm(v0)
    k = Z.shape[1]
    res = minimize(
        lambda p: -p[k],
        np.append(v0, np.min(Z @ v0)),
        jac=lambda p: np.append(np.zeros(k), -1.0),
        constraints=[
            {"type": "ineq", "fun": lambda p: Z @ p[:k] - p[k],
             "jac": lambda p: np.hstack([Z, -np.ones((len(y), 1))])},
            {"type": "ineq", "fun": lambda p: 1.0 - p[:k] @ p[:k],
             "jac": lambda p: np.append(-2 * p[:k], 0.0)},
        ],
        method="SLSQP",
        options={"ftol": 1e-13, "maxiter": 1000},
    )  # fmt: skip
    # SLSQP may end on "positive directional derivative" at this tolerance, at the optimum:
    # what counts is the margin of the unit separator it found (a lower bound on gamma*),
    # which the tests compare with the engine's to 1e-5.
    v = res.x[:k] / np.linalg.norm(res.x[:k])
    return float(np.min(Z @ v))
