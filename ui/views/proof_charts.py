"""The proof page's charts (no streamlit): the squeeze of Theorems 1 and 2, ||w||^2, the
cosine, 004's distance and Theorem 2 against the epochs, drawn from the engine's numbers
(``pc.Squeeze``, ``pc.Distance``, ``pc.EpochBounds``) against the mistakes M.
"""

from __future__ import annotations

import math

import numpy as np

import perceptron_core as pc
from ui import notation, text
from ui.charts import epochs, theme
from ui.views.proof_view import symbols
from ui.words import t as say

MAX_DRAWN = 1_500  # points per curve on a chart (long runs are sampled evenly)
BOUND_POINTS = 200  # points along a bound's line
LOWER_COLOR = theme.USTAR_COLOR  # w.u* and its lower line
UPPER_COLOR = theme.POS_COLOR  # ||w|| and its upper curve
CROSS_COLOR = theme.NEG_COLOR  # where the two lines meet: the bound
INK_COLOR = theme.INK  # the cosine and 004's distance


def drawn(count: int, k: int | None = None, most: int = MAX_DRAWN) -> np.ndarray:
    """Indices 0..count-1 to draw: all, or ``most`` spread evenly with the ends and k."""
    if count <= most:
        return np.arange(count)
    idx = np.linspace(0, count - 1, most).round().astype(np.int64)
    if k is not None:
        idx = np.append(idx, int(k))
    return np.unique(idx)


def _x_range(last_m: float, bound: float, log: bool) -> tuple[float, float]:
    top = max(float(last_m), 1.0)
    if math.isfinite(bound):
        top = max(top, float(bound))
    top *= 1.15
    return (1.0, top) if log else (0.0, top)


def _grid(lo: float, hi: float, log: bool) -> np.ndarray:
    return np.geomspace(lo, hi, BOUND_POINTS) if log else np.linspace(lo, hi, BOUND_POINTS)


def _positive(*arrays) -> bool:
    vals = np.concatenate([np.ravel(np.asarray(a, dtype=np.float64)) for a in arrays])
    vals = vals[np.isfinite(vals)]
    return bool(vals.size and (vals > 0).all())


def _layout(presenter: bool, x_title: str, y_title: str, x_log: bool, y_log: bool, xr) -> dict:
    style = theme.Style.of(presenter, 0)
    axis = dict(gridcolor="#eeeeee", zeroline=False)
    x_range = [math.log10(xr[0]), math.log10(xr[1])] if x_log else list(xr)
    return dict(
        height=330 if presenter else 280,
        margin=dict(l=55, r=10, t=10, b=45),
        font=dict(size=style.font - 3),
        plot_bgcolor="white",
        xaxis=dict(
            axis, title=dict(text=x_title), type="log" if x_log else "linear", range=x_range
        ),
        yaxis=dict(axis, title=dict(text=y_title), type="log" if y_log else "linear"),
        # On a projector the legend is read from the back row too: 18 px, as the main chart's.
        legend=dict(
            orientation="h",
            y=1.02,
            yanchor="bottom",
            x=0,
            font=dict(size=style.legend_font if presenter else style.font - 4),
        ),
        hovermode="closest",
        shapes=[],
    )


def _figure(data: list[dict], layout: dict):
    """The figure, with room above the plot for its legend: on a projector's narrow
    column Plotly may wrap it to one entry a row."""
    layout["margin"]["t"] = 14 + 18 * len(theme.legend_names(data))
    return theme.figure(data, layout)


def _today(layout: dict, M: float, x_log: bool) -> None:
    """A dotted vertical line at today's mistake count."""
    if x_log and M < 1:
        return
    layout["shapes"].append(epochs.epoch_marker(M, xref="x", yref="paper"))


def _mark(x, y, name: str, color: str, symbol: str = "circle") -> dict:
    return dict(
        type="scatter",
        x=[x],
        y=[y],
        mode="markers",
        name=name,
        showlegend=False,
        marker=dict(color=color, size=10, symbol=symbol, line=dict(width=1.5, color="white")),
        hovertemplate=f"{name}<br>M = %{{x:.4g}}<br>%{{y:.4g}}<extra></extra>",
    )


def _curve(x, y, name: str, color: str, *, dash: str = "solid", width: float = 2.5) -> dict:
    many = len(x) > 60
    return dict(
        type="scatter",
        x=x,
        y=y,
        name=name,
        mode="lines" if many else "lines+markers",
        line=dict(color=color, dash=dash, width=width, shape="linear"),
        marker=dict(size=5, color=color),
        hovertemplate=f"{name}<br>M = %{{x:.4g}}<br>%{{y:.4g}}<extra></extra>",
    )


def _names(sq: pc.Squeeze) -> dict[str, str]:
    """The symbols of the squeeze in the lab's notation (w: the weight vector's symbol)."""
    w = notation.current().w
    if sq.theorem == 1:
        lower = f"{w}(0)·u* + Mηγ*" if sq.n0 else "Mγ*"
        return {"dot": f"{w}·u*", "lower": lower, "u": "u*", "w": w}
    return {"dot": f"{w}·{w}*/‖{w}*‖", "lower": f"(M − E·L)/‖{w}*‖", "u": f"{w}*", "w": w}


def squeeze_figure(sq: pc.Squeeze, k: int, *, log: bool = True, presenter: bool = False):
    """The squeeze: w.u over its lower line and ||w|| under its upper curve, against M;
    where the two lines meet (the bound) marked, and today's step on every curve."""
    names = _names(sq)
    bound = sq.crossing
    M_now = float(sq.mistakes[k])
    idx = drawn(sq.shown, k)
    if log:
        idx = idx[sq.mistakes[idx] >= 1]
    xr = _x_range(float(sq.mistakes[sq.shown - 1]), bound, log)
    grid = _grid(*xr, log)
    lower, upper = sq.lower(grid), np.sqrt(sq.upper_sq(grid))
    y_log = log and _positive(sq.dot[idx], sq.norm[idx], lower, upper)
    w = names["w"]
    start = "" if sq.n0 == 0 else f"‖{w}(0)‖² + "
    data = [
        _curve(
            grid, upper, f"√({start}Mη²R²)" if sq.n0 else "R√M", UPPER_COLOR, dash="dash", width=1.8
        ),
        _curve(grid, lower, names["lower"], LOWER_COLOR, dash="dash", width=1.8),
        _curve(sq.mistakes[idx], sq.norm[idx], f"‖{w}‖", UPPER_COLOR),
        _curve(sq.mistakes[idx], sq.dot[idx], names["dot"], LOWER_COLOR),
    ]
    y_title = say("proof.axis_squeeze", dot=names["dot"], w=w)
    layout = _layout(presenter, say("proof.axis_mistakes"), y_title, log, y_log, xr)
    if math.isfinite(bound):
        y = float(sq.lower(bound))
        data.append(
            dict(
                _mark(bound, y, say("proof.meet"), CROSS_COLOR, "diamond"),
                mode="markers+text",
                text=[f"M ≤ {text.num(bound)}"],
                textposition="bottom left",
                textfont=dict(color=CROSS_COLOR),
            )
        )
        layout["shapes"].append(
            dict(
                epochs.epoch_marker(bound, xref="x", yref="paper"),
                line=dict(color=CROSS_COLOR, dash="dot", width=1.5),
            )
        )
    if not (log and M_now < 1):
        norm_now = say("proof.named_now", name=f"‖{w}‖")
        data.append(_mark(M_now, float(sq.norm[k]), norm_now, UPPER_COLOR))
        dot_now = say("proof.named_now", name=names["dot"])
        data.append(_mark(M_now, float(sq.dot[k]), dot_now, LOWER_COLOR))
    _today(layout, M_now, log)
    return _figure(data, layout)


def norm_figure(sq: pc.Squeeze, k: int, *, log: bool = True, presenter: bool = False):
    """||w||^2 under n0 + r M (M R^2 from w = 0): each mistake adds at most eta^2 R^2."""
    M_now = float(sq.mistakes[k])
    idx = drawn(sq.shown, k)
    if log:
        idx = idx[sq.mistakes[idx] >= 1]
    xr = _x_range(float(sq.mistakes[sq.shown - 1]), sq.crossing, log)
    grid = _grid(*xr, log)
    upper = sq.upper_sq(grid)
    y_log = log and _positive(sq.norm_sq[idx], upper)
    w = notation.current().w
    name = f"‖{w}(0)‖² + Mη²R²" if sq.n0 else "MR²"
    data = [
        _curve(grid, upper, name, UPPER_COLOR, dash="dash", width=1.8),
        _curve(sq.mistakes[idx], sq.norm_sq[idx], f"‖{w}‖²", UPPER_COLOR),
    ]
    if not (log and M_now < 1):
        now = say("proof.named_now", name=f"‖{w}‖²")
        data.append(_mark(M_now, float(sq.norm_sq[k]), now, UPPER_COLOR))
    y_title = say("proof.axis_norm", w=w)
    layout = _layout(presenter, say("proof.axis_mistakes"), y_title, log, y_log, xr)
    _today(layout, M_now, log)
    return _figure(data, layout)


def cosine_figure(sq: pc.Squeeze, k: int, *, log: bool = True, presenter: bool = False):
    """cos(w, u) rising, over the floor the two lines force (which reaches 1 at the bound:
    a cosine is at most 1, so M cannot pass it)."""
    names = _names(sq)
    M_now = float(sq.mistakes[k])
    idx = drawn(sq.shown, k)
    if log:
        idx = idx[sq.mistakes[idx] >= 1]
    bound = sq.crossing
    xr = _x_range(float(sq.mistakes[sq.shown - 1]), bound, log)
    grid = _grid(*xr, log)
    floor = sq.cosine_floor(grid)
    cos = sq.cosine
    cosine = f"cos({names['w']}, {names['u']})"
    data = [
        _curve(grid, floor, say("proof.floor"), LOWER_COLOR, dash="dash", width=1.8),
        _curve(sq.mistakes[idx], cos[idx], cosine, INK_COLOR),
    ]
    if not (log and M_now < 1) and np.isfinite(cos[k]):
        data.append(_mark(M_now, float(cos[k]), say("proof.cosine_now"), INK_COLOR))
    layout = _layout(presenter, say("proof.axis_mistakes"), cosine, log, False, xr)
    lowest = np.nanmin(cos[idx]) if np.isfinite(cos[idx]).any() else 0.0
    layout["yaxis"]["range"] = [min(0.0, float(lowest)) - 0.05, 1.08]
    layout["shapes"].append(
        dict(
            type="line",
            x0=0,
            x1=1,
            xref="paper",
            y0=1,
            y1=1,
            yref="y",
            line=dict(color=theme.GHOST_COLOR, width=1),
        )
    )
    if math.isfinite(bound):
        data.append(_mark(bound, 1.0, say("proof.cos_bound"), CROSS_COLOR, "diamond"))
    _today(layout, M_now, log)
    return _figure(data, layout)


def distance_figure(dist: pc.Distance, k: int, *, log: bool = True, presenter: bool = False):
    """004: ||w(k+1) - alpha w_hat||^2 / beta^2 under its line k_hat - k, which reaches 0
    at k = k_hat (a squared distance cannot be negative)."""
    idx = drawn(dist.mistakes.shape[0], k)
    if log:
        idx = idx[dist.mistakes[idx] >= 1]
    xr = _x_range(float(dist.mistakes[-1]), dist.start, log)
    grid = _grid(*xr, log)
    line = dist.start - grid
    data = [
        _curve(grid, line, "k̂ − k", CROSS_COLOR, dash="dash", width=1.8),
        _curve(dist.mistakes[idx], dist.ratio[idx], say("proof.distance"), INK_COLOR),
        _mark(dist.start, 0.0, f"k ≤ k̂ = {text.num(dist.start)}", CROSS_COLOR, "diamond"),
    ]
    if not (log and k < 1):
        data.append(_mark(float(k), float(dist.ratio[k]), say("proof.now"), INK_COLOR))
    layout = _layout(
        presenter, say("proof.axis_corrections"), say("proof.distance"), log, False, xr
    )
    top = max(dist.start, float(np.max(dist.ratio[idx])) if idx.size else dist.start)
    layout["yaxis"]["range"] = [-0.04 * top, 1.08 * top]
    _today(layout, float(k), log)
    return _figure(data, layout)


def epochs_figure(eb: pc.EpochBounds, epoch: int, count: int, *, presenter: bool = False):
    """Theorem 2 after E epochs (its bound, solved at the marked epochs and valid between
    them) against the mistakes made by the end of each epoch; today's count (the
    mistakes so far, in epoch ``epoch``) marked."""
    style = theme.Style.of(presenter, 0)
    idx = drawn(eb.epochs.shape[0], max(0, epoch - 1))
    data = [
        _curve(eb.epochs[idx], eb.envelope[idx], say("proof.bound"), CROSS_COLOR, dash="dash"),
        dict(
            type="scatter",
            x=eb.sampled,
            y=eb.values,
            mode="markers",
            name=say("proof.solved"),
            marker=dict(color=CROSS_COLOR, size=6),
            showlegend=False,
            hovertemplate=f"E = %{{x}}<br>{say('proof.bound_word')} %{{y:.4g}}<extra></extra>",
        ),
        _curve(eb.epochs[idx], eb.count[idx], say("proof.by_epoch"), INK_COLOR),
        _mark(epoch, count, say("proof.now"), INK_COLOR),
    ]
    xr = (0.5, max(1.5, eb.epochs.shape[0] + 0.5))
    layout = _layout(presenter, say("proof.axis_epochs"), say("proof.axis_count"), False, False, xr)
    layout["yaxis"]["rangemode"] = "tozero"
    layout["font"] = dict(size=style.font - 3)
    _today(layout, epoch, False)
    return _figure(data, layout)


def charts(
    squeeze: pc.Squeeze | None,
    k: int,
    *,
    distance: pc.Distance | None = None,
    epochs: pc.EpochBounds | None = None,
    epoch: int = 1,
    log: bool = True,
    presenter: bool = False,
) -> list[tuple[str, str, object]]:
    """The page's charts at update k, as (key, title, figure), two to a row: Theorem 1's
    squeeze and 004's distance, or (``epochs`` given) Theorem 2 against the epochs and
    its squeeze along w*; then ||w||^2 and the cosine. Without a squeeze (w* = 0, no
    direction) only Theorem 2's chart."""
    look = dict(log=log, presenter=presenter)
    sym, hat = symbols()["w"], symbols()["w_hat"]
    out = []
    if epochs is not None:
        out.append(
            ("epochs", say("proof.chart_epochs"),
             epochs_figure(epochs, epoch, k, presenter=presenter))
        )  # fmt: skip
    if squeeze is None:
        return out
    if squeeze.theorem == 1:
        out.append(
            ("squeeze", say("proof.chart_squeeze", w=sym),
             squeeze_figure(squeeze, k, **look))
        )  # fmt: skip
        if distance is not None and distance.finite:
            out.append(
                ("distance", say("proof.chart_distance", w=sym, w_hat=hat),
                 distance_figure(distance, k, **look))
            )  # fmt: skip
    else:
        title = say("proof.chart_squeeze_t2", w=sym, e=epoch)
        out.append(("squeeze", title, squeeze_figure(squeeze, k, **look)))
    u = "u*" if squeeze.theorem == 1 else f"{sym}*"
    return out + [
        ("norm", say("proof.chart_norm", w=sym), norm_figure(squeeze, k, **look)),
        ("cosine", say("proof.chart_cosine", w=sym, u=u), cosine_figure(squeeze, k, **look)),
    ]
