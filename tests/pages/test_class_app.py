"""A class through AppTest: Start a class on a stepping page and on /lecture (the join code
and link shown as plain text, the lecturer's secret nowhere on the page or in its link),
each move published to the process's class store, End the class; and /join."""

from __future__ import annotations

from lab_app import click, open_page

from ui.room import codes
from ui.room.default import default_store
from ui.room.rules import Refused


def _elements(node):
    """Every element of the page (its protos), recursively."""
    if getattr(node, "proto", None) is not None:
        yield node
    for child in (getattr(node, "children", {}) or {}).values():
        yield from _elements(child)


def _images(at) -> list:
    return [e for e in _elements(at._tree) if e.type == "image"]


KEEPER = b"perceptron_lab.class_keeper"  # the component keeping the class in the browser
LEADER = b"perceptron_lab.class_leader"  # the one posting the lecturer's steps (classroom)


def _page_bytes(at) -> bytes:
    """Everything the page sends to the browser but the keeper (ui.room.lecturer) and the
    leader (ui.room.classroom), which alone hand the secret to the lecturer's browser,
    drawing nothing."""
    sent = (e.proto.SerializeToString() for e in _elements(at._tree))
    return b"".join(b for b in sent if KEEPER not in b and LEADER not in b)


def _keeper_bytes(at) -> bytes:
    sent = (e.proto.SerializeToString() for e in _elements(at._tree))
    return b"".join(b for b in sent if KEEPER in b)


def _started(path: str, **query):
    at = open_page(path, **query)
    click(at, "lab_class_start")
    return at, at.session_state["lab_class"]


def test_start_a_class_shows_the_code_and_link_as_plain_text_never_the_secret():
    for path in ("pages/playground.py", "pages/lecture.py", "pages/kernel.py"):
        at, opened = _started(path)
        code, secret = opened.code, opened.secret
        assert len(code) == codes.CODE_LENGTH and set(code) <= set(codes.ALPHABET)
        assert [h.value for h in at.header] == [code]  # the code, plain
        assert any(c.value.endswith(f"/join?code={code}") for c in at.code), path
        assert len(_images(at)) == 1  # the QR code
        assert secret not in repr(dict(at.query_params))
        assert secret.encode() not in _page_bytes(at), path
        assert secret.encode() in _keeper_bytes(at), path  # kept by the lecturer's browser
        assert all(secret not in m.value for m in at.markdown)
        # The store knows the class, and only the session's secret moves it.
        assert default_store().state(code)["code"] == code
        default_store().keep_alive(code, secret)
        try:
            default_store().keep_alive(code, "x" + secret)
        except Refused as refused:
            assert refused.status == 403
        else:
            raise AssertionError("a wrong secret was taken")


def test_each_move_is_published_and_end_the_class_ends_it():
    at, opened = _started("pages/playground.py", pg_n="30", pg_seed="3", pg_step="2")
    store = default_store()
    lead = store.state(opened.code)["lead"]
    assert lead["page"] == "playground" and lead["cursor"] == 2 and lead["step"] == "pg_step"
    # The link's data and settings, without the step (the cursor) and presenter mode.
    assert sorted(lead["query"].split("&")) == ["pg_n=30", "pg_seed=3"]
    click(at, "pg_step")
    cursor = at.session_state["pg_cursor"]
    assert cursor > 2
    assert store.state(opened.code)["lead"]["cursor"] == cursor
    click(at, "lab_class_end")
    assert "lab_class" not in at.session_state
    try:
        store.state(opened.code)
    except Refused as refused:
        assert refused.status == 410
    else:
        raise AssertionError("the class is still on")
    assert not _images(at) and not at.header


def test_join_without_a_code_asks_for_one_and_an_unknown_code_says_so():
    at = open_page("pages/join.py")
    assert [t.value for t in at.title] == ["Join a class"]
    assert at.text_input(key="lab_join_code").label == "Join code"
    assert "lab_joined" not in at.session_state
    # A code no class has (a valid form, from the code alphabet), then one of the wrong form.
    unknown = "AAAAAA"
    while True:
        try:
            default_store().state(unknown)
        except Refused:
            break
        unknown = codes.new_code()
    for typed, said in (
        (unknown, "No class has this code. Check the code on the projector."),
        ("<b>x</b>", "A join code is 6 letters and digits, as shown on the projector."),
    ):
        at.text_input(key="lab_join_code").set_value(typed)
        at.button(key="lab_join_go").click().run()
        assert not at.exception
        assert [e.value for e in at.error] == [said]
        assert "lab_joined" not in at.session_state


def test_a_good_code_lands_on_the_lecturers_page_link_and_step():
    lecturer, opened = _started("pages/playground.py", pg_n="30", pg_seed="3")
    click(lecturer, "pg_step")
    click(lecturer, "pg_step")
    cursor = lecturer.session_state["pg_cursor"]
    # Typed in lower case with a hyphen: the code is normalised.
    typed = f"{opened.code[:3].lower()}-{opened.code[3:].lower()}"
    for way in ("typed", "link"):
        if way == "link":
            student = open_page("pages/join.py", code=opened.code)
        else:
            student = open_page("pages/join.py")
            student.text_input(key="lab_join_code").set_value(typed)
            student.button(key="lab_join_go").click().run()
        assert not student.exception
        assert [t.value for t in student.title] == ["Playground"], way
        assert dict(student.query_params) == {
            "pg_n": "30", "pg_seed": "3", "pg_step": str(cursor), "class": opened.code
        }  # fmt: skip
        assert student.session_state["pg_cursor"] == cursor
        assert student.number_input(key="pg_n").value == 30
        code, _, pseudonym = student.session_state["lab_joined"]
        assert code == opened.code
        assert [t.value for t in student.text][0] == (
            f"Following the lecture (code {opened.code}) as {pseudonym}."
        )
        assert opened.secret.encode() not in _page_bytes(student)
    assert default_store().state(opened.code)["students"] == 2


def test_the_follower_knows_the_step_its_page_opened_at():
    """On the page's first run after joining, the follower script is told the step the
    page opens at (the lecture's), not "none yet": the stream's first event then asks no
    rerun of a page that is already there (it asked one, and again 3 s later)."""
    import json
    import re

    lecturer, opened = _started("pages/playground.py", pg_n="30", pg_seed="3")
    click(lecturer, "pg_step")
    cursor = lecturer.session_state["pg_cursor"]
    student = open_page("pages/join.py", code=opened.code)
    bodies = [e.proto.body for e in _elements(student._tree) if e.type == "html"]
    found = [re.search(r'"shown": (\{[^}]*\})', b) for b in bodies]
    shown = [json.loads(m.group(1)) for m in found if m]
    assert shown == [{"page": "playground", "query": "pg_n=30&pg_seed=3", "scene": None,
                      "cursor": cursor}]  # fmt: skip


def test_a_following_student_sees_the_scene_but_the_lecturer_moves_the_scenes():
    """A lecture's scene on a following student's page: its bar says which scene, without
    Previous / Next scene (pressed, the page left the lecture until its next move); a
    student exploring on their own walks the scenes."""
    from ui import lecture

    _, opened = _started("pages/playground.py")
    lead = {"page": "playground", "query": "", "scene": 1, "step": "pg_step", "cursor": 0}
    default_store().move(opened.code, opened.secret, lead)
    student = open_page("pages/join.py", code=opened.code)
    assert not student.exception
    bar = f"**Scene 2 of {len(lecture.SCENES)}:** {lecture.SCENES[1].title}"
    assert bar in [m.value for m in student.markdown]
    keys = {b.key for b in student.button}
    assert "lab_next_scene" not in keys and "lab_prev_scene" not in keys
    student.switch_page("pages/playground.py")  # the page the join opened, for AppTest
    click(student, "lab_detach")
    assert bar in [m.value for m in student.markdown]
    assert {"lab_next_scene", "lab_prev_scene"} <= {b.key for b in student.button}


def test_a_student_is_told_when_the_class_ends_and_follows_no_more():
    lecturer, opened = _started("pages/playground.py")
    student = open_page("pages/join.py", code=opened.code)
    assert "lab_joined" in student.session_state
    click(lecturer, "lab_class_end")
    # The student's next run (the follower's, on the class's "ended" event).
    student.switch_page("pages/playground.py").run()
    assert not student.exception
    assert [i.value for i in student.info] == ["This class has ended."]
    assert "lab_joined" not in student.session_state
    assert not [t.value for t in student.text if t.value.startswith("Following the lecture")]


def test_a_link_to_a_class_gone_counts_one_wrong_code_per_session_not_one_per_run():
    store = default_store()
    window = store.limits.guess_window_s

    def guesses() -> int:  # wrong codes counted, over every client address (the store's)
        return sum(store._used(k, window) for k in list(store._windows) if k.startswith("guess:"))

    unknown = "AAAAAA"
    while True:
        try:
            store.state(unknown)
        except Refused:
            break
        unknown = codes.new_code()
    before = guesses()
    at = open_page("pages/playground.py", **{"class": unknown})
    for _ in range(3):
        at.run()
    assert not at.exception and "lab_joined" not in at.session_state
    assert guesses() - before == 1


def test_a_links_class_that_cannot_be_joined_is_said_on_every_run():
    lecturer, opened = _started("pages/playground.py")
    click(lecturer, "lab_class_end")
    unknown = next(c for c in iter(codes.new_code, None) if default_store()._status(c) is None)
    for code, reason in ((opened.code, "This class has ended."), (unknown, "No class has")):
        at = open_page("pages/playground.py", **{"class": code})
        for _ in range(2):
            at.run()
            assert not at.exception and "lab_joined" not in at.session_state
            (said,) = [w.value for w in at.warning if code in w.value]
            assert said.startswith(f"This link's class {code} was not joined:") and reason in said
    at = open_page("pages/playground.py", lang="de", **{"class": opened.code})
    assert any(w.value.startswith(f"Der Klasse {opened.code} dieses Links") for w in at.warning)
    assert any("Diese Klasse ist beendet." in w.value for w in at.warning)


def test_a_student_is_told_the_class_was_lost_or_their_seat_removed_not_a_wrong_code():
    store = default_store()
    for ending in ("lost", "removed"):
        lecturer, opened = _started("pages/playground.py")
        student = open_page("pages/join.py", code=opened.code)
        _, _, name = student.session_state["lab_joined"]
        if ending == "lost":  # as when Redis restarted without its file
            del store._rooms[opened.code]
        else:
            (seat,) = [s.seat for s in store.seats(opened.code, opened.secret)]
            store.remove_seat(opened.code, opened.secret, seat)
        student.switch_page("pages/playground.py").run()
        assert not student.exception
        said = [i.value for i in student.info]
        if ending == "lost":
            assert said == [
                "This class was lost when the class server restarted: ask the lecturer for "
                "the new code."
            ]
        else:
            assert said == ["The lecturer removed you from this class."]
        assert "lab_joined" not in student.session_state and name


def test_a_join_refused_on_the_join_page_is_a_log_line(caplog):
    import logging

    caplog.set_level(logging.WARNING, logger="perceptron_lab")
    unknown = next(c for c in iter(codes.new_code, None) if default_store()._status(c) is None)
    at = open_page("pages/join.py", code=unknown)
    assert not at.exception and at.error
    lines = [r.getMessage() for r in caplog.records if "class refused" in r.getMessage()]
    assert len(lines) == 1
    assert lines[0].startswith("class refused route=page_join reason=unknown status=404")
    assert f"class={unknown}" in lines[0]


def test_a_student_follows_a_german_lecturers_choices_in_english():
    """The lecture's link carries its options as the lecturer's German page names them; an
    English student's page opens on the same options, named in English, with no word of the
    link (ui.state.check_link renames them)."""
    lecturer, opened = _started(
        "pages/playground.py", lang="de", pg_order="gemischt", pg_generator="Zwei Monde"
    )
    click(lecturer, "pg_step")
    query = default_store().state(opened.code)["lead"]["query"]
    assert "pg_order=gemischt" in query and "pg_generator=Zwei+Monde" in query, query
    student = open_page("pages/join.py", code=opened.code)
    assert not student.exception
    assert student.segmented_control(key="pg_order").value == "shuffle"
    assert student.segmented_control(key="pg_order").options == ["fixed", "shuffled"]
    assert student.selectbox(key="pg_generator").value == "moons"
    assert not [w.value for w in student.warning if "pg_" in w.value]
    assert student.session_state["pg_cursor"] == lecturer.session_state["pg_cursor"]
