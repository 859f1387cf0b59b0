"""The load test's simulated students (benchmarks/load_client.py) against a real server.

Two students at once on one ``streamlit run app.py``: each opens the lecturer's link,
presses Step three times and uploads its own CSV, with no error. What they receive is
checked against what the link and the data say, not against the client's own bookkeeping:
the link's step, Steps that land on later steps the address then carries, and the upload
opening its own data at step 0. Each open also downloads what a browser downloads for the
page (its scripts, the widgets' chunks, plotly.js). The full load test is
``python benchmarks/load.py``.
"""

from __future__ import annotations

import asyncio
import re
import sys
from pathlib import Path
from urllib.parse import parse_qs

import streamlit

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "benchmarks"), str(ROOT / "deploy")]

from load import LINK, student_csv  # noqa: E402
from load_client import FRAGMENT_FINISHED, Student  # noqa: E402
from serve import run_coroutine, serve  # noqa: E402
from startup import free_port  # noqa: E402

LINK_STEP = int(parse_qs(LINK.split("?", 1)[1])["pg_step"][0])


async def _student(url: str, i: int) -> list[int]:
    """Open, three Steps, an upload; the cursors seen (asserting on the way)."""
    cursors = []
    async with Student(url, LINK, timeout=60) as s:
        run = await s.open()
        assert run.chart and not run.errors
        _downloaded_what_a_browser_does(s)
        cursors.append(s.cursor)
        for _ in range(3):
            run = await s.step()
            assert run.status == FRAGMENT_FINISHED and not run.errors
            assert parse_qs(s.query)["pg_step"] == [str(s.cursor)]  # the link follows
            cursors.append(s.cursor)
        await s.choose_source("Upload")
        run = await s.upload(f"student{i}.csv", student_csv(i))
        assert run.chart and not run.errors
        assert s.cursor == 0  # new data: its run starts at step 0
        assert parse_qs(s.query)["pg_source"] == ["Upload"]
        cursors.append(s.cursor)
    return cursors


def _downloaded_what_a_browser_does(s: Student) -> None:
    """The open fetched the page, Streamlit's entry script (whole: this server sends it
    uncompressed), the chunks of the widgets on the page, and the chart's plotly.js."""
    static = Path(streamlit.__file__).parent / "static"
    entry = next(p for p in s.fetched if re.fullmatch(r"/static/js/index\.[\w-]+\.js", p))
    assert s.fetched[entry] == (static / entry.lstrip("/")).stat().st_size
    for widget in ("Button", "Slider", "NumberInput", "BidiComponent"):
        assert any(re.fullmatch(rf"/static/js/{widget}\.[\w-]+\.js", p) for p in s.fetched)
    assert any(p.startswith("/component/") and "plotly.min.js" in p for p in s.fetched)
    assert s.fetched[LINK] > 0 and s.asset_bytes == sum(s.fetched.values()) > 1_000_000


def test_two_students_open_step_and_upload_without_errors():
    with serve(1, free_port(), "127.0.0.1", timeout=120) as dep:

        async def both():
            return await asyncio.gather(*(_student(dep.url, i) for i in range(2)))

        # In a thread of its own: the browser tests' Playwright runs a loop in this one.
        seen = run_coroutine(lambda: asyncio.wait_for(both(), 120))
    for cursors in seen:
        assert cursors[0] == LINK_STEP  # the link's step
        steps = cursors[:4]
        assert all(b > a for a, b in zip(steps, steps[1:], strict=False))  # each Step moves on
    assert seen[0][:4] == seen[1][:4]  # the same link, the same run
