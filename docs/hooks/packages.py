"""MkDocs hook: the Layout page lists every package with its own docstring.

A page that holds the line ``<!-- packages -->`` gets, in its place, one mkdocstrings block
per package of the project that has a docstring (the engine, the datasets, the notebook
widget, ``ui`` and each package under it), so the list follows the folders as they are
moved and the words are the ones kept beside the code.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TOPS = ("perceptron_core", "datasets", "perceptron_widget", "ui")
MARKER = "<!-- packages -->"


def packages() -> list[str]:
    """Dotted names of the project's packages whose ``__init__.py`` has a docstring."""
    found = []
    for top in TOPS:
        for init in sorted((ROOT / top).rglob("__init__.py")):
            if ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))):
                found.append(".".join(init.parent.relative_to(ROOT).parts))
    return found


def on_page_markdown(markdown: str, **_: object) -> str:
    if MARKER not in markdown:
        return markdown
    blocks = [
        f"::: {name}\n    options:\n      members: false\n      heading_level: 3\n"
        for name in packages()
    ]
    return markdown.replace(MARKER, "\n".join(blocks))
