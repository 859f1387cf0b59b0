"""The documentation runs: docstring examples in the engine, and the README's API example."""

import doctest
import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ENGINE_MODULES = ["train", "margin", "reference", "run", "kernels", "online", "_validate"]


@pytest.mark.parametrize("name", ENGINE_MODULES)
def test_engine_docstring_examples(name):
    module = importlib.import_module(f"perceptron_core.{name}")
    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0


def test_readme_python_examples_run():
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
