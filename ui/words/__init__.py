"""The lab's words in each language: one catalogue per language, keyed by message ids,
looked up with ``t(id, **fields)`` (no streamlit here).

A message is a ``str.format`` template whose fields are numbers or symbols the caller
fills in; the same fields in every language (tests/ui/test_words.py). A message that
depends on a count is a pair (one, more): ``t(id, n=...)`` picks by the field ``n``.
Numbers are written by the caller the same way in every language (``f"{n:,}"``, a
decimal point): a German page shows "1,000" and "0.5" as the English one does, so the
numbers of a page are the same in both (README: Notation and language).

The language is the lab's setting (``ui.parts.settings``), read through ``read_from``
(installed by app.py each run); ``using`` sets it for a block (tests, a figure made for
one language).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from ui.words import de, en  # packages: one module per area (ui/words/catalogue.py)

LANGUAGES = {"en": "English", "de": "Deutsch"}  # the choice's values and names
DEFAULT = "en"
CATALOGUES: dict[str, dict[str, str | tuple[str, str]]] = {"en": en.WORDS, "de": de.WORDS}
PARAM = "lang"  # the link's parameter (dropped when it is the browser's own language)

_chosen: ContextVar[str | None] = ContextVar("words_language", default=None)
_reader: list[Callable[[], str]] = []  # the session's setting (app.py installs it)


def read_from(reader: Callable[[], str]) -> None:
    """Read the language from ``reader`` (the session's setting) from now on."""
    _reader[:] = [reader]


def lang() -> str:
    """The language of the words now: ``using``'s, else the session's, else English."""
    chosen = _chosen.get()
    if chosen is None and _reader:
        try:
            chosen = _reader[0]()
        except Exception:  # noqa: BLE001 - outside a session (a thread, a test): English
            chosen = None
    return chosen if chosen in CATALOGUES else DEFAULT


@contextmanager
def using(code: str) -> Iterator[None]:
    """The words in language ``code`` inside the block."""
    if code not in CATALOGUES:
        raise ValueError(f"language must be one of {tuple(CATALOGUES)}; got {code!r}")
    token = _chosen.set(code)
    try:
        yield
    finally:
        _chosen.reset(token)


def t(message: str, **fields) -> str:
    """Message ``message`` in the current language with its fields filled in."""
    entry = CATALOGUES[lang()].get(message)
    if entry is None:
        entry = CATALOGUES[DEFAULT][message]  # a KeyError names an unknown id
    if isinstance(entry, tuple):
        one, more = entry
        entry = one if fields.get("n") == 1 else more
    return entry.format(**fields)


def has(message: str) -> bool:
    """Whether the catalogue has message ``message``."""
    return message in CATALOGUES[DEFAULT]


def from_locale(locale: str | None) -> str:
    """The lab's language for a browser's language ("de-DE", "de"): German or English."""
    code = str(locale or "").strip().lower().replace("_", "-").split("-")[0]
    return code if code in CATALOGUES else DEFAULT


def read_choice(raw) -> str | None:
    """A link's or a user's language as the lab's code, or None when it is none of them."""
    code = str(raw).strip().lower()
    return code if code in CATALOGUES else None
