"""No import circle among the project's modules (issue 18).

Every import of every project module is read from its source (``ast``, nothing is
imported): at the top of the file, inside a function or under any ``if``, since a circle
through an import made late still ties the two modules together. An import of a package
counts as an import of its ``__init__``; ``from package import name`` counts as an import
of ``package.name`` when that is a module. Then every strongly connected component of the
graph with more than one module (or a module importing itself) is a circle, named.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("perceptron_core", "datasets", "ui", "pages")
SCRIPTS = ("app.py",)


def project_modules() -> dict[str, Path]:
    """Dotted module name -> file, for the app's script and every project package."""
    modules = {Path(s).stem: ROOT / s for s in SCRIPTS}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            modules[".".join(parts)] = path
    return modules


def _is_package(name: str, modules: dict[str, Path]) -> bool:
    return modules[name].name == "__init__.py"


def imports_of(name: str, modules: dict[str, Path]) -> set[str]:
    """The project modules ``name`` imports anywhere in its file."""
    path = modules[name]
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    # The package a relative import starts from.
    here = name if _is_package(name, modules) else name.rpartition(".")[0]
    found: set[str] = set()

    def add(target: str) -> None:
        # The most specific project module the dotted name reaches.
        parts = target.split(".")
        while parts and ".".join(parts) not in modules:
            parts.pop()
        if parts:
            found.add(".".join(parts))

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here.split(".") if here else []
                base = base[: len(base) - (node.level - 1)] if node.level > 1 else base
                prefix = ".".join([*base, node.module] if node.module else base)
            else:
                prefix = node.module or ""
            for alias in node.names:
                full = f"{prefix}.{alias.name}"
                add(full if full in modules else prefix)
    found.discard(name)
    return found


def import_graph() -> dict[str, set[str]]:
    modules = project_modules()
    return {name: imports_of(name, modules) for name in modules}


def circles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(frozenset(component))
    return found


def cycle_path(component: frozenset[str], graph: dict[str, set[str]]) -> str:
    """One circle through the component, written out: a -> b -> a."""
    start = min(component)
    # Breadth-first from start back to start, inside the component.
    paths = {start: [start]}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for child in sorted(graph[node] & component):
            if child == start:
                return " -> ".join([*paths[node], start])
            if child not in paths:
                paths[child] = [*paths[node], child]
                queue.append(child)
    return " -> ".join(sorted(component))  # pragma: no cover (a component has a circle)


def test_the_graph_reads_relative_and_absolute_imports():
    graph = import_graph()
    # Hand-read edges of each kind: "from . import x", "from .x import y", "import a.b",
    # "from a import b" (a module), an import inside a function.
    assert "datasets._generators" in graph["datasets"]
    assert "datasets._errors" in graph["datasets._registry"]
    assert "perceptron_core" in graph["ui.compute"]
    assert "ui.state" in graph["pages.playground"] or "ui.state" in graph["app"]
    assert len(graph) > 60


def test_the_circle_finder_names_a_circle():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert circles(graph) == [frozenset({"a", "b", "c"})]
    assert cycle_path(frozenset({"a", "b", "c"}), graph) == "a -> b -> c -> a"


def test_no_import_circle_among_project_modules():
    graph = import_graph()
    found = circles(graph)
    named = "; ".join(cycle_path(c, graph) for c in found)
    assert not found, f"import circle(s): {named}"


def test_datasets_modules_form_no_circle():
    graph = import_graph()
    inside = {n: {m for m in e if m.startswith("datasets")} for n, e in graph.items()}
    inside = {n: e for n, e in inside.items() if n.startswith("datasets")}
    found = circles(inside)
    assert not found, "; ".join(cycle_path(c, inside) for c in found)


def test_no_test_file_imports_another():
    """Shared test code lives in tests/oracles/ and tests/pages/lab_app.py (on pytest's
    pythonpath): a test file importing another only works when pytest happens to have put
    that file's folder on sys.path, i.e. not when run alone."""
    tests = {p.stem for p in (ROOT / "tests").rglob("test_*.py")}
    found = []
    for path in sorted((ROOT / "tests").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            found += [(path.relative_to(ROOT).as_posix(), n) for n in names if n in tests]
    assert not found, found


def test_no_two_test_files_share_a_name():
    """pytest imports a test file by its name (its folder put on sys.path, no packages): two
    files of one name in different folders stop the whole run at collection."""
    seen: dict[str, str] = {}
    clashes = []
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        where = path.relative_to(ROOT).as_posix()
        if path.name in seen:
            clashes.append((seen[path.name], where))
        seen.setdefault(path.name, where)
    assert not clashes, clashes
