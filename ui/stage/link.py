"""The link a page is opened with: refused when it is too long, before anything reads it;
checked once (``ui.state.check_link``) through ``opening``, whose edits reach the widgets.

Streamlit seeds a bound widget from the values the run *started* with, not from
``st.query_params``: removing a bad value there, or writing a number the way the widget
reads it (``pg_eta=10`` as ``10.0``), would not reach the widget. ``opening`` edits both.
"""

from __future__ import annotations

from collections.abc import Iterator, MutableMapping
from html import escape
from urllib.parse import parse_qsl

import streamlit as st

from ui import limits
from ui.platform import streamlit_internals
from ui.platform.streamlit_internals import StreamlitAPIException
from ui.words import t


def query_string() -> str:
    """This run's query string as the browser sent it (percent-encoded)."""
    return streamlit_internals.query_string()


# The containers of what a link's problems are said in: the link as a whole (its language,
# a parameter given twice: app.py), the page's parameters (ui.parts.style.header), its step
# (ui.stage.part). The embed view keeps them (ui.parts.embed).
SAID_KEY = "link_said"
PROBLEMS_KEY = "link_problems"
STEP_SAID_KEY = "link_step_said"
WARNING_KEYS = (SAID_KEY, PROBLEMS_KEY, STEP_SAID_KEY)

EMBED = "embed"  # Streamlit's own parameter: "true" turns its embed mode on too (ui.parts.embed)


def embedded() -> bool:
    """Whether this run's link asks for the embed view (``embed=true``, read as Streamlit
    reads it: the name in any case). ``st.query_params`` never shows it (Streamlit keeps it
    to itself); the query string the browser sent with the run does."""
    pairs = parse_qsl(query_string(), keep_blank_values=True)
    return any(k.lower() == EMBED and v.lower() == "true" for k, v in pairs)


def embed_link(url: str) -> str:
    """``url`` (a page's link) opened as the embed view."""
    return f"{url}{'&' if '?' in url else '?'}{EMBED}=true"


def iframe_snippet(url: str) -> str:
    """The HTML to paste into a course site or a slide: ``url`` as the embed view in an
    iframe, its address escaped for the attribute (shown as code, never rendered)."""
    return (
        f'<iframe src="{escape(embed_link(url), quote=True)}" width="960" height="600" '
        'style="border: 0" title="Perceptron Lab" allow="fullscreen"></iframe>'
    )


def too_long() -> int:
    """The length of this run's query string when it is over ``limits.MAX_LINK``, else 0."""
    n = len(query_string())
    return n if n > limits.MAX_LINK else 0


def refuse_a_long_link() -> None:
    """A link longer than ``limits.MAX_LINK``: a page that says so, and nothing of it read
    or kept (the session's copy of it is dropped). Any page of the lab opens from here."""
    n = too_long()
    if not n:
        return
    st.title(t("link.refused_title"))
    st.markdown(t("link.refused", n=n, most=limits.MAX_LINK))
    st.page_link("pages/playground.py", label=t("link.open_playground"), icon=":material/home:")
    _forget_query()
    st.stop()


def _forget_query() -> None:
    try:
        st.query_params.clear()
    except StreamlitAPIException:  # a widget of an earlier run is bound to one of them
        for name in list(st.query_params):
            try:
                del st.query_params[name]
            except StreamlitAPIException:
                pass
    streamlit_internals.forget_initial_query()


class _Opening(MutableMapping):
    """``st.query_params`` on a page's first run, where removing or rewriting a value also
    changes what the page's widgets are about to be seeded from."""

    def __getitem__(self, name: str) -> str:
        return st.query_params[name]

    def __iter__(self) -> Iterator[str]:
        return iter(st.query_params)

    def __len__(self) -> int:
        return len(st.query_params)

    def __setitem__(self, name: str, value: str) -> None:
        st.query_params[name] = value
        streamlit_internals.reseed_query_param(name, value)

    def __delitem__(self, name: str) -> None:
        del st.query_params[name]
        streamlit_internals.drop_initial_query_param(name)


def opening() -> MutableMapping:
    """The link as a page's first run reads and corrects it (``state.init_session``)."""
    return _Opening()
