"""The lab's one door to what Streamlit does not promise to keep.

- ``streamlit_internals``: every private Python API of Streamlit the lab uses (the script
  run's context, the runtime's session manager, the pages manager, the query parameters'
  record, the static route of v1 components, the wire protocol), each behind one named
  function. No other module imports from ``streamlit.*`` beyond the public API
  (``tests/test_streamlit_adapter.py`` checks it, and exercises each function against the
  installed Streamlit).
- ``dom.mjs`` (with ``dom.py``, its Python reader): every element of Streamlit's page the
  lab's browser code and CSS reach by a private ``data-testid``, named once.

Both were checked against Streamlit 1.67.0 (``requirements.lock``); an upgrade is checked
by running ``tests/test_streamlit_adapter.py`` and ``tests/browser/test_streamlit_page.py``.
"""
