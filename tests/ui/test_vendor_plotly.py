"""The lab's plotly.js bundle (ui/vendor/plotly/): the version plotly.py ships, with the
trace types its first line names, and no figure drawn with a type it lacks."""

from __future__ import annotations

import re
from pathlib import Path

import plotly
import plotly.graph_objects as go
import pytest

from ui.stage.chart import check_traces
from ui.vendor import PLOTLY_DIR, PLOTLY_JS, PLOTLY_TAG, PLOTLY_TRACES, PLOTLY_VERSION

pytestmark = pytest.mark.unit

REPO = Path(__file__).resolve().parents[2]
BUNDLE = (PLOTLY_DIR / PLOTLY_JS).read_text(encoding="utf-8")
# How plotly.js names a trace module it registers (the same in its own minified bundles).
REGISTERED = re.compile(r'moduleType:"trace",name:"(\w+)"')
# plotly.py's complete plotly.js, the one the bundle replaces.
COMPLETE = (Path(plotly.__file__).resolve().parent / "package_data" / "plotly.min.js").read_text(
    encoding="utf-8"
)


def test_the_bundle_is_the_plotly_js_that_plotly_py_ships():
    """plotly.py builds the figures for the plotly.js it ships: a new plotly package needs
    the bundle rebuilt (ui/vendor/plotly/README.md)."""
    shipped = re.search(r"plotly\.js v(\S+)", COMPLETE[:400])
    assert shipped is not None
    assert PLOTLY_VERSION == shipped.group(1), "rebuild ui/vendor/plotly (its README)"
    assert PLOTLY_TAG.startswith(f"{PLOTLY_VERSION}-")


def test_the_bundle_registers_the_traces_its_first_line_names():
    assert set(REGISTERED.findall(BUNDLE)) == PLOTLY_TRACES
    # and the same complete bundle registers more (the pattern reads a real bundle)
    assert set(REGISTERED.findall(COMPLETE)) > PLOTLY_TRACES


def test_the_build_entry_lists_the_same_traces():
    entry = (REPO / "tools" / "plotly_bundle" / "entry.js").read_text(encoding="utf-8")
    listed = set(re.findall(r'require\("plotly\.js/lib/(\w+)"\)', entry)) - {"core"}
    assert listed | {"scatter"} == PLOTLY_TRACES


def test_every_trace_type_the_lab_writes_is_in_the_bundle():
    """The trace types the lab's code names (go.X(...) or type="x" in a trace) all are."""
    written: set[str] = set()
    for path in (REPO / "ui").rglob("*.py"):
        code = path.read_text(encoding="utf-8")
        written |= {
            m.lower()
            for m in re.findall(
                r"\bgo\.(Scatter\w*|Bar|Heatmap|Contour|Histogram\w*|Mesh3d|Pie|Surface)\(", code
            )
        }
        written |= set(
            re.findall(
                r'\btype="(scatter\w*|bar|heatmap|contour|histogram\w*|mesh3d|surface|pie)"', code
            )
        )
    assert {"scatter", "scattergl", "scatter3d", "mesh3d"} <= written  # the scan reads them
    assert written <= PLOTLY_TRACES, written - PLOTLY_TRACES


def test_a_figure_with_a_trace_the_bundle_lacks_is_refused():
    check_traces(go.Figure([go.Scatter(x=[1]), go.Scattergl(x=[1]), go.Scatter3d(x=[1])]))
    with pytest.raises(ValueError, match="no pie trace"):
        check_traces(go.Figure([go.Scatter(x=[1]), go.Pie(values=[1])]))
