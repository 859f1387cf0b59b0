"""The numbers beside a stage's chart as plain lines by name (``Layered.texts``): w and
b with M against the bound that holds, and the margins. Pure (no streamlit): the pages
(``ui.parts.numbers``) and the notebook's stage (``perceptron_widget``) write the same."""

from __future__ import annotations

import numpy as np

import perceptron_core as pc
from ui import bounds, notation, replay, text
from ui.views import score_view
from ui.words import t as words


def texts(run, ds, th=None, hinge_of=None):
    """texts(t): the main numbers at step t, each on one plain line, by name: w and b, or
    on a kernel run the dual's alpha, with M against the bound that holds
    (``ui.bounds.live``; ``th``: the data's ``pc.Theory``; ``hinge_of(epochs)``: Theorem
    2 after so many epochs, or None); the margins. ``ds``: anything with X, y, n, d."""

    def at(t: int) -> dict[str, str]:
        M = run.updates_before_visit(t)
        if run.is_kernel:
            alpha = pc.alpha_at(run, M)
            scores = pc.kernel_scores(run, M, ds.X)
            wrong = int(np.count_nonzero(pc.mistakes(ds.y, scores)))
            bound = bounds.live(run, th, t, hinge_of).line()
            line = words(
                "kernel.summary",
                n=int(alpha.sum()),
                support=int(np.count_nonzero(alpha)),
                wrong=f"{wrong:,}",
                total=f"{ds.n:,}",
                bound=bound,
            )
            return {"summary": line}
        w, b, _, _ = replay.at_step(run, ds.X, ds.y, t)
        line = f"{text.weights_text(w, b)} · {bounds.live(run, th, t, hinge_of).line()}"
        return {"summary": line, "margin": margin_line(w, b, ds, th)}

    return at


def margin_line(w, b: float, ds, th=None) -> str:
    """Margins, each in its own space: the current w's in the picture (free bias, only w in
    the norm: the band drawn around its boundary) beside the picture's largest, and γ*
    (augmented, bias in the norm: Theorem 1's), which is a different number."""
    if ds.d > 2:  # the chart shows scores: margins in the augmented space
        own = score_view.margin_line(w, b, ds.X, ds.y)
        if th is None or not th.separable:
            return own
        return f"{own} {words('margin.largest', value=text.num(th.gamma))}"
    nt = notation.current()
    w = np.asarray(w, dtype=np.float64)
    if ds.n == 0 or not np.any(w):
        own = words("margin.none", w=nt.w)
    else:
        a = pc.activations(ds.X, w, b)
        wrong = int(np.count_nonzero(pc.mistakes(ds.y, a)))
        if wrong:
            own = words("margin.wrong", w=nt.w, wrong=f"{wrong:,}", n=f"{ds.n:,}")
        else:
            margin = float(np.min(ds.y * a)) / float(np.linalg.norm(w))
            own = words(
                "margin.own", w=nt.w, signed=nt.signed, norm=nt.norm, value=text.num(margin)
            )
    if th is None or not th.separable:
        return own + "."
    return (
        f"{own} · {words('margin.max', value=text.num(th.geometric_margin))} · "
        f"{words('margin.gamma', value=text.num(th.gamma))}."
    )
