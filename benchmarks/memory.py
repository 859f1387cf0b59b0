"""Server memory: the Streamlit server's RSS idle, per session, after an upload, many sessions.

    python benchmarks/memory.py [--sessions 100] [--settle 120] [--rows 1000000] [--json out.json]

One command, stops by itself, loopback only. Starts ``streamlit run app.py`` headless on a
free port (``tests/browser/browser_helpers.streamlit_server``, so the project's
``.streamlit/config.toml`` applies) and drives real sessions with Debian's Chromium through
Playwright, one at a time, each in a new browser context (a new Streamlit session; closing
the context closes its websocket). The server's RSS is ``VmRSS`` from
``/proc/<pid>/status``, summed over the process and its children, sampled every 50 ms by a
background thread so peaks are seen too.

What is measured, in this order:

(a) idle: the server after start, before any session (Streamlit alone: the app's libraries
    load on the first script run). Then a warm-up session opens the default page and
    closes, so numpy, scipy, numba, plotly and pandas are loaded once for the process;
    "warm idle" is the RSS once that session is gone. The libraries are paid once per
    process, shared by every session, so the per-session goals are measured from there.
(b) one lecture session: ``/?pg_n=1000``, Step pressed 20 times (each press waits for the
    rerun to be drawn). Goal: the peak while it is open <= 30 MB over warm idle.
(c) a session uploads a 1,000,000-row CSV (two float columns and a +-1 label, generated in
    a temporary folder) through the page's file uploader (``?pg_source=Upload``), waits for
    the page's answer (the run on every row, drawn as a sample it names; an error on a page
    that refused the file), and closes. The RSS is then polled every
    10 s for ``--settle`` seconds and the curve printed. Goal: within 50 MB of warm idle at
    the end.
(d) ``--sessions`` sequential sessions with different data (``?pg_n=1000&pg_seed=<i>``,
    every fifth with ``pg_noise=0.3``), each opened, stepped once and closed. Goal: the max
    RSS stays under warm idle + the caches' ceiling (``ui.cache.CEILING_BYTES``) + 50 MB.
(e) a heavy link (``HEAVY``: 20,000 noisy points, a run stopped at a million updates),
    "Run to end" pressed, closed: the peak, and what is kept ``--settle`` seconds later.

Peer, measured in the same run: the bare Streamlit page of the latency benchmark
(``benchmarks/bare_page.py``, a Step button and N points, no caches), opened the same way:
its idle RSS and its one-session growth at n = 1,000 with 20 presses.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
import tempfile
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT / "tests" / "browser"))
sys.path.insert(0, str(REPO_ROOT))
from browser_helpers import (  # noqa: E402
    VIEWPORT,
    chromium,
    click_button,
    open_app,
    streamlit_server,
)

MB = 2**20
CHART = '[data-testid="plotClickGraph"].js-plotly-plot'  # the stage's chart (ui.plot_click)
LOG_DIR = REPO_ROOT / "artifacts" / "memory"  # git-ignored
SESSION_GOAL_MB = 30
SETTLE_GOAL_MB = 50
# A heavy link: 20,000 noisy points, up to 10,000 epochs (the run stops at a million updates).
HEAVY = "pg_n=20000&pg_noise=0.3&pg_seed=7&pg_max_epochs=10000"


# --------------------------------------------------------------------------- RSS


def _children(pid: int) -> list[int]:
    out: list[int] = []
    try:
        for task in Path(f"/proc/{pid}/task").iterdir():
            text = (task / "children").read_text().split()
            out.extend(int(c) for c in text)
    except OSError:
        pass
    return out


def rss_bytes(pid: int) -> int:
    """VmRSS of ``pid`` and all its descendants, in bytes."""
    total, todo, seen = 0, [pid], set()
    while todo:
        p = todo.pop()
        if p in seen:
            continue
        seen.add(p)
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) * 1024
                    break
        except OSError:
            continue
        todo.extend(_children(p))
    return total


def server_pid(port: int) -> int:
    """The pid of the ``streamlit run`` process serving on ``port`` (found by its cmdline)."""
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            args = (proc / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"streamlit" in args and b"--server.port" in args:
            i = args.index(b"--server.port")
            if i + 1 < len(args) and args[i + 1] == str(port).encode():
                return int(proc.name)
    raise RuntimeError(f"no streamlit process on port {port}")


class Sampler:
    """Samples a process tree's RSS every ``period`` seconds; keeps the peak since ``reset``."""

    def __init__(self, pid: int, period: float = 0.05) -> None:
        self.pid, self.period = pid, period
        self.peak = 0
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._loop, daemon=True)
        self._thread.start()

    def _loop(self) -> None:
        while not self._stop.is_set():
            value = rss_bytes(self.pid)
            with self._lock:
                self.peak = max(self.peak, value)
            self._stop.wait(self.period)

    def now(self) -> int:
        value = rss_bytes(self.pid)
        with self._lock:
            self.peak = max(self.peak, value)
        return value

    def reset(self) -> None:
        with self._lock:
            self.peak = rss_bytes(self.pid)

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()


@contextmanager
def server(script: Path, name: str):
    LOG_DIR.mkdir(parents=True, exist_ok=True)
    with streamlit_server(script, log_path=LOG_DIR / f"{name}.log", timeout=90) as url:
        port = int(url.rsplit(":", 1)[1])
        pid = server_pid(port)
        sampler = Sampler(pid)
        try:
            yield url, sampler
        finally:
            sampler.stop()


def settle(sampler: Sampler, seconds: float = 3.0) -> int:
    """RSS after a short quiet period (a closed session's last messages, the collector)."""
    time.sleep(seconds)
    return sampler.now()


# --------------------------------------------------------------------------- sessions


@contextmanager
def session(browser: Any, url: str, timeout: float = 120_000):
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    try:
        open_app(page, url, timeout=timeout)
        yield page
    finally:
        context.close()


def step(page: Any, times: int) -> int:
    """Press Step ``times`` times, each waiting for its rerun; at the run's end, Reset first."""
    button = page.locator('[data-testid="stButton"] button', has_text="Step").first
    for _ in range(times):
        if button.is_disabled():  # converged: back to the start, as a lecturer would
            click_button(page, "Reset")
        click_button(page, "Step")
    return times


def lecture_session(browser: Any, url: str, query: str, presses: int) -> int:
    with session(browser, f"{url}/?{query}") as page:
        page.wait_for_selector(CHART, timeout=60_000)
        return step(page, presses)


def write_csv(path: Path, rows: int, seed: int = 0) -> None:
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(rows, 2))
    y = np.where(X[:, 0] + 0.5 * X[:, 1] > 0, 1, -1)
    with path.open("w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["x1", "x2", "label"])
        for chunk in range(0, rows, 100_000):
            part = slice(chunk, chunk + 100_000)
            w.writerows(zip(X[part, 0].round(6), X[part, 1].round(6), y[part], strict=True))


def upload_session(browser: Any, url: str, path: Path) -> str:
    """Upload ``path`` on the Upload source; return the page's answer: the caption naming
    the drawn sample of a run on every row (or the first error)."""
    with session(browser, f"{url}/?pg_source=Upload") as page:
        page.set_input_files('[data-testid="stFileUploader"] input[type=file]', str(path))
        answer = page.locator(
            '[data-testid="stAlertContentError"], '
            '[data-testid="stCaptionContainer"]:has-text("sampled at random")'
        ).first
        answer.wait_for(timeout=300_000)
        return answer.inner_text().strip()


# --------------------------------------------------------------------------- report


@dataclass
class Report:
    rows: list[tuple[str, float, str, str]] = field(default_factory=list)
    curve: list[tuple[float, float]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def add(self, what: str, value_bytes: float, goal: str = "", verdict: str = "") -> None:
        self.rows.append((what, value_bytes / MB, goal, verdict))
        print(f"  {what:<58} {value_bytes / MB:8.1f} MB  {goal} {verdict}", flush=True)

    def table(self) -> str:
        width = max(len(r[0]) for r in self.rows)
        lines = [f"{'figure':<{width}}  {'MB':>8}  goal", "-" * (width + 40)]
        for what, mb, goal, verdict in self.rows:
            lines.append(f"{what:<{width}}  {mb:8.1f}  {goal} {verdict}".rstrip())
        return "\n".join(lines)


def verdict(ok: bool) -> str:
    return "OK" if ok else "MISSED"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=100)
    parser.add_argument("--settle", type=float, default=120.0, help="seconds to poll after (c)")
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--presses", type=int, default=20)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)

    try:
        from ui.cache import CEILING_BYTES
    except ImportError:  # before ui/cache.py existed: the caches had no byte ceiling
        CEILING_BYTES = None
    report = Report()
    tmp = Path(tempfile.mkdtemp(prefix="memory-bench-"))
    big = tmp / "big.csv"
    print(f"writing {args.rows:,} rows to {big} ...", flush=True)
    write_csv(big, args.rows)
    print(f"  {big.stat().st_size / MB:.1f} MB", flush=True)

    with chromium() as browser:
        # ---------------------------------------------------------------- peer
        print("peer: bare Streamlit page (benchmarks/bare_page.py)", flush=True)
        with server(REPO_ROOT / "benchmarks" / "bare_page.py", "bare_page") as (url, s):
            bare_idle = settle(s)
            report.add("peer: bare page, idle after start", bare_idle)
            s.reset()
            with session(browser, f"{url}/?n=1000") as page:
                page.wait_for_selector(".js-plotly-plot", timeout=60_000)
                for _ in range(args.presses):
                    click_button(page, "Step")
                bare_open = s.now()
            bare_peak = s.peak
            report.add("peer: bare page, one session n=1000 (peak - idle)", bare_peak - bare_idle)
            report.add("peer: bare page, one session open (now - idle)", bare_open - bare_idle)

        # ---------------------------------------------------------------- the app
        print("Perceptron Lab (app.py)", flush=True)
        with server(REPO_ROOT / "app.py", "app") as (url, s):
            # (a)
            idle = settle(s)
            report.add("(a) idle after start (no session yet)", idle)
            lecture_session(browser, url, "", 0)  # warm-up: the libraries load once
            warm = settle(s, 5.0)
            report.add("    warm idle (libraries loaded, warm-up closed)", warm)

            # (b)
            s.reset()
            presses = []
            with session(browser, f"{url}/?pg_n=1000") as page:
                page.wait_for_selector(CHART, timeout=60_000)
                presses.append(step(page, args.presses))
                open_level = s.now()
            peak_b = s.peak
            report.add(
                f"(b) one 1,000-point session, {presses[0]} Steps: peak - warm idle",
                peak_b - warm,
                f"<= {SESSION_GOAL_MB} MB",
                verdict(peak_b - warm <= SESSION_GOAL_MB * MB),
            )
            report.add("    same session, open after the Steps: now - warm idle", open_level - warm)
            report.add("    same, against (a) idle (libraries included)", open_level - idle)
            settle(s)

            # (c)
            s.reset()
            t0 = time.monotonic()
            answer = upload_session(browser, url, big)
            took = time.monotonic() - t0
            report.notes.append(f"(c) upload answered in {took:.0f} s: {answer[:90]!r}")
            peak_c = s.peak
            report.add("(c) 1,000,000-row upload: peak - warm idle", peak_c - warm)
            closed = time.monotonic()
            print("    after close (s, MB over warm idle):", flush=True)
            while True:
                elapsed = time.monotonic() - closed
                value = s.now()
                report.curve.append((elapsed, value / MB))
                print(f"      {elapsed:6.0f} s  {(value - warm) / MB:8.1f}", flush=True)
                if elapsed >= args.settle:
                    break
                time.sleep(min(10.0, args.settle - elapsed + 0.01))
            end_c = report.curve[-1][1] * MB
            report.add(
                f"(c) {args.settle:.0f} s after closing: now - warm idle",
                end_c - warm,
                f"<= {SETTLE_GOAL_MB} MB",
                verdict(end_c - warm <= SETTLE_GOAL_MB * MB),
            )

            # (d)
            s.reset()
            start_d = s.now()
            t0 = time.monotonic()
            for i in range(args.sessions):
                noisy = i % 5 == 4
                query = f"pg_n=1000&pg_seed={i + 1}" + ("&pg_noise=0.3" if noisy else "")
                lecture_session(browser, url, query, 1)
                if (i + 1) % 10 == 0:
                    print(
                        f"    {i + 1:4d} sessions  now {(s.now() - warm) / MB:7.1f} MB over warm"
                        f" idle, max {(s.peak - warm) / MB:7.1f}",
                        flush=True,
                    )
            max_d = s.peak
            end_d = settle(s)
            limit = None if CEILING_BYTES is None else warm + CEILING_BYTES + SETTLE_GOAL_MB * MB
            report.add(
                f"(d) {args.sessions} sessions ({time.monotonic() - t0:.0f} s): max RSS", max_d
            )
            report.add(f"    max - warm idle (before: {(start_d - warm) / MB:.0f})", max_d - warm)
            report.add(
                "    max - warm idle, against the ceiling + 50 MB",
                max_d - warm,
                "no ceiling"
                if CEILING_BYTES is None
                else f"<= {CEILING_BYTES / MB:.0f} + {SETTLE_GOAL_MB} MB",
                "" if limit is None else verdict(max_d <= limit),
            )
            report.add("    after the last session: now - warm idle", end_d - warm)

            # (e)
            s.reset()
            t0 = time.monotonic()
            with session(browser, f"{url}/?{HEAVY}", timeout=300_000) as page:
                page.wait_for_selector(CHART, timeout=300_000)
                click_button(page, "Run to end", timeout=300_000)
            peak_e = s.peak
            report.add(
                f"(e) heavy link ({time.monotonic() - t0:.0f} s): peak - warm idle", peak_e - warm
            )
            closed = time.monotonic()
            while (elapsed := time.monotonic() - closed) < args.settle:
                time.sleep(min(10.0, args.settle - elapsed + 0.01))
            end_e = s.now()
            report.add(f"(e) {args.settle:.0f} s after closing: now - warm idle", end_e - warm)

    print()
    print(report.table())
    for note in report.notes:
        print(note)
    print(
        f"peer ratios: app idle / bare idle {idle / bare_idle:.2f}; "
        f"(b) session growth / bare session growth "
        f"{(peak_b - warm) / max(bare_peak - bare_idle, 1):.2f}"
    )
    if CEILING_BYTES is not None:
        print(f"caches' byte ceiling (ui.cache.CEILING_BYTES): {CEILING_BYTES / MB:.0f} MB")
    if args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(
            json.dumps({"rows": report.rows, "curve": report.curve, "notes": report.notes})
        )
    big.unlink()
    tmp.rmdir()
    return 0


if __name__ == "__main__":
    sys.exit(main())
