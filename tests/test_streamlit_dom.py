"""Streamlit's page reached through one list (issue 28, §3): ``ui/platform/dom.mjs``.

The lab's CSS and browser code find Streamlit's elements by ``data-testid`` values that
Streamlit does not promise to keep. They are written once, in ``dom.mjs``: no other file
of the app names one; every script that uses them is valid JavaScript as it is served
(the component modules the files are joined into, the inline scripts the names are put
before); and each one is still drawn by the installed Streamlit's frontend (its bundle
holds the value). ``tests/browser/test_streamlit_page.py`` finds each on a page it draws.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
import streamlit

from ui.platform import dom

ROOT = Path(__file__).resolve().parent.parent
DOM_MJS = ROOT / "ui" / "platform" / "dom.mjs"
SOURCES = ("app.py", "pages", "ui", "perceptron_widget", "deploy")
SUFFIXES = {".py", ".js", ".mjs", ".css", ".html", ".conf", ".template"}
# ui/platform/dom.py reads dom.mjs (its docstring shows one); the encoders' bundle is
# third-party code built by npm.
ALLOWED = {DOM_MJS, ROOT / "ui" / "platform" / "dom.py"}
SKIPPED_DIRS = {"vendor", "node_modules", "__pycache__"}
# A testid of Streamlit's: "st" and a capital ("stageOver" is the lab's own, on its chart).
STREAMLIT_TESTID = re.compile(r"""data-?testid\W{0,4}st[A-Z]|\.testid\s*===?\s*["']st[A-Z]""")
PRIVATE = ("data-test-script-state", "stActiveTheme")


def _files() -> list[Path]:
    found: list[Path] = []
    for name in SOURCES:
        path = ROOT / name
        if path.is_file():
            found.append(path)
            continue
        for f in sorted(path.rglob("*")):
            if f.is_file() and f.suffix in SUFFIXES and not SKIPPED_DIRS & set(f.parts):
                found.append(f)
    return [f for f in found if f not in ALLOWED]


def offences(path: Path) -> list[str]:
    """Where ``path`` names Streamlit's private page: ``line: text``."""
    text = path.read_text(encoding="utf-8", errors="replace")
    values = "|".join(sorted(dom.TESTIDS.values(), key=len, reverse=True))
    testid_value = re.compile(rf"""["'`]({values})["'`]""")
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        if (
            STREAMLIT_TESTID.search(line)
            or testid_value.search(line)
            or any(p in line for p in PRIVATE)
        ):
            out.append(f"{n}: {line.strip()[:100]}")
    return out


def test_no_file_but_dom_mjs_names_streamlits_private_page():
    files = _files()
    assert len(files) > 150
    found = {str(f.relative_to(ROOT)): o for f in files if (o := offences(f))}
    assert found == {}, f"Streamlit's data-testids outside ui/platform/dom.mjs: {found}"


def test_the_scan_finds_each_way_of_naming_one(tmp_path):
    probe = tmp_path / "probe.js"
    probe.write_text(
        "a('[data-testid=\"stApp\"]');\n"
        "b = \"[data-testid='stMain']\";\n"
        'c(`[data-testid="stHeader"]`);\n'
        "d(el.dataset.testid === 'stColumn');\n"
        "e = 'stSidebar';\n"
        "f(app.getAttribute('data-test-script-state'));\n"
        "g('stActiveTheme-' + path);\n"
        "h('[data-testid=\"stageOver\"]');\n"  # the lab's own
        "i('.st-key-pg_status');\n"  # Streamlit's documented class of a keyed element
    )
    assert [o.split(":")[0] for o in offences(probe)] == ["1", "2", "3", "4", "5", "6", "7"]


def test_python_reads_every_name_of_dom_mjs():
    body = re.search(r"Object\.freeze\(\{\n(.*?)\n\}\);", DOM_MJS.read_text(), re.S).group(1)
    pairs = re.findall(r'"?(\w+)"?: "(\w+)"', body)
    assert len(pairs) == len(body.strip().splitlines()) == 18
    assert dom.TESTIDS == dict(pairs)
    assert dom.testid("app") == '[data-testid="stApp"]'
    assert dom.css("[[mainBlock]] [[column]]:not([[column]] *) {gap: 0;}") == (
        '[data-testid="stMainBlockContainer"] [data-testid="stColumn"]:not('
        '[data-testid="stColumn"] *) {gap: 0;}'
    )
    with pytest.raises(KeyError):
        dom.css("[[stApp]] {}")  # a name of the lab's, not Streamlit's value


def test_the_lab_css_has_no_name_left_unmade():
    from ui.parts import embed, style

    texts = [style.PAGE_CSS, style.PRESENTER_CSS, style.UPLOAD_CSS, style.LAB_CSS]
    texts += [embed.css(path) for path in ("/playground", "/lecture", "/kernel")]
    for text in texts:
        assert "[[" not in text and "]]" not in text
    assert '[data-testid="stMainBlockContainer"]' in style.PRESENTER_CSS
    assert '[data-testid="stSidebar"]' in embed.css("/playground")


def _node_check(tmp_path: Path, name: str, text: str) -> None:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    done = subprocess.run(["node", "--check", str(path)], capture_output=True, text=True)
    assert done.returncode == 0, f"{name}: {done.stderr}"


def test_every_script_that_uses_the_names_is_valid_as_served(tmp_path):
    from perceptron_widget import _module
    from ui.parts import style
    from ui.practice import drag as practice_drag
    from ui.room import follow
    from ui.stage import chart as plot_click
    from ui.stage import keys

    # Modules (components v2, the notebook widget): each joined file's names once.
    for name, text in [
        ("chart.mjs", plot_click._JS),
        ("drag.mjs", practice_drag._JS),
        ("widget.mjs", _module()),
    ]:
        assert "streamlitTestid" in text
        _node_check(tmp_path, name, text)
    # Inline scripts (st.html, the head): the names in a block of the script's own.
    page = keys._PAGE_JS.replace("__PAGE_DATA__", "{}")
    for name, text in [
        ("page_keys.js", dom.script(keys.early_script() + page)),
        ("follow.js", follow._SCRIPT.replace("__FOLLOW_DATA__", "{}")),
        ("theme.js", style.THEME_JS.replace("__WANT__", '"auto"')),
        ("early_theme.js", style.EARLY_THEME_JS),
    ]:
        assert "streamlitTestid" in text
        _node_check(tmp_path, name, text + text)  # drawn twice on a page: no clash


def test_an_inline_script_sees_the_names_and_leaves_none_behind(tmp_path):
    text = dom.script(
        "console.log(streamlitTestid('app'), STREAMLIT_SCRIPT_STATE, streamlitThemeKey('/x'));"
    )
    text += "\nconsole.log(typeof streamlitTestid);"
    done = subprocess.run(["node", "-e", text], capture_output=True, text=True, check=True)
    assert done.stdout.split("\n")[:2] == [
        '[data-testid="stApp"] data-test-script-state stActiveTheme-/x-v2',
        "undefined",
    ]


def test_streamlits_frontend_still_draws_each_element():
    # Each value is in the installed Streamlit's frontend bundle: an upgrade that renames
    # one fails here by the lab's name for it.
    static = Path(streamlit.__file__).parent / "static" / "static" / "js"
    bundle = "\n".join(p.read_text(encoding="utf-8", errors="replace") for p in static.glob("*.js"))
    drawn = set(re.findall(r"[\"'`](st[A-Z]\w*)[\"'`]", bundle))
    missing = [name for name, value in dom.TESTIDS.items() if value not in drawn]
    assert missing == [], f"Streamlit {streamlit.__version__} draws none of {missing}"
    assert "data-test-script-state" in bundle
    assert "stActiveTheme-" in bundle


def _calls(pattern: str) -> list[str]:
    """``file:line`` of each line of the app's Python matching ``pattern``."""
    found = []
    for f in _files():
        if f.suffix == ".py":
            for n, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1):
                if re.search(pattern, line) and not line.lstrip().startswith("#"):
                    found.append(f"{f.relative_to(ROOT)}:{n}")
    return found


@pytest.mark.parametrize(
    ("way", "pattern", "count"),
    [
        ("a components v2 module", r"components\.v2\.component\(", 4),
        ("a static route", r"streamlit_internals\.served_file_url\(", 3),
        ("an inline st.html script", r"unsafe_allow_javascript=True", 3),
        ("the head script", r"Middleware\(HeadScript", 1),
    ],
)
def test_javascript_reaches_the_page_only_the_ways_ui_platform_names(way, pattern, count):
    # ui/platform/__init__.py says which script takes which way, and why: a new one is
    # written there, and counted here.
    assert len(_calls(pattern)) == count, f"{way}: {_calls(pattern)}"


def test_streamlits_page_carries_katex_styles_and_fonts_of_the_vendored_version():
    """A phone typesets a lecturer's formulas with the lab's KaTeX script (ui/vendor/) and
    the stylesheet and fonts Streamlit's page already has: both must be one KaTeX."""
    from ui.vendor import KATEX_DIR, KATEX_JS, KATEX_VERSION

    static = Path(streamlit.__file__).parent / "static" / "static"
    css = "".join(p.read_text(encoding="utf-8") for p in (static / "css").glob("*.css"))
    assert f'.katex .katex-version:after{{content:"{KATEX_VERSION}"' in css
    assert re.search(r"@font-face\{[^}]*font-family:KaTeX_Main;[^}]*woff2", css)
    assert list((static / "media").glob("KaTeX_Main-Regular.*.woff2"))
    script = (KATEX_DIR / KATEX_JS).read_text(encoding="utf-8")
    assert f'version:"{KATEX_VERSION}"' in script
    package = (ROOT / "package.json").read_text(encoding="utf-8")
    assert f'"katex": "{KATEX_VERSION}"' in package
