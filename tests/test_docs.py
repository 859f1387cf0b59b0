"""The documentation runs: docstring examples in the engine, and the README's API example."""

import doctest
import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("perceptron_core", "datasets")


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


def test_readme_python_examples_run():
    import sys

    import datasets

    # The wheel installs datasets/ as perceptron_datasets (pyproject.toml), the name the
    # examples use; here, in the repository, the folder is the package.
    sys.modules.setdefault("perceptron_datasets", datasets)
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert blocks, "README.md should show the notebook API in a ```python block"
    for code in blocks:
        exec(compile(code, "README.md", "exec"), {"__name__": "readme"})


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
