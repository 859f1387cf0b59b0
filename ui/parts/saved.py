"""The lecturer's own scenes, kept beyond a tab: download them as a lecture file and open it
again (at home, then in the hall on another computer), or save them on the course server
under an unguessable link (``/lecture?saved=<id>``), which opens them in any browser. A
class started on /lecture follows the scenes as they open.

What a file or a link brings replaces the session's own scenes only when it is a lecture
(``ui.server.lectures.parse``); anything else is refused with a plain reason and the scenes
stay as they were.
"""

from __future__ import annotations

import logging
import re
import secrets
from collections.abc import Callable

import streamlit as st

from ui import lecture, notation, words
from ui.parts import lecture_file, moment
from ui.server import lectures
from ui.state import lab
from ui.text import plain
from ui.words import CATALOGUES
from ui.words import t as say

log = logging.getLogger(__name__)
LOG = logging.getLogger("perceptron_lab")  # refusals, one structured line each
SAVED_PARAM = "saved"  # /lecture?saved=<id>


def _pattern(english: str) -> tuple[re.Pattern, list[str]]:
    names = re.findall(r"\{(\w+)\}", english)
    parts = re.split(r"\{\w+\}", english)
    return re.compile("(.+?)".join(re.escape(p) for p in parts) + r"\Z"), names


# A lecture file's refusals (``ui.server.lectures``, in English): each as its message.
_REFUSED = [
    (*_pattern(text), message)
    for message, text in CATALOGUES["en"].items()
    if message.startswith("lecture.bad.") and isinstance(text, str)
]


def refused(bad: object) -> str:
    """Why a lecture file or link was refused, in the page's language (a reason that is
    not one of the store's known ones as it is)."""
    reason = str(bad)
    for pattern, names, message in _REFUSED:
        found = pattern.match(reason)
        if found:
            return say(message, **dict(zip(names, found.groups(), strict=True)))
    return reason


def _say(text: str, *, bad: bool) -> None:
    st.session_state[lab.LECTURE_FILE_SAID] = (text, bad)


def _take(raw: bytes, where: str) -> bool:
    """The scenes of a lecture file as the session's own (or the reason it is refused)."""
    try:
        scenes = lectures.parse(raw, lecture.PATHS.values())
    except lectures.BadLecture as bad:
        _say(f"{where}: {refused(bad)}", bad=True)
        return False
    st.session_state[moment.MINE] = scenes
    _say(say("lecture.opened", where=where, n=len(scenes)), bad=False)
    return True


def opened_file() -> None:
    """The file chooser's callback: a lecture file chosen."""
    chosen = st.session_state.get(lab.LECTURE_FILE)
    if chosen is None:
        return
    if chosen.size > lectures.FILE_BYTES:  # not read at all
        most = lectures.FILE_BYTES // 1024
        _say(say("lecture.too_big", name=chosen.name, most=most), bad=True)
        return
    _take(chosen.getvalue(), chosen.name)


def _saver() -> tuple[str, str]:
    """Who saves: this session's random name (kept in it) and its client address ("" when
    unknown)."""
    ss = st.session_state
    if not isinstance(ss.get(lab.LECTURE_SAVER), str):
        ss[lab.LECTURE_SAVER] = secrets.token_urlsafe(12)
    try:
        address = st.context.ip_address
    except AttributeError:
        address = None
    return ss[lab.LECTURE_SAVER], (address[:64] if isinstance(address, str) else "")


def save_on_server() -> None:
    """The Save button's callback: the scenes kept on the server; their link shown (or
    why not: this session or this address saved the most the server keeps)."""
    mine = st.session_state.get(moment.MINE) or ()
    if not mine:
        return
    session, address = _saver()
    try:
        lecture_id = lectures.default_store().save(
            lectures.dump(mine), session=session, address=address
        )
    except lectures.BadLecture as bad:
        LOG.warning(
            "refused route=lecture_save reason=%s session=%s address=%s",
            bad.code,
            session[:12] or "-",
            address or "-",
        )
        _say(refused(bad), bad=True)
        return
    except Exception:  # the disk is full, the file locked: said, logged
        log.exception("could not save a lecture")
        _say(say("lecture.not_saved"), bad=True)
        return
    st.session_state[lab.LECTURE_SAVED] = lecture_id


def open_link() -> None:
    """On /lecture: a link to a saved lecture opens its scenes (once per link and session)."""
    ss = st.session_state
    lecture_id = st.query_params.get(SAVED_PARAM)
    if lecture_id is None or ss.get(lab.LECTURE_LINK_OPENED) == lecture_id:
        return
    ss[lab.LECTURE_LINK_OPENED] = lecture_id
    try:
        raw = lectures.default_store().load(lecture_id)
    except lectures.BadLecture as bad:
        _say(say("lecture.link_bad", reason=refused(bad)), bad=True)
        return
    except Exception:
        log.exception("could not load a lecture")
        _say(say("lecture.link_unreadable"), bad=True)
        return
    if _take(raw, say("lecture.the_saved")):
        ss[lab.LECTURE_SAVED] = lecture_id


def panel() -> None:
    """Under the lecturer's scenes: download, save on the server (and its link), open a file."""
    ss = st.session_state
    said = ss.pop(lab.LECTURE_FILE_SAID, None)
    if said is not None:
        text, bad = said
        (st.error if bad else st.success)(plain(text, 500))  # a file's name is the user's
    mine = ss.get(moment.MINE) or ()
    if mine:
        a, b = st.columns(2)
        a.download_button(
            say("lecture.download"),
            data=lectures.dump(mine),
            file_name="perceptron-lab-lecture.json",
            mime="application/json",
            key=lab.LECTURE_DOWNLOAD,
            icon=":material/download:",
            on_click="ignore",
        )
        b.button(
            say("lecture.save"),
            key=lab.LECTURE_SAVE,
            icon=":material/cloud_upload:",
            on_click=save_on_server,
            help=say("lecture.save_help"),
        )
        lecture_id = ss.get(lab.LECTURE_SAVED)
        if lecture_id:
            st.caption(say("lecture.saved_link"))
            st.code(moment.link("lecture", {SAVED_PARAM: lecture_id}), language=None)
    whole_lecture(mine)
    st.file_uploader(
        say("lecture.file"),
        type=["json"],
        key=lab.LECTURE_FILE,
        on_change=opened_file,
        help=say("lecture.file_help"),
    )


def lecture_html(mine: tuple) -> Callable[[], bytes]:
    """The whole lecture (its scenes, then the lecturer's) as one HTML file, in the lab's
    language and notation as they are now (the file is made when the button is pressed)."""
    lang, nt = words.lang(), notation.current().name

    def made() -> bytes:
        with words.using(lang), notation.using(nt):
            entries = lecture_file.lecture_entries(mine)
            return lecture_file.lecture_html(entries, title=say("lecture_file.title")).encode()

    return made


def whole_lecture(mine: tuple) -> None:
    """The button that downloads the lecture as one HTML file that plays offline."""
    st.download_button(
        say("lecture_file.download"),
        data=lecture_html(tuple(mine)),
        file_name="perceptron-lab-lecture.html",
        mime="text/html",
        key=lab.LECTURE_HTML,
        icon=":material/slideshow:",
        on_click="ignore",
        help=say("lecture_file.help"),
    )


def question(where, asked: lectures.Question | None) -> None:
    """The lecturer's own question under their scene: its text with its formulas (nothing
    else of it is Markdown), its choices lettered, the right one said."""
    if asked is None:
        return
    letters = "ABCDEF"
    where.markdown(say("lecture_file.question", prompt=lectures.question_markdown(asked.prompt)))
    for letter, choice in zip(letters, asked.choices, strict=False):
        where.markdown(f"{letter}. {lectures.question_markdown(choice)}")
    where.caption(say("lecture_file.right_is", letter=letters[asked.right]))
