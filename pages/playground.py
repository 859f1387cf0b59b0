"""Playground: click or generate points, press Step, watch w, the margin and the bound move."""

import streamlit as st

from ui import compute, figures, kernel_view, layers, overlays, replay, state, text
from ui.parts import data, downloads, numbers, settings, stage, style
from ui.state import PLAYGROUND as PAGE

ss = st.session_state
opening = data.open_page(PAGE)
presenter, choice = opening.presenter, opening.choice
with st.sidebar:
    prep_effect = st.container()
    st.subheader("Algorithm")
    setup = settings.settings_panel(PAGE, online_option=True, variants=state.PLAYGROUND_VARIANTS)

style.header(
    "Playground",
    "Generate, pick or draw two classes of points, then step through the perceptron: "
    "each mistake moves w by η·y·x. The numbers on the right are the notes' theorems.",
    presenter=presenter,
    problems=opening.problems,
)

# ------------------------------------------------------------------------- data
ds = data.settle(PAGE, choice, opening.prep, what="the Playground", settings=setup)
with prep_effect:
    data.preprocessing_effect(ds, presenter)

# -------------------------------------------------- the run: trained once, replayed
run, stats, th = None, {}, compute.theory(ds.X, ds.y)
if ds.n and (setup.online or th is not None):
    try:
        trained = compute.trained(ds.X, ds.y, setup)
        run, stats = trained.run, trained.stats
        if trained.note:
            st.caption(trained.note)
    except ValueError as exc:
        st.error(text.plain(str(exc), 400))

if run is not None and run.converged and th is not None and not th.separable and run.w is not None:
    # A clean pass is a separator: the verdict must agree with what the run shows.
    th = compute.theory(ds.X, ds.y, (run.b, *run.w))

edit = ss.pop(PAGE.own("data_edit"), None)
# Online, a new point is the next arrival: the run goes on from where it was.
follow = setup.online and edit is not None and run is not None
run_key = stage.run_id(ds, setup)
stepper = stage.stepper_for(PAGE, run, run_key, follow=follow)
box = stage.view(ds, choice, (run,), run_key)
scene = layers.Scene(ds.X, ds.y, box, ds.class_names, ds.feature_names, presenter)
chart_args = dict(
    box=box,
    separator=(th.u, th.gamma) if th is not None and th.separable else None,
    class_names=ds.class_names,
    feature_names=ds.feature_names,
    presenter=presenter,
    # One place and one scale for the arrows over the whole run, so they compare.
    arrows=None if run is None or run.is_kernel else compute.arrow_frame(run_key, run, box),
)


# ---------------------------------------------------------------------- the stage
def step_layers(t: int):
    """What step t draws under the points and over them (the browser steps through these)."""
    if run.is_kernel:  # no w: the decision function and alpha
        return kernel_view.kernel_layers(scene, run, t)
    w, b, visit, update = replay.at_step(run, ds.X, ds.y, t)
    under, over = figures.playground_step(
        ds.X, ds.y, w=w, b=b, visited=visit.index if visit else None, update=update, **chart_args
    )
    # Averaged, voted, pocket: what the variant predicts with, over the run's own w.
    over = over + overlays.variant_overlay(scene, run, setup.variant, t)
    if t == run.n_visits and run.converged:  # the end: the perceptron's line against u*'s
        over += figures.max_margin_note(
            ds.X, ds.y, w, b, chart_args["separator"], box, presenter=presenter
        )
    return under, over


texts = None if run is None else numbers.texts(run, ds, th)
if run is not None and run.is_kernel:
    layered = stage.Layered(kernel_view.kernel_scene(scene), step_layers, texts)
else:
    scene_traces = figures.playground_scene(ds.X, ds.y, **chart_args)
    layered = stage.Layered(scene_traces, step_layers, texts)


def draw(t: int) -> None:
    """The chart and the numbers after t visits."""
    chart, side = stage.columns(presenter)
    with chart:
        stage.live_chart(PAGE, stepper, layered, drawing=choice.drawing)
    if run is not None:
        w, b, visit, _ = replay.at_step(run, ds.X, ds.y, t)
        with side:
            numbers.numbers_panel(PAGE, run, th, ds, t, w, b, visit, setup.variant)


points = ss[PAGE.own("points")] if choice.drawing else None
stage.stage(PAGE, stepper, draw, points=points)

# ------------------------------------------------------------- the run as a whole
data.remember_good(PAGE, ds, choice)  # drawn without an error: the data to fall back on
if run is None:
    st.stop()
left, right = st.columns([5, 4], gap="medium")
with left:
    st.markdown("**Training errors and J_p at the end of each epoch**")
    stage.plot(PAGE, "epochs", figures.epoch_figure(stats, presenter=presenter))
    if st.toggle("Show the whole run as an animation (plays in the browser)", key=PAGE.own("anim")):
        stage.plot(PAGE, "anim_chart", downloads.animation(run, ds, chart_args))
with right:
    downloads.downloads(PAGE, run, ds, chart_args, name="playground")
