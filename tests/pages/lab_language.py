"""A made-up third language ``xx`` written as a translator's gettext .po file beside the
lab's catalogue (tests/ui/test_words_languages.py, tests/pages/test_third_language_app.py):
three plural forms with Polish's rule, the Plural-Forms Babel writes for "pl"."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from babel.messages.plurals import get_plural

from ui import words


def polish(n: int) -> int:
    """Polish's plural form of a count, as a grammar book states it: one (1), few (2-4 after
    any tens but the teens 12-14), many (the rest)."""
    if n == 1:
        return 0
    return 1 if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else 2


XX = {  # message id -> the made-up language's text (its words are Polish, marked "xx:")
    "page.playground": "xx: Plac zabaw",
    "settings.language": "xx: Język",
    "bound.epochs": ("xx: E = {n} epoka", "xx: E = {n} epoki", "xx: E = {n} epok"),
    "export.frames": ("{n} klatka", "{n} klatki", "{n} klatek"),
    "settings.notation_help": "",  # not translated yet (as ``pybabel init`` leaves them)
}


def po_file(plural_forms: str) -> str:
    """The made-up language's catalogue as a translator's tool writes one: a header, then
    each message by its id (msgctxt) with the English (msgid) and its translation."""
    out = [
        'msgid ""',
        'msgstr ""',
        '"Language: xx\\n"',
        '"Content-Type: text/plain; charset=utf-8\\n"',
        f'"Plural-Forms: {plural_forms}\\n"',
        "",
    ]
    for message, said in XX.items():
        english = words.CATALOGUES["en"][message]
        out += ["#, python-brace-format", f"msgctxt {json.dumps(message)}"]
        if isinstance(said, str):
            out += [
                f"msgid {json.dumps(english, ensure_ascii=False)}",
                f"msgstr {json.dumps(said, ensure_ascii=False)}",
            ]
        else:
            out += [
                f"msgid {json.dumps(english[0], ensure_ascii=False)}",
                f"msgid_plural {json.dumps(english[1], ensure_ascii=False)}",
            ]
            out += [f"msgstr[{k}] {json.dumps(f, ensure_ascii=False)}" for k, f in enumerate(said)]
        out.append("")
    return "\n".join(out)


@contextmanager
def catalogue_with_xx(tmp_path: Path) -> Iterator[Path]:
    """The lab's catalogue with a .po for ``xx`` beside it, read as the lab reads its own
    (``ui.words.load``) inside the block; the lab's own after it."""
    locale = tmp_path / "locale"
    shutil.copytree(words.LOCALE, locale)
    folder = locale / "xx" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "core.po").write_text(po_file(get_plural("pl").plural_forms), encoding="utf-8")
    words.load(locale)
    try:
        yield locale
    finally:
        words.load()
