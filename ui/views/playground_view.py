"""The Playground's picture of a run (the page's model): the data, or the points at their
scores when there are more than two features (``ui.views.score_view``), with the boundary, the
update, the variant's overlay and the arrows at every step; and what is said when the
theory is too large to compute live."""

from __future__ import annotations

from dataclasses import dataclass

from ui import notation, replay
from ui.charts import layers, overlays, playground
from ui.limits import PLAYGROUND_DRAWN, SCORE_DRAWN, THEORY_MAX_VALUES
from ui.views import kernel_view, score_view
from ui.words import t


@dataclass(frozen=True)
class Picture:
    """The stage's layers, the Playground chart (None for the scores' view: no animation)
    and what the chart shows when it is not simply the data (None when it is)."""

    layered: layers.Layered
    chart: playground.Playground | None
    note: str | None
    drawn: object  # the rows drawn, or None: every row


def picture(
    ds, box, run, run_key: str, variant: str, th, texts, presenter: bool, *, cached
) -> Picture:
    """The stage's picture of ``run`` on ``ds`` in the view ``box`` (the stage's
    ``view``; None for more than two features: the chart shows the points' scores). Every
    row is trained on; a chart draws at most so many, sampled at random (and says so).
    ``cached``: the computations kept between runs (``ui.compute``: its ``drawn_sample``,
    ``DRAW_SEED``, ``score_view`` and ``arrow_frame``), so the view stays pure."""
    wide = ds.d > 2  # more than two features: the chart shows each point's score
    drawn = cached.drawn_sample(ds.n, SCORE_DRAWN if wide else PLAYGROUND_DRAWN)
    Xs, ys = (ds.X, ds.y) if drawn is None else (ds.X[drawn], ds.y[drawn])
    note = None
    if drawn is not None:
        note = score_view.sample_caption(ds.n, Xs.shape[0], cached.DRAW_SEED)
    if wide:  # the points at their scores against one direction (ui.views.score_view)
        sv = cached.score_view(run_key, run, ds.X, drawn)
        note = score_view.caption(ds.d, ds.n, sv.n_drawn, cached.DRAW_SEED)
        look = dict(class_names=ds.class_names, presenter=presenter)

        def score_layers(t: int):
            """Step t's points at their scores (they move), over the boundary at score 0."""
            w, b, visit, update = replay.at_step(run, ds.X, ds.y, t)
            return score_view.step_layers(
                sv, ds.X, ds.y, w=w, b=b, visited=visit.index if visit else None, update=update,
                **look,
            )  # fmt: skip

        return Picture(layers.Layered(score_view.scene(sv, **look), score_layers, texts), None,
                       note, drawn)  # fmt: skip
    scene = layers.Scene(Xs, ys, box, ds.class_names, ds.feature_names, presenter)
    chart = playground.Playground(
        scene,
        separator=(th.u, th.gamma) if th is not None and th.separable else None,
        # One place and one scale for the arrows over the whole run, so they compare.
        arrows=None if run is None or run.is_kernel else cached.arrow_frame(run_key, run, box),
    )

    if run is not None and run.is_kernel:  # no w: the decision function and alpha
        return Picture(kernel_view.layered(scene, run, texts), chart, note, drawn)

    def step_layers(t: int):
        """What step t draws under the points and over them (the browser steps through
        these)."""
        w, b, visit, update = replay.at_step(run, ds.X, ds.y, t)
        step = dict(w=w, b=b, visited=visit.index if visit else None, update=update)
        if drawn is None:
            under, over = chart.step(**step)
        else:  # a sample is drawn; the band and the closest point are of every point
            under, over = chart.sampled_step(ds.X, ds.y, drawn, **step)
        # Averaged, voted, pocket: what the variant predicts with, over the run's own w.
        over = over + overlays.variant_overlay(scene, run, variant, t)
        if t == run.n_visits and run.converged:  # the end: the perceptron's line against u*'s
            over += chart.max_margin_note(w, b, ds.X, ds.y)
        return under, over

    return Picture(layers.Layered(chart.scene_traces(), step_layers, texts), chart, note, drawn)


def replayed(chart: playground.Playground, run, X, y, *, end_note: bool = False):
    """cursor t -> (under, over): ``chart``'s step after t visits of ``run`` (the boundary,
    the update just made); ``end_note``: at a converged run's end also the perceptron's line
    against u*'s (the Proof's stage; the Space's draws none)."""

    def at(t: int) -> tuple[list[dict], list[dict]]:
        w, b, visit, update = replay.at_step(run, X, y, t)
        under, over = chart.step(w=w, b=b, visited=visit.index if visit else None, update=update)
        if end_note and t == run.n_visits and run.converged:
            over += chart.max_margin_note(w, b, X, y)
        return under, over

    return at


def theory_note(ds, run, most: int = THEORY_MAX_VALUES) -> str:
    """What is said when the data is too large for the exact verdict live (``most``: the
    limit the page decided by, the values of (1, x) computed live at most)."""
    said = t("run.theory_off", n=ds.n, d=ds.d, most=most)
    if run.converged and run.w is not None:  # a clean pass: its w is a separator
        said += " " + t("run.theory_converged", w=notation.current().w)
    return said
