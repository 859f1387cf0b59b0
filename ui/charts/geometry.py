"""Plane geometry of the charts: the view box, half-planes and lines clipped to it, where a
boundary out of view lies, and the view that follows a run's boundaries. Pure numpy."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

import perceptron_core as pc


@dataclass(frozen=True)
class Box:
    """Fixed axis ranges of the chart: a square, so equal aspect fills the plot."""

    x0: float
    x1: float
    y0: float
    y1: float

    @property
    def span(self) -> float:
        return max(self.x1 - self.x0, self.y1 - self.y0)

    def contains(self, x: float, y: float, inset: float = 0.0) -> bool:
        pad = inset * self.span
        return self.x0 + pad <= x <= self.x1 - pad and self.y0 + pad <= y <= self.y1 - pad


def view_box(X, *, pad: float = 0.12, min_half: float = 1.0, include_origin: bool = False) -> Box:
    """A square box around the points (with padding), fixed for a dataset.

    ``min_half`` keeps a few close points from filling the screen; ``include_origin``
    keeps the origin in view (where the vector picture of an update starts).
    """
    X = np.asarray(X, dtype=np.float64).reshape(-1, 2)
    if X.shape[0] == 0:
        return Box(-min_half, min_half, -min_half, min_half)
    lo, hi = X.min(axis=0), X.max(axis=0)
    if include_origin:
        lo, hi = np.minimum(lo, 0.0), np.maximum(hi, 0.0)
    centre = lo / 2 + hi / 2  # no overflow near the float limit
    # Data far smaller than the minimum half-width (1e-20 kg) gets a box of its own scale.
    scale = float(np.max(np.abs(np.concatenate((lo, hi)))))
    if 0.0 < scale < 1e-3 * min_half:
        min_half = scale
    half = max(float((hi / 2 - lo / 2).max()) * (1 + 2 * pad), min_half)
    half = nice(half)
    cx, cy = (float(v) for v in centre)
    return Box(cx - half, cx + half, cy - half, cy + half)


def nice(value: float) -> float:
    """Round a half-width up to 1, 1.25, 1.5, 2, 2.5, 3, 4, 5, 6, 8 times a power of 10, so
    the axes have readable ticks."""
    exp = math.floor(math.log10(value))
    base = value / 10.0**exp
    for step in (1.0, 1.25, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0):
        if base <= step + 1e-12:
            return step * 10.0**exp
    return 10.0 ** (exp + 1)


def activations(X, w, b: float) -> np.ndarray:
    """w.x + b for every row, in the engine's order (``perceptron_core.activations``)."""
    return pc.activations(X, w, b)


def clip_half_plane(poly: np.ndarray, w, b: float, sign: float) -> np.ndarray:
    """The part of a convex polygon where sign * (w.x + b) >= 0 (Sutherland-Hodgman)."""
    if poly.shape[0] == 0:
        return poly
    s = sign * (poly @ np.asarray(w, dtype=np.float64) + b)
    out = []
    k = poly.shape[0]
    for i in range(k):
        p, q = poly[i], poly[(i + 1) % k]
        sp, sq = s[i], s[(i + 1) % k]
        if sp >= 0:
            out.append(p)
        if (sp >= 0) != (sq >= 0):
            t = sp / (sp - sq)
            out.append(p + t * (q - p))
    return np.array(out).reshape(-1, 2)


def box_polygon(box: Box) -> np.ndarray:
    return np.array([[box.x0, box.y0], [box.x1, box.y0], [box.x1, box.y1], [box.x0, box.y1]])


def _box_crossings(w, b: float, box: Box, level: float) -> list[tuple[float, float]]:
    """Where the line w.x + b = level crosses the sides of the box (corners twice)."""
    pts = []
    for x in (box.x0, box.x1):
        if w[1] != 0:
            y = (level - b - w[0] * x) / w[1]
            if box.y0 - 1e-12 <= y <= box.y1 + 1e-12:
                pts.append((x, y))
    for y in (box.y0, box.y1):
        if w[0] != 0:
            x = (level - b - w[1] * y) / w[0]
            if box.x0 - 1e-12 <= x <= box.x1 + 1e-12:
                pts.append((x, y))
    return pts


def line_in_box(w, b: float, box: Box, level: float = 0.0) -> np.ndarray | None:
    """The segment of {x : w.x + b = level} inside the box, or None (w = 0 or outside)."""
    w = np.asarray(w, dtype=np.float64)
    if not np.any(w):
        return None
    with np.errstate(over="ignore"):  # a nearly flat line: its far ends are not in view
        pts = _box_crossings(w, b, box, level)
    if len(pts) < 2:
        return None
    pts_arr = np.array(pts)
    # The two points farthest apart (corners can appear twice).
    d = ((pts_arr[:, None, :] - pts_arr[None, :, :]) ** 2).sum(axis=2)
    i, j = np.unravel_index(int(np.argmax(d)), d.shape)
    if d[i, j] == 0:
        return None
    return pts_arr[[i, j]]


def lines_in_box(W, B, box: Box) -> tuple[list, list]:
    """The pieces in view of the lines w_i.x + b_i = 0 (rows of W, entries of B) as one
    trace's x and y, a None between pieces; lines that miss the view (or w_i = 0) left out."""
    xs: list = []
    ys: list = []
    for w, b in zip(np.asarray(W, dtype=np.float64).reshape(-1, 2), np.ravel(B), strict=True):
        seg = line_in_box(w, float(b), box)
        if seg is not None:
            xs += [float(seg[0, 0]), float(seg[1, 0]), None]
            ys += [float(seg[0, 1]), float(seg[1, 1]), None]
    return xs, ys


ARROWS_8 = "→↗↑↖←↙↓↘"  # toward a direction, by octant counter-clockwise from +x
SHORT = 0.06  # a boundary whose piece in view is shorter than this share of the view's side


def _chords(W, B, box: Box) -> tuple[np.ndarray, np.ndarray]:
    """For each line w.x + b = 0 (rows of W, entries of B, w != 0): the length of its piece
    inside the box and its point nearest the box's centre."""
    W = np.asarray(W, dtype=np.float64).reshape(-1, 2)
    B = np.asarray(B, dtype=np.float64).reshape(-1)
    c = np.array([box.x0 / 2 + box.x1 / 2, box.y0 / 2 + box.y1 / 2])
    h = np.array([box.x1 / 2 - box.x0 / 2, box.y1 / 2 - box.y0 / 2])
    norm = np.hypot(W[:, 0], W[:, 1])
    n = W / norm[:, None]
    s = -(W @ c + B) / norm  # signed distance from the centre to the line, along n
    nearest = c + s[:, None] * n
    u = np.stack([-n[:, 1], n[:, 0]], axis=1)  # along the line
    lo = np.full(len(B), -np.inf)
    hi = np.full(len(B), np.inf)
    for k in range(2):  # |s n_k + t u_k| <= h_k on each axis (a line on a side is in)
        p = s * n[:, k]
        hk = h[k] * (1 + 1e-12)
        with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
            a = (-hk - p) / u[:, k]
            b = (hk - p) / u[:, k]
        flat = u[:, k] == 0  # parallel to this axis' sides: all of it, or none, is between
        a = np.where(flat, -np.inf, a)
        b = np.where(flat, np.inf, b)
        lo = np.maximum(lo, np.minimum(a, b))
        hi = np.minimum(hi, np.maximum(a, b))
        hi = np.where(flat & (np.abs(p) > hk), lo, hi)
    return np.maximum(hi - lo, 0.0), nearest


def _off(w, b: float, box: Box) -> tuple[str, np.ndarray] | None:
    """(arrow, the line's point nearest the view's centre) when the view shows none of
    the line w.x + b = 0 or only a sliver (a corner); None when it is in view or w = 0."""
    w = np.asarray(w, dtype=np.float64).reshape(-1)
    if w.shape[0] != 2 or not np.any(w) or not np.all(np.isfinite(w)) or not np.isfinite(b):
        return None
    chord, nearest = _chords(w[None, :], [b], box)
    if chord[0] >= SHORT * box.span:
        return None
    dx = nearest[0, 0] - (box.x0 / 2 + box.x1 / 2)
    dy = nearest[0, 1] - (box.y0 / 2 + box.y1 / 2)
    octant = int(round(math.atan2(dy, dx) / (math.pi / 4))) % 8
    return ARROWS_8[octant], nearest[0]


def boundary_trace(w, b: float, box: Box, label: str = "boundary") -> dict:
    """The boundary's x, y and text: its segment in view; for one the view does not show
    (or shows only at a corner), also a word at the view's edge toward it ("boundary ↘"),
    so the legend keeps one entry per line while the chart says which way it is."""
    seg = line_in_box(w, b, box) if np.any(np.asarray(w) != 0) else None
    x, y = segment(seg)
    text = [""] * len(x)
    off = _off(w, b, box)
    if off is not None:
        arrow, nearest = off
        c = np.array([box.x0 / 2 + box.x1 / 2, box.y0 / 2 + box.y1 / 2])
        d = nearest - c
        reach = 0.9 * (box.span / 2) / max(float(np.abs(d).max()), 1e-300)
        px, py = c + d * min(1.0, reach)
        vertical = (
            "top" if d[1] < -abs(d[0]) / 3 else "bottom" if d[1] > abs(d[0]) / 3 else "middle"
        )
        horizontal = (
            "left" if d[0] > abs(d[1]) / 3 else "right" if d[0] < -abs(d[1]) / 3 else "center"
        )
        x, y = [*x, None, float(px)], [*y, None, float(py)]
        text = [*text, "", f"{label} {arrow}"]
        return dict(x=x, y=y, text=text, textposition=f"{vertical} {horizontal}")
    return dict(x=x, y=y, text=text, textposition="middle center")


FOLLOW_SHARE = 0.2  # the view follows boundaries seen badly if they are this share of a run's
FOLLOWED = 2_048  # boundaries of a run the view follows: the first ones, and as many spread


def follow_boundaries(
    box: Box, W, B, *, reach: float = 2.0, grow: float = 2.0, share: float = FOLLOW_SHARE
) -> Box:
    """The view grown (at most ``grow`` times as wide) so that the boundaries of a run
    that it would show only at a corner, or miss while passing within ``reach``
    half-widths of its centre, are seen: each one's point nearest the centre comes in
    with a margin (002 Example 2 after four visits: x1 + x2 = -1 only touches the corner
    of the data's view). Only when they are at least ``share`` of the run's boundaries
    (002's examples cycle through the same few: a quarter to a third of them): the
    occasional one of a long wandering run (XOR, 4%) would shrink the data to a third of
    the chart, so it is left out like farther ones (``boundary_trace`` says where)."""
    WB = np.column_stack(
        [np.asarray(W, dtype=np.float64).reshape(-1, 2), np.asarray(B, dtype=np.float64)]
    )
    if WB.shape[0] > 2 * FOLLOWED:  # a long run: its first boundaries, then a sample
        rest = np.linspace(FOLLOWED, WB.shape[0] - 1, FOLLOWED).astype(np.int64)
        WB = np.concatenate([WB[:FOLLOWED], WB[rest]])
    WB = WB[np.any(WB[:, :2] != 0, axis=1) & np.all(np.isfinite(WB), axis=1)]
    if WB.shape[0] == 0:
        return box
    half = box.span / 2
    chord, nearest = _chords(WB[:, :2], WB[:, 2], box)
    centre = np.array([box.x0 / 2 + box.x1 / 2, box.y0 / 2 + box.y1 / 2])
    far = np.hypot(*(nearest - centre).T)
    near = (chord < 4 * SHORT * box.span) & (far <= reach * half)
    if not np.any(near) or np.count_nonzero(near) < share * near.shape[0]:
        return box
    pad = 0.25 * half
    lo = np.minimum([box.x0, box.y0], nearest[near].min(axis=0) - pad)
    hi = np.maximum([box.x1, box.y1], nearest[near].max(axis=0) + pad)
    new_half = min(nice(float((hi - lo).max()) / 2), grow * half)
    mid = lo / 2 + hi / 2
    # The old view stays inside the new one (the data and the origin stay in view).
    cx = float(np.clip(mid[0], box.x1 - new_half, box.x0 + new_half))
    cy = float(np.clip(mid[1], box.y1 - new_half, box.y0 + new_half))
    return Box(cx - new_half, cx + new_half, cy - new_half, cy + new_half)


def closed(poly: np.ndarray) -> tuple[list, list]:
    """A polygon's x and y, closed (the first point again), for a filled trace; none below 3."""
    if poly.shape[0] < 3:
        return [], []
    return poly[:, 0].tolist() + [poly[0, 0]], poly[:, 1].tolist() + [poly[0, 1]]


def segment(seg: np.ndarray | None) -> tuple[list, list]:
    """A segment's x and y (none for None)."""
    return ([], []) if seg is None else (seg[:, 0].tolist(), seg[:, 1].tolist())


def band_polygon(w, b: float, half: float, box: Box) -> np.ndarray:
    """The band |w.x + b| <= half clipped to the box."""
    poly = clip_half_plane(box_polygon(box), w, b + half, 1.0)
    return clip_half_plane(poly, w, b - half, -1.0)


def widened(box: Box, factor: float) -> Box:
    """``box`` scaled by ``factor`` about its centre."""
    cx, cy = box.x0 / 2 + box.x1 / 2, box.y0 / 2 + box.y1 / 2
    hx, hy = (box.x1 - box.x0) / 2 * factor, (box.y1 - box.y0) / 2 * factor
    return Box(cx - hx, cx + hx, cy - hy, cy + hy)
