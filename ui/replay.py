"""The step a recorded run is at, as the pages draw it (no streamlit here): the run is
trained once (``ui.compute.trained``) and a cursor moved over it; ``at_step`` replays
what a cursor shows, once per cursor.
"""

from __future__ import annotations

import threading
import weakref
from collections import OrderedDict

import numpy as np

import perceptron_core as pc
from ui.values import Update

# The steps replayed last, by the identity of the run, its data and the cursor: a rerun's
# frames, numbers and chart ask for the same cursor, and replay it once. More cursors than
# a stage sends frames for (``ui.stage.frames.window``); an entry is a few vectors of d.
STEPS_KEPT = 256
_steps: OrderedDict = OrderedDict()
_steps_lock = threading.Lock()


def at_step(run, X, y, t: int):
    """What the chart shows after ``t`` visits: (w, b, the visit just made or None, the
    weight change completed at ``t`` as a vector sum, or None), replayed once per cursor
    (kept for the last ``STEPS_KEPT`` cursors asked for; w is read-only, as it is shared).
    """
    key = (id(run), id(X), id(y), int(t))
    with _steps_lock:
        kept = _steps.get(key)
        if kept is not None and tuple(map(id, (r() for r in kept[0]))) == key[:3]:
            _steps.move_to_end(key)
            return kept[1]
    step = _replay(run, X, y, int(t))
    try:
        refs = (weakref.ref(run), weakref.ref(X), weakref.ref(y))
    except TypeError:  # not an object a weak reference can follow: not kept
        return step
    with _steps_lock:
        _steps[key] = (refs, step)
        while len(_steps) > STEPS_KEPT:
            _steps.popitem(last=False)
    return step


def _replay(run, X, y, t: int):
    """``at_step`` computed. The run says where its weights change (``run.change_at``):
    after a mistake, or for batch at the end of an epoch, when the epoch's steps are added
    at once. A kernel run has no w to draw (None, None).
    """
    visit = run.visit(t - 1) if t > 0 else None
    if run.is_kernel:
        return None, None, visit, None
    w, b = run.weights(run.updates_before_visit(t))
    w.flags.writeable = False
    change = run.change_at(t)
    if change is None:
        return w, b, visit, None
    after = dict(w_after=change.w_after, b_after=change.b_after)  # the run's recorded change
    if change.kind == "batch":
        # The sums shown (Σ y x, Σ y) are the engine's update from zero with η = 1: its
        # order of operations, the visit order.
        rows = change.indices
        total, bias = pc.update(np.zeros(X.shape[1]), 0.0, X[rows], y[rows], eta=1.0)
        label = f"+η·Σyx ({rows.shape[0]})"
        update = Update(change.w_before, change.b_before, total, 1, run.eta, label, bias, **after)
    else:
        i = int(change.indices[0])
        x = np.asarray(X[i], dtype=np.float64)
        update = Update(change.w_before, change.b_before, x, int(y[i]), run.eta, **after)
    return w, b, visit, update
