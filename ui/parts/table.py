"""The data and the current scores as a table, for students who cannot see the chart: each
point's features and label, its score at the step shown (w·x + b, or the kernel's f(x)) and
whether it is classified correctly, the engine's numbers (a real HTML table with a caption
and column headers: a screen reader reads it cell by cell, ``st.dataframe``'s canvas not).

At most ``TABLE_ROWS`` rows, said in the caption. The table is drawn with the stage at the
server's step; while the browser steps ahead of it, the stage marks it as showing the
server's step (ui.stage.sync's ``stale``), and its caption names that step."""

from __future__ import annotations

import html

import numpy as np
import streamlit as st

import perceptron_core as pc
from ui import text
from ui.limits import TABLE_ROWS
from ui.state import Table, owns

OWN = owns("table")  # the expander's container (the stage marks it stale)
TITLE = "Data and scores (table)"
TABLE_CSS = """<style>
table.lab-scores {border-collapse: collapse; font-size: 0.9rem;}
table.lab-scores caption {caption-side: top; text-align: left; padding-bottom: 0.4rem;}
table.lab-scores th, table.lab-scores td {border: 1px solid rgba(128, 128, 128, 0.5);
  padding: 0.15rem 0.5rem; text-align: right;}
table.lab-scores th {font-weight: 600;}
</style>"""


def scores(run, t: int, X) -> tuple[np.ndarray, str]:
    """The run's scores of the rows ``X`` after ``t`` visits, and the score's name: w·x + b
    with the weights the run had then (the kernel's f(x) with its α then), the engine's."""
    k = int(run.updates_before_visit(t))
    if run.is_kernel:
        return pc.kernel_scores(run, k, X), "f(x)"
    w, b = run.weights(k)
    return pc.activations(X, w, b), "w·x + b"


def table_html(run, t: int, limit: int = TABLE_ROWS) -> str:
    """The table after ``t`` visits: its caption (the step, the weights, the cap) and one
    row a point (up to ``limit``), every value escaped."""
    n = run.n
    shown = min(n, limit)
    X, y = run.X[:shown], run.y[:shown]
    a, score = scores(run, t, X)
    wrong = pc.mistakes(y, a)  # the engine's rule: a tie is a mistake
    where = "before any visit" if t == 0 else f"after {text.counted(t, 'visit')}"
    k = int(run.updates_before_visit(t))
    caption = f"The data and each point's score {where} ({text.counted(k, 'update')})"
    if not run.is_kernel:
        w, b = run.weights(k)
        caption += f", w = {text.said_vec(w)}, b = {text.said(b)}"
    caption += f": {int(wrong.sum()):,} of {text.counted(shown, 'row')} classified wrongly."
    if shown < n:
        caption += f" The first {shown:,} of {n:,} points are listed (the table's limit)."
    if run.d > 2:
        caption += f" x1 and x2 of {run.d} features are listed; the score uses all of them."
    head = ["point", "x1", "x2", "label", f"{score} now", "classified"]
    rows = []
    for i in range(shown):
        cells = [
            f"{i + 1:,}",
            text.said(X[i, 0]),
            text.said(X[i, 1]) if run.d > 1 else "",
            text.said_label(y[i]),
            text.said(a[i]),
            "wrongly (a mistake)" if wrong[i] else "correctly",
        ]
        rows.append(
            f'<tr><th scope="row">{html.escape(cells[0])}</th>'
            + "".join(f"<td>{html.escape(c)}</td>" for c in cells[1:])
            + "</tr>"
        )
    header = "".join(f'<th scope="col">{html.escape(h)}</th>' for h in head)
    return (
        f'<table class="lab-scores"><caption>{html.escape(caption)}</caption>'
        f"<thead><tr>{header}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


def data_table(page: Table, run, t: int) -> None:
    """The expander Data and scores (table) with the table after ``t`` visits."""
    with st.container(key=page.own("table")):
        with st.expander(TITLE):
            st.html(TABLE_CSS + table_html(run, t))
