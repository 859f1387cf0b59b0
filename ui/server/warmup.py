"""Once per server process: load what every run uses, then keep it out of the collector's way.

Why: Streamlit runs a full ``gc.collect(2)`` after every script run, fragment reruns
included (``runner.postScriptGC``, on by default), on the script thread and holding the GIL.
While it runs, the server's event loop cannot send the messages the run just queued, so
the browser sees nothing. With numpy, scipy, numba, plotly and pandas loaded, that
collection walks every object those libraries created at import and took about 130 ms
here: more than half of a Step's latency at 100 points (the bare Streamlit page of
``benchmarks/latency.py`` pays about 70 ms for the same reason).

What: :func:`prepare_process` imports the modules, loads numba's compiled loop and
plotly's validators by doing one tiny run and one tiny figure, collects once, and calls
``gc.freeze()``: every object alive at that moment moves to the permanent generation,
which later collections skip. Those are module-level objects that live as long as the
process anyway. Everything created afterwards (data, runs, figures, sessions) is still
collected after every run as before, so Streamlit's memory guard keeps working; objects
that merely go out of scope are freed by reference counting whether frozen or not.

The collection after every run is off (``runner.postScriptGC = false`` in
``.streamlit/config.toml``): its cost grows with the number of sessions (a full walk of
every session's objects), and with a class stepping at once it took most of the server
(the load test: 100 students stepping once a second left one process saturated). Instead
a thread of :func:`prepare_process` collects at most once every ``COLLECT_SECONDS``, and
only when objects were made since the last time: memory held in reference cycles is
given back within a second or two, as before, at a cost that does not grow with the
number of runs.

Memory: :func:`prepare_process` also notes, on every run, which session is running (so
``ui.server.housekeeping`` can release what Streamlit keeps for it once it has closed), fixes
glibc's malloc thresholds before the warm-up (``ui.server.housekeeping.tune_malloc``: what finished
threads freed goes back to the OS), and starts the housekeeping thread once (expired cache
entries, closed sessions, the caches emptied once the last session is gone, freed heap
given back to the OS). See ``ui/server/housekeeping.py``.
"""

from __future__ import annotations

import gc
import threading

_lock = threading.Lock()
_prepared = False
COLLECT_SECONDS = 1.0  # a full collection at most this often (instead of after every run)
ALLOCATED = 1_000  # and only when the collector counts at least this many new objects


def prepare_process() -> bool:
    """Warm up and freeze, the first time in this process; True if this call did it."""
    global _prepared
    from ui.server import housekeeping

    housekeeping.note_session()
    with _lock:
        if _prepared:
            return False
        _prepared = True
        housekeeping.tune_malloc()  # before the libraries' big allocations
        housekeeping.keep_downloads()  # a download's file outlives a busy server's sweeps
        _warm_up()
        gc.collect()
        gc.freeze()
        housekeeping.start_housekeeping()
        threading.Thread(target=_collector, name="ui.server.warmup collector", daemon=True).start()
        return True


def warm_before_serving(say=print) -> float:
    """Warm the process before the server opens its port, saying when the lab is ready.

    ``streamlit run app.py`` imports app.py to build the server (app.py's ``else``
    branch): warming there, before Streamlit starts listening, means the address it then
    prints opens a page as fast as a second one; numba's first compilation on a new
    machine (tens of seconds) is paid here, once, and said, not by the first student.
    Returns the seconds it took.
    """
    import time

    started = time.perf_counter()
    say("Perceptron Lab: loading the libraries and the compiled training loops ...", flush=True)
    prepare_process()
    took = time.perf_counter() - started
    say(f"Perceptron Lab is ready ({took:.1f} s): every page opens warm.", flush=True)
    return took


def _collector(period: float = COLLECT_SECONDS) -> None:
    """Streamlit's collection after every run, at most once a ``period`` (see above)."""
    import time

    while True:
        time.sleep(period)
        young, middle, _ = gc.get_count()
        if young + middle * gc.get_threshold()[0] >= ALLOCATED:
            gc.collect()


def _warm_up() -> None:
    import numpy as np
    import plotly.graph_objects as go

    import datasets  # pandas and the loaders
    import perceptron_core as pc
    from ui import text  # noqa: F401  (the pages' modules)
    from ui.charts import animation, epochs, geometry, overlays, playground  # noqa: F401
    # The pages' parts and the stage: app.py imported them before it called here.

    X = np.array([[1.0, 2.0], [-1.0, -0.5], [2.0, -1.0], [-2.0, 1.0], [0.5, 0.2]])
    y = np.array([1, -1, 1, -1, -1])
    # Every compiled loop of the engine (numba: its cached machine code is loaded, or, on a
    # machine where it was never built, compiled now, not in the middle of a page's frames,
    # whose time budget one compilation would spend: the first Step went to the server).
    run = pc.train(X, y, max_epochs=3)
    pc.theory(X, y)
    pc.hinge_certificate(X, y, 2)  # Theorem 2's kernels
    kernel_run = pc.train(X, y, variant="kernel", kernel=pc.Kernel("rbf"), max_epochs=2)
    pc.kernel_scores(kernel_run, kernel_run.mistakes, X)
    run.epoch_stats()
    fig = playground.playground_figure(
        X, y, w=run.w, b=run.b, visited=0, box=geometry.view_box(X, include_origin=True)
    )
    go.Figure(fig.to_dict())  # plotly's validators, as st.plotly_chart builds them
    epochs.epoch_figure(run.epoch_stats())
    # The first upload's one-time costs: pandas' parser, and pyarrow's memory pool for a
    # text column (mimalloc reserves 1 GiB of address space, not of memory, at first use).
    datasets.load_csv("x1,x2,label\n0,1,a\n1,0,b\n")
