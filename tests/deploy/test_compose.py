"""``compose.yaml`` and the image, read where no Docker engine runs: the services (Redis,
nginx, two or more replicas of the app), every replica given the same Redis and the same
completion-code key, Redis's append-only file on a volume, nginx's upstream naming every
replica (its configuration the template's, checked by Debian's nginx), and the image
installing the redis-server that ``-e REPLICAS=2`` starts.
"""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from serving import ROOT, _instructions, free_ports

sys.path.insert(0, str(ROOT / "deploy"))

import serve  # noqa: E402

COMPOSE = yaml.safe_load((ROOT / "compose.yaml").read_text())
SERVICES = COMPOSE["services"]


def _argv(service: dict) -> list[str]:
    command = service.get("command") or []
    return shlex.split(command) if isinstance(command, str) else [str(a) for a in command]


def _option(argv: list[str], name: str) -> str | None:
    return argv[argv.index(name) + 1] if name in argv else None


def _replicas() -> dict[str, dict]:
    """The services that run the lab (``deploy/serve.py``)."""
    return {name: s for name, s in SERVICES.items() if "deploy/serve.py" in _argv(s)}


def _env(service: dict) -> dict[str, str]:
    env = service.get("environment") or {}
    if isinstance(env, list):
        env = dict(item.split("=", 1) for item in env)
    return {k: str(v) for k, v in env.items()}


def _named_volumes(service: dict) -> dict[str, str]:
    """{target folder: named volume} of a service's volumes (short syntax)."""
    out = {}
    for item in service.get("volumes") or []:
        source, target = str(item).split(":")[:2]
        out[target] = source
    return out


def test_the_services_are_redis_nginx_and_at_least_two_replicas():
    replicas = _replicas()
    assert len(replicas) >= 2, sorted(SERVICES)
    assert "redis" in SERVICES and "nginx" in SERVICES
    assert set(SERVICES) == {*replicas, "redis", "nginx"}
    # Students reach nginx only: it alone publishes a port.
    published = [name for name, s in SERVICES.items() if s.get("ports")]
    assert published == ["nginx"]
    for name, service in replicas.items():
        argv = _argv(service)
        # One process per container, restarted by Docker when serve.py exits for it.
        assert _option(argv, "--replicas") == "1" and "--nginx" not in argv, name
        assert service.get("restart") in ("always", "unless-stopped"), name
        assert _option(argv, "--host") == "0.0.0.0", name


def test_every_replica_has_the_same_redis_and_the_same_key():
    replicas = _replicas()
    urls = set()
    keys = set()
    for name, service in replicas.items():
        argv, env = _argv(service), _env(service)
        url = _option(argv, "--redis") or env.get("LAB_REDIS_URL")
        assert url, f"{name} is given no Redis: its classes would be its own"
        urls.add(url)
        assert env.get("PERCEPTRON_LAB_SECRET"), f"{name} has no completion-code key"
        keys.add(env["PERCEPTRON_LAB_SECRET"])
        depends = service.get("depends_on") or {}
        assert "redis" in depends, name
    assert len(urls) == 1 and len(keys) == 1, (urls, keys)
    (url,) = urls
    assert re.fullmatch(r"redis://redis:6379(/\d+)?", url), url  # the redis service
    # One key from the environment, never a key written into the repository; `up`
    # refuses to start without it (${NAME:?...}).
    (key,) = keys
    assert re.fullmatch(r"\$\{PERCEPTRON_LAB_SECRET:\?[^}]*\}", key), key


def test_redis_keeps_its_append_only_file_on_a_volume():
    redis = SERVICES["redis"]
    argv = _argv(redis)
    assert argv[0] == "redis-server"
    assert _option(argv, "--appendonly") == "yes"
    assert _option(argv, "--appendfsync") in ("everysec", "always")
    folder = _option(argv, "--dir") or "/data"  # the official image's working folder
    volume = _named_volumes(redis).get(folder)
    assert volume is not None and volume in (COMPOSE.get("volumes") or {}), (folder, redis)
    assert redis.get("healthcheck") and redis.get("restart") in ("always", "unless-stopped")


def _upstream(conf: str) -> list[str]:
    block = re.search(r"upstream lab \{(.*?)\}", conf, re.S).group(1)
    return re.findall(r"^\s*server\s+(\S+)", block, re.M)


def test_nginx_names_every_replica_and_is_the_templates():
    nginx = SERVICES["nginx"]
    words = " ".join(_argv(nginx))
    conf_path = re.search(r"-c\s+/app/(\S+)", words).group(1)
    conf = (ROOT / conf_path).read_text()
    replicas = _replicas()
    ports = {_option(_argv(s), "--port") for s in replicas.values()}
    assert len(ports) == 1
    (port,) = ports
    assert sorted(_upstream(conf)) == sorted(f"{name}:{port}" for name in replicas)
    # Written from deploy/nginx.conf.template (compression, affinity, the event streams):
    # the file is what serve.py makes of it for these replicas, nothing edited by hand.
    assert conf == serve.compose_nginx_conf(sorted(replicas))
    assert f"listen 0.0.0.0:{nginx['ports'][0].split(':')[-1]};" in conf
    assert set(nginx.get("depends_on") or {}) == set(replicas)


def test_the_compose_nginx_configuration_is_one_nginx_accepts(tmp_path):
    """Debian's nginx checks the file (``nginx -t``), the replicas' names and its folder
    put where this machine has them (no Docker network here)."""
    if not Path(serve.NGINX).exists():
        pytest.skip("nginx is not installed")
    conf = (ROOT / "deploy" / "nginx.compose.conf").read_text()
    for name in _replicas():
        conf = conf.replace(f"server {name}:", "server 127.0.0.1:")
    conf = conf.replace(str(serve.COMPOSE_NGINX_PREFIX), str(tmp_path))
    conf = re.sub(r"listen 0\.0\.0\.0:\d+;", f"listen 127.0.0.1:{free_ports(1)};", conf)
    (tmp_path / "nginx.conf").write_text(conf)
    check = [
        serve.NGINX,
        "-t",
        "-p",
        str(tmp_path),
        "-e",
        str(tmp_path / "error.log"),
        "-c",
        str(tmp_path / "nginx.conf"),
    ]
    done = subprocess.run(check, capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr


def test_the_image_installs_redis_server_for_its_replicas():
    steps = _instructions(ROOT / "Dockerfile")
    installs = " ".join(a for k, a in steps if k == "RUN" and "apt-get install" in a)
    packages = set(re.findall(r"[a-z][a-z0-9.+-]+", installs.split("apt-get install", 1)[1]))
    assert {"redis-server", "nginx", "tini"} <= packages, installs
    # The command that starts it: serve.py with $REPLICAS behind nginx.
    cmd = next(a for k, a in steps if k == "CMD")
    assert "--replicas" in cmd and "$REPLICAS" in cmd
