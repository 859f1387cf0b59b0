"""Every session key is declared once: the lab's keys in ui/state/lab.py, each page's own
keys (``Table.own``) by the part that owns them; a key spelt any other way fails.

The sources are read with ``ast`` (nothing runs): what a module writes is checked against
what the declarations hold."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
LAB_MODULE = ROOT / "ui" / "state" / "lab.py"


def python_files(*folders: str) -> list[Path]:
    out = [ROOT / "app.py"]
    for folder in folders:
        out += sorted((ROOT / folder).rglob("*.py"))
    return out


def lab_literals(path: Path) -> list[tuple[int, str]]:
    """Strings in ``path`` that name a lab key: ``"lab_presenter"``, or an f-string that
    starts with ``lab_`` (``f"lab_mine_open_{i}"``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    inside = {id(v) for n in ast.walk(tree) if isinstance(n, ast.JoinedStr) for v in n.values}
    for node in ast.walk(tree):
        if id(node) in inside:
            continue
        if isinstance(node, ast.JoinedStr) and node.values:
            first = node.values[0]
            if isinstance(first, ast.Constant) and str(first.value).startswith("lab_"):
                found.append((node.lineno, str(first.value) + "{...}"))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
            if text.startswith("lab_") and text.replace("_", "").isalnum():
                found.append((node.lineno, text))
    return found


def test_no_lab_key_is_written_outside_ui_state_lab():
    stray = [
        f"{path.relative_to(ROOT)}:{line}: {text!r}"
        for path in python_files("ui", "pages")
        if path != LAB_MODULE
        for line, text in lab_literals(path)
    ]
    assert stray == [], "use the constant of ui.state.lab:\n" + "\n".join(stray)


def test_the_check_sees_a_lab_key_written_as_a_literal(tmp_path):
    src = tmp_path / "x.py"
    src.write_text('ss["lab_presenter"] = 1\nk = f"lab_mine_open_{i}"\n"""lab_x in a doc."""\n')
    assert sorted(text for _, text in lab_literals(src)) == ["lab_mine_open_{...}", "lab_presenter"]


def test_every_lab_key_is_declared_once_with_a_meaning_and_app_sets_up_the_lab_wide_ones():
    from ui.state import lab

    constants = {v for k, v in vars(lab).items() if k.isupper() and isinstance(v, str)}
    assert constants == set(lab.DECLARED)  # every constant is a declared key, and back
    assert all(k.startswith("lab_") and d.meaning for k, d in lab.DECLARED.items())
    # The keys pages share across a page change are set up with their defaults; the
    # dataset on screen and presenter mode among them.
    assert lab.SET_UP[lab.PRESENTER] is False and lab.SET_UP[lab.DATASET] is None
    assert lab.OPEN_SCENE not in lab.SET_UP
    # The spellings the browser's JavaScript and the tests use stay as they were.
    assert (lab.NEXT_SCENE, lab.PREV_SCENE) == ("lab_next_scene", "lab_prev_scene")
    assert lab.PRESENTER == "lab_presenter" and lab.DATASET == "lab_dataset"
    app = (ROOT / "app.py").read_text(encoding="utf-8")
    assert "lab.SET_UP" in app  # app.py sets them up from the declaration


def own_literals(path: Path) -> list[tuple[int, str]]:
    """The names ``path`` passes to ``<table>.own("...")`` as a plain string."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        (node.lineno, node.args[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "own"
        and node.args
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    ]


def import_every_part():
    """Every module under ui/ (their declarations run at import), not the pages (scripts)."""
    import importlib

    for path in sorted((ROOT / "ui").rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        importlib.import_module(".".join(parts[:-1] if parts[-1] == "__init__" else parts))


def test_every_own_key_written_in_ui_and_pages_is_declared_by_one_owner():
    import_every_part()
    from ui import state

    owners = state.owners()
    by_tables = {name for t in state.TABLES for name in t.owns}
    assert not owners.keys() & by_tables  # one owner: a part's or a page table's
    found = [
        (f"{path.relative_to(ROOT)}:{line}", name)
        for path in python_files("ui", "pages")
        for line, name in own_literals(path)
    ]
    assert len(found) > 100  # the parts' and the pages' keys are all read
    declared = owners.keys() | by_tables
    undeclared = [f"{where}: {name!r}" for where, name in found if name not in declared]
    assert undeclared == [], "\n".join(undeclared)
    # A page's own keys are its table's or a part's (not another page's).
    for path in sorted((ROOT / "pages").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        aliases = [
            a.name
            for n in ast.walk(tree)
            if isinstance(n, ast.ImportFrom) and n.module == "ui.state"
            for a in n.names
            if a.asname == "PAGE"
        ]
        for line, name in own_literals(path):
            table = getattr(state, aliases[0])
            assert name in owners or name in table.owns, f"{path.name}:{line}: {name!r}"


def test_a_misspelt_own_key_raises_and_names_the_declared_ones():
    import pytest

    from ui import state

    assert state.PLAYGROUND.own("cursor") == "pg_cursor"
    assert state.KERNEL.own("scrub") == "kn_scrub"
    with pytest.raises(KeyError) as caught:
        state.PLAYGROUND.own("cursr")
    assert "'cursr'" in str(caught.value) and "cursor" in str(caught.value)
    with pytest.raises(KeyError):
        state.BATCH.own("go_best")  # the variants page's button, not the batch page's
    with pytest.raises(ValueError, match="'cursor' is declared by ui.state.session"):
        state.owns("cursor")  # a second owner


@pytest.mark.app
def test_presenter_mode_is_held_once_by_the_lab_and_each_toggle_shows_it():
    from lab_app import open_page

    from ui.state import PRESENTER_PARAMS, lab

    toggles = {lab.PRESENTER, *PRESENTER_PARAMS}  # the lab's value and each page's toggle

    def held(at) -> set[str]:
        """Every key holding presenter mode: the lab's, the toggles' (nothing per page)."""
        keys = set(at.session_state.keys())
        return {k for k in keys if "presenter" in k or k.endswith(("seen", "presenting"))}

    at = open_page("pages/batch.py")
    at.toggle(key="bt_presenter").set_value(True).run()
    assert at.session_state[lab.PRESENTER] is True and not at.title
    assert lab.PRESENTER in held(at) <= toggles
    at.switch_page("pages/kernel.py").run()
    assert at.toggle(key="kn_presenter").value and not at.title
    at.toggle(key="kn_presenter").set_value(False).run()
    assert at.session_state[lab.PRESENTER] is False and at.title
    # The lab's value changed elsewhere (a scene opens in presenter mode): the toggle shows it.
    at.session_state[lab.PRESENTER] = True
    at.run()
    assert at.toggle(key="kn_presenter").value and not at.title
    at.switch_page("pages/batch.py").run()
    assert at.toggle(key="bt_presenter").value and not at.title
    assert held(at) <= toggles


def test_the_stages_keys_are_declared_for_code_that_imports_only_ui_state():
    """A test or a notebook names the stage's buttons and run keys (``PLAYGROUND.own("step")``,
    as tests/browser/test_lecture_browser.py does) with nothing but ui.state imported."""
    import subprocess
    import sys

    code = (
        "from ui import state\n"
        "for n in ('step', 'visit', 'back', 'epoch', 'end', 'reset', 'play', 'scrub',\n"
        "          'run_id', 'status', 'cursor', 'points', 'numbers'):\n"
        "    state.PLAYGROUND.own(n)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
