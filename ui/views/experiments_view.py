"""The /experiments page's figures and sentences: Theorem 1 across many runs (margins,
seeds, dimensions) and the same data in many orders.

Pure: numpy, plotly, ``ui.charts`` / ``ui.text``; no streamlit. Every
figure is drawn from a table of ``perceptron_core.experiments`` (a dict of numpy
columns, one row per run) and plots its columns as they are: the x and y of a chart are
the table's own arrays, in the table's order.

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

BOUND_LINE = "mistakes = R²/γ*²"
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


RUN_HOVER = (
    "mistakes %{y}<br>bound R²/γ*² %{customdata[4]:.4g}<br>nominal γ %{customdata[0]:.4g}, "
    "realised γ* %{customdata[3]:.4g}<br>R %{customdata[2]:.4g}, d %{customdata[5]}, "
    "seed %{customdata[1]}"
)


def margin_figure(table, *, presenter: bool = False) -> go.Figure:
    """Mistakes against Theorem 1's bound R^2/gamma*^2 (realised), log-log; the line
    mistakes = bound. No marker may lie above it."""
    bound, mistakes = np.asarray(table["bound"]), np.asarray(table["mistakes"])
    lo = float(min(bound.min(), mistakes.min())) / 1.5
    hi = float(max(bound.max(), mistakes.max())) * 1.5
    runs = _runs_trace(table, "bound", name="one run (one dataset)", hover=RUN_HOVER)
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
    line = dict(type="scatter", x=[lo, hi], y=[lo, hi], mode="lines", name=BOUND_LINE,
                line=dict(color=INK, width=2, dash="dash"), hoverinfo="skip")  # fmt: skip
    layout = _layout(
        presenter,
        xaxis=_axis(
            "R²/γ*²: Theorem 1's bound (realised R and γ*)", log=True, range=_log_range(lo, hi)
        ),
        yaxis=_axis("mistakes until a clean pass", log=True, range=_log_range(lo, hi)),
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
                 name="R²/γ*² of each run", marker=dict(color=NEG_COLOR, symbol="diamond-open",
                 size=7), hoverinfo="skip")  # fmt: skip
    runs = _runs_trace(table, "d", name="mistakes of each run", hover=RUN_HOVER)
    medians = [
        dict(type="scatter", x=dims, y=med_bound, mode="lines", name="median bound",
             line=dict(color=NEG_COLOR, width=2), hoverinfo="skip"),
        dict(type="scatter", x=dims, y=med_mistakes, mode="lines+markers",
             name="median mistakes", line=dict(color=POS_COLOR, width=2), hoverinfo="skip"),
    ]  # fmt: skip
    top = float(max(np.max(table["bound"]), np.max(table["mistakes"]))) * 2
    layout = _layout(
        presenter,
        height=CONFIG_HEIGHT[presenter] - 60,
        xaxis=_axis("dimension d", log=True, tickvals=dims, ticktext=[str(k) for k in dims]),
        yaxis=_axis("mistakes · bound", log=True, range=[0, math.log10(top)]),
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
        dict(hist, x=epochs[rnd], name="epochs (random orders)", xaxis="x", yaxis="y"),
        dict(hist, x=mistakes[rnd], name="mistakes (random orders)", xaxis="x2", yaxis="y2"),
    ]
    # Labels of close lines go to either side of them, so they do not overlap.
    left = mistakes[fixed] <= mistakes[adv]
    marks = [
        # Alone in its panel: its label on the side with room (not past the panel's edge).
        _vline(
            float(epochs[fixed]),
            "x",
            INK,
            f"fixed order: {epochs[fixed]:g}",
            bool(epochs[fixed] > 0.5 * epochs.max()),
        ),  # fmt: skip
        _vline(float(mistakes[fixed]), "x2", INK, f"fixed: {mistakes[fixed]:,}", left),
        _vline(
            float(mistakes[adv]), "x2", MARGIN_COLOR, f"worst first: {mistakes[adv]:,}", not left
        ),
    ]
    layout = _layout(
        presenter,
        height=HISTOGRAM_HEIGHT[presenter],
        xaxis=_axis("epochs to converge", domain=[0, 0.46], rangemode="tozero"),
        yaxis=_axis("random orders", rangemode="tozero"),
        xaxis2=_axis("mistakes to converge", domain=[0.54, 1.0], anchor="y2", rangemode="tozero"),
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


BAR_LABELS = ("random: fewest", "random: median", "random: most", "fixed order", "worst first",
              "bound R²/γ*²")  # fmt: skip


def bound_bars(table) -> tuple[list[str], list[float]]:
    """The bars of ``orders_bound_figure``: (labels, mistakes), the bound last when the
    data is separable."""
    rnd, fixed, adv = _kinds(table)
    m = np.asarray(table["mistakes"])
    values = [float(m[rnd].min()), float(np.median(m[rnd])), float(m[rnd].max()),
              float(m[fixed]), float(m[adv]), float(table["bound"][0])]  # fmt: skip
    keep = len(values) if math.isfinite(values[-1]) else len(values) - 1
    return list(BAR_LABELS[:keep]), values[:keep]


def orders_bound_figure(table, *, presenter: bool = False) -> go.Figure:
    """Mistakes of the random orders (fewest, median, most), the fixed order and the
    worst-first order against Theorem 1's bound, on a log scale."""
    labels, values = bound_bars(table)
    colors = [POS_COLOR] * 3 + [INK, MARGIN_COLOR, GHOST_COLOR]
    bars = dict(type="bar", orientation="h", x=values, y=labels, name="mistakes",
                marker=dict(color=colors[: len(values)]), showlegend=False,
                text=[text.compact(v) for v in values], textposition="outside", cliponaxis=False,
                hovertemplate="%{y}: %{x:,}<extra></extra>")  # fmt: skip
    layout = _layout(
        presenter,
        height=ORDERS_HEIGHT[presenter],
        xaxis=_axis(
            "mistakes (log scale)", log=True, range=[0, math.log10(max(values) * 8)]
        ),  # fmt: skip
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
                         name=f"{count} random orders", opacity=0.35,
                         line=dict(color=GHOST_COLOR, width=1.2))]  # fmt: skip
    fixed = int(np.flatnonzero(kind == "fixed")[0])
    adv = int(np.flatnonzero(kind == "adversarial")[0])
    return layers.compose(
        scene,
        random_lines,
        layers.points(scene),
        layers.boundary(scene, w[fixed], float(b[fixed]), name="fixed order", color=INK),
        layers.boundary(
            scene, w[adv], float(b[adv]), name="worst first", color=MARGIN_COLOR, dash="dash"
        ),  # fmt: skip
    )


# ------------------------------------------------------------------------- sentences
def _ratio_words(table) -> tuple[int, str]:
    ratio = np.asarray(table["mistakes"]) / np.asarray(table["bound"])
    above = int(np.count_nonzero(ratio > 1))
    return above, (f"mistakes / bound: min {ratio.min():.2g}, median {np.median(ratio):.2g}, "
                   f"max {ratio.max():.2g}")  # fmt: skip


def _capped(table, max_epochs: int) -> str:
    stopped = int(np.count_nonzero(~np.asarray(table["converged"])))
    if not stopped:
        return ""
    return (f" {text.counted(stopped, 'run')} hit the cap of {text.counted(max_epochs, 'epoch')} "
            "before a clean pass (crosses); their mistakes so far are shown.")  # fmt: skip


def _runs_exceed(k: int) -> str:
    return f"{text.counted(k, 'run')} {'exceeds' if k == 1 else 'exceed'}"


def margin_statement(table, max_epochs: int) -> str:
    """What the margin chart shows, in numbers."""
    runs = len(table["mistakes"])
    above, ratios = _ratio_words(table)
    verdict = (
        f"No point lies above the line: in all {runs:,} runs mistakes ≤ R²/γ*²."
        if above == 0
        else f"{above:,} of {text.counted(runs, 'run')} {'lies' if above == 1 else 'lie'} ABOVE "
        "the line: this contradicts Theorem 1."
    )
    gammas = np.asarray(table["gamma"])
    return (
        f"{verdict} {ratios}: real runs stay far below the bound. "
        f"{text.counted(len(np.unique(table['margin'])), 'margin')} × "
        f"{text.counted(len(np.unique(table['seed'])), 'seed')}, "
        f"n = {int(table['n'][0]):,} points in d = {int(table['d'][0])} each; the realised "
        f"γ* ranges from {gammas.min():.3g} to {gammas.max():.3g}." + _capped(table, max_epochs)
    )


def dimension_statement(table, max_epochs: int) -> str:
    """What the dimension chart shows, in numbers."""
    d = np.asarray(table["d"])
    first, last = int(d.min()), int(d.max())
    med = {
        k: (float(np.median(table["bound"][d == k])), float(np.median(table["mistakes"][d == k])))
        for k in (first, last)
    }
    above, ratios = _ratio_words(table)
    return (
        f"At γ = {float(table['margin'][0]):g}: the median bound is {med[first][0]:,.0f} at "
        f"d = {first} and {med[last][0]:,.0f} at d = {last} (R²/γ*² does not depend on d), "
        f"while the median mistakes go from {med[first][1]:g} to {med[last][1]:g}. "
        + ("No run exceeds its bound; " if above == 0 else f"{_runs_exceed(above)} the bound; ")
        + f"{ratios}."
        + _capped(table, max_epochs)
    )


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
    out = (
        f"{k} random orders: epochs from {e[rnd].min():g} to {e[rnd].max():g} (median "
        f"{np.median(e[rnd]):g}; the fixed order: {e[fixed]:g}), mistakes from "
        f"{m[rnd].min():,} to {m[rnd].max():,} (median {np.median(m[rnd]):g}; fixed: "
        f"{m[fixed]:,}). Worst first (always the worst-classified example next): "
        f"{text.counted(int(m[adv]), 'mistake')}"
        + ("" if table["converged"][adv] else f" when it hit its cap of {max_adversarial:,}")
        + ". "
    )
    if math.isfinite(bound):
        over = int(np.count_nonzero(m > bound))
        exceed = f"{text.counted(over, 'run')} {'EXCEEDS' if over == 1 else 'EXCEED'} it. "
        out += f"The bound R²/γ*² = {bound:,.0f} holds for any order: " + (
            "no run exceeds it. " if over == 0 else exceed
        )
        better = int(np.count_nonzero(m[rnd] < m[adv]))
        beat_fixed = int(np.count_nonzero(m[rnd] < m[fixed]))
        out += (
            f"{better} of {k} random orders made fewer mistakes than worst first, "
            f"{beat_fixed} fewer than the fixed order."
        )
    else:
        out += "The data is not separable: there is no bound, and no order converges."
    stopped = int(np.count_nonzero(~np.asarray(table["converged"])[rnd | (kind == "fixed")]))
    if stopped:
        out += (f" {text.counted(stopped, 'run')} stopped at the cap of "
                f"{text.counted(max_epochs, 'epoch')}.")  # fmt: skip
    return out


# ----------------------------------------------------------------------------- caps
DIMENSIONS = (2, 5, 10, 20, 50, 100, 200)


def seeds_within(seeds: int, cost_per_seed: int, budget: int, what: str) -> tuple[int, str | None]:
    """As many seeds as asked, or fewer so that seeds x ``cost_per_seed`` stays within
    ``budget``; with a sentence when cut."""
    most = max(1, budget // max(1, cost_per_seed))
    if seeds <= most:
        return seeds, None
    return (
        most,
        f"The {what} is held to {text.counted(most, 'seed')} (of {seeds:,} asked) to stay "
        "within a few seconds.",
    )


def dimensions(max_dim: int, n: int, most_coordinates: int) -> tuple[tuple[int, ...], str | None]:
    """d = 2, 5, 10, 20, ... up to ``max_dim`` and to n x d <= ``most_coordinates`` (the
    exact margin of a dataset costs about that squared); with a sentence when cut."""
    dims = tuple(k for k in DIMENSIONS if k <= max_dim)
    kept = tuple(k for k in dims if k == 2 or n * k <= most_coordinates)
    if kept == dims:
        return dims, None
    return kept, (f"With n = {n:,} points the dimensions stop at d = {kept[-1]} "
                  f"(n·d at most {most_coordinates:,}), not {dims[-1]}.")  # fmt: skip
