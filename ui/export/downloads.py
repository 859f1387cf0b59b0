"""Downloads: the dataset, the run and the animation, and every page's tables (CSV); each
file is made only when clicked."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial

import streamlit as st

import datasets
import perceptron_core as pc
from ui import compute, notation, text
from ui.charts.animation import animation_figure
from ui.charts.playground import Playground
from ui.export import files as export
from ui.state import Table, owns
from ui.views import space_view
from ui.words import t

# The download buttons: the data, the run, the chart, and each page's tables (File.key).
TABLE_FILES = (
    *("epochs", "learning_rates", "scaling", "split", "accuracy", "arrivals"),
    *("cone_rows", "cone_iterations", "updates", "margins", "dimensions", "orders"),
)
OWN = owns("dl_data", "dl_run", "dl_html", *(f"dl_{k}" for k in TABLE_FILES))


def downloads(
    page: Table, run, ds: datasets.Dataset, chart: Playground | None, *, name: str, animated=True
) -> None:
    """The dataset (CSV), the run (CSV, one row per visit) and, for a run with weights, the
    animation (HTML that plays offline). ``name`` starts the files' names; ``animated``:
    False where the chart is not every point in two features (no animation is offered)."""
    st.markdown(t("dl.heading"))
    if min(ds.counts) > 0:
        st.download_button(
            t("dl.dataset"),
            ds.to_csv,
            file_name=f"{name}_data.csv",
            mime="text/csv",
            key=page.own("dl_data"),
            on_click="ignore",
        )
    st.download_button(
        t("dl.run"),
        lambda: export.run_csv(run, feature_names=ds.feature_names),
        file_name=f"{name}_run.csv",
        mime="text/csv",
        key=page.own("dl_run"),
        on_click="ignore",
    )
    if not run.is_kernel and animated:
        st.download_button(
            t("dl.animation"),
            lambda: export.animation_html(
                animation(
                    run, replace(chart, scene=replace(chart.scene, presenter=False)), fill=True
                )
            ),
            file_name=f"{name}_run.html",
            mime="text/html",
            key=page.own("dl_html"),
            on_click="ignore",
        )
    many = run.n_visits > export.MAX_RUN_ROWS
    cut = t("dl.cut", n=f"{export.MAX_RUN_ROWS:,}") if many else ""
    st.caption(t("dl.run_caption", cut=cut))  # the file's columns are named in English
    if not animated:
        st.caption(t("dl.no_animation", d=ds.d, n=f"{ds.n:,}"))
    points = t("dl.points", n=ds.n).replace(str(ds.n), f"{ds.n:,}", 1)
    st.caption(t("dl.data", source=text.plain(ds.source), points=points,
                 prep=t(f"prep.{ds.preprocessing}")))  # fmt: skip


def animation(run, chart: Playground, *, fill: bool = False):
    """The whole run as a Plotly animation of ``chart`` (the Playground's, over every point);
    ``fill``: for a page of its own (the download)."""
    W, B = run.trajectory()
    return animation_figure(chart, W, B, update_index=run.update_index, fill=fill)


@dataclass(frozen=True)
class File:
    """One table a page offers as CSV: ``key`` names the button and the file, ``label`` is
    what the button says, ``build`` makes the table (``export.table_csv``'s columns) when
    the button is clicked, not before."""

    key: str
    label: str
    build: Callable[[], object]


def tables(
    page: Table,
    ds: datasets.Dataset | None,
    files: list[File],
    *,
    name: str,
    note: str | None = None,
) -> None:
    """The page's data (the dataset as CSV, which ``datasets.load_csv`` reads back
    identically) and its tables as CSV, under a "Download" heading. ``name`` starts the
    files' names; ``note`` says what the tables hold."""
    st.markdown(t("dl.heading"))
    if ds is not None and ds.n and min(ds.counts) > 0:
        st.download_button(
            t("dl.dataset"),
            ds.to_csv,
            file_name=f"{name}_data.csv",
            mime="text/csv",
            key=page.own("dl_data"),
            on_click="ignore",
        )
    for table in files:
        st.download_button(
            f"{table.label} (CSV)",
            lambda build=table.build: export.table_csv(build()),
            file_name=f"{name}_{table.key}.csv",
            mime="text/csv",
            key=page.own(f"dl_{table.key}"),
            on_click="ignore",
        )
    if note:
        st.caption(note)


# ---------------------------------------------------------------- the pages' files
def batch(page: Table, ds, record, setup, etas) -> None:
    """/batch: per-epoch J_p and errors of both rules, the learning rates, the scaling."""

    def rates():
        return export.learning_rates(
            compute.eta_effect(ds, etas, start, setup.start_seed, setup.max_epochs, rule)
            for start in ("zero", "random")
            for rule in ("classic", "batch")
        )

    files = [
        File("epochs", t("batch.dl_epochs"), partial(export.batch_epochs, record)),
        File("learning_rates", t("batch.dl_rates"), rates),
        File("scaling", t("batch.dl_scaling"), partial(_scaling, ds, setup)),
    ]
    tables(page, ds, files, name="batch", note=t("batch.dl_note"))


def _scaling(ds, setup):
    return export.scaling(compute.scaling_effect(ds.raw, setup.eta, setup.max_epochs))


def variants(page: Table, ds, parts, acc) -> None:
    """/variants: the split (every row with its part) and the accuracy per epoch."""
    files = [
        File("split", t("variants.dl_split"), partial(export.split, ds, parts)),
        File("accuracy", t("variants.dl_accuracy"), partial(export.accuracy, acc)),
    ]
    tables(page, ds, files, name="variants", note=t("variants.dl_note"))


def online(page: Table, run, X, y) -> None:
    """/online: the arrivals with the prediction made before each label."""
    ds = datasets.Dataset(X, y, source="the arrivals") if len(y) else None
    files = [File("arrivals", t("online.arrivals_file"), partial(export.arrivals, run, X, y))]
    nt = notation.current()
    weights = nt.w if nt.augmented else f"{nt.w}, {nt.b}"
    note = t("online.download_note", score=nt.score, weights=weights)
    tables(page, ds, files, name="online", note=note)


def space(page: Table, ds, sol) -> None:
    """/space: the cone LP's rows and the perceptron's iterations through them."""
    files = []
    S = space_view.symbols()  # the rows' and the weights' symbols in the lab's notation
    if sol is not None:
        files = [
            File("cone_rows", t("space.rows_of", A=S.matrix), partial(export.cone_rows, sol)),
            File("cone_iterations", t("space.iterations_file"),
                 partial(export.cone_iterations, sol)),
        ]  # fmt: skip
    note = t("space.download_note", A=S.matrix, row=f"{S.sample}_i", dot=S.dot_i(f"{S.w}*"),
             before=S.dot_i(), w=S.w)  # fmt: skip
    tables(page, ds, files, name="space", note=note if files else None)


def proof(page: Table, ds, run, th, squeeze=None, distance=None) -> None:
    """/proof: the proof's quantities after every update (Theorem 1 along u*; on data no
    line separates, Theorem 2 after all of the run's epochs, along w*)."""
    if run is None:
        return tables(page, ds, [], name="proof")
    separable = th is not None and th.separable

    def quantities():
        if separable:
            return export.proof_updates(run, squeeze, distance)
        hb = compute.hinge_bound(ds, run.epochs)
        return export.proof_updates(run, None if hb is None else pc.theorem2(run, hb))

    # The file's columns are named in the notes' symbols (w, b), in every notation.
    files = [File("updates", t("proof.dl_updates"), quantities)]
    along = "u*" if separable else t("proof.dl_along_t2", n=run.epochs)
    long = run.n_updates + 1 > export.MAX_RUN_ROWS  # a run stopped at a million updates
    first = t("proof.dl_first", n=f"{export.MAX_RUN_ROWS:,}") if long else ""
    note = t("proof.dl_note", first=first, along=along)
    note += t("proof.dl_004") if separable else " " + t("proof.dl_t2")
    tables(page, ds, files, name="proof", note=note)


def experiments(page: Table, ds, margins, dimensions, orders) -> None:
    """/experiments: each experiment's table, one row per run."""
    files = [
        File("margins", t("experiments.dl_margins"), lambda: margins),
        File("dimensions", t("experiments.dl_dimensions"), lambda: dimensions),
        File("orders", t("experiments.dl_orders"), lambda: orders),
    ]
    note = t("experiments.dl_note")  # the columns' names as the file has them
    tables(page, ds, files, name="experiments", note=note)
