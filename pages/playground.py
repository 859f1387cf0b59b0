"""Playground: click or generate points, press Step, watch w, the margin and the bound move."""

import streamlit as st

from ui import compute, notation, replay, state, text
from ui.charts import epochs
from ui.export import downloads
from ui.parts import data, numbers, stepping
from ui.stage import part as stage
from ui.state import PLAYGROUND as PAGE
from ui.views import playground_view
from ui.words import t as say

ss = st.session_state
nt = notation.current()
opened = stepping.open_stepping(
    PAGE,
    say("page.playground"),
    say("pg.intro", w=nt.w, step=nt.step),
    heading=say("pg.heading"),
    panel=dict(online_option=True, variants=state.PLAYGROUND_VARIANTS),
    settle=dict(
        max_points=compute.MAX_TRAINED,
        what=say("load.what.playground"),
        max_features=None,
        verb="trains on",
    ),  # fmt: skip
    wide=True,
    before=st.container,  # the preprocessing's effect, said once the data is settled
)
presenter, choice, ds, setup = opened.presenter, opened.choice, opened.ds, opened.setup
with opened.before:
    data.preprocessing_effect(ds, presenter)

# -------------------------------------------------- the run: trained once, replayed
wide = ds.d > 2  # more than two features: the chart shows each point's score
live = compute.theory_live(ds.X)  # the exact verdict and the bounds, at this size
run, stats, th = None, {}, compute.theory(ds) if live else None
if wide and setup.variant == "kernel":
    st.info(say("run.kernel_wide"))
elif ds.n and (setup.online or min(ds.counts) > 0):
    try:
        trained = compute.trained_for(ds, setup)
        run, stats = trained.run, trained.stats
        if trained.note:
            st.caption(trained.note)
    except ValueError as exc:
        st.error(text.plain(str(exc), 400))

th = compute.agreed(ds, th, run)  # a clean pass is a separator

edit = ss.pop(PAGE.own("data_edit"), None)
# Online, a new point is the next arrival: the run goes on from where it was.
follow = setup.online and edit is not None and run is not None
run_key = stage.run_key(ds, setup)
stepper = stage.stepper_for(PAGE, run, run_key, follow=follow)
texts = None if run is None else numbers.texts(run, ds, th)
box = None if ds.d > 2 else stage.view(ds, choice, (run,), run_key)  # scores: no plane
picture = playground_view.picture(
    ds, box, run, run_key, setup.variant, th, texts, presenter, cached=compute
)
layered, playground_chart, view_note = picture.layered, picture.chart, picture.note


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
                st.caption(playground_view.theory_note(ds, run, compute.THEORY_MAX_VALUES))


stepping.show(PAGE, stepper, draw, opened)  # and the data remembered as good

# ------------------------------------------------------------- the run as a whole
# Without a run the page ends here, without st.stop(): what app.py draws after the page
# (a class's Collect points on the empty drawing board) still comes.
if run is not None:
    # The animation draws every point in two features.
    animated = playground_chart is not None and picture.drawn is None
    left, right = st.columns([5, 4], gap="medium")
    with left:
        st.markdown(say("pg.epochs"))
        stage.plot(PAGE, "epochs", epochs.epoch_figure(stats, presenter=presenter))
        if animated and st.toggle(say("pg.animation"), key=PAGE.own("anim")):
            stage.plot(PAGE, "anim_chart", downloads.animation(run, playground_chart))
    with right:
        downloads.downloads(
            PAGE,
            run,
            ds,
            playground_chart if animated else None,
            name="playground",
            animated=animated,
        )
