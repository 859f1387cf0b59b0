"""The numbers beside the chart: w and b, the visit as equations, and the theorems at
this step (Theorem 1 on separable data, Theorem 2 otherwise)."""

from __future__ import annotations

import numpy as np
import streamlit as st

import datasets
import perceptron_core as pc
from ui import compute, kernel_view, overlays, text
from ui.state import Table


def numbers_panel(
    page: Table, run, th, ds: datasets.Dataset, t: int, w, b: float, visit, variant="classic"
) -> None:
    """w and b, the visit as equations, and the theorems at this step; for averaged, voted
    and pocket also what that variant predicts with; a kernel run gets the dual form."""
    with st.container(key=page.own("numbers")):
        if run.is_kernel:
            _kernel_numbers(run, ds, t)
            return
        if variant in overlays.COLORS:
            _variant_numbers(run, variant, ds, t)
        _numbers(run, th, ds, t, w, b, visit)


def _variant_numbers(run, variant: str, ds: datasets.Dataset, t: int) -> None:
    """The variant's rule at step t and its training errors, next to the perceptron's."""
    if overlays.too_costly(run, variant, t, ds.n):
        k = int(run.updates_before_visit(t)) + 1 if variant == "voted" else run.n_updates + 1
        st.markdown(
            f"**{variant.capitalize()}**: {k:,} weight vectors against {ds.n:,} points is too "
            "much to draw live here; fewer points or epochs bring it back (the Variants page "
            "shows it on up to 2,000 points)."
        )
        return
    wrong = overlays.variant_errors(run, variant, t, ds.X, ds.y)
    if variant == "voted":
        k = int(run.updates_before_visit(t))
        rule = f"a vote of the {k + 1} weight vectors so far, each counted by its survival"
    else:
        vw, vb = run.variant_weights(variant, t)
        rule = text.weights_text(vw, vb)
    st.markdown(
        f"**{variant.capitalize()}** (dashed): {rule} · {wrong} of {ds.n} training points "
        "wrong with it now. The run itself is the classic perceptron's."
    )


def _kernel_numbers(run, ds: datasets.Dataset, t: int) -> None:
    """The dual form at step t: the kernel, sum of alpha, and the update written out."""
    k = run.updates_before_visit(t)
    alpha = kernel_view.alpha_at(run, k)
    st.caption(text.plain(kernel_view.kernel_description(run.kernel), 400))
    wrong = int(np.count_nonzero(pc.mistakes(ds.y, kernel_view.scores_at(run, k, ds.X))))
    st.markdown(
        f"Σα = {int(alpha.sum())} mistakes so far · {int(np.count_nonzero(alpha))} "
        f"examples with α_i > 0 · {wrong} of {ds.n} training points misclassified now"
    )
    lines = kernel_view.dual_update_lines(run, t, ds.X, ds.y)
    if lines:
        st.latex(gathered(lines))
    if run.kernel.name == "linear":
        st.caption(
            "With the linear kernel a·b + 1 the dual run makes exactly the mistakes of "
            "the classic perceptron: w = Σ α_i y_i x_i, b = Σ α_i y_i."
        )


def _numbers(run, th, ds: datasets.Dataset, t: int, w, b: float, visit) -> None:
    if w is not None:
        st.markdown(f"**{text.weights_text(w, b)}**")
    if visit is not None:
        st.markdown(text.visit_verdict(visit))
        lines = text.visit_latex(visit, ds.X[visit.index], int(ds.y[visit.index]), run.eta)
        st.latex(gathered(lines))  # one KaTeX block per group: fewer elements per step
    if th is None:
        return
    M = run.updates_before_visit(t)
    if th.separable:
        nonzero = bool(np.any(run.w0) or run.b0)
        start = th.bound_from_start(run.w0, run.b0, run.eta) if nonzero else None
        st.markdown(
            f"**Separable.** R = {text.num(th.R)}, γ* = {text.num(th.gamma)} "
            "(in the augmented space (1, x), bias included)"
        )
        st.latex(text.bound_latex(M, th.bound, th.R, th.gamma, start))
        proof = run.proof_at(M, th.u, th.gamma, th.R)
        st.caption("The proof's two quantities (w with the bias as its first entry):")
        st.latex(gathered(text.proof_latex(run.eta, proof)))
    else:
        st.warning(text.NOT_SEPARABLE)
        epochs = max(1, -(-t // run.n))
        bound = compute.hinge_bound(ds.X, ds.y, epochs)
        st.markdown(text.hinge_text(epochs, bound))
        if bound is not None:
            st.latex(text.hinge_latex(M, bound))


def gathered(lines: list[str]) -> str:
    """Several displayed equations as one LaTeX block, each centred on its own line."""
    return r"\begin{gathered}" + r" \\[0.6em] ".join(lines) + r"\end{gathered}"
