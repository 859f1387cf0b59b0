"""The lecturer's class: Start a class on a stepping page or /lecture, its join code, link
and QR code on the projector, each move of the lecturer published to the students, and
End the class.

The class's state is the process's store (``ui.room.default``), shared with the routes
under ``/class/`` that the students' browsers listen to. The lecturer's secret is in this
session (``lab.CLASS``) and in the lecturer's own browser (``ui.room.lecturer``: a reload,
a second tab or a take-over gets the class back): never in a link, never drawn. The
lead state published with each change (``lead_state``) is what a student's page opens:
the page, its link without the step and presenter mode, the step's parameter and the
cursor, and the lecture's scene.
"""

from __future__ import annotations

import io
import logging
import re
import secrets
from pathlib import Path
from urllib.parse import urlencode, urlsplit

import streamlit as st

from ui import lecture
from ui.parts import moment
from ui.room import adversary, class_words, collect, lecturer, poll, routes, seats_panel
from ui.room.default import default_store
from ui.room.rules import REFUSALS, Refused
from ui.state import lab
from ui.words import PARAM as LANGUAGE
from ui.words import t as say

WITH_CLASS = {p for p in lecture.PATHS.values() if p != "experiments"} | {
    "lecture"
}  # the stepping pages, the game (its adversary round) and the lecture
QR_PIXELS = 360  # the QR code's side on the page: about a metre on a 3 m projector screen
QR_CORNER = 136  # in the projector's corner: still read by a phone from the middle rows
AFTER_THE_PAGE = object()  # ``panel``'s answer on a projector: the questions' box comes later
PROJECTOR_CSS = Path(__file__).with_name("projector.css").read_text(encoding="utf-8")
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
    opened = ss.pop(lab.CLASS, None)
    ss.pop(lab.CLASS_LEAD, None)
    ss[lab.CLASS_SAID] = reason
    if opened is not None:
        lecturer.forget(opened.code)


def start() -> None:
    """Start a class (a callback): a fresh code, the secret kept in this session and in
    the lecturer's browser."""
    try:
        opened = default_store().open_class()
    except Exception as exc:  # the store failed (Redis gone): said, logged, nothing kept
        lecturer.went_down(exc)
        st.session_state[lab.CLASS_SAID] = class_words.refusal(routes.UNAVAILABLE)
        return
    lecturer.came_back()
    lecturer.adopt(opened)


def end() -> None:
    """End the class (a callback): its students are told."""
    opened = st.session_state.get(lab.CLASS)
    if opened is None:
        return
    try:
        default_store().end(opened.code, opened.secret)
    except Refused:
        pass  # already over
    except Exception as exc:  # unreachable: the class is kept, End can be pressed again
        lecturer.went_down(exc)
        return
    _say_ended(say("class.ended"))


def panel(path: str):
    """On a page with a class: Start a class (or take one over) in the sidebar; while one
    is on, its code, link and QR code above the page (folded by the lecturer when not
    needed), End the class, and the box for the class's questions (returned:
    ``questions`` fills it); else None. A class the lecturer's browser keeps is resumed
    first; an unreachable store or a lost class is said."""
    ss = st.session_state
    if path not in WITH_CLASS or lab.JOINED in ss:
        return None
    lecturer.resume()  # a reload, a second tab: the class this browser keeps
    lecturer.keeper()
    said = ss.pop(lab.CLASS_SAID, None)
    if said:
        st.info(said)
    lecturer.said_state()
    opened = ss.get(lab.CLASS)
    if opened is None:
        start_buttons()
        if lab.CLASS_KEPT in ss:  # the store unreachable: tried again by the watch
            lecturer.watch(_say_ended)
        return None
    lecturer.watch(_say_ended)
    seats_panel.panel(opened)  # the seats, in the sidebar (a projector's too)
    if ss.get(lab.PRESENTER):  # the projector: the page's first screen stays the chart's
        class_corner(opened)
        return AFTER_THE_PAGE
    class_box(opened)
    return st.container(border=True, key=lab.CLASS_POLL)  # the questions, after the page


def start_buttons() -> None:
    """No class here: Start a class and Take over a class in the sidebar; a class the
    store lost offers a new one on the page too."""
    st.sidebar.button(
        say("class.start"),
        key=lab.CLASS_START,
        icon=":material/groups:",
        on_click=start,
        help=say("class.start_help"),
    )
    if st.session_state.get(lab.CLASS_LOST):
        st.button(say("class.new"), key=lab.CLASS_NEW, icon=":material/groups:", on_click=start)
    lecturer.takeover_box()


def toggle_large() -> None:
    """The corner's Larger / Smaller (a callback)."""
    st.session_state[lab.CLASS_CORNER_LARGE] = not st.session_state.get(lab.CLASS_CORNER_LARGE)


def class_corner(opened) -> None:
    """On a projector (presenter mode): the join code and a QR code in the window's
    bottom left corner, over the page (``ui/room/projector.css``), larger on request;
    End the class and the take-over code in the sidebar."""
    large = bool(st.session_state.get(lab.CLASS_CORNER_LARGE))
    link = join_link(opened.code)
    with st.container(key=lab.CLASS_CORNER):
        st.html(f"<style>{PROJECTOR_CSS}</style>")
        with st.container(key=lab.CLASS_CORNER_BIG if large else lab.CLASS_CORNER_SMALL):
            st.image(
                qr_png(link),
                width=QR_PIXELS if large else QR_CORNER,
                caption=say("class.scan") if large else None,
                output_format="PNG",
            )
            st.header(opened.code, anchor=False)  # the code's alphabet has no Markdown
            if large:
                st.code(link, language=None, wrap_lines=True)
            st.button(
                say("class.smaller" if large else "class.larger"),
                key=lab.CLASS_CORNER_SIZE,
                icon=":material/zoom_out:" if large else ":material/zoom_in:",
                on_click=toggle_large,
            )
    with st.sidebar:
        st.button(say("class.end"), key=lab.CLASS_END, icon=":material/stop_circle:", on_click=end)
        lecturer.takeover_shown(opened)


def class_box(opened) -> None:
    """The class's code, link and QR code, End the class, and the take-over code."""
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
        with words:
            lecturer.takeover_shown(opened)


def questions(path: str, slot) -> None:
    """After the page (its stage known): the class's questions in ``slot``, the box
    ``panel`` kept for them under the class's code (None: no class here; on a projector,
    ``AFTER_THE_PAGE``: a box made here, under the page, and an open question over the
    chart: ``ui.room.poll``)."""
    opened = st.session_state.get(lab.CLASS)
    if slot is None or opened is None:
        return
    if slot is AFTER_THE_PAGE:
        slot = st.container(border=True, key=lab.CLASS_POLL)
    with slot:
        poll.poll(path, opened)
        collect.collect(path, opened)
        adversary.adversary(path, opened)


_LEADER = st.components.v2.component(
    "perceptron_lab.class_leader",
    js=re.sub(
        r"^export (?=class|const)",
        "",
        (Path(__file__).with_name("leading.mjs")).read_text(encoding="utf-8"),
        flags=re.M,
    )
    + (Path(__file__).with_name("lead.js")).read_text(encoding="utf-8"),
)


def lead_state(path: str, run: str = "") -> dict:
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
        # The run and the stage's count of moves at that cursor: the lecturer's browser
        # posts its later moves itself (ui/room/leading.mjs), the store keeps the newer.
        last = ss.get(lab.CLASS_LEAD)  # after the page: the run its stage published
        lead["run"] = run or (last.get("run", "") if isinstance(last, dict) else "")
        lead["seq"] = int(ss.get(table.own("applied"), 0))
        # Whose count: a new session (F5, a take-over) counts from 0 again.
        lead["by"] = ss.setdefault(lab.CLASS_LEAD_BY, secrets.token_hex(4))
    return lead


def leader(path: str) -> None:
    """Once the page is drawn: the lecturer's browser is handed the class and the lead last
    published, to post the steps its stage draws before the page runs again
    (``leading.mjs``). Nothing is drawn."""
    opened = st.session_state.get(lab.CLASS)
    lead = st.session_state.get(lab.CLASS_LEAD)
    if opened is None or path not in WITH_CLASS or not isinstance(lead, dict):
        return
    data = {"code": opened.code, "secret": opened.secret, "lead": lead}
    with st.sidebar:
        _LEADER(key=lab.CLASS_LEADER, data=data, height="content")


def publish(path: str, run: str = "") -> None:
    """After each step of its stage (``run``: the run's key): the lead state, sent to the
    class when it changed; the lecturer is still there (``keep_alive``)."""
    ss = st.session_state
    opened = ss.get(lab.CLASS)
    if opened is None or path not in WITH_CLASS:
        return
    lead = lead_state(path, run)
    store = default_store()
    try:
        if lead != ss.get(lab.CLASS_LEAD):
            store.move(opened.code, opened.secret, lead)
            ss[lab.CLASS_LEAD] = lead
        else:
            store.keep_alive(opened.code, opened.secret)
    except Refused as refused:
        if lecturer.is_down(refused):
            lecturer.went_down(refused)
        elif refused.reason == REFUSALS["unknown"][0]:
            lecturer.lost(opened.code)  # the store forgot it (its Redis restarted empty)
        else:
            _say_ended(class_words.refusal(refused.reason))
        return
    except Exception as exc:  # the store failed: said, one line logged; the watch retries
        lecturer.went_down(exc)
        return
    lecturer.came_back()
