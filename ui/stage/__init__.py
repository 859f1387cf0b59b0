"""The stage: a recorded run stepped on a page, in two halves.

The server decides (Python): ``stepper`` (the cursor over a run and every stepping rule:
where each move lands, which buttons are off), ``frames`` (the pictures of the steps
around the cursor, built and serialised once and shared), ``sync`` (what the browser is
sent and what it reports back), ``fit`` (the stage's columns and its height on a
projector), ``keys`` (the page's keys, drawn first on every page) and ``part`` (what the
pages call: the run, its stepper, the stage's fragment and its chart).

The browser plays what it was sent (JavaScript, served with the chart component of
``ui.stage.chart``): ``stage.js`` (its data contract at its head), ``stepping.mjs`` (its
pure logic: a move from the server's table, the sync state machine; unit tests under
tests/js/), ``keys.js`` and ``page_keys.js`` (the page's keys, kept until the stage is
ready).
"""
