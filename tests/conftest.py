"""The whole suite: the longest files start first.

README's test command runs one pytest worker per core (``-n auto``, pytest-xdist), which
hands out whole files in the order they are collected (``--dist loadfile
--no-loadscope-reorder`` in pyproject.toml). The files with a test marked ``slow`` come
first, then the browser tests, then the rest, each file in one piece and in its own order:
so no long file starts last while the other workers are idle.

Every test is in one tier, a marker set here, so a developer runs the part they can wait for:

* ``unit``: the engine, the data sets and the UI's pure code, in this process: ``python -m
  pytest -m unit -n auto``, under a minute on two cores.
* ``app``: Streamlit's AppTest runs the pages (``tests/pages/``, or a test marked ``app``).
* ``browser``: headless Chromium through Playwright (``tests/browser/``).
* ``long``: the course server and its container (``tests/deploy/``), the class's stores on
  a real redis-server (the same tests on the in-process store stay ``unit``), and every
  other test marked ``slow`` (more than a few seconds: property searches, subprocesses,
  mypy).

A test marked ``app`` or ``browser`` is in that tier wherever it is. tests/test_tiers.py
fails when a unit test imports AppTest or Playwright.
"""

from __future__ import annotations

import functools
import os
import sys
import tempfile
from pathlib import Path

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
TESTS = Path(__file__).resolve().parent
# The folders of one tier each; elsewhere a test is ``unit`` unless marked otherwise.
FOLDER_TIERS = {"browser": "browser", "pages": "app", "deploy": "long"}


def tier_of(item: pytest.Item) -> str:
    """The test's tier: ``unit``, ``app``, ``browser`` or ``long`` (see the module's doc)."""
    for marked in ("browser", "app"):
        if item.get_closest_marker(marked) is not None:
            return marked
    parts = Path(item.path).resolve().relative_to(TESTS).parts
    folder = FOLDER_TIERS.get(parts[0]) if len(parts) > 1 else None
    if folder is not None:
        return folder
    if item.get_closest_marker("slow") is not None or _on_redis(item):
        return "long"
    return "unit"


def _on_redis(item: pytest.Item) -> bool:
    """Whether the test talks to a redis-server (tests/ui/room/conftest.py starts one): the
    ``redis_url`` fixture, or the ``redis`` kind of a store fixture."""
    if "redis_url" in getattr(item, "fixturenames", ()):
        return True
    spec = getattr(item, "callspec", None)
    return spec is not None and any(
        v == "redis" for v in spec.params.values() if isinstance(v, str)
    )


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    # ``-m unit`` needs none of the other tiers' folders: not importing them (Playwright,
    # the deploy helpers) saves seconds of every unit run.
    if (config.getoption("markexpr", "") or "").strip() != "unit":
        return None
    if collection_path.parent == TESTS and collection_path.name in FOLDER_TIERS:
        return True
    return None


def _rank(item: pytest.Item) -> int:
    if item.get_closest_marker("slow") is not None:
        return SLOW
    if item.path.parent.name == "browser":  # tests/browser/ (marked ``browser`` there)
        return BROWSER
    return OTHER


class _Tiers:
    """Marks each test with its tier before ``-m`` selects (pytest's own hook runs later)."""

    @pytest.hookimpl(tryfirst=True)
    def pytest_collection_modifyitems(self, items: list[pytest.Item]) -> None:
        for item in items:
            tier = tier_of(item)
            if item.get_closest_marker(tier) is None:
                item.add_marker(tier)


def pytest_configure(config: pytest.Config) -> None:
    config.pluginmanager.register(_Tiers(), "lab-tiers")


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    first: dict[object, int] = {}
    for item in items:
        first[item.path] = min(first.get(item.path, OTHER), _rank(item))
    items.sort(key=lambda item: first[item.path])  # stable: each file keeps its order


def pytest_runtest_setup(item: pytest.Item) -> None:
    """Once a test module has imported AppTest: scan the installed packages for Streamlit
    components once per worker, not once per AppTest (Streamlit 1.67's AppTest scans every
    installed distribution's metadata on each new AppTest's first run: about 0.3 s idle
    and 0.9 s on a busy machine, nearly half of a page test's time). The installed packages
    do not change during a run; a server scans once at its start too."""
    if "streamlit.testing.v1" in sys.modules:
        _scan_components_once()


def _scan_components_once() -> None:
    from streamlit.components.v2 import manifest_scanner

    scan = manifest_scanner.scan_component_manifests
    if getattr(scan, "cache_info", None) is None:
        manifest_scanner.scan_component_manifests = functools.cache(scan)


class _FileTimes:
    """Where the run's time went: each test file's worker, start, end and summed phases,
    written to ``artifacts/test-files.json`` when the run ends (on the controller of an
    ``-n`` run). The order above and any rebalancing are read from it, not guessed."""

    def __init__(self) -> None:
        self.files: dict[str, dict[str, object]] = {}

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        path = report.nodeid.split("::")[0]
        node = getattr(report, "node", None)  # an -n run: the worker that ran it
        worker = getattr(getattr(node, "gateway", None), "id", "main")
        entry = self.files.setdefault(
            path, {"worker": worker, "start": report.start, "stop": report.stop, "took": 0.0}
        )
        entry["start"] = min(entry["start"], report.start)  # type: ignore[type-var]
        entry["stop"] = max(entry["stop"], report.stop)  # type: ignore[type-var]
        entry["took"] = round(entry["took"] + report.duration, 3)  # type: ignore[operator]

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        import json

        if not self.files:
            return
        out = Path(session.config.rootpath) / "artifacts" / "test-files.json"
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(self.files, indent=1, sort_keys=True))


@pytest.hookimpl(trylast=True)
def pytest_sessionstart(session: pytest.Session) -> None:
    if not hasattr(session.config, "workerinput"):  # the controller (or a run without -n)
        session.config.pluginmanager.register(_FileTimes(), "lab-file-times")
