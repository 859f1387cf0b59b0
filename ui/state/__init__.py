"""A page's state declared once: fields, widget keys, the cursor and the URL.

A ``Table`` of ``Field``s declares everything a shared link must reproduce (where the data
comes from, the generator's parameters and seed, the preprocessing, the algorithm
settings, the step and the drawn points): each field's default, type, range or options,
and whether a URL-bound widget carries it. Widget keys (``prefix + name``, so two pages
never collide), defaults and the link check (``Table.link_spec``) all derive from it.

Most fields travel in the URL through the widgets themselves (``bind="query-params"``).
Two are not widgets, so this package moves them between ``st.session_state`` and
``st.query_params`` itself: the cursor (``pg_step``, the number of example visits done) and
the drawn points (``pg_pts``, packed by ``encode_points``). Nothing here imports streamlit:
the functions take the two mappings, so tests pass plain dicts.

- ``fields``: ``Field``, ``Table`` and the groups of fields pages share, with their options.
- ``links``: the link check (``LinkSpec``, ``check_link``) and the number spellings.
- ``points``: drawn points packed for a link (``encode_points``, ``decode_points``).
- ``tables``: every page's table (``PLAYGROUND``, ``KERNEL``, ...).
- ``session``: the cursor and the drawn points between the session and the URL.
"""

from ui.limits import MAX_EPOCHS_LIMIT as MAX_EPOCHS_LIMIT
from ui.limits import MAX_LINK as MAX_LINK  # read as state.MAX_LINK by tests
from ui.limits import MAX_URL_POINTS as MAX_URL_POINTS
from ui.state.fields import (
    DEGREES,
    ETAS,
    EXAMPLES,
    GENERATED,
    KERNEL_NAMES,
    ORDERS,
    PLAY_UNITS,
    PLAYGROUND_VARIANTS,
    PREFIX,
    PREPROCESSING_LABELS,
    SEED_MAX,
    SOURCES,
    SPEEDS,
    STARTS,
    VARIANT_LABELS,
    WIDTHS,
    Field,
    Table,
    data_fields,
    kernel_fields,
    owners,
    owns,
    run_fields,
)
from ui.state.links import (
    LinkSpec,
    check_link,
    count_words,
    read_number,
    repeated_params,
    spellings,
    unknown_params,
)
from ui.state.points import GRID, decode_points, encode_points, snap
from ui.state.session import END_STEP, init_session, sync_url
from ui.state.tables import (
    ADVERSARY_GAMMAS,
    AXES,
    BATCH,
    CONE_DEFAULT_ROWS,
    CONE_ROWS,
    DEFAULTS,
    DIMENSION_TOPS,
    EXPERIMENTS,
    FIELDS,
    KERNEL,
    MARGIN_STEPS,
    ONLINE,
    PLAYGROUND,
    POINTS_PARAM,
    POINTS_TOTAL_PARAM,
    PRACTICE,
    PRESENTER,
    PRESENTER_PARAMS,
    PROOF,
    SAID_CHOICES,
    SLICES,
    SPACE,
    STEP_PARAM,
    TABLES,
    VARIANTS,
    key,
    param_key,
)

__all__ = [
    "ADVERSARY_GAMMAS", "AXES", "BATCH", "CONE_DEFAULT_ROWS", "CONE_ROWS", "DEFAULTS",
    "DEGREES", "DIMENSION_TOPS", "END_STEP", "ETAS", "EXAMPLES", "EXPERIMENTS", "FIELDS",
    "GENERATED", "GRID", "KERNEL", "KERNEL_NAMES", "MARGIN_STEPS", "MAX_LINK",
    "MAX_EPOCHS_LIMIT", "MAX_URL_POINTS", "ONLINE", "ORDERS", "PLAYGROUND",
    "PLAYGROUND_VARIANTS", "PLAY_UNITS", "POINTS_PARAM", "POINTS_TOTAL_PARAM", "PRACTICE", "PREFIX",
    "PREPROCESSING_LABELS", "PRESENTER", "PRESENTER_PARAMS", "PROOF", "SAID_CHOICES", "SEED_MAX",
    "SLICES", "SOURCES", "SPACE", "SPEEDS", "STARTS", "STEP_PARAM", "TABLES", "VARIANTS",
    "VARIANT_LABELS", "WIDTHS", "Field", "LinkSpec", "Table", "check_link", "count_words",
    "repeated_params", "unknown_params",
    "data_fields", "decode_points", "encode_points", "init_session", "kernel_fields", "key",
    "owners", "owns", "param_key", "read_number", "run_fields", "snap", "spellings",
    "sync_url",
]  # fmt: skip
