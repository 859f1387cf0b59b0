"""One of each Streamlit element the lab reaches by a data-testid (ui/platform/dom.mjs),
for tests/browser/test_streamlit_page.py: drawn by the installed Streamlit, as the lab
draws them, with the sidebar folded (its ">>" shown)."""

import streamlit as st

st.set_page_config(page_title="dom", layout="wide", initial_sidebar_state="collapsed")
with st.sidebar:
    st.write("sidebar")
with st.container():
    left, right = st.columns(2)
    left.button("press", key="press")
    right.markdown("markdown")
st.caption("caption")
st.text("text")
st.slider("slider", 0, 10, 5, key="slide")
st.file_uploader("file", key="file")
