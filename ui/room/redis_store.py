"""``RedisStore``: the classes in Redis, shared by every replica (no streamlit).

With ``deploy/serve.py --replicas N`` the processes behind nginx share no memory; a
lecturer's page on one replica moves students whose event streams are held by the
others. Every change is one Lua script (``ui/room/redis_scripts.py``) that checks,
writes and publishes at once; each store has one thread that listens to the classes'
channels (one pattern subscription per process, not one connection per follower) and
hands the events to its followers through the same fan-out as ``MemoryStore``. If that
connection drops, the followers are told to take the whole state again once it is back.

The client is redis-py (``redis``), the maintained client: connection pooling across the
Streamlit and route threads, the pub/sub connection, scripts by SHA with a fallback to
loading them, and replies parsed and checked, none of which this module then has to
write and get right by hand.
"""

from __future__ import annotations

import functools
import json
import logging
import math
import threading
import time

import redis

from ui.room import redis_scripts as lua
from ui.room.fanout import RESYNC, Event
from ui.room.rules import (
    Clock,
    Collecting,
    Limits,
    Question,
    Refused,
    public_state,
    refuse,
    system_clock,
)
from ui.room.store import ClassStore, Seat, Status

PREFIX = "lab:room:"
_LISTENER_READY_S = 10.0
log = logging.getLogger("perceptron_lab")


class RedisStore(ClassStore):
    """Every class in the Redis at ``url`` (``redis://host:port/db``), under ``prefix``."""

    def __init__(
        self,
        url: str,
        limits: Limits | None = None,
        clock: Clock = system_clock,
        prefix: str = PREFIX,
        key: bytes | None = None,
    ) -> None:
        super().__init__(limits, clock, key)
        self.prefix = prefix
        self.redis = redis.Redis.from_url(
            url, decode_responses=True, socket_timeout=5, socket_connect_timeout=5
        )
        self._scripts = {
            name: self.redis.register_script(getattr(lua, name))
            for name in ("CREATE", "END", "MOVE", "ASK", "REVEAL", "ANSWER", "JOIN")
            + ("COLLECT", "ADD_POINT", "REMOVE_POINT", "STATE", "JOINS", "REMOVE_SEAT")
            + ("CLEAR_POINTS", "REMOVE_HELD", "COUNT_HELD", "HOLD")
        }
        # A class is forgotten this long after its lecturer's last move (Redis's own clock).
        self._ttl = int(self.limits.expiry_s + self.limits.ended_kept_s) + 60
        self._stopping = threading.Event()
        self._ready = threading.Event()
        self._listener = threading.Thread(target=self._listen, name="room-redis", daemon=True)
        self._listener.start()
        if not self._ready.wait(_LISTENER_READY_S):
            self.close()
            raise ConnectionError(f"no Redis at {url}")

    # ------------------------------------------------------------ plumbing

    def _key(self, code: str, part: str) -> str:
        return f"{self.prefix}{code}:{part}"

    def _channel(self, code: str) -> str:
        return self._key(code, "events")

    def _run(self, name: str, keys: list[str], args: list) -> object:
        """Run a script; a refusal's name it returns is raised as that refusal."""
        return _refused(self._scripts[name](keys=keys, args=args))

    def _parts(self, code: str) -> list[str]:
        """Every key of the class (its answers' keys included)."""
        nextq = int(self.redis.hget(self._key(code, "meta"), "nextq") or 0)
        parts = ["meta", "questions", "students", "names", "points", "owner", "mine", "removed"]
        parts += ["held"]
        return [self._key(code, p) for p in parts] + [
            self._key(code, f"{kind}:{q}")
            for q in range(1, nextq + 1)
            for kind in ("answers", "held_answers")
        ]

    def _listen(self) -> None:
        """Hand every class's events to this process's followers, until closed."""
        pattern = f"{self.prefix}*:events"
        connected_before = False
        down = False
        while not self._stopping.is_set():
            pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
            try:
                pubsub.psubscribe(pattern)
                pubsub.get_message(timeout=1.0)  # the subscription's confirmation
                if connected_before:  # events may have been missed meanwhile
                    self.fanout.publish_all(RESYNC)
                    if down:
                        log.warning("class store: Redis is back, followers resynchronised")
                connected_before = True
                down = False
                self._ready.set()
                while not self._stopping.is_set():
                    message = pubsub.get_message(timeout=0.1)  # and close() waits no longer
                    if message is None or message["type"] != "pmessage":
                        continue
                    code = message["channel"][len(self.prefix) : -len(":events")]
                    try:
                        item = Event(json.loads(message["data"]), text=message["data"])
                    except (ValueError, TypeError):
                        continue  # not one of ours: the scripts publish JSON objects
                    self.fanout.publish(code, item)
            except (redis.RedisError, OSError) as error:
                if not down:  # one line per outage, not one per attempt
                    _say_outage("class store: Redis unreachable (%s): reconnecting", error)
                down = True
                time.sleep(0.5)  # then subscribe again, and resynchronise the followers
            finally:
                pubsub.close()

    def close(self) -> None:
        self._stopping.set()
        if self._listener.is_alive() and self._listener is not threading.current_thread():
            self._listener.join(timeout=5)
        self.redis.close()

    # ------------------------------------------------------------ the class

    def _create(self, code: str, secret_hash: str, now: float) -> bool:
        return bool(
            self._run("CREATE", [self._key(code, "meta")], [secret_hash, repr(now), self._ttl])
        )

    def _status(self, code: str) -> Status | None:
        secret, seen, ended, closed = self.redis.hmget(
            self._key(code, "meta"), "secret", "seen", "ended", "closed"
        )
        if secret is None:
            return None
        return Status(secret, float(seen), ended != "", closed == "1")

    def _touch(self, code: str, now: float) -> None:
        with self.redis.pipeline(transaction=False) as pipe:
            pipe.hset(self._key(code, "meta"), "seen", repr(now))
            for key in self._parts(code):
                pipe.expire(key, self._ttl)
            pipe.execute()

    def _end(self, code: str, reason: str) -> None:
        meta = self._key(code, "meta")
        args = [repr(self.clock()), self._channel(code), reason]
        if self._scripts["END"](keys=[meta], args=args):
            with self.redis.pipeline(transaction=False) as pipe:
                for key in self._parts(code):
                    pipe.expire(key, int(self.limits.ended_kept_s))
                pipe.execute()

    def _move(self, code: str, lead_json: str) -> int:
        return self._run("MOVE", [self._key(code, "meta")], [lead_json, self._channel(code)])

    # ------------------------------------------------------------ questions

    def _ask(self, code: str, question: Question) -> int:
        record = {"kind": question.kind, "prompt": question.prompt}
        record.update(choices=[*question.choices], right=question.right, status="asked")
        record["marks"] = [list(m) for m in question.marks]
        public = question.public(0)
        del public["id"]
        return self._run(
            "ASK",
            [self._key(code, "meta"), self._key(code, "questions")],
            [
                json.dumps(record)[1:-1],
                json.dumps(public)[1:-1],
                self.limits.questions_per_class,
                self._channel(code),
                self._ttl,
            ],
        )

    def _reveal(self, code: str, question: int) -> list[int]:
        keys = [self._key(code, p) for p in ("meta", "questions", f"answers:{question}")]
        return [int(n) for n in self._run("REVEAL", keys, [question, self._channel(code)])]

    def _results(self, code: str) -> list[dict]:
        records = self.redis.hgetall(self._key(code, "questions"))
        out = []
        for qid in sorted(records, key=int):
            record = _record(records[qid])
            counts = [0] * len(record["choices"])
            for choice in self.redis.hvals(self._key(code, f"answers:{qid}")):
                counts[int(choice)] += 1
            out.append({**record, "counts": counts})
        return out

    def _choices(self, code: str, question: int) -> int | None:
        record = self.redis.hget(self._key(code, "questions"), str(question))
        return None if record is None else len(json.loads(record)["choices"])

    def _answer(self, code: str, student: str, question: int, choice: int) -> int:
        parts = ("meta", f"answers:{question}", "held", f"held_answers:{question}")
        keys = [self._key(code, p) for p in parts]
        args = [question, student, choice, self._channel(code), self._ttl]
        return self._run("ANSWER", keys, args)

    # ------------------------------------------------------------ students and points

    def _students(self, code: str) -> int:
        return self.redis.hlen(self._key(code, "students"))

    def _join(self, code: str, student: str, pseudonym: str, held: bool = False) -> bool:
        keys = [self._key(code, p) for p in ("meta", "students", "names", "held")]
        args = [student, pseudonym, self.limits.students_per_class, self._channel(code), self._ttl]
        args.append("1" if held else "")
        result = self._scripts["JOIN"](keys=keys, args=args)
        if result == "taken":
            return False  # not a refusal: another draw
        _refused(result)
        return True

    def _name(self, code: str, student: str) -> str | None:
        return self.redis.hget(self._key(code, "students"), student)

    def _removed(self, code: str, student: str) -> bool:
        return bool(self.redis.sismember(self._key(code, "removed"), student))

    def _seats(self, code: str) -> list[Seat]:
        nextq = int(self.redis.hget(self._key(code, "meta"), "nextq") or 0)
        with self.redis.pipeline(transaction=True) as pipe:
            pipe.hgetall(self._key(code, "students"))
            pipe.hgetall(self._key(code, "mine"))
            pipe.smembers(self._key(code, "held"))
            for q in range(1, nextq + 1):
                pipe.hkeys(self._key(code, f"answers:{q}"))
                pipe.hkeys(self._key(code, f"held_answers:{q}"))
            students, mine, held, *answered = pipe.execute()
        counts: dict[str, int] = {}
        for given in answered:
            for student in given:
                counts[student] = counts.get(student, 0) + 1
        return [
            Seat(student, name, counts.get(student, 0), int(mine.get(student, 0)), student in held)
            for student, name in students.items()
        ]

    def _removal(self, code: str) -> tuple[list[str], list]:
        """The keys and arguments of ``REMOVE_SEAT`` and ``REMOVE_HELD``."""
        parts = ("meta", "students", "names", "points", "owner", "mine", "questions", "removed")
        keys = [self._key(code, p) for p in (*parts, "held")]
        args = [self._channel(code), self._key(code, "answers:"), self._ttl]
        return keys, [*args, self._key(code, "held_answers:")]

    def _remove_seat(self, code: str, student: str) -> bool:
        keys, args = self._removal(code)
        return bool(self._run("REMOVE_SEAT", keys, [*args, student]))

    def _held(self, code: str) -> int:
        return int(self.redis.scard(self._key(code, "held")))

    def _is_held(self, code: str, student: str) -> bool:
        return bool(self.redis.sismember(self._key(code, "held"), student))

    def _hold(self, code: str, students: list[str]) -> None:
        keys = [self._key(code, p) for p in ("meta", "students", "held")]
        args = [self._channel(code), self._key(code, "answers:")]
        args += [self._key(code, "held_answers:"), self._ttl, *students]
        try:
            self._run("HOLD", keys, args)
        except Refused:  # the class ended meanwhile: nothing to hold
            pass

    def _count_held(self, code: str) -> int:
        keys = [self._key(code, "meta"), self._key(code, "held")]
        args = [self._channel(code), self._key(code, "answers:")]
        args += [self._key(code, "held_answers:"), self._ttl]
        return int(self._run("COUNT_HELD", keys, args))

    def _remove_held(self, code: str) -> int:
        keys, args = self._removal(code)
        return int(self._run("REMOVE_HELD", keys, args))

    def _set_joins_closed(self, code: str, closed: bool) -> None:
        self._run("JOINS", [self._key(code, "meta")], ["1" if closed else ""])

    def _clear_points(self, code: str) -> int:
        keys = [self._key(code, p) for p in ("meta", "points", "owner", "mine")]
        return int(self._run("CLEAR_POINTS", keys, [self._channel(code)]))

    def _tell(self, code: str, item: dict) -> None:
        self.redis.publish(self._channel(code), json.dumps(item, separators=(",", ":")))

    def _tally(self, code: str, name: str, bucket: int, ttl: int) -> None:
        key = self._key(code, f"refused:{bucket}")
        with self.redis.pipeline(transaction=False) as pipe:
            pipe.hincrby(key, name, 1)
            pipe.expire(key, ttl)
            pipe.execute()

    def _refusals(self, code: str, buckets: list[int]) -> dict[str, int]:
        with self.redis.pipeline(transaction=False) as pipe:
            for bucket in buckets:
                pipe.hgetall(self._key(code, f"refused:{bucket}"))
            total: dict[str, int] = {}
            for counted in pipe.execute():
                for name, n in counted.items():
                    total[name] = total.get(name, 0) + int(n)
        return total

    def _collect(self, code: str, collecting: Collecting | None) -> None:
        if collecting is None:
            args = ["", "0", "0", "0", "0", "0"]
        else:
            args = [json.dumps(collecting.public())]
            args += [repr(v) for v in collecting.box] + [collecting.per_student]
        self._run("COLLECT", [self._key(code, "meta")], [*args, self._channel(code)])

    def _collecting(self, code: str) -> Collecting | None:
        public = self.redis.hget(self._key(code, "meta"), "collecting")
        if not public:
            return None
        public = json.loads(public)
        return Collecting(tuple(public["box"]), public["per_student"])

    def _add_point(self, code: str, student: str, x1: float, x2: float, label: int) -> int:
        keys = [self._key(code, p) for p in ("meta", "students", "points", "owner", "mine")]
        args = [student, repr(x1), repr(x2), label, self.limits.points_per_class]
        return self._run("ADD_POINT", keys, [*args, self._channel(code), self._ttl])

    def _remove_point(self, code: str, point: int) -> None:
        if isinstance(point, bool) or not isinstance(point, int):
            raise refuse("no_point")
        keys = [self._key(code, p) for p in ("meta", "points", "owner", "mine")]
        self._run("REMOVE_POINT", keys, [point, self._channel(code)])

    # ------------------------------------------------------------ reading

    def _state(self, code: str) -> dict:
        keys = [self._key(code, p) for p in ("meta", "questions", "students", "points")]
        reply = self._run("STATE", keys, [self._key(code, "answers:")])
        version, lead, record, answered, collecting, ended, students, points, seq = reply
        question = None
        if record is not None:
            record = _record(record)
            keys = ("id", "kind", "prompt", "choices", "marks", "status")
            question = {k: record[k] for k in keys}
            question["answered"] = int(answered)
            if record["status"] == "revealed":
                question.update(counts=record["counts"], right=record["right"])
        return public_state(
            code,
            seq=int(seq),
            version=int(version),
            lead=json.loads(lead),
            question=question,
            collecting=json.loads(collecting) if collecting else None,
            points=[json.loads(p) for p in points],
            students=int(students),
            ended=ended != "",
        )

    def _window(self, key: str, window_s: float) -> str:
        return f"{self.prefix}rate:{key}:{int(self.clock() // window_s)}"

    def _hit(self, key: str, window_s: float, limit: int) -> bool:
        with self.redis.pipeline(transaction=True) as pipe:
            name = self._window(key, window_s)
            pipe.incr(name)
            pipe.expire(name, int(window_s) + 1)
            count, _ = pipe.execute()
        return count <= limit

    def _mark(self, key: str, until: float, ttl_s: float) -> None:
        self.redis.set(f"{self.prefix}mark:{key}", repr(until), ex=max(1, math.ceil(ttl_s)))

    def _log_join(self, key: str, now: float, entry: str) -> None:
        name = f"{self.prefix}joined:{key}"
        with self.redis.pipeline(transaction=True) as pipe:
            pipe.zadd(name, {entry: now})
            pipe.zremrangebyscore(name, "-inf", now - self.limits.held_lookback_s)
            pipe.expire(name, max(1, math.ceil(self.limits.held_lookback_s)) + 1)
            pipe.execute()

    def _joins_since(self, key: str, since: float) -> list[str]:
        return self.redis.zrangebyscore(f"{self.prefix}joined:{key}", f"({since!r}", "+inf")

    def _marked(self, key: str) -> float:
        return float(self.redis.get(f"{self.prefix}mark:{key}") or 0.0)

    def _used(self, key: str, window_s: float) -> int:
        return int(self.redis.get(self._window(key, window_s)) or 0)


_UNAVAILABLE_LOGGED_EVERY_S = 5.0
_unavailable_logged = [0.0]


def _say_outage(message: str, *args: object) -> None:
    """Log that Redis cannot be reached: one line per few seconds for the whole process,
    whether the listener or a call noticed it first (an outage is one line, not two)."""
    now = time.monotonic()
    if now - _unavailable_logged[0] > _UNAVAILABLE_LOGGED_EVERY_S:
        _unavailable_logged[0] = now
        log.warning(message, *args)


def _reachable(method):
    """``method``, raising the refusal ``unavailable`` (503, a plain reason) when Redis
    cannot be reached: logged as one line (at most one per few seconds), no traceback."""

    @functools.wraps(method)
    def guarded(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except (redis.ConnectionError, redis.TimeoutError, OSError) as error:
            _say_outage("class store unavailable: %s in %s", type(error).__name__, method.__name__)
            raise refuse("unavailable") from None

    return guarded


_GUARDED = (
    "_create",
    "_status",
    "_touch",
    "_end",
    "_move",
    "_ask",
    "_reveal",
    "_results",
    "_choices",
    "_answer",
    "_students",
    "_join",
    "_name",
    "_removed",
    "_seats",
    "_remove_seat",
    "_set_joins_closed",
    "_clear_points",
    "_tell",
    "_tally",
    "_refusals",
    "_collect",
    "_collecting",
    "_add_point",
    "_remove_point",
    "_state",
    "_hit",
    "_used",
    "_held",
    "_is_held",
    "_count_held",
    "_remove_held",
    "_mark",
    "_marked",
    "_hold",
    "_log_join",
    "_joins_since",
)
for _method in _GUARDED:
    setattr(RedisStore, _method, _reachable(getattr(RedisStore, _method)))


def _refused(result: object) -> object:
    """A script's result, or the refusal it named raised."""
    if isinstance(result, str):
        refusal, _, value = result.partition(":")
        raise refuse(refusal, *([value] if value else []))
    return result


def _record(text: str | bytes) -> dict:
    """A question's record as kept (its marks a list: Lua's cjson, which rewrites the record
    on Reveal, writes an empty list as {})."""
    record = json.loads(text)
    record["marks"] = list(record.get("marks") or [])
    return record
