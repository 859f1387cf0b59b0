"""What the projector's browser tests share (not a test file: tests/test_imports.py): the
stepping pages with their status line, main numbers and live bound, the shares of the
window the chart must take, and a screenshot without a tooltip in the way."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from browser_helpers import NO_TOOLTIP

SIZES = [(1024, 768), (1280, 720), (1920, 1080)]
CHART_SHARE = 0.55  # the plot area's height over the window's: "most of the screen"
# /space draws the 2-D chart and the 3-D augmented space side by side, each half the
# width: on a 4:3 screen the square 2-D plot is as high as half the width allows.
SHARE = {"space": 0.5}
MIN_FONT = 18  # tick labels and legend (px)
MIN_EQUATION = 24  # KaTeX at 1024x768 (px)
SHOTS = Path("/tmp/projector_shots")
# KaTeX's display block scrolls 2 px at every size and width (its struts' negative
# margins: nothing is hidden); a line that does not fit is tens of pixels wider.
SLACK = 2
STAGE = '[data-testid="plotClickGraph"]'

# Each page: its path, its link's prefix, and what must be on the first screen besides the
# chart: the status line and the main numbers (CSS selectors; the first match counts).
PAGES = {
    "playground": ("/", "pg_", [".st-key-pg_summary", ".st-key-pg_numbers .katex-display"]),
    "kernel": ("/kernel", "kn_", [".st-key-kn_summary", ".st-key-kn_numbers .katex-display"]),
    "batch": ("/batch", "bt_", [".st-key-bt_batch_line", ".st-key-bt_single_line"]),
    "variants": ("/variants", "va_", [".plot-click-over .textpoint text"]),
    "online": ("/online", "on_", [".st-key-on_count", ".st-key-on_effect"]),
    "space": ("/space", "sp_", [".st-key-sp_summary"]),
    "proof": ("/proof", "pf_", [".st-key-pf_summary", ".st-key-pf_numbers .katex-display"]),
}
STATUS = {name: f".st-key-{prefix}status" for name, (_, prefix, _) in PAGES.items()}
STATUS["online"] = ".st-key-on_count"  # the game's line: mistakes so far against the bound


def shoot(page: Any, tmp_path: Path, name: str) -> Path:
    page.mouse.move(1, page.viewport_size["height"] - 1)  # no button's tooltip in the way
    page.wait_for_function(NO_TOOLTIP, timeout=30_000)
    path = tmp_path / f"{name}.png"
    page.screenshot(path=str(path), full_page=False, timeout=120_000)
    return path


# The live bound: where each stepping page states M against the bound that holds (or why
# none does), in a line the browser's frames rewrite as it steps.
BOUND = {
    "playground": ".st-key-pg_summary",
    "kernel": ".st-key-kn_summary",
    "batch": ".st-key-bt_bound",
    "variants": ".st-key-va_bound",
    "online": ".st-key-on_count",
    "space": ".st-key-sp_summary",
    "proof": ".st-key-pf_summary",
}
