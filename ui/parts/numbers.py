"""The numbers beside the chart: w and b, the visit as equations, and the theorems at
this step (Theorem 1 on separable data, Theorem 2 otherwise)."""

from __future__ import annotations

import streamlit as st

import datasets
from ui import bounds, compute, notation, text
from ui.charts import overlays
from ui.state import Table, owns
from ui.views import kernel_view, numbers_view, score_view
from ui.views.numbers_view import margin_line  # noqa: F401
from ui.words import t as words

OWN = owns("summary", "margin")  # the lines of numbers (``texts``), by name


def numbers_panel(
    page: Table, run, th, ds: datasets.Dataset, t: int, w, b: float, visit, variant="classic"
) -> None:
    """w and b, the visit as equations, and the theorems at this step; for averaged, voted
    and pocket also what that variant predicts with; a kernel run gets the dual form."""
    with st.container(key=page.own("numbers")):
        if run.is_kernel:
            _kernel_numbers(page, run, ds, t)
            return
        if variant in overlays.COLORS:
            _variant_numbers(run, variant, ds, t)
        _numbers(page, run, th, ds, t, w, b, visit)


def _variant_numbers(run, variant: str, ds: datasets.Dataset, t: int) -> None:
    """The variant's rule at step t and its training errors, next to the perceptron's."""
    name = words(f"variant.{variant}").capitalize()
    if overlays.too_costly(run, variant, t, ds.n):
        k = int(run.updates_before_visit(t)) + 1 if variant == "voted" else run.n_updates + 1
        st.markdown(words("variant.too_costly", name=name, k=f"{k:,}", n=f"{ds.n:,}"))
        return
    wrong = overlays.variant_errors(run, variant, t, ds.X, ds.y)
    if variant == "voted":
        k = int(run.updates_before_visit(t))
        rule = words("variant.vote", k=f"{k + 1:,}")
    else:
        vw, vb = run.variant_weights(variant, t)
        rule = text.weights_text(vw, vb)
    drawn = words("variant.dashed" if ds.d == 2 else "variant.not_drawn")
    st.markdown(
        words("variant.line", name=name, drawn=drawn, rule=rule, wrong=f"{wrong:,}", n=f"{ds.n:,}")
    )


def _kernel_numbers(page: Table, run, ds: datasets.Dataset, t: int) -> None:
    """The dual form at step t: the kernel, sum of alpha, and the update written out."""
    st.caption(text.plain(kernel_view.kernel_description(run.kernel), 400))
    text_line(page, "summary", texts(run, ds)(t)["summary"], bold=False)
    lines = kernel_view.dual_update_lines(run, t, ds.X, ds.y)
    if lines:
        st.latex(gathered(lines))
    if run.kernel.name == "linear":
        nt = notation.current()
        st.caption(words("kernel.linear_same", w=nt.w, b=nt.b))


def _numbers(page: Table, run, th, ds, t: int, w, b: float, visit) -> None:
    lines = None if w is None else texts(run, ds, th)(t)
    if lines is not None:  # M and its bound first: on a projector's first screen
        text_line(page, "summary", lines["summary"])
    if visit is not None:
        y = int(ds.y[visit.index])
        st.markdown(text.visit_verdict(visit, y, run.eta))
        wide = ds.d > score_view.WIDE  # d terms: the first ones, the rest summed, the last
        write = score_view.visit_latex if wide else text.visit_latex
        update = write(visit, ds.X[visit.index], int(ds.y[visit.index]), run.eta)
        st.latex(gathered(update))  # one KaTeX block per group: fewer elements per step
        if wide and visit.mistake:
            shown = score_view.SHOWN_ENTRIES
            st.caption(words("run.wide_vectors", d=ds.d, k=shown, w=notation.current().w))
    if lines is not None:
        text_line(page, "margin", lines["margin"], bold=False)
    if th is not None:
        theorem_block(run, th, ds, t)


def theorem_block(run, th, ds: datasets.Dataset, t: int) -> None:
    """The theorem that holds at step t, with its assumptions and its numbers: Theorem 1
    from w = 0, 004's proof from another start, Theorem 2 (from w = 0, or its proof from
    this start) on data no line separates."""
    live = bounds.live(run, th, t, hinge_of(ds))
    M = live.M
    nt = notation.current()
    zero = f"{nt.w} = 0"
    if not live.theorem:  # batch steps: no theorem of the notes counts them
        head = words("thm.separable_head" if th.separable else "thm.not_separable_head")
        st.markdown(f"{head} {words('thm.no_bound', why=live.why)}")
        return
    if th.separable:
        st.markdown(words("thm.separable", R=text.num(th.R), gamma=text.num(th.gamma)))
        note = margins_note(ds, th)
        if note:
            st.caption(note)
        if live.theorem == "1":
            st.markdown(words("thm.one", zero=zero))
            st.latex(text.theorem1_latex(M, th))
        else:
            st.markdown(words("thm.start", zero=zero, w=nt.w))
            st.latex(text.start_latex(M, live.value, run.eta))
        proof = run.proof_at(M, th.u, th.gamma, th.R)
        st.caption(words("thm.quantities_a" if nt.augmented else "thm.quantities", w=nt.w))
        st.latex(gathered(text.proof_latex(run.eta, proof)))
        return
    st.warning(text.not_separable(bounds.from_zero(run)))
    epochs = bounds.epochs_of(run, t)
    hb = compute.hinge_bound(ds, epochs)
    st.markdown(text.hinge_text(epochs, hb, bounds.from_zero(run)))
    if hb is None:
        return
    if live.theorem == "2":
        st.latex(text.hinge_latex(M, hb))
    else:
        st.markdown(words("thm.two_start", zero=zero, w=nt.w))
        st.latex(text.hinge_start_latex(M, live.value, run.eta))


def hinge_of(ds: datasets.Dataset):
    """Theorem 2 after E epochs on ``ds`` (cached), for ``bounds.live``."""
    return lambda epochs: compute.hinge_bound(ds, epochs)


def gathered(lines: list[str]) -> str:
    """Several displayed equations as one LaTeX block, each centred on its own line."""
    return r"\begin{gathered}" + r" \\[0.4em] ".join(lines) + r"\end{gathered}"


def text_line(page: Table, name: str, line: str, *, bold: bool = True) -> None:
    """One line of numbers (``Layered.texts``), keyed so the browser's frames can replace
    it as they step: the same words whether the server or a frame wrote them."""
    with st.container(key=page.own(name)):
        md = text.md_numbers(line)
        st.markdown(f"**{md}**" if bold else md)


def texts(run, ds: datasets.Dataset, th=None):
    """texts(t): the main numbers at step t by name (``numbers_view.texts``), with
    Theorem 2 from the page's cache."""
    return numbers_view.texts(run, ds, th, hinge_of(ds))


def margins_note(ds: datasets.Dataset, th) -> str | None:
    """Which margin is which: the generator's γ (distance to its line in the picture)
    against the bound's γ* (the augmented space (1, x), where the bias counts in the norm)."""
    if th is None or not th.separable:
        return None
    params = getattr(ds, "params", None) or {}
    nominal = params.get("margin") if params.get("generator") == "separable" else None
    if nominal is None or ds.preprocessing != "none":
        return None
    return words(
        "thm.margins_note",
        nominal=text.num(float(nominal)),
        picture=text.num(th.geometric_margin),
        gamma=text.num(th.gamma),
    )
