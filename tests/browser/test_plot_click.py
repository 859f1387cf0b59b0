"""ui.stage.chart in a real browser: exact data coordinates of clicks on empty space, marker hits,
one handling per click, resizing with fixed ranges and equal aspect."""

from __future__ import annotations

import statistics
import time
from typing import Any

import pytest
from browser_helpers import (
    click_button,
    expect_rerun,
    open_app,
    parse_fields,
    plot_area,
    screenshot,
    text_starting_with,
)

pytestmark = pytest.mark.browser

APP = "plot_click_app.py"
GRAPH = ".plot-click-graph.js-plotly-plot"
# Initial markers of the app: (2, 2), (5, 8), (8, 4). The empty spots are > 1 unit away from
# them and from each other (a marker is hit within 16 px / 2 + 2 px, about 0.3 units here).
EMPTY_SPOTS = [(1.3, 8.7), (6.4, 2.2), (8.9, 8.1)]
# A click on the chart reaches its Python callback at most this many times as late as a
# press of Streamlit's own button on the same page reaches its own (medians of 10).
RATIO = 3.0


def _open(page: Any, url: str) -> None:
    open_app(page, url)
    page.wait_for_selector(f"{GRAPH} .nsewdrag", timeout=30_000)


def _last_click(page: Any) -> dict[str, str]:
    return parse_fields(text_starting_with(page, "last_click"))


def _status(page: Any) -> dict[str, str]:
    return parse_fields(text_starting_with(page, "handled="))


def _renders(page: Any) -> int:
    return int(page.evaluate(f"() => document.querySelector('{GRAPH}').dataset.renders"))


def _click_and_wait(page: Any, px: int, py: int, seq: int) -> dict[str, str]:
    with expect_rerun(page):
        page.mouse.click(px, py)
    page.wait_for_selector(f'[data-testid="stText"]:has-text("seq={seq} ")')
    return _last_click(page)


def _assert_close(reported: dict[str, str], expected: tuple[float, float], tol: tuple) -> None:
    x, y = float(reported["x"]), float(reported["y"])
    assert abs(x - expected[0]) <= tol[0], (x, expected, tol)
    assert abs(y - expected[1]) <= tol[1], (y, expected, tol)


def test_clicks_report_exact_coordinates_and_markers(page: Any, streamlit_server: Any) -> None:
    _open(page, streamlit_server(APP))
    assert _last_click(page) == {} and text_starting_with(page, "last_click") == "last_click none"
    screenshot(page, "plot_click_initial")

    area = plot_area(page, GRAPH)
    # The figure's fixed ranges and equal aspect survive the container layout.
    assert area.x_range == (0.0, 10.0) and area.y_range == (0.0, 10.0)
    assert abs(area.width - area.height) <= 1.0
    half_px = (0.5 * area.data_per_pixel[0], 0.5 * area.data_per_pixel[1])

    for seq, (x, y) in enumerate(EMPTY_SPOTS, start=1):
        px, py = (round(v) for v in area.to_pixel(x, y))
        reported = _click_and_wait(page, px, py, seq)
        assert reported["seq"] == str(seq)
        assert reported["index"] == "-1" and reported["curve"] == "-1"
        _assert_close(reported, area.to_data(px, py), half_px)
        _assert_close(reported, (x, y), (area.data_per_pixel[0], area.data_per_pixel[1]))

    status = _status(page)
    assert status["handled"] == "3" and status["points"] == "6"
    # The three new points are drawn (Plotly.react), at the clicked positions.
    assert page.evaluate(f"() => document.querySelector('{GRAPH}').data[0].x.length") == 6

    # Click the centre of marker 1, at (5, 8): the app gets its index and removes it.
    px, py = (round(v) for v in area.to_pixel(5.0, 8.0))
    reported = _click_and_wait(page, px, py, 4)
    assert reported["curve"] == "0" and reported["index"] == "1"
    _assert_close(reported, area.to_data(px, py), half_px)
    status = _status(page)
    assert status["handled"] == "4" and status["points"] == "5"
    assert status["seqs"] == "1,2,3,4"

    # A rerun without a click returns the same click and does not handle it again.
    # The unchanged figure is not redrawn (the component compares the figure JSON).
    runs_before = int(status["runs"])
    renders_before = _renders(page)
    click_button(page, "Rerun")
    status = _status(page)
    assert int(status["runs"]) == runs_before + 1
    assert status["handled"] == "4" and _last_click(page)["seq"] == "4"
    assert _renders(page) == renders_before

    # A click in the margin (on the x tick labels) is not a click on the plot.
    px, py = round(area.left + area.width / 2), round(area.top + area.height + 12)
    page.mouse.click(px, py)
    page.wait_for_timeout(500)  # that nothing happens: half a second for a click to be handled
    assert _status(page)["handled"] == "4"

    shot = screenshot(page, "plot_click_after_clicks")
    assert shot.exists() and shot.stat().st_size > 10_000


def test_chart_follows_container_width(page: Any, streamlit_server: Any) -> None:
    url = streamlit_server(APP)
    page.set_viewport_size({"width": 1280, "height": 1000})
    _open(page, url + "?height=600")
    wide = plot_area(page, GRAPH)
    gd_width = page.evaluate(
        f"() => document.querySelector('{GRAPH}').getBoundingClientRect().width"
    )

    page.set_viewport_size({"width": 420, "height": 1000})
    page.wait_for_function(
        f"""(w) => {{
          const gd = document.querySelector('{GRAPH}');
          return Math.abs(gd.getBoundingClientRect().width - gd._fullLayout.width) < 1
            && gd._fullLayout.width < w - 100;
        }}""",
        arg=gd_width,
    )
    narrow = plot_area(page, GRAPH)
    assert narrow.width < wide.width
    assert narrow.x_range == (0.0, 10.0) and narrow.y_range == (0.0, 10.0)
    assert abs(narrow.width - narrow.height) <= 1.0
    screenshot(page, "plot_click_narrow")

    # Coordinates stay exact after the resize.
    half_px = (0.5 * narrow.data_per_pixel[0], 0.5 * narrow.data_per_pixel[1])
    px, py = (round(v) for v in narrow.to_pixel(3.3, 5.5))
    reported = _click_and_wait(page, px, py, 1)
    _assert_close(reported, narrow.to_data(px, py), half_px)


def test_click_to_python_latency(page: Any, streamlit_server: Any) -> None:
    """Time from the mouse click to the Python callback (same machine clock), 10 clicks,
    against its peer: a press of Streamlit's own button on the same page to its callback,
    interleaved so both see the same machine load."""
    _open(page, streamlit_server(APP))
    area = plot_area(page, GRAPH)
    to_python, to_dom, button_to_python = [], [], []
    for i in range(10):
        x, y = 0.6 + 0.9 * i, 0.6 + 0.35 * i  # a diagonal below the markers
        px, py = (round(v) for v in area.to_pixel(x, y))
        t0 = time.time()
        _click_and_wait(page, px, py, i + 1)
        to_dom.append(time.time() - t0)
        seen_at = float(parse_fields(text_starting_with(page, "seen_at="))["seen_at"])
        to_python.append(seen_at - t0)
        t0 = time.time()
        click_button(page, "Rerun")
        pressed_at = float(parse_fields(text_starting_with(page, "pressed_at="))["pressed_at"])
        button_to_python.append(pressed_at - t0)
    assert _status(page)["handled"] == "10"  # the button's reruns handled no click
    median_python = statistics.median(to_python)
    button = statistics.median(button_to_python)
    print(
        f"\nclick -> Python callback: median {median_python * 1000:.0f} ms "
        f"(min {min(to_python) * 1000:.0f}, max {max(to_python) * 1000:.0f}); "
        f"click -> rerun finished: median {statistics.median(to_dom) * 1000:.0f} ms; "
        f"Streamlit's button -> its callback: median {button * 1000:.0f} ms "
        f"({median_python / button:.2f}x)"
    )
    assert 0 < button and 0 < median_python < RATIO * button, (median_python, button)


def test_scattergl_markers_and_empty_space(page: Any, streamlit_server: Any) -> None:
    _open(page, streamlit_server(APP) + "?gl=1")
    page.wait_for_function(
        f"() => document.querySelector('{GRAPH}')._fullData[0].type === 'scattergl'"
    )
    area = plot_area(page, GRAPH)
    half_px = (0.5 * area.data_per_pixel[0], 0.5 * area.data_per_pixel[1])

    px, py = (round(v) for v in area.to_pixel(*EMPTY_SPOTS[1]))
    reported = _click_and_wait(page, px, py, 1)
    assert reported["index"] == "-1"
    _assert_close(reported, area.to_data(px, py), half_px)

    # Marker 2 at (8, 4), clicked 4 px off centre (inside the 16 px marker).
    px, py = (round(v) for v in area.to_pixel(8.0, 4.0))
    reported = _click_and_wait(page, px + 4, py - 3, 2)
    assert reported["curve"] == "0" and reported["index"] == "2"
    assert _status(page)["points"] == "3"  # 3 + 1 added - 1 removed
    screenshot(page, "plot_click_scattergl")
