"""The proof page's equations and words (no streamlit): Theorems 1 and 2 of note 001 and
the proof of note 004, read off a recorded run mistake by mistake.

The numbers are the engine's (``perceptron_core/proof.py``, where the squeeze and the
theorems are written out): ``pc.theorem1`` and ``pc.theorem2`` (a ``pc.Squeeze``: w.u and
||w||^2 after every update, the lines under and over them, where they meet),
``pc.distance_004`` and ``pc.epoch_bounds``. Here they become LaTeX lines and sentences
(the charts: ``ui/views/proof_charts.py``); nothing here re-runs the rule or re-derives a bound.
"""

from __future__ import annotations

import math

import perceptron_core as pc
from ui import notation, text
from ui.bounds import big_num, live
from ui.charts import layers
from ui.views import playground_view
from ui.words import t as say


def symbols() -> dict[str, str]:
    """The proof's symbols in the lab's notation, for its words: the weight vector (the
    augmented one, its bias first: w, θ, a), the bias, an input, and ŵ (004's unit w)."""
    n = notation.current()
    return dict(w=n.w, b=n.b, x=n.x, w_hat="ŵ" if n.w == "w" else n.w + "\u0302")


def _w_tex() -> str:
    return notation.current().w_tex


def _hat_tex() -> str:
    W = _w_tex()
    return r"\hat w" if W == "w" else rf"\hat{{{W}}}"


# ------------------------------------------------------------------------ equations
def _crossing_tex(sq) -> str:
    """Where the squeeze's two lines meet, as a bound (never rounded below a whole number it
    allows), or past the float range from its log10."""
    if math.isfinite(sq.crossing):
        return text.bound_tex(sq.crossing)
    return big_tex(sq.crossing, sq.crossing_log10)


def big_tex(value: float, log10: float) -> str:
    """``big_num`` for LaTeX."""
    said = big_num(value, log10)
    if "·10^" in said and not math.isfinite(value):
        mant, exp = said.split("·10^")
        return rf"{mant} \cdot 10^{{{exp}}}"
    return text.tex(value)


def _eta(eta: float, power: str = "") -> str:
    return "" if eta == 1 else rf"\eta{power}\,"


def _one_line(lhs: str, value: str, sign: str, rhs: str, bound: str) -> str:
    """lhs = value sign rhs = bound."""
    return rf"{lhs} = {value} \;{sign}\; {rhs} = {bound}"


def _stated(lhs: str, value: str, sign: str, rhs: str, bound: str) -> str:
    """lhs = value, then sign rhs = bound on the next line: narrow enough for a column."""
    return rf"\begin{{aligned}} {lhs} &= {value} \\ &{sign} {rhs} = {bound} \end{{aligned}}"


def theorem1_lines(sq: pc.Squeeze, th, k: int, eta: float) -> list[str]:
    """Theorem 1's proof in 001's notation (w* = u*/gamma*, ||w*|| = 1/gamma*), each line
    with its numbers after update k."""
    M = float(sq.mistakes[k])
    g = th.gamma
    dot, nsq = float(sq.dot[k]), float(sq.norm_sq[k])
    zero = sq.n0 == 0
    W = _w_tex()
    w0 = "" if zero else rf"{W}(0)\cdot {W}^* + "
    n0 = "" if zero else rf"\|{W}(0)\|^2 + "
    tex = text.tex
    # From w = 0 the lines are short: one line each (a projector's column is as high as
    # it is wide); from a start, and the bound, on two.
    one = _one_line if zero else _stated
    lines = [
        rf"{W}^* = u^*/\gamma^*, \quad \|{W}^*\| = 1/\gamma^* = {tex(1 / g)}",
        one(rf"{W}\cdot {W}^*", tex(dot / g), r"\ge", f"{w0}{_eta(eta)}M",
            tex(float(sq.lower(M)) / g)),
        one(rf"\|{W}\|^2", tex(nsq), r"\le", f"{n0}{_eta(eta, '^2')}M R^2",
            tex(float(sq.upper_sq(M)))),
        _one_line(rf"\frac{{{W}\cdot {W}^*}}{{\|{W}^*\|}}", tex(dot), r"\le", rf"\|{W}\|",
                  tex(math.sqrt(nsq))),
    ]  # fmt: skip
    root = tex(math.sqrt(float(sq.upper_sq(M))))
    if zero:
        lines += [
            _one_line(rf"\frac{{{_eta(eta)}M}}{{\|{W}^*\|}}", tex(float(sq.lower(M))),
                      r"\le", rf"{_eta(eta)}R\sqrt{{M}}", root),
            rf"\begin{{aligned}} M = {text.whole_tex(M)} &\le R^2\|{W}^*\|^2 = "
            rf"\frac{{R^2}}{{\gamma^{{*2}}}} \\ &= {_crossing_tex(sq)} \end{{aligned}}",
        ]  # fmt: skip
    else:
        lines += [
            _stated(rf"\gamma^*\big({W}(0)\cdot {W}^* + {_eta(eta)}M\big)",
                    tex(float(sq.lower(M))), r"\le",
                    rf"\sqrt{{\|{W}(0)\|^2 + {_eta(eta, '^2')}M R^2}}", root),
            rf"\begin{{aligned}} M = {text.whole_tex(M)} &\le M_\times = {_crossing_tex(sq)} "
            rf"\\ &\text{{{say('proof.tex_meet')}}} \end{{aligned}}",
        ]  # fmt: skip
    return lines


def lines_004(dist: pc.Distance, th, k: int, eta: float) -> list[str]:
    """004's proof from w(1), its x_i the flipped augmented samples y_i (1, x_i) and
    w_hat = u* (unit), with the numbers after k corrections."""
    W, hat = _w_tex(), _hat_tex()
    w = W if eta == 1 else rf"\tfrac{{1}}{{\eta}}{W}"
    R2 = th.R**2
    return [
        rf"\beta^2 = \max_i\|x_i\|^2 = {text.tex(R2)}, \quad \gamma = \min_i {hat}\cdot x_i"
        rf" = {text.tex(th.gamma)}",
        rf"\alpha = \frac{{\beta^2}}{{\gamma}} = {text.tex(dist.alpha)}",
        _stated(rf"\|{w}(k{{+}}1) - \alpha{hat}\|^2", text.tex(float(dist.ratio[k]) * R2),
                r"\le", rf"\|{w}(1) - \alpha{hat}\|^2 - k\beta^2",
                text.tex((dist.start - k) * R2)),
        rf"\begin{{aligned}} k = {text.whole_tex(k)} &\le \hat k = "
        rf"\frac{{\|{w}(1) - \alpha{hat}\|^2}}{{\beta^2}} \\ &= {text.bound_tex(dist.start)} "
        r"\end{aligned}",
    ]  # fmt: skip


def theorem2_lines(sq: pc.Squeeze, hb, k: int, eta: float) -> list[str]:
    """Theorem 2's proof after update k (E = hb.epochs epochs), in 001's notation."""
    M = float(sq.mistakes[k])
    size = math.sqrt(hb.norm2)
    W = _w_tex()
    w0 = "" if sq.n0 == 0 else rf"{W}(0)\cdot {W}^* + "
    n0 = "" if sq.n0 == 0 else rf"\|{W}(0)\|^2 + "
    gain = rf"M - E\,L_{{\text{{hinge}}}}({W}^*)"
    if eta != 1:
        gain = rf"\eta\big({gain}\big)"
    return [
        _stated(rf"{W}\cdot {W}^*", text.tex(float(sq.dot[k]) * size), r"\ge", f"{w0}{gain}",
                text.tex(float(sq.lower(M)) * size)),
        _stated(rf"\|{W}\|^2", text.tex(float(sq.norm_sq[k])), r"\le",
                f"{n0}{_eta(eta, '^2')}M R^2", text.tex(float(sq.upper_sq(M)))),
    ]  # fmt: skip


# --------------------------------------------------------------------------- words
def beyond_floats(sq: pc.Squeeze, k: int) -> str:
    """What the page says instead of the proof's lines when its numbers are not floats."""
    why = say("proof.underflow", **symbols()) if sq.underflow else say("proof.overflow")
    said = say("proof.beyond", why=why)
    if sq.theorem != 1:
        return said
    M, bound = int(sq.mistakes[k]), big_num(sq.crossing, sq.crossing_log10)
    where = "R²/γ*² =" if sq.n0 == 0 else say("proof.where_meet")
    return said + " " + say("proof.still_holds", M=f"{M:,}", where=where, bound=bound)


def beyond_floats_004(dist: pc.Distance) -> str:
    """What the page says instead of 004's lines when their numbers pass the float range."""
    return say("proof.beyond_004", value=big_num(dist.start, dist.start_log10), **symbols())


def space() -> str:
    """Where the proof's numbers live: the augmented space, the bias inside w."""
    return say("proof.space", **symbols())


def summary(run, th, t: int, hinge_of=None) -> str:
    """The main line at cursor t: w and b, the mistakes so far and the bound that holds
    for this run (``ui.bounds.live``: Theorem 1 from w = 0, 004's k_hat from another
    start, Theorem 2 or its proof from this start on data no line separates)."""
    M = int(run.updates_before_visit(t))
    w, b = run.weights(M)
    said = live(run, th, t, hinge_of)
    return f"{text.weights_text(w, b)} · {said.line()}"


def layered(chart, run, X, y, th, hinge_of=None) -> layers.Layered:
    """The Proof page's stage over ``chart`` (a ``Playground``) and the offline lecture's
    picture of its scenes: the boundary after each step and the update just made, at a
    converged run's end the perceptron's line against u*'s, and the page's main line
    (``summary``) at every step."""
    if run is None:
        return layers.Layered(chart.scene_traces(), lambda t: ([], []))
    return layers.Layered(
        chart.scene_traces(),
        playground_view.replayed(chart, run, X, y, end_note=True),
        lambda t: {"summary": summary(run, th, t, hinge_of)},
    )
