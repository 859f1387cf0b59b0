"""Downloads: the dataset, the run and the animation; each file is made only when clicked."""

from __future__ import annotations

import streamlit as st

import datasets
from ui import export, figures, text
from ui.state import Table


def downloads(
    page: Table, run, ds: datasets.Dataset, chart: dict | None, *, name: str, animated=True
) -> None:
    """The dataset (CSV), the run (CSV, one row per visit) and, for a run with weights, the
    animation (HTML that plays offline). ``name`` starts the files' names; ``animated``:
    False where the chart is not every point in two features (no animation is offered)."""
    st.markdown("**Download**")
    if min(ds.counts) > 0:
        st.download_button(
            "Dataset (CSV)",
            ds.to_csv,
            file_name=f"{name}_data.csv",
            mime="text/csv",
            key=page.own("dl_data"),
            on_click="ignore",
        )
    st.download_button(
        "Run (CSV, one row per visit)",
        lambda: export.run_csv(run, feature_names=ds.feature_names),
        file_name=f"{name}_run.csv",
        mime="text/csv",
        key=page.own("dl_run"),
        on_click="ignore",
    )
    if not run.is_kernel and animated:
        st.download_button(
            "Animation (HTML, plays offline)",
            lambda: export.animation_html(animation(run, ds, chart | {"presenter": False})),
            file_name=f"{name}_run.html",
            mime="text/html",
            key=page.own("dl_html"),
            on_click="ignore",
        )
    cut = f" (the first {export.MAX_RUN_ROWS:,})" if run.n_visits > export.MAX_RUN_ROWS else ""
    st.caption(
        f"The run CSV has one row per visit{cut}: step, epoch, position, index (row of the "
        "dataset), the example, y, the activation before the visit, mistake, and w, b after it."
    )
    if not animated:
        st.caption(
            "No animation file here: it draws every point in two features (this data has "
            f"{ds.d} features and {ds.n:,} points)."
        )
    st.caption(
        f"Data: {text.plain(ds.source)} · {text.counted(ds.n, 'point')} · "
        f"{datasets.PREPROCESSING[ds.preprocessing]}"
    )


def animation(run, ds: datasets.Dataset, chart: dict):
    W, B = run.trajectory()
    return figures.animation_figure(ds.X, ds.y, W, B, update_index=run.update_index, **chart)
