"""ui.stage.hooks: the stage's one seam. A provider registered again replaces itself in its
place; with none registered the stage shows the run to its end and no marks; the entry
point's features (ui.features) hang on every hook the stage used to call them by."""

from __future__ import annotations

import pytest

from ui.stage import hooks
from ui.state.tables import PLAYGROUND


@pytest.fixture
def bare(monkeypatch):
    """The stage with nothing registered (the process's registrations put back after)."""
    for name in ("_LISTENERS", "_MARKS", "_PANELS", "_LAST", "_BOARD", "_OFFERS", "_ASKS"):
        monkeypatch.setattr(hooks, name, {})


def test_without_features_the_stage_shows_the_run_alone(bare):
    step = hooks.Step(PLAYGROUND, "key", 3)
    hooks.stepped(step)  # no listener: nothing happens
    assert hooks.marks(step) == []
    assert hooks.last_of(PLAYGROUND, 40) == 40
    assert hooks.board_click(PLAYGROUND) is None
    assert hooks.board_box("box") == "box"
    assert hooks.offers(PLAYGROUND, None, None, following=False) == {}
    hooks.ask("export", PLAYGROUND, {"seq": 1})  # nobody asked: ignored


def test_listeners_hear_each_step_in_their_order_and_a_second_registration_replaces(bare):
    heard = []
    hooks.on_step("a", lambda s: heard.append(("a", s.cursor)))
    hooks.on_step("b", lambda s: heard.append(("b", s.cursor)))
    hooks.on_step("a", lambda s: heard.append(("a2", s.cursor)))  # the module imported again
    hooks.stepped(hooks.Step(PLAYGROUND, "key", 7))
    assert heard == [("a2", 7), ("b", 7)]


def test_marks_join_and_the_first_scene_end_counts(bare):
    hooks.chart_marks("one", lambda s: [{"name": "m1"}])
    hooks.chart_marks("two", lambda s: [{"name": "m2"}, {"name": "m3"}])
    assert [m["name"] for m in hooks.marks(hooks.Step(PLAYGROUND, "k", 0))] == ["m1", "m2", "m3"]
    hooks.last_step("none", lambda page, total: None)
    hooks.last_step("scene", lambda page, total: total // 2)
    assert hooks.last_of(PLAYGROUND, 40) == 20


def test_an_offer_and_its_ask(bare):
    asked = []

    def offered(page, stepper, layered, *, following):
        return {"prefetch": not following}

    hooks.offer("export", offered, asked=lambda page, value: asked.append(value))
    assert hooks.offers(PLAYGROUND, None, None, following=True) == {"export": {"prefetch": False}}
    hooks.ask("export", PLAYGROUND, {"seq": 2})
    assert asked == [{"seq": 2}]


def test_the_entry_points_features_hang_on_every_hook():
    import ui.features  # noqa: F401  (what app.py imports)

    assert {"class"} <= set(hooks._LISTENERS)
    assert {"class"} <= set(hooks._MARKS)
    assert {"moment"} <= set(hooks._PANELS)
    assert {"lecture"} <= set(hooks._LAST)
    assert "board" in hooks._BOARD
    assert {"export"} <= set(hooks._OFFERS) and {"export"} <= set(hooks._ASKS)
