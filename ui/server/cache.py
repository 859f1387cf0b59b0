"""A byte-bounded, thread-safe LRU cache with an idle TTL, shared by every session.

Why: ``st.cache_resource`` bounds a cache by its number of entries, never by bytes, and its
entries live until the process ends. The Playground's caches are shared by every session,
and one entry can be tiny (a 40-point dataset) or tens of megabytes (a run stopped at a
million updates holds its record, and, once the page has asked for them, the weight
trajectory and per-update indices: about 76 MB). So a few heavy links, or a big upload,
kept the server hundreds of megabytes up for good.

What :class:`ByteLRU` does:

- One store for all the page's cached functions (``STORE``): the bytes it holds, summed
  over every entry of every function and every session, stay at most ``CEILING_BYTES``.
  When a new or grown entry would pass it, the least recently used entries go first.
- An entry larger than ``ENTRY_LIMIT_BYTES`` is not kept at all: the caller gets its value,
  the store forgets it (and whatever it held before under that key).
- An entry not used for its TTL (``TTL_SECONDS``, shorter for uploads) is dropped.
- Sizes are the bytes of the numpy arrays and byte strings an entry holds (walking
  dataclasses, ``__dict__``, tuples, lists and dicts; an array and its views count once),
  measured when the entry is stored and again on every hit and sweep: a ``Run`` computes
  arrays lazily after it is cached, and those count too.
- A hit returns the very object that was stored (no copy), as ``st.cache_resource`` does:
  runs are immutable and keep what they computed lazily.
- Two sessions asking for the same missing key at once compute it once (a per-key lock).

The server's memory housekeeping (``ui/server/housekeeping.py``) sweeps the store every few
seconds and empties it once the last session is gone.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import hashlib
import inspect
import sys
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from datasets import Dataset

MB = 2**20
CEILING_BYTES = 150 * MB  # everything the page's caches hold, across all sessions
ENTRY_LIMIT_BYTES = 64 * MB  # an entry bigger than this is not kept
TTL_SECONDS = 15 * 60.0  # an entry unused this long is dropped
UPLOAD_TTL_SECONDS = 60.0  # an uploaded file's dataset: its session is usually the only user

_MISSING = object()


# --------------------------------------------------------------------------- sizes


def nbytes(obj: Any, _depth: int = 6) -> int:
    """Bytes of the arrays and byte strings ``obj`` holds (each buffer counted once)."""
    return _nbytes(obj, set(), _depth)


def _nbytes(obj: Any, seen: set[int], depth: int) -> int:
    if obj is None or isinstance(obj, bool | int | float | complex):
        return 0
    if isinstance(obj, np.ndarray):
        root = obj
        while isinstance(root.base, np.ndarray):
            root = root.base
        if id(root) in seen:
            return 0
        seen.add(id(root))
        return int(root.nbytes) if root.base is None else int(obj.nbytes)
    if id(obj) in seen:
        return 0
    seen.add(id(obj))
    if isinstance(obj, bytes | bytearray | str | memoryview):
        return sys.getsizeof(obj)
    if depth <= 0:
        return sys.getsizeof(obj)
    depth -= 1
    if isinstance(obj, Mapping):
        items = list(obj.items())
        return sum(_nbytes(k, seen, depth) + _nbytes(v, seen, depth) for k, v in items)
    if isinstance(obj, tuple | list | set | frozenset):
        return sum(_nbytes(v, seen, depth) for v in list(obj))
    total = 0
    fields = getattr(obj, "__dict__", None)
    if fields is not None:
        total += sum(_nbytes(v, seen, depth) for v in list(fields.values()))
    elif dataclasses.is_dataclass(obj):
        total += sum(
            _nbytes(getattr(obj, f.name, None), seen, depth) for f in dataclasses.fields(obj)
        )
    else:
        total += sys.getsizeof(obj)
    return total


# --------------------------------------------------------------------------- the store


@dataclass
class _Entry:
    value: Any
    size: int
    ttl: float
    used: float  # timer() at the last store or hit


class ByteLRU:
    """A thread-safe LRU map bounded by bytes, with a per-entry limit and an idle TTL.

    ``max_bytes`` bounds the sum of the entries' sizes; ``entry_limit`` is the largest
    entry kept (at most ``max_bytes``); ``ttl`` is how long an entry may go unused.
    ``sizeof`` measures a value (default :func:`nbytes`); ``timer`` is injectable for tests.
    """

    def __init__(
        self,
        max_bytes: int,
        entry_limit: int | None = None,
        ttl: float = TTL_SECONDS,
        *,
        sizeof: Callable[[Any], int] = nbytes,
        timer: Callable[[], float] = time.monotonic,
    ) -> None:
        self.max_bytes = int(max_bytes)
        self.entry_limit = min(int(entry_limit or max_bytes), self.max_bytes)
        self.ttl = float(ttl)
        self._sizeof = sizeof
        self._timer = timer
        self._entries: OrderedDict[Any, _Entry] = OrderedDict()
        self._total = 0
        self._lock = threading.RLock()
        self._inflight: dict[Any, list] = {}  # key -> [lock, waiters]
        self.hits = self.misses = self.evictions = self.rejected = 0
        self.freed = 0  # bytes dropped since the last take_freed()

    # -- reading ---------------------------------------------------------------------

    @property
    def total_bytes(self) -> int:
        with self._lock:
            return self._total

    def __len__(self) -> int:
        with self._lock:
            return len(self._entries)

    def __contains__(self, key: Any) -> bool:
        with self._lock:
            entry = self._entries.get(key)
            return entry is not None and not self._expired(entry, self._timer())

    def sizes(self) -> dict[Any, int]:
        with self._lock:
            return {k: e.size for k, e in self._entries.items()}

    def get(self, key: Any, default: Any = None) -> Any:
        """The stored object (the same one) or ``default``; a hit re-measures the entry."""
        with self._lock:
            entry = self._entries.get(key)
            now = self._timer()
            if entry is None or self._expired(entry, now):
                if entry is not None:
                    self._drop(key)
                self.misses += 1
                return default
            self.hits += 1
            entry.used = now
            self._entries.move_to_end(key)
            self._resize(key, entry)
            return entry.value

    # -- writing ---------------------------------------------------------------------

    def put(self, key: Any, value: Any, ttl: float | None = None) -> bool:
        """Store ``value`` under ``key``; False (and nothing kept) if it is over the limit."""
        size = int(self._sizeof(value))
        with self._lock:
            if key in self._entries:
                self._drop(key)
            if size > self.entry_limit:
                self.rejected += 1
                return False
            entry = _Entry(value, size, self.ttl if ttl is None else float(ttl), self._timer())
            self._entries[key] = entry
            self._total += size
            self._evict_for(key)
            return True

    def pop(self, key: Any) -> None:
        with self._lock:
            if key in self._entries:
                self._drop(key)

    def clear(self) -> None:
        with self._lock:
            for key in list(self._entries):
                self._drop(key)

    def sweep(self) -> int:
        """Drop expired entries, re-measure the rest, restore the ceiling; bytes dropped."""
        with self._lock:
            before = self.freed
            now = self._timer()
            for key, entry in list(self._entries.items()):
                if self._expired(entry, now):
                    self._drop(key)
                else:
                    self._resize(key, entry, evict=False)
            self._evict_for(None)
            return self.freed - before

    def take_freed(self) -> int:
        """Bytes dropped since the last call (the housekeeper trims the heap after that)."""
        with self._lock:
            freed, self.freed = self.freed, 0
            return freed

    def get_or_compute(self, key: Any, compute: Callable[[], Any], ttl: float | None = None):
        """The cached value, or ``compute()`` stored (once, even with concurrent callers)."""
        value = self.get(key, _MISSING)
        if value is not _MISSING:
            return value
        with self._lock:
            slot = self._inflight.setdefault(key, [threading.Lock(), 0])
            slot[1] += 1
        try:
            with slot[0]:
                value = self.get(key, _MISSING)
                if value is _MISSING:
                    value = compute()
                    self.put(key, value, ttl)
                return value
        finally:
            with self._lock:
                slot[1] -= 1
                if slot[1] == 0:
                    self._inflight.pop(key, None)

    # -- internals (the lock is held) --------------------------------------------------

    def _expired(self, entry: _Entry, now: float) -> bool:
        return now - entry.used >= entry.ttl

    def _drop(self, key: Any) -> None:
        entry = self._entries.pop(key)
        self._total -= entry.size
        self.freed += entry.size

    def _resize(self, key: Any, entry: _Entry, evict: bool = True) -> None:
        size = int(self._sizeof(entry.value))
        self._total += size - entry.size
        entry.size = size
        if size > self.entry_limit:  # grew past the limit (lazy arrays): not kept
            self.rejected += 1
            self._drop(key)
        elif evict:
            self._evict_for(key)

    def _evict_for(self, keep: Any) -> None:
        """Drop least recently used entries (never ``keep``) until the total fits."""
        while self._total > self.max_bytes:
            victim = next((k for k in self._entries if k != keep), _MISSING)
            if victim is _MISSING:
                break
            self._drop(victim)
            self.evictions += 1


STORE = ByteLRU(CEILING_BYTES, ENTRY_LIMIT_BYTES, TTL_SECONDS)


# --------------------------------------------------------------------------- decorator


def fingerprint(value: Any, *, points_only: bool = False) -> Any:
    """A hashable key for an argument: a dataset by its digest and its raw data's (their
    points and labels, hashed once per dataset) and what else makes it equal to another
    (its names, source, params and preprocessing: equal points under other names are
    another dataset to a function that returns one) unless ``points_only``; other arrays
    by content (blake2b), containers recursively."""
    if value is None or isinstance(value, bool | int | float | complex | str | bytes):
        return (type(value).__name__, value)
    if isinstance(value, Dataset):
        points = ("Dataset", value.digest, value.raw.digest)
        if points_only:
            return points
        return points + (
            value.feature_names, value.class_names, value.source, fingerprint(value.params),
            value.preprocessing,
        )  # fmt: skip
    if isinstance(value, np.ndarray):
        data = np.ascontiguousarray(value)
        digest = hashlib.blake2b(data.tobytes() if data.size == 0 else data, digest_size=20)
        return ("ndarray", data.dtype.str, data.shape, digest.digest())
    if isinstance(value, tuple | list):
        return (type(value).__name__, tuple(fingerprint(v, points_only=points_only) for v in value))
    if isinstance(value, Mapping):
        items = sorted((repr(k), fingerprint(v, points_only=points_only)) for k, v in value.items())
        return (type(value).__name__, tuple(items))
    return (type(value).__qualname__, repr(value))


def cached(
    func: Callable | None = None,
    *,
    store: ByteLRU | None = None,
    ttl: float | None = None,
    spinner: str | None = None,
    key: Callable[..., Any] | None = None,
    points_only: bool = False,
):
    """Cache ``func`` in ``store`` (default ``STORE``), keyed by its arguments.

    As with Streamlit's caches, a parameter whose name starts with ``_`` is not part of the
    key (the uploads pass the file's bytes as ``_data`` and key on Streamlit's file id).
    A dataset is keyed by its digest and what names it (``fingerprint``); by its points
    alone with ``points_only``, for a function that reads nothing else of its datasets (R,
    gamma*, a bound: equal points under another name share the entry). ``key``: a function
    of the arguments that gives the entry's key instead (a run is keyed by
    ``ui.runkey.run_key``).
    ``spinner`` (a message id of ``ui.words``, or a text) is shown while a miss is computed
    (after Streamlit's usual half second).
    The wrapper has ``clear()`` (this function's entries) and keeps ``func``'s signature.
    """

    def decorate(fn: Callable) -> Callable:
        signature = inspect.signature(fn)
        name = f"{fn.__module__}.{fn.__qualname__}"

        def key_of(args, kwargs) -> tuple:
            if key is not None:
                return (name, key(*args, **kwargs))
            bound = signature.bind(*args, **kwargs)
            bound.apply_defaults()
            parts = tuple(
                (k, fingerprint(v, points_only=points_only))
                for k, v in bound.arguments.items()
                if not k.startswith("_")
            )
            return (name, parts)

        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            target = store if store is not None else STORE
            entry = key_of(args, kwargs)

            def compute():
                with spinner_for(spinner):
                    return fn(*args, **kwargs)

            return target.get_or_compute(entry, compute, ttl)

        def clear() -> None:
            target = store if store is not None else STORE
            with target._lock:
                for entry in [k for k in target._entries if isinstance(k, tuple) and k[0] == name]:
                    target.pop(entry)

        wrapper.clear = clear  # type: ignore[attr-defined]
        return wrapper

    return decorate(func) if func is not None else decorate


def spinner_for(text: str | None):
    """A spinner saying ``text`` (a message id of ``ui.words``, or a text) that shows only
    after half a second; nothing outside a script run or for None."""
    if text is None:
        return contextlib.nullcontext()
    try:
        from ui.platform import streamlit_internals

        if not streamlit_internals.in_script_run():
            return contextlib.nullcontext()
        from ui import words  # a message id: said in the session's language

        said = words.t(text) if words.has(text) else text
        return streamlit_internals.cache_spinner(said)
    except Exception:  # noqa: BLE001 - a spinner is never worth an error
        return contextlib.nullcontext()
