"""Preprocessing (002 section 11.4): centre, standardise or min-max scale the features."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._errors import DatasetError

PREPROCESSING: dict[str, str] = {
    "none": "No scaling",
    "centre": "Centred",
    "standardise": "Standardised",
    "minmax": "Min-max scaled",
}
"""Preprocessing kinds (002 section 11.4) and the label a chart shows for each."""

# American spellings and obvious variants, so a notebook user is not punished for them.
_PREPROCESSING_ALIASES = {
    "center": "centre",
    "centered": "centre",
    "centred": "centre",
    "standardize": "standardise",
    "standardized": "standardise",
    "standardised": "standardise",
    "zscore": "standardise",
    "z-score": "standardise",
    "min-max": "minmax",
    "min_max": "minmax",
    "": "none",
}


@dataclass(frozen=True)
class Scaling:
    """What a preprocessing step did: ``X_shown = (X_raw - shift) / scale`` per column.

    Attributes
    ----------
    kind : str
        One of the keys of ``PREPROCESSING``.
    shift, scale : tuple of float
        Per-column shift and divisor (0 and 1 for "none").
    constant_columns : tuple of str
        Columns whose spread is zero: they are only shifted (a standardised constant column
        is left centred instead of dividing by zero).
    """

    kind: str = "none"
    shift: tuple[float, ...] = ()
    scale: tuple[float, ...] = ()
    constant_columns: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        """The chart label, e.g. ``"Standardised"``."""
        return PREPROCESSING[self.kind]

    def describe(self) -> str:
        """One sentence for the chart caption, naming any constant column."""
        text = {
            "none": "No scaling: the raw features.",
            "centre": "Centred: each feature minus its mean.",
            "standardise": "Standardised: (x - mean) / standard deviation per feature.",
            "minmax": "Min-max scaled: (x - min) / (max - min) per feature.",
        }[self.kind]
        if self.constant_columns:
            names = ", ".join(repr(c) for c in self.constant_columns)
            what = "centred" if self.kind == "standardise" else "shifted"
            text += f" Constant column {names} was only {what}."
        return text

    def invert(self, X: np.ndarray) -> np.ndarray:
        """Map points from the scaled coordinates back to the raw ones."""
        if self.kind == "none" or not self.shift:
            return np.asarray(X, dtype=np.float64)
        raw: np.ndarray = np.asarray(X, dtype=np.float64) * np.asarray(self.scale) + np.asarray(
            self.shift
        )
        return raw


def normalise_preprocessing(kind: str) -> str:
    """Return the canonical preprocessing key for ``kind`` or raise DatasetError."""
    key = str(kind).strip().lower()
    key = _PREPROCESSING_ALIASES.get(key, key)
    if key not in PREPROCESSING:
        options = ", ".join(repr(k) for k in PREPROCESSING)
        raise DatasetError(f"unknown preprocessing {kind!r}; choose one of {options}")
    return key


def scale_features(
    X: np.ndarray, kind: str, feature_names: tuple[str, ...] = ()
) -> tuple[np.ndarray, Scaling]:
    """Centre, standardise or min-max scale the columns of X (002 section 11.4).

    Parameters
    ----------
    X : ndarray of shape (n, d)
    kind : {"none", "centre", "standardise", "minmax"}
    feature_names : tuple of str, optional
        Used to name constant columns in the returned Scaling.

    Returns
    -------
    X_scaled : ndarray of shape (n, d)
    scaling : Scaling
        The shift and divisor per column, so the app can say what was done.
    """
    kind = normalise_preprocessing(kind)
    X = np.asarray(X, dtype=np.float64)
    n, d = X.shape
    names = tuple(feature_names) or tuple(f"x{j + 1}" for j in range(d))
    if kind == "none" or n == 0:
        return X.copy(), Scaling(kind, (0.0,) * d, (1.0,) * d, ())
    # Spreads are computed on columns divided by their largest deviation, so neither
    # squares of 1e100 overflow nor squares of 1e-300 underflow to a zero spread.
    constant = np.ptp(X, axis=0) == 0
    if kind == "centre":
        shift, scale = X.mean(axis=0), np.ones(d)
    elif kind == "minmax":
        shift = X.min(axis=0)
        scale = X.max(axis=0) - shift
    else:
        shift = X.mean(axis=0)
        deviation = X - shift
        peak = np.abs(deviation).max(axis=0)
        unit = np.where(peak > 0, peak, 1.0)
        scale = peak * np.sqrt(np.mean((deviation / unit) ** 2, axis=0))
    # Only an exact zero range counts as constant: a tiny std from rounding would blow
    # rounding noise up to +-1. A constant column is shifted by its value, to exact zeros.
    shift = np.where(constant, X[0], shift)
    scale = np.where(constant | (scale == 0), 1.0, scale)
    constant_names = tuple(names[j] for j in np.flatnonzero(constant))
    if kind == "centre":
        constant_names = ()
    scaled = (X - shift) / scale
    return scaled, Scaling(
        kind,
        tuple(float(v) for v in shift),
        tuple(float(v) for v in scale),
        constant_names,
    )
