"""The lab's notation (ui.notation through ui.text): each textbook's status line, weights
and equations for the notes' hand traces (ERRATA.md), written out here by hand, and the
numbers the same in every notation (the run is the same run)."""

from __future__ import annotations

import re

import numpy as np
import pytest

import perceptron_core as pc
from ui import notation, text, words

# ERRATA.md, 002's Example 1: positives (1,1), (2,2); negatives (1,2), (2,1). From w = 0:
# (1,1) a tie, a mistake -> w = (1, 1), b = 1; (2,2) 5, right; (1,2) 4, a mistake ->
# w = (0, -1), b = 0; (2,1) -1, right.
X1 = np.array([[1.0, 1.0], [2.0, 2.0], [1.0, 2.0], [2.0, 1.0]])
Y1 = np.array([1, 1, -1, -1])
# 002's Example 2 (XOR): positives (0,0), (1,1); negatives (0,1), (1,0). (0,0) a tie ->
# w = (0,0), b = 1; (1,1) right; (0,1) a mistake -> w = (0,-1), b = 0; (1,0): 0, a tie
# of t = 0 -> w = (-1,-1), b = -1.
X2 = np.array([[0.0, 0.0], [1.0, 1.0], [0.0, 1.0], [1.0, 0.0]])
Y2 = np.array([1, 1, -1, -1])

NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


def numbers(s: str) -> list[float]:
    return sorted(float(v) for v in NUMBER.findall(s.replace("−", "-")))


@pytest.fixture
def run1():
    return pc.train(X1, Y1, max_epochs=1)


def test_the_tie_of_example_1_in_each_notation(run1):
    start = "update 1 · epoch 1 · example 1 of 4 · "
    expected = {
        "wb": "mistake (a tie: w·x + b = 0)",
        "theta": "mistake (a tie: θ·x + θ₀ = 0)",
        "augmented": "mistake (a tie: aᵀy = 0)",
        # (1, 1) has t = 1: Hagan's hardlim(0) = 1 = t is no error; the lab's is one.
        "hardlim": "mistake (a tie: n = 0; Hagan's hardlim(0) = 1 = t is no error, the lab "
        "counts a tie as a mistake: e = 1)",
    }
    for name, tie in expected.items():
        with notation.using(name):
            assert text.status_line(run1, 1) == start + tie, name
            assert text.status_line(run1, 2).endswith("example 2 of 4 · no mistake")


def test_a_tie_of_class_0_in_hardlim_notation_is_an_error_there_too():
    run = pc.train(X2, Y2, max_epochs=1)
    with notation.using("hardlim"):
        line = text.status_line(run, 4)
        verdict = text.visit_verdict(run.visit(3), -1)
        latex = "".join(text.visit_latex(run.visit(3), X2[3], -1, 1.0))
    assert "example 4 of 4 · mistake (a tie: n = 0, hardlim(0) = 1 ≠ t = 0: e = −1)" in line
    assert "hardlim(0) = 1 ≠ t = 0" in verdict
    # n = 0, a = hardlim(0) = 1, e = 0 - 1 = -1; w = (0,-1) - (1,0) = (-1,-1), b = 0 - 1.
    assert r"\operatorname{hardlim}(0) = 1" in latex and "= 0 - 1 = -1" in latex
    assert r"\begin{pmatrix}-1 \\ -1\end{pmatrix}" in latex and "= -1 \\end" in latex


def test_the_weights_after_the_third_visit_in_each_notation(run1):
    w, b = run1.visit(2).w_after, run1.visit(2).b_after
    expected = {
        "wb": "w = (0, -1), b = 0",
        "theta": "θ = (0, -1), θ₀ = 0",
        "augmented": "a = (0, 0, -1)",  # (b, w)
        "hardlim": "w = (0, -1), b = 0",
    }
    for name, said in expected.items():
        with notation.using(name):
            assert text.weights_text(w, b) == said
    assert len({tuple(numbers(s)) for s in expected.values()}) == 1  # the same numbers


def test_the_third_visit_written_out_in_augmented_notation(run1):
    # (1,2) of class 2: y = -(1, 1, 2); a = (1, 1, 1); a'y = -1 - 1 - 2 = -4 <= 0;
    # a + y = (0, 0, -1).
    with notation.using("augmented"):
        latex = text.visit_latex(run1.visit(2), X1[2], -1, 1.0)
        verdict = text.visit_verdict(run1.visit(2), -1)
    assert latex[0] == (
        r"\mathbf{y} = -\begin{pmatrix}1 \\ 1 \\ 2\end{pmatrix} = "
        r"\begin{pmatrix}-1 \\ -1 \\ -2\end{pmatrix}"
    )
    assert r"\mathbf{a}^\top \mathbf{y}" in latex[1] and r"&= -4 \le 0" in latex[1]
    assert latex[2].endswith(r"&= \begin{pmatrix}0 \\ 0 \\ -1\end{pmatrix} \end{aligned}")
    assert verdict == "**Mistake**: aᵀy ≤ 0, so **update** a"


def test_the_third_visit_written_out_in_hardlim_and_theta_notation(run1):
    # n = 1*1 + 1*2 + 1 = 4, a = hardlim(4) = 1, t = 0, e = -1: w = (1,1) - (1,2), b = 1 - 1.
    with notation.using("hardlim"):
        latex = "".join(text.visit_latex(run1.visit(2), X1[2], -1, 1.0))
    assert "n = w\\cdot p + b" in latex and "&= 4" in latex
    assert r"\operatorname{hardlim}(4) = 1" in latex and "= 0 - 1 = -1" in latex
    assert r"w + e\, p" in latex and r"\begin{pmatrix}0 \\ -1\end{pmatrix}" in latex
    assert r"b + e &= 1 + (-1) \\ &= 0" in latex
    with notation.using("theta"):
        latex = "".join(text.visit_latex(run1.visit(2), X1[2], -1, 1.0))
    assert r"\theta\cdot x + \theta_0" in latex and r"\theta_0 + \eta\, y &= 1 + (-1)" in latex
    assert "w" not in latex.replace(r"\quad", "")


def test_hardlim_with_a_learning_rate_says_what_e_p_becomes():
    run = pc.train(X1, Y1, eta=0.5, max_epochs=1)
    with notation.using("hardlim"):
        verdict = text.visit_verdict(run.visit(2), -1, 0.5)
        latex = "".join(text.visit_latex(run.visit(2), X1[2], -1, 0.5))
        tie = text.visit_verdict(run.visit(0), 1, 0.5)
    assert "η e p = 0.5 · (-1) · p and η e = -0.5" in verdict
    assert r"w + \eta\, e\, p" in latex and r"0.5 \cdot (-1)" in latex
    assert "the lab, as the notes, counts a tie as a mistake" in tie and "0.5 · (+1)" in tie


def test_every_visit_has_the_same_numbers_in_every_notation():
    for X, Y in ((X1, Y1), (X2, Y2)):
        run = pc.train(X, Y, max_epochs=2)
        for t in range(1, run.n_visits + 1):
            v = run.visit(t - 1)
            after = {text.tex(x) for x in (*v.w_after, v.b_after)}
            for name in notation.NOTATIONS:
                with notation.using(name):
                    latex = "".join(text.visit_latex(v, X[v.index], int(Y[v.index]), 1.0))
                    w_line = text.weights_text(v.w_after, v.b_after)
                    line = text.status_line(run, t)
                got = set(NUMBER.findall(latex))
                if v.mistake:  # the new weights are written out in every notation
                    assert after <= got, (name, t)
                with notation.using("wb"):
                    assert numbers(w_line) == numbers(text.weights_text(v.w_after, v.b_after))
                assert line.split(" · ")[:3] == text.status_line(run, t).split(" · ")[:3]


def test_status_lines_in_german_keep_their_numbers(run1):
    with words.using("de"), notation.using("augmented"):
        line = text.status_line(run1, 1)
    assert line == "Update 1 · Epoche 1 · Beispiel 1 von 4 · Fehler (Gleichstand: aᵀy = 0)"
    assert text.status_line(run1, run1.n_visits).endswith("(max epochs) without converging")
