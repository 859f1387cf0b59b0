"""This moment of a page as a link: copy it, or add it to the lecture as the lecturer's own
scene (opened like the lecture's scenes: its page in presenter mode, its data, settings
and step)."""

from __future__ import annotations

from urllib.parse import urlsplit

import streamlit as st

from ui import lecture, notation
from ui.limits import SCENE_TITLE_CHARS as TITLE_CHARS
from ui.limits import SCENES_KEPT as MOST
from ui.parts import data, scenes
from ui.stage.link import iframe_snippet
from ui.state import Table, lab, owns
from ui.words import PARAM as LANG_PARAM
from ui.words import t as words

OWN = owns("moment", "moment_title", "moment_add")  # the popover, its title box, its button
MINE = lab.CUSTOM_SCENES  # the lecturer's scenes, oldest first


def query(page: Table) -> dict[str, str]:
    """The page's link as it stands (the URL the stage has just written: the bound
    widgets, the step and the drawn points), in presenter mode: the parameters the page
    reads only, never what else the address carries."""
    # The lab's notation and language travel too (ui.parts.settings writes them).
    known = {*page.link_params(data.link_spec(page)), notation.PARAM, LANG_PARAM}
    out = {k: str(v) for k, v in st.query_params.to_dict().items() if k in known}
    out[page.key("presenter")] = "true"
    return out


def link(path: str, params: dict[str, str]) -> str:
    """The link as the browser can open it: the server's address when it is known."""
    relative = lecture.link(path, params)
    try:
        parts = urlsplit(st.context.url or "")
    except (AttributeError, ValueError):
        return relative
    if parts.scheme in ("http", "https") and parts.netloc:
        return f"{parts.scheme}://{parts.netloc}{relative}"
    return relative


def add(title_key: str, path: str, params: dict[str, str]) -> None:
    """Add a scene (a callback; its title is read from the box ``title_key`` as it is
    when the button is pressed): the newest last, at most ``MOST`` (the oldest goes)."""
    title = str(st.session_state.get(title_key) or "").strip() or f"{path.title()} scene"
    scene = (title[:TITLE_CHARS], path, tuple(params.items()))
    mine = tuple(st.session_state.get(MINE) or ())
    st.session_state[MINE] = (*mine, scene)[-MOST:]


def remove(i: int) -> None:
    mine = list(st.session_state.get(MINE) or ())
    if 0 <= i < len(mine):
        del mine[i]
    st.session_state[MINE] = tuple(mine)


def moment(page: Table, t: int) -> None:
    """Under the stage: a popover with the link to this moment (a copy button on it) and
    "Add to the lecture"."""
    path = lecture.PATHS[page.prefix]
    params = query(page)
    with st.popover(words("moment.link"), icon=":material/link:", key=page.own("moment")):
        st.code(link(path, params), language=None, wrap_lines=True)
        st.caption(words("moment.opens"))
        # The embed view of the same moment, for a course site's or a slide's iframe.
        embedded = {k: v for k, v in params.items() if k != page.key("presenter")}
        st.code(iframe_snippet(link(path, embedded)), language="html", wrap_lines=True)
        st.caption(words("moment.embed"))
        source = page.key("source") if "source" in page.names else None
        if source and st.session_state.get(source) == "upload":  # the option, not its label
            st.caption(words("moment.upload"))
        st.text_input(
            words("moment.title"),
            value=words("moment.title_value", page=words(f"page.{path}"), t=f"{t:,}"),
            max_chars=TITLE_CHARS,
            key=page.own("moment_title"),
        )
        st.button(
            words("moment.add"),
            key=page.own("moment_add"),
            icon=":material/playlist_add:",
            on_click=add,
            args=(page.own("moment_title"), path, params),
        )
        mine = st.session_state.get(MINE) or ()
        if mine:
            st.caption(words("moment.yours", n=len(mine)))


def open_mine(i: int) -> None:
    """A lecture-page button's callback: open the lecturer's scene ``i``."""
    mine = st.session_state.get(MINE) or ()
    if 0 <= i < len(mine):
        _, path, params, *asks = mine[i]  # a fourth: the lecturer's question
        scenes.request_link(path, dict(params), asks[0] if asks else None)
