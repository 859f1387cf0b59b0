"""An upload the server no longer has: after a restart (or on another replica) the
browser's upload box still names the file, but its bytes were in the old process. The page
says so plainly, keeps its link (the step, the settings) and takes the file again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from browser_helpers import (
    REPO_ROOT,
    VIEWPORT,
    click_button,
    open_app,
    screenshot,
    streamlit_server,
    wait_for_app_idle,
)

BOX = '[data-testid="stFileUploader"]'
UPLOAD = f"{BOX} input[type=file]"
CHART = '[data-testid="plotClickGraph"].js-plotly-plot'
GOOD = REPO_ROOT / "tests" / "data" / "playground_good.csv"
LOST = "Your uploaded file is no longer on this server"


def _query(page: Any) -> str:
    return page.evaluate("() => window.location.search")


def test_a_restart_loses_the_upload_the_page_says_so_and_keeps_its_link(
    browser: Any, tmp_path: Path
) -> None:
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    log = tmp_path / "first.log"
    try:
        with streamlit_server(REPO_ROOT / "app.py", log_path=log) as url:
            port = int(url.rsplit(":", 1)[1])
            open_app(page, url + "/playground?pg_source=Upload&pg_max_epochs=7")
            page.set_input_files(UPLOAD, str(GOOD))
            page.wait_for_selector(CHART, timeout=60_000)
            page.locator('[data-testid="stCaptionContainer"]', has_text="8 rows used").wait_for(
                timeout=60_000
            )
            for _ in range(3):
                click_button(page, "Visit")
            page.wait_for_function("() => location.search.includes('pg_step=3')", timeout=30_000)
            before = _query(page)
        # The server is gone (its process and the file's bytes with it); a new one starts
        # on the same port and the open page reconnects to it, with its widgets' state.
        with streamlit_server(REPO_ROOT / "app.py", log_path=tmp_path / "second.log", port=port):
            alert = page.locator('[data-testid="stAlertContainer"]', has_text=LOST)
            alert.wait_for(timeout=120_000)
            wait_for_app_idle(page, 60_000)
            said = alert.inner_text()
            assert "the server restarted or you were moved to another" in said
            assert "upload it again (remove its name with × first" in said
            assert "step 3" in said  # the run opens there once the file is back
            assert alert.locator("a, strong, em, code").count() == 0  # plain text
            # The upload box still names the file: that is what the message is about.
            box = page.locator(BOX)
            assert "playground_good.csv" in box.inner_text()
            assert page.locator('[data-testid="stException"]').count() == 0
            assert page.locator('[data-testid="stAlertContentError"]').count() == 0
            query = _query(page)
            for kept in ("pg_source=Upload", "pg_max_epochs=7", "pg_step=3"):
                assert kept in before and kept in query, (before, query)
            screenshot(page, "upload_lost_after_restart")
            # The same file picked again is no change to the browser's file input (nothing
            # is sent): as the message says, × first, then the file again. The run opens at
            # the link's step.
            page.locator(f'{BOX} [data-testid="stBaseButton-borderlessIcon"]').click()
            page.set_input_files(UPLOAD, str(GOOD))
            page.wait_for_selector(CHART, timeout=60_000)
            status = page.locator('[data-testid="stMarkdownContainer"]', has_text="example 3 of 8")
            status.first.wait_for(timeout=60_000)
            assert page.locator('[data-testid="stAlertContainer"]', has_text=LOST).count() == 0
            assert "pg_step=3" in _query(page)
    finally:
        context.close()
