"""A script in the head of every HTML page the lab's server sends (a middleware of app.py's
``st.App``), run before Streamlit draws anything.

Why: what a page runs of its own comes with its elements (an ``st.html`` script, the chart
component's module), each loaded when Streamlit gets to it: on a busy server or a cold
browser cache, the page's buttons and status line are on screen seconds before. A press
made then went to Streamlit (S to its Step button's shortcut) or nowhere (the clicker's
PageDown and →). The lab's listener for those presses (``ui.stage.keys.early_script``)
is put in the head of Streamlit's ``index.html`` here, so it is there from the first
moment, whatever is slow.

How: a page's request (a GET that accepts ``text/html``) is passed on without its
conditional headers and without ``Accept-Encoding``, so Streamlit answers with the whole
page, uncompressed; the script goes in right after ``<head>``, and the page is compressed
here when the browser accepts gzip (Streamlit's own validators, which name its file as
it is, are dropped: the page is sent whole each time, about 2.5 KB compressed). Every
other request (the app's websocket, static files, the class's routes) passes as it came.
"""

from __future__ import annotations

import gzip
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

HEAD = b"<head>"
DROPPED_REQUEST = {b"accept-encoding", b"if-none-match", b"if-modified-since", b"range"}
DROPPED_ANSWER = {b"content-length", b"etag", b"last-modified", b"content-encoding", b"vary"}


class HeadScript:
    """ASGI middleware: ``script`` (JavaScript, the lab's own: no user text) inserted as an
    inline ``<script>`` right after ``<head>`` of every HTML page."""

    def __init__(self, app: ASGIApp, script: str) -> None:
        self.app = app
        if "</" in script:
            raise ValueError("the script would end its own <script> element early")
        self.tag = f"<script>{script}</script>".encode()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = scope.get("headers", []) if scope["type"] == "http" else []
        asked = {k.lower(): v.lower() for k, v in headers}
        if scope.get("method") != "GET" or b"text/html" not in asked.get(b"accept", b""):
            await self.app(scope, receive, send)
            return
        gzipped = b"gzip" in asked.get(b"accept-encoding", b"")
        kept = [(k, v) for k, v in headers if k.lower() not in DROPPED_REQUEST]
        inner = {**scope, "headers": kept}
        start: Message | None = None
        chunks: list[bytes] = []

        async def relay(message: Message) -> None:
            nonlocal start
            if message["type"] == "http.response.start":
                if _is_html(message):
                    start = message  # held until the body is complete
                else:
                    await send(message)
                return
            if message["type"] != "http.response.body" or start is None:
                await send(message)
                return
            chunks.append(message.get("body", b""))
            if message.get("more_body", False):
                return
            body = b"".join(chunks)
            at = body.find(HEAD)
            if at >= 0:
                body = body[: at + len(HEAD)] + self.tag + body[at + len(HEAD) :]
            out = [(k, v) for k, v in start.get("headers", []) if k.lower() not in DROPPED_ANSWER]
            if gzipped:
                body = gzip.compress(body, compresslevel=6, mtime=0)
                out.append((b"content-encoding", b"gzip"))
            out += [(b"vary", b"Accept-Encoding"), (b"content-length", str(len(body)).encode())]
            await send({**start, "headers": out})
            await send({"type": "http.response.body", "body": body, "more_body": False})

        await self.app(inner, receive, relay)


def _is_html(start: Message) -> bool:
    """A 200 answer of type text/html, not encoded (the request asked for none)."""
    if start.get("status") != 200:
        return False
    headers = {k.lower(): v.lower() for k, v in start.get("headers", [])}
    return headers.get(b"content-type", b"").startswith(b"text/html") and not headers.get(
        b"content-encoding"
    )
