"""The drawn points in a link: snapped to a grid and packed into a short URL-safe string."""

from __future__ import annotations

import base64
import math

import numpy as np

GRID = 1000  # drawn points are snapped to 1/1000, so a link reproduces them exactly


def snap(value: float) -> float:
    """A drawn coordinate on the 1/1000 grid the URL stores (a tenth of a pixel or less)."""
    return round(float(value) * GRID) / GRID


def encode_points(X, y) -> str:
    """Pack drawn points into a short URL-safe string (about 5.4 characters per point).

    Each coordinate is stored as an int16 on the 1/1000 grid (|x| <= 32.767), followed by
    one bit per label. Returns "" for no points.

    Raises
    ------
    ValueError
        A coordinate is off the grid's range or the labels are not -1/+1.
    """
    X = np.asarray(X, dtype=np.float64).reshape(-1, 2)
    y = np.asarray(y).reshape(-1)
    if X.shape[0] != y.shape[0]:
        raise ValueError(f"{X.shape[0]} points but {y.shape[0]} labels")
    if X.shape[0] == 0:
        return ""
    if not np.isin(y, (-1, 1)).all():
        raise ValueError("labels must be -1 or +1")
    q = np.rint(X * GRID)
    if not np.isfinite(q).all() or np.abs(q).max() > 32767:
        raise ValueError("a drawn point is outside [-32.767, 32.767]: too far out for a link")
    count = X.shape[0].to_bytes(2, "little")
    coords = q.astype("<i2").tobytes()
    bits = np.packbits(y > 0, bitorder="little").tobytes()
    return "1" + base64.urlsafe_b64encode(count + coords + bits).decode().rstrip("=")


def decode_points(code: str) -> tuple[np.ndarray, np.ndarray]:
    """Unpack ``encode_points``: (X of shape (k, 2), y of -1/+1). Raises ValueError."""
    if not code:
        return np.zeros((0, 2)), np.zeros(0, dtype=np.int64)
    if not isinstance(code, str) or code[0] != "1":
        raise ValueError("the drawn points in the link are not in a known format")
    try:
        raw = base64.urlsafe_b64decode(code[1:] + "=" * (-len(code[1:]) % 4))
    except (ValueError, TypeError):
        raise ValueError("the drawn points in the link are damaged") from None
    if len(raw) < 2:
        raise ValueError("the drawn points in the link are damaged")
    k = int.from_bytes(raw[:2], "little")
    if len(raw) != 2 + 4 * k + math.ceil(k / 8):
        raise ValueError("the drawn points in the link are damaged (wrong length)")
    q = np.frombuffer(raw[2 : 2 + 4 * k], dtype="<i2").reshape(k, 2)
    bits = np.unpackbits(np.frombuffer(raw[2 + 4 * k :], dtype=np.uint8), bitorder="little")
    y = np.where(bits[:k] > 0, 1, -1).astype(np.int64)
    return q.astype(np.float64) / GRID, y
