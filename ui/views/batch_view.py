"""The /batch page's figures and sentences: batch gradient descent on the perceptron
criterion J_p (004) against the single-sample rule, learning rate and scaling.

Pure: numpy, the engine, ``ui.charts`` / ``ui.text``; no streamlit. The
numbers are the engine's (``perceptron_core/batch.py``, where what is true about the
learning rate is written out): ``pc.compare_batch`` and ``pc.comparison_of`` (a
``pc.Comparison``), ``pc.weights_at_epoch``, ``pc.eta_effect`` (a ``pc.EtaEffect``) and
``pc.scaling_effect`` (``pc.ScalingRow``s).

API
---
``scene_of(X, y, *, class_names, feature_names, presenter) -> layers.Scene``
``curves_figure(record, *, presenter, current_epoch) -> go.Figure``
    J_p (top panel) and training errors (bottom panel) per epoch, both rules.
``boundaries_figure(scene, record, epoch, *, regions_of, title) -> go.Figure``
    Both boundaries at the end of the same epoch (batch solid, single-sample dashed) over
    the points and the regions of one of them.
``eta_figure(effect, *, presenter) -> go.Figure``
    Mistakes per eta, each bar labelled with how many predictions differ.
``compare_statement(record)``, ``eta_statement(effect)``, ``scaling_statement(rows)``
    Plain-text sentences that report what was measured. The page says "in exact
    arithmetic" for the theorem and reports the measured count for the data on screen
    (``eta_statement``), never a blanket "eta does not matter".
"""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

import perceptron_core as pc
from ui import notation, text
from ui.charts import epochs, geometry, layers, theme

BATCH_NAME = "batch GD on J_p"
SINGLE_NAME = "single-sample rule"
BATCH_COLOR = theme.INK
SINGLE_COLOR = "#CC79A7"  # Okabe-Ito reddish purple: not a class colour
BATCH_DASH, SINGLE_DASH = "solid", "dash"
RULES = pc.batch.RULES


# ------------------------------------------------------------------------ figures
def scene_of(
    X,
    y,
    *,
    class_names: tuple[str, str] = ("-1", "+1"),
    feature_names: tuple[str, str] = ("x1", "x2"),
    presenter: bool = False,
) -> layers.Scene:
    """A scene (two features) with the Playground's box around the points."""
    return layers.Scene(
        X=np.asarray(X, dtype=np.float64),
        y=np.asarray(y),
        box=geometry.view_box(X),
        class_names=tuple(class_names),
        feature_names=tuple(feature_names),
        presenter=presenter,
    )


def _rule_style(rule: str) -> dict:
    if rule == "batch":
        return dict(name=BATCH_NAME, color=BATCH_COLOR, dash=BATCH_DASH)
    return dict(name=SINGLE_NAME, color=SINGLE_COLOR, dash=SINGLE_DASH)


def curves_figure(
    record: pc.Comparison, *, presenter: bool = False, current_epoch: int | None = None
) -> go.Figure:
    """J_p (top) and training errors (bottom) at each epoch's end for both rules; epoch 0
    is the start. Batch GD takes one step per epoch, so its points are its steps."""
    style = theme.Style.of(presenter, 0)
    data = []
    for rule in RULES:
        c, s = record.curve(rule), _rule_style(rule)
        mode = "lines+markers" if c.epoch.shape[0] <= 60 else "lines"
        line = dict(color=s["color"], dash=s["dash"], width=style.line)
        common = dict(type="scatter", x=c.epoch, mode=mode, line=line, legendgroup=rule)
        data.append(dict(common, y=c.J_p, name=s["name"], xaxis="x", yaxis="y",
                         hovertemplate="epoch %{x}<br>J_p = %{y:.4g}<extra>" + s["name"]
                         + "</extra>"))  # fmt: skip
        data.append(dict(common, y=c.errors, name=s["name"], showlegend=False, xaxis="x2",
                         yaxis="y2", hovertemplate="epoch %{x}<br>errors = %{y}<extra>"
                         + s["name"] + "</extra>"))  # fmt: skip
    shapes = []
    if current_epoch is not None:
        for x, y in (("x", "y"), ("x2", "y2")):
            shapes.append(epochs.epoch_marker(current_epoch, xref=x, yref=f"{y} domain"))
    axis = dict(rangemode="tozero", gridcolor="#eeeeee", zeroline=False)
    ticks = dict(dtick=1) if record.epochs <= 12 else {}
    layout = dict(
        height=440 if presenter else 360,
        margin=dict(l=60, r=10, t=10, b=40),
        font=dict(size=style.font - 2),
        plot_bgcolor="white",
        xaxis=dict(axis, anchor="y", showticklabels=False, matches="x2", **ticks),
        xaxis2=dict(axis, anchor="y2", title=dict(text="epoch (batch: one step each)"), **ticks),
        yaxis=dict(axis, domain=[0.55, 1.0], title=dict(text="J_p")),
        yaxis2=dict(axis, domain=[0.0, 0.45], title=dict(text="training errors")),
        legend=dict(orientation="h", y=1.02, yanchor="bottom", x=0),
        shapes=shapes,
        hovermode="closest",
    )
    return theme.figure(data, layout)


def boundaries_scene(scene: layers.Scene, *, title: str | None = None):
    """The batch page's fixed part: the points and the layout."""
    return layers.points(scene), layers.layout(scene, title=title)


def boundaries_layers(
    scene: layers.Scene, record: pc.Comparison, epoch: int, *, regions_of="batch"
):
    """At the end of ``epoch``: the regions ``regions_of`` predicts (under the points) and
    both boundaries (over them), as ``boundaries_figure`` draws them."""
    w_r, b_r = record.weights(regions_of, epoch)
    over = []
    for rule in RULES:
        run, s = record.run(rule), _rule_style(rule)
        w, b = pc.weights_at_epoch(run, epoch)
        e = max(0, min(int(epoch), run.epochs))
        when = f"epoch {e}" if e == int(epoch) else f"ended at epoch {e}"
        zero = f"{notation.current().w} = 0"  # the notation's symbol; English words still
        label = f"{s['name']} ({when})" if np.any(w) else f"{s['name']} ({zero}: no line)"
        lines = layers.boundary(scene, w, b, name=label, color=s["color"], dash=s["dash"])
        # The stepped chart's legend (drawn once) names the rule, not one epoch's line.
        over += [dict(line, legendgroup=s["name"]) for line in lines]
    return layers.regions(scene.box, w_r, b_r), over


def epoch_lines(record: pc.Comparison, epoch: int) -> dict[str, str]:
    """The end of ``epoch`` in two plain lines: each rule's w, b, J_p and training errors
    (a run that ended earlier gives its last epoch's)."""
    out = {}
    for rule, curve, name in (
        ("batch", record.batch_curve, f"End of epoch {int(epoch)}. Batch"),
        ("single", record.single_curve, "Single-sample"),
    ):
        w, b = record.weights(rule, epoch)
        e = min(int(epoch), record.run(rule).epochs)
        out[f"{rule}_line"] = (
            f"{name}: {text.weights_text(w, b)} · J_p = {text.num(curve.J_p[e])} · "
            f"{int(curve.errors[e])} training errors"
        )
    return out


def boundaries_figure(
    scene: layers.Scene,
    record: pc.Comparison,
    epoch: int,
    *,
    regions_of: str = "batch",
    title: str | None = None,
) -> go.Figure:
    """Both boundaries at the end of ``epoch`` (0 = the start): batch GD solid, the
    single-sample rule dashed, over the points and the regions ``regions_of`` predicts.
    A run that ended earlier shows its final boundary, and its label says so."""
    under, over = boundaries_layers(scene, record, epoch, regions_of=regions_of)
    return layers.compose(scene, under, layers.points(scene), over, title=title)


def eta_figure(effect: pc.EtaEffect, *, presenter: bool = False) -> go.Figure:
    """Mistakes per learning rate (bars), each labelled with how many of its compared
    predictions differ from the first eta's run."""
    style = theme.Style.of(presenter, 0)
    ref = effect.rows[0]
    labels = [f"η = {text.num(r.eta)}" for r in effect.rows]
    notes = ["reference" if i == 0 else f"{r.differ:,} of {r.compared:,} differ"
             for i, r in enumerate(effect.rows)]  # fmt: skip
    data = [
        dict(
            type="bar", x=labels, y=[r.mistakes for r in effect.rows], text=notes,
            textposition="outside", name="mistakes", marker=dict(color=theme.GHOST_COLOR),
            hovertemplate="%{x}: %{y} mistakes<br>%{text}<extra></extra>",
        )
    ]  # fmt: skip
    top = max(r.mistakes for r in effect.rows) or 1
    layout = dict(
        height=320 if presenter else 260,
        margin=dict(l=60, r=10, t=30, b=40),
        font=dict(size=style.font - 2),
        plot_bgcolor="white",
        # automargin: the axis titles make room for the ticks (a projector's are larger).
        xaxis=dict(type="category", automargin=True, title=dict(
            text=f"learning rate (against η = {text.num(ref.eta)})")),
        yaxis=dict(title=dict(text="mistakes"), range=[0, top * 1.25], automargin=True),
        showlegend=False,
    )  # fmt: skip
    return theme.figure(data, layout)


# ---------------------------------------------------------------------- sentences
def _etas(values) -> str:
    words = [text.num(v) for v in values]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _end(run: pc.Run) -> str:
    if run.converged:
        return f"converged after {text.counted(run.epochs, 'epoch')}"
    if run.stop_reason == "max_updates":
        return f"stopped at the update limit in epoch {run.epochs}"
    return f"made no clean pass in {text.counted(run.epochs, 'epoch')}"


def compare_statement(record: pc.Comparison) -> str:
    """What the two runs did, from the records."""
    b, s = record.batch, record.single
    out = [
        f"Batch GD on J_p {_end(b)}: {text.counted(b.n_updates, 'step')}, "
        f"{text.counted(b.mistakes, 'misclassified visit')} summed into "
        f"{'it' if b.n_updates == 1 else 'them'}.",
        f"The single-sample rule {_end(s)}: {text.counted(s.mistakes, 'update')}, one per mistake.",
    ]
    rises = record.batch_curve.jp_rises
    if rises:
        out.append(f"J_p went up after {rises} of the batch steps: a gradient step with a "
                   "constant η need not decrease J_p.")  # fmt: skip
    c = record.batch_curve
    if record.start == "zero" and c.J_p[0] == 0 and c.errors[0] == b.n:
        out.append(
            f"At {notation.current().w} = 0, J_p = 0 (its smallest value) although every point "
            "is a tie: ties count as mistakes, so the first step is taken anyway."
        )
    return " ".join(out)


def eta_statement(effect: pc.EtaEffect) -> str:
    """The learning-rate claim as measured on this data, with the exact-arithmetic theorem
    stated as such."""
    rule = "batch GD on J_p" if effect.variant == "batch" else "the single-sample rule"
    nt = notation.current()
    where = f"From {nt.w} = 0" if effect.start == "zero" else "From a random start"
    ref, rest = effect.rows[0], effect.rows[1:]
    first = "first " if effect.capped else ""
    cap = f" (comparison capped at {effect.max_visits:,} visits per η)" if effect.capped else ""
    if not rest:
        return f"{where}, {rule} with η = {text.num(ref.eta)}: nothing to compare against."
    if effect.identical:
        n = max(r.compared for r in rest)
        every = "every compared visit" if effect.capped else "every visit"
        out = (f"{where}, {rule} predicted the same at {every} for η = "
               f"{_etas(effect.etas)}: 0 of the {first}{n:,} predictions differ{cap}")  # fmt: skip
        if all(r.mistakes == ref.mistakes and r.epochs == ref.epochs for r in rest):
            out += (f", with {text.counted(ref.mistakes, 'mistake')} and "
                    f"{text.counted(ref.epochs, 'epoch')} each")  # fmt: skip
        out += "."
        if effect.start == "zero":
            out += (f" In exact arithmetic this always holds from {nt.w} = 0: "
                    f"{nt.w}_k(η) = η·{nt.w}_k(1).")  # fmt: skip
            if any(r.exactly_scaled is False for r in rest):
                out += (" Here the weights are not bitwise proportional (rounding), but no "
                        f"rounding error flipped a {'compared ' if effect.capped else ''}"
                        "prediction.")  # fmt: skip
        return out
    parts = []
    for r in rest:
        part = f"η = {text.num(r.eta)}: {r.differ:,} of the {first}{r.compared:,}"
        if r.n_visits != ref.n_visits:
            part += f" visits both runs made ({r.epochs} epochs against {ref.epochs})"
        parts.append(part)
    lead = f"{where}, the learning rate changes what {rule} predicts."
    out = f"{lead} Predictions that differ from η = {text.num(ref.eta)}'s run: "
    out += "; ".join(parts) + f"{cap}."
    if effect.start == "zero":
        row = next(r for r in rest if r.first_differ is not None or r.n_visits != ref.n_visits)
        out += (f" In exact arithmetic no prediction would change from {nt.w} = 0 "
                f"({nt.w}_k(η) = η·{nt.w}_k(1))")  # fmt: skip
        if row.first_differ is not None:
            a_ref, a_row = row.first_activations
            t = row.first_differ
            out += (f"; the difference is rounding: the first is at visit {t + 1:,} (epoch "
                    f"{t // effect.n + 1}), "
                    f"where {nt.score.removeprefix('n = ')} is {_act(a_ref)} with η = "
                    f"{text.num(ref.eta)} and "
                    f"{_act(a_row)} with η = {text.num(row.eta)}.")  # fmt: skip
        else:
            out += "; the difference is rounding."
    return out


def _act(a: float) -> str:
    return "exactly 0 (a tie)" if a == 0 else f"{a:.2g}"


def scaling_statement(rows: tuple[pc.ScalingRow, ...]) -> str:
    """Which preprocessing took the fewest single-sample mistakes, and the bounds."""
    sep = [r for r in rows if r.separable]
    if not sep:
        return ("Not linearly separable under any scaling (scaling cannot change that): no "
                "mistake bound applies.")  # fmt: skip
    best = min(rows, key=lambda r: r.single.mistakes)
    tight = min(sep, key=lambda r: r.bound)
    out = [
        f"Fewest single-sample mistakes: {best.label.lower()} ({best.single.mistakes:,}). "
        f"Smallest bound R²/γ*²: {tight.label.lower()} ({text.compact(tight.bound)})."
    ]
    over = [r.label.lower() for r in sep if r.single.converged and r.single.mistakes > r.bound]
    if over:  # never expected: Theorem 1 holds from w = 0 for every eta
        out.append("The single-sample mistakes exceed the bound for " + ", ".join(over) + ".")
    else:
        out.append(
            "Where the data is separable, the single-sample mistakes stay within the bound "
            f"(Theorem 1, from {notation.current().w} = 0); the bound does not cover batch steps."
        )
    return " ".join(out)
