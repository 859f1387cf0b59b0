"""Cached computations of the Playground: data, the run and the theory, once per input.

The run and the theory are immutable objects, so a hit returns the same object without a
copy, and what the object computes lazily (the weight trajectory, per-epoch statistics)
stays computed. ``st.cache_data`` would unpickle a fresh copy on every rerun (megabytes for
long runs) and lose that work.

They are cached in ``ui.server.cache.STORE``, shared by all sessions and bounded by bytes rather
than by a number of entries (``st.cache_resource`` has no byte limit): at most
``cache.CEILING_BYTES`` in all, no entry over ``cache.ENTRY_LIMIT_BYTES`` kept, entries
unused for ``cache.TTL_SECONDS`` dropped (an upload's dataset after
``cache.UPLOAD_TTL_SECONDS``). See ``ui/server/cache.py``.

They take the data as a ``datasets.Dataset``, keyed by its digest (hashed once per
dataset, not on every call); a run is keyed by its run key (``ui.runkey.run_key``: the
dataset's digest and the settings), the key the stepper, the frames and the guard use.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

import numpy as np
import streamlit as st

import datasets
import perceptron_core as pc
from ui.limits import (
    BATCH_ETA_VISITS,
    BATCH_WORK,
    HINGE_MAX_POINTS,
    KERNEL_WORK,
    MAX_UPDATES,
    THEORY_MAX_VALUES,
)
from ui.limits import MAX_TRAIN_VALUES as MAX_TRAIN_VALUES  # read (and lowered by tests) here
from ui.limits import MAX_TRAINED as MAX_TRAINED  # read (and lowered by tests) here
from ui.limits import PLAYGROUND_POINTS as MAX_POINTS
from ui.runkey import run_key
from ui.server import cache
from ui.words import t

# A run holds its data (8 (d + 1) bytes a point) and, once stepped, 16 (d + 1) + 28 bytes
# an update (the trajectory, the steps summed, the record and its indices). On an upload
# larger than the generated data (more than MAX_POINTS points, or more than two features)
# a run stops sooner, so that it stays one entry of the shared cache and is not trained
# again on every rerun (an entry over cache.ENTRY_LIMIT_BYTES is not kept). Generated data
# keeps MAX_UPDATES, as before (such a run at a million updates is not kept either).
RUN_BYTES = cache.ENTRY_LIMIT_BYTES - 4 * cache.MB


def updates_cap(n: int, d: int) -> int:
    """The most updates a run on ``n`` points of ``d`` features makes here (three
    significant digits)."""
    if d <= 2 and n <= MAX_POINTS:  # not ``large``
        return MAX_UPDATES
    room = (RUN_BYTES - 8 * n * (d + 1)) // (16 * (d + 1) + 28)
    if room >= MAX_UPDATES:
        return MAX_UPDATES
    room = max(1_000, int(room))
    unit = 10 ** max(0, len(str(room)) - 3)
    return room // unit * unit


def epoch_cap(variant: str, n: int) -> int | None:
    """The most epochs a run of ``variant`` on ``n`` points may take here, or None."""
    if variant == "kernel":
        return max(1, KERNEL_WORK // max(1, n) ** 2)
    if variant == "batch":
        return max(1, BATCH_WORK // max(1, n))
    return None


def capped_epochs(variant: str, n: int, asked: int) -> tuple[int, str | None]:
    """(epochs to run, a sentence saying so when fewer than asked, in the lab's language)."""
    cap, held = _capped_epochs(variant, n, asked)
    return cap, None if held is None else said(held)


def _capped_epochs(variant: str, n: int, asked: int) -> tuple[int, tuple | None]:
    """(epochs to run, the message saying so as (id, fields) when fewer than asked)."""
    cap = epoch_cap(variant, n)
    if cap is None or asked <= cap:
        return asked, None
    cost = ("run.cost_kernel", {"n": n}) if variant == "kernel" else ("run.cost_visits", {"n": n})
    fields = {"variant": ("variant." + variant, {}), "n": cap, "points": n, "cost": cost}
    return cap, ("run.held_epochs", {**fields, "asked": asked})


def said(message: tuple) -> str:
    """A message kept as (id, fields) in the lab's language now: a field that is itself
    such a pair is said first. A cached result keeps its words this way, so each session
    reads them in its own language."""
    name, fields = message
    return t(name, **{k: said(v) if isinstance(v, tuple) else v for k, v in fields.items()})


DRAW_SEED = 0  # the sample's seed (said on the page)


@dataclass(frozen=True)
class Trained:
    """A run with what the page shows about it as a whole."""

    run: object  # a perceptron_core.Run (online mode: from pc.online_run)
    stats: dict  # per-epoch mistakes, training errors, J_p
    notes: tuple = ()  # the limits the run was held to, as (id, fields) messages

    @property
    def note(self) -> str | None:
        """The limits the run was held to, in the lab's language (None: none)."""
        return " ".join(said(m) for m in self.notes) or None


@cache.cached
def generated(name: str, n: int | None, seed: int, noise: float, params: tuple) -> datasets.Dataset:
    """A registry dataset (raises DatasetError with a message for people)."""
    return datasets.generate(name, n=n, seed=seed, noise=noise, **dict(params))


def preprocessed(ds: datasets.Dataset, kind: str) -> datasets.Dataset:
    """``ds.preprocessed(kind)``, the same dataset on every rerun while it is used (kept
    as briefly as an upload), so its digest is hashed once; the raw data is itself."""
    raw = ds.raw
    if kind == "none":
        return raw
    return _preprocessed(raw, kind)


# The entry holds the raw data too (its ``base``), counted again: the store errs on the
# side of holding less.
@cache.cached(ttl=cache.UPLOAD_TTL_SECONDS)
def _preprocessed(raw: datasets.Dataset, kind: str) -> datasets.Dataset:
    return raw.preprocessed(kind)


@cache.cached(spinner="spinner.training", key=run_key)
def trained(ds: datasets.Dataset, settings) -> Trained:
    """Train once per run key (the data and the settings: a ``ui.parts.settings.Settings``);
    the page replays the run."""
    return _train(ds.X, ds.y, settings)


@cache.cached(ttl=cache.UPLOAD_TTL_SECONDS, spinner="spinner.training", key=run_key)
def trained_large(ds: datasets.Dataset, settings) -> Trained:
    """``trained`` for data larger than the generated (an upload: ``large``), kept while it
    is used, as the upload is: a closed tab's run of tens of megabytes goes soon."""
    return _train(ds.X, ds.y, settings)


def large(X: np.ndarray) -> bool:
    """More points than the generators make, or more than two features: an upload's data,
    on which a run stops at ``updates_cap`` and is kept as briefly as the upload."""
    return X.shape[0] > MAX_POINTS or X.shape[1] > 2


def trained_for(ds: datasets.Dataset, settings) -> Trained:
    """The Playground's run: ``trained``, or ``trained_large`` on large data."""
    return (trained_large if large(ds.X) else trained)(ds, settings)


def _train(X: np.ndarray, y: np.ndarray, settings) -> Trained:
    if settings.variant == "kernel" and X.shape[0] > MAX_POINTS and not settings.online:
        raise ValueError(t("run.kernel_too_many", most=MAX_POINTS, n=X.shape[0]))
    limit = MAX_UPDATES if settings.max_updates is None else settings.max_updates
    kwargs = settings.train_kwargs()
    kwargs["max_epochs"], held = _capped_epochs(settings.variant, X.shape[0], kwargs["max_epochs"])
    notes = () if held is None else (held,)
    cap = updates_cap(*X.shape)
    if settings.online:  # one pass in the data's order from w = 0 (001)
        run = pc.online_run(X, y, eta=settings.eta)
    else:
        run = pc.train(X, y, max_updates=min(limit, cap), **kwargs)
    if cap < limit and run.stop_reason == "max_updates":
        fields = {"n": X.shape[0], "d": X.shape[1], "cap": cap, "most": MAX_UPDATES}
        notes += (("run.held_updates", fields),)
    return Trained(run, run.epoch_stats(), notes=notes)


@cache.cached(points_only=True)
def theory(ds: datasets.Dataset, hint: tuple | None = None) -> pc.Theory | None:
    """R, separability (exact), gamma*, u* and the bound; None with fewer than two classes.

    ``hint``: a converged run's (b, w1, ..., wd), a separator the verdict must agree with.
    """
    X, y = ds.X, ds.y
    if X.shape[0] < 2 or np.unique(y).size < 2:
        return None
    return pc.theory(X, y, hint=None if hint is None else np.array(hint))


def agreed(ds: datasets.Dataset, th: pc.Theory | None, run) -> pc.Theory | None:
    """``th``, or where it calls the data not separable and ``run`` converged (a clean pass
    is a separator), the theory with the run's (b, w) as the hint its verdict must agree
    with: the verdict agrees with what the run shows."""
    if run is None or th is None or th.separable or not run.converged or run.w is None:
        return th
    return theory(ds, (run.b, *run.w))


def theory_live(X: np.ndarray) -> bool:
    """Whether ``theory`` runs live on data of this size (``THEORY_MAX_VALUES``)."""
    return X.shape[0] * (X.shape[1] + 1) <= THEORY_MAX_VALUES


@cache.cached
def drawn_sample(n: int, limit: int, seed: int = DRAW_SEED) -> np.ndarray | None:
    """The rows a chart draws when there are more than ``limit``: ``limit`` of the ``n``
    chosen at random with ``seed``, ascending; None when all are drawn."""
    if n <= limit:
        return None
    rows = np.sort(np.random.default_rng(seed).choice(n, size=limit, replace=False))
    rows.flags.writeable = False
    return rows


@cache.cached
def score_view(run_key: str, _run, _X: np.ndarray, drawn: np.ndarray | None):
    """The fixed part of a d-dimensional run's chart (``ui.views.score_view.view``): its vertical
    direction from the run's last w, the box, the drawn points. ``run_key`` names the run
    and its data (``ui.runkey.run_key``: neither is hashed again here)."""
    from ui.views import score_view as sv

    w_last = None if _run is None or _run.is_kernel else _run.w
    return sv.view(_X, w_last, drawn)


@cache.cached(points_only=True)
def hinge_bound(ds: datasets.Dataset, epochs: int) -> pc.HingeBound | None:
    """Theorem 2 after ``epochs`` epochs with its certificate (a dual lower bound), or None
    when the data is too large to do it live. The engine bounds the work of one call and
    warm-starts from the nearest epochs already solved, so stepping on costs little."""
    if ds.n > HINGE_MAX_POINTS:
        return None
    return pc.hinge_certificate(ds.X, ds.y, max(1, int(epochs)))


def inspect_upload(
    file_id: str, name: str, _data: bytes, sheet: str | None = None
) -> datasets.CsvInfo:
    """What the uploaded file holds (cached per upload and sheet, keyed by Streamlit's
    file id). A file that cannot be read is refused once: the refusal is cached too, so a
    rerun does not read a refused workbook again."""
    with cache.spinner_for("spinner.reading"):  # a big workbook: seconds, said
        info, error = _inspect_upload(file_id, name, _data, sheet)
    if error is not None:
        message, code, fields = error  # its code and fields: said in the lab's language
        raise datasets.DatasetError(message, code=code, fields=fields)
    return info


@st.cache_data(max_entries=8, show_spinner=False)
def _inspect_upload(
    file_id: str, name: str, _data: bytes, sheet: str | None
) -> tuple[datasets.CsvInfo | None, tuple[str, str | None, dict] | None]:
    try:
        return datasets.inspect_csv(_named(_data, name), sheet=sheet), None
    except datasets.DatasetError as exc:
        return None, (str(exc), exc.code, exc.fields)


def upload_sheets(file_id: str, name: str, _data: bytes) -> tuple[str, ...]:
    """The sheet names of an uploaded workbook (() for other files), even when its first
    sheet cannot be read."""
    with cache.spinner_for("spinner.reading"):
        return _upload_sheets(file_id, name, _data)


@st.cache_data(max_entries=8, show_spinner=False)
def _upload_sheets(file_id: str, name: str, _data: bytes) -> tuple[str, ...]:
    return datasets.sheet_names(_named(_data, name))


@cache.cached(ttl=cache.UPLOAD_TTL_SECONDS, spinner="spinner.reading")
def load_upload(
    file_id: str,
    name: str,
    _data: bytes,
    features: tuple,
    label: str,
    positive: str,
    negative: str | None,
    sheet: str | None = None,
) -> datasets.Dataset:
    """The uploaded file (an .xlsx: the chosen sheet) as a dataset with the chosen columns
    and classes."""
    return datasets.load_csv(
        _named(_data, name),
        features=features,
        label=label,
        positive=positive,
        negative=negative,
        sheet=sheet,
    )


def _named(data: bytes, name: str) -> io.BytesIO:
    buf = io.BytesIO(data)
    buf.name = name
    return buf


@cache.cached(spinner="spinner.rates", points_only=True)
def eta_effect(
    ds: datasets.Dataset, etas: tuple, start: str, start_seed: int, max_epochs: int,
    variant: str,
):  # fmt: skip
    """The learning rate's effect on one rule (``pc.eta_effect``), bounded."""
    epochs, _ = capped_epochs(variant, ds.n, max_epochs)
    # At most MAX_VISITS visits are compared, and a run has at least as many visits as
    # updates: runs stopped there compare as much and hold a fifth of the memory.
    return pc.eta_effect(
        ds.X, ds.y, etas, start=start, start_seed=start_seed, max_epochs=epochs, variant=variant,
        max_updates=BATCH_ETA_VISITS,
    )  # fmt: skip


@cache.cached(spinner="spinner.scaling", points_only=True)
def scaling_effect(ds: datasets.Dataset, eta: float, max_epochs: int):
    """Each preprocessing's R, gamma*, bound and both rules' runs (``pc.scaling_effect``),
    each on the raw data preprocessed."""
    raw = ds.raw
    versions = {kind: (raw.preprocessed(kind).X, raw.y) for kind in datasets.PREPROCESSING}
    epochs, _ = capped_epochs("batch", raw.n, max_epochs)
    return pc.scaling_effect(
        versions, labels=datasets.PREPROCESSING, eta=eta, max_epochs=epochs,
        max_updates=MAX_UPDATES,
    )  # fmt: skip


@cache.cached(spinner="spinner.variants")
def variant_accuracy(run_key: str, _run, _ds: datasets.Dataset, parts: tuple):
    """Accuracy of classic, averaged, voted and pocket per epoch on the split's parts
    (``pc.accuracy_per_epoch``; its work is capped and says so). ``run_key`` names the
    run and its data (``ui.runkey.run_key``): neither is part of the key again."""
    X, y = _ds.X, _ds.y
    sets = {n: (X[i], y[i]) for n, i in zip(datasets.SPLIT_SETS, parts, strict=True)}
    return pc.accuracy_per_epoch(_run, sets)


@cache.cached
def arrow_frame(run_key: str, _run, box):
    """Where the run's arrows start and their one scale (every w of the run fits)."""
    from ui.charts import arrows

    return arrows.run_arrow_frame(box, _run.trajectory()[0])


@cache.cached
def run_view(run_key: str, _runs: tuple, box):
    """The view grown so that the runs' boundaries are seen (``follow_boundaries``)."""
    from ui.charts import geometry

    W, B = zip(*(r.trajectory() for r in _runs), strict=True)
    return geometry.follow_boundaries(box, np.concatenate(W), np.concatenate(B))


@cache.cached(spinner="spinner.cone")
def cone_solution(A: np.ndarray, max_updates: int) -> pc.ConeSolution:
    """The perceptron through the rows of A and the scaled solution (``pc.solve_cone``)."""
    return pc.solve_cone(A, max_updates=max_updates)


# ------------------------------------------------------- experiments (/experiments)
# Runs of many datasets: each caller passes a progress callback (``_progress``, not part of
# the key), so a hit returns at once and a miss shows its progress. Tables are a few KB.
@cache.cached
def margin_experiment(margins: tuple, seeds: int, n: int, max_epochs: int, _progress=None):
    """``perceptron_core.experiments.margin_experiment`` (d = 2), once per settings."""
    from perceptron_core import experiments

    return experiments.margin_experiment(
        margins, seeds, n, max_epochs=max_epochs, progress=_progress
    )


@cache.cached
def dimension_experiment(
    dims: tuple, margin: float, seeds: int, n: int, max_epochs: int, _progress=None
):
    """``perceptron_core.experiments.dimension_experiment``, once per settings."""
    from perceptron_core import experiments

    return experiments.dimension_experiment(
        dims, margin, seeds, n, max_epochs=max_epochs, progress=_progress
    )


@cache.cached(points_only=True)
def ordering_experiment(
    ds: datasets.Dataset,
    orderings: int,
    seed: int,
    reshuffle: bool,
    max_epochs: int,
    max_adversarial: int,
    _progress=None,
):
    """``perceptron_core.experiments.ordering_experiment`` on the data, once per settings."""
    from perceptron_core import experiments

    return experiments.ordering_experiment(
        ds.X, ds.y, orderings, seed, reshuffle=reshuffle, max_epochs=max_epochs,
        max_adversarial=max_adversarial, progress=_progress,
    )  # fmt: skip
