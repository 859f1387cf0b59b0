"""The data picker's sources that need no file and no board: a generator with its
parameters, n, noise and seed, and the notes' examples. ``DataChoice`` is what every
source gives the picker (``ui/parts/data.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import streamlit as st

import datasets
from ui import compute
from ui.stage import widgets
from ui.state import Table, owns
from ui.words import has, t

OWN = owns("new_data")  # the seed row's New data button

QP = "query-params"


@dataclass(frozen=True)
class DataChoice:
    """The data the panel produced: a raw dataset (or None), and what to tell the user."""

    dataset: datasets.Dataset | None
    error: str | None = None
    notes: tuple[str, ...] = field(default_factory=tuple)
    drawing: bool = False
    alert: str | None = None  # said in a box, not a caption (a link that lost its data)


def _ss():
    return st.session_state


def generate(page: Table) -> DataChoice:
    """A generator, its parameters, n, noise and the seed."""
    name = widgets.pick(page, "generator", t("data.generator"))
    spec = datasets.GENERATORS[name]
    st.caption(_said(f"gen.{name}", spec.description))
    params = tuple((p.name, _param_widget(page, name, p)) for p in spec.params)
    low, high = spec.n_range
    n = st.number_input(
        t("data.points_n"),
        min_value=page["n"].low,
        max_value=page["n"].high,
        value=page.defaults.n,
        key=page.key("n"),
        bind=QP,
    )
    if not low <= n <= high:
        said = page["generator"].labels()[name]  # as the box names it
        return DataChoice(None, t("data.n_range", low=low, high=high, name=said))
    noise = st.slider(
        t("param.noise"),
        page["noise"].low,
        page["noise"].high,
        page.defaults.noise,
        datasets.NOISE.step,
        key=page.key("noise"),
        bind=QP,
        help=t("param_help.noise"),
    )
    seed = _seed_row(page)
    return DataChoice(compute.generated(name, int(n), seed, float(noise), params))


def _seed_row(page: Table) -> int:
    left, right = st.columns(2, vertical_alignment="bottom")  # "Neue Daten" whole
    seed = left.number_input(
        t("data.seed"),
        min_value=page["seed"].low,
        max_value=page["seed"].high,
        step=1,
        key=page.key("seed"),
        bind=QP,
    )
    right.button(
        t("data.new"),
        key=page.own("new_data"),
        on_click=_new_seed,
        args=(page,),
        help=t("data.new_help"),
    )
    return int(seed)


def _new_seed(page: Table) -> None:
    seed = int(_ss().get(page.key("seed"), 0))
    _ss()[page.key("seed")] = seed + 1 if seed < page["seed"].high else 0


def _param_widget(page: Table, generator: str, p: datasets.Param):
    k = page.param_key(generator, p.name)
    label = _said(f"param.{generator}.{p.name}", p.label)
    helps = _said(f"param_help.{generator}.{p.name}", p.help)
    if p.kind == "bool":
        return st.toggle(label, value=bool(p.default), key=k, bind=QP, help=helps)
    if p.kind == "choice":
        return st.selectbox(
            label, p.choices, index=p.choices.index(p.default), key=k, bind=QP, help=helps
        )
    cast = int if p.kind == "int" else float
    default = cast(p.default) if p.default is not None else cast(p.min)
    return st.slider(
        label, cast(p.min), cast(p.max), default, cast(p.step), key=k, bind=QP, help=helps
    )


def _said(message: str, english: str | None) -> str | None:
    """A generator's words in the lab's language: the catalogue's, when it has them (a
    generator registered later is said in its own English)."""
    return t(message) if has(message) else english


def examples(page: Table) -> DataChoice:
    """One of the notes' datasets (its seed when it draws at random)."""
    name = widgets.pick(page, "example", t("data.dataset"))
    spec = datasets.GENERATORS[name]
    st.caption(_said(f"gen.{name}", spec.description))
    seed = _seed_row(page) if spec.uses_seed else 0
    return DataChoice(compute.generated(name, None, seed, 0.0, ()))
