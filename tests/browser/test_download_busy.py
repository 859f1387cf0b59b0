"""A download on a busy server: the file the Animation button makes must still be there
when the student's browser fetches it, however many script runs other sessions finish
meanwhile. Streamlit deletes such a file at the second run anyone finishes, so on a busy
server (a hall, a loaded test machine) the download failed as "canceled"; the lab keeps
it for ``ui.server.housekeeping.DOWNLOAD_KEPT_S``."""

from __future__ import annotations

import re
import urllib.request
from typing import Any

from browser_helpers import open_app

URL = "/playground?pg_n=30&pg_seed=3&pg_max_epochs=2"
MADE = re.compile(r"/media/[0-9a-f]+\.html$")  # the made file (not /static/media's fonts)


def test_the_animation_download_survives_other_sessions_runs(browser: Any, streamlit_server):
    url = streamlit_server("app.py")
    student = browser.new_context(viewport={"width": 1280, "height": 1000})
    others = browser.new_context(viewport={"width": 1024, "height": 768})
    try:
        page = student.new_page()
        open_app(page, url + URL)
        fetched: list[str] = []
        page.on("request", lambda r: fetched.append(r.url) if MADE.search(r.url) else None)
        button = page.locator('[data-testid="stDownloadButton"] button', has_text="Animation")
        with page.expect_download(timeout=120_000) as info:
            button.click()
        assert info.value.failure() is None, info.value.failure()
        assert fetched, "the page fetched no made file"
        other = others.new_page()
        for _ in range(3):  # three runs of another session finish: three orphan sweeps
            open_app(other, url + URL)
        # the made file is still served to a browser that asks for it late (a slow phone)
        with urllib.request.urlopen(fetched[-1], timeout=30) as answer:
            assert answer.status == 200
            text = answer.read().decode("utf-8")
        assert "Plotly" in text and "<html" in text.lower(), text[:200]
    finally:
        others.close()
        student.close()
