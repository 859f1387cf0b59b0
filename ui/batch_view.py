"""The /batch page's computations, figures and sentences: batch gradient descent on the
perceptron criterion J_p (004) against the single-sample rule, learning rate and scaling.

Pure: numpy, the engine, ``ui.layers`` / ``ui.figures`` / ``ui.text``; no streamlit. Every
number comes from recorded runs (``perceptron_core.train``), never from a re-derived rule.

API
---
``compare(X, y, *, eta, start, start_seed, max_epochs, max_updates) -> Comparison``
    Batch GD on J_p and the single-sample rule on the same data, order, start and eta,
    with per-epoch curves (epoch 0 = the start, then ``run.epoch_stats()``).
``weights_at_epoch(run, epoch) -> (w, b)``
    The weights in force at the end of ``epoch`` (0 = the start; past the end: the last).
``eta_effect(X, y, etas, *, start, start_seed, max_epochs, variant, max_updates,
max_visits) -> EtaEffect``
    One run per eta; per eta mistakes, epochs, convergence and how many visits' predictions
    (the sign of w.x + b, 0 = a tie) differ from the first eta's run, visit by visit.
``scaling_effect(ds, *, eta, max_epochs, max_updates) -> tuple[ScalingRow, ...]``
    Per preprocessing ("none", "centre", "standardise", "minmax"): R, gamma*, R^2/gamma*^2
    (``pc.theory`` on the preprocessed data) and both rules' epochs, mistakes, convergence.
``scene_of(X, y, *, class_names, feature_names, presenter) -> layers.Scene``
``curves_figure(record, *, presenter, current_epoch) -> go.Figure``
    J_p (top panel) and training errors (bottom panel) per epoch, both rules.
``boundaries_figure(scene, record, epoch, *, regions_of, title) -> go.Figure``
    Both boundaries at the end of the same epoch (batch solid, single-sample dashed) over
    the points and the regions of one of them.
``eta_figure(effect, *, presenter) -> go.Figure``
    Mistakes per eta, each bar labelled with how many predictions differ.
``compare_statement(record)``, ``eta_statement(effect)``, ``scaling_statement(rows)``
    Plain-text sentences that report what was measured.

What is true about the learning rate (checked in tests/test_batch_view.py)
---------------------------------------------------------------------------
From w = 0, b = 0, both rules are scale-invariant *in exact arithmetic*: every step is eta
times a sum of y*(1, x) over mistakes, so by induction w_k(eta) = eta * w_k(1), every
activation is eta times eta = 1's and no prediction, mistake or epoch count changes. 002
section 11.3 ("a smaller learning rate can lead to more stable convergence") cannot
apply from w = 0, noisy data or not. From a random start the invariance fails: w0 + eta*sum
is not proportional to anything, and eta changes predictions.

In floating point: with eta a power of two, multiplying by eta is exact (barring overflow
and underflow), so the weights are bitwise eta times eta = 1's and every prediction is the
same. With eta = 0.1 the steps are rounded and a tie (activation exactly 0, common on
integer data) can become +-5.6e-17, which flips that prediction. Measured:

* ``notes_rule_004`` (100 uniform floats), seeds 0-19, eta 0.1 and 10 against 1, both
  rules: no prediction differs (seed 0: 0 of 5,700 single-sample visits, 0 of 3,800
  batch visits), although the weights are not bitwise proportional.
* ``notes_002_example1`` (integers, XOR, 200 epochs): single-sample rule, eta = 0.1:
  0 of 800 differ. Batch: with eta = 1 the first step is exactly zero (the four y*(1, x)
  cancel), so w stays 0, J_p = 0 and every visit is a tie, forever; with eta = 0.1 the same
  sum rounds to 2.8e-17 per weight, the run leaves w = 0 and 532 of 800 predictions differ
  (534 instead of 800 mistakes). eta = 0.3 and 0.7 do the same; eta = 3 does not.
* Random small-integer data (290 sets of 4-11 points with coordinates in -3..3, 50
  epochs), eta = 0.1 against 1 from w = 0: predictions differ in 240 sets for the
  single-sample rule and 235 for batch; powers of two (0.125 ... 1024): none. (A one-off
  survey, not repeated in the tests; the two notes' examples are.)

So the page says "in exact arithmetic" for the theorem and reports the measured count for
the data on screen (``eta_statement``), never a blanket "eta does not matter".

Ties: a visit with y*(w.x + b) <= 0 is a mistake (ERRATA.md), so at w = 0 every point is a
mistake and the first batch step is eta * sum y*(1, x), although J_p(0) = 0 is already the
criterion's minimum. 004 writes the set of mistakes with a strict "<": read literally,
its gradient at w = 0 is zero and batch GD would never move.

Theorem 1's bound R^2/gamma*^2 bounds the single-sample rule's mistakes from w = 0 (any
eta). The batch rule's proof gives only M*gamma <= R*sqrt(sum of m_k^2) for steps of m_k
mistakes (``Run.proof``), so ``scaling_effect`` shows the bound next to the batch numbers
for comparison, not as its guarantee.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import plotly.graph_objects as go

import datasets
import perceptron_core as pc
from ui import figures, layers, text
from ui.limits import BATCH_ETA_VISITS as MAX_VISITS
from ui.limits import BATCH_UPDATES as MAX_UPDATES

STARTS = ("zero", "random")
PREPROCESSINGS = ("none", "centre", "standardise", "minmax")
_CHUNK = 65_536  # visits replayed at once when comparing predictions

BATCH_NAME = "batch GD on J_p"
SINGLE_NAME = "single-sample rule"
BATCH_COLOR = figures.INK
SINGLE_COLOR = "#CC79A7"  # Okabe-Ito reddish purple: not a class colour
BATCH_DASH, SINGLE_DASH = "solid", "dash"
RULES = ("batch", "single")


# ----------------------------------------------------------------------- records
@dataclass(frozen=True)
class Curve:
    """One rule's per-epoch numbers; index 0 is the start, index e the end of epoch e.

    ``mistakes[e]``: mistakes made during epoch e (0 at the start); ``errors[e]`` and
    ``J_p[e]``: training errors (ties count) and the perceptron criterion of the weights
    in force at the end of epoch e.
    """

    epoch: np.ndarray
    mistakes: np.ndarray
    errors: np.ndarray
    J_p: np.ndarray

    @property
    def jp_rises(self) -> int:
        """Epochs at whose end J_p is larger than at the end of the previous one."""
        return int(np.count_nonzero(np.diff(self.J_p) > 0))


@dataclass(frozen=True)
class Comparison:
    """Batch GD on J_p and the single-sample rule on the same data and settings."""

    batch: pc.Run
    single: pc.Run
    batch_curve: Curve
    single_curve: Curve
    eta: float
    start: str
    start_seed: int

    @property
    def epochs(self) -> int:
        """The longer run's epochs (the slider's end)."""
        return max(self.batch.epochs, self.single.epochs)

    def run(self, rule: str) -> pc.Run:
        if rule not in RULES:
            raise ValueError(f"rule must be one of {RULES}; got {rule!r}")
        return self.batch if rule == "batch" else self.single

    def curve(self, rule: str) -> Curve:
        return self.batch_curve if self.run(rule) is self.batch else self.single_curve

    def weights(self, rule: str, epoch: int) -> tuple[np.ndarray, float]:
        """(w, b) of ``rule`` at the end of ``epoch`` (see ``weights_at_epoch``)."""
        return weights_at_epoch(self.run(rule), epoch)


@dataclass(frozen=True)
class EtaRow:
    """One learning rate's run, compared visit by visit with the first eta's run.

    ``compared`` visits (both runs have them, at most ``max_visits``) were compared and
    ``differ`` of them predicted differently (sign of w.x + b, a tie being 0).
    ``first_differ`` is the first such visit and ``first_activations`` the two
    activations there (first eta's, this eta's). ``exactly_scaled``: from w = 0 with the
    same number of weight changes, whether every weight vector is bitwise eta/eta_1 times
    the first run's (tested as w*eta_1 == w_1*eta); None otherwise.
    """

    eta: float
    mistakes: int
    updates: int
    epochs: int
    converged: bool
    stop_reason: str
    n_visits: int
    compared: int
    differ: int
    first_differ: int | None
    first_activations: tuple[float, float] | None
    exactly_scaled: bool | None


@dataclass(frozen=True)
class EtaEffect:
    """``eta_effect``'s answer: one row per eta, the first is the reference."""

    variant: str
    start: str
    start_seed: int
    rows: tuple[EtaRow, ...]
    max_visits: int
    n: int  # examples: visit t (from 0) is in epoch t // n

    @property
    def etas(self) -> tuple[float, ...]:
        return tuple(r.eta for r in self.rows)

    @property
    def capped(self) -> bool:
        """Some comparison stopped at ``max_visits`` before a run's end."""
        ref = self.rows[0]
        return any(r.compared < min(r.n_visits, ref.n_visits) for r in self.rows[1:])

    @property
    def total_differ(self) -> int:
        return sum(r.differ for r in self.rows)

    @property
    def identical(self) -> bool:
        """No compared prediction differs and every run has the reference's length."""
        ref = self.rows[0]
        return self.total_differ == 0 and all(r.n_visits == ref.n_visits for r in self.rows)


@dataclass(frozen=True)
class RuleSummary:
    """One rule's run in a table row."""

    epochs: int
    mistakes: int  # batch: misclassified visits summed over epochs
    updates: int  # weight changes (batch: epochs with mistakes)
    converged: bool


@dataclass(frozen=True)
class ScalingRow:
    """One preprocessing: the theory of the scaled data and both rules' runs on it."""

    kind: str
    label: str
    R: float
    separable: bool
    gamma: float
    bound: float  # R^2 / gamma*^2 (inf when not separable)
    single: RuleSummary
    batch: RuleSummary


# ------------------------------------------------------------------- computations
def _check_start(start: str) -> str:
    if start not in STARTS:
        raise ValueError(f"start must be one of {STARTS}; got {start!r}")
    return start


def _train(X, y, variant, eta, start, start_seed, max_epochs, max_updates) -> pc.Run:
    w0 = "random" if start == "random" else None
    return pc.train(
        X, y, variant=variant, eta=eta, max_epochs=max_epochs, shuffle=False, seed=0,
        w0=w0, max_updates=max_updates, start_seed=start_seed,
    )  # fmt: skip


def _readonly(a) -> np.ndarray:
    a = np.array(a)
    a.flags.writeable = False
    return a


def _curve(run: pc.Run) -> Curve:
    stats = run.epoch_stats()
    w0, b0 = run.weights(0)
    e0, j0 = run.errors_of(w0[None, :], np.array([b0]))
    return Curve(
        epoch=_readonly(np.arange(run.epochs + 1)),
        mistakes=_readonly(np.concatenate(([0], stats["mistakes"]))),
        errors=_readonly(np.concatenate((e0, stats["errors"]))),
        J_p=_readonly(np.concatenate((j0, stats["J_p"]))),
    )


def compare(
    X,
    y,
    *,
    eta: float = 1.0,
    start: str = "zero",
    start_seed: int = 0,
    max_epochs: int = 100,
    max_updates: int = MAX_UPDATES,
) -> Comparison:
    """Run batch GD on J_p and the single-sample rule with the same data, visiting order
    (as given), start and eta, and record both with their per-epoch curves.

    ``start``: "zero" (w = 0, b = 0) or "random" (N(0, 1) drawn from ``start_seed``, the
    same for both rules). Raises ValueError (from the engine) on bad data or settings.
    """
    start = _check_start(start)
    args = (eta, start, start_seed, max_epochs, max_updates)
    batch = _train(X, y, "batch", *args)
    single = _train(X, y, "classic", *args)
    return Comparison(batch, single, _curve(batch), _curve(single), batch.eta, start,
                      int(start_seed))  # fmt: skip


def weights_at_epoch(run: pc.Run, epoch: int) -> tuple[np.ndarray, float]:
    """(w, b) in force at the end of ``epoch`` (0 = the start; beyond the run's last epoch,
    its final weights: a converged run does not move again)."""
    e = max(0, min(int(epoch), run.epochs))
    k = 0 if e == 0 else int(run.epoch_end_updates[e - 1])
    return run.weights(k)


def _predictions(run: pc.Run, lo: int, hi: int) -> tuple[np.ndarray, np.ndarray]:
    a = run.visits(lo, hi)["activation"]
    return np.sign(a).astype(np.int8), a


def _compare_runs(ref: pc.Run, run: pc.Run, limit: int):
    """(compared, differ, first visit that differs, its two activations)."""
    compared = min(ref.n_visits, run.n_visits, limit)
    differ, first, acts = 0, None, None
    for lo in range(0, compared, _CHUNK):
        hi = min(lo + _CHUNK, compared)
        p_ref, a_ref = _predictions(ref, lo, hi)
        p_run, a_run = _predictions(run, lo, hi)
        bad = np.flatnonzero(p_ref != p_run)
        if bad.size and first is None:
            first = lo + int(bad[0])
            acts = (float(a_ref[bad[0]]), float(a_run[bad[0]]))
        differ += int(bad.size)
    return compared, differ, first, acts


def _exactly_scaled(ref: pc.Run, run: pc.Run) -> bool | None:
    if ref.n_updates != run.n_updates or np.any(ref.w0) or ref.b0 or np.any(run.w0) or run.b0:
        return None
    Wr, Br = ref.trajectory()
    W, B = run.trajectory()
    return bool(
        np.array_equal(W * ref.eta, Wr * run.eta) and np.array_equal(B * ref.eta, Br * run.eta)
    )


def eta_effect(
    X,
    y,
    etas,
    *,
    start: str = "zero",
    start_seed: int = 0,
    max_epochs: int = 100,
    variant: str = "classic",
    max_updates: int = MAX_UPDATES,
    max_visits: int = MAX_VISITS,
) -> EtaEffect:
    """Train ``variant`` ("classic" = the single-sample rule, or "batch") once per eta, same
    data, order and start, and compare every run's predictions with the first eta's run.

    The work is bounded: each run stops after ``max_epochs`` epochs or ``max_updates``
    updates, and at most ``max_visits`` visits per eta are compared (``effect.capped``).
    """
    start = _check_start(start)
    if variant not in ("classic", "batch"):
        raise ValueError(f"variant must be 'classic' or 'batch'; got {variant!r}")
    etas = tuple(float(e) for e in etas)
    if not etas:
        raise ValueError("etas must hold at least one learning rate")
    if int(max_visits) < 1:
        raise ValueError(f"max_visits must be at least 1; got {max_visits!r}")
    ref = None
    rows = []
    for eta in etas:
        run = _train(X, y, variant, eta, start, start_seed, max_epochs, max_updates)
        if ref is None:
            ref = run
        compared, differ, first, acts = _compare_runs(ref, run, int(max_visits))
        rows.append(
            EtaRow(
                eta=run.eta, mistakes=run.mistakes, updates=run.n_updates, epochs=run.epochs,
                converged=run.converged, stop_reason=run.stop_reason, n_visits=run.n_visits,
                compared=compared, differ=differ, first_differ=first, first_activations=acts,
                exactly_scaled=_exactly_scaled(ref, run),
            )
        )  # fmt: skip
    return EtaEffect(variant, start, int(start_seed), tuple(rows), int(max_visits), ref.n)


def _summary(run: pc.Run) -> RuleSummary:
    return RuleSummary(run.epochs, run.mistakes, run.n_updates, run.converged)


def scaling_effect(
    ds: datasets.Dataset,
    *,
    eta: float = 1.0,
    max_epochs: int = 100,
    max_updates: int = MAX_UPDATES,
) -> tuple[ScalingRow, ...]:
    """For each preprocessing of the raw data (``ds.preprocessed(kind)``): R, gamma*, the
    bound R^2/gamma*^2 and both rules' runs from w = 0 with ``eta``."""
    rows = []
    for kind in PREPROCESSINGS:
        scaled = ds.preprocessed(kind)
        X, y = scaled.X, scaled.y
        single = _train(X, y, "classic", eta, "zero", 0, max_epochs, max_updates)
        batch = _train(X, y, "batch", eta, "zero", 0, max_epochs, max_updates)
        hint = np.concatenate(([single.b], single.w)) if single.converged else None
        th = pc.theory(X, y, hint=hint)
        rows.append(
            ScalingRow(
                kind, datasets.PREPROCESSING[kind], float(th.R), bool(th.separable),
                float(th.gamma), float(th.bound), _summary(single), _summary(batch),
            )
        )  # fmt: skip
    return tuple(rows)


# ------------------------------------------------------------------------ figures
def scene_of(
    X,
    y,
    *,
    class_names: tuple[str, str] = ("-1", "+1"),
    feature_names: tuple[str, str] = ("x1", "x2"),
    presenter: bool = False,
) -> layers.Scene:
    """A scene (two features) with the Playground's box around the points."""
    return layers.Scene(
        X=np.asarray(X, dtype=np.float64),
        y=np.asarray(y),
        box=figures.view_box(X),
        class_names=tuple(class_names),
        feature_names=tuple(feature_names),
        presenter=presenter,
    )


def _rule_style(rule: str) -> dict:
    if rule == "batch":
        return dict(name=BATCH_NAME, color=BATCH_COLOR, dash=BATCH_DASH)
    return dict(name=SINGLE_NAME, color=SINGLE_COLOR, dash=SINGLE_DASH)


def curves_figure(
    record: Comparison, *, presenter: bool = False, current_epoch: int | None = None
) -> go.Figure:
    """J_p (top) and training errors (bottom) at each epoch's end for both rules; epoch 0
    is the start. Batch GD takes one step per epoch, so its points are its steps."""
    style = figures.Style.of(presenter, 0)
    data = []
    for rule in RULES:
        c, s = record.curve(rule), _rule_style(rule)
        mode = "lines+markers" if c.epoch.shape[0] <= 60 else "lines"
        line = dict(color=s["color"], dash=s["dash"], width=style.line)
        common = dict(type="scatter", x=c.epoch, mode=mode, line=line, legendgroup=rule)
        data.append(dict(common, y=c.J_p, name=s["name"], xaxis="x", yaxis="y",
                         hovertemplate="epoch %{x}<br>J_p = %{y:.4g}<extra>" + s["name"]
                         + "</extra>"))  # fmt: skip
        data.append(dict(common, y=c.errors, name=s["name"], showlegend=False, xaxis="x2",
                         yaxis="y2", hovertemplate="epoch %{x}<br>errors = %{y}<extra>"
                         + s["name"] + "</extra>"))  # fmt: skip
    shapes = []
    if current_epoch is not None:
        for x, y in (("x", "y"), ("x2", "y2")):
            shapes.append(figures.epoch_marker(current_epoch, xref=x, yref=f"{y} domain"))
    axis = dict(rangemode="tozero", gridcolor="#eeeeee", zeroline=False)
    ticks = dict(dtick=1) if record.epochs <= 12 else {}
    layout = dict(
        height=440 if presenter else 360,
        margin=dict(l=60, r=10, t=10, b=40),
        font=dict(size=style.font - 2),
        plot_bgcolor="white",
        xaxis=dict(axis, anchor="y", showticklabels=False, matches="x2", **ticks),
        xaxis2=dict(axis, anchor="y2", title=dict(text="epoch (batch: one step each)"), **ticks),
        yaxis=dict(axis, domain=[0.55, 1.0], title=dict(text="J_p")),
        yaxis2=dict(axis, domain=[0.0, 0.45], title=dict(text="training errors")),
        legend=dict(orientation="h", y=1.02, yanchor="bottom", x=0),
        shapes=shapes,
        hovermode="closest",
    )
    return figures.figure(data, layout)


def boundaries_scene(scene: layers.Scene, *, title: str | None = None):
    """The batch page's fixed part: the points and the layout."""
    return layers.points(scene), layers.layout(scene, title=title)


def boundaries_layers(scene: layers.Scene, record: Comparison, epoch: int, *, regions_of="batch"):
    """At the end of ``epoch``: the regions ``regions_of`` predicts (under the points) and
    both boundaries (over them), as ``boundaries_figure`` draws them."""
    w_r, b_r = record.weights(regions_of, epoch)
    over = []
    for rule in RULES:
        run, s = record.run(rule), _rule_style(rule)
        w, b = weights_at_epoch(run, epoch)
        e = max(0, min(int(epoch), run.epochs))
        when = f"epoch {e}" if e == int(epoch) else f"ended at epoch {e}"
        label = f"{s['name']} ({when})" if np.any(w) else f"{s['name']} (w = 0: no line)"
        lines = layers.boundary(scene, w, b, name=label, color=s["color"], dash=s["dash"])
        # The stepped chart's legend (drawn once) names the rule, not one epoch's line.
        over += [dict(line, legendgroup=s["name"]) for line in lines]
    return layers.regions(scene.box, w_r, b_r), over


def epoch_lines(record: Comparison, epoch: int) -> dict[str, str]:
    """The end of ``epoch`` in two plain lines: each rule's w, b, J_p and training errors
    (a run that ended earlier gives its last epoch's)."""
    out = {}
    for rule, curve, name in (
        ("batch", record.batch_curve, f"End of epoch {int(epoch)}. Batch"),
        ("single", record.single_curve, "Single-sample"),
    ):
        w, b = record.weights(rule, epoch)
        e = min(int(epoch), record.run(rule).epochs)
        out[f"{rule}_line"] = (
            f"{name}: {text.weights_text(w, b)} · J_p = {text.num(curve.J_p[e])} · "
            f"{int(curve.errors[e])} training errors"
        )
    return out


def boundaries_figure(
    scene: layers.Scene,
    record: Comparison,
    epoch: int,
    *,
    regions_of: str = "batch",
    title: str | None = None,
) -> go.Figure:
    """Both boundaries at the end of ``epoch`` (0 = the start): batch GD solid, the
    single-sample rule dashed, over the points and the regions ``regions_of`` predicts.
    A run that ended earlier shows its final boundary, and its label says so."""
    under, over = boundaries_layers(scene, record, epoch, regions_of=regions_of)
    return layers.compose(scene, under, layers.points(scene), over, title=title)


def eta_figure(effect: EtaEffect, *, presenter: bool = False) -> go.Figure:
    """Mistakes per learning rate (bars), each labelled with how many of its compared
    predictions differ from the first eta's run."""
    style = figures.Style.of(presenter, 0)
    ref = effect.rows[0]
    labels = [f"η = {text.num(r.eta)}" for r in effect.rows]
    notes = ["reference" if i == 0 else f"{r.differ:,} of {r.compared:,} differ"
             for i, r in enumerate(effect.rows)]  # fmt: skip
    data = [
        dict(
            type="bar", x=labels, y=[r.mistakes for r in effect.rows], text=notes,
            textposition="outside", name="mistakes", marker=dict(color=figures.GHOST_COLOR),
            hovertemplate="%{x}: %{y} mistakes<br>%{text}<extra></extra>",
        )
    ]  # fmt: skip
    top = max(r.mistakes for r in effect.rows) or 1
    layout = dict(
        height=320 if presenter else 260,
        margin=dict(l=60, r=10, t=30, b=40),
        font=dict(size=style.font - 2),
        plot_bgcolor="white",
        # automargin: the axis titles make room for the ticks (a projector's are larger).
        xaxis=dict(type="category", automargin=True, title=dict(
            text=f"learning rate (against η = {text.num(ref.eta)})")),
        yaxis=dict(title=dict(text="mistakes"), range=[0, top * 1.25], automargin=True),
        showlegend=False,
    )  # fmt: skip
    return figures.figure(data, layout)


# ---------------------------------------------------------------------- sentences
def _etas(values) -> str:
    words = [text.num(v) for v in values]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _end(run: pc.Run) -> str:
    if run.converged:
        return f"converged after {text.counted(run.epochs, 'epoch')}"
    if run.stop_reason == "max_updates":
        return f"stopped at the update limit in epoch {run.epochs}"
    return f"made no clean pass in {text.counted(run.epochs, 'epoch')}"


def compare_statement(record: Comparison) -> str:
    """What the two runs did, from the records."""
    b, s = record.batch, record.single
    out = [
        f"Batch GD on J_p {_end(b)}: {text.counted(b.n_updates, 'step')}, "
        f"{text.counted(b.mistakes, 'misclassified visit')} summed into "
        f"{'it' if b.n_updates == 1 else 'them'}.",
        f"The single-sample rule {_end(s)}: {text.counted(s.mistakes, 'update')}, one per mistake.",
    ]
    rises = record.batch_curve.jp_rises
    if rises:
        out.append(f"J_p went up after {rises} of the batch steps: a gradient step with a "
                   "constant η need not decrease J_p.")  # fmt: skip
    c = record.batch_curve
    if record.start == "zero" and c.J_p[0] == 0 and c.errors[0] == b.n:
        out.append(
            "At w = 0, J_p = 0 (its smallest value) although every point is a tie: ties count "
            "as mistakes, so the first step is taken anyway."
        )
    return " ".join(out)


def eta_statement(effect: EtaEffect) -> str:
    """The learning-rate claim as measured on this data, with the exact-arithmetic theorem
    stated as such."""
    rule = "batch GD on J_p" if effect.variant == "batch" else "the single-sample rule"
    where = "From w = 0" if effect.start == "zero" else "From a random start"
    ref, rest = effect.rows[0], effect.rows[1:]
    first = "first " if effect.capped else ""
    cap = f" (comparison capped at {effect.max_visits:,} visits per η)" if effect.capped else ""
    if not rest:
        return f"{where}, {rule} with η = {text.num(ref.eta)}: nothing to compare against."
    if effect.identical:
        n = max(r.compared for r in rest)
        every = "every compared visit" if effect.capped else "every visit"
        out = (f"{where}, {rule} predicted the same at {every} for η = "
               f"{_etas(effect.etas)}: 0 of the {first}{n:,} predictions differ{cap}")  # fmt: skip
        if all(r.mistakes == ref.mistakes and r.epochs == ref.epochs for r in rest):
            out += (f", with {text.counted(ref.mistakes, 'mistake')} and "
                    f"{text.counted(ref.epochs, 'epoch')} each")  # fmt: skip
        out += "."
        if effect.start == "zero":
            out += " In exact arithmetic this always holds from w = 0: w_k(η) = η·w_k(1)."
            if any(r.exactly_scaled is False for r in rest):
                out += (" Here the weights are not bitwise proportional (rounding), but no "
                        f"rounding error flipped a {'compared ' if effect.capped else ''}"
                        "prediction.")  # fmt: skip
        return out
    parts = []
    for r in rest:
        part = f"η = {text.num(r.eta)}: {r.differ:,} of the {first}{r.compared:,}"
        if r.n_visits != ref.n_visits:
            part += f" visits both runs made ({r.epochs} epochs against {ref.epochs})"
        parts.append(part)
    lead = f"{where}, the learning rate changes what {rule} predicts."
    out = f"{lead} Predictions that differ from η = {text.num(ref.eta)}'s run: "
    out += "; ".join(parts) + f"{cap}."
    if effect.start == "zero":
        row = next(r for r in rest if r.first_differ is not None or r.n_visits != ref.n_visits)
        out += " In exact arithmetic no prediction would change from w = 0 (w_k(η) = η·w_k(1))"
        if row.first_differ is not None:
            a_ref, a_row = row.first_activations
            t = row.first_differ
            out += (f"; the difference is rounding: the first is at visit {t + 1:,} (epoch "
                    f"{t // effect.n + 1}), "
                    f"where w·x + b is {_act(a_ref)} with η = {text.num(ref.eta)} and "
                    f"{_act(a_row)} with η = {text.num(row.eta)}.")  # fmt: skip
        else:
            out += "; the difference is rounding."
    return out


def _act(a: float) -> str:
    return "exactly 0 (a tie)" if a == 0 else f"{a:.2g}"


def scaling_statement(rows: tuple[ScalingRow, ...]) -> str:
    """Which preprocessing took the fewest single-sample mistakes, and the bounds."""
    sep = [r for r in rows if r.separable]
    if not sep:
        return ("Not linearly separable under any scaling (scaling cannot change that): no "
                "mistake bound applies.")  # fmt: skip
    best = min(rows, key=lambda r: r.single.mistakes)
    tight = min(sep, key=lambda r: r.bound)
    out = [
        f"Fewest single-sample mistakes: {best.label.lower()} ({best.single.mistakes:,}). "
        f"Smallest bound R²/γ*²: {tight.label.lower()} ({text.compact(tight.bound)})."
    ]
    over = [r.label.lower() for r in sep if r.single.converged and r.single.mistakes > r.bound]
    if over:  # never expected: Theorem 1 holds from w = 0 for every eta
        out.append("The single-sample mistakes exceed the bound for " + ", ".join(over) + ".")
    else:
        out.append(
            "Where the data is separable, the single-sample mistakes stay within the bound "
            "(Theorem 1, from w = 0); the bound does not cover batch steps."
        )
    return " ".join(out)


def comparison_of(batch: pc.Run, single: pc.Run) -> Comparison:
    """A ``Comparison`` of two recorded runs on the same data (batch, then single-sample),
    e.g. the page's cached runs trained with its own order and seeds."""
    if not batch.is_batch or single.variant != "classic":
        raise ValueError("comparison_of needs a batch run and a classic run")
    start = "zero" if not (np.any(batch.w0) or batch.b0) else "random"
    return Comparison(batch, single, _curve(batch), _curve(single), batch.eta, start, 0)
