"""The lecture's scenes: each names fields and options its page has, its link passes the
page's own link check untouched, and the lecture page moves through them."""

import lab_app
import pytest

from ui import lecture, state
from ui.parts.data import link_spec


@pytest.mark.parametrize("scene", lecture.SCENES, ids=lambda s: s.title)
def test_every_scene_is_a_link_its_page_reads_without_a_problem(scene):
    assert lecture.check(scene) == []
    query = lecture.scene_query(scene)
    table = lecture.table_of(scene.path)
    assert query[table.key("presenter")] == "true"
    checked = dict(query)
    assert state.check_link(checked, link_spec(table)) == []
    assert checked == query  # nothing dropped
    assert lecture.scene_link(scene).startswith(f"/{scene.path}?")


def test_a_bad_scene_is_named():
    bad = lecture.Scene("x", "", "", "playground", {"generator": "nope", "colour": 1}, step=-1)
    problems = lecture.check(bad)
    assert len(problems) == 3, problems
    assert lecture.check(lecture.Scene("y", "", "", "nowhere")) == ["'no page at /nowhere'"]


def test_the_lecture_page_lists_the_scenes_and_moves_its_pointer():
    at = lab_app.open_page("pages/lecture.py")
    assert at.subheader[0].value == "1. " + lecture.SCENES[0].title
    assert at.button(key="lab_lecture_prev").disabled
    lab_app.click(at, "lab_lecture_next")
    assert at.subheader[0].value == "2. " + lecture.SCENES[1].title
    lab_app.click(at, "lab_lecture_prev")
    assert at.subheader[0].value == "1. " + lecture.SCENES[0].title
    for i in range(len(lecture.SCENES)):  # an Open button for every scene
        assert at.button(key=f"lab_lecture_open_{i}").label == "Open"
