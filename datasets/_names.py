"""What a column's name and values say: a label, an id or row number, which class is +1.

Rules the loader proposes columns by and the writer checks against, so that a CSV
:func:`datasets.to_csv` writes needs a hint line only where the loader would guess
otherwise.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

import numpy as np

from ._tokens import NUMBER

# The class people mean by +1, and by -1, in the words files use (English and German):
# "nein" sorts after "ja", "benign" before "malignant", so the order alone would pick
# the wrong one.
_POSITIVE_WORDS = frozenset(
    {
        "1",
        "+1",
        "yes",
        "true",
        "positive",
        "pos",
        "ja",
        "wahr",
        "positiv",
        "malignant",
        "bösartig",
        "spam",
        "sick",
        "ill",
        "disease",
        "diseased",
        "krank",
        "present",
        "abnormal",
        "fraud",
        "defective",
    }
)
_NEGATIVE_WORDS = frozenset(
    {
        "0",
        "-1",
        "no",
        "false",
        "negative",
        "neg",
        "nein",
        "falsch",
        "negativ",
        "benign",
        "gutartig",
        "ham",
        "healthy",
        "gesund",
        "absent",
        "normal",
    }
)
# Column names that usually hold the class; earlier entries win. "y" comes last, and
# only counts when there is no "x" column: two-feature files often call their features
# x and y.
_LABEL_NAMES = (
    "label", "labels", "class", "classes", "target", "species", "outcome", "category",
    "diagnosis", "group", "kind", "type", "result", "y",
)  # fmt: skip
_ID_NAMES = frozenset(
    {
        "id", "index", "idx", "row", "rowid", "row_id", "row id", "row number", "no", "nr",
        "num", "#", "key", "n°", "nº", "lfd nr", "lfdnr", "nummer", "zeile", "fila", "ligne",
        "numéro", "numero", "número", "unnamed: 0", "obs", "case",
    }
)  # fmt: skip
"""Names of row-number and id columns (compared case-folded, without dots): Nr., No., #..."""
_ID_SUFFIX = re.compile(r".*[\s_-](id|nr|no|idx|index|number|nummer)")
"""... and names ending in one: student_id, Sample No., Lfd. Nr."""


def _is_id_name(name: str) -> bool:
    folded = " ".join(name.casefold().replace(".", " ").split())
    return folded in _ID_NAMES or bool(_ID_SUFFIX.fullmatch(folded))


def _label_names(columns: Sequence[str]) -> tuple[str, ...]:
    if any(c.strip().casefold() == "x" for c in columns):
        return _LABEL_NAMES[:-1]
    return _LABEL_NAMES


def _class_sort_key(name: str) -> tuple[int, float, str, str]:
    """Numbers by value, then text case-blind; names equal so far (``1`` and ``1.0``,
    ``0f`` and ``0F``) by their own characters: one order, whatever order they came in (the
    writer and the loader must agree on which class is +1 by default)."""
    if NUMBER.fullmatch(name):
        return (0, float(name), "", name)
    return (1, 0.0, name.casefold(), name)


def _default_positive(names: Sequence[str]) -> str:
    """+1 by the words people mean: the one class named like a positive (1, yes, ja, true,
    positive, malignant, spam, sick...); else, of two classes, the one that is not named
    like a negative (0, no, nein, false, negative, benign...); else the second in sorted
    order."""
    return _positive_by_word(names) or _by_order(names)


def default_positive(names: Sequence[str]) -> str:
    """The class the loader makes +1 among ``names`` (a label column's classes) when no
    one says: by the words people mean, then by order (``_default_positive``).

    Examples
    --------
    >>> default_positive(["ja", "nein"]), default_positive(["benign", "malignant"])
    ('ja', 'malignant')
    """
    return _default_positive(names)


def _by_order(names: Sequence[str]) -> str:
    ordered = sorted(names, key=_class_sort_key)
    return ordered[1] if len(ordered) > 1 else ordered[0]


def _positive_by_word(names: Sequence[str]) -> str | None:
    """The class the words make +1, or None when they do not decide."""
    folded = [name.strip().casefold() for name in names]
    positive = [n for n, f in zip(names, folded, strict=True) if f in _POSITIVE_WORDS]
    if len(positive) == 1:
        return positive[0]
    negative = [f in _NEGATIVE_WORDS for f in folded]
    if not positive and len(names) == 2 and sum(negative) == 1:
        return names[negative.index(False)]
    return None


def _counts_rows(values: np.ndarray) -> bool:
    """Whole numbers 1, 2, 3, ... (or from 0) in order, ten or more: a row number."""
    n = len(values)
    if n < 10 or values[0] not in (0, 1) or values[-1] != values[0] + n - 1:
        return False
    return bool(np.array_equal(values, np.arange(values[0], values[0] + n)))


def _choose_label(
    candidates: Mapping[str, Sequence[str]], columns: Sequence[str], text: set[str]
) -> str | None:
    """Prefer a label-like name, then the rightmost two-valued column, then text columns."""
    for wanted in _label_names(columns):
        for name in candidates:
            if name.strip().casefold() == wanted:
                return name
    two = [n for n in candidates if len(candidates[n]) == 2]
    texts = [n for n in candidates if n in text]
    pool = two or texts or list(candidates)
    return max(pool, key=columns.index) if pool else None
