"""Predict, then reveal, through AppTest: the lecturer asks the class about the next step
(its right answer computed from the run on the stage at the cursor), the projector counts
the answers given (not what they are), Reveal shows each choice's answers with the right
one marked, answers after Reveal are refused, and the CSV holds the questions and counts.
The right answers are checked against the perceptron of the notes written out here."""

from __future__ import annotations

import csv
import io

import numpy as np
import pytest
from lab_app import click, open_page

from ui.room.default import default_store
from ui.room.rules import Refused


def _started(**query):
    at = open_page("pages/playground.py", **query)
    click(at, "lab_class_start")
    return at, at.session_state["lab_class"]


def _next_mistake_row(X, y, cursor):
    """The perceptron of the notes from w = 0 in the data's order: the row of the first
    mistake at or after visit ``cursor``."""
    w, b, t = np.zeros(X.shape[1]), 0.0, 0
    while True:
        i = t % len(X)
        if y[i] * (w @ X[i] + b) <= 0:
            if t >= cursor:
                return i
            w, b = w + y[i] * X[i], b + y[i]
        t += 1


def test_ask_count_reveal_and_download():
    at, opened = _started(pg_n="30", pg_seed="3", pg_noise="0.1", pg_step="2")
    store = default_store()
    cursor = at.session_state["pg_cursor"]
    at.selectbox(key="lab_class_kind").set_value("next_mistake").run()
    click(at, "lab_class_ask")
    qid, asked = at.session_state["lab_class_question"]
    state = store.state(opened.code)["question"]
    assert state["id"] == qid and state["status"] == "asked" and "right" not in state
    # The right answer is the loop's next mistake: its row is the letter marked right.
    run = at.session_state["lab_class_stage"][1]
    row = _next_mistake_row(np.asarray(run.X), np.asarray(run.y), cursor)
    assert dict(asked.marks)[asked.choices[asked.right][0]] == row
    assert asked.at == cursor
    # Three students answer (one changes their mind); the projector counts them, not what.
    students = [store.join(opened.code, f"10.0.0.{i}").student for i in range(3)]
    store.answer(opened.code, students[0], qid, asked.right)
    store.answer(opened.code, students[1], qid, 0)
    store.answer(opened.code, students[1], qid, 1)
    store.answer(opened.code, students[2], qid, 1)
    at.run()
    assert [m.value for m in at.metric] == ["3"]
    page_text = " ".join(t.value for t in at.text)
    assert asked.prompt in page_text and "✓" not in page_text
    click(at, "lab_class_reveal")
    assert "lab_class_question" not in at.session_state
    _, _, counts = at.session_state["lab_class_revealed"]
    expected = [0] * len(asked.choices)
    for choice in (asked.right, 1, 1):
        expected[choice] += 1
    assert counts == expected
    assert any(f"Right answer: {asked.choices[asked.right]}" in c.value for c in at.caption)
    with pytest.raises(Refused):  # after Reveal, not counted
        store.answer(opened.code, students[0], qid, 0)
    rows = list(csv.DictReader(io.StringIO(_csv(opened))))
    assert [int(r["answers"]) for r in rows] == expected
    assert [r["right"] for r in rows].count("True") == 1
    assert rows[asked.right]["right"] == "True"


def _csv(opened) -> str:
    from ui.room.poll import results_csv

    return results_csv(opened).decode()


def test_a_question_without_an_answer_at_this_step_is_not_asked():
    """At the end of a converged run there is no next mistake: asking says so, and nothing
    goes to the class."""
    at, opened = _started(pg_n="20", pg_seed="3", pg_step="end")
    at.selectbox(key="lab_class_kind").set_value("fixes_point").run()
    click(at, "lab_class_ask")
    assert "lab_class_question" not in at.session_state
    assert default_store().state(opened.code)["question"] is None
    assert any("No update comes after this step" in i.value for i in at.info)


def test_the_convergence_question_is_the_exact_verdict():
    for noise, right in (("0", 0), ("0.3", 1)):
        at, opened = _started(pg_n="40", pg_seed="5", pg_noise=noise)
        at.selectbox(key="lab_class_kind").set_value("converge").run()
        click(at, "lab_class_ask")
        _, asked = at.session_state["lab_class_question"]
        from perceptron_core import theory

        run = at.session_state["lab_class_stage"][1]
        assert asked.right == (0 if theory(run.X, run.y).separable else 1)
        assert asked.right == right, noise
