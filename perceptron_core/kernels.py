"""Kernels of the kernel perceptron (dual form)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from . import _loop
from ._types import Floats

_KINDS = {"linear": _loop.K_LINEAR, "poly": _loop.K_POLY, "rbf": _loop.K_RBF}
_ALIASES = {"polynomial": "poly", "gaussian": "rbf"}


@dataclass(frozen=True)
class Kernel:
    """A kernel K(a, b).

    - ``linear``: a.b + 1 (the augmented dot product, so the kernel perceptron makes
      exactly the primal perceptron's mistakes);
    - ``poly``: (1 + a.b)^degree (001, section 1.5);
    - ``rbf``: exp(-gamma ||a - b||^2).
    """

    name: str = "linear"
    degree: int = 2
    gamma: float = 1.0

    def __post_init__(self) -> None:
        name = _ALIASES.get(self.name, self.name)
        if name not in _KINDS:
            raise ValueError(f"unknown kernel {self.name!r}; choose one of {sorted(_KINDS)}")
        object.__setattr__(self, "name", name)
        if isinstance(self.degree, bool) or int(self.degree) != self.degree or self.degree < 1:
            raise ValueError(f"kernel degree must be a whole number >= 1; got {self.degree!r}")
        object.__setattr__(self, "degree", int(self.degree))
        if not np.isfinite(self.gamma) or self.gamma <= 0:
            raise ValueError(f"kernel gamma must be > 0; got {self.gamma!r}")
        object.__setattr__(self, "gamma", float(self.gamma))

    @property
    def kind(self) -> int:
        return _KINDS[self.name]

    def __call__(self, a: ArrayLike, b: ArrayLike) -> float:
        return float(self.matrix(np.atleast_2d(a), np.atleast_2d(b))[0, 0])

    def matrix(self, A: ArrayLike, B: ArrayLike) -> Floats:
        """K(A[i], B[j]) for all pairs, computed exactly as in the training loop."""
        A = np.ascontiguousarray(A, dtype=np.float64)
        B = np.ascontiguousarray(B, dtype=np.float64)
        out = np.empty((A.shape[0], B.shape[0]))
        _loop.kernel_matrix(self.kind, self.degree, self.gamma, A, B, out)
        return out

    def describe(self) -> str:
        if self.name == "linear":
            return "K(a, b) = a·b + 1"
        if self.name == "poly":
            return f"K(a, b) = (1 + a·b)^{self.degree}"
        return f"K(a, b) = exp(-{self.gamma:g}·||a - b||²)"


def as_kernel(kernel: Kernel | str | dict[str, Any] | None) -> Kernel:
    """Accept None (linear), a name ("linear", "poly", "rbf") or a ``Kernel``."""
    if kernel is None:
        return Kernel("linear")
    if isinstance(kernel, Kernel):
        return kernel
    if isinstance(kernel, str):
        return Kernel(kernel)
    if isinstance(kernel, dict):
        return Kernel(**kernel)
    raise ValueError(f"kernel must be None, a name or a Kernel; got {kernel!r}")
