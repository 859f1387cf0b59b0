"""The whole suite: the longest files start first.

README's test command runs one pytest worker per core (``-n auto``, pytest-xdist), which
hands out whole files in the order they are collected (``--dist loadfile
--no-loadscope-reorder`` in pyproject.toml). The files with a test marked ``slow`` come
first, then the browser tests, then the rest, each file in one piece and in its own order:
so no long file starts last while the other workers are idle.
"""

from __future__ import annotations

import os
import tempfile

import pytest

# Saved lectures go to a folder of this run's own (every server the tests start inherits
# it), never to the home folder of whoever runs the tests.
os.environ.setdefault(
    "LAB_LECTURES_DB", os.path.join(tempfile.mkdtemp(prefix="lab-lectures-"), "lectures.sqlite3")
)
# So does everything else the lab keeps in its data folder (the practice's signing key,
# ui/practice/completion.py): the folder is this run's own.
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="lab-data-")

SLOW, BROWSER, OTHER = 0, 1, 2


def _rank(item: pytest.Item) -> int:
    if item.get_closest_marker("slow") is not None:
        return SLOW
    if item.path.parent.name == "browser":  # tests/browser/ (marked ``browser`` there)
        return BROWSER
    return OTHER


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    first: dict[object, int] = {}
    for item in items:
        first[item.path] = min(first.get(item.path, OTHER), _rank(item))
    items.sort(key=lambda item: first[item.path])  # stable: each file keeps its order
