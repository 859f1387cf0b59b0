"""The lecture's scenes on every page: open one (its page in presenter mode, on its data,
settings and step), the bar that walks to the next, and the lecturer's own scenes."""

from __future__ import annotations

import streamlit as st

from ui import lecture
from ui.platform import streamlit_internals
from ui.platform.streamlit_internals import StreamlitAPIException
from ui.stage.keys import page_keys
from ui.stage.part import STAGE_CHARTS  # a stage's chart, by its page's own key
from ui.state import lab
from ui.text import KEYS
from ui.words import t as say

OPEN = lab.OPEN_SCENE  # a scene asked for by a button (an index of lecture.SCENES, or
# the lecturer's own: (path, params)); opened by app.py on the next run
WITHOUT_STAGE = {"online", "experiments"}  # pages whose scenes have no stepped run
HOPPED = lab.SCENE_HOPPED  # the lecture page ran once with a scene waiting: open it now
OPENINGS = lab.SCENE_OPENINGS  # scenes opened in this session (each is a new page)
NEXT_SCENE, PREV_SCENE = lab.NEXT_SCENE, lab.PREV_SCENE  # the scene bar's buttons
# The buttons that open a scene (keys, or their start): the bar's and the lecture page's.
OPENERS = [NEXT_SCENE, PREV_SCENE, lab.LECTURE_OPEN, lab.MINE_OPEN_AT]


def point_at(i: int) -> None:
    """The lecture page's pointer (what PageDown / PageUp move)."""
    st.session_state[lab.LECTURE_AT] = max(0, min(i, len(lecture.SCENES) - 1))


def request(i: int) -> None:
    """A button's callback: open scene ``i`` (callbacks cannot switch pages themselves)."""
    if 0 <= i < len(lecture.SCENES):
        st.session_state[OPEN] = i


def request_link(path: str, params: dict[str, str], question=None) -> None:
    """A button's callback: open the page at ``path`` on the link ``params`` (the
    lecturer's own scene, and its own question for the class: a
    ``ui.server.lectures.Question`` or None), as a scene is opened."""
    if path in lecture.PATHS.values():
        st.session_state[OPEN] = (path, dict(params), question)


def open_requested(path: str) -> None:
    """Open the scene a button asked for, from the page at ``path``: forget the state its
    page had in this session (so the page reads the scene's link as a fresh link), then
    switch to it.

    Streamlit refuses to set a query parameter that a widget of the last run is bound to
    (every page binds its own), so a scene is always opened from a clean run of the
    lecture page: from another page, first to the lecture page; there, one whole run,
    then the switch (``finish_hop``).
    """
    ss = st.session_state
    i = ss.get(OPEN)
    if i is None:
        return
    if path != "lecture":  # a parameter of its own: clearing the URL would touch bound ones
        hop = {"scene": str(i + 1)} if isinstance(i, int) else None
        st.switch_page("pages/lecture.py", query_params=hop)
    if not ss.pop(HOPPED, False):
        return  # the lecture page runs once first (finish_hop)
    del ss[OPEN]
    if isinstance(i, int):
        scene = lecture.SCENES[i]
        target, query = scene.path, lecture.scene_query(scene)
        ss[lab.SCENE] = i
        ss[lab.LECTURE_AT] = i
        ss.pop(lab.SCENE_QUESTION, None)
    else:  # the lecturer's own scene: no place in the lecture's walk
        target, query, question = i
        ss[lab.SCENE] = None
        ss.pop(lab.SCENE_QUESTION, None)
        if question is not None:  # the class is asked it by default while the scene is on
            ss[lab.SCENE_QUESTION] = (target, question, int(ss.get(OPENINGS, 0)) + 1)
    ss[OPENINGS] = int(ss.get(OPENINGS, 0)) + 1
    table = lecture.table_of(target)
    for key in [k for k in ss if isinstance(k, str) and k.startswith(table.prefix)]:
        del ss[key]
    ss[lab.PRESENTER] = True
    switch_to(f"pages/{target}.py", query)


def switch_to(page: str, query) -> None:
    """``st.switch_page(page, query_params=query)``, even when a widget of an earlier page
    is still bound to one of the scene's parameters.

    The lecture page's hop ends in ``st.rerun()``, and Streamlit skips its stale-binding
    clean-up after a run stopped for a rerun; when a key press's rerun from the page on
    screen came in between (seen under load), the last page's widgets were still bound to
    ``pg_source`` and the switch raised "Cannot directly set query parameter". Those
    widgets are gone with the page being left, so their bindings are dropped and the
    switch is made again (the scene's page binds its own widgets when it runs)."""
    try:
        st.switch_page(page, query_params=query)
    except StreamlitAPIException as error:
        if "bound to a widget" not in str(error):
            raise
        if not streamlit_internals.unbind_query_params(dict(query or {})):
            raise
        st.switch_page(page, query_params=query)


def finish_hop() -> None:
    """At the end of the lecture page: a scene is waiting to open, and this run bound no
    other page's widgets: open it on the next run."""
    ss = st.session_state
    if ss.get(OPEN) is not None:
        st.caption(say("lecture.opening"))
        ss[HOPPED] = True
        st.rerun()


def scene_on(path: str) -> lecture.Scene | None:
    """The lecture's scene on screen at ``path``, or None."""
    i = st.session_state.get(lab.SCENE)
    if i is None or path == "lecture" or lecture.SCENES[i].path != path:
        return None
    return lecture.SCENES[i]


def scene_last(path: str, total: int) -> int | None:
    """In a scene on ``path``, the cursor from which the clicker's PageDown opens the next
    scene (``ui.lecture.last_step``); None outside a scene."""
    scene = scene_on(path)
    return None if scene is None else lecture.last_step(scene, total)


def keys(path: str) -> None:
    """The page's keys (``ui.stage.keys.page_keys``), first on every page: presses made
    before the page's stage is ready wait for it, the clicker walks the scenes, and a
    scene opens at its section."""
    ss = st.session_state
    scene = scene_on(path)
    prefix = next((p for p, at in lecture.PATHS.items() if at == path), None)
    stepping = prefix is not None and path not in WITHOUT_STAGE
    page_keys(
        where=f"{path}|{ss.get(lab.SCENE) if scene else ''}|{ss.get(OPENINGS, 0)}",
        stage=stepping,
        charts=[prefix + name for name in STAGE_CHARTS] if stepping else [],
        scene=scene is not None,
        opening=ss.get(OPEN) is not None,
        section=None if scene is None else scene.section,
        shortcuts=[k.lower() for _, k, _ in KEYS.values()],
        scene_buttons={"next": NEXT_SCENE, "prev": PREV_SCENE},
        openers=OPENERS,
        start=lab.LECTURE_OPEN if path == "lecture" else None,  # a clicker opens the scene
    )


def scene_bar(path: str) -> None:
    """On a scene's page: which scene this is, and Previous / Next scene. Leaving the
    scene's page (the navigation) ends the lecture's walk."""
    ss = st.session_state
    own = ss.get(lab.SCENE_QUESTION)
    if own is not None and own[0] != path:  # the lecturer's own scene was left
        del ss[lab.SCENE_QUESTION]
    i = ss.get(lab.SCENE)
    if i is None or path == "lecture":
        return
    scene = lecture.SCENES[i]
    if path != scene.path:
        ss[lab.SCENE] = None
        return
    n = len(lecture.SCENES)
    said = say("lecture.bar", i=i + 1, n=n, title=lecture.said(scene, "title"))
    if lab.following(ss):
        # A student following the lecture: the lecturer moves the scenes (a press here
        # would take this page away from the lecture, and the next move back).
        st.markdown(said)
        return
    a, b, c, d = st.columns([5, 2, 2, 2], vertical_alignment="center")
    a.markdown(said)
    # A clicker presses these (the page's keys, ui/stage/keys.js): PageDown from the
    # scene's last step (at once on a page without a stepped run), PageUp at its start.
    b.button(
        say("lecture.bar_previous"), key=PREV_SCENE, on_click=request, args=(i - 1,),
        disabled=i == 0, width="stretch",
    )  # fmt: skip
    c.button(
        say("lecture.bar_next"), key=NEXT_SCENE, on_click=request, args=(i + 1,),
        disabled=i == n - 1, width="stretch", type="primary",
    )  # fmt: skip
    d.page_link("pages/lecture.py", label=say("lecture.bar_all"), icon=":material/list:")
