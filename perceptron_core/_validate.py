"""Input checks shared by the engine's public functions.

Every problem a user can cause becomes a ``ValueError`` whose message names the bad value,
so the app can show it verbatim and notebook users see what to fix.
"""

from __future__ import annotations

from typing import Literal, SupportsFloat, overload

import numpy as np
from numpy.typing import ArrayLike

from ._loop import count_labels
from ._types import Bools, Floats


def check_X(X: ArrayLike, *, name: str = "X", allow_empty: bool = False) -> Floats:
    """Return ``X`` as a C-contiguous (n, d) float64 array or raise ``ValueError``."""
    try:
        arr = np.asarray(X, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{name} must be a numeric (n, d) array: {exc}") from None
    if arr.ndim != 2:
        raise ValueError(
            f"{name} must be a 2-D array of shape (n_samples, n_features); got shape {arr.shape}"
        )
    if arr.shape[0] == 0 and not allow_empty:
        raise ValueError(f"{name} is empty: there are no examples to learn from")
    if arr.shape[1] == 0:
        raise ValueError(f"{name} has no features (shape {arr.shape})")
    # A sum is non-finite whenever any entry is (NaN and inf propagate), and needs no
    # n x d temporary; only then look entry by entry (it may also just have overflowed).
    with np.errstate(over="ignore", invalid="ignore"):  # huge finite values may overflow it
        total = arr.sum()
    finite: Bools | None = None if np.isfinite(total) else np.isfinite(arr)
    if finite is not None and not finite.all():
        row = int(np.argwhere(~finite)[0, 0])
        bad = arr[row][~finite[row]][0]
        raise ValueError(
            f"{name} contains a non-finite value ({bad}) in row {row}: "
            "remove or fill rows with NaN or inf"
        )
    return np.ascontiguousarray(arr)


def check_y(y: ArrayLike, n: int, *, require_both: bool = True) -> Floats:
    """Return labels as a float64 array of -1.0/+1.0 or raise ``ValueError``."""
    arr = np.asarray(y)
    if arr.ndim != 1:
        raise ValueError(f"y must be a 1-D array of labels; got shape {arr.shape}")
    if arr.shape[0] != n:
        raise ValueError(f"X has {n} rows but y has {arr.shape[0]} labels; they must match")
    try:
        num = np.asarray(arr, dtype=np.float64)  # no copy when already float64
    except (TypeError, ValueError):
        values = sorted({str(v) for v in arr.tolist()})[:5]
        raise ValueError(f"labels must be -1 or +1; got values such as {values}") from None
    n_pos, n_neg = count_labels(np.ascontiguousarray(num))
    if n_pos + n_neg != n:
        bad = (num != 1.0) & (num != -1.0)
        values = sorted(set(arr[bad].tolist()), key=str)[:5]
        raise ValueError(
            f"labels must be -1 or +1; got {values}. Map your two classes to -1/+1 first"
        )
    if require_both and n > 0 and n_pos in (0, n):
        only = "+1" if n_pos else "-1"
        raise ValueError(
            f"y has only one class ({only}): the perceptron needs examples of both -1 and +1"
        )
    return np.ascontiguousarray(num)


def check_eta(eta: SupportsFloat | str) -> float:
    """Return the learning rate as a float or raise ``ValueError`` when it is not > 0."""
    try:
        val = float(eta)
    except (TypeError, ValueError):
        raise ValueError(f"eta (the learning rate) must be a number; got {eta!r}") from None
    if not np.isfinite(val) or val <= 0.0:
        raise ValueError(f"eta (the learning rate) must be a finite number > 0; got {eta!r}")
    return val


@overload
def check_positive_int(value: object, name: str, *, allow_none: Literal[False] = ...) -> int: ...
@overload
def check_positive_int(value: object, name: str, *, allow_none: bool) -> int | None: ...
def check_positive_int(value: object, name: str, *, allow_none: bool = False) -> int | None:
    """Return ``value`` as an int >= 1 (or None when allowed) or raise ``ValueError``."""
    if value is None and allow_none:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise ValueError(f"{name} must be a whole number >= 1; got {value!r}")
    if value < 1:
        raise ValueError(f"{name} must be >= 1; got {value}")
    return int(value)


#: Largest |x| * max(1, eta) (and |w0|, |b0|) a run accepts: products w.x then stay far below
#: the float range (about 1.8e308) however many updates a run makes.
MAX_MAGNITUDE = 1e100


def check_magnitude(
    X: Floats, eta: float = 1.0, w0: ArrayLike | None = None, b0: float = 0.0
) -> None:
    """Raise ``ValueError`` when a run on X could overflow (w.x = inf or nan).

    Every update adds eta * y * x to w, so w grows like eta * |x| and w.x like
    eta * |x|^2: values up to 1e100 (times eta when eta > 1) are safe, larger ones are not.
    Tiny values are fine (w.x may underflow to 0, which is a tie, never a nan).
    """
    # max and -min: no |X| temporary (40 MB and 8 ms at 1e5 x 50, a tenth of a run's time).
    top = max(float(np.max(X)), -float(np.min(X))) if X.size else 0.0
    if top * max(1.0, eta) > MAX_MAGNITUDE:
        scaled = f" times eta = {eta:g}" if eta > 1.0 else ""
        raise ValueError(
            f"X has values up to {top:.1e}{scaled}: w·x would overflow; rescale the columns "
            f"(values{' times eta' if scaled else ''} must stay below 1e100)"
        )
    start = [abs(float(b0))]
    if w0 is not None and np.size(w0):
        start.append(float(np.max(np.abs(w0))))
    if max(start) > MAX_MAGNITUDE:
        raise ValueError(
            f"w0/b0 have values up to {max(start):.1e}: w·x would overflow; start from "
            f"smaller weights (they must stay below 1e100)"
        )
