"""The notes' own data: 004's rule, 002's two 4-point examples, the 85-point set, Iris.

These ignore ``n``; their order is part of the data, because the engine replays ERRATA.md's
traces (and the perceptron's run depends on the visiting order).
"""

from __future__ import annotations

import functools
import gzip
from importlib import resources
from typing import Any, TypedDict

import numpy as np

from ._dataset import Dataset
from ._registry import GeneratorSpec, register


def notes_rule_004(
    n: int, rng: np.random.Generator
) -> tuple[np.ndarray, np.ndarray, dict[str, Any]]:
    """004's notebook data: 100 uniform points on the unit square, +1 where 0.7 x1 + 0.4 x2 > 0.5.

    ``n`` is ignored (the notebook draws 100); the seed chooses the points. Class names are
    the notebook's "0" (-1) and "1" (+1).
    """
    X = rng.random((100, 2))
    y = np.where(X[:, 0] * 0.7 + X[:, 1] * 0.4 > 0.5, 1, -1)
    return X, y, {"rule": "0.7*x1 + 0.4*x2 > 0.5"}


def notes_002_example1(n: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """002 section 10.1 in the listed order: (1,1)+, (2,2)+, (1,2)-, (2,1)-.

    An XOR arrangement (ERRATA.md): the text's claimed convergence is wrong.
    """
    X = np.array([[1.0, 1.0], [2.0, 2.0], [1.0, 2.0], [2.0, 1.0]])
    return X, np.array([1, 1, -1, -1])


def notes_002_example2(n: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """002 section 10.2 (XOR) in the listed order: (0,0)+, (1,1)+, (0,1)-, (1,0)-."""
    X = np.array([[0.0, 0.0], [1.0, 1.0], [0.0, 1.0], [1.0, 0.0]])
    return X, np.array([1, 1, -1, -1])


# 85 separable points for 002 section 6.1 (random orderings converge after different
# numbers of epochs). Frozen here rather than drawn, so the set never changes between
# numpy versions; made once with separable(85, default_rng(0), margin=0.05, angle=None,
# offset=2.0) and rounded to 2 decimals. Columns: x1, x2, label.
_ORDERING_85 = """
    -0.93  2.16 +1   -1.04  0.30 -1   -0.71  0.81 -1   -1.77  2.12 +1   -1.24  1.41 -1
    -1.06  1.45 -1   -2.27  2.27 +1   -2.01  1.99 +1   -1.55  1.49 +1   -1.47  2.21 +1
    -1.58  2.12 +1   -2.10  1.58 +1   -1.58  1.08 -1   -1.61  1.72 +1   -2.31  2.22 +1
    -2.42  1.62 +1   -2.28  1.25 +1   -1.67  2.25 +1   -1.70  1.16 +1   -1.36  0.41 -1
    -1.02  2.23 +1   -1.70  1.69 +1   -1.36  1.94 +1   -1.25  0.33 -1   -2.50  0.59 +1
    -2.39  2.00 +1   -0.51  0.54 -1   -1.30  2.19 +1   -0.73  1.69 -1   -1.52  0.74 -1
    -1.90  0.41 -1   -1.02  0.55 -1   -2.19  2.33 +1   -2.55  0.37 +1   -0.78  0.33 -1
    -1.03  0.87 -1   -1.79  1.57 +1   -1.17  1.41 -1   -1.46  0.32 -1   -1.63  1.10 -1
    -1.23  2.04 +1   -2.37  1.50 +1   -1.28  2.13 +1   -1.95  1.18 +1   -0.84  1.52 -1
    -0.62  2.21 -1   -2.07  1.34 +1   -0.80  0.40 -1   -2.16  2.22 +1   -1.74  1.66 +1
    -1.00  1.79 -1   -1.31  2.33 +1   -1.93  1.56 +1   -0.56  0.81 -1   -0.52  2.19 -1
    -0.64  0.97 -1   -2.47  0.37 +1   -1.93  1.04 +1   -0.86  1.39 -1   -2.28  1.78 +1
    -2.45  1.42 +1   -0.59  0.53 -1   -2.08  0.42 -1   -1.96  1.68 +1   -0.93  0.89 -1
    -1.31  0.80 -1   -1.31  0.61 -1   -0.62  0.40 -1   -1.31  1.38 -1   -0.56  1.01 -1
    -1.34  1.80 +1   -1.29  0.45 -1   -0.55  1.40 -1   -1.50  1.91 +1   -0.78  0.56 -1
    -0.56  0.63 -1   -1.90  1.04 +1   -0.75  0.39 -1   -1.65  1.93 +1   -0.70  0.72 -1
    -2.13  1.86 +1   -0.96  1.30 -1   -1.01  1.19 -1   -0.50  1.54 -1   -0.70  1.92 -1
"""


def ordering_85(n: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """The fixed 85-point separable set of the ordering experiment (002 section 6.1)."""
    table = np.array(_ORDERING_85.split(), dtype=np.float64).reshape(-1, 3)
    return table[:, :2], table[:, 2].astype(np.int64)


# Two tight clusters a line separates with a wide margin, and three points of the +1 class
# far out on their own side: least squares (004) pays for their distance and tilts its
# line, leaving training errors the perceptron never makes.
_OUTLIER_FAR = [
    [-1.23, 0.54], [-0.42, 0.83], [-1.57, 0.6], [-1.22, 0.65], [-1.56, 0.68],
    [-0.92, 1.15], [-0.89, 0.78], [-1.52, 1.39], [-1.67, 0.99], [-1.12, 0.29],
    [0.77, -0.84], [1.13, -0.64], [1.52, -1.24], [1.0, -0.91], [1.27, -1.34],
    [0.88, -0.53], [0.48, -0.26], [1.06, -0.25], [1.34, -0.94], [0.72, -0.67],
    [9.0, -7.0], [10.0, -8.0], [9.5, -8.5],
]  # fmt: skip


def outlier_far(n: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """Separable, but three +1 points lie far on their own side (004's least squares)."""
    X = np.array(_OUTLIER_FAR)
    return X, np.array([-1] * 10 + [1] * 13)


@functools.cache
def iris_table() -> tuple[dict[str, np.ndarray], np.ndarray]:
    """Iris as plotly bundles it (the file behind ``plotly.express.data.iris()``).

    The package carries a byte-for-byte copy (``iris.csv.gz``), so the engine-only install
    (no plotly) has it too.

    Returns
    -------
    features : dict of str -> ndarray
        The four measurements, in file order.
    species : ndarray of str
    """
    blob = (resources.files(__package__) / "iris.csv.gz").read_bytes()
    lines = gzip.decompress(blob).decode("utf-8").splitlines()
    header = lines[0].split(",")
    rows = [line.split(",") for line in lines[1:] if line]
    columns = {name: [row[j] for row in rows] for j, name in enumerate(header)}
    features = {
        name: np.array(columns[name], dtype=np.float64)
        for name in ("sepal_length", "sepal_width", "petal_length", "petal_width")
    }
    return features, np.array(columns["species"])


def _iris_pair(negative: str, positive: str) -> Dataset:
    features, species = iris_table()
    keep = (species == negative) | (species == positive)
    X = np.column_stack([features["petal_length"][keep], features["petal_width"][keep]])
    y = np.where(species[keep] == positive, 1, -1)
    return Dataset(
        X,
        y,
        ("petal_length", "petal_width"),
        (negative, positive),
        f"iris: {negative} vs {positive}",
        {"file": "plotly.express.data.iris()", "positive": positive, "negative": negative},
    )


def iris_setosa_versicolor(n: int, rng: np.random.Generator) -> Dataset:
    """Iris setosa (-1) vs versicolor (+1) on petal length and width: separable.

    The +1 class is the second name in sorted order, the rule the CSV loader proposes, so
    an exported copy loads back with the same signs.
    """
    return _iris_pair("setosa", "versicolor")


def iris_versicolor_virginica(n: int, rng: np.random.Generator) -> Dataset:
    """Iris versicolor (-1) vs virginica (+1) on petal length and width: not separable."""
    return _iris_pair("versicolor", "virginica")


def manual(n: int, rng: np.random.Generator) -> Dataset:
    """An empty 2-D dataset to add points to by hand."""
    return Dataset(np.zeros((0, 2)), np.zeros(0), ("x1", "x2"), ("-1", "+1"), "manual")


class _Fixed(TypedDict):
    fixed_n: bool
    uses_seed: bool


_FIXED: _Fixed = {"fixed_n": True, "uses_seed": False}

register(
    GeneratorSpec(
        "notes_rule_004",
        "Notes 004: 0.7 x1 + 0.4 x2 > 0.5",
        "The notebook's 100 random points on the unit square labelled by a known line; "
        "separable, with a small margin.",
        notes_rule_004,
        default_n=100,
        n_range=(100, 100),
        fixed_n=True,
        separable=True,
        class_names=("0", "1"),
    )
)
register(
    GeneratorSpec(
        "notes_002_example1",
        "Notes 002, example 1 (4 points)",
        "Positives (1,1), (2,2), negatives (1,2), (2,1): the text says it converges in one "
        "pass, but it is an XOR arrangement and never does (see ERRATA.md).",
        notes_002_example1,
        default_n=4,
        n_range=(4, 4),
        separable=False,
        **_FIXED,
    )
)
register(
    GeneratorSpec(
        "notes_002_example2",
        "Notes 002, example 2 (XOR, 4 points)",
        "Positives (0,0), (1,1), negatives (0,1), (1,0): XOR, the classic data no line separates.",
        notes_002_example2,
        default_n=4,
        n_range=(4, 4),
        separable=False,
        **_FIXED,
    )
)
register(
    GeneratorSpec(
        "ordering_85",
        "Notes 002: 85 separable points",
        "The ordering experiment of 002 section 6.1: the same 85 points, and each random "
        "visiting order converges after a different number of epochs.",
        ordering_85,
        default_n=85,
        n_range=(85, 85),
        separable=True,
        **_FIXED,
    )
)
register(
    GeneratorSpec(
        "outlier_far",
        "Notes 004: least squares and far points",
        "Two clusters a line separates with a wide margin, and three points far out on their "
        "own side: the perceptron converges, least squares (004) tilts towards them and "
        "leaves training errors.",
        outlier_far,
        default_n=23,
        n_range=(23, 23),
        separable=True,
        **_FIXED,
    )
)
register(
    GeneratorSpec(
        "iris_setosa_versicolor",
        "Iris: setosa vs versicolor",
        "Real measurements (petal length and width): setosa (-1) and versicolor (+1) are "
        "linearly separable.",
        iris_setosa_versicolor,
        default_n=100,
        n_range=(100, 100),
        separable=True,
        feature_names=("petal_length", "petal_width"),
        class_names=("setosa", "versicolor"),
        **_FIXED,
    )
)
register(
    GeneratorSpec(
        "iris_versicolor_virginica",
        "Iris: versicolor vs virginica",
        "Real measurements (petal length and width): versicolor (-1) and virginica (+1) "
        "overlap, so no line separates them.",
        iris_versicolor_virginica,
        default_n=100,
        n_range=(100, 100),
        separable=False,
        feature_names=("petal_length", "petal_width"),
        class_names=("versicolor", "virginica"),
        **_FIXED,
    )
)
register(
    GeneratorSpec(
        "manual",
        "Manual (click to add points)",
        "Start from an empty plane and place each point yourself.",
        manual,
        default_n=0,
        n_range=(0, 0),
        **_FIXED,
    )
)
