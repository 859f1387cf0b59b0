"""The proof page's numbers under its stage: 004's proof, Theorem 2's conditions, and the
proof's four charts at the step shown (the equations and words: ``ui.views.proof_view``; the
charts: ``ui.views.proof_charts``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import streamlit as st

import perceptron_core as pc
from ui import bounds, compute, text
from ui.parts import numbers
from ui.stage import part as stage
from ui.state import Table
from ui.views import proof_charts, proof_view
from ui.words import t as say


@dataclass(frozen=True)
class Proof:
    """The page's run and what stays fixed over its steps (``th``: its data's theory;
    ``distance``: 004's proof, None on data no line separates)."""

    page: Table
    run: Any
    ds: Any
    th: Any
    distance: Any
    log: bool
    presenter: bool

    @property
    def separable(self) -> bool:
        return self.th is not None and self.th.separable

    def theorem2_latex(self, k: int, hb) -> str:
        """M against Theorem 2 from w = 0, or against its proof from this start."""
        run = self.run
        if bounds.from_zero(run):
            return text.hinge_latex(k, hb)
        return text.hinge_start_latex(k, hb.from_start(run.w0, run.b0, run.eta), run.eta)

    def more_numbers(self, squeeze, hb, k: int, epoch: int) -> None:
        """004's proof (separable data) or Theorem 2's conditions, then the charts."""
        run, th, distance = self.run, self.th, self.distance
        if self.separable:
            which = "proof.p004" if bounds.from_zero(run) else "proof.p004_random"
            st.markdown(say(which, **proof_view.symbols()))
            if distance.finite:
                st.latex(numbers.gathered(proof_view.lines_004(distance, th, k, run.eta)))
            else:  # data near 1e-300: R/γ* near 1e300, its square past the float range
                st.caption(proof_view.beyond_floats_004(distance))
        elif hb is not None and not bounds.from_zero(run):
            st.caption(say("proof.t2_start", **proof_view.symbols()))
        if hb is not None and squeeze is None:
            st.latex(self.theorem2_latex(k, hb))
            st.caption(say("proof.w_star_zero", **proof_view.symbols()))
        if (hb is None and not self.separable) or (squeeze is not None and not squeeze.finite):
            st.caption(say("proof.no_curves"))
            return
        self.charts(squeeze, k, epoch)

    def charts(self, squeeze, k: int, epoch: int) -> None:
        """The four charts of the proof at update k, two to a row."""
        run, ds = self.run, self.ds
        per_epoch = None
        if not self.separable:  # Theorem 2 solved at a few epochs (cached), for its chart
            sampled = pc.sample_epochs(run.epochs, epoch)
            bounds_at = {e: compute.hinge_bound(ds, e) for e in sampled}
            per_epoch = pc.epoch_bounds(run, bounds_at)
        figs = proof_charts.charts(
            squeeze, k, distance=self.distance, epochs=per_epoch, epoch=epoch, log=self.log,
            presenter=self.presenter,
        )  # fmt: skip
        columns = st.columns(2, gap="medium")
        for i, (name, title, fig) in enumerate(figs):
            with columns[i % 2]:
                st.markdown(f"**{text.md_numbers(title)}**")
                stage.plot(self.page, name, fig)
