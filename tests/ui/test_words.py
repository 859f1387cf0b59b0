"""The lab's message catalogue (ui.words): every message in both languages with the same
format fields, plural forms as pairs, the lookup, and the browser's language read."""

from __future__ import annotations

from string import Formatter

import pytest

from ui import words


def fields_of(entry: str | tuple[str, str]) -> set[str]:
    """The format fields a message uses (both forms of a plural)."""
    forms = entry if isinstance(entry, tuple) else (entry,)
    return {name for form in forms for _, name, _, _ in Formatter().parse(form) if name}


def test_every_message_has_both_languages_and_the_same_fields():
    en, de = words.CATALOGUES["en"], words.CATALOGUES["de"]
    assert set(en) == set(de), sorted(set(en) ^ set(de))
    for key in en:
        assert fields_of(en[key]) == fields_of(de[key]), key
        assert isinstance(en[key], tuple) == isinstance(de[key], tuple), key
        forms = de[key] if isinstance(de[key], tuple) else (de[key],)
        assert all(f.strip() for f in forms), key


def test_a_german_message_is_not_the_english_one_except_symbols_and_names():
    # Names and symbols that are the same in German (the pages' names, an equation).
    same = {"settings.notation", "page.kernel", "page.batch", "page.online", "key.pause",
            "data.generator", "data.seed", "data.new_help", "run.start", "run.kernel",
            "draw.neg", "ls.criterion_jp", "choice.kernel.linear", "choice.kernel.rbf",
            "choice.axes.linear"}  # fmt: skip
    en, de = words.CATALOGUES["en"], words.CATALOGUES["de"]
    assert [k for k in en if en[k] == de[k] and k not in same] == []


def test_the_lookup_fills_fields_and_picks_the_language():
    assert words.t("status.update", k="1,000") == "update 1,000"
    with words.using("de"):
        assert words.t("status.example", i="3", n="1,000") == "Beispiel 3 von 1,000"
    assert words.lang() == "en"
    with pytest.raises(ValueError):
        with words.using("fr"):
            pass
    with pytest.raises(KeyError):
        words.t("no.such.message")


def test_plural_forms_pick_by_n():
    words.CATALOGUES["en"]["test.plural"] = ("{n} epoch", "{n} epochs")
    try:
        assert words.t("test.plural", n=1) == "1 epoch"
        assert words.t("test.plural", n=2) == "2 epochs"
    finally:
        del words.CATALOGUES["en"]["test.plural"]


@pytest.mark.parametrize(
    ("locale", "code"),
    [("de-DE", "de"), ("de", "de"), ("de_AT", "de"), ("en-GB", "en"), ("fr-FR", "en"),
     (None, "en"), ("", "en")],
)  # fmt: skip
def test_the_browser_language_picks_german_or_english(locale, code):
    assert words.from_locale(locale) == code


def test_a_link_language_is_read_or_refused():
    assert words.read_choice(" DE ") == "de" and words.read_choice("xx") is None
