"""Fold the lab's words written as Python modules (the catalogue's old format) into its
gettext catalogue: ``ui/words/locale/<area>.pot`` (English, the source) and
``ui/words/locale/<lang>/LC_MESSAGES/<area>.po`` (each translation).

The old format was one module per area and language, ``<dir>/en/<area>.py`` and
``<dir>/de/<area>.py``, each with a ``WORDS`` dict of message id -> template, or (one,
more) for a count. Each entry becomes a message whose context (msgctxt) is its id, whose
msgid is the English and whose msgstr is the translation; a pair becomes msgid_plural and
msgstr[n]. The comments above an entry become its extracted comment (``#.``).

Re-runnable: an id already in the catalogue is left as it is (a differing text is reported;
``--replace`` takes the module's), a new id is added at the end of its area's file, so
modules another branch still writes in the old format fold in after a merge:

    python tools/words_to_po.py                  # ui/words/en|de/*.py, if any are left
    python tools/words_to_po.py --modules DIR    # DIR/en/*.py and DIR/de/*.py
    python tools/words_to_po.py --remove         # and delete the modules folded in
"""

from __future__ import annotations

import argparse
import ast
import io
import runpy
import sys
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "ui" / "words" / "locale"
SOURCE = "en"  # the language of the msgids
FLAG = "python-brace-format"  # fields are str.format's: {n:,}, {name}
DATE = datetime(2026, 11, 29, tzinfo=UTC)  # fixed: a re-run writes the same bytes


def module_entries(path: Path) -> list[tuple[str, str | tuple, list[str]]]:
    """(id, template or forms, comments above it) of the ``WORDS`` dict in ``path``, in its
    order (the module is run: some entries are built from shared parts)."""
    words = runpy.run_path(str(path))["WORDS"]
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    node = next(
        n.value
        for n in ast.walk(ast.parse(source))
        if isinstance(n, ast.Assign | ast.AnnAssign)
        and getattr(n.targets[0] if isinstance(n, ast.Assign) else n.target, "id", "") == "WORDS"
    )
    comments, after = {}, node.lineno  # the comments between an entry and the one before
    for key, value in zip(node.keys, node.values, strict=True):
        above = [
            line.strip().lstrip("#").strip(" -")
            for line in lines[after : (key or value).lineno - 1]
            if line.strip().startswith("#")
        ]
        trailing = lines[value.end_lineno - 1].split("  # ", 1)
        if len(trailing) == 2 and trailing[0].rstrip().endswith((",", "(")):
            above.append(trailing[1].strip())
        if isinstance(key, ast.Constant):
            comments[key.value] = [c for c in above if c]
        after = value.end_lineno
    return [(k, v, comments.get(k, [])) for k, v in words.items()]


def empty(locale: str | None, area: str) -> Catalog:
    return Catalog(
        locale=locale,
        domain=area,
        project="Perceptron Lab",
        version="1",
        header_comment=f"# Perceptron Lab: the words of the area {area!r}.",
        creation_date=DATE,
        revision_date=DATE,
        charset="utf-8",
        fuzzy=False,
    )


def read(path: Path, locale: str | None, area: str) -> Catalog:
    if not path.exists():
        return empty(locale, area)
    with path.open("rb") as f:
        return read_po(f, locale=locale, domain=area)


def write(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    buf = io.BytesIO()
    write_po(buf, catalog, width=0, no_location=True, omit_header=False)
    path.write_bytes(buf.getvalue())


def fold(modules: Path, replace: bool = False, locale: Path = LOCALE) -> list[Path]:
    """Every area module under ``modules`` folded into the catalogue in ``locale``; the
    modules read."""
    read_modules = []
    for english_path in sorted((modules / SOURCE).glob("*.py")):
        area = english_path.stem
        if area.startswith("_"):
            continue
        english = module_entries(english_path)
        pot_path = locale / f"{area}.pot"
        pot = read(pot_path, None, area)
        translations = {}
        for lang_dir in sorted(p for p in modules.iterdir() if p.is_dir() and p.name != SOURCE):
            path = lang_dir / f"{area}.py"
            if path.exists():
                translations[lang_dir.name] = ({k: v for k, v, _ in module_entries(path)}, path)
        catalogs = {
            code: read(locale / code / "LC_MESSAGES" / f"{area}.po", code, area)
            for code in translations
        }
        for message, text, comments in english:
            msgid = text if isinstance(text, str) else tuple(text)
            old = _by_context(pot, message)
            if old is not None and old.id != msgid:
                print(f"{area}: {message}: the English differs", file=sys.stderr)
                if not replace:
                    continue
            if old is None or replace:
                if old is not None:
                    pot.delete(old.id, context=message)
                pot.add(
                    msgid,
                    "" if isinstance(text, str) else ("", ""),
                    auto_comments=comments,
                    flags=[FLAG],
                    context=message,
                )
            for code, (entries, path) in translations.items():
                said = entries.get(message)
                if said is None:
                    print(f"{area}: {message}: no {code} in {path}", file=sys.stderr)
                    continue
                catalog = catalogs[code]
                found = _by_context(catalog, message)
                string = said if isinstance(said, str) else tuple(said)
                if found is not None and found.string != string:
                    print(f"{area}: {message}: the {code} differs", file=sys.stderr)
                    if not replace:
                        continue
                if found is None or replace:
                    if found is not None:
                        catalog.delete(found.id, context=message)
                    catalog.add(
                        msgid, string, auto_comments=comments, flags=[FLAG], context=message
                    )
        write(pot, pot_path)
        for code, catalog in catalogs.items():
            write(catalog, locale / code / "LC_MESSAGES" / f"{area}.po")
        read_modules += [english_path, *(path for _, path in translations.values())]
    return read_modules


def _by_context(catalog: Catalog, context: str):
    return next((m for m in catalog if m.id and m.context == context), None)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--modules",
        type=Path,
        default=ROOT / "ui" / "words",
        help="the folder of the en/ and de/ area modules",
    )
    parser.add_argument(
        "--replace",
        action="store_true",
        help="an id already in the catalogue takes the module's text",
    )
    parser.add_argument("--remove", action="store_true", help="delete the modules folded in")
    parser.add_argument("--locale", type=Path, default=LOCALE, help="the catalogue's folder")
    args = parser.parse_args(argv)
    done = fold(args.modules, args.replace, args.locale)
    if args.remove:
        for path in done:
            path.unlink()
    print(f"{len(done)} modules folded into {args.locale}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
