"""Bare Streamlit page for the latency benchmark: a Step button and N points, no logic.

    streamlit run benchmarks/bare_page.py   ->   http://localhost:8501/?n=20000

Every press of "Step" reruns the script, which redraws the same N random points (seeded, so
identical on every run; ``Scattergl`` from 1,000 points, ``Scatter`` below) plus a line through
the origin whose angle changes with the step counter. The counter is in the figure title
("step K") and in the line's trace name ("boundary K"), so a benchmark can tell from the
rendered chart that step K is drawn (see ``benchmarks/latency_harness.py``).

With ``?freeze=1`` the page does what the Playground does once per process
(``ui/server/warmup.py``): ``gc.freeze()`` after its imports, so Streamlit's full collection after
every run skips the libraries' objects. The latency benchmark measures both variants.
"""

import gc
import math

import numpy as np
import plotly.graph_objects as go
import streamlit as st

GL_THRESHOLD = 1_000
LIM = 1.5

st.set_page_config(page_title="Bare page (benchmark)", layout="centered")

if st.query_params.get("freeze") == "1" and gc.get_freeze_count() == 0:
    go.Figure(go.Scatter(x=[0], y=[0]))  # load plotly's validators before freezing
    gc.collect()
    gc.freeze()

try:
    n = max(1, int(st.query_params.get("n", "1000")))
except ValueError:
    n = 1000

if "step" not in st.session_state:
    st.session_state.step = 0
if st.button("Step"):
    st.session_state.step += 1
step = st.session_state.step

rng = np.random.default_rng(0)
points = rng.uniform(-1.0, 1.0, size=(n, 2))
labels = np.where(points[:, 0] + 0.3 * points[:, 1] > 0, 1, 0)

angle = 0.3 + 0.37 * step
dx, dy = math.cos(angle) * LIM * 2, math.sin(angle) * LIM * 2

Trace = go.Scattergl if n >= GL_THRESHOLD else go.Scatter
fig = go.Figure(
    [
        Trace(
            x=points[:, 0],
            y=points[:, 1],
            mode="markers",
            marker={"size": 5, "color": labels, "colorscale": [[0, "#d62728"], [1, "#1f77b4"]]},
            name="points",
        ),
        Trace(
            x=[-dx, dx],
            y=[-dy, dy],
            mode="lines",
            line={"color": "black", "width": 2},
            name=f"boundary {step}",
        ),
    ]
)
fig.update_layout(
    title={"text": f"step {step}"},
    xaxis={"range": [-LIM, LIM], "constrain": "domain"},
    yaxis={"range": [-LIM, LIM], "scaleanchor": "x", "constrain": "domain"},
    height=520,
    margin={"l": 40, "r": 10, "t": 40, "b": 40},
    showlegend=False,
)
st.plotly_chart(fig, key="chart", width="stretch")
