"""What a student's browser downloads when it opens the lab (``benchmarks/first_load.py``
measures and prints the same).

Through nginx (``deploy/serve.py --replicas 1 --nginx``), a first page with an empty cache
takes at most 3 MB over HTTP, and a second page almost nothing (the bundles and plotly.js
come from the browser's cache). Every page loads plotly.js once: the charts are all drawn
by the project's component, so Streamlit's own copy of plotly.js is never requested.
Counted from Chromium's own network events (bytes on the wire; a script is plotly.js when
its body carries plotly.js's banner).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "benchmarks"), str(ROOT / "deploy")]

from first_load import GOAL_BYTES, first_and_second  # noqa: E402

PAGES = ("/playground", "/kernel")


def test_a_first_page_through_nginx_takes_at_most_3_mb_and_plotly_once(
    browser: Any, nginx_lab: Any
):
    first, second = first_and_second(browser, nginx_lab.url, PAGES)
    assert first.bytes <= GOAL_BYTES, first.line() + f" largest: {first.largest}"
    assert first.plotly == 1 and second.plotly == 1, (first.line(), second.line())
    # The second page: the same bundles and plotly.js, from the browser's cache.
    assert second.bytes < 100_000, second.line() + f" largest: {second.largest}"


def test_each_page_loads_plotly_once_without_nginx_too(browser: Any, nginx_lab: Any):
    for load in first_and_second(browser, nginx_lab.replica_urls[0], PAGES):
        assert load.plotly == 1, load.line()
