"""The features that hang on the stage (``ui.stage.hooks``), registered once, from the
entry point (app.py imports this module): the stage imports none of them.

- The drawing board (``ui.parts.draw``): what a click on the board's chart does.
- The lecture (``ui.parts.scenes``, ``ui.parts.moment``): a scene's last step, from which
  the clicker opens the next scene; under the stage, the link to this moment.
- Export (``ui.export.offer``): under the chart, a range of steps as a GIF or a video,
  with the frames the browser asks for (not loaded ahead on a class's student's page).
- The class in the room (``ui.room.classroom``, ``ui.room.poll``): each step published
  to the students before it is drawn; the open question's points lettered on the chart.
"""

from __future__ import annotations

import streamlit as st

from ui import lecture
from ui.charts import overlays
from ui.export import offer
from ui.parts import draw, moment, scenes
from ui.room import classroom, poll
from ui.stage import hooks
from ui.state import lab


def _publish(step: hooks.Step) -> None:
    """A class follows each step: published first, before this step is drawn here."""
    classroom.publish(lecture.PATHS[step.page.prefix], step.key)


def _question_marks(step: hooks.Step) -> list[dict]:
    """A question to the class names points on the chart: lettered while it is asked."""
    presenting = bool(st.session_state.get(lab.PRESENTER))
    marks = poll.chart_marks(step.page.prefix, step.run, step.cursor)
    return overlays.class_marks(marks, presenter=presenting)


def _moment(step: hooks.Step) -> None:
    """The link just written, to copy or add to the lecture."""
    moment.moment(step.page, step.cursor)


def _scene_last(page, total: int) -> int | None:
    return scenes.scene_last(lecture.PATHS.get(page.prefix, ""), total)


def _export(page, stepper, layered, *, following: bool) -> dict:
    return offer.offer(page, stepper, layered, prefetch=not following)


def register() -> None:
    """Hang the features on the stage (again: each replaces its own)."""
    hooks.board(draw.board_click, draw.drawing_box)
    hooks.last_step("lecture", _scene_last)
    hooks.panels("moment", _moment)
    hooks.offer("export", _export, asked=offer.asked)
    hooks.on_step("class", _publish)
    hooks.chart_marks("class", _question_marks)


register()
