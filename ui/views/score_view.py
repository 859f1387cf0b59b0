"""A run on more than two features, drawn in two dimensions (pure functions, no streamlit).

In 13 dimensions the boundary w·x + b = 0 is a hyperplane: in the plane of two features it
is no line unless the other eleven are fixed, so a two-feature picture cannot show which
side a point is on. This view draws each point at

- horizontal: its score under the current weights, (w·x + b)/‖(b, w)‖, the signed distance
  to the boundary in the augmented space (1, x) where γ* is measured (at most R in size,
  so the axis is fixed for the whole run);
- vertical: v·x for one fixed unit direction v: the data's first principal component
  orthogonal to the run's last w (at the end of the run the picture is an orthogonal
  projection of the points).

The boundary is then the vertical line at score 0 at every step: right of it the run
predicts +1, left of it -1, and a point on it is a tie (a mistake, as in the engine). A
point is drawn on the wrong side exactly when it is a mistake. Points move sideways as w
changes, so each step's frame carries the drawn points (at most ``MAX_DRAWN``).

The words for such a run (the visit written out with d terms, the margin line) are here
too: ``visit_latex`` shows the first terms, the sum of the others and the last.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

import perceptron_core as pc
from ui import notation, text
from ui.charts import geometry, layers, theme
from ui.charts.geometry import Box
from ui.words import t as words

SHOWN_TERMS = 3  # terms of w·x written out before the rest is summed
SHOWN_ENTRIES = 2  # entries of a d-vector written out before "…" and its last
WIDE = 4  # more features than this: the visit's equations are shortened
SCORE_AXIS = (1.0, 0.0)  # w' of the boundary in the chart's plane: score = 0 is the line


@dataclass(frozen=True)
class ScoreView:
    """What stays fixed while the run is stepped: the vertical direction, the view box,
    which points are drawn and their vertical coordinates."""

    v: np.ndarray  # (d,) unit
    box: Box
    drawn: np.ndarray  # row indices of the drawn points, ascending
    heights: np.ndarray  # v·x of the drawn points

    @property
    def n_drawn(self) -> int:
        return int(self.drawn.shape[0])


def direction(X, w_last=None) -> np.ndarray:
    """The unit direction of most spread of X orthogonal to ``w_last`` (its first principal
    component once w's direction is removed), its largest entry positive."""
    X = np.asarray(X, dtype=np.float64)
    d = X.shape[1]
    centred = X - X.mean(axis=0) if X.shape[0] else np.zeros((0, d))
    w = None if w_last is None else np.asarray(w_last, dtype=np.float64)
    unit = None
    if w is not None and np.any(w) and np.all(np.isfinite(w)):
        unit = w / np.linalg.norm(w)
        centred = centred - np.outer(centred @ unit, unit)
    # A d x d eigenproblem: the data is read once, whatever n.
    scale = float(np.max(np.abs(centred))) if centred.size else 0.0
    v = np.zeros(d)
    if scale > 0:
        scaled = centred / scale
        _, vectors = np.linalg.eigh(scaled.T @ scaled)
        v = vectors[:, -1]
        if unit is not None:  # orthogonal to w to rounding: say so exactly
            v = v - (v @ unit) * unit
    if not np.any(v):  # no spread left: any unit direction orthogonal to w
        v = np.eye(d)[int(np.argmin(np.abs(unit)))] if unit is not None else np.eye(d)[0]
        if unit is not None:
            v = v - (v @ unit) * unit
    v = v / np.linalg.norm(v)
    return v if v[int(np.argmax(np.abs(v)))] > 0 else -v


def view(X, w_last, drawn=None) -> ScoreView:
    """The view of a run on X: v from its last weights, the horizontal axis fixed at ±R
    (every score of every step lies in it: |w·x + b| ≤ ‖(b, w)‖ R), the vertical around
    every point's v·x (drawn or not: the visited point is drawn even when not sampled)."""
    X = np.asarray(X, dtype=np.float64)
    v = direction(X, w_last)
    drawn = np.arange(X.shape[0]) if drawn is None else np.asarray(drawn, dtype=np.int64)
    heights_all = X @ v if X.shape[0] else np.zeros(0)
    R = augmented_radius(X)
    half = geometry.nice(R * 1.04)
    lo, hi = (float(heights_all.min()), float(heights_all.max())) if X.shape[0] else (0, 0)
    pad = 0.06 * (hi - lo) if hi > lo else 1.0
    box = Box(-half, half, lo - pad, hi + pad)
    return ScoreView(v, box, drawn, heights_all[drawn])


def augmented_radius(X) -> float:
    """R = max ‖(1, x_i)‖ (1 for no points), without squaring huge values."""
    X = np.asarray(X, dtype=np.float64)
    if X.shape[0] == 0:
        return 1.0
    top = max(1.0, float(np.max(np.abs(X))))
    scaled = X / top
    return top * math.sqrt(float(np.max(np.einsum("ij,ij->i", scaled, scaled))) + 1 / top**2)


def scores(X, w, b: float) -> np.ndarray:
    """Each row's (w·x + b)/‖(b, w)‖: the engine's activation (so its sign is the engine's
    verdict) over the augmented norm; all 0 when w and b are."""
    a = pc.activations(np.asarray(X, dtype=np.float64), w, float(b))
    norm = float(np.linalg.norm(np.append(np.asarray(w, dtype=np.float64), float(b))))
    if norm == 0 or not math.isfinite(norm):
        return np.zeros_like(a)
    h = a / norm
    # A tiny score must not underflow to a tie the engine does not see.
    return np.where((h == 0) & (a != 0), np.sign(a) * np.finfo(np.float64).tiny, h)


def drawn_value(values, span: float, digits: int = 4) -> list[float]:
    """Coordinates for the browser, rounded to ``digits`` digits of the view's ``span``
    (short JSON: the points travel with every frame); a nonzero value never rounds to 0
    nor changes sign, so a point stays on its side of the boundary."""
    values = np.asarray(values, dtype=np.float64)
    decimals = int(digits - math.floor(math.log10(span))) if span > 0 else digits
    out = np.round(values, decimals)
    unit = 10.0**-decimals
    out = np.where((out == 0) & (values != 0), np.sign(values) * unit, out)
    return out.tolist()


# ------------------------------------------------------------------------ figure
def placed(sv: ScoreView, at, y, *, class_names=("-1", "+1"), presenter: bool = False):
    """Points at ``at`` (rows: score, v·x) with classes ``y`` as a 2-D scene over the view.
    In its plane the boundary is the line score = 0 (w' = ``SCORE_AXIS``, b' = 0), so the
    lab's layers draw this chart as they draw any other."""
    nt = notation.current()
    names = (words("score.axis", score=_score(nt)), f"v·x (v ⊥ {words('score.last', w=nt.w)})")
    return layers.Scene(at, y, sv.box, tuple(class_names), names, presenter)


def scene(
    sv: ScoreView,
    *,
    class_names=("-1", "+1"),
    presenter: bool = False,
    title: str | None = None,
) -> tuple[list[dict], dict]:
    """The fixed part: the two sides of the boundary shaded, the boundary (score 0), the
    axes. The points move, so they are in each step's layers (this part's scene has none:
    the sizes of lines and text do not depend on how many there are)."""
    frame = placed(sv, np.zeros((0, 2)), np.zeros(0), class_names=class_names, presenter=presenter)
    positive = text.plot_text(class_names[1])
    traces = [
        *layers.regions(sv.box, SCORE_AXIS, 0.0, positive=positive),
        *layers.boundary(frame, SCORE_AXIS, 0.0, name=words("score.boundary"), dash=None),
    ]
    layout = layers.layout(frame, title=title)
    # Two different quantities on the axes: no common scale, the plot fills its square.
    layout["yaxis"] = {k: v for k, v in layout["yaxis"].items() if k not in ("scaleanchor",)}
    layout["xaxis"]["zeroline"] = False
    layout["uirevision"] = "score view"
    return traces, layout


def step_layers(
    sv: ScoreView,
    X,
    y,
    *,
    w,
    b: float,
    visited: int | None = None,
    update=None,
    class_names=("-1", "+1"),
    presenter: bool = False,
) -> tuple[list[dict], list[dict]]:
    """What step t draws under the scene (the margin band of w, when w separates every
    point) and over it (the drawn points at their scores, crosses on those that are
    mistakes, the visited point ringed, and for an update its score before)."""
    X = np.asarray(X, dtype=np.float64)
    y = np.asarray(y).reshape(-1)
    look = dict(class_names=class_names, presenter=presenter)
    box = sv.box
    h_all = scores(X, w, b)  # every point: the band is w's margin on all of them
    axis = SCORE_AXIS if np.any(np.asarray(w) != 0) else None  # w = 0: no line, no band
    # The band is w's margin over every point, drawn or not, and the point of least
    # y·score decides it (a mistake: no band; otherwise its |score| is the margin): the
    # band over that point alone is the band over all, without an n x 2 copy per frame.
    k = np.argmin(y * h_all, keepdims=True) if X.shape[0] else np.zeros(0, dtype=np.int64)
    decisive = placed(sv, np.column_stack((h_all[k], X[k] @ sv.v)), y[k], **look)
    under = layers.margin_band(decisive, axis, 0.0)
    h = h_all[sv.drawn]
    # Rounded for the browser (the points travel with every frame), sides kept.
    hx = drawn_value(h, box.x1 - box.x0)
    vy = drawn_value(sv.heights, box.y1 - box.y0)
    shown = placed(sv, np.column_stack((hx, vy)), y[sv.drawn], **look)
    over = layers.points(shown, hover="score %{x:.3g}") + layers.misclassified(shown, h)
    if visited is not None:
        over += _visited(sv, shown, X, y, visited, h_all, update)
    return under, over


def _visited(sv: ScoreView, shown, X, y, i: int, h_all, update) -> list[dict]:
    """The visited point ringed (and drawn, when it is not among the drawn points); after
    a single-example update also where its score was before, with an arrow to where it is."""
    box, style = sv.box, shown.style
    height = float(X[i] @ sv.v)
    hx = drawn_value([h_all[i]], box.x1 - box.x0)[0]
    vy = drawn_value([height], box.y1 - box.y0)[0]
    out = []
    k = int(np.searchsorted(sv.drawn, i))
    if k >= sv.n_drawn or sv.drawn[k] != i:  # not sampled: drawn for this step
        out += layers.unsampled(shown, (hx, vy), int(y[i]))
    if update is not None and update.label is None:  # one example's update: its move
        before = float(scores(X[i : i + 1], update.w_old, update.b_old)[0])
        bx = drawn_value([before], box.x1 - box.x0)[0]
        out.append(
            dict(
                type="scatter",
                x=[bx, hx],
                y=[vy, vy],
                mode="lines+markers",
                name=words("score.before_update"),
                hoverinfo="skip",
                line=dict(color=theme.GHOST_COLOR, width=style.line * 0.8, dash="dot"),
                marker=dict(
                    symbol=["circle-open", "arrow"],
                    angleref="previous",
                    size=[style.marker * 1.2, style.line * 5],
                    color=theme.GHOST_COLOR,
                    line=dict(width=2, color=theme.GHOST_COLOR),
                ),
            )
        )
    return out + layers.ringed(shown, None, at=(hx, vy))


# ------------------------------------------------------------------------- words
def caption(d: int, n: int, n_drawn: int, seed: int) -> str:
    """What the chart shows, in one paragraph (plain text: no names from files)."""
    nt = notation.current()
    neg = nt.label_of(-1).replace("-", "−")
    said = words("score.caption", d=d, score=_score(nt), w=nt.w, pos=nt.label_of(1), neg=neg)
    if n_drawn < n:
        said += " " + sample_caption(n, n_drawn, seed)
    return said


def sample_caption(n: int, n_drawn: int, seed: int) -> str:
    return words("score.sample", drawn=f"{n_drawn:,}", n=f"{n:,}", seed=seed)


def _score(nt) -> str:
    """The score the chart's horizontal shows, in the notation's symbols."""
    if nt.augmented:
        return "aᵀ(1, x)/‖a‖"
    return f"({nt.score.removeprefix('n = ')})/‖({nt.b}, {nt.w})‖"


def margin_line(w, b: float, X, y) -> str:
    """w's margin in the augmented space when it separates the data (the band around
    score 0), or how many points it still gets wrong."""
    w = np.asarray(w, dtype=np.float64)
    n = int(np.shape(X)[0])
    nt = notation.current()
    if n == 0 or not (np.any(w) or b):
        return words("score.zero", w=nt.w, b=nt.b)
    h = scores(X, w, b)
    wrong = int(np.count_nonzero(pc.mistakes(y, h)))
    if wrong:
        return words("margin.wrong", w=nt.w, wrong=f"{wrong:,}", n=f"{n:,}") + "."
    margin = float(np.min(np.asarray(y) * h))
    signed = f"{nt.signed}/‖a‖" if nt.augmented else f"{nt.signed}/‖({nt.b}, {nt.w})‖"
    return words("score.margin", w=nt.w, signed=signed, value=text.num(margin))


def visit_latex(visit, x, y: int, eta: float, shown: int = SHOWN_TERMS) -> list[str]:
    """The test and, on a mistake, the update of one visit with d terms: the first
    ``shown`` products, the sum of the others (so the line can be checked), the last one
    and b; vectors by their first ``SHOWN_ENTRIES`` entries and their last. The
    activation is the run's own."""
    w, b = np.asarray(visit.w_before, dtype=np.float64), float(visit.b_before)
    x = np.asarray(x, dtype=np.float64)
    d = w.shape[0]
    tex = text.tex
    # Narrow: both factors in parentheses (no dot), each term on its own line.
    terms = [f"({tex(w[j], 3)})({tex(x[j], 3)})" for j in range(shown)]
    hidden = range(shown, d - 1)
    rest = math.fsum(float(w[j] * x[j]) for j in hidden)
    noun = words("score.terms", n=len(hidden))
    terms.append(rf"\underbrace{{\cdots}}_{{{len(hidden)}\text{{ {noun}}}\,=\,{tex(rest)}}}")
    terms.append(f"({tex(w[d - 1], 3)})({tex(x[d - 1], 3)})")
    terms.append(f"({tex(b, 3)})")
    a = visit.activation
    sign = r"\le" if visit.mistake else ">"
    nt = notation.current()  # its symbols; the numbers are the same in every notation
    lines = [
        rf"\begin{{aligned}} {nt.score_tex} &= "
        + r" \\ &\;+ ".join(terms)
        + rf" \\ &= {tex(a)}\end{{aligned}}",
        rf"\begin{{aligned}} {nt.signed_tex} &= ({y:+d})({tex(a, 3)})"
        rf" \\ &= {tex(y * a)} {sign} 0 \end{{aligned}}",
    ]
    if visit.mistake:
        # w + eta y x = w + eta x or w - eta x: the sign on the line, not a (+1) factor.
        plus = "+" if y > 0 else "-"
        scaled = "" if eta == 1 else rf"{tex(eta)}\,"
        step = rf"{tex(eta)} \cdot ({y:+d})" if eta != 1 else f"({y:+d})"
        # The left side on a line of its own: the vectors get the column's width.
        lines.append(
            rf"\begin{{aligned}} & {nt.w_rule_tex} \\ &= {_row(w)} \\ &\;{plus} {scaled}"
            rf"{_row(x)} \\ &= {_row(visit.w_after)} \end{{aligned}}"
        )
        lines.append(rf"{nt.b_rule_tex} = {tex(b)} + {step} = {tex(visit.b_after)}")
    return lines


def _row(values, shown: int = SHOWN_ENTRIES) -> str:
    """(v1, v2, v3, …, vd): a d-vector by its first entries and its last."""
    v = np.asarray(values, dtype=np.float64)
    head = ", ".join(text.tex(a, 3) for a in v[:shown])
    return rf"({head}, \ldots, {text.tex(v[-1], 3)})"
