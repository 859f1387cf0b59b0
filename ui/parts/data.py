"""The data picker every page uses: generate, the notes' examples, draw, upload; then
preprocessing, and the one rule for bad data ("say what is wrong, keep the last good data").

Every widget takes its key, default and range from the page's ``state.Table`` (its
prefix keeps two pages apart) and is bound to the URL. What the lecturer picks is also
the lab's: ``lab_data`` (the fields' values and the drawn points) and ``lab_upload`` (the
last uploaded dataset), set up in ``app.py``; a page opened without data of its own in the
link starts from them, so data picked on one page is there on the next.

The sources have modules of their own: ``sources`` (generate, the notes' examples),
``draw`` (the drawing board) and ``upload`` (the upload box).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import streamlit as st

import datasets
from ui import compute, limits, state, text, words
from ui.parts import draw, sources, upload

# Re-exported: the stage and /online take the board's click handler and view box from here.
from ui.parts.draw import board_click as board_click
from ui.parts.draw import drawing_box as drawing_box
from ui.parts.sources import DataChoice
from ui.parts.style import presenter_toggle
from ui.parts.upload import loader_said as said  # the loader's words, in the lab's language
from ui.runkey import run_key
from ui.server import guard
from ui.stage import link, widgets
from ui.state import Table, owns
from ui.state.lab import DATA as LAB_DATA
from ui.state.lab import DATASET as LAB_DATASET
from ui.words import t

# The picker's own keys: the lab's data adopted once, the last good dataset (the board's,
# New data's and the upload box's keys are declared by their parts).
OWN = owns("adopted", "good")

GENERATED, EXAMPLES = state.GENERATED, state.EXAMPLES
DATA_FIELDS = ("source", "generator", "example", "n", "seed", "noise", "preprocessing")


def _ss():
    return st.session_state


# ------------------------------------------------------------------------- link
def link_spec(page: Table) -> state.LinkSpec:
    """What every URL-bound widget of the page accepts (checked by ``state.check_link``):
    the page's declared fields, and each generator's parameters from the registry."""
    if "generator" not in page.fields:  # a page without the data picker (the online game)
        return page.link_spec()
    choices: dict[str, dict[str, str]] = {}
    numbers: dict[str, tuple] = {}
    flags = []
    for name in (*GENERATED, *EXAMPLES):
        for p in datasets.GENERATORS[name].params:
            k = page.param_key(name, p.name)
            if p.kind == "choice":
                choices[k] = state.spellings({c: c for c in p.choices})
            elif p.kind == "bool":
                flags.append(k)
            else:
                numbers[k] = (p.min, p.max, p.kind == "int")
    return page.link_spec(state.LinkSpec(choices, numbers, tuple(flags)))


def _generator_keys(page: Table) -> list[str]:
    return [
        page.param_key(name, p.name)
        for name in (*GENERATED, *EXAMPLES)
        for p in datasets.GENERATORS[name].params
    ]


# --------------------------------------------------------------- the lab's data
def adopt_lab_data(page: Table, query) -> None:
    """On the page's first run in a session: start from the lab's data (picked on another
    page) unless the link carries data of the page's own. The data is written into the
    page's link and the page runs again from it."""
    ss = _ss()
    flag = page.own("adopted")
    if flag in ss:
        return
    ss[flag] = True
    own = [page.key(n) for n in DATA_FIELDS] + _generator_keys(page) + [page.points_param]
    lab = ss.get(LAB_DATA)
    if not lab or any(k in query for k in own):
        return
    # Through the link, as if the lecturer had opened one: the widgets read their values
    # from it, and the page's address holds the data (a copied link reopens it).
    for name, value in lab["fields"].items():
        if value != _default_of(page, name):
            query[page.prefix + name] = _url_value(page, name, value)
    if lab.get("points") is not None and not len(ss[page.own("points")][1]):
        ss[page.own("points")] = lab["points"]
    st.rerun()  # widgets read a link when a run starts: this one starts from the new link


def _default_of(page: Table, name: str):
    return page[name].default if name in page.fields else _param_default(name)


def _url_value(page: Table, name: str, value) -> str:
    """A widget's value as its bound URL parameter holds it (a choice: its label)."""
    if name in page.fields and page[name].kind == "choice":
        return str(page[name].labels()[value])
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def share(page: Table, drawing: bool) -> None:
    """Make the page's data the lab's: the next page opens on it."""
    ss = _ss()
    names = [page.key(n) for n in DATA_FIELDS] + _generator_keys(page)
    fields_ = {k[len(page.prefix) :]: ss[k] for k in names if k in ss}
    picked = drawing or any(value != _default_of(page, name) for name, value in fields_.items())
    # Only data somebody picked travels: a page left at its defaults does not impose
    # them on the next page (which has defaults of its own: the kernel page opens on XOR).
    ss[LAB_DATA] = (
        {"fields": fields_, "points": ss.get(page.own("points")) if drawing else None}
        if picked
        else None
    )


def _param_default(name: str):
    """The default of a generator parameter from its key's tail (``xor_spread``)."""
    for gen in (*GENERATED, *EXAMPLES):
        for p in datasets.GENERATORS[gen].params:
            if name == f"{gen}_{p.name}":
                return p.default
    return None


# ------------------------------------------------------------------- the sidebar
@dataclass(frozen=True)
class Opening:
    """What every page starts with: its link's problems, presenter mode, the data the
    lecturer chose and the preprocessing."""

    problems: tuple[str, ...]
    presenter: bool
    choice: DataChoice
    prep: str


def open_page(page: Table, *, wide: bool = False) -> Opening:
    """A page's first lines: read its link (once per session), start from the lab's data
    when the link has none of its own, and draw presenter mode, the data picker and the
    preprocessing in the sidebar (the page adds its own settings below them).

    ``wide``: the page trains on more than two features (the upload box offers all of a
    file's numeric columns); other pages take an upload's two chosen columns."""
    guard.through_the_entry_point()  # a page's link on a fresh server: run via app.py
    problems = state.init_session(_ss(), link.opening(), lambda: link_spec(page), page)
    adopt_lab_data(page, st.query_params)
    with st.sidebar:
        presenter = presenter_toggle(page)  # lab-wide: the next page opens the same way
        choice = data_panel(page, wide=wide)
        prep = preprocessing_widget(page)
    return Opening(tuple(problems), presenter, choice, prep)


# ------------------------------------------------------------------------- data
def data_panel(page: Table, *, wide: bool = False) -> DataChoice:
    """The source picker and the chosen source's widgets (in the sidebar); ``wide``: as
    for ``open_page``."""
    source = widgets.choice(page, "source", t("data.source"))
    try:
        if source == "generate":
            return sources.generate(page)
        if source == "examples":
            return sources.examples(page)
        if source == "draw":
            return draw.panel(page)
        return upload.panel(page, wide)
    except datasets.DatasetError as exc:
        return DataChoice(None, said(exc))


# ---------------------------------------------------------------- preprocessing
def preprocessing_widget(page: Table) -> str:
    return widgets.choice(
        page,
        "preprocessing",
        t("data.prep"),
        help=t("data.prep_help"),
    )


def preprocessing_effect(ds: datasets.Dataset, presenter: bool = False) -> None:
    """What each preprocessing does to R, gamma* and the bound, for this data."""
    if presenter or ds.n > 5_000 or min(ds.counts) == 0:
        return
    raw = ds.raw
    rows = {k: compute.theory(compute.preprocessed(raw, k)) for k in datasets.PREPROCESSING}
    with st.container(key="prep_table"):  # its cells styled to fit the sidebar (style.py)
        st.markdown(text.preprocessing_table(rows, ds.preprocessing))
    st.caption(t("data.prep_caption"))
    suggestion = standardise_suggestion(ds, rows)
    if suggestion:
        st.info(suggestion)


UNSCALED = 100.0
"""Columns whose spreads differ by more than this factor are unscaled: the widest one
sets R and the direction of every point, and the picture shows a thin band."""


def standardise_suggestion(ds: datasets.Dataset, rows: dict) -> str | None:
    """On unscaled data with more than two columns, not preprocessed: the suggestion to
    standardise, with what it would do to R, γ* and the bound (the table's rows)."""
    if ds.preprocessing != "none" or ds.d <= 2 or ds.n < 2:
        return None
    spread = np.std(ds.X, axis=0)
    varied = spread > 0
    if np.count_nonzero(varied) < 2:
        return None
    big, small = int(np.argmax(spread)), int(np.argmin(np.where(varied, spread, np.inf)))
    ratio = float(spread[big] / spread[small])
    now, then = rows.get("none"), rows.get("standardise")
    if ratio <= UNSCALED or now is None or then is None:
        return None
    names = ds.feature_names
    return t(
        "data.suggest_standardise",
        ratio=text.cell_num(ratio),
        d=ds.d,
        big=text.quoted(names[big], limits.NAME_LIMIT),
        small=text.quoted(names[small], limits.NAME_LIMIT),
        prep=t("data.prep"),
        choice=t("choice.preprocessing.standardise"),  # the option as its box names it
        R0=text.cell_num(now.R),
        R1=text.cell_num(then.R),
        g0=_gamma(now),
        g1=_gamma(then),
        b0=_bound(now),
        b1=_bound(then),
    )


def _gamma(th) -> str:
    return text.cell_num(th.gamma) if th.separable else "–"


def _bound(th) -> str:
    return text.cell_num(th.bound) if th.separable else "∞"


# -------------------------------------------------- bad data: keep the last good
def settle(
    page: Table,
    choice: DataChoice,
    prep: str,
    *,
    max_points: int | None = None,
    what: str | None = None,
    settings=None,
    max_features: int | None = 2,
    verb: str = "draws",
) -> datasets.Dataset:
    """The dataset to show: the choice preprocessed, or, when it cannot be used, the
    previous good data with what was wrong said once (``st.stop()`` when there is none).

    ``max_points``: the most the page draws (default ``limits.PLAYGROUND_POINTS``);
    ``settings``: the run's settings; the guard knows the data by the run's key with them
    (``run_key``: data that crashed the page with them is not tried again);
    ``max_features``: the most features the page takes (None: any); ``verb``: what the
    page does with at most ``max_points`` ("draws", or "trains on" for a page that draws
    a sample).
    """
    ss = _ss()
    max_points = limits.PLAYGROUND_POINTS if max_points is None else max_points
    ds, error = choice.dataset, choice.error
    if ds is not None and error is None:
        try:
            ds = compute.preprocessed(ds, prep)  # the same object on every rerun
        except datasets.DatasetError as exc:
            ds, error = None, said(exc)
    if ds is not None and error is None:
        # The page's name in English; "this page" in other languages (and without a name).
        if what is None or words.lang() != words.DEFAULT:
            what = t("load.this_page")
        if ds.n > max_points:
            message = "load.too_many_to_train" if verb == "trains on" else "load.too_many_points"
            error = t(message, n=ds.n, what=what, most=max_points)
        elif max_features is not None and ds.d > max_features:
            error = t("load.too_many_features", d=ds.d, what=what, most=max_features)
        elif guard.is_bad(run_key(ds, settings)):
            error = t("guard.bad_data")
    if error:  # say what is wrong and keep showing the previous good data
        st.error(text.plain(error, 400))  # messages carry names from files and links
        ds = None if choice.drawing else ss.get(page.own("good"))
        if ds is not None:
            st.caption(t("data.still", source=text.plain(ds.source)))
    if choice.alert:
        st.info(text.plain(choice.alert, 400))
    for note in choice.notes:
        st.caption(text.plain(note, 400))
    if ds is None:
        st.stop()
    guard.attempt(run_key(ds, settings))
    ss[page.own("draw_shown")] = ds if choice.drawing else None  # clicks are in these coords
    return ds


def remember_good(page: Table, ds: datasets.Dataset, choice: DataChoice) -> None:
    """The page drew ``ds`` without an error: the data to fall back on, and the lab's."""
    ss = _ss()
    if not choice.drawing:
        ss[page.own("good")] = ss[LAB_DATASET] = ds
    share(page, choice.drawing)
