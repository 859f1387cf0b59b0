"""Parameter declarations, the generator registry and ``generate``.

The registry is plain data: the app builds its select box, sliders and shareable URL from
it, and the URL only ever stores a generator name, its parameter values and the seed.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ._dataset import Dataset
from ._errors import DatasetError

# Label noise draws from its own stream, so noise=0 leaves the points of a seed untouched
# and raising the noise only changes which labels flip.
_NOISE_STREAM = 0x6E6F697365  # "noise"


@dataclass(frozen=True)
class Param:
    """One generator parameter: what a slider needs and what a URL stores.

    Attributes
    ----------
    name : str
        Keyword passed to the generator.
    label : str
        Widget label.
    default : float, int, str or bool
    min, max, step : float or int, optional
        Range (inclusive) and widget step for "float" and "int" parameters.
    kind : {"float", "int", "choice", "bool"}
    help : str
        One sentence for the widget's tooltip.
    choices : tuple
        Allowed values of a "choice" parameter.
    optional : bool
        True when None is also accepted (e.g. ``angle=None`` draws the angle from the seed).
    """

    name: str
    label: str
    default: Any
    min: float | int | None = None
    max: float | int | None = None
    step: float | int | None = None
    kind: str = "float"
    help: str = ""
    choices: tuple[Any, ...] = ()
    optional: bool = False

    def validate(self, value: Any, owner: str = "") -> Any:
        """Return ``value`` converted to this parameter's type, or raise DatasetError.

        Numeric strings (as read back from a URL) are accepted for numbers.
        """
        where = f" of {owner!r}" if owner else ""
        if value is None and self.optional:
            return None
        if self.kind == "bool":
            if isinstance(value, bool | np.bool_):
                return bool(value)
            text = str(value).strip().lower()
            if text in ("true", "1", "yes", "on"):
                return True
            if text in ("false", "0", "no", "off"):
                return False
            raise DatasetError(f"{self.name}{where} must be true or false, got {value!r}")
        if self.kind == "choice":
            if value not in self.choices:
                options = ", ".join(repr(c) for c in self.choices)
                raise DatasetError(f"{self.name}{where} must be one of {options}, got {value!r}")
            return value
        number = _as_number(value)
        if number is None:
            raise DatasetError(f"{self.name}{where} must be a number, got {value!r}")
        if self.kind == "int":
            if not number.is_integer():
                raise DatasetError(f"{self.name}{where} must be a whole number, got {value!r}")
            number = int(number)
        if (self.min is not None and number < self.min) or (
            self.max is not None and number > self.max
        ):
            raise DatasetError(
                f"{self.name}={value!r}{where} is outside its range [{self.min}, {self.max}]"
            )
        return number


def _as_number(value: Any) -> float | None:
    if isinstance(value, bool | np.bool_):
        return None
    if isinstance(value, str):
        try:
            value = float(value.strip())
        except ValueError:
            return None
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return number if math.isfinite(number) else None


MAX_GENERATED_N = 20_000
"""The most points a generator makes (the Playground's drawing limit)."""

NOISE = Param(
    "noise",
    "Label noise",
    0.0,
    0.0,
    0.5,
    0.01,
    "float",
    "Fraction of labels flipped at random (exactly round(noise * n) of them), on any dataset.",
)
"""The label-noise parameter every generator accepts through :func:`generate`."""


@dataclass(frozen=True)
class GeneratorSpec:
    """A registered dataset: the generator and everything a UI needs to drive it.

    Attributes
    ----------
    name : str
        Registry key, stored in URLs.
    label : str
        Select-box text.
    description : str
        One sentence a lecturer reads.
    func : callable
        ``func(n, rng, **params)`` returning ``(X, y)``, ``(X, y, extra_params)`` or a
        Dataset; y holds -1/+1.
    params : tuple of Param
    default_n : int
    n_range : (int, int)
        Inclusive range of n.
    fixed_n : bool
        True for the notes' fixed datasets, which ignore n.
    uses_seed : bool
        False when the data is the same for every seed (the seed then only drives noise).
    separable : bool or None
        True when linearly separable by construction, False when never, None when it
        depends on the parameters (always before label noise).
    feature_names, class_names : tuple of str
        Names used when ``func`` returns bare arrays.
    """

    name: str
    label: str
    description: str
    func: Callable[..., Any]
    params: tuple[Param, ...] = ()
    default_n: int = 100
    n_range: tuple[int, int] = (2, MAX_GENERATED_N)
    fixed_n: bool = False
    uses_seed: bool = True
    separable: bool | None = None
    feature_names: tuple[str, ...] = ("x1", "x2")
    class_names: tuple[str, str] = ("-1", "+1")
    param_index: Mapping[str, Param] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "param_index", {p.name: p for p in self.params})

    @property
    def defaults(self) -> dict[str, Any]:
        """Parameter name -> default value."""
        return {p.name: p.default for p in self.params}

    def validate(self, n: Any = None, **params: Any) -> tuple[int, dict[str, Any]]:
        """Check n and the parameters against this spec; fill in defaults.

        Returns
        -------
        n : int
        params : dict
            Every parameter, validated, in declaration order.
        """
        unknown = sorted(set(params) - set(self.param_index))
        if unknown:
            names = ", ".join(p.name for p in self.params) or "none"
            raise DatasetError(
                f"unknown parameter {unknown[0]!r} for {self.name!r}; its parameters are: {names}"
            )
        values = {
            p.name: p.validate(params[p.name], self.name) if p.name in params else p.default
            for p in self.params
        }
        if self.fixed_n or n is None:
            n = self.default_n
        else:
            low, high = self.n_range
            number = _as_number(n)
            if number is None or not number.is_integer() or not low <= number <= high:
                raise DatasetError(
                    f"n={n!r} for {self.name!r} must be a whole number in [{low}, {high}]"
                )
            n = int(number)
        return n, values


def _validate_seed(seed: Any) -> int:
    number = _as_number(seed)
    if number is None or not number.is_integer() or number < 0:
        raise DatasetError(f"seed must be a whole number >= 0, got {seed!r}")
    return int(number)


def _fmt(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.6g}"
    return repr(value) if isinstance(value, str) else str(value)


GENERATORS: dict[str, GeneratorSpec] = {}
"""The registry, in select-box order: name -> GeneratorSpec."""


def register(spec: GeneratorSpec) -> GeneratorSpec:
    """Add ``spec`` to :data:`GENERATORS` (a later spec with the same name replaces it)."""
    GENERATORS[spec.name] = spec
    return spec


def flip_labels(y: np.ndarray, noise: float, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Flip exactly ``round(noise * n)`` labels chosen by the seed's noise stream.

    Returns
    -------
    y_noisy : ndarray of int64
    flipped : ndarray of int
        Sorted indices of the flipped labels.
    """
    y = np.array(y, dtype=np.int64)
    k = int(round(noise * y.size))
    rng = np.random.default_rng([seed, _NOISE_STREAM])
    flipped = np.sort(rng.choice(y.size, size=k, replace=False)) if k else np.zeros(0, int)
    y[flipped] = -y[flipped]
    return y, flipped


def generate(
    name: str, n: int | None = None, seed: int = 0, noise: float = 0.0, **params: Any
) -> Dataset:
    """Make a registered dataset: same name, n, seed and parameters give the same data.

    Parameters
    ----------
    name : str
        A key of :data:`GENERATORS`, e.g. ``"separable"``.
    n : int, optional
        Number of points (default: the spec's ``default_n``; ignored by fixed datasets).
    seed : int
        Seeds ``np.random.default_rng`` for the points.
    noise : float
        Fraction of labels to flip, in [0, 0.5]; drawn from a separate stream of the same
        seed, so ``noise=0`` gives exactly the points of a call without it.
    **params
        The generator's parameters (see ``GENERATORS[name].params``).

    Returns
    -------
    Dataset
        ``params`` holds the generator name, n, seed, noise, every parameter value, any
        extra facts (``separator`` for "separable") and ``flipped`` label indices.

    Raises
    ------
    DatasetError
        Unknown name or parameter, or a value outside its range.

    Examples
    --------
    >>> ds = generate("separable", n=100, seed=0, margin=0.2)
    >>> ds.X.shape, ds.source
    ((100, 2), 'separable(n=100, margin=0.2, seed=0)')
    """
    spec = GENERATORS.get(name)
    if spec is None:
        raise DatasetError(f"unknown dataset {name!r}; choose one of {', '.join(GENERATORS)}")
    n, values = spec.validate(n, **params)
    seed = _validate_seed(seed)
    noise = NOISE.validate(noise, name)
    out = spec.func(n, np.random.default_rng(seed), **values)
    extra: dict[str, Any] = {}
    if isinstance(out, Dataset):
        X, y, feature_names, class_names = out.X, out.y, out.feature_names, out.class_names
        extra = dict(out.params)
    else:
        X, y = out[0], out[1]
        if len(out) > 2:
            extra = dict(out[2])
        feature_names, class_names = spec.feature_names, spec.class_names
    y, flipped = flip_labels(y, noise, seed)
    shown = [f"{k}={_fmt(values[k])}" for k in values if k in params]
    if not spec.fixed_n:
        shown.insert(0, f"n={len(y)}")
    if noise:
        shown.append(f"noise={_fmt(noise)}")
    if spec.uses_seed or noise:
        shown.append(f"seed={seed}")
    source = f"{name}({', '.join(shown)})" if shown else name
    meta = {"generator": name, "n": len(y), "seed": seed, "noise": noise}
    meta.update(values)
    meta.update(extra)
    meta["flipped"] = flipped
    return Dataset(X, y, feature_names, class_names, source, meta)
