"""Kernel: the dual perceptron steps alpha, not w; its decision function bends around XOR."""

import numpy as np
import streamlit as st

from ui import compute, figures, kernel_view, layers, state, text
from ui.parts import controls, data, downloads, numbers, settings, stage, style
from ui.plot_click import plot_click
from ui.state import KERNEL as PAGE

MAX_POINTS = 2_000  # a kernel run costs n x n kernel values; its chart, support x cells

ss = st.session_state
problems = state.init_session(ss, st.query_params, lambda: data.link_spec(PAGE), PAGE)
data.adopt_lab_data(PAGE, st.query_params)

with st.sidebar:
    presenter = style.presenter_toggle(PAGE)
    choice = data.data_panel(PAGE)
    prep = data.preprocessing_widget(PAGE)
    st.subheader("Kernel perceptron")
    setup = settings.settings_panel(PAGE, variant="kernel")

style.header(
    "Kernel perceptron",
    "The dual form keeps a mistake count α_i per example and predicts with the sign of "
    "f(x) = Σ α_i y_i K(x_i, x): the filled contour is f, its zero level the boundary, and "
    "each point's size its α_i. A polynomial or RBF kernel separates XOR, circles and moons.",
    presenter=presenter,
    problems=problems,
)
ds = data.settle(PAGE, choice, prep, max_points=MAX_POINTS, what="the kernel page", settings=setup)

# -------------------------------------------------- the run: trained once, replayed
run, stats = None, {}
if ds.n and np.unique(ds.y).size == 2:
    try:
        trained = compute.trained(ds.X, ds.y, setup)
        run, stats = trained.run, trained.stats
    except ValueError as exc:
        st.error(text.plain(str(exc), 400))
elif ds.n:
    st.info("Both classes are needed for a run: add points of the other class.")
stepper = stage.stepper_for(PAGE, run, stage.run_id(ds, setup))
box = figures.view_box(ds.X, include_origin=False)
if choice.drawing:
    box = data.drawing_box(box)
scene = layers.Scene(ds.X, ds.y, box, ds.class_names, ds.feature_names, presenter)


def draw(t: int) -> None:
    """The decision function after t visits, and the dual update written out."""
    chart, side = st.columns([1, 1] if presenter else [5, 4], gap="medium")
    if run is None:
        fig = layers.compose(scene, layers.points(scene))
    else:
        fig = kernel_view.kernel_figure(scene, run, t)
    with chart:
        if choice.drawing:
            plot_click(fig, key=PAGE.own("board"), on_click=data.board_click(PAGE))
        else:
            st.plotly_chart(
                fig, key=PAGE.own("chart"), width="stretch", config={"displayModeBar": False}
            )
        controls.scrub(PAGE, stepper)
    if run is not None:
        with side:
            numbers.numbers_panel(PAGE, run, None, ds, t, None, None, None)


points = ss[PAGE.own("points")] if choice.drawing else None
stage.stage(PAGE, stepper, draw, points=points)
data.remember_good(PAGE, ds, choice)
if run is None:
    st.stop()

left, right = st.columns([5, 4], gap="medium")
with left:
    st.markdown("**Mistakes and training errors at the end of each epoch**")
    st.plotly_chart(
        figures.epoch_figure(stats, presenter=presenter),
        key=PAGE.own("epochs"),
        width="stretch",
        config={"displayModeBar": False},
    )
with right:
    chart_args = dict(box=box, class_names=ds.class_names, feature_names=ds.feature_names)
    downloads.downloads(PAGE, run, ds, chart_args, name="kernel")
