"""The lecturer's page while the class's store is down, on a real redis-server stopped (by
its PID) and started again: the page says the class server is unreachable (English and
German), keeps the class, logs one line (no traceback) for the outage, and leads the class
again once Redis is back (its append-only file kept the class); a Redis that comes back
empty has lost the class: the lecturer is told and starts a new one from the page."""

from __future__ import annotations

import logging
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from lab_app import click, open_page

from ui.room import default
from ui.room.redis_store import RedisStore
from ui.words import t, using

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "deploy"))
import serve  # noqa: E402
from startup import free_port  # noqa: E402


def _redis(port: int, folder: Path) -> subprocess.Popen:
    """A redis-server keeping an append-only file in ``folder`` (a restart keeps it)."""
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


def _stop(process: subprocess.Popen) -> None:
    process.terminate()
    process.wait(timeout=10)


def _said(at) -> list[str]:
    return [e.value for e in (*at.warning, *at.error, *at.info)]


@pytest.fixture
def redis_store(tmp_path, monkeypatch):
    port = free_port()
    folder = tmp_path / "kept"
    folder.mkdir()
    process = _redis(port, folder)
    store = RedisStore(f"redis://127.0.0.1:{port}/0")
    monkeypatch.setattr(default, "_store", store)
    held = {"process": process, "port": port, "folder": folder}
    try:
        yield store, held
    finally:
        store.close()
        if held["process"].poll() is None:
            _stop(held["process"])


def test_the_lecturer_is_told_the_store_is_down_and_the_page_recovers(redis_store, caplog):
    store, held = redis_store
    at = open_page("pages/playground.py", pg_n="30", pg_seed="3")
    click(at, "lab_class_start")
    opened = at.session_state["lab_class"]
    click(at, "pg_step")
    assert store.state(opened.code)["lead"]["cursor"] == at.session_state["pg_cursor"] > 0

    _stop(held["process"])  # Redis down
    caplog.clear()
    with caplog.at_level(logging.INFO):
        click(at, "pg_step")
        click(at, "pg_step")
        click(at, "lab_class_ask")  # Ask while down: said, no exception
        at.run()
    unreachable = t("class.unreachable")
    assert unreachable in _said(at)
    assert at.session_state["lab_class"] == opened  # the class is kept
    warned = [r for r in caplog.records if r.levelno >= logging.WARNING]
    # one line from the page (the lecturer told) and at most one from the store (its
    # outage, logged at most every few seconds): no traceback, no line per call
    page = [r for r in warned if r.name == "ui.room.lecturer"]  # the store's has its own
    assert len(page) == 1, warned
    assert len(warned) <= 2, warned
    assert all(r.exc_info is None for r in caplog.records)
    assert all("\n" not in r.getMessage() for r in warned)
    with using("de"):
        assert "nicht erreichbar" in t("class.unreachable")

    held["process"] = _redis(held["port"], held["folder"])  # back, with its file
    at.run()
    assert unreachable not in _said(at)
    assert at.session_state["lab_class"] == opened
    cursor = at.session_state["pg_cursor"]
    assert store.state(opened.code)["lead"]["cursor"] == cursor  # published again
    click(at, "pg_step")
    assert at.session_state["pg_cursor"] > cursor
    assert store.state(opened.code)["lead"]["cursor"] == at.session_state["pg_cursor"]

    # Redis comes back empty (its file gone): the class is lost; a new one is offered.
    _stop(held["process"])
    empty = held["folder"].parent / "empty"
    empty.mkdir()
    held["process"] = _redis(held["port"], empty)
    at.run()
    lost = t("class.lost", code=opened.code)
    assert lost in _said(at)
    assert "lab_class" not in at.session_state
    click(at, "lab_class_new")
    fresh = at.session_state["lab_class"]
    assert fresh.code != opened.code
    assert store.state(fresh.code)["code"] == fresh.code
    assert lost not in _said(at)
