"""KaTeX itself as the judge of the lab's formulas: every string typeset in Node with
``katex.renderToString(..., {throwOnError: true})``, all in one call.

Streamlit draws ``st.latex`` and ``$...$`` in Markdown with KaTeX; a formula KaTeX refuses
shows as raw red source. The version the repository pins (package.json's ``katex``, the
one Streamlit bundles) is found in the repository's node_modules first, then on NODE_PATH
(``npm install --prefix /somewhere katex`` and NODE_PATH=/somewhere/node_modules).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# CommonJS require: it looks in ROOT/node_modules (the cwd) first, then on NODE_PATH.
_CHECK = r"""
const katex = require("katex");
let input = "";
process.stdin.on("data", (c) => (input += c));
process.stdin.on("end", () => {
  const out = [];
  for (const [i, formula] of JSON.parse(input).entries()) {
    try {
      katex.renderToString(formula, { throwOnError: true, displayMode: true, strict: "ignore" });
    } catch (e) {
      out.push([i, String(e.message)]);
    }
  }
  process.stdout.write(JSON.stringify({ version: katex.version, errors: out }));
});
"""


def _missing(why: str):
    if os.environ.get("REQUIRE_BROWSER") == "1":
        pytest.fail(f"{why} (REQUIRE_BROWSER=1)")
    pytest.skip(why)


def katex_errors(formulas: list[str]) -> list[tuple[str, str]]:
    """(formula, KaTeX's message) for every formula KaTeX refuses; [] when all typeset."""
    node = shutil.which("node")
    if node is None:
        _missing("node is not installed (Debian: apt-get install nodejs)")
    env = dict(os.environ)
    out = subprocess.run(
        [node, "-e", _CHECK],
        cwd=ROOT,
        input=json.dumps(formulas),
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )
    if out.returncode != 0 and "Cannot find module 'katex'" in out.stderr:
        _missing("katex is not installed: npm ci, or npm install --prefix DIR katex and NODE_PATH")
    assert out.returncode == 0, out.stderr[-3000:]
    answer = json.loads(out.stdout)
    return [(formulas[i], message) for i, message in answer["errors"]]


def block(value: str) -> str:
    """An ``st.latex`` element's formula (AppTest shows it between ``$$`` lines)."""
    value = value.strip()
    if value.startswith("$$") and value.endswith("$$"):
        return value[2:-2].strip()
    return value


_INLINE = re.compile(r"(?<![\\$])\$(?!\$)(.+?)(?<![\\$])\$(?!\$)")
_DISPLAY = re.compile(r"\$\$(.+?)\$\$", re.S)


def markdown_math(markdown: str) -> list[str]:
    """The formulas in a Markdown string as Streamlit reads them: ``$$...$$`` and
    ``$...$`` (an escaped ``\\$`` is a dollar sign, not math)."""
    display = _DISPLAY.findall(markdown)
    rest = _DISPLAY.sub(" ", markdown)
    return display + _INLINE.findall(rest)
