"""Helpers for Playwright tests of Streamlit apps (import as ``browser_helpers``).

Also the one home of what the browser tests and ``benchmarks/latency_harness.py`` share:
Chromium's path and flags and counting finished script runs; starting a Streamlit server
(``free_port``, ``streamlit_server``) is deploy/startup.py's, shared with deploy/serve.py.
No pytest here, so the benchmarks can import it.
"""

from __future__ import annotations

import ast
import os
import re
import sys
import time
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

REPO_ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO_ROOT / "deploy"))
# The one copy of the servers' helpers, deploy/serve.py's too (re-exported: tests import them here).
from startup import free_port, free_ports, streamlit_server  # noqa: E402, F401

SCREENSHOT_DIR = REPO_ROOT / "artifacts" / "screenshots"  # git-ignored
CHROMIUM_PATH = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
# As root in a closed network: no sandbox, no GPU, no background connections.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
VIEWPORT = {"width": 1280, "height": 1000}


# A plain Python loop of 10**6 additions at module scope took 0.07 s on this project's
# machine at its normal speed (10**7 in 0.7 s). The same machine has been seen running
# about 8x slower for hours. The benchmarks print this ratio beside their figures; no test
# scales a time budget by it (a speed is asserted only as a ratio against a peer timed in
# the same run).
NOMINAL_LOOP_S = 0.07


def machine_slowdown() -> float:
    """How many times slower than its normal speed this machine runs now (at least 1).

    Measured by the best of five runs of the reference loop, so a single hiccup does not
    inflate it. It is a ratio of Python CPU speed: a budget scaled by it assumes the page's
    time is mostly CPU (the server's Python and Chromium), as it is here.
    """
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        exec("s = 0\nfor i in range(10**6): s += i", {})  # module scope, as measured
        best = min(best, time.perf_counter() - start)
    return max(1.0, best / NOMINAL_LOOP_S)


_PLAYWRIGHT: list[Any] = []  # one driver per process, started on first use


def _playwright() -> Any:
    """This process's one Playwright driver. Its sync API runs an event loop in the calling
    thread for as long as it lives, so a second ``sync_playwright()`` (a test launching its
    own Chromium while the session's ``browser`` fixture is open) would be refused."""
    if not _PLAYWRIGHT:
        import atexit

        from playwright.sync_api import sync_playwright

        driver = sync_playwright().start()
        _PLAYWRIGHT.append(driver)
        atexit.register(driver.stop)
    return _PLAYWRIGHT[0]


@contextmanager
def chromium() -> Iterator[Any]:
    """Headless Debian Chromium via Playwright, with a new, empty temporary profile."""
    if not Path(CHROMIUM_PATH).exists():
        raise RuntimeError(f"no Chromium at {CHROMIUM_PATH} (set CHROMIUM_PATH)")
    browser = _playwright().chromium.launch(
        executable_path=CHROMIUM_PATH, headless=True, args=CHROMIUM_ARGS
    )
    try:
        yield browser
    finally:
        browser.close()


APP = '[data-testid="stApp"]'
APP_IDLE = f'{APP}[data-test-connection-state="CONNECTED"][data-test-script-state="notRunning"]'
RUNNING_ICON = '[data-testid="stStatusWidgetRunningIcon"]'


def wait_for_app_idle(page: Any, timeout: float = 30_000) -> None:
    """Wait until the app is connected and no script run is in progress."""
    page.wait_for_selector(APP_IDLE, state="attached", timeout=timeout)
    page.wait_for_selector(RUNNING_ICON, state="detached", timeout=timeout)


# The page at rest: each chart shown (the stage's, a component's, st.plotly_chart's; an
# empty holder has no height) has its SVG, no element still waits for its code as a
# placeholder (Streamlit loads a widget's code when first shown), and no fade or other
# finite animation runs (mid-fade, text is lighter than it will be).
ANIMATIONS_DONE = """document.getAnimations().every((a) => a.playState !== 'running'
  || a.effect?.getTiming().iterations === Infinity)"""  # an endless one never ends
CHARTS_DRAWN = f"""() => [...document.querySelectorAll(
  '[data-testid="stPlotlyChart"], [data-testid="stageOver"], .plot-click-graph')].every(
  (host) => host.getBoundingClientRect().height === 0 || host.querySelector('.main-svg'))
  && !document.querySelector('[data-testid="stSkeleton"]') && {ANIMATIONS_DONE}"""


def wait_for_charts(page: Any, timeout: float = 30_000) -> None:
    """Wait until the app is idle, every chart it shows is drawn (plotly.js loads once,
    after the first run: a chart can be drawn a moment after the run ended) and nothing
    is fading in."""
    wait_for_app_idle(page, timeout)
    page.wait_for_function(CHARTS_DRAWN, timeout=timeout)


# The stage's charts at rest (ui/stage/chart.js's data-settled: the newest figure drawn at
# the height the window gives it) in three animation frames in a row, the page's fonts
# loaded: a change of the page above a chart (a font, a block drawn late) refits it within
# the frame it happens in. ``arg`` tells one wait's count from another's.
CHARTS_SETTLED = """(token) => {
  const roots = [...document.querySelectorAll('.plot-click-root')];
  const calm = document.fonts.status === 'loaded' && roots.every((r) => r.dataset.settled === '1');
  const seen = window.__settledWait;
  const frames = calm && seen?.token === token ? seen.frames + 1 : calm ? 1 : 0;
  window.__settledWait = {token, frames};
  return frames >= 3;
}"""


def wait_settled(page: Any, timeout: float = 30_000) -> None:
    """Wait until each stage chart has drawn what it was last given, fitted to the window
    and its place on the page, and stays so (``CHARTS_SETTLED``)."""
    token = f"{time.monotonic_ns()}"
    page.wait_for_function(CHARTS_SETTLED, arg=token, polling="raf", timeout=timeout)


def wait_for_fit(page: Any, timeout: float = 30_000) -> None:
    """Wait until the app is idle, its charts are drawn (``wait_for_charts``) and settled
    (``wait_settled``): the first screen as it stays."""
    wait_for_charts(page, timeout)
    wait_settled(page, timeout)


# A screenshot's tooltip gone: none shown and no fade running (Streamlit's tooltips fade).
NO_TOOLTIP = f"""() => !document.querySelector('[data-testid="stTooltipContent"], [role="tooltip"]')
  && {ANIMATIONS_DONE}"""


class RunWatcher:
    """Counts finished script runs from Streamlit's websocket messages (``script_finished``).

    The DOM attribute ``data-test-script-state`` is not enough to see a rerun: a fast rerun
    can go running -> notRunning inside one React render, so the DOM never changes.
    """

    def __init__(self, page: Any) -> None:
        self.finished = 0
        self.socket: Any = None  # the page's newest stream (a reload or reconnect opens one)
        page.on("websocket", self._on_websocket)

    def _on_websocket(self, ws: Any) -> None:
        if ws.url.endswith("/_stcore/stream"):
            ws.on("framereceived", self._on_frame)
            self.socket = ws

    def _on_frame(self, payload: str | bytes) -> None:
        if not isinstance(payload, bytes | bytearray):
            return
        msg = ForwardMsg()
        try:
            msg.ParseFromString(bytes(payload))
        except Exception:  # noqa: BLE001 - not a ForwardMsg: ignore
            return
        if (
            msg.WhichOneof("type") == "script_finished"
            and msg.script_finished != ForwardMsg.FINISHED_EARLY_FOR_RERUN
        ):
            self.finished += 1

    def wait_for_more_than(self, page: Any, count: int, timeout_ms: float) -> None:
        """Wait until more than ``count`` runs have finished."""
        wait_until(page, lambda: self.finished > count, timeout_ms, "the Streamlit script run")

    def next_message(self, page: Any, timeout_ms: float) -> None:
        """Return when the page's stream brings its next message (a ``framereceived``
        handler, this watcher's first, has run by then) or after ``timeout_ms``.

        Playwright dispatches events while it waits for one, so nothing polls: a loop of
        5 ms timers kept this process and Playwright's driver at a fifth of a core.
        """
        ws = self.socket
        if ws is None or ws.is_closed():
            page.wait_for_timeout(timeout_ms)  # the page's events are dispatched meanwhile
            return
        from playwright.sync_api import Error  # not at the top: see chromium()

        try:
            ws.wait_for_event("framereceived", timeout=timeout_ms)
        except Error:  # the timeout, or the socket closed: the caller looks again
            pass


_WATCHERS: weakref.WeakKeyDictionary[Any, RunWatcher] = weakref.WeakKeyDictionary()


def run_watcher(page: Any) -> RunWatcher:
    """The page's RunWatcher; created on first use, which must precede ``page.goto``."""
    watcher = _WATCHERS.get(page)
    if watcher is None:
        watcher = _WATCHERS[page] = RunWatcher(page)
    return watcher


def open_app(page: Any, url: str, timeout: float = 60_000) -> None:
    """Load a Streamlit app and wait for its first run to finish."""
    watcher = run_watcher(page)
    page.goto(url, wait_until="domcontentloaded", timeout=timeout)
    wait_until(page, lambda: watcher.finished >= 1, timeout, "the first script run")
    wait_for_app_idle(page, timeout)


# How long a wait for a condition no stream message changes may take to see it (a page's
# other events, a closed socket): the longest of the waits between looks.
LOOK_MS = 100


def wait_until(page: Any, condition: Any, timeout: float, what: str) -> None:
    """Wait until ``condition()`` (a test's own state, e.g. what a websocket handler kept)
    is true, letting Playwright dispatch its events meanwhile; ``timeout`` in ms.

    It looks again at each message of the page's stream (the run watcher's socket), and at
    least every ``LOOK_MS``."""
    watcher = run_watcher(page)
    deadline = time.monotonic() + timeout / 1000
    while not condition():
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError(f"timed out after {timeout:.0f} ms waiting for {what}")
        watcher.next_message(page, min(LOOK_MS, max(1.0, left * 1000)))


def still_box(page: Any, locator: Any, timeout: float = 10_000) -> dict:
    """``locator``'s box once it stayed put over two frames (a scroll or a layout ends)."""
    box = locator.bounding_box(timeout=timeout)
    deadline = time.monotonic() + timeout / 1000
    while time.monotonic() < deadline:
        next_frames(page)
        now = locator.bounding_box(timeout=timeout)
        if now == box:
            return now
        box = now
    raise TimeoutError(f"the box of {locator} kept moving for {timeout:.0f} ms")


SIDEBAR = '[data-testid="stSidebar"]'
SIDEBAR_OPEN = f"""() => {{
  const s = document.querySelector('{SIDEBAR}');
  if (!s || s.dataset.collapsed !== 'false') return false;
  const r = s.getBoundingClientRect();
  return r.left >= 0 && r.right <= window.innerWidth + 1 && r.width > 100;
}}"""


def fold_sidebar(page: Any, timeout: float = 30_000) -> None:
    """Fold the open sidebar and return once it says so (``data-collapsed``)."""
    page.locator('[data-testid="stSidebarCollapseButton"] button').first.click(timeout=timeout)
    page.wait_for_selector(f'{SIDEBAR}[data-collapsed="true"]', state="attached", timeout=timeout)


def expand_sidebar(page: Any, timeout: float = 30_000) -> None:
    """Open the folded sidebar and return once it is open, inside the window and still (a
    click on its first link before then can find the link outside the window for good:
    a CI run once, after the sidebar had just been folded). The Expand button is clicked
    again while the sidebar stays folded (a click as it folds can be lost)."""
    from playwright.sync_api import TimeoutError as Late  # not at the top: see chromium()

    deadline = time.monotonic() + timeout / 1000
    while True:
        if page.locator(SIDEBAR).get_attribute("data-collapsed") != "false":
            button = page.locator('[data-testid="stExpandSidebarButton"]')
            if button.count():
                button.first.click(timeout=timeout)
        try:
            page.wait_for_function(SIDEBAR_OPEN, timeout=3_000)
            break
        except Late:  # still folded or moving: look again
            if time.monotonic() > deadline:
                raise
    still_box(page, page.locator(SIDEBAR), timeout)


def next_frames(page: Any) -> None:
    """Return after the page has drawn twice more (what its last message changed is drawn)."""
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


@contextmanager
def expect_rerun(page: Any, timeout: float = 30_000) -> Iterator[None]:
    """Wait, after the ``with`` body, for a script run that the body caused to finish and be
    rendered. The page must have been opened with ``open_app`` (or ``run_watcher(page)``
    called before ``page.goto``)."""
    watcher = run_watcher(page)
    before = watcher.finished
    yield
    wait_until(page, lambda: watcher.finished > before, timeout, "a script rerun")
    wait_for_app_idle(page, timeout)
    next_frames(page)


def click_button(page: Any, label: str, timeout: float = 30_000) -> None:
    """Click a ``st.button`` by its exact label and wait for the rerun it causes."""
    button = page.locator('[data-testid="stButton"] button', has_text=label).first
    with expect_rerun(page, timeout):
        button.click()


def screenshot(page: Any, name: str, *, full_page: bool = True) -> Path:
    """Save ``artifacts/screenshots/NAME.png`` (the folder is git-ignored); return its path."""
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    safe = re.sub(r"[^A-Za-z0-9_.-]+", "_", name)
    path = SCREENSHOT_DIR / f"{safe}.png"
    page.screenshot(path=str(path), full_page=full_page, timeout=120_000)  # a loaded machine
    return path


def text_starting_with(page: Any, prefix: str) -> str:
    """The text of the first ``st.text`` element whose text starts with ``prefix``."""
    locator = page.locator('[data-testid="stText"]', has_text=prefix).first
    return str(locator.inner_text()).strip()


def parse_fields(text: str) -> dict[str, str]:
    """``"a=1 b=x"`` -> ``{"a": "1", "b": "x"}``."""
    return dict(re.findall(r"(\w+)=(\S+)", text))


@dataclass(frozen=True)
class PlotArea:
    """Screen box of a Plotly plot area and its axis ranges (linear axes)."""

    left: float
    top: float
    width: float
    height: float
    x_range: tuple[float, float]
    y_range: tuple[float, float]

    def to_pixel(self, x: float, y: float) -> tuple[float, float]:
        x0, x1 = self.x_range
        y0, y1 = self.y_range
        px = self.left + (x - x0) / (x1 - x0) * self.width
        py = self.top + (y1 - y) / (y1 - y0) * self.height
        return px, py

    def to_data(self, px: float, py: float) -> tuple[float, float]:
        x0, x1 = self.x_range
        y0, y1 = self.y_range
        x = x0 + (px - self.left) / self.width * (x1 - x0)
        y = y1 - (py - self.top) / self.height * (y1 - y0)
        return x, y

    @property
    def data_per_pixel(self) -> tuple[float, float]:
        return (
            (self.x_range[1] - self.x_range[0]) / self.width,
            (self.y_range[1] - self.y_range[0]) / self.height,
        )


def plot_area(page: Any, graph_selector: str = ".js-plotly-plot") -> PlotArea:
    """The plot area (Plotly's ``.nsewdrag`` drag layer) of the first matching graph div."""
    info = page.evaluate(
        """(sel) => {
          const gd = document.querySelector(sel);
          const drag = gd.querySelector('.nsewdrag');
          const r = drag.getBoundingClientRect();
          const fl = gd._fullLayout;
          return {left: r.left, top: r.top, width: r.width, height: r.height,
                  x: fl.xaxis.range.slice(), y: fl.yaxis.range.slice()};
        }""",
        graph_selector,
    )
    return PlotArea(
        left=info["left"],
        top=info["top"],
        width=info["width"],
        height=info["height"],
        x_range=(float(info["x"][0]), float(info["x"][1])),
        y_range=(float(info["y"][0]), float(info["y"][1])),
    )


def press_js(**shown: str) -> str:
    """A function for ``page.evaluate(js, key)``: click the stage's button ``key`` and wait
    (animation frames) until the layer over the points shows another cursor; return the
    cursor and, for each name in ``shown``, its JavaScript expression's value at that
    moment (None when the cursor did not move in 20 s). The chart and the buttons are
    Streamlit elements of their own: the button is waited for when the chart came first."""
    fields = "".join(f"\n    {name}: ({expr})," for name, expr in shown.items())
    return f"""async (key) => {{
  const over = document.querySelector('[data-testid="stageOver"]');
  const before = over.dataset.cursor;
  const t0 = performance.now();
  let button = null;
  while (!(button = document.querySelector(`.st-key-${{key}} button:not([disabled])`))) {{
    if (performance.now() - t0 > 20000) return null;
    await new Promise((r) => requestAnimationFrame(r));
  }}
  button.click();
  while (over.dataset.cursor === before) {{
    if (performance.now() - t0 > 20000) return null;
    await new Promise((r) => requestAnimationFrame(r));
  }}
  return {{
    cursor: Number(over.dataset.cursor),{fields}
  }};
}}"""


def lab_pages() -> list[str]:
    """The url paths of app.py's navigation: every page file it serves (the hidden join
    page too; a page added there is checked here)."""
    tree = ast.parse((REPO_ROOT / "app.py").read_text(encoding="utf-8"))
    pages = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and getattr(node.func, "attr", "") == "Page"
            and node.args
            and isinstance(node.args[0], ast.Constant)  # a page file, not the root's hop
        ):
            path = [k.value.value for k in node.keywords if k.arg == "url_path"]
            pages += path
    assert "playground" in pages and "join" in pages and "practice" in pages, pages
    return pages


def open_list(page: Any, combobox: Any) -> None:
    """Open a select box's list with the mouse (a click while the sidebar is still being
    laid out can miss it: once more then)."""
    combobox.wait_for(timeout=60_000)
    for _ in range(3):
        combobox.click()
        try:
            page.wait_for_selector('[role="option"]', timeout=5_000)
            return
        except Exception:  # noqa: BLE001 - not open yet
            page.keyboard.press("Escape")
    raise AssertionError("the select box's list did not open")
