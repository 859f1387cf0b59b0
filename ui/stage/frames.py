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
from ui.limits import MAX_FRAMES_BASE, MAX_HELD_FRAMES
from ui.server import cache
from ui.stage.framing import (  # noqa: F401  (the stage's modules import them from here)
    FRAMES_EACH_WAY,
    HISTORY_SENT,
    TRANSPARENT,
    hidden_axes,
    legend_entry,
    packed,
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
# And no more than this many bytes of frames on one rerun (issue 29: a page's open at most
# 1 MB over a hall's Wi-Fi, a Step at most 100 KB, the page's own elements included): a
# window of heavy frames (a kernel's contour, 77 KB each) fills over a few Steps, nearest
# first, while light ones (the Playground's, a few KB) come whole.
OPEN_FRAME_BYTES = 500_000
STEP_FRAME_BYTES = 50_000
# Frames are shared by sessions (``frames_for``) while small and recent: a big frame (a
# kernel's contour at 20,000 points) is rebuilt rather than crowd the runs out of the store.
FRAME_CACHE_MAX_BYTES = 64 * 1024
FRAME_CACHE_TTL_S = 300.0
# The line a screen reader says at each step (``text.spoken_line``), and what the
# browser reported holding (``took``): the frames not sent again.
OWN = owns("spoken", "frames_held")


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
    held: frozenset[int] | set[int] = frozenset(),
    covered: list[int] | None = None,
    max_bytes: int | None = None,
) -> tuple[str, dict, list]:
    """Frames (under, over, texts) as JSON keyed by cursor, each cursor's plan (where every
    button lands from it and which are off: ``Stepper.plan``) and legend entries for the
    window around the cursor (``steps`` Steps on: a follower's, ``window``), or for
    ``cursors`` (an export's round: ``ui.export.offer``), within ``budget_s`` seconds.

    A frame depends only on the run, the scene and its cursor, so it is built and
    serialised once and kept in the shared store (``ui.server.cache.STORE``, byte-bounded; up to
    ``FRAME_CACHE_MAX_BYTES`` a frame, for ``FRAME_CACHE_TTL_S`` unused): the
    next Step of this session needs only the frames new to its window, and every student
    stepping the lecturer's run gets the frames another student's Step already built.

    The cursors in ``held`` (frames the browser holds) get their plan only; ``covered``,
    if given, is filled with the window's cursors whose frames were sent or are held. With
    ``max_bytes``, no frame is added once the next one (taken to be as big as the last)
    would pass that many bytes: the nearest frames go first, the rest with the next run."""
    run = stepper.run
    parts, moves, legend = [], {}, {}
    base_key = _frames_key(page, stepper, layered)
    start = time.monotonic()
    size = last = 0
    for c in window(stepper, steps=steps) if cursors is None else cursors:
        if (parts or moves) and time.monotonic() - start > budget_s:
            break
        if parts and max_bytes is not None and c not in held and size + last > max_bytes:
            break
        if covered is not None:
            covered.append(c)
        if c in held:
            moves[c] = stepper.plan(c)
            continue
        entry = cache.STORE.get((*base_key, c))
        if entry is None:
            under, over = layered.at(c)
            texts = {
                page.own("status"): text.status_line(run, c),
                page.own("spoken"): text.spoken_line(run, c),  # said by a screen reader
            }
            if layered.texts is not None:
                texts.update({page.own(k): v for k, v in layered.texts(c).items()})
            frame = {"under": packed(under), "over": packed(over), "texts": texts}
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
        last = len(frame_json)
        size += last
        moves[c] = json.loads(plan)
    return "{" + ",".join(parts) + "}", moves, list(legend.values())


def base_of(page: Table, stepper: Stepper, layered: Layered) -> str:
    """What the stage's frames are drawn for (``_frames_key``: page, run, scene, notation,
    language), as the short token the browser names with the frames it holds."""
    key = repr(_frames_key(page, stepper, layered)).encode()
    return hashlib.blake2b(key, digest_size=16).hexdigest()


def took(page: Table, value: dict) -> None:
    """The browser's report of the frames it holds (``base`` and ``held``: their cursors;
    ui/stage/stepping.mjs, ``reportOf``). Anything malformed leaves the record alone: the
    frames are then sent again, as they would be without it."""
    base, held = value.get("base"), value.get("held")
    if not isinstance(base, str) or len(base) > MAX_FRAMES_BASE or not isinstance(held, list):
        return
    cursors = {c for c in held[:MAX_HELD_FRAMES] if type(c) is int}
    record = st.session_state.get(page.own("frames_held"))
    legend = record["legend"] if record is not None and record["base"] == base else {}
    st.session_state[page.own("frames_held")] = {"base": base, "cursors": cursors, "legend": legend}


def stage_frames(
    page: Table, stepper: Stepper, layered: Layered, *, steps: int | None = None
) -> tuple[str, dict, list, dict]:
    """``frames_for`` the stage's window, less the frames this session's browser holds:
    (frames JSON, plans, legend entries, {"window": the window's cursors, "base": what
    they are drawn for}). A Step's answer sends only the frames new to the window, not the
    window again (a kernel's frame carries its contour: megabytes a step otherwise).

    What the browser holds is what it last reported (``took``; every report names them, and
    a Step's answer is the run that report makes): a run no report made (a widget changed,
    a test's run with no browser) sends the whole window again, as it did before. The
    legend keeps every entry sent for this base, so the scene the frames are drawn over does
    not change with the window."""
    base = base_of(page, stepper, layered)
    key = page.own("frames_held")
    record = st.session_state.get(key)
    same = record is not None and record["base"] == base
    covered: list[int] = []
    held = record["cursors"] if same else frozenset()
    frames, moves, legend = frames_for(
        page,
        stepper,
        layered,
        steps=steps,
        held=held,
        covered=covered,
        max_bytes=STEP_FRAME_BYTES if same else OPEN_FRAME_BYTES,
        budget_s=FRAME_BUDGET_S,
    )
    entries = dict(record["legend"]) if same else {}
    for entry in legend:
        entries.setdefault(entry["name"], entry)
    cursors = record["cursors"] if same else set()  # what the browser said, not what was sent
    st.session_state[key] = {"base": base, "cursors": cursors, "legend": entries}
    return frames, moves, list(entries.values()), {"window": covered, "base": base}


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
