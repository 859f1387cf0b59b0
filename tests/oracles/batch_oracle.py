"""004's two rules written out the slow obvious way (the oracle of the /batch page's
numbers): batch GD on J_p and the single-sample rule, visit by visit, with the training
errors and J_p counted here, and the features scaled here. Nothing here calls the engine
(``datasets.generate`` only gives the notes' data)."""

from __future__ import annotations

import numpy as np

import datasets


def act(w, b, x):
    """w.x + b summed left to right, then the bias (the textbook order)."""
    a = 0.0
    for wj, xj in zip(w, x, strict=True):
        a += wj * xj
    return a + b


def criterion(X, y, w, b):
    """(training errors, J_p): ties are mistakes; J_p = sum of -y(w.x + b) over them."""
    errors, jp = 0, 0.0
    for x, t in zip(X, y, strict=True):
        m = t * act(w, b, x)
        if m <= 0:
            errors += 1
            jp -= m
    return errors, jp


def textbook(X, y, *, rule, eta=1.0, max_epochs=100, w0=None, b0=0.0):
    """004's two rules. batch: w += eta * sum over the epoch's mistakes of y x, once per
    epoch; single: w += eta y x at each mistake. Stop after a clean epoch.

    Returns per epoch (index 0 = the start): mistakes, errors, J_p, weights; and the
    sign of every visit's activation with the activation itself.
    """
    X = np.asarray(X, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    w = np.zeros(X.shape[1]) if w0 is None else np.array(w0, dtype=np.float64)
    b = float(b0)
    e0, j0 = criterion(X, y, w, b)
    out = dict(mistakes=[0], errors=[e0], J_p=[j0], w=[w.copy()], b=[b], acts=[])
    for _ in range(max_epochs):
        gw, gb, m = np.zeros_like(w), 0.0, 0
        for x, t in zip(X, y, strict=True):
            a = act(w, b, x)
            out["acts"].append(a)
            if t * a <= 0:
                m += 1
                if rule == "batch":
                    gw, gb = gw + eta * t * x, gb + eta * t
                else:
                    w, b = w + eta * t * x, b + eta * t
        if rule == "batch":
            w, b = w + gw, b + gb
        e, j = criterion(X, y, w, b)
        for key, v in (("mistakes", m), ("errors", e), ("J_p", j), ("w", w.copy()), ("b", b)):
            out[key].append(v)
        if m == 0:
            break
    out["acts"] = np.array(out["acts"])
    return out


def integer_data(seed=3, n=40):
    """Small-integer points labelled by x1 - 3 x2 + 7 > 0 (points on the line dropped);
    batch GD needs 17 epochs, J_p rises and falls."""
    rng = np.random.default_rng(seed)
    X = rng.integers(-5, 6, size=(n, 2)).astype(float)
    s = X[:, 0] - 3 * X[:, 1] + 7
    keep = s != 0
    return X[keep], np.where(s[keep] > 0, 1, -1)


def notes(name, **kw):
    ds = datasets.generate(name, **kw)
    return ds.X, ds.y


CASES = {
    "integer separable": (*integer_data(), 100),
    "002 example 1 (XOR)": (*notes("notes_002_example1"), 25),
    "002 example 2 (XOR)": (*notes("notes_002_example2"), 25),
}


def manual_scaling(X, kind):
    if kind == "none":
        return X
    if kind == "centre":
        return X - X.mean(axis=0)
    if kind == "standardise":
        return (X - X.mean(axis=0)) / X.std(axis=0)
    lo, hi = X.min(axis=0), X.max(axis=0)
    return (X - lo) / (hi - lo)
