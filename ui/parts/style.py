"""CSS every page adds: the equations' block, presenter mode, the upload box, the keyboard's
focus, the line a screen reader says; and the lab's theme (light, or dark for a dark hall).

Streamlit's own elements are written ``[[name]]`` in the CSS (``ui.platform.dom.css``: the
names of ui/platform/dom.mjs)."""

import json

import streamlit as st

from ui import text
from ui.platform import dom
from ui.server import guard
from ui.stage import link
from ui.stage.widgets import option_of
from ui.state import lab
from ui.words import t

# The equations: a little smaller than KaTeX's display size, and a line that still does not
# fit scrolls inside its block instead of being cut off at the column's edge.
PAGE_CSS = dom.css("""<style>
[class*="st-key-"][class*="_numbers"] .katex-display {overflow-x: auto; overflow-y: hidden;
  padding: 2px 0;}
[class*="st-key-"][class*="_numbers"] .katex-display > .katex {font-size: 1.08em;}
/* The preprocessing table (ui.parts.data.preprocessing_effect) in a 300-pixel sidebar: its
   four columns fit with tighter cells, the bound's included. */
.st-key-prep_table table {font-size: 0.85rem;}
.st-key-prep_table th, .st-key-prep_table td {padding: 0.3rem 0.35rem; white-space: nowrap;}
/* A 1024-pixel screen with the sidebar open: less padding, so the numbers' column keeps
   room for its equations. */
@media (max-width: 1280px) {
  [[mainBlock]] {padding-left: 1.5rem; padding-right: 1.5rem;}
}
/* The stage's buttons (ui.stage.controls.run_buttons): in a narrow column the key's label
   goes (the keys are listed under the stage) and the padding shrinks, so no label is cut
   ("Run to …"). */
.st-key-stage_buttons [[column]] {container-type: inline-size;}
@container (max-width: 130px) {
  .st-key-stage_buttons kbd {display: none;}
  .st-key-stage_buttons button {padding-left: 0.3rem; padding-right: 0.3rem;}
}
/* A phone: the chart and the status line on the first screen. The six buttons in two
   rows of three, lower; less room above the title and a smaller title; a student
   following a class sees the chart before the page's title; Practice's score line goes
   above its chart (its side column comes after the chart). */
.st-key-pr_practice_score_phone {display: none;}
@media (max-width: 640px) {
  [[mainBlock]] {padding-top: 3.5rem;}
  .st-key-page_title h1 {font-size: 1.9rem; padding-top: 0;}
  .st-key-stage_buttons [[horizontalBlock]] {
    flex-wrap: wrap; row-gap: 0.4rem; column-gap: 0.4rem;
  }
  .st-key-stage_buttons [[column]] {
    flex: 1 1 30% !important; width: auto !important; min-width: 0 !important;
  }
  .st-key-stage_buttons button {min-height: 2.2rem; padding-top: 0.1rem; padding-bottom: 0.1rem;}
  body:has(.st-key-lab_detach) .st-key-page_title {display: none;}
  .st-key-pr_practice_score_phone {display: block;}
  .st-key-pr_practice_score {display: none;}
}
</style>""")

# Presenter mode: everything larger (rem units follow the root font size), less chrome, and
# the first screen for the stage: little padding and tighter gaps, so the buttons, the
# status line, the chart and the main numbers fit a 1024x768 projector without scrolling.
# The sidebar's ">>" moves to the top left corner, left of the page's content.
PRESENTER_CSS = dom.css("""<style>
html {font-size: 20px;}
[[toolbarActions]], [[mainMenu]], [[deployButton]] {
  display: none;
}
[[header]] {height: 0; min-height: 0; background: transparent;}
[[expandSidebarButton]] {position: fixed; top: 4px; left: 2px; z-index: 1000;}
[[mainBlock]] {padding: 0.6rem 1rem 4rem 2.2rem; max-width: none;}
[[mainBlock]] [[verticalBlock]] {gap: 0.5rem;}
[[mainBlock]] [[horizontalBlock]] {column-gap: 0.6rem;}
[[mainBlock]] [[button]] button {
  min-height: 2.2rem; padding: 0.1rem 0.4rem;
}
/* The stage's columns (ui.stage.fit.columns): the numbers as wide as their equations
   need, the chart the rest. */
.st-key-stage_columns [[column]]:not([[column]] *) {
  flex: 1 1 0 !important; width: auto !important; min-width: 0;
}
.st-key-stage_columns [[column]]:not([[column]] *):last-child {
  flex: 0 0 max(420px, 34vw) !important;
}
[class*="st-key-"][class*="_numbers"] .katex-display {margin: 0.25em 0;}
/* 24 px on a 768-pixel-high screen and the same share of a lower or higher one. */
[class*="st-key-"][class*="_numbers"] .katex-display > .katex {
  font-size: clamp(22px, 3.125vh, 28px);
}
</style>""")

# Streamlit marks an over-size file with an error it only shows on hover; this shows it
# under the file, followed by what to do.
UPLOAD_CSS = dom.css("""<style>
[[fileChip]][aria-invalid="true"] {flex-wrap: wrap;}
[[fileChip]][aria-invalid="true"] span[role="alert"] {
  flex: 1 0 100%;
  position: static !important; width: auto !important; height: auto !important;
  clip: auto !important; clip-path: none !important; overflow: visible !important;
  white-space: normal !important; margin: 0 !important; display: block;
  color: #b00020; font-size: 0.85rem;
}
[[fileChip]][aria-invalid="true"] span[role="alert"]::after {
  content: " Perceptron Lab reads files up to LIMIT: keep the columns you need, \
sample the rows, or gzip the CSV.";
}
</style>""")


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


TITLE_KEY = "page_title"


def header(title: str, caption: str, *, presenter: bool, problems=()) -> None:
    """The page's CSS, its title and one line of what it shows (both hidden in presenter
    mode), what was wrong with its link, and the guard's message after a failure."""
    page_css(presenter)
    if not presenter:
        with st.container(key=TITLE_KEY):  # a followed page on a phone hides it (PAGE_CSS)
            st.title(title)
            st.caption(caption)
    if problems:  # in a container the embed view keeps (ui.parts.embed)
        with st.container(key=link.PROBLEMS_KEY):
            for problem in problems:  # values from the link arrive escaped (state.check_link)
                st.warning(t("style.link_problem", problem=problem))
    if guard.crashed():
        st.error(guard.message())


# --------------------------------------------- the keyboard, the screen reader, the theme
# The page's theme as shown (Streamlit's: its settings menu, the browser, or the lab's
# choice) is read from the page's background and kept on <html data-lab-theme="light|dark">
# by ``THEME_JS``, so the lab's CSS follows it however it came.
#
# - Every control shows where the keyboard is: a 3-pixel ring outside it with at least 3:1
#   against the page in either theme (Streamlit's own is a faint shadow on some widgets and
#   none on others); so does an equation's block that scrolls (Chrome's Tab reaches it).
#   A radio's or a checkbox's input is hidden: its label shows the ring.
# - The line a screen reader says at each step (``ui.stage.part.spoken``: ``<prefix>spoken``)
#   is in the page but not drawn, with its layout wrapper (which would still take a gap).
# - Streamlit's captions and key hints (its text at 60 % opacity: 3.8:1 on white) and its
#   accent red as text on a pale pill or the dark page (3.3:1) are below 4.5:1: they take
#   the lab's colours here, which reach it in either theme.
# - A student's class panels (the question, the collect bar: ui/room/follow.js) take their
#   colours from these variables, dark in a dark hall.
LAB_CSS = dom.css("""<style>
:root {--lab-focus: #0b57d0; --lab-faded: #5c5e66; --lab-accent-text: #a3172a;
  --lab-panel-bg: #fff; --lab-panel-text: #111; --lab-panel-muted: #444;
  --lab-choice-bg: #f6f7f9; --lab-choice-mine: #e3effa; --lab-choice-border: #c8cdd3;
  --lab-error-text: #a00;}
html[data-lab-theme="dark"] {--lab-focus: #ffb74d; --lab-faded: #b9bcc4;
  --lab-accent-text: #ff9aa3; --lab-panel-bg: #1a1c24; --lab-panel-text: #f2f3f5;
  --lab-panel-muted: #c4c7ce; --lab-choice-bg: #262833; --lab-choice-mine: #16324f;
  --lab-choice-border: #6b7280; --lab-error-text: #ff8a80;}
:focus-visible, label:has(input:focus-visible) {
  outline: 3px solid var(--lab-focus) !important; outline-offset: 2px !important;
}
[class*="st-key-"][class$="_spoken"], [class*="st-key-"][class*="_spoken "],
div:has(> [class*="st-key-"][class$="_spoken"]), div:has(> [class*="st-key-"][class*="_spoken "]) {
  position: absolute !important; width: 1px !important; height: 1px !important;
  min-width: 0 !important; max-width: 1px !important; margin: -1px !important;
  padding: 0 !important; overflow: hidden !important;
  clip: rect(0 0 0 0) !important; clip-path: inset(50%) !important;
  white-space: nowrap !important; border: 0 !important;
}
[[caption]], button:not([kind^="primary"]):not(:disabled) kbd {
  color: var(--lab-faded) !important; opacity: 1 !important;
}
button[kind^="primary"]:not(:disabled) kbd {color: inherit !important; opacity: 1 !important;}
[data-selected="true"] [[markdown]] p,
[[sliderThumbValue]] p {color: var(--lab-accent-text) !important;}
html[data-lab-theme="dark"] [[fileChip]][aria-invalid="true"] span[role="alert"] {
  color: #ff8a80;
}
</style>""")

# ------------------------------------------------------------------ the lab's theme
THEMES = {"auto": "Auto", "light": "Light", "dark": "Dark"}
THEME_PARAM = "theme"  # the link's parameter: theme=dark
# Streamlit keeps the theme it shows in the browser's storage, read once as its page loads
# (``streamlitThemeKey`` in ui/platform/dom.mjs; its settings menu writes it).
# A link's theme=light or theme=dark is put there before Streamlit reads it (in the head of
# the page: ``ui.server.head.HeadScript``), so the page opens in it.
EARLY_THEME_JS = dom.script("""(function () {
  try {
    const want = new URLSearchParams(location.search).get("theme");
    const name = {light: "Light", dark: "Dark"}[want];
    if (name) localStorage.setItem(streamlitThemeKey(location.pathname), JSON.stringify(name));
  } catch (e) {}
})();""")
# The theme shown, on <html> (and again when Streamlit's settings menu changes it). Chosen
# in the sidebar while the page shows the other one: the link now carries it (theme=), and
# the page loads again once to open in it (the link keeps the page's state). Once only: a
# browser that keeps no storage stays as it is.
THEME_JS = dom.script("""(function () {
  const want = __WANT__;
  const doc = window.parent.document;
  const app = doc.querySelector(streamlitTestid("app"));
  if (!app) return;
  const shownNow = () => {
    const rgb = (getComputedStyle(app).backgroundColor.match(/[0-9.]+/g) || [255, 255, 255]);
    const [r, g, b] = rgb.map(Number);
    return 0.299 * r + 0.587 * g + 0.114 * b > 128 ? "light" : "dark";
  };
  const mark = () => { doc.documentElement.dataset.labTheme = shownNow(); };
  mark();
  if (!window.perceptronLabThemeWatch) {
    window.perceptronLabThemeWatch = new MutationObserver(mark);
    window.perceptronLabThemeWatch.observe(app, {attributes: true, attributeFilter: ["class"]});
  }
  const tried = "perceptronLabTheme";
  if (want === "auto" || shownNow() === want) { sessionStorage.removeItem(tried); return; }
  if (sessionStorage.getItem(tried) === want) return;
  sessionStorage.setItem(tried, want);
  localStorage.setItem(streamlitThemeKey(location.pathname),
    JSON.stringify(want === "dark" ? "Dark" : "Light"));
  location.reload();
})();""")


def theme_setting(*, redirect: bool = False) -> str:
    """The lab's theme (auto, light or dark): the link's ``theme=`` (as the session opens)
    or the sidebar's choice, kept lab-wide (``lab.THEME``) and written to the link; with
    the lab's CSS and the script that keeps the page's theme (``THEME_JS``). Every figure
    takes it (``ui.stage.chart``: auto is the page's, read in the browser). ``redirect``:
    the run only opens another page (the root address), which says a bad link's theme."""
    ss = st.session_state
    raw = st.query_params.get(THEME_PARAM)
    if raw is not None and raw not in THEMES:
        del st.query_params[THEME_PARAM]
        ss[lab.THEME_SAID] = t("theme.bad_link", raw=text.quoted(raw))
    elif raw is not None and lab.THEME_PICK not in ss:  # the session's first run: a link
        ss[lab.THEME] = raw
    if not redirect and lab.THEME_SAID in ss:  # said on the page (the root only redirects)
        st.warning(ss.pop(lab.THEME_SAID))
    ss[lab.THEME] = _theme_of(ss[lab.THEME])
    # Set on every run: the browser holds the radio's choice by its name, and a name of
    # the language just left matches none of this run's (the radio showed no choice).
    ss[lab.THEME_PICK] = ss[lab.THEME]
    with st.sidebar:
        st.radio(
            t("theme.label"),
            list(THEMES),
            format_func={k: t(f"theme.{k}") for k in THEMES}.get,  # this run's language
            key=lab.THEME_PICK,
            horizontal=True,
            on_change=_pick,
            help=t("theme.help"),
        )
    chosen = ss[lab.THEME]
    if chosen == "auto":
        st.query_params.pop(THEME_PARAM, None)
    elif st.query_params.get(THEME_PARAM) != chosen:
        st.query_params[THEME_PARAM] = chosen
    script = THEME_JS.replace("__WANT__", json.dumps(chosen))
    with st.container(key=lab.THEME_SCRIPT):
        key = lab.THEME_SCRIPT
        hide = f".st-key-{key}, div:has(> .st-key-{key}) {{display: none;}}"
        st.html(
            f"<style>{hide}</style>{LAB_CSS}<script>{script}</script>",
            unsafe_allow_javascript=True,
        )
    return chosen


def _theme_of(value) -> str:
    """A theme from the radio's value (its name in any language: ``widgets.option_of``)."""
    return option_of(value, THEMES, lambda key: t(f"theme.{key}")) or "auto"


def _pick() -> None:
    """The sidebar's choice is the lab's theme."""
    st.session_state[lab.THEME] = _theme_of(st.session_state[lab.THEME_PICK])
