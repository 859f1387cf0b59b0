"""The stage's browser half: its unit tests (tests/js/, node's own test runner) run from
the README's one test command, and the plan the server sends, applied the browser's way
(ui/stage/stepping.mjs), walks a real run exactly as the server's stepper does."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

import perceptron_core as pc
from ui.stage.stepper import EFFECTS, MOVES, Stepper

ROOT = Path(__file__).resolve().parents[3]


def node() -> str:
    path = shutil.which("node")
    if path is None:
        if os.environ.get("REQUIRE_BROWSER") == "1":
            pytest.fail("node is missing (REQUIRE_BROWSER=1): apt-get install -y nodejs")
        pytest.skip("node is not installed (Debian: apt-get install nodejs)")
    return path


def test_the_stage_js_unit_tests_pass():
    out = subprocess.run(
        [node(), "--test", "tests/js/"], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-2000:]
    assert "# fail 0" in out.stdout and "# pass 0" not in out.stdout


WALK = """
import { applyMove } from "./ui/stage/stepping.mjs";
const { plans, effects, moves } = JSON.parse(process.argv[1]);
let cursor = 0, history = [];
const out = [];
for (const move of moves) {
  const landing = applyMove(plans[cursor], effects[move], cursor, history, move);
  if (landing !== null) ({ to: cursor, history } = landing);
  out.push(cursor);
}
console.log(JSON.stringify(out));
"""


def test_the_browser_walks_a_run_as_the_server_does():
    rng = np.random.default_rng(7)
    X = rng.normal(size=(15, 2))
    y = np.where(X[:, 0] + 0.5 * X[:, 1] > 0.2, 1, -1)
    run = pc.train(X, y, max_epochs=4)
    server = Stepper({}, "pg_", run)
    plans = {c: server.plan(c) for c in range(run.n_visits + 1)}
    moves = [str(m) for m in np.random.default_rng(3).choice(MOVES, size=200)]
    expected = []
    for move in moves:
        server.move(move)
        expected.append(server.cursor)
    arg = json.dumps({"plans": plans, "effects": EFFECTS, "moves": moves})
    out = subprocess.run(
        [node(), "--input-type=module", "-e", WALK, arg],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr[-2000:]
    assert json.loads(out.stdout) == expected
    assert len(set(expected)) > 5  # the walk went somewhere


def test_the_served_module_is_one_module(tmp_path):
    # The files are joined into the component's one module: no import is left to resolve
    # (a blob module cannot), it parses, and the chart's entry point is its default export.
    from ui.stage import chart as plot_click

    js = plot_click._JS
    assert "import {" not in js and 'from "./' not in js
    assert js.count("export default function plotClick(") == 1
    assert "//" not in "".join(line.strip()[:2] for line in js.splitlines())
    module = tmp_path / "component.mjs"
    module.write_text(js, encoding="utf-8")
    out = subprocess.run([node(), "--check", str(module)], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr[-2000:]
