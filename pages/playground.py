"""Playground: click or generate points, press Step, watch w, the margin and the bound move."""

import hashlib

import streamlit as st

import datasets
from ui import compute, figures, guard, panels, replay, state, text
from ui.plot_click import plot_click
from ui.state import key
from ui.stepper import Stepper

ss = st.session_state
problems = state.init_session(ss, st.query_params, panels.link_spec)

with st.sidebar:
    presenter = st.toggle(
        "Presenter mode", value=ss["lab_presenter"], key=key("presenter"), bind=panels.QP
    )
    ss["lab_presenter"] = presenter  # lab-wide: the next page opens the same way
    choice = panels.data_panel()
    prep = panels.preprocessing_widget()
    prep_effect = st.container()
    st.subheader("Algorithm")
    settings = panels.algorithm_panel(choice.drawing)

st.html(panels.PAGE_CSS)
if presenter:
    st.html(panels.PRESENTER_CSS)
else:
    st.title("Playground")
    st.caption(
        "Generate, pick or draw two classes of points, then step through the perceptron: "
        "each mistake moves w by η·y·x. The numbers on the right are the notes' theorems."
    )
for problem in problems:  # values from the link arrive escaped (state.check_link)
    st.warning(f"The link could not be read completely: {problem}.")
if guard.crashed():
    st.error(guard.MESSAGE)

# ------------------------------------------------------------------------- data
ds, error = choice.dataset, choice.error
if ds is not None and error is None:
    try:
        ds = ds.preprocessed(prep)
    except datasets.DatasetError as exc:
        ds, error = None, str(exc)
if ds is not None and error is None:
    if ds.n > compute.MAX_POINTS:
        error = f"{ds.n:,} points: the Playground draws at most {compute.MAX_POINTS:,}."
    elif guard.is_bad(guard.fingerprint(ds.X, ds.y, settings)):
        error = "This data could not be drawn (the details are in the server's log)."
if error:  # say what is wrong and keep showing the previous good data
    st.error(text.plain(error, 400))  # messages carry names from files and links
    ds = None if choice.drawing else ss.get("pg_good")
    if ds is not None:
        st.caption(f"Still showing the previous data: {text.plain(ds.source)}.")
for note in choice.notes:
    st.caption(text.plain(note, 400))
if ds is None:
    st.stop()
guard.attempt(guard.fingerprint(ds.X, ds.y, settings))
ss["pg_draw_shown"] = ds if choice.drawing else None  # clicks are in these coordinates
with prep_effect:
    panels.preprocessing_effect(ds, presenter)

# -------------------------------------------------- the run: trained once, replayed
run, stats, th = None, {}, compute.theory(ds.X, ds.y)
if ds.n and (settings["online"] or th is not None):
    try:
        trained = compute.trained(ds.X, ds.y, tuple(sorted(settings.items())))
        run, stats = trained.run, trained.stats
    except ValueError as exc:
        st.error(str(exc))

if run is not None and run.converged and th is not None and not th.separable and run.w is not None:
    # A clean pass is a separator: the verdict must agree with what the run shows.
    th = compute.theory(ds.X, ds.y, (run.b, *run.w))

digest = hashlib.blake2b(ds.X.tobytes() + ds.y.tobytes() + repr(settings).encode()).hexdigest()
edit = ss.pop("pg_data_edit", None)
if ss.get("pg_run_id") not in (None, digest):
    # New data or settings: a new run. Online, a new point is the next arrival instead.
    follow = settings["online"] and edit is not None and run is not None
    Stepper(ss, "pg_", run).reset(run.n_visits if follow else 0)
ss["pg_run_id"], ss["pg_run"] = digest, run
stepper = Stepper(ss, "pg_", run)  # Step, Visit, Back, Epoch, Run to end, Reset, Play, scrub
n_visits = stepper.total
link_step = ss.pop("pg_link_step", None)  # the step a link asked for, on its first run
if run is not None and link_step is not None and link_step > n_visits:
    st.warning(
        f"The link's step {link_step:,} is beyond the end of this run ({n_visits:,} visits): "
        "showing the end."
    )
box = figures.view_box(ds.X, include_origin=True)
if choice.drawing:  # an empty board to draw on, growing only with the data
    lo, hi = min(box.x0, box.y0, -panels.DRAW_BOX), max(box.x1, box.y1, panels.DRAW_BOX)
    box = figures.Box(lo, hi, lo, hi)
chart_args = dict(
    box=box,
    separator=(th.u, th.gamma) if th is not None and th.separable else None,
    class_names=ds.class_names,
    feature_names=ds.feature_names,
    presenter=presenter,
)


def on_move(move: str) -> None:
    """Button callback: any move pauses Play (a full run then stops Play's timer)."""
    was_playing = stepper.playing
    stepper.move(move)
    if was_playing:
        st.rerun()


# ---------------------------------------------------------------------- the stage
# The controls are drawn even without a run (disabled), so the chart never moves.
speed, unit = panels.play_controls(stepper.playing, run is not None, stepper.toggle_play)


@st.fragment(run_every=speed if run is not None and stepper.playing else None)
@guard.fragment(on_error=stepper.back)
def stage() -> None:
    """Buttons, status, chart and numbers: a step reruns only this part."""
    if stepper.playing and not stepper.tick(unit):
        st.rerun()  # Play reached the end: a full run stops its timer
    t = stepper.cursor
    # The chart is emitted first (containers keep the visual order), so it reaches the
    # browser in the first batch of the step's messages.
    controls = st.container()
    chart, numbers = st.columns([1, 1] if presenter else [5, 4], gap="medium")
    w = b = visit = update = None
    if run is not None:
        w, b, visit, update = replay.at_step(run, ds.X, ds.y, t)
    fig = figures.playground_figure(
        ds.X,
        ds.y,
        w=w,
        b=b or 0.0,
        visited=visit.index if visit is not None else None,
        update=update,
        **chart_args,
    )
    with chart:
        if choice.drawing:
            plot_click(fig, key="pg_board", on_click=panels.on_board_click)
        else:
            st.plotly_chart(fig, key="pg_chart", width="stretch", config={"displayModeBar": False})
    with controls:
        panels.run_buttons(
            on_move, at_start=stepper.at_start, at_end=stepper.at_end, can_back=stepper.can_back
        )
        st.markdown(f"**{text.status_line(run, t)}**" if run is not None else text.NO_RUN)
    with chart:
        if run is not None:
            ss["pg_scrub"] = t
            st.slider(
                "Step (visits done)",
                0,
                n_visits,
                key="pg_scrub",
                on_change=lambda: stepper.go(ss["pg_scrub"]),
            )
    if run is not None:
        with numbers:
            panels.numbers_panel(run, th, ds, t, w, b, visit)
    state.sync_url(st.query_params, t, ss["pg_points"] if choice.drawing else ([], []))


stage()

# ------------------------------------------------------------- the run as a whole
if not choice.drawing:
    ss["pg_good"] = ss["lab_dataset"] = ds  # drawn without an error: the data to fall back on
if run is None:
    st.stop()
left, right = st.columns([5, 4], gap="medium")
with left:
    st.markdown("**Training errors and J_p at the end of each epoch**")
    st.plotly_chart(
        figures.epoch_figure(stats, presenter=presenter),
        key="pg_epochs",
        width="stretch",
        config={"displayModeBar": False},
    )
    if st.toggle("Show the whole run as an animation (plays in the browser)", key="pg_anim"):
        st.plotly_chart(panels.animation(run, ds, chart_args), key="pg_anim_chart", width="stretch")
with right:
    panels.downloads(run, ds, chart_args)
