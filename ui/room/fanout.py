"""Events handed from any thread to the followers waiting on event loops (no streamlit).

A store publishes from wherever its state changed: a Streamlit script thread (the
lecturer's page), a route's worker thread, or the thread that reads Redis's pub/sub.
Each follower waits on the event loop that serves its stream. A publish wakes each loop
once (``call_soon_threadsafe``), which hands the event to all its followers, and never
waits for a slow one:

- an event is one ``Event`` object for all followers, its JSON made once;
- a counter (how many answered a question, how many joined) still waiting in a
  follower's inbox is replaced by the newer count, so a burst of 200 answers costs a slow
  follower a few events, not 200;
- a follower whose inbox is full is emptied and told to resynchronise (``RESYNC``), and
  then gets the whole current state instead of the events it missed.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections import deque

INBOX_SIZE = 256
RESYNC = {"type": "_resync"}  # not an event: "take the whole state again"


class Event(dict):
    """An event as followers receive it: shared by all of them, so never changed."""

    __slots__ = ("_text",)

    def __init__(self, fields: dict, text: str | None = None) -> None:
        super().__init__(fields)
        self._text = text

    def text(self) -> str:
        """Its JSON, made once (two loops making it at once make the same text)."""
        if self._text is None:
            self._text = json.dumps(self, separators=(",", ":"))
        return self._text


def _counter(event: dict) -> tuple | None:
    """What a counter event counts (a newer one replaces it), or None."""
    if event.get("type") == "answers":
        return ("answers", event.get("question"))
    if event.get("type") == "students":
        return ("students",)
    return None


class Follower:
    """One subscription: an inbox on the loop that created it."""

    def __init__(self, code: str, loop: asyncio.AbstractEventLoop) -> None:
        self.code = code
        self.loop = loop
        self._inbox: deque[dict] = deque()
        self._waiter: asyncio.Future | None = None

    def deliver(self, event: dict) -> None:
        """On the follower's loop: keep the event for ``get``."""
        counter = _counter(event)
        if counter is not None:
            for i, waiting in enumerate(self._inbox):
                if _counter(waiting) == counter:
                    del self._inbox[i]  # the newer count goes last: events stay in order
                    break
        if len(self._inbox) >= INBOX_SIZE:
            self._inbox.clear()
            event = RESYNC
        self._inbox.append(event)
        if self._waiter is not None and not self._waiter.done():
            self._waiter.set_result(None)

    async def get(self, timeout: float | None = None) -> dict:
        """The next event; ``TimeoutError`` after ``timeout`` s without one."""
        while not self._inbox:
            self._waiter = self.loop.create_future()
            try:
                await asyncio.wait_for(self._waiter, timeout)
            finally:
                self._waiter = None
        return self._inbox.popleft()


def _deliver_all(followers: list[Follower], event: dict) -> None:
    for follower in followers:
        follower.deliver(event)


class Fanout:
    """Followers by class code; ``publish`` may be called from any thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._followers: dict[str, set[Follower]] = {}

    def add(self, code: str, cap: int) -> Follower | None:
        """A new follower of ``code`` on the running loop, or None when ``cap`` are open."""
        follower = Follower(code, asyncio.get_running_loop())
        with self._lock:
            followers = self._followers.setdefault(code, set())
            if len(followers) >= cap:
                return None
            followers.add(follower)
        return follower

    def remove(self, follower: Follower) -> None:
        with self._lock:
            followers = self._followers.get(follower.code)
            if followers is not None:
                followers.discard(follower)
                if not followers:
                    del self._followers[follower.code]

    def count(self, code: str) -> int:
        with self._lock:
            return len(self._followers.get(code, ()))

    def publish(self, code: str, event: dict) -> None:
        with self._lock:
            followers = list(self._followers.get(code, ()))
        by_loop: dict[asyncio.AbstractEventLoop, list[Follower]] = {}
        for follower in followers:
            by_loop.setdefault(follower.loop, []).append(follower)
        for loop, group in by_loop.items():
            try:
                loop.call_soon_threadsafe(_deliver_all, group, event)
            except RuntimeError:  # the loop has closed: its streams are gone
                for follower in group:
                    self.remove(follower)

    def publish_all(self, event: dict) -> None:
        with self._lock:
            codes = list(self._followers)
        for code in codes:
            self.publish(code, event)
