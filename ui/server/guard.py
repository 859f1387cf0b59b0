"""The lab's guard: an unexpected exception becomes a short message, never a traceback.

A page runs inside ``run_page``. Before it draws a dataset it calls ``attempt(key)`` with
the key of what it is about to draw (``ui.runkey.run_key``: the data's digest and the
settings, the run's key); if drawing raises, the guard logs the details on the server,
remembers the key as bad and reruns the page once, which then treats that data as an
error (``is_bad``) and keeps showing the previous good data. A fragment
(a Step) is wrapped by ``fragment`` instead: its error is logged and shown, and the page's
own ``on_error`` puts the previous good state back.

Streamlit's own control flow (``st.rerun``, ``st.stop``) raises ``BaseException``
subclasses, which pass through untouched.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable

import streamlit as st

from ui.limits import BAD_INPUTS_KEPT as MAX_BAD
from ui.platform import streamlit_internals
from ui.state import lab
from ui.words import t

LOG = logging.getLogger("perceptron_lab")
MESSAGE = (  # in English; ``message()`` says it in the lab's language
    "Something went wrong while drawing this (the details are in the server's log). "
    "The previous data is kept."
)
_BAD = lab.BAD  # keys of inputs that raised while being drawn
_PENDING = lab.PENDING  # the key of what the page is drawing now
_CRASHED = lab.CRASHED  # a page run raised: the rerun says so


def message() -> str:
    """MESSAGE in the lab's language."""
    return t("guard.failed")


def attempt(key: str) -> None:
    """The page is about to draw what ``key`` names (``ui.runkey.run_key``)."""
    st.session_state[_PENDING] = key


def is_bad(key: str) -> bool:
    """Whether drawing what ``key`` names raised before in this session."""
    return key in st.session_state.get(_BAD, ())


def crashed() -> bool:
    """Whether the previous run of this page raised (then the page shows MESSAGE)."""
    return bool(st.session_state.pop(_CRASHED, False))


def run_page(page) -> None:
    """Run a ``st.Page``; any exception is logged, never shown, and the page reruns once."""
    st.session_state.pop(_PENDING, None)
    try:
        page.run()
    except Exception:
        LOG.exception("unexpected error on page %s", getattr(page, "url_path", page))
        _roll_back()


def _roll_back() -> None:
    """Remember what was being drawn as bad and rerun once; else just say so."""
    key = st.session_state.pop(_PENDING, None)
    bad = st.session_state.setdefault(_BAD, [])
    if key is not None and key not in bad:
        bad.append(key)
        del bad[:-MAX_BAD]
        st.session_state[_CRASHED] = True
        st.rerun()  # the page now treats that input as an error and keeps the old one
    st.error(message())


def _fragment_rerun() -> bool:
    """Whether this script run reruns fragments only (a Step), not the whole page."""
    return streamlit_internals.fragment_rerun()


def fragment(on_error: Callable[[], None] | None = None):
    """Decorate a fragment's body: an exception is logged, shown briefly, and ``on_error``
    restores the previous good state (e.g. the cursor before the move)."""

    def wrap(fn):
        @functools.wraps(fn)
        def body(*args, **kwargs):
            try:
                return fn(*args, **kwargs)
            except Exception:
                LOG.exception("unexpected error in %s", fn.__qualname__)
                if not _fragment_rerun():  # part of a whole page run: roll the data back
                    _roll_back()
                    return None
                if on_error is not None:
                    on_error()  # a Step failed: back to the previous step
                st.error(t("guard.failed_step"))
                return None

        return body

    return wrap


def through_the_entry_point() -> None:
    """Make sure a page runs inside ``app.py``'s navigation.

    Streamlit 1.67 decides per process, before the first script run, whether the app is a
    "pages/ folder" app: until some run has called ``st.navigation``, a request for
    ``/kernel`` runs ``pages/kernel.py`` on its own (no page config, no lab state, and a
    sidebar listing file names). The first visitor of a fresh server who opens a page's
    link would get that. A page that finds itself run that way switches the process to
    ``st.navigation`` and runs again, now through ``app.py``.
    """
    if streamlit_internals.leave_pages_directory_mode():
        st.rerun()
