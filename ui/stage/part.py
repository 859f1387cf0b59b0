"""The stage, as the pages call it: a recorded run stepped on a page (the run and its
stepper, the buttons, the status line and the page's own picture of step t), one fragment,
so a step reruns only this part; its chart drawn in layers with the frames around the
cursor (``ui.stage.frames``), which the browser steps through by itself (``ui.stage.sync``).
"""

from __future__ import annotations

import copy
from collections.abc import Callable

import numpy as np
import streamlit as st

from ui import compute, state, text
from ui.charts import geometry, theme
from ui.runkey import run_key  # noqa: F401
from ui.server import guard
from ui.stage import controls, hooks, link, sync, table
from ui.stage.chart import plot as draw_chart
from ui.stage.chart import plot_click

# What the pages call besides this module's own functions: the columns, a board's fit,
# a stepped chart in layers, a run's key.
from ui.stage.fit import columns, fit_of, still_fit, window_fit  # noqa: F401
from ui.stage.frames import (  # noqa: F401
    FOLLOW_STEPS_AHEAD,
    TRANSPARENT,
    Layered,
    frames_for,
    scene_json,
    stage_frames,
)
from ui.stage.stepper import Stepper
from ui.state import Table, lab, owns
from ui.words import t as say

STAGE_CHARTS = owns("chart", "board")  # a stage's chart, by its page's own key


def stepper_for(page: Table, run, key: str, *, follow: bool = False) -> Stepper:
    """The page's stepper over ``run``, whose key is ``key`` (``run_key``: the data and
    the settings). A new run (another key) starts again at 0, or at its end when
    ``follow`` (online: a new point is the next arrival). A link's step beyond the run's
    end is said once."""
    ss = st.session_state
    pending = ss.get(page.own("link_step"))  # a link's step, kept until there is a run
    if ss.get(page.own("run_id")) not in (None, key):
        if run is not None and pending is not None and ss.get(page.own("run")) is None:
            # The link's data arrived (an upload: links cannot carry files): its step.
            Stepper(ss, page.prefix, run).reset(pending)
        else:
            Stepper(ss, page.prefix, run).reset(run.n_visits if follow and run else 0)
    ss[page.own("run_id")], ss[page.own("run")] = key, run
    stepper = Stepper(ss, page.prefix, run)
    if run is None:
        return stepper
    link_step = ss.pop(page.own("link_step"), None)  # the step a link asked for, once
    to_the_end = ss.pop(page.own("link_end"), False)  # step=end: no step number to report
    if link_step is not None and not to_the_end and link_step > stepper.total:
        said = state.count_words(link_step)
        with st.container(key=link.STEP_SAID_KEY):  # the embed view keeps it
            if said == f"{link_step:,}":
                st.warning(say("link.step_beyond", step=said, total=stepper.total))
            else:  # "a 401-digit number": said whole in the lab's language
                digits = len(str(abs(link_step)))
                st.warning(say("link.step_beyond_digits", digits=digits, total=stepper.total))
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
        # The step, told first (a class follows it), before it is drawn here.
        step = hooks.Step(page, stepper.key or "", t, run)
        hooks.stepped(step)
        top = st.container()  # drawn after the chart, shown above it
        draw(t)
        if run is not None:  # the data and the scores at t, for a screen reader too
            table.data_table(page, run, t)
        with top:
            controls.run_buttons(page, controls.mover(stepper), stepper)
            if run is None:
                st.markdown(text.no_run())
            else:
                with st.container(key=page.own("status")):
                    st.markdown(f"**{text.status_line(run, t)}**")
                spoken(page, run, t)
        state.sync_url(st.query_params, t, points if points is not None else ([], []), page)
        if run is not None:
            hooks.draw_panels(step)  # under it, with the link just written

    _stage()
    # The controls are drawn even without a run (disabled), so nothing moves.
    controls.play_controls(page, stepper)


def spoken(page: Table, run, t: int) -> None:
    """The visit in words for a screen reader (``text.spoken_line``), in the page's polite
    live region: not drawn (ui.parts.style.LAB_CSS), made live by the chart's module
    (ui/stage/access.mjs), replaced by each frame the browser draws."""
    with st.container(key=page.own("spoken")):
        st.markdown(text.md_numbers(text.spoken_line(run, t)).replace("_", "\\_"))


def chart(page: Table, fig, stepper: Stepper, *, drawing: bool) -> None:
    """The stage's chart, then the scrub slider under it. On the drawing board the chart
    takes clicks (a click adds or removes a point: the project's click component)."""
    chart_key, board_key = STAGE_CHARTS
    if drawing:
        plot_click(fig, key=page.own(board_key), on_click=hooks.board_click(page))
    else:
        plot(page, chart_key, fig)
    controls.scrub(page, stepper)


def plot(page: Table, name: str, fig) -> None:
    """Another chart of the page (not stepped with the stage's fragment), drawn with the
    stage's plotly.js: one copy of plotly.js per page (``ui.stage.chart.plot``). Its axes
    make room for their tick labels and titles (a projector's are larger); on a phone a
    plot of fixed aspect is as high as its width makes it (``still_fit``)."""
    fig.update_xaxes(automargin=True)
    fig.update_yaxes(automargin=True)
    draw_chart(fig, key=page.own(name), fit=still_fit(fig))


def view(ds, choice, runs=(), key: str | None = None) -> geometry.Box:
    """The chart's view: the data and the origin; on the drawing board, a board that grows
    only with the data; otherwise grown so the runs' boundaries are seen, not only at a
    corner (``geometry.follow_boundaries``)."""
    box = geometry.view_box(ds.X, include_origin=True)
    if choice.drawing:
        return hooks.board_box(box)
    linear = tuple(r for r in runs if r is not None and not r.is_kernel)
    if linear and key is not None:  # the runs' key (``run_key``)
        box = compute.run_view(key, linear, box)
    return box


def trained(ds, setup):
    """The page's run on ``ds`` (``compute.Trained``), or None with the reason said: both
    classes are needed, and the engine's refusal is shown in plain text."""
    if ds.n == 0:
        return None
    if np.unique(ds.y).size < 2:
        st.info(say("run.both_classes"))
        return None
    try:
        trained = compute.trained(ds, setup)
    except ValueError as exc:
        st.error(text.plain(str(exc), 400))
        return None
    if trained.note:
        st.caption(trained.note)
    return trained


def live_chart(page: Table, stepper: Stepper, layered: Layered, *, drawing: bool) -> None:
    """The stage's chart drawn in layers, with the frames around the cursor, then the
    scrub slider. Without a run: the scene alone."""
    traces, layout = layered.scene
    run = stepper.run
    if run is None:
        chart(page, theme.figure(traces, layout), stepper, drawing=drawing)
        return
    # The scene holds the legend: its own entries and every entry the frames sent can show
    # (so the legend is drawn once, not at every step).
    base = copy.deepcopy(layout)
    base.update(paper_bgcolor=TRANSPARENT, plot_bgcolor=TRANSPARENT)
    # Its entries stand for traces drawn in other layers: clicking one would hide nothing.
    base["legend"] = {**base.get("legend", {}), "itemclick": False, "itemdoubleclick": False}
    following = lab.following(st.session_state)  # a student in a class
    frames, moves, legend, held = stage_frames(
        page, stepper, layered, steps=FOLLOW_STEPS_AHEAD if following else None
    )
    chart_key, board_key = STAGE_CHARTS
    key = page.own(board_key) if drawing else page.own(chart_key)
    # The features' marks on this chart (a question to the class names points on it).
    marks = hooks.marks(hooks.Step(page, stepper.key or "", stepper.cursor, run))
    sent = sync.sent(page, stepper, frames, moves, layout) | held
    sent.update(hooks.offers(page, stepper, layered, following=following))  # Export's, frames
    plot_click(
        scene_json(page, traces + legend + marks, base),
        height=int(base.get("height") or 450),
        key=key,
        on_click=hooks.board_click(page) if drawing else None,
        stage=sent,
        on_sync=lambda value: sync.synced(page, stepper, value),
        fit=window_fit(base, traces + legend),
        on_export=lambda value: hooks.ask("export", page, value),
    )
    controls.scrub(page, stepper)
