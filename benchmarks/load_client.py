"""A simulated student: Streamlit's own websocket protocol, without a browser.

One ``Student`` does what a student's browser does with the lecturer's link, message for
message (``python benchmarks/load.py --check`` compares it with a real Chromium):

1. ``open()``: GET the page (as a browser loads index.html), ``/_stcore/health`` and
   ``/_stcore/host-config`` (the health answer sets Streamlit's XSRF cookie), then the
   websocket ``/_stcore/stream`` with the cookies and the XSRF token in the subprotocol
   list, and a ``rerun_script`` BackMsg with the link's query string and page name. Timed
   until the run's ``script_finished`` (FINISHED_SUCCESSFULLY: the app's first run may end
   early for its own rerun, which follows) with the stage's chart among the elements.
2. ``step()``: what the stage's chart sends a third of a second after a Step press: a
   fragment rerun carrying the chart's state ``{"sync": {"cursor", "history", "seq",
   "move"}}``, the cursor being where Step lands according to the frames the server sent
   (the ``moves`` of the chart's data); a press beyond them sends ``move: "step"`` with the
   old cursor, as the browser does. Timed until ``script_finished``.
3. ``upload(csv)``: the data source set to Upload (a full rerun), then as the upload box
   does: ``file_urls_request``, an HTTP PUT of the file (multipart, XSRF header), and a
   rerun with the box's file info. Timed from the PUT until the run with the uploaded data
   has finished and its chart arrived.

A browser sends the value of every widget on the page with each rerun; the client sends
only the widgets it changed (the server keeps the others' values: ``SessionState``
replaces only the widgets a rerun names). Cookies are kept per student like a browser's
(Streamlit's XSRF cookie, a load balancer's affinity cookie). Only the standard library,
protobuf (Streamlit's messages) and ``websockets`` (a dependency of Streamlit's server)
are used.
"""

from __future__ import annotations

import asyncio
import http.cookiejar
import json
import time
import urllib.error
import urllib.request
import uuid
from dataclasses import dataclass, field
from urllib.parse import parse_qsl, urlencode, urlsplit

import websockets
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState

FINISHED = 0  # ScriptFinishedStatus.FINISHED_SUCCESSFULLY
EARLY_FOR_RERUN = 2  # FINISHED_EARLY_FOR_RERUN: another run follows
FRAGMENT_FINISHED = 3  # FINISHED_FRAGMENT_RUN_SUCCESSFULLY
CHART_KEY = "pg_chart"  # the Playground stage's chart (plot_click's bidi component)


class StudentError(RuntimeError):
    """What went wrong for one student (counted as an error by the load test)."""


@dataclass
class RunResult:
    """One script run as the student saw it."""

    status: int
    elements: int = 0  # new elements received during the run
    errors: list[str] = field(default_factory=list)  # exception and error-alert texts
    chart: bool = False  # the stage's chart arrived
    page_not_found: bool = False  # the browser would show "Page not found" (a dialog)


def _widget_id(element) -> tuple[str, str] | None:
    """(widget id, element type) of an element that is a widget, else None."""
    kind = element.WhichOneof("type")
    if kind is None:
        return None
    sub = getattr(element, kind)
    wid = getattr(sub, "id", "") if hasattr(sub, "DESCRIPTOR") else ""
    if isinstance(wid, str) and wid.startswith("$$ID-"):
        return wid, kind
    return None


def initial_state(element) -> WidgetState | None:
    """The value a browser reports for a widget it has just drawn (the server's value when
    it set one, else the default), as the frontend encodes it; None for widgets a browser
    reports only when used (buttons, uploads, charts, components)."""
    kind = element.WhichOneof("type")
    w = getattr(element, kind)
    state = WidgetState(id=w.id)
    if kind == "checkbox":
        state.bool_value = w.value if w.set_value else w.default
    elif kind == "button_group":
        picked = list(w.raw_values) if w.set_value else [w.options[i].content for i in w.default]
        state.string_array_value.data.extend(picked)
    elif kind == "selectbox":
        if w.set_value and w.HasField("raw_value"):
            state.string_value = w.raw_value
        elif w.HasField("default"):
            state.string_value = w.options[w.default]
        else:
            return None
    elif kind == "slider":
        if w.options:  # select_slider: the options' labels
            picked = list(w.raw_value) if w.set_value else [w.options[int(i)] for i in w.default]
            state.string_array_value.data.extend(picked)
        else:
            state.double_array_value.data.extend(w.value if w.set_value else w.default)
    elif kind == "number_input":
        value = w.value if w.set_value else w.default
        if w.data_type == 0:  # NumberInput.INT
            state.int_value = int(value)
        else:
            state.double_value = value
    else:
        return None
    return state


class Student:
    """One student's browser, talking Streamlit's protocol. Use ``async with``."""

    def __init__(self, base_url: str, link: str, *, timeout: float = 120.0, record=False):
        self.base = base_url.rstrip("/")
        self.link = link  # path and query, e.g. "/playground?pg_n=300"
        self.timeout = timeout
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        parts = urlsplit(link)
        self.page_name = parts.path.strip("/")
        self.query = parts.query
        self.ws = None
        self.session_id = ""
        self.page_hash = ""
        self.widgets: dict[str, str] = {}  # key (id's suffix) -> widget id
        self.values: dict[str, WidgetState] = {}  # widget id -> what the browser would send
        self.on_page: set[str] = set()  # the widgets drawn by the last full run
        self._seen: set[str] = set()  # the widgets drawn by the run under way
        self._full = True  # the run under way is a full run (not a fragment's)
        self.chart: dict | None = None  # the stage chart's data as last sent
        self.chart_fragment = ""
        self.seq = 0
        self.cursor = 0
        self.history: list[int] = []
        self.file_urls: asyncio.Future | None = None
        self.received: list[bytes] | None = [] if record else None  # every ForwardMsg
        self.sent: list[bytes] | None = [] if record else None  # every BackMsg

    async def _send(self, msg: BackMsg) -> None:
        raw = msg.SerializeToString()
        if self.sent is not None:
            self.sent.append(raw)
        await self.ws.send(raw)

    async def _recv(self) -> ForwardMsg:
        raw = await asyncio.wait_for(self.ws.recv(), self.timeout)
        if self.received is not None:
            self.received.append(raw)
        msg = ForwardMsg()
        msg.ParseFromString(raw)
        return msg

    # ------------------------------------------------------------------- HTTP
    def _http(self, method: str, path: str, body: bytes | None = None, headers=None) -> int:
        req = urllib.request.Request(
            self.base + path, data=body, method=method, headers=dict(headers or {})
        )
        with self.opener.open(req, timeout=self.timeout) as resp:
            resp.read()
            return resp.status

    def _cookie_header(self) -> str:
        req = urllib.request.Request(self.base + "/_stcore/stream")
        self.jar.add_cookie_header(req)
        return req.get_header("Cookie", "")

    def _xsrf(self) -> str:
        return next((c.value for c in self.jar if c.name == "_streamlit_xsrf"), "")

    # --------------------------------------------------------------- messages
    async def _send_rerun(self, widgets=(), *, fragment: str = "", first: bool = False) -> None:
        msg = BackMsg()
        rs = msg.rerun_script
        rs.query_string = self.query
        if first:
            rs.page_name = self.page_name
            info = rs.context_info
            info.timezone, info.timezone_offset, info.locale = "UTC", 0, "en-US"
            info.url = self.base + "/" + self.page_name
            info.is_embedded, info.color_scheme = False, "light"
        else:
            rs.page_script_hash = self.page_hash
        rs.fragment_id = fragment
        for state in widgets:
            self.values[state.id] = state
        # Like the browser: the value of every widget on the page, the changed ones new.
        for wid in sorted(self.on_page | {state.id for state in widgets}):
            if wid in self.values:
                rs.widget_states.widgets.append(self.values[wid])
        self._seen, self._full = set(), not fragment
        await self._send(msg)

    async def _until_finished(self, *, final=(FINISHED, FRAGMENT_FINISHED)) -> RunResult:
        """Read ForwardMsgs until a script run ends with a status in ``final``."""
        result = RunResult(status=-1)
        while True:
            msg = await self._recv()
            kind = msg.WhichOneof("type")
            if kind == "new_session":
                self.session_id = msg.new_session.initialize.session_id or self.session_id
                self.page_hash = msg.new_session.page_script_hash or self.page_hash
            elif kind == "navigation":  # the page the app ran: its hash names it later
                self.page_hash = msg.navigation.page_script_hash or self.page_hash
            elif kind == "page_info_changed":
                self.query = msg.page_info_changed.query_string
            elif kind == "file_urls_response" and self.file_urls is not None:
                if not self.file_urls.done():
                    self.file_urls.set_result(msg.file_urls_response)
            elif kind == "delta":
                self._delta(msg, result)
            elif kind == "page_not_found":
                result.page_not_found = True
            elif kind == "script_finished":
                status = msg.script_finished
                if status in final:
                    self.on_page = self._seen if self._full else self.on_page | self._seen
                    result.status = status
                    return result
                if status != EARLY_FOR_RERUN:
                    raise StudentError(f"script finished with status {status}")

    def _delta(self, msg, result: RunResult) -> None:
        delta = msg.delta
        if delta.WhichOneof("type") != "new_element":
            return
        element = delta.new_element
        result.elements += 1
        kind = element.WhichOneof("type")
        if kind == "exception":
            result.errors.append(f"exception: {element.exception.message[:200]}")
        elif kind == "alert" and element.alert.format == 1:  # Alert.ERROR
            result.errors.append(f"error: {element.alert.body[:200]}")
        found = _widget_id(element)
        if found is None:
            return
        wid, _ = found
        key = wid.rsplit("-", 1)[-1]
        self.widgets[key] = wid
        self._seen.add(wid)
        sub = getattr(element, kind)
        if wid not in self.values or getattr(sub, "set_value", False):
            state = initial_state(element)
            if state is not None:
                self.values[wid] = state
        if kind == "bidi_component" and key == CHART_KEY:
            data = json.loads(element.bidi_component.json or "{}")
            stage = data.get("stage")
            if stage:
                moves = stage["moves"]
                stage["moves"] = json.loads(moves) if isinstance(moves, str) else moves
                frames = stage.get("frames")
                stage["frame_keys"] = set(
                    json.loads(frames).keys() if isinstance(frames, str) else frames or ()
                )
                self.chart = stage
                self.cursor = int(stage["cursor"])
                self.history = list(stage.get("history") or [])
                self.seq = max(self.seq, int(stage.get("applied") or 0))
            self.chart_fragment = delta.fragment_id
            result.chart = True

    # ---------------------------------------------------------------- actions
    async def open(self) -> RunResult:
        """Load the page and run the link's first script run; returns that run."""
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, self._http, "GET", self.link)
        await loop.run_in_executor(None, self._http, "GET", "/_stcore/health")
        await loop.run_in_executor(None, self._http, "GET", "/_stcore/host-config")
        ws_url = "ws" + self.base[4:] + "/_stcore/stream"
        self.ws = await websockets.connect(
            ws_url,
            subprotocols=["streamlit", self._xsrf()],
            additional_headers={"Cookie": self._cookie_header(), "Origin": self.base},
            max_size=None,
            open_timeout=self.timeout,
            compression=None,
        )
        await self._send_rerun(first=True)
        result = await self._until_finished(final=(FINISHED,))
        if not result.chart:
            raise StudentError("the page opened without the stage's chart")
        return result

    async def step(self) -> RunResult:
        """Press Step once, as the chart reports it (a fragment rerun)."""
        if self.chart is None:
            raise StudentError("no stage to step")
        target = (self.chart["moves"].get(str(self.cursor)) or [None])[0]
        self.seq += 1
        if target is not None and str(target) in self.chart["frame_keys"]:
            sync = {"cursor": target, "history": [*self.history, self.cursor], "seq": self.seq}
            sync["move"] = None
            self.history.append(self.cursor)
            self.cursor = target
        else:  # beyond the frames sent: the server makes the move from here
            sync = {"cursor": self.cursor, "history": self.history, "seq": self.seq}
            sync["move"] = "step"
        state = self._state(CHART_KEY)
        state.json_value = json.dumps({"sync": sync}, separators=(",", ":"))  # as JS writes
        await self._send_rerun([state], fragment=self.chart_fragment)
        return await self._until_finished()

    async def choose_source(self, label: str) -> RunResult:
        """Pick the data source (the sidebar's segmented control): a full rerun."""
        state = self._state("pg_source")
        state.string_array_value.data.append(label)
        # The browser writes a URL-bound widget's new value into the address itself.
        params = dict(parse_qsl(self.query, keep_blank_values=True))
        params["pg_source"] = label
        self.query = urlencode(sorted(params.items()))
        await self._send_rerun([state])
        return await self._until_finished(final=(FINISHED,))

    async def upload(self, name: str, content: bytes) -> RunResult:
        """Upload one file through the Playground's upload box and wait for its run."""
        if "pg_upload" not in self.widgets:
            await self.choose_source("Upload")
        if "pg_upload" not in self.widgets:
            raise StudentError("no upload box after choosing Upload")
        loop = asyncio.get_running_loop()
        self.file_urls = loop.create_future()
        request = BackMsg()
        request.file_urls_request.request_id = str(uuid.uuid4())
        request.file_urls_request.file_names.append(name)
        request.file_urls_request.session_id = self.session_id
        await self._send(request)
        # The answer arrives on the websocket; read it there (nothing else is running).
        while not self.file_urls.done():
            msg = await self._recv()
            if msg.WhichOneof("type") == "file_urls_response":
                self.file_urls.set_result(msg.file_urls_response)
        urls = self.file_urls.result().file_urls[0]
        boundary = uuid.uuid4().hex
        body = (
            (
                f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{name}"'
                f"\r\nContent-Type: text/csv\r\n\r\n"
            ).encode()
            + content
            + f"\r\n--{boundary}--\r\n".encode()
        )
        headers = {
            "Content-Type": f"multipart/form-data; boundary={boundary}",
            "X-Xsrftoken": self._xsrf(),
            "Origin": self.base,
        }
        path = urls.upload_url if urls.upload_url.startswith("/") else "/" + urls.upload_url
        try:
            await loop.run_in_executor(None, self._http, "PUT", path, body, headers)
        except urllib.error.HTTPError as exc:
            raise StudentError(f"upload refused: HTTP {exc.code}") from exc
        state = self._state("pg_upload")
        info = state.file_uploader_state_value.uploaded_file_info.add()
        info.name, info.size, info.file_id = name, len(content), urls.file_id
        info.file_urls.CopyFrom(urls)
        await self._send_rerun([state])
        result = await self._until_finished(final=(FINISHED,))
        if not result.chart:
            raise StudentError("the uploaded data's chart did not arrive")
        return result

    def _state(self, key: str) -> WidgetState:
        if key not in self.widgets:
            raise StudentError(f"no widget {key!r} on the page")
        state = WidgetState()
        state.id = self.widgets[key]
        return state

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()

    async def __aenter__(self) -> Student:
        return self

    async def __aexit__(self, *exc) -> None:
        await self.close()


def now() -> float:
    return time.perf_counter()
