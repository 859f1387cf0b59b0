"""The cone LP of note 001 on a page: the rows of A (the data's flipped samples or typed
rows), the perceptron's iterations through them and the check A w* >= 1."""

from __future__ import annotations

import numpy as np
import streamlit as st

import perceptron_core as pc
from ui import compute, limits, text
from ui.parts import widgets
from ui.state import Table, owns
from ui.views import cone_view

OWN = owns("cone_iterations", "cone_check", "rows_good")  # the LP's tables, typed A

QP = "query-params"


def cone_section(page: Table, data_rows: np.ndarray, run) -> pc.ConeSolution | None:
    """Pick the rows, solve A w >= 1 (cached), show the iterations and the check; the
    solution (None when there is nothing to solve), for the page's downloads."""
    st.subheader("The cone LP of 001: A w ≥ 1 by the perceptron")
    st.caption(
        "Cycle the perceptron through the rows a_i of A as positive examples: from w = 0, "
        'add a row whenever a_i·w ≤ 0 (a mistake, or "I don\'t know" at 0). A pass without '
        "a mistake means A w > 0; dividing w by m = min A w then gives A w ≥ 1. With the "
        "data's rows a_i = y_i (1, x_i) this is the perceptron itself (004's flip)."
    )
    source = widgets.choice(page, "cone_rows", "Rows of A")
    A = data_rows if source == "data" else _typed_rows(page)
    if A is None:
        return None
    if A.shape[0] == 0:
        st.info("No rows: the data has no points yet.")
        return None
    try:
        sol = compute.cone_solution(A, limits.CONE_MAX_UPDATES)
    except ValueError as exc:  # the engine's refusal (values too large to add safely)
        st.error(text.plain(str(exc), 300))
        return None
    st.markdown(
        f"**Iterations**: {text.counted(sol.updates, 'update')} through "
        f"{text.counted(A.shape[0], 'row')}"
    )
    rows = cone_view.iteration_rows(sol)
    if rows:
        st.dataframe(rows, key=page.own("cone_iterations"), hide_index=True, height=250)
    if sol.updates > len(rows):
        st.caption(f"The first {len(rows) - 5} and the last 5 of {sol.updates:,} updates.")
    if sol.solution is not None:
        st.markdown("**The check: every row of A w\\* ≥ 1**")
        checks = cone_view.check_rows(sol)
        st.dataframe(checks, key=page.own("cone_check"), hide_index=True, height=250)
        if A.shape[0] > len(checks):
            st.caption(f"The first {len(checks)} of {A.shape[0]:,} rows (all are counted below).")
    summary = cone_view.cone_summary(sol, limits.CONE_MAX_UPDATES)
    (st.success if sol.solved else st.warning)(text.md_numbers(summary))
    if source == "data" and run is not None:
        st.caption(text.md_numbers(cone_view.same_as_run(sol, run)))
    return sol


def _typed_rows(page: Table) -> np.ndarray | None:
    """The typed rows, or the last good ones with what is wrong said."""
    ss = st.session_state
    raw = st.text_area(
        "Rows of A, one a line (numbers separated by commas or spaces)",
        value=page.defaults.rows,
        key=page.key("rows"),
        bind=QP,
        height=120,
        max_chars=page["rows"].high,  # the link keeps the rows (ui.limits.CONE_ROWS_CHARS)
    )
    try:
        A = cone_view.parse_rows(raw)
    except ValueError as exc:
        st.error(f"The rows cannot be used: {text.plain(str(exc), 300)}")
        A = ss.get(page.own("rows_good"))
        if A is not None:
            st.caption("Still solving the previous rows.")
        return A
    ss[page.own("rows_good")] = A
    return A
