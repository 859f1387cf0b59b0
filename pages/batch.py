"""Batch: gradient descent on J_p against the single-sample rule; learning rate, scaling."""

import streamlit as st

import perceptron_core as pc
from ui import bounds, compute, notation, replay, text
from ui.charts import layers
from ui.export import downloads
from ui.limits import BATCH_POINTS as MAX_POINTS
from ui.parts import numbers, stepping
from ui.stage import part as stage
from ui.state import BATCH as PAGE
from ui.views import batch_view, least_squares_view
from ui.words import t as say

ETAS = (0.1, 1.0, 10.0)  # the learning rates compared

opened = stepping.open_stepping(
    PAGE,
    say("batch.title"),
    say("batch.intro"),
    heading=say("batch.heading"),
    panel=dict(variant="batch"),
    settle=dict(max_points=MAX_POINTS, what=say("load.what.batch")),
)
presenter, choice, ds, setup = opened.presenter, opened.choice, opened.ds, opened.setup

# ------------------------------------------- the two runs: trained once, replayed
stepped = stepping.stepped(PAGE, ds, setup)
run, stepper, record = stepped.run, stepped.stepper, None
if run is not None:
    record = pc.comparison_of(run, compute.trained(ds, setup.but(variant="classic")).run)
box = stage.view(ds, choice, () if record is None else (record.batch, record.single), stepped.key)
scene = layers.Scene(ds.X, ds.y, box, ds.class_names, ds.feature_names, presenter)


def epoch_of(t: int) -> int:
    """The epoch whose end the cursor has reached (0: the start)."""
    return 0 if run is None else run.epoch_at(t)


th = compute.theory(ds)
layered = batch_view.layered(scene, record, th, numbers.hinge_of(ds))


def draw(t: int) -> None:
    """Both boundaries at the end of the same epoch, the batch step written out, the curves."""
    chart, side = stage.columns(presenter)
    e = epoch_of(t)
    with chart:
        stage.live_chart(PAGE, stepper, layered, drawing=choice.drawing)
    if record is None:
        return
    with side:
        for name, line in layered.texts(t).items():
            numbers.text_line(PAGE, name, line, bold=False)
    with side, st.container(key=PAGE.own("numbers")):
        w, b = record.weights("batch", e)
        update = replay.at_step(run, ds.X, ds.y, t)[3]
        if update is not None:  # the step just taken: the epoch's mistakes, summed
            lines = text.batch_latex(update, int(run.counts[e - 1]), w, b)
            st.latex(numbers.gathered(lines))
        curves = batch_view.curves_figure(record, presenter=presenter, current_epoch=e)
        stage.plot(PAGE, "curves", curves)


stepping.show(PAGE, stepper, draw, opened)
if record is None:
    st.stop()
st.caption(text.plain(batch_view.compare_statement(record), 2000))

# ------------------------------------------------------------------ least squares
st.subheader(say("ls.heading"), anchor="least-squares")
st.caption(say("ls.intro"))
st.latex(least_squares_view.criterion_tex())
st.caption(text.plain(least_squares_view.target_words(), 500))
fitted = pc.least_squares(ds.X, ds.y)
lines = least_squares_view.rows(record.single, fitted)
stage.plot(PAGE, "least_squares", least_squares_view.figure(scene, lines))
st.table(least_squares_view.table(lines))
st.caption(text.plain(least_squares_view.statement(lines, fitted, th.separable), 2000))

# ------------------------------------------------------------------ learning rate
st.subheader(say("batch.eta_heading"))
W = notation.current().w  # the weights in the lab's notation
etas = ", ".join(f"{e:g}" for e in ETAS)
st.caption(say("batch.eta_caption", w=W, summand=batch_view.summand(), etas=etas))
cols = st.columns(2)
for col, start in zip(cols, ("zero", "random"), strict=True):
    with col:
        st.markdown(say("batch.from_zero", w=W) if start == "zero" else say("batch.from_random"))
        for variant in ("classic", "batch"):
            effect = compute.eta_effect(
                ds, ETAS, start, setup.start_seed, setup.max_epochs, variant
            )
            said = text.plain(batch_view.eta_statement(effect), 2000)
            st.caption(f"{say(f'batch.rule.{variant}')}: {said}")
            bars = batch_view.eta_figure(effect, presenter=presenter)
            stage.plot(PAGE, f"eta_{start}_{variant}", bars)

# ---------------------------------------------------------------- feature scaling
st.subheader(say("batch.scaling_heading"))
rows = compute.scaling_effect(ds.raw, setup.eta, setup.max_epochs)
st.markdown(batch_view.scaling_table(rows))
zero = run is None or bounds.from_zero(run)
st.caption(text.plain(batch_view.scaling_statement(rows, zero), 2000))
downloads.batch(PAGE, ds, record, setup, ETAS)
