"""The class in the room: a lecturer leads, students follow, answer and add points.

``codes`` (join codes, the lecturer's secret, pseudonyms), ``rules`` (limits, refusals,
value checks, events), ``store`` (the ``ClassStore`` interface) with ``memory`` and
``redis_store`` behind it, ``fanout`` (events to followers on event loops), ``default``
(the process's store) and ``routes`` (the HTTP routes under ``/class/``). No streamlit.
"""
