"""Space: the points lifted to (1, x1, x2), w and its plane, weight space, the cone LP."""

import numpy as np
import streamlit as st

import perceptron_core as pc
from ui import compute, replay, text
from ui.charts import layers, playground
from ui.export import downloads
from ui.limits import SPACE_POINTS
from ui.parts import cone, numbers, stepping
from ui.stage import part as stage
from ui.stage import widgets
from ui.state import SPACE as PAGE
from ui.views import space_view, weight_view
from ui.words import t as say

QP = "query-params"

S = space_view.symbols()  # w, b, x, a and A in the lab's notation
NEG = text.said_label(-1)
opened = stepping.open_stepping(
    PAGE,
    say("space.title"),
    say(
        "space.intro",
        z=S.z,
        w=S.w,
        lifted=S.lifted,
        plane=S.plane,
        x0=S.x_(0),
        neg=NEG,
        dot=S.dot(),
    ),  # fmt: skip
    heading=say("space.heading"),
    panel=dict(variant="classic"),
    settle=dict(max_points=SPACE_POINTS, what=say("space.what")),
)
presenter, choice, ds = opened.presenter, opened.choice, opened.ds

# -------------------------------------------------- the run: trained once, replayed
stepped = stepping.stepped(PAGE, ds, opened.setup)
run, stepper = stepped.run, stepped.stepper
box = stage.view(ds, choice, (run,), stepped.key)
chart = playground.Playground(
    layers.Scene(ds.X, ds.y, box, ds.class_names, ds.feature_names, presenter)
)
A = pc.flipped(ds.X, ds.y)  # a_i = y_i (1, x_i): the samples every page's run is tested on

texts = None if run is None else numbers.texts(run, ds, compute.theory(ds))
layered = space_view.layered(chart, run, ds.X, ds.y, texts)


def draw(t: int) -> None:
    """The 2-D chart and the same w in the augmented space, then weight space at step t."""
    w, b, visit, _ = (None, None, None, None) if run is None else replay.at_step(run, ds.X, ds.y, t)
    flat, lifted = st.columns(2, gap="small")  # the same w twice: side by side, same size
    with flat:
        stage.live_chart(PAGE, stepper, layered, drawing=choice.drawing)
    with lifted:
        if run is not None:  # M and its bound beside the chart: on the first screen
            numbers.text_line(PAGE, "summary", layered.texts(t)["summary"])
        flip = st.toggle(
            say("space.flip", neg=NEG),
            value=PAGE.defaults.flip,
            key=PAGE.key("flip"),
            bind=QP,
            help=say(
                "space.flip_help", flip=S.flip(), neg=NEG, dot=S.dot(), w=S.w, sample=S.sample
            ),  # fmt: skip
        )
        fig = space_view.space_figure(
            ds.X, ds.y, w, b, flip=flip, box=box, presenter=presenter,
            visited=visit.index if visit else None, class_names=ds.class_names,
        )  # fmt: skip
        stage.plot(PAGE, "space", fig)
        scale = fig.layout.meta["scale"]
        if scale and scale != 1:
            st.caption(say("space.scaled", w=S.w, lifted=S.lifted, scale=f"{scale:g}"))
    if run is None:
        return
    weights, side = st.columns(2, gap="small")
    with weights:
        kind = widgets.choice(PAGE, "slice", say("space.slice"))
        c = b
        if kind == "fixed":
            c = float(st.number_input(say("space.slice_b", b=S.b), key=PAGE.key("slice_b"),
                                      value=PAGE.defaults.slice_b, step=1.0, bind=QP))  # fmt: skip
        W, B = run.trajectory()
        k = int(run.updates_before_visit(t))
        wbox = weight_view.weight_box(W)
        stage.plot(PAGE, "weights", weight_view.weight_figure(A, W, B, k, c, box=wbox,
                                                                presenter=presenter))  # fmt: skip
        wrong = int(np.count_nonzero(pc.flipped_mistakes(A, np.concatenate(([b], w)))))
        empty = weight_view.slice_polygon(A, c, wbox).shape[0] == 0
        st.caption(weight_view.slice_sentence(kind, c, b, wrong, ds.n, empty))
    with side, st.container(key=PAGE.own("numbers")):
        if visit is not None:
            x, y = ds.X[visit.index], int(ds.y[visit.index])
            st.latex(numbers.gathered(space_view.lifted_visit_latex(visit, x, y, run.eta)))
        said = dict(wrong=wrong, n=ds.n, dot=S.dot(), relation=S.relation)  # symbols, numbers
        st.markdown(say("space.wrong_now", **said))


stepping.show(PAGE, stepper, draw, opened)

# ------------------------------------------------------------------ the cone LP
solution = cone.cone_section(PAGE, A, run)
downloads.space(PAGE, ds, solution)
