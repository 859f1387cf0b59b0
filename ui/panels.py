"""The Playground's widgets: each function draws one group and returns plain values.

Every widget takes its key, default and range or options from the page's declared state
(``state.PLAYGROUND``: ``state.key`` / ``state.param_key``, ``pg_...``); the scenario's
widgets are bound to the URL, and the link check derives from the same table.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import streamlit as st

import datasets
from ui import compute, export, figures, state, text
from ui.state import DEFAULTS, key, param_key
from ui.text import KEYS

QP = "query-params"
GENERATED, EXAMPLES = state.GENERATED, state.EXAMPLES
FIELDS = state.PLAYGROUND  # the page's declared state: defaults, ranges, options
DRAW_BOX = 2.0  # the empty drawing board spans [-2, 2] x [-2, 2]
# Presenter mode: everything larger (rem units follow the root font size), less chrome.
# The equations: a little smaller than KaTeX's display size, and a line that still does not
# fit scrolls inside its block instead of being cut off at the column's edge.
PAGE_CSS = """<style>
.st-key-pg_numbers .katex-display {overflow-x: auto; overflow-y: hidden; padding: 2px 0;}
.st-key-pg_numbers .katex-display > .katex {font-size: 1.08em;}
</style>"""

PRESENTER_CSS = """<style>
html {font-size: 20px;}
[data-testid="stToolbarActions"], [data-testid="stMainMenu"], [data-testid="stAppDeployButton"],
[data-testid="stDecoration"] {
  display: none;
}
</style>"""

UPLOAD_HELP = (
    "Comma, semicolon or tab separated text (with or without a header, any common "
    "encoding, decimal commas), the first sheet of an Excel .xlsx file, or a .gz of either."
)
# Streamlit marks an over-size file with an error it only shows on hover; this shows it
# under the file, followed by what to do.
UPLOAD_CSS = """<style>
[data-testid="stFileChip"][aria-invalid="true"] {flex-wrap: wrap;}
[data-testid="stFileChip"][aria-invalid="true"] span[role="alert"] {
  flex: 1 0 100%;
  position: static !important; width: auto !important; height: auto !important;
  clip: auto !important; clip-path: none !important; overflow: visible !important;
  white-space: normal !important; margin: 0 !important; display: block;
  color: #b00020; font-size: 0.85rem;
}
[data-testid="stFileChip"][aria-invalid="true"] span[role="alert"]::after {
  content: " Perceptron Lab reads files up to LIMIT: keep the columns you need, \
sample the rows, or gzip the CSV.";
}
</style>"""


@dataclass
class DataChoice:
    """The data the panel produced: a raw dataset (or None), and what to tell the user."""

    dataset: datasets.Dataset | None
    error: str | None = None
    notes: list[str] = field(default_factory=list)
    drawing: bool = False


def _label(name: str) -> str:
    return datasets.GENERATORS[name].label


# ------------------------------------------------------------------------- link
def link_spec() -> state.LinkSpec:
    """What every URL-bound widget of the page accepts (checked by ``state.check_link``):
    the page's declared fields, and each generator's parameters from the registry."""
    choices: dict[str, dict[str, str]] = {}
    numbers: dict[str, tuple] = {}
    flags = []
    for name in (*GENERATED, *EXAMPLES):
        for p in datasets.GENERATORS[name].params:
            k = param_key(name, p.name)
            if p.kind == "choice":
                choices[k] = state.spellings({c: c for c in p.choices})
            elif p.kind == "bool":
                flags.append(k)
            else:
                numbers[k] = (p.min, p.max, p.kind == "int")
    return state.PLAYGROUND.link_spec(state.LinkSpec(choices, numbers, tuple(flags)))


# ------------------------------------------------------------------------- data
def data_panel() -> DataChoice:
    source = st.segmented_control(
        "Data",
        list(state.SOURCES),
        format_func=state.SOURCES.get,
        default=DEFAULTS.source,
        required=True,
        key=key("source"),
        bind=QP,
    )
    try:
        if source == "generate":
            return _generate()
        if source == "examples":
            return _examples()
        if source == "draw":
            return _draw()
        return _upload()
    except datasets.DatasetError as exc:
        return DataChoice(None, str(exc))


def _generate() -> DataChoice:
    name = st.selectbox(
        "Generator",
        GENERATED,
        index=GENERATED.index(DEFAULTS.generator),
        format_func=_label,
        key=key("generator"),
        bind=QP,
    )
    spec = datasets.GENERATORS[name]
    st.caption(spec.description)
    params = tuple((p.name, _param_widget(name, p)) for p in spec.params)
    low, high = spec.n_range
    n = st.number_input(
        "Points n",
        min_value=FIELDS["n"].low,
        max_value=FIELDS["n"].high,
        value=DEFAULTS.n,
        key=key("n"),
        bind=QP,
    )
    if not low <= n <= high:
        return DataChoice(None, f"n must be between {low} and {high} for {spec.label}")
    noise = st.slider(
        datasets.NOISE.label,
        FIELDS["noise"].low,
        FIELDS["noise"].high,
        DEFAULTS.noise,
        datasets.NOISE.step,
        key=key("noise"),
        bind=QP,
        help=datasets.NOISE.help,
    )
    seed = _seed_row()
    return DataChoice(compute.generated(name, int(n), seed, float(noise), params))


def _seed_row() -> int:
    left, right = st.columns([3, 2], vertical_alignment="bottom")
    seed = left.number_input(
        "Seed",
        min_value=FIELDS["seed"].low,
        max_value=FIELDS["seed"].high,
        step=1,
        key=key("seed"),
        bind=QP,
    )
    right.button("New data", key="pg_new_data", on_click=_new_seed, help="Seed + 1")
    return int(seed)


def _new_seed() -> None:
    seed = int(st.session_state.get(key("seed"), 0))
    st.session_state[key("seed")] = seed + 1 if seed < FIELDS["seed"].high else 0


def _param_widget(generator: str, p: datasets.Param):
    k = param_key(generator, p.name)
    if p.kind == "bool":
        return st.toggle(p.label, value=bool(p.default), key=k, bind=QP, help=p.help)
    if p.kind == "choice":
        return st.selectbox(
            p.label, p.choices, index=p.choices.index(p.default), key=k, bind=QP, help=p.help
        )
    cast = int if p.kind == "int" else float
    default = cast(p.default) if p.default is not None else cast(p.min)
    return st.slider(
        p.label, cast(p.min), cast(p.max), default, cast(p.step), key=k, bind=QP, help=p.help
    )


def _examples() -> DataChoice:
    name = st.selectbox(
        "Dataset",
        EXAMPLES,
        index=EXAMPLES.index(DEFAULTS.example),
        format_func=_label,
        key=key("example"),
        bind=QP,
    )
    spec = datasets.GENERATORS[name]
    st.caption(spec.description)
    seed = _seed_row() if spec.uses_seed else 0
    return DataChoice(compute.generated(name, None, seed, 0.0, ()))


def _draw() -> DataChoice:
    X, y = st.session_state["pg_points"]
    st.segmented_control(
        "Class of the next point",
        [1, -1],
        format_func={1: "+1 (blue ●)", -1: "−1 (orange ■)"}.get,
        default=DEFAULTS.draw_class,
        required=True,
        key=key("draw_class"),
    )
    st.caption("Click empty chart space to add a point; click a point to remove it.")
    undo, clear = st.columns(2)
    undo.button(
        "Undo", key="pg_undo_button", on_click=undo_points, disabled=not st.session_state["pg_undo"]
    )
    clear.button("Clear", key="pg_clear", on_click=set_points, args=(np.zeros((0, 2)), []))
    st.toggle(
        "Online: each new point arrives, is predicted, then learned",
        value=DEFAULTS.online,
        key=key("online"),
        bind=QP,
        help="The mistake-bound setting of the notes (001). Without it, changing the data "
        "starts the run again.",
    )
    with st.expander("Add a point by its coordinates"):
        a, b = st.columns(2)
        a.number_input("x1", value=0.0, step=0.1, format="%.3f", key="pg_add_x1")
        b.number_input("x2", value=0.0, step=0.1, format="%.3f", key="pg_add_x2")
        st.button("Add point", key="pg_add_point", on_click=_add_typed_point)
    if len(y) > state.MAX_URL_POINTS:
        st.caption(
            f"{len(y):,} points: the link keeps the first {state.MAX_URL_POINTS} "
            "(download the dataset to keep them all)."
        )
    ds = datasets.Dataset(X, y, source="drawn points")
    return DataChoice(ds, drawing=True)


def set_points(X, y, *, edit: str = "edit") -> None:
    """Replace the drawn points, keeping the old ones for Undo."""
    st.session_state["pg_undo"].append(st.session_state["pg_points"])
    del st.session_state["pg_undo"][:-50]
    X = np.array([[state.snap(a), state.snap(b)] for a, b in np.reshape(X, (-1, 2))])
    st.session_state["pg_points"] = (X.reshape(-1, 2), np.asarray(y, dtype=np.int64))
    st.session_state["pg_data_edit"] = edit


def undo_points() -> None:
    if st.session_state["pg_undo"]:
        st.session_state["pg_points"] = st.session_state["pg_undo"].pop()
        st.session_state["pg_data_edit"] = "undo"


def add_point(x: float, y: float) -> None:
    """Add a point of the chosen class at (x, y) in the shown coordinates."""
    shown = st.session_state.get("pg_draw_shown")
    label = int(st.session_state.get(key("draw_class"), DEFAULTS.draw_class))
    if shown is None:
        shown = datasets.Dataset(*st.session_state["pg_points"])
    new = shown.with_points_added((x, y), label).raw
    set_points(new.X, new.y, edit="add")


def remove_point_near(x: float, y: float) -> None:
    shown = st.session_state.get("pg_draw_shown")
    if shown is None or shown.n == 0:
        return
    new = shown.without_point_nearest(x, y).raw
    set_points(new.X, new.y, edit="remove")


def _add_typed_point() -> None:
    add_point(float(st.session_state["pg_add_x1"]), float(st.session_state["pg_add_x2"]))


def on_board_click(click: dict) -> None:
    """plot_click callback: a marker hit removes that point, empty space adds one."""
    if click.get("point") is not None:
        remove_point_near(click["x"], click["y"])
    else:
        add_point(click["x"], click["y"])
    st.rerun()  # the chart lives in a fragment; the data outside it changed


def _upload() -> DataChoice:
    limit_mb = datasets.MAX_FILE_BYTES // 2**20
    # No type filter: the loader recognises the file by its content and says what it is
    # (an old .xls, a PDF, ...). A file over the size limit is refused by the browser
    # before it is sent; UPLOAD_CSS shows the reason next to it, in the app's words.
    file = st.file_uploader(
        "Data file", key="pg_upload", max_upload_size=limit_mb, help=UPLOAD_HELP
    )
    st.html(UPLOAD_CSS.replace("LIMIT", f"{limit_mb} MB"))
    if file is None:
        return DataChoice(
            None,
            None,
            [
                "Upload a table with two numeric columns and a label: CSV, TSV or TXT, "
                f"Excel .xlsx, or gzip'd CSV (.gz), up to {limit_mb} MB."
            ],
        )
    data = file.getvalue()
    if st.session_state.get("pg_csv_sheet_of") != file.file_id:
        st.session_state["pg_csv_sheet_of"] = file.file_id
        st.session_state.pop("pg_csv_sheet", None)  # a new file starts on its first sheet
    sheet = st.session_state.get("pg_csv_sheet")
    info = compute.inspect_upload(file.file_id, file.name, data, sheet)
    if len(info.sheets) > 1:
        sheet = st.selectbox(
            "Sheet", info.sheets, index=info.sheets.index(info.sheet), format_func=_short
        )
        if sheet != info.sheet:  # another sheet: its columns, its proposal
            st.session_state["pg_csv_sheet"] = sheet
            st.session_state["pg_csv_file"] = None
            st.rerun()
    if st.session_state.get("pg_csv_file") != file.file_id:
        # A new file: start the pickers from the loader's proposal.
        st.session_state["pg_csv_file"] = file.file_id
        st.session_state["pg_csv_x1"], st.session_state["pg_csv_x2"] = info.features[:2]
        st.session_state["pg_csv_label"] = info.label
        st.session_state["pg_csv_positive"] = info.positive
        st.session_state["pg_csv_negative"] = info.negative
    numeric = list(info.numeric_columns)
    a, b = st.columns(2)
    f1 = a.selectbox("x1 column", numeric, key="pg_csv_x1", format_func=_short)
    f2 = b.selectbox("x2 column", numeric, key="pg_csv_x2", format_func=_short)
    labels = [c for c in info.label_candidates if c not in (f1, f2)] or [info.label]
    label = st.selectbox("Label column", labels, key="pg_csv_label", format_func=_short)
    classes = list(info.label_candidates.get(label, ()))
    if st.session_state.get("pg_csv_positive") not in classes and classes:
        st.session_state["pg_csv_positive"] = classes[-1]
    a, b = st.columns(2)
    positive = a.selectbox("+1 class", classes, key="pg_csv_positive", format_func=_short)
    others = [c for c in classes if c != positive] + (["rest"] if len(classes) > 2 else [])
    if st.session_state.get("pg_csv_negative") not in others and others:
        st.session_state["pg_csv_negative"] = others[0]
    negative = b.selectbox(
        "−1 class", others, key="pg_csv_negative", help="rest: all others", format_func=_short
    )
    if f1 == f2:
        return DataChoice(None, "choose two different feature columns")
    ds = compute.load_upload(
        file.file_id, file.name, data, (f1, f2), label, positive, negative, info.sheet or None
    )
    notes = [info.describe()]
    dropped = int(ds.params.get("dropped_rows", 0))
    excluded = int(ds.params.get("excluded_rows", 0))
    used = f"{ds.n:,} rows used, {dropped:,} dropped"
    if excluded:
        used += f", {excluded:,} of other classes left out"
    notes.insert(0, used)
    return DataChoice(ds, None, notes)


def _short(name) -> str:
    """A column or class name from a file, as a select box shows it: one line, cut short."""
    return text.shorten(name, text.NAME_LIMIT)


PREPROCESSING_LABELS = state.PREPROCESSING_LABELS


def preprocessing_widget() -> str:
    return st.segmented_control(
        "Preprocessing",
        list(datasets.PREPROCESSING),
        format_func=PREPROCESSING_LABELS.get,
        default=DEFAULTS.preprocessing,
        required=True,
        key=key("preprocessing"),
        bind=QP,
        help="Centre moves the cloud to the origin (smaller R, often a much smaller bound); "
        "standardise also equalises the spreads; min-max maps each feature to [0, 1].",
    )


def preprocessing_effect(ds: datasets.Dataset, presenter: bool = False) -> None:
    """What each preprocessing does to R, gamma* and the bound, for this data."""
    if presenter or ds.n > 5_000 or min(ds.counts) == 0:
        return
    raw = ds.raw
    rows = {k: compute.theory(raw.preprocessed(k).X, raw.y) for k in datasets.PREPROCESSING}
    st.markdown(text.preprocessing_table(rows, ds.preprocessing))
    st.caption("R = max ‖(1, x)‖, γ* the max margin (augmented), bound = R²/γ*²; ∞: not separable.")


def _whole_number(label: str, name: str) -> int:
    """A number box for a whole-number field, its range and default from the table."""
    f = FIELDS[name]
    return int(
        st.number_input(
            label, min_value=f.low, max_value=f.high, value=f.default, key=key(name), bind=QP
        )
    )


# ------------------------------------------------------------------- algorithm
def algorithm_panel(drawing: bool) -> dict:
    """The settings of the run, as keyword arguments of ``replay.train``."""
    eta = st.select_slider(
        "Learning rate η", FIELDS["eta"].options, value=DEFAULTS.eta, key=key("eta"), bind=QP
    )
    start = st.segmented_control(
        "Start",
        list(state.STARTS),
        format_func=state.STARTS.get,
        default=DEFAULTS.start,
        required=True,
        key=key("start"),
        bind=QP,
        help="zero: w = 0, b = 0 as in the notes; random: each weight drawn N(0, 1) from a seed.",
    )
    start_seed = _whole_number("Start seed", "start_seed") if start == "random" else 0
    order = st.segmented_control(
        "Order",
        list(state.ORDERS),
        format_func=state.ORDERS.get,
        default=DEFAULTS.order,
        required=True,
        key=key("order"),
        bind=QP,
        help="fixed: the data's order every epoch; shuffled: a new permutation each epoch.",
    )
    order_seed = _whole_number("Order seed", "order_seed") if order == "shuffle" else 0
    max_epochs = _whole_number("Max epochs", "max_epochs")
    variant = st.selectbox(
        "Variant",
        state.PLAYGROUND_VARIANTS,
        key=key("variant"),
        bind=QP,
        help="The pocket, averaged, voted, kernel and batch perceptrons come next.",
    )
    online = drawing and bool(st.session_state.get(key("online"), False))
    return dict(
        variant=variant,
        eta=float(eta),
        max_epochs=1 if online else int(max_epochs),
        order="fixed" if online else order,
        order_seed=int(order_seed),
        start="zero" if online else start,
        start_seed=int(start_seed),
        online=online,
    )


# ------------------------------------------------------------------ run controls
def run_buttons(on_move, *, at_start: bool, at_end: bool, can_back: bool) -> None:
    """Step, Visit, Back, Epoch, Run to end, Reset: each with its key."""
    cols = st.columns(6, gap="small")
    for col, move in zip(cols, ("step", "visit", "back", "epoch", "end", "reset"), strict=True):
        label, shortcut, helptext = KEYS[move]
        disabled = (at_end and move in ("step", "visit", "epoch", "end")) or (
            move == "reset" and at_start
        )
        if move == "back":
            disabled = not can_back
        col.button(
            label,
            key=f"pg_{move}",
            shortcut=shortcut,
            help=helptext,
            on_click=on_move,
            args=(move,),
            disabled=disabled,
            width="stretch",
            type="primary" if move == "step" else "secondary",
        )


def play_controls(playing: bool, can_play: bool, on_toggle) -> tuple[float, str]:
    """Play / Pause, its speed and what one frame advances; returns (speed, unit)."""
    a, b, c = st.columns([1, 2, 2], vertical_alignment="bottom")
    a.button(
        "Pause" if playing else "Play",
        key="pg_play",
        shortcut="P",
        on_click=on_toggle,
        type="primary",
        width="stretch",
        disabled=not can_play,
    )
    speed = b.select_slider(
        "Seconds per frame", FIELDS["speed"].options, DEFAULTS.speed, key=key("speed"), bind=QP
    )
    unit = c.segmented_control(
        "Play advances by",
        list(state.PLAY_UNITS),
        default=DEFAULTS.play_unit,
        required=True,
        key=key("play_unit"),
        bind=QP,
    )
    st.caption("Keys: " + text.keys_help())
    return float(speed), str(unit)


def numbers_panel(run, th, ds: datasets.Dataset, t: int, w, b: float, visit) -> None:
    """w and b, the visit as equations, and the theorems at this step."""
    with st.container(key="pg_numbers"):
        _numbers(run, th, ds, t, w, b, visit)


def _numbers(run, th, ds: datasets.Dataset, t: int, w, b: float, visit) -> None:
    st.markdown(f"**{text.weights_text(w, b)}**")
    if visit is not None:
        st.markdown(text.visit_verdict(visit))
        lines = text.visit_latex(visit, ds.X[visit.index], int(ds.y[visit.index]), run.eta)
        st.latex(_gathered(lines))  # one KaTeX block per group: fewer elements per step
    if th is None:
        return
    M = run.updates_before_visit(t)
    if th.separable:
        nonzero = bool(np.any(run.w0) or run.b0)
        start = th.bound_from_start(run.w0, run.b0, run.eta) if nonzero else None
        st.markdown(
            f"**Separable.** R = {text.num(th.R)}, γ* = {text.num(th.gamma)} "
            "(in the augmented space (1, x), bias included)"
        )
        st.latex(text.bound_latex(M, th.bound, th.R, th.gamma, start))
        proof = run.proof_at(run.updates_before_visit(t), th.u, th.gamma, th.R)
        st.caption("The proof's two quantities (w with the bias as its first entry):")
        st.latex(_gathered(text.proof_latex(run.eta, proof)))
    else:
        st.warning(text.NOT_SEPARABLE)
        epochs = max(1, -(-t // run.n))
        bound = compute.hinge_bound(ds.X, ds.y, epochs)
        st.markdown(text.hinge_text(epochs, bound))
        if bound is not None:
            st.latex(text.hinge_latex(M, bound))


def _gathered(lines: list[str]) -> str:
    """Several displayed equations as one LaTeX block, each centred on its own line."""
    return r"\begin{gathered}" + r" \\[0.6em] ".join(lines) + r"\end{gathered}"


def downloads(run, ds: datasets.Dataset, chart: dict) -> None:
    """The dataset, the run and the animation; each file is made only when clicked."""
    st.markdown("**Download**")
    if min(ds.counts) > 0:
        st.download_button(
            "Dataset (CSV)",
            ds.to_csv,
            file_name="playground_data.csv",
            mime="text/csv",
            key="pg_dl_data",
            on_click="ignore",
        )
    st.download_button(
        "Run (CSV, one row per visit)",
        lambda: export.run_csv(run, feature_names=ds.feature_names),
        file_name="playground_run.csv",
        mime="text/csv",
        key="pg_dl_run",
        on_click="ignore",
    )
    st.download_button(
        "Animation (HTML, plays offline)",
        lambda: export.animation_html(animation(run, ds, chart | {"presenter": False})),
        file_name="playground_run.html",
        mime="text/html",
        key="pg_dl_html",
        on_click="ignore",
    )
    cut = f" (the first {export.MAX_RUN_ROWS:,})" if run.n_visits > export.MAX_RUN_ROWS else ""
    st.caption(
        f"The run CSV has one row per visit{cut}: step, epoch, position, index (row of the "
        "dataset), the example, y, the activation before the visit, mistake, and w, b after it."
    )
    st.caption(
        f"Data: {text.plain(ds.source)} · {ds.n} points · "
        f"{datasets.PREPROCESSING[ds.preprocessing]}"
    )


def animation(run, ds: datasets.Dataset, chart: dict):
    W, B = run.trajectory()
    return figures.animation_figure(ds.X, ds.y, W, B, update_index=run.update_index, **chart)
