"""A page in a made-up third language chosen by its link, read from its .po file alone
(``lab_language``), and a language with no file: English, and the link's problem said."""

from __future__ import annotations

import pytest
from lab_app import open_page
from lab_language import catalogue_with_xx

from ui import words


@pytest.fixture
def with_xx(tmp_path):
    with catalogue_with_xx(tmp_path) as locale:
        yield locale


def test_a_page_in_the_made_up_language_by_its_link(with_xx):
    at = open_page(lang="xx")
    assert at.session_state["lab_language"] == "xx"
    assert at.title[0].value == "xx: Plac zabaw"
    box = at.selectbox(key="lab_language_pick")
    assert box.label == "xx: Język"  # the sidebar's Language box, in the language it offers
    assert box.options == ["English", "Deutsch", "xx"]  # CLDR names no "xx": its code


def test_a_language_with_no_file_falls_back_to_english_and_says_so():
    at = open_page(lang="pl")
    warned = " ".join(w.value for w in at.warning)
    assert "lang='pl' is not one of en, de" in warned
    assert at.title[0].value == "Playground"
    assert words.read_choice("pl") is None and words.from_locale("pl-PL") == "en"
