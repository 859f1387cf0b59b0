"""The stage's Export, its server half: what the browser is told (where the export's module
and encoders are served, the run's length, the caps) and the frames it asks for outside
the window it holds, in rounds (``frames_for`` with its time budget).

The export itself is made in the browser (ui/export/browser/panel.mjs): the frames drawn
with plotly.js and encoded by the bundled encoders (ui/export/vendor/), so it costs the
server only the frames the browser does not hold, and none with the network off. The
browser's ask is the chart's state value "export" = {seq, cursors}; the answer rides on
the stage's data as ``export.reply`` = {seq, frames} on the rerun the ask makes.
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

import streamlit as st

from ui import lecture, words
from ui.limits import EXPORT_MAX_STEPS, EXPORT_ROUND_BUDGET_S, EXPORT_ROUND_STEPS
from ui.platform import streamlit_internals
from ui.stage.frames import Layered, frames_for
from ui.stage.stepper import Stepper
from ui.state import Table, owns

OWN = owns("export_ask")  # the browser's last ask for frames: (seq, cursors)
PLURAL = "export.plural"  # not a message: the language's plural rule as a table
EXPORT_WORDS = "export."  # the catalogue's messages the browser says (ui/words/locale/export.pot)
SAFE = 2**53  # JavaScript's exact whole numbers: no step or ask number is larger

_HERE = Path(__file__).resolve().parent
MODULE_DIR = _HERE / "browser"  # panel.mjs and the modules it imports, served as they are
VENDOR_DIR = _HERE / "vendor"  # the encoders' bundle (npm run build:export)


@cache
def _version(path: Path) -> str:
    """A file's content hash for its address (``?v=``): a proxy may keep a served file."""
    return hashlib.blake2b(path.read_bytes(), digest_size=6).hexdigest()


def _url(name: str, folder: Path, file: str) -> str:
    """The address of ``folder/file``, served by this server as a component's static files
    (the route ``ui.stage.chart`` serves plotly.js by): from the lab's own server, so an
    export needs no other host and works offline once loaded."""
    return streamlit_internals.served_file_url(name, folder, file, _version(folder / file))


def asked(page: Table, value) -> None:
    """The browser's ask: {seq, cursors}, kept for the rerun it makes. Anything malformed,
    too long or not a whole number is dropped (the browser asks again or says it failed)."""
    try:
        seq = int(value["seq"])
        cursors = [int(c) for c in list(value["cursors"])[: EXPORT_ROUND_STEPS + 1]]
    except (KeyError, TypeError, ValueError, OverflowError):
        return
    if not cursors or len(cursors) > EXPORT_ROUND_STEPS:
        return
    if not all(0 <= c < SAFE for c in (seq, *cursors)):  # a step number, as a browser has it
        return
    st.session_state[page.own("export_ask")] = (seq, cursors)


def offer(page: Table, stepper: Stepper, layered: Layered, *, prefetch: bool = True) -> dict:
    """The stage's ``export`` field (ui/stage/export_hook.js's contract): the panel's module
    and the encoders' addresses, whether the browser loads them once idle (``prefetch``;
    not a class's followers: a room of them at once), the page's name (for the files'
    names), the run's last step, the caps, the answer to the browser's ask of this rerun
    (None: no ask), and the Export's words in the lab's language (``panel_words``)."""
    reply = None
    ask = st.session_state.pop(page.own("export_ask"), None)
    if ask is not None and stepper.run is not None:
        seq, cursors = ask
        wanted = sorted({c for c in cursors if 0 <= c <= stepper.total})
        frames = "{}"
        if wanted:
            budget = EXPORT_ROUND_BUDGET_S
            frames = frames_for(page, stepper, layered, cursors=wanted, budget_s=budget)[0]
        reply = {"seq": seq, "frames": frames}
    return {
        "module": _url("stage_export", MODULE_DIR, "panel.mjs"),
        "encoders": _url("stage_vendor", VENDOR_DIR, "encoders.mjs"),
        "page": lecture.PATHS.get(page.prefix, "stage"),
        "total": stepper.total,
        "max": EXPORT_MAX_STEPS,
        "round": EXPORT_ROUND_STEPS,
        "prefetch": prefetch,
        "reply": reply,
        "words": panel_words(),
    }


def panel_words() -> dict[str, str | list]:
    """The Export's words, the catalogue's "export.*" messages in the lab's language: the
    templates with their named fields, which the browser fills (a plural: its forms, picked
    by the language's rule, ``export.plural``: ``ui.words.plural_table``)."""
    catalogue = words.CATALOGUES[words.lang()]
    out: dict[str, str | list] = {PLURAL: words.plural_table()}
    for message, entry in words.CATALOGUES[words.DEFAULT].items():
        if message.startswith(EXPORT_WORDS):
            entry = catalogue.get(message, entry)
            out[message] = list(entry) if isinstance(entry, tuple) else entry
    return out
