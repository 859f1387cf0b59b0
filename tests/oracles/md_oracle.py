"""How Streamlit would show a Markdown string, by an independent renderer (test-only).

markdown-it-py renders CommonMark with GitHub's autolinks, as Streamlit's react-markdown
with remark-gfm does; the tests read the rendered text and check that no link, image,
emphasis or HTML came out of a user's string.
"""

from __future__ import annotations

import html
import re

from markdown_it import MarkdownIt

_MD = MarkdownIt("gfm-like")
_TAG = re.compile(r"<[^>]+>")
ACTIVE = ("<a ", "<img", "<em>", "<strong>", "<code>", "<h1", "<h2", "<ul", "<ol", "<del")


def html_of(markdown: str) -> str:
    return _MD.render(markdown)


def text_of(markdown: str) -> str:
    """The text a reader sees (tags dropped, entities decoded, one line)."""
    seen = html.unescape(_TAG.sub("", html_of(markdown))).replace("\u200b", "")  # invisible
    return " ".join(seen.split())


def inert(markdown: str, allowed: tuple[str, ...] = ()) -> bool:
    """No link, image, emphasis, code, heading or list was made (except ``allowed`` tags)."""
    out = html_of(markdown)
    return not any(tag in out for tag in ACTIVE if tag not in allowed)
