"""The process's one class store: Redis when ``LAB_REDIS_URL`` is set, memory otherwise.

The lecturer's pages and the routes of the same process must share it, so it is made
once, on first use, and the same object is handed to every caller.
"""

from __future__ import annotations

import os
import threading

from ui.room.memory import MemoryStore
from ui.room.store import ClassStore

REDIS_URL_ENV = "LAB_REDIS_URL"

_store: ClassStore | None = None
_lock = threading.Lock()


def make_store(url: str | None = None, **kwargs) -> ClassStore:
    """A ``RedisStore`` on ``url`` (``redis://host:port/db``), else a ``MemoryStore``."""
    if url:
        # Imported only here: a lab on one process never loads the Redis client.
        from ui.room.redis_store import RedisStore

        return RedisStore(url, **kwargs)
    return MemoryStore(**kwargs)


def default_store() -> ClassStore:
    """The process's store, made on first use."""
    global _store
    with _lock:
        if _store is None:
            _store = make_store(os.environ.get(REDIS_URL_ENV) or None)
        return _store
