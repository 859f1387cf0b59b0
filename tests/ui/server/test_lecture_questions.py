"""The lecturer's own question in a lecture file (ui.server.lectures): kept through a
download and an upload, shown as text and formulas only, a hostile one refused field by
field with a reason in English and German, and turned into the class's question shape."""

from __future__ import annotations

import json

import pytest

from ui import lecture, words
from ui.limits import CLASS_CHOICE_LIMIT, CLASS_PROMPT_LIMIT
from ui.parts.saved import refused
from ui.room import rules
from ui.server import lectures
from ui.server.lectures import BadLecture, Question, dump, parse

PATHS = tuple(lecture.PATHS.values())
GOOD = {
    "prompt": "Why does the bound $R^2/\\gamma^2$ not depend on $d$?",
    "choices": ["It does, through $R$", "Only the margin and the radius count", "Luck"],
    "right": 1,
}


def file_with(question) -> bytes:
    scene = {"title": "The bound", "path": "playground", "params": {"pg_step": "3"}}
    if question is not ...:
        scene["question"] = question
    return json.dumps({"format": lectures.FORMAT, "version": 1, "scenes": [scene]}).encode()


def test_a_question_is_kept_through_download_and_upload():
    (scene,) = parse(file_with(GOOD), PATHS)
    title, path, params, question = scene
    assert question == Question(GOOD["prompt"], tuple(GOOD["choices"]), 1)
    assert parse(dump([scene]), PATHS) == (scene,)
    (plain,) = parse(file_with(...), PATHS)  # a scene without one stays a 3-tuple
    assert len(plain) == 3 and "question" not in dump([plain]).decode()


def hostile(field, value):
    return {**GOOD, field: value}


@pytest.mark.parametrize(
    ("question", "english", "german"),
    [
        ("Why?", "is not a prompt, its choices", "ist kein Text mit Antworten"),
        ({**GOOD, "script": 1}, "is not a prompt, its choices", "ist kein Text mit Antworten"),
        ({"prompt": "x", "choices": ["a", "b"]}, "is not a prompt", "ist kein Text"),
        (hostile("prompt", "<script>alert(1)</script>"), "holds HTML", "enthält HTML"),
        (hostile("prompt", "see [here](javascript:alert(1))"), "holds HTML", "enthält HTML"),
        (hostile("prompt", "![x](http://evil.example/a.png)"), "holds HTML", "enthält HTML"),
        (hostile("prompt", "go to www.example.org"), "holds HTML", "enthält HTML"),
        (hostile("prompt", "$\\href{javascript:alert(1)}{x}$"), "holds HTML", "enthält HTML"),
        (hostile("prompt", "x" * 501), "text of 1 to 500", "Text von 1 bis 500"),
        (hostile("prompt", "   "), "text of 1 to 500", "Text von 1 bis 500"),
        (hostile("prompt", 7), "text of 1 to 500", "Text von 1 bis 500"),
        (hostile("choices", ["a"] * 1000), "has 2 to 6 choices", "hat 2 bis 6 Antworten"),
        (hostile("choices", ["a"]), "has 2 to 6 choices", "hat 2 bis 6 Antworten"),
        (hostile("choices", "ab"), "has 2 to 6 choices", "hat 2 bis 6 Antworten"),
        (hostile("choices", ["a", 2]), "choice 2 is text of 1 to 120", "Antwort 2 von Szene 1"),
        (hostile("choices", ["a", "b" * 121]), "choice 2 is text", "Antwort 2 von Szene 1"),
        (
            hostile("choices", ["<img src=x onerror=alert(1)>", "b"]),
            "choice 1 holds HTML",
            "Antwort 1 von Szene 1 enthält HTML",
        ),
        (hostile("right", 3), "whole number from 0 to 2", "ganze Zahl von 0 bis 2"),
        (hostile("right", -1), "whole number from 0 to 2", "ganze Zahl von 0 bis 2"),
        (hostile("right", True), "whole number from 0 to 2", "ganze Zahl von 0 bis 2"),
        (hostile("right", 1.0), "whole number from 0 to 2", "ganze Zahl von 0 bis 2"),
        (hostile("right", "1"), "whole number from 0 to 2", "ganze Zahl von 0 bis 2"),
    ],
)
def test_a_hostile_question_is_refused_with_its_field_in_english_and_german(
    question, english, german
):
    with pytest.raises(BadLecture) as bad:
        parse(file_with(question), PATHS)
    assert english in str(bad.value) and "Scene 1" in str(bad.value)
    with words.using("de"):
        said = refused(bad.value)
    assert german in said and said != str(bad.value)


def test_nan_and_a_megabyte_prompt_are_refused():
    raw = file_with(GOOD).replace(b'"right": 1', b'"right": NaN')
    with pytest.raises(BadLecture, match="whole number"):
        parse(raw, PATHS)
    with pytest.raises(BadLecture, match="at most 256 KB"):
        parse(file_with(hostile("prompt", "x" * 1_000_000)), PATHS)


def test_the_text_is_escaped_and_the_formulas_kept():
    text = "Is *this* a `trap` $w \\cdot x$ or _not_? {x} $5"
    md = lectures.question_markdown(text)
    assert "$w \\cdot x$" in md  # the formula as written, for KaTeX
    assert "\\*this\\*" in md and "\\`trap\\`" in md and "\\_not\\_" in md
    assert md.endswith("\\$5")  # a lone dollar is text


def test_a_lecture_question_becomes_a_question_the_class_checks():
    (scene,) = parse(file_with(GOOD), PATHS)
    asked = lectures.class_question(
        scene[3], prompt_most=CLASS_PROMPT_LIMIT, choice_most=CLASS_CHOICE_LIMIT
    )
    assert asked == {
        "kind": "lecturer",
        "prompt": GOOD["prompt"],
        "choices": GOOD["choices"],
        "right": 1,
        "marks": [],
    }
    # The class's own check takes its prompt, choices, right and marks (its kind is the
    # lead's to add when wiring it: the class's kinds are today only computed questions).
    kind = asked["kind"] if asked["kind"] in rules.QUESTION_KINDS else rules.QUESTION_KINDS[0]
    checked = rules.check_question(
        kind, asked["prompt"], asked["choices"], asked["right"], asked["marks"]
    )
    assert (checked.prompt, checked.choices, checked.right) == (
        GOOD["prompt"],
        tuple(GOOD["choices"]),
        1,
    )


def test_a_question_too_long_for_the_class_is_refused_not_cut():
    long = Question("y" * (CLASS_PROMPT_LIMIT + 1), ("a", "b"), 0)
    with pytest.raises(BadLecture, match=f"at most {CLASS_PROMPT_LIMIT}"):
        lectures.class_question(long, prompt_most=CLASS_PROMPT_LIMIT, choice_most=80)
    wide = Question("ok", ("a", "b" * (CLASS_CHOICE_LIMIT + 1)), 0)
    with pytest.raises(BadLecture, match="choice 2"):
        lectures.class_question(wide, prompt_most=300, choice_most=CLASS_CHOICE_LIMIT)
    with words.using("de"):
        try:
            lectures.class_question(wide, prompt_most=300, choice_most=CLASS_CHOICE_LIMIT)
        except BadLecture as bad:
            assert "Antwort 2" in refused(bad)
