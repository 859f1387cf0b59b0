"""The practice's count of attempts per exercise (ui.practice.attempts): one per start, per
seed and level, shared by processes through the data folder, the oldest forgotten."""

from __future__ import annotations

import multiprocessing
import sqlite3

import pytest

from ui.practice import attempts


def test_each_exercise_counts_its_own_starts(tmp_path):
    assert [attempts.start(tmp_path, 5, 1) for _ in range(3)] == [1, 2, 3]
    assert attempts.start(tmp_path, 5, 2) == 1  # another level: another exercise
    assert attempts.start(tmp_path, 6, 1) == 1  # another seed
    assert attempts.start(tmp_path, 5, 1) == 4


def _start_many(folder, n, out):
    out.put([attempts.start(folder, 9, 3) for _ in range(n)])


@pytest.mark.slow
def test_processes_count_together_and_no_number_is_given_twice(tmp_path):
    """Replicas of one course server share the folder: four processes starting the same
    exercise 25 times each get the numbers 1..100, each once."""
    ctx = multiprocessing.get_context("spawn")
    out = ctx.Queue()
    procs = [ctx.Process(target=_start_many, args=(tmp_path, 25, out)) for _ in range(4)]
    for p in procs:
        p.start()
    got = sorted(n for _ in procs for n in out.get(timeout=60))
    for p in procs:
        p.join(timeout=60)
    assert got == list(range(1, 101))


def test_the_oldest_exercises_beyond_the_cap_are_forgotten(tmp_path):
    for seed in range(10):
        attempts.start(tmp_path, seed, 1, kept=4)
    with sqlite3.connect(tmp_path / attempts.DB_FILE) as db:
        kept = sorted(s for (s,) in db.execute("SELECT seed FROM attempts"))
    assert kept == [6, 7, 8, 9]
    assert attempts.start(tmp_path, 0, 1, kept=4) == 1  # forgotten: counted afresh
    assert attempts.start(tmp_path, 9, 1, kept=4) == 2
