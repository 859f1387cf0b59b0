"""The online game's chart and words (note 001): pure functions, no streamlit.

The student places a point, the perceptron's prediction is shown, then the label; the
adversary plays points of the board that keep a margin gamma from its target separator
``TARGET`` and that the perceptron gets wrong. Everything here reads the engine's answers
(``perceptron_core``: the run, ``update_effect``, ``target_margins``) and draws or words them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import plotly.graph_objects as go

import perceptron_core as pc
from ui import text
from ui.charts import geometry, layers, theme
from ui.charts.layers import Scene

# The adversary's target separator u, bias first: the line x1 + x2 = 0 (+1 above it).
TARGET = np.array([0.0, 1.0, 1.0]) / math.sqrt(2.0)
BOARD = (-2.0, 2.0, -2.0, 2.0)  # where the adversary plays: the empty board (draw.DRAW_BOX)
TARGET_COLOR = theme.USTAR_COLOR
PENDING_COLOR = "#777777"
SAID = {1: "+1", -1: "−1", 0: "I don't know"}


@dataclass(frozen=True)
class Prediction:
    """What the perceptron says about a point before it sees the label."""

    x: tuple[float, float]
    activation: float
    said: int  # +1, -1, or 0 ("I don't know": w.x + b is exactly 0)


def predict(w, b: float, x) -> Prediction:
    """The engine's prediction at x with weights (w, b) (``OnlinePerceptron.predict_one``)."""
    learner = pc.OnlinePerceptron(2, w=tuple(float(v) for v in w), b=float(b))
    return Prediction(
        (float(x[0]), float(x[1])), pc.activation(learner.w, learner.b, x), learner.predict_one(x)
    )


def board_radius(box=BOARD) -> float:
    """The largest ||(1, x)|| over the board: the R of any sequence played on it."""
    x0, x1, y0, y1 = box
    return math.sqrt(1.0 + max(x0 * x0, x1 * x1) + max(y0 * y0, y1 * y1))


# --------------------------------------------------------------------------- words
def prediction_text(p: Prediction) -> str:
    """The prediction, shown before the label (markdown from numbers only)."""
    where = f"({text.num(p.x[0])}, {text.num(p.x[1])})"
    if p.said == 0:
        verdict = "**I don't know** (a tie: a mistake whatever the label)"
    else:
        verdict = f"the perceptron predicts **{SAID[p.said]}**"
    return (
        f"**New point {where}**: "
        + text.md_numbers(f"w·x + b = {text.num(p.activation)}, so ")
        + f"{verdict}. Now reveal its label:"
    )


PROMPT = "Click empty chart space to place the next point: its prediction comes first."


def count_text(mistakes: int, n: int, th, hinge) -> str:
    """Mistakes so far against the notes' bound for the points so far (Theorem 1 when they
    are separable, Theorem 2 after one pass otherwise); ``hinge``: a ``pc.HingeBound``."""
    line = f"M = {mistakes} mistake{_s(mistakes)} in {n} arrival{_s(n)}"
    if th is None:
        return f"**{line}** (the bound needs points of both classes)"
    if th.separable:
        bound, why = (
            f"R²/γ*² = {text.bound_num(th.bound)}",
            "Theorem 1: these points are separable, from w = 0",
        )
    elif hinge is None:
        return f"**{line}** (not separable: Theorem 2 is too large to compute here)"
    else:
        bound = f"R²‖w*‖² + 2·L_hinge(w*) = {text.bound_num(hinge.value)}"
        why = "Theorem 2 after one pass: not separable, from w = 0"
    return f"**{text.md_numbers(f'{line} ≤ {bound}')}** ({why})"


def _s(count: int) -> str:
    return "" if count == 1 else "s"


def arrival_text(run, effect: pc.UpdateEffect | None, fixed: int, updates: int) -> str:
    """The last arrival: what was predicted, the label, and whether one update fixed it
    (y(w·x + b) before and after; ``effect``: ``pc.update_effect`` of that arrival)."""
    t = run.n_visits - 1
    label = int(run.y[run.visit(t).index])
    head = f"Arrival {t + 1}: predicted {SAID[run.prediction(t)]}, label {SAID[label]}: "
    if effect is None:
        return head + "no mistake, no update."
    verdict = "now correct" if effect.fixed else "**still wrong**: one update is not always enough"
    numbers = (
        f"y(w·x + b) = {text.num(effect.before)} before the update, "
        f"{text.num(effect.after)} after it: "
    )
    return (
        head + "**mistake**, so it learns. " + text.md_numbers(numbers) + verdict + ". "
        f"So far {fixed} of {updates} update{_s(updates)} fixed the point it was made on."
    )


def fix_tally(run) -> tuple[int, int]:
    """(updates that fixed their own point, updates) over the run (``pc.update_effect``)."""
    effects = [pc.update_effect(run, int(t)) for t in run.update_visit]
    return sum(e.fixed for e in effects), len(effects)


def adversary_text(X, y, gamma: float, box=BOARD) -> str:
    """The adversary's guarantee: on a sequence of points with margin gamma from u in the
    board, Theorem 1 allows at most R_board²/γ² mistakes, whatever the points are."""
    R = board_radius(box)
    bound = R * R / (gamma * gamma)
    margins = np.asarray(y) * pc.target_margins(TARGET, X) if len(y) else np.zeros(0)
    every = bool(margins.size) and bool(np.all(margins >= gamma))
    head = (
        f"The adversary plays points the dashed line u (x1 + x2 = 0) classifies with margin "
        f"≥ γ = {text.num(gamma)} (in (1, x) space), which the perceptron gets wrong. On "
        f"such a sequence Theorem 1 allows at most R²/γ² = {text.num(R)}²/{text.num(gamma)}² "
        f"= {text.num(bound)} mistakes (R: the board's corner)."
    )
    if every:
        return head + " Every arrival so far is such a point, so this bound holds here too."
    if margins.size:
        return head + " Some arrivals are not (yours), so it need not hold for these points."
    return head


OUT_OF_MOVES = (
    "The adversary is out of moves: the perceptron now classifies every point of the board "
    "with margin ≥ γ from u as u does."
)


def out_of_moves_text(mistakes: int, th) -> str:
    """The adversary's end: how close it came to Theorem 1's bound for these points."""
    if th is None or not th.separable or not math.isfinite(th.bound):
        return OUT_OF_MOVES
    return OUT_OF_MOVES + text.md_numbers(
        f" It forced M = {mistakes} mistake{_s(mistakes)}: the bound R²/γ*² = "
        f"{text.bound_num(th.bound)} held, and {mistakes / th.bound:.0%} of it was reached."
    )


# --------------------------------------------------------------------------- chart
def target_band(scene: Scene, gamma: float) -> list[dict]:
    """The adversary's no-go band |u.(1, x)| < gamma ||u|| and its line u."""
    w, b = TARGET[1:], float(TARGET[0])
    x, y = geometry.closed(geometry.band_polygon(w, b, gamma, scene.box))
    band = dict(
        type="scatter",
        x=x,
        y=y,
        mode="lines",
        fill="toself",
        name=f"margin γ = {text.num(gamma)} of u",
        fillcolor="rgba(0, 158, 115, 0.10)",
        line=dict(width=0),
        hoverinfo="skip",
        showlegend=bool(x),
    )
    line = layers.boundary(scene, w, b, name="target u", color=TARGET_COLOR, dash="dash")
    return [band, *line]


def pending_point(scene: Scene, x) -> list[dict]:
    """The placed point whose label is not revealed yet: neutral, with a question mark."""
    if x is None:
        return []
    s = scene.style
    return [
        dict(
            type="scatter",
            x=[x[0]],
            y=[x[1]],
            mode="markers+text",
            text=["?"],
            textposition="top right",
            textfont=dict(size=s.font + 4, color=PENDING_COLOR),
            name="new point ?",
            hoverinfo="skip",
            marker=dict(
                symbol="diamond",
                size=s.marker * 1.4,
                color="white",
                line=dict(width=2.5, color=PENDING_COLOR),
            ),
        )
    ]


def chart(scene: Scene, w, b: float, *, gamma: float, pending=None, last=None) -> go.Figure:
    """The board: the perceptron's two sides and boundary, the adversary's target and band,
    the arrivals (crossed when w gets them wrong now), the last one ringed, the new point."""
    w = np.asarray(w, dtype=np.float64)
    score = pc.activations(scene.X, w, b) if scene.n else np.zeros(0)
    return layers.compose(
        scene,
        layers.regions(scene.box, w, b),
        target_band(scene, gamma),
        layers.points(scene),
        layers.boundary(scene, w, b, name="boundary"),
        layers.misclassified(scene, score),
        layers.ringed(scene, last, name="last arrival"),
        pending_point(scene, pending),
    )
