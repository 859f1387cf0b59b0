"""/practice's chart with handles: the student drags w's arrow and the boundary to their
answer, and the numbers go into the answer's boxes (Check still reads the boxes).

For the questions whose answer is (w1, w2, b) in 2-D (``DRAGGED``: the classic update,
with any eta and start, and the averaged perceptron's weights). The handles start at the
weights in force before the visit (the chart's); their values snap to ``step``, a grid on
which every answer of the exercise lies (``tests/ui/practice/test_practice_drag.py`` checks it on
the engine's answers). The browser half is ui/practice/drag.js (drawing, dragging, keys)
with its pure arithmetic in ui/practice/drag.mjs (snap, handle <-> (w, b)), joined after
ui/stage/access.mjs (the dark theme, as the lab's other charts).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from fractions import Fraction
from math import gcd, lcm
from pathlib import Path

import streamlit as st

import perceptron_core as pc
from ui.stage.chart import CHART_TEMPLATE, PLOTLY_JS_VERSION, check_traces, plotly_js_url
from ui.state import lab

DRAGGED = ("weights", "averaged")  # the topics whose answer is (w1, w2, b)
COMPONENT_NAME = "perceptron_lab.practice_drag"

_HERE = Path(__file__).resolve().parent
_IMPORT = re.compile(r'^import \{[^}]*\} from "\.\.?/[\w./]+";\n', re.M)
_JS = "\n".join(
    _IMPORT.sub("", f.read_text(encoding="utf-8"))
    for f in (
        _HERE.parent / "platform" / "dom.mjs",
        _HERE.parent / "stage" / "access.mjs",
        _HERE / "drag.mjs",
        _HERE / "drag.js",
    )
)
_CSS = """
.drag-root { width: 100%; position: relative; }
.drag-graph { width: 100%; }
.drag-layer { position: absolute; top: 0; left: 0; width: 100%; height: 100%;
  pointer-events: none; overflow: visible; }
.drag-handle { pointer-events: all; cursor: grab; outline: none; }
.drag-handle:focus-visible circle, .drag-handle:focus circle { stroke: #000; stroke-width: 3; }
.drag-handle.dragging { cursor: grabbing; }
"""
_COMPONENT = st.components.v2.component(COMPONENT_NAME, js=_JS, css=_CSS, isolate_styles=False)


def dragged(q) -> bool:
    """Whether question ``q`` is answered by (w1, w2, b) and so has handles."""
    return q is not None and q.kind == "exact" and q.topic in DRAGGED


def _gcd(values) -> Fraction:
    """The largest fraction of which every value is a whole multiple (0 for none)."""
    fs = [Fraction(v) for v in values if Fraction(v) != 0]
    if not fs:
        return Fraction(0)
    den = lcm(*(f.denominator for f in fs))
    return Fraction(gcd(*(int(f * den) for f in fs)), den)


def step(ex, q) -> Fraction:
    """The handles' grid: every weight of the run is the start plus whole multiples of
    eta times whole-number data, so a multiple of gcd(eta, w0, b0); the average of the
    first t + 1 weights is a multiple of that over t + 1."""
    base = _gcd((ex.eta, *ex.w0, ex.b0)) or Fraction(1)
    return base / (q.visit + 1) if q.topic == "averaged" else base


def start(ex, q) -> tuple[float, float, float]:
    """The handles' start: the weights in force before the visit (the chart's)."""
    v = ex.run.visit(q.visit)
    return float(v.w_before[0]), float(v.w_before[1]), float(v.b_before)


def snapped(value, grid: Fraction) -> Fraction | None:
    """A number from the browser on the grid, exactly; None if it is not a finite number."""
    try:
        f = float(value)
    except (TypeError, ValueError):
        return None
    if not math.isfinite(f) or abs(f) > 1e6:
        return None
    return Fraction(round(Fraction(f) / grid)) * grid


def written(value: dict, grid: Fraction) -> tuple[str, str, str] | None:
    """The component's answer {w1, w2, b} as the boxes' words (engine order), or None."""
    if not isinstance(value, dict):
        return None
    got = [snapped(value.get(k), grid) for k in ("w1", "w2", "b")]
    if any(g is None for g in got):
        return None
    return tuple(pc.practice.number(g) for g in got)  # parse_number reads them exactly


def chart(
    fig,
    *,
    key: str,
    ex,
    q,
    labels: dict,
    fill: Callable[[tuple[str, str, str]], None],
) -> None:
    """Draw ``fig`` with the handles; on a release (or a key) ``fill`` gets the snapped
    numbers as words in the engine's order (w1, w2, b), before the page is drawn again.
    ``labels``: the handles' accessible names {"w": ..., "b": ...} in the page's words."""
    import json

    check_traces(fig)
    spec = json.loads(fig.to_json())
    spec.setdefault("layout", {})["template"] = CHART_TEMPLATE
    grid = step(ex, q)
    w1, w2, b = start(ex, q)
    data = {
        "figure": json.dumps(spec),
        "height": int(fig.layout.height or 460),
        "plotly_src": plotly_js_url(),
        "plotly_version": PLOTLY_JS_VERSION,
        "start": {"w1": w1, "w2": w2, "b": b},
        "step": float(grid),
        "labels": labels,
        "question": f"{ex.seed}-{ex.level}-{q.visit}-{q.topic}",
        "key": key,  # lab_app.charts finds the chart by it (no clicks taken)
        "clicks": False,
        # the lab's theme: a dark page gets the figure drawn dark (ui/stage/access.mjs)
        "theme": st.session_state.get(lab.THEME, "auto"),
    }

    def _on_answer_change() -> None:  # ("value" alone would be unwrapped by streamlit)
        state = st.session_state.get(key)
        value = state.get("answer") if state is not None and hasattr(state, "get") else None
        words = written(value, grid)
        if words is not None:
            fill(words)

    _COMPONENT(
        key=key, data=data, width="stretch", height="content", on_answer_change=_on_answer_change
    )
