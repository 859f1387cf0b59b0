"""A Plotly chart that reports clicks anywhere in its plot area (Streamlit components v2).

``st.plotly_chart(on_select=...)`` only reports clicks on markers. ``plot_click`` renders the
figure with plotly.js in a small ``st.components.v2`` component, sets the layout attribute
``clickanywhere=True`` and sends the exact data coordinates of every click back to Python::

    def handle(click: Click) -> None:  # runs once per click, before the rerun
        if click["point"] is not None:
            ...  # remove point click["point"]["index"] of trace click["point"]["curve"]
        else:
            ...  # add a point at (click["x"], click["y"])

    fig = build_figure(st.session_state.points)  # already includes the click's effect
    click = plot_click(fig, key="board", on_click=handle)

Without ``on_click``, compare ``click["seq"]`` with the last one you handled; but then the
figure drawn in that run was built before the click was known, so the page needs a second run
(``st.rerun()``) to show its effect. ``peek_click(key)`` reads the latest click before the chart
is drawn, as an alternative to the callback.

Behaviour:

* ``on_click`` is a Streamlit widget callback: it runs exactly once per click, before the
  script reruns, so the figure built in that run already shows the change.
* The return value is the *latest* click (a state value), so it is returned again on every
  rerun until the next click. ``seq`` grows by one per click (per ``key``, for the lifetime of
  the browser page), so compare it with the last ``seq`` you handled.
* ``x``/``y`` are computed from the click's own mouse position with the axes' pixel-to-data
  conversion (``xaxis.p2d``); plotly's ``xvals``/``points`` in the event come from its hover
  pass, which is throttled to 50 ms and can describe an earlier mouse position.
* ``point`` is the marker whose drawn disc (``marker.size / 2`` + 2 px) contains the click, the
  nearest if several (the later trace on a tie); only traces whose ``mode`` includes
  ``"markers"`` on the main ``x``/``y`` axes count, so lines (e.g. a decision boundary) are
  never hit. Clicks outside the plot area (axes, margins) are ignored.
* Layout defaults applied in the browser unless the figure sets them: ``dragmode=False`` (a
  drag does not zoom) and ``constrain="domain"`` on axes linked by ``scaleanchor`` so equal
  aspect shrinks the plot area instead of changing the fixed axis ranges. Always set:
  ``clickanywhere=True``, ``autosize=True`` (``width`` is ignored: the chart follows the
  container width) and ``height``. The mode bar and double-click autoscale are off.
* plotly.js is served by this Streamlit server: the lab's bundle of it (ui/vendor/plotly/,
  the version the installed ``plotly`` package ships, with only the trace types the lab
  draws: half the size of the complete one, and half a second less of a page open), so no
  network is needed. A figure with a trace type the bundle lacks is refused here (plotly.js
  would draw it as nothing). It is served through
  ``streamlit.components.v1.declare_component(path=...)``, used here only as a static file
  route: components v2 serves asset directories only for installed packages that declare
  ``asset_dir`` in their ``pyproject.toml``, and inlining the 2.2 MB bundle into the v2
  ``js`` string would resend it with every rerun.
* New figures are drawn with ``Plotly.react`` into the same graph div; an unchanged figure
  (same JSON) is not redrawn at all. An animation's ``frames`` are drawn too.
* ``plot(fig, key=...)`` draws any other chart of a page the same way, taking no clicks: a
  page that drew one chart with ``st.plotly_chart`` would load Streamlit's own copy of
  plotly.js (4.7 MB) besides this one. Those charts get ``CHART_TEMPLATE``, the colours
  ``st.plotly_chart`` gave them (Streamlit's light theme).
* The script's address carries plotly.js's version and the bundle's hash (``?v=``): a proxy
  may cache it for good (``deploy/nginx.conf.template`` does), and a new bundle is a new
  address.
* A run's stage rides on the chart (``stage=``, ``on_sync=``: ``ui.stage`` builds them):
  its browser half is ui/stage/stage.js, served in this component's module with the
  page's keys (ui/stage/keys.js), its data contract at its head.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import re
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypedDict

import plotly.graph_objects as go
import streamlit as st

from ui.platform import streamlit_internals
from ui.state import lab
from ui.vendor import PLOTLY_DIR, PLOTLY_JS, PLOTLY_TAG, PLOTLY_TRACES, PLOTLY_VERSION
from ui.words import template

__all__ = [
    "DEFAULT_HEIGHT",
    "PLOTLY_JS_PATH",
    "PLOTLY_JS_VERSION",
    "CHART_TEMPLATE",
    "Click",
    "ClickPoint",
    "peek_click",
    "plot",
    "plot_click",
]

DEFAULT_HEIGHT = 450
COMPONENT_NAME = "perceptron_lab.plot_click"

_STAGE = Path(__file__).resolve().parent
# The component's module: the live region, the chart's name and the dark theme, the
# stage's pure logic, this chart, the stage that steps a run on it, its Export's hook and
# the page's keys (ui/stage/), joined in this order (the keys' listeners start last, once
# every name is defined). Their import lines go: the files share one module here.
_JS_FILES = (
    _STAGE.parent / "platform" / "dom.mjs",
    _STAGE / "access.mjs",
    _STAGE / "stepping.mjs",
    _STAGE / "chart.js",
    _STAGE / "stage.js",
    _STAGE / "export_hook.js",
    _STAGE / "keys.js",
)
_IMPORT = re.compile(r'^import \{[^}]*\} from "\.\.?/[\w./]+";\n', re.M)
# The module goes out with every chart the server draws (each Step's rerun): the files'
# comment lines stay in the files (none of them is inside a string).
_COMMENT = re.compile(r"^[ \t]*//.*\n", re.M)
_JS = _COMMENT.sub("", "\n".join(_IMPORT.sub("", f.read_text(encoding="utf-8")) for f in _JS_FILES))
# That module is a file the browser loads once and caches, not the component's inline
# ``js``: components v2 sends its ``js`` with every element of every rerun, and a Step then
# carried 51 KB of code per chart (five charts on /proof: 256 KB a Step, benchmarks/wire.py).
# The component's own ``js`` is a loader of a few lines; the file is named by its content,
# so a new version is a new address (nginx keeps /component/ files for good).
_MODULE_HASH = hashlib.blake2b(_JS.encode(), digest_size=8).hexdigest()
MODULE_FILE = f"chart-{_MODULE_HASH}.js"
MODULE_DIR = Path(tempfile.gettempdir()) / f"perceptron-lab-{os.getuid()}" / "stage-module"
_LOADER = """
let loading = null;
export default function stageChart(component) {
  // Absolute: this loader runs as a blob module, against which a path does not resolve.
  loading ||= import(new URL(component.data.module_src, document.baseURI).href);
  let dropped = false;
  let cleanup = null;
  loading.then((module) => {
    if (!dropped) cleanup = module.default(component);
  });
  return () => {
    dropped = true;
    if (typeof cleanup === "function") cleanup();
  };
}
"""


def _write_module() -> None:
    """The joined module into ``MODULE_DIR`` (once per content; several servers on one
    machine write the same bytes, each through a file of its own renamed into place)."""
    target = MODULE_DIR / MODULE_FILE
    if target.exists():
        return
    MODULE_DIR.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=MODULE_DIR, suffix=".part")
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(_JS)
    os.replace(tmp, target)


_write_module()
_CSS = """
.plot-click-root { width: 100%; position: relative; }
.plot-click-graph { width: 100%; position: relative; z-index: 1; }
.plot-click-layer { position: absolute; top: 0; left: 0; width: 100%; pointer-events: none; }
.plot-click-layer * { pointer-events: none !important; }
.plot-click-under { z-index: 0; }
.plot-click-over { z-index: 2; }
.plot-click-error { color: var(--st-red-color, #c00); font-family: var(--st-code-font, monospace);
  font-size: 0.8rem; white-space: pre-wrap; }
""" + "".join((_STAGE / f).read_text(encoding="utf-8") for f in ("stage.css", "export.css"))

PLOTLY_JS_PATH = PLOTLY_DIR / PLOTLY_JS
PLOTLY_JS_VERSION = PLOTLY_VERSION  # window.Plotly.version once it is loaded
# The layout attribute this component relies on; recent plotly.js only (4.1.1 ships with
# plotly 7.1). Checked once at import, on the bundle that will actually be served.
if b"clickanywhere" not in PLOTLY_JS_PATH.read_bytes():
    raise RuntimeError(
        f"plot_click needs layout.clickanywhere, which plotly.js {PLOTLY_JS_VERSION} "
        f"({PLOTLY_JS_PATH}) does not have: rebuild it (ui/vendor/plotly/README.md)"
    )

_COMPONENT = st.components.v2.component(
    COMPONENT_NAME,
    js=_LOADER,
    css=_CSS,
    # Plotly injects its stylesheet into document.head; a shadow root would hide it.
    isolate_styles=False,
)


# Streamlit's light theme's chart colours, as its frontend puts them into the "streamlit"
# template's placeholders (categorical, sequential and diverging scales): a chart drawn
# here looks as st.plotly_chart drew it, and a word naming a trace's colour stays true.
CATEGORICAL = ["#0068c9", "#83c9ff", "#ff2b2b", "#ffabab", "#29b09d",
               "#7defa1", "#ff8700", "#ffd16a", "#6d3fc0", "#d5dae5"]  # fmt: skip
SEQUENTIAL = ["#e4f5ff", "#c7ebff", "#a6dcff", "#83c9ff", "#60b4ff",
              "#3d9df3", "#1c83e1", "#0068c9", "#0054a3", "#004280"]  # fmt: skip
DIVERGING = ["#7d353b", "#bd4043", "#ff4b4b", "#ff8c8c", "#ffc7c7",
             "#a6dcff", "#60b4ff", "#1c83e1", "#0054a3", "#004280"]  # fmt: skip


def _scale(colors: list[str]) -> list[list]:
    return [[i / (len(colors) - 1), c] for i, c in enumerate(colors)]


CHART_TEMPLATE = {
    "layout": {
        "colorway": CATEGORICAL,
        "colorscale": {
            "sequential": _scale(SEQUENTIAL),
            "sequentialminus": _scale(SEQUENTIAL),
            "diverging": _scale(DIVERGING),
        },
        "coloraxis": {"colorscale": _scale(SEQUENTIAL)},
    },
    "data": {
        kind: [{"colorscale": _scale(SEQUENTIAL)}]
        for kind in ("contour", "heatmap", "histogram2d", "histogram2dcontour", "surface")
    },
}


class ClickPoint(TypedDict):
    curve: int
    index: int


class Click(TypedDict):
    x: float
    y: float
    point: ClickPoint | None
    seq: int


def check_traces(fig: go.Figure) -> None:
    """Refuse a figure with a trace type the lab's plotly.js bundle lacks: plotly.js would
    draw it as nothing. Add the type to tools/plotly_bundle/entry.js and rebuild."""
    missing = {trace.type for trace in fig.data} - PLOTLY_TRACES
    if missing:
        raise ValueError(
            f"the lab's plotly.js has no {', '.join(sorted(missing))} trace "
            "(ui/vendor/plotly/README.md says how to add one)"
        )


def plotly_js_url() -> str:
    """Register the lab's plotly.js folder (ui/vendor/plotly/) as a static route; return the
    script's URL.

    Must run inside a script run (the v1 registry registers only with a ScriptRunContext).
    Registering the same name and path again is a cheap no-op.
    """
    return streamlit_internals.served_file_url("plotly_js", PLOTLY_DIR, PLOTLY_JS, PLOTLY_TAG)


def _module_url() -> str:
    """The chart's module as a static route (as ``plotly_js_url``); its address. The
    file is written again if it went (a temporary folder cleaned under a running server)."""
    _write_module()
    return streamlit_internals.served_file_url(
        "stage_module", MODULE_DIR, MODULE_FILE, _MODULE_HASH
    )


def _as_click(value: Any) -> Click | None:
    if not isinstance(value, dict):
        return None
    try:
        x = float(value["x"])
        y = float(value["y"])
        seq = int(value["seq"])
    except (KeyError, TypeError, ValueError):
        return None
    if not (math.isfinite(x) and math.isfinite(y)):
        return None
    point: ClickPoint | None = None
    raw_point = value.get("point")
    if isinstance(raw_point, dict):
        try:
            point = ClickPoint(curve=int(raw_point["curve"]), index=int(raw_point["index"]))
        except (KeyError, TypeError, ValueError):
            point = None
    return Click(x=x, y=y, point=point, seq=seq)


def peek_click(key: str) -> Click | None:
    """The latest click of the ``plot_click`` chart with this key, without drawing it.

    Works before the chart is rendered in the current run (e.g. to update the data the figure
    is built from). None before the first click.
    """
    state = st.session_state.get(key)
    if state is None or not hasattr(state, "get"):
        return None
    return _as_click(state.get("click"))


def plot_click(
    fig: go.Figure | str,
    *,
    key: str,
    height: int | None = None,
    on_click: Callable[[Click], None] | None = None,
    stage: dict | None = None,
    on_sync: Callable[[dict], None] | None = None,
    fit: dict | None = None,
    clicks: bool | None = None,
    on_export: Callable[[dict], None] | None = None,
) -> Click | None:
    """Render ``fig`` and return the latest click on it, or None before the first click.

    Parameters
    ----------
    fig
        The figure (or its JSON, already serialised, with ``height``). Give it fixed axis
        ranges (``xaxis.range``/``yaxis.range``) and, for equal aspect,
        ``yaxis.scaleanchor="x"``; both are kept as the chart follows the container width.
    key
        Required, stable widget key. The click state and its ``seq`` counter belong to it.
    height
        Chart height in pixels. Defaults to ``fig.layout.height`` or ``DEFAULT_HEIGHT``.
    on_click
        Optional callback, called once per click with the new click before the script
        reruns (a regular Streamlit widget callback: you may change ``st.session_state``).
    stage
        Optional: a run's frames to step through in the browser (``ui.stage.sync.sent``
        builds it; ui/stage/stage.js reads it). The figure is then the fixed scene; each
        frame draws its own traces in a plot under it and one over it, and puts its texts
        into the page's elements.
    on_sync
        With ``stage``: called with ``{"cursor", "history", "seq", "move"}`` when the
        browser reports where it stepped to (and the move it could not make itself).
    fit
        Optional: the height from the window instead (a projector's first screen): the
        chart reaches from its top to ``below`` pixels above the window's bottom, within
        ``min`` and ``max`` pixels; with ``square``, no taller than a square plot area as
        wide as the chart needs. ``height`` is the height until the browser has measured.
    clicks
        Whether clicks are reported; by default when there is ``on_click`` or no ``stage``.
    on_export
        With ``stage``: called with ``{"seq", "cursors"}`` when the stage's Export asks for
        frames it does not hold (``ui.export.offer.asked``).

    Returns
    -------
    ``{"x": float, "y": float, "point": {"curve": int, "index": int} | None, "seq": int}``
    where ``x``/``y`` are the data coordinates under the mouse, or None before any click.
    """
    if not isinstance(key, str) or not key:
        raise ValueError("plot_click needs a non-empty string key")
    if height is None and isinstance(fig, str):
        raise ValueError("a figure given as JSON needs its height")
    if not isinstance(fig, str):
        check_traces(fig)
    if height is None:
        height = int(fig.layout.height) if fig.layout.height else DEFAULT_HEIGHT
    if isinstance(height, bool) or not isinstance(height, int) or height <= 0:
        raise ValueError(f"height must be a positive int, got {height!r}")

    data = {
        "figure": fig if isinstance(fig, str) else fig.to_json(),
        "height": height,
        "key": key,
        "plotly_src": plotly_js_url(),
        "module_src": _module_url(),
        "plotly_version": PLOTLY_JS_VERSION,
        "config": {},
        # A stage alone takes no clicks, nor does a chart drawn by ``plot``.
        "clicks": (on_click is not None or stage is None) if clicks is None else clicks,
        "stage": stage,
        "fit": fit,
        # The lab's theme (ui.parts.style.theme_setting; auto: the page's, read there): the
        # browser draws every figure for a dark page (ui/stage/access.mjs), so a figure the
        # server keeps (or shares between sessions) serves both.
        "theme": st.session_state.get(lab.THEME, "auto"),
        # The chart's name for a screen reader, in the lab's language (ui/stage/access.mjs).
        "names": {k: template(f"chart.{k}") for k in ("aria", "aria_titled", "aria_stage")},
    }

    def _on_click_change() -> None:
        # Also declares the "click" state key: v2 keeps only state keys that have a callback.
        if on_click is not None:
            click = peek_click(key)
            if click is not None:
                on_click(click)

    def _on_sync_change() -> None:
        state = st.session_state.get(key)
        value = state.get("sync") if state is not None and hasattr(state, "get") else None
        if on_sync is not None and isinstance(value, dict):
            on_sync(value)

    def _on_export_change() -> None:
        state = st.session_state.get(key)
        value = state.get("export") if state is not None and hasattr(state, "get") else None
        if on_export is not None and isinstance(value, dict):
            on_export(value)

    result = _COMPONENT(
        key=key,
        data=data,
        width="stretch",
        height="content",
        on_click_change=_on_click_change,
        on_sync_change=_on_sync_change,
        on_export_change=_on_export_change,
    )
    return _as_click(result.get("click"))


def plot(fig: go.Figure, *, key: str, height: int | None = None, fit: dict | None = None) -> None:
    """Draw ``fig`` as ``st.plotly_chart`` would (the full width, hover, no mode bar, no
    clicks taken), with this component's plotly.js, in ``CHART_TEMPLATE``'s colours; its
    height fitted by ``fit`` (as ``plot_click``'s).

    ``fig`` is not changed (it may be a cached figure that other sessions draw too)."""
    spec = json.loads(fig.to_json())
    spec.setdefault("layout", {})["template"] = CHART_TEMPLATE
    check_traces(fig)
    if height is None:
        height = int(fig.layout.height) if fig.layout.height else DEFAULT_HEIGHT
    plot_click(json.dumps(spec), key=key, height=height, clicks=False, fit=fit)
