"""/practice's parts: the seed and the level from the link, the question the student is at,
the feedback on an answer, the score and the completion code, the lecturer's code check.

What the session has answered is kept in its session state (server side): the score is
counted there, and the completion code (``ui.practice.completion``) is issued only once
every question of the level has an answer. The engine decides every answer
(``pc.check``); nothing the student types is shown but escaped (``text.quoted``).
"""

from __future__ import annotations

import csv
import io
import logging
import secrets
import sqlite3
from dataclasses import dataclass, field
from functools import lru_cache

import streamlit as st

import datasets
import perceptron_core as pc
from ui import limits, notation, text
from ui.practice import attempts, completion
from ui.practice import drag as practice_drag
from ui.practice import view as practice_view
from ui.practice import words as said_as
from ui.stage import link
from ui.stage.chart import plot
from ui.state import PRACTICE, check_link, owns, read_number
from ui.words import t

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
    "practice_codes",  # the lecturer's many codes: pasted, a file, the button, the table
    "practice_codes_file",
    "practice_codes_check",
    "practice_codes_table",
    "practice_codes_download",
    "practice_chart",
    "practice_score",  # the score line: beside the chart, or above it on a phone
    "practice_score_phone",
    "practice_drag",  # the chart with handles for w, b (ui.practice.drag): fills the boxes
)
SEED_PARAM = PRACTICE.key("seed")
LOG = logging.getLogger("perceptron_lab")  # refusals, one structured line each


@dataclass
class Record:
    """One exercise's answers in this session: right or not, per question, in order; and
    what to say about the last one."""

    results: list[bool] = field(default_factory=list)
    # Which start of this exercise on this server the session's answers are (counted at its
    # first answer, ``ui.practice.attempts``); None: not counted (no data folder to count in).
    attempt: int | None = None
    # (question, right, the reply: as typed, or the verdict's True / False, said in words)
    said: tuple[int, bool, str | bool] | None = None

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
                t(
                    "practice.bad_seed",
                    raw=text.quoted(raw, 40),
                    most=f"{limits.PRACTICE_SEED_MAX:,}",
                )
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


def _answer(rec: Record, ex: pc.Exercise, at: int, reply, shown: str | bool) -> None:
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
def _boxes(ex: pc.Exercise, at: int) -> list[str]:
    """The answer boxes' state keys of question ``at``, in the order they are drawn."""
    n = len(said_as.field_names(ex.questions[at]))
    return [f"{PRACTICE.own('practice_box')}{j}_{at}" for j in range(n)]


def chart(rec: Record, ex: pc.Exercise) -> None:
    """The question's chart; for an answer (w1, w2, b), with handles that fill its boxes."""
    at = len(rec.results)
    fig = practice_view.figure(ex, at)
    q = ex.questions[at] if at < len(ex.questions) else None
    if not practice_drag.dragged(q):
        plot(fig, key=PRACTICE.own("practice_chart"))
        return
    nt = notation.current()
    step = pc.practice.number(practice_drag.step(ex, q))
    labels = {
        "w": t("practice.drag.w", w=nt.w, step=step),
        "b": t("practice.drag.b", w=nt.w, b=nt.b, step=step),
    }

    def fill(words: tuple[str, str, str]) -> None:
        for box, word in zip(_boxes(ex, at), said_as.shown_order(q, words), strict=True):
            st.session_state[box] = word

    practice_drag.chart(fig, key=PRACTICE.own("practice_drag"), ex=ex, q=q, labels=labels,
                        fill=fill)  # fmt: skip
    st.caption(text.md_numbers(t("practice.drag.hint", w=nt.w, b=nt.b, step=step)))


def score_line(rec: Record, ex: pc.Exercise, *, phone: bool = False) -> None:
    """The score line: beside the chart, or with ``phone`` the copy above it that a phone
    shows instead (its side column comes after the chart: ``ui.parts.style.PAGE_CSS``)."""
    total = len(ex.questions)
    done = len(rec.results)
    with st.container(key=PRACTICE.own("practice_score_phone" if phone else "practice_score")):
        st.progress(done / total, text=t("practice.progress", k=min(done + 1, total), n=total,
                                         score=rec.score, done=done))  # fmt: skip


def feedback(rec: Record, ex: pc.Exercise) -> None:
    """What the last answer was worth, with the arithmetic; a misconception where it
    occurred."""
    if rec.said is None:
        return
    at, right, shown = rec.said
    q = ex.questions[at]
    working = text.md_numbers(said_as.working(q))
    if right:
        st.success(t("practice.right", working=working))
    else:
        if isinstance(shown, bool):  # a verdict's button: yes or no in the page's language
            shown = t("practice.yes_word" if shown else "practice.no_word")
        answer = text.md_numbers(said_as.answer_text(q))
        st.error(f"{t('practice.wrong', said=text.quoted(shown, 60), answer=answer)}\n\n{working}")
    if q.note is not None:
        st.info(text.md_numbers(said_as.note(q)))


def ask(rec: Record, ex: pc.Exercise) -> None:
    """The question the student is at: yes / no buttons, or a box per number."""
    at = len(rec.results)
    q = ex.questions[at]
    st.markdown(f"**{at + 1}.** {text.md_numbers(said_as.prompt(q))}")
    if q.kind == "verdict":
        yes, no = st.columns(2)
        yes.button(t("practice.yes"), key=PRACTICE.own("practice_yes"), on_click=_answer,
                   args=(rec, ex, at, True, True), width="stretch")  # fmt: skip
        no.button(t("practice.no"), key=PRACTICE.own("practice_no"), on_click=_answer,
                  args=(rec, ex, at, False, False), width="stretch")  # fmt: skip
        return
    st.caption(t("practice.approx" if q.kind == "approx" else "practice.exact"))
    names = said_as.field_names(q)  # the notation's symbols, in the order they are given
    boxes = _boxes(ex, at)
    for col, name, box in zip(st.columns(len(names)), names, boxes, strict=True):
        col.text_input(name, key=box)
    st.button(t("practice.check"), key=PRACTICE.own("practice_submit"), on_click=_send,
              args=(rec, ex, at, boxes), type="primary")  # fmt: skip
    refused = st.session_state.pop(PRACTICE.own("practice_refused"), None)
    if refused is not None and refused[0] == at:
        st.error(refused[1])


def _send(rec: Record, ex: pc.Exercise, at: int, boxes: list[str]) -> None:
    """Check's callback: the typed numbers answer the question, or are refused with a
    plain message (nothing recorded: the question stays)."""
    typed = tuple(str(st.session_state.get(b, "")) for b in boxes)
    q = ex.questions[at] if at < len(ex.questions) else None
    try:  # the boxes in the notation's order, the engine's (w1, w2, b) checked
        _answer(
            rec, ex, at, typed if q is None else said_as.engine_order(q, typed), ", ".join(typed)
        )
    except pc.AnswerError as exc:
        bad = next((s for s in typed if not _reads(s)), "")
        why = refusal(exc, q)
        said = f"{why} {t('practice.typed', typed=text.quoted(bad, 40))}" if bad.strip() else why
        st.session_state[PRACTICE.own("practice_refused")] = (at, said)


def refusal(exc: pc.AnswerError, q) -> str:
    """Why an answer is not read, in the page's words."""
    names = ", ".join(said_as.field_names(q)) if q is not None else ""
    n = len(names.split(", ")) if names else 0
    return t(f"practice.bad.{exc.reason}", most=pc.practice.MAX_ANSWER_CHARS, n=n, fields=names)


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
    st.subheader(t("practice.done"))
    name = text.md_numbers(said_as.level_name(ex.level))
    st.markdown(t("practice.score", level=ex.level, name=name, score=rec.score, total=total))
    try:
        if rec.attempt is None:
            raise OSError("no attempt counted")
        code = completion.issue(ex.seed, ex.level, rec.score, total, rec.attempt)
    except (OSError, RuntimeError):  # no key to sign with: the server's to fix, said plainly
        st.error(t("practice.no_key"))
    else:
        if rec.attempt > 1:
            st.caption(t("practice.attempt", n=rec.attempt))
        st.markdown(t("practice.your_code"))
        st.code(code, language=None, wrap_lines=True)
        st.caption(t("practice.code.proves"))
    if ex.level == 3:
        st.markdown(t("practice.eta.title", w=notation.current().w))
        rows = practice_view.eta_rows(ex)
        st.table(rows)
        st.markdown(practice_view.eta_summary(rows))
    if ex.level == 5:
        st.markdown(t("practice.widest", x=notation.current().x))


def code_check() -> None:
    """For the lecturer: what a completion code says, if this server signed it; many codes
    at once (pasted or a file) as a table to download."""
    st.subheader(t("practice.code.title"))
    st.caption(t("practice.code.proves"))
    st.text_input(t("practice.code.box"), key=PRACTICE.own("practice_code"))
    st.button(t("practice.code.check"), key=PRACTICE.own("practice_code_check"), on_click=_verify)
    said = st.session_state.get(PRACTICE.own("practice_code_said"))
    if said is not None:
        (st.success if said[0] else st.error)(said[1])
    with st.expander(t("practice.codes.title")):
        st.text_area(t("practice.codes.box"), key=PRACTICE.own("practice_codes"))
        st.file_uploader(
            t("practice.codes.file"),
            type=["txt", "csv"],
            key=PRACTICE.own("practice_codes_file"),
            max_upload_size=1,
        )
        st.button(
            t("practice.codes.check"),
            key=PRACTICE.own("practice_codes_check"),
            on_click=_verify_many,
        )
        table = st.session_state.get(PRACTICE.own("practice_codes_table"))
        if isinstance(table, str):
            st.error(table)
        elif table:
            _codes_table(table)


# The batch table's columns, by their words' ids (``practice.codes.col.*``).
COLUMNS = ("row", "code", "seed", "level", "score", "attempt", "status", "duplicate")


def _verify_many() -> None:
    """Check all's callback: the pasted codes and the file's, as rows (or why not)."""
    ss = st.session_state
    typed = str(ss.get(PRACTICE.own("practice_codes")) or "")
    chosen = ss.get(PRACTICE.own("practice_codes_file"))
    if chosen is not None:
        typed += "\n" + chosen.getvalue()[: completion.MOST_CODES_BYTES + 1].decode(
            "utf-8", "replace"
        )
    key = PRACTICE.own("practice_codes_table")
    try:
        checked = completion.check_many(typed)
    except completion.BadCode:
        LOG.warning("refused route=practice_codes reason=too_many chars=%d", len(typed))
        ss[key] = t("practice.codes.too_many", most=completion.MOST_CODES)
        return
    except (OSError, RuntimeError):
        ss[key] = t("practice.no_key")
        return
    bad = sum(c.done is None for c in checked)
    if bad:
        LOG.warning("refused route=practice_codes reason=invalid n=%d of=%d", bad, len(checked))
    ss[key] = [_row(i, c) for i, c in enumerate(checked, start=1)] or t("practice.codes.none")


def _row(i: int, c: completion.Checked) -> dict[str, object]:
    """One code's row in the lab's words (keys: COLUMNS)."""
    done = c.done
    if c.same_code_as:
        duplicate = t("practice.codes.same_code", row=c.same_code_as)
    elif c.same_exercise_as:
        duplicate = t("practice.codes.same_exercise", row=c.same_exercise_as)
    else:
        duplicate = ""
    status = t("practice.codes.valid") if done else t("practice.codes." + c.reason)
    return {
        "row": i,
        "code": text.shorten(c.given, limits.PRACTICE_CODE_CHARS),
        "seed": done.seed if done else None,
        "level": done.level if done else None,
        "score": f"{done.score}/{done.total}" if done else "",
        "attempt": done.attempt if done else None,
        "status": status,
        "duplicate": duplicate,
    }


def codes_csv(rows: list[dict]) -> bytes:
    """The batch table as CSV (UTF-8 with a BOM for Excel; typed text neutralised so a
    spreadsheet does not run it as a formula)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([t("practice.codes.col." + c) for c in COLUMNS])
    for row in rows:
        cells = (row[c] for c in COLUMNS)
        writer.writerow(
            [
                "" if v is None else datasets.neutralise_formula(v) if isinstance(v, str) else v
                for v in cells
            ]
        )
    return ("\ufeff" + out.getvalue()).encode("utf-8")


def _codes_table(rows: list[dict]) -> None:
    valid = sum(r["seed"] is not None for r in rows)
    st.markdown(t("practice.codes.summary", n=len(rows), valid=valid))
    headings = {c: t("practice.codes.col." + c) for c in COLUMNS}
    st.dataframe(
        [{headings[c]: r[c] for c in COLUMNS} for r in rows],
        hide_index=True,
        width="stretch",
    )
    st.download_button(
        t("practice.codes.download"),
        data=codes_csv(rows),
        file_name="completion-codes.csv",
        mime="text/csv",
        key=PRACTICE.own("practice_codes_download"),
        on_click="ignore",
    )


def _verify() -> None:
    """Check the code's callback: what the code says, or why it is refused (plain text)."""
    typed = str(st.session_state.get(PRACTICE.own("practice_code"), ""))
    try:
        done = completion.verify(typed)
    except completion.BadCode as exc:
        forged = str(exc) == completion.FORGED
        LOG.warning("refused route=practice_code reason=%s", "forged" if forged else "not_a_code")
        said = (False, t("practice.code.forged") if forged else _not_a_code())
    except (OSError, RuntimeError):
        said = (False, t("practice.no_key"))
    else:
        attempt = _attempt(done.attempt)
        said = (True, t("practice.code.valid", seed=done.seed, level=done.level,
                        score=done.score, total=done.total, attempt=attempt))  # fmt: skip
    st.session_state[PRACTICE.own("practice_code_said")] = said


def _not_a_code() -> str:
    example = f"{completion.PREFIX}-123456-2-7of8-t1-"
    return t("practice.code.not_a_code", example=example, digits=completion.SIGNATURE_HEX)


def _attempt(n: int) -> str:
    if n == 1:
        return t("practice.code.first")
    return t("practice.code.again", attempt=n, n=n - 1)
