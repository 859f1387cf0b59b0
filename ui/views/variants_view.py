"""The variants page's logic: one run of the online perceptron, four rules of prediction.

Classic, averaged, voted and pocket share one run (``perceptron_core.Run``); the run
answers what each predicts at any cursor (``Run.variant_weights``, ``variant_scores``).
The numbers are the engine's and the datasets': the seeded train / dev / test split
(``datasets.split``), accuracy per epoch on each part (``pc.accuracy_per_epoch``), the
best dev epoch (``pc.best_epoch``, early stopping) and how often the four agree
(``pc.agreement``). Here: the early-stopping table, the small multiples of the four at
one step and the accuracy chart. Pure: runs in, plain values and Plotly figures out, no
streamlit. A point is wrong when y * score <= 0, as for the learning rule, so the
crosses of ``layers.misclassified`` are the engine's errors.
"""

from __future__ import annotations

import copy
import dataclasses

import numpy as np
import plotly.graph_objects as go

import datasets
import perceptron_core as pc
from perceptron_core.run import COMPARED
from ui import bounds, notation, text
from ui.charts import epochs, layers, theme
from ui.charts.theme import VARIANT_COLORS, line_name
from ui.words import has
from ui.words import t as say

VARIANTS = COMPARED  # ("classic", "averaged", "voted", "pocket")

SMALL_HEIGHT = 320  # one of the four small multiples (presenter: SMALL_HEIGHT_PRESENTER)
SMALL_HEIGHT_PRESENTER = 440

SET_DASHES = {"train": "solid", "dev": "dash", "test": "dot"}
# What each rule is, in the words of the small multiples' titles and boundary names.
DESCRIPTIONS = {
    "classic": "the weights in force after t visits",
    "averaged": "(1/t) Σ w_s over visits s = 1..t (CIML's Alg. 7: t/(t+1) × this)",
    "voted": "Σ c_k sign(w_k·x + b_k), c_k = visits w_k survived",
    "pocket": "the weights with the fewest training errors so far",
}


def variant_name(variant: str) -> str:
    """A variant's name in the lab's language ("classic", "klassisch")."""
    return say(f"variant.{variant}") if has(f"variant.{variant}") else variant


def set_name(name: str) -> str:
    """A part of the split in the lab's language ("dev", "Validierung"); another set's own
    name, made safe for a chart."""
    return say(f"variants.set.{name}") if has(f"variants.set.{name}") else text.plot_text(name)


def title() -> str:
    """The page's title: the four variants by name."""
    return say("variants.title", **{v: variant_name(v) for v in VARIANTS})


def accuracy_note(acc: pc.EpochAccuracy, run) -> str | None:
    """What of the accuracy was sampled (the engine's ``acc.note``, in the lab's language)."""
    notes = []
    if acc.epochs.shape[0] < run.epochs:
        notes.append(say("variants.note_epochs", epochs=run.epochs, shown=acc.epochs.shape[0]))
    if acc.voted_sample is not None:
        vectors, shown, total = acc.voted_sample
        notes.append(say("variants.note_voted", vectors=vectors, shown=shown, total=total))
    return " ".join(notes) or None


def stopping_table(acc: pc.EpochAccuracy) -> str:
    """Early stopping as a markdown table: per variant, its best dev epoch, the dev and
    test accuracy there, and the test accuracy at the end."""
    rows = [say("variants.table_head")]
    rows.append("|---|---|---|---|---|")
    for v in acc.values:
        e = acc.best(v, "dev")
        i = int(np.flatnonzero(acc.epochs == e)[0])
        rows.append(
            f"| {variant_name(v)} | {e} | {acc[v]['dev'][i]:.1%} | {acc[v]['test'][i]:.1%} | "
            f"{acc[v]['test'][-1]:.1%} |"
        )
    return "\n".join(rows)


# ---------------------------------------------------------------------- figures
def agreement_line(run, X, step: int) -> str:
    """The four variants' agreement at step t, as the page says it."""
    return say("variants.agree", share=pc.agreement(run, X, step))


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
    color, name = VARIANT_COLORS[variant], variant_name(variant)
    scores = run.variant_scores(variant, small.X, t) if small.n else np.zeros(0)
    k = run.updates_before_visit(t)
    if variant == "voted":
        res = grid if grid is not None else layers.resolution_for(k + 1)
        xs, ys, Zg = layers.grid(small.box, res)
        votes = run.variant_scores("voted", Zg, t)
        base = layers.sign_regions(small, xs, ys, votes) + layers.zero_level(
            small, xs, ys, votes, name=line_name("voted"), color=VARIANT_COLORS["voted"]
        )
        title = say("variants.cell.voted", name=name, k=k + 1, t=t)
    else:
        w, b = run.variant_weights(variant, t)
        base = layers.regions(small.box, w, b) + layers.boundary(
            small, w, b, name=line_name(variant), color=color, showlegend=False
        )
        if variant == "pocket":
            title = say("variants.cell.pocket", name=name, i=int(run.pocket_index[k]), k=k)
        elif variant == "averaged":
            title = f"{name} · (1/t) Σ {notation.current().w}_s, t = {t}"  # an equation
        else:
            title = say("variants.cell.classic", name=name, t=t)
    wrong = int(np.count_nonzero(pc.mistakes(small.y, scores)))
    title = say("variants.cell.wrong", title=title, wrong=wrong)
    return base, layers.misclassified(small, scores), title


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
    # Above the top row, with the room its domain leaves: its titles' lines (three; on a
    # projector two, in less of the chart's height).
    top = round((2.7 if small.presenter else 2) * style.font)
    layout["margin"] = dict(l=style.left_room, r=10, t=top, b=style.legend_gap, autoexpand=False)
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


def title_lines(title: str, presenter: bool) -> str:
    """A cell's title (its parts joined by " · ": the name, the rule's state, the count of
    wrong) in lines: a line each (one line ran into the next cell's on a phone); on a
    projector two, the name with the count and then the state (a low, wide window leaves
    the rows too little room between them for four)."""
    parts = title.split(" · ")
    if presenter and len(parts) > 2:
        return f"{parts[0]} · {parts[-1]}<br>{' · '.join(parts[1:-1])}"
    return "<br>".join(parts)


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
            text=[title_lines(title, small.presenter)],
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
    acc: pc.EpochAccuracy, best: int | None, *, presenter: bool = False, best_of: str = "classic"
) -> go.Figure:
    """Accuracy per epoch: colour per variant, dash per set (train solid, dev dash, test
    dot), and a vertical line at ``best``, the best dev epoch of ``best_of``.

    The legend is a key in one row: the variants' colours (a click hides or shows that
    variant's lines) and the sets' dashes; each line's hover names it in full.
    """
    style = theme.Style.of(presenter, 0)
    few = acc.epochs.shape[0] <= 40
    width = 2.5 if presenter else 2.0
    # Averaged, voted and pocket often have the same accuracy epoch after epoch: drawn from
    # the widest line to the thinnest, a line on top of another leaves its edges showing.
    widen = {v: 1.0 + 0.6 * (len(acc.values) - 1 - i) for i, v in enumerate(acc.values)}
    data, key = [], []
    for variant in acc.values:
        color = VARIANT_COLORS.get(variant, theme.INK)
        line_width = width * widen[variant] if variant != "classic" else width
        for name, values in acc.values[variant].items():
            label = f"{variant_name(variant)}, {set_name(name)}"
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
                    hovertemplate=say("variants.hover", label=label),
                )
            )
        key.append(_key_entry(variant_name(variant), color, "solid", width, group=variant))
    sets = acc.sets
    for name in sets:
        dash = SET_DASHES.get(name, "dashdot")
        key.append(_key_entry(set_name(name), theme.GHOST_COLOR, dash, width, "sets"))
    shapes, annotations = [], []
    if best is not None:
        shapes.append(epochs.epoch_marker(best, width=1.5))
        annotations.append(
            dict(
                x=best,
                y=0.02,
                yref="paper",
                xanchor="left",
                yanchor="bottom",
                xshift=4,
                text=say("variants.best", variant=variant_name(best_of), e=best),
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
            title=dict(text=say("variants.axis_epoch")),
            dtick=1 if acc.epochs.shape[0] <= 12 else None,
            fixedrange=True,
        ),
        yaxis=dict(
            title=dict(text=say("variants.axis_accuracy")), tickformat=".0%", fixedrange=True
        ),
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
    return theme.figure(data + key, layout)


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


def training_part(ds: datasets.Dataset, split_seed: int):
    """(the page's train/dev/test rows, the training part) of ``ds`` (``datasets.split``,
    stratified by class); (None, ``ds``) when the data are too few (under 6) or have one
    class: the page says so and trains nothing."""
    if ds.n < 6 or np.unique(ds.y).size != 2:
        return None, ds
    parts = datasets.split(ds.n, split_seed, y=ds.y)
    rows = parts[0]
    return parts, datasets.Dataset(ds.X[rows], ds.y[rows], ds.feature_names, ds.class_names)


def layered(scene: layers.Scene, run, th_train, hinge_of) -> layers.Layered:
    """The Variants page's stage over the training part's ``scene`` (and the offline
    lecture's picture of its scenes): the four variants at each step as small multiples,
    the run's mistakes against the bound that holds for it on the training part
    (``th_train``, ``hinge_of(epoch)``) and how often the variants agree."""
    if run is None:
        return layers.Layered((layers.points(scene), layers.layout(scene)), lambda t: ([], []))
    return layers.Layered(
        grid_scene(scene),
        lambda t: grid_layers(scene, run, t),
        lambda t: {
            "bound": say("variants.bound", line=bounds.live(run, th_train, t, hinge_of).line()),
            "agree": agreement_line(run, scene.X, t),
        },
    )
