"""The kernel perceptron written out the slow obvious way: the oracle of the dual form.

``textbook_dual`` is notes 001 section 1.5 line by line (alpha counts, f summed by
example); ``grouped`` is f summed by example with numpy, the textbook's grouping. Nothing
here calls the engine's code under test (only ``Kernel.matrix`` for ``grouped``).
"""

from __future__ import annotations

import math

import numpy as np


def k_poly(degree):
    return lambda a, b: (1.0 + float(a[0] * b[0] + a[1] * b[1])) ** degree


def k_rbf(gamma):
    return lambda a, b: math.exp(-gamma * float((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2))


def k_linear(a, b):
    return float(a[0] * b[0] + a[1] * b[1]) + 1.0


def textbook_dual(X, y, K, eta=1.0, max_epochs=100):
    """Notes 001 sec 1.5: w is sum_j alpha_j y_j x_j, so predict with
    f(x) = sum_j eta alpha_j y_j K(x_j, x); a mistake (y f <= 0) adds 1 to alpha_i.
    Returns the examples of the mistakes in order, alpha after each, and convergence."""
    n = len(y)
    G = [[K(X[a], X[b]) for b in range(n)] for a in range(n)]
    alpha = [0] * n
    mistakes, snapshots = [], []
    for _ in range(max_epochs):
        clean = True
        for i in range(n):
            f = sum(eta * alpha[j] * y[j] * G[j][i] for j in range(n))
            if y[i] * f <= 0:
                alpha[i] += 1
                mistakes.append(i)
                snapshots.append(list(alpha))
                clean = False
        if clean:
            return mistakes, snapshots, True
    return mistakes, snapshots, False


def textbook_f(X, y, alpha, K, Z, eta=1.0):
    return np.array(
        [sum(eta * alpha[j] * y[j] * K(X[j], z) for j in range(len(y)) if alpha[j]) for z in Z]
    )


def grouped(run, k, Z):
    """f grouped by example, the textbook's way: sum_i (eta*alpha_i*y_i) K(x_i, z)."""
    alpha = np.bincount(run.update_index[:k], minlength=run.n)
    s = np.flatnonzero(alpha)
    return (run.eta * alpha[s] * run.y[s]) @ run.kernel.matrix(run.X[s], Z)
