"""The augmented space and weight space as pure functions (no streamlit): arrays in, figures,
tables and sentences out.

Notation of notes 000 and 004: an example is lifted to z = (1, x1, x2) (the constant x0 = 1
first) and the bias is the first entry of w = (b, w1, w2), so w . z = b + w1 x1 + w2 x2.
With the flip of 004 the samples are a = y z and every one asks for a . w > 0.

- ``space_figure``: the 3-D chart. Plotly's axes are x1 (x), x2 (y) and x0 (z, vertical):
  the data sits on the plane x0 = 1, the flipped class -1 on x0 = -1 (mirrored through the
  origin). w is drawn as a vector from the origin, in the same coordinates (w1, w2, b),
  scaled to fit the view (its plane w . z = 0 does not depend on its length), and the
  plane is drawn clipped to the view, with the 2-D boundary where it cuts x0 = 1.
- ``weight_figure``: weight space cut at a fixed bias b = c. Each example's weights that
  classify it correctly form the half-plane {(w1, w2) : a . (c, w1, w2) > 0}; the
  intersection (the feasible cone's cut) is shaded, each cell is coloured by how many
  examples it gets wrong, and the run's (w1, w2) after each update are drawn, filled
  where that w had b = c (in this slice), open where its b differed (a projection).
- ``parse_rows``, ``iteration_rows``, ``check_rows``: the cone LP's input and its tables.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

import numpy as np
import plotly.graph_objects as go

import perceptron_core as pc
from ui import text
from ui.charts import geometry, theme
from ui.charts.geometry import Box
from ui.limits import CONE_COLUMNS as MAX_COLUMNS
from ui.limits import CONE_ENTRY as MAX_ENTRY
from ui.limits import CONE_ROWS as MAX_ROWS
from ui.limits import CONE_ROWS_CHARS
from ui.limits import SPACE_LINES as MAX_LINES
from ui.limits import SPACE_PATH as MAX_PATH

GRID = 70  # weight-space cells a side coloured by the number of examples wrong
X0_HALF = 1.25  # the vertical axis x0 spans [-1.25, 1.25]: the planes x0 = 1 and x0 = -1
FEASIBLE_COLOR = "rgba(0, 158, 115, 0.35)"  # bluish green, as u* on the Playground
PLANE_COLOR = "#7f7f7f"


@dataclass(frozen=True)
class Box3:
    """The 3-D view in augmented order (x0, x1, x2): lo and hi per coordinate."""

    lo: np.ndarray
    hi: np.ndarray

    def contains(self, z, tol: float = 1e-9) -> bool:
        z = np.asarray(z, dtype=np.float64)
        span = self.hi - self.lo
        return bool(np.all(z >= self.lo - tol * span) and np.all(z <= self.hi + tol * span))


def box3(box: Box) -> Box3:
    """The 3-D view over a 2-D box: x0 from -1.25 to 1.25, x1 and x2 as the box."""
    return Box3(
        np.array([-X0_HALF, box.x0, box.y0], dtype=np.float64),
        np.array([X0_HALF, box.x1, box.y1], dtype=np.float64),
    )


# ------------------------------------------------------------------------ geometry
def lifted_points(X, y, *, flip: bool) -> np.ndarray:
    """z = (1, x1, x2) for every point, or with the flip a = y z (class -1 negated)."""
    return pc.flipped(X, y) if flip else pc.lift(X)


def plane_polygon(normal, box: Box3) -> np.ndarray:
    """The polygon {z : normal . z = 0} inside the box, its corners in order around it:
    shape (k, 3), k >= 3, or (0, 3) when the plane misses the box or the normal is 0."""
    normal = np.asarray(normal, dtype=np.float64)
    empty = np.zeros((0, 3))
    if not np.any(normal):
        return empty
    lo, hi = box.lo, box.hi
    corners = np.array([[(lo, hi)[(c >> j) & 1][j] for j in range(3)] for c in range(8)])
    s = corners @ normal
    pts = [corners[c] for c in range(8) if s[c] == 0]
    for a in range(8):
        for j in range(3):
            b = a | (1 << j)
            if b == a:
                continue  # each edge once: from the corner with bit j clear
            if s[a] * s[b] < 0:
                t = s[a] / (s[a] - s[b])
                pts.append(corners[a] + t * (corners[b] - corners[a]))
    if len(pts) < 3:
        return empty
    P = np.unique(np.round(np.array(pts), 12), axis=0)
    if P.shape[0] < 3:
        return empty
    centre = P.mean(axis=0)
    u = np.cross(normal, [1.0, 0.0, 0.0])
    if np.linalg.norm(u) < 1e-9 * np.linalg.norm(normal):
        u = np.cross(normal, [0.0, 1.0, 0.0])
    v = np.cross(normal, u)
    rel = P - centre
    order = np.argsort(np.arctan2(rel @ v, rel @ u))
    return P[order]


def vector_scale(v, box: Box3, *, fill: float = 0.8) -> float:
    """A round factor s (1, 2 or 5 times a power of ten) with s v from the origin inside
    the box, about ``fill`` of the way to its edge; 0 for v = 0."""
    v = np.asarray(v, dtype=np.float64)
    if not np.any(v):
        return 0.0
    room = math.inf
    for j in range(3):
        if v[j] > 0:
            room = min(room, box.hi[j] / v[j])
        elif v[j] < 0:
            room = min(room, box.lo[j] / v[j])
    target = fill * room
    if not math.isfinite(target) or target <= 0:
        return 0.0
    exp = math.floor(math.log10(target))
    for step in (5.0, 2.0, 1.0):
        if step * 10.0**exp <= target:
            return step * 10.0**exp
    return 10.0 ** (exp - 1) * 5.0


def slice_polygon(A, c: float, box: Box) -> np.ndarray:
    """The (w1, w2) in the box with a_i . (c, w1, w2) > 0 for every row: the feasible cone
    cut at b = c, as its closure (the edges are ties), shape (k, 2); (0, 2) when empty."""
    A = np.asarray(A, dtype=np.float64)
    poly = geometry.box_polygon(box)
    for a in A:
        if poly.shape[0] == 0:
            break
        if np.all(poly @ a[1:] + a[0] * c >= 0):
            continue  # the whole polygon is on the right side: nothing to cut
        poly = geometry.clip_half_plane(poly, a[1:], a[0] * c, 1.0)
    if poly.shape[0] < 3:
        return np.zeros((0, 2))
    # No area (a point or a segment: all rows right only on an edge) is no open region.
    x, y = poly[:, 0], poly[:, 1]
    area = 0.5 * abs(float(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1))))
    return poly if area > 1e-12 * box.span**2 else np.zeros((0, 2))


def wrong_counts(A, c: float, xs, ys) -> np.ndarray:
    """How many rows have a_i . (c, w1, w2) <= 0 (wrong or a tie) at each grid cell:
    shape (len(ys), len(xs))."""
    A = np.asarray(A, dtype=np.float64)
    gx, gy = np.meshgrid(np.asarray(xs, float), np.asarray(ys, float))
    cells = np.vstack((np.full(gx.size, float(c)), gx.ravel(), gy.ravel()))  # (3, cells)
    count = np.zeros(gx.size, dtype=np.int64)
    step = max(1, 2_000_000 // max(1, gx.size))  # rows at a time: 16 MB of products at most
    for lo in range(0, A.shape[0], step):
        count += np.count_nonzero(pc.flipped_mistakes(A[lo : lo + step], cells), axis=0)
    return count.reshape(gx.shape)


def weight_box(W) -> Box:
    """The weight-space view: every (w1, w2) of the run and the origin."""
    return geometry.view_box(np.asarray(W, dtype=np.float64).reshape(-1, 2), include_origin=True)


# ------------------------------------------------------------------- 3-D chart
def _plot3(Z) -> dict:
    """Augmented (x0, x1, x2) rows as Plotly's x = x1, y = x2, z = x0."""
    Z = np.asarray(Z, dtype=np.float64).reshape(-1, 3)
    return dict(x=Z[:, 1].tolist(), y=Z[:, 2].tolist(), z=Z[:, 0].tolist())


def _outline(x0: float, box: Box) -> dict:
    """The rectangle of the plane x0 = const over the box, as a closed line."""
    xs = [box.x0, box.x1, box.x1, box.x0, box.x0]
    ys = [box.y0, box.y0, box.y1, box.y1, box.y0]
    return dict(x=xs, y=ys, z=[x0] * 5)


def space_figure(
    X,
    y,
    w,
    b,
    *,
    flip: bool,
    box: Box,
    visited: int | None = None,
    presenter: bool = False,
    class_names: tuple[str, str] = ("-1", "+1"),
    height: int | None = None,
) -> go.Figure:
    """The points lifted to (1, x1, x2) (flipped: y (1, x1, x2)), w = (b, w1, w2) as a
    vector from the origin scaled to fit, its plane w . z = 0 clipped to the view, and the
    line where that plane cuts x0 = 1: the boundary of the 2-D chart. Misclassified
    samples (a . w <= 0) get a cross, the visited one a ring. ``w`` None: the points only."""
    X = np.asarray(X, dtype=np.float64).reshape(-1, 2)
    y = np.asarray(y).reshape(-1)
    style = theme.Style.of(presenter, X.shape[0])
    view = box3(box)
    Z = lifted_points(X, y, flip=flip)
    data: list[dict] = []
    outlines = [(1.0, "x0 = 1: the 2-D chart")]
    if flip:
        outlines.append((-1.0, "x0 = −1: class −1 flipped"))
    for x0, name in outlines:
        data.append(
            dict(
                type="scatter3d", mode="lines", name=name, hoverinfo="skip",
                line=dict(color="#bbbbbb", width=2, dash="dot" if x0 < 0 else "solid"),
                **_outline(x0, box),
            )
        )  # fmt: skip
    names = [text.plot_text(c) for c in class_names]
    classes = ((-1, theme.NEG_COLOR, "square"), (1, theme.POS_COLOR, "circle"))
    for label, color, symbol in classes:
        sel = y == label
        sign = "+1" if label > 0 else "−1"
        cname = names[1 if label > 0 else 0]
        name = sign if cname in ("+1", "-1") else f"{sign}: {cname}"
        if flip and label < 0:
            name += " (flipped: −z)"
        data.append(
            dict(
                type="scatter3d",
                mode="markers",
                name=name,
                marker=dict(color=color, symbol=symbol, size=style.marker * 0.32,
                            line=dict(width=0)),
                hovertemplate="(x0, x1, x2) = (%{z:.3g}, %{x:.3g}, %{y:.3g})<extra></extra>",
                **_plot3(Z[sel]),
            )
        )  # fmt: skip
    scale = 0.0
    if w is not None:
        waug = np.concatenate(([float(b)], np.asarray(w, dtype=np.float64)))
        A = pc.flipped(X, y)
        wrong = np.flatnonzero(pc.flipped_mistakes(A, waug))
        if 0 < wrong.size <= theme.MAX_MARKED:
            data.append(
                dict(
                    type="scatter3d", mode="markers", name="a·w ≤ 0 (misclassified)",
                    hoverinfo="skip",
                    marker=dict(symbol="x", color=theme.INK, size=style.marker * 0.35),
                    **_plot3(Z[wrong]),
                )
            )  # fmt: skip
        poly = plane_polygon(waug, view)
        if poly.shape[0] >= 3:
            k = poly.shape[0]
            data.append(  # its edge: the plane stays visible when seen almost edge-on
                dict(
                    type="scatter3d", mode="lines", name="plane's edge", showlegend=False,
                    hoverinfo="skip", line=dict(color=PLANE_COLOR, width=2),
                    **_plot3(np.vstack((poly, poly[:1]))),
                )
            )  # fmt: skip
            data.append(
                dict(
                    type="mesh3d",
                    name="plane w·z = 0",
                    showlegend=True,
                    color=PLANE_COLOR,
                    opacity=0.35,
                    i=[0] * (k - 2),
                    j=list(range(1, k - 1)),
                    k=list(range(2, k)),
                    hoverinfo="skip",
                    **_plot3(poly),
                )
            )
        for x0, dash, name in ((1.0, "solid", "boundary (plane ∩ x0 = 1)"), (-1.0, "dash", None)):
            if x0 < 0 and not flip:
                continue
            seg = geometry.line_in_box(waug[1:], waug[0] * x0, box)
            if seg is None:
                continue
            data.append(
                dict(
                    type="scatter3d", mode="lines", name=name or "plane ∩ x0 = −1",
                    hoverinfo="skip", line=dict(color=theme.INK, width=style.line * 2, dash=dash),
                    x=seg[:, 0].tolist(), y=seg[:, 1].tolist(), z=[x0, x0],
                )
            )  # fmt: skip
        scale = vector_scale(waug, view)
        if scale > 0:
            tip = scale * waug
            label = f"w = (b, w1, w2) = {text.vec(waug)}"
            data.append(
                dict(
                    type="scatter3d",
                    mode="lines+markers",
                    name=f"w, drawn ×{scale:g}" if scale != 1 else "w",
                    line=dict(color=theme.INK, width=style.line * 2.4),
                    marker=dict(size=[2, style.marker * 0.5], color=theme.INK,
                                symbol=["circle", "diamond"]),
                    hovertemplate=text.plot_text(label, 200) + "<extra></extra>",
                    meta=dict(w=waug.tolist(), scale=scale),
                    **_plot3(np.vstack((np.zeros(3), tip))),
                )
            )  # fmt: skip
    if visited is not None:
        data.append(
            dict(
                type="scatter3d", mode="markers", name="visited", hoverinfo="skip",
                showlegend=False,
                marker=dict(symbol="circle-open", color=theme.INK, size=style.marker * 1.3,
                            line=dict(width=3, color=theme.INK)),
                **_plot3(Z[visited : visited + 1]),
            )
        )  # fmt: skip
    spans = view.hi - view.lo  # (x0, x1, x2)
    ratio = spans / spans.max()
    to_scale = bool(ratio.min() >= 0.25)
    if not to_scale:  # a thin x0 slab next to wide features: draw a cube, say so
        ratio = np.ones(3)
    axis = dict(showspikes=False, backgroundcolor="white", gridcolor="#e5e5e5",
                zerolinecolor="#999999")  # fmt: skip
    title = "" if to_scale else "axes not to scale"
    layout = dict(
        height=height or (560 if presenter else 460),
        margin=dict(l=0, r=0, t=28 if title else 0, b=0),
        title=dict(text=title, font=dict(size=style.font - 2)),
        font=dict(size=style.font - 2),
        showlegend=True,
        legend=dict(orientation="h", yanchor="top", y=0.0, x=0,
                    font=dict(size=style.legend_font - 1)),
        scene=dict(
            xaxis=dict(axis, title=dict(text="x1"), range=[view.lo[1], view.hi[1]]),
            yaxis=dict(axis, title=dict(text="x2"), range=[view.lo[2], view.hi[2]]),
            zaxis=dict(axis, title=dict(text="x0"), range=[view.lo[0], view.hi[0]]),
            aspectmode="manual",
            aspectratio=dict(x=float(ratio[1]), y=float(ratio[2]), z=float(ratio[0])),
            camera=dict(eye=dict(x=1.25, y=-1.45, z=1.25), up=dict(x=0, y=0, z=1)),
            dragmode="turntable",
        ),
        uirevision="space",  # a rotation is kept when the step changes
        meta=dict(scale=scale, to_scale=to_scale),
    )  # fmt: skip
    return theme.figure(data, layout)


# ----------------------------------------------------------------- weight space
def weight_figure(
    A,
    W,
    B,
    k: int,
    c: float,
    *,
    box: Box,
    presenter: bool = False,
) -> go.Figure:
    """Weight space cut at b = c: each cell coloured by how many examples it gets wrong,
    the feasible region (all correct) shaded, each example's line a . (c, w1, w2) = 0, and
    the run's (w1, w2) after updates 0..k (filled where its b was c), w now a star.

    ``A``: the flipped samples y (1, x) (their classes are the sign of the first column);
    ``W``, ``B``: the run's trajectory (``run.trajectory()``)."""
    A = np.asarray(A, dtype=np.float64)
    W = np.asarray(W, dtype=np.float64).reshape(-1, 2)
    B = np.asarray(B, dtype=np.float64).reshape(-1)
    style = theme.Style.of(presenter, 0)
    xs = np.linspace(box.x0, box.x1, GRID)
    ys = np.linspace(box.y0, box.y1, GRID)
    data: list[dict] = [
        dict(
            type="heatmap", x=xs, y=ys, z=wrong_counts(A, c, xs, ys), zmin=0,
            zmax=max(1, A.shape[0]), colorscale=[[0.0, "white"], [1.0, "#a0a0a0"]],
            showscale=False,
            hovertemplate="(w1, w2) = (%{x:.3g}, %{y:.3g})<br>%{z} examples wrong"
            "<extra></extra>",
            name="examples wrong", showlegend=False,
        )
    ]  # fmt: skip
    poly = slice_polygon(A, c, box)
    px, py = geometry.closed(poly)
    data.append(
        dict(
            type="scatter", x=px or [None], y=py or [None], mode="lines", fill="toself",
            fillcolor=FEASIBLE_COLOR, line=dict(color=theme.USTAR_COLOR, width=1.5),
            name="all correct" + ("" if px else ": none at this b"),
            hoverinfo="skip",
        )
    )  # fmt: skip
    for label, color in ((1, theme.POS_COLOR), (-1, theme.NEG_COLOR)):
        rows = np.flatnonzero(np.sign(A[:, 0]) == label)[: MAX_LINES // 2]
        xs_, ys_ = [], []
        for i in rows:
            seg = geometry.line_in_box(A[i, 1:], A[i, 0] * c, box)
            if seg is not None:
                xs_ += [seg[0, 0], seg[1, 0], None]
                ys_ += [seg[0, 1], seg[1, 1], None]
        data.append(
            dict(
                type="scatter", x=xs_ or [None], y=ys_ or [None], mode="lines",
                line=dict(color=color, width=1), opacity=0.45, hoverinfo="skip",
                name=f"a_i·w = 0, class {'+1' if label > 0 else '−1'}",
            )
        )  # fmt: skip
    lo = max(0, k - MAX_PATH + 1)
    path_w, path_b = W[lo : k + 1], B[lo : k + 1]
    inside = path_b == c
    data.append(
        dict(
            type="scatter", x=path_w[:, 0], y=path_w[:, 1], mode="lines+markers",
            name="w after each update",
            line=dict(color=theme.INK, width=1),
            marker=dict(size=style.marker * 0.6, color=theme.INK,
                        symbol=np.where(inside, "circle", "circle-open").tolist()),
            customdata=np.column_stack((np.arange(lo, k + 1), path_b)),
            hovertemplate="update %{customdata[0]}: b = %{customdata[1]:.4g}, "
            "(w1, w2) = (%{x:.4g}, %{y:.4g})<extra></extra>",
        )
    )  # fmt: skip
    now_in = bool(B[k] == c)
    data.append(
        dict(
            type="scatter", x=[W[k, 0]], y=[W[k, 1]], mode="markers",
            name="w now" + ("" if now_in else f" (b = {text.num(B[k])}, projected)"),
            marker=dict(symbol="star" if now_in else "star-open", size=style.marker * 2,
                        color=theme.INK, line=dict(width=1.5, color=theme.INK)),
            hovertemplate=f"w now: b = {text.num(B[k])}, (w1, w2) = (%{{x:.4g}}, %{{y:.4g}})"
            "<extra></extra>",
        )
    )  # fmt: skip
    axis = dict(zeroline=True, zerolinecolor="#999999", fixedrange=True)
    layout = dict(
        height=480 if presenter else 340,
        margin=dict(l=50, r=10, t=34, b=40),
        showlegend=False,  # the caption under the chart says what each mark is
        title=dict(text=f"Weight space at b = {text.num(c)}", font=dict(size=style.font)),
        font=dict(size=style.font - 2),
        xaxis=dict(axis, range=[box.x0, box.x1], title=dict(text="w1")),
        # Not to scale: a square box fills the column's width and this height alike.
        yaxis=dict(axis, range=[box.y0, box.y1], title=dict(text="w2")),
        plot_bgcolor="white",
        legend=dict(orientation="h", yanchor="top", y=-0.12, x=0,
                    font=dict(size=style.legend_font - 1)),
        dragmode=False,
        hovermode="closest",
        uirevision="weights",
    )  # fmt: skip
    return theme.figure(data, layout)


def slice_sentence(kind: str, c: float, b_now: float, wrong: int, n: int, empty: bool) -> str:
    """What the weight-space chart shows, in words (plain text: numbers only)."""
    which = (
        f"the current b = {text.num(c)}, so the star (w now) lies in it"
        if kind == "current"
        else f"the chosen b = {text.num(c)}"
        + ("" if b_now == c else f"; w now has b = {text.num(b_now)}: its open star is projected")
    )
    region = (
        "No (w1, w2) gets every example right with this b: the feasible cone misses this slice."
        if empty
        else "Green: the (w1, w2) that get every example right with this b, the feasible cone's "
        "cut."
    )
    lines = f" Lines: the first {MAX_LINES} examples'." if n > MAX_LINES else ""
    return (
        f"Weight space cut at b = {text.num(c)}: {which}. Example i is the half-plane "
        f"a_i·(b, w1, w2) > 0 bounded by its line (blue: class +1, orange: −1); grey counts "
        f"the examples a cell gets wrong. {region} The path: w after each update, open where "
        f"that w had another b (projected onto this slice). w now gets {wrong} of {n} wrong."
        f"{lines}"
    )


# ---------------------------------------------------------------------- equations
def _tvec(values) -> str:
    """(a, b, c) for LaTeX."""
    return r"\left(" + ", ".join(text.tex(v) for v in np.ravel(values)) + r"\right)"


def lifted_visit_latex(visit, x, y: int, eta: float) -> list[str]:
    """The visit in the augmented space: a = y (1, x), a . w with w = (b, w1, w2), and on a
    mistake the update w <- w + eta a (one rule for both classes: the flip of 004)."""
    z = np.concatenate(([1.0], np.asarray(x, dtype=np.float64)))
    a = y * z
    score = y * visit.activation  # exact: a . w is y times the activation
    sign = r"\le" if visit.mistake else ">"
    lines = [
        rf"\begin{{aligned}} a &= y\,(1, x_1, x_2) \\ &= ({y:+d})\,{_tvec(z)} \\"
        rf" &= {_tvec(a)} \end{{aligned}}",
        rf"\begin{{aligned}} a \cdot w &= y\,(b + w \cdot x) \\ &= ({y:+d})\,"
        rf"{_tvec([visit.activation])} \\ &= {text.tex(score)} {sign} 0 \end{{aligned}}",
    ]
    if visit.mistake:
        after = np.concatenate(([visit.b_after], visit.w_after))
        step = "" if eta == 1 else rf"{text.tex(eta)}\,"
        lines.append(
            rf"\begin{{aligned}} w &\leftarrow w + {step}a \\ &= {_tvec(after)} \end{{aligned}}"
        )
    return lines


# ------------------------------------------------------------------------ cone LP
_SPLIT_ROWS = re.compile(r"[;\n]+")
_SPLIT_NUMS = re.compile(r"[,\s]+")


def parse_rows(source: str) -> np.ndarray:
    """The rows of A from text: one row a line (or separated by ';'), numbers separated by
    commas or spaces. Raises ValueError with a message for people, in plain text (the
    page escapes it once, for Markdown)."""
    if len(source) > CONE_ROWS_CHARS:
        raise ValueError(f"the rows are too long: at most {CONE_ROWS_CHARS:,} characters")
    rows = []
    for line in _SPLIT_ROWS.split(source):
        line = line.strip()
        if not line:
            continue
        row = []
        for token in _SPLIT_NUMS.split(line):
            if not token:
                continue
            try:
                value = float(token)
            except ValueError:
                raise ValueError(f"'{text.shorten(token, 20)}' is not a number") from None
            if not math.isfinite(value) or abs(value) > MAX_ENTRY:
                raise ValueError(
                    f"'{text.shorten(token, 20)}': entries must be finite numbers of size at "
                    f"most {MAX_ENTRY:g}"
                )
            row.append(value)
        if row:
            rows.append(row)
    if not rows:
        raise ValueError("type at least one row of numbers")
    if len(rows) > MAX_ROWS:
        raise ValueError(f"{len(rows)} rows: at most {MAX_ROWS}")
    widths = {len(r) for r in rows}
    if len(widths) > 1:
        raise ValueError(f"every row needs the same number of entries; got {sorted(widths)}")
    if rows[0].__len__() > MAX_COLUMNS:
        raise ValueError(f"{len(rows[0])} columns: at most {MAX_COLUMNS}")
    return np.array(rows, dtype=np.float64)


def iteration_rows(sol: pc.ConeSolution, *, limit: int = 40) -> list[dict]:
    """One row per update (the first ``limit - 5`` and the last 5 when there are more):
    the pass, the row added, a_i . w before it and w after it."""
    k = sol.updates
    shown = list(range(k)) if k <= limit else [*range(limit - 5), *range(k - 5, k)]
    n = sol.A.shape[0]
    out = []
    for j in shown:
        i = int(sol.rows[j])
        before = float(pc.scores(sol.A[i : i + 1], sol.iterates[j])[0])
        out.append(
            {
                "update": j + 1,
                "pass": int(sol.visits[j] // n) + 1,
                "row i": i + 1,
                "a_i·w before": before,
                "w after": text.vec(sol.iterates[j + 1]),
            }
        )
    return out


def check_rows(sol: pc.ConeSolution, *, limit: int = 50) -> list[dict]:
    """The final check, row by row (the first ``limit``): a_i, a_i . w* and whether >= 1."""
    if sol.solution is None:
        return []
    products = sol.A @ sol.solution
    return [
        {
            "row i": i + 1,
            "a_i": text.vec(sol.A[i]),
            "a_i·w*": float(products[i]),
            "≥ 1": bool(products[i] >= 1.0),
        }
        for i in range(min(limit, sol.A.shape[0]))
    ]


def _count(k: int, noun: str) -> str:
    """'1 update', '6 updates', '3 passes'."""
    return f"{k:,} {noun}" + ("" if k == 1 else "es" if noun.endswith("s") else "s")


def cone_summary(sol: pc.ConeSolution, max_updates: int) -> str:
    """The solver's outcome in one paragraph (Markdown-safe: numbers only)."""
    n = sol.A.shape[0]
    if sol.solved:
        products = sol.A @ sol.solution
        nudge = " (rounded up a hair: w/m fell short of 1 by rounding)" if sol.nudged else ""
        return (
            f"Solved in {_count(sol.updates, 'update')} over {_count(sol.passes, 'pass')}: "
            "the last pass made "
            f"no mistake, so A w > 0 with w = {text.vec(sol.w)}. Its smallest product is "
            f"m = min A w = {text.num(sol.low)}, and w* = w / m = {text.vec(sol.solution)}"
            f"{nudge}. Check: min A w* = {text.num(float(products.min()), 17)}, and "
            f"{int(np.count_nonzero(products >= 1.0)):,} of {n:,} rows have a_i·w* ≥ 1."
        )
    if sol.stop_reason == "rounding":
        return (
            "A w > 0 was reached, but no floating-point multiple of w passed A w ≥ 1 "
            "(a product is too close to 0): try rows of a similar size."
        )
    cap = (
        f"{max_updates:,} updates (the cap)"
        if sol.stop_reason == "max_updates"
        else f"{sol.passes:,} passes (the cap)"
    )
    return (
        f"No solution after {cap}: the perceptron was stopped. The system may have no "
        "solution at all (the perceptron cannot prove that; data that no line separates "
        "gives such rows), or it needs more updates."
    )


def same_as_run(sol: pc.ConeSolution, run) -> str:
    """How the solver's iterates on the data's rows compare with the run's (b, w): equal,
    update for update, when the run starts at 0 with eta = 1 in the fixed order."""
    if run.shuffle or run.b0 != 0 or np.any(run.w0) or run.eta != 1:
        why = (
            "a random start"
            if (run.b0 != 0 or np.any(run.w0))
            else ("the shuffled order" if run.shuffle else f"η = {run.eta:g}")
        )
        return (
            f"The run above uses {why}, so its weight vectors differ from these iterates "
            "(from w = 0 in the fixed order they are η times these)."
        )
    W, B = run.trajectory()
    traj = np.column_stack((B, W))
    m = min(traj.shape[0], sol.iterates.shape[0])
    same = np.flatnonzero(np.any(traj[:m] != sol.iterates[:m], axis=1))
    if same.size:
        return f"The run's weight vectors first differ from these iterates at update {same[0]}."
    return (
        f"These iterates are the run's weight vectors (b, w1, w2) above, exactly, for all "
        f"{m - 1:,} updates both made: cycling through the flipped samples is the perceptron."
    )
