"""Load test: N students at once, each opening the lecturer's link, stepping and uploading.

    python benchmarks/load.py                           # N = 1, 10, 30, 100 on one server
    python benchmarks/load.py --replicas 2 4 --students 30 100   # behind nginx (deploy/)
    python benchmarks/load.py --nginx                   # one server behind nginx
    python benchmarks/load.py --burst 200               # 200 students open within 60 s
    python benchmarks/load.py --check                   # the client against real Chromium

Each student is ``load_client.Student``: Streamlit's websocket protocol spoken directly
(a browser per student would measure the browsers: on a 2-core machine ten Chromium tabs
saturate it while the server idles). A student opens the link (the page and the files a
browser with an empty cache downloads for it: Streamlit's scripts, stylesheet and fonts,
plotly.js; then the first script run until the stage's chart has arrived and the files
its elements need are in), presses Step ``--steps`` times (50) with
a human pause between presses (``--think``: uniform 0.5-1.5 x 1 s), then picks Upload and
uploads one small CSV of its own (60 rows, two features, a label). Students start
``--gap`` seconds apart (0.3 s: 200 a minute). Every scenario runs against a fresh server
(``deploy/serve.py``), first opened once per replica by the "lecturer" (imports, compiled
loop, caches: what a course server has done before class), and is stopped after
``--cap`` seconds whatever happens.

Reported per scenario: median and p95 of page open, Step and upload; the bytes one
student's open downloaded over HTTP (median, and the files) and all students' together;
errors (any
exception, refusal, timeout, an error shown on the page, a run without its chart);
the server's CPU (seconds used during the scenario, and mean cores busy) and its largest
RSS (all its processes, nginx included), read from /proc; the machine's 1-minute load and
slowdown (``browser_helpers.machine_slowdown``) before it started; the client's own CPU.
``--json`` writes all of it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

BENCH = Path(__file__).resolve().parent
REPO_ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(REPO_ROOT / "deploy"))
sys.path.insert(0, str(REPO_ROOT / "tests" / "browser"))

from load_client import Student  # noqa: E402
from serve import serve  # noqa: E402

# The lecturer's link: 300 generated points with 10% label noise (never converges, so
# every Step moves the boundary), opened at step 5.
LINK = "/playground?pg_n=300&pg_seed=3&pg_noise=0.1&pg_step=5"
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def student_csv(i: int, rows: int = 60) -> bytes:
    """Student i's own small data: two features and a label, separable with some margin."""
    rng = random.Random(i)
    lines = ["height,weight,label"]
    for _ in range(rows):
        label = rng.choice(("tall", "short"))
        shift = 1.0 if label == "tall" else -1.0
        lines.append(f"{shift + rng.gauss(0, 0.5):.3f},{shift + rng.gauss(0, 0.5):.3f},{label}")
    return ("\n".join(lines) + "\n").encode()


# ------------------------------------------------------------------ the server
def _tree(pids: list[int]) -> set[int]:
    """The pids and all their descendants."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(ppid, []).append(int(entry))
    out, todo = set(), list(pids)
    while todo:
        pid = todo.pop()
        if pid not in out:
            out.add(pid)
            todo.extend(children.get(pid, ()))
    return out


def _cpu_and_rss(pids: set[int]) -> tuple[float, int]:
    """CPU seconds used so far (user + system) and resident bytes, summed over pids."""
    cpu, rss = 0.0, 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            cpu += (int(fields[11]) + int(fields[12])) / CLOCK_TICKS  # utime, stime
            with open(f"/proc/{pid}/status") as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        rss += int(line.split()[1]) * 1024
        except (OSError, IndexError, ValueError):
            continue
    return cpu, rss


class Sampler:
    """Samples the server's processes every ``every`` s in a thread: CPU and peak RSS."""

    def __init__(self, pids: list[int], every: float = 0.5):
        self.pids, self.every = pids, every
        self.cpu0 = self.cpu = 0.0
        self.max_rss = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _sample(self) -> None:
        cpu, rss = _cpu_and_rss(_tree(self.pids))
        self.cpu = max(self.cpu, cpu)
        self.max_rss = max(self.max_rss, rss)

    def _run(self) -> None:
        while not self._stop.wait(self.every):
            self._sample()

    def __enter__(self) -> Sampler:
        self.cpu0, self.max_rss = _cpu_and_rss(_tree(self.pids))
        self.cpu = self.cpu0
        self.start = time.monotonic()
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()
        self._sample()
        self.seconds = time.monotonic() - self.start


# ------------------------------------------------------------------ students
@dataclass
class Outcome:
    """One student's times (seconds) and what went wrong."""

    open: float | None = None
    steps: list[float] = field(default_factory=list)
    upload: float | None = None
    page_bytes: int = 0  # what the open downloaded over HTTP (bodies as sent)
    page_files: int = 0
    error: str | None = None
    page_not_found: bool = False  # the open showed Streamlit's "Page not found" dialog


async def one_student(
    i: int, url: str, *, delay: float, steps: int, think: float, upload: bool, out: Outcome
) -> None:
    await asyncio.sleep(delay)
    rng = random.Random(1000 + i)
    try:
        async with Student(url, LINK) as s:
            t = time.perf_counter()
            run = await s.open()
            out.open = time.perf_counter() - t
            out.page_bytes, out.page_files = s.asset_bytes, len(s.fetched)
            out.page_not_found = run.page_not_found
            if run.errors:
                raise RuntimeError(f"open: {run.errors[0]}")
            for _ in range(steps):
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                t = time.perf_counter()
                run = await s.step()
                out.steps.append(time.perf_counter() - t)
                if run.errors:
                    raise RuntimeError(f"step: {run.errors[0]}")
            if upload:
                await asyncio.sleep(think)
                await s.choose_source("Upload")
                t = time.perf_counter()
                run = await s.upload(f"student{i}.csv", student_csv(i))
                out.upload = time.perf_counter() - t
                if run.errors:
                    raise RuntimeError(f"upload: {run.errors[0]}")
    except Exception as exc:  # any failure is this student's error, counted
        out.error = f"{type(exc).__name__}: {exc}"[:300]


async def crowd(url: str, n: int, *, gap: float, steps: int, think: float, upload: bool,
                cap: float) -> list[Outcome]:  # fmt: skip
    outs = [Outcome() for _ in range(n)]
    tasks = [
        asyncio.create_task(
            one_student(i, url, delay=i * gap, steps=steps, think=think, upload=upload, out=o)
        )
        for i, o in enumerate(outs)
    ]
    done, pending = await asyncio.wait(tasks, timeout=cap)
    for task in pending:
        task.cancel()
    await asyncio.gather(*pending, return_exceptions=True)
    for o in outs:
        if o.error is None and (o.open is None or (upload and o.upload is None)):
            o.error = f"time cap ({cap:.0f} s) reached"
    return outs


def quantiles(xs: list[float]) -> tuple[float | None, float | None]:
    if not xs:
        return None, None
    xs = sorted(xs)
    return statistics.median(xs), xs[min(len(xs) - 1, round(0.95 * (len(xs) - 1)))]


def load_now() -> float:
    return os.getloadavg()[0]


def scenario(replicas: int, n: int, args, port: int) -> dict:
    """One fresh deployment, warmed by the lecturer, then n students; the figures."""
    from browser_helpers import machine_slowdown

    sticky = not args.no_sticky
    front = args.nginx or None  # nginx also in front of a single server
    with serve(
        replicas, port, "127.0.0.1", nginx=front, sticky=sticky, log_dir=args.log_dir
    ) as dep:
        for replica in dep.replica_urls:  # the lecturer opens the link on every replica

            async def warm(url=replica):
                async with Student(url, LINK) as s:
                    await s.open()
                    await s.step()

            asyncio.run(warm())
        before = {"load1": round(load_now(), 2), "slowdown": round(machine_slowdown(), 2)}
        client0 = os.times()
        with Sampler(dep.pids) as sampler:
            outs = asyncio.run(
                crowd(dep.url, n, gap=args.gap, steps=args.steps, think=args.think,
                      upload=not args.no_upload, cap=args.cap)
            )  # fmt: skip
        client1 = os.times()
    opens = [o.open for o in outs if o.open is not None]
    pages = [o.page_bytes for o in outs if o.page_bytes]
    steps = [s for o in outs for s in o.steps]
    uploads = [o.upload for o in outs if o.upload is not None]
    errors = [o.error for o in outs if o.error]
    row = {
        "replicas": replicas,
        "nginx": replicas > 1 or bool(args.nginx),
        "sticky": sticky,
        "students": n,
        "open": quantiles(opens),
        "open_max": max(opens) if opens else None,
        "page_mb": round(statistics.median(pages) / 1e6, 2) if pages else None,
        "page_files": statistics.median(o.page_files for o in outs if o.page_bytes) if pages else 0,
        "http_mb_total": round(sum(pages) / 1e6, 1),
        "opened_within_10s": sum(1 for t in opens if t <= 10.0),
        "step": quantiles(steps),
        "steps": len(steps),
        "upload": quantiles(uploads),
        "errors": len(errors),
        "error_examples": sorted(set(errors))[:5],
        "page_not_found": sum(o.page_not_found for o in outs),
        "server_cpu_s": round(sampler.cpu - sampler.cpu0, 1),
        "server_cores": round((sampler.cpu - sampler.cpu0) / sampler.seconds, 2),
        "max_rss_mb": round(sampler.max_rss / 2**20),
        "seconds": round(sampler.seconds, 1),
        "client_cpu_s": round((client1.user + client1.system) - (client0.user + client0.system), 1),
        **before,
    }
    return row


def _ms(pair) -> str:
    med, p95 = pair
    return "-" if med is None else f"{med * 1000:.0f} / {p95 * 1000:.0f}"


def format_rows(rows: list[dict]) -> str:
    head = (
        "| replicas | N | open median / p95 (ms) | page MB (files) | Step median / p95 (ms) |"
        ' upload median / p95 (ms) | errors | "Page not found" | server CPU s (cores) |'
        " max RSS MB | load, slowdown |\n"
        "|---|---|---|---|---|---|---|---|---|---|---|"
    )
    lines = [head]
    for r in rows:
        lines.append(
            f"| {r['replicas']}{' + nginx' if r['replicas'] == 1 and r['nginx'] else ''} | "
            f"{r['students']} | {_ms(r['open'])} | "
            f"{r['page_mb']} ({r['page_files']:.0f}) | {_ms(r['step'])} | "
            f"{_ms(r['upload'])} | {r['errors']} | {r['page_not_found']} | "
            f"{r['server_cpu_s']} ({r['server_cores']}) | {r['max_rss_mb']} | "
            f"{r['load1']}, {r['slowdown']}x |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, nargs="+", default=[1, 10, 30, 100])
    parser.add_argument("--replicas", type=int, nargs="+", default=[1])
    parser.add_argument("--steps", type=int, default=50)
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds between presses")
    parser.add_argument("--gap", type=float, default=0.3, help="seconds between arrivals")
    parser.add_argument("--no-upload", action="store_true")
    parser.add_argument("--nginx", action="store_true", help="nginx in front of one replica too")
    parser.add_argument(
        "--no-sticky", action="store_true", help="replicas balanced round robin (no affinity)"
    )
    parser.add_argument("--burst", type=int, help="N students arriving within 60 s, 5 Steps")
    parser.add_argument("--cap", type=float, default=300.0, help="time cap per scenario (s)")
    parser.add_argument("--port", type=int, default=8620)
    parser.add_argument("--check", action="store_true", help="compare with real Chromium")
    parser.add_argument("--json", type=Path)
    parser.add_argument("--log-dir", type=Path)
    args = parser.parse_args()
    if args.log_dir:
        args.log_dir.mkdir(parents=True, exist_ok=True)
    if args.check:
        from load_check import check

        sys.exit(check(args.port))
    if args.burst:
        args.students, args.gap, args.steps = [args.burst], 60.0 / args.burst, 5
    rows = []
    for replicas in args.replicas:
        for n in args.students:
            row = scenario(replicas, n, args, args.port)
            rows.append(row)
            print(json.dumps(row), flush=True)
    print(format_rows(rows))
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
