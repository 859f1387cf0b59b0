"""Proof: Theorems 1 and 2 (001) and 004's proof, drawn as the run makes its mistakes."""

import streamlit as st

import perceptron_core as pc
from ui import bounds, compute, proof_charts, proof_view, replay, text
from ui.charts import layers, playground
from ui.parts import data, downloads, numbers, settings, style, widgets
from ui.stage import part as stage
from ui.state import PROOF as PAGE

opening = data.open_page(PAGE)
presenter, choice = opening.presenter, opening.choice
with st.sidebar:
    st.subheader("The run")
    setup = settings.settings_panel(PAGE)  # the classic perceptron: the one the proofs are about
    log = (
        widgets.choice(
            PAGE, "axes", "Charts' axes", help="log: the run's mistakes and a far bound both show."
        )
        == "log"
    )

style.header(
    "Convergence proofs, step by step",
    "Each mistake adds at least γ* to w·u* and at most R² to ‖w‖²; since w·u* ≤ ‖w‖, the two "
    "lines squeeze M ≤ R²/γ*² (Theorem 1, 001). Step through a run and watch the proof's "
    "numbers move; on data no line separates, Theorem 2 bounds the mistakes instead.",
    presenter=presenter,
    problems=opening.problems,
)
ds = data.settle(PAGE, choice, opening.prep, what="the proof page", settings=setup)

# -------------------------------------------------- the run: trained once, replayed
trained = stage.trained(ds, setup)
run = None if trained is None else trained.run
th = compute.theory(ds.X, ds.y)
if run is not None and th is not None and run.converged and not th.separable:
    th = compute.theory(ds.X, ds.y, (run.b, *run.w))  # a clean pass is a separator
separable = th is not None and th.separable
hinge_of = numbers.hinge_of(ds)
run_key = stage.run_id(ds, setup)
stepper = stage.stepper_for(PAGE, run, run_key)
box = stage.view(ds, choice, (run,), run_key)
chart = playground.Playground(
    layers.Scene(ds.X, ds.y, box, ds.class_names, ds.feature_names, presenter),
    separator=(th.u, th.gamma) if separable else None,
)


def step_layers(t: int):
    """The boundary after t visits and the update just made, under and over the points."""
    w, b, visit, update = replay.at_step(run, ds.X, ds.y, t)
    under, over = chart.step(w=w, b=b, visited=visit.index if visit else None, update=update)
    if t == run.n_visits and run.converged:  # the end: the perceptron's line against u*'s
        over += chart.max_margin_note(w, b, ds.X, ds.y)
    return under, over


layered = stage.Layered(
    chart.scene_traces(),
    (lambda t: ([], [])) if run is None else step_layers,
    None if run is None else (lambda t: {"summary": proof_view.summary(run, th, t, hinge_of)}),
)
squeeze1 = pc.theorem1(run, th) if run is not None and separable else None
distance = pc.distance_004(run, th) if squeeze1 is not None else None


def draw(t: int) -> None:
    """The data and the boundary; the proof's lines with today's numbers; the squeeze."""
    left, side = stage.columns(presenter)
    with left:
        stage.live_chart(PAGE, stepper, layered, drawing=choice.drawing)
    if run is None:
        return
    k = int(run.updates_before_visit(t))
    epoch = max(1, run.epoch_at(t))
    hb = None if separable else compute.hinge_bound(ds.X, ds.y, epoch)
    squeeze = squeeze1 if separable else None if hb is None else pc.theorem2(run, hb)
    with side:
        numbers.text_line(PAGE, "summary", layered.texts(t)["summary"])
        if separable:
            which = (
                "**Theorem 1** (001; w(0) = 0)"
                if bounds.from_zero(run)
                else "**Theorem 1's proof from w(0) ≠ 0** (the theorem needs w(0) = 0)"
            )
            st.markdown(f"{which}: R = {text.num(th.R)}, γ\\* = {text.num(th.gamma)}")
        else:
            st.markdown("**Not linearly separable**: Theorem 1 does not apply; Theorem 2 does.")
        st.caption(proof_view.SPACE)
    # The proof's lines and charts at this step (marked stale while the browser steps ahead);
    # on a projector the theorem's lines beside the chart, on the first screen.
    with side if presenter else st.container(), st.container(key=PAGE.own("numbers")):
        if not separable:
            st.markdown(text.hinge_text(epoch, hb))
        if squeeze is not None and not squeeze.finite:  # data near 1e-300: said, not drawn
            st.caption(proof_view.beyond_floats(squeeze, k))
        elif separable:
            st.latex(numbers.gathered(proof_view.theorem1_lines(squeeze, th, k, run.eta)))
        elif squeeze is not None:
            lines = proof_view.theorem2_lines(squeeze, hb, k, run.eta)
            st.latex(numbers.gathered([*lines, theorem2_latex(k, hb)]))
    with st.container(key=PAGE.own("more_numbers")):
        if separable:
            st.markdown(
                "**004's proof** from w(1): its xᵢ are the flipped augmented points "
                "yᵢ(1, xᵢ), and ŵ = u\\*."
            )
            if distance.finite:
                st.latex(numbers.gathered(proof_view.lines_004(distance, th, k, run.eta)))
            else:  # data near 1e-300: R/γ* near 1e300, its square past the float range
                st.caption(proof_view.beyond_floats_004(distance))
        elif hb is not None and not bounds.from_zero(run):
            st.caption(
                "Theorem 2 is stated from w = 0 and does not hold as stated from another "
                "start; its proof from this start, at the same w*, bounds M where the two "
                "lines above meet (the last equation)."
            )
        if hb is not None and squeeze is None:
            st.latex(theorem2_latex(k, hb))
            st.caption("w* = 0: no direction to squeeze along; the bound is 2E·n.")
        if (hb is None and not separable) or (squeeze is not None and not squeeze.finite):
            st.caption(
                "The proof's curves cannot be drawn for this data (too large to solve "
                "live, or numbers beyond floating point)."
            )
            return
        charts(squeeze, k, epoch)


def theorem2_latex(k: int, hb) -> str:
    """M against Theorem 2 from w = 0, or against its proof from this start."""
    if bounds.from_zero(run):
        return text.hinge_latex(k, hb)
    return text.hinge_start_latex(k, hb.from_start(run.w0, run.b0, run.eta), run.eta)


def charts(squeeze, k: int, epoch: int) -> None:
    """The four charts of the proof at update k, two to a row."""
    per_epoch = None
    if not separable:  # Theorem 2 solved at a few epochs (cached), for its chart
        sampled = pc.sample_epochs(run.epochs, epoch)
        per_epoch = pc.epoch_bounds(run, {e: compute.hinge_bound(ds.X, ds.y, e) for e in sampled})
    figs = proof_charts.charts(
        squeeze, k, distance=distance, epochs=per_epoch, epoch=epoch, log=log, presenter=presenter
    )
    columns = st.columns(2, gap="medium")
    for i, (name, title, fig) in enumerate(figs):
        with columns[i % 2]:
            st.markdown(f"**{text.md_numbers(title)}**")
            stage.plot(PAGE, name, fig)


points = st.session_state[PAGE.own("points")] if choice.drawing else None
stage.stage(PAGE, stepper, draw, points=points)
data.remember_good(PAGE, ds, choice)
if run is not None and not presenter:
    st.subheader("Centring and scaling change R, γ\\* and the bound")
    st.caption(
        "The same points under each preprocessing (the sidebar's choice in bold). R and γ* "
        "are measured in the augmented space (1, x), so moving the cloud changes both: "
        "centring often shrinks R, and with it the bound."
    )
    data.preprocessing_effect(ds, presenter)
downloads.proof(PAGE, ds, run, th, squeeze1, distance)
