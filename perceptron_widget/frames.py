"""The notebook stage's Python half: a run's scene and its frames, as the lab's stage sends
them (ui/stage/stage.js, its head), built by the lab's own pure parts: the Playground chart
(``ui.charts.playground``), the status and spoken lines (``ui.text``), the numbers
(``ui.views.numbers_view``), the cursors to send and every stepping rule
(``ui.stage.framing``, ``ui.stage.stepper``). No anywidget here: tests call it as it is.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass

import numpy as np
from plotly.io.json import to_json_plotly

import perceptron_core as pc
from ui import replay, text
from ui.charts import arrows, geometry, layers, theme
from ui.charts.playground import Playground
from ui.stage.framing import HISTORY_SENT, TRANSPARENT, hidden_axes, legend_entry, window
from ui.stage.stepper import EFFECTS, MOVES, Stepper
from ui.text import KEYS
from ui.views import numbers_view
from ui.words import t as say

ALL_FRAMES = 400  # a run this short is sent whole: no cursor needs Python again
WIDTH = 640  # the chart's width in pixels: the three layers are drawn at one size
PLAY_MS = 500  # Play: a frame every half second (the app's default speed)
HINGE_MAX_POINTS = 2_000  # Theorem 2 live up to this many points (as the app's compute)
TEXTS = ("status", "summary", "margin", "spoken")  # the lines a frame replaces, in order


@dataclass(frozen=True)
class Data:
    """The run's points as the numbers' lines read them (``numbers_view.texts``)."""

    X: np.ndarray
    y: np.ndarray

    @property
    def n(self) -> int:
        return int(self.X.shape[0])

    @property
    def d(self) -> int:
        return int(self.X.shape[1])


def run_of(thing) -> pc.Run:
    """The recorded run of ``thing``: a ``perceptron_core.Run``, or a fitted
    ``perceptron_core.sklearn.Perceptron`` (its ``run_``)."""
    run = getattr(thing, "run_", thing) if not isinstance(thing, pc.Run) else thing
    if not isinstance(run, pc.Run):
        raise TypeError(say("widget.not_a_run", kind=type(thing).__name__))
    if run.d != 2 or run.is_kernel:
        raise ValueError(say("widget.two_features", d=run.d))
    return run


class StageFrames:
    """A run on the stage: its scene (drawn once), a stepper over it (a plain dict for
    the session), and the data the browser steps through (``data``)."""

    def __init__(self, run: pc.Run, *, class_names=("-1", "+1"), feature_names=("x1", "x2")):
        self.run = run
        X, y = np.asarray(run.X, dtype=np.float64), np.asarray(run.y)
        self.ds = Data(X, y)
        self.session: dict = {}
        self.stepper = Stepper(self.session, "nb_", run)
        self.session["nb_run_id"] = f"run-{id(run):x}"
        self.applied = 0
        box = geometry.view_box(X, include_origin=True)
        W, B = run.trajectory()
        box = geometry.follow_boundaries(box, W, B)
        names = tuple(str(c) for c in class_names)
        self.scene = layers.Scene(X, y, box, names, tuple(map(str, feature_names)))
        th = pc.theory(X, y) if X.shape[0] >= 2 and np.unique(y).size == 2 else None
        if th is not None and not th.separable and run.converged:  # the run separates
            th = pc.theory(X, y, hint=np.array((run.b, *run.w)))
        self.theory = th
        self.chart = Playground(
            self.scene,
            separator=(th.u, th.gamma) if th is not None and th.separable else None,
            arrows=arrows.run_arrow_frame(box, W),
        )
        small = X.shape[0] <= HINGE_MAX_POINTS
        hinge = (lambda e: pc.hinge_certificate(X, y, max(1, int(e)))) if small else None
        self.texts = numbers_view.texts(run, self.ds, th, hinge)
        self._frames: dict[int, str] = {}  # cursor -> the frame's JSON, built once
        self._legend: dict[str, dict] = {}

    # ------------------------------------------------------------------- frames
    def frame(self, t: int) -> str:
        """Step ``t``'s frame as JSON: {under, over, texts}."""
        kept = self._frames.get(t)
        if kept is not None:
            return kept
        w, b, visit, update = replay.at_step(self.run, self.ds.X, self.ds.y, t)
        under, over = self.chart.step(
            w=w, b=b, visited=visit.index if visit else None, update=update
        )
        if t == self.run.n_visits and self.run.converged:  # its line against u*'s
            over += self.chart.max_margin_note(w, b, self.ds.X, self.ds.y)
        texts = {"status": text.status_line(self.run, t), **self.texts(t)}
        texts["spoken"] = text.spoken_line(self.run, t)
        for entry in filter(None, map(legend_entry, under + over)):
            self._legend.setdefault(entry["name"], entry)
        out = to_json_plotly({"under": under, "over": over, "texts": texts})
        self._frames[t] = out
        return out

    def cursors(self) -> list[int]:
        """The cursors to send: every one of a short run, else the window around the
        cursor the app sends (``ui.stage.framing.window``)."""
        if self.stepper.total <= ALL_FRAMES:
            return list(range(self.stepper.total + 1))
        return window(self.stepper)

    def scene_json(self) -> str:
        """The scene's figure (the points, u*), with the legend of every layer's entries
        (drawn once, as the app's scene holds it), at the chart's fixed size."""
        traces, layout = self.chart.scene_traces()
        base = self._layout(layout, TRANSPARENT)
        base["legend"] = {**base.get("legend", {}), "itemclick": False, "itemdoubleclick": False}
        return theme.figure(traces + list(self._legend.values()), base).to_json()

    def _layout(self, layout: dict, background: str) -> dict:
        out = copy.deepcopy(layout)
        out.update(width=WIDTH, autosize=False, paper_bgcolor=background)
        out.update(plot_bgcolor=background, dragmode=False)
        return out

    def data(self) -> dict:
        """The stage's data (ui/stage/stage.js's contract): the cursor, Back's history, the
        frames and each frame's plan, the layers' layouts, the keys, Play."""
        cursors = self.cursors()
        frames = "{" + ",".join(f'"{c}":{self.frame(c)}' for c in cursors) + "}"
        moves = {c: self.stepper.plan(c) for c in cursors}
        _, layout = self.chart.scene_traces()
        under_bg = layout.get("plot_bgcolor", "white")
        return {
            "run": self.stepper.key,
            "cursor": self.stepper.cursor,
            "history": list(self.session["nb_history"])[-HISTORY_SENT:],
            "applied": self.applied,
            "playing": False,
            "frames": frames,
            "moves": json.dumps(moves),
            "effects": EFFECTS,
            "under_layout": hidden_axes(self._layout(layout, under_bg), background=under_bg),
            "over_layout": hidden_axes(self._layout(layout, TRANSPARENT), background=TRANSPARENT),
            "buttons": {m: m for m in MOVES},
            "shortcuts": {KEYS[m][1].lower(): m for m in MOVES},
            "sync_ms": 350,
            "play": {
                "key": "play",
                "shortcut": KEYS["play"][1].lower(),
                "unit": "step",
                "speed_ms": PLAY_MS,
            },
        }

    def labels(self) -> dict:
        """The buttons' labels and keys, and what Play says while it plays, in the lab's
        language (the message catalogue)."""
        moves = (*MOVES, "play")
        return {
            "buttons": {m: text.key_label(m) for m in moves},
            "keys": {m: KEYS[m][1] for m in moves},
            "help": {m: text.key_help(m) for m in moves},
            "pause": say("key.pause"),
        }

    def synced(self, report: dict) -> bool:
        """The browser's report (stage.js's "sync": cursor, history, seq, move): taken
        as the app's server takes it (``ui.stage.sync.synced``), the move beyond the frames
        made here. Whether it was new (the data must be sent again)."""
        try:
            seq = int(report["seq"])
            cursor = int(report["cursor"])
            history = [int(h) for h in list(report.get("history") or [])[-1000:]]
        except (KeyError, TypeError, ValueError, OverflowError):
            return False
        if seq <= self.applied:
            return False
        self.applied = seq
        self.stepper.adopt(cursor, history)
        if report.get("move") in MOVES:
            self.stepper.move(report["move"])
        return True
