"""The convergence note (the perceptron's line against u*) sits in the chart's emptiest
corner, and never on the w arrow's label: on a phone "w (×0.99)" was drawn under it."""

from __future__ import annotations

import math

import numpy as np

from ui.charts import layers
from ui.charts.arrows import ArrowFrame
from ui.charts.geometry import Box
from ui.charts.playground import Playground, max_margin_note

BOX = Box(-2.0, 2.0, -2.0, 2.0)


def test_the_note_leaves_the_w_label_s_corner_for_the_next_emptiest():
    # The top right is the emptiest corner, and w = (1, 1) points into it (its label at
    # its tip, (1.5, 1.5) at a scale of 1.5).
    X = np.array([[-1.5, -1.0], [-1.0, -1.5], [1.5, -0.5], [1.7, -1.6], [-0.5, 1.5]])
    y = np.array([-1, -1, 1, 1, 1])
    w, b = np.array([1.0, 1.0]), 0.0
    u = np.array([0.0, 1.0, 1.0]) / math.sqrt(2.0)
    scene = layers.Scene(X, y, BOX)
    frame = ArrowFrame((0.0, 0.0), 1.5)
    chart = Playground(scene, (u, 0.01), frame, None)
    (note,) = chart.max_margin_note(w, b, X, y)
    x, yy, where = note["x"][0], note["y"][0], note["textposition"]
    assert not (x > 0 and yy > 0), (x, yy, where)  # the top right is the label's
    # Without the arrow, the note takes the top right (the emptiest corner).
    (free,) = max_margin_note(X, y, w, b, (u, 0.01), BOX)
    assert free["x"][0] > 0 and free["y"][0] > 0
