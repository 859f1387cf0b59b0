"""The frames' window: which cursors the browser is sent frames for.

The Steps' cursors come from the notes' loop written here (a mistake is y (w.x + b) <= 0,
then w += y x and b += y), not from the run's own arithmetic.
"""

import numpy as np

import perceptron_core as pc
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
