"""The stage: a recorded run stepped on a page, in two halves, with one seam. It imports
no feature and no page part (tests/test_structure.py holds it to that): the class, the
lecture, Export and the drawing board hang on ``hooks``, registered by ``ui.features``.

The server decides (Python): ``stepper`` (the cursor over a run and every stepping rule:
where each move lands, which buttons are off), ``frames`` (the pictures of the steps
around the cursor, built and serialised once and shared), ``sync`` (what the browser is
sent and what it reports back), ``fit`` (the stage's columns and its height on a
projector), ``keys`` (the page's keys, drawn first on every page), ``controls`` (its
buttons, Play and the scrub slider, with ``widgets``: the widgets of a page's fields),
``table`` (the data and scores at a step, for a screen reader too), ``link`` (the link a
page is opened with, which the stage writes), ``chart`` (the chart component that takes
clicks and carries the stage), ``hooks`` (the seam: each step told to listeners, marks on
the chart, panels under it) and ``part`` (what the pages call: the run, its stepper, the
stage's fragment and its chart).

The browser plays what it was sent (JavaScript, served with the chart component of
``ui.stage.chart``, ``chart.js``): ``stage.js`` (its data contract at its head),
``stepping.mjs`` (its pure logic: a move from the server's table, the sync state machine;
unit tests under tests/js/), ``access.mjs`` (the live region and the dark theme),
``export_hook.js`` (the slot Export fills), ``keys.js`` and ``page_keys.js`` (the page's
keys, kept until the stage is ready).
"""
