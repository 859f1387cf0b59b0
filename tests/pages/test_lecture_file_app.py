"""The lecture in one file and the lecturer's own questions on /lecture, through AppTest: a
saved lecture with a question shows it with its scene as text and formulas (nothing else
of it is Markdown), in German too; a hostile question is refused with its reason and the
scenes stay; the page offers the whole lecture as one HTML file, made in the lab's
language and notation with the lecturer's scenes and question in it."""

from __future__ import annotations

import json

from lab_app import open_page

from ui import notation, words
from ui.parts import saved
from ui.server import lectures

QUESTION = {
    "prompt": "Why does $R^2/\\gamma^2$ not depend on *d*?",
    "choices": ["It does", "Only $R$ and $\\gamma$ count", "Luck_and_chance"],
    "right": 1,
}
SCENE = {
    "title": "Margin 0.2",
    "path": "playground",
    "params": {"pg_n": "30", "pg_separable_margin": "0.2", "pg_step": "2"},
}


def lecture_file(question) -> bytes:
    body = {"format": lectures.FORMAT, "version": 1, "scenes": [{**SCENE, "question": question}]}
    return json.dumps(body).encode()


def test_a_saved_lecture_s_question_is_shown_with_its_scene_as_text_and_formulas():
    lecture_id = lectures.default_store().save(lecture_file(QUESTION))
    for lang, said, right in (
        ("en", "Question: ", "The right answer: B."),
        ("de", "Frage: ", "Die richtige Antwort: B."),
    ):
        at = open_page("pages/lecture.py", saved=lecture_id, lang=lang)
        (scene,) = at.session_state["lab_custom_scenes"]
        assert scene[3] == lectures.Question(QUESTION["prompt"], tuple(QUESTION["choices"]), 1)
        shown = [m.value for m in at.markdown]
        prompt = next(v for v in shown if v.startswith(said))
        assert "$R^2/\\gamma^2$" in prompt  # the formula, for KaTeX
        assert "\\*d\\*" in prompt  # the rest is text: no emphasis
        assert "B. Only $R$ and $\\gamma$ count" in shown
        assert "C. Luck\\_and\\_chance" in shown
        assert right in [c.value for c in at.caption]


def mine(at) -> tuple:
    return at.session_state["lab_custom_scenes"] if "lab_custom_scenes" in at.session_state else ()


def test_a_hostile_question_is_refused_with_its_field_and_the_scenes_stay():
    at = open_page("pages/lecture.py", lang="de")
    for hostile, reason in (
        ({**QUESTION, "prompt": "<script>alert(1)</script>"}, "enthält HTML"),
        ({**QUESTION, "choices": ["a"] * 1000}, "hat 2 bis 6 Antworten"),
        ({**QUESTION, "right": "1"}, "ganze Zahl von 0 bis 2"),
    ):
        lecture_id = lectures.default_store().save(lecture_file(hostile))
        at.query_params["saved"] = lecture_id
        at.run()
        assert not at.exception
        assert not mine(at)  # none taken
        errors = [e.value for e in at.error]
        assert errors and reason in errors[0] and "<script>" not in errors[0], errors


def test_the_page_offers_the_lecture_as_one_html_file_in_its_language():
    lecture_id = lectures.default_store().save(lecture_file(QUESTION))
    at = open_page("pages/lecture.py", saved=lecture_id, lang="de", notation="theta")
    labels = [b.proto.label for b in at.get("download_button")]
    assert "Die Vorlesung als eine HTML-Datei herunterladen" in labels
    mine = at.session_state["lab_custom_scenes"]
    # What the button's file holds: the language and notation are those of the moment the
    # button was drawn (here German and theta), even when the file is made later, elsewhere.
    with words.using("de"), notation.using("theta"):
        made = saved.lecture_html(tuple(mine))
    html = made().decode()
    assert html.startswith("<!DOCTYPE html>") and '<html lang="de">' in html
    assert "Szene {i} von {n}" in html and "θ₀ = " in html  # German, theta
    assert "Why does R^2" not in html and '"R^2/\\\\gamma^2"' in html  # the formula as text
    # No script from the file: plotly.js, the data, the pool, KaTeX and the player.
    assert "Margin 0.2" in html and html.count("<script") == 5
