"""The class in the room under load: students follow a lecturer over the class's routes.

    python benchmarks/room.py                     # 200 students, one server (memory)
    python benchmarks/room.py --replicas 2        # two servers sharing Redis
    python benchmarks/room.py --students 50 --moves 20 --interval 1

Loopback only and bounded (``--cap`` seconds at most). The servers are
``benchmarks/room_server.py`` (the routes of ``ui/room/routes.py`` on uvicorn, one
process each; with ``--replicas`` above 1 they share a Debian ``redis-server`` this
script starts on a free port, without persistence, and stops). No page is involved yet:
the lecturer posts each move to ``/class/{code}/lead`` as its stage will, and asks and
reveals through the benchmark server's ``/bench/lecturer`` (the page will call the store).

Each student joins (its own address in ``X-Forwarded-For``), follows the events on server
``i mod replicas`` (HTTP/1.0, asyncio streams), answers each question after 0.2-2 s
(a third change their answer once), and places 2 points once collecting starts. The
lecturer moves every ``--interval`` s (``--moves`` moves, 2 s x 60 by default), asks 5
questions and reveals each 3 moves later, all on server 0.

Reported: the follow lag (the lecturer's POST sent to the event read by each student),
median / p95 / max, moves not received, errors (any refused or failed request other than
an answer that reached a question already revealed), answers and points counted by the
store against those it accepted, the servers' CPU seconds and largest RSS (and Redis's),
the client's CPU, and the machine's load and slowdown before the run.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(BENCH.parent / "tests" / "browser"))

from browser_helpers import machine_slowdown  # noqa: E402
from load import Sampler  # noqa: E402


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for_port(port: int, process: subprocess.Popen, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server on {port} exited")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"nothing listens on {port}")


async def request(port, method, path, body=None, address=None) -> tuple[int, dict]:
    """One HTTP/1.0 request; (status, JSON body)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    data = b"" if body is None else json.dumps(body).encode()
    head = f"{method} {path} HTTP/1.0\r\nHost: x\r\nContent-Length: {len(data)}\r\n"
    if body is not None:
        head += "Content-Type: application/json\r\n"
    if address:
        head += f"X-Forwarded-For: {address}\r\n"
    writer.write(head.encode() + b"\r\n" + data)
    reply = await reader.read()
    writer.close()
    status = int(reply.split(b" ", 2)[1])
    return status, json.loads(reply.split(b"\r\n\r\n", 1)[1] or b"null")


class Room:
    """What the students saw and sent, for the report."""

    def __init__(self) -> None:
        self.sent: dict[int, float] = {}  # move's version -> time its POST was sent
        self.lags: list[float] = []
        self.received = 0
        self.errors: list[str] = []
        self.answered: dict[int, set[int]] = {}  # question -> students whose answer landed
        self.points = 0
        self.ready = 0


async def student(i, port, code, room: Room, done: asyncio.Event, rng: random.Random):
    address = f"10.{i // 250}.{i % 250}.7"
    status, joined = await request(port, "POST", f"/class/{code}/join", address=address)
    if status != 200:
        room.errors.append(f"join {status} {joined}")
        return
    me = joined["student"]
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET /class/{code}/events HTTP/1.0\r\nHost: x\r\n\r\n".encode())
    await reader.readuntil(b"\r\n\r\n")
    tasks = []

    async def answer(question):
        await asyncio.sleep(rng.uniform(0.2, 2.0))
        for _ in range(2 if rng.random() < 1 / 3 else 1):
            body = {"student": me, "question": question, "choice": rng.randrange(2)}
            status, reply = await request(port, "POST", f"/class/{code}/answer", body, address)
            if status == 200:
                room.answered.setdefault(question, set()).add(i)
            elif status != 409:  # 409: revealed meanwhile, as in a lecture
                room.errors.append(f"answer {status} {reply}")
            await asyncio.sleep(0.3)

    async def place():
        for _ in range(2):
            await asyncio.sleep(rng.uniform(0.3, 1.5))
            body = {"student": me, "x1": rng.uniform(-1, 1), "x2": rng.uniform(-1, 1)}
            body["label"] = rng.choice((1, -1))
            status, reply = await request(port, "POST", f"/class/{code}/point", body, address)
            if status == 200:
                room.points += 1
            else:
                room.errors.append(f"point {status} {reply}")

    try:
        while not done.is_set():
            line = await reader.readline()
            if not line:
                room.errors.append("the event stream closed")
                return
            if not line.startswith(b"data:"):
                continue
            event = json.loads(line[5:])
            now = time.perf_counter()
            kind = event["type"]
            if kind == "state":
                room.ready += 1
            elif kind == "lead":
                room.lags.append(now - room.sent[event["version"]])
                room.received += 1
            elif kind == "asked":
                tasks.append(asyncio.create_task(answer(event["question"]["id"])))
            elif kind == "collecting" and event["collecting"]:
                tasks.append(asyncio.create_task(place()))
    finally:
        writer.close()
        for task in tasks:
            task.cancel()


async def lecture(args, ports, code, secret, room: Room) -> dict:
    rng = random.Random(0)
    done = asyncio.Event()
    followers = [
        asyncio.create_task(student(i, ports[i % len(ports)], code, room, done, random.Random(i)))
        for i in range(args.students)
    ]
    while room.ready < args.students and not any(f.done() for f in followers):
        await asyncio.sleep(0.1)
    asks = {1 + k * (args.moves // 5) for k in range(5)}
    open_question, reveal_at, revealed = None, None, {}
    await request(ports[0], "POST", "/bench/lecturer", {"do": "collect", "per_student": 2})
    for move in range(1, args.moves + 1):
        room.sent[move] = time.perf_counter()
        body = {"secret": secret, "lead": {"page": "/playground", "cursor": move}}
        status, reply = await request(ports[0], "POST", f"/class/{code}/lead", body)
        if status != 200 or reply["version"] != move:
            room.errors.append(f"lead {status} {reply}")
        if move == reveal_at:
            _, reply = await request(
                ports[0], "POST", "/bench/lecturer", {"do": "reveal", "question": open_question}
            )
            revealed[open_question] = reply["counts"]
            open_question = None
        if move in asks and open_question is None:
            _, reply = await request(ports[0], "POST", "/bench/lecturer", {"do": "ask"})
            open_question, reveal_at = reply["question"], move + 3
        await asyncio.sleep(args.interval * rng.uniform(0.9, 1.1))
    if open_question is not None:
        _, reply = await request(
            ports[0], "POST", "/bench/lecturer", {"do": "reveal", "question": open_question}
        )
        revealed[open_question] = reply["counts"]
    await asyncio.sleep(2)
    done.set()
    _, state = await request(ports[-1], "GET", f"/class/{code}/state")
    for f in followers:
        f.cancel()
    await asyncio.gather(*followers, return_exceptions=True)
    return {"revealed": revealed, "points_counted": len(state["points"])}


def start_redis(folder: str) -> tuple[subprocess.Popen, str]:
    binary = shutil.which("redis-server")
    if binary is None:
        sys.exit("redis-server is not installed (apt-get install redis-server)")
    port = free_port()
    process = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
         "--dir", folder],
        stdout=subprocess.DEVNULL,
    )  # fmt: skip
    wait_for_port(port, process)
    return process, f"redis://127.0.0.1:{port}/0"


def run(args) -> dict:
    load = os.getloadavg()[0]
    slowdown = machine_slowdown()
    processes = []
    with tempfile.TemporaryDirectory() as folder:
        env = dict(os.environ)
        if args.replicas > 1 or args.redis:
            redis_process, env["LAB_REDIS_URL"] = start_redis(folder)
            processes.append(redis_process)
        else:
            env.pop("LAB_REDIS_URL", None)
        opened = Path(folder) / "class.json"
        ports = [free_port() for _ in range(args.replicas)]
        for k, port in enumerate(ports):
            server_env = {**env, "ROOM_BENCH_OPEN": str(opened)} if k == 0 else env
            command = [sys.executable, "-m", "uvicorn", "room_server:app", "--port", str(port)]
            command += ["--host", "127.0.0.1", "--log-level", "warning", "--no-access-log"]
            processes.append(subprocess.Popen(command, cwd=BENCH, env=server_env))
            wait_for_port(port, processes[-1])
        try:
            secret = json.loads(opened.read_text())
            room = Room()
            client0 = time.process_time()
            with Sampler([p.pid for p in processes]) as usage:
                result = asyncio.run(
                    asyncio.wait_for(
                        lecture(args, ports, secret["code"], secret["secret"], room), args.cap
                    )
                )
            client_cpu = time.process_time() - client0
        finally:
            for process in processes:
                process.terminate()
            for process in processes:
                process.wait(10)
    lags = sorted(1000 * x for x in room.lags)
    answers_sent = sum(len(room.answered.get(q, ())) for q in result["revealed"])
    answers_counted = sum(sum(c) for c in result["revealed"].values())
    return {
        "replicas": args.replicas,
        "store": "redis" if args.replicas > 1 or args.redis else "memory",
        "students": args.students,
        "moves": args.moves,
        "lag_ms": {
            "median": statistics.median(lags) if lags else None,
            "p95": lags[int(0.95 * (len(lags) - 1))] if lags else None,
            "max": lags[-1] if lags else None,
        },
        "missed": args.students * args.moves - room.received,
        "errors": room.errors[:10],
        "error_count": len(room.errors),
        "answers": {"counted": answers_counted, "accepted": answers_sent},
        "points": {"counted": result["points_counted"], "accepted": room.points},
        "server_cpu_s": round(usage.cpu - usage.cpu0, 2),
        "server_max_rss_mb": round(usage.max_rss / 2**20),
        "client_cpu_s": round(client_cpu, 2),
        "load_before": round(load, 1),
        "slowdown_before": round(slowdown, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=200)
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--interval", type=float, default=2.0, help="seconds between moves")
    parser.add_argument("--replicas", type=int, default=1)
    parser.add_argument("--redis", action="store_true", help="Redis with one server too")
    parser.add_argument("--cap", type=float, default=600.0, help="seconds at most")
    parser.add_argument("--json", help="write the result to this file")
    args = parser.parse_args()
    result = run(args)
    print(json.dumps(result, indent=2))
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
