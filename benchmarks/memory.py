"""Server memory: the Streamlit server's RSS idle, per session, after an upload, many sessions.

    python benchmarks/memory.py [--sessions 100] [--settle 120] [--rows 1000000] [--idle 600]
                                [--only f] [--json out.json]

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
    RSS stays under warm idle + the caches' ceiling (``ui.server.cache.CEILING_BYTES``) + 50 MB.
(e) a heavy link (``HEAVY``: 20,000 noisy points, a run stopped at a million updates),
    "Run to end" pressed, closed: the peak, and what is kept ``--settle`` seconds later.
(f) the server after its last session: heavy pages one after another (``HEAVY_PAGES``: the
    heavy link, /proof and /batch on 20,000 noisy points, /kernel, /variants and /space on
    2,000, /experiments), each run to its end, then the 1,000,000-row upload and a
    workbook bomb (3,000,000 rows zipped, refused), each session closed. The RSS is polled
    every 10 s for ``--idle`` seconds after the last one closed: how long until it is
    within 50 MB of warm idle, and where it is five minutes after. Goal: within 50 MB of
    warm idle within five minutes. ``--only f`` runs the warm-up and this alone.

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
CHART = '[data-testid="plotClickGraph"].js-plotly-plot'  # the stage's chart (ui.stage.chart)
LOG_DIR = REPO_ROOT / "artifacts" / "memory"  # git-ignored
SESSION_GOAL_MB = 30
SETTLE_GOAL_MB = 50
# A heavy link: 20,000 noisy points, up to 10,000 epochs (the run stops at a million updates).
HEAVY = "pg_n=20000&pg_noise=0.3&pg_seed=7&pg_max_epochs=10000"
# (f): the heavy pages, each opened and run to its end ("" when the page has no run).
HEAVY_PAGES = (
    ("/playground", HEAVY, "Run to end"),
    ("/proof", "pf_n=20000&pf_noise=0.3&pf_seed=3&pf_max_epochs=1000", "Run to end"),
    ("/batch", "bt_source=Generate&bt_n=20000&bt_noise=0.3&bt_seed=5", "Run to end"),
    ("/kernel", "kn_n=2000&kn_seed=2", "Run to end"),
    ("/variants", "va_n=2000&va_noise=0.3&va_seed=4", "Run to end"),
    ("/space", "sp_source=Generate&sp_n=2000&sp_noise=0.2", "Run to end"),
    ("/experiments", "", ""),
)
IDLE_GOAL_S = 300.0  # (f): within SETTLE_GOAL_MB of warm idle this long after the last session


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


def write_bomb(path: Path, rows: int = 3_000_000) -> None:
    """A valid .xlsx whose one sheet holds ``rows`` rows of 3 values (about 180 MB of XML,
    a few hundred KB zipped): the loader refuses it while its XML streams."""
    import zipfile

    main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    pkg = "http://schemas.openxmlformats.org/package/2006"
    types = (
        f'<?xml version="1.0" encoding="UTF-8"?><Types xmlns="{pkg}/content-types">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
        'relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-'
        'officedocument.spreadsheetml.sheet.main+xml"/></Types>'
    )
    root_rels = (
        f'<Relationships xmlns="{pkg}/relationships"><Relationship Id="rId1" '
        f'Type="{rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>'
    )
    row = b"<row><c><v>1.5</v></c><c><v>2.5</v></c><c><v>1</v></c></row>"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as book:
        book.writestr("[Content_Types].xml", types)
        book.writestr("_rels/.rels", root_rels)
        book.writestr(
            "xl/workbook.xml",
            f'<workbook xmlns="{main}" xmlns:r="{rel}"><sheets><sheet name="Sheet1" '
            'sheetId="1" r:id="rId1"/></sheets></workbook>',
        )
        book.writestr(
            "xl/_rels/workbook.xml.rels",
            f'<Relationships xmlns="{pkg}/relationships"><Relationship Id="rId1" '
            f'Type="{rel}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
        )
        with book.open("xl/worksheets/sheet1.xml", "w", force_zip64=True) as out:
            out.write(f'<worksheet xmlns="{main}"><sheetData>'.encode())
            block = row * 20_000
            for _ in range(rows // 20_000):
                out.write(block)
            out.write(b"</sheetData></worksheet>")


def heavy_session(browser: Any, url: str, path: str, query: str, press: str) -> float:
    """One heavy page opened, run to its end (``press``), closed; seconds it took."""
    t0 = time.monotonic()
    with session(browser, f"{url}{path}?{query}", timeout=300_000) as page:
        page.wait_for_selector(".js-plotly-plot", timeout=300_000)
        if press:
            button = page.locator('[data-testid="stButton"] button', has_text=press).first
            if not button.is_disabled():
                click_button(page, press, timeout=300_000)
    return time.monotonic() - t0


def idle_curve(sampler: Sampler, warm: int, seconds: float, report: Report) -> float | None:
    """Poll every 10 s for ``seconds`` after the last session closed; the first time the
    RSS was within SETTLE_GOAL_MB of ``warm`` (None if never). The curve goes to the report."""
    closed = time.monotonic()
    reached = None
    print("    after the last session (s, MB over warm idle):", flush=True)
    while True:
        elapsed = time.monotonic() - closed
        value = sampler.now()
        report.idle.append((elapsed, value / MB))
        print(f"      {elapsed:6.0f} s  {(value - warm) / MB:8.1f}", flush=True)
        if reached is None and value - warm <= SETTLE_GOAL_MB * MB:
            reached = elapsed
        if elapsed >= seconds:
            return reached
        time.sleep(min(10.0, seconds - elapsed + 0.01))


def heavy_then_idle(browser: Any, url: str, s: Sampler, warm: int, big: Path, bomb: Path,
                    args, report: Report) -> None:  # fmt: skip
    """(f): see the module's docstring."""
    s.reset()
    for path, query, press in HEAVY_PAGES:
        took = heavy_session(browser, url, path, query, press)
        print(f"    {path:<13} {took:6.0f} s  now {(s.now() - warm) / MB:7.1f} MB over warm",
              flush=True)  # fmt: skip
    for name, file in (("upload", big), ("bomb", bomb)):
        answer = upload_session(browser, url, file)
        report.notes.append(f"(f) {name} answered: {answer[:90]!r}")
        print(f"    {name:<13} now {(s.now() - warm) / MB:7.1f} MB over warm", flush=True)
    peak = s.peak
    report.add("(f) heavy pages, upload, bomb: peak - warm idle", peak - warm)
    reached = idle_curve(s, warm, args.idle, report)
    at_goal = next((mb for t, mb in report.idle if t >= IDLE_GOAL_S), report.idle[-1][1])
    report.add(
        f"(f) {IDLE_GOAL_S:.0f} s after the last session: now - warm idle",
        at_goal * MB - warm,
        f"<= {SETTLE_GOAL_MB} MB",
        verdict(at_goal * MB - warm <= SETTLE_GOAL_MB * MB),
    )
    report.notes.append(
        "(f) within 50 MB of warm idle "
        + (f"{reached:.0f} s after the last session" if reached is not None else "never")
        + f" (polled {args.idle:.0f} s)"
    )


# --------------------------------------------------------------------------- report


@dataclass
class Report:
    rows: list[tuple[str, float, str, str]] = field(default_factory=list)
    curve: list[tuple[float, float]] = field(default_factory=list)
    idle: list[tuple[float, float]] = field(default_factory=list)  # (f)
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
    parser.add_argument("--idle", type=float, default=600.0, help="seconds to poll after (f)")
    parser.add_argument("--only", choices=["f"], help="the warm-up and (f) alone")
    args = parser.parse_args(argv)

    try:
        from ui.server.cache import CEILING_BYTES
    except ImportError:  # before ui/server/cache.py existed: the caches had no byte ceiling
        CEILING_BYTES = None
    report = Report()
    tmp = Path(tempfile.mkdtemp(prefix="memory-bench-"))
    big = tmp / "big.csv"
    print(f"writing {args.rows:,} rows to {big} ...", flush=True)
    write_csv(big, args.rows)
    print(f"  {big.stat().st_size / MB:.1f} MB", flush=True)
    bomb = tmp / "bomb.xlsx"
    write_bomb(bomb)
    print(f"  a workbook bomb of {bomb.stat().st_size / MB:.1f} MB", flush=True)

    with chromium() as browser:
        if args.only == "f":
            with server(REPO_ROOT / "app.py", "app") as (url, s):
                idle = settle(s)
                report.add("(a) idle after start (no session yet)", idle)
                lecture_session(browser, url, "", 0)
                warm = settle(s, 5.0)
                report.add("    warm idle (libraries loaded, warm-up closed)", warm)
                heavy_then_idle(browser, url, s, warm, big, bomb, args, report)
            return finish(report, args, big, bomb, tmp)
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

            # (f)
            heavy_then_idle(browser, url, s, warm, big, bomb, args, report)

    report.notes.append(
        f"peer ratios: app idle / bare idle {idle / bare_idle:.2f}; "
        f"(b) session growth / bare session growth "
        f"{(peak_b - warm) / max(bare_peak - bare_idle, 1):.2f}"
    )
    if CEILING_BYTES is not None:
        report.notes.append(
            f"caches' byte ceiling (ui.server.cache.CEILING_BYTES): {CEILING_BYTES / MB:.0f} MB"
        )
    return finish(report, args, big, bomb, tmp)


def finish(report: Report, args, big: Path, bomb: Path, tmp: Path) -> int:
    print()
    print(report.table())
    for note in report.notes:
        print(note)
    if args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(
            json.dumps(
                {
                    "rows": report.rows,
                    "curve": report.curve,
                    "idle": report.idle,
                    "notes": report.notes,
                }
            )
        )
    big.unlink()
    bomb.unlink()
    tmp.rmdir()
    return 0


if __name__ == "__main__":
    sys.exit(main())
