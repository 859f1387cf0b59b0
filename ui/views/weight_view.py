"""Weight space as pure functions (no streamlit): arrays in, the slice's figure and its
sentence out.

Notation of notes 000 and 004: w = (b, w1, w2) and the flipped samples a = y (1, x1, x2);
an example is right exactly when a . w > 0.

- ``weight_figure``: weight space cut at a fixed bias b = c. Each example's weights that
  classify it correctly form the half-plane {(w1, w2) : a . (c, w1, w2) > 0}; the
  intersection (the feasible cone's cut) is shaded, each cell is coloured by how many
  examples it gets wrong, and the run's (w1, w2) after each update are drawn, filled
  where that w had b = c (in this slice), open where its b differed (a projection).
- ``slice_sentence``: what that chart shows, in words.
"""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

import perceptron_core as pc
from ui import text
from ui.charts import geometry, theme
from ui.charts.geometry import Box
from ui.limits import SPACE_LINES as MAX_LINES
from ui.limits import SPACE_PATH as MAX_PATH
from ui.views.space_view import symbols
from ui.words import t

GRID = 70  # weight-space cells a side coloured by the number of examples wrong
FEASIBLE_COLOR = "rgba(0, 158, 115, 0.35)"  # bluish green, as u* on the Playground


# ------------------------------------------------------------------------ geometry
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
    S = symbols()  # w, b, (w1, w2), a_i in the lab's notation
    xs = np.linspace(box.x0, box.x1, GRID)
    ys = np.linspace(box.y0, box.y1, GRID)
    data: list[dict] = [
        dict(
            type="heatmap", x=xs, y=ys, z=wrong_counts(A, c, xs, ys), zmin=0,
            zmax=max(1, A.shape[0]), colorscale=[[0.0, "white"], [1.0, "#a0a0a0"]],
            showscale=False,
            hovertemplate=f"{S.pair} = (%{{x:.3g}}, %{{y:.3g}})<br>"
            + t("space.cell_wrong", count="%{z}") + "<extra></extra>",
            name=t("space.examples_wrong"), showlegend=False,
        )
    ]  # fmt: skip
    poly = slice_polygon(A, c, box)
    px, py = geometry.closed(poly)
    data.append(
        dict(
            type="scatter", x=px or [None], y=py or [None], mode="lines", fill="toself",
            fillcolor=FEASIBLE_COLOR, line=dict(color=theme.USTAR_COLOR, width=1.5),
            name=t("space.feasible") + ("" if px else t("space.feasible_none", b=S.b)),
            hoverinfo="skip",
        )
    )  # fmt: skip
    for label, color in ((1, theme.POS_COLOR), (-1, theme.NEG_COLOR)):
        rows = np.flatnonzero(np.sign(A[:, 0]) == label)[: MAX_LINES // 2]
        xs_, ys_ = geometry.lines_in_box(A[rows, 1:], A[rows, 0] * c, box)
        data.append(
            dict(
                type="scatter", x=xs_ or [None], y=ys_ or [None], mode="lines",
                # The classes differ by more than colour: class -1's lines are dotted.
                line=dict(color=color, width=1, dash="solid" if label > 0 else "dot"),
                opacity=0.45, hoverinfo="skip",
                name=t("space.example_line", dot=S.dot_i(), label=text.said_label(label)),
            )
        )  # fmt: skip
    lo = max(0, k - MAX_PATH + 1)
    path_w, path_b = W[lo : k + 1], B[lo : k + 1]
    inside = path_b == c
    data.append(
        dict(
            type="scatter", x=path_w[:, 0], y=path_w[:, 1], mode="lines+markers",
            name=t("space.path", w=S.w),
            line=dict(color=theme.INK, width=1),
            marker=dict(size=style.marker * 0.6, color=theme.INK,
                        symbol=np.where(inside, "circle", "circle-open").tolist()),
            customdata=np.column_stack((np.arange(lo, k + 1), path_b)),
            hovertemplate=t("space.path_hover", k="%{customdata[0]}",
                            values=f"{S.b} = %{{customdata[1]:.4g}}, {S.pair} = "
                            "(%{x:.4g}, %{y:.4g})") + "<extra></extra>",
        )
    )  # fmt: skip
    now_in = bool(B[k] == c)
    data.append(
        dict(
            type="scatter", x=[W[k, 0]], y=[W[k, 1]], mode="markers",
            name=t("space.now", w=S.w)
            + ("" if now_in else t("space.now_projected", b=f"{S.b} = {text.num(B[k])}")),
            marker=dict(symbol="star" if now_in else "star-open", size=style.marker * 2,
                        color=theme.INK, line=dict(width=1.5, color=theme.INK)),
            hovertemplate=t("space.now", w=S.w) + f": {S.b} = {text.num(B[k])}, {S.pair} = "
            "(%{x:.4g}, %{y:.4g})<extra></extra>",
        )
    )  # fmt: skip
    axis = dict(zeroline=True, zerolinecolor="#999999", fixedrange=True)
    layout = dict(
        height=480 if presenter else 340,
        margin=dict(l=50, r=10, t=34, b=40),
        showlegend=False,  # the caption under the chart says what each mark is
        title=dict(text=t("space.weight_title", b=f"{S.b} = {text.num(c)}"),
                   font=dict(size=style.font)),
        font=dict(size=style.font - 2),
        xaxis=dict(axis, range=[box.x0, box.x1], title=dict(text=S.w1)),
        # Not to scale: a square box fills the column's width and this height alike.
        yaxis=dict(axis, range=[box.y0, box.y1], title=dict(text=S.w2)),
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
    S = symbols()
    bc = f"{S.b} = {text.num(c)}"
    if kind == "current":
        which = t("space.slice_current", b=bc, w=S.w)
    else:
        which = t("space.slice_chosen", b=bc) + (
            "" if b_now == c else t("space.slice_projected", w=S.w, b=f"{S.b} = {text.num(b_now)}")
        )
    region = t("space.slice_empty" if empty else "space.slice_region", pair=S.pair, b=S.b)
    lines = t("space.slice_lines", most=MAX_LINES) if n > MAX_LINES else ""
    half = f"{S.lifted}ᵀy_i" if S.augmented else f"{S.sample}_i·{S.lifted}"
    return t(
        "space.slice_says", bc=bc, which=which, half=half, pos=text.said_label(1),
        neg=text.said_label(-1), region=region, w=S.w, b=S.b, wrong=wrong, n=n, lines=lines,
    )  # fmt: skip
