"""The stage: a recorded run stepped on a page (the stepper, its controls, the status line
and the page's own picture of step t), one fragment, so a step reruns only this part."""

from __future__ import annotations

import hashlib
from collections.abc import Callable

import numpy as np
import streamlit as st

from ui import compute, guard, state, text
from ui.parts import controls, data
from ui.plot_click import plot_click
from ui.state import Table
from ui.stepper import Stepper

CHART_CONFIG = {"displayModeBar": False}


def run_id(ds, setup) -> str:
    """What identifies a run: the data and the settings (a new one starts at step 0)."""
    raw = ds.X.tobytes() + ds.y.tobytes() + repr(setup).encode()
    return hashlib.blake2b(raw).hexdigest()


def stepper_for(page: Table, run, digest: str, *, follow: bool = False) -> Stepper:
    """The page's stepper over ``run``. A new run (other data or settings) starts again
    at 0, or at its end when ``follow`` (online: a new point is the next arrival). A link's
    step beyond the run's end is said once."""
    ss = st.session_state
    if ss.get(page.own("run_id")) not in (None, digest):
        Stepper(ss, page.prefix, run).reset(run.n_visits if follow and run is not None else 0)
    ss[page.own("run_id")], ss[page.own("run")] = digest, run
    stepper = Stepper(ss, page.prefix, run)
    link_step = ss.pop(page.own("link_step"), None)  # the step a link asked for, once
    if run is not None and link_step is not None and link_step > stepper.total:
        st.warning(
            f"The link's step {link_step:,} is beyond the end of this run "
            f"({stepper.total:,} visits): showing the end."
        )
    return stepper


def stage(
    page: Table,
    stepper: Stepper,
    draw: Callable[[int], None],
    *,
    points=None,
) -> None:
    """A fragment with the buttons, the status line and ``draw(t)`` (the page's chart and
    numbers at step t), then Play's row under it. ``points``: drawn points for the link.

    Play's speed and unit are read before their widgets are drawn (below the stage, so
    the chart starts high on a 768-pixel projector): a widget's value is in the session
    from its first run on, and Play is off until a run later."""
    run = stepper.run
    ss = st.session_state
    speed = float(ss.get(page.key("speed"), page.defaults.speed))
    unit = str(ss.get(page.key("play_unit"), page.defaults.play_unit))

    @st.fragment(run_every=speed if run is not None and stepper.playing else None)
    @guard.fragment(on_error=stepper.back)
    def _stage() -> None:
        if stepper.playing and not stepper.tick(unit):
            st.rerun()  # Play reached the end: a full run stops its timer
        t = stepper.cursor
        top = st.container()  # drawn after the chart, shown above it
        draw(t)
        with top:
            controls.run_buttons(page, controls.mover(stepper), stepper)
            if run is None:
                st.markdown(text.NO_RUN)
            else:
                st.markdown(f"**{text.status_line(run, t)}**")
        state.sync_url(st.query_params, t, points if points is not None else ([], []), page)

    _stage()
    # The controls are drawn even without a run (disabled), so nothing moves.
    controls.play_controls(page, stepper)


def chart(page: Table, fig, stepper: Stepper, *, drawing: bool) -> None:
    """The stage's chart, then the scrub slider under it. On the drawing board the chart
    takes clicks (a click adds or removes a point: the project's click component)."""
    if drawing:
        plot_click(fig, key=page.own("board"), on_click=data.board_click(page))
    else:
        st.plotly_chart(fig, key=page.own("chart"), width="stretch", config=CHART_CONFIG)
    controls.scrub(page, stepper)


def plot(page: Table, name: str, fig) -> None:
    """Another chart of the page (not stepped with the stage's fragment)."""
    st.plotly_chart(fig, key=page.own(name), width="stretch", config=CHART_CONFIG)


def columns(presenter: bool):
    """The stage's two columns: the chart and the numbers (half and half on a projector)."""
    return st.columns([1, 1] if presenter else [5, 4], gap="medium")


def trained(ds, setup):
    """The page's run on ``ds`` (``compute.Trained``), or None with the reason said: both
    classes are needed, and the engine's refusal is shown in plain text."""
    if ds.n == 0:
        return None
    if np.unique(ds.y).size < 2:
        st.info("Both classes are needed for a run: add points of the other class.")
        return None
    try:
        trained = compute.trained(ds.X, ds.y, setup)
    except ValueError as exc:
        st.error(text.plain(str(exc), 400))
        return None
    if trained.note:
        st.caption(trained.note)
    return trained
