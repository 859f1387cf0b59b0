"""Opening a scene while a widget of the page being left is still bound to one of the
scene's parameters (ui.parts.scenes.switch_to): seen under load as "Cannot directly set
query parameter 'pg_source' - it is bound to a widget" when a clicker walked the lecture."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest


def _script():
    import os

    import streamlit as st

    from ui.parts.scenes import switch_to

    st.selectbox("Source", ["generate", "examples"], key="pg_source", bind="query-params")
    if st.button("Open the scene"):
        del st.session_state["pg_source"]  # as open_requested forgets the page's state
        switch_to(os.path.basename(__file__), {"pg_source": "examples", "pg_step": "end"})


def test_a_scene_opens_although_the_page_left_binds_its_parameter():
    at = AppTest.from_function(_script, default_timeout=60)
    at.run()
    assert at.selectbox(key="pg_source").value == "generate"
    at.button[0].click().run()
    assert not at.exception, [e.message for e in at.exception]
    assert at.selectbox(key="pg_source").value == "examples"  # the scene's link was read
    assert at.query_params.get("pg_step") in ("end", ["end"])


def test_other_errors_of_a_switch_are_not_hidden(monkeypatch):
    import pytest
    import streamlit as st
    from streamlit.errors import StreamlitAPIException

    from ui.parts import scenes

    def refuse(page, query_params=None):
        raise StreamlitAPIException("something else went wrong")

    monkeypatch.setattr(st, "switch_page", refuse)
    with pytest.raises(StreamlitAPIException, match="something else"):
        scenes.switch_to("pages/playground.py", {"pg_source": "examples"})
