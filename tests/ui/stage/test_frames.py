"""The frames' window: which cursors the browser is sent frames for.

The Steps' cursors come from the notes' loop written here (a mistake is y (w.x + b) <= 0,
then w += y x and b += y), not from the run's own arithmetic.
"""

import json

import numpy as np

import perceptron_core as pc
from ui.server import cache
from ui.stage.frames import FOLLOW_STEPS_AHEAD, FRAMES_EACH_WAY, window
from ui.stage.stepper import Stepper


def mistake_visits(X, y, epochs):
    """The visits (1-based, counted over the epochs) at which the loop updates."""
    w, b, t, out = np.zeros(X.shape[1]), 0.0, 0, []
    for _ in range(epochs):
        for xi, yi in zip(X, y, strict=True):
            t += 1
            if yi * (w @ xi + b) <= 0:
                w, b = w + yi * xi, b + yi
                out.append(t)
    return out


def test_a_follower_is_sent_its_steps_much_further_on():
    rng = np.random.default_rng(4)
    X = rng.normal(size=(40, 2))
    y = np.where(rng.random(40) < 0.5, 1, -1)  # labels at random: an update at every turn
    run = pc.train(X, y, max_epochs=30)
    steps = mistake_visits(X, y, 30)
    assert len(steps) > FOLLOW_STEPS_AHEAD + 10
    s = Stepper({}, "pg_", run)
    lecturer = window(s)
    follower = window(s, steps=FOLLOW_STEPS_AHEAD)
    assert set(steps[:FRAMES_EACH_WAY]) <= set(lecturer)
    assert steps[FRAMES_EACH_WAY] not in lecturer
    assert set(steps[:FOLLOW_STEPS_AHEAD]) <= set(follower)
    assert steps[FOLLOW_STEPS_AHEAD] not in follower
    # The follower's window is the lecturer's, in the same order, then the further Steps
    # nearest first (the time budget cuts the far end, never the near one).
    assert follower[0] == 0 and follower[: len(lecturer) - 5] == lecturer[: len(lecturer) - 5]
    further = [c for c in follower if c in steps[FRAMES_EACH_WAY:FOLLOW_STEPS_AHEAD]]
    assert further == sorted(further) == steps[FRAMES_EACH_WAY:FOLLOW_STEPS_AHEAD]
    assert len(follower) == len(set(follower))


def _held_run():
    rng = np.random.default_rng(4)
    X = rng.normal(size=(40, 2))
    y = np.where(rng.random(40) < 0.5, 1, -1)  # an update at every turn: a long window
    return pc.train(X, y, max_epochs=30), mistake_visits(X, y, 30)


def _at(t):
    """A picture that says its step: a frame sent must be that step's own."""
    return [], [{"type": "scatter", "x": [t], "y": [t], "name": f"at {t}"}]


def test_a_steps_answer_sends_only_the_frames_the_browser_does_not_hold(monkeypatch):
    from ui.stage import frames
    from ui.state.tables import PLAYGROUND

    state: dict = {}
    monkeypatch.setattr(frames.st, "session_state", state)
    monkeypatch.setattr(frames, "FRAME_BUDGET_S", 60.0)  # the whole window, however slow
    monkeypatch.setattr(frames.cache, "STORE", cache.ByteLRU(10**8, 10**7, 60.0))  # its own
    run, steps = _held_run()
    s = Stepper(state, "pg_", run)
    layered = frames.Layered(scene=([], {}), at=_at)
    # Opened: the whole window is sent.
    sent, moves, _, held = frames.stage_frames(PLAYGROUND, s, layered)
    first = {int(c): f for c, f in json.loads(sent).items()}
    assert sorted(first) == sorted(held["window"]) == sorted(window(s)) == sorted(moves)
    assert steps[0] in first and all(f["over"][0]["x"] == [c] for c, f in first.items())
    # A run no report made (a widget changed; a test with no browser): the whole window.
    sent, _, _, _ = frames.stage_frames(PLAYGROUND, s, layered)
    assert sorted(int(c) for c in json.loads(sent)) == sorted(first)
    # The browser stepped twice and reports the frames it holds (a stray, a bool and a
    # float among them are not cursors).
    frames.took(PLAYGROUND, {"base": held["base"], "held": [*first, True, 1.5, "x"]})
    s.adopt(steps[1], [0, steps[0]])
    sent, moves, _, again = frames.stage_frames(PLAYGROUND, s, layered)
    new = {int(c): f for c, f in json.loads(sent).items()}
    assert sorted(again["window"]) == sorted(window(s)) == sorted(moves)
    assert set(new) == set(window(s)) - set(first)  # only the window's new frames
    assert steps[FRAMES_EACH_WAY + 1] in new and 0 < len(new) < len(first) / 4
    assert all(f["over"][0]["x"] == [c] for c, f in new.items())
    # The same base in another language: a new base, every frame sent again.
    monkeypatch.setattr(frames.words, "lang", lambda: "de")
    sent, _, _, german = frames.stage_frames(PLAYGROUND, s, layered)
    assert german["base"] != held["base"]
    assert sorted(int(c) for c in json.loads(sent)) == sorted(window(s))


def test_a_malformed_report_of_frames_held_is_ignored(monkeypatch):
    from ui.limits import MAX_HELD_FRAMES
    from ui.stage import frames
    from ui.state.tables import PLAYGROUND

    state: dict = {}
    monkeypatch.setattr(frames.st, "session_state", state)
    run, _ = _held_run()
    s = Stepper(state, "pg_", run)
    layered = frames.Layered(scene=([], {}), at=_at)
    _, _, _, held = frames.stage_frames(PLAYGROUND, s, layered)
    record = dict(state["pg_frames_held"])
    for value in (
        {},
        {"base": held["base"]},
        {"base": held["base"], "held": "0,1,2"},
        {"base": 7, "held": [0]},
        {"base": "x" * 1000, "held": [0]},
    ):
        frames.took(PLAYGROUND, value)
        assert state["pg_frames_held"] == record
    # A report names at most MAX_HELD_FRAMES cursors.
    frames.took(PLAYGROUND, {"base": held["base"], "held": list(range(10**5))})
    assert len(state["pg_frames_held"]["cursors"]) == MAX_HELD_FRAMES


def test_a_grid_travels_as_four_byte_floats_and_arrives_as_it_was():
    import base64

    from ui.stage.framing import packed

    rng = np.random.default_rng(0)
    Z = rng.normal(size=(30, 40)) * 1e3
    traces = [
        {"type": "contour", "x": np.arange(40.0), "y": np.arange(30.0), "z": Z},
        {"type": "scatter", "x": np.arange(3.0), "y": np.arange(3.0)},
        {"type": "scatter3d", "z": np.arange(3.0)},  # a 1-D z stays as it is
    ]
    out = packed(traces)
    spec = out[0]["z"]
    assert spec["dtype"] == "f4" and spec["shape"] == "30, 40"
    back = np.frombuffer(base64.b64decode(spec["bdata"]), dtype="<f4").reshape(30, 40)
    np.testing.assert_allclose(back, Z, rtol=1e-7)  # float32's precision, row-major
    assert out[0]["x"] is traces[0]["x"] and out[1] is traces[1] and out[2] is traces[2]
    assert traces[0]["z"] is Z  # the figure itself is left alone
    # On the wire: a quarter of the decimal text's size or less.
    from plotly.io.json import to_json_plotly

    assert len(to_json_plotly(spec)) < len(to_json_plotly(Z)) / 3


def test_heavy_frames_come_nearest_first_within_the_bytes_of_a_run(monkeypatch):
    from ui.stage import frames
    from ui.state.tables import PLAYGROUND

    state: dict = {}
    monkeypatch.setattr(frames.st, "session_state", state)
    monkeypatch.setattr(frames, "FRAME_BUDGET_S", 60.0)
    monkeypatch.setattr(frames.cache, "STORE", cache.ByteLRU(10**8, 10**7, 60.0))  # its own
    run, steps = _held_run()
    s = Stepper(state, "pg_", run)
    grid = np.random.default_rng(1).normal(size=(80, 80))  # a contour's worth a frame

    def heavy(t):
        return [{"type": "contour", "z": grid + t}], _at(t)[1]

    layered = frames.Layered(scene=([], {}), at=heavy)
    sent, _, _, held = frames.stage_frames(PLAYGROUND, s, layered)
    one = len(json.dumps(json.loads(sent)[str(steps[0])]))
    opened = json.loads(sent)
    assert 30_000 < one < 50_000  # packed: 80 x 80 x 4 bytes in base64
    assert len(sent) <= frames.OPEN_FRAME_BYTES + one
    assert len(opened) < len(window(s))  # not the whole window at once
    # Nearest first: the cursor, and the next Steps.
    assert {0, steps[0], steps[1]} <= {int(c) for c in opened}
    assert held["window"] == [int(c) for c in opened]
    frames.took(PLAYGROUND, {"base": held["base"], "held": held["window"]})
    s.adopt(steps[0], [0])
    sent, _, _, again = frames.stage_frames(PLAYGROUND, s, layered)
    assert 0 < len(json.loads(sent)) and len(sent) <= frames.STEP_FRAME_BYTES + one
    assert set(held["window"]) & set(again["window"]) - {int(c) for c in json.loads(sent)}
