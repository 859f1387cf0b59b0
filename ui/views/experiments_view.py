"""The /experiments page's figures and sentences: Theorem 1 across many runs (margins,
seeds, dimensions) and the same data in many orders.

Pure: numpy, plotly, ``ui.charts`` / ``ui.text``, the words from ``ui.words``
(``experiments.*``); no streamlit. Every figure is drawn from a table of
``perceptron_core.experiments`` (a dict of numpy columns, one row per run) and plots its
columns as they are: the x and y of a chart are the table's own arrays, in the table's
order.

API
---
``margin_figure(table, *, presenter)``
    Mistakes against R^2/gamma*^2 on log-log axes, one marker per run, and the line
    mistakes = bound.
``dimension_figure(table, *, presenter)``
    Mistakes and the bound against d (log-log), with the medians per d.
``histograms_figure(table, *, presenter)``
    Histograms of epochs and mistakes over the random orders (the fixed and worst-first
    orders marked).
``orders_bound_figure(table, *, presenter)``
    The mistakes of the random, fixed and worst-first orders against the bound (bars).
``boundaries_figure(scene, table)``
    Every order's final boundary over the points.
``margin_statement``, ``dimension_statement``, ``ordering_statement``
    Plain sentences of what was measured.
"""

from __future__ import annotations

import math

import numpy as np
import plotly.graph_objects as go

from ui import text
from ui.charts import geometry, layers, theme
from ui.charts.theme import GHOST_COLOR, INK, MARGIN_COLOR, NEG_COLOR, POS_COLOR, Style
from ui.words import t as say

RUN_SYMBOLS = {True: "circle", False: "x"}  # converged, stopped at the epoch cap
CONFIG_HEIGHT = {False: 420, True: 520}  # chart height: normal screen, projector
ORDERS_HEIGHT = {False: 460, True: 560}  # the boundaries (beside the caption)
HISTOGRAM_HEIGHT = {False: 300, True: 380}
BARS_HEIGHT = {False: 250, True: 320}


def _style(presenter: bool) -> Style:
    return Style.of(presenter, 0)


def _axis(title: str, *, log: bool = False, **more) -> dict:
    """An axis; a log axis is labelled at powers of ten only (no 2s and 5s between)."""
    if log:
        more.setdefault("dtick", 1)
    return dict(title=dict(text=title), type="log" if log else "linear", gridcolor="#e5e5e5",
                zeroline=False, fixedrange=True, **more)  # fmt: skip


def _layout(presenter: bool, height: int | None = None, **more) -> dict:
    style = _style(presenter)
    return dict(
        height=height or CONFIG_HEIGHT[presenter],
        margin=dict(l=60, r=20, t=30, b=50),
        font=dict(size=style.font - (2 if not presenter else 0)),
        plot_bgcolor="white",
        legend=dict(
            orientation="h", y=1.0, yanchor="bottom", x=0, font=dict(size=style.legend_font)
        ),
        hovermode="closest",
        dragmode=False,
        **more,
    )


# ----------------------------------------------------------------- the bound charts
def _runs_trace(table, x: str, *, name: str, color=None, hover: str) -> dict:
    """One marker per row: (table[x], mistakes), circles for converged runs, crosses for
    runs stopped at the cap."""
    converged = np.asarray(table["converged"])
    custom = np.column_stack([table["margin"], table["seed"], table["R"], table["gamma"],
                              table["bound"], table["d"]])  # fmt: skip
    return dict(
        type="scatter",
        x=np.asarray(table[x]),
        y=np.asarray(table["mistakes"]),
        mode="markers",
        name=name,
        marker=dict(
            color=POS_COLOR if color is None else color,
            symbol=[RUN_SYMBOLS[bool(c)] for c in converged],
            size=8,
            opacity=0.75,
            line=dict(width=0.5, color="white"),
        ),
        customdata=custom,
        hovertemplate=hover + "<extra></extra>",
    )


def _run_hover() -> str:
    """A run's hover: its mistakes, bound, margins, R, d and seed (Plotly's placeholders)."""
    return say("experiments.run_hover", mistakes="%{y}", bound="%{customdata[4]:.4g}",
               nominal="%{customdata[0]:.4g}", gamma="%{customdata[3]:.4g}",
               R="%{customdata[2]:.4g}", d="%{customdata[5]}", seed="%{customdata[1]}")  # fmt: skip


def margin_figure(table, *, presenter: bool = False) -> go.Figure:
    """Mistakes against Theorem 1's bound R^2/gamma*^2 (realised), log-log; the line
    mistakes = bound. No marker may lie above it."""
    bound, mistakes = np.asarray(table["bound"]), np.asarray(table["mistakes"])
    lo = float(min(bound.min(), mistakes.min())) / 1.5
    hi = float(max(bound.max(), mistakes.max())) * 1.5
    runs = _runs_trace(table, "bound", name=say("experiments.one_run"), hover=_run_hover())
    runs["marker"]["color"] = np.log10(np.asarray(table["gamma"]))
    runs["marker"]["colorscale"] = "Viridis"
    ticks = _ticks(table["gamma"])
    runs["marker"]["colorbar"] = dict(
        title=dict(text="γ*", side="right"),
        thickness=12,
        len=0.8,
        tickvals=np.log10(ticks),
        ticktext=[f"{v:g}" for v in ticks],
    )
    line = dict(type="scatter", x=[lo, hi], y=[lo, hi], mode="lines",
                name=say("experiments.bound_line"),
                line=dict(color=INK, width=2, dash="dash"), hoverinfo="skip")  # fmt: skip
    layout = _layout(
        presenter,
        xaxis=_axis(say("experiments.axis_bound"), log=True, range=_log_range(lo, hi)),
        yaxis=_axis(say("experiments.axis_until_clean"), log=True, range=_log_range(lo, hi)),
    )
    return theme.figure([line, runs], layout)


def _ticks(values) -> list[float]:
    """A few round values spanning ``values`` (for a log colour bar)."""
    v = np.asarray(values, dtype=np.float64)
    lo, hi = math.floor(math.log10(v.min())), math.ceil(math.log10(v.max()))
    out = [m * 10.0**e for e in range(lo, hi + 1) for m in (1, 2, 5)]
    inside = [t for t in out if v.min() <= t <= v.max()]
    return inside or [float(np.median(v))]


def _log_range(lo: float, hi: float) -> list[float]:
    return [math.log10(lo), math.log10(hi)]


def dimension_figure(table, *, presenter: bool = False) -> go.Figure:
    """Mistakes and R^2/gamma*^2 against the dimension d at one margin, with their
    medians per d: the bound stays put while the mistakes grow."""
    d = np.asarray(table["d"])
    dims = np.unique(d)
    med_bound = [float(np.median(table["bound"][d == k])) for k in dims]
    med_mistakes = [float(np.median(table["mistakes"][d == k])) for k in dims]
    bound = dict(type="scatter", x=d, y=np.asarray(table["bound"]), mode="markers",
                 name=say("experiments.bound_each"), marker=dict(color=NEG_COLOR,
                 symbol="diamond-open", size=7), hoverinfo="skip")  # fmt: skip
    runs = _runs_trace(table, "d", name=say("experiments.mistakes_each"), hover=_run_hover())
    medians = [
        dict(type="scatter", x=dims, y=med_bound, mode="lines",
             name=say("experiments.median_bound"), line=dict(color=NEG_COLOR, width=2),
             hoverinfo="skip"),
        dict(type="scatter", x=dims, y=med_mistakes, mode="lines+markers",
             name=say("experiments.median_mistakes"), line=dict(color=POS_COLOR, width=2),
             hoverinfo="skip"),
    ]  # fmt: skip
    top = float(max(np.max(table["bound"]), np.max(table["mistakes"]))) * 2
    layout = _layout(
        presenter,
        height=CONFIG_HEIGHT[presenter] - 60,
        xaxis=_axis(
            say("experiments.axis_d"), log=True, tickvals=dims, ticktext=[str(k) for k in dims]
        ),
        yaxis=_axis(say("experiments.axis_both"), log=True, range=[0, math.log10(top)]),
    )
    return theme.figure([bound, runs, *medians], layout)


# -------------------------------------------------------------- the ordering charts
def _rows(table, kind: str) -> np.ndarray:
    return np.asarray(table["kind"]) == kind


def _kinds(table) -> tuple[np.ndarray, int, int]:
    """The random rows (a mask), the fixed order's row and the worst-first order's row."""
    fixed = int(np.flatnonzero(_rows(table, "fixed"))[0])
    return _rows(table, "random"), fixed, int(np.flatnonzero(_rows(table, "adversarial"))[0])


def histograms_figure(table, *, presenter: bool = False) -> go.Figure:
    """Two panels over the random orders: epochs to converge and mistakes (histograms),
    the fixed order a dotted black line in both, the worst-first order's mistakes a
    dotted purple one."""
    rnd, fixed, adv = _kinds(table)
    epochs, mistakes = np.asarray(table["epochs"]), np.asarray(table["mistakes"])
    bar = dict(color=POS_COLOR, line=dict(color="white", width=1))
    hist = dict(type="histogram", marker=bar, opacity=0.85, showlegend=False)
    data = [
        dict(hist, x=epochs[rnd], name=say("experiments.epochs_random"), xaxis="x", yaxis="y"),
        dict(
            hist, x=mistakes[rnd], name=say("experiments.mistakes_random"), xaxis="x2", yaxis="y2"
        ),
    ]
    # Labels of close lines go to either side of them, so they do not overlap.
    left = mistakes[fixed] <= mistakes[adv]
    marks = [
        # Alone in its panel: its label on the side with room (not past the panel's edge).
        _vline(
            float(epochs[fixed]),
            "x",
            INK,
            say("experiments.fixed_epochs", e=f"{epochs[fixed]:g}"),
            bool(epochs[fixed] > 0.5 * epochs.max()),
        ),  # fmt: skip
        _vline(
            float(mistakes[fixed]),
            "x2",
            INK,
            say("experiments.fixed_mistakes", m=f"{mistakes[fixed]:,}"),
            left,
        ),
        _vline(
            float(mistakes[adv]),
            "x2",
            MARGIN_COLOR,
            say("experiments.worst_mistakes", m=f"{mistakes[adv]:,}"),
            not left,
        ),
    ]
    layout = _layout(
        presenter,
        height=HISTOGRAM_HEIGHT[presenter],
        xaxis=_axis(say("experiments.axis_epochs"), domain=[0, 0.46], rangemode="tozero"),
        yaxis=_axis(say("experiments.axis_random"), rangemode="tozero"),
        xaxis2=_axis(
            say("experiments.axis_mistakes"), domain=[0.54, 1.0], anchor="y2", rangemode="tozero"
        ),
        yaxis2=_axis("", anchor="x2", rangemode="tozero"),
        shapes=[m[0] for m in marks],
        annotations=[m[1] for m in marks],
        bargap=0.05,
    )
    layout["margin"] = dict(l=60, r=20, t=30, b=50)
    return theme.figure(data, layout)


def _vline(x: float, xref: str, color: str, label: str, left: bool):
    """A dotted vertical line across a panel, labelled at its top on one side."""
    yref = "y domain" if xref == "x" else f"y{xref[1:]} domain"
    shape = dict(type="line", x0=x, x1=x, y0=0, y1=1, xref=xref, yref=yref,
                 line=dict(color=color, width=2, dash="dot"))  # fmt: skip
    note = dict(x=x, y=1, xref=xref, yref=yref, text=text.plot_text(label), showarrow=False,
                yanchor="bottom", xanchor="right" if left else "left",
                font=dict(color=color))  # fmt: skip
    return shape, note


BARS = ("bar_fewest", "bar_median", "bar_most", "fixed", "worst", "bar_bound")  # their words


def bound_bars(table) -> tuple[list[str], list[float]]:
    """The bars of ``orders_bound_figure``: (labels, mistakes), the bound last when the
    data is separable."""
    rnd, fixed, adv = _kinds(table)
    m = np.asarray(table["mistakes"])
    values = [float(m[rnd].min()), float(np.median(m[rnd])), float(m[rnd].max()),
              float(m[fixed]), float(m[adv]), float(table["bound"][0])]  # fmt: skip
    keep = len(values) if math.isfinite(values[-1]) else len(values) - 1
    return [say(f"experiments.{bar}") for bar in BARS[:keep]], values[:keep]


def orders_bound_figure(table, *, presenter: bool = False) -> go.Figure:
    """Mistakes of the random orders (fewest, median, most), the fixed order and the
    worst-first order against Theorem 1's bound, on a log scale."""
    labels, values = bound_bars(table)
    colors = [POS_COLOR] * 3 + [INK, MARGIN_COLOR, GHOST_COLOR]
    bars = dict(type="bar", orientation="h", x=values, y=labels, name=say("experiments.mistakes"),
                marker=dict(color=colors[: len(values)]), showlegend=False,
                text=[text.compact(v) for v in values], textposition="outside", cliponaxis=False,
                hovertemplate="%{y}: %{x:,}<extra></extra>")  # fmt: skip
    layout = _layout(
        presenter,
        height=ORDERS_HEIGHT[presenter],
        xaxis=_axis(say("experiments.axis_log"), log=True, range=[0, math.log10(max(values) * 8)]),
        yaxis=dict(type="category", autorange="reversed", fixedrange=True),
        bargap=0.3,
    )
    layout["margin"] = dict(l=120, r=60, t=10, b=45)
    return theme.figure([bars], layout)


def boundaries_figure(scene: layers.Scene, table) -> go.Figure:
    """Every order's final boundary over the points: the random orders' thin and grey,
    the fixed order's black, the worst-first order's dashed."""
    kind = np.asarray(table["kind"])
    w, b = np.asarray(table["w"]), np.asarray(table["b"])
    random = np.flatnonzero(kind == "random")
    xs, ys = geometry.lines_in_box(w[random], b[random], scene.box)
    count = int(random.shape[0])
    random_lines = [dict(type="scatter", x=xs, y=ys, mode="lines", hoverinfo="skip",
                         name=say("experiments.random_lines", n=count), opacity=0.35,
                         line=dict(color=GHOST_COLOR, width=1.2))]  # fmt: skip
    fixed = int(np.flatnonzero(kind == "fixed")[0])
    adv = int(np.flatnonzero(kind == "adversarial")[0])
    return layers.compose(
        scene,
        random_lines,
        layers.points(scene),
        layers.boundary(scene, w[fixed], float(b[fixed]), name=say("experiments.fixed"), color=INK),
        layers.boundary(
            scene,
            w[adv],
            float(b[adv]),
            name=say("experiments.worst"),
            color=MARGIN_COLOR,
            dash="dash",
        ),
        long_names=True,
    )  # fmt: skip


# ------------------------------------------------------------------------- sentences
def _ratio_words(table) -> tuple[int, str]:
    ratio = np.asarray(table["mistakes"]) / np.asarray(table["bound"])
    above = int(np.count_nonzero(ratio > 1))
    return above, say("experiments.ratios", lo=f"{ratio.min():.2g}",
                      mid=f"{np.median(ratio):.2g}", hi=f"{ratio.max():.2g}")  # fmt: skip


def _count(what: str, n: int) -> str:
    """A count and its noun ("1 run", "20 seeds"), in the lab's language."""
    return say(f"experiments.{what}_n", n=n)


def _capped(table, max_epochs: int) -> str:
    stopped = int(np.count_nonzero(~np.asarray(table["converged"])))
    if not stopped:
        return ""
    return " " + say("experiments.capped", n=stopped, epochs=_count("epochs", max_epochs))


def margin_statement(table, max_epochs: int) -> str:
    """What the margin chart shows, in numbers."""
    runs = len(table["mistakes"])
    above, ratios = _ratio_words(table)
    verdict = (
        say("experiments.none_above", runs=f"{runs:,}")
        if above == 0
        else say("experiments.above", n=above, runs=_count("runs", runs))
    )
    gammas = np.asarray(table["gamma"])
    said = say(
        "experiments.margin_said", verdict=verdict, ratios=ratios,
        margins=_count("margins", len(np.unique(table["margin"]))),
        seeds=_count("seeds", len(np.unique(table["seed"]))), n=f"{int(table['n'][0]):,}",
        d=int(table["d"][0]), lo=f"{gammas.min():.3g}", hi=f"{gammas.max():.3g}",
    )  # fmt: skip
    return said + _capped(table, max_epochs)


def dimension_statement(table, max_epochs: int) -> str:
    """What the dimension chart shows, in numbers."""
    d = np.asarray(table["d"])
    first, last = int(d.min()), int(d.max())
    med = {
        k: (float(np.median(table["bound"][d == k])), float(np.median(table["mistakes"][d == k])))
        for k in (first, last)
    }
    above, ratios = _ratio_words(table)
    exceed = say("experiments.none_exceeds") if above == 0 else say("experiments.exceed", n=above)
    said = say(
        "experiments.dims_said", margin=f"{float(table['margin'][0]):g}",
        b1=f"{med[first][0]:,.0f}", first=first, b2=f"{med[last][0]:,.0f}", last=last,
        m1=f"{med[first][1]:g}", m2=f"{med[last][1]:g}", exceed=exceed, ratios=ratios,
    )  # fmt: skip
    return said + _capped(table, max_epochs)


def ordering_statement(table, max_epochs: int, max_adversarial: int) -> str:
    """What the ordering charts show, in numbers."""
    kind = np.asarray(table["kind"])
    rnd = kind == "random"
    fixed, adv = (
        int(np.flatnonzero(kind == "fixed")[0]),
        int(np.flatnonzero(kind == "adversarial")[0]),
    )
    e, m = np.asarray(table["epochs"]), np.asarray(table["mistakes"])
    bound = float(table["bound"][0])
    k = int(np.count_nonzero(rnd))
    worst = _count("mistakes", int(m[adv]))
    if not table["converged"][adv]:
        worst = say("experiments.worst_cap", mistakes=worst, cap=f"{max_adversarial:,}")
    out = [
        say("experiments.orders_said", k=k, e_lo=f"{e[rnd].min():g}", e_hi=f"{e[rnd].max():g}",
            e_mid=f"{np.median(e[rnd]):g}", e_fixed=f"{e[fixed]:g}", m_lo=f"{m[rnd].min():,}",
            m_hi=f"{m[rnd].max():,}", m_mid=f"{np.median(m[rnd]):g}",
            m_fixed=f"{m[fixed]:,}", worst=worst)
    ]  # fmt: skip
    if math.isfinite(bound):
        over = int(np.count_nonzero(m > bound))
        out.append(say("experiments.bound_holds", bound=f"{bound:,.0f}"))
        out.append(
            say("experiments.none_exceed_it") if over == 0 else say("experiments.exceed_it", n=over)
        )
        better = int(np.count_nonzero(m[rnd] < m[adv]))
        beat_fixed = int(np.count_nonzero(m[rnd] < m[fixed]))
        out.append(say("experiments.fewer", better=better, k=k, fixed=beat_fixed))
    else:
        out.append(say("experiments.not_separable"))
    stopped = int(np.count_nonzero(~np.asarray(table["converged"])[rnd | (kind == "fixed")]))
    if stopped:
        out.append(say("experiments.stopped", n=stopped, epochs=_count("epochs", max_epochs)))
    return " ".join(out)


# ----------------------------------------------------------------------------- caps
DIMENSIONS = (2, 5, 10, 20, 50, 100, 200)


def seeds_within(seeds: int, cost_per_seed: int, budget: int, what: str) -> tuple[int, str | None]:
    """As many seeds as asked, or fewer so that seeds x ``cost_per_seed`` stays within
    ``budget``; with a sentence when cut."""
    most = max(1, budget // max(1, cost_per_seed))
    if seeds <= most:
        return seeds, None
    return most, say("experiments.held", what=what, seeds=_count("seeds", most), asked=f"{seeds:,}")


def dimensions(max_dim: int, n: int, most_coordinates: int) -> tuple[tuple[int, ...], str | None]:
    """d = 2, 5, 10, 20, ... up to ``max_dim`` and to n x d <= ``most_coordinates`` (the
    exact margin of a dataset costs about that squared); with a sentence when cut."""
    dims = tuple(k for k in DIMENSIONS if k <= max_dim)
    kept = tuple(k for k in dims if k == 2 or n * k <= most_coordinates)
    if kept == dims:
        return dims, None
    return kept, say("experiments.dims_cut", n=f"{n:,}", last=kept[-1],
                     most=f"{most_coordinates:,}", top=dims[-1])  # fmt: skip
