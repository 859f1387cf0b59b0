"""The whole lecture as one HTML file: every scene, stepped in the browser with the
clicker's keys, playable from a USB stick with the network off and embeddable as a static
file (no request leaves the file: plotly.js is inside, once).

A scene on the Playground is its run, drawn by the app's own code at every cursor
(``ui.views.playground_view.picture``: the boundary, w and the update's vector sum, the
margin band) with the app's lines of numbers (``ui.parts.numbers.texts``: w, M against
its bound; ``ui.text.status_line``), in the language and notation the file is made in.
A scene on the Kernel, Proof, Space, Batch or Variants page (``PICTURED``) is drawn by that
page's own stage code at the steps it shows (the Batch page's least-squares section: its
chart, still), the Experiments' orders section (``STILL``) as its still chart, and the
Online page's game as its adversary plays it from an empty board. A scene the file cannot
replay (a lecturer's drawn points or upload, another page's own panels) is a card: its
title, idea and notes, and a sentence that it needs the app. A scene may carry the
lecturer's own question, shown before the step and revealed on a key.

The same traces are sent once: each cursor names its traces by their place in one pool.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass, field, fields
from functools import cache
from pathlib import Path

import numpy as np
from plotly.io.json import to_json_plotly

import datasets
import perceptron_core as pc
from ui import compute, lecture, notation, state, text, words
from ui.charts import geometry, layers
from ui.charts.playground import Playground
from ui.limits import ONLINE_ARRIVALS, VARIANTS_UPDATES, order_caps
from ui.parts import game
from ui.parts.data import drawing_box
from ui.parts.numbers import hinge_of as number_hinge
from ui.parts.numbers import texts as number_lines
from ui.parts.settings import Settings
from ui.parts.sources import DataChoice
from ui.runkey import run_key
from ui.server.lectures import Question, formula_parts
from ui.stage import part as stage
from ui.vendor import katex_inline
from ui.views import (
    batch_view,
    experiments_view,
    kernel_view,
    least_squares_view,
    online_view,
    playground_view,
    proof_view,
    space_view,
    variants_view,
)
from ui.words import t

STEPPED = "playground"  # the page whose scenes the file steps at every cursor
# Pages whose scenes the file draws at the steps they show (from the scene's step to its
# last), each with its own stage: the Kernel's (its frames hold a decision function's
# contour: about 80 KB each), the Proof's, the Space's, the Batch page's and the
# Variants page's (its four small multiples, on the run of its training part).
PICTURED = ("kernel", "proof", "space", "batch", "variants")
# Sections of a page whose chart does not step: the file shows it as a still picture.
STILL = (("experiments", "orders"),)
# What a page's settings panel fixes rather than reads from its link.
FIXED = {
    "kernel": {"variant": "kernel", "online": False},
    "proof": {"variant": "classic", "online": False},
    "space": {"variant": "classic", "online": False},
    "batch": {"variant": "batch", "online": False},
    "variants": {"variant": "classic", "online": False},
}
PLAYER = Path(__file__).resolve().parent / "lecture_file.js"  # the player, in the browser
MOVES = ("update", "visit", "epoch")


@dataclass(frozen=True)
class Entry:
    """One scene of the file, in the file's language: its words, its page and what the
    page reads (field values by key, the generator's parameters, the step), and the
    lecturer's question."""

    title: str
    idea: str
    notes: str
    until: str
    path: str
    values: dict = field(default_factory=dict)
    params: dict = field(default_factory=dict)
    step: int | str = 0
    last: int | str | None = None
    question: Question | None = None
    readable: bool = True  # False: the scene's link holds what the file cannot replay
    section: str = ""  # the part of a long page the scene is about (its heading's anchor)


def built_in(scene: lecture.Scene) -> Entry:
    """A scene of the lecture (``ui.lecture.SCENES``) in the lab's language and notation."""
    return Entry(
        title=lecture.said(scene, "title"),
        idea=lecture.said(scene, "idea"),
        notes=lecture.said(scene, "notes"),
        until=lecture.said(scene, "until") if scene.last is not None else "",
        path=scene.path,
        values=dict(scene.values),
        params=dict(scene.params),
        step=scene.step,
        last=scene.last,
        section=scene.section or "",
    )


def own(scene: tuple) -> Entry:
    """The lecturer's own scene (title, path, the link's parameters[, question]): its page
    read from the link as the page reads it; it opens at the link's step and goes on at
    the run's end."""
    title, path, params = scene[:3]
    question = scene[3] if len(scene) > 3 else None
    values, gen, step, readable = link_values(path, dict(params))
    return Entry(title, "", "", "", path, values, gen, step, lecture.END, question, readable)


def link_values(path: str, params: dict[str, str]) -> tuple[dict, dict, int | str, bool]:
    """A page's link as field values (keys, not labels), the generator's parameters and
    the step; ``readable`` False when the link holds data the file cannot make again
    (drawn points, an upload) or a value its page refuses."""
    try:
        table = lecture.table_of(path)
    except KeyError:
        return {}, {}, 0, False
    query = dict(params)
    readable = not state.check_link(query, table.link_spec())  # as every link is checked
    values: dict = {}
    for name, f in table.fields.items():
        raw = query.get(table.key(name))
        if raw is None or not f.bound:
            continue
        if f.kind == "choice":
            by_label = {str(v).casefold(): k for k, v in f.labels().items()}
            values[name] = by_label.get(str(raw).casefold(), raw)
        elif f.kind == "set":
            values[name] = next((o for o in f.options if str(o) == str(raw)), f.default)
            if isinstance(f.default, float):
                values[name] = float(raw)
        elif f.kind == "int":
            values[name] = int(float(raw))
        elif f.kind == "float":
            values[name] = float(raw)
        elif f.kind == "bool":
            values[name] = str(raw).lower() == "true"
    gen: dict = {}
    generator = values.get(
        "generator", table["generator"].default if "generator" in table.fields else None
    )
    if generator in datasets.GENERATORS:
        for p in datasets.GENERATORS[generator].params:
            raw = query.get(table.param_key(generator, p.name))
            if raw is not None:
                gen[p.name] = float(raw)
    raw_step = query.get(table.step_param, "0")
    step: int | str = lecture.END if raw_step == lecture.END else int(float(raw_step))
    if values.get("source", "generate") not in ("generate", "examples"):
        readable = False  # drawn points or an upload: the page holds them, not the link
    if query.get(table.points_param):
        readable = False  # the lecturer's own points (the game's arrivals): a card
    return values, gen, step, readable


def _default(table, name: str):
    return table[name].default if name in table.fields else None


def dataset(entry: Entry) -> datasets.Dataset:
    """The scene's data as its page makes it (``ui.parts.sources``): a generator with its
    parameters, n, noise and seed, or one of the notes' examples; then its preprocessing."""
    table = lecture.table_of(entry.path)
    v = {name: entry.values.get(name, _default(table, name)) for name in table.fields}
    if v["source"] == "examples":
        name = v["example"]
        seed = int(v["seed"]) if datasets.GENERATORS[name].uses_seed else 0
        ds = compute.generated(name, None, seed, 0.0, ())
    else:
        name = v["generator"]
        spec = datasets.GENERATORS[name]
        params = tuple((p.name, entry.params.get(p.name, p.default)) for p in spec.params)
        ds = compute.generated(name, int(v["n"]), int(v["seed"]), float(v["noise"]), params)
    return compute.preprocessed(ds, v.get("preprocessing") or "none")


def settings(entry: Entry) -> Settings:
    """The scene's run settings as the page reads them (its defaults where it says none)."""
    table = lecture.table_of(entry.path)
    v = {name: entry.values.get(name, _default(table, name)) for name in table.fields}
    v.update(FIXED.get(entry.path, {}))
    # Each setting as its default's type; what the page has no field for keeps Settings'
    # own default (the Proof has no kernel).
    base = Settings()
    return base.but(
        **{
            f.name: type(getattr(base, f.name))(v[f.name])
            for f in fields(Settings)
            if f.name in v and getattr(base, f.name) is not None
        }
    )


def steps(entry: Entry) -> bool:
    """Whether the file steps (or pictures) this scene's run or still chart (else: a card)."""
    if not entry.readable:
        return False
    if entry.path in PICTURED or (entry.path, entry.section) in STILL or _game(entry):
        return True
    return entry.path == STEPPED and settings(entry).variant != "kernel"


def _game(entry: Entry) -> bool:
    """The Online page's game (on an empty board: a link with points is not readable): the
    file plays the adversary's game."""
    return entry.path == "online"


class Pool:
    """Each distinct trace once, by its place."""

    def __init__(self) -> None:
        self.items: list[str] = []
        self.at: dict[str, int] = {}

    def __call__(self, traces: list[dict]) -> list[int]:
        out = []
        for trace in traces:
            s = to_json_plotly(trace)
            if s not in self.at:
                self.at[s] = len(self.items)
                self.items.append(s)
            out.append(self.at[s])
        return out


def pictured(entry: Entry, ds: datasets.Dataset, run, setup: Settings) -> layers.Layered:
    """The stage of a page in ``PICTURED`` for ``run``, built as that page builds it (the
    batch page's least-squares section: its chart, a still picture)."""
    path = entry.path
    if path == "kernel":
        box = geometry.view_box(ds.X, include_origin=False)
        scene = layers.Scene(ds.X, ds.y, box, ds.class_names, ds.feature_names, True)
        return kernel_view.layered(scene, run, number_lines(run, ds, compute.theory(ds)))
    th = compute.theory(ds)
    if path == "batch":  # the batch run beside the single-sample rule's, as the page has it
        single = compute.trained(ds, setup.but(variant="classic")).run
        record = pc.comparison_of(run, single)
        box = stage.view(ds, DataChoice(ds), (record.batch, record.single), run_key(ds, setup))
        scene = layers.Scene(ds.X, ds.y, box, ds.class_names, ds.feature_names, True)
        if entry.section == "least-squares":
            fitted = pc.least_squares(ds.X, ds.y)
            lines = least_squares_view.rows(single, fitted)
            said = least_squares_view.statement(lines, fitted, th.separable)
            return least_squares_view.layered(scene, lines, said)
        return batch_view.layered(scene, record, th, number_hinge(ds))
    box = stage.view(ds, DataChoice(ds), (run,), run_key(ds, setup))
    scene = layers.Scene(ds.X, ds.y, box, ds.class_names, ds.feature_names, True)
    if path == "space":
        return space_view.layered(Playground(scene), run, ds.X, ds.y, number_lines(run, ds, th))
    th = compute.agreed(ds, th, run)  # as the page: a clean pass separates
    separable = th is not None and th.separable
    chart = Playground(scene, separator=(th.u, th.gamma) if separable else None)
    return proof_view.layered(chart, run, ds.X, ds.y, th, number_hinge(ds))


def _file_layout(layout: dict) -> dict:
    """The page's layout for the file's chart column: the legend's entries each as wide as
    its label (the page's fixed columns cut a long label in the file's narrower chart)."""
    legend = layout.get("legend")
    if isinstance(legend, dict):
        legend.pop("entrywidth", None)
        legend.pop("entrywidthmode", None)
    return layout


def _played(
    scene: list[int], layout, frames: dict, moves: dict, start: int, last: int, total: int
) -> dict:
    """A scene's run as the player reads it: the scene's traces (by their place in the
    pool) and its layout for the file's column, each cursor's frame, where each move goes
    from each cursor, the cursor it opens at and the last it goes to, and the run's end
    (F)."""
    return {
        "scene": scene,
        "layout": _file_layout(json.loads(to_json_plotly(layout))),
        "total": total,
        "start": start,
        "last": last,
        "frames": frames,
        "moves": moves,
    }


def _lines(said: dict[str, str]) -> tuple[str, str]:
    """A frame's two places for the page's lines of numbers: its main line (the summary,
    else the first) and the others, one per row (the margins; the Kernel's has none)."""
    if "summary" in said:
        return said["summary"], said.get("margin", "")
    lines = list(said.values())
    return (lines[0] if lines else ""), "\n".join(lines[1:])


def staged(entry: Entry) -> tuple[object, layers.Layered, bool]:
    """(the scene's run, its page's stage over it, whether only the scene's own steps are
    drawn): each as its page trains and draws it."""
    ds, setup = dataset(entry), settings(entry)
    if entry.path == "variants":  # the Variants page's run: on its training part
        split_seed = entry.values.get(
            "split_seed", _default(lecture.table_of("variants"), "split_seed")
        )
        _, train = variants_view.training_part(ds, int(split_seed))
        run = compute.trained(train, setup.but(max_updates=VARIANTS_UPDATES)).run
        scene = layers.Scene(
            train.X, train.y, geometry.view_box(ds.X), ds.class_names, ds.feature_names, True
        )
        hinge = lambda e: compute.hinge_bound(train, e)  # noqa: E731 - as the page's
        return run, variants_view.layered(scene, run, compute.theory(train), hinge), True
    run = compute.trained_for(ds, setup).run
    if entry.path in PICTURED:  # the page's own stage, as the page draws it
        return run, pictured(entry, ds, run, setup), True
    th = compute.theory(ds) if compute.theory_live(ds.X) else None
    th = compute.agreed(ds, th, run)  # as the page: a clean pass separates
    key = run_key(ds, setup)
    lines = number_lines(run, ds, th)
    box = None if ds.d > 2 else stage.view(ds, DataChoice(ds), (run,), key)
    picture = playground_view.picture(
        ds, box, run, key, setup.variant, th, lines, presenter=True, cached=compute
    )
    return run, picture.layered, False


def run_scene(entry: Entry, pool: Pool) -> dict:
    """A stepped scene: the run at every cursor (a pictured page's: from the scene's step
    to its last) as the app draws and numbers it."""
    run, layered, own_steps = staged(entry)
    total = run.n_visits
    start = total if entry.step == lecture.END else min(int(entry.step), total)
    last = lecture.last_step(lecture.Scene("", "", "", entry.path, last=entry.last), total)
    last = max(start, total if last is None else last)
    cursors = range(start, last + 1) if own_steps else range(total + 1)
    scene_traces, layout = layered.scene
    frames, moves = {}, {m: {} for m in MOVES}
    for c in cursors:
        under, over = layered.at(c)
        first, rest = _lines(layered.texts(c))
        frames[c] = [pool(under), pool(over), text.status_line(run, c), first, rest]
        for m in MOVES:  # a move to a step the file does not hold stays where it is
            to = int(run.next_cursor(c, m))
            moves[m][c] = to if to in cursors else c
    return _played(pool(scene_traces), layout, frames, moves, start, last, total)


def orders_still(entry: Entry) -> layers.Layered:
    """The Experiments page's orders section as that page computes and draws it: the data
    in the fixed order, in random orders and worst first, every final boundary over the
    points, and the page's statement of what the orders did."""
    ds = dataset(entry)
    table = lecture.table_of(entry.path)
    v = {name: entry.values.get(name, _default(table, name)) for name in table.fields}
    orderings = int(v["orderings"])
    max_epochs, max_adversarial = order_caps(ds.n, orderings)
    result = compute.ordering_experiment(
        ds, orderings, int(v["order_seed"]), bool(v["reshuffle"]), max_epochs, max_adversarial
    )
    height = experiments_view.ORDERS_HEIGHT[True]
    scene = layers.Scene(
        ds.X, ds.y, geometry.view_box(ds.X), ds.class_names, ds.feature_names, True, height
    )
    said = experiments_view.ordering_statement(result, max_epochs, max_adversarial)
    return layers.still(experiments_view.boundaries_figure(scene, result), {"summary": said})


def game_scene(entry: Entry, pool: Pool) -> dict:
    """The Online page's game as the adversary plays it from an empty board (the page's
    Adversary pressed to the end), one arrival per cursor: at each, the board with the
    points so far and the perceptron's sides, and the page's lines for those arrivals
    (the mistakes against the bound for them, what the last arrival did)."""
    table = lecture.table_of("online")
    gamma = float(entry.values.get("gamma", table["gamma"].default))
    plays = online_view.adversary_plays(np.zeros(2), 0.0, gamma, grid=state.GRID)
    moves = list(itertools.islice(plays, ONLINE_ARRIVALS))
    X = np.array([m.x for m in moves], dtype=float).reshape(-1, 2)
    y = np.array([m.y for m in moves], dtype=np.int64)
    box = drawing_box(geometry.view_box(X, include_origin=True))
    frames, n = {}, len(y)
    layout: dict = {}
    for k in range(n + 1):  # k arrivals: the page after them
        ds = datasets.Dataset(X[:k], y[:k], source="the arrivals")
        run = game.run_of(ds)
        w, b = game.weights(run)
        th = compute.theory(ds) if k else None
        hinge = compute.hinge_bound(ds, 1) if th is not None and not th.separable else None
        scene = layers.Scene(X[:k], y[:k], box, presenter=True)
        fig = online_view.chart(scene, w, b, gamma=gamma, last=k - 1 if k else None)
        layout = fig.layout.to_plotly_json()
        lines = [online_view.count_text(0 if run is None else run.mistakes, k, th, hinge)]
        if run is not None:
            effect = pc.update_effect(run, run.n_visits - 1)
            lines.append(online_view.arrival_text(run, effect, *online_view.fix_tally(run)))
        if k == n and len(moves) < ONLINE_ARRIVALS:  # the adversary out of moves
            lines.append(online_view.out_of_moves_text(0 if run is None else run.mistakes, th))
        said = [text.unmarked(line) for line in lines]
        over = [trace.to_plotly_json() for trace in fig.data]
        frames[k] = [[], pool(over), "", said[0], "\n".join(said[1:])]
    moves = {m: {k: min(k + 1, n) for k in range(n + 1)} for m in MOVES}  # an arrival each
    return _played([], layout, frames, moves, 0, n, n)


def still_scene(layered: layers.Layered, pool: Pool) -> dict:
    """A still chart in the run's form the player reads: one cursor (0), no moves."""
    under, over = layered.at(0)
    first, rest = _lines(layered.texts(0))
    scene_traces, layout = layered.scene
    frames = {0: [pool(under), pool(over), "", first, rest]}
    return _played(pool(scene_traces), layout, frames, {m: {0: 0} for m in MOVES}, 0, 0, 0)


def _question(q: Question | None) -> dict | None:
    if q is None:
        return None
    return {
        "prompt": formula_parts(q.prompt),
        "choices": [formula_parts(c) for c in q.choices],
        "right": q.right,
    }


def scene_data(entry: Entry, pool: Pool) -> dict:
    """One scene as the player reads it (every user's text as text, never HTML)."""
    out = {
        "title": entry.title,
        "idea": entry.idea,
        "notes": entry.notes,
        "until": entry.until,
        "path": entry.path,
        "question": _question(entry.question),
    }
    if not steps(entry):
        out["card"] = t("lecture_file.needs_app", path=f"/{entry.path}")
    elif (entry.path, entry.section) in STILL:
        out["run"] = still_scene(orders_still(entry), pool)
    elif _game(entry):
        out["run"] = game_scene(entry, pool)
        out["until"] = t("lecture_file.adversary_plays", path=f"/{entry.path}")
    else:
        out["run"] = run_scene(entry, pool)
    return out


@cache
def plotly_js() -> str:
    """The lab's plotly.js (ui/vendor/plotly/: the trace types the lab draws), as a page of
    the app loads it."""
    from ui.vendor import PLOTLY_DIR, PLOTLY_JS

    return (PLOTLY_DIR / PLOTLY_JS).read_text(encoding="utf-8")


PLAYER_WORDS = ("scene_of", "keys", "reveal", "right_is", "end", "notes")


def _script_json(value) -> str:
    """JSON inside a <script> element: no "<" at all (written \\u003c, which JSON reads
    back as "<"), so nothing in it can close the element or open a comment."""
    raw = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return raw.replace("<", "\\u003c")


def lecture_html(entries: list[Entry], *, title: str) -> str:
    """The lecture as one HTML document in the lab's language and notation (made under
    ``ui.words.using`` / ``ui.notation.using``)."""
    pool = Pool()
    scenes = [scene_data(e, pool) for e in entries]
    # The templates with their named fields, which the player fills (as the Export's).
    catalogue, english = words.CATALOGUES[words.lang()], words.CATALOGUES[words.DEFAULT]
    said = {
        w: catalogue.get(f"lecture_file.{w}", english[f"lecture_file.{w}"]) for w in PLAYER_WORDS
    }
    data = {
        "lang": words.lang(),
        "notation": notation.current().name,
        "words": said,
        "scenes": scenes,
    }
    pool_json = "[" + ",".join(pool.items) + "]"
    katex_css, katex_js = katex_inline()  # formulas typeset with no network
    from html import escape

    return PAGE.format(
        lang=escape(words.lang()),
        title=escape(title),
        plotly=plotly_js().replace("</script", "<\\/script"),
        katex_css=katex_css.replace("</style", "<\\/style"),
        katex=katex_js.replace("</script", "<\\/script"),
        data=_script_json(data),
        pool=_script_json(pool_json),
        player=PLAYER.read_text(),
        heading=escape(title),
        csp=CSP,
    )


def lecture_entries(mine=(), *, built_in_scenes: bool = True) -> list[Entry]:
    """The built-in lecture's scenes (when asked) and the lecturer's own, in order."""
    out = [built_in(s) for s in lecture.SCENES] if built_in_scenes else []
    return out + [own(s) for s in mine]


# Nothing is fetched: no address, not even the file's own folder (a course page that
# embeds the file gives it no way out either).
CSP = (
    "default-src 'none'; script-src 'unsafe-inline' 'unsafe-eval'; "
    "style-src 'unsafe-inline'; img-src data: blob:; font-src data:"
)
PAGE = """<!DOCTYPE html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="{csp}">
<title>{title}</title>
<style>
body {{ font: 20px/1.4 system-ui, sans-serif; margin: 0; padding: 0 1.2em; color: #111; }}
header {{ display: flex; gap: 1em; align-items: baseline; }}
#lf-title {{ font-size: 1.6em; margin: .3em 0; }}
#lf-of {{ color: #555; white-space: nowrap; }}
#lf-run {{ display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); gap: 1em; }}
#lf-run[hidden] {{ display: none; }}
#lf-margin {{ white-space: pre-line; }}
#lf-chart {{ width: 100%; height: 72vh; }}
@media (max-width: 800px) {{ #lf-run {{ grid-template-columns: 1fr; }} }}
.lf-line {{ font-weight: 600; margin: .15em 0; }}
.lf-small {{ color: #444; font-size: .85em; }}
#lf-question {{ border: 3px solid #1f4e9c; border-radius: 8px; padding: .5em 1em; margin: .5em 0; }}
#lf-question ol {{ list-style: upper-alpha; }}
#lf-question li.right {{ background: #d8f5d0; font-weight: 700; }}
.tex {{ font-family: "Latin Modern Math", "STIX Two Math", serif; font-style: italic; }}
#lf-card {{ font-size: 1.1em; border-left: 6px solid #999; padding: .3em 1em; }}
footer {{ color: #555; font-size: .8em; margin: .5em 0; }}
</style>
<style>{katex_css}</style></head>
<body>
<header><h1 id="lf-title"></h1><span id="lf-of"></span></header>
<p id="lf-idea"></p>
<section id="lf-question" hidden><p id="lf-prompt"></p><ol id="lf-choices"></ol>
<p id="lf-answer" class="lf-small"></p></section>
<div id="lf-run"><div id="lf-chart"></div><div id="lf-side">
<p id="lf-status" class="lf-line" aria-live="polite"></p>
<p id="lf-summary" class="lf-line"></p><p id="lf-margin" class="lf-small"></p>
<p id="lf-until" class="lf-small"></p></div></div>
<p id="lf-card" hidden></p>
<p id="lf-notes" class="lf-small"></p>
<footer id="lf-keys"></footer>
<script>{plotly}</script>
<script type="application/json" id="lf-data">{data}</script>
<script type="application/json" id="lf-pool">{pool}</script>
<script>{katex}</script>
<script>{player}</script>
</body></html>
"""
