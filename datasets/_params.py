"""``Dataset.params``: a read-only, hashable, picklable dict of plain values."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

import numpy as np


def freeze(value: Any) -> Any:
    """Return an immutable, JSON-friendly copy: dicts become Params, lists become tuples."""
    if isinstance(value, Mapping):
        return Params(value)
    if isinstance(value, list | tuple):
        return tuple(freeze(v) for v in value)
    if isinstance(value, np.ndarray):
        return tuple(freeze(v) for v in value.tolist())
    if isinstance(value, np.generic):
        return value.item()
    return value


class Params(Mapping[str, Any]):
    """A read-only, hashable, picklable dict of plain values (``Dataset.params``).

    Nested dicts and lists are frozen too. ``to_dict()`` gives a plain, JSON-ready copy.
    """

    __slots__ = ("_data",)
    _data: dict[str, Any]

    def __init__(self, data: Mapping[str, Any] | Iterable[tuple[str, Any]] = (), **kwargs: Any):
        merged = dict(data, **kwargs)
        object.__setattr__(self, "_data", {str(k): freeze(v) for k, v in merged.items()})

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Params is read-only; build a new one with Params(old, key=value)")

    def __getitem__(self, key: str) -> Any:
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __hash__(self) -> int:
        try:
            return hash(tuple(self._data.items()))
        except TypeError:  # an unhashable leaf value: fall back to the keys
            return hash(tuple(self._data))

    def __repr__(self) -> str:
        return f"Params({self._data!r})"

    def __reduce__(self) -> tuple[type[Params], tuple[dict[str, Any]]]:
        return (Params, (self._data,))

    def to_dict(self) -> dict[str, Any]:
        """Return a plain dict (nested Params as dicts, tuples as lists), e.g. for JSON."""

        def thaw(value: Any) -> Any:
            if isinstance(value, Params):
                return value.to_dict()
            if isinstance(value, tuple):
                return [thaw(v) for v in value]
            return value

        return {k: thaw(v) for k, v in self._data.items()}
