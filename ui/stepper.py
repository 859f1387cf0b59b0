"""The stepper: a cursor moved over a recorded run (Step, Visit, Back, Epoch, Run to end,
Reset, Play, scrub), like TensorFlow Playground's ``Player``, not closures over page globals.

The cursor is the number of example visits done (0..n_visits). Where a move lands is the
run's business (``Run.next_cursor``: the next weight change for its variant); the stepper
keeps the cursor, the history Back undoes and whether Play is on, in the session under the
page's prefix (``<prefix>cursor``, ``<prefix>history``, ``<prefix>playing``). Nothing here
imports streamlit: the session is any mutable mapping, so tests pass a dict.
"""

from __future__ import annotations

from collections.abc import MutableMapping

# The moves a button makes: the run's own unit of a step, or the stepper's own moves.
MOVES = ("step", "visit", "back", "epoch", "end", "reset")
_UNIT = {"step": "update", "visit": "visit", "epoch": "epoch"}


class Stepper:
    """A cursor over ``run`` (or over nothing yet: ``run=None``) kept in ``session``."""

    def __init__(self, session: MutableMapping, prefix: str, run=None):
        self.session = session
        self.prefix = prefix
        self.run = run
        session.setdefault(self._k("cursor"), 0)
        session.setdefault(self._k("history"), [])
        session.setdefault(self._k("playing"), False)
        self.session[self._k("cursor")] = self._clamp(session[self._k("cursor")])

    def _k(self, name: str) -> str:
        return self.prefix + name

    # ------------------------------------------------------------------ reading
    @property
    def total(self) -> int:
        """Visits in the run (0 without one)."""
        return 0 if self.run is None else int(self.run.n_visits)

    @property
    def cursor(self) -> int:
        return int(self.session[self._k("cursor")])

    @property
    def playing(self) -> bool:
        return bool(self.session[self._k("playing")])

    @property
    def at_start(self) -> bool:
        return self.cursor == 0

    @property
    def at_end(self) -> bool:
        return self.cursor >= self.total

    @property
    def can_back(self) -> bool:
        return self.cursor > 0 or bool(self.session[self._k("history")])

    def _clamp(self, t) -> int:
        try:
            t = int(t)
        except (TypeError, ValueError):
            return 0
        return max(0, min(t, self.total)) if self.run is not None else max(0, t)

    # ------------------------------------------------------------------- moving
    def go(self, target: int) -> None:
        """Move to ``target`` (clamped), remembering where it was so Back can undo it."""
        target, current = self._clamp(target), self.cursor
        if target != current:
            self.session[self._k("history")].append(current)
            self.session[self._k("cursor")] = target

    def adopt(self, cursor: int, history: list[int]) -> None:
        """Take over a cursor and Back's history moved elsewhere (the browser's stage)."""
        self.session[self._k("cursor")] = self._clamp(cursor)
        self.session[self._k("history")] = [self._clamp(h) for h in history]

    def move(self, move: str) -> None:
        """One button's move; any move stops Play."""
        if move not in MOVES:
            raise ValueError(f"move must be one of {MOVES}; got {move!r}")
        if move == "back":
            self.back()
        elif move == "reset":
            self.reset()
        elif move == "end":
            self.go(self.total)
        elif self.run is not None:
            self.go(self.run.next_cursor(self.cursor, _UNIT[move]))
        self.session[self._k("playing")] = False

    def back(self) -> None:
        """Undo the last move (or go back one visit when there is nothing to undo)."""
        history = self.session[self._k("history")]
        if history:
            self.session[self._k("cursor")] = self._clamp(history.pop())
        else:
            self.session[self._k("cursor")] = max(0, self.cursor - 1)

    def reset(self, to: int = 0) -> None:
        """Back to ``to`` (the start), forgetting the history."""
        self.session[self._k("cursor")] = self._clamp(to)
        self.session[self._k("history")] = []

    def toggle_play(self) -> None:
        """Play / Pause; playing from the end starts again from the start."""
        playing = not self.playing and self.run is not None
        self.session[self._k("playing")] = playing
        if playing and self.at_end:
            self.reset()

    def tick(self, unit: str) -> bool:
        """One frame of Play: advance by ``unit`` ("update", "visit" or "epoch"); returns
        whether Play goes on (it stops at the end of the run)."""
        if self.run is None or not self.playing:
            return False
        self.session[self._k("cursor")] = self.run.next_cursor(self.cursor, unit)
        if self.at_end:
            self.session[self._k("playing")] = False
        return self.playing
