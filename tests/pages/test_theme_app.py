"""The lab's theme through the whole app (AppTest): the link's theme= is the lab's for every
page, the sidebar's Theme changes it and writes it to the link, a bad value is named and
the default (auto) used."""

from __future__ import annotations

from lab_app import open_page

from ui.state import lab


def test_a_link_with_theme_dark_is_the_labs_on_every_page():
    at = open_page(theme="dark")
    assert at.session_state[lab.THEME] == "dark"
    assert at.radio(key=lab.THEME_PICK).value == "dark"
    at.switch_page("pages/kernel.py").run()
    assert not at.exception
    assert at.session_state[lab.THEME] == "dark" and at.query_params["theme"] == "dark"


def test_the_sidebar_sets_the_theme_and_the_link_carries_it():
    at = open_page()
    assert at.session_state[lab.THEME] == "auto" and "theme" not in at.query_params
    at.radio(key=lab.THEME_PICK).set_value("dark").run()
    assert not at.exception
    assert at.session_state[lab.THEME] == "dark" and at.query_params["theme"] == "dark"
    at.radio(key=lab.THEME_PICK).set_value("auto").run()
    assert at.session_state[lab.THEME] == "auto" and "theme" not in at.query_params


def test_a_bad_theme_in_the_link_is_named_and_the_default_used():
    at = open_page(theme="<b>purple</b>")
    assert at.session_state[lab.THEME] == "auto"
    said = [w.value for w in at.warning]
    assert any(
        "theme='\\<b\\>purple\\</b\\>' is not one of auto, light, dark" in w for w in said
    ), said
