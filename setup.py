"""The wheel's one build step beyond pyproject.toml: the notebook widget's share of ``ui``.

``perceptron_widget`` draws its frames with the app's own pure chart and text code (the
modules of ``ui/`` it imports, and theirs: no Streamlit among them) and steps them in the
browser with the stage's own modules (``ui/stage/stepping.mjs``, ``access.mjs``,
``ui/platform/dom.mjs``). A notebook must not get a top-level package called ``ui``, so the
wheel holds those files under ``perceptron_widget/_ui/``, their ``ui`` imports renamed to
``perceptron_widget._ui`` (the repository keeps one copy of each: they are copied here,
when the wheel is built). The modules are found by following the imports from
``perceptron_widget``'s own (the source's syntax only: nothing is imported to build).
"""

from __future__ import annotations

import ast
import re
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
WIDGET = "perceptron_widget"
INSIDE = f"{WIDGET}._ui"
# What the widget reads besides modules: the stage's browser modules and the catalogue.
BROWSER = ("ui/stage/stepping.mjs", "ui/stage/access.mjs", "ui/platform/dom.mjs")
DATA = ("ui/words/locale",)
_FROM_UI = re.compile(r"^(\s*)from ui((?:\.\w+)*) import ", re.M)
_IMPORT_UI = re.compile(r"^(\s*)import ui\b", re.M)
# The repository's datasets/ is the wheel's perceptron_datasets (pyproject.toml).
_DATASETS = (
    (re.compile(r"^(\s*)import datasets$", re.M), r"\1import perceptron_datasets as datasets"),
    (
        re.compile(r"^(\s*)from datasets(\.\w+)* import ", re.M),
        r"\1from perceptron_datasets\2 import ",
    ),
)


def _file_of(module: str) -> Path | None:
    base = ROOT.joinpath(*module.split("."))
    for found in (base.with_suffix(".py"), base / "__init__.py"):
        if found.is_file():
            return found
    return None


def ui_modules() -> list[Path]:
    """Every file of ``ui`` the widget imports, directly or through another, with the
    ``__init__.py`` of each package on the way."""
    todo = sorted((ROOT / WIDGET).glob("*.py"))
    seen: set[Path] = set()
    found: set[Path] = set()
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                if node.module == "ui" or node.module.startswith("ui."):
                    names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names if a.name.split(".")[0] == "ui"]
            for name in names:
                parts = name.split(".")
                for i in range(1, len(parts) + 1):
                    file = _file_of(".".join(parts[:i]))
                    if file is not None and file not in found:
                        found.add(file)
                        todo.append(file)
    return sorted(found)


def renamed(source: str) -> str:
    """A module's source with its ``ui`` imports made ``perceptron_widget._ui`` ones (and
    ``datasets`` the wheel's ``perceptron_datasets``)."""
    source = _FROM_UI.sub(lambda m: f"{m.group(1)}from {INSIDE}{m.group(2)} import ", source)
    if _IMPORT_UI.search(source):
        raise ValueError("`import ui...` cannot be renamed: write `from ui... import ...`")
    for pattern, replacement in _DATASETS:
        source = pattern.sub(replacement, source)
    return source


class BuildWithTheWidgetsUi(build_py):
    def run(self) -> None:
        super().run()
        out = Path(self.build_lib) / WIDGET
        if not out.is_dir():
            return
        for py in out.glob("*.py"):
            py.write_text(renamed(py.read_text(encoding="utf-8")), encoding="utf-8")
        inside = out / "_ui"
        for file in ui_modules():
            target = inside / file.relative_to(ROOT / "ui")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(renamed(file.read_text(encoding="utf-8")), encoding="utf-8")
        for name in BROWSER:
            target = inside / Path(name).relative_to("ui")
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(ROOT / name, target)
        for name in DATA:
            shutil.copytree(ROOT / name, inside / Path(name).relative_to("ui"), dirs_exist_ok=True)


setup(cmdclass={"build_py": BuildWithTheWidgetsUi})
