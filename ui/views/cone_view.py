"""The cone LP of note 004 as pure functions (no streamlit): the typed rows of A read or
refused, the solver's updates and final check as tables, its outcome in sentences.
"""

from __future__ import annotations

import math
import re

import numpy as np

import perceptron_core as pc
from ui import text
from ui.limits import CONE_COLUMNS as MAX_COLUMNS
from ui.limits import CONE_ENTRY as MAX_ENTRY
from ui.limits import CONE_ROWS as MAX_ROWS
from ui.limits import CONE_ROWS_CHARS

_SPLIT_ROWS = re.compile(r"[;\n]+")
_SPLIT_NUMS = re.compile(r"[,\s]+")


def parse_rows(source: str) -> np.ndarray:
    """The rows of A from text: one row a line (or separated by ';'), numbers separated by
    commas or spaces. Raises ValueError with a message for people, in plain text (the
    page escapes it once, for Markdown)."""
    if len(source) > CONE_ROWS_CHARS:
        raise ValueError(f"the rows are too long: at most {CONE_ROWS_CHARS:,} characters")
    rows = []
    for line in _SPLIT_ROWS.split(source):
        line = line.strip()
        if not line:
            continue
        row = []
        for token in _SPLIT_NUMS.split(line):
            if not token:
                continue
            try:
                value = float(token)
            except ValueError:
                raise ValueError(f"'{text.shorten(token, 20)}' is not a number") from None
            if not math.isfinite(value) or abs(value) > MAX_ENTRY:
                raise ValueError(
                    f"'{text.shorten(token, 20)}': entries must be finite numbers of size at "
                    f"most {MAX_ENTRY:g}"
                )
            row.append(value)
        if row:
            rows.append(row)
    if not rows:
        raise ValueError("type at least one row of numbers")
    if len(rows) > MAX_ROWS:
        raise ValueError(f"{len(rows)} rows: at most {MAX_ROWS}")
    widths = {len(r) for r in rows}
    if len(widths) > 1:
        raise ValueError(f"every row needs the same number of entries; got {sorted(widths)}")
    if rows[0].__len__() > MAX_COLUMNS:
        raise ValueError(f"{len(rows[0])} columns: at most {MAX_COLUMNS}")
    return np.array(rows, dtype=np.float64)


def iteration_rows(sol: pc.ConeSolution, *, limit: int = 40) -> list[dict]:
    """One row per update (the first ``limit - 5`` and the last 5 when there are more):
    the pass, the row added, a_i . w before it and w after it."""
    k = sol.updates
    shown = list(range(k)) if k <= limit else [*range(limit - 5), *range(k - 5, k)]
    n = sol.A.shape[0]
    out = []
    for j in shown:
        i = int(sol.rows[j])
        before = float(pc.scores(sol.A[i : i + 1], sol.iterates[j])[0])
        out.append(
            {
                "update": j + 1,
                "pass": int(sol.visits[j] // n) + 1,
                "row i": i + 1,
                "a_i·w before": before,
                "w after": text.vec(sol.iterates[j + 1]),
            }
        )
    return out


def check_rows(sol: pc.ConeSolution, *, limit: int = 50) -> list[dict]:
    """The final check, row by row (the first ``limit``): a_i, a_i . w* and whether >= 1."""
    if sol.solution is None:
        return []
    products = sol.A @ sol.solution
    return [
        {
            "row i": i + 1,
            "a_i": text.vec(sol.A[i]),
            "a_i·w*": float(products[i]),
            "≥ 1": bool(products[i] >= 1.0),
        }
        for i in range(min(limit, sol.A.shape[0]))
    ]


def _count(k: int, noun: str) -> str:
    """'1 update', '6 updates', '3 passes'."""
    return f"{k:,} {noun}" + ("" if k == 1 else "es" if noun.endswith("s") else "s")


def cone_summary(sol: pc.ConeSolution, max_updates: int) -> str:
    """The solver's outcome in one paragraph (Markdown-safe: numbers only)."""
    n = sol.A.shape[0]
    if sol.solved:
        products = sol.A @ sol.solution
        nudge = " (rounded up a hair: w/m fell short of 1 by rounding)" if sol.nudged else ""
        return (
            f"Solved in {_count(sol.updates, 'update')} over {_count(sol.passes, 'pass')}: "
            "the last pass made "
            f"no mistake, so A w > 0 with w = {text.vec(sol.w)}. Its smallest product is "
            f"m = min A w = {text.num(sol.low)}, and w* = w / m = {text.vec(sol.solution)}"
            f"{nudge}. Check: min A w* = {text.num(float(products.min()), 17)}, and "
            f"{int(np.count_nonzero(products >= 1.0)):,} of {n:,} rows have a_i·w* ≥ 1."
        )
    if sol.stop_reason == "rounding":
        return (
            "A w > 0 was reached, but no floating-point multiple of w passed A w ≥ 1 "
            "(a product is too close to 0): try rows of a similar size."
        )
    cap = (
        f"{max_updates:,} updates (the cap)"
        if sol.stop_reason == "max_updates"
        else f"{sol.passes:,} passes (the cap)"
    )
    return (
        f"No solution after {cap}: the perceptron was stopped. The system may have no "
        "solution at all (the perceptron cannot prove that; data that no line separates "
        "gives such rows), or it needs more updates."
    )


def same_as_run(sol: pc.ConeSolution, run) -> str:
    """How the solver's iterates on the data's rows compare with the run's (b, w): equal,
    update for update, when the run starts at 0 with eta = 1 in the fixed order."""
    if run.shuffle or run.b0 != 0 or np.any(run.w0) or run.eta != 1:
        why = (
            "a random start"
            if (run.b0 != 0 or np.any(run.w0))
            else ("the shuffled order" if run.shuffle else f"η = {run.eta:g}")
        )
        return (
            f"The run above uses {why}, so its weight vectors differ from these iterates "
            "(from w = 0 in the fixed order they are η times these)."
        )
    W, B = run.trajectory()
    traj = np.column_stack((B, W))
    m = min(traj.shape[0], sol.iterates.shape[0])
    same = np.flatnonzero(np.any(traj[:m] != sol.iterates[:m], axis=1))
    if same.size:
        return f"The run's weight vectors first differ from these iterates at update {same[0]}."
    return (
        f"These iterates are the run's weight vectors (b, w1, w2) above, exactly, for all "
        f"{m - 1:,} updates both made: cycling through the flipped samples is the perceptron."
    )
