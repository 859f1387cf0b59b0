"""Pure figure builders for the Playground: arrays and plain values in, Plotly figures out.

Nothing here calls streamlit; from the engine only its rule (``activations``,
``mistakes``). The main chart always has the same traces in the same order (``TRACES``;
empty when they do not apply), so the animation's frames can update them by index and
tests can find them by name.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import plotly.graph_objects as go

import perceptron_core as pc
from ui import text
from ui.values import Update  # noqa: F401  (the vector-sum picture takes one)

# Okabe-Ito colours (safe for the common colour-vision deficiencies) plus marker shapes.
POS_COLOR = "#0072B2"  # blue, +1
NEG_COLOR = "#D55E00"  # vermillion, -1
POS_SYMBOL = "circle"
NEG_SYMBOL = "square"
POS_SHADE = "rgba(0, 114, 178, 0.08)"
NEG_SHADE = "rgba(213, 94, 0, 0.08)"
INK = "#222222"
USTAR_COLOR = "#009E73"  # bluish green: the maximum-margin separator u*
MARGIN_COLOR = "#CC79A7"  # reddish purple: the current margin
GHOST_COLOR = "#999999"
HALO = "0 0 2px white, 0 0 2px white, 0 0 3px white"  # CSS text-shadow: a white outline
GL_THRESHOLD = 1_000  # Scattergl (WebGL) above this many points: SVG gets slow
MAX_FRAMES = 300  # animation frames; longer runs are sampled evenly

TRACES = (
    "half-plane +1",
    "half-plane -1",
    "u* band",
    "u*",
    "margin band",
    "previous boundary",
    "boundary",
    "class -1",
    "class +1",
    "misclassified",
    "closest point",
    "visited",
    "w_old arrow",
    "step arrow",
    "w arrow",
    "vector labels",
)
ARROWS = ("w_old arrow", "step arrow", "w arrow")
T = {name: i for i, name in enumerate(TRACES)}
MAX_MARKED = 2_000  # misclassified points get a marker when there are at most this many
# At most 9 legend entries (u*, margin, previous boundary, boundary, two classes,
# misclassified, closest point, visited), two to a row: the room below the plot is fixed
# for all of them, so the plot never moves when an entry comes or goes between steps.
LEGEND_COLUMNS = 2
LEGEND_ROWS = 5


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


@dataclass(frozen=True)
class Style:
    """Sizes for the normal screen and for a projector (presenter mode)."""

    font: int = 14
    marker: float = 10.0
    line: float = 2.5
    height: int = 600
    legend_font: int = 12

    @staticmethod
    def of(presenter: bool, n: int) -> Style:
        scale = 1.5 if presenter else 1.0
        marker = 11.0 if n <= 100 else 8.0 if n <= 1_000 else 4.0
        return Style(
            font=int(round(14 * scale)),
            marker=marker * (1.35 if presenter else 1.0),
            line=2.5 * (1.4 if presenter else 1.0),
            height=720 if presenter else 600,
            # Two legend entries to a row must fit half of a narrow chart (1024 px screen),
            # so the legend grows less than the rest in presenter mode; 18 px is still
            # read from a lecture hall's back row.
            legend_font=18 if presenter else 12,
        )

    @property
    def left_room(self) -> int:
        """Pixels left of the plot: the y tick labels ("−0.5") and the axis title."""
        return max(50, int(round(self.font * 3.4)))

    @property
    def legend_gap(self) -> int:
        """Pixels from the plot's bottom edge to the legend: tick labels and axis title."""
        return legend_gap(self.font)

    @property
    def legend_room(self) -> int:
        """Pixels below the plot: the gap and LEGEND_ROWS rows of the legend."""
        row = max(self.legend_font * 1.5, self.legend_font + 9)  # Plotly's row, about
        return self.legend_gap + int(round(LEGEND_ROWS * row)) + 8


def legend_gap(font: float) -> int:
    """Pixels under a plot for its x tick labels and axis title at font size ``font``."""
    return int(round(font * 3.4))


# ---------------------------------------------------------------------- geometry
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
    half = _nice(half)
    cx, cy = (float(v) for v in centre)
    return Box(cx - half, cx + half, cy - half, cy + half)


def _nice(value: float) -> float:
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


def off_view(w, b: float, box: Box) -> str | None:
    """Where the boundary w.x + b = 0 is when the view shows none of it or only a sliver
    (a corner): an arrow from the view's centre toward its nearest point; None when it is
    in view (or w = 0: there is no line)."""
    off = _off(w, b, box)
    return None if off is None else off[0]


def boundary_trace(w, b: float, box: Box, label: str = "boundary") -> dict:
    """The boundary's x, y and text: its segment in view; for one the view does not show
    (or shows only at a corner), also a word at the view's edge toward it ("boundary ↘"),
    so the legend keeps one entry per line while the chart says which way it is."""
    seg = line_in_box(w, b, box) if np.any(np.asarray(w) != 0) else None
    x, y = _segment(seg)
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
    the chart, so it is left out like farther ones (``off_view`` says where)."""
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
    new_half = min(_nice(float((hi - lo).max()) / 2), grow * half)
    mid = lo / 2 + hi / 2
    # The old view stays inside the new one (the data and the origin stay in view).
    cx = float(np.clip(mid[0], box.x1 - new_half, box.x0 + new_half))
    cy = float(np.clip(mid[1], box.y1 - new_half, box.y0 + new_half))
    return Box(cx - new_half, cx + new_half, cy - new_half, cy + new_half)


def _closed(poly: np.ndarray) -> tuple[list, list]:
    if poly.shape[0] < 3:
        return [], []
    return poly[:, 0].tolist() + [poly[0, 0]], poly[:, 1].tolist() + [poly[0, 1]]


def _segment(seg: np.ndarray | None) -> tuple[list, list]:
    return ([], []) if seg is None else (seg[:, 0].tolist(), seg[:, 1].tolist())


def band_polygon(w, b: float, half: float, box: Box) -> np.ndarray:
    """The band |w.x + b| <= half clipped to the box."""
    poly = clip_half_plane(box_polygon(box), w, b + half, 1.0)
    return clip_half_plane(poly, w, b - half, -1.0)


# ------------------------------------------------------------------- main chart
def dynamic_traces(
    X,
    y,
    *,
    box: Box,
    w=None,
    b: float = 0.0,
    visited: int | None = None,
    update: Update | None = None,
    gl: bool = False,
    arrows: ArrowFrame | None = None,
) -> dict[str, dict]:
    """The traces that change from step to step, as plain dicts keyed by name."""
    X = np.asarray(X, dtype=np.float64).reshape(-1, 2)
    y = np.asarray(y).reshape(-1)
    scatter = "scattergl" if gl else "scatter"
    out: dict[str, dict] = {}
    has_w = w is not None and np.any(np.asarray(w) != 0)
    pos_poly = neg_poly = np.zeros((0, 2))
    wrong = np.zeros(0, dtype=np.int64)
    closest: int | None = None
    band = np.zeros((0, 2))
    if w is not None:
        a = activations(X, w, b) if X.shape[0] else np.zeros(0)
        wrong = np.flatnonzero(pc.mistakes(y, a))
        if has_w:
            pos_poly = clip_half_plane(box_polygon(box), w, b, 1.0)
            neg_poly = clip_half_plane(box_polygon(box), w, b, -1.0)
            if X.shape[0]:
                closest = int(np.argmin(np.abs(a)))
                half = float(abs(a[closest]))
                if half > 0 and wrong.shape[0] == 0:  # a margin only when w separates
                    band = band_polygon(w, b, half, box)
        elif b != 0:  # w = 0, b != 0: every point gets the sign of b
            if b > 0:
                pos_poly = box_polygon(box)
            else:
                neg_poly = box_polygon(box)
    px, py = _closed(pos_poly)
    out["half-plane +1"] = dict(type="scatter", x=px, y=py)
    nx, ny = _closed(neg_poly)
    out["half-plane -1"] = dict(type="scatter", x=nx, y=ny)
    mx, my = _closed(band)
    out["margin band"] = dict(type="scatter", x=mx, y=my)
    ghost = None
    if update is not None and np.any(update.w_old != 0):
        ghost = line_in_box(update.w_old, update.b_old, box)
    gx, gy = _segment(ghost)
    out["previous boundary"] = dict(type="scatter", x=gx, y=gy)
    out["boundary"] = dict(type="scatter", x=[], y=[], text=[], textposition="middle center")
    if has_w:  # its segment, or a word at the edge toward it when it is off the view
        out["boundary"].update(boundary_trace(w, b, box))
    if wrong.shape[0] > MAX_MARKED:  # the shading shows each side; a second layer of tens
        wrong = wrong[:0]  # of thousands of markers would double the drawing time
    out["misclassified"] = dict(type=scatter, x=X[wrong, 0], y=X[wrong, 1])
    cx, cy = ([], []) if closest is None else ([X[closest, 0]], [X[closest, 1]])
    out["closest point"] = dict(type="scatter", x=cx, y=cy)
    vx, vy = ([], []) if visited is None else ([X[visited, 0]], [X[visited, 1]])
    out["visited"] = dict(type="scatter", x=vx, y=vy)
    out.update(vector_traces(box, w=w, update=update, frame=arrows))
    return out


def playground_figure(X, y, **kwargs) -> go.Figure:
    """The Playground chart (see ``playground_spec`` for the parameters)."""
    return figure(*playground_spec(X, y, **kwargs))


# The Playground's traces by layer, for a stage that draws the scene once and each step's
# traces under and over it (``ui.parts.stage.live_chart``).
UNDER = ("half-plane +1", "half-plane -1", "margin band")
SCENE = ("u* band", "u*", "class -1", "class +1")
OVER = tuple(name for name in TRACES if name not in UNDER + SCENE)


def playground_scene(X, y, **kwargs) -> tuple[list[dict], dict]:
    """The Playground's fixed traces (u*, its band, the points) and its layout."""
    traces, layout = playground_spec(X, y, **kwargs, parts=SCENE)
    return [t for t in traces if t is not None], layout


def playground_step(X, y, **kwargs) -> tuple[list[dict], list[dict]]:
    """What step t draws under the scene (half-planes, the margin band) and over it."""
    traces, _ = playground_spec(X, y, **kwargs, parts=UNDER + OVER)
    return [traces[T[n]] for n in UNDER], [traces[T[n]] for n in OVER]


def sampled_step(X, y, drawn, *, visited: int | None = None, **kwargs):
    """``playground_step`` for a chart that draws only the rows ``drawn`` of (X, y): the
    half-planes, the boundary and the crosses on the drawn points as usual, but what is
    about every point (the margin band, drawn only when w separates all of them, and the
    point closest to the boundary) from all of X, and the visited point ringed (and drawn)
    even when it is not among the drawn."""
    X = np.asarray(X, dtype=np.float64).reshape(-1, 2)
    y = np.asarray(y).reshape(-1)
    drawn = np.asarray(drawn, dtype=np.int64)
    under, over = playground_step(X[drawn], y[drawn], visited=None, **kwargs)
    w, b, box = kwargs.get("w"), float(kwargs.get("b", 0.0)), kwargs["box"]
    band, closest = np.zeros((0, 2)), None
    if w is not None and np.any(np.asarray(w) != 0) and X.shape[0]:
        a = activations(X, w, b)
        closest = int(np.argmin(np.abs(a)))
        half = float(abs(a[closest]))
        if half > 0 and not np.any(pc.mistakes(y, a)):
            band = band_polygon(w, b, half, box)
    mx, my = _closed(band)
    under[UNDER.index("margin band")].update(x=mx, y=my, showlegend=bool(mx))
    cx, cy = ([], []) if closest is None else ([X[closest, 0]], [X[closest, 1]])
    over[OVER.index("closest point")].update(x=cx, y=cy, showlegend=bool(cx))
    if visited is None:
        return under, over
    ring = over[OVER.index("visited")]
    ring.update(x=[X[visited, 0]], y=[X[visited, 1]], showlegend=True)
    k = int(np.searchsorted(drawn, visited))
    if k >= drawn.shape[0] or drawn[k] != visited:  # not sampled: drawn for this step
        style = Style.of(bool(kwargs.get("presenter")), drawn.shape[0])
        positive = y[visited] > 0
        over.append(
            _trace(
                "scatter",
                x=[X[visited, 0]],
                y=[X[visited, 1]],
                mode="markers",
                name="visited (unsampled)",
                hoverinfo="skip",
                marker=dict(
                    color=POS_COLOR if positive else NEG_COLOR,
                    symbol=POS_SYMBOL if positive else NEG_SYMBOL,
                    size=style.marker,
                ),
            )
        )
    return under, over


def max_margin_note(
    X, y, w, b: float, separator, box: Box, *, presenter: bool = False
) -> list[dict]:
    """A converged run's boundary against u*: a note in the chart's emptiest corner saying
    whether the perceptron stopped on the max-margin boundary (u*, dashed), with both
    margins in u*'s space (augmented, bias in the norm). [] without u* or w."""
    if separator is None or separator[0] is None or w is None or not np.any(w):
        return []
    X = np.asarray(X, dtype=np.float64).reshape(-1, 2)
    gamma = float(separator[1])
    v = np.concatenate(([float(b)], np.asarray(w, dtype=np.float64)))
    own = float(np.min(np.asarray(y) * (X @ v[1:] + v[0]))) / float(np.linalg.norm(v))
    if own >= gamma * (1 - 1e-9):  # the max-margin separator is unique: this is it
        words = "converged on the max-margin<br>line u* (dashed)"
    else:
        words = (
            "converged, but not on<br>the max-margin line u*<br>(dashed). Margins in (1, x):"
            f"<br>w {text.num(own)} < γ* {text.num(gamma)} (u*)"
        )
    # The corner whose note-sized box holds the fewest points.
    pad, wide, high = 0.02 * box.span, 0.5 * box.span, 0.3 * box.span
    corners = [(box.x0 + pad, box.y1 - pad, 1, -1), (box.x1 - pad, box.y1 - pad, -1, -1),
               (box.x0 + pad, box.y0 + pad, 1, 1), (box.x1 - pad, box.y0 + pad, -1, 1)]  # fmt: skip

    def crowd(c) -> int:
        x, yy, sx, sy = c
        inx = (X[:, 0] - x) * sx
        iny = (X[:, 1] - yy) * sy
        return int(np.count_nonzero((inx >= 0) & (inx <= wide) & (iny >= 0) & (iny <= high)))

    x, yy, sx, sy = min(corners, key=crowd)
    where = ("bottom" if sy < 0 else "top") + (" right" if sx > 0 else " left")
    style = Style.of(presenter, len(y))
    return [
        _trace(
            "scatter",
            x=[x],
            y=[yy],
            mode="text",
            name="max-margin note",
            text=[words],
            textposition=where,
            textfont=dict(size=max(11, style.font - 2), color=USTAR_COLOR, shadow=HALO),
            hoverinfo="skip",
            showlegend=False,
        )
    ]


def playground_spec(
    X,
    y,
    *,
    box: Box,
    w=None,
    b: float = 0.0,
    visited: int | None = None,
    update: Update | None = None,
    separator: tuple[np.ndarray, float] | None = None,
    class_names: tuple[str, str] = ("-1", "+1"),
    feature_names: tuple[str, str] = ("x1", "x2"),
    presenter: bool = False,
    title: str | None = None,
    parts: tuple[str, ...] = TRACES,
    arrows: ArrowFrame | None = None,
) -> tuple[list[dict], dict]:
    """The Playground chart as plain (traces, layout); only the traces named in ``parts``
    are built (the others are None): a stage builds the points once, not every step.

    Parameters
    ----------
    X, y : arrays (n, 2) and (n,)
        Points and -1/+1 labels, in the coordinates the perceptron sees.
    box : Box
        Fixed axis ranges (equal aspect), so nothing jumps between steps.
    w, b : array (2,), float, optional
        The current weights; None before there is a run (no boundary is drawn).
    visited : int, optional
        Index of the example just visited (ringed).
    update : Update, optional
        The update just made: draws w_old, eta*y*x and w_new tip to tail and ghosts the
        previous boundary.
    separator : (u, gamma), optional
        The maximum-margin unit separator u* (bias first, augmented space) and gamma*:
        drawn dashed, with the band |u*.(1, x)| <= gamma* whose edges touch the closest
        points.
    """
    X = np.asarray(X, dtype=np.float64).reshape(-1, 2)
    y = np.asarray(y).reshape(-1)
    n = X.shape[0]
    gl = n > GL_THRESHOLD
    style = Style.of(presenter, n)
    dyn = dynamic_traces(
        X, y, box=box, w=w, b=b, visited=visited, update=update, gl=gl, arrows=arrows
    )
    scatter = "scattergl" if gl else "scatter"
    # Names come from files and links: shown as plain text (Plotly renders <b>, <a href>).
    neg_name, pos_name = (text.plot_text(c) for c in class_names)
    feature_names = tuple(text.plot_text(f) for f in feature_names)
    traces: list = [None] * len(TRACES)
    fill = dict(mode="lines", fill="toself", line=dict(width=0), hoverinfo="skip")
    traces[T["half-plane +1"]] = _trace(
        "scatter",
        **_xy(dyn["half-plane +1"]),
        name=f"predicted +1 ({pos_name})" if pos_name != "+1" else "predicted +1",
        fillcolor=POS_SHADE,
        showlegend=False,
        **fill,
    )
    traces[T["half-plane -1"]] = _trace(
        "scatter",
        **_xy(dyn["half-plane -1"]),
        name="predicted -1",
        fillcolor=NEG_SHADE,
        showlegend=False,
        **fill,
    )
    ux, uy, ubx, uby = [], [], [], []
    if "u*" in parts and separator is not None and separator[0] is not None:
        u, gamma = separator
        u = np.asarray(u, dtype=np.float64)
        wu, bu = u[1:], float(u[0])
        ux, uy = _segment(line_in_box(wu, bu, box))
        ubx, uby = _closed(band_polygon(wu, bu, float(gamma), box))
    traces[T["u* band"]] = _trace(
        "scatter",
        x=ubx,
        y=uby,
        name="u* band (gamma*)",
        fillcolor="rgba(0, 158, 115, 0.10)",
        showlegend=False,
        **fill,
    )
    traces[T["u*"]] = _trace(
        "scatter",
        x=ux,
        y=uy,
        mode="lines",
        name="u* (max margin)",
        line=dict(color=USTAR_COLOR, width=style.line * 0.8, dash="dash"),
        hoverinfo="skip",
        showlegend=bool(ux),
    )
    traces[T["margin band"]] = _trace(
        "scatter",
        **_xy(dyn["margin band"]),
        name="margin of w",
        fillcolor="rgba(204, 121, 167, 0.12)",
        line=dict(width=1, color=MARGIN_COLOR, dash="dot"),
        mode="lines",
        fill="toself",
        hoverinfo="skip",
        showlegend=bool(dyn["margin band"]["x"]),
    )
    traces[T["previous boundary"]] = _trace(
        "scatter",
        **_xy(dyn["previous boundary"]),
        mode="lines",
        name="previous boundary",
        line=dict(color=GHOST_COLOR, width=style.line, dash="dot"),
        hoverinfo="skip",
        showlegend=bool(dyn["previous boundary"]["x"]),
    )
    traces[T["boundary"]] = _trace(
        "scatter",
        **_xy(dyn["boundary"]),
        mode="lines+text",
        name="boundary",
        text=dyn["boundary"]["text"],
        textposition=dyn["boundary"]["textposition"],
        textfont=dict(size=style.font, color=INK, shadow=HALO),
        line=dict(color=INK, width=style.line),
        hoverinfo="skip",
        showlegend=bool(dyn["boundary"]["x"]),
    )
    from ui import layers  # the classes are the layer every chart of the lab shares

    if "class -1" in parts:
        scene = layers.Scene(X, y, box, class_names, feature_names, presenter)
        traces[T["class -1"]], traces[T["class +1"]] = layers.points(scene)
    traces[T["misclassified"]] = _trace(
        scatter,
        **_xy(dyn["misclassified"]),
        mode="markers",
        name="misclassified",
        marker=dict(
            symbol="x-thin-open",
            color=INK,
            size=max(7.0, style.marker * 1.1),
            line=dict(width=2 if n <= GL_THRESHOLD else 1.5, color=INK),
        ),
        hoverinfo="skip",
        showlegend=len(dyn["misclassified"]["x"]) > 0,
    )
    traces[T["closest point"]] = _trace(
        "scatter",
        **_xy(dyn["closest point"]),
        mode="markers",
        name="closest point",
        marker=dict(
            symbol="diamond-open",
            color=MARGIN_COLOR,
            size=style.marker * 2.0,
            line=dict(width=2, color=MARGIN_COLOR),
        ),
        hoverinfo="skip",
        showlegend=bool(dyn["closest point"]["x"]),
    )
    traces[T["visited"]] = _trace(
        "scatter",
        **_xy(dyn["visited"]),
        mode="markers",
        name="visited",
        marker=dict(
            symbol="circle-open",
            color=INK,
            size=style.marker * 2.4,
            line=dict(width=style.line * 1.2, color=INK),
        ),
        hoverinfo="skip",
        showlegend=bool(dyn["visited"]["x"]),
    )
    step_color = GHOST_COLOR if update is None else POS_COLOR if update.y > 0 else NEG_COLOR
    for name, color in zip(ARROWS, (GHOST_COLOR, step_color, INK), strict=True):
        traces[T[name]] = _trace(
            "scatter",
            **_xy(dyn[name]),
            mode="lines+markers",
            name=name,
            line=dict(color=color, width=style.line),
            # The head: an arrow marker at the tip, turned along the segment; none at the tail.
            marker=dict(
                symbol="arrow",
                angleref="previous",
                size=[0, style.line * 5],
                color=color,
                line=dict(width=0),
            ),
            hoverinfo="skip",
            showlegend=False,
        )
    labels = dyn["vector labels"]
    traces[T["vector labels"]] = _trace(
        "scatter",
        **_xy(labels),
        text=labels["text"],
        mode="text",
        name="vector labels",
        textposition=labels["textposition"],
        textfont=dict(
            shadow=HALO,  # readable over points and lines
            size=style.font,
            # One colour per label on an update; INK for the lone "w" (and for the
            # animation's frames, which change the labels but not this trace's colours).
            color=[{"w_old": GHOST_COLOR, "step": step_color}.get(r, INK) for r in labels["role"]]
            if update is not None
            else INK,
        ),
        hoverinfo="skip",
        showlegend=False,
    )
    layout = _layout(box, style, feature_names, title)
    return [t if name in parts else None for name, t in zip(TRACES, traces, strict=True)], layout


def _trace(kind: str, **props) -> dict:
    return {"type": kind, **props}


def _xy(trace: dict) -> dict:
    return {"x": trace["x"], "y": trace["y"]}


def figure(data: list[dict], layout: dict, frames: list[dict] | None = None) -> go.Figure:
    """A Figure from plain dicts without plotly's per-property validation.

    Validation costs ~2 ms per trace (25 ms for this chart), which the page would pay on
    every step; the builders write only properties the tests check against a validated
    copy (``go.Figure(fig.to_dict())``).
    """
    spec: dict = {"data": data, "layout": layout}
    if frames is not None:
        spec["frames"] = frames
    return go.Figure(spec, _validate=False)


def _layout(box: Box, style: Style, feature_names, title: str | None) -> dict:
    return dict(
        height=style.height,
        # Fixed margins (no autoexpand): the legend below may grow or shrink between steps,
        # the plot area must not move.
        margin=dict(
            l=style.left_room, r=10, t=40 if title else 10, b=style.legend_room, autoexpand=False
        ),
        title=dict(text=title or "", font=dict(size=style.font + 2)),
        font=dict(size=style.font),
        xaxis=dict(
            range=[box.x0, box.x1],
            # Close under the tick labels: the legend_gap below the plot holds both.
            title=dict(text=feature_names[0], standoff=int(round(style.font * 0.4))),
            zeroline=True,
            zerolinecolor="#cccccc",
            constrain="domain",
            fixedrange=True,
        ),
        yaxis=dict(
            range=[box.y0, box.y1],
            title=dict(text=feature_names[1]),
            zeroline=True,
            zerolinecolor="#cccccc",
            scaleanchor="x",
            scaleratio=1,
            constrain="domain",
            # A square plot in a narrow column leaves room above and below it: keep the
            # room below, so the chart starts at the top on a 768-pixel projector.
            constraintoward="top",
            fixedrange=True,
        ),
        plot_bgcolor="white",
        legend=dict(
            orientation="h",
            yanchor="top",
            y=-style.legend_gap / (style.height - style.legend_room - (40 if title else 10)),
            x=0,
            font=dict(size=style.legend_font),
            # Fixed columns: the rows do not depend on the labels or the chart's width.
            entrywidthmode="fraction",
            entrywidth=1 / LEGEND_COLUMNS - 0.01,
        ),
        dragmode=False,
        hovermode="closest",
        uirevision="playground",  # keep the view when the data of the figure changes
    )


@dataclass(frozen=True)
class ArrowFrame:
    """Where the arrows start and how much they are shrunk, fixed for a whole run."""

    anchor: tuple[float, float]
    scale: float

    @property
    def at_origin(self) -> bool:
        return self.anchor == (0.0, 0.0)


# A run whose longest w is shorter than this share of the view's side (a small learning
# rate: 0.01 draws every w a hundredth as long) has its arrows zoomed, and says so.
READABLE_W = 0.2


def run_arrow_frame(box: Box, W) -> ArrowFrame:
    """One frame for every arrow of a run whose weights (without the bias) are the rows
    of ``W``: from the origin when it is in view, else from the centre of the view, and
    one scale so that every w of the run fits (so arrows compare from step to step); a
    run of short w (``READABLE_W``) is zoomed until its longest w is 0.45 of the view."""
    W = np.asarray(W, dtype=np.float64).reshape(-1, 2)
    W = W[np.isfinite(W).all(axis=1)]
    pad = 0.04 * box.span
    lo = np.array([box.x0 + pad, box.y0 + pad])
    hi = np.array([box.x1 - pad, box.y1 - pad])
    origin = np.zeros(2)
    anchor = (
        origin
        if np.all(origin >= lo) and np.all(origin <= hi)
        else np.array([(box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2])
    )
    longest = float(np.max(np.linalg.norm(W, axis=1))) if W.shape[0] else 0.0
    s = 1.0 if longest == 0 else 0.45 * box.span / longest
    if s > 1.0 and longest >= READABLE_W * box.span:
        s = 1.0  # its true size reads: no zoom
    with np.errstate(divide="ignore", invalid="ignore"):
        room = np.where(W > 0, (hi - anchor) / W, np.where(W < 0, (lo - anchor) / W, np.inf))
    if room.size:
        s = min(s, float(np.min(room)))
    scale = 1.0 if s == 1.0 else _two_digits(s) if s > 0 else 0.0
    return ArrowFrame((float(anchor[0]), float(anchor[1])), scale)


def vector_traces(
    box: Box, *, w=None, update: Update | None = None, frame: ArrowFrame | None = None
) -> dict[str, dict]:
    """Arrows for w, or for an update: w_old, eta*y*x from its tip, and w_new (003).

    Each arrow is a two-point trace (tail, tip) whose tip carries an arrowhead marker;
    arrows that do not apply are empty. Plain traces rather than layout annotations: Plotly
    lays annotations out on every redraw (about 25 ms a step here), scatter points cost
    next to nothing. ``w`` alone is drawn in the run's frame (``frame``: one place and one
    scale for every step, so the arrows compare). An update is zoomed to itself
    (``update_frame``): its three arrows, all scaled by one factor so the sum stays exact,
    are large enough to read at any learning rate, and w_new's label says by how much.
    """
    empty = {"x": [], "y": []}
    out = {name: dict(type="scatter", **empty) for name in ARROWS}
    labels: dict = dict(type="scatter", x=[], y=[], text=[], textposition=[], role=[])
    out["vector labels"] = labels
    if update is None and (w is None or not np.any(np.asarray(w) != 0)):
        return out

    def arrow(name, role, tail, tip, text, at: float = 1.0) -> None:
        tail, tip = np.asarray(tail, float), np.asarray(tip, float)
        if np.allclose(tail, tip):
            return
        out[name] = dict(
            type="scatter", x=[float(tail[0]), float(tip[0])], y=[float(tail[1]), float(tip[1])]
        )
        spot = tail + at * (tip - tail)
        labels["x"].append(float(spot[0]))
        labels["y"].append(float(spot[1]))
        labels["text"].append(text)
        labels["textposition"].append(_label_side(box, spot, tip[0] >= tail[0], text))
        labels["role"].append(role)

    if update is None:
        w = np.asarray(w, dtype=np.float64)
        if frame is None:
            anchor, scale = _arrow_frame(box, [w])
            tag = "" if scale == 1.0 else f" ({times(scale)})"
        else:  # the run's own frame: one scale for every step, said once on w
            anchor, scale = np.asarray(frame.anchor), frame.scale
            said = [] if scale == 1.0 else [times(scale)]
            if not frame.at_origin:
                said.append("drawn from the centre: origin off view")
            tag = f" ({', '.join(said)})" if said else ""
        arrow("w arrow", "w", anchor, anchor + scale * w, "w" + tag)
        return out
    w_old, w_new = update.w_old, update.w_new
    step = update.eta * update.y * update.x
    anchor, scale = update_frame(box, w_old, step)
    said = [] if scale == 1.0 else [times(scale)]
    if np.any(anchor != 0):
        said.append("shifted")
    tag = f" ({', '.join(said)})" if said else ""
    sign = "+" if update.y > 0 else "−"
    eta = "" if update.eta == 1 else f"{update.eta:g}·"
    old_tip = anchor + scale * w_old
    drawn = []
    for name, role, tail, tip, label in (
        ("w_old arrow", "w_old", anchor, old_tip, "w_old"),
        (
            "step arrow",
            "step",
            old_tip,
            anchor + scale * (w_old + step),
            update.label or f"{sign}{eta}x",
        ),
        ("w arrow", "w", anchor, anchor + scale * w_new, "w_new" + tag),
    ):
        if np.allclose(tail, tip):
            continue
        out[name] = dict(
            type="scatter", x=[float(tail[0]), float(tip[0])], y=[float(tail[1]), float(tip[1])]
        )
        drawn.append((role, np.asarray(tail, float), np.asarray(tip, float), label))
    for key, values in _labels_of(box, drawn).items():
        labels[key] = values
    return out


SIDES = ("top right", "top left", "bottom right", "bottom left")
ALONG = (0.5, 0.35, 0.65, 0.8, 1.0)  # where on its arrow a label may sit (1: the tip)


def _labels_of(box: Box, arrows: list) -> dict[str, list]:
    """The update's labels: for each arrow (role, tail, tip, text), a spot along it and a
    side of that spot, so that the labels do not cover each other, stay in the view and
    cover as little of the arrows as they can. The longest label is placed first, each
    where its estimated box (``LABEL_CHAR``, ``LABEL_HEIGHT``) costs least."""
    placed: list[tuple[float, float, float, float]] = []
    along = np.linspace(0.0, 1.0, 21)[:, None]
    points = [tail + along * (tip - tail) for _, tail, tip, _ in arrows]
    pieces = [float(np.linalg.norm(tip - tail)) / 20 for _, tail, tip, _ in arrows]
    height = LABEL_HEIGHT * box.span
    gap = 0.3 * height  # labels apart by this much at least: their glyphs' boxes overlap
    view = (box.x0, box.y0, box.x1, box.y1)
    spots: dict[int, tuple[float, float, str]] = {}
    for k in sorted(range(len(arrows)), key=lambda k: -len(arrows[k][3])):
        _, tail, tip, label = arrows[k]
        width = LABEL_CHAR * len(label) * box.span
        best = None
        for rank, (at, side) in enumerate((at, side) for at in ALONG for side in SIDES):
            x, y = tail + at * (tip - tail)
            x0 = x if side.endswith("right") else x - width
            y0 = y if side.startswith("top") else y - height
            r = (x0, y0, x0 + width, y0 + height)
            cost = 10 * (width * height - _overlap(r, view))  # cut by the view's edge
            near = (x0 - gap, y0 - gap, x0 + width + gap, y0 + height + gap)
            cost += 10 * sum(_overlap(near, q) for q in placed)
            for pts, piece in zip(points, pieces, strict=True):
                hit = (pts[:, 0] > r[0]) & (pts[:, 0] < r[2])
                hit &= (pts[:, 1] > r[1]) & (pts[:, 1] < r[3])
                cost += height * piece * int(hit.sum())
            cost += 1e-3 * height * height * rank  # the first candidates when all else ties
            if best is None or cost < best[0]:
                best = (cost, (float(x), float(y), side), r)
        spots[k] = best[1]
        placed.append(best[2])
    out: dict[str, list] = dict(x=[], y=[], text=[], textposition=[], role=[])
    for k, (role, _, _, label) in enumerate(arrows):  # in the arrows' order
        x, y, side = spots[k]
        out["x"].append(x)
        out["y"].append(y)
        out["text"].append(label)
        out["textposition"].append(side)
        out["role"].append(role)
    return out


def _overlap(a, b) -> float:
    """The area two boxes (x0, y0, x1, y1) share."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return max(w, 0.0) * max(h, 0.0)


# An update's arrows on screen: the shortest at least this share of the view's side (120 px
# or more of a 1024x768 projector's 420-pixel plot), unless the view cannot hold that, and
# at its true size when that is already large enough (the picture of 003 as it is).
SHORTEST_SHARE = 0.3
VIEW_INSET = 0.04  # arrows stay this share of the side inside the view's edges


def update_frame(box: Box, w_old, step) -> tuple[np.ndarray, float]:
    """(anchor, scale) of an update's arrows: w_old from the anchor, the step from its tip,
    w_new = w_old + step from the anchor, each drawn ``scale`` times its length.

    The scale makes the shortest arrow ``SHORTEST_SHARE`` of the view's side (1 when the
    arrows at their true size are that large and fit), as far as the view can hold them;
    the anchor is the origin when they fit there, else where they fit (the view's inset)."""
    w_old = np.asarray(w_old, dtype=np.float64)
    step = np.asarray(step, dtype=np.float64)
    w_new = w_old + step
    lengths = [float(np.linalg.norm(v)) for v in (w_old, step, w_new)]
    shown = [v for v in lengths if v > 0]
    if not shown or not all(map(math.isfinite, lengths)):
        return np.zeros(2), 1.0
    # The arrows' points relative to the anchor: it, the tips of w_old and w_new.
    points = np.array([np.zeros(2), w_old, w_new])
    pad = VIEW_INSET * box.span
    lo = np.array([box.x0 + pad, box.y0 + pad])
    hi = np.array([box.x1 - pad, box.y1 - pad])
    origin = np.zeros(2)
    in_view = bool(np.all(origin >= lo) and np.all(origin <= hi))

    def fits(anchor: np.ndarray, s: float) -> bool:
        drawn = anchor + s * points
        return bool(np.all(drawn >= lo - 1e-12) and np.all(drawn <= hi + 1e-12))

    wanted = SHORTEST_SHARE * box.span / min(shown)
    if wanted <= 1.0 and in_view and fits(origin, 1.0):
        return origin, 1.0  # the true picture, large enough
    # The largest scale the view can hold, anywhere in it: the points' extent per axis.
    extent = points.max(axis=0) - points.min(axis=0)
    with np.errstate(divide="ignore"):
        room = np.where(extent > 0, (hi - lo) / extent, np.inf)
    scale = _two_digits(min(wanted, float(room.min())))
    if in_view and fits(origin, scale):
        return origin, scale
    # Centred in the view on the axis where there is room, flush where there is none.
    low, high = points.min(axis=0) * scale, points.max(axis=0) * scale
    anchor = (lo + hi) / 2 - (low + high) / 2
    return anchor, scale


def times(scale: float) -> str:
    """A drawing scale for a label: ×0.37, ×1.2, ×37, ×1,200, ×0.00012."""
    decimals = max(0, 1 - math.floor(math.log10(scale))) if scale > 0 else 0
    return f"×{scale:,.{decimals}f}"


def _two_digits(s: float) -> float:
    """A scale to two significant digits, rounded down (so what fits still fits)."""
    if not (s > 0 and math.isfinite(s)):
        return 1.0
    exp = math.floor(math.log10(s)) - 1
    return round(math.floor(s / 10**exp * (1 + 1e-12)) * 10**exp, -exp)  # 1.2 stays 1.2


# A label's size as a share of the view's side: about 0.6 em a character at the chart's
# font, which is ~3% of the plot's side on a screen (14 px, ~300 px) and on a projector
# (21 px, ~430 px) alike.
LABEL_CHAR = 0.03
LABEL_HEIGHT = 0.07


def _label_side(box: Box, spot, right: bool, text: str) -> str:
    """Where a label goes from its spot: beside the arrow's direction and above it, unless
    that would run past the view's edge (where Plotly cuts it) and the other side has
    more room."""
    width = LABEL_CHAR * len(text) * box.span
    x, y = float(spot[0]), float(spot[1])
    room_right, room_left = box.x1 - x, x - box.x0
    if right and room_right < width and room_left > room_right:
        right = False
    elif not right and room_left < width and room_right > room_left:
        right = True
    top = box.y1 - y >= LABEL_HEIGHT * box.span or box.y1 - y >= y - box.y0
    return f"{'top' if top else 'bottom'} {'right' if right else 'left'}"


def _arrow_frame(box: Box, tips: list) -> tuple[np.ndarray, float]:
    """(anchor, scale) so that every tip anchor + scale * v lies in the view (inset 4%)."""
    tips = [np.asarray(v, dtype=np.float64) for v in tips]
    longest = max(float(np.linalg.norm(v)) for v in tips)
    cap = 1.0 if longest == 0 else min(1.0, 0.4 * box.span / longest)
    pad = 0.04 * box.span
    lo = np.array([box.x0 + pad, box.y0 + pad])
    hi = np.array([box.x1 - pad, box.y1 - pad])

    def fit(anchor: np.ndarray) -> float:
        s = cap
        for v in tips:
            for j in range(2):
                if v[j] > 0:
                    s = min(s, (hi[j] - anchor[j]) / v[j])
                elif v[j] < 0:
                    s = min(s, (lo[j] - anchor[j]) / v[j])
        return max(s, 0.0)

    centre = np.array([(box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2])
    origin = np.zeros(2)
    s_origin = fit(origin) if np.all(origin >= lo) and np.all(origin <= hi) else 0.0
    s_centre = fit(centre)
    if s_origin >= 0.6 * s_centre:
        return origin, _round_scale(s_origin)
    return centre, _round_scale(s_centre)


def _round_scale(s: float) -> float:
    """1 when nothing needs shrinking, else the factor to two significant digits, rounded
    down so the arrows still fit."""
    if s >= 1.0:
        return 1.0
    if s <= 0:
        return 0.0
    exp = math.floor(math.log10(s)) - 1
    return math.floor(s / 10**exp) * 10**exp


# ------------------------------------------------------------------- small charts
def epoch_marker(epoch: float, *, width: float = 1.0, xref: str = "x", yref: str = "paper"):
    """A dotted vertical line at ``epoch`` across a chart (the current or the best epoch)."""
    return dict(
        type="line", x0=epoch, x1=epoch, y0=0, y1=1, xref=xref, yref=yref,
        line=dict(color=INK, dash="dot", width=width),
    )  # fmt: skip


def epoch_figure(stats: dict, *, presenter: bool = False, current_epoch: int | None = None):
    """Training errors (bars) and the perceptron criterion J_p (line) at each epoch's end."""
    errors = np.asarray(stats.get("errors", []))
    epochs = np.arange(1, errors.shape[0] + 1)
    style = Style.of(presenter, 0)
    many = errors.shape[0] > 200  # thousands of SVG bars are slow: a line instead
    data = [
        _trace(
            "scatter" if many else "bar",
            x=epochs,
            y=errors,
            name="training errors",
            marker=dict(color=NEG_COLOR),
            opacity=0.8,
            **({"mode": "lines", "line": dict(color=NEG_COLOR, width=1.5)} if many else {}),
        )
    ]
    # The line: J_p on its own axis, or for a kernel run (no w, so no J_p) the mistakes
    # made in each epoch, on the errors' axis.
    line = (
        dict(y=np.asarray(stats["J_p"]), name="J_p (perceptron criterion)", yaxis="y2")
        if "J_p" in stats
        else dict(y=np.asarray(stats["mistakes"]), name="mistakes during the epoch")
        if "mistakes" in stats
        else None
    )
    if line is not None:
        data.append(
            _trace(
                "scatter",
                x=epochs,
                mode="lines+markers" if errors.shape[0] <= 60 else "lines",
                line=dict(color=POS_COLOR, width=2),
                **line,
            )
        )
    shapes = [] if current_epoch is None else [epoch_marker(current_epoch)]
    layout = dict(
        height=260 if not presenter else 340,
        margin=dict(l=50, r=50, t=10, b=40),
        font=dict(size=style.font - 2),
        # Whole epochs only: a short run would otherwise get ticks at 0.5, 1.5, ...
        xaxis=dict(
            title=dict(text="epoch"),
            rangemode="tozero",
            dtick=1 if not many and errors.shape[0] <= 12 else None,
        ),
        yaxis=dict(title=dict(text="errors"), rangemode="tozero"),
        yaxis2=dict(title=dict(text="J_p"), overlaying="y", side="right", rangemode="tozero"),
        legend=dict(orientation="h", y=1.02, yanchor="bottom", x=0),
        plot_bgcolor="white",
        bargap=0.2,
        shapes=shapes,
    )
    return figure(data, layout)


# ---------------------------------------------------------------------- animation
def frame_updates(n_updates: int, max_frames: int = MAX_FRAMES) -> np.ndarray:
    """Which weight vectors (0..n_updates) become frames: all, or an even sample with the
    first and the last."""
    if n_updates + 1 <= max_frames:
        return np.arange(n_updates + 1)
    return np.unique(np.linspace(0, n_updates, max_frames).round().astype(np.int64))


def animation_figure(
    X,
    y,
    W,
    B,
    *,
    box: Box,
    update_index=None,
    separator=None,
    class_names=("-1", "+1"),
    feature_names=("x1", "x2"),
    presenter: bool = False,
    max_frames: int = MAX_FRAMES,
    arrows: ArrowFrame | None = None,
    fill: bool = False,
) -> go.Figure:
    """The whole run as a client-side Plotly animation: one frame per update (sampled to
    ``max_frames``), a slider and play / pause buttons.

    ``W`` (n_updates+1, 2) and ``B`` are the weights after each update (row 0: the start);
    ``update_index[k-1]`` is the example of update k, ringed in its frame.

    ``fill``: a chart that fills its page, whatever the window's shape (the offline HTML):
    no fixed height, and equal aspect kept by widening the axes' ranges around ``box``
    instead of shrinking the plot to a square, so the regions and lines are drawn over a
    box ``FILL_REACH`` times as wide.
    """
    W = np.asarray(W, dtype=np.float64)
    B = np.asarray(B, dtype=np.float64)
    ks = frame_updates(W.shape[0] - 1, max_frames)
    view, box = box, _widened(box, FILL_REACH) if fill else box
    traces, layout = playground_spec(
        X,
        y,
        box=box,
        w=W[0],
        b=float(B[0]),
        separator=separator,
        class_names=class_names,
        feature_names=feature_names,
        presenter=presenter,
        title=_frame_title(0, W[0], float(B[0])),
    )
    gl = np.shape(X)[0] > GL_THRESHOLD
    names = ("half-plane +1", "half-plane -1", "margin band", "boundary", "misclassified")
    names += ("closest point", "visited", "w arrow", "vector labels")
    idx = [T[nm] for nm in names]
    frames = []
    for k in ks:
        visited = None
        if update_index is not None and k > 0:
            visited = int(update_index[k - 1])
        dyn = dynamic_traces(
            X, y, box=box, w=W[k], b=float(B[k]), visited=visited, gl=gl, arrows=arrows
        )
        frames.append(
            dict(
                data=[_frame_trace(dyn[nm]) for nm in names],
                traces=idx,
                name=str(int(k)),
                layout=dict(title=dict(text=_frame_title(int(k), W[k], float(B[k])))),
            )
        )
    still = dict(duration=0)
    play = dict(frame=dict(duration=300, redraw=True), fromcurrent=True, transition=still)
    pause = dict(frame=dict(duration=0, redraw=False), mode="immediate", transition=still)
    jump = dict(mode="immediate", frame=dict(duration=0, redraw=True), transition=still)
    layout["margin"] = dict(l=50, r=10, t=50, b=150)
    below = -0.18, -0.14  # the buttons' and the slider's tops, in the plot's heights
    if fill:
        layout.pop("height", None)
        layout["autosize"] = True
        for axis in ("xaxis", "yaxis"):
            layout[axis] = dict(layout[axis], constrain="range")
        layout["xaxis"]["range"] = [view.x0, view.x1]
        layout["yaxis"]["range"] = [view.y0, view.y1]
        # A taller plot puts a share of its height farther down: room for a tall window.
        layout["margin"]["b"] = 200
        below = -0.1, -0.1
    layout["legend"] = dict(orientation="h", yanchor="bottom", y=1.0, x=0, xanchor="left")
    layout["title"] = dict(text=_frame_title(0, W[0], float(B[0])), y=0.99, yanchor="top")
    layout["updatemenus"] = [
        dict(
            type="buttons",
            direction="left",
            x=0,
            y=below[0],
            xanchor="left",
            yanchor="top",
            buttons=[
                dict(label="▶ Play", method="animate", args=[None, play]),
                dict(label="❚❚ Pause", method="animate", args=[[None], pause]),
            ],
        )
    ]
    layout["sliders"] = [
        dict(
            active=0,
            x=0.22,
            y=below[1],
            len=0.78,
            yanchor="top",
            currentvalue=dict(prefix="update "),
            steps=[
                dict(label=str(int(k)), method="animate", args=[[str(int(k))], jump]) for k in ks
            ],
        )
    ]
    return figure(traces, layout, frames)


FILL_REACH = 5.0  # the offline chart's regions and lines: over a box this many times as wide


def _widened(box: Box, factor: float) -> Box:
    """``box`` scaled by ``factor`` about its centre."""
    cx, cy = box.x0 / 2 + box.x1 / 2, box.y0 / 2 + box.y1 / 2
    hx, hy = (box.x1 - box.x0) / 2 * factor, (box.y1 - box.y0) / 2 * factor
    return Box(cx - hx, cx + hx, cy - hy, cy + hy)


def _frame_trace(trace: dict) -> dict:
    """What a frame changes in a trace: its points (and a label trace's texts)."""
    out = dict(_xy(trace), type=trace["type"])
    if "text" in trace:
        out["text"] = trace["text"]
        out["textposition"] = trace["textposition"]
    return out


def _frame_title(k: int, w, b: float) -> str:
    return f"update {k}: w = ({w[0]:.3g}, {w[1]:.3g}), b = {b:.3g}"
