"""Proof: Theorems 1 and 2 (001) and 004's proof, drawn as the run makes its mistakes."""

import streamlit as st

import perceptron_core as pc
from ui import bounds, compute, text
from ui.charts import layers, playground
from ui.export import downloads
from ui.parts import data, numbers, stepping
from ui.parts import proof as parts_proof
from ui.stage import part as stage
from ui.stage import widgets
from ui.state import PROOF as PAGE
from ui.views import proof_view
from ui.words import t as say

opened = stepping.open_stepping(
    PAGE,
    say("proof.title"),
    say("proof.intro", **proof_view.symbols()),
    heading=say("proof.heading"),  # the classic perceptron: the one the proofs are about
    settle=dict(what=say("load.what.proof")),
    after=lambda: widgets.choice(PAGE, "axes", say("proof.axes"), help=say("proof.axes_help")),
)
presenter, choice, ds, log = opened.presenter, opened.choice, opened.ds, opened.after == "log"

# -------------------------------------------------- the run: trained once, replayed
stepped = stepping.stepped(PAGE, ds, opened.setup)
run, run_key, stepper = stepped.run, stepped.key, stepped.stepper
th = compute.agreed(ds, compute.theory(ds), run)  # a clean pass is a separator
separable = th is not None and th.separable
hinge_of = numbers.hinge_of(ds)
box = stage.view(ds, choice, (run,), run_key)
chart = playground.Playground(
    layers.Scene(ds.X, ds.y, box, ds.class_names, ds.feature_names, presenter),
    separator=(th.u, th.gamma) if separable else None,
)

layered = proof_view.layered(chart, run, ds.X, ds.y, th, hinge_of)
squeeze1 = pc.theorem1(run, th) if run is not None and separable else None
distance = pc.distance_004(run, th) if squeeze1 is not None else None
proof = parts_proof.Proof(PAGE, run, ds, th, distance, log, presenter)


def draw(t: int) -> None:
    """The data and the boundary; the proof's lines with today's numbers; the squeeze."""
    left, side = stage.columns(presenter)
    with left:
        stage.live_chart(PAGE, stepper, layered, drawing=choice.drawing)
    if run is None:
        return
    k = int(run.updates_before_visit(t))
    epoch = max(1, run.epoch_at(t))
    hb = None if separable else compute.hinge_bound(ds, epoch)
    squeeze = squeeze1 if separable else None if hb is None else pc.theorem2(run, hb)
    with side:
        numbers.text_line(PAGE, "summary", layered.texts(t)["summary"])
        if separable:
            which = "proof.theorem1" if bounds.from_zero(run) else "proof.theorem1_start"
            which = say(which, **proof_view.symbols())
            st.markdown(f"{which}: R = {text.num(th.R)}, γ\\* = {text.num(th.gamma)}")
        else:
            which = "proof.not_separable" if bounds.from_zero(run) else "proof.not_separable_random"
            st.markdown(say(which, **proof_view.symbols()))
        st.caption(proof_view.space())
    # The proof's lines and charts at this step (marked stale while the browser steps ahead);
    # on a projector the theorem's lines beside the chart, on the first screen.
    with side if presenter else st.container(), st.container(key=PAGE.own("numbers")):
        if not separable:
            st.markdown(text.hinge_text(epoch, hb, bounds.from_zero(run)))
        if squeeze is not None and not squeeze.finite:  # data near 1e-300: said, not drawn
            st.caption(proof_view.beyond_floats(squeeze, k))
        elif separable:
            st.latex(numbers.gathered(proof_view.theorem1_lines(squeeze, th, k, run.eta)))
        elif squeeze is not None:
            lines = proof_view.theorem2_lines(squeeze, hb, k, run.eta)
            st.latex(numbers.gathered([*lines, proof.theorem2_latex(k, hb)]))
    with st.container(key=PAGE.own("more_numbers")):
        proof.more_numbers(squeeze, hb, k, epoch)


stepping.show(PAGE, stepper, draw, opened)
if run is not None and not presenter:
    st.subheader(say("proof.prep_heading"))
    st.caption(say("proof.prep_caption", **proof_view.symbols()))
    data.preprocessing_effect(ds, presenter)
downloads.proof(PAGE, ds, run, th, squeeze1, distance)
