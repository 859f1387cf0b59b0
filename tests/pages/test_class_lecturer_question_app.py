"""The lecturer's own question, asked in class through AppTest: a lecture file's scene with
a question, opened with a class on, offers "The lecturer's question" chosen by default;
Ask puts the file's text in the class's store as it is (kind "lecturer"), the students'
answers given through the store are counted, Reveal marks the file's right choice. A
question too long for a phone is refused with its reason, and nothing is asked."""

from __future__ import annotations

import json

from lab_app import click, open_page

from ui.limits import CLASS_CHOICE_LIMIT, CLASS_PROMPT_LIMIT
from ui.room.default import default_store
from ui.server import lectures

QUESTION = {
    "prompt": "Why does the bound $R^2/\\gamma^2$ not depend on *d*?",
    "choices": ["It does", "Only $R$ and $\\gamma$ count", "Luck_and *chance*"],
    "right": 1,
}


def _lecture(question) -> str:
    body = {
        "format": lectures.FORMAT,
        "version": 1,
        "scenes": [
            {
                "title": "Margin 0.2",
                "path": "playground",
                "params": {"pg_n": "30", "pg_separable_margin": "0.2", "pg_step": "2"},
                "question": question,
            }
        ],
    }
    return lectures.default_store().save(json.dumps(body).encode())


def _scene_with_a_class(question, **query):
    at = open_page("pages/lecture.py", saved=_lecture(question), **query)
    click(at, "lab_mine_open_0")  # the lecturer's scene: its page, data and step
    # AppTest's next runs are of the page it was last switched to: the scene's, as the
    # app's own switch opened it.
    at.switch_page("pages/playground.py").run()
    assert at.session_state["pg_cursor"] == 2
    click(at, "lab_class_start")
    return at, at.session_state["lab_class"]


def test_the_lecturer_s_question_is_asked_counted_and_revealed():
    at, opened = _scene_with_a_class(QUESTION)
    box = at.selectbox(key="lab_class_kind")
    assert box.value == "lecturer"  # chosen by default on the scene
    assert "The lecturer's question" in box.options
    assert "Which point is the next mistake?" in box.options  # the computed kinds stay
    click(at, "lab_class_ask")
    store = default_store()
    held = store.state(opened.code)["question"]
    assert held["kind"] == "lecturer"
    assert held["prompt"] == QUESTION["prompt"]  # the lecturer's text, as written
    assert held["choices"] == QUESTION["choices"]
    assert "right" not in held
    qid = held["id"]
    # Four students answer through the store: one right, two the first, one the third.
    students = [store.join(opened.code, f"10.0.1.{i}").student for i in range(4)]
    for student, choice in zip(students, (1, 0, 0, 2), strict=True):
        store.answer(opened.code, student, qid, choice)
    at.run()
    assert [m.value for m in at.metric] == ["4"]
    assert QUESTION["prompt"] in [t.value for t in at.text]  # plain text, not Markdown
    click(at, "lab_class_reveal")
    _, asked, counts = at.session_state["lab_class_revealed"]
    assert counts == [2, 1, 1]
    assert asked.right == 1
    revealed = store.state(opened.code)["question"]
    assert revealed["counts"] == [2, 1, 1] and revealed["right"] == 1
    assert any(
        c.value.startswith(f"Right answer: {QUESTION['choices'][1]} (the lecturer's)")
        for c in at.caption
    )


def test_german_page_keeps_the_lecturer_s_words_and_names_the_kind():
    at, opened = _scene_with_a_class(QUESTION, lang="de")
    assert "Die Frage der Lehrkraft" in at.selectbox(key="lab_class_kind").options
    click(at, "lab_class_ask")
    assert default_store().state(opened.code)["question"]["prompt"] == QUESTION["prompt"]


def test_a_question_too_long_for_the_phones_is_refused_and_not_asked():
    long = {**QUESTION, "prompt": "Why " + "x" * CLASS_PROMPT_LIMIT + "?"}
    at, opened = _scene_with_a_class(long)
    click(at, "lab_class_ask")
    assert default_store().state(opened.code)["question"] is None
    assert "lab_class_question" not in at.session_state
    assert any(
        f"To ask the class, a question is at most {CLASS_PROMPT_LIMIT} characters" in i.value
        for i in at.info
    )


def test_a_choice_too_long_for_the_phones_is_refused_in_german():
    choices = ["Ja", "Nein", "y" * (CLASS_CHOICE_LIMIT + 1)]
    at, opened = _scene_with_a_class({**QUESTION, "choices": choices}, lang="de")
    click(at, "lab_class_ask")
    assert default_store().state(opened.code)["question"] is None
    said = f"Für die Klasse hat Antwort 3 höchstens {CLASS_CHOICE_LIMIT} Zeichen."
    assert [i.value for i in at.info] == [said]


def test_a_question_that_reads_as_a_coded_one_is_refused_and_not_asked():
    """The phones say a prompt that is one of the lab's coded questions (a JSON list) as
    that question: the lecturer is told to reword it, and nothing is asked."""
    coded = {**QUESTION, "prompt": '["turn"]'}
    at, opened = _scene_with_a_class(coded)
    click(at, "lab_class_ask")
    assert default_store().state(opened.code)["question"] is None
    assert any("reads as one of the lab's own coded questions" in i.value for i in at.info)


def test_a_scene_without_a_question_offers_only_the_computed_kinds():
    at = open_page("pages/playground.py", pg_n="30", pg_step="2")
    click(at, "lab_class_start")
    assert "The lecturer's question" not in at.selectbox(key="lab_class_kind").options
