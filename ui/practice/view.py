"""/practice's chart and words: pure functions of an exercise (``pc.exercise``) and the
question the student is at (no streamlit).

The chart is the lab's layers over the exercise's points, named P1..Pn: the weights in
force at the question (the regions they predict and their boundary), the visited point
ringed; for the kernel perceptron its f with the alpha in force; for Theorem 1 the
perceptron's final boundary against the max-margin one (u*, ``playground.max_margin``)
with both margins, once gamma* has been asked.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import plotly.graph_objects as go

import perceptron_core as pc
from ui import notation, text
from ui.charts import layers, playground, theme
from ui.charts.geometry import Box
from ui.words import t as say

BOX = Box(-4.0, 4.0, -4.0, 4.0)  # the coordinates are whole numbers in -3..3
LABEL_OFFSET = 0.3  # a name's offset from its point, in data units (the box is 8 wide)
KERNEL_GRID = 81  # cells a side of the kernel's f (4 points: a few thousand products)


def scene(ex) -> layers.Scene:
    return layers.Scene(ex.X, ex.y, BOX, height=460)


def labels(sc: layers.Scene) -> list[dict]:
    """P1..Pn beside the points: the names the questions use (clear of the visit's ring)."""
    return [
        dict(
            type="scatter",
            x=sc.X[:, 0] + LABEL_OFFSET,
            y=sc.X[:, 1] + LABEL_OFFSET,
            mode="text",
            text=[f"P{i + 1}" for i in range(sc.n)],
            textposition="middle right",
            textfont=dict(size=sc.style.font, color=theme.INK, shadow=theme.HALO),
            hoverinfo="skip",
            showlegend=False,
            name="names",
        )
    ]


def figure(ex, at: int) -> go.Figure:
    """The chart at question ``at`` (``len(ex.questions)``: the end of the exercise)."""
    sc = scene(ex)
    q = ex.questions[at] if at < len(ex.questions) else None
    if ex.level == 5:
        return _theorem_figure(ex, sc, at)
    if q is not None and q.part == "kernel":
        return _kernel_figure(ex, sc, q.visit)
    run = ex.run
    if q is None:  # the end: the weights after the last visit asked about
        last = max(x.visit for x in ex.questions if x.part in ("classic", "averaged"))
        v = run.visit(last)
        w, b, ring = v.w_after, v.b_after, None
    else:
        v = run.visit(q.visit)
        w, b, ring = v.w_before, v.b_before, v.index
    return layers.compose(
        sc,
        layers.regions(BOX, w, b),
        layers.boundary(sc, w, b, name=f"{notation.current().score} = 0"),  # as the question
        layers.points(sc),
        labels(sc),
        layers.ringed(sc, ring, name=say("practice.chart.visit")),
    )


def _kernel_figure(ex, sc: layers.Scene, t: int) -> go.Figure:
    """The kernel perceptron's f with the alpha in force before visit ``t``."""
    run = ex.kernel_run
    v = run.visit(t)
    xs, ys, Z = layers.grid(BOX, KERNEL_GRID)
    f = pc.kernel_scores(run, v.updates_before, Z, exact_sign=False)
    alpha = pc.alpha_at(run, v.updates_before)
    return layers.compose(
        sc,
        layers.score_regions(sc, xs, ys, f, name="f(x) = 0", show_scale=False),
        layers.points(
            sc, counts=alpha, sizes=layers.marker_sizes(alpha, sc.style.marker), size_label="α"
        ),  # fmt: skip
        labels(sc),
        layers.ringed(sc, v.index, name=say("practice.chart.visit")),
    )


def _theorem_figure(ex, sc: layers.Scene, at: int) -> go.Figure:
    """The perceptron's final boundary; u* and its band once gamma* has been asked."""
    run, th = ex.run, ex.theory
    gamma_asked = next(i for i, q in enumerate(ex.questions) if q.topic == "gamma")
    shown = at > gamma_asked
    margin = augmented_margin(ex.X, ex.y, run.w, run.b)
    name = say("practice.chart.margin", margin=f"{margin:.3f}")
    out = [layers.boundary(sc, run.w, run.b, name=name)]
    if shown:
        out = [playground.max_margin(sc, (th.u, th.gamma)), *out]
        out.append(playground.max_margin_note(ex.X, ex.y, run.w, run.b, (th.u, th.gamma), BOX))
    return layers.compose(sc, *out, layers.points(sc), labels(sc))


def augmented_margin(X, y, w, b: float) -> float:
    """min y (b, w).(1, x) / ||(b, w)||: a separator's margin in the augmented space, the
    space of gamma* (so the two can be compared)."""
    v = np.concatenate(([float(b)], np.asarray(w, dtype=np.float64)))
    return float(np.min(np.asarray(y) * pc.activations(X, v[1:], v[0])) / np.linalg.norm(v))


def _vec(values) -> str:
    return "(" + ", ".join(pc.practice.number(Fraction(float(v))) for v in values) + ")"


# ------------------------------------------------------------------ words
def eta_rows(ex) -> list[dict]:
    """Level 3's run side by side with eta = 1: the mistakes of the first epoch from w = 0
    (the same: eta only scales w) and from the exercise's start (they may differ)."""
    nt = notation.current()
    rows = []
    starts = ((nt.start(), ((0.0, 0.0), 0.0)), (say("practice.eta.this_start"), (ex.w0, ex.b0)))
    for start, (w0, b0) in starts:
        for eta in (ex.eta, 1.0):
            run = pc.train(ex.X, ex.y, eta=eta, w0=np.array(w0), b0=b0, max_epochs=1)
            wrong = [f"P{i + 1}" for i in run.update_index.tolist()]
            after = _vec((run.b, *run.w)) if nt.augmented else _vec(run.w)
            row = {
                say("practice.eta.start"): start,
                "η": pc.practice.number(Fraction(eta)),
                mistakes_column(): ", ".join(wrong) or say("practice.eta.none"),
                say("practice.eta.after", w=nt.w): after,
            }
            if not nt.augmented:  # a holds the bias
                row[nt.b] = pc.practice.number(Fraction(run.b))
            rows.append(row)
    return rows


def mistakes_column() -> str:
    """The table's column of mistakes (eta_summary reads it back)."""
    return say("practice.eta.mistakes")


def eta_summary(rows: list[dict]) -> str:
    """What the side-by-side table shows, in one sentence."""
    w = notation.current().w
    col = mistakes_column()
    zero_same = rows[0][col] == rows[1][col]
    start_same = rows[2][col] == rows[3][col]
    first = say("practice.eta.zero_same" if zero_same else "practice.eta.zero_differ", w=w)
    second = say("practice.eta.start_same" if start_same else "practice.eta.start_differ", w=w)
    return text.md_numbers(f"{first} {second}")
