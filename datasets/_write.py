"""Writing a dataset as CSV text that the loader reads back identically.

Used by :func:`datasets.to_csv` and ``Dataset.to_csv`` (both in :mod:`datasets._dataset`,
which imports this module; so this one takes the dataset without importing its class).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from urllib.parse import quote, urlencode

import numpy as np

from . import _limits
from ._cells import csv_field
from ._names import _choose_label, _counts_rows, _default_positive, _is_id_name, _label_names
from ._tokens import HINT, NUMBER, is_na, is_number


def _hint_for(dataset: Any, label: str) -> dict[str, list[str]]:
    """What the loader would not find on its own in the CSV that to_csv writes."""
    features = dataset.feature_names
    negative, positive = dataset.class_names
    hint: dict[str, list[str]] = {}
    numeric_classes = all(NUMBER.fullmatch(c) for c in dataset.class_names)
    numeric_columns = list(features) + ([label] if numeric_classes else [])
    if not any(not is_number(c, False) and not is_na(c) for c in numeric_columns):
        hint["header"] = ["1"]
    # The label candidates the loader would see: few-valued features, and the label.
    candidates: dict[str, Sequence[str]] = {}
    for j, name in enumerate(features):
        distinct = np.unique(dataset.X[:, j]).size
        if 2 <= distinct <= _limits.MAX_CLASSES:
            candidates[name] = [str(k) for k in range(distinct)]
    candidates[label] = dataset.class_names
    text = set() if numeric_classes else {label}
    label_like = any(f.strip().casefold() in _label_names(features) for f in features)
    if label_like or _choose_label(candidates, [*features, label], text) != label:
        hint["label"] = [label]
    counting = [
        _counts_rows(dataset.X[:, j]) or _is_id_name(name) for j, name in enumerate(features)
    ]
    if dataset.d != 2 or any(counting):
        hint["feature"] = list(features)
    if _default_positive(dataset.class_names) != positive:
        hint["positive"] = [positive]
    return hint


def csv_text(dataset: Any) -> str:
    """The CSV text of ``datasets.to_csv`` (see there): what the loader reads back identically."""
    features = dataset.feature_names
    label = dataset.params.get("label") if "file" in dataset.params else None
    if not isinstance(label, str) or label in features or not label.strip():
        label = next(
            name
            for name in ("label", "class", "target", *(f"label_{k}" for k in range(2, 99)))
            if name not in features
        )
    hint = _hint_for(dataset, label)
    lines = []
    if hint:
        pairs = [(key, value) for key, values in hint.items() for value in values]
        lines.append(f"{HINT} {urlencode(pairs, quote_via=quote)}")
    lines.append(",".join(csv_field(name) for name in (*features, label)))
    class_text = {-1: csv_field(dataset.class_names[0]), 1: csv_field(dataset.class_names[1])}
    columns = [map(repr, dataset.X[:, j].tolist()) for j in range(dataset.d)]
    labels = [class_text[v] for v in dataset.y.tolist()]
    lines.extend(",".join(row) for row in zip(*columns, labels, strict=True))
    return "\n".join(lines) + "\n"
