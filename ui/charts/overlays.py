"""What a variant predicts at step t, drawn over the Playground's chart (pure functions).

Averaged, voted and pocket share the classic run: the chart keeps showing the perceptron's
own w stepping, and this layer adds the rule the variant predicts with at the same step
(``Run.variant_weights`` / ``Run.variant_scores``: the run knows its variants).
"""

from __future__ import annotations

import numpy as np

import perceptron_core as pc
from ui.charts import layers, theme
from ui.limits import POCKET_WORK, VOTE_WORK

# The variants' colours and names are the Variants page's: one variant, one look.
COLORS = {v: theme.VARIANT_COLORS[v] for v in ("averaged", "voted", "pocket")}
VOTE_GRID = 80  # cells a side for the vote's zero level


def pocket_too_costly(run) -> bool:
    """Whether finding the pocket (errors of every weight vector on every point) is too much
    work for a page."""
    return (int(run.n_updates) + 1) * int(run.n) > POCKET_WORK


def too_costly(run, variant: str, t: int, n_points: int) -> bool:
    """Whether ``variant``'s picture at step t is too much work to draw live."""
    if variant == "voted":
        return vote_too_costly(run, t, n_points)
    if variant == "pocket":
        return pocket_too_costly(run)
    return False


def vote_too_costly(run, t: int, n_points: int) -> bool:
    """Whether the vote at step t (its vectors x (points + the smallest grid)) is too much
    work to draw live."""
    vectors = int(run.updates_before_visit(t)) + 1
    return vectors * (n_points + 24 * 24) > VOTE_WORK


def variant_overlay(scene: layers.Scene, run, variant: str, t: int) -> list[dict]:
    """The variant's boundary after ``t`` visits: a line for averaged and pocket, the zero
    level of the vote for voted; nothing for the classic, kernel and batch runs."""
    if variant not in COLORS or run.is_kernel or run.is_batch:
        return []
    if too_costly(run, variant, t, scene.n):
        return []
    if variant == "voted":
        k = int(run.updates_before_visit(t)) + 1  # vectors that may vote
        xs, ys, Z = layers.grid(scene.box, layers.resolution_for(k, VOTE_GRID))
        scores = run.variant_scores("voted", Z, t).reshape(len(ys), len(xs))
        return layers.zero_level(
            scene, xs, ys, scores, name=theme.line_name(variant), color=COLORS[variant], dash="dash"
        )
    w, b = run.variant_weights(variant, t)
    return layers.boundary(
        scene, w, b, name=theme.line_name(variant), color=COLORS[variant], dash="dash",
        width=scene.style.line * 1.2,
    )  # fmt: skip


def variant_errors(run, variant: str, t: int, X, y) -> int:
    """Training points the variant gets wrong at step t (a score of 0 is an error)."""
    scores = run.variant_scores(variant, np.asarray(X, dtype=np.float64), t)
    return int(np.count_nonzero(pc.mistakes(y, scores)))


MARK_COLOR = "#111111"


def class_marks(marks, *, presenter: bool = False) -> list[dict]:
    """The points a question to the class names, lettered A-D beside them (``marks``:
    (letter, x1, x2) in the chart's data coordinates): one trace, no legend entry."""
    if not marks:
        return []
    size = 26 if presenter else 20
    return [
        {
            "type": "scatter",
            "mode": "markers+text",
            "name": "class marks",
            "x": [float(m[1]) for m in marks],
            "y": [float(m[2]) for m in marks],
            "text": [str(m[0]) for m in marks],
            "textposition": "top right",
            "textfont": {"size": size, "color": MARK_COLOR, "family": "sans-serif"},
            "marker": {
                "size": size,
                "color": "rgba(0,0,0,0)",
                "line": {"width": 3, "color": MARK_COLOR},
                "symbol": "circle-open",
            },
            "hoverinfo": "skip",
            "showlegend": False,
        }
    ]
