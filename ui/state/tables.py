"""Every page's state table (its prefix, its fields and their defaults): ``PLAYGROUND``
(``pg_``), ``KERNEL`` (``kn_``), ``BATCH`` (``bt_``), ``VARIANTS`` (``va_``), ``ONLINE``
(``on_``), ``SPACE`` (``sp_``), ``PROOF`` (``pf_``), ``EXPERIMENTS`` (``ex_``) and
``PRACTICE`` (``pr_``)."""

from __future__ import annotations

import perceptron_core as pc
from ui.limits import CONE_ROWS_CHARS, PRACTICE_SEED_MAX
from ui.state import lab
from ui.state.fields import (
    PREFIX,
    SEED_MAX,
    VARIANT_LABELS,
    Field,
    Table,
    data_fields,
    kernel_fields,
    run_fields,
)

# Presenter mode (larger fonts and markers, less chrome) is the lab's, one for every page
# (lab.PRESENTER): each page's field declares only its toggle's key and its link parameter
# (``<prefix>presenter=true``), which show and set the lab's value (ui.parts.style).
PRESENTER = Field("presenter", lab.DECLARED[lab.PRESENTER].default, "bool")

PLAYGROUND = Table(
    PREFIX,
    (
        *data_fields(),
        *run_fields(),
        Field("variant", "classic", "choice", VARIANT_LABELS, said="variant"),
        *kernel_fields(),
        Field("online", False, "bool"),  # drawn points arrive, are predicted, then learned
        PRESENTER,
    ),
    own=("anim", "anim_chart", "epochs"),  # the animation's toggle and chart, the epochs'
)
# The kernel page opens on XOR with a degree-2 kernel, which separates it.
KERNEL = Table(
    "kn_",
    (*data_fields(generator="xor"), *run_fields(max_epochs=50), *kernel_fields(), PRESENTER),
    own=("epochs",),  # the epochs' chart
)
# Batch against single-sample: the notes' 004 example is where the two first differ.
BATCH = Table(
    "bt_",
    (
        *data_fields(source="examples", example="notes_rule_004"),
        *run_fields(max_epochs=50),
        PRESENTER,
    ),
    # the charts (J_p and errors, each start and rule's learning rates, least squares), the
    # lines of numbers
    own=(
        "curves",
        "least_squares",
        *(f"eta_{s}_{r}" for s in ("zero", "random") for r in ("classic", "batch")),
        "bound",
        "batch_line",
        "single_line",
    ),  # fmt: skip
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
    own=("accuracy", "go_best", "agree", "bound"),  # the chart, the button, the lines
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
    own=("count", "effect"),  # the game's lines under the board
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
        Field("slice", "current", "choice", SLICES, said="choice.slice"),  # cut at this b
        Field("slice_b", 0.0, "float", low=-1e6, high=1e6),  # the fixed slice's b
        Field("cone_rows", "data", "choice", CONE_ROWS, said="choice.cone_rows"),  # the LP's rows
        Field("rows", CONE_DEFAULT_ROWS, "text", high=CONE_ROWS_CHARS),  # typed rows of A
        PRESENTER,
    ),
    own=("space", "weights"),  # the augmented space's chart and the weight space's
)
# The proofs as they happen: the 004 notebook's data (255 mistakes under a bound of 26,115),
# and how the charts' axes are drawn (log: the run's mistakes and the far bound both show).
AXES = {"log": "log", "linear": "linear"}
PROOF = Table(
    "pf_",
    (
        *data_fields(source="examples", example="notes_rule_004"),
        *run_fields(),
        Field("axes", "log", "choice", AXES, said="choice.axes"),
        PRESENTER,
    ),
    own=("epochs", "squeeze", "distance", "norm", "cosine"),  # the proof's charts
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
    own=("margin_chart", "dimension_chart", "histograms", "bounds", "boundaries"),  # charts
)
# You are the perceptron: a level (its widget in the link) and the exercise's seed (moved by
# the page: a link without one gets a fresh seed, so each student's numbers differ). Not a
# stepping page (no data picker, no run settings, no lecture scene): not in TABLES; its
# parts' keys are declared by ui.practice.part.
PRACTICE = Table(
    "pr_",
    (
        Field("level", 1, "choice", {k: str(k) for k in pc.practice.LEVELS}),
        Field("seed", 0, "int", low=0, high=PRACTICE_SEED_MAX, bound=False),
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
PRESENTER_PARAMS = tuple(t.key(PRESENTER.name) for t in TABLES)  # a link's presenter mode, per page
# The boxes whose options are said in the lab's language (Field.said): set again to their
# choices when the language changes (ui.parts.settings), so each shows its new name.
SAID_CHOICES = tuple(
    t.key(f.name) for t in TABLES for f in t.fields.values() if f.kind == "choice" and f.said
)


def param_key(generator: str, name: str, table: Table = PLAYGROUND) -> str:
    """The widget key of a generator parameter: ``<prefix><generator>_<name>``.

    One key per generator, because two generators may give the same parameter name
    different ranges (``spread``), and a widget must keep its identity to keep its value.
    """
    return table.param_key(generator, name)
