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
from ui import text
from ui.bounds import big_num, live


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
    w0 = "" if zero else r"w(0)\cdot w^* + "
    n0 = "" if zero else r"\|w(0)\|^2 + "
    tex = text.tex
    # From w = 0 the lines are short: one line each (a projector's column is as high as
    # it is wide); from a start, and the bound, on two.
    one = _one_line if zero else _stated
    lines = [
        rf"w^* = u^*/\gamma^*, \quad \|w^*\| = 1/\gamma^* = {tex(1 / g)}",
        one(r"w\cdot w^*", tex(dot / g), r"\ge", f"{w0}{_eta(eta)}M",
            tex(float(sq.lower(M)) / g)),
        one(r"\|w\|^2", tex(nsq), r"\le", f"{n0}{_eta(eta, '^2')}M R^2",
            tex(float(sq.upper_sq(M)))),
        _one_line(r"\frac{w\cdot w^*}{\|w^*\|}", tex(dot), r"\le", r"\|w\|",
                  tex(math.sqrt(nsq))),
    ]  # fmt: skip
    root = tex(math.sqrt(float(sq.upper_sq(M))))
    if zero:
        lines += [
            _one_line(rf"\frac{{{_eta(eta)}M}}{{\|w^*\|}}", tex(float(sq.lower(M))), r"\le",
                      rf"{_eta(eta)}R\sqrt{{M}}", root),
            rf"\begin{{aligned}} M = {int(M)} &\le R^2\|w^*\|^2 = "
            rf"\frac{{R^2}}{{\gamma^{{*2}}}} \\ &= {_crossing_tex(sq)} \end{{aligned}}",
        ]  # fmt: skip
    else:
        lines += [
            _stated(rf"\gamma^*\big(w(0)\cdot w^* + {_eta(eta)}M\big)", tex(float(sq.lower(M))),
                    r"\le", rf"\sqrt{{\|w(0)\|^2 + {_eta(eta, '^2')}M R^2}}", root),
            rf"\begin{{aligned}} M = {int(M)} &\le M_\times = {_crossing_tex(sq)} "
            r"\\ &\text{(where the two lines meet)} \end{aligned}",
        ]  # fmt: skip
    return lines


def lines_004(dist: pc.Distance, th, k: int, eta: float) -> list[str]:
    """004's proof from w(1), its x_i the flipped augmented samples y_i (1, x_i) and
    w_hat = u* (unit), with the numbers after k corrections."""
    w = r"w" if eta == 1 else r"\tfrac{1}{\eta}w"
    R2 = th.R**2
    return [
        rf"\beta^2 = \max_i\|x_i\|^2 = {text.tex(R2)}, \quad \gamma = \min_i \hat w\cdot x_i"
        rf" = {text.tex(th.gamma)}",
        rf"\alpha = \frac{{\beta^2}}{{\gamma}} = {text.tex(dist.alpha)}",
        _stated(rf"\|{w}(k{{+}}1) - \alpha\hat w\|^2", text.tex(float(dist.ratio[k]) * R2),
                r"\le", rf"\|{w}(1) - \alpha\hat w\|^2 - k\beta^2",
                text.tex((dist.start - k) * R2)),
        rf"\begin{{aligned}} k = {k} &\le \hat k = \frac{{\|{w}(1) - \alpha\hat w\|^2}}"
        rf"{{\beta^2}} \\ &= {text.bound_tex(dist.start)} \end{{aligned}}",
    ]  # fmt: skip


def theorem2_lines(sq: pc.Squeeze, hb, k: int, eta: float) -> list[str]:
    """Theorem 2's proof after update k (E = hb.epochs epochs), in 001's notation."""
    M = float(sq.mistakes[k])
    size = math.sqrt(hb.norm2)
    w0 = "" if sq.n0 == 0 else r"w(0)\cdot w^* + "
    n0 = "" if sq.n0 == 0 else r"\|w(0)\|^2 + "
    gain = r"M - E\,L_{\text{hinge}}(w^*)"
    if eta != 1:
        gain = rf"\eta\big({gain}\big)"
    return [
        _stated(r"w\cdot w^*", text.tex(float(sq.dot[k]) * size), r"\ge", f"{w0}{gain}",
                text.tex(float(sq.lower(M)) * size)),
        _stated(r"\|w\|^2", text.tex(float(sq.norm_sq[k])), r"\le",
                f"{n0}{_eta(eta, '^2')}M R^2", text.tex(float(sq.upper_sq(M)))),
    ]  # fmt: skip


# --------------------------------------------------------------------------- words
def beyond_floats(sq: pc.Squeeze, k: int) -> str:
    """What the page says instead of the proof's lines when its numbers are not floats."""
    why = "‖w‖² of a w ≠ 0 is below the smallest float" if sq.underflow else "they overflow"
    said = f"The proof's numbers for this data are beyond floating point ({why}): "
    said += "they cannot be shown."
    if sq.theorem != 1:
        return said
    M, bound = int(sq.mistakes[k]), big_num(sq.crossing, sq.crossing_log10)
    where = "R²/γ*² =" if sq.n0 == 0 else "where the two lines meet,"
    return said + f" The theorem still holds: M = {M} ≤ {where} {bound}."


def beyond_floats_004(dist: pc.Distance) -> str:
    """What the page says instead of 004's lines when their numbers pass the float range."""
    return (
        "004's numbers are beyond floating point for this data: k̂ = ‖w(1) − αŵ‖²/β² is "
        f"about {big_num(dist.start, dist.start_log10)}, and a fall of at least 1 per "
        "correction cannot be seen against it."
    )


SPACE = (
    "Every number here lives in the augmented space: a point is (1, x₁, x₂), w = (b, w₁, w₂) "
    "holds the bias as its first entry, so ‖w‖² = b² + w₁² + w₂², R = max ‖(1, xᵢ)‖, and "
    "γ* is the largest margin of a unit u* in that space (the bias inside its norm)."
)


def summary(run, th, t: int, hinge_of=None) -> str:
    """The main line at cursor t: w and b, the mistakes so far and the bound that holds
    for this run (``ui.bounds.live``: Theorem 1 from w = 0, 004's k_hat from another
    start, Theorem 2 or its proof from this start on data no line separates)."""
    M = int(run.updates_before_visit(t))
    w, b = run.weights(M)
    said = live(run, th, t, hinge_of)
    return f"{text.weights_text(w, b)} · {said.line()}"
