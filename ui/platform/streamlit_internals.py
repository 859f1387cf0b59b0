"""Every private Python API of Streamlit the lab uses, each behind one named function.

Streamlit promises its ``st.*`` API; what it keeps under ``streamlit.runtime``,
``streamlit.proto`` and the like can move in any release. The lab needs some of it (a
session's id, a link's raw text, the pages manager's mode, the session manager's storage
...), so it is reached here and nowhere else: an upgrade that moves one of them breaks one
function of this module, named in ``tests/test_streamlit_adapter.py``'s failure, not a page.

Every function was checked against Streamlit 1.67.0. Each imports what it needs when it is
called, so importing this module loads no Streamlit (``ui.server.cache`` runs outside it).
A function raises when what it reaches has changed; callers that must not fail (the
housekeeping thread) catch that themselves.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterable, Iterator, MutableMapping
from pathlib import Path
from typing import Any

CHECKED_WITH = "1.67.0"  # the Streamlit release every function here was checked against


def __getattr__(name: str) -> Any:
    """``StreamlitAPIException``: the error ``st.*`` raises for a misuse (1.67.0:
    ``streamlit.errors``), imported when first asked for."""
    if name == "StreamlitAPIException":
        from streamlit.errors import StreamlitAPIException

        return StreamlitAPIException
    raise AttributeError(name)


# --------------------------------------------------------------------------- the script run


def _ctx(*, warn: bool = False) -> Any:
    """This thread's script run context, or None outside a script run (1.67.0:
    ``streamlit.runtime.scriptrunner.get_script_run_ctx``)."""
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    return get_script_run_ctx(suppress_warning=not warn)


def in_script_run() -> bool:
    """Whether this thread runs a session's script (not a thread of the server, not a bare
    test). Checked against 1.67.0 (``get_script_run_ctx``)."""
    return _ctx() is not None


def session_id() -> str | None:
    """The id of the session whose script this thread runs, or None. Checked against 1.67.0
    (``ScriptRunContext.session_id``)."""
    ctx = _ctx()
    return None if ctx is None else str(ctx.session_id)


def query_string() -> str:
    """This run's query string as the browser sent it (percent-encoded, with parameters
    given twice kept twice: ``st.query_params`` keeps the last). Checked against 1.67.0
    (``ScriptRunContext.query_string``)."""
    ctx = _ctx()
    return "" if ctx is None else str(ctx.query_string or "")


def other_widget_changed(key: str) -> bool:
    """Asked in a widget's callback: whether the browser's message that started this run
    also changed another widget (a value, or a button pressed), not only the one of user
    key ``key``. Checked against 1.67.0 (``SafeSessionState._state``, a ``SessionState``
    whose ``_new_widget_state`` holds the message's widgets with their ``widget_metadata``,
    ``_widget_changed`` compares each with the last run's, ``_key_id_mapper`` maps a key to
    its widget's id)."""
    ctx = _ctx()
    if ctx is None:
        return False
    state = ctx.session_state._state
    own = state._key_id_mapper.get_id_from_key(key, None)
    for wid in list(state._new_widget_state):
        if wid == own or not state._widget_changed(wid):
            continue
        # As Streamlit's own callbacks do: a widget not drawn last run, or disabled, has no
        # change a user made.
        meta = state._new_widget_state.widget_metadata.get(wid)
        if meta is not None and not meta.disabled:
            return True
    return False


def fragment_rerun() -> bool:
    """Whether this script run reruns fragments only (a Step), not the whole page. Checked
    against 1.67.0 (``ScriptRunContext.fragment_ids_this_run``)."""
    ctx = _ctx()
    return bool(ctx is not None and ctx.fragment_ids_this_run)


@contextlib.contextmanager
def _initial_query_params() -> Iterator[MutableMapping[str, list[str]] | None]:
    """The values the run's bound widgets are seeded from (name -> list of values), under
    the session's lock; None outside a script run. Checked against 1.67.0
    (``SessionState.query_params()``, ``QueryParams._initial_query_params``)."""
    ctx = _ctx()
    if ctx is None:
        yield None
        return
    with ctx.session_state.query_params() as qp:
        yield qp._initial_query_params


def forget_initial_query() -> None:
    """Seed no bound widget from the link this run started with (the link was refused).
    Checked against 1.67.0 (``QueryParams._initial_query_params``)."""
    ctx = _ctx()
    if ctx is None:
        return
    with ctx.session_state.query_params() as qp:
        qp._initial_query_params = {}


def reseed_query_param(name: str, value: str) -> None:
    """Seed the widget bound to ``name`` from ``value`` instead of the link's value, if the
    link had one. Checked against 1.67.0 (``QueryParams._initial_query_params``)."""
    with _initial_query_params() as initial:
        if initial is not None and name in initial:
            initial[name] = [value]


def drop_initial_query_param(name: str) -> None:
    """Seed the widget bound to ``name`` from its default, not from the link. Checked
    against 1.67.0 (``QueryParams._initial_query_params``)."""
    with _initial_query_params() as initial:
        if initial is not None:
            initial.pop(name, None)


def unbind_query_params(names: Iterable[str]) -> bool:
    """Drop the bindings of the link's parameters ``names`` to widgets of an earlier page;
    False outside a script run. Checked against 1.67.0 (``QueryParams.get_binding_for_param``,
    ``QueryParams.unbind_widget``)."""
    ctx = _ctx()
    if ctx is None:
        return False
    with ctx.session_state.query_params() as qp:
        for name in names:
            binding = qp.get_binding_for_param(name)
            if binding is not None:
                qp.unbind_widget(binding.widget_id)
    return True


def embed_query_params() -> frozenset[str]:
    """The link's parameters Streamlit itself reads for its embed mode (``embed``,
    ``embed_options``): they may be given twice. Checked against 1.67.0
    (``streamlit.runtime.state.query_params.EMBED_QUERY_PARAMS_KEYS``)."""
    from streamlit.runtime.state.query_params import EMBED_QUERY_PARAMS_KEYS

    return frozenset(EMBED_QUERY_PARAMS_KEYS)


def is_deleted_file(value: Any) -> bool:
    """Whether a file uploader's state is a file the user removed or the server lost (the
    uploader's value is then None). Checked against 1.67.0
    (``streamlit.runtime.uploaded_file_manager.DeletedFile``)."""
    from streamlit.runtime.uploaded_file_manager import DeletedFile

    return isinstance(value, DeletedFile)


def leave_pages_directory_mode() -> bool:
    """Make this process an ``st.navigation`` app if Streamlit took it for a ``pages/``
    folder app (it decides before the first run that calls ``st.navigation``); True if it
    had. Checked against 1.67.0 (``PagesManager.uses_pages_directory``)."""
    from streamlit.runtime.pages_manager import PagesManager

    if not hasattr(PagesManager, "uses_pages_directory"):
        raise RuntimeError("Streamlit's PagesManager has changed")
    if PagesManager.uses_pages_directory:
        PagesManager.uses_pages_directory = False
        return True
    return False


@contextlib.contextmanager
def cache_spinner(text: str) -> Iterator[None]:
    """A spinner saying ``text`` that shows only after half a second, as ``st.cache_data``'s
    does (a quick computation shows none). When the block fails, that failure is what
    leaves it: the spinner's own clean-up in a run being stopped (its tab gone) raises
    Streamlit's StopException, which would hide it (a load cancelled for a closed tab
    would not be logged). Checked against 1.67.0 (``st.spinner``'s private keyword
    ``_cache``; its clean-up enqueues a message)."""
    import streamlit as st

    spinner = st.spinner(text, _cache=True)
    spinner.__enter__()
    try:
        yield
    except BaseException:
        with contextlib.suppress(BaseException):  # the block's failure is the one to raise
            spinner.__exit__(*sys.exc_info())
        raise
    spinner.__exit__(None, None, None)


# --------------------------------------------------------------------------- the runtime


def _runtime() -> Any:
    """Streamlit's Runtime of this process, or None when none runs (AppTest, a bare test).
    Checked against 1.67.0 (``streamlit.runtime.Runtime``)."""
    from streamlit.runtime import Runtime

    return Runtime.instance() if Runtime.exists() else None


def runtime_running() -> bool:
    """Whether this process serves the lab with Streamlit's runtime. Checked against 1.67.0
    (``Runtime.exists``)."""
    return _runtime() is not None


def session_is_active(sid: str) -> bool:
    """Whether session ``sid``'s browser tab is connected. Checked against 1.67.0
    (``Runtime.is_active_session``)."""
    rt = _runtime()
    return rt is not None and bool(rt.is_active_session(sid))


def session_gone_check() -> Callable[[], bool]:
    """A check whether this script run's browser tab has gone (closed, or lost for good);
    one that never says so outside a server. Checked against 1.67.0 (``Runtime``,
    ``get_script_run_ctx``)."""
    ctx, rt = _ctx(warn=True), _runtime()
    if ctx is None or rt is None:
        return lambda: False
    sid = ctx.session_id
    return lambda: not rt.is_active_session(sid)


def no_open_sessions() -> bool:
    """No session is connected and none is kept for a reconnect; False without a runtime.
    Checked against 1.67.0 (``Runtime._session_mgr.num_sessions``)."""
    rt = _runtime()
    return rt is not None and rt._session_mgr.num_sessions() == 0


def app_session(sid: str) -> Any:
    """Session ``sid``'s AppSession (it holds the session's state), or None if it is not
    active. Checked against 1.67.0 (``Runtime._session_mgr.get_active_session_info``)."""
    rt = _runtime()
    info = None if rt is None else rt._session_mgr.get_active_session_info(sid)
    return None if info is None else info.session


def disconnected_session_ttl() -> float:
    """How long (seconds) a closed tab's session is kept for a reconnect. Checked against
    1.67.0 (the option ``server.disconnectedSessionTTL``, read through ``streamlit.config``
    as ``st.get_option`` does)."""
    from streamlit import config

    return float(config.get_option("server.disconnectedSessionTTL") or 0)


def release_session_files(sid: str) -> None:
    """Drop session ``sid``'s uploaded files (their whole bytes). Checked against 1.67.0
    (``Runtime.uploaded_file_mgr.remove_session_files``)."""
    _runtime().uploaded_file_mgr.remove_session_files(sid)


def release_session_media(sid: str) -> None:
    """Drop session ``sid``'s references to media and deferred downloads. Checked against
    1.67.0 (``Runtime.media_file_mgr.clear_session_refs``)."""
    _runtime().media_file_mgr.clear_session_refs(sid)


def release_session_dataframes(sid: str) -> None:
    """Drop session ``sid``'s dataframe sources. Checked against 1.67.0
    (``Runtime.dataframe_source_mgr.clear_all_for_session``)."""
    _runtime().dataframe_source_mgr.clear_all_for_session(sid)


def remove_orphaned_media() -> None:
    """Delete media and downloads no session refers to any more. Checked against 1.67.0
    (``Runtime.media_file_mgr.remove_orphaned_files``)."""
    _runtime().media_file_mgr.remove_orphaned_files()


def keep_downloads_for(seconds: float) -> None:
    """Keep a file a download button made for at least ``seconds`` after it was first found
    unreferenced, before it is deleted. Streamlit stores a deferred download's file
    unreferenced and deletes it at the second orphan sweep after it was made, and every
    script run of every session sweeps: on a busy server (a class, a hall) the file can be
    gone before the student's browser fetches it, and the download fails as "canceled".
    Checked against 1.67.0 (``media_file_manager.MediaFileMetadata.mark_for_delete`` and
    ``is_marked_for_delete``, read by ``MediaFileManager.remove_orphaned_files``)."""
    import time

    from streamlit.runtime import media_file_manager

    cls = media_file_manager.MediaFileMetadata
    if not hasattr(cls, "_lab_kept_s"):
        probe = cls(media_file_manager.MediaFileKind.DOWNLOADABLE)
        if not isinstance(cls.__dict__.get("is_marked_for_delete"), property) or not hasattr(
            probe, "_is_marked_for_delete"
        ):
            raise RuntimeError("Streamlit's media file metadata has changed")
        mark = cls.mark_for_delete

        def mark_for_delete(self: Any) -> None:
            if getattr(self, "_lab_marked_at", None) is None:
                self._lab_marked_at = time.monotonic()
            mark(self)

        def is_marked_for_delete(self: Any) -> bool:
            marked_at = getattr(self, "_lab_marked_at", None)
            return bool(self._is_marked_for_delete) and (
                marked_at is None or time.monotonic() - marked_at >= cls._lab_kept_s
            )

        cls.mark_for_delete = mark_for_delete
        cls.is_marked_for_delete = property(is_marked_for_delete)
    cls._lab_kept_s = float(seconds)


def reap_session_storage() -> None:
    """Make the session storage drop its expired sessions now. Its ``TTLCache`` reaps them
    on ``len()``; the session manager guards it with ``_storage_lock``. Checked against
    1.67.0 (``Runtime._session_mgr._session_storage._cache``, ``_storage_lock``)."""
    mgr = getattr(_runtime(), "_session_mgr", None)
    storage = getattr(mgr, "_session_storage", None)
    entries = getattr(storage, "_cache", None)
    lock = getattr(mgr, "_storage_lock", None)
    if entries is None or lock is None:
        raise RuntimeError("Streamlit's session storage has changed")
    with lock:
        len(entries)


# --------------------------------------------------------------------------- static files


def served_file_url(name: str, folder: Path, file: str, version: str) -> str:
    """The address at which this server serves ``folder/file`` (with ``?v=version``, so a
    proxy may keep it for good), from the lab's own server: a v1 component declared with a
    ``path`` is a static route for its folder, used only as that (components v2 serve
    folders only for installed packages). Call it in a script run (the v1 registry
    registers only then); declaring the same name and folder again is a cheap no-op.
    Checked against 1.67.0 (``declare_component``: its name is ``<calling module>.<name>``,
    so ``ui.platform.streamlit_internals.<name>``, and its route
    ``<baseUrlPath>/component/<name>/<file>``)."""
    import streamlit as st
    from streamlit.components.v1 import declare_component

    assets = declare_component(name, path=str(folder))
    base = str(st.get_option("server.baseUrlPath") or "").strip("/")
    prefix = f"/{base}" if base else ""
    return f"{prefix}/component/{assets.name}/{file}?v={version}"


# --------------------------------------------------------------------------- the wire


def rerun_message(query: str = "") -> bytes:
    """What a browser sends over the app's websocket to run the page's script (a
    ``BackMsg`` asking for a rerun with ``query`` as its query string). Checked against
    1.67.0 (``streamlit.proto.BackMsg_pb2``)."""
    from streamlit.proto.BackMsg_pb2 import BackMsg

    msg = BackMsg()
    msg.rerun_script.query_string = query
    return msg.SerializeToString()


def script_finished(data: bytes) -> bool:
    """Whether a message the server sent over the app's websocket says the script run is
    over: finished, stopped by a compile error, or a fragment's run finished (not one
    stopped for a rerun: another run follows). Checked against 1.67.0
    (``streamlit.proto.ForwardMsg_pb2``: ``script_finished`` 0, 1 or 3)."""
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

    fwd = ForwardMsg()
    fwd.ParseFromString(data)
    return fwd.WhichOneof("type") == "script_finished" and fwd.script_finished in (0, 1, 3)
