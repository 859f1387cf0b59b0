"""The lecturer's page while the class's Redis is stopped (by its PID) and started again,
in real Chromium on a server whose class store is that Redis: with no press at all, the
page says the class server is unreachable, then that it is back (the warning gone, the
class still led), and the server's log has no traceback for it."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import REPO_ROOT, free_port, open_app, streamlit_server, wait_for_app_idle
from class_steps import STAGE, start_class

sys.path.insert(0, str(REPO_ROOT / "deploy"))
import serve  # noqa: E402

UNREACHABLE = "The class server cannot be reached just now"
WARNING = f'[data-testid="stAlertContainer"]:has-text("{UNREACHABLE}")'


def _redis(port: int, folder: Path) -> subprocess.Popen:
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.fail("redis-server is not installed: apt-get install redis-server")
    cmd = [
        binary,
        "--port",
        str(port),
        "--bind",
        "127.0.0.1",
        "--save",
        "",
        "--appendonly",
        "yes",
        "--appendfsync",
        "always",
        "--dir",
        str(folder),
    ]
    process = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    serve.wait_redis(port, process, 10)
    return process


def test_the_page_says_the_store_is_down_and_recovers_by_itself(
    browser: Any, tmp_path: Path, monkeypatch
):
    port = free_port()
    process = _redis(port, tmp_path)
    monkeypatch.setenv("LAB_REDIS_URL", f"redis://127.0.0.1:{port}/0")
    log = tmp_path / "server.log"
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    try:
        with streamlit_server(REPO_ROOT / "app.py", log_path=log) as url:
            lect = context.new_page()
            open_app(lect, url + "/playground?pg_n=30&pg_seed=3")
            lect.wait_for_selector(f"{STAGE} .main-svg", timeout=60_000)
            link = start_class(lect)
            code = link.rsplit("=", 1)[1]
            process.terminate()  # Redis down, by its PID
            process.wait(timeout=10)
            lect.wait_for_selector(WARNING, timeout=30_000)  # no press: the watch found it
            assert lect.locator(f'[data-testid="stHeading"]:has-text("{code}")').count() == 1
            process = _redis(port, tmp_path)  # back, with its append-only file
            lect.wait_for_selector(WARNING, state="detached", timeout=30_000)
            wait_for_app_idle(lect)
            assert lect.locator(f'[data-testid="stHeading"]:has-text("{code}")').count() == 1
            assert lect.locator(".st-key-lab_class_start").count() == 0
        text = log.read_text(encoding="utf-8", errors="replace")
        assert "Traceback" not in text, text[-3000:]
        assert text.count("class store unreachable") == 1, text[-3000:]
    finally:
        context.close()
        if process.poll() is None:
            process.terminate()
            process.wait(timeout=10)
