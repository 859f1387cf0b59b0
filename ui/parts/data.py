"""The data picker every page uses: generate, the notes' examples, draw, upload; then
preprocessing, and the one rule for bad data ("say what is wrong, keep the last good data").

Every widget takes its key, default and range from the page's ``state.Table`` (its
prefix keeps two pages apart) and is bound to the URL. What the lecturer picks is also
the lab's: ``lab_data`` (the fields' values and the drawn points) and ``lab_upload`` (the
last uploaded dataset), set up in ``app.py``; a page opened without data of its own in the
link starts from them, so data picked on one page is there on the next.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial

import numpy as np
import streamlit as st
from streamlit.runtime.uploaded_file_manager import DeletedFile

import datasets
from ui import compute, guard, limits, state, text
from ui.parts import link, widgets
from ui.parts.style import UPLOAD_CSS, presenter_toggle
from ui.state import Table, owns
from ui.state.lab import DATA as LAB_DATA
from ui.state.lab import DATASET as LAB_DATASET
from ui.state.lab import UPLOAD as LAB_UPLOAD

# The picker's own keys: the lab's data adopted once, the board's last edit and the data it
# shows, the last good dataset, New data, the upload box and its columns' choices.
CSV_CHOICES = ("x1", "x2", "label", "positive", "negative")
OWN = owns(
    *("adopted", "data_edit", "draw_shown", "good", "new_data", "upload"),
    *("csv_file", "csv_sheet", "csv_sheet_of", "csv_train_on"),
    *(f"csv_{k}" for k in CSV_CHOICES),
)

QP = "query-params"
GENERATED, EXAMPLES = state.GENERATED, state.EXAMPLES
DRAW_BOX = 2.0  # the empty drawing board spans [-2, 2] x [-2, 2]
DATA_FIELDS = ("source", "generator", "example", "n", "seed", "noise", "preprocessing")
UPLOAD_LOST = (
    "Your uploaded file is no longer on this server (the server restarted or you were moved "
    "to another): upload it again (remove its name with × first: the browser does not send "
    "a file it thinks it has already sent)."
)
UPLOAD_HELP = (
    "Comma, semicolon, tab or | separated text (with or without a header, any common "
    "encoding, decimal commas), any sheet of an Excel .xlsx file, or a gzip'd CSV (.gz)."
)


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
    source = widgets.choice(page, "source", "Data")
    try:
        if source == "generate":
            return _generate(page)
        if source == "examples":
            return _examples(page)
        if source == "draw":
            return _draw(page)
        return _upload(page, wide)
    except datasets.DatasetError as exc:
        return DataChoice(None, str(exc))


def _generate(page: Table) -> DataChoice:
    name = widgets.pick(page, "generator", "Generator")
    spec = datasets.GENERATORS[name]
    st.caption(spec.description)
    params = tuple((p.name, _param_widget(page, name, p)) for p in spec.params)
    low, high = spec.n_range
    n = st.number_input(
        "Points n",
        min_value=page["n"].low,
        max_value=page["n"].high,
        value=page.defaults.n,
        key=page.key("n"),
        bind=QP,
    )
    if not low <= n <= high:
        return DataChoice(None, f"n must be between {low} and {high} for {spec.label}")
    noise = st.slider(
        datasets.NOISE.label,
        page["noise"].low,
        page["noise"].high,
        page.defaults.noise,
        datasets.NOISE.step,
        key=page.key("noise"),
        bind=QP,
        help=datasets.NOISE.help,
    )
    seed = _seed_row(page)
    return DataChoice(compute.generated(name, int(n), seed, float(noise), params))


def _seed_row(page: Table) -> int:
    left, right = st.columns([3, 2], vertical_alignment="bottom")
    seed = left.number_input(
        "Seed",
        min_value=page["seed"].low,
        max_value=page["seed"].high,
        step=1,
        key=page.key("seed"),
        bind=QP,
    )
    right.button(
        "New data", key=page.own("new_data"), on_click=_new_seed, args=(page,), help="Seed + 1"
    )
    return int(seed)


def _new_seed(page: Table) -> None:
    seed = int(_ss().get(page.key("seed"), 0))
    _ss()[page.key("seed")] = seed + 1 if seed < page["seed"].high else 0


def _param_widget(page: Table, generator: str, p: datasets.Param):
    k = page.param_key(generator, p.name)
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


def _examples(page: Table) -> DataChoice:
    name = widgets.pick(page, "example", "Dataset")
    spec = datasets.GENERATORS[name]
    st.caption(spec.description)
    seed = _seed_row(page) if spec.uses_seed else 0
    return DataChoice(compute.generated(name, None, seed, 0.0, ()))


# ------------------------------------------------------------------------- draw
def _draw(page: Table) -> DataChoice:
    ss = _ss()
    X, y = ss[page.own("points")]
    st.segmented_control(
        "Class of the next point",
        [1, -1],
        format_func={1: "+1 (blue ●)", -1: "−1 (orange ■)"}.get,
        default=page.defaults.draw_class,
        required=True,
        key=page.key("draw_class"),
    )
    st.caption("Click empty chart space to add a point; click a point to remove it.")
    undo, clear = st.columns(2)
    undo.button(
        "Undo",
        key=page.own("undo_button"),
        on_click=undo_points,
        args=(page,),
        disabled=not ss[page.own("undo")],
    )
    clear.button(
        "Clear", key=page.own("clear"), on_click=set_points, args=(page, np.zeros((0, 2)), [])
    )
    with st.expander("Add a point by its coordinates"):
        a, b = st.columns(2)
        a.number_input("x1", value=0.0, step=0.1, format="%.3f", key=page.own("add_x1"))
        b.number_input("x2", value=0.0, step=0.1, format="%.3f", key=page.own("add_x2"))
        st.button("Add point", key=page.own("add_point"), on_click=_add_typed_point, args=(page,))
    if len(y) > limits.MAX_URL_POINTS:
        st.caption(
            f"{len(y):,} points: the link keeps the first {limits.MAX_URL_POINTS} "
            "(download the dataset to keep them all)."
        )
    return DataChoice(datasets.Dataset(X, y, source="drawn points"), drawing=True)


def set_points(page: Table, X, y, *, edit: str = "edit") -> None:
    """Replace the drawn points, keeping the old ones for Undo."""
    ss = _ss()
    ss[page.own("undo")].append(ss[page.own("points")])
    del ss[page.own("undo")][:-50]
    X = np.array([[state.snap(a), state.snap(b)] for a, b in np.reshape(X, (-1, 2))])
    ss[page.own("points")] = (X.reshape(-1, 2), np.asarray(y, dtype=np.int64))
    ss[page.own("data_edit")] = edit


def undo_points(page: Table) -> None:
    ss = _ss()
    if ss[page.own("undo")]:
        ss[page.own("points")] = ss[page.own("undo")].pop()
        ss[page.own("data_edit")] = "undo"


def add_point(page: Table, x: float, y: float) -> None:
    """Add a point of the chosen class at (x, y) in the shown coordinates."""
    ss = _ss()
    shown = ss.get(page.own("draw_shown"))
    label = int(ss.get(page.key("draw_class"), page.defaults.draw_class))
    if shown is None:
        shown = datasets.Dataset(*ss[page.own("points")])
    new = shown.with_points_added((x, y), label).raw
    set_points(page, new.X, new.y, edit="add")


def remove_point_near(page: Table, x: float, y: float) -> None:
    shown = _ss().get(page.own("draw_shown"))
    if shown is None or shown.n == 0:
        return
    new = shown.without_point_nearest(x, y).raw
    set_points(page, new.X, new.y, edit="remove")


def _add_typed_point(page: Table) -> None:
    ss = _ss()
    add_point(page, float(ss[page.own("add_x1")]), float(ss[page.own("add_x2")]))


def _board_click(page: Table, click: dict) -> None:
    if click.get("point") is not None:
        remove_point_near(page, click["x"], click["y"])
    else:
        add_point(page, click["x"], click["y"])
    st.rerun()  # the chart lives in a fragment; the data outside it changed


def board_click(page: Table):
    """The plot_click callback of the page's drawing board: a marker hit removes that
    point, empty space adds one."""
    return partial(_board_click, page)


def drawing_box(box):
    """An empty board to draw on, growing only with the data."""
    from ui.charts.geometry import Box

    lo, hi = min(box.x0, box.y0, -DRAW_BOX), max(box.x1, box.y1, DRAW_BOX)
    return Box(lo, hi, lo, hi)


# ----------------------------------------------------------------------- upload
def _upload(page: Table, wide: bool = False) -> DataChoice:
    ss = _ss()
    limit_mb = limits.MAX_FILE_BYTES // 2**20
    # No type filter: the loader recognises the file by its content and says what it is
    # (an old .xls, a PDF, ...). A file over the size limit is refused by the browser
    # before it is sent; UPLOAD_CSS shows the reason next to it, in the app's words.
    file = st.file_uploader(
        "Data file", key=page.own("upload"), max_upload_size=limit_mb, help=UPLOAD_HELP
    )
    st.html(UPLOAD_CSS.replace("LIMIT", f"{limit_mb} MB"))
    if file is None and isinstance(ss.get(page.own("upload")), DeletedFile):
        return _upload_lost(page)
    if file is None:
        shared = ss.get(LAB_UPLOAD)
        if shared is not None:  # uploaded on another page: the lab's data
            said = f"The file uploaded on another page: {shared.source}."
            if shared.d > 2 and not wide:  # this page draws two: the two chosen columns
                shared = two_features(shared)
                said += (
                    f" This page draws two of its columns, {shared.feature_names[0]} and "
                    f"{shared.feature_names[1]} (the Playground trains on all that were "
                    "chosen)."
                )
            return DataChoice(shared, None, (said,))
        said = (
            f"Upload a table with {'two or more' if wide else 'two'} numeric columns and a "
            "label: CSV, TSV or TXT, "
            f"Excel .xlsx, or gzip'd CSV (.gz), up to {limit_mb} MB.",
        )
        step = ss.get(page.own("link_step"))
        alert = None
        if step:  # a link made on uploaded data: the file is not in it
            at = f"the link's step {state.count_words(step)}."
            alert = (
                "This link was made on uploaded data, and a link cannot carry a file: "
                "upload the same file (and choose its columns and classes as before) and the "
                "run opens at " + ("its end." if ss.get(page.own("link_end")) else at)
            )
        return DataChoice(None, None, said, alert=alert)
    data = file.getvalue()
    # The sheet picker comes first, so another sheet can be chosen when the first one
    # cannot be read (formulas without values, a chart).
    sheets = compute.upload_sheets(file.file_id, file.name, data)
    sheet_key = page.own("csv_sheet")
    if ss.get(page.own("csv_sheet_of")) != file.file_id or ss.get(sheet_key) not in sheets:
        ss[page.own("csv_sheet_of")] = file.file_id
        ss[sheet_key] = sheets[0] if sheets else None  # a new file starts on its first sheet
    if len(sheets) > 1:
        st.selectbox("Sheet", sheets, key=sheet_key, format_func=_short)
    sheet = ss[sheet_key]
    info = compute.inspect_upload(file.file_id, file.name, data, sheet)
    k = {name: page.own("csv_" + name) for name in CSV_CHOICES}
    if ss.get(page.own("csv_file")) != (file.file_id, sheet):
        # A new file or sheet: start the pickers from the loader's proposal.
        ss[page.own("csv_file")] = (file.file_id, sheet)
        ss[k["x1"]], ss[k["x2"]] = info.features[:2]
        ss[k["label"]] = info.label
        ss[k["positive"]] = info.positive
        ss[k["negative"]] = info.negative
        # A file that names more than two features of its own (a dataset this lab wrote
        # from such a run) is trained on all of them; any other on the two proposed.
        ss[page.own("csv_train_on")] = "all" if len(info.features) > 2 else "two"
    numeric = list(info.numeric_columns)
    a, b = st.columns(2)
    f1 = a.selectbox("x1 column", numeric, key=k["x1"], format_func=_short)
    f2 = b.selectbox("x2 column", numeric, key=k["x2"], format_func=_short)
    labels = [c for c in info.label_candidates if c not in (f1, f2)] or [info.label]
    label = st.selectbox("Label column", labels, key=k["label"], format_func=_short)
    classes = list(info.label_candidates.get(label, ()))
    if ss.get(k["positive"]) not in classes and classes:
        ss[k["positive"]] = classes[-1]
    a, b = st.columns(2)
    positive = a.selectbox("+1 class", classes, key=k["positive"], format_func=_short)
    others = [c for c in classes if c != positive] + (["rest"] if len(classes) > 2 else [])
    if ss.get(k["negative"]) not in others and others:
        ss[k["negative"]] = others[0]
    negative = b.selectbox(
        "−1 class", others, key=k["negative"], help="rest: all others", format_func=_short
    )
    if f1 == f2:
        return DataChoice(None, "choose two different feature columns")
    features = (f1, f2)
    if wide:
        features = _train_on(page, info, f1, f2, label)
    values = info.n_rows * len(features)
    if values > compute.MAX_TRAIN_VALUES:
        return DataChoice(
            None,
            f"{info.n_rows:,} rows × {len(features)} columns is more than the "
            f"{compute.MAX_TRAIN_VALUES:,} values the page trains on live: train on fewer "
            "columns (or a file with fewer rows).",
        )
    ds = compute.load_upload(
        file.file_id, file.name, data, features, label, positive, negative, info.sheet or None
    )
    ss[LAB_UPLOAD] = ds  # the lab's: another page in upload mode opens on it
    dropped = int(ds.params.get("dropped_rows", 0))
    excluded = int(ds.params.get("excluded_rows", 0))
    used = f"{ds.n:,} rows used, {dropped:,} dropped"
    if excluded:
        used += f", {excluded:,} of other classes left out"
    picked = tuple(n for n in ds.params.get("notes", ()) if n not in info.notes)
    if ds.d > 2:
        picked += (f"Training on {ds.d} columns: " + ", ".join(ds.feature_names) + ".",)
    return DataChoice(ds, None, (used, info.describe(), *picked))


def _train_on(page: Table, info: datasets.CsvInfo, f1: str, f2: str, label: str) -> tuple:
    """The columns to train on: x1 and x2, or every numeric column of the file but the
    label and ids (x1 and x2 first), as the "Train on" choice says (offered when the file
    has more than two)."""
    columns = [c for c in info.feature_columns if c not in (f1, f2, label)]
    if not columns:
        return (f1, f2)
    key = page.own("csv_train_on")
    if _ss().get(key) not in ("two", "all"):
        _ss()[key] = "two"
    labels = {
        "two": "x1 and x2: the chart shows them",
        "all": f"all {len(columns) + 2} numeric columns",
    }
    choice = st.radio(
        "Train on",
        tuple(labels),
        format_func=labels.get,
        key=key,
        help="All columns: the run, the verdict and the bound are in that many dimensions, "
        "and the chart shows each point's score w·x + b against a second direction.",
    )
    return (f1, f2, *columns) if choice == "all" else (f1, f2)


def two_features(ds: datasets.Dataset) -> datasets.Dataset:
    """The dataset on its first two features (an upload's x1 and x2), for a page that
    draws two."""
    return datasets.Dataset(
        ds.X[:, :2], ds.y, ds.feature_names[:2], ds.class_names, ds.source, ds.params
    )


def _upload_lost(page: Table) -> DataChoice:
    """The upload box still names a file whose bytes this server does not have: uploads live
    in the process that received them, so after a restart, or on another replica, the
    browser's file is gone here. Said plainly; the link (settings, step) stays as it is, and
    the same file uploaded again opens the run at the link's step."""
    step = _ss().get(page.own("link_step"))
    at = ""
    if step:
        at = " The run then opens at " + (
            "its end."
            if _ss().get(page.own("link_end"))
            else f"the link's step {state.count_words(step)}."
        )
    return DataChoice(None, None, alert=UPLOAD_LOST + at)


def _short(name) -> str:
    """A column or class name from a file, as a select box shows it: one line, cut short."""
    return text.shorten(name, limits.NAME_LIMIT)


# ---------------------------------------------------------------- preprocessing
def preprocessing_widget(page: Table) -> str:
    return widgets.choice(
        page,
        "preprocessing",
        "Preprocessing",
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


# -------------------------------------------------- bad data: keep the last good
def settle(
    page: Table,
    choice: DataChoice,
    prep: str,
    *,
    max_points: int | None = None,
    what: str = "this page",
    settings=None,
    max_features: int | None = 2,
    verb: str = "draws",
) -> datasets.Dataset:
    """The dataset to show: the choice preprocessed, or, when it cannot be used, the
    previous good data with what was wrong said once (``st.stop()`` when there is none).

    ``max_points``: the most the page draws (default ``limits.PLAYGROUND_POINTS``);
    ``settings``: the run's settings, part of the guard's fingerprint (data that crashed
    the page with them is not tried again); ``max_features``: the most features the page
    takes (None: any); ``verb``: what the page does with at most ``max_points`` ("draws",
    or "trains on" for a page that draws a sample).
    """
    ss = _ss()
    max_points = limits.PLAYGROUND_POINTS if max_points is None else max_points
    ds, error = choice.dataset, choice.error
    if ds is not None and error is None:
        try:
            ds = ds.preprocessed(prep)
        except datasets.DatasetError as exc:
            ds, error = None, str(exc)
    if ds is not None and error is None:
        if ds.n > max_points:
            error = f"{ds.n:,} points: {what} {verb} at most {max_points:,}."
        elif max_features is not None and ds.d > max_features:
            error = (
                f"{ds.d} features: {what} draws {max_features}; in the upload box, train "
                "on x1 and x2."
            )
        elif guard.is_bad(guard.fingerprint(ds.X, ds.y, settings)):
            error = "This data could not be drawn (the details are in the server's log)."
    if error:  # say what is wrong and keep showing the previous good data
        st.error(text.plain(error, 400))  # messages carry names from files and links
        ds = None if choice.drawing else ss.get(page.own("good"))
        if ds is not None:
            st.caption(f"Still showing the previous data: {text.plain(ds.source)}.")
    if choice.alert:
        st.info(text.plain(choice.alert, 400))
    for note in choice.notes:
        st.caption(text.plain(note, 400))
    if ds is None:
        st.stop()
    guard.attempt(guard.fingerprint(ds.X, ds.y, settings))
    ss[page.own("draw_shown")] = ds if choice.drawing else None  # clicks are in these coords
    return ds


def remember_good(page: Table, ds: datasets.Dataset, choice: DataChoice) -> None:
    """The page drew ``ds`` without an error: the data to fall back on, and the lab's."""
    ss = _ss()
    if not choice.drawing:
        ss[page.own("good")] = ss[LAB_DATASET] = ds
    share(page, choice.drawing)
