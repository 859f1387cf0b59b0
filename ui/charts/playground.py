"""The Playground chart (also /space's and /proof's): named layers over a scene, in a
fixed order.

Each named layer draws a fixed number of traces, empty when it does not apply, so the
chart always has the same traces in the same order (``TRACES``): the animation's frames
update them by index and tests find them by name. A stage draws the ``SCENE`` traces once
per run and the ``UNDER`` and ``OVER`` ones at every step. The layers are the lab's
(``ui.charts.layers``, ``ui.charts.arrows``); u*, the previous boundary and the closest
point are the Playground's own.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
import plotly.graph_objects as go

import perceptron_core as pc
from ui import notation, text
from ui.charts import arrows, geometry, layers, theme
from ui.charts.arrows import ArrowFrame
from ui.charts.geometry import Box
from ui.values import Update
from ui.words import t as say

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
T = {name: i for i, name in enumerate(TRACES)}
UNDER = ("half-plane +1", "half-plane -1", "margin band")
SCENE = ("u* band", "u*", "class -1", "class +1")
OVER = tuple(name for name in TRACES if name not in UNDER + SCENE)


# ------------------------------------------------------------- the Playground's own layers
def max_margin(scene: layers.Scene, separator) -> list[dict]:
    """u* dashed and its band |u*.(1, x)| <= gamma*, whose edges touch the closest points
    (both empty without a separator). ``separator``: (u*, gamma*), u* bias first."""
    ux, uy, ubx, uby = [], [], [], []
    if separator is not None and separator[0] is not None:
        u, gamma = separator
        u = np.asarray(u, dtype=np.float64)
        wu, bu = u[1:], float(u[0])
        ux, uy = geometry.segment(geometry.line_in_box(wu, bu, scene.box))
        ubx, uby = geometry.closed(geometry.band_polygon(wu, bu, float(gamma), scene.box))
    fill = dict(mode="lines", fill="toself", line=dict(width=0), hoverinfo="skip")
    band = dict(
        type="scatter",
        x=ubx,
        y=uby,
        name=say("chart.ustar_band"),
        fillcolor="rgba(0, 158, 115, 0.10)",
        showlegend=False,
        **fill,
    )
    line = dict(
        type="scatter",
        x=ux,
        y=uy,
        mode="lines",
        name=say("chart.ustar"),
        line=dict(color=theme.USTAR_COLOR, width=scene.style.line * 0.8, dash="dash"),
        hoverinfo="skip",
        showlegend=bool(ux),
    )
    return [band, line]


def previous_boundary(scene: layers.Scene, update: Update | None) -> list[dict]:
    """The boundary before the update just made, dotted grey (empty without one)."""
    seg = None
    if update is not None and np.any(update.w_old != 0):
        seg = geometry.line_in_box(update.w_old, update.b_old, scene.box)
    x, y = geometry.segment(seg)
    return [
        dict(
            type="scatter",
            x=x,
            y=y,
            mode="lines",
            name=say("chart.previous"),
            line=dict(color=theme.GHOST_COLOR, width=scene.style.line, dash="dot"),
            hoverinfo="skip",
            showlegend=bool(x),
        )
    ]


def closest_point(scene: layers.Scene, w, b: float, X=None) -> list[dict]:
    """A diamond on the point nearest the boundary w.x + b = 0 (among ``X``, by default the
    scene's points); empty without a w."""
    X = scene.X if X is None else np.asarray(X, dtype=np.float64).reshape(-1, 2)
    x, y = [], []
    if w is not None and np.any(np.asarray(w) != 0) and X.shape[0]:
        i = int(np.argmin(np.abs(pc.activations(X, w, b))))
        x, y = [X[i, 0]], [X[i, 1]]
    s = scene.style
    return [
        dict(
            type="scatter",
            x=x,
            y=y,
            mode="markers",
            name=say("chart.closest"),
            marker=dict(
                symbol="diamond-open",
                color=theme.MARGIN_COLOR,
                size=s.marker * 2.0,
                line=dict(width=2, color=theme.MARGIN_COLOR),
            ),
            hoverinfo="skip",
            showlegend=bool(x),
        )
    ]


# ------------------------------------------------------------------------- the chart
@dataclass(frozen=True)
class Playground:
    """The Playground chart of one run: its scene (points, view, names, presenter), u*
    and the run's arrow frame; ``traces`` draws it after any step."""

    scene: layers.Scene
    separator: tuple[np.ndarray, float] | None = None  # (u*, gamma*), u* bias first
    arrows: ArrowFrame | None = None  # one place and scale for the w arrow over a run
    title: str | None = None

    def traces(
        self,
        *,
        w=None,
        b: float = 0.0,
        visited: int | None = None,
        update: Update | None = None,
        parts: tuple[str, ...] = TRACES,
    ) -> dict[str, dict]:
        """The named traces after a step, in ``TRACES`` order; only the layers that draw
        one of ``parts`` are built.

        ``w``, ``b``: the weights (None before there is a run: no boundary); ``visited``:
        the example just visited (ringed); ``update``: the update just made (the vector sum
        w_old + eta*y*x = w_new, and the previous boundary ghosted).
        """
        scene = self.scene

        def score():  # w.x + b at every point; None before there is a w
            if w is None:
                return None
            return pc.activations(scene.X, w, b) if scene.n else np.zeros(0)

        positive = text.plot_text(scene.class_names[1])
        named = (
            (
                ("half-plane +1", "half-plane -1"),
                lambda: layers.regions(scene.box, w, b, positive=positive),
            ),
            (("u* band", "u*"), lambda: max_margin(scene, self.separator)),
            (("margin band",), lambda: layers.margin_band(scene, w, b, keep=True)),
            (("previous boundary",), lambda: previous_boundary(scene, update)),
            (("boundary",), lambda: layers.boundary(scene, w, b, dash=None)),
            (("class -1", "class +1"), lambda: layers.points(scene)),
            (("misclassified",), lambda: layers.misclassified(scene, score(), keep=True)),
            (("closest point",), lambda: closest_point(scene, w, b)),
            (("visited",), lambda: layers.ringed(scene, visited, keep=True)),
            (
                arrows.ARROWS + ("vector labels",),
                lambda: arrows.vectors(scene, w=w, update=update, frame=self.arrows, keep=True),
            ),
        )
        out = {}
        for names, layer in named:
            if any(name in parts for name in names):
                out.update(zip(names, layer(), strict=True))
        return {name: out[name] for name in TRACES if name in parts}

    def layout(self) -> dict:
        return layers.layout(self.scene, title=self.title)

    def figure(
        self, *, w=None, b: float = 0.0, visited: int | None = None, update: Update | None = None
    ) -> go.Figure:
        """The whole chart after a step (as in ``traces``)."""
        step = self.traces(w=w, b=b, visited=visited, update=update)
        return theme.figure(list(step.values()), self.layout())

    def scene_traces(self) -> tuple[list[dict], dict]:
        """The fixed traces (u*, its band, the points) and the layout: drawn once a run."""
        return list(self.traces(parts=SCENE).values()), self.layout()

    def step(
        self, *, w=None, b: float = 0.0, visited: int | None = None, update: Update | None = None
    ) -> tuple[list[dict], list[dict]]:
        """What a step draws under the scene (half-planes, the margin band) and over it (as
        in ``traces``)."""
        drawn = self.traces(w=w, b=b, visited=visited, update=update, parts=UNDER + OVER)
        return [drawn[n] for n in UNDER], [drawn[n] for n in OVER]

    def sampled_step(
        self,
        X,
        y,
        drawn,
        *,
        w=None,
        b: float = 0.0,
        visited: int | None = None,
        update: Update | None = None,
    ) -> tuple[list[dict], list[dict]]:
        """``step`` for a chart whose scene holds only the rows ``drawn`` of (X, y): the
        half-planes, the boundary and the crosses on the drawn points as usual, but what is
        about every point (the margin band, drawn only when w separates all of them, and
        the point closest to the boundary) from all of X, and the visited point ringed (and
        drawn) even when it is not among the drawn."""
        X = np.asarray(X, dtype=np.float64).reshape(-1, 2)
        y = np.asarray(y).reshape(-1)
        drawn = np.asarray(drawn, dtype=np.int64)
        under, over = self.step(w=w, b=b, update=update)
        b = float(b)
        every = replace(self.scene, X=X, y=y)
        band = layers.margin_band(every, w, b, keep=True)[0]
        under[UNDER.index("margin band")].update(
            x=band["x"], y=band["y"], showlegend=band["showlegend"]
        )
        closest = closest_point(self.scene, w, b, X)[0]
        over[OVER.index("closest point")].update(
            x=closest["x"], y=closest["y"], showlegend=closest["showlegend"]
        )
        if visited is None:
            return under, over
        at = (X[visited, 0], X[visited, 1])
        over[OVER.index("visited")] = layers.ringed(self.scene, None, at=at, keep=True)[0]
        k = int(np.searchsorted(drawn, visited))
        if k >= drawn.shape[0] or drawn[k] != visited:  # not sampled: drawn for this step
            over += layers.unsampled(self.scene, at, int(y[visited]))
        return under, over

    def max_margin_note(self, w, b: float, X, y) -> list[dict]:
        """A converged run's boundary against u*: a note in the chart's emptiest corner
        saying whether the perceptron stopped on the max-margin boundary (u*, dashed),
        with both margins in u*'s space (augmented, bias in the norm), over the points
        (X, y) (all of them, when the scene holds a sample). [] without u* or w."""
        # The w arrow's label (its tip) is kept clear of the note: on a phone's narrow chart
        # the note in the emptiest corner sat on "w (×0.99)".
        labels = arrows.vector_traces(self.scene.box, w=w, frame=self.arrows)["vector labels"]
        return max_margin_note(
            X, y, w, b, self.separator, self.scene.box, presenter=self.scene.presenter,
            avoid=list(zip(labels["x"], labels["y"], strict=True)),
        )  # fmt: skip


def playground_figure(
    X,
    y,
    *,
    box: Box,
    w=None,
    b: float = 0.0,
    visited: int | None = None,
    update: Update | None = None,
    separator=None,
    class_names: tuple[str, str] = ("-1", "+1"),
    feature_names: tuple[str, str] = ("x1", "x2"),
    presenter: bool = False,
    title: str | None = None,
    arrows: ArrowFrame | None = None,
) -> go.Figure:
    """The Playground chart of (X, y) after one step, in one call (see ``Playground``)."""
    scene = layers.Scene(X, y, box, class_names, feature_names, presenter)
    chart = Playground(scene, separator, arrows, title)
    return chart.figure(w=w, b=b, visited=visited, update=update)


def max_margin_note(
    X, y, w, b: float, separator, box: Box, *, presenter: bool = False, avoid=()
) -> list[dict]:
    """A converged run's boundary against u*: a note in the chart's emptiest corner saying
    whether the perceptron stopped on the max-margin boundary (u*, dashed), with both
    margins in u*'s space (augmented, bias in the norm). [] without u* or w. ``avoid``:
    places (x, y) the note must not cover (the w arrow's label), before any point."""
    if separator is None or separator[0] is None or w is None or not np.any(w):
        return []
    X = np.asarray(X, dtype=np.float64).reshape(-1, 2)
    gamma = float(separator[1])
    v = np.concatenate(([float(b)], np.asarray(w, dtype=np.float64)))
    own = float(np.min(np.asarray(y) * (X @ v[1:] + v[0]))) / float(np.linalg.norm(v))
    if own >= gamma * (1 - 1e-9):  # the max-margin separator is unique: this is it
        words = say("chart.on_ustar")
    else:
        words = say(
            "chart.not_on_ustar",
            w=notation.current().w,
            own=text.num(own),
            gamma=text.num(gamma),
        )
    # The corner whose note-sized box holds the fewest points.
    pad, wide, high = 0.02 * box.span, 0.5 * box.span, 0.3 * box.span
    corners = [(box.x0 + pad, box.y1 - pad, 1, -1), (box.x1 - pad, box.y1 - pad, -1, -1),
               (box.x0 + pad, box.y0 + pad, 1, 1), (box.x1 - pad, box.y0 + pad, -1, 1)]  # fmt: skip

    kept = np.asarray(list(avoid), dtype=np.float64).reshape(-1, 2)

    def inside(P, c, grow: float = 0.0) -> int:
        x, yy, sx, sy = c
        inx = (P[:, 0] - x) * sx
        iny = (P[:, 1] - yy) * sy
        near = (inx >= -grow) & (inx <= wide + grow) & (iny >= -grow) & (iny <= high + grow)
        return int(np.count_nonzero(near))

    def crowd(c) -> tuple[int, int]:  # a label's words reach beyond its spot
        return inside(kept, c, 0.15 * box.span), inside(X, c)

    x, yy, sx, sy = min(corners, key=crowd)
    where = ("bottom" if sy < 0 else "top") + (" right" if sx > 0 else " left")
    style = theme.Style.of(presenter, len(y))
    return [
        dict(
            type="scatter",
            x=[x],
            y=[yy],
            mode="text",
            name="max-margin note",
            text=[words],
            textposition=where,
            textfont=dict(size=max(11, style.font - 2), color=theme.USTAR_COLOR, shadow=theme.HALO),
            hoverinfo="skip",
            showlegend=False,
        )
    ]
