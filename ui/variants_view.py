"""The variants page's logic: one run of the online perceptron, four rules of prediction.

Classic, averaged, voted and pocket share one run (``perceptron_core.Run``); the run
answers what each predicts at any cursor (``Run.variant_weights``, ``variant_scores``).
Here: a seeded train / dev / test split, accuracy per epoch on each part with the best
dev epoch (early stopping), small multiples of the four at one step, and how often they
agree. Pure: arrays and runs in, plain values and Plotly figures out, no streamlit.

Accuracy follows the engine's error count: a point is right when y * score > 0, so a
score of exactly 0 (the voted perceptron's tied vote, a zero weight vector) is an error,
as it is for the learning rule, ``Run.errors_of`` and the crosses of
``layers.misclassified``.
"""

from __future__ import annotations

import copy
import dataclasses
import math
from dataclasses import dataclass

import numpy as np
import plotly.graph_objects as go

import perceptron_core as pc
from perceptron_core.run import COMPARED
from ui import figures, layers, text
from ui.limits import VARIANTS_EPOCHS_SHOWN as MAX_EPOCHS_SHOWN
from ui.limits import VOTE_ACCURACY_WORK as MAX_VOTE_WORK

VARIANTS = COMPARED  # ("classic", "averaged", "voted", "pocket")
SETS = ("train", "dev", "test")
FRACTIONS = (0.6, 0.2, 0.2)
SMALL_HEIGHT = 320  # one of the four small multiples (presenter: SMALL_HEIGHT_PRESENTER)
SMALL_HEIGHT_PRESENTER = 440

# Okabe-Ito colours other than the classes' blue and vermillion, plus the ink.
VARIANT_COLORS = {
    "classic": figures.INK,
    "averaged": "#009E73",  # bluish green
    "voted": "#CC79A7",  # reddish purple
    "pocket": "#E69F00",  # orange
}
SET_DASHES = {"train": "solid", "dev": "dash", "test": "dot"}
# Names of the boundaries (at most text.NAME_LIMIT characters: plot names are cut there).
LINE_NAMES = {
    "classic": "classic: w after t visits",
    "averaged": "averaged: (1/t) Σ w_s, s = 1..t",
    "voted": "voted: Σ c_k sign(w_k·x + b_k)",
    "pocket": "pocket: fewest training errors",
}
# What each rule is, in the words of the small multiples' titles and boundary names.
DESCRIPTIONS = {
    "classic": "the weights in force after t visits",
    "averaged": "(1/t) Σ w_s over visits s = 1..t (CIML's Alg. 7: t/(t+1) × this)",
    "voted": "Σ c_k sign(w_k·x + b_k), c_k = visits w_k survived",
    "pocket": "the weights with the fewest training errors so far",
}


# ------------------------------------------------------------------------ split
def split(
    n: int, seed: int, fractions=FRACTIONS, *, y=None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A seeded train / dev / test split of ``n`` examples.

    Parameters
    ----------
    n : int >= 3
        Number of examples.
    seed : int
        Seeds ``np.random.default_rng``: the same seed gives the same split.
    fractions : three positive numbers
        Shares of train, dev and test (normalised to sum 1). Each part gets
        ``round(n * share)`` examples, at least one (the training part takes the rest).
    y : array of shape (n,), optional
        Labels: when given, the split is stratified (each part gets the classes in about
        their overall proportion).

    Returns
    -------
    train_idx, dev_idx, test_idx : int64 arrays, each sorted and non-empty
        Disjoint, together ``0..n-1``.

    Raises
    ------
    ValueError
        ``n`` below 3, fractions not three positive finite numbers, ``y`` of the wrong
        length.

    Examples
    --------
    >>> train, dev, test = split(10, seed=0)
    >>> len(train), len(dev), len(test)
    (6, 2, 2)
    >>> sorted(np.concatenate((train, dev, test)).tolist()) == list(range(10))
    True
    """
    if isinstance(n, bool) or not isinstance(n, int | np.integer) or n < 3:
        raise ValueError(f"a train/dev/test split needs at least 3 examples; got n={n!r}")
    n = int(n)
    f = np.asarray(fractions, dtype=np.float64).reshape(-1)
    if f.shape != (3,) or not np.all(np.isfinite(f)) or np.any(f <= 0):
        raise ValueError(f"fractions must be three positive numbers; got {fractions!r}")
    f = f / f.sum()
    n_dev = max(1, int(round(n * f[1])))
    n_test = max(1, int(round(n * f[2])))
    while n - n_dev - n_test < 1:  # the training part keeps at least one example
        if n_dev >= n_test:
            n_dev -= 1
        else:
            n_test -= 1
    rng = np.random.default_rng(seed)
    order = rng.permutation(n)
    if y is not None:
        y = np.asarray(y).reshape(-1)
        if y.shape[0] != n:
            raise ValueError(f"y must have {n} labels; got {y.shape[0]}")
        # Each class, in the permutation's order, is spread evenly over [0, 1); cutting
        # the merged order into consecutive parts gives each part its share of each class.
        position = np.empty(n)
        labels = y[order]
        for c in np.unique(labels):
            members = np.flatnonzero(labels == c)
            position[members] = (np.arange(members.shape[0]) + 0.5) / members.shape[0]
        order = order[np.lexsort((np.arange(n), position))]
    cut1, cut2 = n - n_dev - n_test, n - n_test
    return np.sort(order[:cut1]), np.sort(order[cut1:cut2]), np.sort(order[cut2:])


# --------------------------------------------------------------------- accuracy
@dataclass(frozen=True)
class EpochAccuracy:
    """Accuracy of each variant on each set at the end of the epochs in ``epochs``.

    ``acc["voted"]["dev"]`` is an array aligned with ``epochs`` (1-based epoch numbers;
    every epoch unless the run had more than ``MAX_EPOCHS_SHOWN``). ``note`` says what was
    sampled, or is None.
    """

    epochs: np.ndarray
    values: dict[str, dict[str, np.ndarray]]
    note: str | None = None

    def __getitem__(self, variant: str) -> dict[str, np.ndarray]:
        return self.values[variant]

    @property
    def sets(self) -> tuple[str, ...]:
        return tuple(next(iter(self.values.values())).keys()) if self.values else ()

    def best(self, variant: str = "classic", on: str = "dev") -> int:
        """The epoch (1-based) with the highest accuracy of ``variant`` on ``on``."""
        return best_epoch(self.values[variant][on], epochs=self.epochs)


def epoch_cursors(run) -> np.ndarray:
    """The cursor (visits done) at the end of each epoch; the last may be partial."""
    ends = (np.arange(run.epochs, dtype=np.int64) + 1) * run.n
    return np.minimum(ends, run.n_visits)


def accuracy_per_epoch(
    run,
    sets: dict[str, tuple],
    *,
    max_epochs: int = MAX_EPOCHS_SHOWN,
    max_vote_work: int = MAX_VOTE_WORK,
    seed: int = 0,
) -> EpochAccuracy:
    """Accuracy of the four variants at each epoch's end, on each named set.

    Parameters
    ----------
    run : perceptron_core.Run
        A run of the online perceptron (not kernel, not batch), trained on the train part.
    sets : dict of name -> (X, y)
        E.g. ``{"train": (X[tr], y[tr]), "dev": ..., "test": ...}``; labels -1/+1.
    max_epochs : int
        More epochs than this: evenly spaced epochs (always the last) are evaluated.
    max_vote_work : int
        Cap on (voted vectors) x (points) for the voted perceptron; above it, a seeded
        subsample of each set's points is scored for the voted perceptron.
    seed : int
        Seeds that subsample.

    Returns
    -------
    EpochAccuracy
        ``acc[variant][set]``: fractions right (y * score > 0) at each of ``acc.epochs``.

    Notes
    -----
    Classic, averaged and pocket cost one weight vector per epoch (O(updates x d) for the
    averages) and (epochs x points) activations; the pocket needs the training errors of
    every weight vector (``Run.pocket_errors``, cached on the run). The voted perceptron
    costs one pass over its vectors for all epochs at once (``Run.variant_scores_at``).
    """
    names = list(sets)
    parts = []
    for name in names:
        X, y = sets[name]
        X = np.asarray(X, dtype=np.float64).reshape(-1, run.d)
        y = np.asarray(y).reshape(-1)
        if X.shape[0] != y.shape[0]:
            raise ValueError(f"set {name!r}: {X.shape[0]} points but {y.shape[0]} labels")
        parts.append((X, y))
    cursors = epoch_cursors(run)
    epochs = np.arange(1, cursors.shape[0] + 1)
    notes = []
    if cursors.shape[0] > max_epochs:
        keep = np.unique(np.round(np.linspace(0, cursors.shape[0] - 1, max_epochs)).astype(int))
        cursors, epochs = cursors[keep], epochs[keep]
        notes.append(
            f"{run.epochs} epochs: accuracy is shown at {epochs.shape[0]} of them, evenly "
            "spaced, the last included."
        )
    Z = np.vstack([X for X, _ in parts]) if parts else np.zeros((0, run.d))
    Y = np.concatenate([y for _, y in parts]) if parts else np.zeros(0)
    bounds = np.cumsum([0] + [y.shape[0] for _, y in parts])
    values: dict[str, dict[str, np.ndarray]] = {}
    for variant in VARIANTS:
        Zv, Yv, bv = Z, Y, bounds
        if variant == "voted" and cursors.shape[0]:
            vectors = run.updates_before_visit(int(cursors.max())) + 1
            if vectors * Z.shape[0] > max_vote_work:
                Zv, Yv, bv, shown = _subsample(parts, max(1, max_vote_work // vectors), seed)
                notes.append(
                    f"The voted perceptron has {vectors:,} vectors: its accuracy is estimated "
                    f"on a random {shown:,} of the {Z.shape[0]:,} points."
                )
        scores = run.variant_scores_at(variant, Zv, cursors.tolist())  # (epochs, points)
        right = Yv[None, :] * scores > 0
        values[variant] = {
            name: (
                right[:, bv[j] : bv[j + 1]].mean(axis=1)
                if bv[j + 1] > bv[j]
                else np.full(cursors.shape[0], np.nan)
            )
            for j, name in enumerate(names)
        }
    return EpochAccuracy(epochs=epochs, values=values, note=" ".join(notes) or None)


def _subsample(parts, total: int, seed: int):
    """About ``total`` points drawn from the sets in proportion, at least one per set."""
    m = sum(y.shape[0] for _, y in parts)
    rng = np.random.default_rng(seed)
    Xs, Ys, sizes = [], [], [0]
    for X, y in parts:
        k = min(y.shape[0], max(1, math.ceil(y.shape[0] * total / max(1, m))))
        pick = np.sort(rng.choice(y.shape[0], size=k, replace=False)) if y.shape[0] else []
        Xs.append(X[pick])
        Ys.append(y[pick])
        sizes.append(len(pick))
    bounds = np.cumsum(sizes)
    return np.vstack(Xs), np.concatenate(Ys), bounds, int(bounds[-1])


def best_epoch(dev_accuracy, *, epochs=None) -> int:
    """The 1-based epoch of the highest dev accuracy, the earliest of ties (early stopping).

    ``epochs`` maps positions to epoch numbers when only some epochs were evaluated.
    NaN (an empty dev set) never wins.

    Examples
    --------
    >>> best_epoch([0.5, 0.8, 0.7, 0.8])
    2
    """
    a = np.asarray(dev_accuracy, dtype=np.float64).reshape(-1)
    if a.shape[0] == 0:
        raise ValueError("no epochs to choose from")
    i = int(np.argmax(np.where(np.isnan(a), -np.inf, a)))
    return int(epochs[i]) if epochs is not None else i + 1


def stopping_table(acc: EpochAccuracy) -> str:
    """Early stopping as a markdown table: per variant, its best dev epoch, the dev and
    test accuracy there, and the test accuracy at the end."""
    rows = ["| variant | best dev epoch | dev | test at that epoch | test at the end |"]
    rows.append("|---|---|---|---|---|")
    for v in acc.values:
        e = acc.best(v, "dev")
        i = int(np.flatnonzero(acc.epochs == e)[0])
        rows.append(
            f"| {v} | {e} | {acc[v]['dev'][i]:.1%} | {acc[v]['test'][i]:.1%} | "
            f"{acc[v]['test'][-1]:.1%} |"
        )
    return "\n".join(rows)


def agreement(run, X, t: int) -> float:
    """Fraction of the points where all four variants predict the same class at cursor t
    (each predicts +1 where its score is > 0, else -1, as ``Run.predict``).

    On separable data the four often agree at the end, but not always: the average and
    the vote still carry the early vectors (see tests/test_variants_view.py)."""
    X = np.asarray(X, dtype=np.float64).reshape(-1, run.d)
    if X.shape[0] == 0:
        return float("nan")
    preds = np.array([run.variant_scores(v, X, t) > 0 for v in VARIANTS])
    return float(np.mean(np.all(preds == preds[0], axis=0)))


# ---------------------------------------------------------------------- figures
def agreement_line(run, X, t: int) -> str:
    """The four variants' agreement at step t, as the page says it."""
    return f"The four agree on {agreement(run, X, t):.0%} of the training points at this step."


def small_scene(scene: layers.Scene) -> layers.Scene:
    """The scene at small-multiple height (unless it already has its own)."""
    if scene.height is not None:
        return scene
    height = SMALL_HEIGHT_PRESENTER if scene.presenter else SMALL_HEIGHT
    return dataclasses.replace(scene, height=height)


def variant_layers(
    small: layers.Scene, run, variant: str, t: int, *, grid: int | None = None
) -> tuple[list[dict], list[dict], str]:
    """What ``variant`` predicts after ``t`` visits: (under the points, over them, title).

    Classic, averaged and pocket: their half-planes and boundary line (the averaged one
    named with its normalisation). Voted: its regions from the votes on a grid of
    ``grid`` cells a side (default: as fine as ``layers.MAX_SCORE_WORK`` allows for its
    number of vectors), with the zero level of the vote as its fence. Over the points: a
    cross on each the variant gets wrong.
    """
    color = VARIANT_COLORS[variant]
    scores = run.variant_scores(variant, small.X, t) if small.n else np.zeros(0)
    k = run.updates_before_visit(t)
    if variant == "voted":
        res = grid if grid is not None else layers.resolution_for(k + 1)
        xs, ys, Zg = layers.grid(small.box, res)
        votes = run.variant_scores("voted", Zg, t)
        base = layers.sign_regions(small, xs, ys, votes) + layers.zero_level(
            small, xs, ys, votes, name=LINE_NAMES["voted"], color=VARIANT_COLORS["voted"]
        )
        title = f"voted · {k + 1} vectors, {t} visits"
    else:
        w, b = run.variant_weights(variant, t)
        base = layers.regions(small.box, w, b) + layers.boundary(
            small, w, b, name=LINE_NAMES[variant], color=color, showlegend=False
        )
        if variant == "pocket":
            title = f"pocket · update {int(run.pocket_index[k])} of {k}"
        elif variant == "averaged":
            title = f"averaged · (1/t) Σ w_s, t = {t}"
        else:
            title = f"classic · after {t} visits"
    wrong = int(np.count_nonzero(pc.mistakes(small.y, scores)))
    return base, layers.misclassified(small, scores), f"{title} · {wrong} wrong"


def variant_figure(
    scene: layers.Scene, run, variant: str, t: int, *, grid: int | None = None
) -> go.Figure:
    """One small multiple: ``variant_layers`` around the points, titled. No legend (the
    page explains the marks)."""
    small = small_scene(scene)
    under, over, title = variant_layers(small, run, variant, t, grid=grid)
    return layers.compose(small, under, layers.points(small), over, title=title, legend=False)


# The four small multiples as one chart (so the stage steps them together in the browser):
# a 2 x 2 grid of subplots, classic and averaged above, voted and pocket below.
CELLS = {  # variant: (axis suffix, x domain, y domain)
    "classic": ("", (0.0, 0.47), (0.57, 0.92)),
    "averaged": ("2", (0.53, 1.0), (0.57, 0.92)),
    "voted": ("3", (0.0, 0.47), (0.0, 0.35)),
    "pocket": ("4", (0.53, 1.0), (0.0, 0.35)),
}


def _in_cell(traces: list[dict], variant: str) -> list[dict]:
    suffix = CELLS[variant][0]
    return [{**trace, "xaxis": "x" + suffix, "yaxis": "y" + suffix} for trace in traces]


def grid_scene(scene: layers.Scene) -> tuple[list[dict], dict]:
    """The points in each of the four cells and the grid's layout (the stage's scene)."""
    small = small_scene(scene)
    one = layers.layout(small, legend=False)
    layout = {k: v for k, v in one.items() if k not in ("xaxis", "yaxis", "title")}
    layout["height"] = 2 * small.style.height
    # Room for the tick labels and the axis titles at the style's font (a projector's too).
    style = small.style
    layout["margin"] = dict(l=style.left_room, r=10, t=10, b=style.legend_gap, autoexpand=False)
    traces = []
    for variant, (suffix, xdom, ydom) in CELLS.items():
        xaxis, yaxis = copy.deepcopy(one["xaxis"]), copy.deepcopy(one["yaxis"])
        xaxis.update(domain=list(xdom), anchor="y" + suffix)
        yaxis.update(domain=list(ydom), anchor="x" + suffix, scaleanchor="x" + suffix)
        if variant in ("classic", "averaged"):  # one axis title per column and row
            xaxis["title"] = dict(text="")
        if variant in ("averaged", "pocket"):
            yaxis["title"] = dict(text="")
        layout["xaxis" + suffix], layout["yaxis" + suffix] = xaxis, yaxis
        traces += _in_cell(layers.points(small), variant)
    return traces, layout


def grid_layers(
    scene: layers.Scene, run, t: int, *, grid: int | None = None
) -> tuple[list[dict], list[dict]]:
    """Each variant's layers after ``t`` visits in its cell, its title over the cell."""
    small = small_scene(scene)
    box = small.box
    under, over = [], []
    for variant in CELLS:
        below, above, title = variant_layers(small, run, variant, t, grid=grid)
        label = dict(
            type="scatter",
            mode="text",
            x=[(box.x0 + box.x1) / 2],
            y=[box.y1],
            text=["<br>".join(title.rsplit(" · ", 1))],  # the count of wrong on a line of its own
            textposition="top center",
            textfont=dict(size=small.style.font),
            cliponaxis=False,
            hoverinfo="skip",
            showlegend=False,
            name=f"{variant} title",
        )
        under += _in_cell(below, variant)
        over += _in_cell([*above, label], variant)
    return under, over


def accuracy_figure(
    acc: EpochAccuracy, best: int | None, *, presenter: bool = False, best_of: str = "classic"
) -> go.Figure:
    """Accuracy per epoch: colour per variant, dash per set (train solid, dev dash, test
    dot), and a vertical line at ``best``, the best dev epoch of ``best_of``.

    The legend is a key in one row: the variants' colours (a click hides or shows that
    variant's lines) and the sets' dashes; each line's hover names it in full.
    """
    style = figures.Style.of(presenter, 0)
    few = acc.epochs.shape[0] <= 40
    width = 2.5 if presenter else 2.0
    # Averaged, voted and pocket often have the same accuracy epoch after epoch: drawn from
    # the widest line to the thinnest, a line on top of another leaves its edges showing.
    widen = {v: 1.0 + 0.6 * (len(acc.values) - 1 - i) for i, v in enumerate(acc.values)}
    data, key = [], []
    for variant in acc.values:
        color = VARIANT_COLORS.get(variant, figures.INK)
        line_width = width * widen[variant] if variant != "classic" else width
        for name, values in acc.values[variant].items():
            label = f"{variant}, {text.plot_text(name)}"
            data.append(
                dict(
                    type="scatter",
                    x=acc.epochs,
                    y=np.asarray(values, dtype=np.float64),
                    mode="lines+markers" if few else "lines",
                    name=label,
                    meta=[variant, name],
                    legendgroup=variant,
                    showlegend=False,
                    line=dict(color=color, dash=SET_DASHES.get(name, "dashdot"), width=line_width),
                    marker=dict(size=5 if presenter else 4),
                    hovertemplate=f"{label}<br>epoch %{{x}}: %{{y:.1%}}<extra></extra>",
                )
            )
        key.append(_key_entry(variant, color, "solid", width, group=variant))
    sets = acc.sets
    for name in sets:
        dash = SET_DASHES.get(name, "dashdot")
        key.append(_key_entry(text.plot_text(name), figures.GHOST_COLOR, dash, width, "sets"))
    shapes, annotations = [], []
    if best is not None:
        shapes.append(figures.epoch_marker(best, width=1.5))
        annotations.append(
            dict(
                x=best,
                y=0.02,
                yref="paper",
                xanchor="left",
                yanchor="bottom",
                xshift=4,
                text=f"best dev epoch ({best_of}): {best}",
                showarrow=False,
                bgcolor="rgba(255, 255, 255, 0.8)",
                font=dict(size=style.font - 2),
            )
        )
    layout = dict(
        height=440 if presenter else 340,
        margin=dict(l=60, r=10, t=50 if presenter else 40, b=45),
        font=dict(size=style.font - 2),
        xaxis=dict(
            title=dict(text="epoch"),
            dtick=1 if acc.epochs.shape[0] <= 12 else None,
            fixedrange=True,
        ),
        yaxis=dict(title=dict(text="accuracy"), tickformat=".0%", fixedrange=True),
        legend=dict(
            orientation="h",
            traceorder="normal",  # one row: the key's groups are not stacked
            y=1.02,
            yanchor="bottom",
            x=0,
            font=dict(size=style.legend_font),
        ),
        plot_bgcolor="white",
        shapes=shapes,
        annotations=annotations,
        dragmode=False,
        hovermode="closest",
    )
    return figures.figure(data + key, layout)


def _key_entry(name: str, color: str, dash: str, width: float, group: str) -> dict:
    """A legend entry without data: a colour or a dash explained once."""
    return dict(
        type="scatter",
        x=[None],
        y=[None],
        mode="lines",
        name=name,
        legendgroup=group,
        line=dict(color=color, dash=dash, width=width),
        hoverinfo="skip",
    )
