"""The views are pure: every module of ``ui.views`` imports without Streamlit (a view is
a function of its arguments, testable and usable outside a page); so do a feature's own
view and words (practice's)."""

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]

# In a fresh interpreter (this one has Streamlit loaded by other tests): each view module
# imported in turn, and whether Streamlit was loaded after it.
FEATURE_VIEWS = ("ui.practice.view", "ui.practice.words")
PROBE = (
    f"FEATURE_VIEWS = {FEATURE_VIEWS!r}\n"
    + """
import importlib, json, pkgutil, sys
import ui.views
loaded = {}
for m in sorted(pkgutil.iter_modules(ui.views.__path__), key=lambda m: m.name):
    importlib.import_module("ui.views." + m.name)
    loaded[m.name] = "streamlit" in sys.modules
for name in FEATURE_VIEWS:
    importlib.import_module(name)
    loaded[name] = "streamlit" in sys.modules
print(json.dumps(loaded))
"""
)


def test_no_view_module_loads_streamlit():
    out = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=REPO, capture_output=True, text=True, check=True
    )
    loaded = json.loads(out.stdout.strip().splitlines()[-1])
    views = {p.stem for p in (REPO / "ui" / "views").glob("*.py") if p.stem != "__init__"}
    assert set(loaded) == views | set(FEATURE_VIEWS)  # every view module was imported
    first = next((name for name, on in loaded.items() if on), None)
    assert first is None, f"{first} loads Streamlit"
