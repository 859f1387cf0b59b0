"""The whole run as a client-side Plotly animation: the Playground chart's named layers,
one frame per update (sampled), with a slider and play / pause buttons. The offline HTML
(``ui.export.files.animation_html``) plays the same figure, filling its page."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import plotly.graph_objects as go

from ui.charts import geometry, playground, theme
from ui.charts.playground import Playground

MAX_FRAMES = 300  # animation frames; longer runs are sampled evenly
FILL_REACH = 5.0  # the offline chart's regions and lines: over a box this many times as wide
# What a frame changes: the layers that move with w (the points, u* and its band stay).
MOVING = ("half-plane +1", "half-plane -1", "margin band", "boundary", "misclassified")
MOVING += ("closest point", "visited", "w arrow", "vector labels")
INDEX = [playground.T[name] for name in MOVING]  # their places in the chart


def frame_updates(n_updates: int, max_frames: int = MAX_FRAMES) -> np.ndarray:
    """Which weight vectors (0..n_updates) become frames: all, or an even sample with the
    first and the last."""
    if n_updates + 1 <= max_frames:
        return np.arange(n_updates + 1)
    return np.unique(np.linspace(0, n_updates, max_frames).round().astype(np.int64))


def animation_figure(
    chart: Playground,
    W,
    B,
    *,
    update_index=None,
    max_frames: int = MAX_FRAMES,
    fill: bool = False,
) -> go.Figure:
    """The whole run as a client-side Plotly animation of ``chart`` (its scene, u* and the
    run's arrow frame): one frame per update (sampled to ``max_frames``), a slider and
    play / pause buttons.

    ``W`` (n_updates+1, 2) and ``B`` are the weights after each update (row 0: the start);
    ``update_index[k-1]`` is the example of update k, ringed in its frame.

    ``fill``: a chart that fills its page, whatever the window's shape (the offline HTML):
    no fixed height, and equal aspect kept by widening the axes' ranges around the view
    instead of shrinking the plot to a square, so the regions and lines are drawn over a
    box ``FILL_REACH`` times as wide.
    """
    W = np.asarray(W, dtype=np.float64)
    B = np.asarray(B, dtype=np.float64)
    ks = frame_updates(W.shape[0] - 1, max_frames)
    view = chart.scene.box
    if fill:
        chart = replace(chart, scene=replace(chart.scene, box=geometry.widened(view, FILL_REACH)))
    chart = replace(chart, title=_frame_title(0, W[0], float(B[0])))
    # The first picture draws w in its own frame, as before any frame is shown (frames use
    # the run's frame: one scale for every step).
    traces = list(replace(chart, arrows=None).traces(w=W[0], b=float(B[0])).values())
    layout = chart.layout()
    frames = []
    for k in ks:
        visited = None
        if update_index is not None and k > 0:
            visited = int(update_index[k - 1])
        moved = chart.traces(w=W[k], b=float(B[k]), visited=visited, parts=MOVING)
        frames.append(
            dict(
                data=[_frame_trace(moved[nm]) for nm in MOVING],
                traces=INDEX,
                name=str(int(k)),
                layout=dict(title=dict(text=_frame_title(int(k), W[k], float(B[k])))),
            )
        )
    still = dict(duration=0)
    play = dict(frame=dict(duration=300, redraw=True), fromcurrent=True, transition=still)
    pause = dict(frame=dict(duration=0, redraw=False), mode="immediate", transition=still)
    jump = dict(mode="immediate", frame=dict(duration=0, redraw=True), transition=still)
    layout["margin"] = dict(l=50, r=10, t=50, b=150)
    below = -0.18, -0.14  # the buttons' and the slider's tops, in the plot's heights
    if fill:
        layout.pop("height", None)
        layout["autosize"] = True
        for axis in ("xaxis", "yaxis"):
            layout[axis] = dict(layout[axis], constrain="range")
        layout["xaxis"]["range"] = [view.x0, view.x1]
        layout["yaxis"]["range"] = [view.y0, view.y1]
        # A taller plot puts a share of its height farther down: room for a tall window.
        layout["margin"]["b"] = 200
        below = -0.1, -0.1
    layout["legend"] = dict(orientation="h", yanchor="bottom", y=1.0, x=0, xanchor="left")
    layout["title"] = dict(text=_frame_title(0, W[0], float(B[0])), y=0.99, yanchor="top")
    layout["updatemenus"] = [
        dict(
            type="buttons",
            direction="left",
            x=0,
            y=below[0],
            xanchor="left",
            yanchor="top",
            buttons=[
                dict(label="▶ Play", method="animate", args=[None, play]),
                dict(label="❚❚ Pause", method="animate", args=[[None], pause]),
            ],
        )
    ]
    layout["sliders"] = [
        dict(
            active=0,
            x=0.22,
            y=below[1],
            len=0.78,
            yanchor="top",
            currentvalue=dict(prefix="update "),
            steps=[
                dict(label=str(int(k)), method="animate", args=[[str(int(k))], jump]) for k in ks
            ],
        )
    ]
    return theme.figure(traces, layout, frames)


def _frame_trace(trace: dict) -> dict:
    """What a frame changes in a trace: its points (and a label trace's texts)."""
    out = dict(x=trace["x"], y=trace["y"], type=trace["type"])
    if "text" in trace:
        out["text"] = trace["text"]
        out["textposition"] = trace["textposition"]
    return out


def _frame_title(k: int, w, b: float) -> str:
    return f"update {k}: w = ({w[0]:.3g}, {w[1]:.3g}), b = {b:.3g}"
