"""Every equation the lab writes typesets in KaTeX, at every magnitude it can show.

The formulas come from the functions that build them (bound lines, update equations,
the proofs' lines, the kernel's dual form, the batch step, the lifted view), in every
notation and language, with numbers from 1e-300 to 1e300, negative and 0; all of them go
to KaTeX in Node in one call (``katex_oracle``), which fails on any formula KaTeX refuses
(Streamlit would show it as raw red source: issue 27's "\\frac{4975^2}{4.137 \\cdot
10^{-5}^2}").
"""

from __future__ import annotations

import itertools
import math
from types import SimpleNamespace

import katex_oracle
import numpy as np
import pytest

import perceptron_core as pc
from ui import notation, text
from ui.parts import numbers
from ui.views import kernel_view, proof_view, score_view, space_view
from ui.words import LANGUAGES
from ui.words import using as language

EXPONENTS = range(-300, 301, 50)
MAGNITUDES = [0.0] + [
    sign * mant * 10.0**e for e in EXPONENTS for sign in (1, -1) for mant in (1.0, 4.137)
]
POSITIVE = [m for m in MAGNITUDES if m > 0]


def _visit(v: float, d: int, mistake: bool):
    w = np.array([v * (-1) ** j for j in range(d)])
    return SimpleNamespace(
        w_before=w,
        b_before=-v,
        activation=v if not mistake else -abs(v) if v else 0.0,
        mistake=mistake,
        w_after=w + v,
        b_after=v,
        index=0,
    )


def _visit_formulas(v: float) -> list[str]:
    out = []
    for mistake, y, eta in itertools.product((True, False), (1, -1), (1.0, 0.5, v or 1.0)):
        x = np.array([v, -2 * v])
        out += text.visit_latex(_visit(v, 2, mistake), x, y, eta)
        out += space_view.lifted_visit_latex(_visit(v, 2, mistake), x, y, eta)
        wide = np.linspace(-1.5, 2.0, 12)  # w·x is summed: its products stay floats
        out += score_view.visit_latex(_visit(v, 12, mistake), wide, y, eta)
    return out


def _theorem_formulas(M: int, big: float, small: float) -> list[str]:
    """The bound lines with R = ``big`` and γ* = ``small`` (both > 0)."""
    th = SimpleNamespace(
        R=big, gamma=small, bound=float(np.float64(big / small) ** 2), separable=True
    )
    hb = SimpleNamespace(
        R=big, norm2=small, epochs=3, hinge_loss=big, value=float(np.float64(big) * big)
    )
    proof = dict(w_dot_u=-big, lower=small, norm_sq=big, upper=big * 2, dot0=small, norm0=big)
    out = [
        text.theorem1_latex(M, th),
        text.start_latex(M, big, 0.5),
        text.start_latex(M, small, 1.0),
        text.hinge_latex(M, hb),
        text.hinge_start_latex(M, big, 1.0),
        text.hinge_start_latex(M, small, 0.25),
        numbers.gathered(text.proof_latex(1.0, proof)),
        numbers.gathered(text.proof_latex(0.5, {**proof, "dot0": 0, "norm0": 0})),
    ]
    update = SimpleNamespace(
        eta=small,
        w_old=np.array([big, -small]),
        b_old=-big,
        x=np.array([small, -big]),
        bias_step=-small,
    )
    out += text.batch_latex(update, M, np.array([-big, small]), big)
    with np.errstate(all="ignore"):
        for n0, theorem in ((0.0, 1), (big, 1), (small, 2)):
            sq = pc.Squeeze(
                u=np.array([0.6, 0.8, 0.0]),
                mistakes=np.array([0.0, M]),
                dot=np.array([0.0, -big]),
                norm_sq=np.array([n0, big]),
                a=-small,
                s=small,
                n0=n0,
                r=big,
                theorem=theorem,
            )
            if sq.finite:  # else the page says so in words (``beyond_floats``)
                out += proof_view.theorem1_lines(sq, th, 1, 1.0)
                out += proof_view.theorem1_lines(sq, th, 1, small)
                out += proof_view.theorem2_lines(sq, hb, 1, 0.5)
        alpha = float(np.float64(big) * big / small)
        dist = pc.Distance(np.array([0.0, 1.0]), np.array([big, -small]), alpha)
        if dist.finite and math.isfinite(big * big):  # as the Proof page asks
            out += proof_view.lines_004(dist, th, 1, 1.0) + proof_view.lines_004(dist, th, 1, 0.5)
    return out


def _kernel_formulas(scale: float) -> list[str]:
    """The dual form of real kernel runs on data at ``scale``."""
    X = np.array([[1.0, 2.0], [-1.5, 0.5], [0.5, -2.0], [2.0, 1.0]]) * scale
    y = np.array([1, -1, -1, 1])
    out = []
    with np.errstate(all="ignore"):
        for kernel in (pc.Kernel("linear"), pc.Kernel("poly", degree=2), pc.Kernel("rbf")):
            run = pc.train(X, y, variant="kernel", kernel=kernel, max_epochs=3, eta=0.5)
            for t in range(1, min(run.n_visits, 8) + 1):
                out += kernel_view.dual_update_lines(run, t)
    return out


def every_formula() -> list[str]:
    """Every formula, in every notation and language, at every magnitude."""
    out = []
    for lang, name in itertools.product(LANGUAGES, notation.NOTATIONS):
        # inf where the numbers pass the floats: written as ∞
        with language(lang), notation.using(name), np.errstate(all="ignore"):
            for v in MAGNITUDES:
                out += _visit_formulas(v)
            for big, small in itertools.product(POSITIVE[::3], POSITIVE[1::3]):
                out += _theorem_formulas(27_800, big, small)
            for scale in (1e-300, 1e-150, 1e-5, 1.0, 1e5, 1e49):  # data stays below 1e100
                out += _kernel_formulas(scale)
    return out


@pytest.mark.slow
def test_every_formula_typesets_in_katex_at_every_magnitude():
    formulas = sorted(set(every_formula()))
    assert len(formulas) > 5_000
    errors = katex_oracle.katex_errors(formulas)
    shown = "\n".join(f"{message}\n  in {formula}" for formula, message in errors[:5])
    assert not errors, f"{len(errors)} formulas KaTeX refuses, e.g.\n{shown}"


def test_the_judge_refuses_the_issues_double_superscript():
    """The oracle can fail: the formula the issue saw on screen is refused."""
    bad = r"\frac{4975^2}{4.137 \cdot 10^{-5}^2}"
    assert [f for f, _ in katex_oracle.katex_errors([bad, r"\frac{a^2}{b^2}"])] == [bad]


def test_theorem_one_with_a_tiny_margin_is_typeset():
    th = SimpleNamespace(R=4975.0, gamma=4.137e-5, bound=(4975 / 4.137e-5) ** 2)
    line = text.theorem1_latex(12, th)
    assert katex_oracle.katex_errors([line]) == []
