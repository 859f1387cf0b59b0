"""The data picker's upload box: a file (CSV and its relatives, Excel, gzip), its sheet,
the columns and classes to use, and what to say when the file is not here (uploaded on
another page, lost by a restart, not carried by a link).
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable

import streamlit as st

import datasets
from ui import compute, limits, notation, state, text, words
from ui.parts.sources import DataChoice
from ui.parts.style import UPLOAD_CSS
from ui.platform import streamlit_internals
from ui.state import Table, owns
from ui.state.lab import UPLOAD as LAB_UPLOAD
from ui.words import t as say

# The upload box's own keys: the box, the file read, its sheet and its columns' choices.
CSV_CHOICES = ("x1", "x2", "label", "positive", "negative")
APART = ("load.note.informative", "load.note.all_separate")  # the proposal's own notes
OWN = owns(
    "upload",
    "upload_refused",
    *("csv_file", "csv_sheet", "csv_sheet_of", "csv_train_on"),
    *(f"csv_{k}" for k in CSV_CHOICES),
)

LOG = logging.getLogger("perceptron_lab")
UPLOAD_LOST = (  # in English; said in the lab's language as "load.lost"
    "Your uploaded file is no longer on this server (the server restarted or you were moved "
    "to another): upload it again (remove its name with × first: the browser does not send "
    "a file it thinks it has already sent)."
)
SEPARATORS = {",": "comma", ";": "semicolon", "\t": "tab", "|": "pipe", " ": "space"}


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
    if file is None and streamlit_internals.is_deleted_file(ss.get(page.own("upload"))):
        return _upload_lost(page)
    if file is None:
        shared = ss.get(LAB_UPLOAD)
        if shared is not None:  # uploaded on another page: the lab's data
            said = say("load.shared", source=shared.source)
            if shared.d > 2 and not wide:  # this page draws two: the two chosen columns
                shared = two_features(shared)
                x1, x2 = shared.feature_names[:2]
                said += say("load.shared_two", x1=x1, x2=x2)
            return DataChoice(shared, None, (said,))
        said = (say("upload.wide" if wide else "upload.two", mb=limit_mb),)
        step = ss.get(page.own("link_step"))
        alert = None
        if step:  # a link made on uploaded data: the file is not in it
            alert = say("load.link_file", at=_opens_at(page, step))
        return DataChoice(None, None, said, alert=alert)
    try:
        with datasets.cancel.when(_session_gone()):
            return _read(page, file, wide)
    except datasets.cancel.Cancelled:
        LOG.warning("refused route=upload reason=session_gone size=%d", file.size)
        st.stop()  # nobody is left to show anything to
    except datasets.DatasetError as exc:
        logged = ss.get(page.own("upload_refused"))
        if logged != (file.file_id, exc.code):  # once per file, not on every rerun
            ss[page.own("upload_refused")] = (file.file_id, exc.code)
            LOG.warning(
                "refused route=upload reason=%s size=%d file=%r",
                exc.code or "load.uncoded",
                file.size,
                text.shorten(file.name, 80),
            )
        raise
    raise AssertionError("unreachable")  # st.stop() raises


def _session_gone() -> Callable[[], bool]:
    """Whether the browser tab of this script run has gone (closed, or lost for good): a
    load it asked for then stops (``datasets.cancel``) instead of keeping the server busy.
    Never, outside a server (AppTest)."""
    return streamlit_internals.session_gone_check()


def _read(page: Table, file, wide: bool) -> DataChoice:
    """The uploaded file read: its sheet and column pickers, then the dataset."""
    ss = _ss()
    data = file.getvalue()
    # The sheet picker comes first, so another sheet can be chosen when the first one
    # cannot be read (formulas without values, a chart).
    sheets = compute.upload_sheets(file.file_id, file.name, data)
    sheet_key = page.own("csv_sheet")
    if ss.get(page.own("csv_sheet_of")) != file.file_id or ss.get(sheet_key) not in sheets:
        ss[page.own("csv_sheet_of")] = file.file_id
        ss[sheet_key] = sheets[0] if sheets else None  # a new file starts on its first sheet
    if len(sheets) > 1:
        st.selectbox(say("load.sheet"), sheets, key=sheet_key, format_func=_short)
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
    f1 = a.selectbox(say("load.x1"), numeric, key=k["x1"], format_func=_short)
    f2 = b.selectbox(say("load.x2"), numeric, key=k["x2"], format_func=_short)
    labels = [c for c in info.label_candidates if c not in (f1, f2)] or [info.label]
    label = st.selectbox(say("load.label"), labels, key=k["label"], format_func=_short)
    classes = list(info.label_candidates.get(label, ()))
    if ss.get(k["positive"]) not in classes and classes:  # another label: +1 by its words
        ss[k["positive"]] = datasets.default_positive(classes)
    a, b = st.columns(2)
    positive = a.selectbox(say("load.positive"), classes, key=k["positive"], format_func=_short)
    others = [c for c in classes if c != positive] + (["rest"] if len(classes) > 2 else [])
    if ss.get(k["negative"]) not in others and others:
        ss[k["negative"]] = others[0]
    negative = b.selectbox(
        say("load.negative"),
        others,
        key=k["negative"],
        help=say("load.rest_help"),
        format_func=_short,
    )
    if f1 == f2:
        return DataChoice(None, say("load.same_columns"))
    features = (f1, f2)
    if wide:
        features = _train_on(page, info, f1, f2, label)
    values = info.n_rows * len(features)
    if values > compute.MAX_TRAIN_VALUES:
        return DataChoice(
            None,
            say(
                "load.too_many_values",
                rows=info.n_rows,
                columns=len(features),
                most=compute.MAX_TRAIN_VALUES,
            ),
        )
    ds = compute.load_upload(
        file.file_id, file.name, data, features, label, positive, negative, info.sheet or None
    )
    ss[LAB_UPLOAD] = ds  # the lab's: another page in upload mode opens on it
    dropped = int(ds.params.get("dropped_rows", 0))
    excluded = int(ds.params.get("excluded_rows", 0))
    used = say("load.used", n=ds.n, dropped=dropped)
    if excluded:
        used += say("load.left_out", n=excluded)
    picked = tuple(loader_said(n) for n in ds.params.get("notes", ()) if n not in info.notes)
    if ds.d > 2:
        picked += (say("load.training_on", d=ds.d, names=", ".join(ds.feature_names)),)
    # Why these two columns, and whether only all columns separate: each on a line of its
    # own, not cut off at the end of the file's one-line description.
    apart = tuple(n for n in info.notes if str(getattr(n, "code", "")).startswith(APART))
    rest = dataclasses.replace(info, notes=tuple(n for n in info.notes if n not in apart))
    return DataChoice(ds, None, (used, described(rest), *map(loader_said, apart), *picked))


def described(info: datasets.CsvInfo) -> str:
    """What the loader read, in one line (``CsvInfo.describe``), in the lab's language: the
    rows, the sheet or the dialect, the rows dropped and why; the loader's notes as it wrote
    them (an English page: the loader's own line)."""
    if words.lang() == words.DEFAULT:
        return info.describe()
    parts = [say("load.rows", n=info.n_rows)]
    if info.file_type == "xlsx":
        parts.append(say("load.excel_sheet", sheet=info.sheet, n=len(info.sheets)))
    else:
        if info.file_type == "csv.gz":
            parts.append(say("load.gzip"))
        parts += [say("load.sep." + SEPARATORS[info.delimiter]), info.encoding]
    if info.decimal == ",":
        parts.append(say("load.decimal_commas"))
    if info.dropped_rows:
        why = (f"{_reason(k)}: {v}" for k, v in info.dropped_reasons.items())
        parts.append(say("load.dropped", n=info.dropped_rows, reasons=", ".join(why)))
    return "; ".join(parts + [loader_said(n) for n in info.notes])


def _reason(reason: str) -> str:
    """A dropped row's reason as the loader names it ("missing value"), in the lab's words."""
    message = "load.why." + reason.replace(" ", "_")
    return say(message) if words.has(message) else reason


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
        "two": say("load.train_two"),
        "all": say("load.train_all", n=len(columns) + 2),
    }
    choice = st.radio(
        say("load.train_on"),
        tuple(labels),
        format_func=labels.get,
        key=key,
        help=say("load.train_help", score=notation.current().score),
    )
    if choice != "all":
        return (f1, f2)
    # The x1 and x2 boxes above still name two columns: say what they do now.
    st.caption(
        say(
            "load.x_order",
            x1=text.quoted(f1, limits.NAME_LIMIT),
            x2=text.quoted(f2, limits.NAME_LIMIT),
            n=len(columns) + 2,
        )
    )
    return (f1, f2, *columns)


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
    at = say("load.lost_then", at=_opens_at(page, step)) if step else ""
    return DataChoice(None, None, alert=say("load.lost") + at)


def _opens_at(page: Table, step: int) -> str:
    """Where the run of a link made on uploaded data opens once the file is here."""
    if _ss().get(page.own("link_end")):
        return say("load.at_end")
    said = state.count_words(step)
    if said != f"{step:,}":  # "a 401-digit number": said whole in the lab's language
        return say("load.at_step_digits", digits=len(str(abs(step))))
    return say("load.at_step", step=said)


def loader_said(what: datasets.DatasetError | str) -> str:
    """The loader's message or note in the lab's language: by its code from the catalogue
    (its fields filled in), or as the loader wrote it (on an English page, and for a code
    the catalogue does not have)."""
    code = getattr(what, "code", None)
    if words.lang() == words.DEFAULT or not code or not words.has(code):
        return str(what)
    try:
        return say(code, **getattr(what, "fields", {}))
    except (KeyError, IndexError, TypeError, ValueError):  # fields not as the words expect
        return str(what)


def _short(name) -> str:
    """A column or class name from a file, as a select box shows it: one line, cut short."""
    return text.shorten(name, limits.NAME_LIMIT)
