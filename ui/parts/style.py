"""CSS every page adds: the equations' block, presenter mode and the upload box."""

import streamlit as st

from ui import guard

# The equations: a little smaller than KaTeX's display size, and a line that still does not
# fit scrolls inside its block instead of being cut off at the column's edge.
PAGE_CSS = """<style>
[class*="st-key-"][class*="_numbers"] .katex-display {overflow-x: auto; overflow-y: hidden;
  padding: 2px 0;}
[class*="st-key-"][class*="_numbers"] .katex-display > .katex {font-size: 1.08em;}
</style>"""

# Presenter mode: everything larger (rem units follow the root font size), less chrome.
PRESENTER_CSS = """<style>
html {font-size: 20px;}
[data-testid="stToolbarActions"], [data-testid="stMainMenu"], [data-testid="stAppDeployButton"],
[data-testid="stDecoration"] {
  display: none;
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
    """Presenter mode, lab-wide: the toggle starts from the lab's value and sets it."""
    ss = st.session_state
    lab, key, seen = bool(ss.get("lab_presenter", False)), page.key("presenter"), page.own("seen")
    # Streamlit keeps a URL-bound widget's value across pages: when another page changed
    # the lab's value since this page last ran, the lab's value wins over that old one.
    if key in ss and ss.get(seen, lab) != lab:
        ss[key] = lab
    on = st.toggle("Presenter mode", value=lab, key=key, bind="query-params")
    ss["lab_presenter"] = ss[seen] = on  # the next page opens the same way
    return on


def header(title: str, caption: str, *, presenter: bool, problems=()) -> None:
    """The page's CSS, its title and one line of what it shows (both hidden in presenter
    mode), what was wrong with its link, and the guard's message after a failure."""
    page_css(presenter)
    if not presenter:
        st.title(title)
        st.caption(caption)
    for problem in problems:  # values from the link arrive escaped (state.check_link)
        st.warning(f"The link could not be read completely: {problem}.")
    if guard.crashed():
        st.error(guard.MESSAGE)
