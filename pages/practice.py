"""Practice: you are the perceptron. Say whether each visit is a mistake, give w and b after
it; the engine checks every answer exactly and a finished level earns a signed code."""

import streamlit as st

import perceptron_core as pc
from ui import notation, text
from ui.parts import style
from ui.practice import part as practice
from ui.practice import words as said_as
from ui.server import guard
from ui.stage import widgets
from ui.state import PRACTICE as PAGE
from ui.words import t

guard.through_the_entry_point()  # a page's link on a fresh server: run via app.py
problems = practice.begin()
nt = notation.current()
style.header(
    t("practice.title"),
    t("practice.intro", signed=nt.signed, what=said_as.weights_asked(), rule=said_as.rule()),
    presenter=False,
    problems=problems,
)
level = int(
    widgets.choice(
        PAGE,
        "level",
        t("practice.level"),
        help=" · ".join(f"{k}: {said_as.level_name(k)}" for k in pc.practice.LEVELS),
    )
)
seed = practice.seed()
ex = practice.exercise(seed, level)
rec = practice.record(seed, level)
name = text.md_numbers(said_as.level_name(level))
eta = pc.practice.number(ex.eta)
st.markdown(t("practice.heading", level=level, name=name, seed=seed, eta=eta))
st.button(
    t("practice.new"),
    key=PAGE.own("practice_new"),
    on_click=practice.new_exercise,
    help=t("practice.new_help"),
)

chart, side = st.columns([5, 4])
with chart:
    practice.score_line(rec, ex, phone=True)  # shown on a phone only
    practice.chart(rec, ex)
with side:
    practice.score_line(rec, ex)
    practice.feedback(rec, ex)
    if len(rec.results) < len(ex.questions):
        practice.ask(rec, ex)
    practice.finished(rec, ex)

st.divider()
practice.code_check()
