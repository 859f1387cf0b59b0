"""Export in German (ui/export/browser/panel.mjs with the offer's words, the
catalogue's de/LC_MESSAGES/export.po): the disclosure, the formats line, the range, its
note and the result of a GIF are the catalogue's German, the numbers written as on every
page (1,000; a decimal point); the file is the same GIF an English page makes
(its name, its frames)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from browser_helpers import SCREENSHOT_DIR, open_app, screenshot
from PIL import Image

OVER = '[data-testid="stageOver"]'
PANEL = '[data-testid="stageExport"]'
# Words of the English panel that no German sentence of it has.
ENGLISH = ("From", "step", "frame", "This browser", "Cancel", "made in", "exporting", "video")


def test_a_german_page_exports_with_a_german_panel(
    page: Any, streamlit_server: Any, tmp_path: Path
):
    url = streamlit_server("app.py")
    open_app(page, url + "/playground?pg_n=40&pg_seed=3&lang=de")
    page.wait_for_selector(f"{OVER} .main-svg", timeout=60_000)
    summary = page.locator(f"{PANEL} summary")
    assert summary.inner_text().strip() == "Export: GIF, Video, PNG"
    summary.click()
    page.wait_for_selector(f'{PANEL}[data-export-ready="1"]', timeout=60_000)
    formats = page.locator('[data-testid="exportFormats"]').inner_text()
    assert formats.startswith("Dieser Browser erstellt GIF, WebM (VP"), formats
    said = page.locator(f"{PANEL} .stage-export-range").inner_text()
    match = re.fullmatch(
        r"Von Schritt\s+bis Schritt\s+\(von ([\d,]+); jeder Schritt ist ein Bild\)", said.strip()
    )
    assert match, said
    total = int(match.group(1).replace(",", ""))
    assert 20 < total < 500, total  # 40 separable points: a short run, under the cap

    note = page.locator('[data-testid="exportNote"]')
    page.fill('[data-testid="exportFrom"]', "5")
    page.fill('[data-testid="exportTo"]', "2")
    assert note.inner_text() == "Bis (2) liegt vor Von (5)."
    assert page.locator(f'{PANEL} [data-format="gif"]').is_disabled()
    page.fill('[data-testid="exportFrom"]', "0")
    page.fill('[data-testid="exportTo"]', "10000")
    assert note.inner_text() == f"Der Lauf endet bei Schritt {total}: exportiert wird bis dorthin."
    buttons = [page.locator(f'{PANEL} [data-format="{k}"]').inner_text() for k in ("gif", "png")]
    assert buttons == ["GIF-Animation", "PNG dieses Schritts (1920 × 1080)"]

    page.fill('[data-testid="exportTo"]', "3")
    with page.expect_download(timeout=120_000) as download:
        page.click(f'{PANEL} [data-format="gif"]')
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    result = page.locator('[data-testid="exportResult"]')
    page.wait_for_function(
        "() => document.querySelector('[data-testid=exportResult]').textContent.length > 0"
    )
    done = result.inner_text()
    assert re.fullmatch(
        r"perceptron-playground-steps-0-3\.gif: 4 Bilder, [\d,]+ KB, erstellt in \d+\.\d s\.", done
    ), done
    assert path.name == "perceptron-playground-steps-0-3.gif"
    assert Image.open(path).n_frames == 4
    panel = page.locator(PANEL).inner_text().replace(path.name, "")  # the file's name is a name
    assert [w for w in ENGLISH if w in panel] == [], panel
    screenshot(page, "export_panel_de", full_page=False)
    # The GIF's last frame, to look at: "Schritt 3" and the stage's German lines beside it.
    gif = Image.open(path)
    gif.seek(3)
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    gif.convert("RGB").save(SCREENSHOT_DIR / "export_gif_de_step3.png")


def test_the_open_panel_follows_the_language_chosen(page: Any, streamlit_server: Any):
    url = streamlit_server("app.py")
    open_app(page, url + "/playground?pg_n=40&pg_seed=3")
    page.wait_for_selector(f"{OVER} .main-svg", timeout=60_000)
    summary = page.locator(f"{PANEL} summary")
    assert summary.inner_text().strip() == "Export: GIF, video, PNG"
    summary.click()
    page.wait_for_selector(f'{PANEL}[data-export-ready="1"]', timeout=60_000)
    formats = page.locator('[data-testid="exportFormats"]')
    assert formats.inner_text().startswith("This browser makes GIF, WebM (VP")
    box = page.locator(".st-key-lab_language_pick").get_by_role("combobox")
    box.click()
    page.get_by_role("option").filter(has_text="Deutsch").first.click()
    page.wait_for_function("() => location.search.includes('lang=de')", timeout=60_000)
    page.wait_for_function(
        f"() => document.querySelector('{PANEL} summary').textContent"
        " === 'Export: GIF, Video, PNG'",
        timeout=60_000,
    )
    # The panel stays open and says its words again in German, its range as it was.
    page.wait_for_function(
        "() => document.querySelector('[data-testid=exportFormats]').textContent"
        ".startsWith('Dieser Browser erstellt GIF')",
        timeout=30_000,
    )
    assert page.locator(f"{PANEL} [data-format='png']").inner_text().startswith("PNG dieses")
    assert page.locator('[data-testid="exportTo"]').get_attribute("aria-label") == "Bis Schritt"
    page.fill('[data-testid="exportFrom"]', "9")
    page.fill('[data-testid="exportTo"]', "4")
    assert page.locator('[data-testid="exportNote"]').inner_text() == "Bis (4) liegt vor Von (9)."
