"""Starting a lab server on this machine: free ports, and the wait until it answers.

One copy of what ``deploy/serve.py``, the tests that start servers (tests/browser,
tests/deploy, tests/ui/room, tests/pages) and the benchmarks all need: a free loopback
port (or a block of them), Streamlit's health check asked once (``healthy``) or until it
answers (``wait_healthy``), and ``streamlit_server``, one ``streamlit run`` in its own
process group for as long as a ``with`` block lasts.

Scripts in ``deploy/`` import it as ``startup`` (their folder is on ``sys.path`` when run);
the tests and benchmarks put ``deploy/`` on their path first.
"""

from __future__ import annotations

import http.client
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
HEALTH = "/_stcore/health"  # Streamlit's: 200 once the server takes sessions


def free_port(host: str = "127.0.0.1") -> int:
    """A port nothing listens on just now (the system's choice: another process may take
    it before it is used, which the callers' health waits then report)."""
    with socket.socket() as sock:
        sock.bind((host, 0))
        return int(sock.getsockname()[1])


def free_ports(n: int, host: str = "127.0.0.1") -> int:
    """A port ``p`` with ``p .. p+n-1`` all free: a course server's nginx, its replicas and
    its Redis take consecutive ports (``deploy/serve.py``)."""
    for _ in range(200):
        base = free_port(host)
        if base + n > 65000:
            continue
        socks: list[socket.socket] = []
        try:
            for port in range(base, base + n):
                sock = socket.socket()
                socks.append(sock)
                sock.bind((host, port))
            return base
        except OSError:
            continue
        finally:
            for sock in socks:
                sock.close()
    raise RuntimeError(f"no block of {n} free ports")


def healthy(url: str, timeout: float = 2.0, path: str = HEALTH) -> bool:
    """Whether the server at ``url`` answers ``path`` (its health check) with 200 within
    ``timeout`` seconds."""
    try:
        with urllib.request.urlopen(url + path, timeout=timeout) as answer:
            return answer.status == 200
    except (OSError, http.client.HTTPException):  # URLError, refused, reset, timed out
        return False


def wait_healthy(
    url: str,
    proc: subprocess.Popen | None = None,
    timeout: float = 60.0,
    *,
    path: str = HEALTH,
    tail: Callable[[], str] | None = None,
) -> None:
    """Return once the server at ``url`` answers its health check.

    Parameters
    ----------
    url : str
        The server's base address, ``http://host:port``.
    proc : subprocess.Popen, optional
        The server's process: its exit ends the wait at once.
    timeout : float
        Seconds to wait at most.
    path : str
        What to ask: Streamlit's health check, or another server's page that answers 200
        once it is up.
    tail : callable, optional
        What to add to the error's message (the end of the server's log).

    Raises
    ------
    RuntimeError
        The process exited first.
    TimeoutError
        No answer within ``timeout``.
    """
    said = tail or (lambda: "")
    deadline = time.monotonic() + timeout
    while True:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"{proc.args[0]} exited with code {proc.returncode}{said()}")
        if healthy(url, path=path):
            return
        if time.monotonic() > deadline:
            raise TimeoutError(f"{url} did not answer in {timeout:.0f} s{said()}")
        time.sleep(0.1)


def stop_group(proc: subprocess.Popen, grace: float = 10.0) -> None:
    """Stop ``proc`` and whatever it started (its process group): SIGTERM, then SIGKILL."""
    if proc.poll() is not None:
        return
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            return
        try:
            proc.wait(timeout=grace)
            return
        except subprocess.TimeoutExpired:
            continue


@contextmanager
def streamlit_server(
    script: str | Path,
    *,
    extra_args: Sequence[str] = (),
    timeout: float = 60.0,
    log_path: str | Path | None = None,
    port: int | None = None,
    env: dict[str, str] | None = None,
) -> Iterator[str]:
    """Run ``python -m streamlit run SCRIPT`` on a free localhost port (or ``port``: a
    server started again where an open page reconnects); yield its base URL.

    The server runs in its own process group, stopped on exit; the repository root is its
    folder (so .streamlit/config.toml applies: no flag repeats it) and on
    ``PYTHONPATH`` so scripts can import the project, and ``env`` (default: this process's
    environment) is what it sees besides. With ``log_path``, its output goes there and a
    failed start quotes the log's tail.
    """
    script = Path(script).resolve()
    port = free_port() if port is None else int(port)
    url = f"http://127.0.0.1:{port}"
    env = dict(os.environ if env is None else env)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO_ROOT), env.get("PYTHONPATH")) if p)
    cmd = [
        sys.executable, "-m", "streamlit", "run", str(script),
        "--server.headless", "true",
        "--server.port", str(port),
        "--server.address", "127.0.0.1",
        "--server.fileWatcherType", "none",
        *extra_args,
    ]  # fmt: skip
    log = open(log_path, "wb") if log_path is not None else subprocess.DEVNULL  # noqa: SIM115
    proc = subprocess.Popen(
        cmd, cwd=REPO_ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
    )

    def tail() -> str:
        if log_path is None:
            return ""
        lines = Path(log_path).read_text(errors="replace").splitlines()
        return ":\n" + "\n".join(lines[-40:])

    try:
        wait_healthy(url, proc, timeout, tail=tail)
        yield url
    finally:
        stop_group(proc)
        if log_path is not None:
            log.close()
