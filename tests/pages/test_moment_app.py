"""A link to this moment: it reopens the page at the same data, settings and step (checked
by opening it in a fresh session), and "Add to the lecture" makes it the lecturer's own
scene on the Lecture page, which opens it as a scene is opened."""

from urllib.parse import parse_qsl, urlsplit

import lab_app
import pytest
from lab_app import click, status

from ui.parts import moment


def moment_link(at, prefix: str) -> str:
    links = [c.value for c in at.code if f"{prefix}presenter=true" in c.value]
    assert len(links) == 1, [c.value for c in at.code]
    return links[0]


def reopened(link: str):
    parts = urlsplit(link)
    path = "pages" + parts.path + ".py"
    return lab_app.open_page(path, **dict(parse_qsl(parts.query)))


@pytest.mark.parametrize(
    "path, prefix, query, presses",
    [
        ("pages/playground.py", "pg_", {"pg_n": "60", "pg_seed": "3"}, ["pg_step"] * 3),
        ("pages/kernel.py", "kn_", {"kn_degree": "3"}, ["kn_step", "kn_step", "kn_visit"]),
        ("pages/batch.py", "bt_", {"bt_seed": "5"}, ["bt_step", "bt_step"]),
    ],
)
def test_the_link_reopens_the_same_moment_in_a_fresh_session(path, prefix, query, presses):
    at = lab_app.open_page(path, **query)
    for key in presses:
        click(at, key)
    link = moment_link(at, prefix)
    fresh = reopened(link)
    assert status(fresh) == status(at)
    assert urlsplit(link).path == "/" + path.removeprefix("pages/").removesuffix(".py")
    assert not [w.value for w in fresh.warning]  # nothing in it the page cannot read
    # A different moment is a different link.
    click(at, presses[0])
    assert moment_link(at, prefix) != link


def test_added_moments_are_the_lecturers_scenes_and_open_as_scenes():
    at = lab_app.open_page("pages/playground.py", pg_n="50", pg_seed="7")
    click(at, "pg_step")
    click(at, "pg_step")
    stepped = status(at)
    at.text_input(key="pg_moment_title").input("Two updates **bold** <b>x</b>").run()
    click(at, "pg_moment_add")
    mine = at.session_state[moment.MINE]
    assert len(mine) == 1 and mine[0][0] == "Two updates **bold** <b>x</b>"
    assert mine[0][1] == "playground"
    click(at, "pg_end")  # the scene keeps the moment it was added at

    at.switch_page("pages/lecture.py").run()
    assert not at.exception
    # The title is plain text, never Markdown or HTML.
    assert any(t.value.endswith(". Two updates **bold** <b>x</b>") for t in at.text)
    click(at, "lab_mine_open_0")
    for _ in range(3):  # the hop through a clean lecture run, then the page
        if "lab_open_scene" in at.session_state and at.session_state["lab_open_scene"]:
            at.run()
    assert status(at) == stepped
    assert at.session_state["lab_presenter"] is True

    at.switch_page("pages/lecture.py").run()
    click(at, "lab_mine_remove_0")
    assert at.session_state[moment.MINE] == ()


def test_a_session_keeps_at_most_MOST_scenes_newest_last(monkeypatch):
    monkeypatch.setattr(moment, "MOST", 3)  # AppTest runs the script in this process
    at = lab_app.open_page("pages/playground.py")
    click(at, "pg_step")
    for i in range(moment.MOST + 2):
        at.text_input(key="pg_moment_title").input(f"scene {i}").run()
        click(at, "pg_moment_add")
    mine = at.session_state[moment.MINE]
    assert len(mine) == moment.MOST
    assert [m[0] for m in mine] == ["scene 2", "scene 3", "scene 4"]


UPLOADED = "The uploaded file is not in the link"


@pytest.mark.parametrize("lang, said", [("en", UPLOADED), ("de", "Die hochgeladene Datei")])
def test_a_moment_of_an_uploaded_file_says_the_file_is_not_in_its_link(lang, said):
    data = (lab_app.ROOT / "tests" / "data" / "playground_good.csv").read_bytes()
    upload = "Upload" if lang == "en" else "Hochladen"
    at = lab_app.open_page(None, pg_source=upload, lang=lang)
    assert not [c.value for c in at.caption if c.value.startswith(said)]  # no file yet
    at.file_uploader(key="pg_upload").upload("playground_good.csv", data, "text/csv").run()
    click(at, "pg_step")
    assert [c.value for c in at.caption if c.value.startswith(said)]
    at.segmented_control(key="pg_source").set_value("generate").run()
    assert not [c.value for c in at.caption if c.value.startswith(said)]
