"""A simulated student: Streamlit's own websocket protocol, without a browser.

One ``Student`` does what a student's browser does with the lecturer's link, message for
message (``python benchmarks/load.py --check`` compares it with a real Chromium):

1. ``open()``: GET the page (as a browser loads index.html) and what the page names (its
   scripts, module preloads, stylesheet, preloaded font, icon), ``/_stcore/health`` and
   ``/_stcore/host-config`` (the health answer sets Streamlit's XSRF cookie), then the
   websocket ``/_stcore/stream`` with the cookies and the XSRF token in the subprotocol
   list, and a ``rerun_script`` BackMsg with the link's query string and page name; then
   what the run's elements make a browser load (``PageAssets``: each element's chunk of
   Streamlit's frontend and what it imports, found in Streamlit's build manifest; KaTeX
   for equations, the icon font for icons; the chart component's plotly.js). Up to six
   downloads at once, gzip accepted, an empty cache (a first open). Timed until the run's
   ``script_finished`` (FINISHED_SUCCESSFULLY: the app's first run may end early for its
   own rerun, which follows) with the stage's chart among the elements and those files
   downloaded; ``asset_bytes`` counts the bodies as sent (compressed when they were).
2. ``step()``: what the stage's chart sends a third of a second after a Step press: a
   fragment rerun carrying the chart's state ``{"sync": {"cursor", "history", "seq",
   "move"}}``, the cursor being where Step lands according to the plan the server sent
   (``moves[cursor]["to"]["step"]`` in the chart's data); a press beyond the frames sent
   sends ``move: "step"`` with the old cursor, as the browser does. Timed until ``script_finished``.
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
import gzip
import http.cookiejar
import json
import re
import threading
import time
import urllib.error
import urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from urllib.parse import parse_qsl, urlencode, urljoin, urlsplit

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


# ---------------------------------------------------------------- what a page loads
BROWSER_CONNECTIONS = 6  # a browser's downloads at once from one host (HTTP/1.1)
_DOWNLOADS = ThreadPoolExecutor(64, thread_name_prefix="student-assets")  # all students'
_LINK_TAG = re.compile(r"<(?:link|script)\b[^>]*>", re.S)
_ATTR = re.compile(r'([a-z-]+)\s*=\s*"([^"]*)"')
_FETCHED_RELS = {"stylesheet", "modulepreload", "preload", "icon", "shortcut icon"}
MATH = ("$",)  # a Markdown body with math: KaTeX's renderer and its fonts
KATEX = ["../node_modules/rehype-katex/index.js"]
KATEX_FONTS = ["KaTeX_Main-Regular", "KaTeX_Math-Italic"]  # the glyphs the equations use
ICON_FONT = "MaterialSymbols-Rounded"  # the ``:material/...:`` icons (the pages' menu)


def page_links(html: str) -> list[str]:
    """The files a page's HTML makes a browser load: its scripts, its module preloads,
    stylesheets, preloaded fonts and its icon (in document order)."""
    out = []
    for tag in _LINK_TAG.findall(html):
        attrs = dict(_ATTR.findall(tag))
        if tag.startswith("<script") and "src" in attrs:
            out.append(attrs["src"])
        elif attrs.get("rel") in _FETCHED_RELS and "href" in attrs:
            out.append(attrs["href"])
    return out


class PageAssets:
    """Streamlit's build manifest (``/manifest.json``): which chunk of its frontend draws
    which element, and what each chunk imports. Read once per server, not per student (a
    browser has it in the scripts it runs)."""

    _cache: dict[str, PageAssets] = {}
    _lock = threading.Lock()

    def __init__(self, manifest: dict) -> None:
        self.manifest = manifest
        self.by_component = {}
        for key in manifest:
            found = re.search(r"/components/(?:elements|widgets)/(\w+)/\1\.tsx$", key)
            if found:
                self.by_component[found.group(1).lower()] = key
        self.media = {
            v["file"].rsplit("/", 1)[-1].split(".")[0]: v["file"]
            for v in manifest.values()
            if v["file"].startswith("static/media/")
        }

    @classmethod
    def of(cls, base: str, opener) -> PageAssets:
        with cls._lock:
            if base not in cls._cache:
                with opener.open(base + "/manifest.json", timeout=60) as resp:
                    cls._cache[base] = cls(json.loads(resp.read()))
            return cls._cache[base]

    def chunk(self, kind: str) -> str | None:
        """The manifest entry of the chunk that draws an element (``number_input`` is
        ``widgets/NumberInput/NumberInput.tsx``)."""
        return self.by_component.get(kind.replace("_", "").lower())

    def files(self, keys) -> list[str]:
        """The chunks' files, with everything they import and their stylesheets."""
        out, todo, seen = [], list(keys), set()
        while todo:
            key = todo.pop()
            if key in seen or key not in self.manifest:
                continue
            seen.add(key)
            entry = self.manifest[key]
            out.append(entry["file"])
            out.extend(entry.get("css", []))
            todo.extend(entry.get("imports", []))
        return out


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
        self.kinds: set[str] = set()  # the element types drawn (their chunks load)
        self.math = False  # an equation was drawn (KaTeX)
        self.icons = False  # a :material/ icon was drawn (the icon font)
        self.component_files: set[str] = set()  # what the chart component loads
        self.fetched: dict[str, int] = {}  # path -> bytes of the body as sent

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

    def _download(self, url: str) -> int:
        req = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"})
        with self.opener.open(req, timeout=self.timeout) as resp:
            return len(resp.read())

    async def _fetch_all(self, urls) -> None:
        """Download what is not fetched yet, ``BROWSER_CONNECTIONS`` at a time."""
        loop = asyncio.get_running_loop()
        gate = asyncio.Semaphore(BROWSER_CONNECTIONS)
        wanted = []
        for url in urls:
            path = urlsplit(url)._replace(scheme="", netloc="").geturl()
            if path not in self.fetched:
                self.fetched[path] = 0
                wanted.append((path, url))

        async def one(path: str, url: str) -> None:
            async with gate:
                try:
                    self.fetched[path] = await loop.run_in_executor(_DOWNLOADS, self._download, url)
                except urllib.error.HTTPError as exc:
                    raise StudentError(f"{path}: HTTP {exc.code}") from exc

        await asyncio.gather(*(one(p, u) for p, u in wanted))

    @property
    def asset_bytes(self) -> int:
        """Bytes of every file the page made the student download (bodies as sent)."""
        return sum(self.fetched.values())

    async def _load_page(self) -> None:
        """The page, and what its HTML names, as a browser with an empty cache loads it."""
        loop = asyncio.get_running_loop()
        page = self.base + self.link

        def get_html() -> str:
            req = urllib.request.Request(page, headers={"Accept-Encoding": "gzip"})
            with self.opener.open(req, timeout=self.timeout) as resp:
                body = resp.read()
                packed = resp.headers.get("Content-Encoding") == "gzip"
            self.fetched[self.link] = len(body)
            return (gzip.decompress(body) if packed else body).decode("utf-8", "replace")

        html = await loop.run_in_executor(None, get_html)
        await self._fetch_all(urljoin(page, href) for href in page_links(html))

    async def _load_elements(self) -> None:
        """What the run's elements make the browser load besides."""
        loop = asyncio.get_running_loop()
        assets = await loop.run_in_executor(None, PageAssets.of, self.base, self.opener)
        keys = [k for k in map(assets.chunk, sorted(self.kinds)) if k]
        fonts = []
        if self.math:
            keys += KATEX
            fonts += [assets.media[f] for f in KATEX_FONTS if f in assets.media]
        if self.icons and ICON_FONT in assets.media:
            fonts.append(assets.media[ICON_FONT])
        root = self.base + "/"
        urls = [urljoin(root, f) for f in assets.files(keys) + fonts]
        urls += [urljoin(root, f.lstrip("/")) for f in sorted(self.component_files)]
        await self._fetch_all(urls)

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
                self.icons |= any(":material/" in p.icon for p in msg.navigation.app_pages)
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
        self.kinds.add(kind)
        if kind == "markdown":
            self.math |= any(m in element.markdown.body for m in MATH)
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
        if kind == "bidi_component":
            data = json.loads(element.bidi_component.json or "{}")
            if isinstance(data.get("plotly_src"), str):
                self.component_files.add(data["plotly_src"])
        if kind == "bidi_component" and key == CHART_KEY:
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
        await self._load_page()
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
        await self._load_elements()
        return result

    async def step(self) -> RunResult:
        """Press Step once, as the chart reports it (a fragment rerun)."""
        if self.chart is None:
            raise StudentError("no stage to step")
        plan = self.chart["moves"].get(str(self.cursor)) or {}  # by name (ui.stage.sync)
        target = (plan.get("to") or {}).get("step")
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
