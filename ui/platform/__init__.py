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
by running ``tests/test_streamlit_adapter.py``, ``tests/test_streamlit_dom.py`` and
``tests/browser/test_streamlit_page.py``.

How the lab's JavaScript reaches the page: four ways, each for what the others cannot do
(``tests/test_streamlit_dom.py`` holds the count of each, so a fifth is a choice):

1. A components v2 module (``st.components.v2.component``, public): code that lives with
   an element and sends values back. The chart with its stage (``ui/stage/chart.py``: its
   inline module is a loader of the module below), the practice chart's handles
   (``ui/practice/drag.py``), the lecturer's keeper of a class (``ui/room/lecturer.py``)
   and the leader posting the lecturer's steps to it (``ui/room/classroom.py``).
2. Static files of the lab's own server (``streamlit_internals.served_file_url``, a v1
   component's folder used as a static route): what is too big to go out with a module on
   each rerun or is loaded only when asked for. plotly.js (the lab's 2.2 MB bundle,
   ``ui/vendor/plotly/``; one route for both charts), the chart's module
   (``ui/stage/chart.py`` joins dom.mjs, ``ui/stage/access.mjs``, ``stepping.mjs``,
   ``chart.js``, ``stage.js``, ``export_hook.js`` and ``keys.js`` into one file, named by
   its content: a component's inline module goes out with every rerun, 51 KB a chart)
   and the export's modules and encoders (``ui/export/offer.py``, imported by
   ``export_hook.js`` when an export starts). Components v2 serve folders only for
   installed packages; ``st.App``'s routes would, but only where ``app.py``'s ``st.App``
   serves (not a bare ``streamlit run`` of a test app), and the proxy's cache rule
   (``deploy/nginx*.conf``) names this route.
3. Inline ``st.html`` scripts: code that must run as soon as its element is drawn, with
   this run's data, before any component module has loaded (seconds on a cold cache).
   The page's keys (``ui/stage/keys.py``: ``page_keys.js``), the page's theme
   (``ui/parts/style.py``: ``THEME_JS``), a following student's link to the class
   (``ui/room/follow.py``: ``follow.js`` with the class's modules). Each gets dom.mjs's
   names in a block of its own (``dom.script``).
4. The head script (``ui.server.head.HeadScript``, a middleware of ``app.py``'s
   ``st.App``): code that must run before Streamlit's own. Presses made before any page
   script has loaded (``ui/stage/early_keys.js``) and a link's ``theme=`` written where
   Streamlit reads its theme as it loads (``ui.parts.style.EARLY_THEME_JS``).
"""
