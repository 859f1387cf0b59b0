"""Practice: a student works exercises on the perceptron rule and earns a signed
completion code. One package: the page's part, its pure view and words, the chart with
handles, the codes and the attempts kept on the server.

``part`` (the Streamlit part the page ``pages/practice.py`` draws), ``view`` (the
exercise's charts: pure, no streamlit), ``words`` (what is said about a question and its
answer: pure), ``drag`` with ``drag.js`` and ``drag.mjs`` (the chart whose handles set w
and b; its pure arithmetic tested under tests/js/), ``completion`` (signed completion
codes and the server's signing key; the class signs its seats with the same key) and
``attempts`` (the attempts counted per exercise, in SQLite).
"""
