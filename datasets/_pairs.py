"""Which two columns the loader proposes as x1 and x2: those that tell the classes apart.

The first two numeric columns of a file are often its least telling: the border pixels of
a digit are 0 in every image, an id-like code or a constant flag separates nothing. Each
usable column gets Fisher's score, the distance between the two class means over their
spread, (m+ - m-)^2 / (s+^2 + s-^2); constant and near-constant columns are never
proposed; the two highest scores win (ties: file order). On a small file the engine then
decides, exactly, whether those two separate the classes and whether all columns do, so
the page can say plainly when only all of them do.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from . import _limits
from ._errors import Note

NEAR_CONSTANT = 0.99
"""A column with one value in more than this share of its rows is near-constant."""
SAMPLE = 20_000
"""Rows looked at to call a column near-constant (the first ones)."""
MIN_CLASS_ROWS = 5
"""Fewer rows of a class than this and the scores mean nothing: the file's order stays."""


def near_constant(values: np.ndarray) -> bool:
    """One value (or none) in more than ``NEAR_CONSTANT`` of the column's finite values."""
    finite = values[np.isfinite(values)][:SAMPLE]
    if finite.size == 0:
        return True
    _, counts = np.unique(finite, return_counts=True)
    return bool(counts.max() > NEAR_CONSTANT * finite.size)


def fisher_score(values: np.ndarray, positive: np.ndarray, negative: np.ndarray) -> float:
    """(m+ - m-)^2 / (s+^2 + s-^2) over the rows with a finite value (0 when a class has
    none; inf when both classes are constant at different values)."""
    finite = np.isfinite(values)
    a, b = values[positive & finite], values[negative & finite]
    if a.size == 0 or b.size == 0:
        return 0.0
    # Scaled by the column's largest magnitude first: squares of 1e154 pass the floats.
    scale = float(max(np.max(np.abs(a)), np.max(np.abs(b))))
    if scale == 0:
        return 0.0
    a, b = a / scale, b / scale
    gap = float(a.mean() - b.mean()) ** 2
    spread = float(a.var() + b.var())
    if spread == 0:
        return math.inf if gap > 0 else 0.0
    return gap / spread


def propose(
    columns: dict[str, np.ndarray],
    usable: Sequence[str],
    positive: np.ndarray,
    negative: np.ndarray,
) -> tuple[tuple[str, ...], list[Note]]:
    """x1 and x2 among ``usable`` (file order) and the notes that say why.

    ``columns``: name -> float values (NaN where missing); ``positive`` and ``negative``:
    boolean row masks of the two classes kept. Files with two usable columns keep them.
    """
    if len(usable) <= 2:
        return tuple(usable[:2]), []
    varied = [n for n in usable if not near_constant(columns[n])]
    constant = len(usable) - len(varied)
    pool = varied if len(varied) >= 2 else list(usable)
    if min(np.count_nonzero(positive), np.count_nonzero(negative)) < MIN_CLASS_ROWS:
        return tuple(pool[:2]), []  # too few rows to score: the file's order
    scores = {n: fisher_score(columns[n], positive, negative) for n in pool}
    ranked = sorted(pool, key=lambda n: (-scores[n], usable.index(n)))
    pair = tuple(sorted(ranked[:2], key=usable.index))
    first, second = ranked[:2]
    fields = {
        "x1": pair[0],
        "x2": pair[1],
        "k": len(usable),
        "constant": constant,
        "s1": _score(scores[first]),
        "s2": _score(scores[second]),
    }
    said = (
        f"proposed x1 {pair[0]!r} and x2 {pair[1]!r}: of the {len(usable)} numeric columns, "
        f"the two whose class means lie furthest apart for their spread (Fisher scores "
        f"{fields['s1']} and {fields['s2']})"
    )
    if constant:
        said += f"; {constant} constant or near-constant columns are never proposed"
    notes = [Note(said, "load.note.informative" + (".constant" if constant else ""), fields)]
    notes += _separable_note(columns, usable, pair, positive, negative)
    return pair, notes


def _score(value: float) -> str:
    return "∞" if not math.isfinite(value) else f"{value:.3g}"


def _separable_note(
    columns: dict[str, np.ndarray],
    usable: Sequence[str],
    pair: tuple[str, ...],
    positive: np.ndarray,
    negative: np.ndarray,
) -> list[Note]:
    """Said when the two proposed columns do not separate the classes and all usable
    columns do: decided exactly by the engine (``perceptron_core.theory``), only on a
    file small enough to decide it while the page loads."""
    rows = positive | negative
    for name in usable:
        rows &= np.isfinite(columns[name])
    n = int(np.count_nonzero(rows))
    if n < 2 or n > _limits.MAX_SEPARABILITY_ROWS:
        return []
    if n * len(usable) > _limits.MAX_SEPARABILITY_VALUES:
        return []
    import perceptron_core as pc  # only here: the loader needs the engine for this alone

    y = np.where(positive[rows], 1, -1)
    if np.all(y == y[0]):
        return []
    both = np.column_stack([columns[name][rows] for name in pair])
    if pc.theory(both, y).separable:
        return []
    every = np.column_stack([columns[name][rows] for name in usable])
    if not pc.theory(every, y).separable:
        return []
    said = (
        f"no line separates the classes on {pair[0]!r} and {pair[1]!r}, but all "
        f"{len(usable)} numeric columns separate them: choose Train on all columns"
    )
    fields = {"x1": pair[0], "x2": pair[1], "k": len(usable)}
    return [Note(said, "load.note.all_separate", fields)]
