"""/practice's questions in words: each question of ``pc.exercise`` (its topic and the
numbers in its ``facts``) written in the lab's language (``ui.words``, ids "practice.*")
and notation (``ui.notation``), with its arithmetic written out (no streamlit).

The numbers are the engine's in every notation; only the symbols around them change:
θ, θ₀ for w, b; Duda & Hart's a = (a₀, a₁, a₂) = (b, w₁, w₂) with each point's sample
y = ±(1, x) (the student gives a in that order: ``engine_order`` puts it back into the
engine's (w₁, w₂, b)); Hagan's targets t ∈ {0, 1}, input p, n = w·p + b and e = t − a.
"""

from __future__ import annotations

from fractions import Fraction

import perceptron_core as pc
from ui import notation
from ui.words import t

MINUS = "\u2212"
BAR = "\u0304"  # a combining macron: w̄, θ̄, ā


def number(value) -> str:
    return pc.practice.number(value)


def _p(value) -> str:
    """A number as a factor: negatives in parentheses."""
    s = number(value)
    return f"({s})" if s.startswith(MINUS) else s


def vec(values) -> str:
    return "(" + ", ".join(number(v) for v in values) + ")"


def _label(y: int) -> str:
    return "+1" if y > 0 else MINUS + "1"


def _and(a: str, b: str) -> str:
    return t("practice.and", a=a, b=b)


def _sample(x, y: int) -> tuple[Fraction, ...]:
    """Duda & Hart's sample of a point: y = (1, x) in ω₁, −(1, x) in ω₂."""
    return tuple(Fraction(y) * c for c in (Fraction(1), *x))


def level_name(level: int) -> str:
    return t(f"practice.level{level}", w=notation.current().w)


def weights_asked() -> str:
    """What the student gives after a visit: "w and b" (augmented: "a")."""
    nt = notation.current()
    return nt.w if nt.augmented else _and(nt.w, nt.b)


def rule() -> str:
    """The update rule in the notation's symbols."""
    nt = notation.current()
    if nt.augmented:
        return "a ← a + ηy"
    if nt.hardlim:
        return "w ← w + ηep, b ← b + ηe"
    return f"{nt.w} ← {nt.w} + ηy{nt.x}, {nt.b} ← {nt.b} + ηy"


def weights(w, b) -> str:
    """w = (1, 2), b = 3 (augmented: a = (3, 1, 2))."""
    return notation.current().weights(vec(w), number(b), vec((b, *w)))


def point(f: dict, *, kernel: bool = False) -> str:
    """P3 = (1, −2), y = +1 (hardlim: t = 1; augmented: ∈ ω₁ and its sample y)."""
    nt = notation.current()
    where = f"P{f['i'] + 1} = {vec(f['x'])}"
    if nt.augmented:
        cls = f"{where} ∈ {nt.label_of(f['y'])}"
        return cls if kernel else f"{cls}, y = {vec(_sample(f['x'], f['y']))}"
    return f"{where}, {nt.label} = {nt.label_of(f['y']) if nt.hardlim else _label(f['y'])}"


# ------------------------------------------------------------------ each question
def field_names(q) -> tuple[str, ...]:
    """The boxes' labels, in the order the student gives the numbers."""
    nt = notation.current()
    if q.topic not in ("weights", "averaged"):
        return q.fields
    bar = BAR if q.topic == "averaged" else ""
    if nt.augmented:
        return tuple(f"a{bar}{s}" for s in "₀₁₂")
    if nt.name == "theta":
        return (f"θ{bar}₁", f"θ{bar}₂", f"θ{bar}₀")
    return q.fields


def engine_order(q, typed: tuple) -> tuple:
    """The typed numbers in the engine's order (w₁, w₂, b): augmented's a₀ is b."""
    if notation.current().augmented and q.topic in ("weights", "averaged"):
        return (*typed[1:], typed[0])
    return typed


def shown_order(q, values: tuple) -> tuple:
    if notation.current().augmented and q.topic in ("weights", "averaged"):
        return (values[-1], *values[:-1])
    return values


def answer_text(q) -> str:
    """The right answer, for people."""
    if q.kind == "verdict":
        return t("practice.yes_word" if q.answer else "practice.no_word")
    names, values = field_names(q), shown_order(q, q.answer)
    if q.kind == "approx":
        return ", ".join(f"{n} ≈ {float(a):.2f}" for n, a in zip(names, values, strict=True))
    return ", ".join(f"{n} = {number(a)}" for n, a in zip(names, values, strict=True))


def prompt(q) -> str:
    """The question."""
    nt, f = notation.current(), q.facts
    if q.topic == "mistake":
        return t(
            "practice.q.mistake", t=f["t"] + 1, point=point(f), weights=weights(f["w"], f["b"])
        )
    if q.topic == "weights":
        return t("practice.q.weights", t=f["t"] + 1, what=weights_asked())
    if q.topic == "averaged":
        mean = f"{nt.w}{BAR}" if nt.augmented else _and(f"{nt.w}{BAR}", _bar(nt.b))
        return t("practice.q.averaged", t=f["t"] + 1, mean=mean, what=weights_asked())
    if q.topic == "kernel_mistake":
        return t("practice.q.kernel_mistake", t=f["t"] + 1, point=point(f, kernel=True),
                 alpha=vec(f["alpha"]))  # fmt: skip
    if q.topic == "alpha":
        return t("practice.q.alpha", t=f["t"] + 1)
    if q.topic == "gamma":
        return t("practice.q.gamma", margin=_margin())
    if q.topic in ("bound", "eta"):
        eta = number(f.get("eta", 1))
        return t(f"practice.q.{q.topic}", start=nt.start(), M=f.get("M"), eta=eta)
    return t(f"practice.q.{q.topic}", x=nt.x)  # R, floor


def _bar(symbol: str) -> str:
    """b̄, θ̄₀: the macron on the letter, before a subscript."""
    return symbol[0] + BAR + symbol[1:]


def _margin() -> str:
    nt = notation.current()
    if nt.augmented:
        return "min uᵀyᵢ"
    if nt.hardlim:
        return "min (2tᵢ − 1) u·(1, pᵢ)"
    return "min yᵢ u·(1, xᵢ)"


def working(q) -> str:
    """How the answer is found, written out."""
    f = q.facts
    if q.topic == "mistake":
        return _test(f)
    if q.topic == "weights":
        return _update(f, q.answer)
    if q.topic == "averaged":
        return _average(f, q.answer)
    if q.topic == "kernel_mistake":
        return _kernel_test(f)
    if q.topic == "alpha":
        i, alpha = f["i"] + 1, vec(f["alpha"])
        return t("practice.k.up" if f["mistake"] else "practice.k.stays", i=i, alpha=alpha)
    if q.topic == "R":
        return f"R = ‖(1, {', '.join(number(c) for c in f['x'])})‖ = √{f['R2']} = {f['R']:.4f}"
    if q.topic == "gamma":
        u = ", ".join(f"{c:.4f}".replace("-", MINUS) for c in f["u"])
        return t("practice.w.gamma", gamma=f"{f['gamma']:.4f}", u=u)
    if q.topic == "bound":
        return t("practice.w.bound", M=f["M"], bound=f"{f['bound']:.2f}")
    if q.topic == "floor":
        return f"R²/γ*² = {f['R2']}/{f['gamma']:.4f}² = {f['bound']:.4f}, " + t(
            "practice.w.floor", floor=f["floor"]
        )
    eta, k = number(f["eta"]), f["mistakes"]
    if q.answer:
        return t("practice.w.eta_yes", eta=eta, k=k)
    return t("practice.w.eta_no", eta=eta, k=k, w=notation.current().w)


def _verdict(value: Fraction) -> str:
    if value > 0:
        return t("practice.v.ok", value=number(value))
    if value == 0:
        return t("practice.v.tie")
    return t("practice.v.bad", value=number(value))


def _test(f: dict) -> str:
    """y(w·x + b) written out, and what it says."""
    nt = notation.current()
    y, score = f["y"], f["score"]
    if nt.augmented:
        a, s = (f["b"], *f["w"]), _sample(f["x"], y)
        terms = " + ".join(f"{_p(aj)}·{_p(sj)}" for aj, sj in zip(a, s, strict=True))
        return f"aᵀy = {terms} = {_verdict(y * score)}"
    terms = " + ".join(f"{_p(wj)}·{_p(xj)}" for wj, xj in zip(f["w"], f["x"], strict=True))
    if nt.hardlim:
        target, out = int(y > 0), int(score >= 0)  # hardlim(0) = 1 (Hagan et al.)
        said = f"n = w·p + b = {terms} + {_p(f['b'])} = {number(score)}; a = hardlim(n) = {out}"
        said += f", e = t − a = {target} − {out} = {number(target - out)}: "
        if score == 0 and target == 1:
            return said + t("practice.v.hardlim_tie")
        return said + t("practice.v.hardlim_bad" if target != out else "practice.v.hardlim_ok")
    return f"{nt.signed} = ({_label(y)})({terms} + {_p(f['b'])}) = {_verdict(y * score)}"


def _update(f: dict, answer: tuple) -> str:
    """w + ηyx and b + ηy written out (or: no mistake, they stay), ending at the answer:
    the engine's weights after the visit (``pc.exercise``), not computed here."""
    nt = notation.current()
    y, eta = f["y"], f["eta"]
    w, b, x = f["w"], f["b"], f["x"]
    new_w, new_b = tuple(answer[:-1]), answer[-1]
    if not f["mistake"]:
        said = "practice.w.stays" if nt.augmented else "practice.w.stay"
        return t(said, what=weights_asked(), weights=weights(new_w, new_b))
    if nt.augmented:
        s = _sample(x, y)
        return f"a + ηy = {vec((b, *w))} + {number(eta)}·{vec(s)} = {vec((new_b, *new_w))}"
    if nt.hardlim:
        step = f"{number(eta)}·({_label(y)})"
        return (
            f"w + ηep = {vec(w)} + {step}·{vec(x)} = {vec(new_w)}; "
            f"b + ηe = {number(b)} + {step} = {number(new_b)}"
        )
    step = f"{number(eta)}·({_label(y)})"
    return (
        f"{nt.w} + ηy{nt.x} = {vec(w)} + {step}·{vec(x)} = {vec(new_w)}; "
        f"{nt.b} + ηy = {number(b)} + {step} = {number(new_b)}"
    )


def _average(f: dict, mean: tuple) -> str:
    """The rows and their mean, the engine's average (``pc.exercise``), not taken here."""
    nt = notation.current()
    rows, n = f["rows"], f["t"] + 1
    if nt.augmented:
        listed = " + ".join(vec((r[2], *r[:2])) for r in rows)
        return f"ā = ({listed})/{n} = {vec((mean[2], *mean[:2]))}"
    listed = " + ".join(vec(r[:2]) for r in rows)
    biases = " + ".join(_p(r[2]) for r in rows)
    return (
        f"{nt.w}{BAR} = ({listed})/{n} = {vec(mean[:2])}; "
        f"{_bar(nt.b)} = ({biases})/{n} = {number(mean[2])}"
    )


def _kernel_test(f: dict) -> str:
    """f(x) = Σ αⱼ yⱼ K(xⱼ, x) written out, and y f(x)."""
    nt = notation.current()
    x = nt.x
    if nt.hardlim:  # the lab's ±1 label is 2t − 1
        total, signed = f"f({x}) = Σ αⱼ (2tⱼ − 1) K({x}ⱼ, {x})", f"(2t − 1) f({x})"
    elif nt.augmented:  # the class's sign: + in ω₁, − in ω₂
        total, signed = "f(x) = Σ ±αⱼ K(xⱼ, x)", "f(x)" if f["y"] > 0 else f"{MINUS}f(x)"
    else:
        total, signed = "f(x) = Σ αⱼ yⱼ K(xⱼ, x)", "y f(x)"
    terms = [f"{a}·({_label(yj)})·(1 + {_p(dot)})²" for _, a, yj, dot in f["terms"]]
    value = number(f["f"])
    if terms:
        head = f"{total} = {' + '.join(terms)} = {value}"
    else:
        head = f"f({x}) = {value} {t('practice.k.zero')}"
    if nt.augmented and terms:
        head += " " + t("practice.k.sign")
    if nt.augmented:  # the test of a sample of ω₂ is −f(x) > 0
        signed = f"{nt.label_of(f['y'])}: {signed}"
    return f"{head}; {signed} = {_verdict(f['y'] * f['f'])}"


def note(q) -> str:
    """The misconception at this question, answered with its numbers ("" when none)."""
    if q.note is None:
        return ""
    nt = notation.current()
    if nt.augmented:
        growth = "η‖y‖²"
    else:
        growth = f"η(1 + ‖{nt.x}‖²)"
    return t(
        "practice.note.fix",
        signed=nt.signed,
        i=q.facts["i"] + 1,
        before=number(q.note.before),
        after=number(q.note.after),
        growth=growth,
        grew=number(q.note.grew),
    )
