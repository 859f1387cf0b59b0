"""``MemoryStore``: the classes of one process, in its memory (no streamlit).

The embedded default. The lecturer's page writes from a Streamlit script thread, the
routes from worker threads, and followers read on the server's event loop: one lock
guards every class, and each change is published while it is held, so every follower
sees the changes in the order they were made.
"""

from __future__ import annotations

import json
import threading
from collections import Counter
from dataclasses import dataclass, field

from ui.room.fanout import Event
from ui.room.rules import (
    Clock,
    Collecting,
    Limits,
    Question,
    event,
    public_state,
    refuse,
    stale_lead,
    system_clock,
)
from ui.room.store import EXPIRED, ClassStore, Seat, Status

_RATE_KEYS_SWEPT_AT = 10_000  # rate-limit windows kept before the old ones are dropped


@dataclass
class _Room:
    secret_hash: str
    seen: float
    ended_at: float | None = None
    version: int = 0
    seq: int = 0  # the changes published so far
    lead: dict = field(default_factory=dict)
    questions: list[dict] = field(default_factory=list)  # id = index + 1
    open: int | None = None  # the question being answered
    answers: dict[int, dict[str, int]] = field(default_factory=dict)  # id -> student -> choice
    students: dict[str, str] = field(default_factory=dict)  # id -> pseudonym
    names: set[str] = field(default_factory=set)
    points: dict[int, dict] = field(default_factory=dict)  # id -> public record
    owner: dict[int, str] = field(default_factory=dict)  # point id -> student
    per_student: Counter = field(default_factory=Counter)
    next_point: int = 0
    collecting: Collecting | None = None
    joins_closed: bool = False
    removed: set[str] = field(default_factory=set)
    held: set[str] = field(default_factory=set)  # seats that joined in a burst
    # id -> held student -> choice: kept, not counted until the lecturer counts them
    held_answers: dict[int, dict[str, int]] = field(default_factory=dict)
    refused: dict[int, Counter] = field(default_factory=dict)  # bucket -> name -> count


class MemoryStore(ClassStore):
    """Every class of this process in a dict, under one lock."""

    def __init__(
        self, limits: Limits | None = None, clock: Clock = system_clock, key: bytes | None = None
    ) -> None:
        super().__init__(limits, clock, key)
        self._lock = threading.RLock()
        self._rooms: dict[str, _Room] = {}
        self._windows: dict[str, tuple[float, int, int]] = {}  # key -> (window, index, count)
        self._marks: dict[str, float] = {}
        self._joins: dict[str, list[tuple[float, str]]] = {}  # address key -> (time, entry)

    def close(self) -> None:
        """Nothing to let go: the classes go with the process."""

    def _room(self, code: str) -> _Room:
        room = self._rooms.get(code)
        if room is None:  # pragma: no cover (every caller checked the class first)
            raise refuse("unknown")
        return room

    def _live_room(self, code: str) -> _Room:
        """The class, if not ended: it may end between a request's first check and here."""
        room = self._room(code)
        if room.ended_at is not None:
            raise refuse("ended")
        return room

    def _publish(self, code: str, item: dict) -> None:
        """Number the change (under the lock) and hand it to the followers."""
        room = self._rooms[code]
        room.seq += 1
        self.fanout.publish(code, Event({**item, "seq": room.seq}))

    # ------------------------------------------------------------ the class

    def _create(self, code: str, secret_hash: str, now: float) -> bool:
        with self._lock:
            self._sweep(now)
            if code in self._rooms:
                return False
            self._rooms[code] = _Room(secret_hash, seen=now)
            return True

    def _sweep(self, now: float) -> None:
        """Forget ended classes once their "ended" has been kept long enough."""
        for code, room in list(self._rooms.items()):
            if room.ended_at is None and now - room.seen > self.limits.expiry_s:
                self._end(code, EXPIRED)
            if room.ended_at is not None and now - room.ended_at > self.limits.ended_kept_s:
                del self._rooms[code]

    def _status(self, code: str) -> Status | None:
        with self._lock:
            room = self._rooms.get(code)
            if room is None:
                return None
            return Status(room.secret_hash, room.seen, room.ended_at is not None, room.joins_closed)

    def _touch(self, code: str, now: float) -> None:
        with self._lock:
            self._room(code).seen = now

    def _end(self, code: str, reason: str) -> None:
        with self._lock:
            room = self._room(code)
            if room.ended_at is not None:
                return
            room.ended_at = self.clock()
            room.open, room.collecting = None, None
            self._publish(code, event("ended", reason=reason))

    def _move(self, code: str, lead_json: str) -> int:
        with self._lock:
            room = self._live_room(code)
            lead = json.loads(lead_json)
            if stale_lead(room.lead, lead):
                return room.version
            room.version += 1
            room.lead = lead
            self._publish(code, event("lead", version=room.version, lead=room.lead))
            return room.version

    # ------------------------------------------------------------ questions

    def _ask(self, code: str, question: Question) -> int:
        with self._lock:
            room = self._live_room(code)
            if room.open is not None:
                raise refuse("open", room.open)
            if len(room.questions) >= self.limits.questions_per_class:
                raise refuse("questions_full")
            qid = len(room.questions) + 1
            record = {**question.public(qid), "right": question.right, "status": "asked"}
            room.questions.append(record)
            room.answers[qid] = {}
            room.open = qid
            self._publish(code, event("asked", question=question.public(qid)))
            return qid

    def _reveal(self, code: str, question: int) -> list[int]:
        with self._lock:
            room = self._live_room(code)
            if room.open != question:
                raise refuse("not_open")
            record = room.questions[question - 1]
            given = room.answers[question]
            counts = [0] * len(record["choices"])
            for choice in given.values():
                counts[choice] += 1
            record.update(status="revealed", counts=counts)
            room.open = None
            self._publish(
                code,
                event(
                    "revealed",
                    question=question,
                    counts=counts,
                    right=record["right"],
                    answered=len(given),
                ),
            )
            return counts

    def _results(self, code: str) -> list[dict]:
        with self._lock:
            room = self._room(code)
            out = []
            for record in room.questions:
                counts = [0] * len(record["choices"])
                for choice in room.answers[record["id"]].values():
                    counts[choice] += 1
                out.append({**record, "counts": counts})
            return out

    def _choices(self, code: str, question: int) -> int | None:
        with self._lock:
            room = self._room(code)
            if not 1 <= question <= len(room.questions):
                return None
            return len(room.questions[question - 1]["choices"])

    def _answer(self, code: str, student: str, question: int, choice: int) -> int:
        with self._lock:
            room = self._live_room(code)
            if room.open != question:
                raise refuse("closed")
            if student in room.held:  # kept, not counted: nothing to tell
                room.held_answers.setdefault(question, {})[student] = choice
                return len(room.answers[question])
            given = room.answers[question]
            new = student not in given
            given[student] = choice
            if new:  # a changed answer changes no count: nothing to tell
                self._publish(code, event("answers", question=question, answered=len(given)))
            return len(given)

    # ------------------------------------------------------------ students and points

    def _students(self, code: str) -> int:
        with self._lock:
            return len(self._room(code).students)

    def _join(self, code: str, student: str, pseudonym: str, held: bool = False) -> bool:
        with self._lock:
            room = self._live_room(code)
            if room.joins_closed:
                raise refuse("joins_closed")
            if len(room.students) >= self.limits.students_per_class:
                raise refuse("full")
            if pseudonym in room.names:
                return False
            room.students[student] = pseudonym
            room.names.add(pseudonym)
            if held:
                room.held.add(student)
            self._publish(code, event("students", students=len(room.students)))
            return True

    def _name(self, code: str, student: str) -> str | None:
        with self._lock:
            return self._room(code).students.get(student)

    def _removed(self, code: str, student: str) -> bool:
        with self._lock:
            return student in self._room(code).removed

    def _seats(self, code: str) -> list[Seat]:
        with self._lock:
            room = self._room(code)
            answered = Counter(s for given in room.answers.values() for s in given)
            answered.update(s for given in room.held_answers.values() for s in given)
            return [
                Seat(
                    student,
                    name,
                    answered[student],
                    room.per_student[student],
                    student in room.held,
                )
                for student, name in room.students.items()
            ]

    def _remove_seat(self, code: str, student: str) -> bool:
        with self._lock:
            room = self._live_room(code)
            name = room.students.pop(student, None)
            if name is None:
                return False
            room.names.discard(name)
            room.removed.add(student)
            room.held.discard(student)
            for held in room.held_answers.values():
                held.pop(student, None)
            for record in room.questions:
                given = room.answers[record["id"]]
                choice = given.pop(student, None)
                if choice is None:
                    continue
                if record["status"] == "revealed":
                    record["counts"][choice] -= 1
                else:
                    self._publish(
                        code, event("answers", question=record["id"], answered=len(given))
                    )
            for pid in [p for p, owner in room.owner.items() if owner == student]:
                del room.points[pid], room.owner[pid]
                self._publish(code, event("point_removed", point=pid))
            room.per_student.pop(student, None)
            self._publish(code, event("students", students=len(room.students)))
            self._tell(code, {"type": "_removed", "seat": student})
            return True

    def _held(self, code: str) -> int:
        with self._lock:
            return len(self._room(code).held)

    def _is_held(self, code: str, student: str) -> bool:
        with self._lock:
            return student in self._room(code).held

    def _hold(self, code: str, students: list[str]) -> None:
        with self._lock:
            room = self._rooms.get(code)
            if room is None or room.ended_at is not None:
                return
            for student in students:
                if student not in room.students or student in room.held:
                    continue
                room.held.add(student)
                if room.open is None:
                    continue
                given = room.answers[room.open]
                if student in given:
                    room.held_answers.setdefault(room.open, {})[student] = given.pop(student)
                    self._publish(code, event("answers", question=room.open, answered=len(given)))

    def _count_held(self, code: str) -> int:
        with self._lock:
            room = self._live_room(code)
            n = len(room.held)
            if room.open is not None:
                given = room.answers[room.open]
                before = len(given)
                given.update(room.held_answers.get(room.open, {}))
                if len(given) != before:
                    self._publish(code, event("answers", question=room.open, answered=len(given)))
            room.held.clear()
            room.held_answers.clear()
            return n

    def _remove_held(self, code: str) -> int:
        with self._lock:
            self._live_room(code)
            return sum(self._remove_seat(code, s) for s in sorted(self._room(code).held))

    def _set_joins_closed(self, code: str, closed: bool) -> None:
        with self._lock:
            self._live_room(code).joins_closed = closed

    def _clear_points(self, code: str) -> int:
        with self._lock:
            room = self._live_room(code)
            gone = sorted(room.points)
            for pid in gone:
                del room.points[pid]
                self._publish(code, event("point_removed", point=pid))
            room.owner.clear()
            room.per_student.clear()
            return len(gone)

    def _tell(self, code: str, item: dict) -> None:
        self.fanout.publish(code, Event(item))

    def _tally(self, code: str, name: str, bucket: int, ttl: int) -> None:
        with self._lock:
            room = self._rooms.get(code)
            if room is None:
                return
            room.refused.setdefault(bucket, Counter())[name] += 1
            for old in [b for b in room.refused if b < bucket - 10]:  # a minute and more ago
                del room.refused[old]

    def _refusals(self, code: str, buckets: list[int]) -> dict[str, int]:
        with self._lock:
            room = self._room(code)
            total: Counter = Counter()
            for bucket in buckets:
                total.update(room.refused.get(bucket, {}))
            return dict(total)

    def _collect(self, code: str, collecting: Collecting | None) -> None:
        with self._lock:
            self._live_room(code).collecting = collecting
            public = collecting.public() if collecting else None
            self._publish(code, event("collecting", collecting=public))

    def _collecting(self, code: str) -> Collecting | None:
        with self._lock:
            return self._room(code).collecting

    def _add_point(self, code: str, student: str, x1: float, x2: float, label: int) -> int:
        with self._lock:
            room = self._live_room(code)
            collecting = room.collecting
            if collecting is None:
                raise refuse("not_collecting")
            x_min, x_max, y_min, y_max = collecting.box
            if not (x_min <= x1 <= x_max and y_min <= x2 <= y_max):  # the box just changed
                raise refuse("box")
            if room.per_student[student] >= collecting.per_student:
                raise refuse("student_cap", collecting.per_student)
            if len(room.points) >= self.limits.points_per_class:
                raise refuse("class_cap")
            room.next_point += 1
            pid = room.next_point
            record = {"id": pid, "x1": x1, "x2": x2, "label": label, "by": room.students[student]}
            room.points[pid] = record
            room.owner[pid] = student
            room.per_student[student] += 1
            self._publish(code, event("point", point=record))
            return pid

    def _remove_point(self, code: str, point: int) -> None:
        with self._lock:
            room = self._live_room(code)
            if isinstance(point, bool) or not isinstance(point, int) or point not in room.points:
                raise refuse("no_point")
            del room.points[point]
            room.per_student[room.owner.pop(point)] -= 1
            self._publish(code, event("point_removed", point=point))

    # ------------------------------------------------------------ reading

    def _state(self, code: str) -> dict:
        with self._lock:
            room = self._room(code)
            question = None
            if room.questions:
                last = room.questions[-1]
                question = {
                    **{k: last[k] for k in ("id", "kind", "prompt", "choices", "marks", "status")},
                    "answered": len(room.answers[last["id"]]),
                }
                if last["status"] == "revealed":
                    question.update(counts=last["counts"], right=last["right"])
            return public_state(
                code,
                seq=room.seq,
                version=room.version,
                lead=dict(room.lead),
                question=question,
                collecting=room.collecting.public() if room.collecting else None,
                points=[dict(p) for p in room.points.values()],
                students=len(room.students),
                ended=room.ended_at is not None,
            )

    def _hit(self, key: str, window_s: float, limit: int) -> bool:
        now = self.clock()
        index = int(now // window_s)
        with self._lock:
            if len(self._windows) > _RATE_KEYS_SWEPT_AT:
                # Each key against its own window: a flood of 1 s keys resets no guess count.
                self._windows = {
                    k: (w, i, c) for k, (w, i, c) in self._windows.items() if i >= now // w - 1
                }
            _, start, count = self._windows.get(key, (window_s, index, 0))
            count = count + 1 if start == index else 1
            self._windows[key] = (window_s, index, count)
            return count <= limit

    def _mark(self, key: str, until: float, ttl_s: float) -> None:
        with self._lock:
            now = self.clock()
            if len(self._marks) > _RATE_KEYS_SWEPT_AT:
                self._marks = {k: u for k, u in self._marks.items() if u > now}
            self._marks[key] = until

    def _log_join(self, key: str, now: float, entry: str) -> None:
        with self._lock:
            late = now - self.limits.held_lookback_s
            if len(self._joins) > _RATE_KEYS_SWEPT_AT:
                self._joins = {k: v for k, v in self._joins.items() if v and v[-1][0] > late}
            kept = self._joins.setdefault(key, [])
            kept[:] = [(t, e) for t, e in kept if t > late]
            kept.append((now, entry))

    def _joins_since(self, key: str, since: float) -> list[str]:
        with self._lock:
            return [e for t, e in self._joins.get(key, []) if t > since]

    def _marked(self, key: str) -> float:
        with self._lock:
            return self._marks.get(key, 0.0)

    def _used(self, key: str, window_s: float) -> int:
        index = int(self.clock() // window_s)
        with self._lock:
            _, start, count = self._windows.get(key, (window_s, index, 0))
            return count if start == index else 0
