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
from ui.views.space_view import symbols
from ui.words import t

_SPLIT_ROWS = re.compile(r"[;\n]+")
_SPLIT_NUMS = re.compile(r"[,\s]+")


def parse_rows(source: str) -> np.ndarray:
    """The rows of A from text: one row a line (or separated by ';'), numbers separated by
    commas or spaces. Raises ValueError with a message for people, in plain text (the
    page escapes it once, for Markdown)."""
    if len(source) > CONE_ROWS_CHARS:
        raise ValueError(t("space.too_long", most=f"{CONE_ROWS_CHARS:,}"))
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
                raise ValueError(t("space.not_number", token=text.shorten(token, 20))) from None
            if not math.isfinite(value) or abs(value) > MAX_ENTRY:
                raise ValueError(
                    t("space.not_finite", token=text.shorten(token, 20), most=f"{MAX_ENTRY:g}")
                )
            row.append(value)
        if row:
            rows.append(row)
    if not rows:
        raise ValueError(t("space.no_numbers"))
    if len(rows) > MAX_ROWS:
        raise ValueError(t("space.too_many_rows", n=len(rows), most=MAX_ROWS))
    widths = {len(r) for r in rows}
    if len(widths) > 1:
        raise ValueError(t("space.widths", widths=sorted(widths)))
    if rows[0].__len__() > MAX_COLUMNS:
        raise ValueError(t("space.too_many_columns", n=len(rows[0]), most=MAX_COLUMNS))
    return np.array(rows, dtype=np.float64)


def iteration_rows(sol: pc.ConeSolution, *, limit: int = 40) -> list[dict]:
    """One row per update (the first ``limit - 5`` and the last 5 when there are more):
    the pass, the row added, a_i . w before it and w after it."""
    k = sol.updates
    shown = list(range(k)) if k <= limit else [*range(limit - 5), *range(k - 5, k)]
    n = sol.A.shape[0]
    S = symbols()
    names = (t("space.col_update"), t("space.col_pass"), t("space.col_row"),
             t("space.col_before", dot=S.dot_i()), t("space.col_after", w=S.w))  # fmt: skip
    out = []
    for j in shown:
        i = int(sol.rows[j])
        before = float(pc.scores(sol.A[i : i + 1], sol.iterates[j])[0])
        values = (j + 1, int(sol.visits[j] // n) + 1, i + 1, before, text.vec(sol.iterates[j + 1]))
        out.append(dict(zip(names, values, strict=True)))
    return out


def check_rows(sol: pc.ConeSolution, *, limit: int = 50) -> list[dict]:
    """The final check, row by row (the first ``limit``): a_i, a_i . w* and whether >= 1."""
    if sol.solution is None:
        return []
    products = sol.A @ sol.solution
    S = symbols()
    names = (t("space.col_row"), f"{S.sample}_i", S.dot_i(f"{S.w}*"), "≥ 1")
    return [
        dict(zip(names, (i + 1, text.vec(sol.A[i]), float(products[i]), bool(products[i] >= 1.0)),
                 strict=True))
        for i in range(min(limit, sol.A.shape[0]))
    ]  # fmt: skip


def cone_summary(sol: pc.ConeSolution, max_updates: int) -> str:
    """The solver's outcome in one paragraph (Markdown-safe: numbers only)."""
    n = sol.A.shape[0]
    S = symbols()
    if sol.solved:
        products = sol.A @ sol.solution
        nudge = t("space.nudged", w=S.w) if sol.nudged else ""
        return t(
            "space.solved", updates=t("space.updates", n=sol.updates),
            passes=t("space.passes", n=sol.passes), Aw=S.times(), w=S.w, vec=text.vec(sol.w),
            m=text.num(sol.low), star=text.vec(sol.solution), nudge=nudge,
            check=text.num(float(products.min()), 17),
            k=f"{int(np.count_nonzero(products >= 1.0)):,}", n=f"{n:,}",
            dot=S.dot_i(f"{S.w}*"),
        )  # fmt: skip
    if sol.stop_reason == "rounding":
        return t("space.rounding", Aw=S.times(), w=S.w)
    if sol.stop_reason == "max_updates":
        cap = t("space.cap_updates", n=f"{max_updates:,}")
    else:
        cap = t("space.cap_passes", n=f"{sol.passes:,}")
    return t("space.unsolved", cap=cap)


def same_as_run(sol: pc.ConeSolution, run) -> str:
    """How the solver's iterates on the data's rows compare with the run's (b, w): equal,
    update for update, when the run starts at 0 with eta = 1 in the fixed order."""
    S = symbols()
    if run.shuffle or run.b0 != 0 or np.any(run.w0) or run.eta != 1:
        why = (
            t("space.random_start")
            if (run.b0 != 0 or np.any(run.w0))
            else (t("space.shuffled") if run.shuffle else f"η = {run.eta:g}")
        )
        return t("space.differ", why=why, w=S.w)
    W, B = run.trajectory()
    traj = np.column_stack((B, W))
    m = min(traj.shape[0], sol.iterates.shape[0])
    same = np.flatnonzero(np.any(traj[:m] != sol.iterates[:m], axis=1))
    if same.size:
        return t("space.differ_at", k=same[0])
    return t("space.same", lifted=S.lifted, n=f"{m - 1:,}")
