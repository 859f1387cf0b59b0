"""/practice's parts: the seed and the level from the link, the question the student is at,
the feedback on an answer, the score and the completion code, the lecturer's code check.

What the session has answered is kept in its session state (server side): the score is
counted there, and the completion code (``ui.server.completion``) is issued only once
every question of the level has an answer. The engine decides every answer
(``pc.check``); nothing the student types is shown but escaped (``text.quoted``).
"""

from __future__ import annotations

import secrets
import sqlite3
from dataclasses import dataclass, field
from functools import lru_cache

import streamlit as st

import perceptron_core as pc
from ui import limits, text
from ui.parts import link
from ui.server import attempts, completion
from ui.state import PRACTICE, check_link, owns, read_number
from ui.views import practice_view

OWN = owns(
    "practice_seed",  # the exercise's seed (the link's pr_seed, or a fresh one)
    "practice_records",  # {(seed, level): Record}: what the session has answered
    "practice_yes",  # the verdict's buttons
    "practice_no",
    "practice_box",  # the numbers' boxes (+ field and question), Check, a refused answer
    "practice_submit",
    "practice_refused",
    "practice_new",  # New exercise
    "practice_code",  # the lecturer's check: its box and button
    "practice_code_check",
    "practice_code_said",
    "practice_chart",
)
SEED_PARAM = PRACTICE.key("seed")
NO_KEY = (
    "This server has no key to sign completion codes with (its data folder cannot be "
    "written): ask whoever runs it to set PERCEPTRON\\_LAB\\_SECRET. Your answers are kept "
    "while this page is open."
)


@dataclass
class Record:
    """One exercise's answers in this session: right or not, per question, in order; and
    what to say about the last one."""

    results: list[bool] = field(default_factory=list)
    # Which start of this exercise on this server the session's answers are (counted at its
    # first answer, ``ui.server.attempts``); None: not counted (no data folder to count in).
    attempt: int | None = None
    said: tuple[int, bool, str] | None = None  # (question, right, the reply as typed)

    @property
    def score(self) -> int:
        return sum(self.results)


@lru_cache(maxsize=limits.PRACTICE_EXERCISES)
def exercise(seed: int, level: int) -> pc.Exercise:
    return pc.exercise(seed, level)


def fresh_seed() -> int:
    return secrets.randbelow(limits.PRACTICE_SEED_MAX + 1)


def begin() -> list[str]:
    """The page's first run in a session reads the link: the level (its widget's check)
    and the seed (a fresh one when the link has none or a bad one). Returns the problems."""
    ss = st.session_state
    key = PRACTICE.own("practice_seed")
    problems: list[str] = []
    if key not in ss:
        opening = link.opening()
        problems += check_link(opening, PRACTICE.link_spec())
        raw = opening.get(SEED_PARAM)
        seed = None if raw is None else read_number(raw)
        if raw is not None and not (
            isinstance(seed, int) and 0 <= seed <= limits.PRACTICE_SEED_MAX
        ):
            problems.append(
                f"the seed {text.quoted(raw, 40)} is not a whole number from 0 to "
                f"{limits.PRACTICE_SEED_MAX:,}, so this page picked a new one"
            )
            seed = None
        ss[key] = fresh_seed() if seed is None else seed
    if st.query_params.get(SEED_PARAM) != str(ss[key]):
        st.query_params[SEED_PARAM] = str(ss[key])  # the link says which exercise this is
    return problems


def seed() -> int:
    return int(st.session_state[PRACTICE.own("practice_seed")])


def new_exercise() -> None:
    st.session_state[PRACTICE.own("practice_seed")] = fresh_seed()


def record(seed_: int, level: int) -> Record:
    """This session's record of the exercise (kept for the last few exercises)."""
    records = st.session_state.setdefault(PRACTICE.own("practice_records"), {})
    if (seed_, level) not in records:
        while len(records) >= limits.PRACTICE_RECORDS:
            records.pop(next(iter(records)))
        records[(seed_, level)] = Record()
    return records[(seed_, level)]


def _answer(rec: Record, ex: pc.Exercise, at: int, reply, shown: str) -> None:
    """Record the answer to question ``at`` (once: a second press of the same button, or
    a Check sent twice, is not a second answer)."""
    if len(rec.results) != at or at >= len(ex.questions):
        return
    right = pc.check(ex.questions[at], reply)
    if at == 0:
        try:
            rec.attempt = attempts.start(completion.data_folder(), ex.seed, ex.level)
        except (OSError, sqlite3.Error):  # said at the level's end, where the code would be
            rec.attempt = None
    rec.results.append(right)
    rec.said = (at, right, shown)


# ------------------------------------------------------------------ the parts
def score_line(rec: Record, ex: pc.Exercise) -> None:
    total = len(ex.questions)
    done = len(rec.results)
    st.progress(done / total, text=f"Question {min(done + 1, total)} of {total} · score "
                f"{rec.score} of {done} answered")  # fmt: skip


def feedback(rec: Record, ex: pc.Exercise) -> None:
    """What the last answer was worth, with the arithmetic; a misconception where it
    occurred."""
    if rec.said is None:
        return
    at, right, shown = rec.said
    q = ex.questions[at]
    working = text.md_numbers(q.working)
    if right:
        st.success(f"Right. {working}")
    else:
        st.error(
            f"Not quite: you answered {text.quoted(shown, 60)}; the answer is "
            f"{text.md_numbers(practice_view.answer_text(q))}.\n\n{working}"
        )
    if q.note:
        st.info(text.md_numbers(q.note))


def ask(rec: Record, ex: pc.Exercise) -> None:
    """The question the student is at: yes / no buttons, or a box per number."""
    at = len(rec.results)
    q = ex.questions[at]
    st.markdown(f"**{at + 1}.** {text.md_numbers(q.prompt)}")
    if q.kind == "verdict":
        yes, no = st.columns(2)
        yes.button("Yes", key=PRACTICE.own("practice_yes"), on_click=_answer,
                   args=(rec, ex, at, True, "yes"), width="stretch")  # fmt: skip
        no.button("No", key=PRACTICE.own("practice_no"), on_click=_answer,
                  args=(rec, ex, at, False, "no"), width="stretch")  # fmt: skip
        return
    if q.kind == "approx":
        st.caption("To 2 decimals (3.14 for π).")
    else:
        st.caption("Exact: whole numbers, decimals or fractions (1, −2.5, 1/2).")
    boxes = [f"{PRACTICE.own('practice_box')}{j}_{at}" for j in range(len(q.fields))]
    for col, name, box in zip(st.columns(len(q.fields)), q.fields, boxes, strict=True):
        col.text_input(name, key=box)
    st.button("Check", key=PRACTICE.own("practice_submit"), on_click=_send,
              args=(rec, ex, at, boxes), type="primary")  # fmt: skip
    refused = st.session_state.pop(PRACTICE.own("practice_refused"), None)
    if refused is not None and refused[0] == at:
        st.error(refused[1])


def _send(rec: Record, ex: pc.Exercise, at: int, boxes: list[str]) -> None:
    """Check's callback: the typed numbers answer the question, or are refused with a
    plain message (nothing recorded: the question stays)."""
    typed = tuple(str(st.session_state.get(b, "")) for b in boxes)
    try:
        _answer(rec, ex, at, typed, ", ".join(typed))
    except pc.AnswerError as exc:
        bad = next((t for t in typed if not _reads(t)), "")
        said = f"{exc} You typed {text.quoted(bad, 40)}." if bad.strip() else str(exc)
        st.session_state[PRACTICE.own("practice_refused")] = (at, said)


def _reads(typed: str) -> bool:
    try:
        pc.parse_number(typed)
    except pc.AnswerError:
        return False
    return True


def finished(rec: Record, ex: pc.Exercise) -> None:
    """The end of a level: the score and the signed completion code (every question has
    an answer in this session, so the server issues it)."""
    if len(rec.results) < len(ex.questions):
        return
    total = len(ex.questions)
    st.subheader("Done")
    st.markdown(
        f"Level {ex.level} ({text.md_numbers(pc.practice.LEVELS[ex.level])}): "
        f"{rec.score} of {total} right at the first try."
    )
    try:
        if rec.attempt is None:
            raise OSError("no attempt counted")
        code = completion.issue(ex.seed, ex.level, rec.score, total, rec.attempt)
    except (OSError, RuntimeError):  # no key to sign with: the server's to fix, said plainly
        st.error(NO_KEY)
    else:
        if rec.attempt > 1:
            st.caption(
                f"This was attempt {rec.attempt} at this exercise on this server: your code "
                "says so."
            )
        st.markdown("Your completion code, for your lecturer:")
        st.code(code, language=None, wrap_lines=True)
    if ex.level == 3:
        st.markdown("**Does η matter from w = 0?** The same data, side by side with η = 1:")
        rows = practice_view.eta_rows(ex)
        st.table(rows)
        st.markdown(practice_view.eta_summary(rows))
    if ex.level == 5:
        st.markdown(
            "**Is the perceptron's boundary the widest?** Not in general: the chart sets its "
            "margin (in the augmented space (1, x), as γ*) against u*'s, the max-margin "
            "separator, dashed with its band."
        )


def code_check() -> None:
    """For the lecturer: what a completion code says, if this server signed it."""
    st.subheader("Check a completion code")
    st.text_input("Completion code", key=PRACTICE.own("practice_code"))
    st.button("Check the code", key=PRACTICE.own("practice_code_check"), on_click=_verify)
    said = st.session_state.get(PRACTICE.own("practice_code_said"))
    if said is not None:
        (st.success if said[0] else st.error)(said[1])


def _verify() -> None:
    """Check the code's callback: what the code says, or why it is refused (plain text)."""
    typed = str(st.session_state.get(PRACTICE.own("practice_code"), ""))
    try:
        done = completion.verify(typed)
    except completion.BadCode as exc:
        said = (False, str(exc))
    except (OSError, RuntimeError):
        said = (False, NO_KEY)
    else:
        said = (True, f"A valid code: seed {done.seed}, level {done.level}, score "
                f"{done.score} of {done.total}, at {_attempt(done.attempt)}.")  # fmt: skip
    st.session_state[PRACTICE.own("practice_code_said")] = said


def _attempt(n: int) -> str:
    if n == 1:
        return "the first attempt at this exercise"
    return (
        f"attempt {n} at this exercise: it was started "
        f"{'once' if n == 2 else f'{n - 1:,} times'} before on this server, so its answers "
        "could be known"
    )
