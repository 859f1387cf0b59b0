"""Practice: you are the perceptron. Say whether each visit is a mistake, give w and b after
it; the engine checks every answer exactly and a finished level earns a signed code."""

import streamlit as st

import perceptron_core as pc
from ui import text
from ui.parts import practice, style, widgets
from ui.plot_click import plot
from ui.server import guard
from ui.state import PRACTICE as PAGE
from ui.views import practice_view

guard.through_the_entry_point()  # a page's link on a fresh server: run via app.py
problems = practice.begin()
style.header(
    "You are the perceptron",
    "Do the algorithm by hand on your own small dataset: at each visit say whether it is a "
    "mistake (y(w·x + b) ≤ 0; a tie is a mistake), then give w and b after it "
    "(w ← w + ηyx, b ← b + ηy). Every answer is checked exactly; a finished level gives a "
    "completion code for your lecturer. Your link keeps your exercise (its seed).",
    presenter=False,
    problems=problems,
)
level = int(
    widgets.choice(
        PAGE,
        "level",
        "Level",
        help=" · ".join(f"{k}: {v}" for k, v in pc.practice.LEVELS.items()),
    )
)
seed = practice.seed()
ex = practice.exercise(seed, level)
rec = practice.record(seed, level)
st.markdown(
    f"**Level {level}: {text.md_numbers(pc.practice.LEVELS[level])}** · exercise {seed} · "
    f"η = {pc.practice.number(ex.eta)}"
)
st.button(
    "New exercise",
    key=PAGE.own("practice_new"),
    on_click=practice.new_exercise,
    help="Another dataset (a new seed in the link); this one's answers are kept.",
)

chart, side = st.columns([5, 4])
with chart:
    plot(practice_view.figure(ex, len(rec.results)), key=PAGE.own("practice_chart"))
with side:
    practice.score_line(rec, ex)
    practice.feedback(rec, ex)
    if len(rec.results) < len(ex.questions):
        practice.ask(rec, ex)
    practice.finished(rec, ex)

st.divider()
practice.code_check()
