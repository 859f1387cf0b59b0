"""The one dataset contract: an immutable value with points, +-1 labels, names and origin."""

from __future__ import annotations

import hashlib
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import numpy as np

from ._errors import DatasetError
from ._limits import MAX_ABS_VALUE
from ._params import Params
from ._scaling import Scaling, normalise_preprocessing, scale_features
from ._tokens import DECIMAL, NA_TOKENS
from ._write import csv_text

_LIMIT_TEXT = f"{MAX_ABS_VALUE:.0e}".replace("e+", "e")  # "1e100"


def check_magnitude(X: np.ndarray, names: tuple[str, ...]) -> None:
    """Raise DatasetError naming the first column with a value beyond ``MAX_ABS_VALUE``."""
    if X.size == 0:
        return
    # One pass over the whole (contiguous) array first: the common case, nothing too big.
    if max(float(np.max(X)), -float(np.min(X))) <= MAX_ABS_VALUE:
        return
    peak = np.abs(X).max(axis=0)
    for j in np.flatnonzero(peak > MAX_ABS_VALUE):
        column = X[:, j]
        worst = float(column[np.argmax(np.abs(column))])
        direction = "up to" if worst > 0 else "down to"
        raise DatasetError(
            f"column {names[j]!r} has values {direction} {worst:.1e}: rescale the column "
            f"(values must stay below {_LIMIT_TEXT})",
            code="load.too_large_up" if worst > 0 else "load.too_large_down",
            fields={"column": names[j], "worst": worst, "limit": _LIMIT_TEXT},
        )


def _format_number(value: float, pair: set[float]) -> str:
    if value.is_integer() and abs(value) < 2**53:
        # "+1" reads better than "1" next to "-1" in a legend, and it is what the loader
        # names the class of a -1/+1 column, so the name survives a round trip.
        if value == 1 and pair == {-1.0, 1.0}:
            return "+1"
        return str(int(value))
    return repr(value)


def canonical_class_names(names: Iterable[Any]) -> tuple[str, str]:
    """Validate two class names; numeric names get the loader's canonical spelling."""
    names = tuple(str(v).strip() for v in names)
    if len(names) != 2:
        raise DatasetError(f"a dataset has exactly two class names, got {len(names)}: {names}")
    if all(DECIMAL.fullmatch(v) for v in names):
        values = [float(v) for v in names]
        if all(math.isfinite(v) for v in values):
            names = tuple(_format_number(v, set(values)) for v in values)
    if not all(names):
        raise DatasetError("class names must not be empty")
    for name in names:
        # A CSV reader would take these for a missing or infinite value, so the class
        # could not survive an export.
        if name in NA_TOKENS or name.casefold().lstrip("+-") in ("inf", "infinity"):
            raise DatasetError(f"class name {name!r} reads as a missing value: rename it")
    if names[0] == names[1]:
        raise DatasetError(f"the two class names must differ, both are {names[0]!r}")
    return names


def _owned_copy(array: Any, dtype: type) -> np.ndarray:
    """A private C-contiguous copy, unless ``array`` already is one nobody can write to.

    A read-only array that owns its memory cannot change under us, so large arrays made
    by the loader are kept as they are instead of being copied again.
    """
    if (
        isinstance(array, np.ndarray)
        and array.dtype == dtype
        and array.flags.c_contiguous
        and array.flags.owndata
        and not array.flags.writeable
    ):
        return array
    return np.array(array, dtype=dtype, order="C", copy=True)


def _locked(array: np.ndarray) -> np.ndarray:
    array.flags.writeable = False
    return array


@dataclass(frozen=True, eq=False, repr=False)
class Dataset:
    """A labelled point set: the one contract behind every chart, generator and file.

    Instances are immutable; every edit returns a new Dataset, so undo is keeping the
    previous value.

    Parameters
    ----------
    X : array_like of shape (n, d)
        Points; stored as read-only, C-contiguous float64. ``n`` may be 0.
    y : array_like of shape (n,)
        Labels, each -1 or +1; stored as read-only int64.
    feature_names : tuple of str, optional
        One name per column; defaults to ``("x1", ..., "xd")``.
    class_names : tuple of (str, str)
        Names of the -1 class and of the +1 class, e.g. ``("setosa", "versicolor")``.
    source : str
        Where the data came from, for people: ``"separable(n=100, margin=0.2, seed=0)"``
        or ``"iris.csv"``.
    params : mapping
        Where it came from, for machines: generator name and parameters, or file details
        including ``dropped_rows``.
    preprocessing : str
        One of ``PREPROCESSING``; set by :meth:`preprocessed`.
    scaling : Scaling, optional
        What the preprocessing did (shift and divisor per column).
    base : Dataset, optional
        The unscaled dataset when ``preprocessing != "none"``.

    Examples
    --------
    >>> ds = Dataset([[0.0, 1.0], [1.0, 0.0]], [1, -1])
    >>> ds.n, ds.d, ds.class_names
    (2, 2, ('-1', '+1'))
    """

    X: np.ndarray
    y: np.ndarray
    feature_names: tuple[str, ...] | None = None
    class_names: tuple[str, str] = ("-1", "+1")
    source: str = "manual"
    params: Mapping[str, Any] = field(default_factory=dict)
    preprocessing: str = "none"
    scaling: Scaling | None = None
    base: Dataset | None = None

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        names = None if self.feature_names is None else tuple(self.feature_names)
        try:
            X = _owned_copy(self.X, np.float64)
        except (TypeError, ValueError) as exc:
            raise DatasetError(f"points must be numbers: {exc}") from None
        if X.size == 0 and X.ndim < 2:
            X = X.reshape(0, len(names) if names is not None else 2)
        if X.ndim != 2:
            raise DatasetError(f"points must be a 2-D array (n, d), got shape {X.shape}")
        n, d = X.shape
        if not np.isfinite(X).all():
            bad = int(np.flatnonzero(~np.isfinite(X).all(axis=1))[0])
            raise DatasetError(f"point {bad} has a missing or infinite coordinate: {X[bad]}")
        y = np.asarray(self.y)
        if y.size == 0:
            y = np.zeros(0, dtype=np.int64)
        if y.ndim != 1 or y.shape[0] != n:
            raise DatasetError(f"labels must have shape ({n},) to match the points, got {y.shape}")
        if y.dtype.kind not in "iuf" or not ((y == 1) | (y == -1)).all():
            raise DatasetError("labels must be -1 or +1 (map your classes first)")
        if names is None:
            names = tuple(f"x{j + 1}" for j in range(d))
        names = tuple(str(v).strip() for v in names)
        if len(names) != d:
            raise DatasetError(f"{len(names)} feature names for {d} columns: {names}")
        if not all(names) or len(set(names)) != d:
            raise DatasetError(f"feature names must be non-empty and distinct: {names}")
        kind = normalise_preprocessing(self.preprocessing)
        if kind == "none":  # scaled data comes from raw data that was checked
            check_magnitude(X, names)
        scaling = self.scaling or Scaling(kind, (0.0,) * d, (1.0,) * d)
        set_(self, "X", _locked(X))
        set_(self, "y", _locked(_owned_copy(y, np.int64)))
        set_(self, "feature_names", names)
        set_(self, "class_names", canonical_class_names(self.class_names))
        set_(self, "source", str(self.source))
        set_(self, "params", Params(self.params))
        set_(self, "preprocessing", kind)
        set_(self, "scaling", scaling)

    # -- conveniences -------------------------------------------------------------------

    @property
    def n(self) -> int:
        """Number of points."""
        return int(self.X.shape[0])

    @property
    def d(self) -> int:
        """Number of features."""
        return int(self.X.shape[1])

    def __len__(self) -> int:
        return self.n

    @cached_property
    def digest(self) -> str:
        """A digest of the points and labels (blake2b of X's shape and bytes, then y's):
        equal data gives the equal digest, any other value, label or order of the rows
        another. Hashed once per dataset (it is immutable), so whatever is keyed by the
        data (a run, a cache entry) reads this instead of hashing the arrays again.

        Examples
        --------
        >>> a = Dataset([[0.0, 1.0], [1.0, 0.0]], [1, -1])
        >>> a.digest == Dataset([[0.0, 1.0], [1.0, 0.0]], [1, -1], source="a copy").digest
        True
        >>> a.digest == Dataset([[1.0, 0.0], [0.0, 1.0]], [-1, 1]).digest  # rows swapped
        False
        """
        h = hashlib.blake2b(repr(self.X.shape).encode(), digest_size=20)
        h.update(self.X.data)  # read-only and C-contiguous (__post_init__)
        h.update(self.y.data)
        return h.hexdigest()

    @property
    def positive_name(self) -> str:
        """Name of the +1 class."""
        return self.class_names[1]

    @property
    def negative_name(self) -> str:
        """Name of the -1 class."""
        return self.class_names[0]

    @property
    def counts(self) -> tuple[int, int]:
        """Number of -1 points and of +1 points."""
        n_pos = int(np.count_nonzero(self.y == 1))
        return self.n - n_pos, n_pos

    @property
    def raw(self) -> Dataset:
        """The dataset before preprocessing (itself when none is applied)."""
        return self.base if self.base is not None else self

    def __repr__(self) -> str:
        return (
            f"Dataset(n={self.n}, d={self.d}, source={self.source!r}, "
            f"feature_names={self.feature_names!r}, class_names={self.class_names!r}, "
            f"preprocessing={self.preprocessing!r})"
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Dataset):
            return NotImplemented
        return (
            self.X.shape == other.X.shape
            and np.array_equal(self.X, other.X)
            and np.array_equal(self.y, other.y)
            and self.feature_names == other.feature_names
            and self.class_names == other.class_names
            and self.source == other.source
            and self.params == other.params
            and self.preprocessing == other.preprocessing
        )

    def __hash__(self) -> int:
        return hash((self.X.shape, self.feature_names, self.class_names, self.source))

    def __reduce__(self) -> tuple[type[Dataset], tuple[Any, ...]]:
        # Through the constructor, so an unpickled copy (st.session_state, cache_data) is
        # validated and read-only again; pickle alone would hand back writeable arrays.
        return (
            Dataset,
            (
                self.X,
                self.y,
                self.feature_names,
                self.class_names,
                self.source,
                self.params,
                self.preprocessing,
                self.scaling,
                self.base,
            ),
        )

    # -- manual editing: every edit returns a new value ---------------------------------

    def _label_values(self, labels: Any, k: int) -> np.ndarray:
        values = np.atleast_1d(np.asarray(labels, dtype=object))
        if values.size == 1 and k > 1:
            values = np.repeat(values, k)
        if values.size != k:
            raise DatasetError(f"{values.size} labels for {k} points")
        out = np.empty(k, dtype=np.int64)
        for i, value in enumerate(values):
            if isinstance(value, str) and value.strip() in self.class_names:
                out[i] = 1 if value.strip() == self.class_names[1] else -1
            elif isinstance(value, int | float | np.number) and value in (-1, 1):
                out[i] = int(value)
            elif str(value).strip() in ("+1", "1", "-1"):
                out[i] = int(str(value).strip())
            else:
                raise DatasetError(
                    f"label {value!r} is neither -1/+1 nor a class name {self.class_names}"
                )
        return out

    def _edited(self, X: np.ndarray, y: np.ndarray) -> Dataset:
        source = self.source
        if source != "manual" and not source.endswith(" (edited)"):
            source += " (edited)"
        params = dict(self.params)
        if source != "manual":
            params["edited"] = True
        return Dataset(X, y, self.feature_names, self.class_names, source, params)

    def with_points_added(self, points: Any, labels: Any) -> Dataset:
        """Return a new dataset with points appended (the manual-data "add a point").

        Parameters
        ----------
        points : array_like of shape (d,) or (k, d)
            One point, e.g. ``(0.5, 1.0)``, or several.
        labels : int, str or sequence
            -1/+1 or a class name, one per point (or one for all).

        Returns
        -------
        Dataset
            On a preprocessed dataset the points are taken in the shown (scaled)
            coordinates, added to the raw data, and the same preprocessing is applied again.
        """
        try:
            new = np.array(points, dtype=np.float64, ndmin=2)
        except (TypeError, ValueError):
            raise DatasetError(f"points must be numbers, got {points!r}") from None
        if new.ndim != 2 or new.shape[1] != self.d:
            raise DatasetError(f"each point needs {self.d} coordinates, got {np.shape(points)}")
        new_y = self._label_values(labels, new.shape[0])
        if self.preprocessing != "none":
            assert self.scaling is not None  # None only before __post_init__ fills it in
            raw = self.raw.with_points_added(self.scaling.invert(new), new_y)
            return raw.preprocessed(self.preprocessing)
        return self._edited(np.vstack([self.X, new]), np.concatenate([self.y, new_y]))

    def nearest_point(self, x: Any, y: float | None = None) -> int | None:
        """Index of the point nearest to ``(x, y)`` (or to the point ``x``); None if empty."""
        target = np.array(x if y is None else (x, y), dtype=np.float64).ravel()
        if target.shape != (self.d,):
            raise DatasetError(f"a position needs {self.d} coordinates, got {target.tolist()}")
        if self.n == 0:
            return None
        return int(np.argmin(((self.X - target) ** 2).sum(axis=1)))

    def without_point(self, index: int) -> Dataset:
        """Return a new dataset without the point at ``index``."""
        if not -self.n <= index < self.n:
            raise DatasetError(f"no point {index} in a dataset of {self.n} points")
        if self.preprocessing != "none":
            return self.raw.without_point(index).preprocessed(self.preprocessing)
        keep = np.ones(self.n, dtype=bool)
        keep[index] = False
        return self._edited(self.X[keep], self.y[keep])

    def without_point_nearest(
        self, x: Any, y: float | None = None, *, max_distance: float | None = None
    ) -> Dataset:
        """Return a new dataset without the point nearest a click at ``(x, y)``.

        Parameters
        ----------
        x, y : float
            The click, in the shown coordinates. ``x`` may also be a whole point.
        max_distance : float, optional
            Remove nothing if the nearest point is farther than this.

        Returns
        -------
        Dataset
            ``self`` unchanged when there is nothing (near enough) to remove.
        """
        index = self.nearest_point(x, y)
        if index is None:
            return self
        if max_distance is not None:
            target = np.array(x if y is None else (x, y), dtype=np.float64).ravel()
            if np.linalg.norm(self.X[index] - target) > max_distance:
                return self
        return self.without_point(index)

    def cleared(self) -> Dataset:
        """Return an empty dataset with the same feature and class names."""
        return Dataset(
            np.zeros((0, self.d)), np.zeros(0), self.feature_names, self.class_names, "manual"
        )

    # -- preprocessing and export -------------------------------------------------------

    def preprocessed(self, kind: str) -> Dataset:
        """Return the raw data centred, standardised or min-max scaled (002 section 11.4).

        Parameters
        ----------
        kind : {"none", "centre", "standardise", "minmax"}
            Always applied to the raw data, so toggling never compounds; "none" gives the
            raw dataset back.

        Returns
        -------
        Dataset
            With ``preprocessing == kind``, ``scaling`` saying what was done and ``raw``
            the unscaled dataset.
        """
        kind = normalise_preprocessing(kind)
        raw = self.raw
        if kind == "none":
            return raw
        assert raw.feature_names is not None  # None only before __post_init__ fills it in
        X, scaling = scale_features(raw.X, kind, raw.feature_names)
        return Dataset(
            X,
            raw.y,
            raw.feature_names,
            raw.class_names,
            raw.source,
            raw.params,
            kind,
            scaling,
            raw,
        )

    def to_csv(self) -> str:
        """Return CSV text that :func:`datasets.load_csv` reads back identically.

        Features are written at full (shortest round-trip) precision and the label column
        holds the class names; see :func:`datasets.to_csv`.
        """
        return to_csv(self)


def to_csv(dataset: Dataset) -> str:
    """Write ``dataset`` as CSV text that :func:`load_csv` reads back identically.

    One column per feature at shortest round-trip precision (``repr`` of each float, so
    values come back bit for bit), then a label column holding the class names. If the
    loader could not recover the same columns, header or +1 class on its own (say the +1
    class is "no"), a first line ``# perceptron-lab: ...`` records them.

    Parameters
    ----------
    dataset : Dataset
        With two classes present (the loader rejects one-class files).

    Returns
    -------
    str
    """
    return csv_text(dataset)


def empty(
    feature_names: tuple[str, ...] = ("x1", "x2"), class_names: tuple[str, str] = ("-1", "+1")
) -> Dataset:
    """Return an empty dataset to start manual data from (n = 0).

    Examples
    --------
    >>> ds = empty().with_points_added((0.5, 1.0), +1).with_points_added((1.0, 0.0), -1)
    >>> ds.n, ds.y.tolist()
    (2, [1, -1])
    """
    d = len(feature_names)
    return Dataset(np.zeros((0, d)), np.zeros(0), tuple(feature_names), class_names, "manual")
