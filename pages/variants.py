"""Variants: classic, averaged, voted, pocket on one run; a train/dev/test split; early stopping."""

import numpy as np
import streamlit as st

from ui import compute, notation, text
from ui.charts import geometry, layers
from ui.export import downloads
from ui.limits import VARIANTS_POINTS as MAX_POINTS
from ui.limits import VARIANTS_UPDATES as MAX_UPDATES
from ui.parts import numbers, stepping
from ui.stage import part as stage
from ui.stage import widgets
from ui.state import VARIANTS as PAGE
from ui.views import variants_view
from ui.words import t as say

W = notation.current().w  # the weights in the lab's notation
opened = stepping.open_stepping(
    PAGE,
    variants_view.title(),
    say("variants.intro", w=W),
    heading=say("variants.heading"),
    but=dict(max_updates=MAX_UPDATES),
    settle=dict(max_points=MAX_POINTS, what=say("load.what.variants")),
    before=lambda: widgets.whole_number(
        PAGE,
        "split_seed",
        say("variants.split_seed"),
        help=say("variants.split_seed_help"),
    ),
)
presenter, choice, ds, setup = opened.presenter, opened.choice, opened.ds, opened.setup
split_seed = opened.before

# ------------------------------------------ the split and the run on its train part
run = None
parts, train = variants_view.training_part(ds, split_seed)  # train: all the data unsplit
if parts is not None:
    if np.unique(train.y).size == 2:
        try:
            run = compute.trained(train, setup).run
        except ValueError as exc:
            st.error(text.plain(str(exc), 400))
    else:
        st.info(say("variants.one_class"))
elif ds.n:
    st.info(say("variants.too_few"))
run_key = stage.run_key(ds, (setup, split_seed))
stepper = stage.stepper_for(PAGE, run, run_key)
Xtr, ytr = train.X, train.y
scene = layers.Scene(Xtr, ytr, geometry.view_box(ds.X), ds.class_names, ds.feature_names, presenter)


th_train = compute.theory(train)  # the bound is about the run on the training part
layered = variants_view.layered(scene, run, th_train, lambda e: compute.hinge_bound(train, e))


def draw(t: int) -> None:
    """The four variants at the same step, as small multiples over the training points;
    the run's mistakes against their bound above them, on the first screen."""
    if run is not None:
        numbers.text_line(PAGE, "bound", layered.texts(t)["bound"])
    stage.live_chart(PAGE, stepper, layered, drawing=False)
    if run is None:
        return
    numbers.text_line(PAGE, "agree", layered.texts(t)["agree"], bold=False)
    st.caption(say("variants.crosses"))


stepping.show(PAGE, stepper, draw, opened, link_points=False)
if run is None:
    st.stop()

# ------------------------------------------------- accuracy per epoch, early stopping
acc = compute.variant_accuracy(run_key, run, ds, parts)
best = acc.best("classic", "dev")
st.subheader(say("variants.accuracy_heading"))
stage.plot(PAGE, "accuracy", variants_view.accuracy_figure(acc, best, presenter=presenter))
note = variants_view.accuracy_note(acc, run)
if note:
    st.caption(text.plain(note, 400))
st.markdown(variants_view.stopping_table(acc))
sizes = " / ".join(f"{len(idx)}" for idx in parts)
st.caption(say("variants.split_caption", seed=split_seed, sizes=sizes))
st.button(
    say("variants.go_best", e=best),
    key=PAGE.own("go_best"),
    on_click=stepper.go,
    args=(min(best * run.n, run.n_visits),),
)
downloads.variants(PAGE, ds, parts, acc)
