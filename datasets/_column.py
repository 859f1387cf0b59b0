"""One parsed column of a table: its numbers (and how its dots read), its classes.

Each fact is computed once, on demand, so a million-row text column is never converted to
numbers unless it is offered as a feature, and a float column is never hashed for classes.
"""

from __future__ import annotations

import functools
import math
from typing import Any

import numpy as np
import pandas as pd

from ._cells import restore_formula
from ._errors import Note
from ._tokens import GROUPED, NA_TOKENS, NUMBER, is_number


def _format_class(value: Any, all_values: set[Any]) -> str:
    if isinstance(value, bool | np.bool_):
        return str(bool(value))
    if isinstance(value, int | float | np.number):
        number = float(value)
        if not math.isfinite(number):
            return ""  # an infinite label is no class: treated as missing
        if number.is_integer() and abs(number) < 2**53:
            # "+1" next to "-1", as Dataset spells it, so the name survives a round trip.
            if number == 1 and all_values == {-1.0, 1.0}:
                return "+1"
            return str(int(number))
        return repr(number)
    return restore_formula(str(value).strip())


class _Column:
    """One parsed column and what it can be used for, each fact computed once, on demand."""

    def __init__(
        self, name: str, series: pd.Series, unnamed: bool, comma_ok: bool, commas: bool = False
    ):
        self.name = name
        self.series = series
        self.unnamed = unnamed
        self.comma_ok = comma_ok
        self.commas = commas  # the file writes decimals with commas (seen in its sample)

    # How the column's dots read: ("thousands" | "mixed" | "", an example, another).
    dots: tuple[str, str, str] = ("", "", "")

    @functools.cached_property
    def is_number_dtype(self) -> bool:
        return self.series.dtype.kind in "iuf"

    @functools.cached_property
    def present(self) -> np.ndarray:
        """True where the field is not empty or a missing-value token."""
        present: np.ndarray = self.series.notna().to_numpy()
        return present

    @functools.cached_property
    def is_category(self) -> bool:
        return isinstance(self.series.dtype, pd.CategoricalDtype)

    def _to_numbers(self, text: pd.Series) -> np.ndarray:
        text = text.astype("str").str.strip()
        if self.comma_ok:  # decimal commas that the parser left as text (mixed marks)
            text = self._read_dots(text).str.replace(",", ".", regex=False)
        numbers: np.ndarray = pd.to_numeric(text, errors="coerce").to_numpy(
            dtype=np.float64, na_value=np.nan
        )
        return numbers

    def _read_dots(self, text: pd.Series) -> pd.Series:
        """Dots in a file where decimal commas are possible, by one stated rule.

        Values such as 1.065 or 1.234,5 (``GROUPED``) have thousands separators when the
        file writes its decimals with commas and no value of the column has a decimal
        point (1.5): then 1.065 is 1065. The column is ambiguous, and no number is read
        from it, when the file has decimal commas and the column mixes both (1.065 and
        1.5), or when the file has none and 1.065 stands beside whole numbers such as 985
        with no decimal point in the column. Otherwise a dot is a decimal point.
        """
        dotted = text.str.contains(".", regex=False).to_numpy(dtype=bool)
        if not dotted.any():
            return text
        grouped = dotted & text.str.fullmatch(GROUPED.pattern).to_numpy(dtype=bool)
        if not grouped.any():
            return text
        example = str(text[grouped].iloc[0])
        pointed = dotted & ~grouped & text.str.fullmatch(NUMBER.pattern).to_numpy(dtype=bool)
        whole = text.str.fullmatch(r"[+-]?\d+").to_numpy(dtype=bool)
        if pointed.any() and not self.commas:
            return text  # 1.5 beside 1.065, and no decimal commas: decimal points
        if pointed.any():
            self.dots = ("mixed", example, str(text[pointed].iloc[0]))
        elif whole.any() and not self.commas:
            self.dots = ("mixed", example, str(text[whole].iloc[0]))
        elif not self.commas:
            return text  # 1.065 and 2.130 only, no decimal commas: decimal points
        else:
            self.dots = ("thousands", example, "")
            return text.where(~grouped, text.str.replace(".", "", regex=False))
        return pd.Series("", index=text.index)  # nothing is read from an ambiguous column

    def dots_message(self) -> Note:
        """Why no number is read from this column (its dots), or "" (a Note with its code)."""
        how, example, other = self.dots
        if how != "mixed":
            return Note("")
        thousands = example.replace(".", "")
        fields = {"column": self.name, "example": example, "other": other}
        if NUMBER.fullmatch(other) and "." in other:
            said = (
                f"column {self.name!r} uses the dot both ways: {example!r} reads as "
                f"{thousands} with a thousands separator, {other!r} has a decimal point; "
                "it cannot be read without guessing. Write its numbers with one decimal "
                "mark and no thousands separators (such as 1065 and 1,5)"
            )
            return Note(said, "load.dots_both", {**fields, "thousands": thousands})
        comma = example.replace(".", ",")
        said = (
            f"column {self.name!r} has {example!r} beside whole numbers such as {other!r}: "
            f"the dot may be a thousands separator ({thousands}) or a decimal point; it "
            f"cannot be read without guessing. Write {thousands} without the separator, or "
            f"{comma} with a decimal comma if it is a fraction"
        )
        return Note(said, "load.dots_unsure", {**fields, "thousands": thousands, "comma": comma})

    def dots_note(self) -> Note:
        how, example, _ = self.dots
        if how != "thousands":
            return Note("")
        value = example.replace(".", "").replace(",", ".")
        said = (
            f"column {self.name!r}: dots read as thousands separators ({example!r} as "
            f"{value}), as the file writes decimals with commas"
        )
        fields = {"column": self.name, "example": example, "value": value}
        return Note(said, "load.note.thousands", fields)

    @functools.cached_property
    def values(self) -> np.ndarray:
        """Float64 values; NaN where missing or not a number."""
        if self.is_number_dtype:
            numbers: np.ndarray = self.series.to_numpy(dtype=np.float64, na_value=np.nan)
            return numbers
        if self.series.dtype.kind == "b":
            return np.full(len(self.series), np.nan)
        if self.is_category:  # convert each distinct string once
            categories = pd.Series(self.series.cat.categories)
            lookup = np.append(self._to_numbers(categories), np.nan)  # code -1 -> NaN
            by_code: np.ndarray = lookup[self.series.cat.codes.to_numpy()]
            return by_code
        return self._to_numbers(self.series)

    @functools.cached_property
    def is_numeric(self) -> bool:
        """Usable as a feature: mostly numbers, and at least one finite one."""
        if self.is_number_dtype:
            return bool(np.isfinite(self.values).any())
        if self.series.dtype.kind == "b":
            return False
        sample = self.series.dropna().head(1000)
        if sample.empty:
            return False
        # Cheap test on a sample first, so text columns are never converted in full.
        if sum(is_number(str(v), self.comma_ok) for v in sample) < 0.5 * len(sample):
            return False
        parsed = ~np.isnan(self.values)
        return bool(parsed.sum() >= 0.5 * self.present.sum() and np.isfinite(self.values).any())

    def sample_distinct(self) -> int:
        return int(self.series.head(2000).nunique(dropna=True))

    @functools.cached_property
    def classes(self) -> tuple[np.ndarray, list[str]]:
        """(class code per row, -1 where missing; class names), spellings merged.

        Names are stripped; then spellings that differ only in case ("Yes", "yes", "YES ")
        are one class, named by the most frequent spelling, as long as that leaves two
        classes or more (a column of only "a" and "A" keeps both: they must be meant as
        two). ``merged`` records what was merged, for a note.
        """
        if self.is_category:
            codes = self.series.cat.codes.to_numpy()
            values = list(self.series.cat.categories)
        else:
            codes, uniques = pd.factorize(self.series, use_na_sentinel=True)
            values = list(uniques)
        numbers = {
            float(v)
            for v in values
            if isinstance(v, int | float | np.number) and not isinstance(v, bool | np.bool_)
        }
        names = [_format_class(v, numbers) for v in values]
        names = self._fold(codes, values, names)
        merged: dict[str, int] = {}
        remap = np.empty(len(names) + 1, dtype=np.int64)  # the last slot maps code -1
        for i, name in enumerate(names):
            remap[i] = -1 if name in NA_TOKENS else merged.setdefault(name, len(merged))
        remap[-1] = -1
        if np.array_equal(remap[:-1], np.arange(len(names))):
            return codes, list(merged)  # nothing merged or dropped: skip a pass over the rows
        return remap[codes], list(merged)

    merged: dict[str, tuple[str, ...]] = {}  # noqa: RUF012  (replaced per column, never mutated)

    def _fold(self, codes: np.ndarray, values: list[Any], names: list[str]) -> list[str]:
        """Rename each class spelling to the most frequent spelling of its case-fold."""
        keys: dict[str, set[str]] = {}
        for name in names:
            if name not in NA_TOKENS:
                keys.setdefault(name.casefold(), set()).add(name)
        if all(len(spellings) == 1 for spellings in keys.values()) and not any(
            isinstance(v, str) and v != n for v, n in zip(values, names, strict=True)
        ):
            return names  # the usual case: nothing to merge, not even whitespace
        if len(keys) < 2:
            return names  # merging would leave one class: the spellings are two classes
        counts = np.bincount(codes[codes >= 0], minlength=len(names))
        spelling_count: dict[str, int] = {}
        for name, count in zip(names, counts.tolist(), strict=True):
            spelling_count[name] = spelling_count.get(name, 0) + count
        chosen = {
            key: max(sorted(spellings), key=lambda n: spelling_count[n])
            for key, spellings in keys.items()
        }
        raw: dict[str, dict[str, int]] = {}
        for value, name, count in zip(values, names, counts.tolist(), strict=True):
            if name in NA_TOKENS or not isinstance(value, str):
                continue
            target = chosen[name.casefold()]
            raw.setdefault(target, {})
            raw[target][value] = raw[target].get(value, 0) + count
        self.merged = {
            target: tuple(sorted(spellings, key=lambda v: -spellings[v]))
            for target, spellings in raw.items()
            if len(spellings) > 1
        }
        return [name if name in NA_TOKENS else chosen[name.casefold()] for name in names]
