"""The course server and its container.

``deploy/serve.py`` run as a teacher runs it: a replica killed with SIGKILL is reaped (no
zombie), started again and serves; a single server without nginx that dies makes serve.py
exit non-zero. nginx compresses and caches what every first page loads, and still carries
the websocket. The Dockerfile's statements (its user, health check, init and lock file),
the lock file against the environment the tests run in, usage statistics off, and the
project installed with pip into a new environment, imported from another folder.
"""

from __future__ import annotations

import gzip
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "deploy"))

import serve  # noqa: E402
from serving import (  # noqa: E402
    STARTUP_S,
    Served,
    _alive,
    _get,
    _instructions,
    free_ports,
    wait_healthy,
)


@pytest.fixture(scope="module")
def replicas(tmp_path_factory):
    """Two replicas behind nginx, started as a teacher starts them."""
    port = free_ports(4)  # nginx, two replicas, Redis
    tmp = tmp_path_factory.mktemp("serve")
    served = Served(
        tmp,
        "--replicas",
        "2",
        "--port",
        str(port),
        "--host",
        "127.0.0.1",
        "--redis-dir",
        str(tmp / "redis"),
    )
    try:
        pids = served.pids()
        yield served, port, pids
    finally:
        served.stop()


@pytest.mark.slow
def test_nginx_compresses_and_caches_what_every_first_page_loads(replicas):
    _, port, _ = replicas
    url = f"http://127.0.0.1:{port}"
    status, headers, html = _get(url + "/playground", gzip_ok=True)
    assert status == 200 and headers.get("Content-Encoding") == "gzip"
    assert "lab_route=" in headers.get("Set-Cookie", "")  # the replica's affinity cookie
    entry = re.search(rb'src="\./(static/js/index\.[^"]+\.js)"', gzip.decompress(html)).group(1)
    import streamlit

    on_disk = (Path(streamlit.__file__).parent / "static" / entry.decode()).read_bytes()
    first = _get(f"{url}/{entry.decode()}", gzip_ok=True)
    again = _get(f"{url}/{entry.decode()}", gzip_ok=True)
    for _, h, body in (first, again):
        assert h["Content-Encoding"] == "gzip" and gzip.decompress(body) == on_disk
        assert "immutable" in h["Cache-Control"] and "max-age=31536000" in h["Cache-Control"]
        assert len(body) < len(on_disk) / 2
    assert again[1]["X-Lab-Cache"] == "HIT"  # compressed once, then served from the cache
    plain = _get(f"{url}/{entry.decode()}")  # a client that takes no gzip gets the file
    assert "Content-Encoding" not in plain[1] and plain[2] == on_disk

    # plotly.js as the chart component asks for it (its version and hash in the address).
    from ui.stage.chart import PLOTLY_JS_PATH
    from ui.vendor import PLOTLY_TAG

    route = "ui.platform.streamlit_internals.plotly_js"  # served_file_url's v1 component
    plotly_url = f"{url}/component/{route}/plotly.min.js?v={PLOTLY_TAG}"
    _, h, body = _get(plotly_url, gzip_ok=True, timeout=120)
    assert h["Content-Encoding"] == "gzip" and gzip.decompress(body) == PLOTLY_JS_PATH.read_bytes()
    assert "immutable" in h["Cache-Control"]
    assert _get(plotly_url, gzip_ok=True, timeout=120)[1]["X-Lab-Cache"] == "HIT"

    # The websocket through nginx: one script run of the app.
    serve.warm(url, timeout=120)


@pytest.mark.slow
def test_healthcheck_asks_the_lab_on_its_port(replicas):
    _, port, _ = replicas
    check = [sys.executable, str(ROOT / "deploy" / "healthcheck.py")]
    assert subprocess.run(check, env={**os.environ, "PORT": str(port)}, timeout=30).returncode == 0
    nothing = free_ports(1)
    env = {**os.environ, "PORT": str(nothing)}
    assert subprocess.run(check, env=env, timeout=30).returncode == 1


@pytest.mark.slow
def test_a_killed_nginx_is_restarted_and_serves_again(replicas):
    served, port, pids = replicas
    nginx = pids[-1]
    os.kill(nginx, signal.SIGKILL)
    restarted = served.wait_for(r"nginx restarted \(pid (\d+)\)")
    new = int(restarted.group(1))
    wait_healthy(f"http://127.0.0.1:{port}", timeout=60)
    assert _alive(new) and not _alive(nginx)
    _, headers, _ = _get(f"http://127.0.0.1:{port}/playground", gzip_ok=True)
    assert headers["Content-Encoding"] == "gzip"
    pids[-1] = new  # the fixture's nginx from now on


def _post(url: str, body: dict) -> tuple[int, dict]:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as resp:
            return resp.status, json.loads(resp.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_the_replicas_share_the_class_in_the_redis_serve_started(replicas):
    """serve.py started a redis-server for the two replicas and gave them its address: a
    class opened on it is seen, joined and answered through either replica's own port, and
    a replica killed mid-lecture loses none of it (the order of this module's tests: this
    one kills nothing itself)."""
    served, port, pids = replicas
    url = served.wait_for(r"the class's state in (redis://\S+)", "out", STARTUP_S).group(1)
    from ui.room.default import make_store

    store = make_store(url)
    try:
        opened = store.open_class()
        qid = store.ask(opened.code, opened.secret, "turn", "Which way?", ["cw", "acw"], 0)
        for i, replica in enumerate((port + 1, port + 2)):
            base = f"http://127.0.0.1:{replica}/class/{opened.code}"
            status, joined = _post(base + "/join", {})
            assert status == 200, joined
            status, answered = _post(
                base + "/answer", {"student": joined["student"], "question": qid, "choice": i}
            )
            assert (status, answered) == (200, {"answered": i + 1})
        state = json.loads(_get(f"http://127.0.0.1:{port}/class/{opened.code}/state")[2])
        assert state["students"] == 2 and state["question"]["answered"] == 2
        assert store.reveal(opened.code, opened.secret, qid) == [1, 1]
    finally:
        store.close()


@pytest.mark.slow
def test_a_killed_replica_is_reaped_restarted_and_serves_again(replicas):
    served, port, pids = replicas
    redis, first, second, nginx = pids
    os.kill(first, signal.SIGKILL)
    restarted = served.wait_for(rf"replica 1 \(port {port + 1}\) restarted \(pid (\d+)\)")
    new = int(restarted.group(1))
    assert new not in pids and _alive(new)
    assert not _alive(first)  # reaped: not left a zombie
    wait_healthy(f"http://127.0.0.1:{port + 1}", timeout=STARTUP_S)  # the replica's own port
    assert _alive(second) and _alive(nginx) and _alive(redis)
    for _ in range(6):  # through nginx, whichever replica a new student lands on
        assert _get(f"http://127.0.0.1:{port}/playground")[0] == 200
    serve.warm(f"http://127.0.0.1:{port + 1}", timeout=120)  # it runs the app again

    served.stop()
    assert served.proc.returncode == 0
    deadline = time.monotonic() + 30
    while any(_alive(p) for p in (new, second, nginx, redis)) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not any(_alive(p) for p in (new, second, nginx, redis))  # all it started stopped


@pytest.mark.slow
def test_serve_exits_non_zero_when_its_only_server_dies(tmp_path):
    port = free_ports(1)
    served = Served(tmp_path, "--port", str(port), "--host", "127.0.0.1", "--no-warm")
    try:
        (server,) = served.pids()
        os.kill(server, signal.SIGKILL)
        code = served.proc.wait(timeout=30)
        assert code != 0
        assert "exited with code -9" in served.err.read_text()
        assert not _alive(server)
    finally:
        served.stop()


@pytest.mark.slow
def test_a_replica_that_cannot_start_is_reported_with_the_end_of_its_log(tmp_path):
    port = free_ports(2)  # nginx's, and the replica's after it, which is held here
    with socket.socket() as held:
        held.bind(("127.0.0.1", port + 1))
        held.listen()
        with pytest.raises(RuntimeError) as err:
            with serve.serve(1, port, "127.0.0.1", nginx=True, log_dir=tmp_path, timeout=60):
                pass
    said = str(err.value)
    assert f"exited with code 1; the end of replica 1 (port {port + 1})'s log:" in said
    assert f"Port {port + 1} is not available" in said  # Streamlit's own line, from its log


def test_a_child_that_keeps_dying_waits_longer_each_time():
    child = serve.Child("replica", ["true"])
    child.started = 0.0
    pauses = []
    for now in (1.0, 5.0, 12.0, 25.0, 45.0, 80.0, 130.0):
        pauses.append(child.schedule_restart(now))
        child.started = child.restart_at  # started again at once, died soon after
    assert pauses == [1, 2, 4, 8, 16, 30, 30]
    child.started = 200.0
    assert child.schedule_restart(200.0 + serve.STABLE_S) == 1  # it had run a minute: anew


# ------------------------------------------------------------------ the container


def test_dockerfile_runs_as_a_user_with_an_init_a_health_check_and_the_lock_file():
    steps = _instructions(ROOT / "Dockerfile")
    kinds = [k for k, _ in steps]
    users = [arg for k, arg in steps if k == "USER"]
    assert users and users[-1].split(":")[0] not in ("root", "0")
    created = " ".join(arg for k, arg in steps if k == "RUN" and "useradd" in arg)
    assert re.search(rf"useradd\b.*\b{re.escape(users[-1])}\b", created)
    # Installed from the lock file, after copying it, before the user changes.
    install = next(i for i, (k, a) in enumerate(steps) if k == "RUN" and "pip install" in a)
    assert re.search(r"-r\s+requirements\.lock\b", steps[install][1])
    assert any(k == "COPY" and "requirements.lock" in a for k, a in steps[:install])
    # tini as process 1 (Debian's package), then serve.py behind nginx.
    entry = next(a for k, a in steps if k == "ENTRYPOINT")
    assert "tini" in entry.split(",")[0]
    assert any(k == "RUN" and re.search(r"apt-get install\b.*\btini\b", a) for k, a in steps)
    cmd = next(a for k, a in steps if k == "CMD")
    assert "deploy/serve.py" in cmd and "--nginx" in cmd and "$PORT" in cmd
    # The health check asks Streamlit's health endpoint on $PORT (nginx's).
    check = next(a for k, a in steps if k == "HEALTHCHECK")
    script = re.search(r"deploy/healthcheck\.py", check)
    assert script and "/_stcore/health" in (ROOT / "deploy" / "healthcheck.py").read_text()
    assert kinds.index("USER") < kinds.index("HEALTHCHECK")


def _requirements(path: Path) -> list[Requirement]:
    lines = (line.split("#")[0].strip() for line in path.read_text().splitlines())
    return [Requirement(line) for line in lines if line and not line.startswith("-")]


def test_the_lock_file_pins_what_the_tests_run_with_and_covers_what_the_app_needs():
    locked = {}
    for req in _requirements(ROOT / "requirements.lock"):
        spec = list(req.specifier)
        assert len(spec) == 1 and spec[0].operator == "==", f"{req} is not an exact pin"
        locked[canonicalize_name(req.name)] = spec[0].version
    # Exactly the versions installed here, where the tests run.
    for name, version in locked.items():
        assert metadata.version(name) == version, f"{name}: locked {version}, tested with " + (
            metadata.version(name)
        )
    # Every requirement within its range, and everything each one needs is pinned too.
    todo = _requirements(ROOT / "requirements.txt")
    for req in todo:
        assert req.specifier.contains(locked[canonicalize_name(req.name)]), req
    seen: set[str] = set()
    while todo:
        req = todo.pop()
        name = canonicalize_name(req.name)
        if name in seen:
            continue
        seen.add(name)
        assert name in locked, f"{req.name} (needed) is not in requirements.lock"
        for dep in metadata.distribution(name).requires or []:
            dep = Requirement(dep)
            if dep.marker is None or dep.marker.evaluate({"extra": ""}):
                todo.append(dep)
    assert set(locked) == seen, f"not runtime packages: {sorted(set(locked) - seen)}"


def test_requirements_allow_only_what_the_app_works_with():
    reqs = {
        canonicalize_name(r.name): r.specifier for r in _requirements(ROOT / "requirements.txt")
    }
    assert not reqs["plotly"].contains("6.6.0")  # no layout.clickanywhere before 6.7
    assert reqs["plotly"].contains("6.7.0")
    assert reqs["streamlit"].contains("1.67.0") and not reqs["streamlit"].contains("1.68.0")


def test_usage_statistics_are_not_sent():
    code = (
        "from streamlit import config; config.get_config_options(force_reparse=True); "
        "print(config.get_option('browser.gatherUsageStats'))"
    )
    env = {**os.environ, "HOME": "/nonexistent"}  # only the project's own config file
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert out.stdout.strip().splitlines()[-1] == "False", out.stderr


# ------------------------------------------------------------------ installable
def _venv(tmp: Path) -> Path:
    """A new environment that sees this one's packages (no download) but not the project."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(tmp / "venv")], check=True)
    python = tmp / "venv" / "bin" / "python"
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True, text=True, check=True,
    ).stdout.strip()  # fmt: skip
    import pip

    deps = Path(pip.__file__).resolve().parents[1]  # this environment's site-packages
    (Path(site) / "_tested_deps.pth").write_text(f"{deps}\n")
    return python


@pytest.mark.slow
@pytest.mark.parametrize("editable", [False, True], ids=["install", "editable"])
def test_the_engine_installs_with_pip_and_imports_from_any_folder(tmp_path, editable):
    # A copy of what the package needs, so nothing is built inside the repository.
    src = tmp_path / "src"
    src.mkdir()
    for name in ("pyproject.toml", "setup.py", "requirements.txt"):
        (src / name).write_bytes((ROOT / name).read_bytes())
    # The wheel's packages (the widget's share of ui/ is copied into it when built).
    for package in ("perceptron_core", "datasets", "perceptron_widget", "ui"):
        subprocess.run(
            ["cp", "-r", str(ROOT / package), str(src / package)], check=True, timeout=60
        )
    python = _venv(tmp_path)
    elsewhere = tmp_path / "notebook"
    elsewhere.mkdir()
    probe = [str(python), "-c", "import perceptron_core"]
    assert subprocess.run(probe, cwd=elsewhere, capture_output=True).returncode != 0  # not yet
    install = [str(python), "-m", "pip", "install", "--no-deps", "--no-build-isolation",
               "--no-index", "-q", *(["-e"] if editable else []), str(src)]  # fmt: skip
    done = subprocess.run(install, cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    code = (
        "import numpy as np, perceptron_core as pc, perceptron_datasets as datasets; "
        "ds = datasets.generate('separable', n=40, seed=1, margin=0.2); "
        "run = pc.train(ds.X, ds.y); "
        "print(pc.__file__); print(run.converged, (run.predict(ds.X) == ds.y).all())"
    )
    out = subprocess.run(
        [str(python), "-c", code], cwd=elsewhere, capture_output=True, text=True, timeout=300
    )
    assert out.returncode == 0, out.stderr
    where, verdict = out.stdout.strip().splitlines()[-2:]
    assert verdict == "True True"
    if editable:
        assert Path(where).resolve().is_relative_to(src.resolve())
    else:
        assert "site-packages" in where
    needs = subprocess.run(
        [str(python), "-c", "from importlib.metadata import requires; "
         "print(requires('perceptron-lab'))"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    # the engine's requirements, declared; the web app's only under its extra
    assert "numba>=0.60" in needs and 'plotly>=6.7; extra == "app"' in needs
