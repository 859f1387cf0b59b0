"""An upload whose tab is closed while it is read stops: the loader is asked whether the
tab is still there (``datasets.cancel``) and the workbook's reader is killed, instead of
the server reading on for nobody. A real server and Chromium; the server's log says so."""

from __future__ import annotations

import io
import sys
import time
import zipfile
from pathlib import Path
from typing import Any

from browser_helpers import REPO_ROOT, open_app, streamlit_server

sys.path.insert(0, str(REPO_ROOT / "tests" / "oracles"))
from workbooks import workbook  # noqa: E402

UPLOAD = '[data-testid="stFileUploader"] input[type=file]'


def slow_workbook() -> bytes:
    """A good workbook whose sheet nests 16,000,000 empty elements: seconds to read (2.2 s
    on a 2-core machine where 4,000,000 took 0.56 s, too short: the read ended before the
    closed tab was noticed, and nothing was stopped)."""
    rows = [["x1", "x2", "label"]] + [[(i * 7) % 5, i % 3, "ab"[i % 2]] for i in range(20)]
    deep = b"<a>" * 16_000_000 + b"</a>" * 16_000_000
    out = io.BytesIO()
    with (
        zipfile.ZipFile(io.BytesIO(workbook({"S": rows}))) as book,
        zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as copy,
    ):
        for info in book.infolist():
            body = book.read(info)
            if info.filename == "xl/worksheets/sheet1.xml":
                body = body.replace(b"</sheetData>", deep + b"</sheetData>")
            copy.writestr(info.filename, body)
    return out.getvalue()


def test_closing_the_tab_stops_the_upload_it_was_reading(browser: Any, tmp_path: Path):
    path = tmp_path / "slow.xlsx"
    path.write_bytes(slow_workbook())
    log = tmp_path / "server.log"
    with streamlit_server(REPO_ROOT / "app.py", log_path=log) as url:
        context = browser.new_context()
        page = context.new_page()
        open_app(page, url + "/?pg_source=Upload")
        page.set_input_files(UPLOAD, str(path))
        # The reading spinner shows once the loader has read for half a second: closing
        # the tab then stops a read under way (the run's start is too early to close on:
        # a script stopped before the read logs nothing).
        page.locator('[data-testid="stSpinner"]:has-text("Reading the file")').wait_for(
            timeout=60_000
        )
        context.close()  # the tab is gone while the file is read
        deadline = time.monotonic() + 30
        said = ""
        while "reason=session_gone" not in said and time.monotonic() < deadline:
            time.sleep(0.2)  # polls the server's log for the line, up to the deadline
            said = log.read_text(errors="replace")
        assert "refused route=upload reason=session_gone" in said, said[-3000:]
        assert "Traceback" not in said, said[-3000:]
