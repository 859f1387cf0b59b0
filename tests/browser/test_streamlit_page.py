"""Each element of Streamlit's page the lab reaches (ui/platform/dom.mjs) is found by its
selector on a page the installed Streamlit draws: an upgrade that renames one fails here,
by the lab's name for it, before a page looks wrong (issue 28, §3)."""

from __future__ import annotations

from typing import Any

from browser_helpers import open_app

from ui.platform import dom


def test_every_named_element_is_drawn(page: Any, streamlit_server: Any, tmp_path) -> None:
    url = streamlit_server("streamlit_dom_app.py")
    open_app(page, url)
    # A file in the uploader: its chip.
    data = tmp_path / "two.csv"
    data.write_text("a,b,label\n1,2,x\n3,4,y\n")
    page.set_input_files('input[type="file"]', str(data))
    page.wait_for_selector(dom.testid("fileChip"), timeout=30_000)
    counts = page.evaluate(
        "(selectors) => Object.fromEntries(Object.entries(selectors).map("
        "([name, sel]) => [name, document.querySelectorAll(sel).length]))",
        {name: dom.testid(name) for name in dom.TESTIDS},
    )
    assert [name for name, n in counts.items() if n == 0] == []
    # The app root's script state, as the stage and the page's keys wait on it.
    state = page.get_attribute(dom.testid("app"), "data-test-script-state")
    assert state == "notRunning"


def test_the_theme_is_kept_under_the_key_the_lab_writes(page: Any, streamlit_server: Any) -> None:
    # A link's theme= is put where Streamlit reads its theme (ui.parts.style): a page that
    # finds "Dark" there opens dark.
    url = streamlit_server("streamlit_dom_app.py")
    open_app(page, url)
    key = page.evaluate(
        dom.script("window.__key = streamlitThemeKey(location.pathname);") + "window.__key"
    )
    page.evaluate("(key) => localStorage.setItem(key, JSON.stringify('Dark'))", key)
    open_app(page, url)
    background = page.evaluate(
        "(sel) => getComputedStyle(document.querySelector(sel)).backgroundColor",
        dom.testid("app"),
    )
    rgb = [int(v) for v in background[background.index("(") + 1 : -1].split(",")[:3]]
    assert sum(rgb) < 3 * 80, background  # dark
