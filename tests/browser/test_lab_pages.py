"""The lab's other pages in Chromium, each opened at its own path: /kernel, /batch and
/variants. Each is stepped (by button and by key), its status and chart checked after the
step, and screenshotted at 1280x1000 and at a projector's 1024x768
(artifacts/screenshots/<page>*.png)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from browser_helpers import expect_rerun, next_frames, open_app, screenshot, wait_for_fit

pytestmark = pytest.mark.browser

STATUS = re.compile(r"^(start|update \d+) ")
PROJECTOR = {"width": 1024, "height": 768}


def status(page: Any) -> str:
    texts = page.locator('[data-testid="stMarkdownContainer"] strong').all_inner_texts()
    return next((t for t in texts if STATUS.match(t)), "")


def press(page: Any, key: str, label: str) -> None:
    """Click the page's button ``key`` (its widget key)."""
    with expect_rerun(page):
        page.locator(f".st-key-{key} button", has_text=label).first.click()


def shortcut(page: Any, letter: str) -> None:
    with expect_rerun(page):
        # Focus the page, not a widget: click the status line (plain text).
        page.locator('[data-testid="stMarkdownContainer"] strong', has_text=" · ").first.click()
        page.keyboard.press(letter)


def chart_traces(page: Any, index: int = 0) -> str:
    """The data of the page's ``index``-th Plotly chart, as drawn (JSON of names, x, y)."""
    return page.evaluate(
        """(i) => {
          const gd = document.querySelectorAll('.plot-click-plain .js-plotly-plot')[i];
          if (!gd || !gd.data) return null;
          return JSON.stringify(gd.data.map(t => [t.name, t.type,
            Array.from(t.x || []).length, Array.from(t.z || []).length,
            JSON.stringify(Array.from(t.z || []).slice(0, 3))]));
        }""",
        index,
    )


STAGE = '[data-testid="plotClickGraph"].js-plotly-plot'


def stage_traces(page: Any) -> str:
    """What the stage's chart draws (its layers under, the scene and over), as
    ``chart_traces`` gives it."""
    return page.evaluate(
        """() => {
          const root = document.querySelector('.plot-click-root:not(.plot-click-plain)');
          if (!root) return null;
          const data = [...root.querySelectorAll('.js-plotly-plot')].flatMap(gd => gd.data || []);
          return JSON.stringify(data.map(t => [t.name, t.type,
            Array.from(t.x || []).length, Array.from(t.z || []).length,
            JSON.stringify(Array.from(t.z || []).slice(0, 3))]));
        }"""
    )


def no_error(page: Any) -> None:
    assert page.locator('[data-testid="stException"]').count() == 0
    assert page.locator('[data-testid="stAlertContentError"]').count() == 0


def test_kernel_page_steps_alpha_and_separates_xor(page: Any, streamlit_server: Any):
    url = streamlit_server("app.py")
    open_app(page, url + "/kernel")
    page.wait_for_selector(STAGE, timeout=60_000)
    no_error(page)
    assert status(page).startswith("start · update 0")
    before = stage_traces(page)
    press(page, "kn_step", "Step")
    assert status(page).startswith("update 1 · epoch 1")
    page.wait_for_function(
        "() => document.body.innerText.includes('Σα = 1 mistake so far')", timeout=10_000
    )
    after = stage_traces(page)
    assert after != before and '"contour"' in after  # f is drawn once alpha is not zero
    shortcut(page, "s")
    assert status(page).startswith("update 2 ")
    screenshot(page, "kernel_step")
    shortcut(page, "f")  # run to the end: a degree-2 kernel separates XOR
    assert "converged" in status(page), status(page)
    assert page.get_by_text("0 of 40 training points misclassified now").count() == 1
    no_error(page)
    screenshot(page, "kernel")
    page.set_viewport_size(PROJECTOR)
    wait_for_fit(page)
    screenshot(page, "kernel_1024", full_page=False)


def test_batch_page_steps_an_epoch_and_compares_the_rules(page: Any, streamlit_server: Any):
    url = streamlit_server("app.py")
    open_app(page, url + "/batch")
    page.wait_for_selector(STAGE, timeout=60_000)
    no_error(page)
    before = stage_traces(page)
    press(page, "bt_step", "Step")
    # Batch steps land at the end of an epoch: 100 visits of the notes' 004 example.
    assert status(page).startswith("update 1 · epoch 1 · example 100 of 100")
    assert page.get_by_text("End of epoch 1.").count() == 1
    after = stage_traces(page)
    assert after != before and "batch GD on J_p (epoch 1)" in after
    assert page.get_by_text("Does the learning rate matter?").count() == 1
    assert page.get_by_text("Feature scaling (002, 11.4)").count() == 1
    screenshot(page, "batch")
    page.set_viewport_size(PROJECTOR)
    wait_for_fit(page)
    screenshot(page, "batch_1024", full_page=False)


def test_variants_page_small_multiples_and_early_stopping(page: Any, streamlit_server: Any):
    url = streamlit_server("app.py")
    open_app(page, url + "/variants")
    page.wait_for_selector(STAGE, timeout=60_000)
    no_error(page)
    # The four small multiples are one stepped chart: a cell each, a title over each.
    before = stage_traces(page)
    shortcut(page, "e")  # to the end of the first epoch
    assert status(page).startswith("update ") and "epoch 1 · example 120 of 120" in status(page)
    after = stage_traces(page)
    assert after != before
    screenshot(page, "variants_multiples", full_page=False)
    titles = page.evaluate(  # each title's lines, read as one
        "() => [...document.querySelectorAll('.plot-click-over .textpoint text')]"
        ".map(e => [...e.querySelectorAll('tspan.line')].map(t => t.textContent).join(' · '))"
    )
    assert [t.split(" ·")[0] for t in titles] == ["classic", "averaged", "voted", "pocket"]
    assert titles[0].startswith("classic · after 120 visits") and titles[0].endswith(" wrong")
    best = page.locator('[data-testid="stButton"] button', has_text="Go to the end of epoch")
    label = best.inner_text()
    epoch = int(re.search(r"epoch (\d+)", label).group(1))
    with expect_rerun(page):
        best.click()
    assert f"epoch {epoch} · example 120 of 120" in status(page)
    screenshot(page, "variants")
    page.set_viewport_size(PROJECTOR)
    wait_for_fit(page)
    screenshot(page, "variants_1024", full_page=False)


def test_data_picked_on_one_page_is_there_on_the_next(page: Any, streamlit_server: Any):
    url = streamlit_server("app.py")
    open_app(page, url + "/kernel?kn_generator=Two+moons&kn_n=60")
    no_error(page)
    page.locator('[data-testid="stSidebarNav"] a', has_text="Batch").click()
    page.wait_for_url(re.compile(r"/batch"), timeout=30_000)
    page.wait_for_function(
        "() => document.body.innerText.includes('update 0 · no example visited yet · ')",
        timeout=30_000,
    )
    box = page.locator(".st-key-bt_n input")
    box.wait_for(timeout=30_000)
    assert box.input_value() == "60"
    # The adopted choice is the page's own now: its link says so (bound widgets).
    assert "bt_generator=Two+moons" in page.url and "bt_n=60" in page.url, page.url


def test_a_pages_link_is_the_first_request_of_a_fresh_server(page: Any, streamlit_server: Any):
    """Streamlit treats an app with a pages/ folder as a v1 multipage app until some run
    calls st.navigation: the first visitor's /kernel would run pages/kernel.py alone (file
    names in the sidebar, no app.py). The page must still open through app.py."""
    url = streamlit_server("app.py", "--server.runOnSave=false")  # a server of its own
    open_app(page, url + "/kernel?kn_n=20")
    page.wait_for_selector(STAGE, timeout=60_000)
    nav = page.locator('[data-testid="stSidebarNav"]').inner_text()
    lines = [line.strip() for line in nav.splitlines() if line.strip()]
    titles = [line for line in lines if line[0].isupper()]  # not the icons' names
    assert titles[:4] == ["Playground", "Kernel", "Batch", "Variants"], nav  # then newer pages
    assert not {"app", "kernel", "batch", "playground", "variants"} & set(lines), nav
    assert page.title() == "Perceptron Lab"  # app.py's page config
    assert page.locator("h1", has_text="Kernel perceptron").count() == 1
    assert "20 visits" in status(page) or "40 visits" in status(page)


def test_a_presenter_link_to_a_page_opens_with_the_sidebar_folded(page: Any, streamlit_server: Any):
    url = streamlit_server("app.py")
    open_app(page, url + "/kernel?kn_presenter=true")
    page.wait_for_selector(STAGE, timeout=60_000)
    assert page.locator('[data-testid="stSidebar"]').get_attribute("data-collapsed") == "true"
    assert page.locator("h1", has_text="Kernel perceptron").count() == 0  # no title either
    page.set_viewport_size(PROJECTOR)
    wait_for_fit(page)
    screenshot(page, "kernel_presenter_1024", full_page=False)


PATHS = ["playground", "kernel", "batch", "variants", "online", "space", "proof",
         "experiments", "lecture", "practice"]  # fmt: skip


def test_every_page_opens_at_its_path_in_every_session(browser: Any, streamlit_server: Any):
    """A page's link opened by a second and a third student (a server that has run other
    sessions) opens that page at that path, with no "Page not found"; the root address
    opens the Playground at /playground with the link's parameters."""
    url = streamlit_server("app.py")
    for visit in range(2):
        for path in PATHS:
            tab = browser.new_context().new_page()
            try:
                open_app(tab, f"{url}/{path}?pg_n=30", timeout=90_000)
                next_frames(tab)  # the dialog comes with the first run's end
                body = tab.locator("body").inner_text()
                assert "Page not found" not in body, (visit, path)
                assert tab.url.split("?")[0] == f"{url}/{path}", (visit, path, tab.url)
            finally:
                tab.context.close()
    tab = browser.new_context().new_page()
    try:
        open_app(tab, f"{url}/?pg_n=30&pg_step=3")
        tab.wait_for_function("() => location.pathname === '/playground'", timeout=60_000)
        assert "pg_n=30" in tab.url and "pg_step=3" in tab.url
        assert "Page not found" not in tab.locator("body").inner_text()
    finally:
        tab.context.close()
