"""The page's keys, drawn first on every page (app.py, through ``ui.parts.scenes.keys``):
nothing on screen. An inline script (``page_keys.js``, run as soon as it is drawn) hands
the page's data to the chart component's script (ui/stage/keys.js), which takes the
presses kept until it has loaded (``early_keys.js``, in the head of the lab's HTML before
anything is drawn): a press made while the page's stage is on its way (its script
running, Streamlit's own scripts, the component's module or plotly.js loading) waits for
it instead of being lost."""

from __future__ import annotations

import json
import re
from pathlib import Path

import streamlit as st

from ui.platform import dom
from ui.state import lab
from ui.text import KEYS

_HERE = Path(__file__).resolve().parent
_PAGE_JS = (_HERE / "page_keys.js").read_text(encoding="utf-8")
_EARLY_JS = (_HERE / "early_keys.js").read_text(encoding="utf-8")
PAGE_KEYS = lab.PAGE_KEYS  # the container of ``page_keys``: nothing to see, no room taken
# A presentation clicker sends PageDown / PageUp (some the arrows): Step and Back on a
# stage, the next and the previous scene on a scene's page without one.
CLICKER = {"pagedown": "step", "arrowright": "step", "pageup": "back", "arrowleft": "back"}
# A clicker's "start the presentation" button sends F5 (some Shift+F5, as a slide show's
# "from the current slide"): on the lecture page it opens the scene the list points at.
CLICKER_START = ["F5"]
# Every key a stage or a clicker takes: kept from the first moment, before a page is known.
ANY_KEYS = sorted({k.lower() for _, k, _ in KEYS.values()} | set(CLICKER))


def early_script() -> str:
    """The listener that keeps presses made before the page's scripts have run
    (ui/stage/early_keys.js): served in the head of the lab's HTML by
    ``ui.server.head.HeadScript``, and at the head of ``page_keys``'s script."""
    script = _EARLY_JS.replace("__ANY_KEYS__", json.dumps(ANY_KEYS))
    return re.sub(r"^[ \t]*//.*\n", "", script, flags=re.M)  # its comments stay in the file


def page_keys(
    *,
    where: str,
    stage: bool,
    charts: list[str] = (),
    scene: bool = False,
    opening: bool = False,
    section: str | None = None,
    shortcuts: list[str] = (),
    scene_buttons: dict[str, str] | None = None,
    openers: list[str] = (),
    start: str | None = None,
) -> None:
    """The page's keys, drawn first on every page: nothing on screen.

    Parameters
    ----------
    where
        The page and the scene on it; a new value is a new page (the keys pressed meanwhile
        wait for its stage).
    stage, charts
        Whether the page steps a run (its stage takes the keys), and the keys its stage's
        chart may have (a press waits while that chart is on its way).
    scene, opening
        A lecture scene is on screen (its bar's buttons take the clicker's keys); a scene
        was asked for, and this page is on the way to it.
    section
        The anchor of the heading a scene opens at (scrolled to once it is drawn).
    shortcuts
        The stage's keys, lower case.
    scene_buttons
        The scene bar's buttons by the clicker's direction: {"next": key, "prev": key}.
    openers
        The keys (or the start of the keys) of the buttons that open a scene: presses made
        after one is clicked wait for the scene's page.
    start
        The key of the button a clicker's start key (``CLICKER_START``) presses: the
        lecture page's Open (None elsewhere: F5 reloads the page as ever).
    """
    # The stage's data carries it too (ui.stage.sync.sent): the browser knows its stage is
    # this page's whichever of the two scripts comes first.
    st.session_state[lab.PAGE_WHERE] = where
    data = {
        "where": where,
        "stage": bool(stage),
        "charts": list(charts),
        "scene": bool(scene),
        "opening": bool(opening),
        "section": section,
        "shortcuts": list(shortcuts),
        "clicker": {
            side: [k for k, move in CLICKER.items() if move == way]
            for side, way in (("next", "step"), ("back", "back"))
        },
        "scene_buttons": dict(scene_buttons or {}),
        "openers": list(openers),
        "start": {"button": start, "keys": CLICKER_START} if start else None,
    }
    # Our own values only (no text from users); "</" cannot end the script early.
    script = dom.script(
        early_script() + _PAGE_JS.replace("__PAGE_DATA__", json.dumps(data).replace("</", "<\\/"))
    )
    with st.container(key=PAGE_KEYS):
        # Hidden with its layout wrapper, which would still take a gap of the page's column.
        hide = f".st-key-{PAGE_KEYS}, div:has(> .st-key-{PAGE_KEYS}) {{display: none;}}"
        st.html(f"<style>{hide}</style><script>{script}</script>", unsafe_allow_javascript=True)
