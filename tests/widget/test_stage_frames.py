"""The notebook stage's Python half (perceptron_widget): its frames say what a textbook
perceptron loop written here says, a press beyond the frames sent is made here and
answered with frames around it, and what it cannot show is refused in words."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

import perceptron_core as pc
from perceptron_widget import Stage
from perceptron_widget.frames import ALL_FRAMES, StageFrames, run_of

pytest.importorskip("anywidget")


def textbook(X, y, max_epochs: int):
    """Every visit of the notes' perceptron, in order: (w, b, updates so far) after it."""
    w, b, k, out = np.zeros(X.shape[1]), 0.0, 0, []
    for _ in range(max_epochs):
        clean = True
        for i in range(X.shape[0]):
            if y[i] * (w @ X[i] + b) <= 0:
                w, b, k, clean = w + y[i] * X[i], b + y[i], k + 1, False
            out.append((w.copy(), b, k))
        if clean:
            break
    return out


def shown(frame: dict) -> tuple[list[float], int]:
    """w and b as the frame's line of numbers writes them, and its M."""
    line = frame["texts"]["summary"]
    w = re.search(r"w = \(([-−\d.]+), ([-−\d.]+)\), b = ([-−\d.]+)", line)
    M = re.search(r"M = (\d+)", line)
    return [float(v.replace("−", "-")) for v in w.groups()], int(M.group(1))


def small_data():
    X = np.array([[2, 1], [1, 3], [-1, -2], [-2, -1], [3, -1], [-1, 2], [0, -3], [2, 2]], float)
    return X, np.array([1, 1, -1, -1, 1, -1, -1, 1])


def test_every_frame_says_the_textbook_loop():
    X, y = small_data()
    stage = StageFrames(pc.train(X, y, max_epochs=20))
    data = stage.data()
    frames = json.loads(data["frames"])
    visits = textbook(X, y, 20)
    assert sorted(map(int, frames)) == list(range(len(visits) + 1))  # a short run: whole
    for t, (w, b, k) in enumerate(visits, start=1):
        assert shown(frames[str(t)]) == ([*w.tolist(), b], k), t
        assert frames[str(t)]["texts"]["status"].startswith(f"update {k} · ")


def test_a_press_beyond_the_frames_is_made_here():
    rng = np.random.default_rng(3)
    X = rng.normal(size=(60, 2))
    y = np.where(X[:, 0] - 0.3 * X[:, 1] > 0.05, 1, -1)
    run = pc.train(X, y, max_epochs=30)
    assert run.n_visits > ALL_FRAMES  # a long run: frames around the cursor only
    widget = Stage(run)
    frames = json.loads(widget.frames)
    end = run.n_visits
    assert str(end) in frames and str(end - 1) not in frames  # not sent: far from 0
    # Nor visit 30 (the browser test's 30 Visits on this run reach it through Python).
    assert "24" in frames and "30" not in frames
    # The browser at the end presses Back: one visit back, beyond its frames.
    widget.report = {"cursor": end, "history": [], "seq": 1, "move": "back"}
    assert widget.state["cursor"] == end - 1 and widget.state["applied"] == 1
    frames = json.loads(widget.frames)
    w, b, k = textbook(X, y, 30)[end - 2]
    numbers, M = shown(frames[str(end - 1)])
    assert numbers == pytest.approx([*w.tolist(), b], rel=1e-3) and M == k  # 4 digits shown
    # An old or malformed report changes nothing.
    widget.report = {"cursor": 3, "history": [], "seq": 1, "move": None}
    widget.report = {"cursor": "x", "seq": 2}
    assert widget.state["cursor"] == end - 1 and widget.cursor == end - 1


def test_a_fitted_estimator_is_shown_with_its_classes():
    pytest.importorskip("sklearn")
    from perceptron_core.sklearn import Perceptron

    X, y = small_data()
    labels = np.where(y > 0, "spam", "ham")
    model = Perceptron(max_epochs=20).fit(X, labels)
    widget = Stage(model)
    scene = json.loads(widget.scene)
    names = {t.get("name") for t in scene["data"]}
    assert {"-1: ham", "+1: spam"} <= names, names  # classes_[0] is -1
    assert widget.run is model.run_


def test_what_it_cannot_show_is_refused_in_words():
    with pytest.raises(TypeError, match="recorded run .* got list"):
        run_of([1, 2])
    X = np.random.default_rng(0).normal(size=(10, 3))
    with pytest.raises(ValueError, match="two features; this run has 3"):
        run_of(pc.train(X, np.where(X[:, 0] > 0, 1, -1)))
