"""Downloads: the Playground's run (one row per visit) and animation, and every page's
tables as CSV (``table_csv`` and the pages' tables below it). Pure: no streamlit."""

from __future__ import annotations

import io
from collections.abc import Iterable, Mapping

import numpy as np
import plotly.graph_objects as go

from datasets import csv_field
from ui.limits import MAX_RUN_ROWS


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
    inlined, about 4.8 MB). A figure without a fixed height (``fill=True`` in
    ``ui.charts.animation.animation_figure``) fills the window: the chart is as wide as the
    page and 96% of the window's height, and follows the window when it is resized
    (plotly's ``responsive``)."""
    html = fig.to_html(
        include_plotlyjs=True,
        full_html=True,
        auto_play=False,
        config={"displaylogo": False, "responsive": True},
        default_width="100%",
        default_height="96vh",
    )
    head = f"<head><title>{title}</title><style>body {{ margin: 0; }}</style>"
    return html.replace("<head>", head, 1)


# ------------------------------------------------------------------ tables as CSV
def table_csv(columns: Mapping[str, object] | Iterable[tuple[str, object]]) -> str:
    """A table (name -> column of equal length, or (name, column) pairs when names from a
    file might repeat one) as CSV, one row per entry.

    A 2-D column becomes one CSV column per entry of its rows (``w`` -> ``w1``, ``w2``).
    Floats are written to round-trip (``repr``: ``inf``, ``nan`` as Python spells them),
    booleans as 1/0, None and NaN in an integer column as an empty cell. Names and text
    cells are neutralised against spreadsheet formulas (=, +, -, @...), as in the dataset
    CSV: class and column names come from users' files.
    """
    names: list[str] = []
    cols: list[list] = []
    pairs = columns.items() if isinstance(columns, Mapping) else columns
    for name, column in pairs:
        values = np.asarray(column, dtype=object) if _ragged(column) else np.asarray(column)
        if values.ndim == 2:
            for j in range(values.shape[1]):
                names.append(f"{name}{j + 1}")
                cols.append([_cell(v) for v in values[:, j].tolist()])
        else:
            names.append(str(name))
            cols.append([_cell(v) for v in values.tolist()])
    lengths = {len(c) for c in cols}
    if len(lengths) > 1:
        raise ValueError(f"columns of different lengths: {sorted(lengths)}")
    buf = io.StringIO()
    buf.write(",".join(csv_field(h) for h in names) + "\n")
    for row in zip(*cols, strict=True):
        buf.write(",".join(row) + "\n")
    return buf.getvalue()


def _ragged(column) -> bool:
    return isinstance(column, list | tuple) and any(v is None for v in column)


def _cell(value) -> str:
    if value is None:
        return ""
    if isinstance(value, bool | np.bool_):
        return "1" if value else "0"
    if isinstance(value, int | np.integer):
        return str(int(value))
    if isinstance(value, float | np.floating):
        return repr(float(value))
    return csv_field(str(value))


def _padded(values, length: int) -> list:
    values = list(np.asarray(values).tolist())
    return values + [None] * (length - len(values))


# ------------------------------------------------------------------ batch (/batch)
def batch_epochs(record) -> dict:
    """Per epoch (0: the start) for both rules: mistakes made in the epoch, training errors
    and J_p of the weights at its end (``pc.Comparison``). The shorter run's rows
    end empty."""
    rows = max(len(record.batch_curve.epoch), len(record.single_curve.epoch))
    out: dict = {"epoch": list(range(rows))}
    for rule in ("batch", "single"):
        curve = record.curve(rule)
        out[f"{rule}_mistakes"] = _padded(curve.mistakes, rows)
        out[f"{rule}_errors"] = _padded(curve.errors, rows)
        out[f"{rule}_J_p"] = _padded(curve.J_p, rows)
    return out


def learning_rates(effects: Iterable) -> dict:
    """One row per (start, rule, eta) of the learning-rate comparison
    (``pc.EtaEffect``): the run and how it compares with the first eta's."""
    rows = [(e, r) for e in effects for r in e.rows]
    first = [r.first_differ for _, r in rows]
    return {
        "start": [e.start for e, _ in rows],
        "rule": ["single-sample" if e.variant == "classic" else "batch" for e, _ in rows],
        "eta": [r.eta for _, r in rows],
        "mistakes": [r.mistakes for _, r in rows],
        "updates": [r.updates for _, r in rows],
        "epochs": [r.epochs for _, r in rows],
        "converged": [r.converged for _, r in rows],
        "stop_reason": [r.stop_reason for _, r in rows],
        "visits": [r.n_visits for _, r in rows],
        "visits_compared": [r.compared for _, r in rows],
        "predictions_differ": [r.differ for _, r in rows],
        # the visit as the status line counts it (from 1), empty when none differs
        "first_differing_visit": [None if f is None else f + 1 for f in first],
        "exactly_scaled": [r.exactly_scaled for _, r in rows],
    }


def scaling(rows) -> dict:
    """The feature-scaling table (``pc.ScalingRow``): R, gamma*, the bound and
    both rules' runs for each preprocessing (bound inf: not separable)."""
    out: dict = {
        "preprocessing": [r.label for r in rows],
        "R": [r.R for r in rows],
        "separable": [r.separable for r in rows],
        "gamma": [r.gamma for r in rows],
        "bound": [r.bound for r in rows],
    }
    for rule in ("single", "batch"):
        for name in ("epochs", "mistakes", "updates", "converged"):
            out[f"{rule}_{name}"] = [getattr(getattr(r, rule), name) for r in rows]
    return out


# ------------------------------------------------------------- variants (/variants)
def split(ds, parts, names=("train", "dev", "test")) -> list[tuple[str, object]]:
    """Every row of the dataset with its part of the split (``index`` from 0, as in the
    dataset CSV), its features and label (pairs: a feature may be named ``y``)."""
    part = np.empty(ds.n, dtype=object)
    for name, idx in zip(names, parts, strict=True):
        part[np.asarray(idx)] = name
    out: list[tuple[str, object]] = [("index", np.arange(ds.n)), ("part", part.tolist())]
    out += [(f, ds.X[:, j]) for j, f in enumerate(_feature_names(ds))]
    return [*out, ("y", np.asarray(ds.y, dtype=np.int64))]


def accuracy(acc) -> dict:
    """Accuracy per epoch end (``pc.EpochAccuracy``): one column per variant and
    set, ``classic_dev`` ..."""
    out: dict = {"epoch": np.asarray(acc.epochs, dtype=np.int64)}
    for variant, sets in acc.values.items():
        for name, values in sets.items():
            out[f"{variant}_{name}"] = np.asarray(values, dtype=np.float64)
    return out


# ----------------------------------------------------------------- online (/online)
def arrivals(run, X, y) -> dict:
    """The online game's arrivals in order: the point, the prediction made before its label
    was revealed (+1, -1, or 0: "I don't know", w.x + b = 0), the label, whether it was a
    mistake (an update), and w, b after learning from it."""
    if run is None:
        return {"arrival": [], "x1": [], "x2": [], "prediction": [], "y": [], "mistake": []}
    cols = run.visits()
    W, B = run.trajectory()
    after = np.asarray(run.updates_before_visit(np.arange(run.n_visits) + 1))
    X = np.asarray(X, dtype=np.float64)[cols["index"]]
    activation = np.asarray(cols["activation"], dtype=np.float64)
    return {
        "arrival": np.arange(1, run.n_visits + 1),
        "x1": X[:, 0],
        "x2": X[:, 1],
        "activation": activation,
        "prediction": np.sign(activation).astype(np.int64),
        "y": np.asarray(y, dtype=np.int64)[cols["index"]],
        "mistake": np.asarray(cols["mistake"], dtype=bool),
        "w1": W[after, 0],
        "w2": W[after, 1],
        "b": B[after],
    }


# ------------------------------------------------------------------- space (/space)
def cone_rows(sol) -> dict:
    """The rows a_i of the cone LP A w >= 1 (``pc.ConeSolution``), and a_i.w* with the check
    when it was solved."""
    A = np.asarray(sol.A, dtype=np.float64)
    out: dict = {"row": np.arange(1, A.shape[0] + 1), "a": A}
    if sol.solution is not None:
        products = A @ sol.solution
        out["a_dot_w_star"] = products
        out["at_least_1"] = products >= 1.0
    return out


def cone_iterations(sol) -> dict:
    """Every update of the perceptron through the rows: its pass, the row added (from 1),
    a_i.w before it (<= 0: why it was added) and w after it."""
    n = sol.A.shape[0]
    rows = np.asarray(sol.rows, dtype=np.int64)
    before = np.einsum("ij,ij->i", sol.A[rows], sol.iterates[:-1]) if rows.size else []
    return {
        "update": np.arange(1, rows.shape[0] + 1),
        "pass": np.asarray(sol.visits, dtype=np.int64) // n + 1,
        "row": rows + 1,
        "a_dot_w_before": np.asarray(before, dtype=np.float64),
        "w_after": np.asarray(sol.iterates[1:], dtype=np.float64).reshape(rows.shape[0], -1),
    }


# ------------------------------------------------------------------- proof (/proof)
def proof_updates(run, squeeze=None, distance=None, *, max_rows: int = MAX_RUN_ROWS) -> dict:
    """The proof's quantities after every update k (0: the start), bias first as the page
    writes them: M, w = (b, w1, ...), and along the squeeze's direction u (u* for Theorem 1,
    w*/||w*|| for Theorem 2) w.u and its lower line, ||w||^2 and its upper line, cos(w, u);
    for Theorem 1 also 004's ||w(k+1)/eta - alpha u*||^2 / R^2. Rows stop at ``max_rows``
    (a run stopped at a million updates: the first ``MAX_RUN_ROWS``)."""
    out = _proof_columns(run, squeeze, distance)
    return {name: np.asarray(column)[:max_rows] for name, column in out.items()}


def _proof_columns(run, squeeze, distance) -> dict:
    W, B = run.trajectory()
    out: dict = {"update": np.arange(W.shape[0])}
    if squeeze is not None:
        M = np.asarray(squeeze.mistakes, dtype=np.float64)
        out["mistakes"] = M
    out["b"] = B
    out["w"] = W
    if squeeze is None:
        out["norm_sq"] = B * B + np.einsum("ij,ij->i", W, W)
        return out
    u = "u_star" if squeeze.theorem == 1 else "w_star_unit"
    out[f"w_dot_{u}"] = squeeze.dot
    out["lower_line"] = squeeze.lower(M)
    out["norm_sq"] = squeeze.norm_sq
    out["upper_line"] = squeeze.upper_sq(M)
    out[f"cos_w_{u}"] = squeeze.cosine
    if distance is not None:
        out["distance_004"] = distance.ratio
    if squeeze.last >= 0:  # Theorem 2: the lines hold for the mistakes of its E epochs
        out["lines_hold"] = np.arange(W.shape[0]) <= squeeze.last
    return out


def _feature_names(ds) -> list[str]:
    names = list(ds.feature_names)
    return names if len(names) == ds.X.shape[1] else [f"x{j + 1}" for j in range(ds.X.shape[1])]
