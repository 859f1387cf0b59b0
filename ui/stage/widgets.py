"""Widgets made from a page's declared fields: the key, the options, their labels and the
default come from the field (``ui.state.Field``), and the value travels in the link."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import streamlit as st

from ui import words
from ui.state import Table

QP = "query-params"


def choice(page: Table, name: str, label: str, *, help: str | None = None, options=None):
    """A segmented control over a choice field's options (or ``options``, a subset)."""
    f = page[name]
    labels = f.labels()
    return st.segmented_control(
        label,
        list(options if options is not None else labels),
        format_func=labels.__getitem__,  # an unknown value raises (AppTest then reads labels)
        default=f.default,
        required=True,
        key=page.key(name),
        bind=QP,
        help=help,
    )


def pick(page: Table, name: str, label: str, *, help: str | None = None, options=None):
    """A select box over a choice field's options (or ``options``, a subset)."""
    f = page[name]
    labels = f.labels()
    opts = list(options if options is not None else labels)
    return st.selectbox(
        label,
        opts,
        index=opts.index(f.default) if f.default in opts else 0,
        format_func=labels.__getitem__,  # an unknown value raises (AppTest then reads labels)
        key=page.key(name),
        bind=QP,
        help=help,
    )


def steps(page: Table, name: str, label: str, *, help: str | None = None):
    """A select slider over a set field's values (learning rates, degrees, speeds)."""
    f = page[name]
    return st.select_slider(
        label, f.options, value=f.default, key=page.key(name), bind=QP, help=help
    )


def whole_number(page: Table, name: str, label: str, *, help: str | None = None) -> int:
    """A number box for a whole-number field, its range and default from the table."""
    f = page[name]
    return int(
        st.number_input(
            label,
            min_value=f.low,
            max_value=f.high,
            value=f.default,
            key=page.key(name),
            bind=QP,
            help=help,
        )  # fmt: skip
    )


def flag(page: Table, name: str, label: str, *, help: str | None = None) -> bool:
    """A toggle for a bool field, in the link."""
    f = page[name]
    return bool(st.toggle(label, value=f.default, key=page.key(name), bind=QP, help=help))


def option_of(value, options: Iterable, name: Callable[[object], str]):
    """The option a widget's value stands for, or None: the option itself, or its name as
    ``name`` writes it in any of the lab's languages. Streamlit can hand a choice back by
    the name it was shown with (a select box, a radio), and that name may be the one of
    the language the user has just left ("Auto" on a German page)."""
    options = list(options)
    if value in options:
        return value
    for code in words.CATALOGUES:
        with words.using(code):
            for option in options:
                if name(option) == value:
                    return option
    return None
