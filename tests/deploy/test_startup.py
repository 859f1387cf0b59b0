"""deploy/startup.py, the servers' one set of helpers: a block of free ports is free, the
health wait returns once a real server answers, and stops at once when the process it
waits for has exited."""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "deploy"))
from startup import free_ports, healthy, wait_healthy  # noqa: E402


class _Health(BaseHTTPRequestHandler):
    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        ok = self.path == "/_stcore/health"
        self.send_response(200 if ok else 404)
        self.end_headers()
        self.wfile.write(b"ok" if ok else b"no")

    def log_message(self, *args) -> None:
        pass


def test_a_block_of_free_ports_can_all_be_bound():
    base = free_ports(4)
    socks = []
    try:
        for port in range(base, base + 4):
            sock = socket.socket()
            socks.append(sock)
            sock.bind(("127.0.0.1", port))
    finally:
        for sock in socks:
            sock.close()


def test_the_wait_returns_once_the_server_answers_its_health_check():
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Health)
    url = f"http://127.0.0.1:{server.server_address[1]}"
    assert not healthy(url, path="/elsewhere")  # a 404 is not healthy
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        wait_healthy(url, timeout=10)
        assert healthy(url)
    finally:
        server.shutdown()
        server.server_close()


def test_the_wait_stops_at_once_when_the_process_has_exited():
    proc = subprocess.Popen([sys.executable, "-c", "raise SystemExit(3)"])
    proc.wait()
    port = free_ports(1)  # nothing listens there
    started = time.monotonic()
    with pytest.raises(RuntimeError, match="exited with code 3: the log's end"):
        wait_healthy(f"http://127.0.0.1:{port}", proc, 60, tail=lambda: ": the log's end")
    assert time.monotonic() - started < 5


def test_the_wait_gives_up_after_its_timeout():
    port = free_ports(1)
    with pytest.raises(TimeoutError, match="did not answer"):
        wait_healthy(f"http://127.0.0.1:{port}", timeout=0.5)


def test_serve_imported_from_beside_reaches_the_project_when_it_warms(tmp_path):
    # benchmarks/room.py imports deploy/serve.py with only deploy/ on its path: warming a
    # replica imports the project's ui (the wire protocol's adapter) and must find it. A
    # server that is not there is then the only failure.
    deploy = Path(__file__).resolve().parents[2] / "deploy"
    code = (
        f"import sys; sys.path[:] = [p for p in sys.path if p not in ('', {str(deploy.parent)!r})]"
        f"; sys.path.insert(0, {str(deploy)!r}); import serve\n"
        "try:\n    serve.warm('http://127.0.0.1:9', timeout=2)\n"
        "except ModuleNotFoundError as exc:\n    print('missing', exc.name)\n"
        "except OSError:\n    print('no server')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True)
    assert out.stdout.strip() == "no server", out.stdout + out.stderr[-2000:]
