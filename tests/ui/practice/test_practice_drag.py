"""The handles' grid (ui/practice/drag.py): every answer of an exercise, and the weights
the handles start from, lie on it; a value from the browser becomes exact words that
``pc.parse_number`` reads back. The answers are the engine's, which
tests/engine/test_practice.py checks against the textbook loop."""

from __future__ import annotations

from fractions import Fraction

import pytest

import perceptron_core as pc
from ui.practice import drag as practice_drag


def _on(value, grid: Fraction) -> bool:
    return (Fraction(value) / grid).denominator == 1


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_every_answer_and_start_lies_on_the_grid(level):
    asked = 0
    for seed in range(150):
        ex = pc.exercise(seed, level)
        for q in ex.questions:
            if not practice_drag.dragged(q):
                continue
            asked += 1
            grid = practice_drag.step(ex, q)
            assert grid > 0
            assert all(_on(v, grid) for v in q.answer), (seed, q.topic, q.answer, grid)
            assert all(_on(Fraction(v), grid) for v in practice_drag.start(ex, q))
    assert asked >= 150


def test_the_grid_is_not_finer_than_it_needs_to_be():
    # level 1 and 2 from w = 0 with eta = 1 on whole-number data: whole numbers
    for level in (1, 2):
        ex = pc.exercise(5, level)
        q = next(q for q in ex.questions if practice_drag.dragged(q))
        assert practice_drag.step(ex, q) == 1
    # eta = 1/4 at level 3: quarters (a start in halves)
    ex = next(e for e in (pc.exercise(s, 3) for s in range(200)) if e.eta == 0.25)
    q = next(q for q in ex.questions if practice_drag.dragged(q))
    assert practice_drag.step(ex, q) == Fraction(1, 4)


def test_only_answers_of_w1_w2_b_get_handles():
    kinds = set()
    for level in (1, 4, 5):
        for q in pc.exercise(3, level).questions:
            if practice_drag.dragged(q):
                kinds.add(q.topic)
                assert len(q.answer) == 3
            else:
                assert q.topic not in ("weights", "averaged") or q.kind != "exact"
    assert kinds == {"weights", "averaged"}


@pytest.mark.parametrize(
    "value, grid, words",
    [
        ({"w1": 1.0000001, "w2": -2, "b": 0.49}, Fraction(1, 2), ("1", "−2", "0.5")),
        ({"w1": 0.3333, "w2": -0.6667, "b": 0}, Fraction(1, 3), ("1/3", "−2/3", "0")),
        ({"w1": -0.0, "w2": 2.75, "b": -0.25}, Fraction(1, 4), ("0", "2.75", "−0.25")),
    ],
)
def test_a_value_from_the_browser_becomes_exact_words(value, grid, words):
    got = practice_drag.written(value, grid)
    assert got == words
    assert [pc.parse_number(w) for w in got] == [
        round(Fraction(value[k]) / grid) * grid for k in ("w1", "w2", "b")
    ]


@pytest.mark.parametrize(
    "value",
    [None, "1,2,3", {"w1": 1, "w2": 2}, {"w1": "nan", "w2": 0, "b": 0},
     {"w1": float("inf"), "w2": 0, "b": 0}, {"w1": 1e308, "w2": 0, "b": 0},
     {"w1": "x", "w2": 0, "b": 0}],
)  # fmt: skip
def test_a_bad_value_from_the_browser_fills_nothing(value):
    assert practice_drag.written(value, Fraction(1)) is None
