"""The type checker holds the engine and the datasets (issue 28): mypy, with the project's
configuration (``[tool.mypy]`` in pyproject.toml: strict on perceptron_core and datasets),
finds no error.

mypy runs in a subprocess from the repository's root, as ``.ci/run`` runs it, and its
whole report is the failure message. A cold run (no .mypy_cache) takes several seconds.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHECKED = ("perceptron_core", "datasets")


def _mypy(*args: str) -> tuple[int, str]:
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", "pyproject.toml", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    return done.returncode, done.stdout + done.stderr


@pytest.mark.slow
def test_mypy_finds_no_error_in_perceptron_core_and_datasets() -> None:
    code, report = _mypy(*CHECKED)
    assert code == 0, f"mypy {' '.join(CHECKED)} failed:\n{report}"
    assert "Success: no issues found" in report, report
    # Both packages were read (a path typo would check nothing and succeed).
    checked = int(re.search(r"in (\d+) source files", report).group(1))
    assert checked == sum(len(list((ROOT / p).rglob("*.py"))) for p in CHECKED), report


def test_both_packages_are_checked_strictly() -> None:
    """Strict is a per-module override in pyproject.toml: both packages are named in it,
    and CI's command checks both."""
    mypy = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    strict = [o for o in mypy["overrides"] if o.get("disallow_untyped_defs")]
    assert len(strict) == 1
    for package in CHECKED:
        assert package in mypy["files"]
        assert {package, f"{package}.*"} <= set(strict[0]["module"])
    assert strict[0]["disallow_any_generics"] and strict[0]["warn_return_any"]
    ci = (ROOT / ".ci" / "run").read_text()
    assert re.search(r"^mypy perceptron_core datasets$", ci, re.M), "CI runs mypy on both"


@pytest.mark.slow
def test_the_same_configuration_refuses_an_untyped_datasets_module(tmp_path: Path) -> None:
    """The check can fail: a module named as the datasets' (in a copy of the package's
    name under tmp_path) with an untyped function and a wrong return is refused."""
    package = tmp_path / "datasets"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "_probe.py").write_text(
        "def f(x):\n    return x\n\n\ndef g() -> int:\n    return 'a'\n"
    )
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"), "datasets"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
    )
    report = done.stdout + done.stderr
    assert done.returncode == 1, report
    assert "[no-untyped-def]" in report and "[return-value]" in report, report
