"""The Lecture page, the Join page and a class's panel (its code, Ask the class, Reveal,
Collect points) in German, with no English word left; the lecture's scenes in θ notation
write θ where the notes write w."""

from __future__ import annotations

import json
import re

from lab_app import click, open_page
from lab_words import WORD, catalogue_words, english_left

from ui import lecture
from ui.room import codes
from ui.room.default import default_store

# A page's link path is the same in every language (/playground: a link's options stay as
# they are), and a class's code and a student's pseudonym are names, not words.
PATHS = re.compile(r"/(" + "|".join(sorted(set(lecture.PATHS.values()), key=len)[::-1]) + r")\b")


def german_left(at, *names: str) -> list[str]:
    """``english_left``, the page paths and ``names`` taken out of each text first."""
    german = catalogue_words("de")
    left = []
    for text in english_left(at):
        rest = PATHS.sub(" ", text)
        for name in names:
            rest = rest.replace(name, " ")
        if any(w.lower() not in german for w in WORD.findall(rest)):
            left.append(text)
    return left


def test_the_lecture_page_in_german_through_every_scene():
    at = open_page("pages/lecture.py", lang="de")
    assert at.title[0].value == "Vorlesung"
    assert german_left(at) == []
    for i in range(1, len(lecture.SCENES)):
        click(at, "lab_lecture_next")
        assert at.subheader[0].value.startswith(f"{i + 1}. ")
        assert german_left(at) == [], i
    assert at.button(key="lab_lecture_next").disabled


def test_a_scene_opened_in_german_says_its_bar_in_german():
    at = open_page("pages/lecture.py", lang="de")
    click(at, "lab_lecture_open")  # the first scene: the lecture page runs once, then opens it
    at.switch_page("pages/playground.py").run()
    bar = [m.value for m in at.markdown if m.value.startswith("**Szene 1 von ")]
    assert bar == [f"**Szene 1 von {len(lecture.SCENES)}:** Ein Update ist eine Vektorsumme"]
    assert at.button(key="lab_next_scene").label == "Nächste Szene ▶"


def test_the_join_page_in_german_with_a_bad_and_a_good_code():
    at = open_page("pages/join.py", lang="de")
    assert at.text_input(key="lab_join_code").label == "Beitrittscode"
    assert german_left(at) == []
    at.text_input(key="lab_join_code").set_value("<b>x</b>")
    at.button(key="lab_join_go").click().run()
    assert [e.value for e in at.error] == [
        "Ein Beitrittscode hat 6 Buchstaben und Ziffern, wie auf dem Projektor."
    ]
    at.text_input(key="lab_join_code").set_value(codes.ALPHABET[-6:])  # no class has it
    at.button(key="lab_join_go").click().run()
    assert [e.value for e in at.error] == [
        "Keine Klasse hat diesen Code. Prüfen Sie den Code auf dem Projektor."
    ]
    assert german_left(at) == []
    lecturer = open_page("pages/playground.py", pg_n="20", pg_seed="3")
    click(lecturer, "lab_class_start")
    code = lecturer.session_state["lab_class"].code
    student = open_page("pages/join.py", code=code, lang="de")
    _, _, pseudonym = student.session_state["lab_joined"]
    assert student.text[0].value == f"Sie folgen der Vorlesung (Code {code}) als {pseudonym}."
    assert german_left(student, code, pseudonym) == []


def test_a_class_on_a_stepping_page_in_german_ask_reveal_collect():
    at = open_page("pages/playground.py", pg_n="30", pg_seed="3", pg_noise="0.1", lang="de")
    click(at, "pg_step")
    click(at, "lab_class_start")
    opened = at.session_state["lab_class"]
    assert german_left(at, opened.code) == []
    # The page the students open carries no language: each keeps its own.
    lead = default_store().state(opened.code)["lead"]
    assert "pg_n=30" in lead["query"] and "lang" not in lead["query"]
    for kind in ("next_mistake", "fixes_point", "turn", "converge", "fewer_mistakes"):
        at.session_state["lab_class_kind"] = kind  # set_value formats outside the session
        at.run()
        click(at, "lab_class_ask")
        # The class's store holds the question's id and numbers, not the lecturer's words:
        # each student's device says it in its own language (ui/room/class_words.mjs).
        held = default_store().state(opened.code)["question"]
        assert json.loads(held["prompt"])[0] == kind
        assert at.button(key="lab_class_reveal").label == "Auflösen"
        assert german_left(at, opened.code) == [], kind
        click(at, "lab_class_reveal")
        assert any(c.value.startswith("Richtige Antwort: ") for c in at.caption)
        assert german_left(at, opened.code) == [], kind
    store = default_store()
    click(at, "lab_class_collect")
    a = store.join(opened.code, "10.0.0.1")
    store.add_point(opened.code, a.student, 0.5, 0.25, 1)
    at.run()
    assert german_left(at, opened.code, a.pseudonym) == []
    assert [b.label for b in at.button if b.key == "lab_class_use_points"] == [
        "Den 1 Punkt der Studierenden verwenden"
    ]
    click(at, "lab_class_stop")
    assert german_left(at, opened.code) == []
    click(at, "lab_class_end")
    assert [i.value for i in at.info] == ["Die Klasse ist beendet."]


# The notes' symbols where θ notation has its own.
NOTES_SYMBOLS = re.compile(r"\bw_|w·x|‖w‖|\bw = |\bw\b")  # K(a, b): the kernel's arguments


def test_the_lecture_in_theta_notation_writes_theta():
    at = open_page("pages/lecture.py", notation="theta")
    seen = []
    for i in range(len(lecture.SCENES)):
        texts = [m.value for m in at.main.markdown] + [c.value for c in at.main.caption]
        seen += texts
        assert [s for s in texts if NOTES_SYMBOLS.search(s)] == [], i
        if i + 1 < len(lecture.SCENES):
            click(at, "lab_lecture_next")
    joined = " ".join(seen)
    # The scenes that write the weights write them as θ: the sum, the score, the norm.
    for said in ("θ_new = θ_old + y·x", "y(θ·x + θ₀) = -4", "θ·x + θ₀ = 0", "‖θ‖", "θ = 0"):
        assert said in joined, said


def test_a_class_in_hardlim_notation_writes_its_labels_0_and_1():
    at = open_page(
        "pages/playground.py", pg_n="30", pg_seed="3", pg_noise="0.1", notation="hardlim"
    )
    click(at, "pg_step")
    click(at, "lab_class_start")
    opened = at.session_state["lab_class"]
    click(at, "lab_class_ask")  # which point is the next mistake: each choice has its label
    _, asked = at.session_state["lab_class_question"]
    shown = [t.value for t in at.text if t.value.startswith("•")]
    assert len(shown) == len(asked.choices) >= 2
    for said, english in zip(shown, asked.choices, strict=True):  # +1 is t = 1, -1 is t = 0
        label = english.rsplit(" ", 1)[1]
        assert said.endswith(f"label {'1' if label == '+1' else '0'}"), (said, english)
    click(at, "lab_class_reveal")
    click(at, "lab_class_collect")
    store = default_store()
    a = store.join(opened.code, "10.0.0.2")
    store.add_point(opened.code, a.student, 0.5, 0.25, -1)
    at.run()
    assert at.selectbox(key="lab_class_remove_which").options == [
        f"#1 (0.50, 0.25) 0 by {a.pseudonym}"
    ]


def test_the_lecturer_s_own_scenes_saved_and_opened_in_german():
    at = open_page("pages/playground.py", pg_n="30", pg_seed="3", pg_step="4", lang="de")
    at.text_input(key="pg_moment_title").set_value("Vier Schritte").run()
    click(at, "pg_moment_add")
    at.switch_page("pages/lecture.py").run()
    assert [s.value for s in at.subheader][-1] == "Ihre Szenen"
    assert at.button(key="lab_mine_remove_0").label == "Entfernen"
    assert at.button(key="lab_lecture_save").label == "Auf dem Kursserver speichern"
    click(at, "lab_lecture_save")
    assert german_left(at) == []
    lecture_id = at.session_state["lab_lecture_saved"]
    assert any(c.value.startswith("Der Link Ihrer Vorlesung") for c in at.caption)
    other = open_page("pages/lecture.py", saved=lecture_id, lang="de")  # another computer
    shown = [s.value.replace("\\", "") for s in other.success]  # escaped as Markdown
    assert shown == ["Die gespeicherte Vorlesung: 1 Szene geöffnet."]
    assert german_left(other) == []
    other.query_params["saved"] = "A" * 22  # no such lecture
    other.run()
    assert [e.value.replace("\\", "") for e in other.error] == [
        "Der Link der Vorlesung: Keine gespeicherte Vorlesung hat diesen Link (vielleicht wurde "
        "sie gelöscht)."
    ]
    assert german_left(other) == []


def test_a_class_started_on_the_lecture_page_in_german():
    at = open_page("pages/lecture.py", lang="de")
    assert at.sidebar.button(key="lab_class_start").label == "Klasse starten"
    click(at, "lab_class_start")
    code = at.session_state["lab_class"].code
    assert [c.value for c in at.caption][:2] == ["Beitrittscode", "Beitrittslink"]
    assert at.expander[0].label == f"Klasse {code}"
    assert german_left(at, code) == []
    click(at, "lab_class_end")
    assert [i.value for i in at.info] == ["Die Klasse ist beendet."]
    assert german_left(at) == []
