"""The unit tier stays in-process: no unit test imports Streamlit's AppTest or Playwright.

tests/conftest.py puts a test in the ``unit`` tier unless it is under tests/browser/,
tests/pages/ or tests/deploy/, or marked ``app``, ``browser`` or ``slow``. A unit test that
ran a page through AppTest or opened Chromium would make ``python -m pytest -m unit`` as
slow as the tiers it is meant to skip. Read from the sources (no test is run): the
imports of the test's module (at its top level), of its own body and of the fixtures of
its file it asks for, and through them of the test helpers they import (tests/**/*.py by
module name, as pytest's path puts them), followed to the end.
"""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent
OTHER_TIERS = ("browser", "pages", "deploy")  # tests/conftest.py's FOLDER_TIERS
FORBIDDEN = ("streamlit.testing", "playwright")
OUT_OF_UNIT = {"app", "browser", "slow"}


def _names(nodes: list[ast.AST]) -> set[str]:
    names = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def _top_level(tree: ast.Module) -> list[ast.AST]:
    """The module's nodes outside function bodies (what importing the module runs)."""
    found, todo = [], list(tree.body)
    while todo:
        node = todo.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            found += node.decorator_list
            continue
        found.append(node)
        todo.extend(ast.iter_child_nodes(node))
    return found


def _marks(node: ast.AST) -> set[str]:
    """The ``pytest.mark.NAME`` names in a decorator list or a ``pytestmark`` value."""
    return {
        n.attr
        for n in ast.walk(node)
        if isinstance(n, ast.Attribute)
        and isinstance(n.value, ast.Attribute)
        and n.value.attr == "mark"
    }


def helpers(roots: list[Path]) -> dict[str, Path]:
    """Module name -> file, for the test helpers under ``roots``."""
    return {p.stem: p for root in roots for p in sorted(root.rglob("*.py"))}


def forbidden_chain(names: set[str], known: dict[str, Path], seen: set[str]) -> list[str]:
    """A chain of imports from ``names`` to a forbidden module, or ``[]``."""
    for name in sorted(names):
        if name.startswith(FORBIDDEN):
            return [name]
        top = name.split(".")[0]
        if top in known and top not in seen:
            seen.add(top)
            tree = ast.parse(known[top].read_text(encoding="utf-8"))
            rest = forbidden_chain(_names(list(ast.walk(tree))), known, seen)
            if rest:
                return [top, *rest]
    return []


def unit_tests_reaching_forbidden(path: Path, known: dict[str, Path]) -> list[str]:
    """``test: a -> b -> playwright`` for each unit test of the file ``path`` that does."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top = _top_level(tree)
    marked = set()
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets
        ):
            marked |= _marks(node.value)
    if marked & OUT_OF_UNIT:
        return []
    functions = {
        n.name: n for n in tree.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
    }
    found = []
    for name, test in functions.items():
        marks = set().union(*(_marks(d) for d in test.decorator_list))
        if not name.startswith("test") or marks & OUT_OF_UNIT:
            continue
        asked = [functions[a.arg] for a in test.args.args if a.arg in functions]
        nodes = top + list(ast.walk(test)) + [n for f in asked for n in ast.walk(f)]
        chain = forbidden_chain(_names(nodes), known, set())
        if chain:
            found.append(f"{path.name}::{name}: " + " -> ".join(chain))
    return found


def unit_test_files() -> list[Path]:
    return [
        p
        for p in sorted(TESTS.rglob("test_*.py"))
        if p.relative_to(TESTS).parts[0] not in OTHER_TIERS
    ]


def test_no_unit_test_imports_apptest_or_playwright():
    known = helpers([TESTS])
    found = [line for p in unit_test_files() for line in unit_tests_reaching_forbidden(p, known)]
    assert not found, "unit tests reaching AppTest or Playwright (mark them app or browser):\n" + (
        "\n".join(found)
    )


def test_the_check_sees_apptest_through_a_helper_and_spares_marked_tests(tmp_path):
    helper = tmp_path / "page_helper.py"
    helper.write_text("from streamlit.testing.v1 import AppTest\n")
    (tmp_path / "browse.py").write_text("def open():\n    import playwright.sync_api\n")
    test = tmp_path / "test_mixed.py"
    test.write_text(
        "import pytest\n"
        "from page_helper import AppTest\n\n"
        "def test_plain():\n    assert True\n\n"
        "@pytest.mark.app\ndef test_a_page():\n    AppTest\n"
    )
    lazy = tmp_path / "test_lazy.py"
    lazy.write_text(
        "import pytest\n\n"
        "@pytest.fixture\ndef chromium():\n    import browse\n\n"
        "def test_in_chromium(chromium):\n    pass\n\n"
        "def test_alone():\n    pass\n\n"
        "@pytest.mark.browser\ndef test_marked():\n    import browse\n"
    )
    known = helpers([tmp_path])
    assert unit_tests_reaching_forbidden(test, known) == [
        "test_mixed.py::test_plain: page_helper -> streamlit.testing.v1"
    ]
    assert unit_tests_reaching_forbidden(lazy, known) == [
        "test_lazy.py::test_in_chromium: browse -> playwright.sync_api"
    ]
    marked = tmp_path / "test_marked.py"
    marked.write_text("import pytest\nimport browse\npytestmark = pytest.mark.browser\n\n")
    marked.write_text(marked.read_text() + "def test_x():\n    pass\n")
    assert unit_tests_reaching_forbidden(marked, known) == []
