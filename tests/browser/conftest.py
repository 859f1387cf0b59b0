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
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
APPS_DIR = Path(__file__).resolve().parent / "apps"
CHROMIUM_PATH = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
VIEWPORT = {"width": 1280, "height": 1000}
SERVER_START_TIMEOUT_S = 60.0


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


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class StreamlitServer:
    """One ``streamlit run`` subprocess in its own process group."""

    def __init__(self, script: Path, log_path: Path, extra_args: tuple[str, ...] = ()) -> None:
        self.script = Path(script).resolve()
        self.log_path = log_path
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(
            p for p in (str(REPO_ROOT), env.get("PYTHONPATH", "")) if p
        )
        cmd = [
            sys.executable,
            "-m",
            "streamlit",
            "run",
            str(self.script),
            "--server.headless",
            "true",
            "--server.port",
            str(self.port),
            "--server.address",
            "127.0.0.1",
            "--browser.gatherUsageStats",
            "false",
            "--server.fileWatcherType",
            "none",
            *extra_args,
        ]
        self._log = open(log_path, "wb")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen(
            cmd,
            cwd=REPO_ROOT,
            env=env,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # own process group, killed as a whole in stop()
        )

    def log_tail(self, n: int = 40) -> str:
        try:
            lines = self.log_path.read_text(errors="replace").splitlines()
        except OSError:
            return ""
        return "\n".join(lines[-n:])

    def wait_ready(self, timeout: float = SERVER_START_TIMEOUT_S) -> None:
        deadline = time.monotonic() + timeout
        health = f"{self.url}/_stcore/health"
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(
                    f"streamlit exited with code {self.proc.returncode}:\n{self.log_tail()}"
                )
            try:
                with urllib.request.urlopen(health, timeout=2) as resp:
                    if resp.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            time.sleep(0.1)
        raise TimeoutError(f"streamlit did not answer {health} in {timeout} s:\n{self.log_tail()}")

    def stop(self) -> None:
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                try:
                    os.killpg(self.proc.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                self.proc.wait(timeout=10)
        self._log.close()


@pytest.fixture(scope="session")
def streamlit_server(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[Callable[..., str]]:
    """Factory: ``streamlit_server(script, *extra_args) -> base URL``.

    ``script`` is a path, or a file name under ``tests/browser/apps/``. A server is started once
    per (script, extra_args) for the whole session; each ``page`` is a new Streamlit session.
    """
    servers: dict[tuple[Path, tuple[str, ...]], StreamlitServer] = {}
    log_dir = tmp_path_factory.mktemp("streamlit_logs")

    def start(script: str | Path, *extra_args: str) -> str:
        path = Path(script)
        if not path.is_absolute():
            path = APPS_DIR / path if (APPS_DIR / path).exists() else REPO_ROOT / path
        path = path.resolve()
        if not path.exists():
            raise FileNotFoundError(path)
        cache_key = (path, tuple(extra_args))
        if cache_key not in servers:
            log_path = log_dir / f"{path.stem}-{len(servers)}.log"
            server = StreamlitServer(path, log_path, tuple(extra_args))
            servers[cache_key] = server
            server.wait_ready()
        return servers[cache_key].url

    try:
        yield start
    finally:
        for server in servers.values():
            server.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """A headless Chromium (Debian's) driven by Playwright; one per test session."""
    if not Path(CHROMIUM_PATH).exists():
        _browser_unavailable(f"no Chromium at {CHROMIUM_PATH}")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _browser_unavailable("the playwright package is not installed")
    with sync_playwright() as p:
        # launch() gives the browser a new, empty temporary profile.
        browser = p.chromium.launch(
            executable_path=CHROMIUM_PATH, headless=True, args=CHROMIUM_ARGS
        )
        try:
            yield browser
        finally:
            browser.close()


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
