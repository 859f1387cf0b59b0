"""The stepper: Step, Visit, Back, Epoch, Run to end, Reset, Play and scrub over a real run.

Where a move lands is checked against the ERRATA hand trace and a textbook loop, not
against the stepper's own arithmetic.
"""

import numpy as np
import pytest

import perceptron_core as pc
from ui.stage.stepper import MOVES, Stepper

X4 = np.array([[1.0, 1.0], [2.0, 2.0], [1.0, 2.0], [2.0, 1.0]])  # ERRATA example 1
Y4 = np.array([1, 1, -1, -1])


def stepper(run=None, **session):
    return Stepper(dict(session), "pg_", run)


def test_moves_follow_the_errata_trace():
    run = pc.train(X4, Y4, max_epochs=3)
    s = stepper(run)
    # ERRATA.md, example 1: mistakes at the 1st and 3rd visits of epoch 1 (w = (0,-1), b = 0
    # after them), then a mistake on (1, 1) opening epoch 2; never a clean pass.
    s.move("step")
    assert s.cursor == 1
    s.move("step")
    assert s.cursor == 3
    np.testing.assert_array_equal(run.weights(run.updates_before_visit(3))[0], [0.0, -1.0])
    s.move("step")
    assert s.cursor == 5
    s.move("visit")
    assert s.cursor == 6
    s.move("epoch")
    assert s.cursor == 8
    s.move("end")
    assert s.cursor == 12 == run.n_visits and s.at_end
    s.move("step")  # nothing further: stays at the end, no new history
    assert s.cursor == 12 and s.session["pg_history"] == [0, 1, 3, 5, 6, 8]


def test_back_undoes_moves_exactly_and_reset_forgets():
    run = pc.train(X4, Y4, max_epochs=3)
    s = stepper(run)
    for move in ("step", "epoch", "end"):
        s.move(move)
    assert s.cursor == 12
    s.move("back")
    assert s.cursor == 4
    s.move("back")
    assert s.cursor == 1
    s.move("back")
    assert s.cursor == 0 and not s.can_back
    s.move("back")  # nothing to undo at 0: stays
    assert s.cursor == 0
    s.go(7)
    s.move("reset")
    assert s.cursor == 0 and s.session["pg_history"] == [] and s.at_start
    s.session["pg_history"].clear()
    s.go(3)
    s.session["pg_history"].clear()
    s.move("back")  # no history: one visit back
    assert s.cursor == 2


def test_play_ticks_by_its_unit_and_stops_at_the_end():
    X = np.array([[1.0, 0.2], [-1.0, 0.1], [0.5, -1.0], [-0.3, 0.9]])
    y = np.array([1, -1, 1, -1])
    run = pc.train(X, y, max_epochs=10)
    s = stepper(run)
    s.toggle_play()
    assert s.playing
    frames = []
    while s.tick("update"):
        frames.append(s.cursor)
    assert frames == sorted(set(frames)) and not s.playing and s.at_end
    assert frames[:2] == [int(v) + 1 for v in run.update_visit[:2]]  # the mistakes
    s.toggle_play()  # from the end, Play starts again from the start
    assert s.playing and s.cursor == 0
    s.move("visit")  # any move pauses
    assert not s.playing and s.cursor == 1


def test_a_batch_step_and_a_cursor_out_of_range():
    rng = np.random.default_rng(5)
    X = rng.normal(size=(20, 2))
    y = np.where(X[:, 0] - X[:, 1] > 0.1, 1, -1)
    run = pc.train(X, y, variant="batch", eta=0.1, max_epochs=5)
    s = stepper(run, pg_cursor=10**9)  # a cursor from a damaged link: clamped
    assert s.cursor == run.n_visits
    s.reset()
    s.move("step")
    assert s.cursor == 20  # the end of the first epoch: a batch update lands there
    assert stepper(None, pg_cursor="x").cursor == 0
    with pytest.raises(ValueError, match="move must be one of"):
        s.move("leap")
    assert set(MOVES) == {"step", "visit", "back", "epoch", "end", "reset"}


def test_the_plan_names_every_buttons_target_and_state():
    # What the browser is sent for each cursor, by name: the ERRATA trace's landings from
    # 0 (Step at the 1st visit, Epoch at the end of epoch 1 = 4 visits, the run's 12
    # visits) and from its end; the buttons off where their move goes nowhere.
    run = pc.train(X4, Y4, max_epochs=3)
    s = stepper(run)
    start = s.plan(0)
    assert start["to"] == {"step": 1, "visit": 1, "back": 0, "epoch": 4, "end": 12, "reset": 0}
    assert sorted(start["off"]) == ["back", "reset"]
    assert s.plan(3)["to"]["step"] == 5 and s.plan(3)["off"] == []
    end = s.plan(12)
    assert end["to"]["back"] == 11 and sorted(end["off"]) == ["end", "epoch", "step", "visit"]
    # The buttons drawn by the server: Back is on at 0 while there is a move to undo.
    assert s.disabled() == {
        "step": False, "visit": False, "back": True, "epoch": False, "end": False, "reset": True
    }  # fmt: skip
    s.go(7)
    s.go(0)
    assert s.disabled()["back"] is False and s.disabled()["reset"] is True
    s.move("back")
    assert s.cursor == 7
