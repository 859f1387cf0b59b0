"""ui.server.head.HeadScript: the lab's script goes into the head of every HTML page, and
nothing else is changed (driven as an ASGI app, over a small app standing for Streamlit's
server: its page in chunks, a static file, a 304, an already compressed answer). Its event
loop runs in a thread of its own: in a worker that ran the browser tests first, Playwright's
keeps running in this one (the clean-clone CI run refused asyncio.run here)."""

from __future__ import annotations

import gzip
import sys
from pathlib import Path

import pytest

from ui.server.head import HeadScript

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "deploy"))
from serve import run_coroutine  # noqa: E402  (a worker may run Playwright's event loop)

PAGE = b"<!DOCTYPE html><html><head><title>x</title></head><body></body></html>"


def inner_app(seen: list[dict]):
    async def app(scope, receive, send):
        seen.append(dict(scope))
        path = scope["path"]
        if path == "/page":
            headers = [(b"content-type", b"text/html; charset=utf-8"), (b"etag", b'"abc"'),
                       (b"content-length", str(len(PAGE)).encode())]  # fmt: skip
            await send({"type": "http.response.start", "status": 200, "headers": headers})
            half = len(PAGE) // 2
            await send({"type": "http.response.body", "body": PAGE[:half], "more_body": True})
            await send({"type": "http.response.body", "body": PAGE[half:]})
        elif path == "/cached":
            await send({"type": "http.response.start", "status": 304, "headers": []})
            await send({"type": "http.response.body", "body": b""})
        elif path == "/packed":
            body = gzip.compress(PAGE)
            headers = [(b"content-type", b"text/html"), (b"content-encoding", b"gzip")]
            await send({"type": "http.response.start", "status": 200, "headers": headers})
            await send({"type": "http.response.body", "body": body})
        else:
            headers = [(b"content-type", b"text/javascript")]
            await send({"type": "http.response.start", "status": 200, "headers": headers})
            await send({"type": "http.response.body", "body": b"let a = '<head>';"})

    return app


def call(app, path: str, method: str = "GET", **headers: str) -> tuple[int, dict, bytes]:
    scope = {
        "type": "http",
        "method": method,
        "path": path,
        "headers": [(k.lower().replace("_", "-").encode(), v.encode()) for k, v in headers.items()],
    }
    sent: list[dict] = []

    async def receive():
        return {"type": "http.request", "body": b""}

    async def send(message):
        sent.append(message)

    run_coroutine(lambda: app(scope, receive, send))
    start = sent[0]
    body = b"".join(m.get("body", b"") for m in sent[1:])
    return start["status"], {k.decode(): v.decode() for k, v in start["headers"]}, body


def test_the_script_goes_right_after_head_in_every_page():
    seen: list[dict] = []
    app = HeadScript(inner_app(seen), script="window.lab = 1;")
    status, headers, body = call(app, "/page", accept="text/html", accept_encoding="gzip, br",
                                 if_none_match='"abc"')  # fmt: skip
    assert status == 200 and headers["content-encoding"] == "gzip"
    page = gzip.decompress(body)
    assert page == PAGE.replace(b"<head>", b"<head><script>window.lab = 1;</script>")
    assert int(headers["content-length"]) == len(body) and "etag" not in headers
    # Streamlit was asked for the whole page, uncompressed: no validators, no encoding.
    asked = dict(seen[-1]["headers"])
    assert b"if-none-match" not in asked and b"accept-encoding" not in asked
    status, headers, plain = call(app, "/page", accept="text/html")
    assert plain == page and "content-encoding" not in headers


def test_what_is_not_a_page_passes_as_it_came():
    seen: list[dict] = []
    app = HeadScript(inner_app(seen), script="window.lab = 1;")
    assert call(app, "/static.js", accept="*/*", accept_encoding="gzip")[2] == b"let a = '<head>';"
    assert call(app, "/page", if_none_match="x")[2] == PAGE  # not asked for as a page
    assert dict(seen[-1]["headers"])[b"if-none-match"] == b"x"
    assert call(app, "/cached", accept="text/html")[0] == 304
    status, headers, body = call(app, "/packed", accept="text/html")
    assert gzip.decompress(body) == PAGE and headers["content-encoding"] == "gzip"
    assert call(app, "/page", method="HEAD", accept="text/html")[2] == PAGE  # (a small app's HEAD)
    assert b"<script>" not in call(app, "/page", method="POST", accept="text/html")[2]


def test_a_script_that_would_end_its_element_is_refused():
    with pytest.raises(ValueError):
        HeadScript(inner_app([]), script="'</script><b>'")
