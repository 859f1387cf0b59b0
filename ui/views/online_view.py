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
from ui import notation, text
from ui.charts import geometry, layers, theme
from ui.charts.layers import Scene
from ui.words import t

# The adversary's target separator u, bias first: the line x1 + x2 = 0 (+1 above it).
TARGET = np.array([0.0, 1.0, 1.0]) / math.sqrt(2.0)
BOARD = (-2.0, 2.0, -2.0, 2.0)  # where the adversary plays: the empty board (draw.DRAW_BOX)
TARGET_COLOR = theme.USTAR_COLOR
PENDING_COLOR = "#777777"


def said(label: int) -> str:
    """A prediction or a label in words: +1, −1 (the notation's), or I don't know."""
    return t("online.dont_know") if label == 0 else text.said_label(label)


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
        verdict = t("online.predict_tie")
    else:
        verdict = t("online.predicts", label=said(p.said))
    score = text.md_numbers(f"{notation.current().score} = {text.num(p.activation)}")
    return t("online.prediction", where=where, score=score, verdict=verdict)


def prompt() -> str:
    return t("online.prompt")


def count_text(mistakes: int, n: int, th, hinge) -> str:
    """Mistakes so far against the notes' bound for the points so far (Theorem 1 when they
    are separable, Theorem 2 after one pass otherwise); ``hinge``: a ``pc.HingeBound``."""
    line = t(
        "online.count",
        mistakes=t("online.mistakes", n=mistakes),
        arrivals=t("online.arrivals", n=n),
    )
    w = notation.current().w
    if th is None:
        return t("online.count_one_class", line=line)
    if th.separable:
        bound = f"R²/γ*² = {text.bound_num(th.bound)}"
        why = t("online.count_t1", zero=f"{w} = 0")
    elif hinge is None:
        return t("online.count_t2_too_large", line=line)
    else:
        bound = f"R²‖{w}*‖² + 2·L_hinge({w}*) = {text.bound_num(hinge.value)}"
        why = t("online.count_t2", zero=f"{w} = 0")
    return f"**{text.md_numbers(f'{line} ≤ {bound}')}** ({why})"


def arrival_text(run, effect: pc.UpdateEffect | None, fixed: int, updates: int) -> str:
    """The last arrival: what was predicted, the label, and whether one update fixed it
    (y(w·x + b) before and after; ``effect``: ``pc.update_effect`` of that arrival)."""
    i = run.n_visits - 1
    label = int(run.y[run.visit(i).index])
    head = t("online.arrival", t=i + 1, said=said(run.prediction(i)), label=said(label))
    if effect is None:
        return head + t("online.no_update")
    verdict = t("online.fixed" if effect.fixed else "online.not_fixed")
    nt = notation.current()
    signed = f"y({nt.score})" if nt.name in ("wb", "theta") else nt.signed
    numbers = t(
        "online.effect", signed=signed, before=text.num(effect.before), after=text.num(effect.after)
    )
    return (
        head + t("online.learns") + text.md_numbers(numbers) + verdict + ". "
        + t("online.tally", fixed=fixed, n=updates)
    )  # fmt: skip


def adversary_plays(w, b: float, gamma: float, *, grid: int):
    """The adversary's points from the perceptron (w, b), one by one
    (``pc.adversary_point`` against ``TARGET`` on ``BOARD``, on the links' ``grid``), each
    learned by the engine's online perceptron before the next is chosen; it ends when the
    adversary is out of moves (every allowed point classified as u classifies it)."""
    learner = pc.OnlinePerceptron(2, w=tuple(np.asarray(w, dtype=float).tolist()), b=float(b))
    while True:
        move = pc.adversary_point(learner.w, learner.b, TARGET, gamma, box=BOARD, grid=grid)
        if move is None:
            return
        yield move
        learner = learner.learn(move.x, move.y)


def fix_tally(run) -> tuple[int, int]:
    """(updates that fixed their own point, updates) over the run (``pc.update_effect``)."""
    effects = [pc.update_effect(run, int(v)) for v in run.update_visit]
    return sum(e.fixed for e in effects), len(effects)


def adversary_text(X, y, gamma: float, box=BOARD) -> str:
    """The adversary's guarantee: on a sequence of points with margin gamma from u in the
    board, Theorem 1 allows at most R_board²/γ² mistakes, whatever the points are."""
    R = board_radius(box)
    bound = R * R / (gamma * gamma)
    margins = np.asarray(y) * pc.target_margins(TARGET, X) if len(y) else np.zeros(0)
    every = bool(margins.size) and bool(np.all(margins >= gamma))
    x = notation.current().x
    head = t(
        "online.adversary_says", line=f"{x}1 + {x}2 = 0", gamma=text.num(gamma), x=x,
        R=text.num(R), bound=text.num(bound),
    )  # fmt: skip
    if every:
        return head + t("online.adversary_every")
    if margins.size:
        return head + t("online.adversary_some")
    return head


OUT_OF_MOVES = "online.out_of_moves"  # the game's note (a message id): said by the page


def out_of_moves_text(mistakes: int, th) -> str:
    """The adversary's end: how close it came to Theorem 1's bound for these points."""
    if th is None or not th.separable or not math.isfinite(th.bound):
        return t(OUT_OF_MOVES)
    return t(OUT_OF_MOVES) + text.md_numbers(
        t("online.forced", n=mistakes, bound=text.bound_num(th.bound),
          share=f"{mistakes / th.bound:.0%}")
    )  # fmt: skip


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
        name=t("online.band", gamma=text.num(gamma)),
        fillcolor="rgba(0, 158, 115, 0.10)",
        line=dict(width=0),
        hoverinfo="skip",
        showlegend=bool(x),
    )
    line = layers.boundary(scene, w, b, name=t("online.target"), color=TARGET_COLOR, dash="dash")
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
            name=t("online.pending"),
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
        layers.boundary(scene, w, b, name=t("chart.boundary")),
        layers.misclassified(scene, score),
        layers.ringed(scene, last, name=t("online.last")),
        pending_point(scene, pending),
    )
