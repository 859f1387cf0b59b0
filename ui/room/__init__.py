"""The class in the room: a lecturer leads, students follow, answer and add points. One
package, which listens to the stage (``ui.features`` hangs it on ``ui.stage.hooks``).

The server (no streamlit): ``codes`` (join codes, the lecturer's secret, pseudonyms),
``rules`` (limits, refusals, value checks, events), ``store`` (the ``ClassStore``
interface) with ``memory`` and ``redis_store`` (``redis_scripts``) behind it, ``fanout``
(events to followers on event loops), ``default`` (the process's store), ``refusals`` and
``routes`` (the HTTP routes under ``/class/``), ``questions`` (what a question asks).

The Streamlit parts: ``classroom`` (the lecturer's panel, each step published),
``lecturer`` (the lecturer's session and its keeper, ``keeper.js``), ``seats_panel``,
``poll`` (questions and their marks on the chart), ``collect`` (points from the class),
``adversary`` (the class's adversary round), ``follow`` (a student's page),
``class_words`` (the class's words on each device) and ``projector.css``.

The browser modules, served by ``follow``: ``following.mjs`` (the lecture's stream),
``polling.mjs``, ``collecting.mjs``, ``class_words.mjs`` (pure logic, unit tests under
tests/js/) and ``follow.js`` (the glue).
"""
