"""The lab's pages opened in a notation or a language, and what of a page is not German: for
the notation and language tests (tests/pages/test_notation_app.py and each page's German
test)."""

from __future__ import annotations

import re

from lab_app import click, figures, open_page

import datasets
from ui import lecture, state, words

PAGES = {prefix: f"pages/{path}.py" for prefix, path in lecture.PATHS.items()}


def opened(path: str, prefix: str, **query):
    """The page with ``query`` in its link, stepped twice when it steps."""
    at = open_page(path, **query)
    for _ in range(2):
        if (
            any(b.key == prefix + "step" for b in at.button)
            and not at.button(key=prefix + "step").disabled
        ):
            click(at, prefix + "step")
    return at


WORD = re.compile(r"[A-Za-zÄÖÜäöüß]{3,}")
# Plotly's <br>, %{x:.3f}, <extra>, and a page's address (/playground) as a link shows it.
MARKUP = re.compile(r"<[^>]*>|%\{[^}]*\}|(?<![\w.])/[a-z][\w/-]*")


def catalogue_words(code: str) -> set[str]:
    forms = [
        f for e in words.CATALOGUES[code].values() for f in (e if isinstance(e, tuple) else (e,))
    ]
    return {w.lower() for f in forms for w in WORD.findall(f)}


# Words a German page may show in English, each for its reason: the options of the widgets
# whose labels are not words (levels, learning rates), the generators' names and their
# parameters as a dataset's source spells them (``moons(n=200, seed=3)``), the languages' own names,
# and names of files, formats and functions. A choice's options are said in the lab's
# language (Field.said); a link in either language opens the same page.
LINK_WORDS = {
    w
    for table in state.TABLES
    for f in table.fields.values()
    if f.kind == "set" or (f.kind == "choice" and f.said is None)
    for label in f.labels().values()
    for w in WORD.findall(str(label))
} | {w for g in datasets.GENERATORS.values() for s in (g.name, *(p.name for p in g.params))
     for w in WORD.findall(s)}  # fmt: skip
NAMES = {"English", "Deutsch", "standard", "CSV", "HTML", "RBF", "ERRATA", "XOR", "exp", "round",
         "UTF"}  # fmt: skip


def english_left(at) -> list[str]:
    """The page's texts with a word that is in no German message and not allowed above."""
    german = catalogue_words("de") | {w.lower() for w in LINK_WORDS | NAMES}
    texts = []
    for kind in ("markdown", "caption", "title", "header", "subheader", "info", "warning",
                 "error", "success", "text"):  # fmt: skip
        texts += [e.value for e in getattr(at, kind)]
    for kind in ("button", "toggle", "checkbox", "selectbox", "slider", "select_slider",
                 "number_input", "text_input", "radio", "multiselect"):  # fmt: skip
        for e in getattr(at, kind):
            texts += [e.label, getattr(e, "help", None) or ""]
    for e in at.get("segmented_control"):
        texts += [e.proto.label, e.proto.help, *(o.content for o in e.proto.options)]
    for e in at.selectbox:  # a choice's options (not a file's columns, not pseudonyms)
        texts += [str(o) for o in e.options] if e.key in state.SAID_CHOICES else []
    for e in at.latex:
        texts += re.findall(r"\\text\{([^}]*)\}", e.value)
    for fig in figures(at):
        texts += [str(t.get("name") or "") for t in fig["data"] if t.get("showlegend", True)]
        texts += [str(t.get("hovertemplate") or "") for t in fig["data"]]
        for axis in ("xaxis", "yaxis", "yaxis2"):
            title = fig["layout"].get(axis, {}).get("title", {})
            texts.append(str(title.get("text", "") if isinstance(title, dict) else title))
    plain = (MARKUP.sub(" ", str(s)) for s in texts)
    return sorted({s for s in plain if any(w.lower() not in german for w in WORD.findall(s))})
