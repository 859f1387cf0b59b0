"""The fields of a page's state and the table that declares them.

A ``Field`` is one piece of a page's state (its default, type, range or options, and
whether a URL-bound widget carries it); a ``Table`` is a page's fields under its prefix, so
widget keys (``prefix + name``), defaults and the link check (``Table.link_spec``) all
derive from it. ``data_fields``, ``run_fields`` and ``kernel_fields`` are the groups the
page tables (``ui.state.tables``) are made of. Nothing here imports streamlit.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field, make_dataclass, replace
from typing import Any

import datasets
from ui.limits import MAX_EPOCHS_LIMIT, MAX_GENERATED_N
from ui.state.links import LinkSpec, spellings
from ui.words import CATALOGUES, t, using

PREFIX = "pg_"

SOURCES = {
    "generate": "Generate",
    "examples": "Examples",
    "draw": "Draw",
    "upload": "Upload",
}
# Bound widgets store the *label* of an option in the URL (in the lab's language: Field.said),
# so labels are short and stable.
STARTS = {"zero": "zero", "random": "random"}
ORDERS = {"fixed": "fixed", "shuffle": "shuffled"}
# Every variant of the engine (pc.VARIANTS), as the Variant box names them. Averaged,
# voted and pocket share the classic run (they differ in what they predict); kernel steps
# alpha; batch changes w at the end of each epoch.
VARIANT_LABELS = {
    "classic": "classic",
    "averaged": "averaged",
    "voted": "voted",
    "pocket": "pocket",
    "kernel": "kernel",
    "batch": "batch",
}
PLAYGROUND_VARIANTS = tuple(VARIANT_LABELS)
KERNEL_NAMES = {"linear": "linear", "poly": "polynomial", "rbf": "RBF"}
DEGREES = (1, 2, 3, 4, 5, 6)
WIDTHS = (0.1, 0.2, 0.3, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 5.0)
PLAY_UNITS = {"update": "update", "visit": "visit", "epoch": "epoch"}
SPEEDS = (0.25, 0.5, 1.0, 2.0)  # seconds per frame of Play
ETAS = (0.01, 0.1, 0.5, 1.0, 2.0, 10.0)
SEED_MAX = 2**53 - 1  # the largest whole number a browser's number box holds exactly


GENERATED = tuple(k for k, g in datasets.GENERATORS.items() if not g.fixed_n)
EXAMPLES = tuple(k for k, g in datasets.GENERATORS.items() if g.fixed_n and k != "manual")
PREPROCESSING_LABELS = {"none": "none", "centre": "centre", "standardise": "standardise",
                        "minmax": "min-max"}  # fmt: skip


@dataclass(frozen=True)
class Field:
    """One piece of a page's state: its default and everything it accepts.

    ``kind``: "choice" (a key of ``options``, a {key: English label} map; a bound widget
    stores the label in the URL), "set" (one of the values in ``options``), "int" or
    "float" (from ``low`` to ``high``), "bool", or "text" (at most ``high`` characters).
    ``bound``: a widget bound to the URL (checked by ``check_link`` before Streamlit reads
    it); the page moves the other URL fields itself. ``said``: a choice's labels in the
    lab's language, option k's the catalogue's message ``said.k`` (its English the label
    in ``options``: tests/ui/test_choice_words.py).
    """

    name: str
    default: Any
    kind: str
    options: Any = ()
    low: float | None = None
    high: float | None = None
    bound: bool = True
    said: str | None = None

    def labels(self) -> dict:
        """{option: label} of a choice or set field, a choice's in the lab's language."""
        if isinstance(self.options, dict):
            if self.said is None:
                return dict(self.options)
            return {k: t(f"{self.said}.{k}") for k in self.options}
        return {v: f"{v:g}" if isinstance(v, float) else str(v) for v in self.options}

    def labels_by_language(self) -> list[dict]:
        """``labels()`` in each of the lab's languages (a link or a lecture file written in
        another language names its options so)."""
        out = []
        for code in CATALOGUES:
            with using(code):
                out.append(self.labels())
        return out


# ------------------------------------------------------------ the pages' own keys
# A page's session keys outside its fields (``Table.own``): the cursor, the history, a
# button, a chart, a line of numbers. Each name is declared once, by the part that owns it,
# at its head (``OWN = owns("play", "scrub")``); a page's own charts and lines by its table.
_OWNERS: dict[str, str] = {}  # name -> the module that declared it
_PAGE_OWNS: dict[str, set[str]] = {}  # name -> the prefixes of the tables that declared it


def owns(*names: str) -> tuple[str, ...]:
    """Declare the own keys (``Table.own``) the calling module owns on every page; a name
    declared by another module (or a page's table) raises. Returns the names."""
    owner = sys._getframe(1).f_globals.get("__name__", "?")
    for name in names:
        first = _OWNERS.setdefault(name, owner)
        if first != owner or name in _PAGE_OWNS:
            by = first if first != owner else "the tables of " + ", ".join(_PAGE_OWNS[name])
            raise ValueError(f"the page key {name!r} is declared by {by} already ({owner})")
    return names


def owners() -> dict[str, str]:
    """{name: the module that declared it} of every part's own key declared so far."""
    return dict(_OWNERS)


class Table:
    """A page's state declared once: keys (``prefix`` + name), defaults and the link check
    all derive from its fields."""

    def __init__(self, prefix: str, fields_: tuple[Field, ...], own: tuple[str, ...] = ()):
        self.prefix = prefix
        self.fields = {f.name: f for f in fields_}
        # The page's own keys that are no part's (its charts, its lines of numbers).
        self.owns = frozenset(own)
        for name in self.owns:
            _PAGE_OWNS.setdefault(name, set()).add(prefix)
            if name in _OWNERS:
                raise ValueError(f"{name!r} is {_OWNERS[name]}'s key: {prefix} reuses it as is")
        cls = make_dataclass(
            "Defaults", [(f.name, Any, field(default=f.default)) for f in fields_], frozen=True
        )
        self.defaults = cls()

    def __getitem__(self, name: str) -> Field:
        return self.fields[name]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self.fields)

    def key(self, name: str) -> str:
        """The widget key (and URL parameter) of a field: prefix + name."""
        if name not in self.fields:
            raise KeyError(f"{name!r} is not a field of this page ({self.prefix}...)")
        return self.prefix + name

    def param_key(self, generator: str, name: str) -> str:
        """The widget key of a generator's parameter (``<prefix><generator>_<name>``)."""
        return f"{self.prefix}{generator}_{name}"

    def own(self, name: str) -> str:
        """A session key of the page that is not a declared field (its cursor, history,
        upload box, ...): the page's prefix keeps two pages apart. The name is declared
        once, by the part that owns it (``owns``) or by the page's table (``own=``): a
        misspelt name raises here, where it is written."""
        if name not in self.owns and name not in _OWNERS:
            declared = ", ".join(sorted(self.owns | set(_OWNERS)))
            raise KeyError(
                f"{name!r} is not a declared key of a page ({self.prefix}...): declare it "
                f"with state.owns at the head of the part that owns it, or in the page's "
                f"table; declared: {declared}"
            )
        return self.prefix + name

    @property
    def step_param(self) -> str:
        return self.prefix + "step"

    @property
    def points_param(self) -> str:
        return self.prefix + "pts"

    @property
    def points_total_param(self) -> str:
        return self.prefix + "ptsn"

    def link_spec(self, extra: LinkSpec | None = None) -> LinkSpec:
        """What every URL-bound widget of the page accepts, from the fields (plus
        ``extra``, e.g. the generators' parameters)."""
        choices: dict[str, dict[str, str]] = {}
        numbers: dict[str, tuple] = {}
        flags: list[str] = []
        texts: dict[str, int] = {}
        renames: dict[str, dict[str, str]] = {}
        for f in self.fields.values():
            k = self.key(f.name)
            if not f.bound:
                continue
            if f.kind == "choice":
                here, every = f.labels(), f.labels_by_language()
                choices[k] = spellings(here, every)
                named = ((label, here[o]) for labels in every for o, label in labels.items())
                renames[k] = {label: to for label, to in named if label != to}
            elif f.kind == "set":
                numbers[k] = ("set", tuple(f.options))
            elif f.kind in ("int", "float"):
                numbers[k] = (f.low, f.high, f.kind == "int")
            elif f.kind == "bool":
                flags.append(k)
            elif f.kind == "text":
                texts[k] = int(f.high)
        if extra is not None:
            choices |= extra.choices
            numbers |= extra.numbers
            flags += list(extra.flags)
            texts |= extra.texts
            renames |= extra.renames
        return LinkSpec(choices, numbers, tuple(flags), texts, renames)

    def link_params(self, spec: LinkSpec) -> frozenset[str]:
        """Every parameter the page reads from a link: its widgets' (``spec``, from
        ``link_spec``), the cursor and the drawn points. Nothing else belongs in a link
        the page makes."""
        own = set(spec.names)
        if "step" in self.fields:
            own.add(self.step_param)
        if "points" in self.fields:
            own |= {self.points_param, self.points_total_param}
        return frozenset(own)


def _labels(names: tuple[str, ...]) -> dict[str, str]:
    return {k: datasets.GENERATORS[k].label for k in names}


def data_fields(**defaults) -> tuple[Field, ...]:
    """The fields of the data picker (``ui.parts.data``), shared by every page that picks
    data; ``defaults`` overrides a default (the kernel page opens on XOR)."""
    fields_ = (
        Field("source", "generate", "choice", SOURCES, said="choice.source"),
        Field("generator", "separable", "choice", _labels(GENERATED), said="choice.generator"),
        Field("example", "notes_002_example1", "choice", _labels(EXAMPLES), said="choice.example"),
        Field("n", 40, "int", low=2, high=MAX_GENERATED_N),
        Field("seed", 0, "int", low=0, high=SEED_MAX),  # "New data" adds 1
        Field("noise", 0.0, "float", low=datasets.NOISE.min, high=datasets.NOISE.max),
        Field("preprocessing", "none", "choice", PREPROCESSING_LABELS, said="choice.preprocessing"),
        Field("draw_class", 1, "set", (1, -1), bound=False),  # class of the next drawn point
        Field("points", "", "text", bound=False),  # drawn points, encode_points (sync_url)
    )
    return _with_defaults(fields_, defaults)


def run_fields(**defaults) -> tuple[Field, ...]:
    """The settings of a run (``ui.parts.settings``) and its stepping (``ui.stage.controls``)."""
    fields_ = (
        Field("eta", 1.0, "set", ETAS),  # the learning rate
        Field("start", "zero", "choice", STARTS, said="choice.start"),
        Field("start_seed", 0, "int", low=0, high=SEED_MAX),  # seeds the random start
        Field("order", "fixed", "choice", ORDERS, said="choice.order"),
        Field("order_seed", 0, "int", low=0, high=SEED_MAX),  # seeds the permutations
        Field("max_epochs", 100, "int", low=1, high=MAX_EPOCHS_LIMIT),
        Field("speed", 0.5, "set", SPEEDS),  # seconds per frame of Play
        # What a frame of Play advances.
        Field("play_unit", "update", "choice", PLAY_UNITS, said="choice.play_unit"),
        Field("step", 0, "int", low=0, bound=False),  # the cursor: visits done (sync_url)
    )
    return _with_defaults(fields_, defaults)


def kernel_fields(**defaults) -> tuple[Field, ...]:
    """The kernel of a kernel run and its parameter (``ui.parts.settings.kernel_panel``)."""
    fields_ = (
        Field("kernel", "poly", "choice", KERNEL_NAMES, said="choice.kernel"),
        Field("degree", 2, "set", DEGREES),
        Field("width", 1.0, "set", WIDTHS),  # RBF: exp(-||a - b||^2 / (2 width^2))
    )
    return _with_defaults(fields_, defaults)


def _with_defaults(fields_: tuple[Field, ...], defaults: dict) -> tuple[Field, ...]:
    names = {f.name for f in fields_}
    unknown = set(defaults) - names
    if unknown:
        raise KeyError(f"no such fields: {sorted(unknown)}")
    return tuple(replace(f, default=defaults[f.name]) if f.name in defaults else f for f in fields_)
