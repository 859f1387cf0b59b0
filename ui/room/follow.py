"""A student in a class: /join (a code typed, or the link's), the lecturer's page opened on
the lecturer's link, the page following each move, Explore on my own and Back to the
lecture.

The lecture's lead state is read from the process's store (``ui.room.default``), never
from the browser: the student's follower script (``ui/room/following.mjs`` and
``follow.js``, drawn here) listens to ``/class/<code>/events`` and moves the stage from the
frames it holds when only the step changed; otherwise it reruns the page (a hidden button),
and ``keep_up`` opens what the lecture shows. The followed page's link carries the class's
code (``class=``, not the secret), so a student who reloads lands where the lecture is,
on the same seat: the follower script keeps the seat's token in the browser (localStorage
and the cookie ``perceptron_seat_<code>``, read here). A link's class that cannot be joined (ended,
lost, unknown) is said above the page, not ignored.
"""

from __future__ import annotations

import json
import logging
import re
from pathlib import Path
from urllib.parse import parse_qsl

import streamlit as st

from ui import lecture
from ui.charts import overlays
from ui.parts import scenes
from ui.platform import dom
from ui.room import class_words, classroom, codes, collect, refusals, routes
from ui.room.default import default_store
from ui.room.rules import Refused
from ui.state import lab
from ui.vendor import katex_url
from ui.words import t as say

CLASS_PARAM = "class"  # the followed page's link: the class's code, to join again on reload
_HERE = Path(__file__).resolve().parent
_EXPORT = re.compile(r"^export ", re.M)
_COMMENT = re.compile(r"^[ \t]*//.*\n", re.M)
# One block: the follower's class is declared anew each time the script runs again. The
# comment lines go (Streamlit's sanitiser drops a script with "<" before a letter in it).
# A question's marked points on a student's chart look as on the projector's.
_MARK = overlays.class_marks([("A", 0.0, 0.0)])[0]
MARKS_LOOK = {k: v for k, v in _MARK.items() if k not in ("x", "y", "text")}
# The class's points while collecting, on a student's chart as on the projector's preview.
POINTS_LOOK = {
    "size": collect.POINT_SIZE,
    "classes": {str(label): {"color": c, "symbol": s} for label, (c, s) in collect.LOOK.items()},
}
_SCRIPT = _COMMENT.sub(
    "",
    "{\n"
    + dom.PRELUDE  # Streamlit's page (ui/platform/dom.mjs)
    + _EXPORT.sub("", (_HERE / "following.mjs").read_text(encoding="utf-8"))
    + _EXPORT.sub("", (_HERE / "polling.mjs").read_text(encoding="utf-8"))
    + _EXPORT.sub("", (_HERE / "collecting.mjs").read_text(encoding="utf-8"))
    + _EXPORT.sub("", (_HERE / "class_words.mjs").read_text(encoding="utf-8"))
    + (_HERE / "follow.js").read_text(encoding="utf-8")
    + "}\n",
)
ASKED = lab.FOLLOW_ASKED
log = logging.getLogger(__name__)


def _address() -> str:
    try:
        return str(st.context.ip_address or "session")[:64]
    except AttributeError:
        return "session"


def _lead(code: str) -> dict | None:
    """The lecture's lead state, if it names a page a class may show."""
    lead = default_store().state(code).get("lead") or {}
    return lead if lead.get("page") in classroom.WITH_CLASS else None


SEAT_COOKIE = "perceptron_seat_"  # + the class's code: the seat's token, kept by follow.js


def _kept_seat(code: str) -> str | None:
    """The seat's token this browser kept for the class ``code`` (a cookie), if any."""
    try:
        token = st.context.cookies.get(f"{SEAT_COOKIE}{code}")
    except AttributeError:
        return None
    return token if isinstance(token, str) and 0 < len(token) <= 128 else None


def join(typed: object) -> str | None:
    """Join the class ``typed`` names (on the seat this browser kept, if it has one); the
    reason when it cannot be joined."""
    store = default_store()
    try:
        kept = _kept_seat(codes.normalise(typed))
    except Refused:
        kept = None  # not a code: admit counts it as a wrong one
    try:
        code = store.admit(typed, _address(), kept)
        joined = None
        if kept is not None:
            try:
                joined = store.resume(code, kept)
            except Refused as refused:
                if refused.name != "not_joined":  # removed: not a new seat
                    raise
        if joined is None:
            joined = store.join(code, _address(), page=True)
    except Refused as refused:
        _refused(store, typed, kept, refused)
        return class_words.refusal(refused.reason)
    except Exception:  # the store failed: said plainly, logged
        log.exception("could not join a class")
        return class_words.refusal(routes.UNAVAILABLE)
    ss = st.session_state
    ss[lab.JOINED] = (code, joined.student, joined.pseudonym)
    ss[lab.DETACHED] = False
    ss.pop(lab.FOLLOWED, None)
    return None


def _refused(store, typed: object, seat: str | None, refused: Refused) -> None:
    """A refused join, logged as the routes log theirs and counted for its class."""
    try:
        code = codes.normalise(typed)
    except Refused:
        code = None
    refusals.shared().refused("page_join", refused.name, refused.status, code, _address(), seat)
    if code is not None and refused.name not in ("unknown", "guesses", "lost", "unavailable"):
        try:
            store.note_refusal(code, refused.name)
        except Refused:
            pass  # the store is unavailable: the line is what is left


def open_lead(lead: dict, code: str) -> None:
    """Open the lecture's page on its link and step (the page's state in this session is
    forgotten, so the page reads the link as a fresh one)."""
    ss = st.session_state
    page = lead["page"]
    query = dict(parse_qsl(str(lead.get("query") or ""), keep_blank_values=True))
    if page != "lecture":
        table = lecture.table_of(page)
        for key in [k for k in ss if isinstance(k, str) and k.startswith(table.prefix)]:
            del ss[key]
        if isinstance(lead.get("cursor"), int):
            query[table.step_param] = str(lead["cursor"])
    scene = lead.get("scene")
    ss[lab.SCENE] = scene if isinstance(scene, int) and 0 <= scene < len(lecture.SCENES) else None
    ss[lab.FOLLOWED] = {k: lead.get(k) for k in ("page", "query", "scene", "cursor")}
    query[CLASS_PARAM] = code
    scenes.switch_to(f"pages/{page}.py", query)


def _typed() -> None:
    st.session_state[lab.JOIN_TYPED] = str(st.session_state.get(lab.JOIN_CODE) or "")


def join_page() -> None:
    """/join: the code from the link or typed; joined, the lecture's page opens."""
    st.title(say("page.join"))
    typed = st.query_params.get("code")
    if typed is None:
        st.markdown(say("class.type_code"))
        st.text_input(say("class.join_code"), key=lab.JOIN_CODE, max_chars=32)
        st.button(say("class.join"), key=lab.JOIN_GO, type="primary", on_click=_typed)
        typed = st.session_state.pop(lab.JOIN_TYPED, None)
        if typed is None:
            return
    reason = join(typed)
    if reason is not None:
        st.error(reason)  # plain words of the store's; never what was typed
        return
    code = st.session_state[lab.JOINED][0]
    lead = _lead(code)
    if lead is None:
        st.info(say("class.joined_waiting", code=code))
        return
    open_lead(lead, code)


def keep_up(path: str) -> None:
    """Before a student's page: rejoin from the link after a reload, and open the lecture's
    page, link or scene when it moved on (or the step the stage could not show)."""
    ss = st.session_state
    if lab.CLASS in ss or path == "join":
        return
    code = st.query_params.get(CLASS_PARAM)
    if lab.JOINED not in ss:
        # Once per session and code: a class gone after a restart must not count each
        # rerun as a wrong code against the hall's one address. Why it was not joined is
        # said on every run while the link names it.
        tried = ss.get(lab.JOIN_TRIED)
        if code is None:
            return
        if isinstance(tried, tuple) and tried[0] == code:
            if tried[1]:
                st.warning(say("class.link_ignored", code=_shown(code), reason=tried[1]))
            return
        reason = join(code)
        ss[lab.JOIN_TRIED] = (code, reason)
        if reason is not None:
            st.warning(say("class.link_ignored", code=_shown(code), reason=reason))
            return
        ss[ASKED] = True  # a reload: land where the lecture is
    if ss.get(lab.DETACHED):
        return
    code, seat, _ = ss[lab.JOINED]
    try:
        default_store().resume(code, seat)  # removed by the lecturer, or the class lost
        lead = _lead(code)
    except Refused as refused:
        _left(class_words.refusal(refused.reason))
        return
    except Exception:  # the store failed: this page stays; the next rerun tries again
        log.exception("could not read class %s", code)
        return
    asked = ss.pop(ASKED, False)
    if lead is None:
        return
    followed = ss.get(lab.FOLLOWED) or {}
    moved = any(lead.get(k) != followed.get(k) for k in ("page", "query", "scene"))
    if moved or path != lead["page"] or (asked and lead.get("cursor") != _cursor(path)):
        open_lead(lead, code)


def _shown(code: object) -> str:
    """A link's class code as said back: only the code's own symbols, at most its length."""
    return "".join(c for c in str(code).upper() if c in codes.ALPHABET)[: codes.CODE_LENGTH]


def _cursor(path: str) -> int | None:
    if path not in lecture.PATHS.values():
        return None
    return st.session_state.get(lecture.table_of(path).own("cursor"))


def _left(reason: str) -> None:
    ss = st.session_state
    for key in (lab.JOINED, lab.DETACHED, lab.FOLLOWED):
        ss.pop(key, None)
    st.info(reason)


def _ask() -> None:
    st.session_state[ASKED] = True


def detach() -> None:
    st.session_state[lab.DETACHED] = True


def resync() -> None:
    st.session_state[lab.DETACHED] = False
    st.session_state[ASKED] = True
    st.session_state.pop(lab.FOLLOWED, None)


def banner(path: str) -> None:
    """On a student's page: following (or not), with the button that changes it, and the
    follower script."""
    ss = st.session_state
    joined = ss.get(lab.JOINED)
    if joined is None or path == "join":
        return
    code, student, pseudonym = joined
    detached = bool(ss.get(lab.DETACHED))
    words, button = st.columns([4, 1], vertical_alignment="center")
    if detached:
        words.text(say("class.exploring", code=code))
        with words.container(key=lab.CLASS_WHERE):  # kept up to date by the follower
            st.text(_where(code))
        button.button(say("class.back"), key=lab.RESYNC, on_click=resync, type="primary")
    else:
        words.text(say("class.following", code=code, name=pseudonym))
        button.button(say("class.explore"), key=lab.DETACH, on_click=detach)
    followed = ss.get(lab.FOLLOWED) or {}
    cursor = _cursor(path)
    if cursor is None and followed.get("page") == path:
        # The page's first run after opening the lecture's step: drawn below, at the step
        # its link names. Said as None, the stream's first event asked for a rerun.
        cursor = followed.get("cursor")
    shown = {
        "page": path,
        "query": followed.get("query", ""),
        "scene": followed.get("scene"),
        "cursor": cursor,
    }
    data = {
        "code": code,
        "student": student,  # the student's own id, in their own page only
        "name": pseudonym,
        "shown": shown,
        "rerun": lab.FOLLOW_RERUN,
        "where": lab.CLASS_WHERE,
        "on": not detached,
        "marks": MARKS_LOOK,
        "points": POINTS_LOOK,
        "words": class_words.follower_words(),  # the student's language and notation
        "katex": katex_url(),  # typesets a lecturer's formulas (loaded when one is shown)
    }
    script = _SCRIPT.replace("__FOLLOW_DATA__", json.dumps(data).replace("</", "<\\/"))
    with st.container(key=lab.FOLLOWER):
        hide = f".st-key-{lab.FOLLOWER}, div:has(> .st-key-{lab.FOLLOWER}) {{display: none;}}"
        st.html(f"<style>{hide}</style><script>{script}</script>", unsafe_allow_javascript=True)
        st.button(say("class.follow"), key=lab.FOLLOW_RERUN, on_click=_ask)


def _where(code: str) -> str:
    """How far the lecture has moved: its page and step (plain text)."""
    try:
        lead = _lead(code)
    except Refused:
        return say("class.ended")
    if lead is None:
        return ""
    step = lead.get("cursor")
    if isinstance(step, int):
        return say("class.lecture_on_step", page=lead["page"], step=f"{step:,}")
    return say("class.lecture_on", page=lead["page"])
