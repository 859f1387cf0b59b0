"""The class's HTTP routes, under ``/class/`` beside Streamlit's own (no streamlit).

``class_routes()`` is what the app's entrypoint hands to ``st.App(..., routes=...)``:

- ``GET /class/{code}/events?seat=TOKEN``: the class's events as server-sent events
  (``text/event-stream``) for one seat (its token from join; without one: 403): the whole
  state first, then every change (``ui/room/rules.py`` lists them), a ``heartbeat`` event
  every ``HEARTBEAT_S`` when quiet (the follower knows its stream is alive), the ``ended``
  event last (or ``replaced``: the seat opened another stream; ``removed``: the lecturer
  removed the seat). Unbuffered by nginx (``X-Accel-Buffering: no``); an ``EventSource``
  reconnects by itself and gets the whole state again. The lecturer's page needs no
  stream: it reads the store.
- ``GET /class/{code}/state``: the same state, once, as JSON.
- ``POST /class/{code}/join``: ``{"student": seat token, "pseudonym": name, "code": code}``.
  The token (signed by the server) is the student's seat: their browser keeps it, and it
  signs their answers, points and stream; the page shows only the name.
- ``POST /class/{code}/answer`` with ``{"student": token, "question", "choice"}``:
  ``{"answered": n}``.
- ``POST /class/{code}/point`` with ``{"student": token, "x1", "x2", "label"}``:
  ``{"point": id}``.
- ``POST /class/{code}/lead`` with ``{"secret", "lead"}``: ``{"version": v}``. The
  lecturer's stage steps in the browser, so its moves go straight to the followers from
  there, not through a Streamlit rerun; a forged or missing secret moves nothing (403).
  The lecturer's other actions (ask, reveal, collect, end) are the page's, on the store.

Bodies are small JSON objects (``BODY_LIMIT`` bytes), every field checked by the store;
a refusal is ``{"error": reason}`` with its status (404 for an unknown code, 403, 409,
413, 429, ...), to the one student who sent it, logged as one line (``ui/room/refusals.py``)
and counted for the class's lecturer (``ClassStore.note_refusal``). Every route counts a
wrong code against the client's address (``ClassStore.admit``), so no route can be used
to guess codes; past the limit a wrong code is answered ``guess_delay_s`` late.
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
from ui.room.refusals import RefusalLog, shared
from ui.room.rules import Refused
from ui.room.store import ClassStore

PREFIX = "/class"
# An event on a quiet stream: proxies keep it open, and a follower that hears nothing for
# three of them knows its stream is dead (ui/room/following.mjs: SILENT_MS).
HEARTBEAT_S = 5.0
_HEARTBEAT = ': heartbeat\ndata: {"type":"heartbeat"}\n\n'

_FIELDS = {
    "answer": {"student", "question", "choice"},
    "point": {"student", "x1", "x2", "label"},
    "lead": {"secret", "lead"},
}
_NO_STORE = {"Cache-Control": "no-store"}
UNAVAILABLE = "The class server cannot be reached just now: try again in a moment."
log = logging.getLogger("perceptron_lab")


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
            raise Refused(
                "The server follows as many students as it can: try again soon.", 503, "streams"
            )
        if self.open.get(address, 0) >= self.per_address:
            raise Refused(
                "Too many open connections from your network: close a tab.", 429, "streams_address"
            )
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
    refusals: RefusalLog | None = None,
) -> list[Route]:
    """The routes, on ``store`` (or a function giving it; the process's default store);
    ``streams``: the open event streams' caps (one count per process); ``refusals``: the
    log of refusals.

    The store is looked up at the first request, so building the routes connects to
    nothing.
    """
    streams = Streams() if streams is None else streams
    refusals = shared() if refusals is None else refusals

    def get_store() -> ClassStore:
        if isinstance(store, ClassStore):
            return store
        return store() if store is not None else default_store()

    def admit_in_thread(typed: str, address: str, seat: object) -> tuple[ClassStore, str]:
        found = get_store()  # the first request makes it: a Redis connection, off the loop
        return found, found.admit(typed, address, seat)

    async def refusal(request: Request, route: str, refused: Refused, asked: dict) -> Response:
        """The refusal to its sender: logged, counted for the class, a wrong code late."""
        address = client_address(request)
        code, seat = asked.get("code"), asked.get("seat")
        refusals.refused(route, refused.name, refused.status, code, address, seat)
        if code is not None:
            try:
                await asyncio.to_thread(get_store().note_refusal, code, refused.name)
            except Refused:
                pass  # the store is unavailable: the line above is what is left
        if refused.name == "guesses":
            await asyncio.sleep(get_store().limits.guess_delay_s)
        return _refusal(refused)

    async def admit(request: Request, asked: dict, seat: object = None):
        address = client_address(request)
        asked["seat"] = seat
        typed = request.path_params["code"]
        found, code = await asyncio.to_thread(admit_in_thread, typed, address, seat)
        asked["code"] = code
        return found, code

    async def events(request: Request) -> Response:
        headers = {"Cache-Control": "no-cache, no-transform", "X-Accel-Buffering": "no"}
        asked: dict = {}
        seat = request.query_params.get("seat")
        try:
            found, code = await admit(request, asked, seat)
            if request.method == "HEAD":  # Starlette answers HEAD for GET: follow nothing
                return Response(media_type="text/event-stream", headers=headers)
            give_back = streams.take(client_address(request))
        except Refused as refused:
            return await refusal(request, "events", refused, asked)
        try:
            if not seat:  # every stream is a seat's: the lecturer's page needs none
                raise Refused(*_NOT_JOINED, name="not_joined")
            stream = found.subscribe(code, idle=heartbeat_s, seat=seat)
            first = await stream.__anext__()
        except Refused as refused:
            give_back()
            return await refusal(request, "events", refused, asked)
        except BaseException:
            give_back()
            raise

        async def body():
            try:
                yield "retry: 2000\n\n" + _frame(first)
                async for item in stream:
                    yield _HEARTBEAT if item["type"] == "heartbeat" else _frame(item)
            finally:
                give_back()
                await stream.aclose()

        events_body = body()
        weakref.finalize(events_body, give_back)  # never started (the client left first)
        return StreamingResponse(events_body, media_type="text/event-stream", headers=headers)

    async def state(request: Request) -> Response:
        asked: dict = {}
        try:
            found, code = await admit(request, asked)
            return JSONResponse(await asyncio.to_thread(found.state, code), headers=_NO_STORE)
        except Refused as refused:
            return await refusal(request, "state", refused, asked)

    async def join(request: Request) -> Response:
        asked: dict = {}
        try:
            found, code = await admit(request, asked)
            joined = await asyncio.to_thread(found.join, code, client_address(request))
        except Refused as refused:
            return await refusal(request, "join", refused, asked)
        out = {"student": joined.student, "pseudonym": joined.pseudonym, "code": code}
        return JSONResponse(out, headers=_NO_STORE)

    async def answer(request: Request) -> Response:
        asked: dict = {}
        try:
            data = await _read_or_admit(request, _FIELDS["answer"], admit, asked)
            found, code = await admit(request, asked, data["student"])
            answered = await asyncio.to_thread(
                found.answer, code, data["student"], data["question"], data["choice"]
            )
        except Refused as refused:
            return await refusal(request, "answer", refused, asked)
        return JSONResponse({"answered": answered}, headers=_NO_STORE)

    async def point(request: Request) -> Response:
        asked: dict = {}
        try:
            data = await _read_or_admit(request, _FIELDS["point"], admit, asked)
            found, code = await admit(request, asked, data["student"])
            pid = await asyncio.to_thread(
                found.add_point, code, data["student"], data["x1"], data["x2"], data["label"]
            )
        except Refused as refused:
            return await refusal(request, "point", refused, asked)
        return JSONResponse({"point": pid}, headers=_NO_STORE)

    async def lead(request: Request) -> Response:
        asked: dict = {}
        try:
            found, code = await admit(request, asked)
            data = await read_json(request, _FIELDS["lead"], LEAD_BODY_LIMIT)
            version = await asyncio.to_thread(found.move, code, data["secret"], data["lead"])
        except Refused as refused:
            return await refusal(request, "lead", refused, asked)
        return JSONResponse({"version": version}, headers=_NO_STORE)

    return [
        Route(PREFIX + "/{code}/events", _guarded(events), methods=["GET"]),
        Route(PREFIX + "/{code}/state", _guarded(state), methods=["GET"]),
        Route(PREFIX + "/{code}/join", _guarded(join), methods=["POST"]),
        Route(PREFIX + "/{code}/answer", _guarded(answer), methods=["POST"]),
        Route(PREFIX + "/{code}/point", _guarded(point), methods=["POST"]),
        Route(PREFIX + "/{code}/lead", _guarded(lead), methods=["POST"]),
    ]


async def _read_or_admit(request: Request, fields: set[str], admit, asked: dict) -> dict:
    """The request's JSON; when it is not what the route takes, the code is still admitted
    first (a wrong code is counted, and said, before a wrong body)."""
    try:
        return await read_json(request, fields)
    except Refused:
        await admit(request, asked)
        raise


_NOT_JOINED = ("Join the class first.", 403)


def _guarded(handler):
    """The handler, answering 503 with a plain reason when the store fails (Redis gone)."""

    @functools.wraps(handler)
    async def guarded(request: Request) -> Response:
        try:
            return await handler(request)
        except Exception as error:  # not a refusal: the store failed; one line, never sent
            log.error(
                "class route %s failed: %s: %s",
                request.url.path[:80],
                type(error).__name__,
                str(error)[:200],
            )
            return JSONResponse({"error": UNAVAILABLE}, 503, headers=_NO_STORE)

    return guarded


def _frame(item: dict) -> str:
    """One server-sent event: its JSON on one ``data:`` line (JSON escapes newlines).

    An ``Event`` makes its JSON once for all the followers it reaches.
    """
    text = item.text() if isinstance(item, Event) else json.dumps(item, separators=(",", ":"))
    return f"data: {text}\n\n"
