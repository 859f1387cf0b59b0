"""Lecture: the course as ready scenes; each opens its page in presenter mode, on its data,
settings and step. PageDown / PageUp (a clicker) walk the list; Open shows the scene."""

import streamlit as st

from ui import lecture
from ui.parts import moment, saved, scenes, style
from ui.server import guard
from ui.state import lab
from ui.words import t as say

guard.through_the_entry_point()  # a page's link on a fresh server: run via app.py
ss = st.session_state
presenter = bool(ss.get(lab.PRESENTER, False))
style.header(say("page.lecture"), say("lecture.intro"), presenter=presenter)

n = len(lecture.SCENES)
at = min(max(int(ss.get(lab.LECTURE_AT, 0)), 0), n - 1)
scene = lecture.SCENES[at]
left, mid, right = st.columns([2, 2, 3], vertical_alignment="center")
left.button(
    say("lecture.previous"),
    key=lab.LECTURE_PREV,
    shortcut="PageUp",
    on_click=scenes.point_at,
    args=(at - 1,),
    disabled=at == 0,
    width="stretch",
)
mid.button(
    say("lecture.next"),
    key=lab.LECTURE_NEXT,
    shortcut="PageDown",
    on_click=scenes.point_at,
    args=(at + 1,),
    disabled=at == n - 1,
    width="stretch",
)
right.markdown(say("lecture.scene_of", i=at + 1, n=n))

with st.container(border=True, key=lab.LECTURE_CARD):
    st.subheader(f"{at + 1}. {lecture.said(scene, 'title')}")
    st.markdown(lecture.said(scene, "idea"))
    st.caption(say("lecture.notes_opens", notes=lecture.said(scene, "notes"), path=scene.path))
    st.button(
        say("lecture.open_this"),
        key=lab.LECTURE_OPEN,
        shortcut="O",
        type="primary",
        on_click=scenes.request,
        args=(at,),
    )

st.subheader(say("lecture.all"))
for i, sc in enumerate(lecture.SCENES):
    a, b = st.columns([5, 1], vertical_alignment="center")
    a.markdown(f"**{i + 1}. {lecture.said(sc, 'title')}** · {lecture.said(sc, 'notes')}")
    b.button(
        say("lecture.open"), key=f"{lab.LECTURE_OPEN_AT}{i}", on_click=scenes.request, args=(i,)
    )

saved.open_link()  # /lecture?saved=<id>: a saved lecture's scenes
mine = ss.get(moment.MINE) or ()
st.subheader(say("lecture.yours"))
if not mine:
    st.caption(say("lecture.none_yet"))
for i, (title, path, params, *asks) in enumerate(mine):
    a, b, c = st.columns([5, 1, 1], vertical_alignment="center")
    a.text(f"{len(lecture.SCENES) + i + 1}. {title}")  # typed by the lecturer: plain text
    a.code(moment.link(path, dict(params)), language=None, wrap_lines=True)
    saved.question(a, asks[0] if asks else None)  # the lecturer's own, as text and formulas
    b.button(
        say("lecture.open"), key=f"{lab.MINE_OPEN_AT}{i}", on_click=moment.open_mine, args=(i,)
    )
    c.button(
        say("lecture.remove"), key=f"{lab.MINE_REMOVE_AT}{i}", on_click=moment.remove, args=(i,)
    )
saved.panel()  # download, save on the server, open a file

scenes.finish_hop()  # a scene asked for: opened after this clean run
