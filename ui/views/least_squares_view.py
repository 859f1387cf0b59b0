"""/batch's least-squares section: 004's other criterion beside the perceptron's lines.

Pure: numpy, the engine, ``ui.charts`` / ``ui.text``; no streamlit. The numbers are the
engine's: ``pc.least_squares`` (the line, its criterion, its training errors) and the
recorded single-sample run (its last weights and the pocket's, their training errors and
J_p from ``Run.errors_of``), so no rule is restated here.

API
---
``rows(run, ls) -> tuple[Row, ...]``
    The perceptron's last line, the pocket's and least squares': weights, training
    errors, the criterion each minimises.
``figure(scene, rows) -> go.Figure``
    The three lines over the points.
``criterion_tex() -> str``
    004's criterion in the notation's symbols (LaTeX).
``statement(rows, ls, separable) -> str``
    What the picture shows, true for the data on screen.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import plotly.graph_objects as go

import perceptron_core as pc
from ui import notation, text
from ui.charts import layers, theme
from ui.words import t

STYLE = {  # rule -> colour and dash; Okabe-Ito colours that are no class's
    "perceptron": (theme.INK, "solid"),
    "pocket": (theme.VARIANT_COLORS["pocket"], "dash"),
    "least_squares": ("#56B4E9", "dot"),  # sky blue
}


@dataclass(frozen=True)
class Row:
    """One rule's line on the data: ``criterion`` is the value of what it minimises."""

    rule: str  # "perceptron", "pocket" or "least_squares"
    w: np.ndarray
    b: float
    errors: int
    criterion: float
    threshold: float = 0.0  # the line is w·x + b = threshold (least squares: ½, 004's c)


def rows(run: pc.Run, ls: pc.LeastSquares) -> tuple[Row, ...]:
    """The perceptron's last weights and the pocket's (J_p at each, from the run) and the
    least-squares line (its own criterion)."""
    w_last, b_last = run.w, run.b
    w_pocket, b_pocket = run.pocket_weights
    W = np.vstack([w_last, w_pocket])
    errors, jp = run.errors_of(W, np.array([b_last, b_pocket]))
    return (
        Row("perceptron", np.asarray(w_last), float(b_last), int(errors[0]), float(jp[0])),
        Row("pocket", np.asarray(w_pocket), float(b_pocket), int(errors[1]), float(jp[1])),
        # 004's own a, the weights its criterion is written with: the line a·(1, x) = ½
        Row("least_squares", ls.a[1:], float(ls.a[0]), ls.errors, ls.criterion, 0.5),
    )


def _name(rule: str) -> str:
    return t(f"ls.rule.{rule}")


def figure(scene: layers.Scene, lines: tuple[Row, ...], *, title: str | None = None) -> go.Figure:
    """The points and the three lines (a line with w = 0 keeps its legend entry, empty)."""
    over = []
    for row in lines:
        color, dash = STYLE[row.rule]
        label = t("ls.legend", name=_name(row.rule), errors=row.errors)
        over += layers.boundary(
            scene, row.w, row.b - row.threshold, name=label, color=color, dash=dash
        )
    return layers.compose(scene, layers.points(scene), over, title=title, long_names=True)


def criterion_tex() -> str:
    """sum_i (a·x_i - c_i)^2 with the targets 0/1, in the notation's symbols (004's own
    in the augmented one; Hagan's t_i with inputs p_i)."""
    nt = notation.current()
    if nt.augmented:
        score, target = r"a^{\top}(1, x_i)", "c_i"
    elif nt.hardlim:
        score, target = rf"{nt.w_tex}\cdot p_i + {nt.b_tex}", "t_i"
    else:
        score, target = rf"{nt.w_tex}\cdot {nt.x_tex}_i + {nt.b_tex}", "c_i"
    return rf"\min \sum_i \left({score} - {target}\right)^2"


def target_words() -> str:
    """What the targets are, in words: 1 for the +1 class, 0 for the other."""
    nt = notation.current()
    target = "tᵢ" if nt.hardlim else "cᵢ"
    return t("ls.targets", target=target, positive=nt.positive, negative=nt.negative)


def table(lines: tuple[Row, ...]) -> list[dict[str, str]]:
    """The rows as the page's table: rule, weights, training errors, criterion."""
    out = []
    for row in lines:
        out.append(
            {
                t("ls.col.rule"): _name(row.rule),
                t("ls.col.line"): text.weights_text(row.w, row.b),
                t("ls.col.errors"): f"{row.errors:,}",
                t("ls.col.criterion"): _criterion(row),
            }
        )
    return out


def _criterion(row: Row) -> str:
    what = "ls.criterion_ls" if row.rule == "least_squares" else "ls.criterion_jp"
    return t(what, value=text.num(row.criterion))


def statement(lines: tuple[Row, ...], ls: pc.LeastSquares, separable: bool | None) -> str:
    """What the lines do on these data, each clause true for them."""
    perceptron, pocket, _ = lines
    n = ls.errors
    if not ls.has_line:
        said = t("ls.no_line", w=notation.current().w)
    elif separable and n > 0:
        said = t("ls.separable_not_ls", errors=t("ls.errors", n=n))
    elif separable:
        said = t("ls.separable_ls")
    elif separable is False:
        said = t(
            "ls.not_separable",
            ls=t("ls.errors", n=n),
            pocket=t("ls.errors", n=pocket.errors),
            last=t("ls.errors", n=perceptron.errors),
        )
    else:
        said = t("ls.errors_only", ls=t("ls.errors", n=n))
    return f"{said} {t('ls.why')}"


def layered(scene: layers.Scene, lines: tuple[Row, ...], said: str) -> layers.Layered:
    """The page's least-squares chart as one still picture (the offline lecture's scene on
    it): the points and the three lines, ``said`` (``statement``) as its main line and the
    table's rows, one line each."""
    fig = figure(scene, lines)
    rows = [
        " · ".join(
            (
                t("ls.legend", name=_name(row.rule), errors=row.errors),
                text.weights_text(row.w, row.b),
                _criterion(row),
            )
        )
        for row in lines
    ]
    return layers.still(fig, {"summary": said, "margin": "\n".join(rows)})
