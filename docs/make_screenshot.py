"""Regenerate docs/playground.png, the README's picture of the Playground.

    python docs/make_screenshot.py

Serves app.py, opens a lecture link (40 separable points, margin 0.2), presses S three
times in headless Debian Chromium and saves the visible page at 1400 x 1050.
"""

from __future__ import annotations

import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
sys.path.insert(0, str(DOCS.parent / "tests" / "browser"))

from browser_helpers import (  # noqa: E402
    APP_IDLE,
    RunWatcher,
    chromium,
    streamlit_server,
)

LINK = "/?pg_n=40&pg_seed=3"
STEPS = 3


def main() -> int:
    with chromium() as browser, streamlit_server(DOCS.parent / "app.py") as url:
        context = browser.new_context(viewport={"width": 1400, "height": 1050})
        page = context.new_page()
        runs = RunWatcher(page)
        page.goto(url + LINK)
        runs.wait_for_more_than(page, 0, 60_000)
        page.wait_for_selector(APP_IDLE, state="attached", timeout=60_000)
        page.wait_for_selector(".js-plotly-plot .nsewdrag", timeout=60_000)
        for _ in range(STEPS):
            done = runs.finished
            page.keyboard.press("s")
            runs.wait_for_more_than(page, done, 60_000)
            page.wait_for_selector(APP_IDLE, state="attached", timeout=60_000)
        page.wait_for_timeout(800)
        page.screenshot(path=str(DOCS / "playground.png"))
    print(DOCS / "playground.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
