"""The embed view of a link (``embed=true``): the stage's chart and its stepping controls
only, sized to its frame, for a course site's or a slide's iframe (Moodle, Canvas, a
reveal.js slide). The page's keys step it when the iframe has the focus.

Streamlit reserves ``embed=true`` itself: its frontend then hides its header and toolbar
(not the sidebar), and ``st.query_params`` never shows the parameter; the query string the
browser sent with the run does (``ui.stage.link.embedded`` reads it). The lab draws its pages
as always and hides, in the browser, everything but the stage's buttons, status line and
chart, and the warnings about its link (a frame must not show other data than its link
meant without a word): the sidebar, the navigation, the title, the explanations and the
other controls go.
A page without a stage (Online's game, Experiments, the Lecture's list) loses only the
sidebar and the navigation.
"""

from __future__ import annotations

import streamlit as st

from ui import lecture
from ui.parts import scenes
from ui.platform import dom
from ui.stage import controls, link
from ui.stage.part import STAGE_CHARTS


def _kept(path: str) -> list[str]:
    """The keys of the elements the embed view keeps on ``path``: what the link's problems
    are said in (a value not read, a step past the end: the frame must not show other data
    than the link meant without a word), the stage's buttons, its status line and its chart
    (none: the page has no stage, and nothing is hidden)."""
    prefix = next((p for p, at in lecture.PATHS.items() if at == path), None)
    if prefix is None or path in scenes.WITHOUT_STAGE:
        return []
    charts = [prefix + name for name in STAGE_CHARTS]
    return [*link.WARNING_KEYS, controls.BUTTONS_KEY, prefix + "status", *charts]


def css(path: str) -> str:
    """The embed view's style on ``path``."""
    rules = [
        # No sidebar and no way to open it; Streamlit's embed mode hides its header.
        "[[sidebar]], [[expandSidebarButton]], [[header]] {display: none !important;}",
        "[[mainBlock]] {padding: 0.4rem 0.6rem 0.4rem !important; max-width: none !important;}",
        "[[mainBlock]] [[verticalBlock]] {gap: 0.35rem;}",
    ]
    kept = _kept(path)
    if kept:
        keep = ", ".join(f".st-key-{k}" for k in kept)
        inside = ", ".join(f".st-key-{k} *" for k in kept)
        main = "[[main]]"
        # Every block's part that is not kept, nor in a kept one, nor holds one, goes (an
        # element, a row of columns, a popover, an expander); so does a column without a
        # kept element, and the column that holds the chart takes the whole width.
        rules += [
            f"{main} [[verticalBlock]] > :not({keep}):not(:is({inside}))"
            f":not(:has({keep})) {{display: none !important;}}",
            f"{main} [[column]]:not(:has({keep})):not(:is({inside})) {{display: none !important;}}",
            f"{main} [[column]]:has({keep}):not(:is({inside})) "
            "{flex: 1 1 100% !important; width: 100% !important; max-width: none !important;}",
            # The buttons stay in one row in a narrow frame (Streamlit stacks columns under
            # 640 pixels); their keys' labels go there (ui.parts.style).
            f".st-key-{controls.BUTTONS_KEY} [[horizontalBlock]] "
            "{flex-wrap: nowrap !important; flex-direction: row !important; gap: 0.3rem;}",
            f".st-key-{controls.BUTTONS_KEY} [[column]] "
            "{flex: 1 1 0 !important; width: auto !important; min-width: 0 !important;}",
            f".st-key-{controls.BUTTONS_KEY} button {{min-height: 2rem; padding: 0.1rem 0.3rem;}}",
        ]
    return dom.css("<style>\n" + "\n".join(rules) + "\n</style>")  # [[name]]: Streamlit's


def view(path: str) -> None:
    """The embed view's style, first in the page (an element of its own, hidden by it)."""
    st.html(css(path))
