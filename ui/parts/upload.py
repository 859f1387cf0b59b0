"""The data picker's upload box: a file (CSV and its relatives, Excel, gzip), its sheet,
the columns and classes to use, and what to say when the file is not here (uploaded on
another page, lost by a restart, not carried by a link).
"""

from __future__ import annotations

import streamlit as st
from streamlit.runtime.uploaded_file_manager import DeletedFile

import datasets
from ui import compute, limits, state, text
from ui.parts.sources import DataChoice
from ui.parts.style import UPLOAD_CSS
from ui.state import Table, owns
from ui.state.lab import UPLOAD as LAB_UPLOAD
from ui.words import t as say

# The upload box's own keys: the box, the file read, its sheet and its columns' choices.
CSV_CHOICES = ("x1", "x2", "label", "positive", "negative")
OWN = owns(
    "upload",
    *("csv_file", "csv_sheet", "csv_sheet_of", "csv_train_on"),
    *(f"csv_{k}" for k in CSV_CHOICES),
)

UPLOAD_LOST = (
    "Your uploaded file is no longer on this server (the server restarted or you were moved "
    "to another): upload it again (remove its name with × first: the browser does not send "
    "a file it thinks it has already sent)."
)


def _ss():
    return st.session_state


def panel(page: Table, wide: bool = False) -> DataChoice:
    """The upload box and its pickers; ``wide``: the page trains on more than two features
    (as for ``ui.parts.data.open_page``)."""
    ss = _ss()
    limit_mb = limits.MAX_FILE_BYTES // 2**20
    # No type filter: the loader recognises the file by its content and says what it is
    # (an old .xls, a PDF, ...). A file over the size limit is refused by the browser
    # before it is sent; UPLOAD_CSS shows the reason next to it, in the app's words.
    file = st.file_uploader(
        say("upload.label"),
        key=page.own("upload"),
        max_upload_size=limit_mb,
        help=say("upload.help"),
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
        said = (say("upload.wide" if wide else "upload.two", mb=limit_mb),)
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
