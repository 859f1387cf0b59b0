"""Synthetic 2-D generators: each shows one idea (a margin, an offset, XOR, curves, overlap).

Every generator has the signature ``(n, rng, **params) -> (X, y[, extra])`` with y in
{-1, +1}, draws only from ``rng``, and returns the points in a seeded random order (the
perceptron visits them in that order).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ._registry import MAX_GENERATED_N, GeneratorSpec, Param, register


def _shuffled(
    rng: np.random.Generator, X: np.ndarray, y: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    order = rng.permutation(len(y))
    return X[order], y[order]


def separable(
    n: int,
    rng: np.random.Generator,
    *,
    margin: float = 0.2,
    angle: float | None = 30.0,
    offset: float = 0.0,
    balance: float = 0.5,
    spread: float = 1.0,
) -> tuple[np.ndarray, np.ndarray, dict[str, Any]]:
    """Linearly separable points whose maximum margin is exactly ``margin``.

    The true separator is the line through the cloud centre at ``angle`` degrees from the
    x1-axis; the +1 class lies on the side of its normal ``(-sin, cos)``. Points are drawn
    uniformly in the square of half-width ``spread`` around the centre, each one moved to
    its class's side (a point reflection through the centre keeps the square) and pushed
    ``margin`` further along the normal, so none falls inside the band. One +1 and one -1
    point sit mirrored across the line at distance exactly ``margin`` over the same foot
    point: they are 2 * margin apart, so no separator can do better, and the true line
    achieves it. The max margin (hard-margin SVM with free bias) is therefore ``margin``.

    ``offset`` moves the cloud and its separator by that distance along the normal: same
    margin, larger R, and a bias the perceptron has to learn.

    Parameters
    ----------
    n : int
        Number of points, at least 2.
    rng : numpy.random.Generator
    margin : float
        Distance from the true separator to the closest points (gamma), > 0.
    angle : float or None
        Angle of the separator in degrees; None draws it from ``rng``.
    offset : float
        Distance of the cloud centre (and of the separator) from the origin.
    balance : float
        Fraction of +1 points: exactly ``round(balance * n)``, kept within [1, n - 1].
    spread : float
        Half-width of the square the points are drawn from, before the band is opened.

    Returns
    -------
    X : ndarray of shape (n, 2)
    y : ndarray of shape (n,)
    extra : dict
        ``separator`` = (w1, w2, b) with unit (w1, w2): the true line w.x + b = 0, and the
        ``angle`` used.
    """
    theta = float(rng.uniform(-180.0, 180.0)) if angle is None else float(angle)
    t = math.radians(theta)
    direction = np.array([math.cos(t), math.sin(t)])
    normal = np.array([-math.sin(t), math.cos(t)])
    centre = offset * normal
    n_pos = min(max(int(round(balance * n)), 1), n - 1)
    # The two support points: same foot on the line, +-margin along the normal.
    foot = float(rng.uniform(-0.5, 0.5)) * spread * direction
    anchors = np.array([foot + margin * normal, foot - margin * normal])
    want = np.concatenate([np.ones(n_pos - 1), -np.ones(n - n_pos - 1)])
    P = rng.uniform(-spread, spread, size=(n - 2, 2))
    wrong_side = (P @ normal) * want < 0
    P[wrong_side] *= -1.0
    P += (want * margin)[:, None] * normal
    X = centre + np.vstack([anchors, P])
    y = np.concatenate([[1, -1], want]).astype(np.int64)
    X, y = _shuffled(rng, X, y)
    separator = (float(normal[0]), float(normal[1]), 0.0 - float(offset))
    return X, y, {"separator": separator, "angle": theta}


def xor(n: int, rng: np.random.Generator, *, spread: float = 0.3) -> tuple[np.ndarray, np.ndarray]:
    """Four Gaussian clusters at (+-1, +-1): +1 at (1, 1) and (-1, -1), -1 at the others.

    ``spread`` is the standard deviation of each cluster. The cluster sizes differ by at
    most one and alternate classes, so the classes are balanced.
    """
    centres = np.array([[1.0, 1.0], [-1.0, 1.0], [-1.0, -1.0], [1.0, -1.0]])
    labels = np.array([1, -1, 1, -1])
    which = np.arange(n) % 4
    X = centres[which] + spread * rng.standard_normal((n, 2))
    return _shuffled(rng, X, labels[which])


def circles(
    n: int, rng: np.random.Generator, *, factor: float = 0.5, jitter: float = 0.05
) -> tuple[np.ndarray, np.ndarray]:
    """Two concentric circles: the inner one (radius ``factor``) is +1, the unit circle -1.

    ``jitter`` is the standard deviation of Gaussian noise added to each coordinate.
    """
    n_outer = n // 2
    radius = np.where(np.arange(n) < n_outer, 1.0, factor)
    phi = rng.uniform(0.0, 2.0 * math.pi, n)
    X = radius[:, None] * np.column_stack([np.cos(phi), np.sin(phi)])
    X += jitter * rng.standard_normal((n, 2))
    y = np.where(np.arange(n) < n_outer, -1, 1)
    return _shuffled(rng, X, y)


def moons(
    n: int, rng: np.random.Generator, *, jitter: float = 0.1
) -> tuple[np.ndarray, np.ndarray]:
    """Two interleaving half circles (upper -1, lower +1), centred on the origin."""
    n_upper = n // 2
    upper = np.arange(n) < n_upper
    phi = rng.uniform(0.0, math.pi, n)
    X = np.where(
        upper[:, None],
        np.column_stack([np.cos(phi), np.sin(phi)]),
        np.column_stack([1.0 - np.cos(phi), 0.5 - np.sin(phi)]),
    )
    X = X - [0.5, 0.25] + jitter * rng.standard_normal((n, 2))
    return _shuffled(rng, X, np.where(upper, -1, 1))


def blobs(
    n: int, rng: np.random.Generator, *, overlap: float = 0.3
) -> tuple[np.ndarray, np.ndarray]:
    """Two Gaussian blobs (std 0.5) on the diagonal; ``overlap`` pulls their centres together.

    The centres are ``6 * 0.5 * (1 - overlap)`` apart: 6 standard deviations at overlap 0
    (almost surely separable), the same point at overlap 1.
    """
    sigma = 0.5
    half = 3.0 * sigma * (1.0 - overlap)
    direction = np.array([1.0, 1.0]) / math.sqrt(2.0)
    y = np.where(np.arange(n) < n // 2, -1, 1)
    X = (y * half)[:, None] * direction + sigma * rng.standard_normal((n, 2))
    return _shuffled(rng, X, y)


register(
    GeneratorSpec(
        "separable",
        "Separable, with a margin dial",
        "Linearly separable points whose closest points lie exactly gamma from the true "
        "line: shrink the margin and watch the mistake bound R^2/gamma^2 grow.",
        separable,
        (
            Param(
                "margin",
                "Margin gamma",
                default=0.2,
                min=0.01,
                max=1.0,
                step=0.01,
                help="Distance from the true separator to the closest points (the max margin).",
            ),
            Param(
                "angle",
                "Separator angle (degrees)",
                default=30.0,
                min=-180.0,
                max=180.0,
                step=5.0,
                optional=True,
                help="Direction of the true separating line; the +1 class is on its left "
                "(None: drawn from the seed).",
            ),
            Param(
                "offset",
                "Offset from the origin",
                default=0.0,
                min=0.0,
                max=10.0,
                step=0.5,
                help="Moves the whole cloud and its separator this far from the origin: same "
                "margin, larger R.",
            ),
            Param(
                "balance",
                "Fraction of +1",
                default=0.5,
                min=0.1,
                max=0.9,
                step=0.05,
                help="Share of points in the +1 class.",
            ),
            Param(
                "spread",
                "Box half-width",
                default=1.0,
                min=0.1,
                max=5.0,
                step=0.1,
                help="Half-width of the square the points are drawn from.",
            ),
        ),
        separable=True,
    )
)
register(
    GeneratorSpec(
        "xor",
        "XOR (four clusters)",
        "Four clusters in an XOR arrangement: no line separates them, so the perceptron "
        "never converges (the kernel perceptron does).",
        xor,
        (
            Param(
                "spread",
                "Cluster spread",
                default=0.3,
                min=0.05,
                max=1.0,
                step=0.05,
                help="Standard deviation of each cluster.",
            ),
        ),
        n_range=(4, MAX_GENERATED_N),
        separable=False,
    )
)
register(
    GeneratorSpec(
        "circles",
        "Concentric circles",
        "A ring around a disc: not linearly separable, separable with a degree-2 kernel.",
        circles,
        (
            Param(
                "factor",
                "Inner radius",
                default=0.5,
                min=0.1,
                max=0.9,
                step=0.05,
                help="Radius of the inner circle relative to the outer one.",
            ),
            Param(
                "jitter",
                "Jitter",
                default=0.05,
                min=0.0,
                max=0.3,
                step=0.01,
                help="Standard deviation of the noise added to each coordinate.",
            ),
        ),
        n_range=(4, MAX_GENERATED_N),
    )
)
register(
    GeneratorSpec(
        "moons",
        "Two moons",
        "Two interleaving half circles: a curved boundary for the kernel perceptron.",
        moons,
        (
            Param(
                "jitter",
                "Jitter",
                default=0.1,
                min=0.0,
                max=0.5,
                step=0.01,
                help="Standard deviation of the noise added to each coordinate.",
            ),
        ),
        n_range=(4, MAX_GENERATED_N),
    )
)
register(
    GeneratorSpec(
        "blobs",
        "Overlapping blobs",
        "Two Gaussian clouds that overlap more as the slider rises: non-separable data, "
        "for the pocket algorithm and Theorem 2.",
        blobs,
        (
            Param(
                "overlap",
                "Overlap",
                default=0.3,
                min=0.0,
                max=1.0,
                step=0.05,
                help="0 puts the centres 6 standard deviations apart, 1 on top of each other.",
            ),
        ),
        n_range=(4, MAX_GENERATED_N),
    )
)
