"""Saved lectures (ui.server.lectures): the file a lecturer downloads opens again as the same
scenes; hostile files are refused with a plain reason; the course server keeps lectures in
SQLite under ids of 128 random bits, refuses anything that is not such an id, and keeps at
most its limit (the least recently opened go first)."""

from __future__ import annotations

import base64
import json
import threading

import pytest

from ui import lecture
from ui.limits import MAX_LINK, SCENE_TITLE_CHARS, SCENES_KEPT
from ui.server import lectures
from ui.server.lectures import BadLecture, LectureStore, dump, parse

PATHS = tuple(lecture.PATHS.values())
SCENES = (
    ("Margin at 0.5", "playground", (("pg_margin", "0.5"), ("pg_step", "12"))),
    ("XOR ‮<b>kernel</b> *x*", "kernel", (("kn_data", "xor"),)),
)


def body(**overrides) -> bytes:
    out = {"format": lectures.FORMAT, "version": 1, "scenes": [
        {"title": t, "path": p, "params": dict(q)} for t, p, q in SCENES
    ]}  # fmt: skip
    out.update(overrides)
    return json.dumps(out).encode()


def test_a_downloaded_lecture_opens_again_as_the_same_scenes():
    assert parse(dump(SCENES), PATHS) == SCENES
    assert parse(body(), PATHS) == SCENES


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        (b"\xff\xfe not utf-8", "not JSON"),
        (b"{not json", "not JSON"),
        (b"[" * 200_000 + b"]" * 200_000, "at most"),  # too large before it is parsed
        (b"[" * 20_000 + b"]" * 20_000, "not JSON"),  # nested past the parser's depth
        (json.dumps([1, 2]).encode(), "not a Perceptron Lab lecture"),
        (body(format="other"), "not a Perceptron Lab lecture"),
        (body(version=2), "version 2"),
        (body(scenes=[]), "no scenes"),
        (body(scenes={"a": 1}), "no scenes"),
        (body(scenes=[{"title": "t", "path": "playground", "params": {}}] * (SCENES_KEPT + 1)),
         f"at most {SCENES_KEPT} scenes"),
        (body(scenes=["x"]), "Scene 1 is not a scene"),
        (body(scenes=[{"title": "", "path": "playground", "params": {}}]), "title"),
        (body(scenes=[{"title": "x" * (SCENE_TITLE_CHARS + 1), "path": "playground",
                       "params": {}}]), "title"),
        (body(scenes=[{"title": 5, "path": "playground", "params": {}}]), "title"),
        (body(scenes=[{"title": "t", "path": "../etc", "params": {}}]), "opens no page"),
        (body(scenes=[{"title": "t", "path": "join", "params": {}}]), "opens no page"),
        (body(scenes=[{"title": "t", "path": "playground", "params": {"a": 1}}]), "names and"),
        (body(scenes=[{"title": "t", "path": "playground", "params": ["a"]}]), "names and"),
        (body(scenes=[{"title": "t", "path": "playground",
                       "params": {"pg_x": "y" * MAX_LINK}}]), "longer than"),
    ],
)  # fmt: skip
def test_a_hostile_file_is_refused_with_a_plain_reason(raw, reason):
    with pytest.raises(BadLecture) as refused:
        parse(raw, PATHS)
    assert reason in str(refused.value)


def test_the_server_keeps_lectures_under_unguessable_ids(tmp_path):
    store = LectureStore(tmp_path / "l.sqlite3")
    ids = {store.save(dump(SCENES)) for _ in range(50)}
    assert len(ids) == 50
    for lecture_id in ids:
        assert len(base64.urlsafe_b64decode(lecture_id + "==")) == 16  # 128 random bits
        assert parse(store.load(lecture_id), PATHS) == SCENES
    # Another process (a replica) opens the same file and sees the same lectures.
    other = LectureStore(tmp_path / "l.sqlite3")
    assert other.load(sorted(ids)[0]) == dump(SCENES)


@pytest.mark.parametrize(
    "typed",
    [None, 7, "", "short", "x" * 22 + "'", "' OR 1=1 --xxxxxxxxxxxx", "../../etc/passwd12345",
     "A" * 23, "A" * 22 + "\n", "AAAAAAAAAAAAAAAAAAAAA="],
)  # fmt: skip
def test_anything_but_an_id_is_refused_and_an_unknown_id_says_so(tmp_path, typed):
    store = LectureStore(tmp_path / "l.sqlite3")
    store.save(dump(SCENES))
    with pytest.raises(BadLecture, match="not a link to a saved lecture"):
        store.load(typed)
    with pytest.raises(BadLecture, match="No saved lecture has this link"):
        store.load("A" * 22)


def test_at_most_the_limit_is_kept_the_least_recently_opened_first(tmp_path):
    store = LectureStore(tmp_path / "l.sqlite3", kept=3)
    first, second, third = (store.save(dump(SCENES)) for _ in range(3))
    store.load(first)  # opened again: now the most recent
    fourth = store.save(dump(SCENES))
    with pytest.raises(BadLecture):
        store.load(second)
    for kept in (first, third, fourth):
        store.load(kept)
    with pytest.raises(BadLecture):
        store.save(b"x" * (lectures.FILE_BYTES + 1))


def test_lectures_saved_from_many_threads_are_all_kept(tmp_path):
    stores = [LectureStore(tmp_path / "l.sqlite3") for _ in range(4)]  # 4 replicas
    saved: list[str] = []

    def save(store):
        for _ in range(25):
            saved.append(store.save(dump(SCENES)))

    threads = [threading.Thread(target=save, args=(s,)) for s in stores]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(set(saved)) == 100
    assert all(stores[0].load(i) == dump(SCENES) for i in saved)


def test_one_session_or_one_address_cannot_push_the_lecturers_lecture_out(tmp_path):
    store = LectureStore(tmp_path / "l.sqlite3", kept=lectures.ADDRESS_SAVES + 5)
    lecturers = store.save(dump(SCENES), session="lecturer", address="10.0.0.1")
    # A student's session saves until refused; then new sessions from the same address.
    saved = 0
    with pytest.raises(BadLecture) as caught:
        for _ in range(lectures.SESSION_SAVES + 1):
            store.save(dump(SCENES), session="student", address="10.0.0.2")
            saved += 1
    assert saved == lectures.SESSION_SAVES and caught.value.code == "session_cap"
    assert str(caught.value).startswith(f"This browser session has saved {saved} lectures")
    with pytest.raises(BadLecture) as caught:
        for i in range(lectures.ADDRESS_SAVES):
            store.save(dump(SCENES), session=f"student {i}", address="10.0.0.2")
            saved += 1
    assert saved == lectures.ADDRESS_SAVES and caught.value.code == "address_cap"
    assert store.load(lecturers) == dump(SCENES)  # the lecturer's is still there
    store.save(dump(SCENES), session="another", address="10.0.0.3")  # others still save


def test_a_store_made_before_the_caps_keeps_its_lectures(tmp_path):
    import sqlite3

    path = tmp_path / "l.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE lectures (id TEXT PRIMARY KEY, body BLOB NOT NULL, used REAL)")
        db.execute("INSERT INTO lectures VALUES (?, ?, ?)", ("B" * 22, dump(SCENES), 1.0))
    store = LectureStore(path)
    assert store.load("B" * 22) == dump(SCENES)
    store.save(dump(SCENES), session="s", address="a")
