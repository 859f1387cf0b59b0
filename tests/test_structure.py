"""The folder tree is the architecture: the import graph of ``ui/`` between its folders
and loose modules, read from the source (every import, a function's own too).

No circle between folders (nor between a folder and a loose module), so none imports one
that imports it back; no arrow from a lower floor to a higher one (``FLOORS``), and no
feature imports another; the stage imports no feature (the class, practice, export, nor
the page parts that hang on it: they register with ``ui.stage.hooks``); no loose module at
the top of ``ui/`` belongs to one feature; nothing under ``ui/`` imports a page or the
entry point.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
UI = REPO / "ui"
STAGE = "ui/stage"
FEATURES = ("ui/room", "ui/practice", "ui/export")  # the class, practice, export
ABOVE_THE_STAGE = (*FEATURES, "ui/parts")
# The folders from the ground up: each imports only its own floor's folders or lower ones
# (a feature none but its own). The loose modules of ui/ (compute, text, notation, ...)
# have no floor; the circle test holds them.
FLOORS = (
    ("ui/words", "ui/vendor"),
    ("ui/state", "ui/charts"),
    ("ui/views",),
    ("ui/server",),
    ("ui/stage",),
    ("ui/parts",),
    FEATURES,
    ("pages", "app"),
)


def _module(path: Path) -> str:
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported(path: Path) -> set[str]:
    """Every module ``path`` imports, by its dotted name (``from a import b``: ``a`` and
    ``a.b``, since ``b`` may be a module)."""
    mod = _module(path)
    package = mod if path.name == "__init__.py" else mod.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            out.add(name)
            out.update(f"{name}.{a.name}" for a in node.names)
    return out


def _node(module: str) -> str | None:
    """The graph's node of a dotted module: its folder under ``ui/`` (``ui/stage``), a loose
    module (``ui/compute.py``), ``pages`` or ``app``; None outside the lab."""
    parts = module.split(".")
    if parts[0] in ("pages", "app"):
        return parts[0]
    if parts[0] != "ui" or len(parts) < 2:
        return None
    if (UI / parts[1]).is_dir():
        return f"ui/{parts[1]}"
    if (UI / f"{parts[1]}.py").is_file():
        return f"ui/{parts[1]}.py"
    return None


def _sources() -> list[Path]:
    return [*sorted(UI.rglob("*.py")), *sorted((REPO / "pages").glob("*.py")), REPO / "app.py"]


def graph() -> dict[str, dict[str, set[str]]]:
    """node -> the nodes it imports -> the files whose imports draw that arrow."""
    edges: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for path in _sources():
        source = _node(_module(path))
        for name in _imported(path):
            target = _node(name)
            if target is not None and target != source:
                edges[source][target].add(str(path.relative_to(REPO)))
    return edges


def circles(edges) -> list[list[str]]:
    """The graph's strongly connected parts of more than one node (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges.get(v, {}):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for v in list(edges):
        if v not in index:
            visit(v)
    return found


def test_the_graph_is_read():
    # The reader sees the arrows the code has: the pages import the stage, the stage the
    # stepper's session state (a reader that saw nothing would pass every test below).
    edges = graph()
    assert "ui/stage" in edges["pages"]
    assert "ui/state" in edges["ui/stage"]
    assert circles({"a": {"b": {""}}, "b": {"c": {""}}, "c": {"a": {""}}}) == [["a", "b", "c"]]


def test_no_folder_imports_one_that_imports_it_back():
    edges = graph()
    said = []
    for part in circles(edges):
        arrows = [
            f"  {a} -> {b}: {', '.join(sorted(edges[a][b]))}"
            for a in part
            for b in part
            if b in edges.get(a, {})
        ]
        said.append(" <-> ".join(part) + "\n" + "\n".join(arrows))
    assert not said, "import circles:\n" + "\n".join(said)


def test_no_arrow_goes_up_a_floor():
    edges = graph()
    floor = {node: i for i, nodes in enumerate(FLOORS) for node in nodes}
    assert set(floor) >= {n for n in edges if not n.endswith(".py")}  # every folder has one
    wrong = [
        f"{source} -> {target}: {', '.join(sorted(files))}"
        for source, targets in edges.items()
        for target, files in targets.items()
        if source in floor
        and target in floor
        and (
            floor[target] > floor[source] or (floor[target] == floor[source] and source in FEATURES)
        )
    ]
    assert not wrong, "arrows up a floor (or between features):\n" + "\n".join(wrong)


def test_the_stage_imports_no_feature():
    edges = graph()
    wrong = {t: sorted(files) for t, files in edges[STAGE].items() if t in ABOVE_THE_STAGE}
    assert not wrong, f"the stage imports what hangs on it: {wrong}"


def test_nothing_under_ui_imports_a_page_or_the_entry_point():
    edges = graph()
    wrong = {
        (s, t): sorted(f)
        for s, targets in edges.items()
        if s.startswith("ui/")
        for t, f in targets.items()
        if t in ("pages", "app")
    }
    assert not wrong, wrong


def test_no_loose_module_belongs_to_one_feature():
    edges = graph()
    importers: dict[str, set[str]] = defaultdict(set)
    for source, targets in edges.items():
        for target in targets:
            importers[target].add(source)
    loose = [f"ui/{p.name}" for p in UI.glob("*.py") if p.name != "__init__.py"]
    assert "ui/compute.py" in loose
    owned = {
        m: sorted(importers[m])
        for m in loose
        if importers[m] and len(importers[m]) == 1 and next(iter(importers[m])) in FEATURES
    }
    assert not owned, f"loose modules that belong in their feature's package: {owned}"
