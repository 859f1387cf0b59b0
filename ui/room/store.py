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

Seats. ``join`` gives the student's browser a seat token (``Joined.student``: the
student's id signed with HMAC under the server's key, ``ui.server.key.secret``,
the same on every replica). The browser keeps it (localStorage and a cookie, so a reload
keeps the seat: ``resume``); every answer, point and event stream names it. One stream per
seat: a new one ends the old (its last event ``replaced``); a seat the lecturer removed
gets ``removed`` and its stream ends. A valid token for a class the store does not know
proves the class existed: it is refused as ``lost`` (not ``unknown``).

The lecturer's control (each with the secret): ``seats`` (``Seat``: pseudonym, answers,
points, held), ``held`` / ``count_held`` / ``remove_held`` (the seats held, below),
``remove_seat`` (its answers leave the counts, its points go with
``point_removed`` events, its stream ends), ``close_joins`` / ``joins_closed``,
``clear_points``, ``refused`` (the refusals of the last minute by name; the routes count
them with ``note_refusal``) and ``status`` ("live", "ended" or "lost": the lecturer's page
learns its class is gone, e.g. after Redis restarted without its file). While the store
cannot reach its Redis, every method raises the refusal ``unavailable`` (503).

Refusals by name (``rules.REFUSALS``; ``Refused.name``): besides the checks of values,
``unknown``, ``ended``, ``lost``, ``not_lecturer``, ``not_joined``, ``removed``,
``guesses``, ``joins``, ``joins_burst``, ``joins_closed``, ``full``, ``answers_rate``,
``points_rate``, ``streams_rate``, ``followers``, ``no_seat``, ``held``, ``unavailable``, ...

Held seats: seats minted on the bare join route from one address faster than people join
(``Limits.held_joins``; a join page's seat, ``join(page=True)``, never is) are held: their
answers are kept but not counted (not in ``answered``, not in a reveal's counts), their
points refused (``held``), until the lecturer calls ``count_held`` or
``remove_held``; ``held`` says how many, ``seats`` marks them.
"""

from __future__ import annotations

import abc
import asyncio
import secrets
import time
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
REPLACED = "This class is open in another tab of yours: this one stopped following."
REMOVED = "The lecturer removed you from this class."
# Refusals that mean a burst: seats joining, answers, points or reconnections arriving
# faster than people tap (the lecturer's page flags them).
BURSTS = ("joins_burst", "joins", "answers_rate", "points_rate", "streams_rate")
REFUSED_BUCKET_S = 10.0  # refusals are counted in buckets of this many seconds ...
REFUSED_BUCKETS = 6  # ... and the lecturer sees the last this many (a minute)


@dataclass(frozen=True)
class Opened:
    """A new class: its join code (for everyone) and the lecturer's secret (for no one)."""

    code: str
    secret: str


@dataclass(frozen=True)
class Joined:
    """A student in a class: their seat token (their browser keeps it; it signs their
    answers, points and event stream), and their name."""

    student: str
    pseudonym: str


@dataclass(frozen=True)
class Seat:
    """A seat as the lecturer sees it: its id (``remove_seat`` takes it; not its token),
    the pseudonym, how many questions it answered and how many points it holds."""

    seat: str
    pseudonym: str
    answers: int
    points: int
    held: bool = False  # joined in a burst: its answers are not counted (``count_held``)


@dataclass(frozen=True)
class Status:
    """What every request reads first: the secret's hash, the lecturer's last visit, ..."""

    secret_hash: str
    seen: float
    ended: bool
    joins_closed: bool = False


def _newer(other: object, mine: list) -> bool:
    """Whether the stream ``other`` (its [start, tie-break]) began after ``mine``."""
    if not isinstance(other, list) or len(other) != 2:
        return False
    try:
        return (int(other[0]), str(other[1])) > (mine[0], mine[1])
    except (TypeError, ValueError):
        return False


class ClassStore(abc.ABC):
    """Classes by join code: the lead state, questions, answers, points and students."""

    def __init__(
        self, limits: Limits | None = None, clock: Clock = system_clock, key: bytes | None = None
    ) -> None:
        self.limits = limits or Limits()
        self.clock = clock
        self.fanout = Fanout()
        self._seat_key = key

    @property
    def seat_key(self) -> bytes:
        """The key that signs seats: the server's (``ui.server.key.secret``)."""
        if self._seat_key is None:
            from ui.server import key  # no streamlit; read once, on first use

            self._seat_key = key.secret()
        return self._seat_key

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

    def status(self, code: str, secret: object) -> str:
        """ "live", "ended" or "lost" (the store does not know the class: it expired, or
        Redis restarted without its file). Raises ``not_lecturer`` for a wrong secret of a
        class it knows, ``unavailable`` when the store cannot be reached."""
        status = self._status(code)
        if status is None:
            return "lost"
        if not codes.secret_matches(secret, status.secret_hash):
            raise refuse("not_lecturer")
        try:
            self._live(code)
        except Refused:
            return "ended"
        return "live"

    def seats(self, code: str, secret: object) -> list[Seat]:
        """The class's seats, by pseudonym."""
        self._lecturer(code, secret)
        return sorted(self._seats(code), key=lambda seat: seat.pseudonym)

    def remove_seat(self, code: str, secret: object, seat: object) -> None:
        """Remove a seat with everything it sent: its answers leave the counts, its points
        go (``point_removed`` each), its stream ends with ``removed``; its token is refused
        from then on (``removed``). Refused ``no_seat`` for a seat the class has not."""
        self._lecturer(code, secret)
        if not isinstance(seat, str) or not self._remove_seat(code, seat):
            raise refuse("no_seat")

    def held(self, code: str, secret: object) -> int:
        """How many seats are held (joined in a burst from one address, ``Limits``): their
        answers are kept but not counted, their points refused, until the lecturer decides."""
        self._lecturer(code, secret)
        return self._held(code)

    def count_held(self, code: str, secret: object) -> int:
        """Count the held seats from now on: their answers to the open question join its
        counts (an ``answers`` event); how many seats were held. Their answers to questions
        already revealed stay out (those counts were final)."""
        self._lecturer(code, secret)
        return self._count_held(code)

    def remove_held(self, code: str, secret: object) -> int:
        """Remove every held seat with everything it sent, as ``remove_seat``; how many."""
        self._lecturer(code, secret)
        return self._remove_held(code)

    def close_joins(self, code: str, secret: object, closed: bool = True) -> None:
        """Close the class to new joins (``closed=False``: open it again); seats stay."""
        self._lecturer(code, secret)
        self._set_joins_closed(code, bool(closed))

    def joins_closed(self, code: str, secret: object) -> bool:
        self._lecturer(code, secret)
        return self._live(code).joins_closed

    def clear_points(self, code: str, secret: object) -> int:
        """Remove every point of the class (``point_removed`` each); how many went."""
        self._lecturer(code, secret)
        return self._clear_points(code)

    def refused(self, code: str, secret: object) -> dict[str, int]:
        """The refusals counted for the class in the last minute, by refusal name."""
        self._lecturer(code, secret)
        return self._refusals(code, self._buckets())

    def note_refusal(self, code: str, name: str) -> None:
        """Count a refusal of a request to the class (the routes call it; for ``refused``)."""
        self._tally(
            code, str(name)[:32], self._buckets()[0], int(REFUSED_BUCKET_S * (REFUSED_BUCKETS + 1))
        )

    def _buckets(self) -> list[int]:
        now = int(self.clock() // REFUSED_BUCKET_S)
        return [now - i for i in range(REFUSED_BUCKETS)]

    # ------------------------------------------------------------ the students

    def admit(self, typed: object, address: str, seat: object = None) -> str:
        """The class code a request names, if that class is on (wrong codes are counted).

        Every route starts here, so guessing codes by any route is limited per address:
        past ``limits.guesses`` wrong codes in the window a wrong code is refused as
        ``guesses`` (the routes answer it late), but a live code always gets in. A code
        that existed never counts: an ended class (``ended``), or a class the store lost
        named with a seat token it signed (``seat``: ``lost``).
        """
        key = f"guess:{address}"
        try:
            code = codes.normalise(typed)
            if self._status(code) is None and codes.seat_of(self.seat_key, code, seat):
                raise refuse("lost")
            self._live(code)
        except Refused as refusal:
            if refusal.status in (400, 404) and not self._hit(
                key, self.limits.guess_window_s, self.limits.guesses
            ):
                raise refuse("guesses") from None
            raise
        return code

    def join(self, code: str, address: str, page: bool = False) -> Joined:
        """A new seat with a pseudonym nobody else in the class has; its token.

        ``page``: the seat is taken by the lab's join page (a browser that loaded it: one
        Streamlit session and script run per seat), not by a bare ``POST`` to the route.
        Both are held to the address's join rates; only the route's seats are held for
        their pace (``_burst``): a hall behind one NAT joins through the page at its own
        pace and every seat counts, while a script minting seats on the route keeps none
        that count before the lecturer decides."""
        if not self._hit(f"joins:{address}", 1.0, self.limits.joins_per_second):
            raise refuse("joins_burst")
        if not self._hit(f"join:{address}", 60.0, self.limits.joins_per_minute):
            raise refuse("joins")
        if self._live(code).joins_closed:
            raise refuse("joins_closed")
        held, recent = (False, {}) if page else self._burst(address)
        student = codes.new_student()
        for attempt in range(50):
            name = codes.pseudonym(taken=self._students(code) if attempt else 0)
            if self._join(code, student, name, held):
                if not page:  # the route's pace only: a page's seat is never held after
                    self._log_join(f"joined:{address}", self.clock(), f"{code} {student}")
                for other, students in recent.items():  # the burst's first seats, too
                    self._hold(other, students)
                return Joined(codes.seat_token(self.seat_key, code, student), name)
        raise Refused("No free pseudonym: try again.", 503)  # pragma: no cover

    def _burst(self, address: str) -> tuple[bool, dict[str, list[str]]]:
        """Whether a seat joining now from ``address`` is held, and the seats to hold with it.

        Held when the address has joined faster than people do (more than
        ``Limits.held_joins`` in the last ``held_window_s``), now or within the last
        ``held_quiet_s``. The address's route seats of the last ``held_lookback_s`` are
        held with it (by class: code -> students), so a script keeps none of its seats,
        even the first ones a loaded server let through slowly.
        """
        now = self.clock()
        mark = f"held:{address}"
        joined = self._joins_since(f"joined:{address}", now - self.limits.held_lookback_s)
        window = self._joins_since(f"joined:{address}", now - self.limits.held_window_s)
        if len(window) >= self.limits.held_joins:
            self._mark(mark, now + self.limits.held_quiet_s, self.limits.held_quiet_s)
            recent: dict[str, list[str]] = {}
            for entry in joined:  # the burst's first seats, back to held_lookback_s
                other, _, student = entry.partition(" ")
                recent.setdefault(other, []).append(student)
            return True, recent
        return self._marked(mark) > now, {}

    def resume(self, code: str, token: object) -> Joined:
        """The seat a browser kept (a reload): refused ``lost``, ``ended``, ``removed`` or
        ``not_joined`` when it cannot be taken again."""
        student = self._student(code, token)
        name = self._name(code, student)
        if name is None:  # pragma: no cover (removed between the two reads)
            raise refuse("removed")
        return Joined(str(token), name)

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
        if self._is_held(code, student):  # held is set at joining, never after: no race
            raise refuse("held")
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

    async def subscribe(
        self, code: str, idle: float | None = None, seat: object = None
    ) -> AsyncIterator[dict]:
        """The class's events, the current state first; ``heartbeat`` after ``idle`` s quiet.

        Ends after the ``ended`` event. With ``idle`` set, a quiet stream also checks the
        class's expiry, so its followers are told when the lecturer is gone for good.
        With ``seat`` (a seat token; the routes always give one) the stream is that seat's
        one stream: a newer one ends it (``replaced``), as does the seat's removal
        (``removed``), and its reconnections are limited per minute.
        """
        student = stream = None
        if seat is not None:
            student = await asyncio.to_thread(self._student, code, seat)
            window = f"stream:{code}:{student}"
            if not await asyncio.to_thread(
                self._hit, window, 60.0, self.limits.streams_per_seat_per_minute
            ):
                raise refuse("streams_rate")
            # Which stream is newer: its start (the wall clock, shared closely enough by
            # replicas), then a random tie-break. A late message of an older stream of the
            # seat, delivered after this one began, must not end this one.
            stream = [time.time_ns(), secrets.token_hex(8)]
        follower = self.fanout.add(code, self.limits.followers_per_class)
        if follower is None:
            raise refuse("followers")
        try:
            if student is not None:  # the seat's older stream, on any replica, ends
                mine = {"type": "_seat", "seat": student, "stream": stream}
                await asyncio.to_thread(self._tell, code, mine)
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
                if item.get("type") in ("_seat", "_removed"):
                    if item.get("seat") != student or student is None:
                        continue
                    if item["type"] == "_removed":
                        yield event("removed", reason=REMOVED)
                        return
                    if _newer(item.get("stream"), stream):
                        yield event("replaced", reason=REPLACED)
                        return
                    continue
                if item is RESYNC:
                    try:
                        item = await asyncio.to_thread(self.state, code)
                    except Refused as refusal:
                        if refusal.name == "unknown":  # it was there: Redis lost it
                            refusal = refuse("lost")
                        if refusal.name == "unavailable":
                            continue  # the store's listener resynchronises again
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

    def _student(self, code: str, token: object) -> str:
        """The student's id a seat token names, if that seat is in the class."""
        student = codes.seat_of(self.seat_key, code, token)
        if self._status(code) is None:
            raise refuse("lost" if student else "unknown")
        self._live(code)
        if student is None:
            raise refuse("not_joined")
        if self._name(code, student) is None:
            raise refuse("removed" if self._removed(code, student) else "not_joined")
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
    def _join(self, code: str, student: str, pseudonym: str, held: bool = False) -> bool:
        """Add the student, held or not (False if the pseudonym is taken; Refused if the
        class is full)."""

    @abc.abstractmethod
    def _held(self, code: str) -> int: ...

    @abc.abstractmethod
    def _hold(self, code: str, students: list[str]) -> None:
        """Hold these seats (those still in the class): their answers to the open question
        leave its counts (an ``answers`` event) and are kept as held answers."""

    @abc.abstractmethod
    def _is_held(self, code: str, student: str) -> bool: ...

    @abc.abstractmethod
    def _count_held(self, code: str) -> int:
        """Count the held seats: their answers to the open question join the counts."""

    @abc.abstractmethod
    def _remove_held(self, code: str) -> int:
        """Remove every held seat as ``_remove_seat`` does; how many."""

    @abc.abstractmethod
    def _name(self, code: str, student: str) -> str | None:
        """The student's pseudonym (None if the class has no such seat)."""

    @abc.abstractmethod
    def _removed(self, code: str, student: str) -> bool:
        """Whether the lecturer removed this seat."""

    @abc.abstractmethod
    def _seats(self, code: str) -> list[Seat]: ...

    @abc.abstractmethod
    def _remove_seat(self, code: str, student: str) -> bool:
        """Remove the seat and all it sent, publish the changes and ``_removed``; False if
        there is no such seat."""

    @abc.abstractmethod
    def _set_joins_closed(self, code: str, closed: bool) -> None: ...

    @abc.abstractmethod
    def _clear_points(self, code: str) -> int: ...

    @abc.abstractmethod
    def _tell(self, code: str, item: dict) -> None:
        """Hand ``item`` to every follower of the class on every replica, unnumbered (not a
        change of the class: the seats' own messages)."""

    @abc.abstractmethod
    def _tally(self, code: str, name: str, bucket: int, ttl: int) -> None:
        """Count one refusal ``name`` of the class in ``bucket``."""

    @abc.abstractmethod
    def _refusals(self, code: str, buckets: list[int]) -> dict[str, int]:
        """The refusals counted in ``buckets``, summed by name."""

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
    def _log_join(self, key: str, now: float, entry: str) -> None:
        """Keep ``entry`` under ``key`` at time ``now`` (for ``Limits.held_window_s``)."""

    @abc.abstractmethod
    def _joins_since(self, key: str, since: float) -> list[str]:
        """The entries kept under ``key`` after ``since``."""

    @abc.abstractmethod
    def _mark(self, key: str, until: float, ttl_s: float) -> None:
        """Keep ``until`` (a time of ``clock``) under ``key`` for about ``ttl_s`` seconds."""

    @abc.abstractmethod
    def _marked(self, key: str) -> float:
        """The time kept under ``key`` (0.0 if none)."""

    @abc.abstractmethod
    def _used(self, key: str, window_s: float) -> int:
        """How many ``key`` counted in its current window."""
