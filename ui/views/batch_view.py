"""The /batch page's figures and sentences: batch gradient descent on the perceptron
criterion J_p (004) against the single-sample rule, learning rate and scaling.

Pure: numpy, the engine, ``ui.charts`` / ``ui.text``; no streamlit. Words in the lab's
language and symbols in its notation (``ui.words``, ``ui.notation``). The
numbers are the engine's (``perceptron_core/batch.py``, where what is true about the
learning rate is written out): ``pc.compare_batch`` and ``pc.comparison_of`` (a
``pc.Comparison``), ``pc.weights_at_epoch``, ``pc.eta_effect`` (a ``pc.EtaEffect``) and
``pc.scaling_effect`` (``pc.ScalingRow``s).

API
---
``curves_figure(record, *, presenter, current_epoch) -> go.Figure``
    J_p (top panel) and training errors (bottom panel) per epoch, both rules.
``boundaries_figure(scene, record, epoch, *, regions_of, title) -> go.Figure``
    Both boundaries at the end of the same epoch (batch solid, single-sample dashed) over
    the points and the regions of one of them.
``eta_figure(effect, *, presenter) -> go.Figure``
    Mistakes per eta, each bar labelled with how many predictions differ.
``scaling_table(rows) -> str``
    Per preprocessing: R, gamma*, the bound and both rules' runs (a Markdown table).
``compare_statement(record)``, ``eta_statement(effect)``, ``scaling_statement(rows)``
    Plain-text sentences that report what was measured. The page says "in exact
    arithmetic" for the theorem and reports the measured count for the data on screen
    (``eta_statement``), never a blanket "eta does not matter".
"""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

import perceptron_core as pc
from ui import bounds, notation, text
from ui.charts import epochs, layers, theme
from ui.words import t

BATCH_NAME = "batch GD on J_p"  # the rules' names in English (in the lab's language: _rule_style)
SINGLE_NAME = "single-sample rule"
BATCH_COLOR = theme.INK
SINGLE_COLOR = "#CC79A7"  # Okabe-Ito reddish purple: not a class colour
BATCH_DASH, SINGLE_DASH = "solid", "dash"
RULES = pc.batch.RULES


# ------------------------------------------------------------------------ figures
def _rule_style(rule: str) -> dict:
    if rule == "batch":
        return dict(name=t("batch.name.batch"), color=BATCH_COLOR, dash=BATCH_DASH)
    return dict(name=t("batch.name.single"), color=SINGLE_COLOR, dash=SINGLE_DASH)


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
        jp, errors = t("batch.hover_jp", name=s["name"]), t("batch.hover_errors", name=s["name"])
        data.append(dict(common, y=c.J_p, name=s["name"], xaxis="x", yaxis="y",
                         hovertemplate=jp))  # fmt: skip
        data.append(dict(common, y=c.errors, name=s["name"], showlegend=False, xaxis="x2",
                         yaxis="y2", hovertemplate=errors))  # fmt: skip
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
        xaxis2=dict(axis, anchor="y2", title=dict(text=t("batch.axis_epoch")), **ticks),
        yaxis=dict(axis, domain=[0.55, 1.0], title=dict(text="J_p")),
        yaxis2=dict(axis, domain=[0.0, 0.45], title=dict(text=t("batch.axis_errors"))),
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
        when = t("batch.when", e=e) if e == int(epoch) else t("batch.when_ended", e=e)
        no_line = t("batch.no_line", name=s["name"], w=notation.current().w)
        label = f"{s['name']} ({when})" if np.any(w) else no_line
        lines = layers.boundary(scene, w, b, name=label, color=s["color"], dash=s["dash"])
        # The stepped chart's legend (drawn once) names the rule, not one epoch's line.
        over += [dict(line, legendgroup=s["name"]) for line in lines]
    return layers.regions(scene.box, w_r, b_r), over


def epoch_lines(record: pc.Comparison, epoch: int) -> dict[str, str]:
    """The end of ``epoch`` in two plain lines: each rule's w, b, J_p and training errors
    (a run that ended earlier gives its last epoch's)."""
    out = {}
    for rule, curve, name in (
        ("batch", record.batch_curve, t("batch.line_end", e=int(epoch))),
        ("single", record.single_curve, t("batch.line_single")),
    ):
        w, b = record.weights(rule, epoch)
        e = min(int(epoch), record.run(rule).epochs)
        out[f"{rule}_line"] = t(
            "batch.epoch_line", name=name, weights=text.weights_text(w, b),
            jp=text.num(curve.J_p[e]), errors=int(curve.errors[e]),
        )  # fmt: skip
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
    notes = [t("batch.reference") if i == 0 else t("batch.differ", differ=r.differ,
             compared=r.compared) for i, r in enumerate(effect.rows)]  # fmt: skip
    data = [
        dict(
            type="bar", x=labels, y=[r.mistakes for r in effect.rows], text=notes,
            textposition="outside", name=t("batch.bar_name"),
            marker=dict(color=theme.GHOST_COLOR), hovertemplate=t("batch.bar_hover"),
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
            text=t("batch.axis_eta", eta=text.num(ref.eta)))),
        yaxis=dict(title=dict(text=t("batch.axis_mistakes")), range=[0, top * 1.25],
                   automargin=True),
        showlegend=False,
    )  # fmt: skip
    return theme.figure(data, layout)


# ---------------------------------------------------------------------- sentences
def summand() -> str:
    """What a batch step sums, eta times, in the lab's notation: y·(1, x) (augmented: the
    samples y themselves; hardlim: e·(1, p))."""
    nt = notation.current()
    if nt.augmented:
        return "y"
    return f"e·(1, {nt.x})" if nt.hardlim else f"y·(1, {nt.x})"


def _etas(values) -> str:
    words = [text.num(v) for v in values]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + t("batch.eta.and") + words[-1]


def _end(run: pc.Run) -> str:
    epochs = t("batch.epochs", n=run.epochs)
    if run.converged:
        return t("batch.end.converged", epochs=epochs)
    if run.stop_reason == "max_updates":
        return t("batch.end.max_updates", e=run.epochs)
    return t("batch.end.no_clean", epochs=epochs)


def compare_statement(record: pc.Comparison) -> str:
    """What the two runs did, from the records."""
    b, s = record.batch, record.single
    out = [
        t("batch.compare_batch", n=b.n_updates, end=_end(b),
          steps=t("batch.steps", n=b.n_updates), visits=t("batch.visits", n=b.mistakes)),
        t("batch.compare_single", end=_end(s), updates=t("batch.updates", n=s.mistakes)),
    ]  # fmt: skip
    rises = record.batch_curve.jp_rises
    if rises:
        out.append(t("batch.rises", rises=rises))
    c = record.batch_curve
    if record.start == "zero" and c.J_p[0] == 0 and c.errors[0] == b.n:
        out.append(t("batch.ties", w=notation.current().w))
    return " ".join(out)


def eta_statement(effect: pc.EtaEffect) -> str:
    """The learning-rate claim as measured on this data, with the exact-arithmetic theorem
    stated as such."""
    rule = t(f"batch.eta.rule.{'batch' if effect.variant == 'batch' else 'classic'}")
    nt = notation.current()
    zero = effect.start == "zero"
    where = t("batch.eta.from_zero", w=nt.w) if zero else t("batch.eta.from_random")
    ref, rest = effect.rows[0], effect.rows[1:]
    first = t("batch.eta.first") if effect.capped else ""
    cap = t("batch.eta.cap", visits=effect.max_visits) if effect.capped else ""
    if not rest:
        return t("batch.eta.nothing", where=where, rule=rule, eta=text.num(ref.eta))
    if effect.identical:
        n = max(r.compared for r in rest)
        every = t("batch.eta.every_compared" if effect.capped else "batch.eta.every")
        out = t("batch.eta.same", where=where, rule=rule, every=every, etas=_etas(effect.etas),
                first=first, n=n, cap=cap)  # fmt: skip
        if all(r.mistakes == ref.mistakes and r.epochs == ref.epochs for r in rest):
            out += t("batch.eta.each", mistakes=t("batch.eta.mistakes", n=ref.mistakes),
                     epochs=t("batch.epochs", n=ref.epochs))  # fmt: skip
        out += "."
        if zero:
            out += t("batch.eta.holds", w=nt.w)
            if any(r.exactly_scaled is False for r in rest):
                compared = t("batch.eta.compared") if effect.capped else ""
                out += t("batch.eta.bitwise", compared=compared)
        return out
    parts = []
    for r in rest:
        part = t("batch.eta.part", eta=text.num(r.eta), differ=r.differ, first=first,
                 compared=r.compared)  # fmt: skip
        if r.n_visits != ref.n_visits:
            part += t("batch.eta.both_made", epochs=r.epochs, ref=ref.epochs)
        parts.append(part)
    out = t("batch.eta.changes", where=where, rule=rule)
    out += t("batch.eta.differ_from", eta=text.num(ref.eta))
    out += "; ".join(parts) + f"{cap}."
    if zero:
        row = next(r for r in rest if r.first_differ is not None or r.n_visits != ref.n_visits)
        out += t("batch.eta.would_not", w=nt.w)
        if row.first_differ is not None:
            a_ref, a_row = row.first_activations
            i = row.first_differ
            out += t("batch.eta.rounding_at", t=i + 1, e=i // effect.n + 1,
                     score=nt.score.removeprefix("n = "), a=_act(a_ref),
                     eta=text.num(ref.eta), b=_act(a_row), eta2=text.num(row.eta))  # fmt: skip
        else:
            out += t("batch.eta.rounding")
    return out


def _act(a: float) -> str:
    return t("batch.eta.tie") if a == 0 else f"{a:.2g}"


def _prep(row: pc.ScalingRow) -> str:
    """A preprocessing's name in the lab's language (the engine's label in English)."""
    return t(f"prep.{row.kind}")


def scaling_table(rows) -> str:
    """A markdown table: per preprocessing, R, gamma*, the bound, and both rules' runs
    (``pc.ScalingRow``s)."""

    def run(s) -> str:
        done = t("batch.converged" if s.converged else "batch.not_converged")
        return f"{t('batch.mistakes', n=s.mistakes)}, {t('batch.epochs', n=s.epochs)}, {done}"

    lines = [t("batch.scaling_head"), "|---|---|---|---|---|---|"]
    for r in rows:
        gamma = text.num(r.gamma, 3) if r.separable else "–"
        bound = text.compact(r.bound) if r.separable else "∞"
        lines.append(
            f"| {_prep(r)} | {text.num(r.R, 3)} | {gamma} | {bound} | {run(r.single)} | "
            f"{run(r.batch)} |"
        )
    return "\n".join(lines)


def scaling_statement(rows: tuple[pc.ScalingRow, ...], zero: bool = True) -> str:
    """Which preprocessing took the fewest single-sample mistakes, and the bounds (the
    table's runs start from w = 0; ``zero``: so does the page's run, else that is said)."""
    sep = [r for r in rows if r.separable]
    if not sep:
        return t("batch.scaling.none")
    best = min(rows, key=lambda r: r.single.mistakes)
    tight = min(sep, key=lambda r: r.bound)
    out = [
        t(
            "batch.scaling.fewest",
            best=_prep(best).lower(),
            m=best.single.mistakes,
            tight=_prep(tight).lower(),
            bound=text.compact(tight.bound),
        )  # fmt: skip
    ]
    over = [_prep(r).lower() for r in sep if r.single.converged and r.single.mistakes > r.bound]
    if over:  # never expected: Theorem 1 holds from w = 0 for every eta
        out.append(t("batch.scaling.over", which=", ".join(over)))
    else:
        out.append(t("batch.scaling.within", w=notation.current().w))
    if not zero:
        out.append(t("batch.scaling.not_random", w=notation.current().w))
    return " ".join(out)


def bound_line(record: pc.Comparison, th, epoch: int, hinge_of=None) -> str:
    """The single-sample run's mistakes by the end of ``epoch`` against the bound that
    holds for it; batch steps have none, and the line says so."""
    single = record.single
    live = bounds.live(single, th, min(epoch * single.n, single.n_visits), hinge_of)
    return t("batch.bound_line", single=live.line(), batch=bounds.live(record.batch, th, 0).why)


def layered(scene: layers.Scene, record: pc.Comparison | None, th, hinge_of=None):
    """The batch page's stage over ``scene`` (and the offline lecture's picture of its
    scenes): at each cursor, both boundaries at the end of the epoch it has reached, the
    bound line and each rule's line at that epoch."""
    if record is None:
        return layers.Layered((layers.points(scene), layers.layout(scene)), lambda t: ([], []))
    epoch_of = record.batch.epoch_at
    return layers.Layered(
        boundaries_scene(scene),
        lambda c: boundaries_layers(scene, record, epoch_of(c)),
        lambda c: {
            "bound": bound_line(record, th, epoch_of(c), hinge_of),
            **epoch_lines(record, epoch_of(c)),
        },
    )
