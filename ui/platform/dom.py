"""Streamlit's page as the lab's CSS and inline scripts reach into it, from ``dom.mjs``.

``dom.mjs`` names every element of Streamlit's page the lab finds by a ``data-testid``
(private: what Streamlit 1.67.0 draws). The lab's CSS writes ``[[name]]`` where it means
that element (``css``); an inline script (``st.html``, the head script) gets the module's
names in a block of its own (``script``). Nothing else writes a ``data-testid`` of
Streamlit's (``tests/test_streamlit_dom.py``).
"""

from __future__ import annotations

import re
from pathlib import Path

DOM_FILE = Path(__file__).with_name("dom.mjs")
_TEXT = DOM_FILE.read_text(encoding="utf-8")
_TABLE = re.search(r"STREAMLIT_TESTIDS = Object\.freeze\(\{\n(.*?)\n\}\);", _TEXT, re.S)
_PAIR = re.compile(r'^\s*"?(\w+)"?:\s*"(\w+)",?\s*(?://.*)?$')
# The lab's name of each element -> its data-testid (dom.mjs's STREAMLIT_TESTIDS).
TESTIDS: dict[str, str] = dict(
    _PAIR.match(line).groups() for line in _TABLE.group(1).splitlines() if line.strip()
)
_NAME = re.compile(r"\[\[(\w+)\]\]")


def testid(name: str) -> str:
    """The CSS selector of Streamlit's element ``name`` (a key of ``TESTIDS``)."""
    return f'[data-testid="{TESTIDS[name]}"]'


def css(text: str) -> str:
    """``text`` (CSS) with each ``[[name]]`` made the selector of Streamlit's element
    ``name``; an unknown name raises ``KeyError`` (when the module defining the CSS loads).

    Examples
    --------
    >>> css("[[header]] {height: 0;}")
    '[data-testid="stHeader"] {height: 0;}'
    """
    return _NAME.sub(lambda m: testid(m[1]), text)


_EXPORT = re.compile(r"^export ", re.M)
_COMMENT = re.compile(r"^[ \t]*//.*\n", re.M)
# dom.mjs as plain statements: no export, no comments (it has no "//" inside a string; a
# script drawn by st.html is dropped by Streamlit's sanitiser for a "<" before a letter:
# none here).
PRELUDE = re.sub(r"[ \t]+//[^\n]*", "", _COMMENT.sub("", _EXPORT.sub("", _TEXT)))


def script(body: str) -> str:
    """An inline script's text: ``body`` in a block that first defines dom.mjs's names
    (``streamlitTestid``, ``STREAMLIT_SCRIPT_STATE``, ``streamlitThemeKey``), so two such
    scripts on one page (or one run again) declare nothing twice."""
    return "{\n" + PRELUDE + body + "\n}\n"
