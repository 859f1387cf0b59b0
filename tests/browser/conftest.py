"""Fixtures for browser tests: a Streamlit server per app script and headless Chromium.

* ``streamlit_server(script) -> url`` starts ``python -m streamlit run SCRIPT`` on a free
  localhost port (once per script per test session), waits for ``/_stcore/health`` and kills
  the server's process group at the end of the session.
* ``browser`` is a Playwright ``Browser`` on Debian's Chromium (``/usr/bin/chromium``, or
  ``$CHROMIUM_PATH``). Without Chromium or Playwright the browser tests are skipped, unless
  ``REQUIRE_BROWSER=1`` (set in CI), which turns the skip into a failure.
* ``page`` is a fresh ``Page`` in a fresh browser context (so a fresh Streamlit session).

Every test in this folder is marked ``browser``; select or deselect them with ``-m browser``.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import (
    CHROMIUM_PATH,
    REPO_ROOT,
    VIEWPORT,
    chromium,
    free_ports,
    streamlit_server,
)

APPS_DIR = Path(__file__).resolve().parent / "apps"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    here = Path(__file__).resolve().parent
    for item in items:
        if here in Path(item.path).resolve().parents:
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    # Keep each phase's report on the item so the ``page`` fixture can see a failed test.
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


def _browser_unavailable(reason: str) -> None:
    if os.environ.get("REQUIRE_BROWSER") == "1":
        pytest.fail(f"REQUIRE_BROWSER=1 but {reason}", pytrace=False)
    pytest.skip(f"browser tests skipped: {reason} (set REQUIRE_BROWSER=1 to fail instead)")


@pytest.fixture(scope="session", name="streamlit_server")
def streamlit_server_fixture(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[Callable[..., str]]:
    """Factory: ``streamlit_server(script, *extra_args) -> base URL``.

    ``script`` is a path, or a file name under ``tests/browser/apps/``. A server is started once
    per (script, extra_args) for the whole session; each ``page`` is a new Streamlit session.
    """
    urls: dict[tuple[Path, tuple[str, ...]], str] = {}
    log_dir = tmp_path_factory.mktemp("streamlit_logs")
    with ExitStack() as servers:

        def start(script: str | Path, *extra_args: str) -> str:
            path = Path(script)
            if not path.is_absolute():
                path = APPS_DIR / path if (APPS_DIR / path).exists() else REPO_ROOT / path
            path = path.resolve()
            if not path.exists():
                raise FileNotFoundError(path)
            cache_key = (path, tuple(extra_args))
            if cache_key not in urls:
                log_path = log_dir / f"{path.stem}-{len(urls)}.log"
                server = streamlit_server(path, extra_args=extra_args, log_path=log_path)
                urls[cache_key] = servers.enter_context(server)
            return urls[cache_key]

        yield start


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """A headless Chromium (Debian's) driven by Playwright; one per test session."""
    if not Path(CHROMIUM_PATH).exists():
        _browser_unavailable(f"no Chromium at {CHROMIUM_PATH}")
    try:
        import playwright  # noqa: F401
    except ImportError:
        _browser_unavailable("the playwright package is not installed")
    with chromium() as browser:
        yield browser


@pytest.fixture
def page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A new page in a new browser context (fresh cookies, so a fresh Streamlit session).

    When the test fails, a full-page screenshot is saved as
    ``artifacts/screenshots/FAILED-<test name>.png``.
    """
    from browser_helpers import screenshot

    context = browser.new_context(viewport=VIEWPORT, device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        yield page
        report = getattr(request.node, "rep_call", None)
        if report is not None and report.failed:
            try:
                screenshot(page, f"FAILED-{request.node.name}")
            except Exception:  # noqa: BLE001 - best effort, keep the real failure
                pass
    finally:
        context.close()


@pytest.fixture(scope="module")
def keyed_lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[[str], str]]:
    """Factory: ``keyed_lab(key) -> url``, the lab (app.py) whose practice codes are signed
    with ``key``, with a data folder of its own (no key file is made there); the key is in
    the server's environment only, not this process's. Stopped after the module."""
    with ExitStack() as servers:

        def start(key: str) -> str:
            env = dict(os.environ)
            env["PERCEPTRON_LAB_SECRET"] = key
            env["XDG_DATA_HOME"] = str(tmp_path_factory.mktemp("lab_data"))
            log = tmp_path_factory.mktemp("lab_logs") / "lab.log"
            server = streamlit_server(REPO_ROOT / "app.py", env=env, log_path=log, timeout=120)
            return servers.enter_context(server)

        yield start


@pytest.fixture(scope="module")
def nginx_lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A course server as deploy/serve.py starts one: a replica behind nginx (its logs in
    ``.logs``). Stopped after the module."""
    from serve import serve  # deploy/, on the path through browser_helpers

    logs = tmp_path_factory.mktemp("lab_logs")
    # nginx's port and the replica's after it: both free (a replica whose port another
    # test's server holds exits at once).
    with serve(1, free_ports(2), "127.0.0.1", nginx=True, log_dir=logs, timeout=240) as dep:
        dep.logs = logs
        yield dep
