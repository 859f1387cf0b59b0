"""What each page sends over the websocket, counted on the wire: on open and per Step.

    python benchmarks/wire.py                         # every page, compression off and on
    python benchmarks/wire.py --pages playground kernel --steps 5 --json out.json

Starts the lab twice (``streamlit run app.py``): once as Streamlit serves it by default
and once with ``server.enableWebsocketCompression`` on. Chromium (Debian's, headless, a
fresh profile per page) talks to it through a relay in this script that counts every byte
of the websocket connection (``/_stcore/stream``) in each direction as it passes: the bytes
on the wire, so compression counts. Per page: the bytes the browser received while the
page opened (until the websocket has been quiet for ``QUIET_S``), then, on a stepping
page, for each of ``--steps`` presses of S: the bytes until the stage shows a new step and
the wire is quiet again (the report of the step to the server and its answer included).
Also the server process's CPU seconds for the whole sequence, with and without
compression: what compressing costs.

Goals (issue 29): no page open above 1 MB, no step above 100 KB, at the defaults.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
REPO_ROOT = BENCH.parent
sys.path.insert(0, str(REPO_ROOT / "tests" / "browser"))

from browser_helpers import (  # noqa: E402
    chromium,
    free_port,
    lab_pages,
    machine_slowdown,
    streamlit_server,
    wait_for_app_idle,
)

OPEN_GOAL = 1_000_000
STEP_GOAL = 100_000
QUIET_S = 1.5  # no websocket byte for this long: the page has what it will be sent
STAGE = '[data-testid="stageOver"][data-cursor]'  # the stage, drawn at a step
STREAM = b"/_stcore/stream"
STAGE_WAIT_MS = 20_000  # a page whose stage is not drawn by then has none


class Relay:
    """A TCP relay on localhost that counts the bytes of websocket connections."""

    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.port = free_port()
        self.down = 0  # server -> browser, websocket
        self.up = 0  # browser -> server, websocket
        self.last = time.monotonic()  # the last websocket byte seen
        self.lock = threading.Lock()
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()
        self.ready.wait(10)

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)

        async def start() -> None:
            await asyncio.start_server(self._client, "127.0.0.1", self.port)
            self.ready.set()

        self.loop.run_until_complete(start())
        self.loop.run_forever()

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_r, up_w = await asyncio.open_connection("127.0.0.1", self.target_port)
        except OSError:
            writer.close()
            return
        first = await reader.read(65536)
        ws = STREAM in first.split(b"\r\n", 1)[0]
        if ws:
            self._count(up=len(first))
        up_w.write(first)
        await up_w.drain()

        async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter, down: bool) -> None:
            try:
                while chunk := await src.read(65536):
                    if ws:
                        self._count(**({"down": len(chunk)} if down else {"up": len(chunk)}))
                    dst.write(chunk)
                    await dst.drain()
            except (ConnectionError, OSError):
                pass
            finally:
                try:
                    dst.close()
                except Exception:  # noqa: BLE001 - already closed
                    pass

        await asyncio.gather(pipe(reader, up_w, False), pipe(up_r, writer, True))

    def _count(self, down: int = 0, up: int = 0) -> None:
        with self.lock:
            self.down += down
            self.up += up
            self.last = time.monotonic()

    def totals(self) -> tuple[int, int]:
        with self.lock:
            return self.down, self.up

    def wait_quiet(self, since: float, quiet: float = QUIET_S, timeout: float = 120.0) -> None:
        """Until no websocket byte has passed for ``quiet`` seconds, counted from ``since``
        (a press) at the earliest."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self.lock:
                idle = time.monotonic() - max(self.last, since)
            if idle >= quiet:
                return
            time.sleep(min(0.1, quiet - idle + 0.01))
        raise TimeoutError("the websocket never went quiet")


@dataclass
class PageWire:
    path: str
    open_bytes: int = 0  # received by the browser while the page opened
    open_up: int = 0  # sent by the browser meanwhile
    steps: list[int] = field(default_factory=list)  # received per Step

    def line(self) -> str:
        steps = (
            f"step median {statistics.median(self.steps) / 1e3:8.1f} KB, "
            f"max {max(self.steps) / 1e3:8.1f} KB"
            if self.steps
            else "(no stage)"
        )
        over = []
        if self.open_bytes > OPEN_GOAL:
            over.append("OPEN > 1 MB")
        if self.steps and max(self.steps) > STEP_GOAL:
            over.append("STEP > 100 KB")
        return (
            f"{self.path:<12} open {self.open_bytes / 1e6:6.3f} MB, {steps}"
            f"  {' '.join(over) if over else 'within the goals'}"
        )


def server_cpu(port: int) -> float:
    """CPU seconds (user + system) of the Streamlit process serving ``port``."""
    out = subprocess.run(
        ["pgrep", "-f", "--", f"--server.port {port}"], capture_output=True, text=True
    ).stdout.split()
    total = 0.0
    tick = 100.0  # os.sysconf("SC_CLK_TCK") on Linux
    for pid in out:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick
    return total


def measure_page(browser: Any, relay: Relay, base: str, path: str, steps: int) -> PageWire:
    result = PageWire(path)
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    try:
        page = context.new_page()
        down0, up0 = relay.totals()
        opened = time.monotonic()
        page.goto(f"{base}/{path}", timeout=120_000)
        page.wait_for_selector('[data-testid="stApp"]', timeout=120_000)
        wait_for_app_idle(page, timeout=120_000)
        try:  # a stepping page: its stage drawn
            page.wait_for_selector(STAGE, state="attached", timeout=STAGE_WAIT_MS)
            stage = True
        except Exception:  # noqa: BLE001 - a page without a stage
            stage = False
        relay.wait_quiet(opened)
        down1, up1 = relay.totals()
        result.open_bytes, result.open_up = down1 - down0, up1 - up0
        if not stage:
            return result
        page.mouse.click(600, 5)  # the page has the keys
        for _ in range(steps):
            before = page.locator(STAGE).first.get_attribute("data-cursor")
            down0, _ = relay.totals()
            pressed = time.monotonic()
            page.keyboard.press("s")
            try:
                page.wait_for_function(
                    """([sel, b]) => {
                      const c = document.querySelector(sel)?.dataset.cursor;
                      return c !== undefined && c !== b;
                    }""",
                    arg=[STAGE, before],
                    timeout=30_000,
                )
            except Exception:  # noqa: BLE001 - the run's end: Step stays
                break
            wait_for_app_idle(page, timeout=120_000)
            relay.wait_quiet(pressed)
            down1, _ = relay.totals()
            result.steps.append(down1 - down0)
        return result
    finally:
        context.close()


def run(pages: list[str], steps: int, compress: bool) -> tuple[list[PageWire], float]:
    port = free_port()
    args = ["--server.enableWebsocketCompression", "true" if compress else "false"]
    with streamlit_server(REPO_ROOT / "app.py", port=port, extra_args=args, timeout=180):
        relay = Relay(port)
        base = f"http://127.0.0.1:{relay.port}"
        cpu0 = server_cpu(port)
        out = []
        with chromium() as browser:
            for path in pages:
                out.append(measure_page(browser, relay, base, path, steps))
        return out, server_cpu(port) - cpu0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", nargs="*", help="url paths (default: every page but join)")
    parser.add_argument("--steps", type=int, default=5, help="S presses per stepping page")
    parser.add_argument("--json", help="write the result to this file")
    args = parser.parse_args()
    pages = args.pages or [p for p in lab_pages() if p != "join"]
    slowdown = machine_slowdown()
    print(f"machine slowdown {slowdown:.1f}x; {len(pages)} pages, {args.steps} steps each")
    report: dict[str, Any] = {"slowdown": round(slowdown, 2), "runs": {}}
    for compress in (False, True):
        name = "compressed" if compress else "uncompressed"
        results, cpu = run(pages, args.steps, compress)
        print(f"\nwebsocket {name} (server CPU {cpu:.1f} s for the whole sequence)")
        for r in results:
            print("  " + r.line())
        report["runs"][name] = {"cpu_s": round(cpu, 2), "pages": [asdict(r) for r in results]}
    plain, packed = report["runs"]["uncompressed"], report["runs"]["compressed"]
    total = [sum(p["open_bytes"] + sum(p["steps"]) for p in r["pages"]) for r in (plain, packed)]
    print(
        f"\ncompression: {total[1] / max(total[0], 1):.2f}x the bytes, "
        f"{packed['cpu_s'] / max(plain['cpu_s'], 1e-9):.2f}x the server's CPU"
    )
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
