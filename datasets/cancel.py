"""Stopping a load whose reader has gone: ``with cancel.when(gone): load_csv(...)``.

A UI that loads a file for a browser tab hands the loader a function that says whether
that tab has gone; the loader asks it between its steps (each unpacked megabyte, each
counted megabyte, while the workbook's reader runs) and stops with :class:`Cancelled`,
so a closed tab does not keep a server busy. Without ``when`` nothing is ever cancelled.
"""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Callable, Iterator

_GONE: contextvars.ContextVar[Callable[[], bool] | None] = contextvars.ContextVar(
    "datasets_cancel", default=None
)


class Cancelled(Exception):
    """The load was stopped: whoever asked for it has gone (not a DatasetError: there is
    nobody to tell)."""


@contextlib.contextmanager
def when(gone: Callable[[], bool]) -> Iterator[None]:
    """Within the block, loads stop with Cancelled as soon as ``gone()`` is true."""
    token = _GONE.set(gone)
    try:
        yield
    finally:
        _GONE.reset(token)


def check() -> None:
    """Raise Cancelled when the current load's reader has gone."""
    gone = _GONE.get()
    if gone is not None and gone():
        raise Cancelled("the reader of this load has gone")
