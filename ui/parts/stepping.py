"""A stepping page's frame, the sequence every page that steps a run repeats: open (the
link, presenter mode, the data picker), the run's settings in the sidebar, the header, the
data settled; the run trained, its stepper and view; then, once the page has said how a
step looks (``draw``), the stage and the data remembered as good. A page keeps only what
is its own: its words, its picture of step t, its numbers."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import streamlit as st

from ui.parts import data, settings, style
from ui.stage import part
from ui.stage.stepper import Stepper
from ui.state import Table, lab


@dataclass(frozen=True)
class Opened:
    """What the page's first lines settled: presenter mode, the data choice and its
    problems, the run's settings, the data, and what the page's own sidebar widgets gave
    (``before``: drawn above the settings, ``after``: under them)."""

    opening: data.Opening
    setup: Any
    ds: Any
    before: Any = None
    after: Any = None

    @property
    def presenter(self) -> bool:
        return self.opening.presenter

    @property
    def choice(self):
        return self.opening.choice


def open_stepping(
    page: Table,
    title: str,
    intro: str,
    *,
    heading: str,
    panel: dict | None = None,
    but: dict | None = None,
    settle: dict | None = None,
    wide: bool = False,
    before: Callable[[], Any] | None = None,
    after: Callable[[], Any] | None = None,
) -> Opened:
    """Open a stepping page: its link and data picker, the sidebar's ``heading`` over the
    run's settings (``panel``: ``settings_panel``'s options; ``but``: settings the page
    fixes), the header (``title``, ``intro``), and the data settled (``settle``: the
    options of ``data.settle``; the settings are passed on)."""
    opening = data.open_page(page, wide=wide)
    with st.sidebar:
        first = before() if before is not None else None
        st.subheader(heading)
        setup = settings.settings_panel(page, **(panel or {}))
        if but:
            setup = setup.but(**but)
        last = after() if after is not None else None
    style.header(title, intro, presenter=opening.presenter, problems=opening.problems)
    ds = data.settle(page, opening.choice, opening.prep, settings=setup, **(settle or {}))
    return Opened(opening, setup, ds, first, last)


@dataclass(frozen=True)
class Stepped:
    """The page's run (None when there is none, said), its key and its stepper."""

    trained: Any
    key: str
    stepper: Stepper

    @property
    def run(self):
        return None if self.trained is None else self.trained.run


def stepped(page: Table, ds, setup) -> Stepped:
    """The run on ``ds`` for ``setup`` (trained once, cached), and the page's stepper."""
    trained = part.trained(ds, setup)
    key = part.run_key(ds, setup)
    run = None if trained is None else trained.run
    return Stepped(trained, key, part.stepper_for(page, run, key))


def show(
    page: Table,
    stepper: Stepper,
    draw: Callable[[int], None],
    opened: Opened,
    *,
    link_points: bool = True,
) -> None:
    """The stage (``draw(t)``: the page's chart and numbers at step t), with the drawn
    points in the link on the drawing board (``link_points``), then the data remembered
    as good (drawn without an error)."""
    choice = opened.choice
    points = None
    if link_points and choice.drawing:
        points = st.session_state[page.own("points")]
    if lab.CLASS in st.session_state:  # the class's questions are asked about this run
        st.session_state[lab.CLASS_STAGE] = (page.prefix, stepper.run, opened.ds)
    part.stage(page, stepper, draw, points=points)
    data.remember_good(page, opened.ds, choice)
