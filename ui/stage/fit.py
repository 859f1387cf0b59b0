"""The stage's columns and, on a projector, its chart's height from the window."""

from __future__ import annotations

import streamlit as st

from ui.charts import theme
from ui.stage import link
from ui.state import lab


def columns(presenter: bool):
    """The stage's two columns: the chart and the numbers. On a projector the numbers'
    column is as wide as its equations need and the chart takes the rest (style.py): the
    chart's height is the window's, and a square plot needs the width."""
    with st.container(key=COLUMNS_KEY):
        return st.columns([5, 4], gap="small" if presenter else "medium")


# On a projector the stage's chart fills the first screen from its top down (the browser
# measures the window): whatever the projector's height, no scrolling to see the chart.
COLUMNS_KEY = "stage_columns"  # presenter mode sizes these columns (ui.parts.style)
FIT_BELOW = 8  # pixels left free under it
FIT_MIN, FIT_MAX = 360, 1600
EMBED_MIN = 160  # an embed view's chart in a small iframe (a 640x360 slide's) is this low
# On a phone (a window no wider than PHONE_WIDTH, as the page's CSS has it) a square plot
# is as high as its width and what the first screen leaves: the legend comes right under
# it, not under the blank band a fixed height left. A wider window keeps Python's height.
PHONE_WIDTH = 640
PHONE_MIN = 240
PHONE = {"below": FIT_BELOW, "min": PHONE_MIN, "max": FIT_MAX, "narrow": PHONE_WIDTH}


def fit_of(fig) -> dict | None:
    """``window_fit`` of a whole figure (a chart drawn without the stage)."""
    spec = fig.to_plotly_json()
    return window_fit(spec.get("layout", {}), spec.get("data", []))


def window_fit(layout: dict, traces: list[dict] = ()) -> dict | None:
    """In presenter mode and in the embed view, ``plot_click``'s ``fit``: the chart's
    height from the window; a single square plot (not small multiples) no taller than its
    width needs, and its legend (below it) may go to its right when a wide, low window
    leaves more room there: its width estimated from the longest entry. Elsewhere a
    square plot's fit holds only on a phone (``narrow``: the window's widest)."""
    embedded = link.embedded()  # an iframe's embed view: the chart fills the frame too
    square = not any(k in layout for k in ("xaxis2", "yaxis2"))
    if not st.session_state.get(lab.PRESENTER) and not embedded:
        if square:
            return {**PHONE, "square": True}
        # Small multiples of square cells: as high as their width needs.
        aspect = cells_aspect(layout)
        return None if aspect is None else {**PHONE, "aspect": aspect}
    low = EMBED_MIN if embedded else FIT_MIN
    fit = {"below": FIT_BELOW, "min": low, "max": FIT_MAX, "square": square}
    legend = layout.get("legend") or {}
    names = theme.legend_names(traces)
    if square and names and legend.get("orientation") == "h" and layout.get("showlegend", True):
        size = float((legend.get("font") or {}).get("size") or 12)
        font = float((layout.get("font") or {}).get("size") or 12)
        fit["legend"] = {
            "width": int(max(map(len, names)) * 0.6 * size + 60),  # symbol, text, padding
            "gap": theme.legend_gap(font) + 8,
            "height": int(len(names) * 1.5 * size + 20),
        }
    return fit


def still_fit(fig) -> dict | None:
    """``plot_click``'s ``fit`` of a chart drawn without the stage (``part.plot``): on a
    phone a plot of fixed aspect (its y axes scale-anchored to x, fixed ranges) as high as
    its width makes it, its legend as far below it as Python put it, wherever the chart is
    on the page (the window's height does not matter); no blank band between the plot and
    its legend. Elsewhere, and for any other chart, Python's height (None)."""
    aspect = cells_aspect(fig.layout.to_plotly_json())  # the layout alone: not the data
    return None if aspect is None else {**PHONE, "aspect": aspect}


def cells_aspect(layout: dict) -> float | None:
    """The plot area's height per pixel of its width at which every cell of a grid of
    equal-aspect subplots (each y axis scale-anchored to its x axis, fixed ranges) is as
    wide as its x domain allows: the largest of their needs. None for any other layout."""
    needs = []
    for name, yaxis in layout.items():
        if not name.startswith("yaxis") or not isinstance(yaxis, dict):
            continue
        anchor = str(yaxis.get("scaleanchor") or "")
        xaxis = layout.get("xaxis" + anchor[1:]) if anchor.startswith("x") else None
        try:
            (x0, x1), (y0, y1) = xaxis["range"], yaxis["range"]
            (a, b), (c, d) = xaxis.get("domain", (0, 1)), yaxis.get("domain", (0, 1))
            ratio = float(yaxis.get("scaleratio", 1))
            needs.append((b - a) * (y1 - y0) * ratio / ((d - c) * (x1 - x0)))
        except (TypeError, KeyError, ValueError, ZeroDivisionError):
            return None
    return max(needs) if needs and all(n > 0 for n in needs) else None
