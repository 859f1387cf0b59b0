"""The stage: a recorded run stepped on a page (the stepper, its controls, the status line
and the page's own picture of step t), one fragment, so a step reruns only this part."""

from __future__ import annotations

import copy
import hashlib
import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import streamlit as st
from plotly.io.json import to_json_plotly

from ui import cache, compute, guard, lecture, state, text
from ui.charts import geometry, theme
from ui.parts import controls, data, moment, scenes
from ui.plot_click import plot as draw_chart
from ui.plot_click import plot_click
from ui.state import Table, lab
from ui.stepper import Stepper
from ui.text import KEYS


def run_id(ds, setup) -> str:
    """What identifies a run: the data and the settings (a new one starts at step 0)."""
    raw = ds.X.tobytes() + ds.y.tobytes() + repr(setup).encode()
    return hashlib.blake2b(raw).hexdigest()


def stepper_for(page: Table, run, digest: str, *, follow: bool = False) -> Stepper:
    """The page's stepper over ``run``. A new run (other data or settings) starts again
    at 0, or at its end when ``follow`` (online: a new point is the next arrival). A link's
    step beyond the run's end is said once."""
    ss = st.session_state
    pending = ss.get(page.own("link_step"))  # a link's step, kept until there is a run
    if ss.get(page.own("run_id")) not in (None, digest):
        if run is not None and pending is not None and ss.get(page.own("run")) is None:
            # The link's data arrived (an upload: links cannot carry files): its step.
            Stepper(ss, page.prefix, run).reset(pending)
        else:
            Stepper(ss, page.prefix, run).reset(run.n_visits if follow and run else 0)
    ss[page.own("run_id")], ss[page.own("run")] = digest, run
    stepper = Stepper(ss, page.prefix, run)
    if run is None:
        return stepper
    link_step = ss.pop(page.own("link_step"), None)  # the step a link asked for, once
    to_the_end = ss.pop(page.own("link_end"), False)  # step=end: no step number to report
    if link_step is not None and not to_the_end and link_step > stepper.total:
        st.warning(
            f"The link's step {state.count_words(link_step)} is beyond the end of this run "
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
                with st.container(key=page.own("status")):
                    st.markdown(f"**{text.status_line(run, t)}**")
        state.sync_url(st.query_params, t, points if points is not None else ([], []), page)
        if run is not None:
            moment.moment(page, t)  # the link just written, to copy or add to the lecture

    _stage()
    # The controls are drawn even without a run (disabled), so nothing moves.
    controls.play_controls(page, stepper)


def chart(page: Table, fig, stepper: Stepper, *, drawing: bool) -> None:
    """The stage's chart, then the scrub slider under it. On the drawing board the chart
    takes clicks (a click adds or removes a point: the project's click component)."""
    chart_key, board_key = scenes.STAGE_CHARTS
    if drawing:
        plot_click(fig, key=page.own(board_key), on_click=data.board_click(page))
    else:
        plot(page, chart_key, fig)
    controls.scrub(page, stepper)


def plot(page: Table, name: str, fig) -> None:
    """Another chart of the page (not stepped with the stage's fragment), drawn with the
    stage's plotly.js: one copy of plotly.js per page (``ui.plot_click.plot``). Its axes
    make room for their tick labels and titles (a projector's are larger)."""
    fig.update_xaxes(automargin=True)
    fig.update_yaxes(automargin=True)
    draw_chart(fig, key=page.own(name))


def columns(presenter: bool):
    """The stage's two columns: the chart and the numbers. On a projector the numbers'
    column is as wide as its equations need and the chart takes the rest (style.py): the
    chart's height is the window's, and a square plot needs the width."""
    with st.container(key=COLUMNS_KEY):
        return st.columns([5, 4], gap="small" if presenter else "medium")


# On a projector the stage's chart fills the first screen from its top down (the browser
# measures the window): whatever the projector's height, no scrolling to see the chart.
COLUMNS_KEY = "stage_columns"  # presenter mode sizes these columns (ui.parts.style)
FIT_BELOW = 8  # pixels left free under it
FIT_MIN, FIT_MAX = 360, 1600


def fit_of(fig) -> dict | None:
    """``window_fit`` of a whole figure (a chart drawn without the stage)."""
    spec = fig.to_plotly_json()
    return window_fit(spec.get("layout", {}), spec.get("data", []))


def window_fit(layout: dict, traces: list[dict] = ()) -> dict | None:
    """In presenter mode, ``plot_click``'s ``fit``: the chart's height from the window;
    a single square plot (not small multiples) no taller than its width needs, and its
    legend (below it) may go to its right when a wide, low window leaves more room there:
    its width estimated from the longest entry."""
    if not st.session_state.get(lab.PRESENTER):
        return None
    square = not any(k in layout for k in ("xaxis2", "yaxis2"))
    fit = {"below": FIT_BELOW, "min": FIT_MIN, "max": FIT_MAX, "square": square}
    legend = layout.get("legend") or {}
    names = [
        str(t["name"]) for t in traces if t.get("name") and t.get("showlegend", True) is not False
    ]
    if square and names and legend.get("orientation") == "h" and layout.get("showlegend", True):
        size = float((legend.get("font") or {}).get("size") or 12)
        font = float((layout.get("font") or {}).get("size") or 12)
        fit["legend"] = {
            "width": int(max(map(len, names)) * 0.6 * size + 60),  # symbol, text, padding
            "gap": theme.legend_gap(font) + 8,
            "height": int(len(names) * 1.5 * size + 20),
        }
    return fit


def view(ds, choice, runs=(), run_key: str | None = None) -> geometry.Box:
    """The chart's view: the data and the origin; on the drawing board, a board that grows
    only with the data; otherwise grown so the runs' boundaries are seen, not only at a
    corner (``geometry.follow_boundaries``)."""
    box = geometry.view_box(ds.X, include_origin=True)
    if choice.drawing:
        return data.drawing_box(box)
    linear = tuple(r for r in runs if r is not None and not r.is_kernel)
    if linear and run_key is not None:
        box = compute.run_view(run_key, linear, box)
    return box


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


# ---------------------------------------------------------------- the live chart
# A Step in the browser draws a frame the server sent ahead: no rerun, no remount. The
# server is told where the browser stepped to SYNC_MS after the last press (the numbers
# beside the chart then catch up); a press beyond the frames sent is made by the server.
SYNC_MS = 350
FRAMES_EACH_WAY = 24  # frames along each move from the cursor (Step, Visit, Back)
FRAME_BUDGET_S = 0.25  # and no more than this long building them on one rerun
HISTORY_SENT = 64  # the tail of Back's history the browser can undo by itself
# Frames are shared by sessions (``frames_for``) while small and recent: a big frame (a
# kernel's contour at 20,000 points) is rebuilt rather than crowd the runs out of the store.
FRAME_CACHE_MAX_BYTES = 64 * 1024
FRAME_CACHE_TTL_S = 300.0
TRANSPARENT = "rgba(0,0,0,0)"
AXIS = re.compile(r"[xy]axis\d*")  # every subplot's axes (the variants' grid has four)
# A presentation clicker sends PageDown / PageUp (some the arrows): Step and Back.
CLICKER = {"pagedown": "step", "arrowright": "step", "pageup": "back", "arrowleft": "back"}
PLAY_MOVES = {"update": "step", "visit": "visit", "epoch": "epoch"}  # Play's unit, as a move


@dataclass(frozen=True)
class Layered:
    """A stepped chart in layers: ``scene`` (traces, layout) drawn once per run, and
    ``at(t)`` -> (traces under the scene, traces over it) at cursor t; ``texts(t)`` the
    page's lines of numbers at t by name (``numbers.text_line`` draws them), which the
    browser's frames replace with the chart."""

    scene: tuple[list[dict], dict]
    at: Callable[[int], tuple[list[dict], list[dict]]]
    texts: Callable[[int], dict[str, str]] | None = None


def window(stepper: Stepper, *, each_way: int = FRAMES_EACH_WAY) -> list[int]:
    """The cursors to send frames for, nearest first: t, then Step, Visit and Back from
    it in turn, then the next epochs, the start and the end; at most ``each_way`` along
    each (``frames_for`` stops when its time budget is spent)."""
    run, t = stepper.run, stepper.cursor
    history = list(stepper.session[stepper.prefix + "history"])[-HISTORY_SENT:]
    chains = {"update": [], "visit": []}
    for unit in chains:
        c = t
        for _ in range(each_way):
            nxt = int(run.next_cursor(c, unit))
            if nxt == c:
                break
            chains[unit].append(nxt)
            c = nxt
    back = list(reversed(history)) or list(range(t - 1, max(-1, t - 1 - each_way), -1))
    order = [t]
    for i in range(each_way):
        for chain in (chains["update"], chains["visit"], back):
            if i < len(chain):
                order.append(chain[i])
    c = t
    for _ in range(3):
        c = int(run.next_cursor(c, "epoch"))
        order.append(c)
    order += [0, stepper.total]
    seen: dict[int, None] = {}
    for c in order:
        seen.setdefault(int(c), None)
    return list(seen)


def _hidden_axes(layout: dict, *, background: str) -> dict:
    """The layout of a layer over or under the scene: the same plot area, no axes drawn."""
    out = copy.deepcopy(layout)
    for name in [k for k in out if AXIS.fullmatch(k)] or ["xaxis", "yaxis"]:
        axis = dict(out.get(name, {}))
        axis.update(showticklabels=False, showgrid=False, zeroline=False, showline=False, ticks="")
        axis["title"] = dict(text="")
        out[name] = axis
    if isinstance(out.get("title"), dict):
        out["title"] = {**out["title"], "text": ""}
    out["paper_bgcolor"] = background
    out["plot_bgcolor"] = background
    out["shapes"] = []
    out["showlegend"] = False
    out["hovermode"] = False
    return out


def _legend_entry(trace: dict) -> dict | None:
    """A trace that draws nothing but its legend entry (the scene holds the legend); a
    trace in a ``legendgroup`` is entered under the group's name."""
    if trace.get("type") not in ("scatter", "scattergl") or trace.get("showlegend") is False:
        return None
    if not trace.get("name"):
        return None
    entry = {k: v for k, v in trace.items() if k not in ("x", "y", "text", "customdata")}
    entry.update(type="scatter", x=[None], y=[None], hoverinfo="skip")
    # Traces of one group (a rule's boundary at each epoch) share one entry: the group's.
    if isinstance(trace.get("legendgroup"), str):
        entry["name"] = trace["legendgroup"]
    marker = entry.get("marker")
    if isinstance(marker, dict):  # one size and colour for the legend's symbol
        entry["marker"] = {
            k: v for k, v in marker.items() if not isinstance(v, (list, tuple, np.ndarray))
        }
    return entry


def _look(traces: list[dict], layout: dict) -> str:
    """What a scene looks like besides its run (the run's data and settings, ``run_id``):
    its layout (view box, sizes, presenter mode) and each trace's name, type and length."""
    return to_json_plotly(
        [layout, [(t.get("name"), t.get("type"), np.size(t.get("x", ()))) for t in traces]]
    )


def _frames_key(page: Table, layered: Layered) -> tuple:
    """What a frame of this stage depends on besides its cursor: the page, the run and the
    scene it is drawn over, so sessions showing the same run share its frames."""
    look = hashlib.blake2b(_look(*layered.scene).encode(), digest_size=16).hexdigest()
    return ("stage-frame", page.prefix, st.session_state.get(page.own("run_id")), look)


def frames_for(page: Table, stepper: Stepper, layered: Layered) -> tuple[str, dict, list]:
    """Frames (under, over, texts) as JSON keyed by cursor, moves (where Step, Visit and
    Epoch land) and legend entries for the window around the cursor, within
    ``FRAME_BUDGET_S``.

    A frame depends only on the run, the scene and its cursor, so it is built and
    serialised once and kept in the shared store (``ui.cache.STORE``, byte-bounded; up to
    ``FRAME_CACHE_MAX_BYTES`` a frame, for ``FRAME_CACHE_TTL_S`` unused): the
    next Step of this session needs only the frames new to its window, and every student
    stepping the lecturer's run gets the frames another student's Step already built."""
    run = stepper.run
    parts, moves, legend = [], {}, {}
    base_key = _frames_key(page, layered)
    start = time.monotonic()
    for c in window(stepper):
        if parts and time.monotonic() - start > FRAME_BUDGET_S:
            break
        entry = cache.STORE.get((*base_key, c))
        if entry is None:
            under, over = layered.at(c)
            texts = {page.own("status"): text.status_line(run, c)}
            if layered.texts is not None:
                texts.update({page.own(k): v for k, v in layered.texts(c).items()})
            frame = {"under": under, "over": over, "texts": texts}
            entries = [e for e in map(_legend_entry, under + over) if e is not None]
            # Flat and serialised: the store measures an entry on every hit.
            entry = (
                to_json_plotly(frame).encode(),
                tuple((e["name"], to_json_plotly(e).encode()) for e in entries),
                tuple(int(run.next_cursor(c, u)) for u in ("update", "visit", "epoch")),
            )
            if len(entry[0]) <= FRAME_CACHE_MAX_BYTES:
                cache.STORE.put((*base_key, c), entry, ttl=FRAME_CACHE_TTL_S)
        frame_json, entries, move = entry
        for name, entry_json in entries:
            if name not in legend:
                legend[name] = json.loads(entry_json)
        parts.append(f'"{c}":{frame_json.decode()}')
        moves[c] = list(move)
    return "{" + ",".join(parts) + "}", moves, list(legend.values())


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
    frames, moves, legend = frames_for(page, stepper, layered)
    under_bg = layout.get("plot_bgcolor", "white")
    ss = st.session_state
    stage_data = {
        "run": ss.get(page.own("run_id")) or "",
        "cursor": stepper.cursor,
        "total": stepper.total,
        "history": list(ss[page.own("history")])[-HISTORY_SENT:],
        "applied": int(ss.get(page.own("applied"), 0)),
        "playing": stepper.playing,
        "frames": frames,
        "moves": to_json_plotly(moves),
        "under_layout": _hidden_axes(layout, background=under_bg),
        "over_layout": _hidden_axes(layout, background=TRANSPARENT),
        "buttons": {m: page.own(m) for m in controls.STAGE_MOVES},
        "shortcuts": {KEYS[m][1].lower(): m for m in controls.STAGE_MOVES} | CLICKER,
        "stale": [page.own("numbers"), page.own("more_numbers")],
        # In a lecture's scene: the clicker's PageDown from here opens the next scene.
        "scene_last": scenes.scene_last(lecture.PATHS.get(page.prefix, ""), stepper.total),
        "sync_ms": SYNC_MS,
        "play": {
            "key": page.own("play"),
            "shortcut": KEYS["play"][1].lower(),
            "unit": PLAY_MOVES[str(ss.get(page.key("play_unit"), page.defaults.play_unit))],
            "speed_ms": round(1000 * float(ss.get(page.key("speed"), page.defaults.speed))),
        },
    }
    chart_key, board_key = scenes.STAGE_CHARTS
    key = page.own(board_key) if drawing else page.own(chart_key)
    plot_click(
        _scene_json(page, traces + legend, base),
        height=int(base.get("height") or 450),
        key=key,
        on_click=data.board_click(page) if drawing else None,
        stage=stage_data,
        on_sync=lambda value: synced(page, stepper, value),
        fit=window_fit(base, traces + legend),
    )
    controls.scrub(page, stepper)


def _scene_json(page: Table, traces: list[dict], layout: dict) -> str:
    """The scene's figure as JSON, serialised once per run and look: at 20,000 points it
    is half a megabyte and costs more than the rest of a rerun, which every report of the
    browser's cursor makes."""
    key = (st.session_state.get(page.own("run_id")), _look(traces, layout))
    cached = st.session_state.get(page.own("scene_json"))
    if cached is not None and cached[0] == key:
        return cached[1]
    out = theme.figure(traces, layout).to_json()
    st.session_state[page.own("scene_json")] = (key, out)
    return out


def synced(page: Table, stepper: Stepper, value: dict) -> None:
    """The browser's report: where it stepped to (its cursor and Back's history), and the
    move it left to the server. Anything malformed is ignored: the server's state stays."""
    try:
        seq = int(value["seq"])
        cursor = int(value["cursor"])
        history = [int(h) for h in list(value.get("history") or [])[-1000:]]
    except (KeyError, TypeError, ValueError, OverflowError):
        return
    ss = st.session_state
    if seq <= int(ss.get(page.own("applied"), 0)):
        return  # an old report
    ss[page.own("applied")] = seq
    stepper.adopt(cursor, history)
    move = value.get("move")
    if move in controls.STAGE_MOVES:
        controls.mover(stepper)(move)
