"""Serve Perceptron Lab to a class: one Streamlit process, or several behind nginx.

    python deploy/serve.py                          # one server on 0.0.0.0:8501
    python deploy/serve.py --replicas 4             # 4 servers on loopback, nginx on :8501
    python deploy/serve.py --replicas 1 --nginx     # one server behind nginx (compression)
    python deploy/serve.py --replicas 4 --port 8080 --host 127.0.0.1

With ``--replicas N`` (N > 1, or any N with ``--nginx``) it starts N ``streamlit run
app.py`` processes on loopback ports ``port+1 .. port+N`` and Debian's nginx (``apt-get
install nginx``) on ``host:port`` in front of them, with the configuration
``deploy/nginx.conf.template`` written into a temporary folder: websockets proxied,
sessions kept on one replica by a cookie, Streamlit's bundles and plotly.js compressed
once and cached (see the template). Each process is opened once before the address is
printed (``warm``), so no student waits for the libraries to load. It runs until
interrupted (Ctrl-C or SIGTERM), then stops everything it started. ``--no-sticky``
balances round robin instead: only to show what goes wrong without affinity (uploads
refused with HTTP 400).

It watches what it started: a replica or nginx that exits is reaped and started again
after a pause that doubles while it keeps failing (1 s, 2 s, ... 30 s; back to 1 s once it
has run a minute), and a restarted replica is opened once again. A single server without
nginx is not restarted: serve.py exits with code 1 when it dies, for whatever runs
serve.py (a container's restart policy, systemd) to start it again.

Each process uses one core at most (Python), so N about the number of cores is the useful
range; a replica holds its own caches and libraries (about 250 MB each once warm).

A class (students following the lecturer, questions, answers, points) must be seen by
every replica: with more than one replica its state lives in Redis. serve.py starts
Debian's ``redis-server`` (``apt-get install redis-server``) on a loopback port, watched
and restarted like the rest, and hands its address to every replica (``LAB_REDIS_URL``);
``--redis URL`` uses a Redis of your own instead. Its append-only file is kept in the
lab's data folder (``redis-PORT`` beside ``practice.key``; ``--redis-dir`` elsewhere), so
a redis-server killed mid-lecture comes back with every class, and a replica killed
mid-lecture costs its students a reconnect, not the class's answers or points. One
process keeps its classes in its own memory.

Every port is an option: ``--port`` (what students open), ``--replica-port`` (the first
replica's; the others follow it, default ``port+1``) and ``--redis-port`` (default: the
port after the last replica's).

    python deploy/serve.py --replicas 4 --redis redis://10.0.0.5:6379/0
    python deploy/serve.py --replicas 2 --port 80 --replica-port 9001 --redis-port 9100

The practice page's completion codes are signed with one key that every replica must
hold: ``PERCEPTRON_LAB_SECRET`` when it is set; else, with more than one replica, the
key kept in the lab's data folder (``ui/server/key.py``: made once, mode 0600) is
read here and handed to every replica, so a code issued by one verifies on any other and
after a restart.
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
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

# Beside this file (deploy/ is on the path when serve.py runs, and the tests put it there).
from startup import wait_healthy

REPO_ROOT = Path(__file__).resolve().parents[1]
TEMPLATE = Path(__file__).resolve().parent / "nginx.conf.template"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
REDIS = shutil.which("redis-server") or "/usr/bin/redis-server"
REDIS_URL_ENV = "LAB_REDIS_URL"  # ui/room/default.py reads it
PRACTICE_KEY_ENV = "PERCEPTRON_LAB_SECRET"  # ui/server/key.py reads it
MAX_UPLOAD_MB = 100  # .streamlit/config.toml's server.maxUploadSize
BACKOFF_S = (1, 2, 4, 8, 16, 30)  # pauses before restarting a child that keeps dying
STABLE_S = 60.0  # a child that ran this long starts again from the first pause
# Redis writes each change to its append-only file before it answers, and flushes the file
# to the disk once a second: a killed redis-server loses nothing it acknowledged (the
# kernel holds what was written), a machine that loses power loses at most the last second
# or two. "always" would flush before every answer: a disk flush per student's tap, which
# a hall of phones answering at once would queue behind, for a second of a lecture.
APPENDFSYNC = "everysec"


def _log(message: str) -> None:
    print(f"serve.py: {message}", file=sys.stderr, flush=True)


@dataclass
class Child:
    """One process serve.py started and keeps: a Streamlit replica or nginx.

    It runs in its own process group, so stopping it stops whatever it started too."""

    name: str
    cmd: list[str]
    log_path: Path | None = None
    url: str | None = None  # a replica's address (health check, warm-up)
    env: dict | None = None
    cwd: Path | None = None
    proc: subprocess.Popen | None = None
    started: float = 0.0
    failures: int = 0  # deaths in a row, each within STABLE_S of its start
    restart_at: float | None = None  # dead, to be started again at this time
    restarts: int = 0
    stale: tuple[Path, ...] = ()  # files a killed child leaves that block its restart

    def start(self) -> None:
        for path in self.stale:
            path.unlink(missing_ok=True)
        log = open(self.log_path, "ab") if self.log_path else subprocess.DEVNULL  # noqa: SIM115
        try:
            self.proc = subprocess.Popen(
                self.cmd, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
                env=self.env, cwd=self.cwd,
            )  # fmt: skip
        finally:
            if self.log_path:
                log.close()  # the child holds its own copy
        self.started = time.monotonic()
        self.restart_at = None

    def stop(self) -> None:
        """SIGTERM to its group, then SIGKILL after 10 s; reaped."""
        if self.proc is None:
            return
        for sig in (signal.SIGTERM, signal.SIGKILL):
            if self.exited() is not None:
                return
            try:
                os.killpg(self.proc.pid, sig)
            except ProcessLookupError:
                pass
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                if self.exited() is not None:
                    return
                time.sleep(0.05)

    def exited(self) -> int | None:
        """The exit code if the child has died, else None. A dead child is reaped here (no
        zombie stays), after what it left in its process group (nginx's workers, which
        would keep the port) is killed: until the reaping its group id cannot be reused,
        so the signal reaches nothing else."""
        proc = self.proc
        if proc is None or proc.returncode is not None:
            return None if proc is None else proc.returncode
        try:
            dead = os.waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        except ChildProcessError:
            return proc.poll()
        if dead is None:
            return None
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        return proc.wait()

    def tail(self, lines: int = 40) -> str:
        """The end of its log, for an error's message (nothing without a log)."""
        if self.log_path is None or not self.log_path.exists():
            return ""
        said = self.log_path.read_text(errors="replace").splitlines()[-lines:]
        return f"; the end of {self.name}'s log:\n" + "\n".join(said)

    def schedule_restart(self, now: float) -> float:
        """A dead child: when to start it again (the pause grows while it keeps dying)."""
        self.failures = 1 if now - self.started >= STABLE_S else self.failures + 1
        pause = BACKOFF_S[min(self.failures, len(BACKOFF_S)) - 1]
        self.restart_at = now + pause
        return pause


@dataclass
class Deployment:
    """What ``serve`` started: the address students open and the processes behind it."""

    url: str
    replicas: list[Child] = field(default_factory=list)
    redis: Child | None = None  # the class's shared state, with more than one replica
    redis_url: str | None = None
    nginx: Child | None = None
    warm_up: bool = True
    timeout: float = 120.0

    @property
    def children(self) -> list[Child]:
        return (
            ([self.redis] if self.redis else [])
            + self.replicas
            + ([self.nginx] if self.nginx else [])
        )

    @property
    def pids(self) -> list[int]:
        """The processes now running: the Streamlit replicas, then nginx."""
        return [c.proc.pid for c in self.children if c.proc is not None]

    @property
    def replica_urls(self) -> list[str]:
        return [c.url for c in self.replicas]

    def supervise(self, now: float | None = None) -> str | None:
        """Reap children that died and start them again when their pause is over.

        Returns why serving must stop (the single server without nginx died), else None.
        Call it every fraction of a second."""
        now = time.monotonic() if now is None else now
        for child in self.children:
            if child.restart_at is None:
                code = child.exited()
                if code is None:
                    continue
                if self.nginx is None:
                    return f"{child.name} exited with code {code}; not restarted (no nginx)"
                pause = child.schedule_restart(now)
                _log(f"{child.name} exited with code {code}; restarting in {pause} s")
            elif now >= child.restart_at:
                child.start()
                child.restarts += 1
                _log(f"{child.name} restarted (pid {child.proc.pid})")
                if child.url is not None and self.warm_up:
                    threading.Thread(
                        target=self._warm_restarted, args=(child, child.proc), daemon=True
                    ).start()
        return None

    def _warm_restarted(self, child: Child, proc: subprocess.Popen) -> None:
        try:
            wait_healthy(child.url, proc, self.timeout)
            warm(child.url, self.timeout)
        except Exception as exc:  # noqa: BLE001 - the supervisor sees it die, if it does
            _log(f"{child.name} did not open after its restart: {exc}")


def warm(url: str, timeout: float = 120.0) -> None:
    """Open the app once on this server, as a browser would (one websocket session, one
    script run): a process's first run imports the libraries and loads the compiled
    training loop (``ui/server/warmup.py``, about 2 CPU-seconds), so no student pays for it."""
    import asyncio
    import http.cookiejar

    import websockets

    if str(REPO_ROOT) not in sys.path:  # imported from beside (benchmarks/, tests): the project
        sys.path.insert(0, str(REPO_ROOT))
    from ui.platform import streamlit_internals

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
            await ws.send(streamlit_internals.rerun_message(""))
            while True:
                if streamlit_internals.script_finished(await ws.recv()):
                    return

    run_coroutine(lambda: asyncio.wait_for(one_run(), timeout))


def run_coroutine(make):
    """``asyncio.run(make())`` in a thread of its own: the caller's thread may already run
    an event loop (Playwright's sync API in a test process does), where asyncio.run fails."""
    import asyncio

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


def nginx_conf(prefix: Path, listen: str, ports: list[int | str], *, sticky: bool = True) -> str:
    """The template filled in for these replicas: a loopback port each, or an address
    ``host:port`` each (``compose.yaml``'s replicas by their service names)."""
    where = [f"127.0.0.1:{p}" if isinstance(p, int) else p for p in ports]
    servers = "\n".join(f"        server {w} max_fails=0;" for w in where)
    return string.Template(TEMPLATE.read_text()).safe_substitute(
        workers="auto",
        prefix=str(prefix),
        max_upload=str(MAX_UPLOAD_MB),
        balance="hash $lab_route consistent;" if sticky else "# round robin: no affinity",
        servers=servers,
        listen=listen,
    )


COMPOSE_PORT = 8501  # compose.yaml: every replica's port and nginx's
COMPOSE_NGINX_PREFIX = Path("/tmp/lab-nginx")  # nginx's folder in compose.yaml's container


def compose_nginx_conf(replicas: list[str]) -> str:
    """``deploy/nginx.compose.conf``, compose.yaml's nginx: the same template, its upstream
    the replicas' service names. Written again when the replicas change:

        python deploy/serve.py --compose-nginx app1 app2 app3 > deploy/nginx.compose.conf
    """
    servers: list[int | str] = [f"{name}:{COMPOSE_PORT}" for name in replicas]
    made = f"# Made by: python deploy/serve.py --compose-nginx {' '.join(replicas)}\n"
    return made + nginx_conf(COMPOSE_NGINX_PREFIX, f"0.0.0.0:{COMPOSE_PORT}", servers)


@contextmanager
def serve(
    replicas: int = 1,
    port: int = 8501,
    host: str = "0.0.0.0",
    *,
    nginx: bool | None = None,
    sticky: bool = True,
    log_dir: Path | None = None,
    timeout: float = 120.0,
    warm_up: bool = True,
    redis_url: str | None = None,
    replica_port: int | None = None,
    redis_port: int | None = None,
    redis_dir: Path | None = None,
) -> Iterator[Deployment]:
    """Start the lab (one process, or ``replicas`` behind nginx; ``nginx=True`` puts nginx
    in front of a single replica too), each process opened once (``warm``) unless
    ``warm_up`` is False; yield where it is. ``Deployment.supervise`` restarts what dies.

    With more than one replica the class's state is in Redis: ``redis_url``, or a
    redis-server started here on ``redis_port`` (default: the port after the last
    replica's) keeping its append-only file in ``redis_dir`` (default: ``redis-PORT`` in
    the lab's data folder). The replicas listen on ``replica_port`` and up (default
    ``port + 1``), nginx on ``port``."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO_ROOT), env.get("PYTHONPATH")) if p)
    env.pop(REDIS_URL_ENV, None)  # the class's store is what this deployment says
    practice_key(env, replicas, nginx)
    first = port + 1 if replica_port is None else replica_port
    redis_port = first + max(1, replicas) if redis_port is None else redis_port
    store = _class_store(replicas, redis_url, log_dir, timeout, redis_port, redis_dir)
    with store as (redis_child, shared):
        if shared:
            env[REDIS_URL_ENV] = shared
        with _serve(
            replicas, port, host, env, nginx, sticky, log_dir, timeout, warm_up, first
        ) as dep:
            dep.redis, dep.redis_url = redis_child, shared
            yield dep


def practice_key(env: dict, replicas: int, nginx: bool | None = None) -> None:
    """Put the completion codes' key in ``env`` for replicas behind nginx (one key for all:
    the data folder's, made there once if absent); a set key and one server are left as
    they are (the server reads the same file itself)."""
    if env.get(PRACTICE_KEY_ENV) or not (replicas > 1 or nginx):
        return
    if str(REPO_ROOT) not in sys.path:  # run as a script: the project is beside it
        sys.path.insert(0, str(REPO_ROOT))
    from ui.server import key

    try:
        env[PRACTICE_KEY_ENV] = key.secret().decode("ascii")
    except (OSError, RuntimeError) as exc:  # the lab still serves; its codes wait for a key
        print(f"serve.py: no key for the practice page's completion codes ({exc}); "
              f"set {PRACTICE_KEY_ENV}", file=sys.stderr)  # fmt: skip


def data_folder() -> Path:
    """The lab's data folder, where ``ui/server/key.py`` keeps ``practice.key``."""
    if str(REPO_ROOT) not in sys.path:  # run as a script: the project is beside it
        sys.path.insert(0, str(REPO_ROOT))
    from ui.server import key

    return key.data_folder()


@contextmanager
def _class_store(
    replicas: int,
    url: str | None,
    log_dir: Path | None,
    timeout: float,
    port: int,
    folder: Path | None = None,
) -> Iterator[tuple[Child | None, str | None]]:
    """The class's shared store: ``url`` as given; with more than one replica and none
    given, a redis-server of its own on loopback ``port``, its append-only file in
    ``folder`` (default: ``redis-PORT`` in the lab's data folder); else none."""
    if url or replicas <= 1:
        yield None, url
        return
    if not Path(REDIS).exists():
        raise RuntimeError("redis-server is not installed: apt-get install redis-server")
    folder = Path(folder) if folder is not None else data_folder() / f"redis-{port}"
    folder.mkdir(parents=True, exist_ok=True)
    folder.chmod(0o700)  # the students' ids sign their answers: theirs alone to read
    log = log_dir / "redis.log" if log_dir else None
    child = Child("redis", redis_cmd(port, folder, appendonly=True), log)
    child.start()
    try:
        try:
            wait_redis(port, child.proc, timeout)
        except RuntimeError as exc:
            raise RuntimeError(f"{exc} on port {port} (--redis-port; is it in use?)") from None
        _log(f"the class's store keeps its append-only file in {folder}")
        yield child, f"redis://127.0.0.1:{port}/0"
    finally:
        child.stop()


def redis_cmd(
    port: int, folder: str | Path, binary: str = REDIS, *, appendonly: bool = False
) -> list[str]:
    """A redis-server on loopback ``port`` in ``folder``: with ``appendonly``, every change
    in its append-only file there (``APPENDFSYNC``), read back when it starts again; else
    nothing on disk (the tests' own servers)."""
    keep = ["--appendonly", "no"]
    if appendonly:
        keep = ["--appendonly", "yes", "--appendfsync", APPENDFSYNC]
    return [
        binary,
        "--port",
        str(port),
        "--bind",
        "127.0.0.1",
        "--save",
        "",
        *keep,
        "--dir",
        str(folder),
    ]


def wait_redis(port: int, proc: subprocess.Popen, timeout: float) -> None:
    """Until redis-server answers PING on ``port``."""
    import socket

    deadline = time.monotonic() + timeout
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"redis-server exited with code {proc.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1) as sock:
                sock.sendall(b"PING\r\n")
                if sock.recv(16).startswith(b"+PONG"):
                    return
        except OSError:
            pass
        if time.monotonic() > deadline:
            raise RuntimeError("redis-server did not answer")
        time.sleep(0.05)


@contextmanager
def _serve(replicas, port, host, env, nginx, sticky, log_dir, timeout, warm_up, first):
    """The replicas (and nginx) of ``serve``, with ``env`` (the class's store in it); the
    replicas on ports ``first`` and up."""
    local = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    url = f"http://{local}:{port}"
    use_nginx = replicas > 1 if nginx is None else nginx
    if use_nginx and not Path(NGINX).exists():
        raise RuntimeError("nginx is not installed: apt-get install nginx")
    dep = Deployment(url, warm_up=warm_up, timeout=timeout)
    if not use_nginx:
        log = log_dir / "streamlit.log" if log_dir else None
        dep.replicas.append(
            Child("the server", streamlit_cmd(port, host), log, url, env, REPO_ROOT)
        )
    else:
        for i in range(max(1, replicas)):
            p = first + i
            log = log_dir / f"streamlit-{i + 1}.log" if log_dir else None
            name = f"replica {i + 1} (port {p})"
            rurl = f"http://127.0.0.1:{p}"
            dep.replicas.append(
                Child(name, streamlit_cmd(p, "127.0.0.1"), log, rurl, env, REPO_ROOT)
            )
    try:
        for child in dep.replicas:
            child.start()
        for child in dep.replicas:
            wait_healthy(child.url, child.proc, timeout, tail=child.tail)
            if warm_up:
                warm(child.url, timeout)
        if not use_nginx:
            yield dep
            return
        with tempfile.TemporaryDirectory(prefix="lab-nginx-") as tmp:
            prefix = Path(tmp)
            prefix.chmod(0o755)  # nginx's workers (another user when started as root) read here
            conf = prefix / "nginx.conf"
            ports = [first + i for i in range(len(dep.replicas))]
            conf.write_text(nginx_conf(prefix, f"{host}:{port}", ports, sticky=sticky))
            log = log_dir / "nginx.log" if log_dir else None
            cmd = [NGINX, "-p", str(prefix), "-e", str(prefix / "error.log"), "-c", str(conf)]
            # A killed nginx leaves its unix socket behind: a new one could not bind it.
            dep.nginx = Child("nginx", cmd, log, stale=(prefix / "compress.sock",))
            dep.nginx.start()
            try:
                wait_healthy(url, dep.nginx.proc, timeout, tail=dep.nginx.tail)
                yield dep
            finally:
                dep.nginx.stop()
    finally:
        for child in dep.replicas:
            child.stop()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--replicas", type=int, default=1, help="Streamlit processes")
    parser.add_argument("--port", type=int, default=8501, help="the port students open")
    parser.add_argument("--host", default="0.0.0.0", help="the address to listen on")
    parser.add_argument(
        "--nginx", action="store_true", help="nginx in front even of a single replica"
    )
    parser.add_argument("--no-sticky", action="store_true", help="round robin (uploads fail)")
    parser.add_argument("--log-dir", type=Path, help="write the processes' logs here")
    parser.add_argument(
        "--no-warm", action="store_true", help="leave the first run's imports to a student"
    )
    parser.add_argument(
        "--redis",
        metavar="URL",
        help="the class's shared state in this Redis (default with replicas: one started here)",
    )
    parser.add_argument(
        "--replica-port", type=int, help="the first replica's port (default: --port + 1)"
    )
    parser.add_argument(
        "--redis-port", type=int, help="the Redis started here (default: after the replicas')"
    )
    parser.add_argument(
        "--redis-dir",
        type=Path,
        help="its append-only file's folder (default: redis-PORT in the lab's data folder)",
    )
    parser.add_argument(
        "--compose-nginx",
        nargs="+",
        metavar="SERVICE",
        help="print compose.yaml's nginx.conf for these replicas' services, and exit",
    )
    args = parser.parse_args(argv)
    if args.compose_nginx:
        print(compose_nginx_conf(args.compose_nginx), end="")
        return 0
    if args.replicas < 1:
        parser.error("--replicas must be at least 1")
    first = args.port + 1 if args.replica_port is None else args.replica_port
    opened = [args.port, *range(first, first + args.replicas)]
    if args.redis_port is not None:
        opened.append(args.redis_port)
    if len(set(opened)) < len(opened) or not all(0 < p < 65536 for p in opened):
        parser.error(f"the ports must differ, each from 1 to 65535: {opened}")
    if args.log_dir:
        args.log_dir.mkdir(parents=True, exist_ok=True)
    stop = []
    signal.signal(signal.SIGTERM, lambda *_: stop.append(1))
    with serve(
        args.replicas,
        args.port,
        args.host,
        nginx=args.nginx or None,
        sticky=not args.no_sticky,
        log_dir=args.log_dir,
        warm_up=not args.no_warm,
        redis_url=args.redis,
        replica_port=args.replica_port,
        redis_port=args.redis_port,
        redis_dir=args.redis_dir,
    ) as dep:
        print(f"Perceptron Lab on {dep.url} ({args.replicas} replica(s)); Ctrl-C stops it.")
        if dep.redis_url:
            print("the class's state in", dep.redis_url, flush=True)
        print("processes:", " ".join(map(str, dep.pids)), flush=True)
        try:
            while not stop:
                fatal = dep.supervise()
                if fatal is not None:
                    _log(fatal)
                    return 1
                time.sleep(0.5)
        except KeyboardInterrupt:
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
