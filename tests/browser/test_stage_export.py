"""Export in the browser (ui/export/browser/panel.mjs): a range of steps as a GIF and a
WebM made with the network off, their frames the stage's; the step on screen as a PNG at
1920 x 1080; 10,000 steps asked cut to the cap, said before it starts; frames beyond the
stage's window asked of the server, on another page.

The oracle for "the frames are the stage's": the stage itself, stepped one visit at a time
on the page and photographed (the browser's own picture of its three layers). What both
must agree on at every step is the share of the plot's shaded regions that is the +1
side's (light blue) against the -1 side's (light orange): it changes with w at each
update, and it does not depend on the picture's size or margins. The files are decoded
here: the GIF by Pillow, the WebM's blocks counted by reading its EBML and its pictures
played by Chromium in a <video>.
"""

from __future__ import annotations

import base64
import io
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from browser_helpers import expect_rerun, open_app, screenshot
from PIL import Image

from ui.limits import EXPORT_MAX_STEPS

OVER = '[data-testid="stageOver"]'
PANEL = '[data-testid="stageExport"]'
LINK = "/playground?pg_n=40&pg_seed=3"
GIF_SIZE = (960, 540)
GIF_CHART = (0, 0, 600, 540)  # the chart's part of a GIF frame (the numbers are beside it)


def blue_share(img: Image.Image) -> float | None:
    """The +1 side's share of the shaded regions' pixels (None: too few shaded pixels, as
    at w = 0). Light pixels only (the points and lines are dark); blue: b over r."""
    rgb = np.asarray(img.convert("RGB"), dtype=int).reshape(-1, 3)
    light = rgb[rgb.min(axis=1) >= 215]
    tilt = light[:, 2] - light[:, 0]  # b - r
    blue, orange = int((tilt >= 8).sum()), int((tilt <= -8).sum())
    return blue / (blue + orange) if blue + orange > 2000 else None


def open_playground(page: Any, url: str, link: str = LINK) -> None:
    open_app(page, url + link)
    page.wait_for_selector(f"{OVER} .main-svg", timeout=60_000)


def open_export(page: Any) -> None:
    page.locator(f"{PANEL} summary").click()
    page.wait_for_selector(f'{PANEL}[data-export-ready="1"]', timeout=60_000)


def export(page: Any, fmt: str, tmp_path: Path, *, first: int | None = None,
           last: int | None = None, timeout: float = 120_000) -> Path:  # fmt: skip
    if first is not None:
        page.fill('[data-testid="exportFrom"]', str(first))
        page.fill('[data-testid="exportTo"]', str(last))
    try:
        with page.expect_download(timeout=timeout) as download:
            page.click(f'{PANEL} [data-format="{fmt}"]')
    except Exception as exc:  # say what the panel said
        said = page.locator(PANEL).inner_text()
        raise AssertionError(f"no {fmt} file; the panel says: {said}") from exc
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    return path


def stage_shares(page: Any, cursors: range) -> dict[int, float | None]:
    """The stage's own picture at each cursor, stepped by Visit (V) from the one on screen."""
    out = {}
    page.locator(".st-key-pg_status").click()  # the page has the focus, not a widget
    for c in cursors:
        while int(page.evaluate(f"document.querySelector('{OVER}').dataset.cursor")) < c:
            before = page.evaluate(f"document.querySelector('{OVER}').dataset.cursor")
            page.keyboard.press("v")
            page.wait_for_function(
                f"(b) => document.querySelector('{OVER}').dataset.cursor !== b", arg=before
            )
        assert int(page.evaluate(f"document.querySelector('{OVER}').dataset.cursor")) == c
        out[c] = blue_share(Image.open(io.BytesIO(page.locator(OVER).first.screenshot())))
    return out


def gif_frames(path: Path) -> list[Image.Image]:
    img = Image.open(path)
    frames = []
    for i in range(img.n_frames):
        img.seek(i)
        frames.append(img.convert("RGB").copy())
    return frames


# EBML ids of a WebM (Matroska): the containers a frame is in, and a frame's block.
SEGMENT, CLUSTER, BLOCK_GROUP = 0x18538067, 0x1F43B675, 0xA0
SIMPLE_BLOCK, BLOCK = 0xA3, 0xA1


def _vint(data: bytes, i: int, *, keep_marker: bool) -> tuple[int | None, int]:
    first, n, mask = data[i], 1, 0x80
    while not first & mask:
        mask >>= 1
        n += 1
    value = first if keep_marker else first & (mask - 1)
    for k in range(1, n):
        value = (value << 8) | data[i + k]
    if not keep_marker and value == (1 << (7 * n)) - 1:
        return None, i + n  # an unknown size: to the end of its parent
    return value, i + n


def webm_blocks(data: bytes, start: int = 0, end: int | None = None) -> int:
    """The frames (blocks) in a WebM's clusters, read from its EBML."""
    end = len(data) if end is None else end
    count, i = 0, start
    while i < end:
        eid, i = _vint(data, i, keep_marker=True)
        size, i = _vint(data, i, keep_marker=False)
        stop = end if size is None else i + size
        if eid in (SEGMENT, CLUSTER, BLOCK_GROUP):
            count += webm_blocks(data, i, stop)
        elif eid in (SIMPLE_BLOCK, BLOCK):
            count += 1
        i = stop
    return count


def mp4_samples(data: bytes) -> int:
    """The frames of an MP4's video track: its sample size box's count (ISO 14496-12:
    'stsz', then version and flags, the default size, the count)."""
    assert data[4:8] == b"ftyp"
    at = data.index(b"stsz")
    return int.from_bytes(data[at + 12 : at + 16], "big")


# Chromium plays the WebM: the picture at each frame's middle, as PNG data URLs.
VIDEO_FRAMES_JS = """async ([b64, n, seconds]) => {
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const video = document.createElement("video");
  video.muted = true;
  video.src = URL.createObjectURL(new Blob([bytes], { type: "video/webm" }));
  await new Promise((ok, bad) => {
    video.onloadeddata = ok;
    video.onerror = () => bad(video.error);
  });
  // In the page (barely visible), so each frame a seek lands on is presented, and drawn
  // only once it is: "seeked" can come before the new frame is (seen on a loaded machine,
  // frame 1 read as frame 0).
  video.style.cssText = "position:fixed;left:0;top:0;width:64px;opacity:0.01";
  document.body.appendChild(video);
  const canvas = document.createElement("canvas");
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const out = [];
  for (let i = 0; i < n; i++) {
    const want = i * seconds; // the frame's own time (it is shown until the next one)
    const presented = new Promise((ok) => {
      const wait = () => video.requestVideoFrameCallback((_, meta) =>
        Math.abs(meta.mediaTime - want) < seconds / 2 ? ok() : wait());
      wait();
    });
    video.currentTime = (i + 0.5) * seconds;
    await new Promise((ok) => { video.onseeked = ok; });
    if (i > 0) await Promise.race([presented, new Promise((ok) => setTimeout(ok, 5000))]);
    canvas.getContext("2d").drawImage(video, 0, 0);
    out.push(canvas.toDataURL("image/png"));
  }
  video.remove();
  const size = { width: video.videoWidth, height: video.videoHeight };
  return Object.assign(size, { duration: video.duration, frames: out });
}"""


def close(a: float | None, b: float | None) -> bool:
    return (a is None and b is None) or (a is not None and b is not None and abs(a - b) < 0.03)


def test_a_gif_and_a_webm_of_20_steps_made_offline_hold_the_stage_frames(
    page: Any, streamlit_server: Any, tmp_path: Path
):
    url = streamlit_server("app.py")
    open_playground(page, url)
    # Once the page is idle it has loaded what an export needs; opened, the panel gathers
    # its range's frames (steps 0 to 20: from the step on screen, 20 on). Then the network
    # goes off: the export needs nothing more from it.
    page.wait_for_selector("html[data-export-prefetched='1']", state="attached", timeout=60_000)
    open_export(page)
    page.wait_for_selector(f'{PANEL}[data-export-held="0-20"]', timeout=60_000)
    page.context.set_offline(True)
    formats = page.locator('[data-testid="exportFormats"]').inner_text()
    assert formats.startswith("This browser makes GIF, WebM (VP"), formats
    gif = export(page, "gif", tmp_path, first=0, last=19)
    webm = export(page, "webm", tmp_path)
    offered = page.evaluate(f"() => document.querySelector('{PANEL}').dataset.formats")
    mp4 = export(page, "mp4", tmp_path) if "mp4" in offered.split(",") else None
    done = page.locator('[data-testid="exportResult"]').inner_text()
    screenshot(page, "export_panel", full_page=False)
    page.context.set_offline(False)
    assert gif.name == "perceptron-playground-steps-0-19.gif"
    assert webm.name == "perceptron-playground-steps-0-19.webm"
    last = "mp4" if mp4 else "webm"
    assert done.startswith(f"perceptron-playground-steps-0-19.{last}: 20 frames"), done
    if mp4 is not None:  # where the browser encodes H.264: an MP4 of 20 samples
        assert mp4.name == "perceptron-playground-steps-0-19.mp4"
        assert mp4_samples(mp4.read_bytes()) == 20

    # Steps 0 to 19: 20 frames, each the stage's picture at its step, in order.
    frames = gif_frames(gif)
    assert len(frames) == 20 and frames[0].size == GIF_SIZE
    stage = stage_shares(page, range(20))
    got = [blue_share(f.crop(GIF_CHART)) for f in frames]
    for c in range(20):
        assert close(got[c], stage[c]), (c, got[c], stage[c], got, stage)
    # The regions do change within the range (a wrong order or a repeated frame would show).
    shares = sorted({round(s, 2) for s in stage.values() if s is not None})
    assert len(shares) >= 3 and shares[-1] - shares[0] > 0.1, shares

    data = webm.read_bytes()
    assert data[:4] == b"\x1a\x45\xdf\xa3"  # EBML
    assert webm_blocks(data) == 20
    played = page.evaluate(VIDEO_FRAMES_JS, [base64.b64encode(data).decode(), 20, 0.5])
    assert (played["width"], played["height"]) == (1280, 720)
    assert played["duration"] == pytest.approx(10.0, abs=0.05)  # 20 frames of Play's 0.5 s
    for c, url_ in enumerate(played["frames"]):
        img = Image.open(io.BytesIO(base64.b64decode(url_.split(",", 1)[1])))
        share = blue_share(img.crop((0, 0, 800, 720)))
        assert close(share, stage[c]), (c, share, stage[c])


def test_a_png_of_the_step_on_screen_is_1920_by_1080_with_its_numbers(
    page: Any, streamlit_server: Any, tmp_path: Path
):
    url = streamlit_server("app.py")
    open_playground(page, url)
    stage = stage_shares(page, range(7, 8))
    open_export(page)
    png = export(page, "png", tmp_path)
    assert png.name == "perceptron-playground-step-7.png"
    img = Image.open(png)
    assert img.size == (1920, 1080)
    assert close(blue_share(img.crop((0, 0, 1200, 1080))), stage[7])
    # The numbers beside the chart: dark text on the right third, none at w = 0's place.
    right = img.convert("L").crop((1236, 0, 1920, 1080))
    assert int((np.asarray(right) < 100).sum()) > 3000


def test_an_export_of_10000_steps_is_capped_and_says_so_before_it_starts(
    page: Any, streamlit_server: Any, tmp_path: Path
):
    url = streamlit_server("app.py")
    # Two moons are not separable: the run goes on to its epoch cap, 20,000 visits.
    moons = "/playground?pg_generator=Two+moons&pg_n=200&pg_seed=3&pg_max_epochs=100"
    open_playground(page, url, moons)
    status = page.locator(".st-key-pg_status p").inner_text()  # "start · ... · N visits ..."
    assert int(status.split(" · ")[-1].split()[0].replace(",", "")) >= 10_000, status
    open_export(page)
    page.fill('[data-testid="exportFrom"]', "0")
    page.fill('[data-testid="exportTo"]', "9999")
    note = page.locator('[data-testid="exportNote"]').inner_text()
    assert note == (
        f"10,000 steps asked; an export holds at most {EXPORT_MAX_STEPS}: "
        f"exporting steps 0 to {EXPORT_MAX_STEPS - 1}."
    )
    page.click(f'{PANEL} [data-format="gif"]')
    # The frames beyond the stage's window come from the server, then are drawn: 500 of them.
    page.wait_for_function(
        "(n) => (document.querySelector('[data-testid=exportProgress]').textContent || '')"
        ".includes(`of ${n}`) && document.querySelector('[data-testid=exportProgress]')"
        ".textContent.startsWith('Drawing')",
        arg=f"{EXPORT_MAX_STEPS:,}",
        timeout=120_000,
    )
    page.click(f"{PANEL} .stage-export-progress button")  # Cancel
    page.wait_for_function(
        "() => document.querySelector('[data-testid=exportResult]').textContent"
        " === 'Cancelled: no file was made.'",
        timeout=30_000,
    )
    # Another run while an export is under way (New data): its frames are not mixed in.
    # The cancelled export left frames unasked; the open panel gathers them (its asks are
    # script runs of their own). Once all 500 are held, the export asks nothing and draws
    # fast (a layer once per content): the page's CPU is slowed once it draws (500 frames
    # take 454 s at 20 times here), so it still does when the new run reaches the page
    # (20 s here), and the one script run after New data is the new run's.
    page.wait_for_selector(f'{PANEL}[data-export-held="0-{EXPORT_MAX_STEPS - 1}"]', timeout=120_000)
    page.click(f'{PANEL} [data-format="gif"]')
    page.wait_for_function(
        "() => document.querySelector('[data-testid=exportProgress]').textContent"
        ".startsWith('Drawing')",
        timeout=30_000,
    )
    page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 20})
    with expect_rerun(page, 180_000):
        page.get_by_role("button", name="New data").click()
    page.wait_for_function(  # none while the new run's page is drawn (null meanwhile)
        "() => document.querySelector('[data-testid=exportResult]')?.textContent",
        timeout=120_000,
    )
    result = page.locator('[data-testid="exportResult"]').inner_text()
    assert result == (
        "The run changed (new data or settings): the export stopped, no file was made."
    ), result


def test_batch_exports_steps_beyond_the_frames_it_holds(
    page: Any, streamlit_server: Any, tmp_path: Path
):
    url = streamlit_server("app.py")
    open_app(page, url + "/batch?bt_n=40&bt_seed=3")
    page.wait_for_selector(f"{OVER} .main-svg", timeout=60_000)
    open_export(page)
    gif = export(page, "gif", tmp_path, first=60, last=79)
    assert gif.name == "perceptron-batch-steps-60-79.gif"
    frames = gif_frames(gif)
    assert len(frames) == 20 and frames[0].size == GIF_SIZE
    result = page.locator('[data-testid="exportResult"]').inner_text()
    assert result.startswith("perceptron-batch-steps-60-79.gif: 20 frames"), result


def test_an_open_panel_gathers_its_range_once_and_then_asks_no_more(
    page: Any, streamlit_server: Any
):
    """The Kernel page builds its frames slowly (a contour each): the open panel asks the
    server for its range's missing frames in a few rounds, holds them, and then asks
    nothing more while it waits (an answer's own update must not start the asking again)."""
    url = streamlit_server("app.py")
    open_app(page, url + "/kernel?kn_n=60&kn_seed=3")
    page.wait_for_selector(f"{OVER} .main-svg", timeout=60_000)
    open_export(page)
    page.fill('[data-testid="exportFrom"]', "0")
    page.fill('[data-testid="exportTo"]', "49")
    page.wait_for_selector(f'{PANEL}[data-export-held="0-49"]', timeout=120_000)
    asked = int(page.evaluate(f"() => document.querySelector('{PANEL}').dataset.exportAsks"))
    assert 1 <= asked <= 50, asked  # rounds of frames, each answered once
    page.wait_for_timeout(3_000)  # that nothing more is asked: no event says so
    still = int(page.evaluate(f"() => document.querySelector('{PANEL}').dataset.exportAsks"))
    assert still == asked, (asked, still)


def test_the_kernels_export_pictures_its_shading_without_a_contour_heatmap(
    page: Any, streamlit_server: Any, tmp_path: Path
):
    """The Kernel's decision function, a contour shaded as a heatmap: plotly.js draws such a
    shading pixel by pixel into a PNG inside the SVG, most of an export's time there. The
    export pictures it as a heatmap of the cells (smoothed by the browser) and the contour's
    lines: plotly.js is never asked for a heatmap-coloured contour, and the PNG's shading is
    the stage's own (the +1 side's share of it)."""
    url = streamlit_server("app.py")
    open_app(page, url + "/kernel?kn_n=60&kn_seed=3")
    page.wait_for_selector(f"{OVER} .main-svg", timeout=60_000)
    page.keyboard.press("s")  # the first update: a shading (all of it the -1 side's)
    page.wait_for_function(f"() => document.querySelector('{OVER}').dataset.cursor")
    stage = blue_share(Image.open(io.BytesIO(page.locator(OVER).first.screenshot())))
    assert stage is not None, "no shading on the stage"
    open_export(page)
    page.evaluate("""() => {
      const toImage = window.Plotly.toImage;
      window.__asked = [];
      window.Plotly.toImage = (fig, opts) => {
        for (const t of fig.data || []) {
          window.__asked.push(t.type + ':' + ((t.contours || {}).coloring || ''));
        }
        return toImage(fig, opts);
      };
    }""")
    png = export(page, "png", tmp_path)
    asked = page.evaluate("() => window.__asked")
    assert "heatmap:" in asked, asked
    assert "contour:heatmap" not in asked, asked
    img = Image.open(png)
    assert close(blue_share(img.crop((0, 0, 1200, 1080))), stage)
