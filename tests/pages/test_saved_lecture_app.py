"""A lecture that lasts, through AppTest: the lecturer's scenes added on a page are saved on
the course server; the link (an id, never the scenes) opens them in another session, the
way another computer would; the downloaded file holds the same scenes; a link typed by
hand or by an attacker is refused with a plain message and the scenes stay."""

from __future__ import annotations

import logging
from urllib.parse import parse_qs, urlsplit

from lab_app import click, open_page
from md_oracle import text_of

from ui.server import lectures


def _with_scenes():
    at = open_page("pages/playground.py", pg_n="30", pg_seed="3", pg_step="4")
    at.text_input(key="pg_moment_title").set_value("Four steps on thirty *points*").run()
    click(at, "pg_moment_add")
    at.switch_page("pages/lecture.py").run()
    return at


def test_saved_on_the_server_the_scenes_open_from_their_link_in_another_session():
    at = _with_scenes()
    mine = at.session_state["lab_custom_scenes"]
    assert [t for t, _, _ in mine] == ["Four steps on thirty *points*"]
    click(at, "lab_lecture_save")
    lecture_id = at.session_state["lab_lecture_saved"]
    link = next(c.value for c in at.code if "saved=" in c.value)
    assert parse_qs(urlsplit(link).query)["saved"] == [lecture_id]
    assert "Four steps" not in link  # the link is the id only
    # The file the download button gives holds the same scenes.
    assert lectures.parse(lectures.dump(mine), ["playground"]) == tuple(mine)

    other = open_page("pages/lecture.py", saved=lecture_id)  # another computer
    assert other.session_state["lab_custom_scenes"] == tuple(mine)
    assert any("1 scene opened" in s.value for s in other.success)
    titles = [t.value for t in other.text]
    assert any(t.endswith("Four steps on thirty *points*") for t in titles)  # plain text
    # Open: the scene's page, data and step.
    click(other, "lab_mine_open_0")
    assert other.session_state["pg_cursor"] == 4


def test_a_link_typed_by_hand_or_an_attacker_is_refused_and_the_scenes_stay():
    at = _with_scenes()
    before = at.session_state["lab_custom_scenes"]
    for typed in ("nope", "A" * 22, "' OR 1=1 --", "<script>x</script>", "[a](javascript:x)"):
        at.query_params["saved"] = typed
        at.run()
        assert not at.exception
        assert at.session_state["lab_custom_scenes"] == before
        errors = [e.value for e in at.error]
        assert errors and ("not a link" in errors[0] or "No saved lecture" in errors[0])
        assert "<script>" not in errors[0] and "](" not in errors[0]


def test_past_the_sessions_cap_saving_is_refused_plainly_logged_and_the_link_kept(
    monkeypatch, caplog
):
    monkeypatch.setattr(lectures, "SESSION_SAVES", 2)
    at = _with_scenes()
    click(at, "lab_lecture_save")
    click(at, "lab_lecture_save")
    second = at.session_state["lab_lecture_saved"]
    with caplog.at_level(logging.INFO, logger="perceptron_lab"):
        click(at, "lab_lecture_save")
    assert not at.exception
    assert [text_of(e.value) for e in at.error] == [
        "This browser session has saved 2 lectures on the server, the most one session "
        "keeps: download this one instead."
    ]
    assert at.session_state["lab_lecture_saved"] == second  # its link is still shown
    assert any(f"saved={second}" in c.value for c in at.code)
    lines = [r.getMessage() for r in caplog.records if r.name == "perceptron_lab"]
    refusals = [m for m in lines if m.startswith("refused route=lecture_save")]
    assert len(refusals) == 1 and "reason=session_cap" in refusals[0], lines
    saver = at.session_state["lab_lecture_saver"][:12]
    assert refusals[0] == f"refused route=lecture_save reason=session_cap session={saver} address=-"


def test_the_refusal_is_said_in_german_on_a_german_page(monkeypatch):
    monkeypatch.setattr(lectures, "SESSION_SAVES", 0)
    at = open_page("pages/playground.py", pg_n="30", pg_seed="3", pg_step="4", lang="de")
    at.text_input(key="pg_moment_title").set_value("Vier Schritte").run()
    click(at, "pg_moment_add")
    at.switch_page("pages/lecture.py").run()
    click(at, "lab_lecture_save")
    assert [text_of(e.value) for e in at.error] == [
        "Diese Browsersitzung hat 0 Vorlesungen auf dem Server gespeichert, mehr behält der "
        "Server von einer Sitzung nicht: laden Sie diese stattdessen herunter."
    ]
