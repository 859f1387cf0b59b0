"""Kernel: the dual perceptron steps alpha, not w; its decision function bends around XOR."""

import streamlit as st

from ui import compute, notation
from ui.charts import epochs, geometry, layers
from ui.export import downloads
from ui.limits import KERNEL_POINTS as MAX_POINTS
from ui.parts import data, numbers, stepping
from ui.stage import part as stage
from ui.state import KERNEL as PAGE
from ui.views import kernel_view
from ui.words import t as say

opened = stepping.open_stepping(
    PAGE,
    say("kn.title"),
    say("kn.intro", dual=notation.current().dual(defined=True)),
    heading=say("kn.title"),
    panel=dict(variant="kernel"),
    settle=dict(max_points=MAX_POINTS, what=say("load.what.kernel")),
)
presenter, choice, ds = opened.presenter, opened.choice, opened.ds

# -------------------------------------------------- the run: trained once, replayed
stepped = stepping.stepped(PAGE, ds, opened.setup)
run, stepper = stepped.run, stepped.stepper
stats = {} if stepped.trained is None else stepped.trained.stats
box = geometry.view_box(ds.X, include_origin=False)
if choice.drawing:
    box = data.drawing_box(box)
scene = layers.Scene(ds.X, ds.y, box, ds.class_names, ds.feature_names, presenter)


if run is None:  # the points alone (with a run, their sizes are alpha: they step)
    layered = stage.Layered((layers.points(scene), layers.layout(scene)), lambda t: ([], []))
else:
    # The linear kernel's numbers: Theorem 1.
    layered = kernel_view.layered(scene, run, numbers.texts(run, ds, compute.theory(ds)))


def draw(t: int) -> None:
    """The decision function after t visits, and the dual update written out."""
    chart, side = stage.columns(presenter)
    with chart:
        stage.live_chart(PAGE, stepper, layered, drawing=choice.drawing)
    if run is not None:
        with side:
            numbers.numbers_panel(PAGE, run, None, ds, t, None, None, None)


stepping.show(PAGE, stepper, draw, opened)
if run is None:
    st.stop()

left, right = st.columns([5, 4], gap="medium")
with left:
    st.markdown(say("kn.epochs"))
    stage.plot(PAGE, "epochs", epochs.epoch_figure(stats, presenter=presenter))
with right:
    downloads.downloads(PAGE, run, ds, None, name="kernel")  # no w: no animation to offer
