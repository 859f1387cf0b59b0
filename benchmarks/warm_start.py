"""The first page after README's command against the second: is the first student's as fast?

    python benchmarks/warm_start.py [--rounds 3] [--page /playground]

Each round starts the lab as README's first command does (``streamlit run app.py``, here
headless on a free loopback port), and times:

- command -> "Perceptron Lab is ready" (app.py warms the process before the port opens:
  the libraries, numba's compiled loops from their cache, plotly's validators), and ->
  the health check answering,
- command -> the first page's chart drawn in a fresh Chromium (the first student),
- the first page's open (navigation -> chart drawn) against a second, in a new browser
  context (a second student, a new Streamlit session) right after.

It prints each round and the medians: first/second should be near 1 (the goal: the first
student's first page as fast as the second's), with the machine's slowdown beside them.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
REPO_ROOT = BENCH.parent
sys.path.insert(0, str(REPO_ROOT / "tests" / "browser"))

from browser_helpers import chromium, free_port, machine_slowdown  # noqa: E402
from startup import healthy  # noqa: E402  (browser_helpers put deploy/ on the path)

STAGE_DRAWN = ".plot-click-graph[data-renders]"  # the stage's chart, drawn
READY = "Perceptron Lab is ready"


def open_page(browser, url: str, timeout_ms: float = 120_000) -> float:
    """Seconds from navigation to the stage's chart drawn, in a new context (a session)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    started = time.perf_counter()
    page.goto(url, timeout=timeout_ms)
    page.wait_for_selector(STAGE_DRAWN, state="attached", timeout=timeout_ms)
    took = time.perf_counter() - started
    context.close()
    return took


def one_round(browser, path: str) -> dict[str, float]:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    cmd = [
        sys.executable,
        "-m",
        "streamlit",
        "run",
        "app.py",
        "--server.headless",
        "true",
        "--server.port",
        str(port),
        "--server.address",
        "127.0.0.1",
    ]
    started = time.perf_counter()
    proc = subprocess.Popen(
        cmd,
        cwd=REPO_ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
        start_new_session=True,
    )
    ready = threading.Event()
    said: dict[str, float] = {}

    def read() -> None:
        for line in proc.stdout:
            if READY in line and "ready" not in said:
                said["ready"] = time.perf_counter() - started
                ready.set()

    threading.Thread(target=read, daemon=True).start()
    try:
        # The port opens once the process is warm: the first student opens the page then.
        deadline = time.monotonic() + 180
        while not healthy(url, timeout=1):
            if time.monotonic() > deadline or proc.poll() is not None:
                raise RuntimeError("the lab did not start")
            time.sleep(0.1)
        serving = time.perf_counter() - started
        first = open_page(browser, url + path)
        to_first = time.perf_counter() - started
        second = open_page(browser, url + path)
        ready.wait(5)
        return {
            "ready": said.get("ready", float("nan")),
            "serving": serving,
            "to_first": to_first,
            "first": first,
            "second": second,
        }
    finally:
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--page", default="/playground")
    args = parser.parse_args()
    slowdown = machine_slowdown()
    rows = []
    with chromium() as browser:
        for i in range(args.rounds):
            row = one_round(browser, args.page)
            rows.append(row)
            print(
                f"round {i + 1}: ready after {row['ready']:.1f} s (serving after "
                f"{row['serving']:.1f} s); first page drawn "
                f"{row['to_first']:.1f} s after the command; first open {row['first']:.2f} s, "
                f"second {row['second']:.2f} s (first/second {row['first'] / row['second']:.2f})"
            )
    med = {k: statistics.median(r[k] for r in rows) for k in rows[0]}
    print(
        f"median of {len(rows)}: ready {med['ready']:.1f} s, first open {med['first']:.2f} s, "
        f"second {med['second']:.2f} s, first/second {med['first'] / med['second']:.2f} "
        f"(goal: about 1); machine slowdown {slowdown:.2f}x"
    )


if __name__ == "__main__":
    main()
