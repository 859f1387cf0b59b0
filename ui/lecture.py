"""The course as a sequence of ready scenes: each opens a page of the lab on the right
data, settings and step, in presenter mode. Nothing here imports streamlit.

A scene's words (title, idea, notes, until) are the catalogue's (``lecture.<name>.*`` in
``ui/words/*/lecture.py``), said by ``said`` in the lab's language and notation; the
fields keep the English of the notes' notation (w, b), so a scene reads as before in
tests and logs.

A scene names its page by URL path and its state by field values (keys, not labels):
``scene_query`` turns them into the link the page reads, through the page's own table, so
a scene cannot name a field or an option its page does not have (tests/ui/test_lecture.py
checks every scene against its page's table).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import urlencode

from ui import notation, state, words
from ui.state import Table
from ui.words import t

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
    name: str = ""  # its words' id in the catalogue (lecture.<name>.title, ...); "": the fields


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
PARTS = ("title", "idea", "notes", "until")


def symbols() -> dict[str, str]:
    """The notation's symbols a scene's words use (``ui/words/locale/lecture.pot``)."""
    nt = notation.current()
    return {
        "w": nt.w,
        "score": nt.score,
        "signed": nt.signed,
        "norm": nt.norm,
        "x": nt.x,
        "step": nt.step.replace("η·", ""),  # the scenes' runs learn with η = 1
        "plus": nt.step_label("+", ""),
    }


def _message(name: str, part: str, last) -> str | None:
    if part != "until":
        return f"lecture.{name}.{part}"
    if last is None:
        return None
    return "lecture.shown_at_end" if last == END else f"lecture.{name}.until"


def said(scene: Scene, part: str) -> str:
    """The scene's ``part`` (title, idea, notes or until) in the lab's language and
    notation; a scene without a name (the lecturer's own) says its fields."""
    message = _message(scene.name, part, scene.last) if scene.name else None
    if message is None:
        return getattr(scene, part)
    return t(message, **symbols())


def _scene(name: str, path: str, values=None, params=None, **where) -> Scene:
    """Scene ``name`` with its words in English and the notes' notation as its fields."""
    with words.using("en"), notation.using("wb"):
        texts = {
            part: t(m, **symbols()) if (m := _message(name, part, where.get("last"))) else ""
            for part in PARTS
        }
    return Scene(path=path, values=values or {}, params=params or {}, name=name, **texts, **where)


SHOWN_AT_END = _scene("xor", "playground", last=END).until
SCENES: tuple[Scene, ...] = (
    _scene("sum", "playground", {"source": "examples", "example": EX1}, step=3, last=5),
    _scene("corrected", "playground", {"source": "examples", "example": EX1}, step=4, last=7),
    _scene("tie", "playground", {"source": "examples", "example": EX2}, step=4, last=4),
    _scene("xor", "playground", {"source": "examples", "example": EX2}, step=END, last=END),
    _scene(
        "wide",
        "playground",
        {"source": "generate", "generator": "separable", "n": 100},
        {"margin": 0.3},
        step=END,
        last=END,
    ),
    _scene(
        "thin",
        "playground",
        {"source": "generate", "generator": "separable", "n": 100},
        {"margin": 0.02},
        step=END,
        last=END,
    ),
    _scene(
        "order",
        "playground",
        {"source": "examples", "example": "ordering_85", "order": "shuffle"},
        step=END,
        last=END,
    ),
    _scene(
        "noisy",
        "variants",
        {"source": "generate", "generator": "separable", "n": 200, "noise": 0.2},
        step=END,
        last=END,
    ),
    _scene(
        "kernel",
        "kernel",
        {"source": "generate", "generator": "xor", "kernel": "poly", "degree": 2},
        step=END,
        last=END,
    ),
    _scene(
        "proof", "proof", {"source": "examples", "example": "notes_rule_004"}, step=END, last=END
    ),
    _scene(
        "orders", "experiments", {"source": "examples", "example": "ordering_85"}, section="orders"
    ),
    _scene("game", "online"),
    _scene(
        "space", "space", {"source": "examples", "example": "notes_rule_004"}, step=END, last=END
    ),
    _scene(
        "batch", "batch", {"source": "examples", "example": "notes_rule_004"}, step=END, last=END
    ),
    _scene(
        "least_squares",
        "batch",
        {"source": "examples", "example": "outlier_far"},
        step=END,
        last=END,
        section="least-squares",
    ),
)
