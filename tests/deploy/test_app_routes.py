"""``streamlit run app.py`` serves the lab and the class's routes in one process and port.

app.py holds ``app = st.App(...)``, so Streamlit serves it as an ASGI app: the lab at every
page path as before, ``/class/...`` beside it, and .streamlit/config.toml still applied
(its upload limit checked on the server's own upload route, usage statistics off in what a
new session is sent), with no command-line flag repeating them.
"""

from __future__ import annotations

import asyncio
import http.client
import http.cookiejar
import json
import os
import sys
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "deploy"))

import serve  # noqa: E402
from startup import streamlit_server  # noqa: E402

START_S = 120


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    log = tmp_path_factory.mktemp("app") / "streamlit.log"
    env = {**os.environ, "HOME": "/nonexistent"}  # only the project's own config file
    with streamlit_server(ROOT / "app.py", env=env, log_path=log, timeout=START_S) as url:
        yield url


def test_the_lab_serves_its_pages_and_the_class_routes(lab):
    for path in ("/", "/playground", "/lecture", "/kernel"):
        with urllib.request.urlopen(lab + path, timeout=30) as resp:
            assert resp.status == 200
            assert b"<noscript>" in resp.read()  # Streamlit's page, whose script opens the lab
    host, port = lab[7:].split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=30)
    conn.request("GET", "/class/AAAAAA/state")
    resp = conn.getresponse()
    assert resp.status == 404
    assert resp.getheader("content-type").startswith("application/json")
    assert json.loads(resp.read()) == {
        "error": "No class has this code. Check the code on the projector."
    }


def _session(url: str) -> tuple[str, str, object]:
    """A websocket session opened as a browser would: its id, the XSRF token, NewSession."""
    import websockets
    from streamlit.proto.BackMsg_pb2 import BackMsg
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    opener.open(f"{url}/_stcore/health", timeout=30).read()
    xsrf = next((c.value for c in jar if c.name == "_streamlit_xsrf"), "")
    found: dict = {}

    async def open_and_check():
        async with websockets.connect(
            "ws" + url[4:] + "/_stcore/stream",
            subprotocols=["streamlit", xsrf],
            additional_headers={"Cookie": f"_streamlit_xsrf={xsrf}", "Origin": url},
            max_size=None,
        ) as ws:
            msg = BackMsg()
            msg.rerun_script.query_string = ""
            await ws.send(msg.SerializeToString())
            while True:
                fwd = ForwardMsg()
                fwd.ParseFromString(await ws.recv())
                if fwd.WhichOneof("type") == "new_session":
                    found["new"] = fwd.new_session
                    # The session is live while the socket is open: try the upload now.
                    found["upload"] = await asyncio.to_thread(
                        _oversized_upload, url, fwd.new_session.initialize.session_id, xsrf
                    )
                    return

    serve.run_coroutine(lambda: asyncio.wait_for(open_and_check(), START_S))
    return found["new"], found["upload"]


def _oversized_upload(url: str, session_id: str, xsrf: str) -> int:
    """The status of a 150 MB upload announced by its Content-Length (no body sent):
    refused at once under config.toml's 100 MB; Streamlit's default, 200 MB, would wait
    for the body."""
    host, port = url[7:].split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=20)
    conn.putrequest("PUT", f"/_stcore/upload_file/{session_id}/f1")
    conn.putheader("Content-Length", str(150 * 2**20))
    conn.putheader("Content-Type", "multipart/form-data; boundary=x")
    conn.putheader("X-Xsrftoken", xsrf)
    conn.putheader("Cookie", f"_streamlit_xsrf={xsrf}")
    conn.endheaders()
    try:
        return conn.getresponse().status
    finally:
        conn.close()


def test_the_config_file_still_applies(lab):
    new_session, upload_status = _session(lab)
    assert upload_status == 413  # server.maxUploadSize = 100
    assert new_session.config.gather_usage_stats is False  # browser.gatherUsageStats


def _get(url: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as resp:
            return resp.status, {k.lower(): v for k, v in resp.getheaders()}, resp.read()
    except urllib.error.HTTPError as error:
        return error.code, {k.lower(): v for k, v in error.headers.items()}, error.read()


def test_every_page_has_the_lab_s_key_listener_in_its_head(lab):
    """The lab's listener for presses made before the page's scripts have run is in the head
    of every page, before Streamlit's own scripts, compressed or not, and also when the
    browser revalidates a copy it holds (Streamlit's 304 would keep a page without it);
    static files and the class's routes pass as they came."""
    import gzip

    marker = b"window.perceptronLab"
    for path in ("/", "/playground", "/lecture", "/join"):
        status, headers, body = _get(lab + path, Accept="text/html")
        assert status == 200 and headers.get("content-encoding") is None
        head = body[body.index(b"<head>") :]
        assert head.index(marker) < head.index(b'<script type="module"')
        assert int(headers["content-length"]) == len(body)
        status, headers, packed = _get(
            lab + path, Accept="text/html", **{"Accept-Encoding": "gzip", "If-None-Match": "*"}
        )
        assert status == 200 and headers["content-encoding"] == "gzip"
        assert gzip.decompress(packed) == body and "etag" not in headers
    # Streamlit's own answer, for what is not a page: untouched.
    status, headers, body = _get(lab + "/_stcore/health", Accept="text/html")
    assert status == 200 and marker not in body
    status, headers, body = _get(lab + "/class/AAAAAA/state", Accept="text/html")
    assert status == 404 and json.loads(body)["error"].startswith("No class")
