"""The dataset contract, the generators and their registry, preprocessing, manual edits.

The separable generator's margin is checked against two oracles that know nothing of how
the points were made: the engine's theory (when it is importable) and an exact 2-D
computation, half the distance between the convex hulls of the two classes; scikit-learn's
SVC gives a third, looser opinion.
"""

from __future__ import annotations

import math
import pickle

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from scipy.spatial import ConvexHull, QhullError

import datasets
from datasets import GENERATORS, PREPROCESSING, Dataset, DatasetError, generate
from perceptron_core import theory as engine_theory  # an oracle: an import error fails

# -- oracles -------------------------------------------------------------------------------


def _hull(points: np.ndarray) -> np.ndarray:
    """Vertices of the convex hull in order (all points when degenerate)."""
    if len(points) >= 3:
        try:
            return points[ConvexHull(points).vertices]
        except QhullError:  # collinear: the extreme points along the line are enough
            pass
    return points


def _point_segment_distances(P: np.ndarray, A: np.ndarray, B: np.ndarray) -> np.ndarray:
    """Distance from every point of P to every segment A[k]B[k]: shape (len(P), len(A))."""
    AB = B - A
    AP = P[:, None, :] - A[None, :, :]
    length2 = np.einsum("kd,kd->k", AB, AB)
    safe = np.where(length2 > 0, length2, 1.0)  # a one-point "segment" has length 0
    t = np.clip(np.einsum("pkd,kd->pk", AP, AB) / safe, 0.0, 1.0)
    closest = A[None] + t[..., None] * AB[None]
    return np.linalg.norm(P[:, None, :] - closest, axis=2)


def hull_margin(X: np.ndarray, y: np.ndarray) -> float:
    """Max margin of separable 2-D data: half the distance between the classes' hulls.

    Exact up to rounding: for disjoint convex polygons the distance is attained between a
    vertex of one and an edge of the other.
    """
    P, N = _hull(X[y == 1]), _hull(X[y == -1])

    def edges(V):
        return V, np.roll(V, -1, axis=0)

    d1 = _point_segment_distances(P, *edges(N)).min()
    d2 = _point_segment_distances(N, *edges(P)).min()
    return 0.5 * min(d1, d2)


def svc_margin(X: np.ndarray, y: np.ndarray) -> float:
    from sklearn.svm import SVC

    Xc = X - X.mean(axis=0)  # the margin is translation invariant; libsvm likes centred data
    svc = SVC(kernel="linear", C=1e10, tol=1e-12).fit(Xc, y)
    return 1.0 / float(np.linalg.norm(svc.coef_))


# -- the Dataset value ---------------------------------------------------------------------


def test_dataset_normalises_and_locks_its_arrays():
    X = [[0, 1], [2, 3]]
    ds = Dataset(X, [1, -1])
    assert ds.X.dtype == np.float64 and ds.X.flags.c_contiguous
    assert ds.y.dtype == np.int64
    assert not ds.X.flags.writeable and not ds.y.flags.writeable
    assert (ds.n, ds.d, len(ds)) == (2, 2, 2)
    assert ds.feature_names == ("x1", "x2") and ds.class_names == ("-1", "+1")
    with pytest.raises(ValueError):
        ds.X[0, 0] = 5.0
    with pytest.raises(AttributeError):
        ds.X = np.zeros((2, 2))  # frozen


def test_dataset_copies_writeable_input():
    X = np.array([[0.0, 1.0], [2.0, 3.0]])
    ds = Dataset(X, np.array([1, -1]))
    X[0, 0] = 99.0
    assert ds.X[0, 0] == 0.0


@pytest.mark.parametrize(
    ("X", "y", "message"),
    [
        ([[0, 1], [2, 3]], [1, 0], r"-1 or \+1"),
        ([[0, 1], [2, 3]], [1], "shape"),
        ([[0, np.nan], [2, 3]], [1, -1], "missing or infinite"),
        ([[0, np.inf], [2, 3]], [1, -1], "missing or infinite"),
        ([0, 1, 2], [1, -1, 1], "2-D"),
        ([["a", "b"]], [1], "numbers"),
    ],
)
def test_dataset_rejects_bad_values(X, y, message):
    with pytest.raises(DatasetError, match=message):
        Dataset(X, y)


def test_values_beyond_the_magnitude_limit_are_refused_everywhere():
    with pytest.raises(DatasetError) as caught:
        Dataset([[0.0, 1.0], [3e300, 2.0]], [1, -1], feature_names=("mass", "charge"))
    assert str(caught.value) == (
        "column 'mass' has values up to 3.0e+300: rescale the column (values must stay below 1e100)"
    )
    with pytest.raises(DatasetError, match="'x2' has values down to -1.0e\\+101"):
        Dataset([[0.0, -1e101]], [1])
    at_limit = Dataset([[1e100, -1e100], [1e-300, 5e-324]], [1, -1])
    assert at_limit.X.tolist() == [[1e100, -1e100], [1e-300, 5e-324]]  # tiny values exact
    with pytest.raises(DatasetError, match="rescale"):  # drawn points are covered too
        at_limit.with_points_added((2e100, 0.0), 1)
    # Centring values at the limit may go beyond it: scaled data is not refused.
    assert np.isfinite(at_limit.preprocessed("centre").X).all()


def test_dataset_rejects_bad_names():
    with pytest.raises(DatasetError, match="distinct"):
        Dataset([[0, 1]], [1], feature_names=("a", "a"))
    with pytest.raises(DatasetError, match="3 feature names"):
        Dataset([[0, 1]], [1], feature_names=("a", "b", "c"))
    with pytest.raises(DatasetError, match="differ"):
        Dataset([[0, 1]], [1], class_names=("cat", "cat"))


def test_numeric_class_names_are_canonical():
    assert Dataset([[0, 1]], [1], class_names=("-1.0", "1")).class_names == ("-1", "+1")
    assert Dataset([[0, 1]], [1], class_names=("0.0", "1.0")).class_names == ("0", "1")
    assert Dataset([[0, 1]], [1], class_names=(" no ", "yes")).class_names == ("no", "yes")


def test_empty_dataset_is_representable():
    ds = datasets.empty()
    assert ds.n == 0 and ds.X.shape == (0, 2) and ds.y.shape == (0,)
    assert ds.preprocessed("standardise").n == 0
    assert ds.without_point_nearest(0.0, 0.0) is ds
    assert ds.nearest_point(1.0, 1.0) is None


def test_dataset_equality_hash_and_pickle():
    a = generate("xor", n=40, seed=1)
    b = generate("xor", n=40, seed=1)
    assert a == b and hash(a) == hash(b)
    assert a != generate("xor", n=40, seed=2)
    back = pickle.loads(pickle.dumps(a))
    assert back == a
    assert not back.X.flags.writeable  # read-only again after unpickling
    prep = a.preprocessed("minmax")
    assert pickle.loads(pickle.dumps(prep)).raw == a


def _variants_of(ds: Dataset) -> dict[str, Dataset]:
    """``ds`` changed in one place each: a value, a label, the order of two rows, the shape
    (the same numbers in other columns)."""
    X, y = ds.X.copy(), ds.y.copy()
    value = X.copy()
    value[3, 1] = np.nextafter(value[3, 1], np.inf)  # one value, by one ulp
    label = y.copy()
    label[5] = -label[5]
    swap = [1, 0, *range(2, ds.n)]
    return {
        "value": Dataset(value, y),
        "label": Dataset(X, label),
        "order": Dataset(X[swap], y[swap]),
        "shape": Dataset(X.reshape(ds.n // 2, 2 * ds.d), y[: ds.n // 2]),
    }


def test_the_digest_names_the_points_and_labels():
    ds = generate("separable", n=40, seed=3)
    same = Dataset(ds.X.copy(), ds.y.copy(), ("a", "b"), ("no", "yes"), source="a copy")
    assert same.digest == ds.digest  # equal arrays, other names: the same data
    assert pickle.loads(pickle.dumps(ds)).digest == ds.digest
    assert ds.preprocessed("none").digest == ds.digest
    assert ds.preprocessed("centre").digest != ds.digest
    digests = {name: other.digest for name, other in _variants_of(ds).items()}
    assert ds.digest not in digests.values(), digests
    assert len(set(digests.values())) == len(digests), digests
    assert Dataset(np.zeros((0, 2)), []).digest != Dataset(np.zeros((0, 3)), []).digest


def test_the_digest_is_hashed_once_per_dataset(monkeypatch):
    import hashlib

    ds = generate("separable", n=40, seed=3)
    real, made = hashlib.blake2b, []

    def counted(*args, **kwargs):
        made.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(hashlib, "blake2b", counted)
    first = ds.digest
    assert len(made) == 1
    assert ds.digest is first and len(made) == 1  # kept on the (immutable) dataset


def test_params_are_read_only_and_json_ready():
    ds = generate("separable", n=20, seed=0, noise=0.1)
    with pytest.raises(TypeError):
        ds.params["margin"] = 1.0  # type: ignore[index]
    plain = ds.params.to_dict()
    assert isinstance(plain["separator"], list) and isinstance(plain["flipped"], list)
    import json

    json.dumps(plain)


# -- manual data ---------------------------------------------------------------------------


def test_manual_editing_returns_new_values():
    start = datasets.empty()
    one = start.with_points_added((0.5, 1.0), +1)
    two = one.with_points_added([[1.0, 0.0]], "-1")
    three = two.with_points_added([[2.0, 2.0], [3.0, 3.0]], [1, -1])
    assert (start.n, one.n, two.n, three.n) == (0, 1, 2, 4)
    assert three.y.tolist() == [1, -1, 1, -1]
    removed = three.without_point_nearest(2.1, 1.9)
    assert removed.X.tolist() == [[0.5, 1.0], [1.0, 0.0], [3.0, 3.0]]
    assert three.n == 4  # undo is keeping the previous value
    assert removed.without_point_nearest(10.0, 10.0, max_distance=1.0) is removed
    assert removed.cleared().n == 0
    assert removed.source == "manual"


def test_manual_labels_by_class_name_and_errors():
    ds = Dataset(np.zeros((0, 2)), [], class_names=("cat", "dog"))
    ds = ds.with_points_added((1, 2), "dog").with_points_added((2, 1), "cat")
    assert ds.y.tolist() == [1, -1]
    with pytest.raises(DatasetError, match="class name"):
        ds.with_points_added((0, 0), "cow")
    with pytest.raises(DatasetError, match="2 coordinates"):
        ds.with_points_added((0, 0, 0), 1)


def test_editing_a_generated_dataset_marks_it():
    ds = generate("separable", n=10, seed=0).without_point(0)
    assert ds.source.endswith("(edited)") and ds.params["edited"] is True
    assert ds.without_point(0).source.count("(edited)") == 1


def test_editing_a_preprocessed_dataset_edits_the_raw_data():
    raw = Dataset([[0.0, 0.0], [2.0, 4.0]], [1, -1])
    shown = raw.preprocessed("minmax")  # (0,0) and (1,1)
    added = shown.with_points_added((0.5, 0.5), 1)  # the middle, in shown coordinates
    assert added.preprocessing == "minmax"
    np.testing.assert_allclose(added.raw.X[-1], [1.0, 2.0])
    removed = added.without_point_nearest(1.0, 1.0)
    assert removed.raw.X.tolist() == [[0.0, 0.0], [1.0, 2.0]]


# -- preprocessing -------------------------------------------------------------------------


def test_preprocessing_kinds():
    ds = generate("separable", n=200, seed=4, offset=5.0)
    centred = ds.preprocessed("centre")
    np.testing.assert_allclose(centred.X.mean(axis=0), 0, atol=1e-12)
    std = ds.preprocessed("standardise")
    np.testing.assert_allclose(std.X.mean(axis=0), 0, atol=1e-12)
    np.testing.assert_allclose(std.X.std(axis=0), 1, rtol=1e-12)
    mm = ds.preprocessed("minmax")
    np.testing.assert_allclose(mm.X.min(axis=0), 0)
    np.testing.assert_allclose(mm.X.max(axis=0), 1)
    for shown in (centred, std, mm):
        assert shown.raw is ds
        assert shown.y is ds.y or np.array_equal(shown.y, ds.y)
        np.testing.assert_allclose(shown.scaling.invert(shown.X), ds.X, atol=1e-12)
        assert PREPROCESSING[shown.preprocessing] == shown.scaling.label
    # Toggling never compounds: always from the raw data.
    assert mm.preprocessed("standardise") == std
    assert std.preprocessed("none") is ds
    assert ds.preprocessing == "none" and ds.scaling.label == "No scaling"


def test_preprocessing_aliases_and_errors():
    ds = generate("xor", n=8, seed=0)
    assert ds.preprocessed("center").preprocessing == "centre"
    assert ds.preprocessed("standardize").preprocessing == "standardise"
    assert ds.preprocessed("min-max").preprocessing == "minmax"
    with pytest.raises(DatasetError, match="unknown preprocessing"):
        ds.preprocessed("log")


def test_constant_column_is_left_centred_and_reported():
    ds = Dataset([[1.0, 5.0], [2.0, 5.0], [4.0, 5.0]], [1, -1, 1], feature_names=("a", "b"))
    std = ds.preprocessed("standardise")
    assert std.scaling.constant_columns == ("b",)
    assert std.X[:, 1].tolist() == [0.0, 0.0, 0.0]
    assert "'b'" in std.scaling.describe()
    assert np.isfinite(ds.preprocessed("minmax").X).all()


def test_standardising_tiny_and_huge_columns_gives_unit_spread():
    # np.std squares the deviations: 1e-300**2 underflows to 0 (then x / 0 = inf) and
    # would overflow for values near 1e155; the spread is computed scaled instead.
    X = np.array([[1e-300, 1e100], [2e-300, -1e100], [4e-300, 0.0]])
    std = Dataset(X, [1, -1, 1]).preprocessed("standardise")
    assert np.isfinite(std.X).all() and std.scaling.constant_columns == ()
    np.testing.assert_allclose(std.X.std(axis=0), 1, rtol=1e-12)
    np.testing.assert_allclose(std.scaling.invert(std.X), X, rtol=1e-12)


magnitudes = st.one_of(
    st.just(0.0),
    st.tuples(st.floats(1.0, 9.99), st.integers(-300, 99), st.sampled_from([-1, 1])).map(
        lambda t: t[2] * t[0] * 10.0 ** t[1]
    ),
    st.floats(-1e100, 1e100),
)


@st.composite
def extreme_points(draw):
    """n x 2 points: each column at one magnitude 1e-300..1e99, or mixed magnitudes."""
    n = draw(st.integers(1, 20))
    columns = []
    for _ in range(2):
        if draw(st.booleans()):
            mantissas = st.one_of(st.floats(-9.99, 9.99), st.sampled_from([0.0, 1.0, -1.0]))
            values = draw(hnp.arrays(np.float64, n, elements=mantissas))
            columns.append(values * 10.0 ** draw(st.integers(-300, 99)))
        else:
            columns.append(draw(hnp.arrays(np.float64, n, elements=magnitudes)))
    return np.column_stack(columns)


@pytest.mark.slow
@settings(
    deadline=None, database=None, max_examples=300, suppress_health_check=[HealthCheck.too_slow]
)
@given(X=extreme_points(), kind=st.sampled_from(["centre", "standardise", "minmax"]))
def test_preprocessing_is_finite_at_extreme_magnitudes(X, kind):
    ds = Dataset(X, np.where(np.arange(len(X)) % 2 == 0, 1, -1))
    shown = ds.preprocessed(kind)
    assert np.isfinite(shown.X).all()
    assert np.isfinite(shown.scaling.scale).all() and min(shown.scaling.scale) > 0
    if kind == "minmax":
        assert shown.X.min() >= 0 and shown.X.max() <= 1
    if kind == "standardise":
        assert np.abs(shown.X).max() <= math.sqrt(len(X)) * (1 + 1e-9)
    constant = [name for j, name in enumerate(ds.feature_names) if np.ptp(X[:, j]) == 0]
    for j in range(2):
        if np.ptp(X[:, j]) == 0:
            assert (shown.X[:, j] == 0).all()  # a constant column: exact zeros
        elif kind == "standardise":  # a varying column has unit spread, however small
            assert math.isclose(shown.X[:, j].std(), 1, rel_tol=1e-6)
    if kind != "centre":
        assert list(shown.scaling.constant_columns) == constant


# -- the registry --------------------------------------------------------------------------

REQUIRED = [
    "separable",
    "xor",
    "circles",
    "moons",
    "blobs",
    "notes_rule_004",
    "notes_002_example1",
    "notes_002_example2",
    "ordering_85",
    "iris_setosa_versicolor",
    "iris_versicolor_virginica",
]


def test_registry_lists_every_generator_with_valid_parameters():
    assert set(REQUIRED) <= set(GENERATORS)
    for name, spec in GENERATORS.items():
        assert spec.name == name and spec.label and spec.description.endswith(".")
        low, high = spec.n_range
        assert low <= spec.default_n <= high
        for p in spec.params:
            assert p.kind in ("float", "int", "choice", "bool")
            assert p.label and p.help
            if p.kind in ("float", "int"):
                assert p.min <= p.default <= p.max and p.step > 0
            assert p.validate(p.default) == p.default


@pytest.mark.parametrize("name", list(GENERATORS))
def test_every_generator_honours_the_contract(name):
    spec = GENERATORS[name]
    ds = generate(name, seed=3)
    n = spec.default_n
    assert ds.X.shape == (n, 2) and ds.y.shape == (n,)
    assert ds.X.dtype == np.float64 and ds.y.dtype == np.int64
    assert set(ds.y.tolist()) <= {-1, 1}
    assert ds.params["generator"] == name and ds.params["seed"] == 3
    assert ds.source.startswith(name)
    again = generate(name, seed=3)
    assert np.array_equal(ds.X, again.X) and np.array_equal(ds.y, again.y)
    if n and not spec.fixed_n:
        bigger = generate(name, n=spec.n_range[0] + 7, seed=3)
        assert bigger.n == spec.n_range[0] + 7
    if spec.uses_seed and n:
        other = generate(name, seed=4)
        assert not np.array_equal(ds.X, other.X)


def test_generate_validates_names_and_ranges():
    with pytest.raises(DatasetError, match="unknown dataset 'spiral'"):
        generate("spiral")
    with pytest.raises(DatasetError, match="unknown parameter 'gamma'"):
        generate("separable", gamma=0.1)
    with pytest.raises(DatasetError, match=r"margin=5.*outside"):
        generate("separable", margin=5)
    with pytest.raises(DatasetError, match="margin"):
        generate("separable", margin="wide")
    with pytest.raises(DatasetError, match="n=1"):
        generate("separable", n=1)
    with pytest.raises(DatasetError, match="seed"):
        generate("xor", seed=-1)
    with pytest.raises(DatasetError, match="noise"):
        generate("xor", noise=0.9)
    # Values read back from a URL arrive as strings.
    assert generate("separable", n="50", margin="0.3").params["margin"] == 0.3


def test_source_names_the_call():
    ds = generate("separable", n=100, seed=0, margin=0.2)
    assert ds.source == "separable(n=100, margin=0.2, seed=0)"
    assert generate("notes_002_example1").source == "notes_002_example1"
    assert generate("notes_002_example1", noise=0.25).source == (
        "notes_002_example1(noise=0.25, seed=0)"
    )


# -- label noise ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["separable", "xor", "moons", "ordering_85", "notes_rule_004"])
@pytest.mark.parametrize("noise", [0.0, 0.05, 0.2, 0.5])
def test_noise_flips_exactly_round_noise_n_labels(name, noise):
    clean = generate(name, seed=7)
    noisy = generate(name, seed=7, noise=noise)
    assert np.array_equal(clean.X, noisy.X)  # a separate stream: the points never move
    flipped = np.flatnonzero(clean.y != noisy.y)
    assert flipped.size == round(noise * clean.n)
    assert flipped.tolist() == list(noisy.params["flipped"])


def test_noise_zero_is_the_same_as_no_noise_and_seeded():
    assert generate("blobs", seed=2, noise=0.0) == generate("blobs", seed=2)
    a = generate("blobs", seed=2, noise=0.3)
    assert a == generate("blobs", seed=2, noise=0.3)
    assert a.params["flipped"] != generate("blobs", seed=3, noise=0.3).params["flipped"]


# -- the separable generator: the margin is exactly what was asked -------------------------

MARGIN_CASES = [
    dict(margin=0.2),
    dict(margin=0.01),
    dict(margin=1.0, spread=0.1),
    dict(margin=0.05, angle=-90.0),
    dict(margin=0.3, angle=None),
    dict(margin=0.1, offset=10.0, angle=None),
    dict(margin=0.02, spread=5.0, balance=0.9),
    dict(margin=0.5, balance=0.1),
]


@pytest.mark.parametrize("kwargs", MARGIN_CASES)
@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("n", [2, 3, 50, 400])
def test_separable_margin_is_exact(kwargs, seed, n):
    ds = generate("separable", n=n, seed=seed, **kwargs)
    gamma = kwargs["margin"]
    assert ds.n == n
    # Independent exact oracle: half the distance between the class hulls.
    assert hull_margin(ds.X, ds.y) == pytest.approx(gamma, rel=1e-9)
    th = engine_theory(ds.X, ds.y)
    assert th.separable
    assert th.geometric_margin == pytest.approx(gamma, rel=1e-9)
    # The true separator puts every point at least gamma away, on its own side.
    w1, w2, b = ds.params["separator"]
    distance = ds.y * (ds.X @ np.array([w1, w2]) + b)
    assert distance.min() == pytest.approx(gamma, rel=1e-9)
    assert (distance >= gamma * (1 - 1e-12)).all()


@pytest.mark.parametrize("kwargs", MARGIN_CASES[:4])
def test_separable_margin_agrees_with_svc(kwargs):
    ds = generate("separable", n=200, seed=5, **kwargs)
    # libsvm works in limited precision; it is a sanity check, the hulls are the oracle.
    assert svc_margin(ds.X, ds.y) == pytest.approx(kwargs["margin"], rel=2e-3)


@pytest.mark.parametrize("n", [2, 3, 10, 101])
@pytest.mark.parametrize("balance", [0.1, 0.25, 0.5, 0.9])
def test_separable_balance_is_exact(n, balance):
    ds = generate("separable", n=n, seed=0, balance=balance)
    expected = min(max(round(balance * n), 1), n - 1)
    assert ds.counts == (n - expected, expected)


def test_offset_moves_the_cloud_keeps_the_margin_and_grows_r():
    near = generate("separable", n=300, seed=1, margin=0.1)
    far = generate("separable", n=300, seed=1, margin=0.1, offset=8.0)
    shift = far.X - near.X
    np.testing.assert_allclose(shift, np.broadcast_to(shift[0], shift.shape), atol=1e-12)
    assert np.linalg.norm(shift[0]) == pytest.approx(8.0)
    assert hull_margin(far.X, far.y) == pytest.approx(0.1, rel=1e-9)
    R = lambda X: np.linalg.norm(X, axis=1).max()  # noqa: E731
    assert R(far.X) > R(near.X) + 6
    assert far.params["separator"][2] == -8.0
    # the augmented margin shrinks: the bound gets worse
    assert engine_theory(far.X, far.y).bound > engine_theory(near.X, near.y).bound


def test_angle_is_the_direction_of_the_separator():
    ds = generate("separable", n=50, seed=0, angle=90.0)
    w1, w2, b = ds.params["separator"]
    assert (w1, w2) == pytest.approx((-1.0, 0.0))  # vertical line, +1 on the left
    assert (ds.X[ds.y == 1, 0] < 0).all() and (ds.X[ds.y == -1, 0] > 0).all()
    drawn = generate("separable", n=50, seed=0, angle=None)
    assert drawn.params["angle"] != 30.0
    assert drawn == generate("separable", n=50, seed=0, angle=None)


# -- the other generators ------------------------------------------------------------------


def test_xor_clusters_and_balance():
    ds = generate("xor", n=402, seed=0, spread=0.1)
    assert abs(ds.counts[0] - ds.counts[1]) <= 1
    quadrant_sign = np.sign(ds.X[:, 0] * ds.X[:, 1])
    assert (quadrant_sign == ds.y).mean() > 0.99


def test_circles_moons_blobs_shapes():
    circles = generate("circles", n=300, seed=0, factor=0.3, jitter=0.0)
    radius = np.linalg.norm(circles.X, axis=1)
    np.testing.assert_allclose(radius[circles.y == 1], 0.3)
    np.testing.assert_allclose(radius[circles.y == -1], 1.0)
    moons = generate("moons", n=300, seed=0)
    assert moons.counts == (150, 150)
    assert np.abs(moons.X.mean(axis=0)).max() < 0.2  # centred for the perceptron
    apart = generate("blobs", n=400, seed=0, overlap=0.0)
    together = generate("blobs", n=400, seed=0, overlap=1.0)
    gap = lambda d: np.linalg.norm(d.X[d.y == 1].mean(0) - d.X[d.y == -1].mean(0))  # noqa: E731
    assert gap(apart) > 2.5 > 0.3 > gap(together)


# -- the notes' own data -------------------------------------------------------------------


def test_notes_002_examples_in_listed_order():
    ex1 = generate("notes_002_example1")
    assert ex1.X.tolist() == [[1, 1], [2, 2], [1, 2], [2, 1]]
    assert ex1.y.tolist() == [1, 1, -1, -1]
    ex2 = generate("notes_002_example2")
    assert ex2.X.tolist() == [[0, 0], [1, 1], [0, 1], [1, 0]]
    assert ex2.y.tolist() == [1, 1, -1, -1]
    other = generate("notes_002_example1", n=999, seed=5)  # fixed data ignore n and seed
    assert np.array_equal(other.X, ex1.X) and np.array_equal(other.y, ex1.y)


def _textbook_first_epoch(X, y):
    """ERRATA.md's rule by hand: mistake when y(w.x + b) <= 0, then w += y x, b += y."""
    w, b, trace = np.zeros(2), 0.0, []
    for x, label in zip(X, y, strict=True):
        mistake = label * (w @ x + b) <= 0
        if mistake:
            w, b = w + label * x, b + label
        trace.append((bool(mistake), w.tolist(), b))
    return trace


def test_notes_examples_reproduce_the_errata_traces():
    ex1 = generate("notes_002_example1")
    assert _textbook_first_epoch(ex1.X, ex1.y) == [
        (True, [1, 1], 1),
        (False, [1, 1], 1),
        (True, [0, -1], 0),
        (False, [0, -1], 0),
    ]
    ex2 = generate("notes_002_example2")
    assert _textbook_first_epoch(ex2.X, ex2.y) == [
        (True, [0, 0], 1),
        (False, [0, 0], 1),
        (True, [0, -1], 0),
        (True, [-1, -1], -1),
    ]


def test_notes_rule_004():
    ds = generate("notes_rule_004", seed=11)
    assert ds.n == 100 and ds.class_names == ("0", "1")
    assert ((ds.X >= 0) & (ds.X < 1)).all()
    rule = 0.7 * ds.X[:, 0] + 0.4 * ds.X[:, 1] > 0.5
    assert np.array_equal(rule, ds.y == 1)


def test_ordering_85_is_fixed_and_separable():
    ds = generate("ordering_85", seed=0)
    other = generate("ordering_85", seed=9)
    assert ds.n == 85 and np.array_equal(other.X, ds.X) and np.array_equal(other.y, ds.y)
    assert hull_margin(ds.X, ds.y) > 0.01
    # Different visiting orders take different numbers of epochs (002 section 6.1).
    rng = np.random.default_rng(0)
    epochs = set()
    for _ in range(8):
        order = rng.permutation(ds.n)
        w, b = np.zeros(2), 0.0
        for epoch in range(1, 1000):
            mistakes = 0
            for i in order:
                if ds.y[i] * (ds.X[i] @ w + b) <= 0:
                    w, b, mistakes = w + ds.y[i] * ds.X[i], b + ds.y[i], mistakes + 1
            if not mistakes:
                epochs.add(epoch)
                break
    assert len(epochs) >= 3


def test_iris_matches_plotly_and_separability():
    import plotly.express as px

    iris = px.data.iris()
    a = generate("iris_setosa_versicolor")
    part = iris[iris.species.isin(["setosa", "versicolor"])]
    assert a.feature_names == ("petal_length", "petal_width")
    assert a.class_names == ("setosa", "versicolor")
    assert np.array_equal(a.X, part[["petal_length", "petal_width"]].to_numpy())
    assert np.array_equal(a.y == 1, (part.species == "versicolor").to_numpy())
    assert hull_margin(a.X, a.y) > 0.1
    b = generate("iris_versicolor_virginica")
    assert b.class_names == ("versicolor", "virginica") and b.n == 100
    assert engine_theory(a.X, a.y).separable
    assert not engine_theory(b.X, b.y).separable


def test_manual_generator_is_empty():
    ds = generate("manual")
    assert ds.n == 0 and ds.d == 2
    assert ds.with_points_added((1, 1), 1).n == 1


def test_separable_flag_holds_for_fixed_data():
    for name, spec in GENERATORS.items():
        if spec.separable is None or not spec.default_n:
            continue
        ds = generate(name, seed=0)
        assert engine_theory(ds.X, ds.y).separable == spec.separable, name


def test_generator_functions_are_callable_directly():
    X, y, extra = datasets.separable(10, np.random.default_rng(0), margin=0.3)
    ds = generate("separable", n=10, seed=0, margin=0.3)
    assert np.array_equal(X, ds.X) and np.array_equal(y, ds.y)
    assert math.isclose(extra["separator"][0] ** 2 + extra["separator"][1] ** 2, 1.0)
