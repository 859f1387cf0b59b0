"""Browser-test app for ui.stage.chart (not part of Perceptron Lab).

A [0, 10] x [0, 10] board with equal aspect (query parameters: ``height``, ``gl=1``). A click
on empty space adds a point there, a click on a marker removes that marker. The last click and
a count of handled clicks are written as text so the test can read them.
"""

import sys
import time
from pathlib import Path

import plotly.graph_objects as go
import streamlit as st

ROOT = Path(__file__).resolve().parents[3]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from ui.stage.chart import Click, plot_click  # noqa: E402

st.set_page_config(page_title="plot_click test", layout="centered")

if "points" not in st.session_state:
    st.session_state.points = [(2.0, 2.0), (5.0, 8.0), (8.0, 4.0)]
    st.session_state.handled_seqs = []
    st.session_state.handled = 0
    st.session_state.runs = 0
    st.session_state.seen_at = 0.0
    st.session_state.pressed_at = 0.0
st.session_state.runs += 1

height = int(st.query_params.get("height", 420))
# ?gl=1 draws the markers with Scattergl (WebGL), as the Playground does from 1,000 points.
trace_type = go.Scattergl if st.query_params.get("gl") == "1" else go.Scatter


def make_figure(points: list[tuple[float, float]]) -> go.Figure:
    fig = go.Figure(
        trace_type(
            x=[p[0] for p in points],
            y=[p[1] for p in points],
            mode="markers",
            marker={"size": 16, "color": "#1f77b4", "line": {"width": 1, "color": "white"}},
            name="points",
            hoverinfo="none",
        )
    )
    fig.update_layout(
        xaxis={"range": [0, 10], "dtick": 1, "zeroline": False},
        yaxis={"range": [0, 10], "dtick": 1, "zeroline": False, "scaleanchor": "x"},
        margin={"l": 40, "r": 10, "t": 10, "b": 40},
        showlegend=False,
        plot_bgcolor="#f4f6fa",
    )
    return fig


def handle_click(click: Click) -> None:
    """Runs once per click, before the rerun (so the figure below already shows it)."""
    st.session_state.seen_at = time.time()  # for the click -> Python latency measurement
    st.session_state.handled += 1
    st.session_state.handled_seqs.append(click["seq"])
    if click["point"] is not None:
        del st.session_state.points[click["point"]["index"]]
    else:
        st.session_state.points.append((click["x"], click["y"]))


st.title("plot_click test")
click = plot_click(
    make_figure(st.session_state.points), key="board", height=height, on_click=handle_click
)

if click is None:
    st.text("last_click none")
else:
    pt = click["point"]
    st.text(
        f"last_click x={click['x']!r} y={click['y']!r} seq={click['seq']} "
        f"curve={pt['curve'] if pt else -1} index={pt['index'] if pt else -1}"
    )
st.text(
    f"handled={st.session_state.handled} points={len(st.session_state.points)} "
    f"seqs={','.join(map(str, st.session_state.handled_seqs))} runs={st.session_state.runs}"
)
st.text(f"seen_at={st.session_state.seen_at!r}")
st.text(f"pressed_at={st.session_state.pressed_at!r}")


def pressed() -> None:
    """The peer of ``handle_click``: Streamlit's own button, its callback timed the same way."""
    st.session_state.pressed_at = time.time()


st.button("Rerun", on_click=pressed)
