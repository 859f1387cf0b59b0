"""A third language is a catalogue file, not code: a made-up language ``xx`` written as a
gettext .po (three plural forms with Polish's rule, the Plural-Forms Babel writes for "pl")
beside the lab's own catalogue is read, offered, chosen by a link and spoken on a page,
plurals and all, by the code as it is; a language with no file falls back to English."""

from __future__ import annotations

import pytest
from lab_language import XX, catalogue_with_xx, polish

from ui import words
from ui.export import offer as export
from ui.room import class_words


@pytest.fixture
def with_xx(tmp_path):
    with catalogue_with_xx(tmp_path) as locale:
        yield locale


def test_the_po_file_says_three_forms_with_polish_s_rule(with_xx):
    text = (with_xx / "xx" / "LC_MESSAGES" / "core.po").read_text(encoding="utf-8")
    assert "nplurals=3;" in text and "msgstr[2]" in text


def test_a_made_up_language_is_read_from_its_file_with_its_plural_rule(with_xx):
    assert "xx" in words.LANGUAGES and "xx" in words.CATALOGUES
    assert words.read_choice("xx") == "xx" and words.from_locale("xx-XX") == "xx"
    with words.using("xx"):
        assert words.t("page.playground") == "xx: Plac zabaw"
        for n in (0, 1, 2, 3, 4, 5, 11, 12, 13, 14, 21, 22, 24, 25, 101, 102, 112, 122, 1_000_022):
            forms = XX["bound.epochs"]
            assert words.t("bound.epochs", n=n) == forms[polish(n)].format(n=n), n
        assert words.t("bound.epochs", n=2.5) == "xx: E = 2.5 epok"  # not whole: the general
        # A message the file lacks is said in English, as gettext does.
        assert words.t("settings.heading") == words.CATALOGUES["en"]["settings.heading"]
        # So is one it has with an empty translation, as a translator's tool leaves it.
        assert words.t("settings.notation_help").startswith("The textbook's symbols")
        assert words.plural_table() == [polish(n) for n in range(words.TABLE)]
        # The browser's words carry the rule: the follower's and the Export's.
        assert class_words.follower_words()["plural"] == [polish(n) for n in range(200)]
        offered = export.panel_words()
        assert offered["export.frames"] == list(XX["export.frames"])
        assert offered[export.PLURAL] == [polish(n) for n in range(200)]
    assert words.t("bound.epochs", n=2) == "E = 2 epochs"  # English is as it was
