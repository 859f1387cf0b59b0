"""The course as a sequence of ready scenes: each opens a page of the lab on the right
data, settings and step, in presenter mode. Nothing here imports streamlit.

A scene names its page by URL path and its state by field values (keys, not labels):
``scene_query`` turns them into the link the page reads, through the page's own table, so
a scene cannot name a field or an option its page does not have (tests/ui/test_lecture.py
checks every scene against its page's table).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import urlencode

from ui import state
from ui.state import Table

END = "end"  # a scene's step: the end of its run, however long the run is


@dataclass(frozen=True)
class Scene:
    """One idea of the course, ready to show."""

    title: str
    idea: str  # what to look at, in a sentence or two
    notes: str  # where the notes say it
    path: str  # the page's URL path
    values: dict = field(default_factory=dict)  # field name: value (a choice's key)
    params: dict = field(default_factory=dict)  # generator parameter: value
    step: int | str = 0  # visits done, or END
    # Where the idea has been shown (visits done, or END): a clicker's PageDown there or
    # beyond opens the next scene. None on a page without a stepped run (PageDown goes on
    # at once). ``until`` says why the scene ends there.
    last: int | str | None = None
    until: str = ""
    section: str | None = None  # the heading's anchor the scene opens at (a long page)


def table_of(path: str) -> Table:
    """The state table of the page at ``path``."""
    for table in state.TABLES:
        if PATHS.get(table.prefix) == path:
            return table
    raise KeyError(f"no page at /{path}")


# The URL path of each page's table (its prefix), as app.py registers them.
PATHS = {
    "pg_": "playground", "kn_": "kernel", "bt_": "batch", "va_": "variants",
    "on_": "online", "sp_": "space", "pf_": "proof", "ex_": "experiments",
}  # fmt: skip


def _value(table: Table, name: str, value) -> str:
    f = table[name]
    if f.kind == "choice":
        return str(f.labels()[value])
    if f.kind == "set":
        return f.labels()[value]
    if f.kind == "bool":
        return "true" if value else "false"
    return str(value)


def scene_query(scene: Scene) -> dict[str, str]:
    """The scene's link parameters: its values (labels where a widget stores labels), its
    generator's parameters, its step and presenter mode."""
    table = table_of(scene.path)
    query = {table.key(k): _value(table, k, v) for k, v in scene.values.items()}
    if "generator" in table.fields:
        generator = scene.values.get("generator", table["generator"].default)
    for name, value in scene.params.items():
        query[table.param_key(generator, name)] = f"{value:g}"
    if scene.step:
        query[table.step_param] = str(scene.step)
    query[table.key("presenter")] = "true"
    return query


def link(path: str, query: dict[str, str]) -> str:
    """A page's relative link: ``/path?query``."""
    return f"/{path}?{urlencode(query)}"


def scene_link(scene: Scene) -> str:
    """The scene as a relative link."""
    return link(scene.path, scene_query(scene))


def last_step(scene: Scene, total: int) -> int | None:
    """The cursor from which a clicker's PageDown opens the next scene, on a run of
    ``total`` visits; None for a scene without a stepped run."""
    if scene.last is None:
        return None
    return total if scene.last == END else min(int(scene.last), total)


EX1, EX2 = "notes_002_example1", "notes_002_example2"
SHOWN_AT_END = "It opens at the run's end: the idea is on screen as it opens."
SCENES: tuple[Scene, ...] = (
    Scene(
        "An update is a vector sum",
        "Visit 3 of 002's Example 1: (1, 2) is a mistake, and w_new = w_old + y·x is drawn "
        "tip to tail; the boundary turns to put the point on its side.",
        "003 (the geometric picture), 000",
        "playground",
        {"source": "examples", "example": EX1},
        step=3,
        last=5,
        until="Visit 5: (1, 1) is a mistake again and the sum is drawn once more, with "
        "the other sign (+x): two updates show the rule.",
    ),
    Scene(
        "002's Example 1, corrected",
        "The notes call (1, 2) correctly classified and stop after one pass. It is a "
        "mistake (y(w·x + b) = -4): the first epoch ends without a clean pass (ERRATA).",
        "002 section 10.1, ERRATA",
        "playground",
        {"source": "examples", "example": EX1},
        step=4,
        last=7,
        until="Epoch 2 makes its mistakes again (visits 5 and 7): no clean pass comes.",
    ),
    Scene(
        "A tie at zero is a mistake",
        "XOR, visit 4: w·x + b = 0 exactly at (1, 0). The rule updates on ≤ 0, so the tie "
        "is a mistake (the notes' text says otherwise: ERRATA).",
        "000 (a tie is a mistake), 002 section 10.2, ERRATA",
        "playground",
        {"source": "examples", "example": EX2},
        step=4,
        last=4,
        until="It opens on the tie (visit 4) and its update: nothing more to show.",
    ),
    Scene(
        "XOR never converges",
        "No line separates XOR: the run stops at its maximum number of epochs, never a "
        "clean pass, and Theorem 2 bounds the mistakes instead of Theorem 1.",
        "002 section 10.2, 001 Theorem 2",
        "playground",
        {"source": "examples", "example": EX2},
        step=END,
        last=END,
        until=SHOWN_AT_END,
    ),
    Scene(
        "A wide margin: few mistakes",
        "Separable data with margin 0.3: the run converges after a handful of updates, "
        "far below R²/γ*².",
        "001 Theorem 1, 002 (margin and the 1/γ² rate)",
        "playground",
        {"source": "generate", "generator": "separable", "n": 100},
        {"margin": 0.3},
        step=END,
        last=END,
        until=SHOWN_AT_END,
    ),
    Scene(
        "A thin margin: the bound grows as 1/γ²",
        "The same data with margin 0.02: many more updates, and the bound R²/γ*² grows "
        "with 1/γ*² (the mistakes stay under it).",
        "001 Theorem 1, 002",
        "playground",
        {"source": "generate", "generator": "separable", "n": 100},
        {"margin": 0.02},
        step=END,
        last=END,
        until=SHOWN_AT_END,
    ),
    Scene(
        "Order matters: a shuffled order",
        "The notes' 85 separable points in a new random order each epoch: compare the "
        "epochs to converge with the fixed order (change the order seed).",
        "002 section 6.1, 003 (random is better)",
        "playground",
        {"source": "examples", "example": "ordering_85", "order": "shuffle"},
        step=END,
        last=END,
        until=SHOWN_AT_END,
    ),
    Scene(
        "Pocket, averaged and voted on noisy data",
        "Noisy data never converges: the last w jumps around, while pocket, the average "
        "and the vote are steadier. Accuracy per epoch on dev marks where to stop early.",
        "002 (pocket), 003 (voted, averaged, early stopping), 000",
        "variants",
        {"source": "generate", "generator": "separable", "n": 200, "noise": 0.2},
        step=END,
        last=END,
        until=SHOWN_AT_END,
    ),
    Scene(
        "The kernel perceptron separates XOR",
        "The dual form with K(a, b) = (1 + a·b)²: the decision function bends around the "
        "four clusters and the run converges; each point's size is its α_i.",
        "001 (kernel perceptron), 002",
        "kernel",
        {"source": "generate", "generator": "xor", "kernel": "poly", "degree": 2},
        step=END,
        last=END,
        until=SHOWN_AT_END,
    ),
    Scene(
        "The proof, live: the squeeze",
        "Step through a run: w·u* climbs at least γ* per mistake while ‖w‖ grows at most "
        "R·√M; the two curves meet at M = R²/γ*², so the mistakes cannot go past it.",
        "001 Theorem 1 and its proof, 004 (from any start)",
        "proof",
        {"source": "examples", "example": "notes_rule_004"},
        step=END,
        last=END,
        until=SHOWN_AT_END,
    ),
    Scene(
        "Random orders, and the worst order",
        "The notes' 85 points in many random orders: a histogram of epochs and mistakes, "
        "and an adversarial order against the bound: it holds for any order; random is "
        "usually better.",
        "002 section 6.1, 001 Theorem 1",
        "experiments",
        {"source": "examples", "example": "ordering_85"},
        section="orders",
    ),
    Scene(
        "The mistake-bound game",
        "You are the teacher: place a point, the perceptron predicts first, then learns. "
        "Press Adversary: every point it plays is a mistake, and still M ≤ R²/γ².",
        "001 (the online setting, Theorem 1)",
        "online",
    ),
    Scene(
        "The augmented space and weight space",
        "The points lifted to (1, x1, x2): w is a vector through the origin and the "
        "boundary is its plane; in weight space the run walks into the feasible cone.",
        "000 (augmented space), 004 (the sign flip), 001 (the cone LP)",
        "space",
        {"source": "examples", "example": "notes_rule_004"},
        step=END,
        last=END,
        until=SHOWN_AT_END,
    ),
    Scene(
        "Batch gradient descent on J_p",
        "One step per epoch on the sum of the epoch's mistakes, against the single-sample "
        "rule on the same data; and from w = 0 the learning rate changes no prediction.",
        "004 (J_p, batch vs single-sample), 002 section 11.3",
        "batch",
        {"source": "examples", "example": "notes_rule_004"},
        step=END,
        last=END,
        until=SHOWN_AT_END,
    ),
)
