"""Experiments: what a single run cannot show. Theorem 1 across margins, seeds and
dimensions; the same data in many orders, and the worst order against the bound."""

import numpy as np
import streamlit as st

from ui import compute, notation, text
from ui.charts import geometry, layers
from ui.export import downloads
from ui.limits import DIMENSION_WORK, MARGIN_WORK, MOST_COORDINATES, order_caps
from ui.limits import EXPERIMENTS_EPOCHS as MAX_EPOCHS
from ui.limits import EXPERIMENTS_POINTS as MAX_POINTS
from ui.parts import data, progress, style
from ui.stage import part as stage
from ui.stage import widgets
from ui.state import EXPERIMENTS as PAGE
from ui.views import experiments_view
from ui.words import t as say

opening = data.open_page(PAGE)
presenter = opening.presenter
with st.sidebar:
    st.caption(say("experiments.data_note"))
    st.subheader(say("experiments.orders_heading"))
    orderings = widgets.whole_number(PAGE, "orderings", say("experiments.orderings"))
    order_seed = widgets.whole_number(PAGE, "order_seed", say("experiments.order_seed"))
    reshuffle = widgets.flag(
        PAGE, "reshuffle", say("experiments.reshuffle"), help=say("experiments.reshuffle_help")
    )
    st.subheader(say("experiments.margins"))
    low = widgets.steps(PAGE, "margin_low", say("experiments.margin_low"))
    high = widgets.steps(PAGE, "margin_high", say("experiments.margin_high"))
    count = widgets.whole_number(PAGE, "margins", say("experiments.margin_count"))
    seeds = widgets.whole_number(PAGE, "seeds", say("experiments.seeds"))
    n = widgets.whole_number(PAGE, "per_set", say("experiments.per_set"))
    st.subheader(say("experiments.dimensions"))
    dim_margin = widgets.steps(PAGE, "dim_margin", say("experiments.dim_margin"))
    max_dim = widgets.steps(PAGE, "max_dim", say("experiments.max_dim"))

x = notation.current().x
intro = say("experiments.intro", x=x)
style.header(say("experiments.title"), intro, presenter=presenter, problems=opening.problems)

# ------------------------------------------------------------------ margins
st.subheader(say("experiments.margins_sub"), anchor="margins")
low, high = min(low, high), max(low, high)
margins = tuple(float(m) for m in np.geomspace(low, high, count if high > low else 1))
chart_name = say("experiments.margin_chart")
seeds_m, cut = experiments_view.seeds_within(seeds, len(margins) * n, MARGIN_WORK, chart_name)
with progress.bar(say("experiments.margins")) as tick:
    by_margin = compute.margin_experiment(margins, seeds_m, n, MAX_EPOCHS, _progress=tick)
stage.plot(PAGE, "margin_chart", experiments_view.margin_figure(by_margin, presenter=presenter))
st.caption(text.plain(experiments_view.margin_statement(by_margin, MAX_EPOCHS), 2000))
if cut:
    st.caption(cut)

# --------------------------------------------------------------- dimensions
st.subheader(say("experiments.dims_sub"), anchor="dimensions")
dims, dims_cut = experiments_view.dimensions(max_dim, n, MOST_COORDINATES)
chart_name = say("experiments.dimension_chart")
seeds_d, cut = experiments_view.seeds_within(seeds, n * sum(dims), DIMENSION_WORK, chart_name)
with progress.bar(say("experiments.dimensions")) as tick:
    by_d = compute.dimension_experiment(dims, dim_margin, seeds_d, n, MAX_EPOCHS, _progress=tick)
stage.plot(PAGE, "dimension_chart", experiments_view.dimension_figure(by_d, presenter=presenter))
st.caption(text.plain(experiments_view.dimension_statement(by_d, MAX_EPOCHS), 2000))
for note in (dims_cut, cut):
    if note:
        st.caption(note)

# -------------------------------------------------------------------- orders
st.subheader(say("experiments.orders_sub"), anchor="orders")
ds = data.settle(PAGE, opening.choice, opening.prep, max_points=MAX_POINTS)
if np.unique(ds.y).size < 2:
    st.info(say("experiments.both_classes"))
    st.stop()
max_epochs, max_adversarial = order_caps(ds.n, orderings)
with progress.bar(say("experiments.orders")) as tick:
    table = compute.ordering_experiment(
        ds, orderings, order_seed, reshuffle, max_epochs, max_adversarial, _progress=tick
    )
data.remember_good(PAGE, ds, opening.choice)
stage.plot(PAGE, "histograms", experiments_view.histograms_figure(table, presenter=presenter))
stage.plot(PAGE, "bounds", experiments_view.orders_bound_figure(table, presenter=presenter))
chart, side = st.columns([3, 2], gap="medium")
height = experiments_view.ORDERS_HEIGHT[presenter]
box = geometry.view_box(ds.X)
scene = layers.Scene(ds.X, ds.y, box, ds.class_names, ds.feature_names, presenter, height)
with chart:
    stage.plot(PAGE, "boundaries", experiments_view.boundaries_figure(scene, table))
with side:
    statement = experiments_view.ordering_statement(table, max_epochs, max_adversarial)
    st.caption(text.plain(statement, 2000))
downloads.experiments(PAGE, ds, by_margin, by_d, table)
