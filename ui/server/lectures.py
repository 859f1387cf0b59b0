"""A lecture that lasts: the lecturer's own scenes (title, page, link) as a file to download
and open again, and kept on the course server under an unguessable link (no streamlit).

The file is JSON, ``{"format": FORMAT, "version": 1, "scenes": [{"title", "path",
"params"}]}``; ``parse`` reads one, whoever wrote it, and refuses with a plain reason
anything but that shape within the lab's limits (``SCENES_KEPT`` scenes, titles of
``SCENE_TITLE_CHARS``, a link of ``MAX_LINK`` characters, the file ``FILE_BYTES``). What a
scene's link says is checked again when the scene opens, as every link is.

``LectureStore`` keeps lectures in SQLite (one file, which the replicas of one machine
share: ``LAB_LECTURES_DB``, else ``lectures.sqlite3`` in the lab's data folder), each under
a random id of 128 bits (``secrets.token_urlsafe``): the id is the link, so only someone
given the link can open it. At most ``KEPT`` lectures: the oldest opened goes first.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import sqlite3
import threading
import time
from collections.abc import Iterable
from pathlib import Path
from urllib.parse import urlencode

from ui.limits import MAX_LINK
from ui.limits import SCENE_TITLE_CHARS as TITLE_CHARS
from ui.limits import SCENES_KEPT as MOST

FORMAT = "perceptron-lab-lecture"
VERSION = 1
FILE_BYTES = 256 * 1024  # a file of the most scenes with the longest links fits
KEPT = 20_000  # lectures kept on one server
DB_ENV = "LAB_LECTURES_DB"
ID = re.compile(r"[A-Za-z0-9_-]{22}")  # token_urlsafe(16)

Scene = tuple[str, str, tuple[tuple[str, str], ...]]  # (title, path, the link's parameters)


class BadLecture(ValueError):
    """A lecture file or link refused, with the reason to show (plain text)."""


def dump(scenes: Iterable[Scene]) -> bytes:
    """The lecture file of ``scenes`` (UTF-8 JSON)."""
    body = {
        "format": FORMAT,
        "version": VERSION,
        "scenes": [
            {"title": title, "path": path, "params": dict(params)} for title, path, params in scenes
        ],
    }
    return json.dumps(body, ensure_ascii=False, indent=1).encode()


def parse(raw: bytes, paths: Iterable[str]) -> tuple[Scene, ...]:
    """The scenes of a lecture file; ``paths``: the pages a scene may open."""
    if len(raw) > FILE_BYTES:
        raise BadLecture(f"A lecture file is at most {FILE_BYTES // 1024} KB; this one is larger.")
    try:
        body = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        raise BadLecture("This is not a lecture file (it is not JSON in UTF-8).") from None
    if not isinstance(body, dict) or body.get("format") != FORMAT:
        raise BadLecture("This is not a Perceptron Lab lecture file.")
    if body.get("version") != VERSION:
        raise BadLecture(f"This lecture file is of version {body.get('version')!r}, not {VERSION}.")
    scenes = body.get("scenes")
    if not isinstance(scenes, list) or not scenes:
        raise BadLecture("The lecture file has no scenes.")
    if len(scenes) > MOST:
        raise BadLecture(f"A lecture has at most {MOST} scenes; this file has {len(scenes)}.")
    known = set(paths)
    out = []
    for i, scene in enumerate(scenes, start=1):
        if not isinstance(scene, dict):
            raise BadLecture(f"Scene {i} is not a scene.")
        title, path, params = scene.get("title"), scene.get("path"), scene.get("params")
        if not isinstance(title, str) or not title.strip() or len(title) > TITLE_CHARS:
            raise BadLecture(f"Scene {i}'s title is text of 1 to {TITLE_CHARS} characters.")
        if path not in known:
            raise BadLecture(f"Scene {i} opens no page of the lab.")
        if not isinstance(params, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in params.items()
        ):
            raise BadLecture(f"Scene {i}'s link is not a set of names and values.")
        if len(urlencode(params)) > MAX_LINK:
            raise BadLecture(f"Scene {i}'s link is longer than {MAX_LINK:,} characters.")
        out.append((title.strip(), str(path), tuple(params.items())))
    return tuple(out)


def default_path() -> Path:
    """Where the lectures are kept: ``LAB_LECTURES_DB``, else the lab's data folder."""
    named = os.environ.get(DB_ENV)
    if named:
        return Path(named)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "perceptron-lab" / "lectures.sqlite3"


class LectureStore:
    """Saved lectures in SQLite: ``save`` gives the id (the link), ``load`` the file."""

    def __init__(self, path: str | Path | None = None, *, kept: int = KEPT) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.kept = kept
        self._lock = threading.Lock()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self._connect() as db:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute(
                "CREATE TABLE IF NOT EXISTS lectures "
                "(id TEXT PRIMARY KEY, body BLOB NOT NULL, used REAL NOT NULL)"
            )

    def _connect(self) -> sqlite3.Connection:
        return sqlite3.connect(self.path, timeout=5.0, isolation_level=None)

    def save(self, body: bytes) -> str:
        """Keep a lecture file (checked by the caller with ``parse``); its new id."""
        if len(body) > FILE_BYTES:
            raise BadLecture(f"A lecture is at most {FILE_BYTES // 1024} KB.")
        lecture_id = secrets.token_urlsafe(16)
        with self._lock, self._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            db.execute(
                "INSERT INTO lectures (id, body, used) VALUES (?, ?, ?)",
                (lecture_id, body, time.time()),
            )
            db.execute(
                "DELETE FROM lectures WHERE id IN (SELECT id FROM lectures "
                "ORDER BY used DESC LIMIT -1 OFFSET ?)",
                (self.kept,),
            )
            db.execute("COMMIT")
        return lecture_id

    def load(self, lecture_id: object) -> bytes:
        """The lecture file kept under ``lecture_id`` (refused: not an id, or none such)."""
        if not isinstance(lecture_id, str) or not ID.fullmatch(lecture_id):
            raise BadLecture("This is not a link to a saved lecture.")
        with self._lock, self._connect() as db:
            row = db.execute("SELECT body FROM lectures WHERE id = ?", (lecture_id,)).fetchone()
            if row is None:
                raise BadLecture("No saved lecture has this link (it may have been cleared).")
            db.execute("UPDATE lectures SET used = ? WHERE id = ?", (time.time(), lecture_id))
        return bytes(row[0])


_store: LectureStore | None = None
_store_lock = threading.Lock()


def default_store() -> LectureStore:
    """The process's lecture store (made on first use)."""
    global _store
    with _store_lock:
        if _store is None:
            _store = LectureStore()
        return _store
