"""The stage in a notebook (perceptron_widget): a real JupyterLab and a real marimo, each
started on loopback by the test, driven in Chromium: a notebook is opened, its cell run,
S pressed three times, and the status line and w read off the stage, against a textbook
perceptron loop written here."""

from __future__ import annotations

import json
import os
import re
import secrets
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import numpy as np
import pytest
from browser_helpers import REPO_ROOT, free_port
from startup import wait_healthy  # browser_helpers put deploy/ on the path

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# Integer points and eta = 1: every w of the run is a small whole vector, shown exactly.
X = [[2, 1], [1, 3], [-1, -2], [-2, -1], [3, -1], [-1, 2], [0, -3], [2, 2]]
Y = [1, 1, -1, -1, 1, -1, -1, 1]
CELL = f"""import numpy as np
import perceptron_core as pc
from perceptron_widget import Stage

X = np.array({X}, dtype=float)
y = np.array({Y})
Stage(pc.train(X, y, max_epochs=20))
"""
# A run longer than the frames sent whole (perceptron_widget.frames.ALL_FRAMES): Visit 30
# times from the start goes past the frames around the cursor, so Python makes the moves.
LONG_CELL = """rng = np.random.default_rng(3)
X2 = rng.normal(size=(60, 2))
y2 = np.where(X2[:, 0] - 0.3 * X2[:, 1] > 0.05, 1, -1)
Stage(pc.train(X2, y2, max_epochs=30))
"""
VISITS = 30


def long_data():
    rng = np.random.default_rng(3)
    X2 = rng.normal(size=(60, 2))
    return X2, np.where(X2[:, 0] - 0.3 * X2[:, 1] > 0.05, 1, -1)


MARIMO_NOTEBOOK = f"""import marimo

app = marimo.App()


@app.cell
def _():
    import numpy as np
    from perceptron_core.sklearn import Perceptron
    from perceptron_widget import Stage

    X = np.array({X}, dtype=float)
    y = np.array({Y})
    Stage(Perceptron(max_epochs=20).fit(X, y))
    return


if __name__ == "__main__":
    app.run()
"""


def textbook(X, y, updates: int):
    """The perceptron of the notes, visits in order, until ``updates`` mistakes were made:
    (w, b, the update count, the epoch and the position of the last visit, from 1)."""
    X, y = np.asarray(X, dtype=float), np.asarray(y)
    w, b, k = np.zeros(X.shape[1]), 0.0, 0
    for epoch in range(100):
        for i in range(X.shape[0]):
            if y[i] * (w @ X[i] + b) <= 0:
                w, b, k = w + y[i] * X[i], b + y[i], k + 1
                if k == updates:
                    return w, b, k, epoch + 1, i + 1
    raise AssertionError("the loop made fewer updates")


def _env() -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO_ROOT), env.get("PYTHONPATH")) if p)
    return env


@contextmanager
def server(cmd: list[str], cwd: Path, env: dict, health: str, log: Path) -> Iterator[None]:
    with open(log, "wb") as out:
        proc = subprocess.Popen(
            cmd, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
        try:
            tail = lambda: ":\n" + log.read_text(errors="replace")[-3000:]  # noqa: E731
            wait_healthy(health, proc, 120.0, path="", tail=tail)
            yield
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=10)


def kernel_idle(base: str, token: str, timeout: float = 180.0) -> None:
    """Wait until the notebook's kernel has started and is idle (JupyterLab's REST API)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with urllib.request.urlopen(f"{base}/api/kernels?token={token}", timeout=10) as r:
            kernels = json.loads(r.read())
        if kernels and all(k.get("execution_state") == "idle" for k in kernels):
            return
        time.sleep(0.25)  # polling the server: no event to wait on
    raise AssertionError(f"no idle kernel after {timeout} s")


def _stage_lines(page, root: str, nth: int = 0) -> dict:
    return page.evaluate(
        """([root, nth]) => {
          const el = [...document.querySelectorAll(root), ...[...document.querySelectorAll('*')]
            .flatMap((e) => e.shadowRoot ? [...e.shadowRoot.querySelectorAll(root)] : [])][nth];
          const line = (n) => el.querySelector(`[data-line="${n}"]`).textContent;
          return {cursor: el.dataset.cursor, status: line('status'), summary: line('summary')};
        }""",
        [root, nth],
    )


def shown_weights(summary: str) -> list[float]:
    shown = re.search(r"w = \(([-−\d.]+), ([-−\d.]+)\), b = ([-−\d.]+)", summary)
    assert shown, summary
    return [float(v.replace("−", "-")) for v in shown.groups()]


def step_three_times(page) -> dict:
    """Focus the stage, press S three times, and return its lines once the third Step is
    drawn (the cursor the run's third update ends at)."""
    stage = page.locator(".pl-stage").first
    stage.wait_for(state="visible", timeout=180_000)
    page.locator(".pl-stage[data-ready='1']").first.wait_for(timeout=60_000)
    assert _stage_lines(page, ".pl-stage")["status"].startswith("start · update 0")
    stage.locator(".pl-status").click()
    for _ in range(3):
        page.keyboard.press("s")
    w, b, k, epoch, position = textbook(X, Y, 3)
    expected = f"update {k} · epoch {epoch} · example {position} of {len(X)} · mistake"
    stage.locator(".pl-status", has_text=expected).wait_for(timeout=30_000)
    lines = _stage_lines(page, ".pl-stage")
    assert shown_weights(lines["summary"]) == [*w.tolist(), b], (lines, w, b)
    assert re.search(r"M = 3 ≤", lines["summary"]), lines
    return lines


def play_to_the_end(page) -> None:
    """P plays on from the third Step, a Step a frame, to the run's end: its last update
    (a clean pass after it), Step off there, the button back to Play."""
    stage = page.locator(".pl-stage").first
    page.keyboard.press("p")
    stage.locator("button[data-move='play']", has_text="Pause").wait_for(timeout=10_000)
    updates = max(k for k in range(1, 100) if _has(k))  # the run's last update
    stage.locator(".pl-status", has_text=f"update {updates} ·").wait_for(timeout=60_000)
    stage.locator("button[data-move='step']:disabled").wait_for(timeout=30_000)
    stage.locator("button[data-move='play']", has_text="Play").wait_for(timeout=10_000)


def _has(k: int) -> bool:
    """Whether the textbook loop makes a k-th update."""
    try:
        textbook(X, Y, k)
    except AssertionError:
        return False
    return True


def visit_past_the_frames(page) -> None:
    """On the second stage (a long run), press V ``VISITS`` times: the visits past the
    frames sent are made by the kernel; the status line and w then say the textbook's."""
    stage = page.locator(".pl-stage").nth(1)
    page.locator(".pl-stage[data-ready='1']").nth(1).wait_for(timeout=60_000)
    stage.locator(".pl-status").click()
    for _ in range(VISITS):
        page.keyboard.press("v")
    X2, y2 = long_data()
    w, b, k = np.zeros(2), 0.0, 0
    for i in range(VISITS):  # the notes' loop over the first epoch's first visits
        if y2[i] * (w @ X2[i] + b) <= 0:
            w, b, k = w + y2[i] * X2[i], b + y2[i], k + 1
    expected = f"update {k} · epoch 1 · example {VISITS} of {len(X2)}"
    stage.locator(".pl-status", has_text=expected).wait_for(timeout=60_000)
    lines = _stage_lines(page, ".pl-stage", 1)
    assert shown_weights(lines["summary"]) == pytest.approx([*w.tolist(), b], rel=1e-3), lines
    # Visit 30's frame was not sent with the widget (tests/widget/test_stage_frames.py):
    # the kernel made the move and sent the frames around it.
    assert int(stage.get_attribute("data-syncs") or 0) >= 1


def test_jupyterlab_steps_the_stage(browser, tmp_path):
    token = secrets.token_hex(16)
    port = free_port()
    home = tmp_path / "home"
    home.mkdir()
    notebook = {
        "cells": [
            {
                "cell_type": "code",
                "execution_count": None,
                "id": f"stage{i}",
                "metadata": {},
                "outputs": [],
                "source": source,
            }
            for i, source in enumerate((CELL, LONG_CELL))
        ],
        "metadata": {
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (tmp_path / "stage.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    env = _env()
    # A clean JupyterLab: its settings, workspaces and runtime files in the test's folder.
    for name, sub in (
        ("JUPYTER_CONFIG_DIR", "config"),
        ("JUPYTER_RUNTIME_DIR", "runtime"),
        ("JUPYTERLAB_SETTINGS_DIR", "settings"),
        ("JUPYTERLAB_WORKSPACES_DIR", "workspaces"),
        ("HOME", "home"),
    ):
        env[name] = str(tmp_path / sub)
    cmd = [
        sys.executable,
        "-m",
        "jupyterlab",
        "--no-browser",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={tmp_path}",
        "--allow-root",  # a container runs its tests as root
        "--LabApp.news_url=",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        "--LabApp.extension_manager=readonly",  # no look-ups in a package index
    ]
    base = f"http://127.0.0.1:{port}"
    with server(cmd, tmp_path, env, f"{base}/api/status?token={token}", tmp_path / "lab.log"):
        context = browser.new_context(viewport={"width": 1400, "height": 1100})
        page = context.new_page()
        try:
            page.goto(f"{base}/lab/tree/stage.ipynb?token={token}", timeout=120_000)
            page.locator(".jp-Notebook .jp-Cell .cm-content").first.wait_for(timeout=120_000)
            kernel_idle(base, token)  # a cell run before its kernel is up is dropped
            page.locator(".jp-Notebook .jp-Cell .cm-content").first.click()
            page.keyboard.press("Shift+Enter")
            page.keyboard.press("Shift+Enter")  # the long run's cell, next
            step_three_times(page)
            visit_past_the_frames(page)
        finally:
            context.close()


def test_marimo_steps_the_stage(browser, tmp_path):
    port = free_port()
    path = tmp_path / "stage_notebook.py"
    path.write_text(MARIMO_NOTEBOOK, encoding="utf-8")
    env = _env()
    env["HOME"] = str(tmp_path)
    cmd = [
        sys.executable,
        "-m",
        "marimo",
        "run",
        str(path),
        "--headless",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--no-token",
    ]
    base = f"http://127.0.0.1:{port}"
    with server(cmd, tmp_path, env, f"{base}/health", tmp_path / "marimo.log"):
        context = browser.new_context(viewport={"width": 1400, "height": 1100})
        page = context.new_page()
        try:
            page.goto(base, timeout=120_000)
            step_three_times(page)
            play_to_the_end(page)
        finally:
            context.close()
