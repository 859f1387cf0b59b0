"""Compiled passes over the data for ``hinge.py``'s solver (numba, single-threaded)."""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from ._types import Floats

# stalls for tens of milliseconds per call when the machine is busy.


@njit(cache=True, nogil=True)
def _k_matvec(Z: Floats, w: Floats) -> Floats:
    n, k = Z.shape
    out = np.empty(n)
    for i in range(n):
        s = 0.0
        for j in range(k):
            s += Z[i, j] * w[j]
        out[i] = s
    return out


@njit(cache=True, nogil=True)
def _k_rmatvec(c: Floats, Z: Floats) -> tuple[Floats, Floats]:
    """(c @ Z, |c| @ |Z|)."""
    n, k = Z.shape
    v = np.zeros(k)
    a = np.zeros(k)
    for i in range(n):
        ci = c[i]
        if ci != 0.0:
            for j in range(k):
                v[j] += ci * Z[i, j]
                a[j] += abs(ci) * abs(Z[i, j])
    return v, a


@njit(cache=True, nogil=True)
def _k_hinge(Z: Floats, w: Floats) -> tuple[float, float, float]:
    """(sum max(0, t_i), sum of e_i over rows with t_i > -e_i, max e_i over |t_i| <= e_i)
    with t_i = 1 - z_i.w as computed and e_i = gamma_(k+1) (1 + |z_i|.|w|) its error bound."""
    n, k = Z.shape
    eps = np.finfo(np.float64).eps
    gam = (k + 1) * eps / (1.0 - (k + 1) * eps)
    hinge, err, unsure = 0.0, 0.0, 0.0
    for i in range(n):
        s = 0.0
        sa = 0.0
        for j in range(k):
            s += Z[i, j] * w[j]
            sa += abs(Z[i, j]) * abs(w[j])
        t = 1.0 - s
        e = gam * (1.0 + sa)
        if t > 0.0:
            hinge += t
        if t > -e:
            err += e
            if t <= e and e > unsure:
                unsure = e
    return hinge, err, unsure


@njit(cache=True, nogil=True)
def _k_smoothed(Z: Floats, m: Floats, mu: float) -> tuple[Floats, Floats, float]:
    """With t = 1 - m and c = clip(t, 0, mu): (sum c_i z_i, sum over 0 < t < mu of z z^T,
    sum c (t - c/2)), i.e. the Huber gradient, Hessian and value parts, times mu."""
    n, k = Z.shape
    g = np.zeros(k)
    G = np.zeros((k, k))
    h = 0.0
    for i in range(n):
        t = 1.0 - m[i]
        if t <= 0.0:
            continue
        c = mu
        if t < mu:
            c = t
            for a in range(k):
                za = Z[i, a]
                for b in range(a, k):
                    G[a, b] += za * Z[i, b]
        h += c * (t - 0.5 * c)
        for j in range(k):
            g[j] += c * Z[i, j]
    for a in range(k):
        for b in range(a):
            G[a, b] = G[b, a]
    return g, G, h


@njit(cache=True, nogil=True)
def _k_line(t0: Floats, dm: Floats, s: float, mu: float) -> tuple[float, float]:
    """(sum clip(t, 0, mu) dm, sum over 0 < t < mu of dm^2) at t = t0 - s dm."""
    cd, dd = 0.0, 0.0
    for i in range(t0.shape[0]):
        t = t0[i] - s * dm[i]
        if t <= 0.0:
            continue
        if t < mu:
            cd += t * dm[i]
            dd += dm[i] * dm[i]
        else:
            cd += mu * dm[i]
    return cd, dd


@njit(cache=True, nogil=True)
def _k_qr(A: Floats) -> tuple[Floats, Floats]:
    """Thin QR of a tall A (m x k) by Gram-Schmidt applied twice (CGS2)."""
    m, k = A.shape
    Q = A.copy()
    R = np.zeros((k, k))
    for j in range(k):
        for _ in range(2):
            for p in range(j):
                d = 0.0
                for i in range(m):
                    d += Q[i, p] * Q[i, j]
                R[p, j] += d
                for i in range(m):
                    Q[i, j] -= d * Q[i, p]
        nrm = 0.0
        for i in range(m):
            nrm += Q[i, j] * Q[i, j]
        nrm = math.sqrt(nrm)
        R[j, j] = nrm
        if nrm > 0.0:
            for i in range(m):
                Q[i, j] /= nrm
    return Q, R
