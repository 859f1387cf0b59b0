"""Playground: click or generate points, press Step, watch w, the margin and the bound move."""

import streamlit as st

from ui import compute, replay, state, text
from ui.charts import epochs, layers, overlays, playground
from ui.limits import PLAYGROUND_DRAWN, SCORE_DRAWN
from ui.parts import data, downloads, numbers, settings, style
from ui.stage import part as stage
from ui.state import PLAYGROUND as PAGE
from ui.views import kernel_view, score_view

ss = st.session_state
opening = data.open_page(PAGE, wide=True)
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
ds = data.settle(
    PAGE, choice, opening.prep, max_points=compute.MAX_TRAINED, what="the Playground",
    settings=setup, max_features=None, verb="trains on",
)  # fmt: skip
with prep_effect:
    data.preprocessing_effect(ds, presenter)

# -------------------------------------------------- the run: trained once, replayed
wide = ds.d > 2  # more than two features: the chart shows each point's score
live = compute.theory_live(ds.X)  # the exact verdict and the bounds, at this size
run, stats, th = None, {}, compute.theory(ds.X, ds.y) if live else None
if wide and setup.variant == "kernel":
    st.info(
        "The kernel variant is drawn on two features: choose another variant, or train on "
        "x1 and x2 in the upload box."
    )
elif ds.n and (setup.online or min(ds.counts) > 0):
    try:
        trained = compute.trained_for(ds.X, ds.y, setup)
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
texts = None if run is None else numbers.texts(run, ds, th)
# Every row is trained on; a chart draws at most so many, sampled at random (and says so).
drawn = compute.drawn_sample(ds.n, SCORE_DRAWN if wide else PLAYGROUND_DRAWN)
Xs, ys = (ds.X, ds.y) if drawn is None else (ds.X[drawn], ds.y[drawn])
view_note = None
if drawn is not None:
    view_note = score_view.sample_caption(ds.n, Xs.shape[0], compute.DRAW_SEED)


# ---------------------------------------------------------------------- the stage
if wide:  # the points at their scores against one direction (ui.views.score_view)
    sv = compute.score_view(run_key, run, ds.X, drawn)
    view_note = score_view.caption(ds.d, ds.n, sv.n_drawn, compute.DRAW_SEED)
    look = dict(class_names=ds.class_names, presenter=presenter)

    def step_layers(t: int):
        """Step t's points at their scores (they move), over the boundary at score 0."""
        w, b, visit, update = replay.at_step(run, ds.X, ds.y, t)
        return score_view.step_layers(
            sv, ds.X, ds.y, w=w, b=b, visited=visit.index if visit else None, update=update,
            **look,
        )  # fmt: skip

    layered = stage.Layered(score_view.scene(sv, **look), step_layers, texts)
else:
    box = stage.view(ds, choice, (run,), run_key)
    scene = layers.Scene(Xs, ys, box, ds.class_names, ds.feature_names, presenter)
    playground_chart = playground.Playground(
        scene,
        separator=(th.u, th.gamma) if th is not None and th.separable else None,
        # One place and one scale for the arrows over the whole run, so they compare.
        arrows=None if run is None or run.is_kernel else compute.arrow_frame(run_key, run, box),
    )

    def step_layers(t: int):
        """What step t draws under the points and over them (the browser steps through
        these)."""
        if run.is_kernel:  # no w: the decision function and alpha
            return kernel_view.kernel_layers(scene, run, t)
        w, b, visit, update = replay.at_step(run, ds.X, ds.y, t)
        step = dict(w=w, b=b, visited=visit.index if visit else None, update=update)
        if drawn is None:
            under, over = playground_chart.step(**step)
        else:  # a sample is drawn; the band and the closest point are of every point
            under, over = playground_chart.sampled_step(ds.X, ds.y, drawn, **step)
        # Averaged, voted, pocket: what the variant predicts with, over the run's own w.
        over = over + overlays.variant_overlay(scene, run, setup.variant, t)
        if t == run.n_visits and run.converged:  # the end: the perceptron's line against u*'s
            over += playground_chart.max_margin_note(w, b, ds.X, ds.y)
        return under, over

    if run is not None and run.is_kernel:
        layered = stage.Layered(kernel_view.kernel_scene(scene), step_layers, texts)
    else:
        layered = stage.Layered(playground_chart.scene_traces(), step_layers, texts)


def theory_note() -> str:
    """What is said when the data is too large for the exact verdict live."""
    said = (
        f"The exact verdict, γ* and the bounds are not computed live on {ds.n:,} points of "
        f"{ds.d} features (at most {compute.THEORY_MAX_VALUES:,} values of (1, x))."
    )
    if run.converged and run.w is not None:  # a clean pass: its w is a separator
        said += " The run converged: its last w separates every point, so they are separable."
    return said


def draw(t: int) -> None:
    """The chart and the numbers after t visits."""
    chart, side = stage.columns(presenter)
    with chart:
        if view_note:  # what the chart shows, when it is not simply the data
            st.caption(view_note)
        stage.live_chart(PAGE, stepper, layered, drawing=choice.drawing)
    if run is not None:
        w, b, visit, _ = replay.at_step(run, ds.X, ds.y, t)
        with side:
            numbers.numbers_panel(PAGE, run, th, ds, t, w, b, visit, setup.variant)
            if not live:
                st.caption(theory_note())


points = ss[PAGE.own("points")] if choice.drawing else None
stage.stage(PAGE, stepper, draw, points=points)

# ------------------------------------------------------------- the run as a whole
data.remember_good(PAGE, ds, choice)  # drawn without an error: the data to fall back on
if run is None:
    st.stop()
animated = not wide and drawn is None  # the animation draws every point in two features
left, right = st.columns([5, 4], gap="medium")
with left:
    st.markdown("**Training errors and J_p at the end of each epoch**")
    stage.plot(PAGE, "epochs", epochs.epoch_figure(stats, presenter=presenter))
    if animated and st.toggle(
        "Show the whole run as an animation (plays in the browser)", key=PAGE.own("anim")
    ):
        stage.plot(PAGE, "anim_chart", downloads.animation(run, playground_chart))
with right:
    downloads.downloads(
        PAGE, run, ds, playground_chart if animated else None, name="playground", animated=animated
    )
