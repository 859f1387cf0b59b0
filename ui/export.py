"""Downloads of the Playground: the dataset, the run (one row per visit) and the animation."""

from __future__ import annotations

import io

import numpy as np
import plotly.graph_objects as go

from datasets import csv_field

MAX_RUN_ROWS = 200_000  # ~14 MB of CSV, a few seconds to write; longer runs are cut


def run_csv(run, *, feature_names=("x1", "x2"), max_rows: int = MAX_RUN_ROWS) -> str:
    """One row per visit, as the page counts them.

    ``step`` is the page's step after the visit (1 for the first visit), ``epoch`` and
    ``position`` count from 1 (the status line's "example 13 of 40"), ``index`` is the row
    of the example in the dataset (from 0, as in the dataset CSV), then its features (named
    as in the dataset) and label ``y``, the ``activation`` w.x + b before the visit,
    ``mistake`` (1/0), and the weights **after** the visit (``w1``, ``w2``, ``b``). Rows
    stop at ``max_rows``.
    """
    stop = min(run.n_visits, max_rows)
    cols = run.visits(0, stop)
    k_after = np.asarray(run.updates_before_visit(cols["t"] + 1))
    index = cols["index"]
    if run.is_kernel:  # no weight vector: the visited example's alpha_i after the visit
        W_after, B_after = None, _alpha_after(run, index, k_after)
    else:
        W, B = run.trajectory()
        W_after, B_after = W[k_after], B[k_after]
    X = run.X[index]
    y = np.asarray(run.y)[index].astype(np.int64)
    names = (
        list(feature_names) if len(feature_names) == run.d else [f"x{j + 1}" for j in range(run.d)]
    )
    wnames = [] if run.is_kernel else [f"w{j + 1}" for j in range(run.d)]
    header = ["step", "epoch", "position", "index", *names, "y", "activation", "mistake"]
    header += [*wnames, "alpha_i" if run.is_kernel else "b"]
    buf = io.StringIO()
    # Names are neutralised against spreadsheet formulas (=, +, -, @...), as in the dataset CSV.
    buf.write(",".join(csv_field(h) for h in header) + "\n")
    # Epochs and positions are written from 1, as the status line counts them.
    columns = [
        (cols["t"] + 1).tolist(),
        (cols["epoch"] + 1).tolist(),
        (cols["position"] + 1).tolist(),
        index.tolist(),
        *[map(repr, X[:, j].tolist()) for j in range(run.d)],
        y.tolist(),
        map(repr, np.asarray(cols["activation"], dtype=float).tolist()),
        np.asarray(cols["mistake"], dtype=np.int64).tolist(),
        *[map(repr, W_after[:, j].tolist()) for j in range(len(wnames))],
        B_after.tolist() if run.is_kernel else map(repr, B_after.tolist()),
    ]
    for row in zip(*columns, strict=True):
        buf.write(",".join(str(v) for v in row))
        buf.write("\n")
    return buf.getvalue()


def _alpha_after(run, index: np.ndarray, k_after: np.ndarray) -> np.ndarray:
    """alpha of example ``index[r]`` after the first ``k_after[r]`` updates, for every row:
    its updates among those (one sorted search over (example, update number) keys)."""
    updates = np.asarray(run.update_index, dtype=np.int64)
    span = updates.shape[0] + 1
    keys = np.sort(updates * span + np.arange(updates.shape[0]))
    base = index.astype(np.int64) * span
    return np.searchsorted(keys, base + k_after) - np.searchsorted(keys, base)


def animation_html(fig: go.Figure, *, title: str = "Perceptron Lab: a run") -> str:
    """A single self-contained HTML page that plays the animation offline (plotly.js is
    inlined, about 4.8 MB)."""
    html = fig.to_html(
        include_plotlyjs=True,
        full_html=True,
        auto_play=False,
        config={"displaylogo": False, "responsive": True},
    )
    return html.replace("<head>", f"<head><title>{title}</title>", 1)
