"""The lecturer's class: Start a class on a stepping page or /lecture, its join code, link
and QR code on the projector, each move of the lecturer published to the students, and
End the class.

The class's state is the process's store (``ui.room.default``), shared with the routes
under ``/class/`` that the students' browsers listen to. The lecturer's secret stays in
this session (``lab.CLASS``): never in a link, never drawn, never sent to a browser. The
lead state published with each change (``lead_state``) is what a student's page opens:
the page, its link without the step and presenter mode, the step's parameter and the
cursor, and the lecture's scene.
"""

from __future__ import annotations

import io
import logging
from urllib.parse import urlencode, urlsplit

import streamlit as st

from ui import lecture
from ui.parts import adversary, class_words, collect, moment, poll
from ui.room import routes, seats_panel
from ui.room.default import default_store
from ui.room.rules import Refused
from ui.state import lab
from ui.words import PARAM as LANGUAGE
from ui.words import t as say

WITH_CLASS = {p for p in lecture.PATHS.values() if p != "experiments"} | {
    "lecture"
}  # the stepping pages, the game (its adversary round) and the lecture
QR_PIXELS = 360  # the QR code's side on the page: about a metre on a 3 m projector screen
log = logging.getLogger(__name__)


def address() -> str:
    """The server's address as the lecturer's browser sees it (``scheme://host:port``)."""
    try:
        parts = urlsplit(st.context.url or "")
    except (AttributeError, ValueError):
        return ""
    if parts.scheme in ("http", "https") and parts.netloc:
        return f"{parts.scheme}://{parts.netloc}"
    return ""


def join_link(code: str) -> str:
    """The students' link: the join page with the code (never the secret)."""
    return f"{address()}/join?{urlencode({'code': code})}"


def qr_png(text: str) -> bytes:
    """``text`` as a QR code (PNG), black on white with its quiet zone, scaled so it is
    about ``QR_PIXELS`` wide in whole pixels per module (sharp on a projector)."""
    import segno  # only a lecturer's session draws one

    code = segno.make(text, error="m")
    width, _ = code.symbol_size(scale=1, border=4)
    out = io.BytesIO()
    code.save(out, kind="png", scale=max(4, QR_PIXELS // width), border=4)
    return out.getvalue()


def _say_ended(reason: str) -> None:
    ss = st.session_state
    ss.pop(lab.CLASS, None)
    ss.pop(lab.CLASS_LEAD, None)
    ss[lab.CLASS_SAID] = reason


def start() -> None:
    """Start a class (a callback): a fresh code, the secret kept in this session."""
    try:
        st.session_state[lab.CLASS] = default_store().open_class()
    except Exception:  # the store failed (Redis gone): said, logged, nothing kept
        log.exception("could not open a class")
        st.session_state[lab.CLASS_SAID] = class_words.refusal(routes.UNAVAILABLE)
    st.session_state.pop(lab.CLASS_LEAD, None)


def end() -> None:
    """End the class (a callback): its students are told."""
    opened = st.session_state.get(lab.CLASS)
    if opened is None:
        return
    try:
        default_store().end(opened.code, opened.secret)
    except Refused:
        pass  # already over
    except Exception:
        log.exception("could not end class %s", opened.code)
    _say_ended(say("class.ended"))


def panel(path: str):
    """On a page with a class: Start a class in the sidebar; while one is on, its code, link
    and QR code above the page (folded by the lecturer when not needed), End the class, and
    the box for the class's questions (returned: ``questions`` fills it); else None."""
    ss = st.session_state
    if path not in WITH_CLASS or lab.JOINED in ss:
        return None
    said = ss.pop(lab.CLASS_SAID, None)
    if said:
        st.info(said)
    opened = ss.get(lab.CLASS)
    if opened is None:
        st.sidebar.button(
            say("class.start"),
            key=lab.CLASS_START,
            icon=":material/groups:",
            on_click=start,
            help=say("class.start_help"),
        )
        return None
    link = join_link(opened.code)
    # A label is Markdown: no link in it (the code's alphabet has no Markdown).
    with st.expander(say("class.box", code=opened.code), expanded=True):
        qr, words = st.columns([2, 3], vertical_alignment="center")
        qr.image(  # as wide as its column lets it be, up to QR_PIXELS (no overlap)
            qr_png(link), width="content", caption=say("class.scan"), output_format="PNG"
        )
        words.caption(say("class.join_code"))
        words.header(opened.code, anchor=False)  # the code's alphabet has no Markdown
        words.caption(say("class.join_link"))
        words.code(link, language=None, wrap_lines=True)
        words.button(
            say("class.end"), key=lab.CLASS_END, icon=":material/stop_circle:", on_click=end
        )
    seats_panel.panel(opened)  # the seats, in the sidebar
    return st.container(border=True, key=lab.CLASS_POLL)  # the questions, after the page


def questions(path: str, slot) -> None:
    """After the page (its stage known): the class's questions in ``slot``, the box
    ``panel`` kept for them under the class's code (None: no class here)."""
    opened = st.session_state.get(lab.CLASS)
    if slot is None or opened is None:
        return
    with slot:
        poll.poll(path, opened)
        collect.collect(path, opened)
        adversary.adversary(path, opened)


def lead_state(path: str) -> dict:
    """What the students open: the page, its link (without the step and presenter mode,
    which the cursor and the student's own screen decide), the step's parameter and the
    cursor, the lecture's scene."""
    ss = st.session_state
    lead = {"page": path, "scene": ss.get(lab.SCENE) if path != "lecture" else None}
    if path == "lecture":
        lead["query"] = ""
        return lead
    table = lecture.table_of(path)
    query = moment.query(table)
    query.pop(table.key("presenter"), None)
    query.pop(table.step_param, None)
    query.pop(LANGUAGE, None)  # each student's page says it in the student's own language
    lead["query"] = urlencode(query)
    lead["step"] = table.step_param
    cursor = ss.get(table.own("cursor"))
    if isinstance(cursor, int):
        lead["cursor"] = int(cursor)
    return lead


def publish(path: str) -> None:
    """After the page (and after each step of its stage): the lead state, sent to the class
    when it changed; the lecturer is still there (``keep_alive``)."""
    ss = st.session_state
    opened = ss.get(lab.CLASS)
    if opened is None or path not in WITH_CLASS:
        return
    lead = lead_state(path)
    store = default_store()
    try:
        if lead != ss.get(lab.CLASS_LEAD):
            store.move(opened.code, opened.secret, lead)
            ss[lab.CLASS_LEAD] = lead
        else:
            store.keep_alive(opened.code, opened.secret)
    except Refused as refused:
        _say_ended(class_words.refusal(refused.reason))
    except Exception:  # the store failed: the next run tries again
        log.exception("could not publish class %s", opened.code)
