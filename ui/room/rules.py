"""What a class holds and what may change it, shared by both stores (no streamlit).

The limits, the refusal every check raises (a plain reason and an HTTP status), the checks
of every value a lecturer or a student sends, and the events followers receive. The
stores (``ui/room/memory.py``, ``ui/room/redis_store.py``) keep the state; the rules of
what is allowed are here once.

Events (plain dicts, JSON as sent to followers; no student's id is ever in one). Each
change of a class has a number, ``seq``, one more than the change before; the state
carries the number of the last change it holds, so a follower drops what it already has.

- ``state``: the whole public state, first on every subscription (``public_state``)
- ``lead``: ``{"version": v, "lead": {...}}``, each move of the lecturer
- ``asked``: ``{"question": {"id", "kind", "prompt", "choices"}}``
- ``answers``: ``{"question": id, "answered": n}`` (how many answered, never what)
- ``revealed``: ``{"question": id, "counts": [...], "right": i, "answered": n}``
- ``collecting``: ``{"collecting": {"box": [x_min, x_max, y_min, y_max],
  "per_student": n} | None}``
- ``point``: ``{"point": {"id", "x1", "x2", "label", "by"}}`` (``by``: a pseudonym);
  ``point_removed``: ``{"point": id}``
- ``students``: ``{"students": n}``, the number joined
- ``ended``: ``{"reason": "..."}``, the last event of a class
- ``heartbeat``: nothing, from a subscription quiet for its ``idle`` seconds (not a
  change: no ``seq``; the routes send it as a comment line)
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable
from dataclasses import dataclass

from ui.limits import CLASS_CHOICE_LIMIT as CHOICE_LIMIT
from ui.limits import CLASS_COORD_LIMIT as COORD_LIMIT
from ui.limits import CLASS_PROMPT_LIMIT as PROMPT_LIMIT

Clock = Callable[[], float]


class Refused(Exception):
    """A request that changed nothing: ``reason`` is plain text for the one who sent it;
    ``name``, the refusal's name in ``REFUSALS`` ("check" for a value's check)."""

    def __init__(self, reason: str, status: int = 400, name: str = "check") -> None:
        super().__init__(reason)
        self.reason = reason
        self.status = status
        self.name = name


# The refusals the stores raise, by name: the reason and its HTTP status.
REFUSALS = {
    "unknown": ("No class has this code. Check the code on the projector.", 404),
    "ended": ("This class has ended.", 410),
    "not_lecturer": ("Only the lecturer can do this.", 403),
    "not_joined": ("Join the class first.", 403),
    "guesses": ("Too many wrong codes from this address: wait a few minutes.", 429),
    "joins": ("Too many joins from this address: wait a minute.", 429),
    "answers_rate": ("Too many answers at once: wait a second.", 429),
    "points_rate": ("Too many points at once: wait a second.", 429),
    "followers": ("This class has too many open views.", 429),
    "full": ("This class is full.", 409),
    "open": ("Reveal question {} first.", 409),
    "questions_full": ("This class has asked as many questions as it may.", 409),
    "not_open": ("That question is not open.", 409),
    "closed": ("Answers to this question are closed.", 409),
    "not_collecting": ("The lecturer is not collecting points now.", 409),
    "box": ("The point must lie in the box.", 400),
    "student_cap": ("You have placed your {} points.", 409),
    "class_cap": ("The class has all the points it may hold.", 409),
    "no_point": ("There is no such point.", 404),
    "lost": (
        "This class was lost when the class server restarted: ask the lecturer for the new code.",
        410,
    ),
    "removed": ("The lecturer removed you from this class.", 403),
    "no_seat": ("There is no such seat.", 404),
    "joins_closed": ("The lecturer has closed this class to new students.", 409),
    "joins_burst": ("Too many joins from this address at once: wait a second.", 429),
    "streams_rate": ("Too many reconnections from this browser: wait a minute.", 429),
    "held": (
        "Your seat waits for the lecturer: it joined in a burst, and its points are placed "
        "once the lecturer counts it.",
        403,
    ),
    "unavailable": ("The class server cannot be reached just now: try again in a moment.", 503),
}


def refuse(name: str, *values: object) -> Refused:
    """The refusal ``name`` of ``REFUSALS``, its reason filled in with ``values``."""
    reason, status = REFUSALS[name]
    return Refused(reason.format(*values), status, name)


@dataclass(frozen=True)
class Limits:
    """Caps, rates and times of every class in a store."""

    expiry_hours: float = 4.0  # a class ends after this long without its lecturer
    ended_kept_s: float = 3600.0  # an ended class still says "ended" this long
    students_per_class: int = 400
    followers_per_class: int = 1000  # open event streams (tabs) of one class
    questions_per_class: int = 200
    points_per_class: int = 1000
    points_per_student_max: int = 20  # the most the lecturer may allow each student
    answers_per_second: int = 4  # per student
    points_per_second: int = 4  # per student
    # Per client address. A lecture hall's Wi-Fi often puts every phone behind one
    # address, so these let a whole class join (and mistype) at once from one; guessing a
    # code of 19^6 = 47 million at 60 per 10 minutes still takes years.
    # 300 phones behind one address join within a minute at 5 a second; a script minting
    # seats from one address gets at most joins_per_second of them a second, and the burst
    # is flagged on the lecturer's page.
    joins_per_minute: int = 300
    joins_per_second: int = 10
    # Wrong codes per client address in the window; past them, each further wrong code is
    # answered only after guess_delay_s, and a live code still gets in.
    guesses: int = 60
    guess_window_s: float = 600.0
    guess_delay_s: float = 1.0
    # Held seats. Seats minted on the bare join route (POST /class/CODE/join: no page
    # loaded) more than held_joins within held_window_s from one address are a script's
    # pace: those seats, the burst's first ones with them, and every seat the address
    # mints there until it has stayed under that pace for held_quiet_s, are held: their
    # answers kept but not counted, their points refused, until the lecturer counts the
    # held seats (one click) or removes them. A script minting there keeps no seat that
    # counts. Seats taken through the join page (a browser that loaded it: one Streamlit
    # session each) are never held: 300 phones behind one NAT at 5 a second are all in,
    # and counted, within a minute. A script driving the page's own protocol from the
    # hall's address cannot be told from the hall by its pace; it is held to
    # joins_per_second, flagged on the lecturer's page, and the lecturer closes the class
    # to new joins and removes its seats.
    held_joins: int = 8
    held_window_s: float = 2.0
    held_quiet_s: float = 10.0
    streams_per_seat_per_minute: int = 30  # a browser reconnecting every 2 s, and no more

    @property
    def expiry_s(self) -> float:
        return self.expiry_hours * 3600.0

    @property
    def held_lookback_s(self) -> float:
        """How far back a burst holds the address's route seats: a script whose first
        seats came slowly (a loaded server answering its first requests late) keeps none."""
        return max(self.held_window_s, self.held_quiet_s)


def system_clock() -> float:
    return time.time()


# ------------------------------------------------------------------ value checks

QUESTION_KINDS = ("next_mistake", "fixes_point", "turn", "converge", "fewer_mistakes", "lecturer")
CHOICES_MAX = 6
# The lecturer's link (its query string: up to ui.limits.MAX_LINK = 16,384 characters,
# drawn points and all) and the rest of the lead state fit; a test checks it.
LEAD_BYTES = 24_576


def _integer(value: object, name: str, low: int, high: int) -> int:
    # bool is an int in Python; a student's "true" is not a number.
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise Refused(f"{name} must be a whole number from {low} to {high}.")
    return value


def _number(value: object, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise Refused(f"{name} must be a number.")
    number = float(value)
    if not math.isfinite(number):
        raise Refused(f"{name} must be a finite number.")
    return number


def _text(value: object, name: str, limit: int) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > limit:
        raise Refused(f"{name} must be text of 1 to {limit} characters.")
    return value


def check_lead(lead: object) -> str:
    """The lecturer's state as JSON: a dict of JSON values, at most ``LEAD_BYTES``.

    Its usual keys: ``page`` (the page's path), ``query`` (the link's query string),
    ``scene`` (the lecture's scene or None), ``cursor`` (the step); ``version`` is the
    store's and may not be sent.
    """
    if not isinstance(lead, dict) or not all(isinstance(k, str) for k in lead):
        raise Refused("The lead state must be a dict with text keys.")
    if "version" in lead:
        raise Refused("The lead state's version is the store's to set.")
    for key, kind in (("page", str), ("query", str), ("cursor", int)):
        if key in lead and (not isinstance(lead[key], kind) or isinstance(lead[key], bool)):
            raise Refused(f"The lead state's {key} must be {kind.__name__}.")
    try:
        text = json.dumps(lead, allow_nan=False, separators=(",", ":"))
    except (TypeError, ValueError) as error:
        raise Refused("The lead state must hold only finite JSON values.") from error
    if len(text.encode("utf-8")) > LEAD_BYTES:
        raise Refused(f"The lead state is over {LEAD_BYTES} bytes.")
    return text


# What makes two leads the same run of the same page in the same session (``by``: a new
# session, F5 or a take-over, counts its moves from 0 again): a later seq of it replaces
# an earlier one, never the other way round.
LEAD_SAME_RUN = ("page", "query", "scene", "run", "by")


def stale_lead(stored: object, lead: dict) -> bool:
    """Whether ``lead`` says nothing new beside the ``stored`` one: the same state (its
    ``seq`` aside), or an older move of the same run. The lecturer's browser posts the
    steps it draws (``seq``: its count of moves) while the lecturer's page, running again,
    publishes the step it was told of: a run that ends after a newer post must not take
    the class back.
    (The Redis store's ``MOVE`` script says the same in Lua.)"""
    if not isinstance(stored, dict):
        return False
    if {k: v for k, v in stored.items() if k != "seq"} == {
        k: v for k, v in lead.items() if k != "seq"
    }:
        return True  # the same state: a count of moves alone is nothing new
    if any(stored.get(k) != lead.get(k) for k in LEAD_SAME_RUN):
        return False
    old, new = stored.get("seq"), lead.get("seq")
    return isinstance(old, int) and isinstance(new, int) and new < old


@dataclass(frozen=True)
class Question:
    """A question as the lecturer asks it; ``right`` is the index of the right choice."""

    kind: str
    prompt: str
    choices: tuple[str, ...]
    right: int
    marks: tuple[tuple[str, float, float], ...] = ()  # (letter, x1, x2) drawn on the charts

    def public(self, qid: int) -> dict:
        return {
            "id": qid,
            "kind": self.kind,
            "prompt": self.prompt,
            "choices": [*self.choices],
            "marks": [list(m) for m in self.marks],
        }


MARK_LETTERS = "ABCDEF"


def check_marks(marks: object) -> tuple[tuple[str, float, float], ...]:
    """The points a question marks on the charts: at most ``CHOICES_MAX`` of (a letter A-F,
    x1, x2), finite numbers."""
    if marks is None:
        return ()
    if not isinstance(marks, list | tuple) or len(marks) > CHOICES_MAX:
        raise Refused(f"A question marks at most {CHOICES_MAX} points.")
    out = []
    for mark in marks:
        if not isinstance(mark, list | tuple) or len(mark) != 3:
            raise Refused("A mark is a letter and two numbers.")
        letter, x1, x2 = mark
        if not isinstance(letter, str) or len(letter) != 1 or letter not in MARK_LETTERS:
            raise Refused(f"A mark's letter is one of {', '.join(MARK_LETTERS)}.")
        out.append((letter, _number(x1, "A mark's x1"), _number(x2, "A mark's x2")))
    return tuple(out)


def check_question(
    kind: object, prompt: object, choices: object, right: object, marks: object = None
) -> Question:
    if kind not in QUESTION_KINDS:
        raise Refused(f"A question's kind is one of {', '.join(QUESTION_KINDS)}.")
    prompt = _text(prompt, "The prompt", PROMPT_LIMIT)
    if not isinstance(choices, list | tuple) or not 2 <= len(choices) <= CHOICES_MAX:
        raise Refused(f"A question has 2 to {CHOICES_MAX} choices.")
    choices = tuple(_text(c, "A choice", CHOICE_LIMIT) for c in choices)
    right = _integer(right, "The right choice", 0, len(choices) - 1)
    return Question(str(kind), prompt, choices, right, check_marks(marks))


def check_question_id(question: object) -> int:
    return _integer(question, "The question", 1, 10**9)


def check_choice(choice: object, n_choices: int | None) -> int:
    """A student's answer: one of a known question's choices, by index."""
    if n_choices is None:
        raise Refused("There is no such question.", 404)
    return _integer(choice, "The choice", 0, n_choices - 1)


@dataclass(frozen=True)
class Collecting:
    """Points being collected: within ``box`` (x_min, x_max, y_min, y_max), ``per_student``."""

    box: tuple[float, float, float, float]
    per_student: int

    def public(self) -> dict:
        return {"box": [*self.box], "per_student": self.per_student}


def check_collecting(box: object, per_student: object, limits: Limits) -> Collecting:
    if not isinstance(box, list | tuple) or len(box) != 4:
        raise Refused("The box is (x_min, x_max, y_min, y_max).")
    x_min, x_max, y_min, y_max = (_number(v, "A side of the box") for v in box)
    if not (x_min < x_max and y_min < y_max):
        raise Refused("The box's minimum must be below its maximum on each axis.")
    if max(abs(x_min), abs(x_max), abs(y_min), abs(y_max)) > COORD_LIMIT:
        raise Refused(f"The box must lie within ±{COORD_LIMIT:g}.")
    per = _integer(per_student, "Points per student", 1, limits.points_per_student_max)
    return Collecting((x_min, x_max, y_min, y_max), per)


def check_point(x1: object, x2: object, label: object, box: tuple) -> tuple[float, float, int]:
    """A student's point: finite coordinates inside the box, a label of +1 or -1."""
    x1, x2 = _number(x1, "x1"), _number(x2, "x2")
    x_min, x_max, y_min, y_max = box
    if not (x_min <= x1 <= x_max and y_min <= x2 <= y_max):
        raise Refused(
            f"The point must lie in the box [{x_min:g}, {x_max:g}] × [{y_min:g}, {y_max:g}]."
        )
    if isinstance(label, bool) or label not in (1, -1) or not isinstance(label, int):
        raise Refused("The label must be +1 or -1.")
    return x1, x2, int(label)


# --------------------------------------------------------------------- events


def event(kind: str, **fields) -> dict:
    return {"type": kind, **fields}


def public_state(
    code: str,
    *,
    seq: int,
    version: int,
    lead: dict,
    question: dict | None,
    collecting: dict | None,
    points: list[dict],
    students: int,
    ended: bool,
) -> dict:
    """The first event of a subscription: everything a follower shows, nothing private.

    ``question`` is the last question asked, with ``status`` ("asked" or "revealed"),
    ``answered``, and ``counts`` and ``right`` only once revealed.
    """
    return event(
        "state",
        code=code,
        seq=seq,
        version=version,
        lead=lead,
        question=question,
        collecting=collecting,
        points=sorted(points, key=lambda p: p["id"]),
        students=students,
        ended=ended,
    )
