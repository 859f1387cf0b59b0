"""The data picker's drawing board: the class of the next point, Undo, Clear, a point by
its coordinates, and the chart's clicks (a marker hit removes that point, empty space
adds one). The points live in the page's session state, with their Undo history.
"""

from __future__ import annotations

from functools import partial

import numpy as np
import streamlit as st

import datasets
from ui import limits, notation, state
from ui.parts.sources import DataChoice
from ui.state import Table, owns
from ui.words import t

# The board's own keys: its last edit and the data it shows.
OWN = owns("data_edit", "draw_shown")

DRAW_BOX = 2.0  # the empty drawing board spans [-2, 2] x [-2, 2]


def _ss():
    return st.session_state


def panel(page: Table) -> DataChoice:
    """The board's widgets in the sidebar, and the drawn points as the data."""
    ss = _ss()
    X, y = ss[page.own("points")]
    nt = notation.current()
    names = {
        1: t("draw.pos", label=nt.legend(1)),
        -1: t("draw.neg", label=nt.legend(-1).replace("-", "\u2212")),
    }
    st.segmented_control(
        t("draw.class"),
        [1, -1],
        format_func=names.get,
        default=page.defaults.draw_class,
        required=True,
        key=page.key("draw_class"),
    )
    st.caption(t("draw.how"))
    undo, clear = st.columns(2)
    undo.button(
        t("draw.undo"),
        key=page.own("undo_button"),
        on_click=undo_points,
        args=(page,),
        disabled=not ss[page.own("undo")],
    )
    clear.button(
        t("draw.clear"),
        key=page.own("clear"),
        on_click=set_points,
        args=(page, np.zeros((0, 2)), []),
    )
    with st.expander(t("draw.by_coordinates")):
        a, b = st.columns(2)
        a.number_input("x1", value=0.0, step=0.1, format="%.3f", key=page.own("add_x1"))
        b.number_input("x2", value=0.0, step=0.1, format="%.3f", key=page.own("add_x2"))
        st.button(t("draw.add"), key=page.own("add_point"), on_click=_add_typed_point,
                  args=(page,))  # fmt: skip
    if len(y) > limits.MAX_URL_POINTS:
        st.caption(t("draw.too_many", n=f"{len(y):,}", most=limits.MAX_URL_POINTS))
    return DataChoice(datasets.Dataset(X, y, source="drawn points"), drawing=True)


def set_points(page: Table, X, y, *, edit: str = "edit") -> None:
    """Replace the drawn points, keeping the old ones for Undo."""
    ss = _ss()
    ss[page.own("undo")].append(ss[page.own("points")])
    del ss[page.own("undo")][:-50]
    X = np.array([[state.snap(a), state.snap(b)] for a, b in np.reshape(X, (-1, 2))])
    ss[page.own("points")] = (X.reshape(-1, 2), np.asarray(y, dtype=np.int64))
    ss[page.own("data_edit")] = edit


def undo_points(page: Table) -> None:
    ss = _ss()
    if ss[page.own("undo")]:
        ss[page.own("points")] = ss[page.own("undo")].pop()
        ss[page.own("data_edit")] = "undo"


def add_point(page: Table, x: float, y: float) -> None:
    """Add a point of the chosen class at (x, y) in the shown coordinates."""
    ss = _ss()
    shown = ss.get(page.own("draw_shown"))
    label = int(ss.get(page.key("draw_class"), page.defaults.draw_class))
    if shown is None:
        shown = datasets.Dataset(*ss[page.own("points")])
    new = shown.with_points_added((x, y), label).raw
    set_points(page, new.X, new.y, edit="add")


def remove_point_near(page: Table, x: float, y: float) -> None:
    shown = _ss().get(page.own("draw_shown"))
    if shown is None or shown.n == 0:
        return
    new = shown.without_point_nearest(x, y).raw
    set_points(page, new.X, new.y, edit="remove")


def _add_typed_point(page: Table) -> None:
    ss = _ss()
    add_point(page, float(ss[page.own("add_x1")]), float(ss[page.own("add_x2")]))


def _board_click(page: Table, click: dict) -> None:
    if click.get("point") is not None:
        remove_point_near(page, click["x"], click["y"])
    else:
        add_point(page, click["x"], click["y"])
    st.rerun()  # the chart lives in a fragment; the data outside it changed


def board_click(page: Table):
    """The plot_click callback of the page's drawing board: a marker hit removes that
    point, empty space adds one."""
    return partial(_board_click, page)


def drawing_box(box):
    """An empty board to draw on, growing only with the data."""
    from ui.charts.geometry import Box

    lo, hi = min(box.x0, box.y0, -DRAW_BOX), max(box.x1, box.y1, DRAW_BOX)
    return Box(lo, hi, lo, hi)
