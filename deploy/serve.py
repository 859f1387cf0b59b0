"""Serve Perceptron Lab to a class: one Streamlit process, or several behind nginx.

    python deploy/serve.py                          # one server on 0.0.0.0:8501
    python deploy/serve.py --replicas 4             # 4 servers on loopback, nginx on :8501
    python deploy/serve.py --replicas 4 --port 8080 --host 127.0.0.1

With ``--replicas N`` (N > 1) it starts N ``streamlit run app.py`` processes on loopback
ports ``port+1 .. port+N`` and Debian's nginx (``apt-get install nginx``) on ``host:port``
in front of them, with the configuration ``deploy/nginx.conf.template`` written into a
temporary folder: websockets proxied, sessions kept on one replica by a cookie (see the
template). Each process is opened once before the address is printed (``warm``), so no
student waits for the libraries to load. It runs until interrupted (Ctrl-C or SIGTERM),
then stops everything it started. ``--no-sticky`` balances round robin instead: only to
show what goes wrong without affinity (uploads refused with HTTP 400).

Each process uses one core at most (Python), so N about the number of cores is the useful
range; a replica holds its own caches and libraries (about 250 MB each once warm).
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import string
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
TEMPLATE = Path(__file__).resolve().parent / "nginx.conf.template"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
MAX_UPLOAD_MB = 100  # .streamlit/config.toml's server.maxUploadSize


@dataclass
class Deployment:
    """What ``serve`` started: the address students open and the processes behind it."""

    url: str
    pids: list[int] = field(default_factory=list)  # streamlit processes, then nginx
    replica_urls: list[str] = field(default_factory=list)


def _wait_healthy(url: str, proc: subprocess.Popen, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"{proc.args[0]} exited with code {proc.returncode}")
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as resp:
                if resp.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        if time.monotonic() > deadline:
            raise TimeoutError(f"{url} did not answer in {timeout:.0f} s")
        time.sleep(0.2)


@contextmanager
def _process(cmd: list[str], log_path: Path | None, **kwargs) -> Iterator[subprocess.Popen]:
    """A child in its own process group, terminated (then killed) on exit."""
    log = open(log_path, "ab") if log_path else subprocess.DEVNULL  # noqa: SIM115
    proc = subprocess.Popen(
        cmd, stdout=log, stderr=subprocess.STDOUT, start_new_session=True, **kwargs
    )
    try:
        yield proc
    finally:
        for sig in (signal.SIGTERM, signal.SIGKILL):
            if proc.poll() is not None:
                break
            try:
                os.killpg(proc.pid, sig)
                proc.wait(timeout=10)
            except ProcessLookupError:
                break
            except subprocess.TimeoutExpired:
                continue
        if log_path:
            log.close()


def warm(url: str, timeout: float = 120.0) -> None:
    """Open the app once on this server, as a browser would (one websocket session, one
    script run): a process's first run imports the libraries and loads the compiled
    training loop (``ui/warmup.py``, about 2 CPU-seconds), so no student pays for it."""
    import asyncio
    import http.cookiejar

    import websockets
    from streamlit.proto.BackMsg_pb2 import BackMsg
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    opener.open(f"{url}/_stcore/health", timeout=timeout).read()  # sets the XSRF cookie
    xsrf = next((c.value for c in jar if c.name == "_streamlit_xsrf"), "")

    async def one_run() -> None:
        async with websockets.connect(
            "ws" + url[4:] + "/_stcore/stream",
            subprotocols=["streamlit", xsrf],
            additional_headers={"Cookie": f"_streamlit_xsrf={xsrf}", "Origin": url},
            max_size=None,
        ) as ws:
            msg = BackMsg()
            msg.rerun_script.query_string = ""
            await ws.send(msg.SerializeToString())
            while True:
                fwd = ForwardMsg()
                fwd.ParseFromString(await ws.recv())
                if fwd.WhichOneof("type") == "script_finished" and fwd.script_finished in (0, 1):
                    return

    run_coroutine(lambda: asyncio.wait_for(one_run(), timeout))


def run_coroutine(make):
    """``asyncio.run(make())`` in a thread of its own: the caller's thread may already run
    an event loop (Playwright's sync API in a test process does), where asyncio.run fails."""
    import asyncio
    import threading

    out: dict = {}

    def target() -> None:
        try:
            out["value"] = asyncio.run(make())
        except BaseException as exc:  # noqa: BLE001 - raised again in the caller's thread
            out["error"] = exc

    thread = threading.Thread(target=target, name="serve-async")
    thread.start()
    thread.join()
    if "error" in out:
        raise out["error"]
    return out.get("value")


def streamlit_cmd(port: int, host: str) -> list[str]:
    return [
        sys.executable, "-m", "streamlit", "run", str(REPO_ROOT / "app.py"),
        "--server.headless", "true",
        "--server.address", host,
        "--server.port", str(port),
        "--browser.gatherUsageStats", "false",
        "--server.fileWatcherType", "none",
    ]  # fmt: skip


def nginx_conf(prefix: Path, listen: str, ports: list[int], *, sticky: bool = True) -> str:
    """The template filled in for these replica ports."""
    servers = "\n".join(f"        server 127.0.0.1:{p} max_fails=0;" for p in ports)
    return string.Template(TEMPLATE.read_text()).safe_substitute(
        workers="auto",
        prefix=str(prefix),
        max_upload=str(MAX_UPLOAD_MB),
        balance="hash $lab_route consistent;" if sticky else "# round robin: no affinity",
        servers=servers,
        listen=listen,
    )


@contextmanager
def serve(
    replicas: int = 1,
    port: int = 8501,
    host: str = "0.0.0.0",
    *,
    sticky: bool = True,
    log_dir: Path | None = None,
    timeout: float = 120.0,
    warm_up: bool = True,
) -> Iterator[Deployment]:
    """Start the lab (one process, or ``replicas`` behind nginx), each process opened once
    (``warm``) unless ``warm_up`` is False; yield where it is."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO_ROOT), env.get("PYTHONPATH")) if p)
    local = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    with ExitStack() as stack:
        if replicas <= 1:
            log = log_dir / "streamlit.log" if log_dir else None
            proc = stack.enter_context(
                _process(streamlit_cmd(port, host), log, cwd=REPO_ROOT, env=env)
            )
            url = f"http://{local}:{port}"
            _wait_healthy(url, proc, timeout)
            if warm_up:
                warm(url, timeout)
            yield Deployment(url, [proc.pid], [url])
            return
        if not Path(NGINX).exists():
            raise RuntimeError("nginx is not installed: apt-get install nginx")
        ports = [port + 1 + i for i in range(replicas)]
        procs = []
        for i, p in enumerate(ports):
            log = log_dir / f"streamlit-{i + 1}.log" if log_dir else None
            procs.append(
                stack.enter_context(
                    _process(streamlit_cmd(p, "127.0.0.1"), log, cwd=REPO_ROOT, env=env)
                )
            )
        for p, proc in zip(ports, procs, strict=True):
            _wait_healthy(f"http://127.0.0.1:{p}", proc, timeout)
            if warm_up:
                warm(f"http://127.0.0.1:{p}", timeout)
        prefix = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="lab-nginx-")))
        prefix.chmod(0o755)  # nginx's workers (another user when started as root) write here
        conf = prefix / "nginx.conf"
        conf.write_text(nginx_conf(prefix, f"{host}:{port}", ports, sticky=sticky))
        log = log_dir / "nginx.log" if log_dir else None
        nginx = stack.enter_context(_process([NGINX, "-p", str(prefix), "-c", str(conf)], log))
        url = f"http://{local}:{port}"
        _wait_healthy(url, nginx, timeout)
        yield Deployment(
            url, [p.pid for p in procs] + [nginx.pid], [f"http://127.0.0.1:{p}" for p in ports]
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--replicas", type=int, default=1, help="Streamlit processes")
    parser.add_argument("--port", type=int, default=8501, help="the port students open")
    parser.add_argument("--host", default="0.0.0.0", help="the address to listen on")
    parser.add_argument("--no-sticky", action="store_true", help="round robin (uploads fail)")
    parser.add_argument("--log-dir", type=Path, help="write the processes' logs here")
    parser.add_argument(
        "--no-warm", action="store_true", help="leave the first run's imports to a student"
    )
    args = parser.parse_args()
    if args.log_dir:
        args.log_dir.mkdir(parents=True, exist_ok=True)
    stop = []
    signal.signal(signal.SIGTERM, lambda *_: stop.append(1))
    with serve(
        args.replicas,
        args.port,
        args.host,
        sticky=not args.no_sticky,
        log_dir=args.log_dir,
        warm_up=not args.no_warm,
    ) as dep:
        print(f"Perceptron Lab on {dep.url} ({args.replicas} replica(s)); Ctrl-C stops it.")
        print("processes:", " ".join(map(str, dep.pids)), flush=True)
        try:
            while not stop:
                time.sleep(0.5)
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
