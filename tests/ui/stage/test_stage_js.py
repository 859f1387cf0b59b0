"""The stage's browser half: its unit tests (tests/js/, node's own test runner) run from
the README's one test command, and the plan the server sends, applied the browser's way
(ui/stage/stepping.mjs), walks a real run exactly as the server's stepper does."""

from __future__ import annotations

import hashlib
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


def test_the_module_is_a_file_and_the_component_sends_a_loader(tmp_path):
    # Components v2 sends its inline js with every element of every rerun: what goes is a
    # loader of a few lines; the module is the file the static route serves, by its content.
    from ui.stage import chart

    served = chart.MODULE_DIR / chart.MODULE_FILE
    assert served.read_text(encoding="utf-8") == chart._JS
    assert len(chart._LOADER) < 800 < 20_000 < len(chart._JS)
    assert "import(new URL(component.data.module_src, document.baseURI).href)" in chart._LOADER
    loader = tmp_path / "loader.mjs"
    loader.write_text(chart._LOADER, encoding="utf-8")
    out = subprocess.run([node(), "--check", str(loader)], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr[-2000:]
    # Another module content, another address (a cache keeps the old one for good).
    assert (
        chart.MODULE_FILE
        == f"chart-{hashlib.blake2b(chart._JS.encode(), digest_size=8).hexdigest()}.js"
    )
    served.unlink()  # a cleaned temporary folder: the next chart writes it again
    chart._write_module()
    assert served.read_text(encoding="utf-8") == chart._JS
