"""The proof page's lines and charts (ui.views.proof_view, ui.views.proof_charts) against a textbook
perceptron (tests/oracles/proof_oracle.py). The numbers themselves (pc.theorem1 and the rest) are
tested in tests/engine/test_engine_proof.py.
"""

import re

import numpy as np
import pytest
from proof_oracle import radius, textbook

import datasets
import perceptron_core as pc
from ui.views import proof_charts, proof_view


def test_the_proofs_lines_carry_the_numbers_at_the_step():
    ds = datasets.generate("iris_setosa_versicolor", seed=0)
    X, y = ds.X, ds.y
    W, _, _ = textbook(X, y, epochs=100)
    run = pc.train(X, y, max_epochs=100)
    th = pc.theory(X, y)
    sq = pc.theorem1(run, th)
    k = 2
    lines = proof_view.theorem1_lines(sq, th, k, 1.0)
    dot_star = float(W[k] @ th.u) / th.gamma  # w.w* with w* = u*/gamma*
    flat = [re.sub(r"\s+", " ", re.sub(r"\\(begin|end)\{aligned\}|&|\\;|\\\\", " ", x)).strip()
            for x in lines]  # fmt: skip
    assert rf"w\cdot w^* = {proof_view.text.tex(dot_star)} \ge M = 2" in flat[1]
    assert rf"\|w\|^2 = {proof_view.text.tex(float(W[k] @ W[k]))}" in flat[2]
    assert flat[-1].startswith(r"M = 2 \le R^2\|w^*\|^2")
    assert flat[-1].endswith(proof_view.text.bound_tex(radius(X) ** 2 / th.gamma**2))
    dist = pc.distance_004(run, th)
    l004 = proof_view.lines_004(dist, th, k, 1.0)
    assert l004[-1].startswith(r"\begin{aligned} k = 2 &\le \hat k")


def test_charts_mark_the_step_and_the_bound():
    ds = datasets.generate("notes_rule_004", seed=0)
    run = pc.train(ds.X, ds.y, max_epochs=100)
    th = pc.theory(ds.X, ds.y)
    sq = pc.theorem1(run, th)
    k = 40
    for log in (True, False):
        figs = proof_charts.charts(sq, k, distance=pc.distance_004(run, th), log=log)
        assert [name for name, _, _ in figs] == ["squeeze", "distance", "norm", "cosine"]
        squeeze = figs[0][2]
        shapes = [s.x0 for s in squeeze.layout.shapes]
        assert k in shapes and any(x == pytest.approx(th.bound) for x in shapes)
        met = next(t for t in squeeze.data if t.name == "the lines meet")
        assert met.x[0] == pytest.approx(th.bound)
        now = next(t for t in squeeze.data if t.name == "w·u* now")
        assert now.x[0] == k and now.y[0] == pytest.approx(float(sq.dot[k]))
    # A long run is drawn from at most MAX_DRAWN points per curve, today's among them.
    idx = proof_charts.drawn(1_000_000, 123_457)
    assert len(idx) <= proof_charts.MAX_DRAWN + 1 and 123_457 in idx and idx[-1] == 999_999


def test_a_crossing_past_the_floats_is_written_out():
    # From w = 0, s = gamma, r = R^2 = 1: the crossing is 1/gamma^2 = 2.5e601 for gamma =
    # 2e-301, past the floats (the engine's numbers: tests/engine/test_engine_proof.py).
    one = np.zeros(1)
    sq = pc.Squeeze(np.ones(3), one, one, one, a=0.0, s=2e-301, n0=0.0, r=1.0, theorem=1)
    assert proof_view.big_num(sq.crossing, sq.crossing_log10) == "2.5·10^601"
    assert proof_view.big_tex(sq.crossing, sq.crossing_log10) == r"2.5 \cdot 10^{601}"
