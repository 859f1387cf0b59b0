"""A lecture file or link refused (ui.server.lectures, its reasons in English) is said in the
page's language by the Lecture page (ui.parts.saved.refused): each of the store's reasons,
raised here by a hostile file or link, in German, and in English as the store wrote it."""

from __future__ import annotations

import json

import pytest

from ui import lecture, words
from ui.limits import MAX_LINK, SCENE_TITLE_CHARS, SCENES_KEPT
from ui.parts.saved import refused
from ui.server import lectures
from ui.server.lectures import BadLecture, LectureStore, parse

PATHS = tuple(lecture.PATHS.values())
OK = {"title": "t", "path": "playground", "params": {}}
Q = {"prompt": "Why?", "choices": ["a", "b"], "right": 0}


def body(**overrides) -> bytes:
    out = {"format": lectures.FORMAT, "version": 1, "scenes": [OK]}
    out.update(overrides)
    return json.dumps(out).encode()


HOSTILE = [
    b"\xff\xfe not utf-8",
    b"[" * 200_000 + b"]" * 200_000,
    json.dumps([1, 2]).encode(),
    body(version="<b>2</b>"),
    body(scenes=[]),
    body(scenes=[OK] * (SCENES_KEPT + 1)),
    body(scenes=["x"]),
    body(scenes=[{**OK, "title": "x" * (SCENE_TITLE_CHARS + 1)}]),
    body(scenes=[{**OK, "path": "../etc"}]),
    body(scenes=[{**OK, "params": ["a"]}]),
    body(scenes=[{**OK, "params": {"pg_x": "y" * MAX_LINK}}]),
    # the lecturer's own question, field by field
    body(scenes=[{**OK, "question": "why?"}]),
    body(scenes=[{**OK, "question": {**Q, "prompt": "x" * 501}}]),
    body(scenes=[{**OK, "question": {**Q, "prompt": "<script>x</script>"}}]),
    body(scenes=[{**OK, "question": {**Q, "choices": ["a"] * 1000}}]),
    body(scenes=[{**OK, "question": {**Q, "choices": ["a", 5]}}]),
    body(scenes=[{**OK, "question": {**Q, "choices": ["a", "[b](javascript:x)"]}}]),
    body(scenes=[{**OK, "question": {**Q, "right": "NaN"}}]),
]


def reasons(tmp_path) -> list[str]:
    out = []
    for raw in HOSTILE:
        with pytest.raises(BadLecture) as bad:
            parse(raw, PATHS)
        out.append(str(bad.value))
    store = LectureStore(tmp_path / "l.sqlite3")
    capped = {"session": "s", "address": "a"}
    for call in (
        lambda: store.save(b"x" * (lectures.FILE_BYTES + 1)),
        lambda: store.load("../x"),
        lambda: store.load("A" * 22),
        lambda: [store.save(b"{}", **capped) for _ in range(lectures.SESSION_SAVES + 1)],
        lambda: [
            store.save(b"{}", session=str(i), address="a")
            for i in range(lectures.ADDRESS_SAVES + 1)
        ],
    ):
        with pytest.raises(BadLecture) as bad:
            call()
        out.append(str(bad.value))
    for question in (
        lectures.Question("x" * 301, ("a", "b"), 0),
        lectures.Question("x", ("a", "b" * 81), 0),
    ):
        with pytest.raises(BadLecture) as bad:
            lectures.class_question(question, prompt_most=300, choice_most=80)
        out.append(str(bad.value))
    return out


def test_every_reason_of_the_lecture_store_is_said_in_german(tmp_path):
    said = reasons(tmp_path)
    german_forms = {k: v for k, v in words.CATALOGUES["de"].items() if k.startswith("lecture.bad.")}
    for reason in said:
        assert refused(reason) == reason  # English: as the store wrote it
        with words.using("de"):
            german = refused(reason)
        assert german != reason, reason
        first = german.split(" ")[0]
        found = [k for k, v in german_forms.items() if v.startswith(first)]
        assert found, german
    assert len(said) == len(german_forms)  # one hostile input for each of the reasons
    with words.using("de"):
        assert refused("Something else went wrong.") == "Something else went wrong."
        # A file's own value stays as it was written (escaped where it is shown).
        assert "'<b>2</b>'" in refused(said[3])
