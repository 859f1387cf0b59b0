"""Streamlit's internals behind one door (issue 28, §3): ``ui.platform.streamlit_internals``.

1. No project module outside the adapter imports or reaches a private part of Streamlit
   (read from the sources with ``ast``: ``streamlit.runtime``, ``streamlit.proto``,
   ``from streamlit import config``, ``st.components.v1``, ...).
2. Every function of the adapter does what its docstring says against the installed
   Streamlit: inside a real server's script run (``streamlit run`` on a probe script,
   driven over its websocket as a browser would) and in an ``AppTest`` run. An upgrade that
   moves an internal fails here, with the function's name, before any page does.
"""

from __future__ import annotations

import ast
import asyncio
import concurrent.futures
import http.cookiejar
import json
import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from ui.platform import streamlit_internals as si

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "deploy"))
from startup import free_port, wait_healthy  # noqa: E402  (the test servers' one copy)

ADAPTER = ROOT / "ui" / "platform" / "streamlit_internals.py"
# Every production Python file: the app, its pages and packages, the deploy scripts, the
# notebook widget. Not benchmarks/: its load client plays many browsers, speaking
# Streamlit's wire protocol (widget states included) as the browser's own code does.
SOURCES = ("app.py", "pages", "ui", "perceptron_core", "datasets", "deploy", "perceptron_widget")
# What Streamlit documents as its API, besides ``streamlit`` itself.
PUBLIC_MODULES = {"streamlit", "streamlit.components.v2", "streamlit.column_config"}
# Streamlit's own modules (not its commands) a page may not reach as ``st.<name>``: the
# names of its package's modules that are not also a public command or namespace.
PRIVATE_ATTRS = {
    "auth_util", "byte_util", "cli_util", "commands", "config", "config_option",
    "config_util", "cursor", "dataframe_util", "delta_generator",
    "delta_generator_singletons", "deprecation_util", "development", "elements", "emojis",
    "env_util", "error_util", "errors", "file_util", "git_util", "logger",
    "material_icon_names", "net_util", "path_security", "platform", "proto", "runtime",
    "signal_util", "source_util", "command_suggestions", "starlette", "string_util",
    "temporary_directory",
    "time_util", "toml_writer", "type_util", "typing", "url_util", "user_info", "util",
    "vendor", "version", "watcher", "web",
}  # fmt: skip


def _python_files() -> list[Path]:
    files: list[Path] = []
    for name in SOURCES:
        path = ROOT / name
        files += [path] if path.is_file() else sorted(path.rglob("*.py"))
    return [f for f in files if f != ADAPTER and "node_modules" not in f.parts]


def private_uses(path: Path) -> list[str]:
    """The private parts of Streamlit ``path`` imports or reaches, as ``line: what``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    aliases = {"streamlit"}  # names bound to the streamlit package (``st``)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            aliases |= {a.asname or a.name for a in node.names if a.name == "streamlit"}
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name.startswith("streamlit.") and a.name not in PUBLIC_MODULES:
                    found.append(f"{node.lineno}: import {a.name}")
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            mod = node.module
            if mod.startswith("streamlit.") and mod not in PUBLIC_MODULES:
                found.append(f"{node.lineno}: from {mod} import ...")
            elif mod == "streamlit":
                found += [
                    f"{node.lineno}: from streamlit import {a.name}"
                    for a in node.names
                    if a.name in PRIVATE_ATTRS
                ]
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            if node.value.id in aliases and node.attr in PRIVATE_ATTRS:
                found.append(f"{node.lineno}: {node.value.id}.{node.attr}")
        elif isinstance(node, ast.Attribute) and node.attr == "v1":
            inner = node.value
            if (
                isinstance(inner, ast.Attribute)
                and inner.attr == "components"
                and isinstance(inner.value, ast.Name)
                and inner.value.id in aliases
            ):
                found.append(f"{node.lineno}: {inner.value.id}.components.v1")
        elif isinstance(node, ast.Call) and _root(node.func) in aliases:
            found += [  # a private keyword of a public command (st.spinner's _cache)
                f"{node.lineno}: {k.arg}= of st"
                for k in node.keywords
                if k.arg is not None and k.arg.startswith("_")
            ]
    return found


def _root(node: ast.AST) -> str | None:
    """The name an attribute chain starts from (``st`` of ``st.a.b``)."""
    while isinstance(node, ast.Attribute):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def test_no_module_outside_the_adapter_reaches_streamlit_internals():
    files = _python_files()
    assert len(files) > 100  # the scan sees the project
    found = {str(f.relative_to(ROOT)): uses for f in files if (uses := private_uses(f))}
    assert found == {}, f"Streamlit internals outside ui/platform/streamlit_internals.py: {found}"


def test_the_scan_finds_each_way_of_reaching_an_internal(tmp_path):
    # The check above would pass on a scan that finds nothing: each form is found here.
    probe = tmp_path / "probe.py"
    probe.write_text(
        "import streamlit as st\n"
        "import streamlit.runtime.scriptrunner\n"
        "from streamlit.runtime.scriptrunner import get_script_run_ctx\n"
        "from streamlit import config\n"
        "from streamlit.components.v1 import declare_component\n"
        "st.runtime.exists()\n"
        "st.components.v1.html('')\n"
        "import streamlit.components.v2\n"
        "from streamlit import column_config\n"
        "st.components.v2.component('x', js='')\n"
        "st.column_config.NumberColumn('x')\n"
        "st.spinner('x', _cache=True)\n"
        "st.spinner('x', show_time=True)\n"
    )
    assert sorted(int(u.split(":")[0]) for u in private_uses(probe)) == [2, 3, 4, 5, 6, 7, 12]


def test_the_private_names_are_modules_of_the_installed_streamlit_and_no_command():
    import pkgutil

    import streamlit as st

    modules = {m.name for m in pkgutil.iter_modules(st.__path__)}
    assert PRIVATE_ATTRS <= modules
    commands = {n for n in modules - PRIVATE_ATTRS if not callable(getattr(st, n, None))}
    # Every other module of the package is a public command or namespace (or the CLI's).
    assert commands <= {
        "__main__",
        "column_config",
        "components",
        "connections",
        "hello",
        "testing",
    }


def test_every_function_of_the_adapter_is_exercised_here():
    source = Path(__file__).read_text(encoding="utf-8")
    public = [
        name
        for name, value in vars(si).items()
        if callable(value) and not name.startswith("_") and value.__module__ == si.__name__
    ]
    assert len(public) >= 20
    missing = [name for name in public if f'"{name}"' not in source and f"si.{name}(" not in source]
    assert missing == []


# --------------------------------------------------------------------------- a real server

PROBE = r"""
import json, os, sys
from pathlib import Path

import streamlit as st

sys.path.insert(0, os.environ["LAB_ROOT"])
from ui.platform import streamlit_internals as si

out = {}


def probe(name, fn):
    try:
        out[name] = ["ok", fn()]
    except Exception as exc:  # the test names the function that failed
        out[name] = ["error", repr(exc)]


st.session_state["probe_mark"] = 42
st.write("probe")
sid = si.session_id()
probe("session_id", lambda: sid)
probe("in_script_run", si.in_script_run)
probe("query_string", si.query_string)
probe("fragment_rerun", si.fragment_rerun)
probe("runtime_running", si.runtime_running)
probe("session_is_active", lambda: si.session_is_active(sid))
probe("session_is_active_other", lambda: si.session_is_active("no-such-session"))
probe("session_gone_check", lambda: si.session_gone_check()())
probe("no_open_sessions", si.no_open_sessions)
probe("app_session", lambda: si.app_session(sid).session_state["probe_mark"])
probe("disconnected_session_ttl", si.disconnected_session_ttl)
probe("embed_query_params", lambda: sorted(si.embed_query_params()))
folder = Path(os.environ["PROBE_FILES"])
probe("served_file_url", lambda: si.served_file_url("probe_files", folder, "hello.txt", "7"))
probe("release_session_files", lambda: si.release_session_files("no-such-session"))
probe("release_session_media", lambda: si.release_session_media("no-such-session"))
probe("release_session_dataframes", lambda: si.release_session_dataframes("no-such-session"))
probe("remove_orphaned_media", si.remove_orphaned_media)
probe("reap_session_storage", si.reap_session_storage)
Path(os.environ["PROBE_OUT"]).write_text(json.dumps(out))


@st.fragment
def part():  # a Step's rerun is a fragment's
    Path(os.environ["PROBE_OUT"] + ".fragment").write_text(json.dumps(si.fragment_rerun()))
    st.write("part")


part()
"""


def _get(url: str, timeout: float = 10) -> bytes:
    with urllib.request.urlopen(url, timeout=timeout) as answer:
        return answer.read()


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """``streamlit run`` on the probe script; one browser-like script run with a query
    string; what the adapter's functions said inside it (name -> ["ok", value] or
    ["error", repr])."""
    tmp = tmp_path_factory.mktemp("probe")
    (tmp / "probe.py").write_text(PROBE)
    files = tmp / "files"
    files.mkdir()
    (files / "hello.txt").write_text("served by the lab's own server\n")
    port = free_port()
    env = {
        **os.environ,
        "LAB_ROOT": str(ROOT),
        "PROBE_OUT": str(tmp / "out.json"),
        "PROBE_FILES": str(files),
    }
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "streamlit",
            "run",
            str(tmp / "probe.py"),
            "--server.port",
            str(port),
            "--server.headless",
            "true",
            "--server.disconnectedSessionTTL",
            "7",
            "--browser.gatherUsageStats",
            "false",
        ],
        cwd=tmp,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=(tmp / "err").open("wb"),
    )
    url = f"http://127.0.0.1:{port}"
    try:
        wait_healthy(url, proc, 120, tail=lambda: ":\n" + (tmp / "err").read_text())
        fragment = tmp / "out.json.fragment"
        # In a thread of its own: a browser test before this one in the same worker leaves
        # Playwright's event loop running in this thread, where asyncio.run() refuses.
        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            runs = _runs(url, "a=1&embed=true&a=2", fragment, timeout=120)
            finished, whole = pool.submit(asyncio.run, runs).result()
        yield {
            "out": json.loads((tmp / "out.json").read_text()),
            "url": url,
            "finished": finished,
            "whole": whole,
            "fragment": json.loads(fragment.read_text()),
        }
    finally:
        proc.terminate()
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


async def _runs(url: str, query: str, fragment: Path, timeout: float) -> tuple[bool, bool]:
    """Open the app's websocket as a browser does, ask for one script run with ``query``
    (``rerun_message``) and wait until the server says it finished (``script_finished``);
    then rerun the probe's fragment alone, as a Step's button does. Whether the run
    finished, and what ``fragment_rerun`` said in the whole run (read from ``fragment``)."""
    import websockets
    from streamlit.proto.BackMsg_pb2 import BackMsg
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    opener.open(f"{url}/_stcore/health", timeout=30).read()  # sets the XSRF cookie
    xsrf = next((c.value for c in jar if c.name == "_streamlit_xsrf"), "")
    async with (
        asyncio.timeout(timeout),
        websockets.connect(
            "ws" + url[4:] + "/_stcore/stream",
            subprotocols=["streamlit", xsrf],
            additional_headers={"Cookie": f"_streamlit_xsrf={xsrf}", "Origin": url},
            max_size=None,
        ) as ws,
    ):
        await ws.send(si.rerun_message(query))
        fragments: set[str] = set()
        while True:
            data = await ws.recv()
            fwd = ForwardMsg()
            fwd.ParseFromString(data)
            if fwd.WhichOneof("type") == "delta" and fwd.delta.fragment_id:
                fragments.add(fwd.delta.fragment_id)
            if si.script_finished(data):
                break
        whole = json.loads(fragment.read_text())
        assert len(fragments) == 1, fragments
        msg = BackMsg()
        msg.rerun_script.query_string = query
        msg.rerun_script.fragment_id = fragments.pop()
        await ws.send(msg.SerializeToString())
        while not si.script_finished(await ws.recv()):
            pass
    return True, whole


def _said(served, name):
    status, value = served["out"][name]
    assert status == "ok", f"streamlit_internals.{name} failed on Streamlit: {value}"
    return value


def test_the_wire_messages_run_a_script_and_say_it_finished(served):
    assert served["finished"]  # "rerun_message", "script_finished"


def test_a_script_run_knows_its_session_and_its_raw_query_string(served):
    sid = _said(served, "session_id")
    assert isinstance(sid, str) and len(sid) >= 8
    assert _said(served, "in_script_run") is True
    assert _said(served, "query_string") == "a=1&embed=true&a=2"  # both a's, as sent
    assert _said(served, "fragment_rerun") is False  # a whole run
    assert served["whole"] is False  # the fragment, in the whole run
    assert served["fragment"] is True  # the fragment, rerun alone (a Step)


def test_the_runtime_knows_the_connected_session(served):
    assert _said(served, "runtime_running") is True
    assert _said(served, "session_is_active") is True
    assert _said(served, "session_is_active_other") is False
    assert _said(served, "session_gone_check") is False  # the tab is connected
    assert _said(served, "no_open_sessions") is False
    assert _said(served, "app_session") == 42  # the session's own state, through its AppSession
    assert _said(served, "disconnected_session_ttl") == 7.0  # as the server was started


def test_the_embed_parameters_are_streamlits(served):
    assert "embed" in _said(served, "embed_query_params")


def test_a_folder_is_served_at_the_address_given(served):
    address = _said(served, "served_file_url")
    assert address.endswith("/hello.txt?v=7")
    assert _get(served["url"] + address) == b"served by the lab's own server\n"


@pytest.mark.parametrize(
    "name",
    [
        "release_session_files",
        "release_session_media",
        "release_session_dataframes",
        "remove_orphaned_media",
        "reap_session_storage",
    ],
)
def test_the_session_releases_reach_the_runtimes_managers(served, name):
    assert _said(served, name) is None


def test_outside_a_server_nothing_is_running():
    assert si.in_script_run() is False
    assert si.session_id() is None
    assert si.query_string() == ""
    assert si.runtime_running() is False
    assert si.session_is_active("x") is False
    assert si.no_open_sessions() is False
    assert si.app_session("x") is None
    assert si.session_gone_check()() is False
    assert si.unbind_query_params(["a"]) is False


# --------------------------------------------------------------------------- AppTest

QUERY_APP = """
import streamlit as st
from ui.platform import streamlit_internals as si

mode = st.session_state.get("mode")
if mode == "reseed":
    si.reseed_query_param("n", "5")
    si.reseed_query_param("absent", "9")  # not in the link: stays out of it
elif mode == "drop":
    si.drop_initial_query_param("n")
elif mode == "forget":
    si.forget_initial_query()
st.number_input("n", value=1, key="n", bind="query-params")
"""


@pytest.mark.parametrize(("mode", "shown"), [(None, 3), ("reseed", 5), ("drop", 1), ("forget", 1)])
@pytest.mark.app  # an AppTest run: the app tier
def test_a_bound_widget_is_seeded_from_what_the_adapter_left_of_the_link(mode, shown):
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_string(QUERY_APP, default_timeout=30)
    at.query_params["n"] = "3"
    at.session_state["mode"] = mode
    at.run()
    assert not at.exception, at.exception
    assert at.number_input(key="n").value == shown


UNBIND_APP = """
import streamlit as st
from ui.platform import streamlit_internals as si

st.number_input("n", value=1, key="n", bind="query-params")
if st.session_state.get("unbind"):
    try:
        st.query_params["n"] = "4"
    except si.StreamlitAPIException as error:
        st.session_state["refused"] = str(error)
        st.session_state["unbound"] = si.unbind_query_params(["n"])
        st.query_params["n"] = "4"
    st.session_state["now"] = st.query_params.get("n")
"""


@pytest.mark.app  # an AppTest run: the app tier
def test_a_parameter_bound_to_a_widget_is_unbound():
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_string(UNBIND_APP, default_timeout=30)
    at.run()
    at.session_state["unbind"] = True
    at.run()
    assert not at.exception, at.exception
    assert "bound to a widget" in at.session_state["refused"]  # what ui.parts.scenes reads
    assert at.session_state["unbound"] is True
    assert at.session_state["now"] == "4"


CHANGED_APP = """
import streamlit as st
from ui.platform import streamlit_internals as si


def dragged():
    st.session_state["seen"] = si.other_widget_changed("s")


st.slider("s", 0, 10, key="s", on_change=dragged)
st.button("b", key="b")
st.toggle("t", key="t")
"""


@pytest.mark.app  # an AppTest run: the app tier
def test_a_callback_tells_its_widgets_change_alone_from_one_with_another():
    # What ui.stage.controls asks to tell a drag of the scrub slider from its stale copy.
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_string(CHANGED_APP, default_timeout=30)
    at.run()
    at.slider(key="s").set_value(3).run()
    assert at.session_state["seen"] is False  # the slider alone
    at.slider(key="s").set_value(4)
    at.button(key="b").click().run()
    assert at.session_state["seen"] is True  # with a button pressed
    at.slider(key="s").set_value(5).run()
    assert at.session_state["seen"] is False  # the press is over: alone again
    at.slider(key="s").set_value(6)
    at.toggle(key="t").set_value(True).run()
    assert at.session_state["seen"] is True  # with another value changed
    assert not at.exception, at.exception
    assert si.other_widget_changed("s") is False  # outside a script run


def test_a_deleted_file_is_told_from_none_and_a_name():
    # What the uploader's state holds once its file is gone (ui.parts.upload reads it).
    from streamlit.runtime.uploaded_file_manager import DeletedFile

    assert si.is_deleted_file(DeletedFile(file_id="gone")) is True
    assert si.is_deleted_file(None) is False
    assert si.is_deleted_file("name.csv") is False


def test_the_pages_directory_mode_is_left_once():
    from streamlit.runtime.pages_manager import PagesManager

    before = PagesManager.uses_pages_directory
    try:
        PagesManager.uses_pages_directory = True
        assert si.leave_pages_directory_mode() is True
        assert PagesManager.uses_pages_directory is False
        assert si.leave_pages_directory_mode() is False
    finally:
        PagesManager.uses_pages_directory = before


def test_streamlits_misuse_error_is_the_one_st_raises():
    import streamlit as st

    with pytest.raises(si.StreamlitAPIException):
        st.set_option("server.port", 1)  # a server option: only before the server starts
    assert si.CHECKED_WITH == st.__version__, "the adapter was checked against another release"


SPINNER_APP = """
import streamlit as st
from ui.platform import streamlit_internals as si

with si.cache_spinner("Computing"):
    st.session_state["inside"] = True
"""


@pytest.mark.app  # an AppTest run: the app tier
def test_the_cache_spinner_is_st_spinners_delayed_one():
    import inspect

    import streamlit as st
    from streamlit.testing.v1 import AppTest

    # The keyword the adapter passes is still st.spinner's (an unknown one raises).
    assert "_cache" in inspect.signature(st.spinner).parameters
    at = AppTest.from_string(SPINNER_APP, default_timeout=30)
    at.run()
    assert not at.exception, at.exception
    assert at.session_state["inside"] is True


def test_a_made_download_outlives_the_sweeps_of_a_busy_server():
    """A deferred download's file, stored unreferenced, survives any number of orphan sweeps
    (every script run of every session sweeps) for the seconds kept, then goes."""
    from streamlit.runtime.media_file_manager import MediaFileManager
    from streamlit.runtime.memory_media_file_storage import MemoryMediaFileStorage

    def made(manager: MediaFileManager) -> str:
        file_id = manager.add_deferred(lambda: b"<html>run</html>", "text/html", "1.2", "r.html")
        url = manager.execute_deferred(file_id)
        return url.rsplit("/", 1)[-1].split(".")[0]

    try:
        si.keep_downloads_for(0.0)  # Streamlit's own rule: gone at the second sweep
        manager = MediaFileManager(MemoryMediaFileStorage("/media"))
        stored = made(manager)
        manager.remove_orphaned_files()
        assert stored in manager._file_metadata
        manager.remove_orphaned_files()
        assert stored not in manager._file_metadata

        si.keep_downloads_for(0.5)
        manager = MediaFileManager(MemoryMediaFileStorage("/media"))
        stored = made(manager)
        for _ in range(20):  # twenty other sessions' runs finish meanwhile
            manager.remove_orphaned_files()
        assert stored in manager._file_metadata
        time.sleep(0.6)
        manager.remove_orphaned_files()
        assert stored not in manager._file_metadata
    finally:
        si.keep_downloads_for(0.0)  # this test process: Streamlit's rule again


def test_the_spinners_clean_up_never_hides_why_its_block_failed(monkeypatch):
    """In a run being stopped (its tab closed), st.spinner's clean-up raises Streamlit's
    StopException; a load cancelled inside it must still leave as Cancelled (it is logged).
    tests/browser/test_upload_cancelled.py shows it with a real server."""
    import contextlib

    import streamlit as st
    from streamlit.runtime.scriptrunner_utils.exceptions import StopException

    @contextlib.contextmanager
    def stopping_spinner(text, _cache=False):
        try:
            yield
        finally:  # as st.spinner's: its removal enqueued, which raises in a stopped run
            raise StopException

    monkeypatch.setattr(st, "spinner", stopping_spinner)

    class Cancelled(Exception):
        pass

    with pytest.raises(Cancelled), si.cache_spinner("Reading"):
        raise Cancelled
    with pytest.raises(StopException), si.cache_spinner("Reading"):
        pass  # nothing failed: the stop goes on as Streamlit means it to
