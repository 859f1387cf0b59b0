"""What the lab takes from npm packages, committed as built (package.json's build scripts;
the app needs no npm): KaTeX, which typesets a lecturer's formulas ``$...$`` on the
students' phones and in the offline lecture file (ui/vendor/katex/: its ``katex.min.js``,
stylesheet and woff2 fonts, MIT, ``LICENSE-katex.txt``), and plotly.js with only the trace
types the lab draws (ui/vendor/plotly/, its README says why and how it is built).

Streamlit's own pages carry KaTeX's stylesheet and fonts (it typesets ``st.markdown``'s
formulas with the same KaTeX version, 0.16.47, tests/test_streamlit_dom.py), so a page of
the app loads only the script (``katex_url``); the offline file holds all three
(``katex_inline``)."""

from __future__ import annotations

import base64
import hashlib
import re
from functools import cache
from pathlib import Path

KATEX_DIR = Path(__file__).resolve().parent / "katex"
KATEX_JS = "katex.min.js"
KATEX_VERSION = "0.16.47"

PLOTLY_DIR = Path(__file__).resolve().parent / "plotly"
PLOTLY_JS = "plotly.min.js"
_BANNER = re.compile(r"^/\*! plotly\.js v(\S+) \| Perceptron Lab's bundle, traces: ([a-z0-9 ]+) \|")


def _plotly_bundle() -> tuple[str, frozenset[str], str]:
    """The bundle's plotly.js version and trace types (from the line the build writes at
    its top), and its address's tag: the version and the file's hash, so a rebuilt bundle
    is a new address for every cache on the way."""
    data = (PLOTLY_DIR / PLOTLY_JS).read_bytes()
    found = _BANNER.match(data[:400].decode("utf-8", "replace"))
    if found is None:
        raise RuntimeError(f"{PLOTLY_DIR / PLOTLY_JS} is not the lab's plotly.js bundle")
    tag = f"{found.group(1)}-{hashlib.sha256(data).hexdigest()[:10]}"
    return found.group(1), frozenset(found.group(2).split()), tag


PLOTLY_VERSION, PLOTLY_TRACES, PLOTLY_TAG = _plotly_bundle()


def katex_url() -> str:
    """Where this server serves KaTeX's script (call it in a script run): its address
    carries KaTeX's version, as plotly.js's carries its own, so a new one is a new address."""
    from ui.platform import streamlit_internals

    return streamlit_internals.served_file_url("katex", KATEX_DIR, KATEX_JS, KATEX_VERSION)


_FONT = re.compile(
    r"url\(fonts/([\w-]+)\.woff2\) format\(\"woff2\"\)(?:,url\([^)]*\) format\(\"[a-z]+\"\))*"
)


@cache
def katex_inline() -> tuple[str, str]:
    """(stylesheet, script) for a page with no server: the stylesheet's fonts as woff2
    data addresses (the woff and ttf fallbacks dropped: every browser the lab supports reads
    woff2)."""

    def font(found: re.Match) -> str:
        data = (KATEX_DIR / "fonts" / f"{found.group(1)}.woff2").read_bytes()
        return f'url(data:font/woff2;base64,{base64.b64encode(data).decode()}) format("woff2")'

    css = _FONT.sub(font, (KATEX_DIR / "katex.min.css").read_text(encoding="utf-8"))
    return css, (KATEX_DIR / KATEX_JS).read_text(encoding="utf-8")
