"""Collect points through AppTest: the lecturer starts collecting on the Playground (the box
is the drawing board's around the data, the share as set), the points students place are
listed with their pseudonyms, one is removed (its student may place another), collecting
stops, and the class's points become the page's drawn data, exactly as placed."""

from __future__ import annotations

import numpy as np
from lab_app import click, open_page

from ui.room.default import default_store
from ui.room.rules import Refused


def test_collect_remove_stop_and_use_the_class_s_points():
    at = open_page("pages/playground.py", pg_n="20", pg_seed="3")
    click(at, "lab_class_start")
    opened = at.session_state["lab_class"]
    at.number_input(key="lab_class_per_student").set_value(2).run()
    click(at, "lab_class_collect")
    store = default_store()
    collecting = store.state(opened.code)["collecting"]
    assert collecting["per_student"] == 2
    x0, x1, y0, y1 = collecting["box"]
    X = np.asarray(at.session_state["lab_class_stage"][2].X)
    assert x0 <= X[:, 0].min() and X[:, 0].max() <= x1 and y0 <= X[:, 1].min() <= y1
    a, b = (store.join(opened.code, f"10.0.0.{i}") for i in range(2))
    placed = [(a, 0.5, 0.25, 1), (a, -0.5, -0.75, -1), (b, 0.125, -0.5, -1)]
    ids = [store.add_point(opened.code, s.student, x, y, label) for s, x, y, label in placed]
    try:
        store.add_point(opened.code, a.student, 0.0, 0.0, 1)
    except Refused as refused:
        assert refused.status == 409
    else:
        raise AssertionError("a third point of a student with a share of 2 was taken")
    at.run()
    options = at.selectbox(key="lab_class_remove_which").options
    assert len(options) == 3 and any(a.pseudonym in o for o in options)
    at.selectbox(key="lab_class_remove_which").set_value(ids[0]).run()
    click(at, "lab_class_remove")
    assert [p["id"] for p in store.state(opened.code)["points"]] == ids[1:]
    store.add_point(opened.code, a.student, 1.0, 1.0, 1)  # a's share has room again
    click(at, "lab_class_use_points")
    assert store.state(opened.code)["collecting"] is None  # stopped
    X_drawn, y_drawn = at.session_state["pg_points"]
    assert np.array_equal(X_drawn, [[-0.5, -0.75], [0.125, -0.5], [1.0, 1.0]])
    assert list(y_drawn) == [-1, -1, 1]
    assert at.session_state["pg_source"] == "draw"
    assert at.query_params["pg_source"] == ["Draw"] or at.query_params["pg_source"] == "Draw"


def test_collecting_can_be_stopped_from_another_page():
    """The lecturer who leaves the Playground while collecting is told so on the next page
    and can stop it there (the students' collect bar goes with it)."""
    at = open_page("pages/playground.py", pg_n="20", pg_seed="3")
    click(at, "lab_class_start")
    opened = at.session_state["lab_class"]
    click(at, "lab_class_collect")
    store = default_store()
    student = store.join(opened.code, "10.0.0.9")
    store.add_point(opened.code, student.student, 0.25, 0.25, 1)
    at.switch_page("pages/kernel.py").run()
    assert not at.exception
    said = [t.value for t in at.text if t.value.startswith("Still collecting")]
    assert said == ["Still collecting points for the Playground: 1 so far."]
    click(at, "lab_class_stop")
    assert store.state(opened.code)["collecting"] is None
    assert len(store.state(opened.code)["points"]) == 1  # kept, for the Playground
    assert not [t for t in at.text if t.value.startswith("Still collecting")]


def test_collect_points_is_offered_on_an_empty_drawing_board():
    """Where a lecturer starts "let's build the data together": the empty Draw board. The
    students place points in the board's box; used, they are the page's data and run."""
    at = open_page("pages/playground.py", pg_source="Draw")
    assert at.session_state["pg_source"] == "draw"
    assert len(at.session_state["pg_points"][0]) == 0  # the board is empty
    click(at, "lab_class_start")
    opened = at.session_state["lab_class"]
    click(at, "lab_class_collect")
    store = default_store()
    x0, x1, y0, y1 = store.state(opened.code)["collecting"]["box"]
    assert x0 <= -2.0 and x1 >= 2.0 and y0 <= -2.0 and y1 >= 2.0  # the board's own box
    a, b = (store.join(opened.code, f"10.0.2.{i}") for i in range(2))
    store.add_point(opened.code, a.student, 1.0, 1.5, 1)
    store.add_point(opened.code, b.student, -1.0, -0.5, -1)
    at.run()
    assert [t.value for t in at.text if t.value.startswith("Collecting:")] == [
        "Collecting: 2 points so far, at most 3 per student."
    ]
    assert at.button(key="lab_class_use_points").label == "Use the class's 2 points"
    click(at, "lab_class_use_points")
    X_drawn, y_drawn = at.session_state["pg_points"]
    assert np.array_equal(X_drawn, [[1.0, 1.5], [-1.0, -0.5]]) and list(y_drawn) == [1, -1]
    assert at.session_state["lab_class_stage"][1] is not None  # a run on the class's data
