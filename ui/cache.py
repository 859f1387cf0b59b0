"""A byte-bounded, thread-safe LRU cache with an idle TTL, and the server's memory housekeeping.

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

Housekeeping (:func:`start_housekeeping`, once per process from ``ui/warmup.py``): a daemon
thread that, every ``HOUSEKEEPING_SECONDS``, drops expired entries, releases what Streamlit
still holds for sessions that closed more than ``server.disconnectedSessionTTL`` ago (see
:func:`_release_closed_sessions`), and gives freed heap back to the OS with glibc's
``malloc_trim`` (:func:`trim_memory`). Once the last session is gone (no session open, none
waiting for a reconnect), nothing can use what the caches hold: the store and Streamlit's
``st.cache_data`` are emptied, a full collection runs and the heap is trimmed
(:func:`_clean_when_idle`), once per idle spell. The next session computes again.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import dataclasses
import functools
import gc
import hashlib
import inspect
import logging
import sys
import threading
import time
import weakref
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

_LOGGER = logging.getLogger(__name__)

MB = 2**20
CEILING_BYTES = 150 * MB  # everything the page's caches hold, across all sessions
ENTRY_LIMIT_BYTES = 64 * MB  # an entry bigger than this is not kept
TTL_SECONDS = 15 * 60.0  # an entry unused this long is dropped
UPLOAD_TTL_SECONDS = 60.0  # an uploaded file's dataset: its session is usually the only user
HOUSEKEEPING_SECONDS = 10.0

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


def fingerprint(value: Any) -> Any:
    """A hashable key for an argument: arrays by content (blake2b), containers recursively."""
    if value is None or isinstance(value, bool | int | float | complex | str | bytes):
        return (type(value).__name__, value)
    if isinstance(value, np.ndarray):
        data = np.ascontiguousarray(value)
        digest = hashlib.blake2b(data.tobytes() if data.size == 0 else data, digest_size=20)
        return ("ndarray", data.dtype.str, data.shape, digest.digest())
    if isinstance(value, tuple | list):
        return (type(value).__name__, tuple(fingerprint(v) for v in value))
    if isinstance(value, Mapping):
        items = sorted((repr(k), fingerprint(v)) for k, v in value.items())
        return (type(value).__name__, tuple(items))
    return (type(value).__qualname__, repr(value))


def cached(
    func: Callable | None = None,
    *,
    store: ByteLRU | None = None,
    ttl: float | None = None,
    spinner: str | None = None,
):
    """Cache ``func`` in ``store`` (default ``STORE``), keyed by its arguments.

    As with Streamlit's caches, a parameter whose name starts with ``_`` is not part of the
    key (the uploads pass the file's bytes as ``_data`` and key on Streamlit's file id).
    ``spinner`` is shown while a miss is computed (after Streamlit's usual half second).
    The wrapper has ``clear()`` (this function's entries) and keeps ``func``'s signature.
    """

    def decorate(fn: Callable) -> Callable:
        signature = inspect.signature(fn)
        name = f"{fn.__module__}.{fn.__qualname__}"

        def key_of(args, kwargs) -> tuple:
            bound = signature.bind(*args, **kwargs)
            bound.apply_defaults()
            parts = tuple(
                (k, fingerprint(v)) for k, v in bound.arguments.items() if not k.startswith("_")
            )
            return (name, parts)

        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            target = store if store is not None else STORE
            key = key_of(args, kwargs)

            def compute():
                with _spinner(spinner):
                    return fn(*args, **kwargs)

            return target.get_or_compute(key, compute, ttl)

        def clear() -> None:
            target = store if store is not None else STORE
            with target._lock:
                for key in [k for k in target._entries if isinstance(k, tuple) and k[0] == name]:
                    target.pop(key)

        wrapper.clear = clear  # type: ignore[attr-defined]
        return wrapper

    return decorate(func) if func is not None else decorate


def _spinner(text: str | None):
    if text is None:
        return contextlib.nullcontext()
    try:
        from streamlit.runtime.scriptrunner import get_script_run_ctx

        if get_script_run_ctx(suppress_warning=True) is None:
            return contextlib.nullcontext()
        import streamlit as st

        return st.spinner(text, _cache=True)  # shown after half a second, like st.cache_*
    except Exception:  # noqa: BLE001 - a spinner is never worth an error
        return contextlib.nullcontext()


# --------------------------------------------------------------------------- the heap


def _load_malloc_trim() -> Callable[[int], int] | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        trim = libc.malloc_trim
    except (OSError, AttributeError):  # not glibc (musl has no malloc_trim)
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return trim


_malloc_trim = _load_malloc_trim()

# glibc's mallopt parameters (malloc.h) and the values set once per server process.
_M_TRIM_THRESHOLD, _M_MMAP_THRESHOLD, _M_ARENA_MAX = -1, -3, -8
ARENA_MAX = 2  # heaps malloc keeps for threads: the main one and one more
MMAP_THRESHOLD_BYTES = 1 * MB  # a block this large is mapped on its own, unmapped when freed
TRIM_THRESHOLD_BYTES = 1 * MB  # free memory at a heap's top beyond this goes back at once


def tune_malloc() -> bool:
    """Bound what glibc's malloc keeps (once per process, from ``ui/warmup.py``); False
    where there is no glibc.

    Streamlit runs each session's script in a thread of its own, and glibc gives threads
    heaps of their own (up to 8 per core). ``malloc_trim`` returns the free pages inside
    the heaps but not the free memory at the top of a thread's heap; and by default the
    thresholds adapt to the largest block freed so far (up to 32 MB mapped apart, 64 MB
    kept at a top), so after a big upload every array under 32 MB lands in the heaps.
    Here: two heaps (threads share the second), blocks of 1 MB or more mapped on their own
    (unmapped when freed), at most 1 MB kept free at a heap's top. ``benchmarks/memory.py``
    (f), 300 s after the last session: 77 MB over warm idle with the idle clean-up alone,
    44 MB with a 16 MB trim threshold, 22 MB with these. The price: a new run's arrays are
    mapped afresh (training 20,000 points for 20 epochs took 18.5 ms against 14.3); a
    Step's computations are unchanged.
    """
    if _malloc_trim is None:
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        mallopt = libc.mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    done = [
        mallopt(_M_ARENA_MAX, ARENA_MAX),
        mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD_BYTES),
        mallopt(_M_TRIM_THRESHOLD, TRIM_THRESHOLD_BYTES),
    ]
    return all(done)


def trim_memory() -> bool:
    """Give the heap's free pages back to the OS (glibc ``malloc_trim(0)``); False if n/a.

    glibc keeps freed memory in its arenas (one per thread that allocated, and Streamlit
    runs each session's script in its own thread), so the RSS of a process that parsed a
    big file stays up after the arrays are gone. ``malloc_trim`` returns those pages.
    """
    if _malloc_trim is None:
        return False
    _malloc_trim(0)
    return True


# --------------------------------------------------------------------------- housekeeping

_sessions: dict[str, float | None] = {}  # session id -> when first seen closed (or None)
_apps: dict[str, Callable[[], Any]] = {}  # session id -> weak reference to its AppSession
_sessions_lock = threading.Lock()
_housekeeper: threading.Thread | None = None
_housekeeper_lock = threading.Lock()
_warned: set[str] = set()


_idle_cleaned = False  # the idle clean-up ran since the last session was seen


def note_session() -> None:
    """Remember the current script run's session (called on every run, from ui/warmup)."""
    global _idle_cleaned
    try:
        from streamlit.runtime.scriptrunner import get_script_run_ctx

        ctx = get_script_run_ctx(suppress_warning=True)
    except Exception:  # noqa: BLE001
        return
    if ctx is not None:
        with _sessions_lock:
            _sessions[ctx.session_id] = None
            _idle_cleaned = False
            if ctx.session_id not in _apps:
                _apps[ctx.session_id] = _weak_app_session(ctx.session_id)


def start_housekeeping(period: float = HOUSEKEEPING_SECONDS) -> bool:
    """Start the housekeeping thread, once per process; True if this call started it."""
    global _housekeeper
    with _housekeeper_lock:
        if _housekeeper is not None and _housekeeper.is_alive():
            return False
        _housekeeper = threading.Thread(
            target=_housekeeping_loop, args=(period,), name="ui.cache housekeeping", daemon=True
        )
        _housekeeper.start()
        return True


def _housekeeping_loop(period: float) -> None:
    while True:
        time.sleep(period)
        try:
            housekeeping()
        except Exception:  # noqa: BLE001 - never let the thread die
            _LOGGER.exception("memory housekeeping failed")


def housekeeping(store: ByteLRU | None = None) -> dict[str, int]:
    """One pass: expire cache entries, release closed sessions, trim the heap; and once the
    last session is gone, empty the caches (:func:`_clean_when_idle`)."""
    global _idle_cleaned
    target = store if store is not None else STORE
    target.sweep()
    freed = target.take_freed()
    released = _release_closed_sessions()
    with _sessions_lock:
        idle = not _sessions and not _idle_cleaned and _no_open_sessions()
        if idle:
            _idle_cleaned = True
    if idle:
        freed += _clean_when_idle(target)
    elif released:
        gc.collect()  # a session's objects are in reference cycles
    if freed or released or idle:
        trim_memory()
    else:
        # Nothing of ours went away, but sessions' reruns free memory all the time (figures,
        # messages): return it to the OS now and then, not only after our own frees.
        _maybe_trim_anyway()
    return {"freed": freed, "released": released, "idle": int(idle)}


def _no_open_sessions() -> bool:
    """No session is connected and none is kept for a reconnect (Streamlit's count)."""
    try:
        from streamlit.runtime import Runtime
    except Exception:  # noqa: BLE001
        return False
    if not Runtime.exists():
        return False
    mgr = getattr(Runtime.instance(), "_session_mgr", None)
    try:
        return mgr is not None and mgr.num_sessions() == 0
    except Exception:  # noqa: BLE001 - its internals changed: never idle, as before
        return False


def _clean_when_idle(store: ByteLRU) -> int:
    """The last session is gone: empty the store and Streamlit's ``st.cache_data`` (the
    upload's inspections), collect everything, and say how many bytes the store held.

    Every entry is shared by sessions and kept for the next one, but with no session left
    nothing will ask for it soon; a new session computes again (a second at most).
    """
    held = store.total_bytes
    store.clear()
    store.take_freed()
    try:
        import streamlit as st

        st.cache_data.clear()
    except Exception as exc:  # noqa: BLE001
        _guarded("st.cache_data", _raise, exc)
    gc.collect()
    return max(held, 1)


def _raise(exc: BaseException) -> None:
    raise exc


_last_trim = 0.0


def _maybe_trim_anyway(every: float = 60.0) -> None:
    global _last_trim
    now = time.monotonic()
    if now - _last_trim >= every:
        _last_trim = now
        trim_memory()


def _release_closed_sessions() -> int:
    """Release what Streamlit keeps for sessions closed longer than its reconnect window.

    A closed browser tab's session is kept ``server.disconnectedSessionTTL`` seconds so a
    reconnect can resume it. When that time is up Streamlit (1.67) drops it from its
    session storage without shutting it down, so the session's uploaded files (the whole
    file's bytes), its deferred downloads (closures over its run and dataset) and its
    dataframe sources stay in the runtime's managers for good; and the dropped session,
    with its session state, is only reaped from the storage at the next disconnect of any
    session. Here, for each session this process ran a script for and that has not been
    active for longer than that TTL (it can no longer be resumed), do what its shutdown
    would have done, with the managers' thread-safe methods, and reap the storage.
    """
    try:
        from streamlit import config
        from streamlit.runtime import Runtime
    except Exception:  # noqa: BLE001
        return 0
    if not Runtime.exists():
        return 0
    rt = Runtime.instance()
    ttl = float(config.get_option("server.disconnectedSessionTTL") or 0)
    now = time.monotonic()
    gone: list[str] = []
    with _sessions_lock:
        for sid, since in list(_sessions.items()):
            if rt.is_active_session(sid):
                _sessions[sid] = None
            elif since is None:
                _sessions[sid] = now
            elif now - since > ttl + 1.0:
                gone.append(sid)
                del _sessions[sid]
    if not gone:
        return 0
    for sid in gone:
        _guarded("session state", _clear_state, sid)
        _guarded("uploaded files", rt.uploaded_file_mgr.remove_session_files, sid)
        _guarded("media files", rt.media_file_mgr.clear_session_refs, sid)
        _guarded("dataframe sources", rt.dataframe_source_mgr.clear_all_for_session, sid)
    _guarded("media files", rt.media_file_mgr.remove_orphaned_files)
    _guarded("session storage", _reap_session_storage, rt)
    return len(gone)


def _weak_app_session(sid: str) -> Callable[[], Any]:
    """A weak reference to the session's AppSession (Streamlit's), or one to nothing."""
    try:
        from streamlit.runtime import Runtime

        info = Runtime.instance()._session_mgr.get_active_session_info(sid)
        return weakref.ref(info.session)
    except Exception:  # noqa: BLE001 - not running under Streamlit's runtime, or changed
        return lambda: None


def _clear_state(sid: str) -> None:
    """Empty a released session's state (its datasets, runs, the upload's dataset).

    The session can no longer be resumed, yet its AppSession may outlive it: Streamlit's
    message loop keeps the last session it flushed in a local variable until another
    session connects (measured: the 1,000,000-row upload's dataset, about 50 MB, held
    after the upload's session was released). Emptied, it holds nothing big.
    """
    with _sessions_lock:
        ref = _apps.pop(sid, None)
    session = None if ref is None else ref()
    if session is not None:
        session.session_state.clear()


def _reap_session_storage(rt: Any) -> None:
    """Make Streamlit's session storage drop its expired sessions now (internals, guarded).

    Its ``TTLCache`` reaps expired entries on ``len()``; the session manager guards the
    storage with ``_storage_lock``. If these internals change, nothing is done (the next
    disconnect reaps them as before).
    """
    mgr = getattr(rt, "_session_mgr", None)
    storage = getattr(mgr, "_session_storage", None)
    entries = getattr(storage, "_cache", None)
    lock = getattr(mgr, "_storage_lock", None)
    if entries is None or lock is None:
        raise RuntimeError("Streamlit's session storage has changed")
    with lock:
        len(entries)


def _guarded(what: str, fn: Callable, *args: Any) -> None:
    try:
        fn(*args)
    except Exception as exc:  # noqa: BLE001 - housekeeping must not fail the server
        if what not in _warned:
            _warned.add(what)
            _LOGGER.warning("memory housekeeping could not release %s: %r", what, exc)
