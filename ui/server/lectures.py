"""A lecture that lasts: the lecturer's own scenes (title, page, link) as a file to download
and open again, and kept on the course server under an unguessable link (no streamlit).

The file is JSON, ``{"format": FORMAT, "version": 1, "scenes": [{"title", "path",
"params"}]}``, a scene with an optional ``"question"``: the lecturer's own, ``{"prompt",
"choices", "right"}`` (``check_question``: text and formulas ``$...$`` only, no HTML, links
or images); ``parse`` reads one, whoever wrote it, and refuses with a plain reason
anything but that shape within the lab's limits (``SCENES_KEPT`` scenes, titles of
``SCENE_TITLE_CHARS``, a link of ``MAX_LINK`` characters, the file ``FILE_BYTES``). What a
scene's link says is checked again when the scene opens, as every link is.

``LectureStore`` keeps lectures in SQLite (one file, which the replicas of one machine
share: ``LAB_LECTURES_DB``, else ``lectures.sqlite3`` in the lab's data folder), each under
a random id of 128 bits (``secrets.token_urlsafe``): the id is the link, so only someone
given the link can open it. At most ``KEPT`` lectures: the oldest opened goes first. One
browser session keeps at most ``SESSION_SAVES`` and one client address saves at most
``ADDRESS_SAVES`` a day, so nobody alone can push the others' lectures out.
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
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlencode

from ui.limits import MAX_LINK
from ui.limits import QUESTION_CHOICE_CHARS as CHOICE_CHARS
from ui.limits import QUESTION_CHOICES_MOST as CHOICES_MOST
from ui.limits import QUESTION_PROMPT_CHARS as PROMPT_CHARS
from ui.limits import SCENE_TITLE_CHARS as TITLE_CHARS
from ui.limits import SCENES_KEPT as MOST

FORMAT = "perceptron-lab-lecture"
VERSION = 1
FILE_BYTES = 256 * 1024  # a file of the most scenes with the longest links fits
KEPT = 20_000  # lectures kept on one server
SESSION_SAVES = 20  # lectures one browser session keeps on the server
ADDRESS_SAVES = 100  # lectures one client address saves in a day (a hall's NAT included)
DAY = 24 * 3600.0
DB_ENV = "LAB_LECTURES_DB"
ID = re.compile(r"[A-Za-z0-9_-]{22}")  # token_urlsafe(16)

# (title, path, the link's parameters), and a fourth, its Question, when it asks one
Scene = tuple

CHOICES = (2, CHOICES_MOST)  # the fewest and the most choices of a question
QUESTION_FIELDS = {"prompt", "choices", "right"}
# What a question may not hold outside its formulas: HTML (a tag, a comment), a Markdown
# link or image, or an address a renderer would turn into a link.
MARKUP = re.compile(
    r"<\s*[A-Za-z/!?]|\]\s*[(\[]|^\s*\[[^\]]*\]:|!\[|://|\bwww\.|\b(?:javascript|data|vbscript):",
    re.IGNORECASE | re.MULTILINE,
)
# What a formula may not hold: KaTeX's commands that make links, HTML or load files.
FORMULA_BAD = re.compile(r"\\(?:href|url|html|includegraphics)", re.I)
FORMULA = re.compile(r"\$([^$\n]{1,400})\$")  # $...$ on one line


@dataclass(frozen=True)
class Question:
    """The lecturer's own question of a scene: its text (formulas ``$...$``), its choices,
    the index of the right one."""

    prompt: str
    choices: tuple[str, ...]
    right: int

    def body(self) -> dict:
        """As the lecture file writes it."""
        return {"prompt": self.prompt, "choices": list(self.choices), "right": self.right}


class BadLecture(ValueError):
    """A lecture file or link refused, with the reason to show (plain text) and ``code``,
    the reason in one word for the log."""

    def __init__(self, message: str, code: str = "bad_file") -> None:
        super().__init__(message)
        self.code = code


def dump(scenes: Iterable[Scene]) -> bytes:
    """The lecture file of ``scenes`` (UTF-8 JSON)."""
    body = {
        "format": FORMAT,
        "version": VERSION,
        "scenes": [_scene_body(scene) for scene in scenes],
    }
    return json.dumps(body, ensure_ascii=False, indent=1).encode()


def _scene_body(scene: Scene) -> dict:
    title, path, params = scene[:3]
    out = {"title": title, "path": path, "params": dict(params)}
    if len(scene) > 3 and scene[3] is not None:
        out["question"] = scene[3].body()
    return out


def formula_parts(text: str) -> list[tuple[bool, str]]:
    """``text`` cut into (is a formula, its text) in order: a formula is ``$...$`` on one
    line; a lone ``$`` is text."""
    out, at = [], 0
    for found in FORMULA.finditer(text):
        out.append((False, text[at : found.start()]))
        out.append((True, found.group(1)))
        at = found.end()
    out.append((False, text[at:]))
    return [(f, part) for f, part in out if part]


def _text(value: object, most: int) -> str | None:
    """``value`` as a question's text, or None: not text of 1 to ``most`` characters,
    or HTML, a link or an image outside its formulas, or a formula that makes one."""
    if not isinstance(value, str) or not value.strip() or len(value) > most:
        return None
    return value.strip()


def _markup(text: str) -> bool:
    return any(
        FORMULA_BAD.search(part) if formula else MARKUP.search(part)
        for formula, part in formula_parts(text)
    )


def check_question(question: object, i: int) -> Question:
    """Scene ``i``'s question from a lecture file, or the reason it is refused (plain,
    per field): a dict of exactly prompt, choices and right; the prompt text of 1 to
    ``PROMPT_CHARS`` characters, 2 to 6 choices of 1 to ``CHOICE_CHARS``, none holding
    HTML, a link or an image (formulas ``$...$`` are kept as the lecturer wrote them,
    and may not make links either); ``right`` the index of one of the choices."""
    if not isinstance(question, dict) or set(question) != QUESTION_FIELDS:
        raise BadLecture(f"Scene {i}'s question is not a prompt, its choices and the right one.")
    prompt = _text(question["prompt"], PROMPT_CHARS)
    if prompt is None:
        raise BadLecture(f"Scene {i}'s question is text of 1 to {PROMPT_CHARS} characters.")
    if _markup(prompt):
        raise BadLecture(f"Scene {i}'s question holds HTML, a link or an image.")
    choices = question["choices"]
    low, high = CHOICES
    if not isinstance(choices, list) or not low <= len(choices) <= high:
        raise BadLecture(f"Scene {i}'s question has {low} to {high} choices.")
    kept = []
    for j, choice in enumerate(choices, start=1):
        text = _text(choice, CHOICE_CHARS)
        if text is None:
            raise BadLecture(f"Scene {i}'s choice {j} is text of 1 to {CHOICE_CHARS} characters.")
        if _markup(text):
            raise BadLecture(f"Scene {i}'s choice {j} holds HTML, a link or an image.")
        kept.append(text)
    right = question["right"]
    if isinstance(right, bool) or not isinstance(right, int) or not 0 <= right < len(kept):
        raise BadLecture(f"Scene {i}'s right choice is a whole number from 0 to {len(kept) - 1}.")
    return Question(prompt, tuple(kept), right)


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
        scene_out = (title.strip(), str(path), tuple(params.items()))
        if "question" in scene:
            scene_out += (check_question(scene["question"], i),)
        out.append(scene_out)
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
            have = {row[1] for row in db.execute("PRAGMA table_info(lectures)")}
            for column, kind in (("session", "TEXT"), ("address", "TEXT"), ("saved", "REAL")):
                if column not in have:  # a store made before the caps: its lectures stay
                    try:
                        db.execute(f"ALTER TABLE lectures ADD COLUMN {column} {kind}")
                    except sqlite3.OperationalError:  # another replica added it first
                        pass
            db.execute("CREATE INDEX IF NOT EXISTS by_address ON lectures (address, saved)")
            db.execute("CREATE INDEX IF NOT EXISTS by_session ON lectures (session)")

    def _connect(self) -> sqlite3.Connection:
        return sqlite3.connect(self.path, timeout=5.0, isolation_level=None)

    def save(self, body: bytes, *, session: str = "", address: str = "") -> str:
        """Keep a lecture file (checked by the caller with ``parse``); its new id.

        ``session`` and ``address`` name who saves it: past ``SESSION_SAVES`` kept from
        that session, or ``ADDRESS_SAVES`` saved from that address in a day, the lecture
        is refused (BadLecture) and nothing is pushed out.
        """
        if len(body) > FILE_BYTES:
            raise BadLecture(f"A lecture is at most {FILE_BYTES // 1024} KB.", "too_big")
        lecture_id = secrets.token_urlsafe(16)
        now = time.time()
        with self._lock, self._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                self._check_caps(db, session, address, now)
            except BadLecture:
                db.execute("ROLLBACK")
                raise
            db.execute(
                "INSERT INTO lectures (id, body, used, session, address, saved) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (lecture_id, body, now, session, address, now),
            )
            db.execute(
                "DELETE FROM lectures WHERE id IN (SELECT id FROM lectures "
                "ORDER BY used DESC LIMIT -1 OFFSET ?)",
                (self.kept,),
            )
            db.execute("COMMIT")
        return lecture_id

    @staticmethod
    def _check_caps(db: sqlite3.Connection, session: str, address: str, now: float) -> None:
        if session:
            (n,) = db.execute(
                "SELECT COUNT(*) FROM lectures WHERE session = ?", (session,)
            ).fetchone()
            if n >= SESSION_SAVES:
                raise BadLecture(
                    f"This browser session has saved {SESSION_SAVES} lectures on the server, "
                    "the most one session keeps: download this one instead.",
                    "session_cap",
                )
        if address:
            (n,) = db.execute(
                "SELECT COUNT(*) FROM lectures WHERE address = ? AND saved > ?",
                (address, now - DAY),
            ).fetchone()
            if n >= ADDRESS_SAVES:
                raise BadLecture(
                    f"{ADDRESS_SAVES} lectures were saved from this network today, the most "
                    "the server keeps from one: download this one instead.",
                    "address_cap",
                )

    def load(self, lecture_id: object) -> bytes:
        """The lecture file kept under ``lecture_id`` (refused: not an id, or none such)."""
        if not isinstance(lecture_id, str) or not ID.fullmatch(lecture_id):
            raise BadLecture("This is not a link to a saved lecture.", "not_link")
        with self._lock, self._connect() as db:
            row = db.execute("SELECT body FROM lectures WHERE id = ?", (lecture_id,)).fetchone()
            if row is None:
                raise BadLecture(
                    "No saved lecture has this link (it may have been cleared).", "no_such"
                )
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


# ------------------------------------------------------------ the question, shown and asked
def question_markdown(text: str) -> str:
    """A question's text (checked by ``check_question``) for ``st.markdown``: its formulas
    ``$...$`` kept for KaTeX, everything else escaped (``ui.text.plain``), so the
    lecturer's words are shown as they typed them and nothing in them is Markdown."""
    from ui.text import plain  # the page's escaping (the store needs none of ui.text)

    return "".join(
        f"${part}$" if formula else plain(part, len(part) + 1)
        for formula, part in formula_parts(text)
    )


CLASS_KIND = "lecturer"  # the kind of question the class is asked (its words are the file's)


def class_question(question: Question, *, prompt_most: int, choice_most: int) -> dict:
    """The lecturer's question in the shape the class asks (``ui.room.rules.check_question``'s
    arguments: kind, prompt, choices, right, marks): the file's text as it is, no points
    marked. The class's phones take shorter text than a file (``prompt_most``,
    ``choice_most``: ``ui.limits.CLASS_PROMPT_LIMIT`` and ``CLASS_CHOICE_LIMIT``): a longer
    one is refused with the reason, not cut."""
    if len(question.prompt) > prompt_most:
        raise BadLecture(f"To ask the class, a question is at most {prompt_most} characters.")
    for j, choice in enumerate(question.choices, start=1):
        if len(choice) > choice_most:
            raise BadLecture(f"To ask the class, choice {j} is at most {choice_most} characters.")
    return {
        "kind": CLASS_KIND,
        "prompt": question.prompt,
        "choices": list(question.choices),
        "right": question.right,
        "marks": [],
    }
