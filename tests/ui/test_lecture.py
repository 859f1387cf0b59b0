"""The lecture's scenes: each names fields and options its page has, its link passes the
page's own link check untouched, and the lecture page moves through them."""

import numpy as np
import pytest

import datasets
from ui import lecture, state
from ui.parts.data import link_spec

END = lecture.END


def scene_problems(scene: lecture.Scene) -> list[str]:
    """What is wrong with a scene: a field, an option or a parameter its page does not
    have, a bad step, a last step without its reason."""
    found = []
    try:
        table = lecture.table_of(scene.path)
    except KeyError as exc:
        return [str(exc)]
    for name, value in scene.values.items():
        if name not in table.fields:
            found.append(f"{scene.title}: no field {name!r} on /{scene.path}")
        elif table[name].kind in ("choice", "set") and value not in table[name].labels():
            found.append(f"{scene.title}: {value!r} is not an option of {name!r}")
    if not (scene.step == END or (isinstance(scene.step, int) and scene.step >= 0)):
        found.append(f"{scene.title}: step {scene.step!r}")
    elif scene.step and "step" not in table.fields:
        found.append(f"{scene.title}: /{scene.path} has no step")
    if scene.params and "generator" not in table.fields:
        found.append(f"{scene.title}: /{scene.path} has no generator")
    return found + last_step_problems(scene, "step" in table.fields)


def last_step_problems(scene: lecture.Scene, steps: bool) -> list[str]:
    """A scene's last step: none without a stepped run; else END, or a step not before
    the scene opens (END after a scene that opens at END); always with its reason."""
    last, step = scene.last, scene.step
    if not steps:
        return [] if last is None else [f"{scene.title}: /{scene.path} has no step to end at"]
    if not scene.until:
        return [f"{scene.title}: no reason given for its last step"]
    if last == END:
        return []
    if not isinstance(last, int) or isinstance(last, bool) or step == END or last < step:
        return [f"{scene.title}: last step {last!r} (opens at {step!r})"]
    return []


@pytest.mark.parametrize("scene", lecture.SCENES, ids=lambda s: s.title)
def test_every_scene_is_a_link_its_page_reads_without_a_problem(scene):
    assert scene_problems(scene) == []
    query = lecture.scene_query(scene)
    table = lecture.table_of(scene.path)
    assert query[table.key("presenter")] == "true"
    checked = dict(query)
    assert state.check_link(checked, link_spec(table)) == []
    assert checked == query  # nothing dropped
    assert lecture.scene_link(scene).startswith(f"/{scene.path}?")


def test_a_bad_scene_is_named():
    bad = lecture.Scene("x", "", "", "playground", {"generator": "nope", "colour": 1}, step=-1)
    problems = scene_problems(bad)
    assert len(problems) == 4, problems
    assert any("no reason given for its last step" in p for p in problems)
    assert scene_problems(lecture.Scene("y", "", "", "nowhere")) == ["'no page at /nowhere'"]


@pytest.mark.app
def test_the_lecture_page_lists_the_scenes_and_moves_its_pointer():
    import lab_app

    at = lab_app.open_page("pages/lecture.py")
    assert at.subheader[0].value == "1. " + lecture.SCENES[0].title
    assert at.button(key="lab_lecture_prev").disabled
    lab_app.click(at, "lab_lecture_next")
    assert at.subheader[0].value == "2. " + lecture.SCENES[1].title
    lab_app.click(at, "lab_lecture_prev")
    assert at.subheader[0].value == "1. " + lecture.SCENES[0].title
    for i in range(len(lecture.SCENES)):  # an Open button for every scene
        assert at.button(key=f"lab_lecture_open_{i}").label == "Open"


def textbook_visits(X, y, max_epochs):
    """Every visit of the classic perceptron from w = 0 with eta = 1 in the data's order,
    written out here: (activation, mistake), until a clean epoch or ``max_epochs``."""
    w, b, visits = np.zeros(X.shape[1]), 0.0, []
    for _ in range(max_epochs):
        clean = True
        for xi, yi in zip(X, y, strict=True):
            a = float(xi @ w + b)
            mistake = yi * a <= 0
            visits.append((a, mistake))
            if mistake:
                w, b, clean = w + yi * xi, b + yi, False
        if clean:
            break
    return visits


def pagedowns(visits, opening: int, last: int) -> int:
    """PageDowns from a scene's opening step to the next scene: each is a Step (to the
    visit of the next mistake, or the run's end) until the last step, then one more."""
    mistakes = [t for t, (_, m) in enumerate(visits, start=1) if m]
    cursor, presses = opening, 1
    while cursor < last:
        cursor = next((t for t in mistakes if t > cursor), len(visits))
        presses += 1
    return presses


@pytest.mark.parametrize("scene", lecture.SCENES[:-1], ids=lambda s: s.title)
def test_a_few_pagedowns_reach_the_next_scene_and_the_idea_is_shown(scene):
    """Each scene ends where its idea has been shown (its last step), and a clicker's
    PageDown goes on from there: at most 3 presses from the scene's opening step (the
    README says so; about 390 for the first three scenes when they went on at the run's
    end)."""
    if scene.last is None:  # no stepped run: PageDown opens the next scene at once
        assert "step" not in lecture.table_of(scene.path).fields
        return
    if scene.step == lecture.END:  # opens at the run's end, which is its last step
        assert scene.last == lecture.END and lecture.last_step(scene, 123) == 123
        return
    # A step inside the run: the notes' example, run here by the textbook loop with the
    # page's settings (w = 0, eta = 1, the data's order, its maximum epochs).
    table = lecture.table_of(scene.path)
    assert scene.values["source"] == "examples" and set(scene.values) == {"source", "example"}
    ds = datasets.generate(scene.values["example"])
    visits = textbook_visits(ds.X, ds.y, table["max_epochs"].default)
    last = lecture.last_step(scene, len(visits))
    assert last == scene.last < len(visits)
    assert pagedowns(visits, scene.step, last) <= 3
    assert visits[last - 1][1], "the scene's last step shows an update"


def test_the_tie_scenes_last_step_includes_the_tie_visit():
    scene = next(s for s in lecture.SCENES if s.title == "A tie at zero is a mistake")
    ds = datasets.generate(scene.values["example"])
    visits = textbook_visits(ds.X, ds.y, 1)
    ties = [t for t, (a, _) in enumerate(visits, start=1) if a == 0.0 and t > 1]  # not w = 0
    assert ties == [4] and scene.step <= 4 <= scene.last  # (1, 0) at visit 4 (ERRATA)


def test_the_vector_sum_scene_shows_two_updates_of_opposite_signs():
    scene = lecture.SCENES[0]
    ds = datasets.generate(scene.values["example"])
    visits = textbook_visits(ds.X, ds.y, 2)
    shown = [t for t in range(scene.step, scene.last + 1) if visits[t - 1][1]]
    assert [int(ds.y[(t - 1) % ds.n]) for t in shown] == [-1, +1]  # -x, then +x
