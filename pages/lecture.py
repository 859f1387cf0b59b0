"""Lecture: the course as ready scenes; each opens its page in presenter mode, on its data,
settings and step. PageDown / PageUp (a clicker) walk the list; Open shows the scene."""

import streamlit as st

from ui import lecture
from ui.parts import moment, saved, scenes, style
from ui.server import guard
from ui.state import lab

guard.through_the_entry_point()  # a page's link on a fresh server: run via app.py
ss = st.session_state
presenter = bool(ss.get(lab.PRESENTER, False))
style.header(
    "Lecture",
    "The course, one idea per scene. A clicker's PageDown and PageUp move through the list "
    "and Open shows the scene; on its page, Next scene and Previous scene (or PageDown at "
    "the end of the run) go on. Add your own scene from any page: “Link to this moment”, "
    "then “Add to the lecture”.",
    presenter=presenter,
)

n = len(lecture.SCENES)
at = min(max(int(ss.get(lab.LECTURE_AT, 0)), 0), n - 1)
scene = lecture.SCENES[at]
left, mid, right = st.columns([2, 2, 3], vertical_alignment="center")
left.button(
    "Previous",
    key=lab.LECTURE_PREV,
    shortcut="PageUp",
    on_click=scenes.point_at,
    args=(at - 1,),
    disabled=at == 0,
    width="stretch",
)
mid.button(
    "Next",
    key=lab.LECTURE_NEXT,
    shortcut="PageDown",
    on_click=scenes.point_at,
    args=(at + 1,),
    disabled=at == n - 1,
    width="stretch",
)
right.markdown(f"Scene **{at + 1}** of {n}")

with st.container(border=True, key=lab.LECTURE_CARD):
    st.subheader(f"{at + 1}. {scene.title}")
    st.markdown(scene.idea)
    st.caption(f"Notes: {scene.notes} · opens /{scene.path}")
    st.button(
        "Open this scene",
        key=lab.LECTURE_OPEN,
        shortcut="O",
        type="primary",
        on_click=scenes.request,
        args=(at,),
    )

st.subheader("All scenes")
for i, sc in enumerate(lecture.SCENES):
    a, b = st.columns([5, 1], vertical_alignment="center")
    a.markdown(f"**{i + 1}. {sc.title}** · {sc.notes}")
    b.button("Open", key=f"{lab.LECTURE_OPEN_AT}{i}", on_click=scenes.request, args=(i,))

saved.open_link()  # /lecture?saved=<id>: a saved lecture's scenes
mine = ss.get(moment.MINE) or ()
st.subheader("Your scenes")
if not mine:
    st.caption(
        "None yet: on any page, step to the moment you want, open “Link to this moment” "
        "under the chart and press “Add to the lecture”. Download them as a lecture file, "
        "or save them on the course server for a link, to open them on another computer."
    )
for i, (title, path, params) in enumerate(mine):
    a, b, c = st.columns([5, 1, 1], vertical_alignment="center")
    a.text(f"{len(lecture.SCENES) + i + 1}. {title}")  # typed by the lecturer: plain text
    a.code(moment.link(path, dict(params)), language=None, wrap_lines=True)
    b.button("Open", key=f"{lab.MINE_OPEN_AT}{i}", on_click=moment.open_mine, args=(i,))
    c.button("Remove", key=f"{lab.MINE_REMOVE_AT}{i}", on_click=moment.remove, args=(i,))
saved.panel()  # download, save on the server, open a file

scenes.finish_hop()  # a scene asked for: opened after this clean run
