"""Choosing the columns: the caller's features, label and classes, or the proposal.

The proposal: the two first numeric columns that are neither the label nor an id, a label
column named like one (else the rightmost two-valued column), +1 by its name (1, yes,
true...). A file's hint line, written by :func:`datasets.to_csv`, overrides the proposal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from . import _limits, _pairs
from ._column import _Column
from ._errors import DatasetError, Note
from ._names import (
    _choose_label,
    _class_sort_key,
    _counts_rows,
    _default_positive,
    _is_id_name,
    _label_names,
)
from ._table import _example, _example_fields, _Table
from ._tokens import NUMBER


def _looks_like_id(column: _Column) -> bool:
    """An id or row number: named like one (id, Nr., No., #, index, row, student_id...), or
    whole numbers counting 1, 2, 3, ... (or from 0) in file order, whatever the name. As a
    feature it teaches the perceptron the file's order (sorted by class, it separates
    anything), so it is never proposed."""
    if _is_id_name(column.name):
        return True
    return column.series.dtype.kind in "iuf" and _counts_rows(column.series.to_numpy())


def _label_candidates(table: _Table) -> dict[str, tuple[str, ...]]:
    found = {}
    for name, column in table.columns.items():
        if column.sample_distinct() > _limits.MAX_CLASSES:
            continue  # decided on a sample, so float feature columns are never hashed
        names = column.classes[1]
        if 2 <= len(names) <= _limits.MAX_CLASSES:
            found[name] = tuple(sorted(names, key=_class_sort_key))
    return found


def _match_class(value: Any, names: Sequence[str], column: str) -> str:
    text = str(bool(value)) if isinstance(value, bool | np.bool_) else str(value).strip()
    if text in names:
        return text
    if NUMBER.fullmatch(text):
        for name in names:
            if NUMBER.fullmatch(name) and float(name) == float(text):
                return name
    folded = [n for n in names if n.casefold() == text.casefold()]
    if len(folded) == 1:
        return folded[0]
    listed = ", ".join(repr(n) for n in names)
    raise DatasetError(
        f"{value!r} is not a value of column {column!r}; its values are {listed}",
        code="load.not_a_class",
        fields={"value": value, "column": column, "values": listed},
    )


def _resolve_column(table: _Table, wanted: Any, role: str) -> str:
    names = list(table.columns)
    if isinstance(wanted, int | np.integer) and not isinstance(wanted, bool):
        if 0 <= wanted < len(names):
            return names[wanted]
        raise DatasetError(
            f"there is no column {wanted} (0-based): the file has {len(names)}",
            code="load.no_column_at",
            fields={"at": wanted, "n": len(names)},
        )
    if isinstance(wanted, str):
        if wanted in table.columns:
            return wanted
        folded = [n for n in names if n.casefold() == wanted.strip().casefold()]
        if len(folded) == 1:
            return folded[0]
    listed = ", ".join(repr(n) for n in names)
    raise DatasetError(
        f"there is no {role} column {wanted!r}; the columns are {listed}",
        code=f"load.no_column.{role}",
        fields={"wanted": wanted, "columns": listed},
    )


@dataclass
class _Choice:
    features: tuple[str, ...]
    label: str
    positive: str
    negative: str  # a class name, or "rest"
    candidates: dict[str, tuple[str, ...]]
    notes: list[str]


def _choose(
    table: _Table,
    features: Any = None,
    label: Any = None,
    positive: Any = None,
    negative: Any = None,
) -> _Choice:
    """Resolve the caller's choices, filling the rest from the file's hint or the proposal."""
    columns = list(table.columns)
    hint = table.dialect.hint
    notes: list[str] = []
    if features is None and "feature" in hint:
        if all(f in table.columns for f in hint["feature"]):
            features = tuple(hint["feature"])
    if label is None and hint.get("label", [""])[0] in table.columns:
        label = hint["label"][0]

    chosen: tuple[str, ...] | None = None
    if features is not None:
        if isinstance(features, str | bytes | int):
            raise DatasetError(
                f"features must be a list of column names such as ('x1', 'x2'), got {features!r}"
            )
        try:
            wanted = tuple(features)
        except TypeError:
            message = f"features must be a list of column names, got {features!r}"
            raise DatasetError(message) from None
        chosen = tuple(_resolve_column(table, f, "feature") for f in wanted)
        if not chosen:
            raise DatasetError("choose at least one feature column", code="load.no_features")
        if len(set(chosen)) != len(chosen):
            raise DatasetError(
                f"the feature columns must differ, got {chosen}",
                code="load.same_features",
                fields={"chosen": chosen},
            )
        for name in chosen:
            column = table.columns[name]
            if not column.is_numeric:
                unread_dots = column.dots_message()
                raise _coded(unread_dots) if unread_dots else _not_numeric(table, name)
            if _looks_like_id(column):
                said = (
                    f"column {name!r} looks like a row number or an id: as a feature it "
                    "teaches the perceptron the order of the file's rows, not the data"
                )
                notes.append(Note(said, "load.note.row_id", {"column": name}))

    text_columns = {n for n, c in table.columns.items() if not c.is_number_dtype}
    candidates = _label_candidates(table)
    if label is not None:
        label_name = _resolve_column(table, label, "label")
        if label_name not in candidates:
            count = len(table.columns[label_name].classes[1])
            if count < 2:
                raise _one_class(table, label_name)
            raise DatasetError(
                f"column {label_name!r} has {count:,} distinct values; a label column has "
                f"2 to {_limits.MAX_CLASSES} (one per class). Choose another column.",
                code="load.many_classes",
                fields={"column": label_name, "n": count, "most": _limits.MAX_CLASSES},
            )
        if chosen is not None and label_name in chosen:
            raise DatasetError(
                f"column {label_name!r} cannot be both a feature and the label",
                code="load.feature_is_label",
                fields={"column": label_name},
            )
    else:
        for name in columns:
            named = name.strip().casefold() in _label_names(columns) and name not in (chosen or ())
            if named and len(table.columns[name].classes[1]) < 2:
                raise _one_class(table, name)
        pool = {k: v for k, v in candidates.items() if not chosen or k not in chosen}
        proposed_label = _choose_label(pool, columns, text_columns)
        if proposed_label is None:
            listed = ", ".join(repr(c) for c in columns)
            raise DatasetError(
                "no column can be the class label: a label column has 2 to "
                f"{_limits.MAX_CLASSES} distinct values (0/1, yes/no, species names...); the "
                f"columns are {listed}",
                code="load.no_label_column",
                fields={"most": _limits.MAX_CLASSES, "columns": listed},
            )
        label_name = proposed_label

    if chosen is None:
        numeric = [n for n in columns if n != label_name and table.columns[n].is_numeric]
        ids = [n for n in numeric if _looks_like_id(table.columns[n])]
        usable = [n for n in numeric if n not in ids]
        unread = [c.dots_message() for c in table.columns.values() if c.dots_message()]
        if len(usable) < 2:
            if unread:
                raise _coded(unread[0])
            found = ", ".join(repr(n) for n in usable) or "none"
            besides = f" and the row number {ids[0]!r}" if ids else ""
            which = (
                f"only 1 numeric feature column ({found})"
                if usable
                else "no numeric feature column"
            )
            raise DatasetError(
                f"found {which} besides the label {label_name!r}{besides}; a dataset needs "
                "two. Check that the file uses one delimiter and one decimal mark, or add a "
                "second numeric column.",
                code=("load.one_numeric" if usable else "load.no_numeric")
                + (".row_number" if ids else ""),
                fields={"found": found, "label": label_name, **({"id": ids[0]} if ids else {})},
            )
        chosen = tuple(usable[:2])
        proposed = usable  # x1 and x2 are chosen below, once the classes are known
        notes.extend(_not_offered(m) for m in unread)
    else:
        proposed = None

    for name in candidates[label_name]:
        if len(name) > _limits.MAX_NAME_CHARS:
            raise DatasetError(
                f"a class name in column {label_name!r} is {len(name):,} characters long; "
                f"class names can have at most {_limits.MAX_NAME_CHARS:,}: shorten it",
                code="load.long_class_name",
                fields={"column": label_name, "n": len(name), "most": _limits.MAX_NAME_CHARS},
            )
    for target, spellings in table.columns[label_name].merged.items():
        listed = ", ".join(repr(v) for v in spellings)
        said = f"merged label spellings: {listed} -> {target!r}"
        notes.append(Note(said, "load.note.merged", {"listed": listed, "target": target}))
    classes = candidates[label_name]
    if positive is None and hint.get("positive", [""])[0] in classes:
        positive = hint["positive"][0]
    if positive is None:
        positive_name = _default_positive(classes)
    else:
        positive_name = _match_class(positive, classes, label_name)
    others = [c for c in classes if c != positive_name]
    if negative is None:
        negative_name = others[0]
        if len(others) > 1:
            said = (
                f"{label_name!r} has {len(classes)} classes; kept {negative_name!r} (-1) and "
                f"{positive_name!r} (+1): choose others, or one class against the rest"
            )
            fields = {"label": label_name, "k": len(classes), "negative": negative_name}
            notes.append(Note(said, "load.note.kept", {**fields, "positive": positive_name}))
    elif isinstance(negative, str) and negative.strip().casefold() == "rest":
        negative_name = "rest" if len(others) > 1 else others[0]
    else:
        negative_name = _match_class(negative, classes, label_name)
        if negative_name == positive_name:
            raise DatasetError(
                f"the +1 and -1 classes must differ, both are {positive_name!r}",
                code="load.same_classes",
                fields={"name": positive_name},
            )
    if proposed is not None:
        chosen, proposal_notes = _propose(table, proposed, label_name, positive_name, negative_name)
        notes.extend(proposal_notes)
    notes.extend(table.columns[n].dots_note() for n in chosen if table.columns[n].dots_note())
    return _Choice(chosen, label_name, positive_name, negative_name, candidates, notes)


def _propose(
    table: _Table, usable: list[str], label: str, positive: str, negative: str
) -> tuple[tuple[str, ...], list[Note]]:
    """The two usable columns that tell the two kept classes apart (``_pairs.propose``)."""
    if len(usable) <= 2:
        return tuple(usable), []
    codes, names = table.columns[label].classes
    is_positive = codes == names.index(positive)
    if negative == "rest":
        is_negative = (codes >= 0) & ~is_positive
    else:
        is_negative = codes == names.index(negative)
    columns = {name: table.columns[name].values for name in usable}
    return _pairs.propose(columns, usable, is_positive, is_negative)


def _not_numeric(table: _Table, name: str) -> DatasetError:
    column = table.columns[name]
    bad = column.present & np.isnan(column.values)
    numeric = ", ".join(repr(n) for n, c in table.columns.items() if c.is_numeric) or "none"
    kind, fields = _example_fields(table, name, bad)
    parts = [kind] if kind else []
    parts += ["none"] if numeric == "none" else []  # the code says which parts it has
    return DatasetError(
        f"column {name!r} is not numeric{_example(table, name, bad)}; choose numeric "
        f"columns as features: {numeric}",
        code=".".join(["load.not_numeric", *parts]),
        fields={**fields, "column": name, "numeric": numeric},
    )


def _coded(message: Note) -> DatasetError:
    """A column's message (a Note with its code) as the error it is."""
    return DatasetError(str(message), code=message.code, fields=message.fields)


def _not_offered(message: Note) -> Note:
    """The note that a column is not offered as a feature, and why (its message)."""
    said = f"not offered as a feature: {message}"
    code = message.code
    if code is not None:
        code = code.replace("load.", "load.note.not_offered.", 1)
    return Note(said, code, message.fields)


def _one_class(table: _Table, name: str) -> DatasetError:
    names = table.columns[name].classes[1]
    if not names:
        return DatasetError(
            f"column {name!r} has no values: a label column needs two classes",
            code="load.no_labels",
            fields={"column": name},
        )
    return DatasetError(
        f"column {name!r} has only one class ({names[0]!r}): a perceptron needs examples "
        "of two classes",
        code="load.one_class",
        fields={"column": name, "name": names[0]},
    )
