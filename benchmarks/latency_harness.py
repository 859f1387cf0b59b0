"""Latency harness: time from pressing a button to the chart showing the result, in Chromium.

Run the benchmark (the bare page at n = 100, 1,000 and 20,000, 20 presses each)::

    python benchmarks/latency_harness.py [--repeats 20] [--sizes 100 1000 20000] [--json out.json]

What is timed, and where
------------------------
The time is taken **in the browser** with ``performance.now()``: from the button's ``click``
event (a capture listener on ``window`` records it before Streamlit's own handler runs) to the
first moment the page-supplied JS predicate is true. The predicate is checked after every DOM
mutation (a ``MutationObserver`` on the document) and on every animation frame, so the end
time is the first DOM state that shows the result; with SVG charts that state is painted in
the next frame, with WebGL (``Scattergl``) traces the predicate cannot see the canvas, so check
something Plotly draws in the same pass (the title text, see ``bare_page_predicate``).
Playwright's own round trips are not included. Warm-up presses are made first and not counted;
between presses the harness waits until the script run has finished (Streamlit's
``script_finished`` websocket message) and the app is idle.

Adding a page to the benchmark is one ``Target(...)`` in ``main``'s target list (or one call to
``measure`` with your URL, button label and predicate)::

    Target(
        name="playground",
        script=REPO_ROOT / "app.py",
        url_path="playground",               # multipage URL path of the page
        button_label="Step",
        predicate_js="(k, before) => ...",   # true once press k is drawn
        query=lambda n: {"n": str(n)},       # how the page is told the number of points
    )

The predicate is the source of a JS function ``(k, before) => boolean``: ``k`` is the number of
presses of the button since the page was opened (1 for the first, warm-ups included) and
``before`` is what the optional ``snapshot_js`` function returned just before this press (e.g.
the current boundary), so "the boundary changed" can be written without a counter.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

REPO_ROOT = Path(__file__).resolve().parents[1]
BENCH_DIR = Path(__file__).resolve().parent
# Chromium's flags, the server starter and the run counter are the browser tests' own.
sys.path.insert(0, str(REPO_ROOT / "tests" / "browser"))
from browser_helpers import (  # noqa: E402
    VIEWPORT,
    RunWatcher,
    chromium,
    streamlit_server,
)

DEFAULT_READY_JS = "() => document.querySelector('.js-plotly-plot') !== null"
DEFAULT_SIZES = (100, 1_000, 20_000)


# --------------------------------------------------------------------------- timing

_IDLE = (
    '[data-testid="stApp"][data-test-connection-state="CONNECTED"]'
    '[data-test-script-state="notRunning"]'
)

# Arms the in-page timer for one press: t0 at the button's click event, t1 when the predicate
# first holds (checked on DOM mutations and animation frames).
_ARM_JS = """
([buttonLabel, predicateSrc, snapshotSrc, k]) => {
  const predicate = (0, eval)('(' + predicateSrc + ')');
  const before = snapshotSrc ? (0, eval)('(' + snapshotSrc + ')')() : null;
  if (predicate(k, before)) {
    throw new Error('predicate is already true before press ' + k);
  }
  const lat = {t0: null, t1: null, k, error: null};
  window.__latency = lat;
  const check = () => {
    if (lat.t1 !== null || lat.t0 === null) return;
    let ok = false;
    try { ok = !!predicate(k, before); } catch (e) { lat.error = String(e); }
    if (ok) {
      lat.t1 = performance.now();
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(check);
  const onFrame = () => { check(); if (lat.t1 === null) requestAnimationFrame(onFrame); };
  const onClick = (ev) => {
    const button = ev.target instanceof Element ? ev.target.closest('button') : null;
    // A button's first line is its label (Streamlit shows a shortcut key below it).
    if (!button || button.innerText.trim().split('\\n')[0].trim() !== buttonLabel) return;
    window.removeEventListener('click', onClick, true);
    lat.t0 = performance.now();
    observer.observe(document.documentElement,
      {subtree: true, childList: true, attributes: true, characterData: true});
    requestAnimationFrame(onFrame);
  };
  window.addEventListener('click', onClick, true);
}
"""


def open_page(
    browser: Any, url: str, *, ready_js: str = DEFAULT_READY_JS, timeout_ms: float = 120_000
) -> tuple[Any, Any, RunWatcher]:
    """New context + page at ``url``; waits for the first run and ``ready_js``.

    Returns (context, page, run counter); close the context when done.
    """
    context = browser.new_context(viewport=VIEWPORT, device_scale_factor=1)
    page = context.new_page()
    runs = RunWatcher(page)
    page.goto(url, wait_until="domcontentloaded", timeout=timeout_ms)
    runs.wait_for_more_than(page, 0, timeout_ms)
    page.wait_for_selector(_IDLE, state="attached", timeout=timeout_ms)
    page.wait_for_function(ready_js, timeout=timeout_ms)
    return context, page, runs


def press_and_time(
    page: Any,
    runs: RunWatcher,
    button_label: str,
    predicate_js: str,
    k: int,
    *,
    snapshot_js: str | None = None,
    timeout_ms: float = 60_000,
) -> float:
    """Press the button once (press number ``k``); return seconds from click to predicate."""
    label = re.compile(rf"^\s*{re.escape(button_label)}")  # "StepS": label + shortcut
    button = page.locator("button:visible").filter(has_text=label).first
    finished_before = runs.finished
    page.evaluate(_ARM_JS, [button_label, predicate_js, snapshot_js, k])
    button.click()
    page.wait_for_function(
        "() => window.__latency.t1 !== null || window.__latency.error !== null",
        timeout=timeout_ms,
        polling="raf",
    )
    lat = page.evaluate("() => window.__latency")
    if lat["error"] is not None:
        raise RuntimeError(f"predicate failed on press {k}: {lat['error']}")
    # Let the run finish before the next press (the chart may be drawn before the end).
    runs.wait_for_more_than(page, finished_before, timeout_ms)
    page.wait_for_selector(_IDLE, state="attached", timeout=timeout_ms)
    return (lat["t1"] - lat["t0"]) / 1000.0


def measure(
    url: str,
    button_label: str,
    predicate_js: str,
    repeats: int = 20,
    *,
    browser: Any | None = None,
    warmup: int = 2,
    snapshot_js: str | None = None,
    ready_js: str = DEFAULT_READY_JS,
    timeout_ms: float = 60_000,
) -> list[float]:
    """Open ``url`` in a fresh browser context and time ``repeats`` presses of the button.

    Returns the ``repeats`` latencies in seconds (warm-up presses excluded). ``predicate_js``
    is a JS function ``(k, before) => boolean`` (see the module docstring). Without
    ``browser``, a headless Chromium is launched for this call.
    """
    if browser is None:
        with chromium() as own_browser:
            return measure(
                url,
                button_label,
                predicate_js,
                repeats,
                browser=own_browser,
                warmup=warmup,
                snapshot_js=snapshot_js,
                ready_js=ready_js,
                timeout_ms=timeout_ms,
            )
    context, page, runs = open_page(browser, url, ready_js=ready_js)
    try:
        times = []
        for k in range(1, warmup + repeats + 1):
            dt = press_and_time(
                page,
                runs,
                button_label,
                predicate_js,
                k,
                snapshot_js=snapshot_js,
                timeout_ms=timeout_ms,
            )
            if k > warmup:
                times.append(dt)
        return times
    finally:
        context.close()


# --------------------------------------------------------------------------- inputs

# Installed before any of the page's scripts (``add_init_script``): the page's own key
# listener, also a capture listener on window, stops the keys it takes, so a timer added
# later would never see them. While armed, the first keydown, pointerdown or mousedown
# sets t0, with the page's script state at that moment.
_FIRST_INPUT_JS = """
(() => {
  const first = (ev) => {
    const lat = window.__inputLatency;
    if (!lat || lat.t0 !== null) return;
    lat.t0 = performance.now();
    lat.input = ev.type;
    const app = document.querySelector('[data-testid="stApp"]');
    lat.running = !!app && app.getAttribute('data-test-script-state') !== 'notRunning';
  };
  for (const type of ['keydown', 'pointerdown', 'mousedown']) {
    window.addEventListener(type, first, true);
  }
})();
"""

# Arms the timer for one input: t1 is the animation frame after the first DOM state for
# which the predicate holds (checked on every DOM mutation and animation frame), the frame
# that paints it.
_ARM_INPUT_JS = """
([predicateSrc, snapshotSrc, k]) => {
  const predicate = (0, eval)('(' + predicateSrc + ')');
  const before = snapshotSrc ? (0, eval)('(' + snapshotSrc + ')')() : null;
  if (predicate(k, before)) throw new Error('predicate is already true before press ' + k);
  const lat = {t0: null, dom: null, t1: null, input: null, running: null, error: null};
  window.__inputLatency = lat;
  const check = () => {
    if (lat.dom !== null || lat.t0 === null) return;
    let ok = false;
    try { ok = !!predicate(k, before); } catch (e) { lat.error = String(e); }
    if (!ok) return;
    lat.dom = performance.now();
    observer.disconnect();
    requestAnimationFrame(() => { lat.t1 = performance.now(); });
  };
  const observer = new MutationObserver(check);
  observer.observe(document.documentElement,
    {subtree: true, childList: true, attributes: true, characterData: true});
  const onFrame = () => { check(); if (lat.dom === null) requestAnimationFrame(onFrame); };
  requestAnimationFrame(onFrame);
}
"""

INPUTS = ("key S", "PageDown", "click")


@dataclass
class InputTime:
    """One timed input: seconds from the first input event to the painted frame."""

    input: str
    condition: str
    seconds: float
    dom_seconds: float
    running: bool


def time_input(
    page: Any,
    runs: RunWatcher,
    how: str,
    predicate_js: str,
    k: int,
    *,
    snapshot_js: str | None = None,
    button_label: str = "Step",
    box: tuple[float, float] | None = None,
    timeout_ms: float = 60_000,
) -> dict[str, Any]:
    """Make one input (``how``: one of ``INPUTS``) and return the page's timings (ms).

    The page must have been opened with ``first_input_context`` (its init script). Does not
    wait for the server's rerun that follows: see ``settle``.
    """
    page.evaluate(_ARM_INPUT_JS, [predicate_js, snapshot_js, k])
    if how == "click":
        # The mouse at the button's place, as a hand clicks: no wait for the page to be
        # still (Playwright's click waits for that, which a rerun delays).
        x, y = box if box is not None else button_centre(page, button_label)
        page.mouse.click(x, y)
    else:
        page.keyboard.press("s" if how == "key S" else how)
    page.wait_for_function(
        "() => { const l = window.__inputLatency; return l.t1 !== null || l.error !== null; }",
        timeout=timeout_ms,
        polling="raf",
    )
    lat = page.evaluate("() => window.__inputLatency")
    if lat["error"] is not None:
        raise RuntimeError(f"predicate failed on input {k} ({how}): {lat['error']}")
    return lat


def button_centre(page: Any, button_label: str = "Step") -> tuple[float, float]:
    """The centre of the visible button whose label starts with ``button_label``."""
    label = re.compile(rf"^\s*{re.escape(button_label)}")
    button = page.locator("button:visible").filter(has_text=label).first
    button.scroll_into_view_if_needed()
    b = button.bounding_box()
    return b["x"] + b["width"] / 2, b["y"] + b["height"] / 2


def first_input_context(browser: Any) -> Any:
    """A browser context whose pages time their first input event (see ``time_input``)."""
    context = browser.new_context(viewport=VIEWPORT, device_scale_factor=1)
    context.add_init_script(_FIRST_INPUT_JS)
    return context


# --------------------------------------------------------------------------- targets


def bare_page_predicate() -> str:
    """Press k is drawn: the line trace is "boundary k" and Plotly's SVG title reads "step k".

    The title is drawn by the same ``Plotly.react`` pass as the traces, after the data.
    """
    return """(k) => {
      const gd = document.querySelector('[data-testid="stPlotlyChart"] .js-plotly-plot');
      if (!gd || !gd.data || !gd._fullLayout) return false;
      if (!gd.data.some((t) => t.name === 'boundary ' + k)) return false;
      const title = gd.querySelector('.g-gtitle .gtitle');
      return title !== null && title.textContent === 'step ' + k;
    }"""


@dataclass
class Target:
    """A page to benchmark: the script to serve and how to press/detect one step."""

    name: str
    script: Path
    button_label: str
    predicate_js: str
    url_path: str = ""
    query: Callable[[int], dict[str, str]] = field(default=lambda n: {"n": str(n)})
    snapshot_js: str | None = None
    ready_js: str = DEFAULT_READY_JS
    server_args: tuple[str, ...] = ()

    def url(self, base: str, n: int) -> str:
        path = self.url_path.strip("/")
        query = urlencode(self.query(n))
        return f"{base}/{path}" + (f"?{query}" if query else "")


BARE_PAGE = Target(
    name="bare page",
    script=BENCH_DIR / "bare_page.py",
    button_label="Step",
    predicate_js=bare_page_predicate(),
)


@dataclass
class Result:
    target: str
    n: int
    times: list[float]

    @property
    def median(self) -> float:
        return statistics.median(self.times)

    def as_dict(self) -> dict[str, Any]:
        return {
            "target": self.target,
            "n": self.n,
            "median_s": self.median,
            "min_s": min(self.times),
            "max_s": max(self.times),
            "times_s": self.times,
        }


def benchmark(
    targets: Sequence[Target],
    sizes: Sequence[int] = DEFAULT_SIZES,
    repeats: int = 20,
    *,
    warmup: int = 2,
    progress: Callable[[Result], None] | None = None,
) -> list[Result]:
    """Serve every target, then measure them interleaved per size in one Chromium."""
    results: list[Result] = []
    with _servers(targets) as bases, chromium() as browser:
        for n in sizes:
            for target in targets:
                times = measure(
                    target.url(bases[target.name], n),
                    target.button_label,
                    target.predicate_js,
                    repeats,
                    browser=browser,
                    warmup=warmup,
                    snapshot_js=target.snapshot_js,
                    ready_js=target.ready_js,
                )
                result = Result(target.name, n, times)
                results.append(result)
                if progress is not None:
                    progress(result)
    return results


@contextmanager
def _servers(targets: Sequence[Target]) -> Iterator[dict[str, str]]:
    from contextlib import ExitStack

    with ExitStack() as stack:
        bases = {
            t.name: stack.enter_context(streamlit_server(t.script, extra_args=t.server_args))
            for t in targets
        }
        yield bases


def format_table(results: Sequence[Result]) -> str:
    lines = [f"{'page':<16}{'n':>8}{'median ms':>12}{'min ms':>10}{'max ms':>10}{'runs':>6}"]
    for r in results:
        lines.append(
            f"{r.target:<16}{r.n:>8}{r.median * 1000:>12.0f}{min(r.times) * 1000:>10.0f}"
            f"{max(r.times) * 1000:>10.0f}{len(r.times):>6}"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None, targets: Sequence[Target] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--repeats", type=int, default=20)
    parser.add_argument("--warmup", type=int, default=2)
    parser.add_argument("--sizes", type=int, nargs="+", default=list(DEFAULT_SIZES))
    parser.add_argument("--json", type=Path, help="also write the results here")
    args = parser.parse_args(argv)

    # The Playground page is added here by one more Target in this list.
    targets = list(targets) if targets is not None else [BARE_PAGE]

    def progress(r: Result) -> None:
        print(f"{r.target:<16} n={r.n:<6} median {r.median * 1000:.0f} ms", flush=True)

    results = benchmark(targets, args.sizes, args.repeats, warmup=args.warmup, progress=progress)
    print()
    print(format_table(results))
    if args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps([r.as_dict() for r in results], indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
