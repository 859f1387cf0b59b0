"""The lecturer's hold on a class beyond one Streamlit session, and through a store that
fails (streamlit).

- **Kept in the lecturer's browser.** The class's code and the lecturer's secret are kept
  in the browser's localStorage by a small component (``ui/room/keeper.js``, drawn in the
  sidebar, nothing to see): a reload (F5), a second tab or any new session of that browser
  reads them back, and once the store says the class is live (``status``) the session
  leads it again (ask, reveal, collect, end). They are never in a link or in the page's
  address; the store keeps only the secret's hash (``ui.room.codes``).
- **Taken over from another computer.** On request the class's box shows the lecturer's
  take-over code (the class code and the secret, ``takeover_code``) until hidden; another
  browser types it under Take over a class, and it leads the class once the store has
  checked the secret.
- **The store unreachable** (Redis down): every call the lecturer's page makes goes
  through ``act`` or ``went_down``; the page says so (``class.unreachable``), one log line
  per outage, and a watch of the class (``watch``, every ``WATCH_EVERY_S``) finds the
  store back by itself. A class the store does not know any more (lost with its Redis) is
  said as lost, with a new class offered.
"""

from __future__ import annotations

import logging
from pathlib import Path

import streamlit as st

from ui.room import class_words, codes, routes
from ui.room.default import default_store
from ui.room.rules import REFUSALS, Refused
from ui.room.store import Opened
from ui.state import lab
from ui.words import t as say

LIVE, ENDED, LOST = "live", "ended", "lost"
WATCH_EVERY_S = 3.0  # how often a lecturer's page asks the store about its class
# A kept class older than this is not said to be lost: it ended long ago (the store's
# expiry of a class without its lecturer, 4 h, and the hour an ended class is still known).
KEPT_SAID_S = 5 * 3600.0
SECRET_LENGTH = len(codes.new_secret())
log = logging.getLogger(__name__)

_KEEPER = st.components.v2.component(
    "perceptron_lab.class_keeper",
    js=(Path(__file__).with_name("keeper.js")).read_text(encoding="utf-8"),
)


# ------------------------------------------------------------------ the store's word


def unavailable() -> Refused:
    """The refusal of a store that cannot be reached (as the class's routes say it)."""
    return Refused(routes.UNAVAILABLE, 503)


def status(store, code: str, secret: object) -> str:
    """The class as the store knows it for its lecturer: ``"live"``, ``"ended"`` or
    ``"lost"`` (the store does not know it). The store's own ``status`` when it has one,
    else read off ``keep_alive`` (which also keeps a live class alive).

    Raises
    ------
    Refused
        ``unavailable()`` when the store cannot be reached; the store's refusal when the
        secret is not the class's.
    """
    own = getattr(store, "status", None)
    try:
        if own is not None:
            return own(code, secret)
        store.keep_alive(code, secret)
    except Refused as refused:
        if own is None and refused.reason == REFUSALS["unknown"][0]:
            return LOST
        if own is None and refused.reason == REFUSALS["ended"][0]:
            return ENDED
        raise
    except Exception as exc:  # the store failed (Redis gone): a refusal like the routes'
        raise unavailable() from exc
    return LIVE


def is_down(exc: BaseException) -> bool:
    """Whether a store call failed because the store cannot be reached."""
    return not isinstance(exc, Refused) or exc.status == 503


def went_down(exc: BaseException) -> None:
    """A store call of the lecturer's page failed: the page says the store is unreachable;
    logged once, in one line, when this session first finds it down."""
    ss = st.session_state
    if not ss.get(lab.CLASS_DOWN):
        cause = exc.__cause__ if isinstance(exc, Refused) and exc.__cause__ else exc
        text = " ".join(str(cause).split())[:200]
        log.warning("class store unreachable: %s: %s", type(cause).__name__, text)
    ss[lab.CLASS_DOWN] = True


def came_back() -> None:
    """A store call succeeded: an outage this session saw is over."""
    if st.session_state.pop(lab.CLASS_DOWN, False):
        log.info("class store reachable again")


def act(call, *args):
    """``call(*args)`` on the store for the lecturer's page: its result; ``None`` when it
    is refused (the refusal said on the next run) or the store is unreachable (said)."""
    try:
        result = call(*args)
    except Refused as refused:
        if is_down(refused):
            went_down(refused)
        else:
            st.session_state[lab.CLASS_SAID] = class_words.refusal(refused.reason)
        return None
    except Exception as exc:
        went_down(exc)
        return None
    came_back()
    return result


# --------------------------------------------------------- kept in the browser


def _kept() -> None:
    """The keeper's callback: the class this browser keeps, to resume (``resume``)."""
    ss = st.session_state
    state = ss.get(lab.CLASS_KEEPER)
    kept = state.get("kept") if state is not None and hasattr(state, "get") else None
    if lab.CLASS in ss or not isinstance(kept, dict):
        return
    code, secret, age = kept.get("code"), kept.get("secret"), kept.get("age_s")
    if not isinstance(code, str) or not isinstance(secret, str) or len(secret) > 256:
        return
    try:
        code = codes.normalise(code)
    except Refused:
        return
    ss[lab.CLASS_KEPT] = (code, secret, float(age) if isinstance(age, int | float) else 0.0)


def keeper() -> None:
    """The keeper in the sidebar: it keeps this session's class in the browser, forgets a
    class that ended here, or hands back the class the browser keeps."""
    ss = st.session_state
    opened = ss.get(lab.CLASS)
    if opened is not None:
        data = {"keep": {"code": opened.code, "secret": opened.secret}}
    elif ss.get(lab.CLASS_FORGET):
        data = {"forget": ss[lab.CLASS_FORGET]}
    else:
        data = {}
    with st.sidebar:
        _KEEPER(key=lab.CLASS_KEEPER, data=data, height="content", on_kept_change=_kept)


def forget(code: str) -> None:
    """The class ``code`` is over for this session: the browser forgets it too."""
    st.session_state[lab.CLASS_FORGET] = code


def adopt(opened: Opened) -> None:
    """This session leads ``opened`` from now on (the lead state is published anew)."""
    ss = st.session_state
    ss[lab.CLASS] = opened
    ss.pop(lab.CLASS_LEAD, None)
    ss.pop(lab.CLASS_FORGET, None)
    ss.pop(lab.CLASS_LOST, None)


def resume() -> None:
    """A class the browser keeps, when this session has none: led again if the store says
    it is live; forgotten if it ended; said lost (and forgotten) if the store lost it."""
    ss = st.session_state
    kept = ss.get(lab.CLASS_KEPT)
    if kept is None or lab.CLASS in ss:
        ss.pop(lab.CLASS_KEPT, None)
        return
    code, secret, age = kept
    try:
        now = status(default_store(), code, secret)
    except Refused as refused:
        if is_down(refused):
            went_down(refused)  # kept: tried again on the next run and by the watch
            return
        log.info("kept class %s refused: %s", code, refused.reason)
        now = ENDED  # not this class's secret: forgotten
    came_back()
    ss.pop(lab.CLASS_KEPT, None)
    if now == LIVE:
        adopt(Opened(code, secret))
        log.info("class %s resumed by a new session", code)
        return
    forget(code)
    if now == LOST and age < KEPT_SAID_S:
        ss[lab.CLASS_LOST] = code


# --------------------------------------------------------------- take-over


def takeover_code(opened: Opened) -> str:
    """What another browser types to take over the class: its code and the secret."""
    return f"{opened.code}-{opened.secret}"


def parse_takeover(typed: object) -> Opened | None:
    """A typed take-over code as (code, secret), or None when it is not one (spaces and
    line breaks are dropped, the class code in any letter case)."""
    if not isinstance(typed, str) or len(typed) > 400:
        return None
    text = "".join(typed.split())
    code, rest = text[: codes.CODE_LENGTH], text[codes.CODE_LENGTH :]
    if rest.startswith("-") and len(rest) == SECRET_LENGTH + 1:
        rest = rest[1:]
    try:
        code = codes.normalise(code)
    except Refused:
        return None
    return Opened(code, rest) if len(rest) == SECRET_LENGTH else None


def take_over() -> None:
    """Take over a class (a callback): the typed code checked against the store; led
    from here when the class is live, else the reason said to this lecturer alone."""
    ss = st.session_state
    typed = ss.get(lab.CLASS_TAKEOVER_TYPED, "")
    ss[lab.CLASS_TAKEOVER_TYPED] = ""  # never kept in the box
    opened = parse_takeover(typed)
    if opened is None:
        log.info("take-over refused: not a take-over code")
        ss[lab.CLASS_SAID] = say("class.takeover_bad")
        return
    try:
        now = status(default_store(), opened.code, opened.secret)
    except Refused as refused:
        if is_down(refused):
            went_down(refused)
            return
        now = None
    came_back()
    if now != LIVE:
        log.info("take-over of class %s refused: %s", opened.code, now or "wrong secret")
        ss[lab.CLASS_SAID] = say("class.takeover_bad")
        return
    adopt(opened)
    ss.pop(lab.CLASS_TAKEOVER_OPEN, None)
    log.info("class %s taken over by another session", opened.code)


def _typing(shown: bool) -> None:
    st.session_state[lab.CLASS_TAKEOVER_OPEN] = shown


def takeover_box() -> None:
    """In the sidebar, under Start a class: Take over a class opens the box for a
    take-over code (a button, not a folded box: every control on the page is reached by
    Tab)."""
    sidebar = st.sidebar
    if not st.session_state.get(lab.CLASS_TAKEOVER_OPEN):
        sidebar.button(
            say("class.takeover"),
            key=lab.CLASS_TAKEOVER_OPENER,
            icon=":material/key:",
            on_click=_typing,
            args=(True,),
        )
        return
    sidebar.text_input(
        say("class.takeover_code"),
        key=lab.CLASS_TAKEOVER_TYPED,
        type="password",
        help=say("class.takeover_help"),
    )
    go, back = sidebar.columns([1, 1])
    go.button(say("class.takeover_go"), key=lab.CLASS_TAKEOVER_GO, on_click=take_over)
    back.button(
        say("class.takeover_cancel"), key=lab.CLASS_TAKEOVER_CANCEL, on_click=_typing, args=(False,)
    )


def show_takeover(shown: bool) -> None:
    """The take-over code's button (a callback): show it, or hide it again."""
    st.session_state[lab.CLASS_TAKEOVER_SHOWN] = shown


def takeover_shown(opened: Opened) -> None:
    """The take-over code on request (until hidden), else the button that shows it."""
    if not st.session_state.get(lab.CLASS_TAKEOVER_SHOWN):
        st.button(
            say("class.takeover_show"),
            key=lab.CLASS_TAKEOVER_SHOW,
            icon=":material/key:",
            on_click=show_takeover,
            args=(True,),
            help=say("class.takeover_show_help"),
        )
        return
    st.caption(say("class.takeover_said"))
    st.code(takeover_code(opened), language=None, wrap_lines=True)
    st.button(
        say("class.takeover_hide"),
        key=lab.CLASS_TAKEOVER_SHOW,
        on_click=show_takeover,
        args=(False,),
    )


# ------------------------------------------------------------------- the watch


def said_state() -> None:
    """What the lecturer is told about the store: unreachable, or the class lost."""
    ss = st.session_state
    if ss.get(lab.CLASS_DOWN):
        st.warning(say("class.unreachable"), icon=":material/cloud_off:")
    lost = ss.get(lab.CLASS_LOST)
    if lost:
        st.error(say("class.lost", code=lost), icon=":material/link_off:")


def lost(code: str) -> None:
    """The store does not know the class this session leads: over here, said lost."""
    ss = st.session_state
    ss.pop(lab.CLASS, None)
    ss.pop(lab.CLASS_LEAD, None)
    ss[lab.CLASS_LOST] = code
    forget(code)
    log.warning("class %s lost: the store does not know it", code)


def check(on_ended) -> bool:
    """Ask the store about this session's class (or the one the browser keeps); whether
    the page must run again to show what changed (the store back or gone, the class lost
    or ended: ``on_ended(reason)``)."""
    ss = st.session_state
    was_down = bool(ss.get(lab.CLASS_DOWN))
    opened = ss.get(lab.CLASS)
    if opened is None:
        if lab.CLASS_KEPT in ss:
            resume()
            return lab.CLASS in ss or was_down != bool(ss.get(lab.CLASS_DOWN))
        return False
    try:
        now = status(default_store(), opened.code, opened.secret)
    except Refused as refused:
        if is_down(refused):
            went_down(refused)
            return not was_down
        on_ended(class_words.refusal(refused.reason))
        return True
    came_back()
    if now == LOST:
        lost(opened.code)
        return True
    if now == ENDED:
        on_ended(say("class.ended"))
        return True
    return was_down


def watch(on_ended) -> None:
    """Every ``WATCH_EVERY_S``, while the page has a class (or one waits to resume): the
    store asked; the whole page runs again when what it says changed."""

    @st.fragment(run_every=WATCH_EVERY_S)
    def _watch() -> None:
        if check(on_ended):
            st.rerun()

    _watch()
