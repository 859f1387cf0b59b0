"""MkDocs hook: the Layout page lists every package by its own docstring.

A page that holds the line ``<!-- packages -->`` gets, in its place, a heading per package of
the project that has a docstring (the engine, the datasets, the notebook widget, and each
package directly under ``ui``) with the first paragraph of that docstring, so the list
follows the folders as they are moved and the words are the ones kept beside the code.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TOPS = ("perceptron_core", "datasets", "perceptron_widget")
MARKER = "<!-- packages -->"


def packages() -> list[tuple[str, str]]:
    """Each package's dotted name and the first paragraph of its docstring.

    Returns
    -------
    list of (str, str)
        The engine, the datasets and the widget, then ``ui``'s packages in name order;
        a package without a docstring is left out.
    """
    inits = [ROOT / top / "__init__.py" for top in TOPS]
    inits += sorted((ROOT / "ui").glob("*/__init__.py"))
    found = []
    for init in inits:
        doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8")))
        if doc:
            summary = " ".join(doc.split("\n\n", 1)[0].split())
            found.append((".".join(init.parent.relative_to(ROOT).parts), summary))
    return found


def on_page_markdown(markdown: str, **_: object) -> str:
    """Put the packages' list where the page has the marker."""
    if MARKER not in markdown:
        return markdown
    rows = [f"- **`{name}`**: {summary}" for name, summary in packages()]
    return markdown.replace(MARKER, "\n".join(rows))
