"""The textbook perceptron of the proofs, written here: 001's algorithm in the augmented
space (z = y (1, x), a mistake when w.z <= 0, then w <- w + eta z), with R and the signed
points measured here. Nothing here calls the engine."""

from __future__ import annotations

import numpy as np


def textbook(X, y, *, epochs, w0=None, eta=1.0):
    """(weights after each mistake, bias first, the start first; mistakes per epoch;
    the examples the mistakes were made on)."""
    Z = np.hstack((np.ones((len(y), 1)), X)) * y[:, None]
    w = np.zeros(Z.shape[1]) if w0 is None else np.array(w0, dtype=float)
    ws, per_epoch, where = [w.copy()], [], []
    for _ in range(epochs):
        made = 0
        for i, z in enumerate(Z):
            if w @ z <= 0:
                w = w + eta * z
                ws.append(w.copy())
                where.append(i)
                made += 1
        per_epoch.append(made)
        if made == 0:
            break
    return np.array(ws), np.array(per_epoch), np.array(where, dtype=int)


def signed(X, y):
    return np.hstack((np.ones((len(y), 1)), X)) * y[:, None]


def radius(X) -> float:
    return float(np.sqrt(np.max(1.0 + np.einsum("ij,ij->i", X, X))))
