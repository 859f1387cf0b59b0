"""The stage's one seam: what a feature hangs on the stage, which imports no feature.

At each step the stage emits one small value (``Step``: the page, the run's key, the
cursor, the run) to its listeners, before the step is drawn (a class follows the
lecturer's step: published first). Features offer marks on the chart (``chart_marks``:
plotly traces drawn over the run's frames), panels under it (``panels``: drawn after the
step's link is written), the last step of what the stage shows (``last_step``: a lecture's
scene ends before the run does; from there the clicker leaves it), what a click on the
drawing board does (``board``) and fields of the stage's data for the browser with what
the browser's ask of the same name does (``offer``: the Export's). Features register at
import from the entry point (``ui/features.py``, imported by app.py); with none registered
the stage steps a run alone.

A provider is registered under a name: registering it again (a module imported twice, a
test's second app) replaces it, in its first place.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ui.state import Table


@dataclass(frozen=True)
class Step:
    """The stage at a step: its page, the run's key (``ui.runkey``), the cursor, the run
    (None: no run yet)."""

    page: Table
    key: str
    cursor: int
    run: Any = None


_LISTENERS: dict[str, Callable[[Step], None]] = {}
_MARKS: dict[str, Callable[[Step], list[dict]]] = {}
_PANELS: dict[str, Callable[[Step], None]] = {}
_LAST: dict[str, Callable[[Table, int], int | None]] = {}
_BOARD: dict[str, tuple[Callable[[Table], Callable], Callable[[Any], Any]]] = {}
_OFFERS: dict[str, Callable[..., Any]] = {}
_ASKS: dict[str, Callable[[Table, Any], None]] = {}


def on_step(name: str, listener: Callable[[Step], None]) -> None:
    """Call ``listener(step)`` at every step the stage shows, before it is drawn."""
    _LISTENERS[name] = listener


def chart_marks(name: str, provider: Callable[[Step], list[dict]]) -> None:
    """Draw ``provider(step)``'s traces over the stage's chart at each step."""
    _MARKS[name] = provider


def panels(name: str, provider: Callable[[Step], None]) -> None:
    """Draw ``provider(step)`` under the stage at each step of a run."""
    _PANELS[name] = provider


def last_step(name: str, provider: Callable[[Table, int], int | None]) -> None:
    """``provider(page, total)``: the last step the page's stage shows of a run of
    ``total`` steps, or None (the run's end)."""
    _LAST[name] = provider


def board(click: Callable[[Table], Callable], box: Callable[[Any], Any]) -> None:
    """The drawing board: ``click(page)`` is the chart's click callback on the board,
    ``box(view)`` the board's view grown from the data's."""
    _BOARD["board"] = (click, box)


def offer(
    name: str, provider: Callable[..., Any], asked: Callable[[Table, Any], None] | None = None
) -> None:
    """``provider(page, stepper, layered, following=...)``: the stage's data field ``name``
    for the browser at each rerun (``following``: a class's student, whose page must not
    load more than it needs); ``asked(page, value)``: what the browser's ask of that name
    (the chart's state value) does."""
    _OFFERS[name] = provider
    if asked is not None:
        _ASKS[name] = asked


def stepped(step: Step) -> None:
    """Tell every listener about ``step``."""
    for listener in list(_LISTENERS.values()):
        listener(step)


def marks(step: Step) -> list[dict]:
    """The features' traces over the chart at ``step``."""
    return [trace for provider in list(_MARKS.values()) for trace in provider(step)]


def draw_panels(step: Step) -> None:
    """The features' panels at ``step``."""
    for provider in list(_PANELS.values()):
        provider(step)


def last_of(page: Table, total: int) -> int:
    """The last step the stage shows of a run of ``total`` steps on ``page``."""
    for provider in list(_LAST.values()):
        last = provider(page, total)
        if last is not None:
            return last
    return total


def offers(page: Table, stepper, layered, *, following: bool) -> dict[str, Any]:
    """The features' fields of the stage's data, by name."""
    return {
        name: provider(page, stepper, layered, following=following)
        for name, provider in list(_OFFERS.items())
    }


def ask(name: str, page: Table, value) -> None:
    """The browser asked ``name`` for ``value``: its feature's answer (none: ignored)."""
    if name in _ASKS:
        _ASKS[name](page, value)


def board_click(page: Table) -> Callable | None:
    """The click callback of ``page``'s drawing board (None: no board registered)."""
    return _BOARD["board"][0](page) if "board" in _BOARD else None


def board_box(box):
    """The drawing board's view grown from ``box`` (``box`` itself: no board)."""
    return _BOARD["board"][1](box) if "board" in _BOARD else box
