"""The lab's stage in a notebook: one call shows a recorded run stepped in the browser.

::

    import perceptron_core as pc
    from perceptron_widget import Stage

    run = pc.train(X, y)          # or a fitted perceptron_core.sklearn.Perceptron
    Stage(run)                    # Step (S), Visit (V), Back (B), Play (P), ...

An anywidget (JupyterLab, marimo, VS Code, Colab): its browser half joins the stage's own
modules (ui/stage/stepping.mjs, ui/stage/access.mjs) with perceptron_widget/widget.mjs,
and steps through the run's frames (``perceptron_widget.frames``) as the app's stage does;
a move beyond the frames sent is made here and answered with the frames around it.
plotly.js comes from the plotly package (no network). The engine imports none of this.
"""

from __future__ import annotations

import re
from pathlib import Path

import anywidget
import plotly
import traitlets

from perceptron_widget.frames import StageFrames, run_of

__all__ = ["Stage", "show"]

_HERE = Path(__file__).resolve().parent
# The app's ui/ beside the widget in the repository; in the wheel, its copy of the part
# the widget uses (perceptron_widget/_ui/, made by setup.py when the wheel is built).
_UI = _HERE / "_ui" if (_HERE / "_ui").is_dir() else _HERE.parent / "ui"
_STAGE = _UI / "stage"
# The widget's module: the stage's modules first (the names widget.mjs imports), then the
# widget; their import lines go, as ui/stage/chart.py joins the app's.
_FILES = (
    _UI / "platform" / "dom.mjs",  # access.mjs's Streamlit names
    _STAGE / "access.mjs",
    _STAGE / "stepping.mjs",
    _HERE / "widget.mjs",
)
_IMPORT = re.compile(r'^import \{[^}]*\} from "[./\w]+\.mjs";\n', re.M)
PLOTLY_JS = Path(plotly.__file__).resolve().parent / "package_data" / "plotly.min.js"


def _module() -> str:
    return "\n".join(_IMPORT.sub("", f.read_text(encoding="utf-8")) for f in _FILES)


class Stage(anywidget.AnyWidget):
    """A run on the lab's stage: the points, the boundary, w and the update's vector sum,
    the margin, M against its bound, the status line; Step, Visit, Back, Epoch, Run to end,
    Reset and Play, with the lab's keys (S, V, B, E, F, X, P).

    Parameters
    ----------
    run : perceptron_core.Run or perceptron_core.sklearn.Perceptron
        A recorded run on two features, or a fitted estimator (its ``run_``).
    class_names : tuple of str, default=("-1", "+1")
        The classes' names in the legend (a fitted estimator's ``classes_`` by default).
    feature_names : tuple of str, default=("x1", "x2")
        The axes' names.

    Examples
    --------
    >>> import numpy as np, perceptron_core as pc
    >>> X = np.array([[1.0, 1.0], [2.0, 0.5], [-1.0, -1.0], [-2.0, 0.0]])
    >>> stage = Stage(pc.train(X, np.array([1, 1, -1, -1])))
    >>> stage.state["cursor"]
    0
    """

    _esm = traitlets.Unicode(_module()).tag(sync=True)
    _css = traitlets.Unicode((_HERE / "widget.css").read_text(encoding="utf-8")).tag(sync=True)
    _plotly = traitlets.Unicode().tag(sync=True)
    scene = traitlets.Unicode().tag(sync=True)
    frames = traitlets.Unicode().tag(sync=True)
    moves = traitlets.Unicode().tag(sync=True)
    state = traitlets.Dict().tag(sync=True)
    config = traitlets.Dict().tag(sync=True)
    labels = traitlets.Dict().tag(sync=True)
    report = traitlets.Dict().tag(sync=True)

    def __init__(self, run, *, class_names=None, feature_names=("x1", "x2"), **kwargs):
        the_run = run_of(run)
        if class_names is None:
            classes = getattr(run, "classes_", None)
            class_names = ("-1", "+1") if classes is None else tuple(map(str, classes))
        self._stage = StageFrames(the_run, class_names=class_names, feature_names=feature_names)
        data = self._stage.data()
        super().__init__(
            _plotly=PLOTLY_JS.read_text(encoding="utf-8"),
            scene=self._stage.scene_json(),  # after the frames: their legend entries
            frames=data.pop("frames"),
            moves=data.pop("moves"),
            state=self._state(data),
            config=data,
            labels=self._stage.labels(),
            **kwargs,
        )
        self.observe(self._on_report, names="report")

    @property
    def run(self):
        """The run on the stage."""
        return self._stage.run

    @property
    def cursor(self) -> int:
        """The step the stage is at, as the browser last reported it."""
        return self._stage.stepper.cursor

    @staticmethod
    def _state(data: dict) -> dict:
        return {k: data.pop(k) for k in ("run", "cursor", "history", "applied")}

    def _on_report(self, change) -> None:
        if not self._stage.synced(change["new"]):
            return
        data = self._stage.data()
        with self.hold_sync():  # the frames and the state arrive together
            self.frames = data.pop("frames")
            self.moves = data.pop("moves")
            self.state = self._state(data)


def show(run, **kwargs) -> Stage:
    """``Stage(run, **kwargs)``: a run, or a fitted ``perceptron_core.sklearn.Perceptron``,
    on the lab's stage."""
    return Stage(run, **kwargs)
