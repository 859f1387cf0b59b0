"""The class's state behind one interface: ``ClassStore`` (no streamlit).

Two stores keep it: ``MemoryStore`` (``ui/room/memory.py``: one process, the embedded
default) and ``RedisStore`` (``ui/room/redis_store.py``: replicas share one Redis, and
every replica's followers get every move through its pub/sub). ``ui/room/default.py``
picks one per process: Redis when ``LAB_REDIS_URL`` is set, memory otherwise.

``ClassStore`` holds what both share: the checks of every value (``ui/room/rules.py``),
the lecturer's secret, the expiry of a class without its lecturer, the rate limits, and
``subscribe``. A store only keeps and publishes (its ``_`` methods). Every public method
either does all it says or changes nothing and raises ``Refused`` with a plain reason.

Who calls what: the lecturer's page (a Streamlit script thread) calls ``open_class``
and then, with the secret it keeps in its session, ``move``, ``ask``, ``reveal``,
``collect``, ``stop_collecting``, ``remove_point``, ``results``, ``keep_alive`` and
``end`` (``keep_alive`` on each rerun of its page, so a class in use does not expire);
the routes (``ui/room/routes.py``) call ``admit`` first, then ``join``, ``answer``,
``add_point``, ``state`` and ``subscribe`` for the students' browsers, and ``move`` for
the lecturer's (its stage steps in the browser and sends each move with the secret).
Every public method may be called from any thread; ``subscribe`` on an event loop.
"""

from __future__ import annotations

import abc
import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass

from ui.room import codes
from ui.room.fanout import RESYNC, Fanout
from ui.room.rules import (
    Clock,
    Collecting,
    Limits,
    Question,
    Refused,
    check_choice,
    check_collecting,
    check_lead,
    check_point,
    check_question,
    check_question_id,
    event,
    refuse,
    system_clock,
)

EXPIRED = "The lecturer has been away too long: the class has ended."
ENDED_BY_LECTURER = "The lecturer ended the class."


@dataclass(frozen=True)
class Opened:
    """A new class: its join code (for everyone) and the lecturer's secret (for no one)."""

    code: str
    secret: str


@dataclass(frozen=True)
class Joined:
    """A student in a class: the id that signs their answers and points, and their name."""

    student: str
    pseudonym: str


@dataclass(frozen=True)
class Status:
    """What every request reads first: the secret's hash, the lecturer's last visit, ..."""

    secret_hash: str
    seen: float
    ended: bool


class ClassStore(abc.ABC):
    """Classes by join code: the lead state, questions, answers, points and students."""

    def __init__(self, limits: Limits | None = None, clock: Clock = system_clock) -> None:
        self.limits = limits or Limits()
        self.clock = clock
        self.fanout = Fanout()

    # ------------------------------------------------------------ the lecturer

    def open_class(self) -> Opened:
        """A new class with a fresh code; its secret is returned once and kept hashed."""
        secret = codes.new_secret()
        for _ in range(100):
            code = codes.new_code()
            if self._create(code, codes.secret_hash(secret), self.clock()):
                return Opened(code, secret)
        raise RuntimeError("no free join code in 100 draws")  # pragma: no cover

    def move(self, code: str, secret: object, lead: dict) -> int:
        """The lecturer's state now (page, query, scene, cursor, ...); its new version."""
        text = check_lead(lead)
        self._lecturer(code, secret)
        return self._move(code, text)

    def keep_alive(self, code: str, secret: object) -> None:
        """The lecturer is still there (the class's expiry starts again)."""
        self._lecturer(code, secret)

    def ask(
        self, code: str, secret: object, kind: str, prompt: str, choices, right: int, marks=None
    ) -> int:
        """Ask the class a question (none may be open); its id. ``marks``: the points it
        names, [(letter, x1, x2)], drawn on the students' charts."""
        question = check_question(kind, prompt, choices, right, marks)
        self._lecturer(code, secret)
        return self._ask(code, question)

    def reveal(self, code: str, secret: object, question: int) -> list[int]:
        """Close the open question: answers per choice, from then on final."""
        self._lecturer(code, secret)
        return self._reveal(code, question)

    def collect(self, code: str, secret: object, box, per_student: int) -> None:
        """Students may add points within ``box``, ``per_student`` each (all told)."""
        collecting = check_collecting(box, per_student, self.limits)
        self._lecturer(code, secret)
        self._collect(code, collecting)

    def stop_collecting(self, code: str, secret: object) -> None:
        self._lecturer(code, secret)
        self._collect(code, None)

    def remove_point(self, code: str, secret: object, point: int) -> None:
        self._lecturer(code, secret)
        self._remove_point(code, point)

    def results(self, code: str, secret: object) -> list[dict]:
        """Every question asked, in order, with its answers per choice so far."""
        self._lecturer(code, secret)
        return self._results(code)

    def end(self, code: str, secret: object) -> None:
        """End the class: its followers are told, every later request is refused."""
        self._lecturer(code, secret)
        self._end(code, ENDED_BY_LECTURER)

    # ------------------------------------------------------------ the students

    def admit(self, typed: object, address: str) -> str:
        """The class code a request names, if that class is on (wrong codes are counted).

        Every route starts here, so guessing codes by any route is limited per address.
        """
        key = f"guess:{address}"
        if self._used(key, self.limits.guess_window_s) >= self.limits.guesses:
            raise refuse("guesses")
        try:
            code = codes.normalise(typed)
            self._live(code)
        except Refused as refusal:
            if refusal.status in (400, 404):
                self._hit(key, self.limits.guess_window_s, self.limits.guesses)
            raise
        return code

    def join(self, code: str, address: str) -> Joined:
        """A new student with a pseudonym nobody else in the class has."""
        if not self._hit(f"join:{address}", 60.0, self.limits.joins_per_minute):
            raise refuse("joins")
        self._live(code)
        student = codes.new_student()
        for attempt in range(50):
            name = codes.pseudonym(taken=self._students(code) if attempt else 0)
            if self._join(code, student, name):
                return Joined(student, name)
        raise Refused("No free pseudonym: try again.", 503)  # pragma: no cover

    def answer(self, code: str, student: object, question: object, choice: object) -> int:
        """A student's answer (it replaces their earlier one); how many have answered."""
        student = self._student(code, student)
        qid = check_question_id(question)
        choice = check_choice(choice, self._choices(code, qid))
        if not self._hit(f"answer:{code}:{student}", 1.0, self.limits.answers_per_second):
            raise refuse("answers_rate")
        return self._answer(code, student, qid, choice)

    def add_point(self, code: str, student: object, x1: object, x2: object, label: object) -> int:
        """A student's point in the box the lecturer set; its id."""
        student = self._student(code, student)
        collecting = self._collecting(code)
        if collecting is None:
            raise refuse("not_collecting")
        x1, x2, label = check_point(x1, x2, label, collecting.box)
        if not self._hit(f"point:{code}:{student}", 1.0, self.limits.points_per_second):
            raise refuse("points_rate")
        return self._add_point(code, student, x1, x2, label)

    # ------------------------------------------------------------ anyone

    def state(self, code: str) -> dict:
        """The class's public state: the ``state`` event (``rules.public_state``)."""
        self._live(code)
        return self._state(code)

    def expire_due(self, code: str) -> bool:
        """End the class if its lecturer has been away too long; whether it is over."""
        try:
            self._live(code)
        except Refused:
            return True
        return False

    async def subscribe(self, code: str, idle: float | None = None) -> AsyncIterator[dict]:
        """The class's events, the current state first; ``heartbeat`` after ``idle`` s quiet.

        Ends after the ``ended`` event. With ``idle`` set, a quiet stream also checks the
        class's expiry, so its followers are told when the lecturer is gone for good.
        """
        follower = self.fanout.add(code, self.limits.followers_per_class)
        if follower is None:
            raise refuse("followers")
        try:
            # Registered before the state is read: nothing published after it is missed.
            snapshot = await asyncio.to_thread(self.state, code)
            seq = snapshot["seq"]
            yield snapshot
            while True:
                try:
                    item = await follower.get(idle)
                except TimeoutError:
                    await asyncio.to_thread(self.expire_due, code)
                    yield event("heartbeat")
                    continue
                if item is RESYNC:
                    try:
                        item = await asyncio.to_thread(self.state, code)
                    except Refused as refusal:
                        item = event("ended", reason=refusal.reason)
                    if item["type"] == "state":
                        seq = item["seq"]
                        yield item
                        continue
                if item.get("seq", seq + 1) <= seq:
                    continue  # published before the state this follower has
                seq = item.get("seq", seq)
                yield item
                if item["type"] == "ended":
                    return
        finally:
            self.fanout.remove(follower)

    @abc.abstractmethod
    def close(self) -> None:
        """Let go of what the store holds open (threads, connections)."""

    # ------------------------------------------------------------ shared checks

    def _live(self, code: str) -> Status:
        status = self._status(code)
        if status is None:
            raise refuse("unknown")
        if status.ended:
            raise refuse("ended")
        if self.clock() - status.seen > self.limits.expiry_s:
            self._end(code, EXPIRED)
            raise refuse("ended")
        return status

    def _lecturer(self, code: str, secret: object) -> None:
        status = self._live(code)
        if not codes.secret_matches(secret, status.secret_hash):
            raise refuse("not_lecturer")
        self._touch(code, self.clock())

    def _student(self, code: str, student: object) -> str:
        self._live(code)
        if not isinstance(student, str) or not 0 < len(student) <= 64:
            raise refuse("not_joined")
        if not self._is_student(code, student):
            raise refuse("not_joined")
        return student

    # ------------------------------------------------------------ what a store keeps

    @abc.abstractmethod
    def _create(self, code: str, secret_hash: str, now: float) -> bool:
        """Keep a new class (False if the code is taken, even by an ended class)."""

    @abc.abstractmethod
    def _status(self, code: str) -> Status | None: ...

    @abc.abstractmethod
    def _touch(self, code: str, now: float) -> None: ...

    @abc.abstractmethod
    def _end(self, code: str, reason: str) -> None:
        """Mark the class ended and publish ``ended`` (once, however often called)."""

    @abc.abstractmethod
    def _move(self, code: str, lead_json: str) -> int: ...

    @abc.abstractmethod
    def _ask(self, code: str, question: Question) -> int: ...

    @abc.abstractmethod
    def _reveal(self, code: str, question: int) -> list[int]: ...

    @abc.abstractmethod
    def _results(self, code: str) -> list[dict]: ...

    @abc.abstractmethod
    def _collect(self, code: str, collecting: Collecting | None) -> None: ...

    @abc.abstractmethod
    def _collecting(self, code: str) -> Collecting | None: ...

    @abc.abstractmethod
    def _remove_point(self, code: str, point: int) -> None: ...

    @abc.abstractmethod
    def _students(self, code: str) -> int: ...

    @abc.abstractmethod
    def _join(self, code: str, student: str, pseudonym: str) -> bool:
        """Add the student (False if the pseudonym is taken; Refused if the class is full)."""

    @abc.abstractmethod
    def _is_student(self, code: str, student: str) -> bool: ...

    @abc.abstractmethod
    def _choices(self, code: str, question: int) -> int | None:
        """How many choices the question has (None if the class has no such question)."""

    @abc.abstractmethod
    def _answer(self, code: str, student: str, question: int, choice: int) -> int: ...

    @abc.abstractmethod
    def _add_point(self, code: str, student: str, x1: float, x2: float, label: int) -> int: ...

    @abc.abstractmethod
    def _state(self, code: str) -> dict: ...

    @abc.abstractmethod
    def _hit(self, key: str, window_s: float, limit: int) -> bool:
        """Count one more in ``key``'s current window; whether it is within ``limit``."""

    @abc.abstractmethod
    def _used(self, key: str, window_s: float) -> int:
        """How many ``key`` counted in its current window."""
