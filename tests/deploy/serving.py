"""The course server as the deploy tests start it: ``deploy/serve.py`` in the background,
the Dockerfile's instructions (shared by tests/deploy/test_*.py); free ports and health
waits are deploy/startup.py's, which serve.py uses too."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "deploy"))
from startup import free_ports, wait_healthy  # noqa: E402, F401  (the servers' one copy)

STARTUP_S = 240  # a loaded 2-core machine: two replicas started and opened once


class Served:
    """``python deploy/serve.py ARGS`` in the background, its output in files."""

    def __init__(self, tmp: Path, *args: str) -> None:
        self.out, self.err = tmp / "serve.out", tmp / "serve.err"
        self.proc = subprocess.Popen(
            [sys.executable, str(ROOT / "deploy" / "serve.py"), *args],
            stdout=self.out.open("wb"),
            stderr=self.err.open("wb"),
            cwd=ROOT,
            start_new_session=True,
        )

    def wait_for(self, pattern: str, where: str = "err", timeout: float = 120) -> re.Match:
        path = self.err if where == "err" else self.out
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = re.search(pattern, path.read_text(errors="replace"))
            if found:
                return found
            if self.proc.poll() is not None:
                break
            time.sleep(0.2)
        raise AssertionError(
            f"no {pattern!r} in serve.py's output (exit code {self.proc.poll()}):\n"
            f"{self.out.read_text(errors='replace')}\n{self.err.read_text(errors='replace')}"
        )

    def pids(self) -> list[int]:
        line = self.wait_for(r"processes:([ \d]+)\n", "out", STARTUP_S)
        return [int(p) for p in line.group(1).split()]

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(60)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()


def _get(url: str, gzip_ok: bool = False, timeout: float = 30):
    headers = {"Accept-Encoding": "gzip"} if gzip_ok else {}
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=timeout) as r:
        return r.status, r.headers, r.read()


def _alive(pid: int) -> bool:
    """The process exists and is not a zombie (dead, never reaped by its parent)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def _instructions(dockerfile: Path) -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) with continuation lines joined and comments dropped."""
    text = re.sub(r"\\\n", " ", dockerfile.read_text())
    out = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            word, _, rest = line.partition(" ")
            out.append((word.upper(), rest.strip()))
    return out
