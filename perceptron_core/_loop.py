"""The compiled training loop: the one loop every variant runs on.

It is the rule of ``reference.perceptron_step`` with the same arithmetic in the same order
(activation summed left to right, then the bias; update ``w[j] += x[j] * (eta*y)``), so it
agrees with the reference and with scikit-learn bit for bit. Three representations share
the loop: the primal online perceptron, the batch perceptron (the update of an epoch is
applied at its end) and the kernel perceptron (activations of all examples kept up to date).

The loop records a run compactly: for every update only its position within the epoch
(int32), plus the number of updates per epoch. It can stop and resume anywhere, so the
caller grows the record buffer in place (no copy) and supplies a fresh order per epoch when
shuffling. Compilation happens once per machine (``cache=True``).
"""

from __future__ import annotations

import math

from numba import njit

from ._types import Floats, Int32s, Ints

# Representations.
PRIMAL, BATCH, KERNEL = 0, 1, 2
# Why the loop returned.
CONVERGED, MAX_EPOCHS, MAX_UPDATES, NEED_ROOM, EPOCH_DONE = 0, 1, 2, 3, 4
# Kernels of the kernel perceptron.
K_LINEAR, K_POLY, K_RBF = 0, 1, 2
# Slots of the integer state vector.
S_EPOCH, S_POS, S_TOTAL, S_USED, S_EPOCH_UPDATES = 0, 1, 2, 3, 4


@njit(cache=True, nogil=True)
def kernel_value(
    kind: int, degree: int, gamma: float, X: Floats, i: int, Z: Floats, j: int
) -> float:
    """K(X[i], Z[j]) for the kernel ``kind`` (linear: a.b + 1; poly: (1 + a.b)^deg; rbf)."""
    d = X.shape[1]
    if kind == K_RBF:
        s = 0.0
        for t in range(d):
            diff = X[i, t] - Z[j, t]
            s += diff * diff
        return math.exp(-gamma * s)
    s = 0.0
    for t in range(d):
        s += X[i, t] * Z[j, t]
    if kind == K_LINEAR:
        return s + 1.0
    return (1.0 + s) ** degree


@njit(cache=True, nogil=True)
def run_loop(
    X: Floats,  # (n, d) float64, C-contiguous
    y: Floats,  # (n,) float64 of -1/+1
    eta: float,  # learning rate > 0
    w: Floats,  # (d,) weights, updated in place (PRIMAL, BATCH)
    bias: Floats,  # (1,) bias, updated in place
    order: Ints,  # (n,) int64 visiting order of the current epoch; empty for 0..n-1
    state: Ints,  # (5,) int64: epoch, position, total updates, record used, updates this epoch
    max_epochs: int,
    max_updates: int,  # -1 for no limit
    mode: int,  # PRIMAL, BATCH or KERNEL
    stop_each_epoch: bool,  # return EPOCH_DONE after every epoch (the caller reshuffles)
    record: Int32s,  # (capacity,) int32: position within the epoch of every update
    counts: Ints,  # (epoch capacity,) int64: updates per epoch
    pending: Floats,  # (d + 1,) batch update being accumulated: weights then bias
    f: Floats,  # (n,) kernel activations of every example (KERNEL)
    kind: int,  # kernel kind
    degree: int,
    gamma: float,
) -> int:
    n, d = X.shape
    epoch = state[S_EPOCH]
    pos = state[S_POS]
    total = state[S_TOTAL]
    used = state[S_USED]
    in_epoch = state[S_EPOCH_UPDATES]
    b = bias[0]
    fixed = order.shape[0] == 0
    status = MAX_EPOCHS
    while epoch < max_epochs:
        if epoch >= counts.shape[0]:
            status = NEED_ROOM
            break
        full = False
        while pos < n:
            i = pos if fixed else order[pos]
            if mode == KERNEL:
                a = f[i]
            else:
                a = 0.0
                for j in range(d):
                    a += w[j] * X[i, j]
                a += b
            if y[i] * a <= 0.0:  # a tie at zero is a mistake
                if used == record.shape[0]:
                    full = True
                    break
                step = eta * y[i]
                if mode == PRIMAL:
                    for j in range(d):
                        w[j] += X[i, j] * step
                    b += step
                elif mode == BATCH:
                    for j in range(d):
                        pending[j] += X[i, j] * step
                    pending[d] += step
                else:
                    for k in range(n):
                        f[k] += step * kernel_value(kind, degree, gamma, X, i, X, k)
                record[used] = pos
                used += 1
                total += 1
                in_epoch += 1
                if total == max_updates:
                    pos += 1
                    counts[epoch] = in_epoch
                    epoch += 1  # the partial epoch counts as run
                    status = MAX_UPDATES
                    full = True
                    break
            pos += 1
        if full:
            if status != MAX_UPDATES:
                status = NEED_ROOM
            break
        # End of an epoch.
        counts[epoch] = in_epoch
        if mode == BATCH and in_epoch > 0:
            for j in range(d):
                w[j] = w[j] + pending[j]
                pending[j] = 0.0
            b = b + pending[d]
            pending[d] = 0.0
        epoch += 1
        pos = 0
        clean = in_epoch == 0
        in_epoch = 0
        if clean:
            status = CONVERGED
            break
        if epoch >= max_epochs:
            status = MAX_EPOCHS
            break
        if stop_each_epoch:
            status = EPOCH_DONE
            break
    state[S_EPOCH] = epoch
    state[S_POS] = pos
    state[S_TOTAL] = total
    state[S_USED] = used
    state[S_EPOCH_UPDATES] = in_epoch
    bias[0] = b
    return status


@njit(cache=True, nogil=True)
def count_labels(y: Floats) -> tuple[int, int]:
    """(number of +1.0, number of -1.0) without an n-sized temporary."""
    pos = 0
    neg = 0
    for v in y:
        if v == 1.0:
            pos += 1
        elif v == -1.0:
            neg += 1
    return pos, neg


@njit(cache=True, nogil=True)
def sequential_activations(W: Floats, B: Floats, X: Floats, out: Floats) -> None:
    """out[k, i] = W[k] . X[i] + B[k], summed left to right exactly as in ``run_loop``."""
    K, d = W.shape
    n = X.shape[0]
    for k in range(K):
        for i in range(n):
            a = 0.0
            for j in range(d):
                a += W[k, j] * X[i, j]
            out[k, i] = a + B[k]


@njit(cache=True, nogil=True)
def count_errors(
    W: Floats, B: Floats, X: Floats, y: Floats, out_errors: Ints, out_jp: Floats
) -> None:
    """Training errors (y*a <= 0) and perceptron criterion J_p of every weight vector."""
    K, d = W.shape
    n = X.shape[0]
    for k in range(K):
        errors = 0
        jp = 0.0
        for i in range(n):
            a = 0.0
            for j in range(d):
                a += W[k, j] * X[i, j]
            a += B[k]
            m = y[i] * a
            if m <= 0.0:
                errors += 1
                jp -= m
        out_errors[k] = errors
        out_jp[k] = jp


@njit(cache=True, nogil=True)
def kernel_matrix(kind: int, degree: int, gamma: float, X: Floats, Z: Floats, out: Floats) -> None:
    """out[i, j] = K(X[i], Z[j])."""
    for i in range(X.shape[0]):
        for j in range(Z.shape[0]):
            out[i, j] = kernel_value(kind, degree, gamma, X, i, Z, j)
