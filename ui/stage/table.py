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
from ui import notation, text
from ui.limits import TABLE_ROWS
from ui.state import Table, owns
from ui.words import t as words

OWN = owns("table")  # the expander's container (the stage marks it stale)
TABLE_CSS = """<style>
table.lab-scores {border-collapse: collapse; font-size: 0.9rem;}
table.lab-scores caption {caption-side: top; text-align: left; padding-bottom: 0.4rem;}
table.lab-scores th, table.lab-scores td {border: 1px solid rgba(128, 128, 128, 0.5);
  padding: 0.15rem 0.5rem; text-align: right;}
table.lab-scores th {font-weight: 600;}
</style>"""


def scores(run, t: int, X) -> tuple[np.ndarray, str]:
    """The run's scores of the rows ``X`` after ``t`` visits, and the score's name in the
    lab's notation (w·x + b, θ·x + θ₀, ...) with the weights the run had then (the kernel's
    f(x) with its α then), the engine's."""
    k = int(run.updates_before_visit(t))
    if run.is_kernel:
        return pc.kernel_scores(run, k, X), "f(x)"
    w, b = run.weights(k)
    return pc.activations(X, w, b), notation.current().score


def table_html(run, t: int, limit: int = TABLE_ROWS) -> str:
    """The table after ``t`` visits: its caption (the step, the weights, the cap) and one
    row a point (up to ``limit``), every value escaped."""
    n = run.n
    shown = min(n, limit)
    X, y = run.X[:shown], run.y[:shown]
    a, score = scores(run, t, X)
    wrong = pc.mistakes(y, a)  # the engine's rule: a tie is a mistake
    k = int(run.updates_before_visit(t))
    x1, x2 = (f"{notation.current().x}{i}" for i in (1, 2))
    where = words("table.before") if t == 0 else words("table.after", n=t)
    caption = words("table.caption", where=where, updates=words("table.updates", n=k))
    if not run.is_kernel:
        caption += ", " + text.said_weights(*run.weights(k))
    caption += words("table.wrong", wrong=f"{int(wrong.sum()):,}", n=shown)
    if shown < n:
        caption += words("table.cut", shown=f"{shown:,}", total=f"{n:,}")
    if run.d > 2:
        caption += words("table.features", d=run.d, x1=x1, x2=x2)
    head = [words("table.point"), x1, x2, words("table.label"),
            words("table.score", score=score), words("table.classified")]  # fmt: skip
    rows = []
    for i in range(shown):
        cells = [
            f"{i + 1:,}",
            text.said(X[i, 0]),
            text.said(X[i, 1]) if run.d > 1 else "",
            text.said_label(y[i]),
            text.said(a[i]),
            words("table.wrongly") if wrong[i] else words("table.correctly"),
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
        with st.expander(words("table.title")):
            st.html(TABLE_CSS + table_html(run, t))
