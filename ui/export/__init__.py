"""Export: what a page gives to take away. One package, which hangs on the stage
(``ui.features``) and imports it, never the other way.

``files`` (the files themselves: the run and the tables as CSV, the animation as one
HTML page; pure, no streamlit), ``downloads`` (the pages' download buttons, each file made
when clicked) and ``offer`` (the stage's Export, its server half: where its modules are
served, the caps, the frames the browser asks for). The browser half: ``browser/``
(``panel.mjs`` with ``range.mjs``, ``draw.mjs``, ``encode.mjs``; pure logic tested under
tests/js/) and ``vendor/`` (the encoders' bundle, ``npm run build:export``); the stage's
chart holds its slot for it (ui/stage/export_hook.js, export.css).
"""
