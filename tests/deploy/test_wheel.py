"""The wheel a notebook installs: the engine and the dataset API, nothing of the web app.

Built from a copy of the repository's files, installed with pip into a new environment of
its own (no site packages of this one; numpy, scipy, numba and pandas come from the
package index at the versions the lock pins, so pip's cache usually has them), then the
README's and the docs' notebook examples run from another folder.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
WEB_APP = ("streamlit", "plotly", "redis", "pyarrow", "altair", "segno", "tornado")


def _names(path: Path) -> set[str]:
    names = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line and not line.startswith("-"):
            names.add(canonicalize_name(Requirement(line).name))
    return names


def test_requirements_txt_is_the_engine_and_the_app_extra():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    engine = {canonicalize_name(Requirement(r).name) for r in project["dependencies"]}
    app = {canonicalize_name(Requirement(r).name) for r in project["optional-dependencies"]["app"]}
    assert engine.isdisjoint(WEB_APP)
    assert _names(ROOT / "requirements.txt") == engine | app


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    src = tmp_path_factory.mktemp("src")
    for name in ("pyproject.toml", "setup.py", "requirements.txt", "README.md"):
        shutil.copy(ROOT / name, src / name)
    for package in ("perceptron_core", "datasets", "perceptron_widget", "ui"):
        shutil.copytree(ROOT / package, src / package, ignore=shutil.ignore_patterns("__pycache__"))
    out = tmp_path_factory.mktemp("dist")
    built = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(out),
            str(src),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert built.returncode == 0, built.stdout + built.stderr
    (found,) = out.glob("perceptron_lab-*.whl")
    return found


def test_the_wheel_holds_the_engine_and_the_data_api_under_names_that_shadow_nothing(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    tops = {n.split("/", 1)[0] for n in names if not n.split("/", 1)[0].endswith(".dist-info")}
    assert tops == {"perceptron_core", "perceptron_datasets", "perceptron_widget"}
    assert "perceptron_datasets/iris.csv.gz" in names
    assert "perceptron_core/sklearn.py" in names


def test_the_widget_carries_its_share_of_ui_inside_it_and_nothing_of_the_apps_pages(wheel):
    """setup.py copies the ui modules the widget imports (and theirs) under
    perceptron_widget/_ui/, with the stage's browser modules and the catalogue."""
    z = zipfile.ZipFile(wheel)
    inside = {n.removeprefix("perceptron_widget/_ui/") for n in z.namelist() if "/_ui/" in n}
    assert {
        "charts/playground.py",
        "stage/stepper.py",
        "stage/stepping.mjs",
        "stage/access.mjs",
        "platform/dom.mjs",
        "words/__init__.py",
        "words/locale/de/LC_MESSAGES/core.po",
    } <= inside
    # Nothing that draws with Streamlit: no page part, no stage part, no feature.
    assert not {n for n in inside if n.startswith(("parts/", "room/", "practice/", "export/"))}
    assert "stage/part.py" not in inside and "compute.py" not in inside
    for name in z.namelist():
        if name.startswith("perceptron_widget/") and name.endswith(".py"):
            source = z.read(name).decode()
            assert not re.search(r"^\s*(from|import) (ui|datasets)\b", source, re.M), name


def _readme_examples() -> list[str]:
    """The notebook examples a reader is shown: the README's and the docs' ```python blocks."""
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    found = []
    for page in pages:
        found += re.findall(r"```python\n(.*?)```", page.read_text(encoding="utf-8"), flags=re.S)
    return found


def _install(python: str, spec: str) -> None:
    """pip install ``spec`` into the environment of ``python``, at the lock's versions."""
    install = subprocess.run(
        [python, "-m", "pip", "install", "-q", "--disable-pip-version-check"]
        + ["-c", str(ROOT / "requirements.lock"), spec],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert install.returncode == 0, install.stdout + install.stderr


@pytest.mark.slow
def test_a_fresh_environment_runs_the_readmes_notebook_examples_without_the_web_app(
    wheel, tmp_path
):
    subprocess.run([sys.executable, "-m", "venv", str(tmp_path / "venv")], check=True)
    python = str(tmp_path / "venv" / "bin" / "python")
    _install(python, f"{wheel}[sklearn]")
    listed = subprocess.run(
        [python, "-m", "pip", "list", "--format=freeze"], capture_output=True, text=True
    ).stdout
    installed = {canonicalize_name(line.split("==")[0]) for line in listed.splitlines()}
    assert {"numpy", "scipy", "numba", "pandas", "scikit-learn"} <= installed
    assert installed.isdisjoint(WEB_APP), sorted(installed & set(WEB_APP))

    notebook = tmp_path / "notebook"
    notebook.mkdir()
    examples = _readme_examples()
    assert len(examples) >= 3
    for i, code in enumerate(examples):
        script = notebook / f"example_{i}.py"
        script.write_text(code, encoding="utf-8")
        ran = subprocess.run(
            [python, str(script)], cwd=notebook, capture_output=True, text=True, timeout=600
        )
        assert ran.returncode == 0, f"docs example {i}:\n{code}\n{ran.stderr}"
    # The lab's data API took no one's name: `datasets` is free for Hugging Face's.
    probe = (
        "import importlib.util, perceptron_datasets, perceptron_core; "
        "print(importlib.util.find_spec('datasets'), perceptron_core.__file__)"
    )
    out = subprocess.run([python, "-c", probe], cwd=notebook, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    spec, where = out.stdout.split()
    assert spec == "None" and "site-packages" in where

    # The notebook widget: its extra, then the stage of a run from the notebook's folder,
    # in English and German, with no Streamlit and no top-level ui or datasets.
    _install(python, f"{wheel}[widget]")
    probe = """
import importlib.util, json, sys
import numpy as np
import perceptron_core as pc
from perceptron_widget import Stage
from perceptron_widget._ui import words
X = np.array([[1.0, 1.0], [2.0, 0.5], [-1.0, -1.0], [-2.0, 0.0], [0.5, -1.5]])
run = pc.train(X, np.array([1, 1, -1, -1, -1]))
stage = Stage(run)
with words.using("de"):
    german = Stage(run)
print(json.dumps({
    "frames": len(json.loads(stage.frames)), "updates": run.mistakes,
    "buttons": list(stage.labels["buttons"].values()),
    "german": list(german.labels["buttons"].values()),
    "esm": "stepping" in stage._esm.lower() and "import {" not in stage._esm,
    "loaded": sorted(m for m in sys.modules if m.split(".")[0] in ("streamlit", "ui", "datasets")),
    "tops": [importlib.util.find_spec(m) is None for m in ("ui", "datasets", "streamlit")],
}))
"""
    out = subprocess.run(
        [python, "-c", probe], cwd=notebook, capture_output=True, text=True, timeout=300
    )
    assert out.returncode == 0, out.stderr
    seen = json.loads(out.stdout)
    assert seen["frames"] >= 2 and seen["esm"] and seen["loaded"] == [], seen
    assert seen["tops"] == [True, True, True], seen
    assert seen["buttons"][0] == "Step" and seen["german"][0] == "Schritt", seen
