"""Figures composed from layers over a scene: pure functions, arrays in, plain traces out.

A ``Scene`` is what stays fixed while a run is stepped: the points, their classes, the
view box and the sizes (normal screen or projector). A layer is a list of Plotly traces
(plain dicts) for one idea: the points, the regions a classifier predicts, one boundary
with its label, a margin band, a ring, the crosses on mistakes, a decision function's
filled contour (and, in ``ui.charts.arrows``, the vectors of an update).
``compose(scene, *layers)`` stacks them in the order given (first = bottom) and adds the
scene's layout, so a page with several boundaries, a contour or small multiples builds its
chart from the same parts as the Playground's (``ui.charts.playground``). ``keep``: a layer
that has nothing to draw still gives its trace, empty, so a chart whose frames update its
traces by index (the Playground's) keeps their order.

Names that come from files and links are escaped here (``text.plot_text``): Plotly
renders ``<b>`` and ``<a href>`` in names and labels.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
import plotly.graph_objects as go

import perceptron_core as pc
from ui import notation, text
from ui.charts import geometry, theme
from ui.charts.geometry import Box
from ui.charts.theme import Style
from ui.words import t as words

GRID_POINTS = 120  # a decision function is drawn on at most this many cells a side
# A score grid costs (support vectors) x (cells); above this many products the grid is
# made coarser, so no chart takes more than a few tens of milliseconds to evaluate.
MAX_SCORE_WORK = 5_000_000  # a kernel value costs 6-9 ns here: about 40 ms at the cap
# Line styles told apart without colour (small multiples and several boundaries at once).
DASHES = ("solid", "dash", "dot", "dashdot", "longdash", "longdashdot")


@dataclass(frozen=True)
class Scene:
    """The fixed part of a chart: points, classes, view box and sizes."""

    X: np.ndarray
    y: np.ndarray
    box: Box
    class_names: tuple[str, str] = ("-1", "+1")
    feature_names: tuple[str, str] = ("x1", "x2")
    presenter: bool = False
    height: int | None = None  # None: the style's height (small multiples pass less)
    style: Style = field(init=False)

    def __post_init__(self):
        X = np.asarray(self.X, dtype=np.float64).reshape(-1, 2)
        object.__setattr__(self, "X", X)
        object.__setattr__(self, "y", np.asarray(self.y).reshape(-1))
        style = Style.of(self.presenter, X.shape[0])
        if self.height is not None:
            style = Style(style.font, style.marker, style.line, self.height, style.legend_font)
        object.__setattr__(self, "style", style)

    @property
    def n(self) -> int:
        return int(self.X.shape[0])

    @property
    def gl(self) -> bool:
        return self.n > theme.GL_THRESHOLD


# ------------------------------------------------------------------------ layers
def points(
    scene: Scene,
    *,
    sizes=None,
    size_label: str | None = None,
    counts=None,
    hover: str = "(%{x:.3f}, %{y:.3f})",
) -> list[dict]:
    """The two classes, by colour and shape; ``sizes`` (one per point) scales the markers
    (e.g. by a kernel perceptron's alpha_i), ``counts`` (one per point) is what the hover
    shows under the name ``size_label`` (default: the sizes themselves); ``hover``: what
    the hover says under the class (a Plotly template; the score view's: the score)."""
    X, y, style = scene.X, scene.y, scene.style
    neg_name, pos_name = (text.plot_text(c) for c in scene.class_names)
    out = []
    for label, color, symbol, cname in (
        (-1, theme.NEG_COLOR, theme.NEG_SYMBOL, neg_name),
        (1, theme.POS_COLOR, theme.POS_SYMBOL, pos_name),
    ):
        sel = y == label
        sign = "+1" if label > 0 else "-1"
        said = notation.current().legend(label)  # the label in the lab's notation
        size = style.marker if sizes is None else np.asarray(sizes, dtype=np.float64)[sel]
        template = f"{said}<br>{hover}"
        custom = None
        if sizes is not None and size_label:
            template += f"<br>{text.plot_text(size_label)} = %{{customdata}}"
            shown = sizes if counts is None else counts
            custom = np.asarray(shown)[sel] if np.ndim(shown) else None
        trace = dict(
            type="scattergl" if scene.gl else "scatter",
            x=X[sel, 0],
            y=X[sel, 1],
            mode="markers",
            name=said if cname == sign else f"{said}: {cname}",
            marker=dict(
                color=color,
                symbol=symbol,
                size=size,
                line=dict(width=0 if scene.gl else 1, color="white"),
            ),
            hovertemplate=template + "<extra></extra>",
            meta=label,
        )
        if custom is not None:
            trace["customdata"] = custom
        out.append(trace)
    return out


def marker_sizes(counts, base: float, *, largest: float = 3.0) -> np.ndarray:
    """Marker sizes growing with a count per point (alpha_i): 0 gives ``base``/2, the
    largest count ``largest`` times ``base``, by the square root (area follows the count)."""
    c = np.asarray(counts, dtype=np.float64)
    top = float(c.max()) if c.size else 0.0
    if top <= 0:
        return np.full(c.shape, base)
    return base * (0.5 + (largest - 0.5) * np.sqrt(c / top))


def regions(box: Box, w, b: float, *, positive: str = "+1") -> list[dict]:
    """The two half-planes w.x + b > 0 and < 0, shaded in the classes' colours (both empty
    before there is a w); ``positive``: the +1 class's name, when it has one."""
    w = None if w is None else np.asarray(w, dtype=np.float64)
    pos = neg = np.zeros((0, 2))
    if w is None:
        pass
    elif np.any(w):
        pos = geometry.clip_half_plane(geometry.box_polygon(box), w, b, 1.0)
        neg = geometry.clip_half_plane(geometry.box_polygon(box), w, b, -1.0)
    elif b > 0:  # w = 0, b != 0: every point gets the sign of b
        pos = geometry.box_polygon(box)
    elif b < 0:
        neg = geometry.box_polygon(box)
    fill = dict(mode="lines", fill="toself", line=dict(width=0), hoverinfo="skip")
    nt = notation.current()
    named = words("chart.predicted", label=nt.legend(1))
    named = f"{named} ({positive})" if positive != "+1" else named
    out = []
    for poly, color, name in (
        (pos, theme.POS_SHADE, named),
        (neg, theme.NEG_SHADE, words("chart.predicted", label=nt.legend(-1))),
    ):
        x, y = geometry.closed(poly)
        out.append(
            dict(type="scatter", x=x, y=y, name=name, fillcolor=color, showlegend=False, **fill)
        )
    return out


def boundary(
    scene: Scene,
    w,
    b: float,
    *,
    name: str | None = None,
    color: str = theme.INK,
    dash: str | None = "solid",
    width: float | None = None,
    showlegend: bool = True,
) -> list[dict]:
    """The line w.x + b = 0 inside the view (an empty trace when w = 0 or None; ``dash``
    None: Plotly's solid line, unset). A line that misses the view keeps its legend entry,
    which says so: the reader is not left looking for it."""
    label = text.plot_text(words("chart.boundary") if name is None else name)
    # Its segment, or (none of it or a corner in view) a word at the edge toward it.
    if w is None or not np.any(np.asarray(w) != 0):
        drawn = dict(x=[], y=[], text=[], textposition="middle center")
    else:
        drawn = geometry.boundary_trace(w, b, scene.box, label)
    line = dict(color=color, width=width or scene.style.line)
    if dash is not None:
        line["dash"] = dash
    return [
        dict(
            type="scatter",
            x=drawn["x"],
            y=drawn["y"],
            text=drawn["text"],
            textposition=drawn["textposition"],
            textfont=dict(size=scene.style.font, color=color, shadow=theme.HALO),
            mode="lines+text",
            name=label,
            line=line,
            hoverinfo="skip",
            showlegend=showlegend and bool(drawn["x"]),
        )
    ]


def margin_band(
    scene: Scene, w, b: float, *, name: str | None = None, keep: bool = False
) -> list[dict]:
    """The band |w.x + b| <= the smallest |activation| over the points (the margin),
    drawn only when w separates the points (otherwise w has no margin); ``keep``: an
    empty trace then (a chart whose frames update its traces by index)."""
    x, y = [], []
    if w is not None and np.any(np.asarray(w) != 0) and scene.n:
        w = np.asarray(w, dtype=np.float64)
        a = pc.activations(scene.X, w, b)
        half = float(np.min(np.abs(a)))
        if half > 0 and not np.any(pc.mistakes(scene.y, a)):
            x, y = geometry.closed(geometry.band_polygon(w, b, half, scene.box))
    if not (x or keep):
        return []
    return [
        dict(
            type="scatter",
            x=x,
            y=y,
            mode="lines",
            fill="toself",
            name=words("chart.margin_of", w=notation.current().w) if name is None else name,
            fillcolor="rgba(204, 121, 167, 0.12)",
            line=dict(width=1, color=theme.MARGIN_COLOR, dash="dot"),
            hoverinfo="skip",
            showlegend=bool(x),
        )
    ]


def ringed(
    scene: Scene, index: int | None, *, at=None, name: str | None = None, keep: bool = False
) -> list[dict]:
    """A ring around one point (the example just visited): the scene's point ``index``, or
    the point ``at`` (x, y) when it is not among the scene's (a chart that draws a
    sample); ``keep``: an empty trace when there is none (its legend entry hidden)."""
    if index is None and at is None and not keep:
        return []
    s = scene.style
    x, y = ([], []) if index is None else ([scene.X[index, 0]], [scene.X[index, 1]])
    if at is not None:
        x, y = [at[0]], [at[1]]
    ring = [
        dict(
            type="scatter",
            x=x,
            y=y,
            mode="markers",
            name=words("chart.visited") if name is None else name,
            hoverinfo="skip",
            marker=dict(
                symbol="circle-open",
                color=theme.INK,
                size=s.marker * 2.4,
                line=dict(width=s.line * 1.2, color=theme.INK),
            ),
        )
    ]
    if keep:
        ring[0]["showlegend"] = bool(x)
    return ring


def unsampled(scene: Scene, at, label: int, *, name: str = "visited (unsampled)") -> list[dict]:
    """One point at ``at`` (x, y) in its class's colour and shape, drawn by itself: the
    visited example of a chart that draws a sample of the points, when it is not among
    them (``label``: its class, -1 or +1)."""
    positive = label > 0
    return [
        dict(
            type="scatter",
            x=[at[0]],
            y=[at[1]],
            mode="markers",
            name=name,
            hoverinfo="skip",
            marker=dict(
                color=theme.POS_COLOR if positive else theme.NEG_COLOR,
                symbol=theme.POS_SYMBOL if positive else theme.NEG_SYMBOL,
                size=scene.style.marker,
            ),
        )
    ]


def misclassified(scene: Scene, score, *, keep: bool = False) -> list[dict]:
    """A cross on every point the classifier gets wrong (score * y <= 0: a tie is a
    mistake, as in the engine); none when there are more than ``theme.MAX_MARKED`` (the
    shading shows each side; tens of thousands of markers would double the drawing time)
    or ``score`` is None (no classifier yet). ``keep``: an empty trace then."""
    wrong = np.zeros(0, dtype=np.int64)
    if score is not None:
        wrong = np.flatnonzero(pc.mistakes(scene.y, score))
    if wrong.size > theme.MAX_MARKED:
        wrong = wrong[:0]
    if wrong.size == 0 and not keep:
        return []
    s = scene.style
    crosses = [
        dict(
            type="scattergl" if scene.gl else "scatter",
            x=scene.X[wrong, 0],
            y=scene.X[wrong, 1],
            mode="markers",
            name=words("chart.misclassified"),
            hoverinfo="skip",
            marker=dict(
                symbol="x-thin-open",
                color=theme.INK,
                size=max(7.0, s.marker * 1.1),
                line=dict(width=1.5 if scene.gl else 2, color=theme.INK),
            ),
        )
    ]
    if keep:
        crosses[0]["showlegend"] = bool(wrong.size)
    return crosses


def grid(box: Box, resolution: int = GRID_POINTS) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Cell centres covering the box: (xs, ys, Z of shape (len(ys)*len(xs), 2))."""
    k = max(2, int(resolution))
    xs = np.linspace(box.x0, box.x1, k)
    ys = np.linspace(box.y0, box.y1, k)
    gx, gy = np.meshgrid(xs, ys)
    return xs, ys, np.column_stack((gx.ravel(), gy.ravel()))


def resolution_for(work_per_cell: int, resolution: int = GRID_POINTS) -> int:
    """The grid side that keeps cells x ``work_per_cell`` under ``MAX_SCORE_WORK``."""
    if work_per_cell <= 0:
        return resolution
    side = int(np.sqrt(MAX_SCORE_WORK / work_per_cell))
    return int(max(24, min(resolution, side)))


def score_regions(
    scene: Scene, xs, ys, scores, *, name: str = "f(x) = 0", show_scale: bool = True
) -> list[dict]:
    """A decision function as a filled contour (blue where it says +1, orange where -1,
    stronger the further from 0) with its zero level drawn as the boundary, in one trace.

    ``scores`` has shape (len(ys), len(xs)): the function at the grid's cells.
    """
    Z = np.asarray(scores, dtype=np.float64).reshape(len(ys), len(xs))
    top = float(np.max(np.abs(Z))) if Z.size else 0.0
    top = top if top > 0 else 1.0
    shade = [
        [0.0, "rgba(213, 94, 0, 0.45)"],
        [0.5, "rgba(255, 255, 255, 0.0)"],
        [1.0, "rgba(0, 114, 178, 0.45)"],
    ]
    # One trace draws both the shading and the zero level (its only contour line): the
    # grid is sent to the browser once, not once for each.
    region = dict(
        type="contour",
        x=xs,
        y=ys,
        z=Z,
        zmin=-top,
        zmax=top,
        colorscale=shade,
        contours=dict(coloring="heatmap", showlines=True, start=0.0, end=0.0, size=1.0),
        line=dict(color=theme.INK, width=scene.style.line),
        showscale=show_scale,
        colorbar=dict(title=dict(text="f(x)"), thickness=12, len=0.6),
        hoverinfo="skip",
        name=text.plot_text(name),
        showlegend=bool(np.any(Z > 0) and np.any(Z <= 0)),
    )
    return [region]


def zero_level(
    scene: Scene, xs, ys, scores, *, name: str, color: str = theme.INK, dash: str = "solid"
) -> list[dict]:
    """Only the zero level of a function on a grid, as a line (a boundary that need not be
    straight: the voted perceptron's vote, a kernel's f)."""
    Z = np.asarray(scores, dtype=np.float64).reshape(len(ys), len(xs))
    crosses = bool(np.any(Z > 0) and np.any(Z < 0))
    if not crosses:  # no sign change in view: no line to draw
        return []
    return [
        dict(
            type="contour",
            x=xs,
            y=ys,
            z=Z,
            contours=dict(coloring="none", start=0.0, end=0.0, size=1.0, showlabels=False),
            line=dict(color=color, width=scene.style.line * 1.2, dash=dash),
            showscale=False,
            hoverinfo="skip",
            name=text.plot_text(name),
            showlegend=crosses,
        )
    ]


def sign_regions(scene: Scene, xs, ys, scores) -> list[dict]:
    """Where a classifier says +1 and -1 (its sign only), as a two-colour heatmap; for a
    rule that is not one line (the voted perceptron's vote)."""
    Z = np.sign(np.asarray(scores, dtype=np.float64).reshape(len(ys), len(xs)))
    return [
        dict(
            type="heatmap",
            x=xs,
            y=ys,
            z=Z,
            zmin=-1,
            zmax=1,
            showscale=False,
            colorscale=[
                [0.0, "rgba(213, 94, 0, 0.16)"],
                [0.5, "rgba(255,255,255,0)"],
                [1.0, "rgba(0, 114, 178, 0.16)"],
            ],
            hoverinfo="skip",
            name="predicted",
            showlegend=False,
        )
    ]


# ------------------------------------------------------------------------ compose
def layout(scene: Scene, *, title: str | None = None, legend: bool = True) -> dict:
    """The scene's axes (fixed box, equal aspect), fonts and legend."""
    names = tuple(text.plot_text(f) for f in scene.feature_names)
    out = theme.layout(scene.box, scene.style, names, title)
    if not legend:
        out["showlegend"] = False
        out["margin"] = dict(l=40, r=10, t=40 if title else 10, b=40, autoexpand=False)
    return out


def compose(
    scene: Scene,
    *layers: list[dict],
    title: str | None = None,
    legend: bool = True,
    long_names: bool = False,
) -> go.Figure:
    """One figure: the layers stacked in order (first at the bottom) over the scene. With
    ``long_names`` (a line's rule and its errors, "100 random orders" in German), a still
    figure of at most theme.LEGEND_ROWS entries has one to a row: two to a row, such a name
    ran into its neighbour on a phone (390 px) and in German at 1024 px. The room below
    the plot holds theme.LEGEND_ROWS rows either way."""
    data = [trace for layer in layers for trace in layer]
    out = layout(scene, title=title, legend=legend)
    if long_names and len(theme.legend_names(data)) <= theme.LEGEND_ROWS:
        out["legend"]["entrywidth"] = 1 - 0.01  # theme.layout's columns, one of them
    return theme.figure(data, out)


@dataclass(frozen=True)
class Layered:
    """A stepped chart in layers: ``scene`` (traces, layout) drawn once per run, and
    ``at(t)`` -> (traces under the scene, traces over it) at cursor t; ``texts(t)`` the
    page's lines of numbers at t by name (``numbers.text_line`` draws them), which the
    browser's frames replace with the chart."""

    scene: tuple[list[dict], dict]
    at: Callable[[int], tuple[list[dict], list[dict]]]
    texts: Callable[[int], dict[str, str]] | None = None


def still(fig: go.Figure, texts: dict[str, str]) -> Layered:
    """A figure that does not step as a ``Layered`` (the offline lecture's picture of a
    page's still chart): its traces and layout as the scene, nothing under or over it,
    the same ``texts`` at every cursor."""
    return Layered(
        ([trace.to_plotly_json() for trace in fig.data], fig.layout.to_plotly_json()),
        lambda t: ([], []),
        lambda t: texts,
    )
