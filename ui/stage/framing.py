"""What a stage's frames are made of, pure (no streamlit): the cursors to send frames for
(``window``), the layers' layouts (``hidden_axes``), the legend's entries
(``legend_entry``) and the grids packed for the wire (``packed``). The app's frames
(``ui.stage.frames``) and the notebook's stage (``perceptron_widget``) use them alike."""

from __future__ import annotations

import base64
import copy
import re

import numpy as np

from ui.stage.stepper import Stepper

FRAMES_EACH_WAY = 24  # frames along each move from the cursor (Step, Visit, Back)
HISTORY_SENT = 64  # the tail of Back's history the browser can undo by itself
TRANSPARENT = "rgba(0,0,0,0)"
AXIS = re.compile(r"[xy]axis\d*")  # every subplot's axes (the variants' grid has four)


def window(
    stepper: Stepper, *, each_way: int = FRAMES_EACH_WAY, steps: int | None = None
) -> list[int]:
    """The cursors to send frames for, nearest first: t, then Step, Visit and Back from
    it in turn, then the next epochs, the start and the end; at most ``each_way`` along
    each, and ``steps`` Steps on when more (a follower's: the rest of its Steps after the
    others); ``frames_for`` stops when its time budget is spent."""
    run, t = stepper.run, stepper.cursor
    history = list(stepper.session[stepper.prefix + "history"])[-HISTORY_SENT:]
    chains = {"update": [], "visit": []}
    for unit in chains:
        c = t
        for _ in range(max(each_way, steps or 0) if unit == "update" else each_way):
            nxt = int(run.next_cursor(c, unit))
            if nxt == c:
                break
            chains[unit].append(nxt)
            c = nxt
    back = list(reversed(history)) or list(range(t - 1, max(-1, t - 1 - each_way), -1))
    order = [t]
    for i in range(each_way):
        for chain in (chains["update"], chains["visit"], back):
            if i < len(chain):
                order.append(chain[i])
    order += chains["update"][each_way:]
    c = t
    for _ in range(3):
        c = int(run.next_cursor(c, "epoch"))
        order.append(c)
    order += [0, stepper.total]
    seen: dict[int, None] = {}
    for c in order:
        seen.setdefault(int(c), None)
    return list(seen)


def hidden_axes(layout: dict, *, background: str) -> dict:
    """The layout of a layer over or under the scene: the same plot area, no axes drawn."""
    out = copy.deepcopy(layout)
    for name in [k for k in out if AXIS.fullmatch(k)] or ["xaxis", "yaxis"]:
        axis = dict(out.get(name, {}))
        axis.update(showticklabels=False, showgrid=False, zeroline=False, showline=False, ticks="")
        axis["title"] = dict(text="")
        out[name] = axis
    if isinstance(out.get("title"), dict):
        out["title"] = {**out["title"], "text": ""}
    out["paper_bgcolor"] = background
    out["plot_bgcolor"] = background
    out["shapes"] = []
    out["showlegend"] = False
    out["hovermode"] = False
    return out


def legend_entry(trace: dict) -> dict | None:
    """A trace that draws nothing but its legend entry (the scene holds the legend); a
    trace in a ``legendgroup`` is entered under the group's name."""
    if trace.get("type") not in ("scatter", "scattergl") or trace.get("showlegend") is False:
        return None
    if not trace.get("name"):
        return None
    entry = {k: v for k, v in trace.items() if k not in ("x", "y", "text", "customdata")}
    entry.update(type="scatter", x=[None], y=[None], hoverinfo="skip")
    # Traces of one group (a rule's boundary at each epoch) share one entry: the group's.
    if isinstance(trace.get("legendgroup"), str):
        entry["name"] = trace["legendgroup"]
    marker = entry.get("marker")
    if isinstance(marker, dict):  # one size and colour for the legend's symbol
        entry["marker"] = {
            k: v for k, v in marker.items() if not isinstance(v, (list, tuple, np.ndarray))
        }
    return entry


def packed(traces: list[dict]) -> list[dict]:
    """The traces with each grid of values (a 2-D ``z``: a contour's or a heatmap's) as a
    plotly.js typed array of 4-byte floats in base64, not as decimal text: a kernel's
    120 x 120 contour is 77 KB in a frame instead of about 290 KB. Drawing needs no more
    than a float32's seven digits (the zero level moves by less than 1e-6 of a cell)."""
    out = []
    for trace in traces:
        z = trace.get("z")
        if isinstance(z, np.ndarray) and z.ndim == 2 and z.size and z.dtype.kind in "fiu":
            grid = np.ascontiguousarray(z, dtype="<f4")
            spec = {
                "dtype": "f4",
                "bdata": base64.b64encode(grid.tobytes()).decode("ascii"),
                "shape": f"{grid.shape[0]}, {grid.shape[1]}",
            }
            trace = {**trace, "z": spec}
        out.append(trace)
    return out
