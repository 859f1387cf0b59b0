"""A page's state declared once: fields, widget keys, the cursor and the URL.

A ``Table`` of ``Field``s declares everything a shared link must reproduce (where the data
comes from, the generator's parameters and seed, the preprocessing, the algorithm
settings, the step and the drawn points): each field's default, type, range or options,
and whether a URL-bound widget carries it. Widget keys (``prefix + name``, so two pages
never collide), defaults and the link check (``Table.link_spec``) all derive from it.
``PLAYGROUND`` is the Playground's table (prefix ``pg_``).

Most fields travel in the URL through the widgets themselves (``bind="query-params"``).
Two are not widgets, so this module moves them between ``st.session_state`` and
``st.query_params`` itself: the cursor (``pg_step``, the number of example visits done) and
the drawn points (``pg_pts``, packed by ``encode_points``). Nothing here imports streamlit:
the functions take the two mappings, so tests pass plain dicts.
"""

from __future__ import annotations

import base64
import math
from collections.abc import Callable, MutableMapping
from dataclasses import dataclass, field, make_dataclass, replace
from decimal import Decimal, InvalidOperation
from typing import Any

import numpy as np

import datasets
from ui.limits import CONE_ROWS_CHARS, MAX_DIGITS, MAX_EPOCHS_LIMIT, MAX_GENERATED_N, MAX_URL_POINTS
from ui.limits import MAX_LINK as MAX_LINK  # read as state.MAX_LINK by tests
from ui.text import plain, quoted

PREFIX = "pg_"

SOURCES = {
    "generate": "Generate",
    "examples": "Examples",
    "draw": "Draw",
    "upload": "Upload",
}
# Bound widgets store the *label* of an option in the URL, so labels are short and stable.
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
VARIANT_HELP = (
    "classic: the perceptron of the notes. averaged, voted, pocket: the same run, but "
    "predicting with the average of all weights, a vote of every weight vector weighted by "
    "how long it survived, or the weights with the fewest training errors so far. kernel: "
    "the dual form, updating alpha_i. batch: gradient descent on J_p, one step per epoch."
)
PLAYGROUND_VARIANTS = tuple(VARIANT_LABELS)
KERNEL_NAMES = {"linear": "linear", "poly": "polynomial", "rbf": "RBF"}
DEGREES = (1, 2, 3, 4, 5, 6)
WIDTHS = (0.1, 0.2, 0.3, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 5.0)
PLAY_UNITS = {"update": "update", "visit": "visit", "epoch": "epoch"}
SPEEDS = (0.25, 0.5, 1.0, 2.0)  # seconds per frame of Play
ETAS = (0.01, 0.1, 0.5, 1.0, 2.0, 10.0)
SEED_MAX = 2**53 - 1  # the largest whole number a browser's number box holds exactly
END_STEP = 2**62  # a link's step=end: clamped to the run's end once the run is known
GRID = 1000  # drawn points are snapped to 1/1000, so a link reproduces them exactly


GENERATED = tuple(k for k, g in datasets.GENERATORS.items() if not g.fixed_n)
EXAMPLES = tuple(k for k, g in datasets.GENERATORS.items() if g.fixed_n and k != "manual")
PREPROCESSING_LABELS = {"none": "none", "centre": "centre", "standardise": "standardise",
                        "minmax": "min-max"}  # fmt: skip


@dataclass(frozen=True)
class Field:
    """One piece of a page's state: its default and everything it accepts.

    ``kind``: "choice" (a key of ``options``, a {key: label} map; a bound widget stores the
    label in the URL), "set" (one of the values in ``options``), "int" or "float" (from
    ``low`` to ``high``), "bool", or "text" (at most ``high`` characters). ``bound``: a
    widget bound to the URL (checked by ``check_link`` before Streamlit reads it); the page
    moves the other URL fields itself.
    """

    name: str
    default: Any
    kind: str
    options: Any = ()
    low: float | None = None
    high: float | None = None
    bound: bool = True

    def labels(self) -> dict:
        """{option: label} of a choice or set field."""
        if isinstance(self.options, dict):
            return dict(self.options)
        return {v: f"{v:g}" if isinstance(v, float) else str(v) for v in self.options}


class Table:
    """A page's state declared once: keys (``prefix`` + name), defaults and the link check
    all derive from its fields."""

    def __init__(self, prefix: str, fields_: tuple[Field, ...]):
        self.prefix = prefix
        self.fields = {f.name: f for f in fields_}
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
        upload box, ...): the page's prefix keeps two pages apart."""
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
        for f in self.fields.values():
            k = self.key(f.name)
            if not f.bound:
                continue
            if f.kind == "choice":
                choices[k] = spellings(f.labels())
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
        return LinkSpec(choices, numbers, tuple(flags), texts)

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


def spellings(labels: dict) -> dict[str, str]:
    """{any accepted spelling in lower case: the exact label a widget stores}."""
    out = {}
    for k, label in labels.items():
        out[str(k).lower()] = str(label)
        out[str(label).lower()] = str(label)
    return out


def _label(name: str) -> str:
    return datasets.GENERATORS[name].label


def data_fields(**defaults) -> tuple[Field, ...]:
    """The fields of the data picker (``ui.parts.data``), shared by every page that picks
    data; ``defaults`` overrides a default (the kernel page opens on XOR)."""
    fields_ = (
        Field("source", "generate", "choice", SOURCES),
        Field("generator", "separable", "choice", {k: _label(k) for k in GENERATED}),
        Field("example", "notes_002_example1", "choice", {k: _label(k) for k in EXAMPLES}),
        Field("n", 40, "int", low=2, high=MAX_GENERATED_N),
        Field("seed", 0, "int", low=0, high=SEED_MAX),  # "New data" adds 1
        Field("noise", 0.0, "float", low=datasets.NOISE.min, high=datasets.NOISE.max),
        Field("preprocessing", "none", "choice", PREPROCESSING_LABELS),
        Field("draw_class", 1, "set", (1, -1), bound=False),  # class of the next drawn point
        Field("points", "", "text", bound=False),  # drawn points, encode_points (sync_url)
    )
    return _with_defaults(fields_, defaults)


def run_fields(**defaults) -> tuple[Field, ...]:
    """The settings of a run (``ui.parts.settings``) and its stepping (``ui.parts.controls``)."""
    fields_ = (
        Field("eta", 1.0, "set", ETAS),  # the learning rate
        Field("start", "zero", "choice", STARTS),
        Field("start_seed", 0, "int", low=0, high=SEED_MAX),  # seeds the random start
        Field("order", "fixed", "choice", ORDERS),
        Field("order_seed", 0, "int", low=0, high=SEED_MAX),  # seeds the permutations
        Field("max_epochs", 100, "int", low=1, high=MAX_EPOCHS_LIMIT),
        Field("speed", 0.5, "set", SPEEDS),  # seconds per frame of Play
        Field("play_unit", "update", "choice", PLAY_UNITS),  # what a frame of Play advances
        Field("step", 0, "int", low=0, bound=False),  # the cursor: visits done (sync_url)
    )
    return _with_defaults(fields_, defaults)


def kernel_fields(**defaults) -> tuple[Field, ...]:
    """The kernel of a kernel run and its parameter (``ui.parts.settings.kernel_panel``)."""
    fields_ = (
        Field("kernel", "poly", "choice", KERNEL_NAMES),
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


PRESENTER = Field("presenter", False, "bool")  # larger fonts and markers, less chrome

PLAYGROUND = Table(
    PREFIX,
    (
        *data_fields(),
        *run_fields(),
        Field("variant", "classic", "choice", VARIANT_LABELS),
        *kernel_fields(),
        Field("online", False, "bool"),  # drawn points arrive, are predicted, then learned
        PRESENTER,
    ),
)
# The kernel page opens on XOR with a degree-2 kernel, which separates it.
KERNEL = Table(
    "kn_",
    (*data_fields(generator="xor"), *run_fields(max_epochs=50), *kernel_fields(), PRESENTER),
)
# Batch against single-sample: the notes' 004 example is where the two first differ.
BATCH = Table(
    "bt_",
    (
        *data_fields(source="examples", example="notes_rule_004"),
        *run_fields(max_epochs=50),
        PRESENTER,
    ),
)
# The variants side by side: noisy data, where they differ, and a seeded split.
VARIANTS = Table(
    "va_",
    (
        *data_fields(n=200, noise=0.2),
        *run_fields(max_epochs=30, order="shuffle"),
        Field("split_seed", 0, "int", low=0, high=SEED_MAX),  # the train/dev/test split
        PRESENTER,
    ),
)
# The online game (001): the arrivals are the student's clicks (and the adversary's points);
# gamma is the margin the adversary keeps from its target separator.
ADVERSARY_GAMMAS = (0.25, 0.5, 1.0)
ONLINE = Table(
    "on_",
    (
        Field("gamma", 0.5, "set", ADVERSARY_GAMMAS),
        Field("points", "", "text", bound=False),  # the arrivals in order (sync_url)
        PRESENTER,
    ),
)
# The augmented space and weight space (000, 004, 001): the notes' 004 example, unflipped.
SLICES = {"current": "current b", "fixed": "fixed b"}
CONE_ROWS = {"data": "the data's a_i", "typed": "typed rows"}
CONE_DEFAULT_ROWS = "0, 3, -1\n-2, -2, 2\n-2, 1, -2\n2, 2, 1"
SPACE = Table(
    "sp_",
    (
        *data_fields(source="examples", example="notes_rule_004"),
        *run_fields(),
        Field("flip", False, "bool"),  # class -1 drawn as -(1, x) (004's sign flip)
        Field("slice", "current", "choice", SLICES),  # weight space cut at this b
        Field("slice_b", 0.0, "float", low=-1e6, high=1e6),  # the fixed slice's b
        Field("cone_rows", "data", "choice", CONE_ROWS),  # the cone LP's rows
        Field("rows", CONE_DEFAULT_ROWS, "text", high=CONE_ROWS_CHARS),  # typed rows of A
        PRESENTER,
    ),
)
# The proofs as they happen: the 004 notebook's data (255 mistakes under a bound of 26,115),
# and how the charts' axes are drawn (log: the run's mistakes and the far bound both show).
AXES = {"log": "log", "linear": "linear"}
PROOF = Table(
    "pf_",
    (
        *data_fields(source="examples", example="notes_rule_004"),
        *run_fields(),
        Field("axes", "log", "choice", AXES),
        PRESENTER,
    ),
)
# Experiments over many runs: the margin and dimension experiments generate their own data
# (perceptron_core.experiments); the ordering experiment runs on the picked data, which
# opens on the notes' 85 points (002 section 6.1).
MARGIN_STEPS = (0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0)
DIMENSION_TOPS = (10, 20, 50, 100, 200)
EXPERIMENTS = Table(
    "ex_",
    (
        *data_fields(source="examples", example="ordering_85"),
        Field("margin_low", 0.01, "set", MARGIN_STEPS),  # the smallest nominal margin
        Field("margin_high", 0.5, "set", MARGIN_STEPS),  # the largest
        Field("margins", 10, "int", low=2, high=25),  # log-spaced between the two
        Field("seeds", 20, "int", low=1, high=50),  # datasets per margin (and per d)
        Field("per_set", 100, "int", low=10, high=1_000),  # n of each generated dataset
        Field("dim_margin", 0.05, "set", MARGIN_STEPS),  # the dimension experiment's margin
        Field("max_dim", 100, "set", DIMENSION_TOPS),  # d = 2, 5, 10, 20, ... up to this
        Field("orderings", 100, "int", low=2, high=500),  # random orders of the picked data
        Field("order_seed", 0, "int", low=0, high=SEED_MAX),  # random order i: seed + i
        Field("reshuffle", False, "bool"),  # a new random order every epoch
        PRESENTER,
    ),
)
# Every page's state, for lab-wide reads.
TABLES = (PLAYGROUND, KERNEL, BATCH, VARIANTS, ONLINE, SPACE, PROOF, EXPERIMENTS)
DEFAULTS = PLAYGROUND.defaults
FIELDS = PLAYGROUND.names
key = PLAYGROUND.key
STEP_PARAM = PLAYGROUND.step_param
POINTS_PARAM = PLAYGROUND.points_param
POINTS_TOTAL_PARAM = PLAYGROUND.points_total_param  # how many were drawn when a link holds fewer


def param_key(generator: str, name: str, table: Table = PLAYGROUND) -> str:
    """The widget key of a generator parameter: ``<prefix><generator>_<name>``.

    One key per generator, because two generators may give the same parameter name
    different ranges (``spread``), and a widget must keep its identity to keep its value.
    """
    return table.param_key(generator, name)


# -------------------------------------------------------------------- drawn points
def snap(value: float) -> float:
    """A drawn coordinate on the 1/1000 grid the URL stores (a tenth of a pixel or less)."""
    return round(float(value) * GRID) / GRID


def encode_points(X, y) -> str:
    """Pack drawn points into a short URL-safe string (about 5.4 characters per point).

    Each coordinate is stored as an int16 on the 1/1000 grid (|x| <= 32.767), followed by
    one bit per label. Returns "" for no points.

    Raises
    ------
    ValueError
        A coordinate is off the grid's range or the labels are not -1/+1.
    """
    X = np.asarray(X, dtype=np.float64).reshape(-1, 2)
    y = np.asarray(y).reshape(-1)
    if X.shape[0] != y.shape[0]:
        raise ValueError(f"{X.shape[0]} points but {y.shape[0]} labels")
    if X.shape[0] == 0:
        return ""
    if not np.isin(y, (-1, 1)).all():
        raise ValueError("labels must be -1 or +1")
    q = np.rint(X * GRID)
    if not np.isfinite(q).all() or np.abs(q).max() > 32767:
        raise ValueError("a drawn point is outside [-32.767, 32.767]: too far out for a link")
    count = X.shape[0].to_bytes(2, "little")
    coords = q.astype("<i2").tobytes()
    bits = np.packbits(y > 0, bitorder="little").tobytes()
    return "1" + base64.urlsafe_b64encode(count + coords + bits).decode().rstrip("=")


def decode_points(code: str) -> tuple[np.ndarray, np.ndarray]:
    """Unpack ``encode_points``: (X of shape (k, 2), y of -1/+1). Raises ValueError."""
    if not code:
        return np.zeros((0, 2)), np.zeros(0, dtype=np.int64)
    if not isinstance(code, str) or code[0] != "1":
        raise ValueError("the drawn points in the link are not in a known format")
    try:
        raw = base64.urlsafe_b64decode(code[1:] + "=" * (-len(code[1:]) % 4))
    except (ValueError, TypeError):
        raise ValueError("the drawn points in the link are damaged") from None
    if len(raw) < 2:
        raise ValueError("the drawn points in the link are damaged")
    k = int.from_bytes(raw[:2], "little")
    if len(raw) != 2 + 4 * k + math.ceil(k / 8):
        raise ValueError("the drawn points in the link are damaged (wrong length)")
    q = np.frombuffer(raw[2 : 2 + 4 * k], dtype="<i2").reshape(k, 2)
    bits = np.unpackbits(np.frombuffer(raw[2 + 4 * k :], dtype=np.uint8), bitorder="little")
    y = np.where(bits[:k] > 0, 1, -1).astype(np.int64)
    return q.astype(np.float64) / GRID, y


# ------------------------------------------------------------------------- cursor
# ------------------------------------------------------------ session <-> URL
@dataclass(frozen=True)
class LinkSpec:
    """What the URL-bound widgets accept, so a link is checked before they read it.

    Streamlit drops a bound widget's URL value it cannot use without a word, and the page
    would quietly show other data than the link meant; this says so instead. ``choices``
    maps a parameter to {spelling in lower case: the exact label the widget stores}, so a
    near miss (``pg_generator=xor``) is answered with the spelling to use; ``numbers`` maps
    a parameter to (min, max or None, whole?) or to ("set", allowed values); ``flags``
    are true/false parameters; ``texts`` maps a text parameter to its most characters.
    """

    choices: dict[str, dict[str, str]]
    numbers: dict[str, tuple]
    flags: tuple[str, ...] = ()
    texts: dict[str, int] = field(default_factory=dict)

    @property
    def names(self) -> tuple[str, ...]:
        """Every parameter the spec checks."""
        return (*self.choices, *self.numbers, *self.flags, *self.texts)


def read_number(raw) -> int | float | None:
    """A number as a person may write it in a link (``10``, ``10.0``, ``1e1``, ``+10``,
    `` 10.000``): an int when it is a whole number (exactly: ``1e30`` is 10**30, not the
    float nearest it), else a float (a fraction, inf, nan, or a whole number too long to
    write out); None when it is not a number at all."""
    s = str(raw).strip()
    try:
        return int(s)
    except ValueError:
        pass
    try:
        d = Decimal(s)
    except InvalidOperation:
        return None
    if d.is_snan():
        return None
    if d.is_finite() and d == d.to_integral_value() and d.adjusted() <= MAX_DIGITS:
        return int(d)
    return float(d)


def _whole_number(value: int | float | None) -> int | None:
    """``value`` as an int when it is a finite whole number (``1e3``: 1000), else None."""
    if isinstance(value, int):
        return value
    if value is None or not math.isfinite(value) or not value.is_integer():
        return None
    return int(value)


def _finite(value: int | float | None) -> bool:
    return isinstance(value, int) or (value is not None and math.isfinite(value))


def _as_float(value: int | float) -> float:
    """A number as a float (a whole number too large for one: infinity)."""
    try:
        return float(value)
    except OverflowError:
        return math.inf


def check_link(query: MutableMapping, spec: LinkSpec) -> list[str]:
    """The problems of a link's widget values; each unusable value is removed (the widget
    then shows its default, as Streamlit would have done silently), and each usable number
    is written the one way its widget reads it (``pg_eta=10`` becomes ``10.0``, the string
    of the option; ``pg_n=4e1`` becomes ``40``): any spelling of an allowed number works."""
    problems: list[str] = []
    for name, accepted in spec.choices.items():
        if name not in query:
            continue
        raw = str(query[name])
        if raw in accepted.values():
            continue
        del query[name]
        label = accepted.get(raw.strip().lower())
        hint = f" (write {quoted(label)})" if label is not None else ""
        problems.append(
            f"{plain(name)}={quoted(raw)} is not one of the options{hint}, the default is used"
        )
    for name in spec.flags:
        if name in query and str(query[name]) not in ("true", "false"):
            raw = str(query.pop(name))
            problems.append(
                f"{plain(name)}={quoted(raw)} is not true or false, the default is used"
            )
    for name, rule in spec.numbers.items():
        if name not in query:
            continue
        raw = str(query[name])
        value = read_number(raw)
        written = None  # the value as its widget reads it, when it is usable
        if isinstance(rule[0], str):  # ("set", allowed values): a select slider's options
            if _finite(value):
                close = (v for v in rule[1] if math.isclose(_as_float(value), v))
                written = next((str(v) for v in close), None)
            why = "one of " + ", ".join(f"{v:g}" for v in rule[1])
        else:
            low, high, whole = rule
            if whole:
                number = _whole_number(value)
            else:
                number = None if value is None else _as_float(value)
            if _finite(number) and low <= number:
                if high is None or number <= high:
                    written = str(number) if whole else repr(float(number))
            kind = "a whole number" if whole else "a number"
            why = f"{kind} from {low:g}" + (f" to {_whole(high)}" if high is not None else " up")
        if written is None:
            del query[name]
            problems.append(f"{plain(name)}={quoted(raw)} is not {plain(why)}, the default is used")
        elif written != raw:
            query[name] = written
    for name, most in spec.texts.items():
        if name in query and len(str(query[name])) > most:
            length = len(str(query.pop(name)))
            problems.append(
                f"{plain(name)} in the link is {length:,} characters long (at most {most:,}), "
                "the default is used"
            )
    return problems


def init_session(
    session: MutableMapping,
    query: MutableMapping,
    link: Callable[[], LinkSpec] | None = None,
    table: Table | None = None,
) -> list[str]:
    """A page's first run in a session: check the link, read the cursor and the drawn points
    (under the page's prefix: ``<prefix>cursor``, ``<prefix>points``, ...).

    Returns the problems found (a damaged link), for the page to show; the affected value
    falls back to its default.
    """
    t = PLAYGROUND if table is None else table
    problems: list[str] = []
    if t.own("cursor") in session:
        return problems
    if link is not None:
        problems += check_link(query, link())  # built only on a session's first run
    step = query.get(t.step_param, "0")
    asked = _whole_number(read_number(step))
    session[t.own("link_end")] = str(step).strip().lower() == "end"
    if session[t.own("link_end")]:  # a lecture scene: the end of its run
        asked = END_STEP
    elif asked is None or asked < 0:
        asked = 0
        problems.append(f"the step {quoted(step)} in the link is not a whole number from 0 up")
    # The cursor is clamped to the run's end once the run is known; the step asked for is
    # kept exactly, so a step past the end (2^64 too) is said to be past it.
    session[t.own("cursor")] = min(asked, END_STEP)
    if asked:
        session[t.own("link_step")] = asked
    code = query.get(t.points_param, "")
    try:
        X, y = decode_points(str(code))
    except ValueError as exc:
        X, y = decode_points("")
        problems.append(str(exc))
    total = str(query.get(t.points_total_param, ""))
    if total.isdigit() and int(total) > len(y):
        problems.append(
            f"the link holds the first {len(y)} of {int(total):,} drawn points (a link keeps "
            f"at most {MAX_URL_POINTS}; download the dataset to keep them all)"
        )
    session[t.own("points")] = (X, y)
    session[t.own("undo")] = []
    session[t.own("history")] = []
    return problems


def sync_url(
    query: MutableMapping,
    cursor: int,
    points: tuple[np.ndarray, np.ndarray],
    table: Table | None = None,
) -> None:
    """Write the cursor and the drawn points to the URL (defaults are left out)."""
    t = PLAYGROUND if table is None else table
    _set(query, t.step_param, str(cursor) if cursor else "")
    X, y = points
    code = ""
    if len(y):  # a link holds the first MAX_URL_POINTS drawn points (the page says so)
        try:
            code = encode_points(np.asarray(X)[:MAX_URL_POINTS], np.asarray(y)[:MAX_URL_POINTS])
        except ValueError:
            code = ""
    _set(query, t.points_param, code)
    _set(query, t.points_total_param, str(len(y)) if code and len(y) > MAX_URL_POINTS else "")


def count_words(n: int) -> str:
    """A whole number for people, however large a link made it: ``4,611,686,018,427,387,904``,
    or ``a 401-digit number``."""
    digits = len(str(abs(n)))
    return f"{n:,}" if digits <= 31 else f"a {digits:,}-digit number"


def _whole(value: float) -> str:
    """A limit for people: 9007199254740991, not 9.0072e+15."""
    return f"{int(value):,}" if float(value).is_integer() and abs(value) >= 1e6 else f"{value:g}"


def _set(query: MutableMapping, name: str, value: str) -> None:
    if value:
        if query.get(name) != value:
            query[name] = value
    elif name in query:
        del query[name]
