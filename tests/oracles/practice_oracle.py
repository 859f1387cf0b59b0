"""The perceptron visit by visit in exact arithmetic, the slow obvious way: the oracle of
/practice's answers (a mistake when y(w·x + b) <= 0, a tie included, then w += η y x,
b += η y). Nothing here calls the engine."""

from __future__ import annotations

from fractions import Fraction


def visits(X, y, eta, w0, b0, n: int) -> list[tuple[bool, tuple[Fraction, Fraction, Fraction]]]:
    """The first ``n`` visits over the rows in order (again from the first after the last):
    (mistake, (w1, w2, b) after the visit) each."""
    w, b, eta = [Fraction(float(c)) for c in w0], Fraction(float(b0)), Fraction(float(eta))
    out = []
    for t in range(n):
        x, label = [Fraction(float(c)) for c in X[t % len(y)]], int(y[t % len(y)])
        mistake = label * (w[0] * x[0] + w[1] * x[1] + b) <= 0
        if mistake:
            w = [w[0] + eta * label * x[0], w[1] + eta * label * x[1]]
            b = b + eta * label
        out.append((mistake, (w[0], w[1], b)))
    return out


def exercise_visits(ex, n: int) -> list[tuple[bool, tuple[Fraction, Fraction, Fraction]]]:
    """``visits`` of an exercise (``pc.exercise``): its data, η and start."""
    return visits(ex.X, ex.y, ex.eta, ex.w0, ex.b0, n)


def exercise_answers(ex) -> list:
    """Levels 1-3: per visit asked, the verdict and then (w1, w2, b) after it, flat."""
    asked = sum(q.kind == "verdict" for q in ex.questions)
    return [part for mistake, after in exercise_visits(ex, asked) for part in (mistake, after)]
