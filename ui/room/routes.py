"""The class's HTTP routes, under ``/class/`` beside Streamlit's own (no streamlit).

``class_routes()`` is what the app's entrypoint hands to ``st.App(..., routes=...)``:

- ``GET /class/{code}/events``: the class's events as server-sent events
  (``text/event-stream``): the whole state first, then every change (``ui/room/rules.py``
  lists them), a heartbeat comment when quiet, the ``ended`` event last. Unbuffered by
  nginx (``X-Accel-Buffering: no``); an ``EventSource`` reconnects by itself and gets
  the whole state again.
- ``GET /class/{code}/state``: the same state, once, as JSON.
- ``POST /class/{code}/join``: ``{"student": id, "pseudonym": name, "code": code}``. The
  id signs the student's answers and points: the page keeps it, and shows only the name.
- ``POST /class/{code}/answer`` with ``{"student", "question", "choice"}``: ``{"answered": n}``.
- ``POST /class/{code}/point`` with ``{"student", "x1", "x2", "label"}``: ``{"point": id}``.
- ``POST /class/{code}/lead`` with ``{"secret", "lead"}``: ``{"version": v}``. The
  lecturer's stage steps in the browser, so its moves go straight to the followers from
  there, not through a Streamlit rerun; a forged or missing secret moves nothing (403).
  The lecturer's other actions (ask, reveal, collect, end) are the page's, on the store.

Bodies are small JSON objects (``BODY_LIMIT`` bytes), every field checked by the store;
a refusal is ``{"error": reason}`` with its status (404 for an unknown code, 403, 409,
413, 429, ...), to the one student who sent it. Every route counts a wrong code against
the client's address (``ClassStore.admit``), so no route can be used to guess codes.
"""

from __future__ import annotations

import asyncio
import functools
import ipaddress
import json
import logging
import weakref
from collections.abc import Callable

from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from ui.limits import CLASS_BODY_LIMIT as BODY_LIMIT
from ui.limits import CLASS_LEAD_BODY_LIMIT as LEAD_BODY_LIMIT
from ui.limits import CLASS_STREAMS_MAX as STREAMS_MAX
from ui.limits import CLASS_STREAMS_PER_ADDRESS as STREAMS_PER_ADDRESS
from ui.room.default import default_store
from ui.room.fanout import Event
from ui.room.rules import Refused
from ui.room.store import ClassStore

PREFIX = "/class"
HEARTBEAT_S = 15.0  # a comment on a quiet stream: proxies keep it open, dead ones are found
_FIELDS = {
    "answer": {"student", "question", "choice"},
    "point": {"student", "x1", "x2", "label"},
    "lead": {"secret", "lead"},
}
_NO_STORE = {"Cache-Control": "no-store"}
UNAVAILABLE = "The class server cannot be reached just now: try again in a moment."
log = logging.getLogger(__name__)


def client_address(request: Request) -> str:
    """The student's address: nginx's last ``X-Forwarded-For`` entry behind it, else the peer.

    Only a proxy on this machine (a loopback peer) is believed, so no one else can pick
    the address their guesses are counted against.
    """
    peer = request.client.host if request.client else "unknown"
    forwarded = request.headers.get("x-forwarded-for")
    try:
        local = ipaddress.ip_address(peer).is_loopback
    except ValueError:
        local = False
    if local and forwarded:
        return forwarded.rsplit(",", 1)[-1].strip()[:64] or peer
    return peer


def _refusal(refused: Refused) -> JSONResponse:
    return JSONResponse({"error": refused.reason}, refused.status, headers=_NO_STORE)


def _reject_constant(name: str) -> float:
    raise ValueError(name)  # NaN, Infinity, -Infinity: not JSON


async def read_json(request: Request, fields: set[str], limit: int = BODY_LIMIT) -> dict:
    """The request's JSON object with exactly ``fields``; refused if larger, or not that."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise Refused("Send JSON (Content-Type: application/json).", 415)
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > limit):
        raise Refused(f"The request is over {limit} bytes.", 413)
    body = bytearray()
    async for chunk in request.stream():  # also without a Content-Length (chunked)
        body += chunk
        if len(body) > limit:
            raise Refused(f"The request is over {limit} bytes.", 413)
    try:
        data = json.loads(body.decode("utf-8"), parse_constant=_reject_constant)
    except (ValueError, RecursionError):
        raise Refused("The request is not JSON.") from None
    if not isinstance(data, dict) or set(data) != fields:
        raise Refused(f"The request is a JSON object with {', '.join(sorted(fields))}.")
    return data


class Streams:
    """The event streams this process holds open, counted by address: one more is refused
    past ``per_address`` from one address or ``total`` in all (429 / 503, a plain reason).
    A stream's slot is given back when it ends, or, if it never started, when it is
    dropped (a finaliser): no slot is kept by a stream that is gone."""

    def __init__(self, per_address: int = STREAMS_PER_ADDRESS, total: int = STREAMS_MAX):
        self.per_address, self.total = per_address, total
        self.open: dict[str, int] = {}
        self.count = 0

    def take(self, address: str) -> Callable[[], None]:
        """A slot for ``address`` (raises Refused), and the function that gives it back."""
        if self.count >= self.total:
            raise Refused("The server follows as many students as it can: try again soon.", 503)
        if self.open.get(address, 0) >= self.per_address:
            raise Refused("Too many open connections from your network: close a tab.", 429)
        self.open[address] = self.open.get(address, 0) + 1
        self.count += 1
        given = []

        def give_back() -> None:
            if given:
                return
            given.append(True)
            self.count -= 1
            left = self.open[address] - 1
            if left:
                self.open[address] = left
            else:
                del self.open[address]

        return give_back


def class_routes(
    store: ClassStore | Callable[[], ClassStore] | None = None,
    *,
    heartbeat_s: float = HEARTBEAT_S,
    streams: Streams | None = None,
) -> list[Route]:
    """The routes, on ``store`` (or a function giving it; the process's default store);
    ``streams``: the open event streams' caps (one count per process).

    The store is looked up at the first request, so building the routes connects to
    nothing.
    """
    streams = Streams() if streams is None else streams

    def get_store() -> ClassStore:
        if isinstance(store, ClassStore):
            return store
        return store() if store is not None else default_store()

    def admit_in_thread(typed: str, address: str) -> tuple[ClassStore, str]:
        found = get_store()  # the first request makes it: a Redis connection, off the loop
        return found, found.admit(typed, address)

    async def admit(request: Request) -> tuple[ClassStore, str]:
        address = client_address(request)
        return await asyncio.to_thread(admit_in_thread, request.path_params["code"], address)

    async def events(request: Request) -> Response:
        headers = {"Cache-Control": "no-cache, no-transform", "X-Accel-Buffering": "no"}
        try:
            found, code = await admit(request)
            if request.method == "HEAD":  # Starlette answers HEAD for GET: follow nothing
                return Response(media_type="text/event-stream", headers=headers)
            give_back = streams.take(client_address(request))
        except Refused as refused:
            return _refusal(refused)
        try:
            stream = found.subscribe(code, idle=heartbeat_s)
            first = await stream.__anext__()
        except Refused as refused:
            give_back()
            return _refusal(refused)
        except BaseException:
            give_back()
            raise

        async def body():
            try:
                yield "retry: 2000\n\n" + _frame(first)
                async for item in stream:
                    yield ": heartbeat\n\n" if item["type"] == "heartbeat" else _frame(item)
            finally:
                give_back()
                await stream.aclose()

        events_body = body()
        weakref.finalize(events_body, give_back)  # never started (the client left first)
        return StreamingResponse(events_body, media_type="text/event-stream", headers=headers)

    async def state(request: Request) -> Response:
        try:
            found, code = await admit(request)
            return JSONResponse(await asyncio.to_thread(found.state, code), headers=_NO_STORE)
        except Refused as refused:
            return _refusal(refused)

    async def join(request: Request) -> Response:
        try:
            found, code = await admit(request)
            joined = await asyncio.to_thread(found.join, code, client_address(request))
        except Refused as refused:
            return _refusal(refused)
        out = {"student": joined.student, "pseudonym": joined.pseudonym, "code": code}
        return JSONResponse(out, headers=_NO_STORE)

    async def answer(request: Request) -> Response:
        try:
            found, code = await admit(request)
            data = await read_json(request, _FIELDS["answer"])
            answered = await asyncio.to_thread(
                found.answer, code, data["student"], data["question"], data["choice"]
            )
        except Refused as refused:
            return _refusal(refused)
        return JSONResponse({"answered": answered}, headers=_NO_STORE)

    async def point(request: Request) -> Response:
        try:
            found, code = await admit(request)
            data = await read_json(request, _FIELDS["point"])
            pid = await asyncio.to_thread(
                found.add_point, code, data["student"], data["x1"], data["x2"], data["label"]
            )
        except Refused as refused:
            return _refusal(refused)
        return JSONResponse({"point": pid}, headers=_NO_STORE)

    async def lead(request: Request) -> Response:
        try:
            found, code = await admit(request)
            data = await read_json(request, _FIELDS["lead"], LEAD_BODY_LIMIT)
            version = await asyncio.to_thread(found.move, code, data["secret"], data["lead"])
        except Refused as refused:
            return _refusal(refused)
        return JSONResponse({"version": version}, headers=_NO_STORE)

    return [
        Route(PREFIX + "/{code}/events", _guarded(events), methods=["GET"]),
        Route(PREFIX + "/{code}/state", _guarded(state), methods=["GET"]),
        Route(PREFIX + "/{code}/join", _guarded(join), methods=["POST"]),
        Route(PREFIX + "/{code}/answer", _guarded(answer), methods=["POST"]),
        Route(PREFIX + "/{code}/point", _guarded(point), methods=["POST"]),
        Route(PREFIX + "/{code}/lead", _guarded(lead), methods=["POST"]),
    ]


def _guarded(handler):
    """The handler, answering 503 with a plain reason when the store fails (Redis gone)."""

    @functools.wraps(handler)
    async def guarded(request: Request) -> Response:
        try:
            return await handler(request)
        except Exception:  # not a refusal: the store failed; logged, never sent
            log.exception("class route %s failed", request.url.path[:80])
            return JSONResponse({"error": UNAVAILABLE}, 503, headers=_NO_STORE)

    return guarded


def _frame(item: dict) -> str:
    """One server-sent event: its JSON on one ``data:`` line (JSON escapes newlines).

    An ``Event`` makes its JSON once for all the followers it reaches.
    """
    text = item.text() if isinstance(item, Event) else json.dumps(item, separators=(",", ":"))
    return f"data: {text}\n\n"
