"""The class builds the data: Collect points. The lecturer sets how many points each student
may place and starts collecting on the Playground; each student taps their chart (a
following student's page, ``ui/room/follow.js``) to place a labelled point inside the
chart's box; the points appear here as they arrive (read every second); the lecturer can
remove any, stop, and **Use the class's points**: they become the page's data on the
drawing board, stepped like any other, in the page's link and downloads.
"""

from __future__ import annotations

import logging

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from ui import lecture, notation
from ui.charts import geometry, theme
from ui.parts import draw
from ui.room import class_words, lecturer
from ui.room.default import default_store
from ui.room.rules import Refused
from ui.stage.chart import plot
from ui.state import lab
from ui.words import t as say

log = logging.getLogger(__name__)
PAGES = {"pg_"}  # the page whose data the class builds: the Playground's drawing board
READ_EVERY_S = 1.0
# How the class's points look, on the projector's preview and on each student's chart: as
# every chart's classes (ui.charts.theme's palette, colour and shape).
LOOK = {1: (theme.POS_COLOR, theme.POS_SYMBOL), -1: (theme.NEG_COLOR, theme.NEG_SYMBOL)}
POINT_SIZE = 12


def _stage(path: str):
    stage = st.session_state.get(lab.CLASS_STAGE)
    if stage is None or stage[0] not in PAGES or lecture.PATHS.get(stage[0]) != path:
        return None
    return stage


def box_of(ds) -> tuple[float, float, float, float]:
    """Where students may place points: the drawing board's box around the page's data."""
    shown = draw.drawing_box(geometry.view_box(ds.X, include_origin=True))
    return (shown.x0, shown.x1, shown.y0, shown.y1)


def start(opened, path: str) -> None:
    ss = st.session_state
    stage = _stage(path)
    if stage is None:
        return
    try:
        default_store().collect(
            opened.code, opened.secret, box_of(stage[2]), int(ss.get(lab.CLASS_PER_STUDENT, 3))
        )
    except Refused as refused:
        ss[lab.CLASS_SAID] = class_words.refusal(refused.reason)
    except Exception as exc:  # the store unreachable: said, one line logged
        lecturer.went_down(exc)
        return


def stop(opened) -> None:
    try:
        default_store().stop_collecting(opened.code, opened.secret)
    except Refused as refused:
        st.session_state[lab.CLASS_SAID] = class_words.refusal(refused.reason)
    except Exception as exc:  # the store unreachable: said, one line logged
        lecturer.went_down(exc)
        return


def remove(opened) -> None:
    point = st.session_state.get(lab.CLASS_REMOVE_WHICH)
    if point is None:
        return
    try:
        default_store().remove_point(opened.code, opened.secret, int(point))
    except Refused as refused:
        st.session_state[lab.CLASS_SAID] = class_words.refusal(refused.reason)
    except Exception as exc:  # the store unreachable: said, one line logged
        lecturer.went_down(exc)
        return


def use_points(opened, path: str) -> None:
    """Stop collecting; the class's points become the Playground's drawn data."""
    ss = st.session_state
    table = lecture.table_of(path)
    try:
        store = default_store()
        store.stop_collecting(opened.code, opened.secret)
        points = store.state(opened.code)["points"]
    except Refused as refused:
        ss[lab.CLASS_SAID] = class_words.refusal(refused.reason)
        return
    except Exception as exc:  # the store unreachable: said, one line logged
        lecturer.went_down(exc)
        return
    if not points:
        ss[lab.CLASS_SAID] = say("class.no_points")
        return
    X = np.array([[p["x1"], p["x2"]] for p in points], dtype=float)
    y = [int(p["label"]) for p in points]
    draw.set_points(table, X, y)
    ss[table.key("source")] = "draw"  # the option (its label, "Draw", is the link's)


def _points(code: str) -> tuple[dict | None, list[dict]]:
    try:
        state = default_store().state(code)
    except Exception:  # the class is over, or the store failed: the next read tries again
        return None, []
    return state.get("collecting"), list(state.get("points") or [])


def preview(points: list[dict], box) -> go.Figure:
    """The class's points as they arrive, in the box students place them in."""
    fig = go.Figure()
    for label, (colour, symbol) in LOOK.items():
        mine = [p for p in points if p["label"] == label]
        fig.add_trace(
            go.Scatter(
                x=[p["x1"] for p in mine],
                y=[p["x2"] for p in mine],
                mode="markers",
                name=notation.current().legend(label),
                marker={"color": colour, "symbol": symbol, "size": POINT_SIZE},
                hoverinfo="skip",
            )
        )
    fig.update_layout(
        height=320,
        margin={"l": 40, "r": 10, "t": 10, "b": 30},
        xaxis={"range": [box[0], box[1]], "constrain": "domain"},
        yaxis={"range": [box[2], box[3]], "scaleanchor": "x", "constrain": "domain"},
        legend={"orientation": "h"},
    )
    return fig


def collect(path: str, opened) -> None:
    """Collect points: start, the points as they arrive, remove one, stop, use them."""
    collecting, points = _points(opened.code)
    if _stage(path) is None:
        # Another page: still collecting (the students' pages say so), stopped from here.
        if collecting is not None and not st.session_state.get(lab.CLASS_ADVERSARY):
            st.text(say("class.still_collecting", n=f"{len(points):,}"))
            st.button(say("class.stop"), key=lab.CLASS_STOP, on_click=stop, args=(opened,))
        return
    if collecting is None:
        a, b = st.columns([1, 1], vertical_alignment="bottom")
        a.number_input(
            say("class.per_student"), min_value=1, max_value=20, value=3, key=lab.CLASS_PER_STUDENT
        )
        b.button(
            say("class.collect"),
            key=lab.CLASS_COLLECT,
            icon=":material/touch_app:",
            on_click=start,
            args=(opened, path),
            help=say("class.collect_help"),
        )
        if points:
            st.button(
                say("class.use", n=len(points)),
                key=lab.CLASS_USE_POINTS,
                on_click=use_points,
                args=(opened, path),
            )
        return

    @st.fragment(run_every=READ_EVERY_S)
    def arriving() -> None:
        # One read of the class's points for all that counts them (the line, the chart,
        # the list, Use): drawn from two reads, they said 9 points beside "Use 0".
        now, points = _points(opened.code)
        if now is None:  # stopped (Stop, Use, another page): the whole page shows it
            st.rerun()
        arrived(path, opened, now, points)

    arriving()


def arrived(path: str, opened, now: dict, points: list[dict]) -> None:
    """While collecting: the points so far, each removable, Stop, and Use them."""
    st.text(
        say("class.collecting", n=len(points), count=f"{len(points):,}", per=now["per_student"])
    )
    plot(preview(points, now["box"]), key=lab.CLASS_POINTS_CHART)
    labels = {
        p["id"]: say(
            "class.point",
            id=p["id"],
            x1=f"{p['x1']:.2f}",
            x2=f"{p['x2']:.2f}",
            label=class_words.label(p["label"]),
            by=p["by"],
        )
        for p in points
    }
    a, b, c = st.columns([3, 1, 2], vertical_alignment="bottom")
    a.selectbox(
        say("class.a_point"), list(labels), format_func=labels.get, key=lab.CLASS_REMOVE_WHICH
    )
    b.button(say("class.remove"), key=lab.CLASS_REMOVE, on_click=remove, args=(opened,))
    c.button(say("class.stop"), key=lab.CLASS_STOP, on_click=stop, args=(opened,))
    st.button(
        say("class.use", n=len(points)),
        key=lab.CLASS_USE_POINTS,
        type="primary",
        on_click=use_points,
        args=(opened, path),
    )
