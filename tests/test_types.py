"""The type checker holds the engine (issue 28): mypy, with the project's configuration
(``[tool.mypy]`` in pyproject.toml: strict on perceptron_core), finds no error.

mypy runs in a subprocess from the repository's root, as ``.ci/run`` runs it, and its
whole report is the failure message. A cold run (no .mypy_cache) takes several seconds.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_mypy_finds_no_error_in_perceptron_core() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", "pyproject.toml", "perceptron_core"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    report = done.stdout + done.stderr
    assert done.returncode == 0, f"mypy perceptron_core failed:\n{report}"
    assert "Success: no issues found" in report, report
