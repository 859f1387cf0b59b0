"""A widget's value read back as its option (ui.stage.widgets.option_of): Streamlit may hand a
choice back by the name it was shown with, in the language the user has just left."""

from __future__ import annotations

from ui import notation, words
from ui.parts.style import THEMES
from ui.stage.widgets import option_of
from ui.words import t


def theme_name(key: str) -> str:
    return t(f"theme.{key}")


def test_an_option_is_itself():
    assert option_of("dark", THEMES, theme_name) == "dark"


def test_a_name_in_either_language_is_its_option_whatever_the_language_now():
    for now in words.CATALOGUES:
        with words.using(now):
            assert option_of("Dunkel", THEMES, theme_name) == "dark"
            assert option_of("Dark", THEMES, theme_name) == "dark"
            assert option_of("Hell", THEMES, theme_name) == "light"


def test_the_settings_boxes_names_are_read_back():
    assert option_of("Deutsch", words.LANGUAGES, words.LANGUAGES.__getitem__) == "de"
    name = notation.NAMES["theta"]
    assert option_of(name, notation.NOTATIONS, notation.NAMES.__getitem__) == "theta"


def test_a_value_that_is_no_option_and_no_name_is_none():
    assert option_of("Klingon", THEMES, theme_name) is None
    assert option_of(None, words.LANGUAGES, words.LANGUAGES.__getitem__) is None
