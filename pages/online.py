"""Online: the mistake-bound game of 001. Place a point, read the prediction, reveal the label."""

import streamlit as st

import perceptron_core as pc
from ui import compute, notation, replay, state, text
from ui.charts import geometry, layers
from ui.export import downloads
from ui.parts import game, moment, numbers, style
from ui.parts.data import drawing_box
from ui.server import guard
from ui.stage import part as stage
from ui.stage import table, widgets
from ui.stage.chart import plot_click
from ui.state import ONLINE as PAGE
from ui.views import online_view
from ui.words import t as say

guard.through_the_entry_point()  # a page's link on a fresh server: run via app.py
problems = game.begin(PAGE)
with st.sidebar:
    presenter = style.presenter_toggle(PAGE)
    gamma = float(
        widgets.steps(
            PAGE,
            "gamma",
            say("online.gamma"),
            help=say("online.gamma_help", x=notation.current().x),
        )
    )
    game.typed_point(PAGE)

score = notation.current().score
style.header(
    say("online.title"),
    say("online.intro", pos=text.said_label(1), neg=text.said_label(-1), score=score),
    presenter=presenter,
    problems=problems,
)

# --------------------------------------------------------- the arrivals and the run
ds, pending = game.dataset(PAGE), game.pending(PAGE)
if guard.is_bad(stage.run_key(ds, pending)):  # the last move broke the page (said
    game.back_from_a_failure(PAGE)  # above by the header): the state before it is back
    ds, pending = game.dataset(PAGE), game.pending(PAGE)
guard.attempt(stage.run_key(ds, pending))
X, y = ds.X, ds.y
run = game.run_of(ds)
w, b = game.weights(run)
th = compute.theory(ds)
hinge = compute.hinge_bound(ds, 1) if th is not None and not th.separable else None
box = drawing_box(geometry.view_box(X, include_origin=True))
scene = layers.Scene(X, y, box, presenter=presenter)
last = len(y) - 1 if len(y) else None
board = online_view.chart(scene, w, b, gamma=gamma, pending=pending, last=last)

game.game_buttons(PAGE)
chart, side = stage.columns(presenter)
with chart:
    plot_click(board, key=PAGE.own("board"), on_click=game.on_click(PAGE), fit=stage.fit_of(board))
with side:
    if pending is None:
        st.markdown(online_view.prompt())
    else:
        st.markdown(online_view.prediction_text(online_view.predict(w, b, pending)))
    game.label_buttons(PAGE)
    with st.container(key=PAGE.own("count")):
        mistakes = 0 if run is None else run.mistakes
        st.markdown(online_view.count_text(mistakes, len(y), th, hinge))
    if run is not None:
        with st.container(key=PAGE.own("effect")):
            effect = pc.update_effect(run, run.n_visits - 1)
            st.markdown(online_view.arrival_text(run, effect, *online_view.fix_tally(run)))
    said = game.note(PAGE)
    if said == online_view.OUT_OF_MOVES:
        said = online_view.out_of_moves_text(mistakes, th)
    if said:
        st.info(said)
    st.caption(online_view.adversary_text(X, y, gamma))
    if run is not None:
        t = run.n_visits
        w_t, b_t, visit, _ = replay.at_step(run, X, y, t)
        numbers.numbers_panel(PAGE, run, th, ds, t, w_t, b_t, visit)
        stage.spoken(PAGE, run, t)  # the last arrival, said by a screen reader

state.sync_url(st.query_params, 0, (X, y), PAGE)
if run is not None:  # the arrivals and their scores now, for a screen reader too
    table.data_table(PAGE, run, run.n_visits)
if len(y):
    moment.moment(PAGE, len(y))  # the arrivals so far, as a link or a lecture scene
    downloads.online(PAGE, run, X, y)
