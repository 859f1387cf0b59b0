"""What a student's browser downloads: a first page with an empty cache, then a second page.

    python benchmarks/first_load.py                  # /playground, then /kernel
    python benchmarks/first_load.py --json out.json

Starts the lab with ``deploy/serve.py`` (one replica behind nginx, ``--replicas 1
--nginx``), then opens, in Debian's Chromium with a fresh profile, the first page and,
in the same browser, a second page; once through nginx and once directly against the
Streamlit process behind it (a new profile each time). For each page: the HTTP requests,
the bytes they took on the wire (Chromium's ``encodedDataLength``: headers and the body as
sent, compressed or not; an answer from the browser's cache counts 0), how many of the
scripts are plotly.js, and the websocket messages' bytes (the page's data, counted apart
and uncompressed: Chromium reports a message's payload, not its size on the wire).
The goal: at most 3 MB over HTTP for a first page through nginx, one plotly.js per page.
"""

from __future__ import annotations

import argparse
import base64
import json
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
REPO_ROOT = BENCH.parent
sys.path.insert(0, str(REPO_ROOT / "deploy"))
sys.path.insert(0, str(REPO_ROOT / "tests" / "browser"))

from browser_helpers import chromium, wait_for_app_idle  # noqa: E402
from serve import serve  # noqa: E402
from startup import free_ports  # noqa: E402

GOAL_BYTES = 3_000_000  # a first page through nginx
FIRST, SECOND = "/playground", "/kernel"
PLOTLY_BANNER = b"plotly.js v"  # the first line of every plotly.js bundle (Streamlit's too)
QUIET_MS = 1500  # no request for this long: the page has loaded what it will
STAGE_DRAWN = ".plot-click-graph[data-renders]"  # the stage's chart, drawn


@dataclass
class PageLoad:
    """One page's open as the browser saw it."""

    path: str
    requests: int = 0
    bytes: int = 0  # on the wire, all HTTP requests
    cached: int = 0  # requests answered from the browser's cache
    plotly: int = 0  # scripts whose body is plotly.js (from the cache too)
    websocket_bytes: int = 0  # the messages received, uncompressed
    seconds: float = 0.0
    largest: list[tuple[int, str]] = field(default_factory=list)  # (bytes, url), top 5

    def line(self) -> str:
        return (
            f"{self.path:<12} {self.bytes / 1e6:6.2f} MB in {self.requests:3d} requests "
            f"({self.cached} from the cache), plotly.js {self.plotly}x, websocket "
            f"{self.websocket_bytes / 1e6:.2f} MB, {self.seconds:.1f} s"
        )


class NetworkLog:
    """Chromium's network events for one page (the DevTools protocol)."""

    def __init__(self, context: Any, page: Any) -> None:
        self.cdp = context.new_cdp_session(page)
        # Keep response bodies (plotly.js is 4.8 MB) for the plotly count.
        self.cdp.send(
            "Network.enable",
            {"maxTotalBufferSize": 200_000_000, "maxResourceBufferSize": 20_000_000},
        )
        self.requests: dict[str, dict] = {}
        self.websocket = 0
        self.last_event = time.monotonic()
        self.cdp.on("Network.requestWillBeSent", self._sent)
        self.cdp.on("Network.responseReceived", self._response)
        self.cdp.on("Network.loadingFinished", self._finished)
        self.cdp.on("Network.requestServedFromCache", self._from_cache)
        self.cdp.on("Network.webSocketFrameReceived", self._frame)

    def _sent(self, e: dict) -> None:
        self.last_event = time.monotonic()
        self.requests.setdefault(e["requestId"], {})["url"] = e["request"]["url"]

    def _response(self, e: dict) -> None:
        r = self.requests.setdefault(e["requestId"], {})
        r["type"] = e.get("type", "")
        r["cached"] = bool(
            e["response"].get("fromDiskCache") or e["response"].get("fromMemoryCache")
        )

    def _from_cache(self, e: dict) -> None:
        self.requests.setdefault(e["requestId"], {})["cached"] = True

    def _finished(self, e: dict) -> None:
        self.last_event = time.monotonic()
        self.requests.setdefault(e["requestId"], {})["bytes"] = int(e["encodedDataLength"])

    def _frame(self, e: dict) -> None:
        payload = e["response"]["payloadData"]
        # Binary messages (Streamlit's protobufs) arrive base64-encoded: 4 characters a 3 bytes.
        binary = e["response"].get("opcode") == 2
        self.websocket += len(payload) * 3 // 4 if binary else len(payload.encode())

    def is_plotly(self, request_id: str) -> bool:
        try:
            body = self.cdp.send("Network.getResponseBody", {"requestId": request_id})
        except Exception:  # noqa: BLE001 - a body Chromium did not keep: not a script we count
            return False
        text = body["body"]
        if body.get("base64Encoded"):
            return PLOTLY_BANNER in base64.b64decode(text)
        return PLOTLY_BANNER.decode() in text

    def reset(self) -> None:
        self.requests, self.websocket = {}, 0
        self.last_event = time.monotonic()


def open_page(page: Any, log: NetworkLog, url: str, path: str, timeout_ms: float) -> PageLoad:
    """Open ``url + path`` and wait until its chart is drawn and the network is quiet."""
    log.reset()
    start = time.monotonic()
    page.goto(url + path, timeout=timeout_ms)
    wait_for_app_idle(page, timeout_ms)
    page.wait_for_selector(STAGE_DRAWN, state="attached", timeout=timeout_ms)
    while time.monotonic() - log.last_event < QUIET_MS / 1000:
        page.wait_for_timeout(200)
    seconds = time.monotonic() - start - QUIET_MS / 1000
    load = PageLoad(path, seconds=round(seconds, 2), websocket_bytes=log.websocket)
    sizes = []
    # A snapshot: is_plotly asks Chromium, and the events that arrive meanwhile add requests.
    for rid, r in list(log.requests.items()):
        if not r.get("url", "").startswith("http"):
            continue  # the websocket's own handshake is counted with its messages
        load.requests += 1
        load.bytes += r.get("bytes", 0)
        load.cached += bool(r.get("cached")) or r.get("bytes", 0) == 0
        if r.get("type") == "Script" and log.is_plotly(rid):
            load.plotly += 1
        sizes.append((r.get("bytes", 0), r["url"]))
    load.largest = sorted(sizes, reverse=True)[:5]
    return load


def first_and_second(
    browser: Any, url: str, paths=(FIRST, SECOND), timeout_ms: float = 180_000
) -> list[PageLoad]:
    """A fresh profile opens ``paths`` one after the other (the cache kept between them)."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    try:
        page = context.new_page()
        log = NetworkLog(context, page)
        return [open_page(page, log, url, path, timeout_ms) for path in paths]
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=0, help="nginx's port (default: a free one)")
    parser.add_argument("--first", default=FIRST)
    parser.add_argument("--second", default=SECOND)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    port = args.port or free_ports(2)  # nginx's and the replica's after it
    results: dict[str, list[dict]] = {}
    with serve(1, port, "127.0.0.1", nginx=True) as dep, chromium() as browser:
        for name, url in (("nginx", dep.url), ("streamlit", dep.replica_urls[0])):
            loads = first_and_second(browser, url, (args.first, args.second))
            results[name] = [asdict(x) for x in loads]
            print(f"{name} ({url}):")
            for load in loads:
                print("  " + load.line())
                for size, where in load.largest[:3]:
                    print(f"      {size / 1e6:6.2f} MB  {where.split('/', 3)[-1][:80]}")
    first = results["nginx"][0]
    ok = first["bytes"] <= GOAL_BYTES and all(p["plotly"] <= 1 for r in results.values() for p in r)
    print(
        f"\nfirst page through nginx: {first['bytes'] / 1e6:.2f} MB (goal <= "
        f"{GOAL_BYTES / 1e6:.0f} MB), plotly.js at most once per page: "
        f"{all(p['plotly'] <= 1 for r in results.values() for p in r)} -> "
        f"{'met' if ok else 'NOT met'}"
    )
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
