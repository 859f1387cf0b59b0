"""Hostile links and files in a real browser: nothing they carry is rendered, nothing hangs.

What a reader sees is checked in the DOM Chromium built (no link, image or bold text came
from a link or a file; no request went to the attacker's host), and the upload box's own
refusal of an over-size file is shown with the app's words.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote, urlparse

from browser_helpers import open_app, screenshot

EVIL = "evil.example"
# The stage's chart (the project's chart component) once Plotly has drawn it.
CHART = '[data-testid="plotClickGraph"].js-plotly-plot'


def requests_to_evil(page: Any) -> list[str]:
    seen: list[str] = []
    page.on("request", lambda r: seen.append(r.url) if urlparse(r.url).hostname == EVIL else None)
    return seen


def test_a_hostile_link_is_reported_as_plain_text(page: Any, streamlit_server: Any):
    url = streamlit_server("app.py")
    seen = requests_to_evil(page)
    link = (
        "/?pg_generator="
        + quote(f"[Session expired: click here to sign in again](http://{EVIL}/login)")
        + "&pg_source="
        + quote(f"![x](http://{EVIL}/p.png)")
        + "&pg_seed="
        + quote("<b>7</b> www.evil.example")
    )
    open_app(page, url + link)
    page.wait_for_selector(CHART, timeout=30_000)
    alerts = page.locator('[data-testid="stAlertContainer"]').all_inner_texts()
    text = " ".join(alerts)
    assert "Session expired" in text and "pg_generator" in text  # reported ...
    assert page.locator(f'a[href*="{EVIL}"]').count() == 0  # ... but not as a link
    assert page.locator(f'img[src*="{EVIL}"]').count() == 0
    assert page.locator('[data-testid="stAlertContainer"] b').count() == 0
    assert "<b>7</b>" in text
    assert seen == []
    screenshot(page, "hostile_link")


def hostile_csv(tmp_path, pos: str, neg: str, f1: str) -> Any:
    rows = [f"{f1},x2,label"] + [f"{i + 0.5},{i % 3},{pos if i % 2 else neg}" for i in range(12)]
    path = tmp_path / "[file](http___evil.example).csv"
    path.write_text("\n".join(rows) + "\n")
    return path


def test_names_from_a_file_are_plain_text_in_the_chart(page: Any, streamlit_server: Any, tmp_path):
    url = streamlit_server("app.py")
    seen = requests_to_evil(page)
    open_app(page, url + "/?pg_source=Upload")
    evil_class = f"<b>bold</b><a href='http://{EVIL}'>x</a>"
    path = hostile_csv(tmp_path, evil_class, f"![i](http://{EVIL}/i.png)", f"[c](http://{EVIL})")
    page.set_input_files('[data-testid="stFileUploader"] input[type=file]', str(path))
    page.wait_for_selector(CHART, timeout=30_000)
    page.wait_for_function(
        "() => [...document.querySelectorAll('.legendtext')].some(e => "
        "e.textContent.includes('<b>bold</b>'))",
        timeout=30_000,
    )
    assert page.locator(f'a[href*="{EVIL}"]').count() == 0
    assert page.locator(f'img[src*="{EVIL}"]').count() == 0
    assert page.locator(".legendtext b, .xtitle b, .ytitle b").count() == 0
    assert "[c](http://evil.example)" in page.locator(".xtitle").first.text_content()
    assert seen == []
    screenshot(page, "hostile_file")


def test_an_over_size_file_gets_the_apps_message(page: Any, streamlit_server: Any, tmp_path):
    import datasets

    url = streamlit_server("app.py")
    open_app(page, url + "/?pg_source=Upload")
    big = tmp_path / "big.csv"
    with open(big, "wb") as f:  # sparse: the browser refuses it by its size, unread
        f.truncate(datasets.MAX_FILE_BYTES + 2**20)
    page.set_input_files('[data-testid="stFileUploader"] input[type=file]', str(big))
    alert = page.locator('[data-testid="stFileChip"][aria-invalid="true"] span[role="alert"]')
    alert.wait_for(timeout=10_000)
    # The refusal may start a rerun that re-mounts the page's CSS: wait for it to apply
    # (a 1-pixel alert, Streamlit's own screen-reader style, fails after 10 s).
    page.wait_for_function(
        """() => {
          const e = document.querySelector(
            '[data-testid="stFileChip"][aria-invalid="true"] span[role="alert"]');
          return e !== null && e.getBoundingClientRect().width > 100;
        }""",
        timeout=10_000,
    )
    box = alert.bounding_box()
    assert box is not None and box["width"] > 100 and box["height"] > 5  # visible, not 1 px
    shown = page.evaluate("(e) => getComputedStyle(e, '::after').content", alert.element_handle())
    assert "reads files up to" in shown and "MB" in shown
    screenshot(page, "upload_too_large", full_page=False)


def test_the_heaviest_generated_link_draws(page: Any, streamlit_server: Any):
    """20,000 points with half their labels flipped: the run, Theorem 2 and the chart.
    How fast, against a bare Streamlit page drawing as many points, is measured by
    ``python benchmarks/heavy_link.py``."""
    url = streamlit_server("app.py")
    open_app(page, url + "/")  # the server has imported everything once
    page.wait_for_selector(CHART, timeout=30_000)
    for seed in (101, 106):
        page.goto("about:blank")
        page.goto(f"{url}/?pg_n=20000&pg_noise=0.5&pg_seed={seed}")
        page.wait_for_function(
            "() => [...document.querySelectorAll('[data-testid=\"stMarkdownContainer\"]')]"
            ".some(e => e.innerText.includes('Theorem 2 after'))",
            timeout=60_000,
        )
        page.wait_for_selector(CHART, timeout=60_000)
        assert page.locator('[data-testid="stException"]').count() == 0
