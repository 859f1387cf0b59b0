"""CSS every page adds: the equations' block, presenter mode and the upload box."""

import streamlit as st

from ui.server import guard
from ui.state import lab
from ui.words import t

# The equations: a little smaller than KaTeX's display size, and a line that still does not
# fit scrolls inside its block instead of being cut off at the column's edge.
PAGE_CSS = """<style>
[class*="st-key-"][class*="_numbers"] .katex-display {overflow-x: auto; overflow-y: hidden;
  padding: 2px 0;}
[class*="st-key-"][class*="_numbers"] .katex-display > .katex {font-size: 1.08em;}
/* A 1024-pixel screen with the sidebar open: less padding, so the numbers' column keeps
   room for its equations. */
@media (max-width: 1280px) {
  [data-testid="stMainBlockContainer"] {padding-left: 1.5rem; padding-right: 1.5rem;}
}
/* The stage's buttons (ui.parts.controls.run_buttons): in a narrow column the key's label
   goes (the keys are listed under the stage) and the padding shrinks, so no label is cut
   ("Run to …"). */
.st-key-stage_buttons [data-testid="stColumn"] {container-type: inline-size;}
@container (max-width: 130px) {
  .st-key-stage_buttons kbd {display: none;}
  .st-key-stage_buttons button {padding-left: 0.3rem; padding-right: 0.3rem;}
}
</style>"""

# Presenter mode: everything larger (rem units follow the root font size), less chrome, and
# the first screen for the stage: little padding and tighter gaps, so the buttons, the
# status line, the chart and the main numbers fit a 1024x768 projector without scrolling.
# The sidebar's ">>" moves to the top left corner, left of the page's content.
PRESENTER_CSS = """<style>
html {font-size: 20px;}
[data-testid="stToolbarActions"], [data-testid="stMainMenu"], [data-testid="stAppDeployButton"],
[data-testid="stDecoration"] {
  display: none;
}
[data-testid="stHeader"] {height: 0; min-height: 0; background: transparent;}
[data-testid="stExpandSidebarButton"] {position: fixed; top: 4px; left: 2px; z-index: 1000;}
[data-testid="stMainBlockContainer"] {padding: 0.6rem 1rem 4rem 2.2rem; max-width: none;}
[data-testid="stMainBlockContainer"] [data-testid="stVerticalBlock"] {gap: 0.5rem;}
[data-testid="stMainBlockContainer"] [data-testid="stHorizontalBlock"] {column-gap: 0.6rem;}
[data-testid="stMainBlockContainer"] [data-testid="stButton"] button {
  min-height: 2.2rem; padding: 0.1rem 0.4rem;
}
/* The stage's columns (ui.stage.fit.columns): the numbers as wide as their equations
   need, the chart the rest. */
.st-key-stage_columns [data-testid="stColumn"]:not([data-testid="stColumn"] *) {
  flex: 1 1 0 !important; width: auto !important; min-width: 0;
}
.st-key-stage_columns [data-testid="stColumn"]:not([data-testid="stColumn"] *):last-child {
  flex: 0 0 max(420px, 34vw) !important;
}
[class*="st-key-"][class*="_numbers"] .katex-display {margin: 0.25em 0;}
/* 24 px on a 768-pixel-high screen and the same share of a lower or higher one. */
[class*="st-key-"][class*="_numbers"] .katex-display > .katex {
  font-size: clamp(22px, 3.125vh, 28px);
}
</style>"""

# Streamlit marks an over-size file with an error it only shows on hover; this shows it
# under the file, followed by what to do.
UPLOAD_CSS = """<style>
[data-testid="stFileChip"][aria-invalid="true"] {flex-wrap: wrap;}
[data-testid="stFileChip"][aria-invalid="true"] span[role="alert"] {
  flex: 1 0 100%;
  position: static !important; width: auto !important; height: auto !important;
  clip: auto !important; clip-path: none !important; overflow: visible !important;
  white-space: normal !important; margin: 0 !important; display: block;
  color: #b00020; font-size: 0.85rem;
}
[data-testid="stFileChip"][aria-invalid="true"] span[role="alert"]::after {
  content: " Perceptron Lab reads files up to LIMIT: keep the columns you need, \
sample the rows, or gzip the CSV.";
}
</style>"""


def page_css(presenter: bool) -> None:
    """The page's CSS; presenter mode adds larger type and hides the chrome."""
    st.html(PAGE_CSS + (PRESENTER_CSS if presenter else ""))


def presenter_toggle(page) -> bool:
    """Presenter mode is the lab's (``lab.PRESENTER``), one for every page: the page's toggle
    (its key and link parameter ``<prefix>presenter``) shows it, and pressing it sets it."""
    ss = st.session_state
    key = page.key("presenter")
    # Streamlit keeps a URL-bound widget's value across pages: the lab's value wins over a
    # value this page's toggle held when another page (or a scene) changed the lab's.
    lab_on = bool(ss.get(lab.PRESENTER, False))
    if key in ss and ss[key] != lab_on:
        ss[key] = lab_on
    on = st.toggle(
        t("style.presenter"),
        value=lab_on,
        key=key,
        bind="query-params",
        on_change=_press,
        args=(key,),
    )
    ss[lab.PRESENTER] = on  # a toggle made now reads the link: the lab's value is the link's
    return on


def _press(key: str) -> None:
    """The toggle's callback: the lab's presenter mode is what the toggle now says."""
    st.session_state[lab.PRESENTER] = bool(st.session_state[key])


def header(title: str, caption: str, *, presenter: bool, problems=()) -> None:
    """The page's CSS, its title and one line of what it shows (both hidden in presenter
    mode), what was wrong with its link, and the guard's message after a failure."""
    page_css(presenter)
    if not presenter:
        st.title(title)
        st.caption(caption)
    for problem in problems:  # values from the link arrive escaped (state.check_link)
        st.warning(t("style.link_problem", problem=problem))
    if guard.crashed():
        st.error(guard.MESSAGE)
