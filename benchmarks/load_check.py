"""Is the protocol client faithful? One real Chromium and one ``Student`` do the same.

    python benchmarks/load.py --check

On one server: Chromium (Playwright, /usr/bin/chromium) opens the lecturer's link, presses
Step three times, picks Upload and uploads student 0's CSV; then a ``Student`` does the
same. Both streams of ForwardMsgs (the browser's read from its websocket) are cut into
script runs, and each run is summarised the same way: how it ended, how many elements it
sent, the stage chart's cursor, the address's query string, the errors on the page. The
two lists must be equal; the page-open and Step times of both are printed side by side,
and the files each downloaded for the open (Chromium's requests, the client's).
"""

from __future__ import annotations

import asyncio
import json
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

from load import LINK, student_csv
from load_client import CHART_KEY, EARLY_FOR_RERUN, Student
from serve import serve
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

STEPS = 3


def runs(raws: list[bytes]) -> list[dict]:
    """The script runs in a stream of ForwardMsgs, each summarised."""
    out, cur = [], {"elements": 0, "cursor": None, "errors": 0}
    query = None
    for raw in raws:
        msg = ForwardMsg()
        msg.ParseFromString(raw)
        kind = msg.WhichOneof("type")
        if kind == "page_info_changed":
            query = msg.page_info_changed.query_string
        elif kind == "delta" and msg.delta.WhichOneof("type") == "new_element":
            el = msg.delta.new_element
            cur["elements"] += 1
            sub = el.WhichOneof("type")
            if sub == "exception" or (sub == "alert" and el.alert.format == 1):
                cur["errors"] += 1
            if sub == "bidi_component" and el.bidi_component.id.endswith("-" + CHART_KEY):
                stage = json.loads(el.bidi_component.json).get("stage") or {}
                cur["cursor"] = stage.get("cursor")
        elif kind == "page_not_found":
            cur["errors"] += 1  # a dialog over the page
        elif kind == "script_finished":
            out.append({"status": msg.script_finished, "query": query, **cur})
            cur = {"elements": 0, "cursor": None, "errors": 0}
    return out


def reruns(raws: list[bytes]) -> list[dict]:
    """The rerun requests in a stream of BackMsgs: what each asked for, every widget's
    value included (the upload's random file id and the session id masked)."""
    out = []
    for raw in raws:
        msg = BackMsg()
        msg.ParseFromString(raw)
        kind = msg.WhichOneof("type")
        if kind == "file_urls_request":
            out.append({"file_urls_request": list(msg.file_urls_request.file_names)})
        if kind != "rerun_script":
            continue
        rs = msg.rerun_script
        widgets = {}
        for w in rs.widget_states.widgets:
            value = w.WhichOneof("value")
            if value == "file_uploader_state_value":
                files = w.file_uploader_state_value.uploaded_file_info
                shown = [f"{f.name} {f.size} bytes" for f in files]
            elif value == "json_value":
                shown = w.json_value
            else:
                shown = str(getattr(w, value)).replace("\n", " ").strip()
            widgets[w.id.rsplit("-", 1)[-1]] = f"{value}: {shown}"
        out.append(
            {
                "query": rs.query_string,
                "page": rs.page_name,
                "page_hash": rs.page_script_hash,
                "fragment": bool(rs.fragment_id),
                "widgets": widgets,
            }
        )
    return out


def browser_flow(url: str, csv_path: Path) -> tuple[list[bytes], dict]:
    from browser_helpers import VIEWPORT, chromium, run_watcher, wait_for_app_idle

    received: list[bytes] = []
    sent: list[bytes] = []
    times: dict = {"steps": []}
    with chromium() as browser:
        page = browser.new_page(viewport=VIEWPORT)

        def on_ws(ws):
            ws.on("framereceived", lambda p: received.append(p) if isinstance(p, bytes) else 0)
            ws.on("framesent", lambda p: sent.append(p) if isinstance(p, bytes) else 0)

        page.on("websocket", on_ws)
        watcher = run_watcher(page)
        files: set[str] = set()  # what the open downloaded over HTTP

        def on_request(request) -> None:
            if request.url.startswith("http"):  # not the page's own blob: URLs
                files.add(urlsplit(request.url)._replace(scheme="", netloc="").geturl())

        page.on("request", on_request)
        t = time.perf_counter()
        page.goto(url + LINK)
        page.wait_for_selector(".js-plotly-plot", timeout=120_000)
        wait_for_app_idle(page, 120_000)
        times["open"] = time.perf_counter() - t
        page.wait_for_timeout(1500)
        times["files"] = {f for f in files if "/_stcore/" not in f}
        dialog = page.locator('[role="dialog"]')
        if dialog.count():  # "Page not found" (see the report): closed, as a student would
            times["dialog"] = dialog.first.inner_text().splitlines()[0]
            page.keyboard.press("Escape")
            dialog.first.wait_for(state="detached", timeout=10_000)
        for _ in range(STEPS):
            count = watcher.finished
            page.get_by_role("button", name="Step").first.click()
            t = time.perf_counter()
            watcher.wait_for_more_than(page, count, 30_000)  # the sync's fragment run
            times["steps"].append(time.perf_counter() - t)  # includes the 350 ms wait
            page.wait_for_timeout(1000)
        count = watcher.finished
        upload = page.get_by_role("radio", name="Upload")
        upload.or_(page.get_by_role("button", name="Upload")).first.click()
        watcher.wait_for_more_than(page, count, 30_000)
        wait_for_app_idle(page, 60_000)
        count = watcher.finished
        page.locator('input[type="file"]').set_input_files(str(csv_path))
        watcher.wait_for_more_than(page, count, 30_000)
        wait_for_app_idle(page, 60_000)
        page.wait_for_timeout(1000)
    return received, sent, times


async def client_flow(url: str, csv: bytes) -> tuple[list[bytes], dict]:
    times: dict = {"steps": []}
    async with Student(url, LINK, record=True) as s:
        t = time.perf_counter()
        await s.open()
        times["open"] = time.perf_counter() - t
        times["files"] = set(s.fetched)
        for _ in range(STEPS):
            await asyncio.sleep(1.0)
            t = time.perf_counter()
            await s.step()
            times["steps"].append(time.perf_counter() - t)
        await s.choose_source("Upload")
        await s.upload("student0.csv", csv)
        return s.received, s.sent, times


async def warm(url: str) -> None:
    async with Student(url, LINK) as s:
        await s.open()
        await s.step()


def check(port: int) -> int:
    csv = student_csv(0)
    with tempfile.TemporaryDirectory() as tmp:
        csv_path = Path(tmp) / "student0.csv"
        csv_path.write_bytes(csv)
        with serve(1, port, "127.0.0.1") as dep:
            asyncio.run(warm(dep.url))  # the lecturer first, as in the load test
            b_raw, b_sent, b_times = browser_flow(dep.url, csv_path)
            c_raw, c_sent, c_times = asyncio.run(client_flow(dep.url, csv))
    # A fresh process's first run ends early for the app's own rerun (the warm-up's).
    b_runs = [r for r in runs(b_raw) if r["status"] != EARLY_FOR_RERUN]
    c_runs = [r for r in runs(c_raw) if r["status"] != EARLY_FOR_RERUN]
    b_asks, c_asks = reruns(b_sent), reruns(c_sent)
    print("What each asked the server for (BackMsgs):")
    for i in range(max(len(b_asks), len(c_asks))):
        b = b_asks[i] if i < len(b_asks) else None
        c = c_asks[i] if i < len(c_asks) else None
        if b == c:
            print(f"{i:>3}  same: {json.dumps(b)[:150]}")
            continue
        if b is None or c is None or set(b) != set(c) or "widgets" not in b:
            print(f"{i:>3}  Chromium: {json.dumps(b)}")
            print(f"{'':>3}  client:   {json.dumps(c)}")
            continue
        for k in b:
            if k != "widgets" and b[k] != c[k]:
                print(f"{i:>3}  {k}: Chromium {b[k]!r}, client {c[k]!r}")
        bw, cw = b["widgets"], c["widgets"]
        for k in sorted(set(bw) | set(cw)):
            if bw.get(k) != cw.get(k):
                print(f"{i:>3}  widget {k}: Chromium {bw.get(k)!r}, client {cw.get(k)!r}")
    print(f"{'run':>3}  {'Chromium':<60} client")
    for i in range(max(len(b_runs), len(c_runs))):
        b = b_runs[i] if i < len(b_runs) else None
        c = c_runs[i] if i < len(c_runs) else None
        mark = "" if b == c else "  <-- differs"
        print(f"{i:>3}  {json.dumps(b):<60} {json.dumps(c)}{mark}")
    print(
        f"open: Chromium {b_times['open']:.2f} s (page, scripts and first run, until "
        f"the chart is drawn), client {c_times['open']:.2f} s"
    )
    print(
        "Step: Chromium "
        + ", ".join(f"{t * 1000:.0f}" for t in b_times["steps"])
        + " ms (click to the run's end, the 350 ms report delay included); client "
        + ", ".join(f"{t * 1000:.0f}" for t in c_times["steps"])
        + " ms"
    )
    b_files, c_files = b_times["files"], c_times["files"]
    print(
        f"files the open downloaded: Chromium {len(b_files)}, client {len(c_files)} "
        f"({len(b_files & c_files)} the same)"
    )
    for who, only in (("Chromium", b_files - c_files), ("client", c_files - b_files)):
        if only:
            print(f"  only {who}: " + ", ".join(sorted(only)))
    if "dialog" in b_times:
        print(f"Chromium showed a dialog over the page: {b_times['dialog']!r}")
    same = b_runs == c_runs and b_asks == c_asks
    print("the same runs, elements, cursors and addresses" if same else "DIFFERENT")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(check(int(sys.argv[1]) if len(sys.argv) > 1 else 8620))
