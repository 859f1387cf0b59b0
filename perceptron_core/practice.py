"""You are the perceptron: exercises from a seed, their answers from the engine, exact checks.

``exercise(seed, level)`` makes one student's small dataset (4 to 8 points with integer
coordinates in -3..3, no point twice) and the questions of a level, each with the answer
the engine gives (``train`` and its recorded run, ``update_effect``, ``alpha_at``,
``theory``) and the numbers it is found from (``Question.facts``: the page writes the
arithmetic out in its language and notation). ``check`` compares a typed
answer with it: numbers are read as fractions (``parse_number``: "1", "-2.5", "1/2",
"−1"), so the check is exact; every number of levels 1 to 4 is exactly representable
(integer data, eta in ``ETAS``, starts in multiples of 0.5). R and gamma* are irrational
in general and are asked to two decimals (``TOLERANCE``).

Levels (``LEVELS``): 1, one update from w = 0; 2, a whole epoch; 3, an epoch with
eta != 1 from a random start; 4, the averaged perceptron's weights and the kernel
perceptron's alpha; 5, Theorem 1 (R, gamma*, is M <= R^2/gamma*^2, and what eta does
from w = 0). A tie, y (w.x + b) = 0, is a mistake (``reference.is_mistake``).

>>> import perceptron_core as pc
>>> ex = pc.exercise(7, 1)
>>> q = ex.questions[0]
>>> pc.check(q, q.answer), pc.check(q, not q.answer)
(True, False)
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, SupportsFloat, TypeAlias

import numpy as np

from ._types import Floats, Ints
from .dual import alpha_at
from .kernels import Kernel
from .margin import Theory, theory
from .online import update_effect
from .run import Run
from .steps import Visit
from .train import train

LEVELS = (1, 2, 3, 4, 5)  # their names and texts are the page's (ui.practice.words)
ETAS = (0.5, 0.25, 2.0, 3.0)  # powers of two and 3: every product stays exact
SPAN = 3  # coordinates are whole numbers in -SPAN..SPAN
KERNEL = Kernel("poly", degree=2)  # (1 + a.b)^2: whole numbers on whole-number data
TOLERANCE = Fraction(1, 200)  # "to 2 decimals": within half a unit of the second decimal
MAX_ANSWER_CHARS = 40  # a number longer than this is not one a student means
AVERAGED_VISITS = 3  # level 4: the averaged perceptron's first visits
KERNEL_VISITS = 3  # level 4: the kernel perceptron's first visits
_TRIES = 2_000  # datasets drawn before a seed gives up (none needs more than a few dozen)
_MINUS = "\u2212"


class AnswerError(ValueError):
    """A typed answer that is not a number. ``reason`` says why, for the page to put in
    its own words: "empty", "long" (over ``MAX_ANSWER_CHARS``), "zero_below" (a fraction
    over 0), "not_number", "not_verdict", "count" (not one number per field)."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason


@dataclass(frozen=True)
class Fix:
    """An update that did not fix its point: y (w.x + b) on it before and after the update,
    and how much it grew (eta (1 + ||x||^2))."""

    before: Fraction
    after: Fraction
    grew: Fraction


@dataclass(frozen=True)
class Question:
    """One question of an exercise, as numbers (the page writes its words).

    ``kind``: "verdict" (yes or no: ``answer`` is a bool), "exact" (``answer`` is a tuple
    of Fractions, one per name in ``fields``, the notes' symbols) or "approx" (the same, to
    2 decimals). ``topic``: what is asked ("mistake", "weights", "averaged",
    "kernel_mistake", "alpha", "R", "gamma", "bound", "floor", "eta"). ``visit``: the run's
    visit it is about (None for a question about the dataset); ``part``: which run it is
    about ("classic", "averaged", "kernel", "theorem"). ``facts``: the numbers the answer is
    found from (per topic: the visit t, the point i, its x and y, w and b before it, the
    score w.x + b, eta; the averaged rows; the kernel's alpha and terms (j, alpha_j, y_j,
    x_j.x) and f; R's farthest x and R^2; gamma* and u*; M and the bound; the other eta and
    its mistakes). ``note``: an update that did not fix its point (the misconception
    "does one update fix the point?"), else None.
    """

    kind: str
    topic: str
    fields: tuple[str, ...]
    answer: bool | tuple[Fraction, ...]
    visit: int | None
    part: str
    facts: dict[str, Any] = field(default_factory=dict, compare=True)
    note: Fix | None = None


@dataclass(frozen=True, eq=False)
class Exercise:
    """One student's exercise: the data, the run's settings, the runs and the questions."""

    seed: int
    level: int
    X: np.ndarray  # (n, 2) whole numbers
    y: np.ndarray  # (n,) -1 or +1
    eta: float
    w0: tuple[float, float]
    b0: float
    questions: tuple[Question, ...]
    run: object  # the classic run the questions are about (a pc.Run)
    kernel_run: object | None = None  # level 4: the kernel perceptron's run
    theory: object | None = None  # level 5: pc.theory of the data

    @property
    def n(self) -> int:
        return int(self.X.shape[0])


# ------------------------------------------------------------------ reading answers
_DECIMAL = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)")
_RATIO = re.compile(r"([+-]?\d+)\s*/\s*([+-]?\d+)")


def parse_number(text: object) -> Fraction:
    """A typed number as an exact Fraction: a whole number, a decimal or a ratio of whole
    numbers ("1", "-2.5", "1/2", "−1" with the Unicode minus). Anything else (empty, words,
    NaN, inf, exponents like 1e308, more than ``MAX_ANSWER_CHARS`` characters) raises
    ``AnswerError`` with its reason.

    >>> parse_number("−2.5"), parse_number(" 3/6 ")
    (Fraction(-5, 2), Fraction(1, 2))
    """
    s = str(text).strip().replace(_MINUS, "-")
    if not s:
        raise AnswerError("empty")
    if len(s) > MAX_ANSWER_CHARS:
        raise AnswerError("long", f"more than {MAX_ANSWER_CHARS} characters")
    if _DECIMAL.fullmatch(s):
        return Fraction(s)
    ratio = _RATIO.fullmatch(s)
    if ratio:
        if int(ratio.group(2)) == 0:
            raise AnswerError("zero_below")
        return Fraction(int(ratio.group(1)), int(ratio.group(2)))
    raise AnswerError("not_number")


def check(question: Question, reply: object) -> bool:
    """Whether ``reply`` answers ``question``: a bool for a verdict; for numbers, one
    typed string (or number) per field, read with ``parse_number`` (which raises
    ``AnswerError`` on one that is not a number: then nothing is decided)."""
    if question.kind == "verdict":
        if not isinstance(reply, bool | np.bool_):
            raise AnswerError("not_verdict")
        return bool(reply) == question.answer
    values = list(reply) if isinstance(reply, tuple | list) else [reply]
    if len(values) != len(question.fields):
        raise AnswerError("count", f"{len(question.fields)} numbers, one per field")
    got = [v if isinstance(v, Fraction) else parse_number(v) for v in values]
    assert not isinstance(question.answer, bool)  # only a verdict's answer is a bool
    if question.kind == "approx":
        return all(abs(g - a) <= TOLERANCE for g, a in zip(got, question.answer, strict=True))
    return tuple(got) == tuple(question.answer)


# ------------------------------------------------------------------ numbers written out
def number(value: int | float | Fraction | str) -> str:
    """An exact number for people: "2", "−0.25", "2/3" (a finite decimal when there is
    one), with the Unicode minus."""
    f = Fraction(value)
    sign = _MINUS if f < 0 else ""
    f = abs(f)
    if f.denominator == 1:
        return f"{sign}{f.numerator}"
    den, twos, fives = f.denominator, 0, 0
    while den % 2 == 0:
        den, twos = den // 2, twos + 1
    while den % 5 == 0:
        den, fives = den // 5, fives + 1
    if den != 1:
        return f"{sign}{f.numerator}/{f.denominator}"
    places = max(twos, fives)
    scaled = str(f.numerator * 10**places // f.denominator).rjust(places + 1, "0")
    return f"{sign}{scaled[:-places]}.{scaled[-places:]}"


def _exact(values: Iterable[SupportsFloat]) -> tuple[Fraction, ...]:
    return tuple(Fraction(float(v)) for v in values)


# ------------------------------------------------------------------ the questions
def _classic_visit(run: Run, t: int, *, averaged: bool = False) -> list[Question]:
    """The verdict and the weights after visit ``t`` (and the average, for level 4)."""
    v = run.visit(t)
    assert v.w_before is not None and v.b_before is not None  # a primal run's visit
    X, y = run.X, run.y
    seen = dict(
        t=t,
        i=int(v.index),
        x=_exact(X[v.index]),
        y=int(y[v.index]),
        w=_exact(v.w_before),
        b=Fraction(v.b_before),
        score=Fraction(v.activation),  # the engine's w.x + b: exact on these numbers
    )
    verdict = Question("verdict", "mistake", (), bool(v.mistake), t, "classic", seen)
    *w_new, b_new = _after(v)
    effect = update_effect(run, t) if v.mistake else None
    fix = None
    if effect is not None and not effect.fixed:  # the update did not fix its point
        before, after = Fraction(effect.before), Fraction(effect.after)
        fix = Fix(before, after, after - before)
    out = [
        verdict,
        Question(
            "exact",
            "weights",
            ("w₁", "w₂", "b"),
            (*w_new, b_new),
            t,
            "classic",
            {**seen, "mistake": bool(v.mistake), "eta": Fraction(run.eta)},
            fix,
        ),
    ]
    if averaged and t:  # after one visit the average is that visit's w: nothing to ask
        out.append(_averaged(run, t))
    return out


def _after(v: Visit) -> tuple[Fraction, ...]:
    """(w_1, ..., w_d, b) after a visit of a primal run, exact."""
    assert v.w_after is not None and v.b_after is not None  # a primal run's visit has both
    return (*_exact(v.w_after), Fraction(v.b_after))


def _averaged(run: Run, t: int) -> Question:
    """The plain average of the weights after visits 1..t+1 (``run.variant_weights``)."""
    after = [run.visit(s) for s in range(t + 1)]
    ws = tuple(_after(v) for v in after)
    mean = tuple(sum(col, Fraction(0)) / (t + 1) for col in zip(*ws, strict=True))
    return Question(
        "exact", "averaged", ("w̄₁", "w̄₂", "b̄"), mean, t, "averaged", {"t": t, "rows": ws}
    )


def _kernel_visit(run: Run, t: int) -> list[Question]:
    """The kernel perceptron's verdict at visit ``t`` and its alpha after it."""
    v = run.visit(t)
    X, y = run.X, run.y
    i = int(v.index)
    alpha = alpha_at(run, v.updates_before)
    terms = tuple(  # K(x_j, x) = (1 + x_j.x)^2 written out; f is the engine's sum
        (j, int(alpha[j]), int(y[j]), Fraction(float(X[j] @ X[i])))
        for j in range(run.n)
        if alpha[j]
    )
    seen = dict(
        t=t, i=i, x=_exact(X[i]), y=int(y[i]), alpha=tuple(int(a) for a in alpha), terms=terms,
        f=Fraction(v.activation),
    )  # fmt: skip
    verdict = Question("verdict", "kernel_mistake", (), bool(v.mistake), t, "kernel", seen)
    after = tuple(int(a) for a in alpha_at(run, v.updates_before + int(v.mistake)))
    names = tuple(f"α{j + 1}" for j in range(run.n))
    return [
        verdict,
        Question(
            "exact",
            "alpha",
            names,
            tuple(Fraction(a) for a in after),
            t,
            "kernel",
            {"t": t, "i": i, "mistake": bool(v.mistake), "alpha": after},
        ),
    ]


def _theorem(X: Floats, y: Ints, run: Run, th: Theory, eta_other: float) -> list[Question]:
    """Level 5: R, gamma*, the bound against the run's mistakes, and eta from w = 0."""
    norms = 1 + np.sum(X * X, axis=1)
    far = int(np.argmax(norms))
    R2 = int(norms[far])
    M = run.mistakes
    bound = th.bound
    assert th.u is not None  # level 5's data is separable
    other = train(X, y, eta=eta_other, max_epochs=run.max_epochs)
    same = other.mistakes == M and bool(np.array_equal(other.update_visit, run.update_visit))
    eta = Fraction(eta_other)
    return [
        Question("approx", "R", ("R",), (Fraction(th.R),), None, "theorem",
                 {"x": _exact(X[far]), "R2": R2, "R": float(th.R)}),
        Question("approx", "gamma", ("γ*",), (Fraction(th.gamma),), None, "theorem",
                 {"gamma": float(th.gamma), "u": tuple(float(c) for c in th.u)}),
        Question("verdict", "bound", (), bool(M <= bound), None, "theorem",
                 {"M": int(M), "bound": float(bound)}),
        Question("exact", "floor", ("⌊R²/γ*²⌋",), (Fraction(math.floor(bound)),), None,
                 "theorem", {"R2": R2, "gamma": float(th.gamma), "bound": float(bound),
                             "floor": math.floor(bound)}),
        Question("verdict", "eta", (), not same, None, "theorem",
                 {"eta": eta, "mistakes": int(other.mistakes)}),
    ]  # fmt: skip


# ------------------------------------------------------------------ making exercises
def _points(rng: np.random.Generator, n: int) -> tuple[Floats, Ints]:
    """n distinct whole-number points in -SPAN..SPAN (not the origin), labels of both
    classes."""
    side = 2 * SPAN + 1
    cells = np.array([c for c in range(side * side) if c != (side * side) // 2])
    picked = rng.choice(cells, size=n, replace=False)
    X = np.column_stack((picked % side - SPAN, picked // side - SPAN)).astype(np.float64)
    y = rng.choice(np.array([-1, 1]), size=n)
    return X, y


def _epoch_ok(run: Run, n: int) -> bool:
    """At least 2 mistakes and at least 1 visit without one in the first epoch."""
    m = int(run.counts[0]) if run.epochs else 0
    return 2 <= m <= n - 1


# An exercise's data, settings, questions and runs, in ``Exercise``'s order after the seed
# and level.
_Made: TypeAlias = tuple[
    Floats,
    Ints,
    float,
    tuple[float, float],
    float,
    tuple[Question, ...],
    Run,
    Run | None,
    Theory | None,
]


def _attempt(rng: np.random.Generator, level: int) -> _Made | None:
    """One candidate exercise for ``level``, or None when it does not make the level's
    point (the caller draws again)."""
    n = int(rng.integers(4, 7)) if level != 4 else 4
    X, y = _points(rng, n)
    if len(set(y.tolist())) < 2:
        return None
    eta, w0, b0 = 1.0, (0.0, 0.0), 0.0
    if level == 3:
        eta = float(rng.choice(np.array(ETAS)))
        start = rng.integers(-4, 5, size=3) / 2.0
        if not np.any(start):
            return None
        w0, b0 = (float(start[0]), float(start[1])), float(start[2])
    if level in (2, 3, 5) and not theory(X, y).separable:
        return None
    run = train(X, y, eta=eta, w0=np.array(w0), b0=b0, max_epochs=1 if level < 5 else 1000)
    kernel_run, th = None, None
    if level == 1:
        if np.any(X[0] == 0):  # both coordinates count in the first update
            return None
        questions = _classic_visit(run, 0)
    elif level in (2, 3):
        if not _epoch_ok(run, n):
            return None
        questions = [q for t in range(n) for q in _classic_visit(run, t)]
    elif level == 4:
        kernel_run = train(X, y, variant="kernel", kernel=KERNEL, max_epochs=1)
        firsts = [run.visit(t).mistake for t in range(1, AVERAGED_VISITS)]
        kernel_firsts = [kernel_run.visit(t).mistake for t in range(1, KERNEL_VISITS)]
        if not (any(firsts) and not all(firsts) and any(kernel_firsts)):
            return None
        questions = [
            q for t in range(AVERAGED_VISITS) for q in _classic_visit(run, t, averaged=True)
        ]
        questions += [q for t in range(KERNEL_VISITS) for q in _kernel_visit(kernel_run, t)]
    else:
        th = theory(X, y)
        bound = th.bound
        if not run.converged or run.mistakes < 2 or abs(bound - round(bound)) < 1e-6:
            return None
        questions = _theorem(X, y, run, th, float(rng.choice(np.array(ETAS))))
    return X, y, eta, w0, b0, tuple(questions), run, kernel_run, th


def exercise(seed: int, level: int) -> Exercise:
    """The exercise of ``level`` (1 to 5) for ``seed`` (a whole number >= 0): the same seed
    and level give the same exercise, numbers and questions.

    Datasets are drawn from ``default_rng([seed, level])`` until one makes the level's
    point: level 1's first visit is a mistake on a point with two non-zero coordinates;
    levels 2 and 3 have at least 2 mistakes and 1 correct visit in their epoch (and a
    separable dataset); level 4's first visits have a mistake and a correct visit after
    the first, and the kernel perceptron a mistake after its first; level 5's data is
    separable, its run makes at least 2 mistakes and R²/γ*² is not a whole number.
    """
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer) or seed < 0:
        raise ValueError(f"seed must be a whole number >= 0; got {seed!r}")
    if level not in LEVELS:
        raise ValueError(f"level must be one of {', '.join(map(str, LEVELS))}; got {level!r}")
    rng = np.random.default_rng([int(seed), int(level)])
    for _ in range(_TRIES):
        made = _attempt(rng, level)
        if made is not None:
            return Exercise(int(seed), int(level), *made)
    raise RuntimeError(f"no exercise of level {level} found for seed {seed}")  # never seen
