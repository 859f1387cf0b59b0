"""Words and equations of the Playground, built from plain numbers (no streamlit here):
in the lab's notation (``ui.notation``: its symbols) and language (``ui.words``)."""

from __future__ import annotations

import html
import math
import re

import numpy as np

import perceptron_core as pc
from ui import notation
from ui.limits import NAME_LIMIT, VALUE_LIMIT
from ui.words import t as words

# ----------------------------------------------------------- text from users
# Strings from a user, a file or a link (class and column names, file names, link values)
# are shown as plain text: never as Markdown (st.markdown, st.caption, st.warning and
# st.error render it: links, images, emphasis, Streamlit's :color[...] and :icon:) and
# never as Plotly's pseudo-HTML (<b>, <a href>, <br>). They are also cut to a sane length,
# since a megabyte-long class name would be drawn in every legend entry at every step.
# Inline Markdown (and Streamlit's directives, KaTeX, GFM autolinks: "www.", "http:",
# "a@b.c"); block syntax (#, -, +, >, =, "1.") matters only at the start of the text.
_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#!|<>~:$^&.@])")
_MD_LEADING = re.compile(r"^([\-+=])")
_AUTOLINK = re.compile(r":(?=\\?/)|[wW](?=\\?\.)|[^\s\\](?=\\?@)")
ZWSP = "\u200b"
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]+")


def shorten(value, limit: int = VALUE_LIMIT) -> str:
    """``str(value)`` on one line, cut to ``limit`` characters with an ellipsis."""
    s = _CONTROL.sub(" ", str(value))
    return s if len(s) <= limit else s[: max(1, limit - 1)] + "…"


def plain(value, limit: int = VALUE_LIMIT) -> str:
    """A user's string for Markdown: shortened, every punctuation mark escaped.

    CommonMark lets a backslash escape any ASCII punctuation, so links ``[..](..)``,
    images, emphasis, HTML tags, Streamlit's ``:red[..]`` and ``:material/..:`` and bare
    ``http://`` autolinks all stay literal text.
    """
    s = _MD_LEADING.sub(r"\\\1", _MD_SPECIAL.sub(r"\\\1", shorten(value, limit)))
    # Streamlit turns URLs into links after parsing, escapes or not: a zero-width space
    # (invisible) breaks "scheme://", "www." and "name@host" apart.
    return _AUTOLINK.sub(lambda m: m.group(0)[0] + ZWSP + m.group(0)[1:], s)


_MD_ACTIVE = re.compile(r"([\\`*\[\]<>])")


def md_numbers(line: str) -> str:
    """A line the app writes from numbers ("R²/γ*² = 4"), for Markdown: the characters
    that would start emphasis, code, a link or HTML escaped (no user text goes here)."""
    return _MD_ACTIVE.sub(r"\\\1", line)


_MD_ESCAPED = re.compile(r"\\([\\`*\[\]<>_#+\-.!(){}|~:])")


def unmarked(line: str) -> str:
    """A line the app wrote as Markdown (its catalogue's **bold**, ``md_numbers``'
    escapes) as the plain text it shows, for a place that shows text as text (the offline
    lecture)."""
    return _MD_ESCAPED.sub(r"\1", line.replace("**", ""))


def quoted(value, limit: int = VALUE_LIMIT) -> str:
    """A user's value for Markdown, in quotes: ``'value'``."""
    return "'" + plain(value, limit) + "'"


def plot_text(value, limit: int = NAME_LIMIT) -> str:
    """A user's string for Plotly (legend, axis titles, hover): shortened, HTML-escaped."""
    return html.escape(shorten(value, limit), quote=False)


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """A count and an English noun, singular for one: ``1 epoch``, ``1,000 epochs`` (a page
    says a count through the catalogue's plural forms instead: ``ui.words.t``)."""
    return f"{n:,} {noun if n == 1 else plural or noun + 's'}"


# The run controls and their keys (C and R are reserved by Streamlit): each move's label,
# key and help (the label and help as message ids: ``key_label`` and ``key_help`` say them).
KEYS = {
    "step": ("key.step", "S", "key_help.step"),
    "visit": ("key.visit", "V", "key_help.visit"),
    "back": ("key.back", "B", "key_help.back"),
    "epoch": ("key.epoch", "E", "key_help.epoch"),
    "end": ("key.end", "F", "key_help.end"),
    "reset": ("key.reset", "X", "key_help.reset"),
    "play": ("key.play", "P", "key_help.play"),
}


def key_label(move: str) -> str:
    """A stepping button's label in the lab's language."""
    return words(f"key.{move}")


def key_help(move: str) -> str:
    """A stepping button's help in the lab's language and notation."""
    nt = notation.current()
    return words(f"key_help.{move}", start=f"{nt.w} = {nt.w}0")


def keys_help() -> str:
    """One line listing the keyboard shortcuts."""
    keys = " · ".join(f"**{k}** {words(f'keyname.{m}')}" for m, (_, k, _) in KEYS.items())
    return keys + " · " + words("keys.clicker")


def num(value: float, digits: int = 4) -> str:
    """A number for people: up to ``digits`` significant digits, no "-0"."""
    value = float(value)
    if value == 0:
        return "0"
    if not math.isfinite(value):
        return "∞" if value > 0 else "-∞"
    text = f"{value:.{digits}g}"
    if "e" in text:
        mant, exp = text.split("e")
        return f"{mant}·10^{int(exp)}"
    return text


def compact(value: float) -> str:
    """A short number for a narrow table: 76.9, 4,952, 1.2e+05."""
    if not math.isfinite(value):
        return "∞"
    if abs(value) < 1_000:
        return num(value, 3)
    if abs(value) < 100_000:
        return f"{value:,.0f}"
    return f"{value:.2g}"


def tex(value: float, digits: int = 4) -> str:
    """A number for LaTeX."""
    text = num(value, digits)
    if "·10^" in text:
        mant, exp = text.split("·10^")
        return rf"{mant} \cdot 10^{{{exp}}}"
    return text.replace("∞", r"\infty")


def tex_base(value: float, digits: int = 4) -> str:
    """A number for LaTeX as the base of a power: in parentheses when it is written with a
    power of ten or a sign, since ``4.1 \\cdot 10^{-5}^2`` is a double superscript KaTeX
    refuses, and ``-2^2`` reads as ``-(2^2)``."""
    text = tex(value, digits)
    if "10^" in text or text.startswith("-"):
        return rf"\left({text}\right)"
    return text


def vec(values) -> str:
    """(a, b) for text."""
    return "(" + ", ".join(num(v) for v in np.ravel(values)) + ")"


def _col(values) -> str:
    return r"\begin{pmatrix}" + r" \\ ".join(tex(v) for v in np.ravel(values)) + r"\end{pmatrix}"


def _signed(value: float) -> str:
    return f"(+{tex(value)})" if value > 0 else f"({tex(value)})"


def no_run() -> str:
    """What the stage says while there is no run, in the lab's language."""
    return words("status.no_run")


def status_line(run, t: int) -> str:
    """What a student reads: "update 7 · epoch 2 · example 13 of 40 · mistake"."""
    nt = notation.current()
    k = run.updates_before_visit(t)
    total = run.n_visits
    if t == 0:
        return words("status.start", total=total)
    v = run.visit(t - 1)
    label = int(run.y[v.index])
    if run.online:
        pred = run.prediction(t - 1)
        zero = "0" if nt.name in ("wb", "theta") else "–"  # 0 is a label in hardlim's
        said = nt.label_of(pred) if pred else words("status.unsure", zero=zero)
        parts = [
            words("status.arrival", i=f"{v.position + 1:,}", n=f"{run.n:,}"),
            words("status.update", k=f"{k:,}"),
            words("status.predicted", said=said, label=nt.label_of(label)),
        ]
    else:
        parts = [
            words("status.update", k=f"{k:,}"),
            words("status.epoch", e=f"{v.epoch + 1:,}"),
            words("status.example", i=f"{v.position + 1:,}", n=f"{run.n:,}"),
        ]
    if v.mistake and v.activation == 0:
        parts.append(tie_words(label, "status"))
    else:
        parts.append(words("status.mistake" if v.mistake else "status.no_mistake"))
    if t == total and not run.online:
        parts.append(end_reason(run))
    return " · ".join(parts)


def tie_words(label: int, where: str) -> str:
    """A tie (score 0) in the notation's words: ``where`` is "status" or "verdict". In
    hardlim's the lab and Hagan et al. differ for t = 1 (hardlim(0) = 1 = t: no error
    there), which is said."""
    nt = notation.current()
    if nt.hardlim:
        return words(f"{where}.tie_hardlim_{'one' if label > 0 else 'zero'}")
    return words(f"{where}.tie", score=nt.signed if nt.augmented else nt.score)


def end_reason(run) -> str:
    if run.stop_reason == "converged":
        return words("status.converged", e=run.epochs)
    if run.stop_reason == "max_epochs":
        return words("status.max_epochs", e=run.epochs)
    return words("status.max_updates", k=f"{run.n_updates:,}")


def visit_verdict(visit, y: int | None = None, eta: float = 1.0) -> str:
    """The visit in words: what the test said and what the rule did (``y``: the visited
    point's label, for the notations whose words depend on it; ``eta``: the step)."""
    nt = notation.current()
    if nt.hardlim:
        test_ok, test_bad = "e = t − hardlim(n) = 0", "e = t − hardlim(n) ≠ 0"
    else:
        test_ok, test_bad = f"{nt.signed} > 0", f"{nt.signed} ≤ 0"
    if not visit.mistake:
        return words("verdict.ok", test=test_ok)
    if visit.activation == 0:
        said = tie_words(1 if y is None else y, "verdict")
    else:
        what = nt.w if nt.augmented else words("verdict.and", w=nt.w, b=nt.b)
        said = words("verdict.mistake", test=test_bad, what=what)
    if nt.hardlim and eta != 1 and y is not None:
        e = 1 if y > 0 else -1  # the lab's e on a mistake: 2t - 1
        step = visit.b_after - visit.b_before  # η e: the bias's change, as the run made it
        said += " " + words("verdict.eta", eta=num(eta), e=f"{e:+d}", step=num(step))
    return said


def visit_latex(visit, x, y: int, eta: float) -> list[str]:
    """The test and, on a mistake, the update of one visit, with its actual numbers, in
    the lab's notation.

    Each item is one ``st.latex`` block, split over lines so it fits a narrow column.
    """
    nt = notation.current()
    if nt.augmented:
        return _augmented_latex(visit, x, y, eta)
    if nt.hardlim:
        return _hardlim_latex(visit, x, y, eta)
    W, B = nt.w_tex, nt.b_tex
    w, b = visit.w_before, visit.b_before
    # One term per line: the equations must fit a narrow column (and a projector).
    sum_lines = _terms(w, x, b)
    a = visit.activation
    sign = r"\le" if visit.mistake else ">"
    lines = [
        rf"\begin{{aligned}} {W}\cdot x + {B} &= {sum_lines} \\ &= {tex(a)}"
        rf"\end{{aligned}}",
        rf"\begin{{aligned}} y\,({W}\cdot x + {B}) &= {_signed(y)} \cdot {_paren(a)} \\"
        rf" &= {tex(y * a)} {sign} 0 \end{{aligned}}",
    ]
    if visit.mistake:
        step = f"{tex(eta)} \\cdot {_signed(y)}" if eta != 1 else _signed(y)
        lines.append(
            rf"\begin{{aligned}} {W} + \eta\, y\, x &= {_col(w)} \\ &\quad + {step}\,"
            rf"{_col(x)} \\ &= {_col(visit.w_after)} \end{{aligned}}"
        )
        lines.append(  # two lines: with a random start and a small eta it is wide
            rf"\begin{{aligned}} {B} + \eta\, y &= {tex(b)} + {step} \\"
            rf" &= {tex(visit.b_after)} \end{{aligned}}"
        )
    return lines


def _terms(w, x, b: float) -> str:
    """w·x + b term by term, one term a line."""
    terms = [f"{_paren(wj, 3)} \\cdot {_paren(xj, 3)}" for wj, xj in zip(w, x, strict=True)]
    terms.append(_paren(b, 3))
    return r" \\ &\quad + ".join(terms)


def _augmented_latex(visit, x, y: int, eta: float) -> list[str]:
    """Duda & Hart's test aᵀy ≤ 0 with y = ±(1, x), and a ← a + η y (004)."""
    a = np.concatenate(([visit.b_before], visit.w_before))
    flipped = y * np.concatenate(([1.0], np.asarray(x, dtype=np.float64)))
    ones = r"\begin{pmatrix}1 \\ " + r" \\ ".join(tex(v) for v in np.ravel(x)) + r"\end{pmatrix}"
    sign = r"\le" if visit.mistake else ">"
    terms = [f"{_paren(aj, 3)} \\cdot {_paren(yj, 3)}" for aj, yj in zip(a, flipped, strict=True)]
    lines = [
        rf"\mathbf{{y}} = {'' if y > 0 else '-'}{ones} = {_col(flipped)}",
        r"\begin{aligned} \mathbf{a}^\top \mathbf{y} &= "
        + r" \\ &\quad + ".join(terms)
        + rf" \\ &= {tex(y * visit.activation)} {sign} 0 \end{{aligned}}",
    ]
    if visit.mistake:
        after = np.concatenate(([visit.b_after], visit.w_after))
        step = f"{tex(eta)} \\," if eta != 1 else ""
        lines.append(
            rf"\begin{{aligned}} \mathbf{{a}} + \eta\, \mathbf{{y}} &= {_col(a)} \\ &\quad + "
            rf"{step}{_col(flipped)} \\ &= {_col(after)} \end{{aligned}}"
        )
    return lines


def _hardlim_latex(visit, x, y: int, eta: float) -> list[str]:
    """Hagan et al.'s n = w·p + b, a = hardlim(n), e = t − a and w ← w + e p, b ← b + e
    (η e p with a learning rate); at a tie with t = 1 the lab's e, not Hagan's."""
    w, b = visit.w_before, visit.b_before
    n = visit.activation
    target = 1 if y > 0 else 0
    out = 1 if n >= 0 else 0  # hardlim(0) = 1 (Hagan et al.)
    e_hagan = target - out
    lines = [
        rf"\begin{{aligned}} n = w\cdot p + b &= {_terms(w, x, b)} \\ &= {tex(n)}"
        rf"\end{{aligned}}",
        rf"\begin{{aligned}} a &= \operatorname{{hardlim}}({tex(n)}) = {out} \\ e &= t - a "
        rf"= {target} - {out} = {e_hagan} \end{{aligned}}",
    ]
    if visit.mistake and e_hagan == 0:  # a tie with t = 1: the lab counts it a mistake
        lines.append(rf"\text{{{words('latex.tie_lab')}}}\; e = 2t - 1 = 1")
    if visit.mistake:
        e = 1 if y > 0 else -1
        step = rf"{tex(eta)} \cdot ({e:+d})" if eta != 1 else f"({e:+d})"
        rule = r"\eta\, e" if eta != 1 else "e"
        lines.append(
            rf"\begin{{aligned}} w + {rule}\, p &= {_col(w)} \\ &\quad + {step}\,{_col(x)}"
            rf" \\ &= {_col(visit.w_after)} \end{{aligned}}"
        )
        lines.append(
            rf"\begin{{aligned}} b + {rule} &= {tex(b)} + {step} \\ &= {tex(visit.b_after)}"
            rf" \end{{aligned}}"
        )
    return lines


def _paren(value: float, digits: int = 4) -> str:
    return f"({tex(value, digits)})" if value < 0 else tex(value, digits)


def weights_text(w, b: float) -> str:
    """The weights in the lab's notation: "w = (1, 2), b = 0" (augmented: "a = (0, 1, 2)")."""
    a = np.concatenate(([b], np.ravel(w))) if w is not None else [b]
    return notation.current().weights(vec(w), num(b), vec(a))


def bound_num(value: float) -> str:
    """An upper bound on a whole count, for people: never below the largest whole number it
    allows, so "M ≤ shown" is true exactly when "M ≤ bound" is. Up to 10^4: four
    significant digits (rounding there never crosses a whole number below the bound); then
    the whole part in full ("264,613"); past 10^15, four digits rounded up."""
    value = float(value)
    if not math.isfinite(value):
        return "∞" if value > 0 else "-∞"
    if value < 1e4:  # 1234.5 -> "1,234": whole thousands written as the larger ones
        said = num(value)
        return f"{int(said):,}" if said.isdigit() else said
    if value < 1e15:
        return f"{math.floor(value):,}"
    exp = math.floor(math.log10(value))
    mant = math.ceil(value / 10.0 ** (exp - 3)) / 1000.0
    if mant >= 10:
        mant, exp = mant / 10.0, exp + 1
    return f"{mant:.4g}·10^{exp}"


def whole_tex(n: int) -> str:
    """A whole number for LaTeX, its thousands apart as ``bound_tex`` writes them: 27{,}800
    (a bare comma in math mode is punctuation, followed by a space)."""
    return f"{int(n):,}".replace(",", "{,}")


def bound_tex(value: float) -> str:
    """``bound_num`` for LaTeX."""
    s = bound_num(value).replace("∞", r"\infty").replace(",", "{,}")
    if "·10^" in s:
        mant, exp = s.split("·10^")
        return rf"{mant} \cdot 10^{{{exp}}}"
    return s


def theorem1_latex(M: int, th) -> str:
    """Theorem 1 from w = 0: M against R²/γ*², one step a line (fits a narrow column)."""
    return (
        rf"\begin{{aligned}} M = {whole_tex(M)} &\le \frac{{R^2}}{{\gamma^{{*2}}}} "
        rf"= \frac{{{tex_base(th.R)}^2}}{{{tex_base(th.gamma)}^2}} \\ &= {bound_tex(th.bound)} "
        r"\end{aligned}"
    )


def start_latex(M: int, k_hat: float, eta: float) -> str:
    """004's bound from a start w(1): k ≤ k̂ = ‖w(1)/η − α u*‖² / R², α = R²/γ*."""
    W = notation.current().w_tex
    w1 = f"{W}(1)" if eta == 1 else rf"{W}(1)/\eta"
    return (
        rf"\begin{{aligned}} M = {whole_tex(M)} &\le \hat k = "
        rf"\frac{{\|{w1} - \alpha u^*\|^2}}{{R^2}} "
        rf"\\ &= {bound_tex(k_hat)}, \quad \alpha = \frac{{R^2}}{{\gamma^*}} \end{{aligned}}"
    )


def proof_latex(eta: float, proof: dict) -> list[str]:
    """The proof's two quantities after M updates against their bounds (augmented space)."""
    e = "" if eta == 1 else r"\eta "
    e2 = "" if eta == 1 else r"\eta^2 "
    W = notation.current().w_tex  # the augmented vector: (b, w), a in Duda & Hart's
    plus_dot = "" if proof["dot0"] == 0 else rf"{W}_0\cdot u^* + "
    plus_norm = "" if proof["norm0"] == 0 else rf"\|{W}_0\|^2 + "
    return [  # each on two lines: a projector's column is narrow
        rf"\begin{{aligned}} {W}\cdot u^* &= {tex(proof['w_dot_u'])} \\ &\ge {plus_dot}M{e}"
        rf"\gamma^* = {tex(proof['lower'])} \end{{aligned}}",
        rf"\begin{{aligned}} \|{W}\|^2 &= {tex(proof['norm_sq'])} \\ &\le {plus_norm}M{e2}R^2 "
        rf"= {tex(proof['upper'])} \end{{aligned}}",
    ]


def not_separable(zero: bool = True) -> str:
    """What is said on data no line separates, in the lab's language, with the statement
    that bounds a run from ``zero`` (w = 0: Theorem 2) or from a random start (its proof)."""
    nt = notation.current()
    start = "zero" if zero else "random"
    bound = words(f"thm.not_separable_{start}", zero=f"{nt.w} = 0", w=nt.w)
    return words("thm.not_separable", bound=bound)


def hinge_text(epochs: int, bound, zero: bool = True) -> str:
    """Theorem 2 in words, for the markdown above ``hinge_latex`` (``bound``: a
    ``perceptron_core.HingeBound`` or None; ``zero``: the run starts from w = 0, else from
    a random start, which is said)."""
    w = notation.current().w
    if bound is None:
        return words("thm.hinge_too_large", e=epochs)
    text = words(
        "thm.hinge",
        n=epochs,
        w=w,
        star=vec(bound.w),
        norm=num(bound.norm2),
        loss=num(bound.hinge_loss),
    )
    if not bound.proven_minimal:
        text += " " + words("thm.hinge_gap", lower=num(bound.lower, 6), gap=num(bound.gap, 2))
    if not zero:
        text += " " + words("thm.hinge_random", w=w)
    return text


def hinge_latex(M: int, bound) -> str:
    """M against Theorem 2's bound at w*, with its two terms (split to fit a column)."""
    W = notation.current().w_tex
    return (
        rf"\begin{{aligned}} M = {whole_tex(M)} &\le R^2\|{W}^*\|^2 + "
        rf"2E\,L_{{\text{{hinge}}}}({W}^*) \\"
        rf" &= {tex_base(bound.R)}^2 \cdot {tex(bound.norm2)} + {2 * bound.epochs} \cdot "
        rf"{tex(bound.hinge_loss)} \\ &= {bound_tex(bound.value)} \end{{aligned}}"
    )


def hinge_start_latex(M: int, value: float, eta: float) -> str:
    """Theorem 2's proof from a start w(1) at the same w*: M at most where the two lines
    meet, (v(1)·w* + M − E·L)² = (‖v(1)‖² + M R²)‖w*‖², v(1) = w(1)/η."""
    W = notation.current().w_tex
    v = f"{W}(1)" if eta == 1 else rf"\tfrac{{{W}(1)}}{{\eta}}"
    return (
        rf"\begin{{aligned}} &\big({v}\cdot {W}^* + M - E\,L_{{\text{{hinge}}}}\big)^2 \\"
        rf" &\quad\le \big(\|{v}\|^2 + M R^2\big)\|{W}^*\|^2 \\"
        rf" &\Rightarrow\; M = {whole_tex(M)} \le {bound_tex(value)} \end{{aligned}}"
    )


_SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def cell_num(value: float, digits: int = 2) -> str:
    """A number for a narrow table cell, at most about eight characters at any magnitude:
    0.21, 20.6, 4,975, then 4.1·10⁻⁵ and 1.4·10¹⁶ (the exponent in superscript: no "^"
    or "e+16" to widen the column)."""
    value = float(value)
    if value == 0 or not math.isfinite(value):
        return num(value)
    if 0.01 <= abs(value) < 1_000:
        return num(value, 3)
    if 1_000 <= abs(value) < 100_000:
        return f"{value:,.0f}"
    mant, exp = f"{value:.{digits - 1}e}".split("e")
    return f"{mant}·10{str(int(exp)).translate(_SUPERSCRIPT)}"


def preprocessing_table(rows: dict[str, object], current: str) -> str:
    """A markdown table: R, gamma* and the bound R^2/gamma*^2 for each preprocessing, each
    cell short enough for the sidebar (``cell_num``)."""
    lines = [f"| | R | γ* | {words('data.bound')} |", "|---|---|---|---|"]
    for kind, th in rows.items():
        name = words(f"prep.short.{kind}")
        name = f"**{name}**" if kind == current else name
        if th is None:
            lines.append(f"| {name} | – | – | – |")
        elif not th.separable:
            lines.append(f"| {name} | {cell_num(th.R)} | – | ∞ |")
        else:
            lines.append(
                f"| {name} | {cell_num(th.R)} | {cell_num(th.gamma)} | {cell_num(th.bound)} |"
            )
    return "\n".join(lines)


def batch_latex(update, m: int, w_new, b_new: float) -> list[str]:
    """A batch step written out (``update``: a ``ui.values.Update`` whose x is the epoch's
    sum of y x and whose bias step is the sum of y): w + eta * sum over m mistakes, ending
    at the run's own weights ``w_new``, ``b_new`` (summed as the loop did)."""
    e = "" if update.eta == 1 else rf"{tex(update.eta)} \cdot "
    w, b = update.w_old, update.b_old
    nt = notation.current()  # hardlim's e p is the notes' y x on every mistake
    W, B = ("w", "b") if nt.hardlim else (nt.w_tex, nt.b_tex)
    yx, y = (r"e\,p", "e") if nt.hardlim else (r"y\,x", "y")
    if nt.augmented:  # a = (a_0, a_1..d) += eta * the sum of the samples y = ±(1, x)
        W, B, yx, y = "a_{1:d}", "a_0", r"\mathbf{y}_{1:d}", "y_0"
    mistakes = words("batch.sum", n=m)
    return [
        rf"\begin{{aligned}} {W} + \eta \textstyle\sum_{{\text{{{mistakes}}}}} {yx} &= "
        rf"{_col(w)} \\ &\quad + {e}{_col(update.x)} \\ &= {_col(w_new)} "
        r"\end{aligned}",
        rf"{B} + \eta \textstyle\sum {y} = {tex(b)} + {e}{_paren(update.bias_step)} = "
        rf"{tex(b_new)}",
    ]


# ----------------------------------------------------- for a screen reader (issue 20)
# The stage's live region says each visit in words (``spoken_line``), and the data table
# reads the run's scores (``ui.stage.table``). Numbers are the engine's, written with a
# real minus sign, which screen readers say as "minus".
MINUS = "\u2212"


def said(value: float) -> str:
    """A number for a screen reader: ``num`` with a minus sign (−0.5)."""
    return num(value).replace("-", MINUS)


def said_vec(values) -> str:
    """A vector for a screen reader: (1, −2); on more than three entries how many there
    are, how many are not 0, the norm and the largest entry with its place (the first two
    and the last alone cannot tell a zero vector from a digit's, whose border pixels are
    always 0)."""
    v = np.asarray(np.ravel(values), dtype=np.float64)
    if v.size <= 3:
        return "(" + ", ".join(said(x) for x in v) + ")"
    nonzero = int(np.count_nonzero(v))
    if nonzero == 0:
        return words("spoken.vec_zero", size=f"{v.size:,}")
    top = int(np.argmax(np.abs(v)))
    return words(
        "spoken.vec_long", size=f"{v.size:,}", n=nonzero, norm=said(float(np.linalg.norm(v))),
        value=said(v[top]), at=f"{top + 1:,}",
    )  # fmt: skip


def said_label(y: float) -> str:
    """A label as the lab's notation writes it (+1 / −1, ω₁ / ω₂, 1 / 0)."""
    return notation.current().label_of(int(np.sign(y)) or 1).replace("-", MINUS)


def _step_words(eta: float) -> str:
    """An update's step in the notation's symbols: y·x (η = 1), 0.5·y·x, e·p, y."""
    step = notation.current().step
    return step.replace("η·", "") if eta == 1 else step.replace("η", said(eta))


def said_weights(w, b: float) -> str:
    """The weights for a screen reader in the notation: "w = (1, −2), b = 0" (augmented:
    "a = (0, 1, −2)")."""
    n = notation.current()
    if n.augmented:
        return f"{n.w} = {said_vec(np.r_[b, np.ravel(w)])}"
    return f"{n.w} = {said_vec(w)}, {n.b} = {said(b)}"


def _said_weights(verb: str, w, b: float) -> str:
    """'w becomes (1, 2), b = 0' in the notation (augmented: 'a becomes (0, 1, 2)')."""
    n = notation.current()
    word = words(f"spoken.{verb}")
    if n.augmented:
        return f"{n.w} {word} {said_vec(np.r_[b, np.ravel(w)])}"
    return f"{n.w} {word} {said_vec(w)}, {n.b} = {said(b)}"


def visit_meaning(run) -> str:
    """What one visit of this run is, in words (the start of ``spoken_line``)."""
    n = notation.current()
    if run.is_kernel:
        return words("spoken.kernel_visit", dual=n.dual())
    if run.is_batch:
        return words("spoken.batch_visit", w=n.w, step=_step_words(run.eta))
    if run.online:
        return words("spoken.online_visit", score=n.score, w=n.w, step=_step_words(run.eta))
    step = words("spoken.classic_visit", w=n.w, step=_step_words(run.eta))
    if run.variant in ("averaged", "voted", "pocket"):
        step += words(f"spoken.{run.variant}", w=n.w)
    return step


def spoken_line(run, t: int) -> str:
    """What a screen reader says after cursor ``t`` (visits done), from the run's record:
    "visit 7: point (1, 2), label +1, w·x + b = −0.5, a mistake; w becomes (1, 2.5),
    b = 1", the epoch's and the run's end when they come; in the lab's notation and
    language."""
    n = notation.current()
    if t == 0:
        if run.is_kernel:
            start = words("spoken.start_kernel", x=n.x)
        else:
            start = words("spoken.start", weights=said_weights(run.w0, run.b0))
        visits = words("spoken.in_run", n=run.n_visits)
        return f"{start}; {visit_meaning(run)}; {visits}"
    v = run.visit(t - 1)
    x, y = run.X[v.index], run.y[v.index]
    score = "f(x)" if run.is_kernel else n.score
    head = words(
        "spoken.arrival" if run.online else "spoken.visit",
        t=f"{t:,}", x=said_vec(x), label=said_label(y), score=score,
        value=said(v.activation),
    )  # fmt: skip
    if run.online:
        guess = run.prediction(t - 1)
        shown = words("status.unsure", zero="0") if guess == 0 else said_label(guess)
        head += words("spoken.predicted", p=shown)
    if v.mistake and v.activation == 0:
        head += words("spoken.tie")
    else:
        head += words("spoken.mistake" if v.mistake else "spoken.no_mistake")
    parts = [head]
    if run.is_kernel:
        alpha = int(np.asarray(pc.alpha_at(run, v.updates_before + v.mistake))[v.index])
        verb = "alpha_becomes" if v.mistake else "alpha_stays"
        parts.append(words(f"spoken.{verb}", i=f"{v.index + 1:,}", a=f"{alpha:,}"))
    elif run.is_batch:
        kept = _said_weights("stays", v.w_before, v.b_before)
        parts.append(words("spoken.counted", weights=kept) if v.mistake else kept)
        change = run.change_at(t)
        if change is not None:
            summed = _said_weights("becomes", change.w_after, change.b_after)
            parts.append(words("spoken.summed", n=len(change.indices), weights=summed))
    else:
        verb = "becomes" if v.mistake else "stays"
        parts.append(_said_weights(verb, v.w_after, v.b_after))
    if not run.online and t % run.n == 0:
        made = int(run.counts[v.epoch])
        parts.append(words("spoken.epoch_end", e=f"{v.epoch + 1:,}", n=made))
    if t == run.n_visits and not run.online:
        parts.append(words("spoken.run_ends", reason=end_reason(run)))
    return "; ".join(parts)
