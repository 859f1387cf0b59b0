"""The stepper: a cursor moved over a recorded run (Step, Visit, Back, Epoch, Run to end,
Reset, Play, scrub), like TensorFlow Playground's ``Player``, not closures over page globals.

The cursor is the number of example visits done (0..n_visits). Where a move lands is the
run's business (``Run.next_cursor``: the next weight change for its variant); the stepper
keeps the cursor, the history Back undoes and whether Play is on, in the session under the
page's prefix (``<prefix>cursor``, ``<prefix>history``, ``<prefix>playing``). Nothing here
imports streamlit: the session is any mutable mapping, so tests pass a dict.

The stepping rules are written here only: where each button's move lands from a cursor
(``target``), which buttons are off there (``plan``) and what a move does to Back's
history (``EFFECTS``). The browser's stage is sent the plan of every cursor it has a frame
for and applies it (ui/stage/stepping.mjs, ``applyMove``): it computes no target itself.
"""

from __future__ import annotations

from collections.abc import MutableMapping

# The moves a button makes: the run's own unit of a step, or the stepper's own moves.
MOVES = ("step", "visit", "back", "epoch", "end", "reset")
_UNIT = {"step": "update", "visit": "visit", "epoch": "epoch"}
# What a move does to Back's history. "push": remember the cursor left (when the move goes
# anywhere); "pop": go back to the last cursor remembered, or, with none, to the move's
# target; "clear": forget them all.
PUSH, POP, CLEAR = "push", "pop", "clear"
EFFECTS = {"step": PUSH, "visit": PUSH, "epoch": PUSH, "end": PUSH, "back": POP, "reset": CLEAR}


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
    def key(self) -> str | None:
        """The run's key (``ui.runkey.run_key``: its data and settings; kept in
        ``<prefix>run_id`` by ``ui.stage.part.stepper_for``), by which the frames and the
        browser's stage name the run; None before there is one."""
        return self.session.get(self._k("run_id"))

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

    def target(self, move: str, t: int | None = None) -> int:
        """Where ``move`` lands from cursor ``t`` (the cursor by default) with no history
        to undo: Step, Visit and Epoch where the run says, Back one visit back, Reset at
        the start, Run to end at the end."""
        t = self.cursor if t is None else int(t)
        if move == "back":
            return max(0, t - 1)
        if move == "reset":
            return 0
        if move == "end":
            return self.total
        if move not in _UNIT:
            raise ValueError(f"move must be one of {MOVES}; got {move!r}")
        return t if self.run is None else int(self.run.next_cursor(t, _UNIT[move]))

    def plan(self, t: int) -> dict:
        """Every button at cursor ``t`` with no history to undo: ``{"to": {move: target},
        "off": [the moves whose buttons are disabled]}``. A button is off where its move
        has nowhere to go: the steps and Run to end at the end, Reset and Back at the
        start (Back is on while there is a move to undo: ``disabled``)."""
        at_end = t >= self.total
        off = [m for m in ("step", "visit", "epoch", "end") if at_end]
        if t == 0:
            off += ["back", "reset"]
        return {"to": {m: self.target(m, t) for m in MOVES}, "off": off}

    def disabled(self) -> dict[str, bool]:
        """Each button's state at the cursor, with Back's history (``plan``)."""
        off = set(self.plan(self.cursor)["off"])
        history = bool(self.session[self._k("history")])
        return {m: m in off and not (EFFECTS[m] == POP and history) for m in MOVES}

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
        effect, target = EFFECTS[move], self.target(move)
        if effect == POP:
            self.back()
        elif effect == CLEAR:
            self.reset(target)
        else:
            self.go(target)
        self.session[self._k("playing")] = False

    def back(self) -> None:
        """Undo the last move (or go to Back's target when there is nothing to undo)."""
        history = self.session[self._k("history")]
        target = history.pop() if history else self.target("back")
        self.session[self._k("cursor")] = self._clamp(target)

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
