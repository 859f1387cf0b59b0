"""The stage's chart height on a phone for small multiples (ui.stage.fit.cells_aspect):
the plot area's height per pixel of width at which every square cell is as wide as its
x domain, worked out here from Plotly's rule (scaleanchor: a y unit is ``scaleratio``
x units on screen)."""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go
import pytest

from ui.charts import geometry, layers
from ui.stage.fit import PHONE_WIDTH, cells_aspect, still_fit
from ui.views import variants_view as vv


def grid(cells, xr=(-1.5, 1.5), yr=(-1.5, 1.5), ratio=1.0):
    layout = {}
    for suffix, xdom, ydom in cells:
        layout["xaxis" + suffix] = {"range": list(xr), "domain": list(xdom)}
        layout["yaxis" + suffix] = {
            "range": list(yr),
            "domain": list(ydom),
            "scaleanchor": "x" + suffix,
            "scaleratio": ratio,
        }
    return layout


def test_a_cell_fills_its_width_at_that_height():
    # One cell 0.47 wide and 0.35 high (of the plot area), ranges 3 by 3: at width W the
    # cell is 0.47 W wide, so square it is 0.47 W high, which is 0.35 H: H = 0.47/0.35 W.
    layout = grid([("", (0.0, 0.47), (0.57, 0.92)), ("2", (0.53, 1.0), (0.57, 0.92))])
    assert cells_aspect(layout) == pytest.approx(0.47 / 0.35)
    # A taller range (y spans 6 to x's 3) needs twice the height; a scaleratio of 2 too.
    assert cells_aspect(grid([("", (0, 0.5), (0, 0.5))], yr=(-3, 3))) == pytest.approx(2.0)
    assert cells_aspect(grid([("", (0, 0.5), (0, 0.5))], ratio=2.0)) == pytest.approx(2.0)
    # The cell that needs the most height sets it.
    wide = grid([("", (0, 0.3), (0, 0.5)), ("2", (0.4, 1.0), (0, 0.5))])
    assert cells_aspect(wide) == pytest.approx(0.6 / 0.5)


def test_only_grids_of_equal_aspect_cells_with_fixed_ranges_have_one():
    layout = grid([("", (0, 0.5), (0, 0.5))])
    del layout["yaxis"]["scaleanchor"]
    assert cells_aspect(layout) is None
    layout = grid([("", (0, 0.5), (0, 0.5))])
    del layout["xaxis"]["range"]
    assert cells_aspect(layout) is None
    assert cells_aspect({"xaxis": {}, "title": "no y axis"}) is None


def test_the_variants_grid_has_its_cells_aspect():
    rng = np.random.default_rng(4)
    X = rng.normal(size=(30, 2))
    y = np.where(X[:, 0] + 0.3 * X[:, 1] > 0, 1, -1)
    scene = layers.Scene(X=X, y=y, box=geometry.view_box(X))
    _, layout = vv.grid_scene(scene)
    box = vv.small_scene(scene).box
    (a, b), (c, d) = vv.CELLS["classic"][1], vv.CELLS["classic"][2]
    want = (b - a) * (box.y1 - box.y0) / ((d - c) * (box.x1 - box.x0))
    assert cells_aspect(layout) == pytest.approx(want)


def test_a_still_chart_of_fixed_aspect_fits_a_phone_and_no_other():
    """``still_fit`` (a chart under the stage): a scene's plot on a phone as high as its
    box's aspect makes it at the phone's width; a chart of free axes keeps its height."""
    X = np.array([[0.0, 0.0], [3.0, 1.0], [1.0, 0.5], [2.0, 0.2]])
    scene = layers.Scene(X=X, y=np.array([1, -1, 1, -1]), box=geometry.view_box(X))
    fig = layers.compose(scene, layers.points(scene), [])
    fit = still_fit(fig)
    box = scene.box
    assert fit is not None and fit["narrow"] == PHONE_WIDTH  # a phone's only
    assert fit["aspect"] == pytest.approx((box.y1 - box.y0) / (box.x1 - box.x0))
    assert still_fit(go.Figure(go.Scatter(x=[1, 2], y=[3, 4]))) is None
