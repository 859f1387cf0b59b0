"""The lab's words in each language: one gettext catalogue, keyed by message ids, looked up
with ``t(id, **fields)`` (no streamlit here).

The catalogue is ``ui/words/locale/``: for each area of the lab a template ``<area>.pot``
(the English, the source language) and its translation into each language,
``<lang>/LC_MESSAGES/<area>.po``, read with Babel when this module is imported. A message's
context (msgctxt) is its id, its msgid the English, its msgstr the translation. A message is
a ``str.format`` template whose fields are numbers or symbols the caller fills in; the same
fields in every language (tests/ui/test_words.py). A message that depends on a count has
plural forms (msgid_plural, msgstr[k]): ``t(id, n=...)`` picks the form by the field ``n``
with the language's own rule, its .po file's Plural-Forms (CLDR's, as Babel writes it).
A language is the files of its folder: a new folder is a new language, with no code
(tests/ui/test_words_languages.py). A message a language lacks, or marks fuzzy, is said in
English, as gettext does.

Numbers are written by the caller the same way in every language (``f"{n:,}"``, a decimal
point): a German page shows "1,000" and "0.5" as the English one does, so the numbers of a
page are the same in both (README: Notation and language).

The language is the lab's setting (``ui.parts.settings``), read through ``read_from``
(installed by app.py each run); ``using`` sets it for a block (tests, a figure made for
one language).
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

from babel import Locale, UnknownLocaleError
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

LOCALE = Path(__file__).with_name("locale")  # the catalogue's files
DEFAULT = "en"  # the source language: the templates' msgids
PARAM = "lang"  # the link's parameter (dropped when it is the browser's own language)

# Filled by ``load``: the languages' names, each one's messages (a template, or a tuple of
# plural forms), its plural rule (n -> index of the form) and its Plural-Forms expression.
LANGUAGES: dict[str, str] = {}
CATALOGUES: dict[str, dict[str, str | tuple[str, ...]]] = {}
PLURALS: dict[str, Callable[[int], int]] = {}
PLURAL_FORMS: dict[str, str] = {}
AREAS: dict[str, str] = {}  # message id -> its area (the file it is written in)
# The browser picks a plural form from a table of the forms of 0 .. TABLE - 1, and beyond
# from PERIOD + n % PERIOD: all of Babel's plural rules but Cornish's repeat so (``load`` checks).
TABLE, PERIOD = 200, 100


def _read(path: Path, locale: str | None):
    with path.open("rb") as f:
        return read_po(f, locale=locale, domain=path.stem)


def _name(code: str) -> str:
    """A language's name in itself (Babel's CLDR data), or its code when CLDR lacks it."""
    try:
        name = Locale.parse(code).get_display_name(code)
    except (UnknownLocaleError, ValueError):
        return code
    return name[:1].upper() + name[1:] if name else code


def load(directory: Path = LOCALE) -> None:
    """Read the catalogue in ``directory``: English from its ``*.pot`` files, and each
    language from the ``<code>/LC_MESSAGES/*.po`` files of its folder."""
    english: dict[str, str | tuple[str, ...]] = {}
    areas: dict[str, str] = {}
    for path in sorted(directory.glob("*.pot")):
        for m in _read(path, None):
            if not m.id:
                continue
            if m.context in english:
                raise ValueError(f"{m.context!r} is in both {areas[m.context]} and {path.stem}")
            english[m.context] = m.id if isinstance(m.id, str) else tuple(m.id)
            areas[m.context] = path.stem
    catalogues = {DEFAULT: english}
    rules = {DEFAULT: get_plural(DEFAULT).plural_expr}
    for folder in sorted(p for p in directory.iterdir() if (p / "LC_MESSAGES").is_dir()):
        code, said = folder.name, {}
        for path in sorted((folder / "LC_MESSAGES").glob("*.po")):
            catalog = _read(path, None)
            rules[code] = catalog.plural_expr if catalog.plural_forms else _cldr(code)
            for m in catalog:
                string = m.string if isinstance(m.string, str) else tuple(m.string)
                done = string if isinstance(string, str) else all(string)  # "": untranslated
                if m.id and m.context in english and not m.fuzzy and done:
                    said[m.context] = string
        catalogues[code] = said
    names = {code: _name(code) for code in catalogues}
    for table, value in (
        (CATALOGUES, catalogues),
        (AREAS, areas),
        (PLURAL_FORMS, rules),
        (LANGUAGES, names),
    ):
        table.clear()
        table.update(value)
    PLURALS.clear()
    PLURALS.update({code: gettext.c2py(rule) for code, rule in rules.items()})
    for code, rule in PLURALS.items():  # the browser's table says each count's form
        if any(rule(n) != rule(PERIOD + n % PERIOD) for n in range(TABLE, 20 * TABLE)):
            raise ValueError(f"{code}'s plural rule is not periodic by {PERIOD} from {TABLE}")


def _cldr(code: str) -> str:
    """A language's plural rule from CLDR (Babel) when its files do not say it."""
    try:
        return get_plural(code).plural_expr
    except (UnknownLocaleError, ValueError):
        return get_plural(DEFAULT).plural_expr


load()

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
    code = lang()
    entry = CATALOGUES[code].get(message)
    if entry is None:
        code, entry = DEFAULT, CATALOGUES[DEFAULT][message]  # a KeyError names an unknown id
    if isinstance(entry, tuple):
        entry = entry[form(code, fields.get("n"), len(entry))]
    return entry.format(**fields)


def template(message: str) -> str | tuple[str, ...]:
    """Message ``message`` in the current language as the catalogue has it, its fields not
    filled in (English when the language lacks it): for a browser, which fills them."""
    return CATALOGUES[lang()].get(message) or CATALOGUES[DEFAULT][message]


def form(code: str, n, forms: int) -> int:
    """Which of ``forms`` plural forms language ``code`` uses for the count ``n``: its
    rule's, for a whole number; the last (the general one) for anything else."""
    try:
        value = float(n)
    except (TypeError, ValueError):
        return forms - 1
    if not value.is_integer():
        return forms - 1
    return min(PLURALS[code](abs(int(value))), forms - 1)


def plural_table(code: str | None = None) -> list[int]:
    """Language ``code``'s (default: the current one's) plural form of each count below
    ``TABLE``: what a browser needs to pick a form as ``t`` does (ui/stage/class_words.mjs,
    ui/export/browser/range.mjs)."""
    rule = PLURALS[code or lang()]
    return [rule(n) for n in range(TABLE)]


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
