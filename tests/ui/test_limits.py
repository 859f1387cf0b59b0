"""The limits every page keeps are written in one module, ui/limits.py, each with its reason."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import datasets
import perceptron_core as pc
from ui import limits

ROOT = Path(__file__).resolve().parents[2]
LIMITS = ROOT / "ui" / "limits.py"
# What a cap is called in this code base: MAX_..., MOST_..., ..._WORK, ..._LIMIT.
CAP = re.compile(r"^(MAX|MOST)(_|$)|_(WORK|LIMIT)$")

# Caps still written where they are used, in modules other changes of issue 18 move (the
# charts into ui/charts/, the proof's arithmetic into the engine), so named here by name
# only, wherever under ui/ those moves put them (today ui/figures.py: MAX_FRAMES and
# MAX_MARKED, ui/layers.py: MAX_SCORE_WORK, ui/views/proof_view.py: MAX_DRAWN). After those
# moves: write them in ui/limits.py, import them from there and delete them here.
NOT_MOVED_YET = {"MAX_FRAMES", "MAX_MARKED", "MAX_SCORE_WORK", "MAX_DRAWN"}
# Named like a cap, but wording: how many terms of a sum a sentence writes out.
NOT_LIMITS = {("ui/views/kernel_view.py", "MAX_TERMS")}


def _module_files() -> list[Path]:
    files = [*(ROOT / "ui").rglob("*.py"), *(ROOT / "pages").glob("*.py"), ROOT / "app.py"]
    return sorted(f for f in files if f != LIMITS)


def _assigned(path: Path) -> list[str]:
    """Names a module assigns at its top level (imports are not assignments)."""
    names = []
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        targets = node.targets if isinstance(node, ast.Assign) else []
        if isinstance(node, ast.AnnAssign):
            targets = [node.target]
        names += [t.id for t in targets if isinstance(t, ast.Name)]
    return names


def test_no_page_limit_is_written_outside_ui_limits():
    found = {
        (str(path.relative_to(ROOT)), name)
        for path in _module_files()
        for name in _assigned(path)
        if CAP.search(name)
    }
    waiting = {(path, name) for path, name in found if path.startswith("ui/")}
    waiting = {(path, name) for path, name in waiting if name in NOT_MOVED_YET}
    stray = sorted(found - waiting - NOT_LIMITS)
    assert not stray, f"write these limits in ui/limits.py and import them: {stray}"


def test_every_limit_says_why():
    """Each limit has a comment on its line, or a comment block right above it."""
    source = LIMITS.read_text(encoding="utf-8")
    commented = {
        tok.start[0]
        for tok in tokenize.generate_tokens(io.StringIO(source).readline)
        if tok.type == tokenize.COMMENT
    }
    tree = ast.parse(source)
    assigned = [n for n in tree.body if isinstance(n, ast.Assign)]
    assert len(assigned) > 50
    silent = [
        ast.unparse(n.targets[0])
        for n in assigned
        if n.lineno not in commented and n.lineno - 1 not in commented
    ]
    assert not silent, f"limits without a reason: {silent}"


def test_ui_limits_is_pure_and_repeats_the_loaders_limits_exactly():
    tree = ast.parse(LIMITS.read_text(encoding="utf-8"))
    imported = {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    } | {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    # pure: the two lower floors only (the loaders' and the engine's own limits, repeated)
    assert imported == {"datasets", "perceptron_core", "__future__"}
    for name in ("MAX_FILE_BYTES", "MAX_ROWS", "MAX_COLUMNS", "MAX_NAME_CHARS", "MAX_CLASSES"):
        assert getattr(limits, name) == getattr(datasets, name)
    assert limits.MAX_ABS_VALUE == datasets.MAX_ABS_VALUE
    assert limits.MAX_GENERATED_N == datasets.MAX_GENERATED_N
    assert limits.BATCH_UPDATES == pc.batch.MAX_UPDATES
    assert limits.BATCH_ETA_VISITS == pc.batch.MAX_VISITS
    assert limits.VARIANTS_EPOCHS_SHOWN == pc.variants.MAX_EPOCHS_SHOWN
    assert limits.VOTE_ACCURACY_WORK == pc.variants.MAX_VOTE_WORK
