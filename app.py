"""Perceptron Lab: the entry point. ``streamlit run app.py``.

Builds the navigation explicitly (``st.navigation`` ignores the ``pages/`` folder's
auto-discovery); the Playground is the default page, served at the root URL.
"""

import streamlit as st

from ui import guard, state
from ui.warmup import prepare_process

# State of the whole lab, not of one page: set up here, before any page runs, so it
# survives moving between pages (Streamlit clears a widget's state when its page is not
# shown). Pages read these and write them when the user changes them.
LAB_STATE = {
    "lab_presenter": False,  # presenter mode (larger text, less chrome)
    "lab_dataset": None,  # the dataset on screen (a datasets.Dataset), for the next page
    "lab_data": None,  # how it was picked: the data fields' values and drawn points
    "lab_upload": None,  # the last uploaded dataset: a page in upload mode opens on it
}


def lab_state() -> None:
    for name, default in LAB_STATE.items():
        st.session_state.setdefault(name, default)


def main() -> None:
    # A presenter link (…?pg_presenter=true, kn_presenter on /kernel, ...) opens with the
    # sidebar folded: the chart gets the whole width of the projector. It only sets how the
    # page starts.
    presenting = any(
        st.query_params.get(table.key("presenter")) == "true" for table in state.TABLES
    )
    st.set_page_config(
        page_title="Perceptron Lab",
        page_icon="➕",
        layout="wide",
        initial_sidebar_state="collapsed" if presenting else "auto",
    )
    prepare_process()  # once per server process: see ui/warmup.py
    opening = "lab_presenter" not in st.session_state  # the session's first run: a link
    lab_state()
    if presenting and opening:  # later, each page's own toggle decides (and sets the lab's)
        st.session_state["lab_presenter"] = True
    pages = [
        st.Page(
            "pages/playground.py",
            title="Playground",
            icon=":material/scatter_plot:",
            url_path="playground",
            default=True,
        ),
        st.Page(
            "pages/kernel.py",
            title="Kernel",
            icon=":material/blur_on:",
            url_path="kernel",
        ),
        st.Page(
            "pages/batch.py",
            title="Batch",
            icon=":material/stacked_line_chart:",
            url_path="batch",
        ),
        st.Page(
            "pages/variants.py",
            title="Variants",
            icon=":material/compare:",
            url_path="variants",
        ),
    ]
    guard.run_page(st.navigation(pages))  # errors are logged, never shown as tracebacks


main()
