"""Experiments: what a single run cannot show. Theorem 1 across margins, seeds and
dimensions; the same data in many orders, and the worst order against the bound."""

import numpy as np
import streamlit as st

from ui import compute, text
from ui.charts import geometry, layers
from ui.limits import ADVERSARIAL_WORK, DIMENSION_WORK, MARGIN_WORK, MOST_COORDINATES, ORDER_WORK
from ui.limits import EXPERIMENTS_EPOCHS as MAX_EPOCHS
from ui.limits import EXPERIMENTS_POINTS as MAX_POINTS
from ui.parts import data, downloads, progress, style, widgets
from ui.stage import part as stage
from ui.state import EXPERIMENTS as PAGE
from ui.views import experiments_view

opening = data.open_page(PAGE)
presenter = opening.presenter
with st.sidebar:
    st.caption("The data above is the ordering experiment's; the others generate their own.")
    st.subheader("Orders of the data")
    orderings = widgets.whole_number(PAGE, "orderings", "Random orders")
    order_seed = widgets.whole_number(PAGE, "order_seed", "First order's seed")
    reshuffle = st.toggle(
        "A new order every epoch", value=PAGE.defaults.reshuffle, key=PAGE.key("reshuffle"),
        bind="query-params", help="Off: each run keeps one random order for all its epochs.",
    )  # fmt: skip
    st.subheader("Margins")
    low = widgets.steps(PAGE, "margin_low", "Smallest margin γ")
    high = widgets.steps(PAGE, "margin_high", "Largest margin γ")
    count = widgets.whole_number(PAGE, "margins", "Margins (log-spaced)")
    seeds = widgets.whole_number(PAGE, "seeds", "Seeds (datasets per margin and per d)")
    n = widgets.whole_number(PAGE, "per_set", "Points per dataset")
    st.subheader("Dimensions")
    dim_margin = widgets.steps(PAGE, "dim_margin", "Margin γ")
    max_dim = widgets.steps(PAGE, "max_dim", "Largest d")

style.header(
    "Experiments",
    "What a single run cannot show. Theorem 1 (001) bounds the mistakes of any run on "
    "separable data, in any order, by R²/γ\\*², in the augmented space (R = max ‖(1, x)‖, "
    "γ\\* the maximum margin). Here: hundreds of runs against it, over margins and "
    "dimensions, and one dataset in many orders.",
    presenter=presenter,
    problems=opening.problems,
)

# ------------------------------------------------------------------ margins
st.subheader("Mistakes against the bound, over margins", anchor="margins")
low, high = min(low, high), max(low, high)
margins = tuple(float(m) for m in np.geomspace(low, high, count if high > low else 1))
seeds_m, cut = experiments_view.seeds_within(seeds, len(margins) * n, MARGIN_WORK, "margin chart")
with progress.bar("Margins") as tick:
    by_margin = compute.margin_experiment(margins, seeds_m, n, MAX_EPOCHS, _progress=tick)
stage.plot(PAGE, "margin_chart", experiments_view.margin_figure(by_margin, presenter=presenter))
st.caption(text.plain(experiments_view.margin_statement(by_margin, MAX_EPOCHS), 2000))
if cut:
    st.caption(cut)

# --------------------------------------------------------------- dimensions
st.subheader("Mistakes against the dimension, at one margin", anchor="dimensions")
dims, dims_cut = experiments_view.dimensions(max_dim, n, MOST_COORDINATES)
seeds_d, cut = experiments_view.seeds_within(
    seeds, n * sum(dims), DIMENSION_WORK, "dimension chart"
)
with progress.bar("Dimensions") as tick:
    by_d = compute.dimension_experiment(dims, dim_margin, seeds_d, n, MAX_EPOCHS, _progress=tick)
stage.plot(PAGE, "dimension_chart", experiments_view.dimension_figure(by_d, presenter=presenter))
st.caption(text.plain(experiments_view.dimension_statement(by_d, MAX_EPOCHS), 2000))
for note in (dims_cut, cut):
    if note:
        st.caption(note)

# -------------------------------------------------------------------- orders
st.subheader("One dataset, many orders (002 section 6.1)", anchor="orders")
ds = data.settle(PAGE, opening.choice, opening.prep, max_points=MAX_POINTS, what="this page")
if np.unique(ds.y).size < 2:
    st.info("Both classes are needed: pick data with points of each class.")
    st.stop()
max_epochs = int(min(MAX_EPOCHS, max(1, ORDER_WORK // (ds.n * (orderings + 1)))))
max_adversarial = int(min(100_000, max(1, ADVERSARIAL_WORK // ds.n)))
with progress.bar("Orders") as tick:
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
