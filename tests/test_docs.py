"""The documentation runs: docstring examples in the engine, the examples in the README and
in docs/, the site's build (MkDocs, warnings as errors), and every relative link."""

import ast
import doctest
import html
import importlib
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("perceptron_core", "datasets")
DOCS = ROOT / "docs"
# What a reader is told is the README: about 150 lines, the rest is in docs/.
README_MAX_LINES = 200


def markdown_files() -> list[Path]:
    """The README and every page of the documentation site."""
    return [ROOT / "README.md", *sorted(DOCS.rglob("*.md"))]


def python_examples() -> list[tuple[str, str]]:
    """Every ```python block of the README and the docs, with where it is."""
    found = []
    for path in markdown_files():
        text = path.read_text(encoding="utf-8")
        for code in re.findall(r"```python\n(.*?)```", text, flags=re.S):
            found.append((str(path.relative_to(ROOT)), code))
    return found


def modules_with_examples() -> list[str]:
    """Every module of the two packages whose source has a ``>>>`` example."""
    found = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).glob("*.py")):
            if ">>>" in path.read_text(encoding="utf-8"):
                name = package if path.stem == "__init__" else f"{package}.{path.stem}"
                found.append(name)
    return found


EXAMPLE_MODULES = modules_with_examples()


def test_the_packages_have_examples_to_run():
    # The engine's train, margin and hinge and the datasets' contract document themselves.
    names = ("perceptron_core.train", "perceptron_core.margin", "perceptron_core.hinge")
    for name in (*names, "datasets._dataset"):
        assert name in EXAMPLE_MODULES


@pytest.mark.parametrize("name", EXAMPLE_MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0, f"{name}'s examples were not found by doctest"
    assert result.failed == 0


def test_the_documented_python_examples_run():
    import datasets

    # The wheel installs datasets/ as perceptron_datasets (pyproject.toml), the name the
    # examples use; here, in the repository, the folder is the package.
    sys.modules.setdefault("perceptron_datasets", datasets)
    examples = python_examples()
    where = {name for name, _ in examples}
    # The README shows the notebook API, and the engine's and the datasets' pages show all of it.
    assert {"README.md", "docs/developer/engine.md", "docs/developer/datasets.md"} <= where
    for name, code in examples:
        exec(compile(code, name, "exec"), {"__name__": "docs_example"})


def test_readme_gives_the_two_commands_ci_runs():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "streamlit run app.py" in readme
    assert "python -m pytest" in readme and "python -m pytest" in ci
    assert "pip install -r requirements-dev.txt" in readme and "requirements-dev.txt" in ci


def test_ci_runs_the_readmes_test_command_as_written():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"Run the tests:\s*```bash\n(.+?)\n```", readme, re.S)
    assert block, "README.md should give the test command under 'Run the tests:'"
    command = block.group(1).strip().split(" && ")[-1]
    assert command.startswith("python -m pytest")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert [line for line in ci if line.startswith("python -m pytest")] == [command]


def test_the_readme_is_short_and_names_the_docs():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= README_MAX_LINES
    assert "(docs/index.md)" in readme
    for reader in ("lecturer", "student", "developer", "operator"):
        assert f"(docs/{reader}/" in readme, f"README should point {reader}s to docs/{reader}/"


def _slug(heading: str) -> str:
    """The anchor Python-Markdown's toc gives a heading (or its explicit ``{ #id }``)."""
    explicit = re.search(r"\{\s*#([\w-]+)\s*\}\s*$", heading)
    if explicit:
        return explicit.group(1)
    text = re.sub(r"[`*_]", "", heading).strip().lower()
    text = re.sub(r"[^\w\s-]", "", text)
    return re.sub(r"[-\s]+", "-", text).strip("-")


def _anchors(path: Path) -> set[str]:
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
    return {_slug(h) for h in re.findall(r"^#{1,6}\s+(.+)$", text, flags=re.M)}


def relative_links(path: Path) -> list[str]:
    """The targets of a page's Markdown links and images that are not web addresses."""
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
    targets = re.findall(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)", text)
    return [t for t in targets if not re.match(r"^[a-z][a-z0-9+.-]*:", t)]


def test_relative_links_are_found_on_a_page():
    # The link finder itself: a page with a file link, an anchor, an image and a web address.
    page = DOCS / "index.md"
    links = relative_links(page)
    assert "playground.png" in links and "lecturer/index.md" in links
    assert not any(link.startswith("http") for link in links)
    assert _slug("## Why `gc.freeze()` { #gc-freeze }") == "gc-freeze"
    assert _slug("Which bound") == "which-bound"


@pytest.mark.parametrize("path", markdown_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves(path):
    broken = []
    for target in relative_links(path):
        file_part, _, anchor = target.partition("#")
        found = (path.parent / file_part).resolve() if file_part else path
        if not found.exists():
            broken.append(target)
        elif anchor and found.suffix == ".md" and anchor not in _anchors(found):
            broken.append(target)
    assert not broken, f"{path.relative_to(ROOT)} links to what is not there: {broken}"


def test_ci_builds_the_docs_with_warnings_as_errors():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    builds = [line for line in ci if line.startswith("mkdocs build")]
    assert builds and all("--strict" in line for line in builds)
    # the packages installed (uv, or pip when uv cannot), then the docs, then the tests
    order = [
        i
        for i, line in enumerate(ci)
        if "install" in line
        and "requirements-dev.txt" in line
        or line.startswith(("mkdocs", "python -m pytest"))
    ]
    steps = [ci[i].split()[0] for i in order]
    assert steps[-2:] == ["mkdocs", "python"] and len(steps) > 2, steps
    assert all("requirements-dev.txt" in ci[i] for i in order[:-2]), steps


def test_the_docs_build_with_no_warning(tmp_path):
    site = tmp_path / "site"
    built = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    log = built.stdout + built.stderr
    assert built.returncode == 0, log
    assert "WARNING" not in log, log
    # The API reference is built from the docstrings: the engine's train and Run are there.
    engine = (site / "reference" / "engine" / "index.html").read_text(encoding="utf-8")
    assert 'id="perceptron_core.train.train"' in engine and 'id="perceptron_core.run.Run"' in engine
    # The Layout page names every package by its own docstring, as the folders are now.
    layout = (site / "developer" / "layout" / "index.html").read_text(encoding="utf-8")
    for init in [ROOT / "perceptron_core" / "__init__.py", *(ROOT / "ui").glob("*/__init__.py")]:
        doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8")))
        if doc:
            name = ".".join(init.parent.relative_to(ROOT).parts)
            first_words = " ".join(doc.split()[:4])
            assert f"<code>{name}</code>" in layout, name
            assert html.escape(first_words, quote=False) in layout, name
    # Every benchmark's saved output is on a page, included whole, not left as a marker.
    pages = "\n".join(p.read_text(encoding="utf-8") for p in site.rglob("*.html"))
    assert "--8&lt;--" not in pages
    for figure in sorted((DOCS / "figures").iterdir()):
        lines = [line for line in figure.read_text(encoding="utf-8").splitlines() if line.strip()]
        if figure.suffix == ".txt":
            assert html.escape(lines[-1], quote=False) in pages, figure.name
        else:  # a Markdown table: its last row's first cell
            cell = lines[-1].strip("|").split("|")[0].strip()
            assert f"<td>{html.escape(cell, quote=False)}</td>" in pages, figure.name
