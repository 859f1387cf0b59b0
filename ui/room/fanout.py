"""Events handed from any thread to the followers waiting on event loops (no streamlit).

A store publishes from wherever its state changed: a Streamlit script thread (the
lecturer's page), a route's worker thread, or the thread that reads Redis's pub/sub.
Each follower waits on an ``asyncio.Queue`` of the event loop that serves its stream, so
a publish is handed to that loop with ``call_soon_threadsafe`` and never blocks on a
slow follower: a follower whose queue is full is emptied and told to resynchronise
(``RESYNC``), and then gets the whole current state instead of the events it missed.
"""

from __future__ import annotations

import asyncio
import threading

QUEUE_SIZE = 256
RESYNC = {"type": "_resync"}  # not an event: "take the whole state again"


class Follower:
    """One subscription: a queue on the loop that created it."""

    def __init__(self, code: str, loop: asyncio.AbstractEventLoop) -> None:
        self.code = code
        self.loop = loop
        self.queue: asyncio.Queue[dict] = asyncio.Queue(QUEUE_SIZE)

    def deliver(self, event: dict) -> None:
        """On the follower's loop: queue the event, or start again from the state."""
        if self.queue.full():
            while not self.queue.empty():
                self.queue.get_nowait()
            event = RESYNC
        self.queue.put_nowait(event)


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
        for follower in followers:
            try:
                follower.loop.call_soon_threadsafe(follower.deliver, event)
            except RuntimeError:  # its loop has closed: the stream is gone
                self.remove(follower)

    def publish_all(self, event: dict) -> None:
        with self._lock:
            codes = list(self._followers)
        for code in codes:
            self.publish(code, event)
