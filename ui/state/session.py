"""The state a page keeps outside its widgets, moved between the session and the URL: the
cursor (``<prefix>step``, the number of example visits done) and the drawn points
(``<prefix>pts``, packed by ``encode_points``). The functions take the two mappings
(``st.session_state``, ``st.query_params``), so tests pass plain dicts."""

from __future__ import annotations

from collections.abc import Callable, MutableMapping

import numpy as np

from ui.limits import MAX_URL_POINTS
from ui.state.fields import Table, owns
from ui.state.links import LinkSpec, _whole_number, check_link, read_number, unknown_params
from ui.state.points import decode_points, encode_points
from ui.state.tables import PLAYGROUND
from ui.text import quoted

# init_session's: the cursor, what the link asked for, the drawn points and their history.
OWN = owns("cursor", "link_end", "link_step", "points", "undo", "history")
# The drawing board's editing widgets, on the data picker's board and the online game's.
BOARD = owns("add_x1", "add_x2", "add_point", "clear", "undo_button")
# The stage's (ui.parts.stage and its controls): its run and its identity, the status line,
# the serialised scene, the last browser report applied, the containers of numbers its
# frames replace, its buttons, Play and the scrub slider. Declared here, where every page
# and test that names them has imported them, until the stage's own package declares them.
MOVES = ("step", "visit", "back", "epoch", "end", "reset")  # the stage's buttons
STAGE = owns(
    *("run_id", "run", "status", "scene_json", "applied", "numbers", "more_numbers"),
    *(*MOVES, "play", "scrub", "scrub_drawn"),
)

END_STEP = 2**62  # a link's step=end: clamped to the run's end once the run is known


def init_session(
    session: MutableMapping,
    query: MutableMapping,
    link: Callable[[], LinkSpec] | None = None,
    table: Table | None = None,
) -> list[str]:
    """A page's first run in a session: check the link, read the cursor and the drawn points
    (under the page's prefix: ``<prefix>cursor``, ``<prefix>points``, ...).

    Returns the problems found (a damaged link), for the page to show; the affected value
    falls back to its default.
    """
    t = PLAYGROUND if table is None else table
    problems: list[str] = []
    if t.own("cursor") in session:
        return problems
    if link is not None:
        spec = link()  # built only on a session's first run
        problems += check_link(query, spec)
        problems += unknown_params(query, t.prefix, t.link_params(spec) | {t.key("presenter")})
    step = query.get(t.step_param, "0")
    asked = _whole_number(read_number(step))
    session[t.own("link_end")] = str(step).strip().lower() == "end"
    if session[t.own("link_end")]:  # a lecture scene: the end of its run
        asked = END_STEP
    elif asked is None or asked < 0:
        asked = 0
        problems.append(f"the step {quoted(step)} in the link is not a whole number from 0 up")
    # The cursor is clamped to the run's end once the run is known; the step asked for is
    # kept exactly, so a step past the end (2^64 too) is said to be past it.
    session[t.own("cursor")] = min(asked, END_STEP)
    if asked:
        session[t.own("link_step")] = asked
    code = query.get(t.points_param, "")
    try:
        X, y = decode_points(str(code))
    except ValueError as exc:
        X, y = decode_points("")
        problems.append(str(exc))
    total = str(query.get(t.points_total_param, ""))
    if total.isdigit() and int(total) > len(y):
        problems.append(
            f"the link holds the first {len(y)} of {int(total):,} drawn points (a link keeps "
            f"at most {MAX_URL_POINTS}; download the dataset to keep them all)"
        )
    session[t.own("points")] = (X, y)
    session[t.own("undo")] = []
    session[t.own("history")] = []
    return problems


def sync_url(
    query: MutableMapping,
    cursor: int,
    points: tuple[np.ndarray, np.ndarray],
    table: Table | None = None,
) -> None:
    """Write the cursor and the drawn points to the URL (defaults are left out)."""
    t = PLAYGROUND if table is None else table
    _set(query, t.step_param, str(cursor) if cursor else "")
    X, y = points
    code = ""
    if len(y):  # a link holds the first MAX_URL_POINTS drawn points (the page says so)
        try:
            code = encode_points(np.asarray(X)[:MAX_URL_POINTS], np.asarray(y)[:MAX_URL_POINTS])
        except ValueError:
            code = ""
    _set(query, t.points_param, code)
    _set(query, t.points_total_param, str(len(y)) if code and len(y) > MAX_URL_POINTS else "")


def _set(query: MutableMapping, name: str, value: str) -> None:
    if value:
        if query.get(name) != value:
            query[name] = value
    elif name in query:
        del query[name]
