"""Predict, then reveal: the lecturer asks the class a question about the next step (key Q),
the projector shows how many have answered (not what), Reveal shows the answers per choice
with the right one marked, and the session's questions and counts download as CSV.

The questions and their right answers come from the run on the lecturer's stage at its
cursor (``ui.room.questions``: the engine's exact state, never typed). The students'
devices show the question and its answer buttons from the class's events
(``ui/room/follow.js``); their answers go to the class's store through its routes.

A lecturer's own scene that carries a question (``ui.server.lectures``) offers it as one
more kind, "lecturer", chosen by default while that scene is open: the lecturer's text as
it is (never translated, shown as plain text), its right answer the one the file names.
"""

from __future__ import annotations

import csv
import io
import logging
from contextlib import nullcontext

import plotly.graph_objects as go
import streamlit as st

from ui import compute, lecture
from ui.room import class_words, lecturer
from ui.room.default import default_store
from ui.room.questions import Asked, questions_at
from ui.room.rules import CHOICE_LIMIT, PROMPT_LIMIT, Refused
from ui.server import lectures
from ui.stage.chart import plot
from ui.state import lab
from ui.words import t as say

log = logging.getLogger(__name__)
KINDS = ["next_mistake", "fixes_point", "turn", "converge", "fewer_mistakes"]
LECTURER = lectures.CLASS_KIND  # the lecturer's own question, from their scene


def kind_name(kind: str) -> str:
    """A kind of question, as the box of questions names it."""
    return say(f"class.kind.{kind}", **class_words.symbols())


def no_answer(kind: str) -> str:
    """Why a kind of question has no answer at this step."""
    if kind not in (*KINDS, LECTURER):
        return say("class.no_answer")
    return say(f"class.no_answer.{kind}", **class_words.symbols())


COUNT_EVERY_S = 1.0  # the projector's count of answers is read this often while one is open
RIGHT, OTHER = "#1b7f3b", "#9aa5b1"


MARKED = {"pg_", "kn_", "bt_"}  # pages whose chart is the data's own plane


def marks_of(prefix: str, run, asked: Asked) -> list[tuple[str, float, float]]:
    """Where a question's marked points are on this page's chart: (letter, x1, x2), or none
    (more than 2 features, or a chart in other coordinates)."""
    if prefix not in MARKED or run is None or run.X.shape[1] != 2:
        return []
    return [(letter, float(run.X[i, 0]), float(run.X[i, 1])) for letter, i in asked.marks]


def chart_marks(prefix: str, run, cursor: int) -> list[tuple[str, float, float]]:
    """The marks the lecturer's chart shows now: the open question's, or the one revealed
    last while the stage is still at the step it was asked at."""
    ss = st.session_state
    if lab.CLASS not in ss:
        return []
    held = ss.get(lab.CLASS_QUESTION) or ss.get(lab.CLASS_REVEALED)
    stage = ss.get(lab.CLASS_STAGE)
    if held is None or stage is None or stage[0] != prefix or stage[1] is not run:
        return []
    asked = held[1]
    return marks_of(prefix, run, asked) if asked.at == cursor else []


def _on_stage(path: str) -> bool:
    stage = st.session_state.get(lab.CLASS_STAGE)
    return stage is not None and lecture.PATHS.get(stage[0]) == path and stage[1] is not None


def _stage_questions(path: str) -> dict[str, Asked]:
    """The questions about the run on this page's stage at its cursor ({} without one)."""
    ss = st.session_state
    if not _on_stage(path):
        return {}
    _, run, ds = ss[lab.CLASS_STAGE]
    cursor = ss.get(lecture.table_of(path).own("cursor"))
    if not isinstance(cursor, int):
        return {}
    theory = compute.theory(ds) if compute.theory_live(ds.X) else None
    return questions_at(run, cursor, None if theory is None else bool(theory.separable))


def own_question(path: str) -> tuple[lectures.Question, int] | None:
    """The lecturer's own question of the scene open on this page, and the opening it came
    with (``ui.parts.scenes.open_requested``), or None."""
    held_now = st.session_state.get(lab.SCENE_QUESTION)
    if held_now is None or held_now[0] != path:
        return None
    return held_now[1], held_now[2]


def _own_asked(path: str) -> Asked:
    """The lecturer's question as the class asks it (BadLecture: too long for a phone)."""
    question, _ = own_question(path)
    shaped = lectures.class_question(question, prompt_most=PROMPT_LIMIT, choice_most=CHOICE_LIMIT)
    table = lecture.table_of(path) if path in lecture.PATHS.values() else None
    cursor = None if table is None else st.session_state.get(table.own("cursor"))
    return Asked(
        LECTURER,
        shaped["prompt"],
        tuple(shaped["choices"]),
        shaped["right"],
        cursor if isinstance(cursor, int) else 0,
    )


def ask(opened, path: str) -> None:
    """Ask the class (a callback): the question chosen, computed now at the stage's cursor
    (a step made since this page last ran counts), goes to every student's device; the
    lecturer's own goes as they wrote it."""
    ss = st.session_state
    kind = ss.get(lab.CLASS_KIND, KINDS[0])
    if kind == LECTURER:
        if own_question(path) is None:
            ss[lab.CLASS_SAID] = no_answer(kind)
            return
        try:
            asked = _own_asked(path)
        except lectures.BadLecture as bad:  # longer than a phone takes: said, not cut
            log.info("refused route=class_ask kind=lecturer reason=%s", bad)
            ss[lab.CLASS_SAID] = too_long(own_question(path)[0])
            return
        if any(class_words.decode(text) for text in (asked.prompt, *asked.choices)):
            # Phones would say it as the lab's coded question it reads as: refused.
            log.info("refused route=class_ask kind=lecturer reason=coded")
            ss[lab.CLASS_SAID] = say("class.lecturer_coded")
            return
    else:
        asked = _stage_questions(path).get(kind)
    if asked is None:
        ss[lab.CLASS_SAID] = no_answer(kind)
        return
    prefix, run = (ss[lab.CLASS_STAGE][:2]) if _on_stage(path) else ("", None)
    prompt, choices = held(asked)
    try:
        qid = default_store().ask(
            opened.code,
            opened.secret,
            asked.kind,
            prompt,
            choices,
            asked.right,
            marks_of(prefix, run, asked),
        )
    except Refused as refused:
        ss[lab.CLASS_SAID] = class_words.refusal(refused.reason)
        return
    except Exception as exc:  # the store unreachable: said, one line logged
        lecturer.went_down(exc)
        return
    ss[lab.CLASS_QUESTION] = (qid, asked)
    ss.pop(lab.CLASS_REVEALED, None)


def held(asked: Asked) -> tuple[str, list[str]]:
    """The question as the class's store holds it: its words' ids and values (each device
    says them in its own language: ``ui.room.class_words``); in English where one would
    not fit the store's limits."""
    if asked.kind == LECTURER:  # the lecturer's own words, as they are
        return asked.prompt, list(asked.choices)
    encoded = [class_words.encode(m, *v) for m, v in asked.said]
    if (
        not encoded
        or len(encoded[0]) > PROMPT_LIMIT
        or any(len(c) > CHOICE_LIMIT for c in encoded[1:])
    ):
        return asked.prompt, list(asked.choices)
    return encoded[0], encoded[1:]


def reveal(opened) -> None:
    """Reveal (a callback): the answers per choice, final from now on."""
    ss = st.session_state
    open_question = ss.get(lab.CLASS_QUESTION)
    if open_question is None:
        return
    qid, asked = open_question
    try:
        counts = default_store().reveal(opened.code, opened.secret, qid)
    except Refused as refused:
        ss[lab.CLASS_SAID] = class_words.refusal(refused.reason)
        counts = None
    except Exception as exc:  # the store unreachable: said, one line logged
        lecturer.went_down(exc)
        return
    ss.pop(lab.CLASS_QUESTION, None)
    if counts is not None:
        ss[lab.CLASS_REVEALED] = (qid, asked, list(counts))


def too_long(question: lectures.Question) -> str:
    """Why the lecturer's question is not asked: the first of its texts longer than a
    phone takes (``lectures.class_question``'s refusal), in the page's language."""
    if len(question.prompt) > PROMPT_LIMIT:
        return say("lecture.bad.class_prompt", most=PROMPT_LIMIT)
    j = next(j for j, c in enumerate(question.choices, start=1) if len(c) > CHOICE_LIMIT)
    return say("lecture.bad.class_choice", j=j, most=CHOICE_LIMIT)


def _answered(code: str, qid: int) -> int:
    try:
        question = default_store().state(code).get("question") or {}
    except Exception:  # the store failed or the class is over: the next read tries again
        return 0
    return int(question.get("answered", 0)) if question.get("id") == qid else 0


def prompt_of(asked: Asked) -> str:
    """The question in the page's language and notation."""
    return class_words.said(asked.said[0]) if asked.said else asked.prompt


def choices_of(asked: Asked) -> list[str]:
    """The question's choices in the page's language and notation."""
    return [class_words.said(c) for c in asked.said[1:]] if asked.said else list(asked.choices)


def histogram(asked: Asked, counts: list[int]) -> go.Figure:
    """The answers per choice, the right one in green and marked."""
    labels = [
        f"{c[:40]}{'…' if len(c) > 40 else ''}{'  ✓' if i == asked.right else ''}"
        for i, c in enumerate(choices_of(asked))
    ]
    fig = go.Figure(
        go.Bar(
            x=counts,
            y=labels,
            orientation="h",
            marker_color=[RIGHT if i == asked.right else OTHER for i in range(len(counts))],
            text=[str(n) for n in counts],
            textposition="auto",
            hoverinfo="skip",
        )
    )
    fig.update_layout(
        height=90 + 48 * len(counts),
        margin={"l": 10, "r": 10, "t": 10, "b": 30},
        yaxis={"autorange": "reversed", "automargin": True},
        xaxis={"rangemode": "tozero", "dtick": 1 if max(counts) < 10 else None},
        font={"size": 18},
    )
    return fig


def results_csv(opened) -> bytes:
    """Every question asked in this class, one row per choice: its answers and whether it
    is the right one (a question still open counts the answers so far)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["question", "kind", "prompt", "status", "choice", "right", "answers"])
    for q in default_store().results(opened.code, opened.secret):
        for i, (choice, n) in enumerate(zip(q["choices"], q["counts"], strict=True)):
            writer.writerow(
                [
                    q["id"],
                    q["kind"],
                    class_words.say(q["prompt"]),
                    q["status"],
                    class_words.say(choice),
                    i == q["right"],
                    n,
                ]
            )
    return out.getvalue().encode()


def over_chart():
    """Where the question and its answers are shown: on a projector (presenter mode) a box
    beside the chart (over the numbers' lower part), out of the page's flow
    (``ui/room/projector.css``), so the chart, the status line and the bound stay on the
    first screen; else in place."""
    if st.session_state.get(lab.PRESENTER):
        return st.container(key=lab.CLASS_ASKED)
    return nullcontext()


def hide_revealed() -> None:
    """Hide the answers revealed (a callback): the chart is whole again."""
    st.session_state.pop(lab.CLASS_REVEALED, None)


def poll(path: str, opened) -> None:
    """Ask the class / the count of answers and Reveal / the last answers revealed."""
    ss = st.session_state
    open_question = ss.get(lab.CLASS_QUESTION)
    if open_question is not None:
        with over_chart():
            asking(opened, open_question)
        return
    revealed = ss.get(lab.CLASS_REVEALED)
    if revealed is not None:
        with over_chart():
            answers(revealed)
    controls(path, opened)


def asking(opened, open_question) -> None:
    """The open question, how many have answered (read every second), and Reveal."""
    qid, asked = open_question
    st.markdown(say("class.question_for"))
    st.text(prompt_of(asked))  # the class's own words: plain text
    for choice in choices_of(asked):
        st.text(f"•  {choice}")

    @st.fragment(run_every=COUNT_EVERY_S)
    def count() -> None:
        n = _answered(opened.code, qid)
        st.metric(say("class.answered"), f"{n:,}")

    if st.session_state.get(lab.PRESENTER):  # side by side: the box stays low
        left, right = st.columns([1, 1], vertical_alignment="center")
    else:
        left = right = st.container()
    with left:
        count()
    right.button(
        say("class.reveal"),
        key=lab.CLASS_REVEAL,
        type="primary",
        on_click=reveal,
        args=(opened,),
    )


def answers(revealed) -> None:
    """The answers revealed last, the right one marked; on a projector, Hide."""
    qid, asked, counts = revealed
    st.text(prompt_of(asked))
    plot(histogram(asked, counts), key=f"{lab.CLASS_HISTOGRAM}{qid}")
    right = choices_of(asked)[asked.right]
    if asked.kind == LECTURER:  # the lecturer's words: their formulas, the rest as text
        message, right = "class.right_answer.lecturer", lectures.question_markdown(right)
    else:
        message = "class.right_answer"
    st.caption(
        say(
            message,
            choice=right,
            at=f"{asked.at:,}",
            n=f"{sum(counts):,}",
        )
    )
    if st.session_state.get(lab.PRESENTER):
        st.button(say("class.hide"), key=lab.CLASS_HIDE, on_click=hide_revealed)


def controls(path: str, opened) -> None:
    """Ask the class (the kind of question, Ask) and the questions' results (CSV). On the
    lecturer's own scene with a question, theirs first, chosen on the scene's opening."""
    ss = st.session_state
    own = own_question(path)
    kinds = ([LECTURER] if own is not None else []) + (KINDS if _on_stage(path) else [])
    if not kinds:
        if path != "online":  # the game's own round is below
            st.caption(say("class.ask_elsewhere"))
    else:
        if own is not None and ss.get(lab.CLASS_KIND_OPENING) != own[1]:
            ss[lab.CLASS_KIND] = LECTURER  # once per opening: the lecturer may choose another
            ss[lab.CLASS_KIND_OPENING] = own[1]
        elif ss.get(lab.CLASS_KIND) not in (None, *kinds):
            ss[lab.CLASS_KIND] = kinds[0]  # the scene is gone: its kind with it
        names = {kind: kind_name(kind) for kind in kinds}  # fixed for this run (AppTest)
        st.selectbox(
            say("class.question"), kinds, format_func=names.__getitem__, key=lab.CLASS_KIND
        )
        st.button(
            say("class.ask"),
            key=lab.CLASS_ASK,
            shortcut="Q",
            icon=":material/quiz:",
            on_click=ask,
            args=(opened, path),
            help=say("class.ask_help"),
        )
    try:
        has_results = bool(default_store().results(opened.code, opened.secret))
    except Exception:
        has_results = False
    if has_results:
        st.download_button(
            say("class.results"),
            data=results_csv(opened),
            file_name=f"class-{opened.code}-questions.csv",
            mime="text/csv",
            key=lab.CLASS_RESULTS,
            on_click="ignore",
        )
