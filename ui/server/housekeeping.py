"""The server's memory housekeeping: expired cache entries, closed sessions, the idle
clean-up, and freed heap given back to the OS.

:func:`start_housekeeping` (once per process, from ``ui/server/warmup.py``) starts a daemon
thread that, every ``HOUSEKEEPING_SECONDS``, drops expired entries, releases what Streamlit
still holds for sessions that closed more than ``server.disconnectedSessionTTL`` ago (see
:func:`_release_closed_sessions`), and gives freed heap back to the OS with glibc's
``malloc_trim`` (:func:`trim_memory`). Once the last session is gone (no session open, none
waiting for a reconnect), nothing can use what the caches hold: the store and Streamlit's
``st.cache_data`` are emptied, a full collection runs and the heap is trimmed
(:func:`_clean_when_idle`), once per idle spell. The next session computes again.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import logging
import sys
import threading
import time
import weakref
from collections.abc import Callable
from typing import Any

from ui.platform import streamlit_internals
from ui.server.cache import MB, STORE, ByteLRU

_LOGGER = logging.getLogger(__name__)

HOUSEKEEPING_SECONDS = 10.0


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
    """Bound what glibc's malloc keeps (once per process, from ``ui/server/warmup.py``); False
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
        sid = streamlit_internals.session_id()
    except Exception:  # noqa: BLE001
        return
    if sid is not None:
        with _sessions_lock:
            _sessions[sid] = None
            _idle_cleaned = False
            if sid not in _apps:
                _apps[sid] = _weak_app_session(sid)


DOWNLOAD_KEPT_S = 60.0  # a made download's file lives this long once nothing refers to it


def keep_downloads(seconds: float = DOWNLOAD_KEPT_S) -> None:
    """A file a download button made (the run's animation, a CSV) stays fetchable for
    ``seconds``, however many script runs the server's other sessions finish meanwhile
    (``streamlit_internals.keep_downloads_for``); then the next sweep deletes it."""
    try:
        streamlit_internals.keep_downloads_for(seconds)
    except Exception as exc:  # noqa: BLE001 - the server serves on, as Streamlit would
        _LOGGER.warning("a download may fail on a busy server: %r", exc)


def start_housekeeping(period: float = HOUSEKEEPING_SECONDS) -> bool:
    """Start the housekeeping thread, once per process; True if this call started it."""
    global _housekeeper
    with _housekeeper_lock:
        if _housekeeper is not None and _housekeeper.is_alive():
            return False
        _housekeeper = threading.Thread(
            target=_housekeeping_loop, args=(period,), name="ui.server.housekeeping", daemon=True
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
        return streamlit_internals.no_open_sessions()
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
        if not streamlit_internals.runtime_running():
            return 0
        ttl = streamlit_internals.disconnected_session_ttl()
    except Exception:  # noqa: BLE001
        return 0
    now = time.monotonic()
    gone: list[str] = []
    with _sessions_lock:
        for sid, since in list(_sessions.items()):
            if streamlit_internals.session_is_active(sid):
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
        _guarded("uploaded files", streamlit_internals.release_session_files, sid)
        _guarded("media files", streamlit_internals.release_session_media, sid)
        _guarded("dataframe sources", streamlit_internals.release_session_dataframes, sid)
    _guarded("media files", streamlit_internals.remove_orphaned_media)
    # Streamlit's storage reaps expired sessions only at the next disconnect: now.
    _guarded("session storage", streamlit_internals.reap_session_storage)
    return len(gone)


def _weak_app_session(sid: str) -> Callable[[], Any]:
    """A weak reference to the session's AppSession (Streamlit's), or one to nothing."""
    try:
        return weakref.ref(streamlit_internals.app_session(sid))
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


def _guarded(what: str, fn: Callable, *args: Any) -> None:
    try:
        fn(*args)
    except Exception as exc:  # noqa: BLE001 - housekeeping must not fail the server
        if what not in _warned:
            _warned.add(what)
            _LOGGER.warning("memory housekeeping could not release %s: %r", what, exc)
