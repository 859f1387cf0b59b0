"""The augmented space as pure functions (no streamlit): arrays in, the 3-D figure and the
visit's equations out.

Notation of notes 000 and 004: an example is lifted to z = (1, x1, x2) (the constant x0 = 1
first) and the bias is the first entry of w = (b, w1, w2), so w . z = b + w1 x1 + w2 x2.
With the flip of 004 the samples are a = y z and every one asks for a . w > 0.

- ``space_figure``: the 3-D chart. Plotly's axes are x1 (x), x2 (y) and x0 (z, vertical):
  the data sits on the plane x0 = 1, the flipped class -1 on x0 = -1 (mirrored through the
  origin). w is drawn as a vector from the origin, in the same coordinates (w1, w2, b),
  scaled to fit the view (its plane w . z = 0 does not depend on its length), and the
  plane is drawn clipped to the view, with the 2-D boundary where it cuts x0 = 1.
- ``lifted_visit_latex``: a visit's a, a . w and update in the augmented space.
- ``symbols``: these symbols in the lab's notation (``ui.notation``: θ = (θ₀, θ₁, θ₂);
  Duda & Hart's a = (a₀, a₁, a₂) with samples y = ±(1, x); Hagan's inputs p), for every
  word, legend and equation of the page (and weight space's and the cone LP's).

The weight-space chart is in ``ui/views/weight_view.py``, the cone LP's rows and tables in
``ui/views/cone_view.py``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import plotly.graph_objects as go

import perceptron_core as pc
from ui import notation, text
from ui.charts import geometry, layers, theme
from ui.charts.geometry import Box
from ui.views import playground_view
from ui.words import t

X0_HALF = 1.25  # the vertical axis x0 spans [-1.25, 1.25]: the planes x0 = 1 and x0 = -1
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


# ------------------------------------------------------------------------ symbols
@dataclass(frozen=True)
class Symbols:
    """The augmented space's symbols in the lab's notation (``ui.notation``): the notes'
    (000, 004) w = (b, w1, w2), z = (1, x1, x2), the flipped samples a = y z, the rows of A;
    θ = (θ₀, θ₁, θ₂) in θ's; Duda & Hart's a = (a₀, a₁, a₂), y = ±(1, x), the rows of Y in
    the augmented notation; Hagan's inputs p and labels t ∈ {0, 1} (a = (2t − 1) z)."""

    w: str  # the augmented weight vector
    b: str  # its first entry, the bias
    w1: str
    w2: str
    x: str  # the inputs' letter (x1, x2; the constant x0)
    sample: str  # a flipped sample: a (augmented: y)
    matrix: str  # the rows' matrix: A (augmented: Y)
    label: str  # the factor of z in a flipped sample: y (hardlim: (2t − 1))
    augmented: bool

    @property
    def lifted(self) -> str:
        """(b, w1, w2)."""
        return f"({self.b}, {self.w1}, {self.w2})"

    @property
    def pair(self) -> str:
        """(w1, w2)."""
        return f"({self.w1}, {self.w2})"

    def x_(self, j: int) -> str:
        return f"{self.x}{j}"

    @property
    def z(self) -> str:
        """(1, x1, x2)."""
        return f"(1, {self.x}1, {self.x}2)"

    def dot(self, sample: str | None = None, w: str | None = None) -> str:
        """a·w (augmented: aᵀy)."""
        sample, w = sample or self.sample, w or self.w
        return f"{w}ᵀ{sample}" if self.augmented else f"{sample}·{w}"

    def dot_i(self, w: str | None = None) -> str:
        """a_i·w for row i (augmented: aᵀy_i)."""
        return self.dot(f"{self.sample}_i", w)

    def times(self, w: str | None = None) -> str:
        """A w (augmented: Y a)."""
        return f"{self.matrix} {w or self.w}"

    @property
    def plane(self) -> str:
        """w·z (augmented: aᵀz)."""
        return f"{self.w}ᵀz" if self.augmented else f"{self.w}·z"

    def flip(self, i: str = "") -> str:
        """A flipped sample: a = y·(1, x) (augmented: y = ±(1, x)); ``i``: row i's."""
        x = f"{self.x}_{i}" if i else self.x
        if self.augmented:
            return f"{self.sample}{'_' + i if i else ''} = ±(1, {x})"
        label = self.label.replace("t", f"t_{i}") if i and "t" in self.label else self.label
        label = f"{label}_{i}" if i and label == "y" else label
        return f"{self.sample}{'_' + i if i else ''} = {label}{' ' if i else '·'}(1, {x})"

    @property
    def relation(self) -> str:
        """a·w = y (w·x + b): a flipped sample's product is the label times the score."""
        nt = notation.current()
        if nt.augmented:
            return f"{self.dot()} = ±{nt.score}"
        if nt.hardlim:
            return f"{self.dot()} = {nt.signed}"
        return f"{self.dot()} = y ({nt.score})"


def symbols() -> Symbols:
    """The augmented space's symbols in the lab's notation now."""
    nt = notation.current()
    sub = nt.name in ("theta", "augmented")  # θ₁, a₁ (the notes and Hagan: w1)
    w1, w2 = (f"{nt.w}₁", f"{nt.w}₂") if sub else (f"{nt.w}1", f"{nt.w}2")
    return Symbols(
        nt.w, nt.b, w1, w2, nt.x, "y" if nt.augmented else "a", "Y" if nt.augmented else "A",
        "(2t − 1)" if nt.hardlim else "y", nt.augmented,
    )  # fmt: skip


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
    S, said = symbols(), text.said_label
    data: list[dict] = []
    outlines = [(1.0, t("space.sheet", x0=S.x_(0)))]
    if flip:
        outlines.append((-1.0, t("space.sheet_flipped", x0=S.x_(0), neg=said(-1))))
    for x0, name in outlines:
        data.append(
            dict(
                type="scatter3d", mode="lines", name=name, hoverinfo="skip",
                line=dict(color="#bbbbbb", width=2, dash="dot" if x0 < 0 else "solid"),
                **_outline(x0, box),
            )
        )  # fmt: skip
    names = [text.plot_text(c) for c in class_names]
    classes = ((-1, theme.NEG_COLOR, theme.NEG_SYMBOL), (1, theme.POS_COLOR, theme.POS_SYMBOL))
    for label, color, symbol in classes:
        sel = y == label
        sign = said(label)
        cname = names[1 if label > 0 else 0]
        name = sign if cname in ("+1", "-1") else f"{sign}: {cname}"
        if flip and label < 0:
            name += t("space.flipped")
        data.append(
            dict(
                type="scatter3d",
                mode="markers",
                name=name,
                marker=dict(color=color, symbol=symbol, size=style.marker * 0.32,
                            line=dict(width=0)),
                hovertemplate=f"({S.x_(0)}, {S.x_(1)}, {S.x_(2)}) = "
                "(%{z:.3g}, %{x:.3g}, %{y:.3g})<extra></extra>",
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
                    type="scatter3d", mode="markers",
                    name=f"{S.dot()} ≤ 0 ({t('chart.misclassified')})",
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
                    type="scatter3d", mode="lines", name=t("space.plane_edge"), showlegend=False,
                    hoverinfo="skip", line=dict(color=PLANE_COLOR, width=2),
                    **_plot3(np.vstack((poly, poly[:1]))),
                )
            )  # fmt: skip
            data.append(
                dict(
                    type="mesh3d",
                    name=t("space.plane", plane=S.plane),
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
        cuts = ((1.0, "solid", t("space.boundary", x0=S.x_(0))),
                (-1.0, "dash", t("space.plane_cut", x0=S.x_(0))))  # fmt: skip
        for x0, dash, name in cuts:
            if x0 < 0 and not flip:
                continue
            seg = geometry.line_in_box(waug[1:], waug[0] * x0, box)
            if seg is None:
                continue
            data.append(
                dict(
                    type="scatter3d", mode="lines", name=name,
                    hoverinfo="skip", line=dict(color=theme.INK, width=style.line * 2, dash=dash),
                    x=seg[:, 0].tolist(), y=seg[:, 1].tolist(), z=[x0, x0],
                )
            )  # fmt: skip
        scale = vector_scale(waug, view)
        if scale > 0:
            tip = scale * waug
            label = f"{S.w} = {S.lifted} = {text.vec(waug)}"
            data.append(
                dict(
                    type="scatter3d",
                    mode="lines+markers",
                    name=t("space.drawn", w=S.w, scale=f"{scale:g}") if scale != 1 else S.w,
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
                type="scatter3d", mode="markers", name=t("chart.visited"), hoverinfo="skip",
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
    title = "" if to_scale else t("space.not_to_scale")
    layout = dict(
        height=height or (560 if presenter else 460),
        margin=dict(l=0, r=0, t=28 if title else 0, b=0),
        title=dict(text=title, font=dict(size=style.font - 2)),
        font=dict(size=style.font - 2),
        showlegend=True,
        legend=dict(orientation="h", yanchor="top", y=0.0, x=0,
                    font=dict(size=style.legend_font - 1)),
        scene=dict(
            xaxis=dict(axis, title=dict(text=S.x_(1)), range=[view.lo[1], view.hi[1]]),
            yaxis=dict(axis, title=dict(text=S.x_(2)), range=[view.lo[2], view.hi[2]]),
            zaxis=dict(axis, title=dict(text=S.x_(0)), range=[view.lo[0], view.hi[0]]),
            aspectmode="manual",
            aspectratio=dict(x=float(ratio[1]), y=float(ratio[2]), z=float(ratio[0])),
            camera=dict(eye=dict(x=1.25, y=-1.45, z=1.25), up=dict(x=0, y=0, z=1)),
            dragmode="turntable",
        ),
        uirevision="space",  # a rotation is kept when the step changes
        meta=dict(scale=scale, to_scale=to_scale),
    )  # fmt: skip
    return theme.figure(data, layout)


# ---------------------------------------------------------------------- equations
def _tvec(values) -> str:
    """(a, b, c) for LaTeX."""
    return r"\left(" + ", ".join(text.tex(v) for v in np.ravel(values)) + r"\right)"


def lifted_visit_latex(visit, x, y: int, eta: float) -> list[str]:
    """The visit in the augmented space: a = y (1, x), a . w with w = (b, w1, w2), and on a
    mistake the update w <- w + eta a (one rule for both classes: the flip of 004); in the
    lab's notation (augmented: y = ±(1, x), aᵀy, a <- a + eta y; hardlim: (2t − 1), p)."""
    nt = notation.current()
    W, B, X = nt.w_tex, nt.b_tex, nt.x_tex
    a = r"\mathbf{y}" if nt.augmented else "a"  # the flipped sample
    label = r"(2t - 1)" if nt.hardlim else "y"
    z = np.concatenate(([1.0], np.asarray(x, dtype=np.float64)))
    flipped = y * z
    score = y * visit.activation  # exact: a . w is y times the activation
    sign = r"\le" if visit.mistake else ">"
    dot = rf"{W}^\top {a}" if nt.augmented else rf"{a} \cdot {W}"
    inner = r"a_0 + a_{1:d} \cdot x" if nt.augmented else rf"{B} + {W} \cdot {X}"
    lines = [
        rf"\begin{{aligned}} {a} &= {label}\,(1, {X}_1, {X}_2) \\ &= ({y:+d})\,{_tvec(z)} \\"
        rf" &= {_tvec(flipped)} \end{{aligned}}",
        rf"\begin{{aligned}} {dot} &= {label}\,({inner}) \\ &= ({y:+d})\,"
        rf"{_tvec([visit.activation])} \\ &= {text.tex(score)} {sign} 0 \end{{aligned}}",
    ]
    if visit.mistake:
        after = np.concatenate(([visit.b_after], visit.w_after))
        step = "" if eta == 1 else rf"{text.tex(eta)}\,"
        lines.append(
            rf"\begin{{aligned}} {W} &\leftarrow {W} + {step}{a} \\ &= {_tvec(after)} "
            r"\end{aligned}"
        )
    return lines


def layered(chart, run, X, y, texts=None) -> layers.Layered:
    """The Space page's stage over ``chart`` (a ``Playground``) and the offline lecture's
    picture of its scenes: the Playground's picture of each step (the boundary, the update
    just made) with the page's lines of numbers (``texts(t)``)."""
    if run is None:
        return layers.Layered(chart.scene_traces(), lambda t: ([], []))
    return layers.Layered(chart.scene_traces(), playground_view.replayed(chart, run, X, y), texts)
