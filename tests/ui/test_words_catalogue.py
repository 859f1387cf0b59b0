"""The catalogue's files (ui/words/locale): each translation is of the English as it is now
and complete, and words written in the old format (one Python module per area and
language) fold into it with tools/words_to_po.py, again and again to the same bytes."""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from ui import words

ROOT = Path(__file__).resolve().parents[2]


def _catalog(path: Path):
    with path.open("rb") as f:
        return read_po(f)


def _converter():
    spec = importlib.util.spec_from_file_location("words_to_po", ROOT / "tools" / "words_to_po.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


AREAS = sorted(p.stem for p in words.LOCALE.glob("*.pot"))


@pytest.mark.parametrize("area", AREAS)
def test_each_german_file_translates_its_area_s_english_as_it_is_now(area):
    english = {m.context: m.id for m in _catalog(words.LOCALE / f"{area}.pot") if m.id}
    german = _catalog(words.LOCALE / "de" / "LC_MESSAGES" / f"{area}.po")
    assert german.num_plurals == 2
    said = {m.context: m for m in german if m.id}
    assert set(said) == set(english)
    for message, m in said.items():
        assert m.id == english[message], message  # a changed English needs a new German
        assert not m.fuzzy and (m.string if isinstance(m.string, str) else all(m.string)), message
        if isinstance(m.id, tuple):
            assert len(m.string) == german.num_plurals, message


def test_an_area_s_words_are_in_its_own_file_only():
    assert len(AREAS) > 10
    assert words.AREAS["settings.heading"] == "core"
    assert words.AREAS["run.both_classes"] == "compute"
    assert sorted(set(words.AREAS.values())) == AREAS


def test_the_browser_s_english_chart_names_are_the_catalogue_s():
    """ui/stage/access.mjs names a chart in English when no words come with it (a chart
    outside the lab's pages): the same sentences as the catalogue's chart.aria*."""
    source = (ROOT / "ui" / "stage" / "access.mjs").read_text(encoding="utf-8")
    joined = source.replace('" +\n    "', "")
    for message in ("chart.aria", "chart.aria_titled", "chart.aria_stage"):
        assert f'"{words.CATALOGUES["en"][message]}"' in joined, message


def test_words_in_the_old_format_fold_into_the_catalogue(tmp_path):
    locale = tmp_path / "locale"
    shutil.copytree(words.LOCALE, locale)
    modules = tmp_path / "modules"
    for code, entries in {
        "en": '"test.sentence": "A new sentence with {value} in it.",\n'
        '    "test.count": ("{n} apple", "{n} apples"),',
        "de": '"test.sentence": "Ein neuer Satz mit {value} darin.",\n'
        '    "test.count": ("{n} Apfel", "{n} Äpfel"),',
    }.items():
        (modules / code).mkdir(parents=True)
        (modules / code / "core.py").write_text(
            "WORDS = {\n"
            "    # ------------------------------------------------ a branch's new words\n"
            f"    {entries}\n"
            "}\n",
            encoding="utf-8",
        )
    convert = _converter()
    assert len(convert.fold(modules, locale=locale)) == 2
    before = {p: p.read_bytes() for p in sorted(locale.rglob("*.po*"))}
    convert.fold(modules, locale=locale)  # again: nothing changes
    assert {p: p.read_bytes() for p in sorted(locale.rglob("*.po*"))} == before
    text = (locale / "de" / "LC_MESSAGES" / "core.po").read_text(encoding="utf-8")
    assert '#. a branch\'s new words\n#, python-brace-format\nmsgctxt "test.sentence"' in text
    words.load(locale)
    try:
        assert words.t("test.sentence", value=3) == "A new sentence with 3 in it."
        assert words.t("test.count", n=1) == "1 apple"
        with words.using("de"):
            assert words.t("test.sentence", value=3) == "Ein neuer Satz mit 3 darin."
            assert [words.t("test.count", n=n) for n in (1, 2)] == ["1 Apfel", "2 Äpfel"]
            assert words.t("settings.heading") == "Notation und Sprache"  # kept as it was
    finally:
        words.load()
    assert not words.has("test.sentence")


def test_no_page_types_a_sentence_of_its_own():
    """pages/*.py and app.py say every sentence through the catalogue: no string in them
    (docstrings aside) holds three words in a row."""
    import ast
    import re

    sentence = re.compile(r"[A-Za-z]{2,}(?: [A-Za-z]{2,}){2,}")
    typed = []
    for path in [*sorted((ROOT / "pages").glob("*.py")), ROOT / "app.py"]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.FunctionDef | ast.ClassDef)
            and node.body
            and isinstance(node.body[0], ast.Expr)
        }
        typed += [
            f"{path.name}:{node.lineno}: {node.value[:60]!r}"
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docs
            and sentence.search(node.value)
        ]
    assert typed == []
