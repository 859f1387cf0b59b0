"""The cone LP of note 001 on a page: the rows of A (the data's flipped samples or typed
rows), the perceptron's iterations through them and the check A w* >= 1."""

from __future__ import annotations

import numpy as np
import streamlit as st

import perceptron_core as pc
from ui import compute, limits, text
from ui.stage import widgets
from ui.state import Table, owns
from ui.views import cone_view
from ui.views.space_view import symbols
from ui.words import t

OWN = owns("cone_iterations", "cone_check", "rows_good")  # the LP's tables, typed A

QP = "query-params"


def cone_section(page: Table, data_rows: np.ndarray, run) -> pc.ConeSolution | None:
    """Pick the rows, solve A w >= 1 (cached), show the iterations and the check; the
    solution (None when there is nothing to solve), for the page's downloads."""
    S = symbols()  # w, a_i, A in the lab's notation
    st.subheader(t("space.cone", cone=S.times()))
    st.caption(
        t(
            "space.cone_says",
            row=f"{S.sample}_i",
            A=S.matrix,
            w=S.w,
            dot=S.dot_i(),
            Aw=S.times(),
            flip=S.flip("i"),
        )  # fmt: skip
    )
    source = widgets.choice(page, "cone_rows", t("space.rows_of", A=S.matrix))
    A = data_rows if source == "data" else _typed_rows(page)
    if A is None:
        return None
    if A.shape[0] == 0:
        st.info(t("space.no_rows"))
        return None
    try:
        sol = compute.cone_solution(A, limits.CONE_MAX_UPDATES)
    except ValueError as exc:  # the engine's refusal (values too large to add safely)
        st.error(text.plain(str(exc), 300))
        return None
    st.markdown(
        t("space.iterations", updates=t("space.updates", n=sol.updates),
          rows=t("space.rows", n=A.shape[0]))
    )  # fmt: skip
    rows = cone_view.iteration_rows(sol)
    if rows:
        st.dataframe(rows, key=page.own("cone_iterations"), hide_index=True, height=250)
    if sol.updates > len(rows):
        st.caption(t("space.first_last", first=len(rows) - 5, n=sol.updates))
    if sol.solution is not None:
        st.markdown(t("space.check", Aw=S.times(f"{S.w}\\*")))
        checks = cone_view.check_rows(sol)
        st.dataframe(checks, key=page.own("cone_check"), hide_index=True, height=250)
        if A.shape[0] > len(checks):
            st.caption(t("space.first_rows", first=len(checks), n=A.shape[0]))
    summary = cone_view.cone_summary(sol, limits.CONE_MAX_UPDATES)
    (st.success if sol.solved else st.warning)(text.md_numbers(summary))
    if source == "data" and run is not None:
        st.caption(text.md_numbers(cone_view.same_as_run(sol, run)))
    return sol


def _typed_rows(page: Table) -> np.ndarray | None:
    """The typed rows, or the last good ones with what is wrong said."""
    ss = st.session_state
    raw = st.text_area(
        t("space.rows_box", A=symbols().matrix),
        value=page.defaults.rows,
        key=page.key("rows"),
        bind=QP,
        height=120,
        max_chars=page["rows"].high,  # the link keeps the rows (ui.limits.CONE_ROWS_CHARS)
    )
    try:
        A = cone_view.parse_rows(raw)
    except ValueError as exc:
        st.error(t("space.rows_bad", why=text.plain(str(exc), 300)))
        A = ss.get(page.own("rows_good"))
        if A is not None:
            st.caption(t("space.rows_previous"))
        return A
    ss[page.own("rows_good")] = A
    return A
