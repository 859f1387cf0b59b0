"""ui.server.warmup: the server process's one-time warm-up and gc.freeze (see its docstring)."""

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]


@pytest.mark.slow
def test_freezes_the_imports_out_of_the_collector_once():
    # In a fresh interpreter: the objects a full collection walks after every script run
    # drop from the libraries' hundreds of thousands to almost none, and stay frozen.
    code = textwrap.dedent(
        """
        import gc
        from ui.server import warmup
        warmup._warm_up()
        gc.collect()
        before = len(gc.get_objects())
        assert gc.get_freeze_count() == 0
        assert warmup.prepare_process() is True
        assert warmup.prepare_process() is False
        after = len(gc.get_objects())
        print(before, after, gc.get_freeze_count())
        """
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True
    ).stdout.split()
    before, after, frozen = map(int, out)
    assert before > 100_000  # numpy, scipy, numba, plotly, pandas: a lot to walk
    assert frozen >= before
    assert after < before / 100


@pytest.mark.slow
def test_later_garbage_is_still_collected():
    code = textwrap.dedent(
        """
        import gc
        import weakref
        from ui.server import warmup
        warmup.prepare_process()

        class Node:
            pass

        a, b = Node(), Node()
        a.other, b.other = b, a  # a cycle: only the collector frees it
        probe = weakref.ref(a)
        del a, b
        gc.collect(2)
        print(probe() is None)
        """
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "True"


@pytest.mark.app
def test_the_app_prepares_the_process():
    from streamlit.testing.v1 import AppTest

    from ui.server import warmup

    AppTest.from_file(str(REPO / "app.py"), default_timeout=60).run()
    assert warmup._prepared
