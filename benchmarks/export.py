"""The stage's Export in Chromium: 50 steps as a GIF, a WebM and an MP4 (where Chromium
encodes H.264), and a PNG of one step, on the Playground and the Kernel page.

    python benchmarks/export.py [--repeats 3] [--steps 50]

Timed in the browser by the panel itself (ui/export/browser/panel.mjs: from the button's
press to the file, the frames asked of the server included, and that part alone). Steps
0 to 49 from the run's start. The first export of the range is timed on its own: the
stage holds about half of its frames (its window), the rest come from the server in
rounds. The panel keeps them for the run, so the repeats (and every other format) are
made from frames it holds, as with the network off. The peer, measured in the same page:
Plotly.toImage of the same scene as many times (the picture an export draws per frame,
without the step's traces, the canvas or an encoder): the ratio export / peer says what
the rest costs.
Prints medians, and the machine's slowdown against its nominal speed.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT / "tests" / "browser"))
from browser_helpers import (  # noqa: E402
    chromium,
    machine_slowdown,
    open_app,
    streamlit_server,
)

PAGES = {
    "playground": "/playground?pg_n=40&pg_seed=3",
    "kernel": "/kernel?kn_n=60&kn_seed=3",
}
PANEL = '[data-testid="stageExport"]'

# Plotly.toImage of the stage's scene (its figure as the chart holds it), ``n`` times, as
# SVG at the export's chart size: the drawing an export does per frame, and nothing else.
PEER_JS = """async (n) => {
  const root = document.querySelector('[data-testid="stageOver"]').parentElement;
  const gd = root.querySelector('.plot-click-graph');
  const fig = { data: gd.data, layout: Object.assign({}, gd.layout, { width: 800, height: 720 }) };
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    await Plotly.toImage(fig, { format: "svg", width: 800, height: 720 });
  }
  return performance.now() - t0;
}"""


def export_once(page, fmt: str, first: int, last: int) -> tuple[float, float]:
    page.fill('[data-testid="exportFrom"]', str(first))
    page.fill('[data-testid="exportTo"]', str(last))
    with page.expect_download(timeout=300_000):
        page.click(f'{PANEL} [data-format="{fmt}"]')
    page.wait_for_function(
        f"() => document.querySelector('{PANEL}').dataset.exportDone === '{fmt}'"
    )
    data = page.evaluate(f"() => Object.assign({{}}, document.querySelector('{PANEL}').dataset)")
    return float(data["exportMs"]), float(data["exportGatherMs"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--steps", type=int, default=50)
    args = parser.parse_args()
    print(f"machine slowdown: {machine_slowdown():.1f}x its nominal speed")
    with streamlit_server(REPO_ROOT / "app.py") as url, chromium() as browser:
        for name, link in PAGES.items():
            context = browser.new_context(
                viewport={"width": 1280, "height": 1000}, accept_downloads=True
            )
            page = context.new_page()
            open_app(page, url + link)
            page.wait_for_selector('[data-testid="stageOver"] .main-svg', timeout=120_000)
            page.locator(f"{PANEL} summary").click()
            page.wait_for_selector(f'{PANEL}[data-export-ready="1"]', timeout=60_000)
            formats = page.evaluate(f"() => document.querySelector('{PANEL}').dataset.formats")
            print(f"\n{name}: this Chromium makes {formats}")
            peer = statistics.median(
                page.evaluate(PEER_JS, args.steps) for _ in range(args.repeats)
            )
            print(f"  peer: Plotly.toImage of the scene x{args.steps}: {peer / 1000:.2f} s")
            first_ms, first_asked = export_once(page, "gif", 0, args.steps - 1)
            print(
                f"  first export of the range (gif): {first_ms / 1000:.2f} s, of which asking "
                f"the server for the frames the stage did not hold {first_asked / 1000:.2f} s"
            )
            for fmt in formats.split(","):
                last = 0 if fmt == "png" else args.steps - 1
                runs = []
                for _ in range(args.repeats):
                    runs.append(export_once(page, fmt, 0, last))
                    time.sleep(0.2)
                total = statistics.median(r[0] for r in runs)
                asked = statistics.median(r[1] for r in runs)
                frames = last + 1
                ratio = total / (peer * frames / args.steps)
                print(
                    f"  {fmt:>4}: {frames} frames in {total / 1000:.2f} s "
                    f"(of which asking the server {asked / 1000:.2f} s), "
                    f"{ratio:.1f}x the peer's toImage for as many frames"
                )
            context.close()


if __name__ == "__main__":
    main()
