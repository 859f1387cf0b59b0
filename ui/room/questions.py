"""The class's questions, computed from the engine's exact state at a cursor (no streamlit).

Each question is asked before a step and answered by the run itself: the right answer is
read off the recorded run (``pc.Run``), ``pc.update_effect`` and the exact separability
verdict (``pc.theory``), never typed. ``questions_at(run, cursor, separable)`` gives every
question that has an answer at that cursor, by kind (``rules.QUESTION_KINDS``):

- ``next_mistake``: which of the marked points A-D is the next mistake (the point of the
  next update; the others are points visited around it, classified correctly then);
- ``fixes_point``: will that update fix its own point (often not: 001, ``update_effect``);
- ``turn``: does that update turn w clockwise or anticlockwise (2 features, w not 0);
- ``converge``: run long enough, will the perceptron stop making mistakes (Theorem 1 when
  the data are separable; a line that makes no mistake would separate them otherwise);
- ``fewer_mistakes``: will the next epoch make fewer mistakes than this one.

A question about the next update is asked only where the run makes one: on a variant that
updates on each mistake (not the batch or the kernel perceptron) with an update after the
cursor.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np

import perceptron_core as pc
from ui import notation, words

LETTERS = "ABCD"
PER_MISTAKE = ("classic", "averaged", "voted", "pocket")  # each mistake is an update


@dataclass(frozen=True)
class Asked:
    """A question and its right answer (``right``: the index of the right choice);
    ``marks``: (letter, row of X) for the chart, ``at``: the cursor it was asked at;
    ``said``: the prompt's and each choice's message id and values (``ui/words``,
    ``class.q.*``), which each device says in its own language (``ui.room.class_words``);
    ``prompt`` and ``choices`` are they in English and the notes' notation."""

    kind: str
    prompt: str
    choices: tuple[str, ...]
    right: int
    at: int
    marks: tuple[tuple[str, int], ...] = ()
    said: tuple[tuple, ...] = ()


def english(message: str, **fields) -> str:
    """A question's words in English and the notes' notation (w, labels ±1)."""
    with words.using("en"), notation.using("wb"):
        return words.t(message, w="w", **fields)


def _asked(kind, prompt, choices, right: int, cursor: int, marks=()) -> Asked:
    """An Asked from its words' (message, fields) for the prompt and each choice."""
    said = tuple((m, tuple(f.values())) for m, f in (prompt, *choices))
    return Asked(
        kind, english(*prompt[:1], **prompt[1]), tuple(english(m, **f) for m, f in choices),
        right, cursor, marks, said,
    )  # fmt: skip


def _num(v: float) -> str:
    return f"{float(v):.3g}"


def _point(run, i: int) -> dict[str, str]:
    """A point's fields: its example number, coordinates and label."""
    x = run.X[i]
    coords = ", ".join(_num(v) for v in x[:3]) + (", …" if len(x) > 3 else "")
    return {"i": str(i + 1), "coords": coords, "y": f"{int(run.y[i]):+d}"}


def next_update(run, cursor: int) -> int | None:
    """The index (into the run's updates) of the next update after ``cursor``, or None."""
    if run.variant not in PER_MISTAKE:
        return None
    k = int(run.updates_before_visit(cursor)) if cursor < run.n_visits else run.n_updates
    return k if k < run.n_updates else None


def _next_mistake(run, cursor: int, k: int) -> Asked:
    """The point of update k among up to three others: the examples visited just before it
    (classified correctly then), else just after it, else the first rows of the data;
    lettered in an order shuffled per question (in the order of their rows, the next visit
    being a mistake made its point always A: the others were the rows after it)."""
    v, right_row = int(run.update_visit[k]), int(run.update_index[k])
    others: list[int] = []
    t = v - 1
    while t >= cursor and len(others) < 3:
        i = int(run.visit(t).index)
        if i != right_row and i not in others:
            others.append(i)
        t -= 1
    t = v + 1
    while t < run.n_visits and len(others) < 3:
        i = int(run.visit(t).index)
        if i != right_row and i not in others:
            others.append(i)
        t += 1
    for i in range(run.n):  # a run near its end: other rows of the data
        if len(others) >= 3:
            break
        if i != right_row and i not in others:
            others.append(i)
    rows = sorted([right_row, *others])
    # The same question (update, cursor, points) always gets the same letters.
    random.Random(f"next_mistake:{k}:{cursor}:{rows}").shuffle(rows)
    marks = tuple(zip(LETTERS, rows, strict=False))
    choices = [("class.q.choice", {"letter": letter, **_point(run, i)}) for letter, i in marks]
    return _asked(
        "next_mistake", ("class.q.next_mistake", {}), choices, rows.index(right_row), cursor, marks
    )


def _fixes(run, cursor: int, k: int) -> Asked:
    v, i = int(run.update_visit[k]), int(run.update_index[k])
    effect = pc.update_effect(run, v)
    return _asked(
        "fixes_point",
        ("class.q.fixes_point", _point(run, i)),
        [("class.q.fixes_yes", {}), ("class.q.fixes_no", {})],
        0 if effect.fixed else 1,
        cursor,
        ((LETTERS[0], i),),
    )


def _turn(run, cursor: int, k: int) -> Asked | None:
    if run.X.shape[1] != 2:
        return None
    before = np.asarray(run.weights(k)[0], dtype=float)
    after = np.asarray(run.weights(k + 1)[0], dtype=float)
    if not np.any(before) or not np.any(after):
        return None  # w = 0 has no direction to turn from (or to)
    cross = before[0] * after[1] - before[1] * after[0]
    right = 0 if cross > 0 else 1 if cross < 0 else 2
    choices = [("class.q.anticlockwise", {}), ("class.q.clockwise", {}), ("class.q.neither", {})]
    return _asked("turn", ("class.q.turn", {}), choices, right, cursor)


def _converge(run, cursor: int, separable: bool) -> Asked | None:
    if run.variant not in PER_MISTAKE:
        return None
    choices = [("class.q.converge_yes", {}), ("class.q.converge_no", {})]
    return _asked("converge", ("class.q.converge", {}), choices, 0 if separable else 1, cursor)


def _fewer(run, cursor: int) -> Asked | None:
    """This epoch (the one the cursor is in; the first before any visit) against the next,
    when the run has visited the next one."""
    this = max(1, int(run.epoch_at(cursor)))
    if this + 1 > run.epochs:
        return None
    per_epoch = np.bincount(np.asarray(run.update_epoch, dtype=np.int64), minlength=run.epochs)
    now, then = int(per_epoch[this - 1]), int(per_epoch[this])
    right = 0 if then < now else 1 if then == now else 2
    prompt = (
        "class.q.fewer_mistakes",
        {"this": str(this), "now": f"{now:,}", "next": str(this + 1), "n": now},
    )
    choices = [("class.q.fewer", {}), ("class.q.as_many", {}), ("class.q.more", {})]
    return _asked("fewer_mistakes", prompt, choices, right, cursor)


def questions_at(run, cursor: int, separable: bool | None) -> dict[str, Asked]:
    """Every question with an answer at ``cursor``, by kind, in ``QUESTION_KINDS``' order.
    ``separable``: the exact verdict for the run's data (None: not known, not asked)."""
    out: dict[str, Asked] = {}
    k = next_update(run, cursor)
    if k is not None:
        out["next_mistake"] = _next_mistake(run, cursor, k)
        out["fixes_point"] = _fixes(run, cursor, k)
        turn = _turn(run, cursor, k)
        if turn is not None:
            out["turn"] = turn
    if separable is not None:
        converge = _converge(run, cursor, separable)
        if converge is not None:
            out["converge"] = converge
    if run.variant in PER_MISTAKE:
        fewer = _fewer(run, cursor)
        if fewer is not None:
            out["fewer_mistakes"] = fewer
    return out
