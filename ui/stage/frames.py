"""The stage's frames: the picture of each step around the cursor (the traces under and
over the scene, the lines of numbers) and where each button goes from it, built and
serialised once per run and cursor and shared by the sessions stepping that run."""

from __future__ import annotations

import hashlib
import json
import time

import numpy as np
import streamlit as st
from plotly.io.json import to_json_plotly

from ui import notation, text, words
from ui.charts import theme
from ui.charts.layers import Layered  # noqa: F401  (the stage's picture of a step)
from ui.server import cache
from ui.stage.framing import (  # noqa: F401  (the stage's modules import them from here)
    FRAMES_EACH_WAY,
    HISTORY_SENT,
    TRANSPARENT,
    hidden_axes,
    legend_entry,
    window,
)
from ui.stage.stepper import Stepper
from ui.state import Table, owns

# A student following a class is sent the Steps much further on: the lecturer steps, the
# student's page draws each step from the frames it holds, and asks the server for more
# only when they run low (ui/room/following.mjs, PREFETCH_AHEAD). A whole room asking at
# the same press costs a run per student at once: 200 of them left students 17 s behind
# (p95) on one server in benchmarks/room.py with 24.
FOLLOW_STEPS_AHEAD = 96
FRAME_BUDGET_S = 0.25  # and no more than this long building them on one rerun
# Frames are shared by sessions (``frames_for``) while small and recent: a big frame (a
# kernel's contour at 20,000 points) is rebuilt rather than crowd the runs out of the store.
FRAME_CACHE_MAX_BYTES = 64 * 1024
FRAME_CACHE_TTL_S = 300.0
OWN = owns("spoken")  # the line a screen reader says at each step (``text.spoken_line``)


def _look(traces: list[dict], layout: dict) -> str:
    """What a scene looks like besides its run (the run's data and settings: its key,
    ``ui.runkey.run_key``): its layout (view box, sizes, presenter mode) and each trace's
    name, type and length."""
    return to_json_plotly(
        [layout, [(t.get("name"), t.get("type"), np.size(t.get("x", ()))) for t in traces]]
    )


def _frames_key(page: Table, stepper: Stepper, layered: Layered) -> tuple:
    """What a frame of this stage depends on besides its cursor: the page, the run (its
    key, ``Stepper.key``: the key of the cached run and of the guard too) and the scene it
    is drawn over, so sessions showing the same run share its frames."""
    look = hashlib.blake2b(_look(*layered.scene).encode(), digest_size=16).hexdigest()
    # The frames' texts and hover are in the lab's notation and language.
    return ("stage-frame", page.prefix, stepper.key, look, notation.current().name, words.lang())


def frames_for(
    page: Table,
    stepper: Stepper,
    layered: Layered,
    *,
    steps: int | None = None,
    cursors: list[int] | None = None,
    budget_s: float = FRAME_BUDGET_S,
) -> tuple[str, dict, list]:
    """Frames (under, over, texts) as JSON keyed by cursor, each cursor's plan (where every
    button lands from it and which are off: ``Stepper.plan``) and legend entries for the
    window around the cursor (``steps`` Steps on: a follower's, ``window``), or for
    ``cursors`` (an export's round: ``ui.export.offer``), within ``budget_s`` seconds.

    A frame depends only on the run, the scene and its cursor, so it is built and
    serialised once and kept in the shared store (``ui.server.cache.STORE``, byte-bounded; up to
    ``FRAME_CACHE_MAX_BYTES`` a frame, for ``FRAME_CACHE_TTL_S`` unused): the
    next Step of this session needs only the frames new to its window, and every student
    stepping the lecturer's run gets the frames another student's Step already built."""
    run = stepper.run
    parts, moves, legend = [], {}, {}
    base_key = _frames_key(page, stepper, layered)
    start = time.monotonic()
    for c in window(stepper, steps=steps) if cursors is None else cursors:
        if parts and time.monotonic() - start > budget_s:
            break
        entry = cache.STORE.get((*base_key, c))
        if entry is None:
            under, over = layered.at(c)
            texts = {
                page.own("status"): text.status_line(run, c),
                page.own("spoken"): text.spoken_line(run, c),  # said by a screen reader
            }
            if layered.texts is not None:
                texts.update({page.own(k): v for k, v in layered.texts(c).items()})
            frame = {"under": under, "over": over, "texts": texts}
            entries = [e for e in map(legend_entry, under + over) if e is not None]
            # Flat and serialised: the store measures an entry on every hit.
            entry = (
                to_json_plotly(frame).encode(),
                tuple((e["name"], to_json_plotly(e).encode()) for e in entries),
                to_json_plotly(stepper.plan(c)).encode(),
            )
            if len(entry[0]) <= FRAME_CACHE_MAX_BYTES:
                cache.STORE.put((*base_key, c), entry, ttl=FRAME_CACHE_TTL_S)
        frame_json, entries, plan = entry
        for name, entry_json in entries:
            if name not in legend:
                legend[name] = json.loads(entry_json)
        parts.append(f'"{c}":{frame_json.decode()}')
        moves[c] = json.loads(plan)
    return "{" + ",".join(parts) + "}", moves, list(legend.values())


def scene_json(page: Table, traces: list[dict], layout: dict) -> str:
    """The scene's figure as JSON, serialised once per run and look: at 20,000 points it
    is half a megabyte and costs more than the rest of a rerun, which every report of the
    browser's cursor makes. Kept in the session by the run's key and the look."""
    key = (st.session_state.get(page.own("run_id")), _look(traces, layout),
           notation.current().name, words.lang())  # fmt: skip
    cached = st.session_state.get(page.own("scene_json"))
    if cached is not None and cached[0] == key:
        return cached[1]
    out = theme.figure(traces, layout).to_json()
    st.session_state[page.own("scene_json")] = (key, out)
    return out
