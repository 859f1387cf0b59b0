"""Independent oracles for the mistake bounds the pages state, and a reader of the
inequalities they state.

Nothing here calls the app's theory: R is a norm, gamma* and u* come from the max-margin
dual solved by L-BFGS-B (not the engine's NNLS), Theorem 2's minimum from the soft-margin
dual, and the mistakes from a textbook loop.
"""

from __future__ import annotations

import copy
import functools
import itertools
import math
import re
import warnings

import numpy as np
from scipy.optimize import minimize
from sklearn.exceptions import ConvergenceWarning
from sklearn.svm import LinearSVC


def augmented(X) -> np.ndarray:
    X = np.asarray(X, dtype=np.float64)
    return np.hstack((np.ones((X.shape[0], 1)), X))


def textbook_mistakes(X, y, eta, w0, b0, orders) -> np.ndarray:
    """M after each visit t = 0..T (the perceptron of the notes, written out): a mistake
    when y(w·x + b) <= 0, then w += eta y x, b += eta y. ``orders``: the example order of
    each epoch."""
    w, b = np.array(w0, dtype=np.float64), float(b0)
    counts = [0]
    for order in orders:
        for i in order:
            x, label = X[i], y[i]
            if label * (w @ x + b) <= 0:
                w = w + eta * label * x
                b = b + eta * label
                counts.append(counts[-1] + 1)
            else:
                counts.append(counts[-1])
    return np.array(counts)


def _memo(solver):
    """``solver(X, y, *rest)`` solved once per data and arguments in this process: the
    page walks ask for the same data's gamma* and Theorem 2 minimum once per setting (an
    optimisation is seconds; the answer depends only on X, y and ``rest``). A caller gets
    its own copy."""
    answers: dict[tuple, object] = {}

    @functools.wraps(solver)
    def solved(X, y, *rest):
        X, y = np.asarray(X, dtype=np.float64), np.asarray(y)
        key = (X.shape, X.tobytes(), y.tobytes(), rest)
        if key not in answers:
            answers[key] = solver(X, y, *rest)
        return copy.deepcopy(answers[key])

    return solved


@_memo
def max_margin(X, y) -> tuple[float, np.ndarray] | None:
    """(gamma*, u*) in the augmented space, bias first, from the dual max sum(a) -
    ||Z^T a||^2 / 2 over a >= 0 (None when no separator: the dual is unbounded)."""
    Z = augmented(X) * np.asarray(y)[:, None]
    res = minimize(
        lambda a: 0.5 * np.sum((Z.T @ a) ** 2) - a.sum(),
        np.zeros(len(Z)),
        jac=lambda a: Z @ (Z.T @ a) - 1,
        method="L-BFGS-B",
        bounds=[(0, None)] * len(Z),
        options={"ftol": 1e-15, "gtol": 1e-12, "maxiter": 100_000},
    )
    w = Z.T @ res.x
    if not np.all(Z @ w > 0) or np.linalg.norm(w) > 1e6:
        return None
    # Exact on the support: the L-BFGS-B iterate can be off by 1e-3 in direction. The
    # max-margin w is the least-norm w with z_i.w = 1 on at most d + 1 support points, so
    # try every such set among the points nearest the iterate's boundary, keep the shortest
    # w that is feasible on all points.
    w = w / np.min(Z @ w)  # feasible: every z.w >= 1
    near = np.argsort(Z @ w)[: min(len(Z), 8)]
    for k in range(1, Z.shape[1] + 1):
        for support in itertools.combinations(near, k):
            rows = Z[list(support)]
            cand = np.linalg.lstsq(rows, np.ones(k), rcond=None)[0]
            if np.allclose(rows @ cand, 1, atol=1e-12) and np.all(Z @ cand >= 1 - 1e-12):
                if cand @ cand < w @ w:
                    w = cand
    u = w / np.linalg.norm(w)
    return float(np.min(Z @ u)), u


@_memo
def hinge_minimum(X, y, epochs: int) -> tuple[float, np.ndarray]:
    """Theorem 2's min over w of R^2 ||w||^2 + 2E sum max(0, 1 - z.w) and its w, from the
    dual max sum(a) - ||Z^T a||^2 / (4 R^2) over 0 <= a <= 2E (w = Z^T a / (2 R^2))."""
    Z = augmented(X) * np.asarray(y)[:, None]
    R2 = float(np.max(np.sum(augmented(X) ** 2, axis=1)))
    C = 2.0 * epochs
    res = minimize(
        lambda a: np.sum((Z.T @ a) ** 2) / (4 * R2) - a.sum(),
        np.zeros(len(Z)),
        jac=lambda a: Z @ (Z.T @ a) / (2 * R2) - 1,
        method="L-BFGS-B",
        bounds=[(0, C)] * len(Z),
        options={"ftol": 1e-15, "gtol": 1e-12, "maxiter": 100_000},
    )
    w = Z.T @ res.x / (2 * R2)

    def primal(v) -> float:
        return float(R2 * (v @ v) + C * np.maximum(0.0, 1.0 - Z @ v).sum())

    # The primal with slacks (min R^2 |w|^2 + C sum xi, xi >= 0, xi >= 1 - z.w) by SLSQP
    # from there: L-BFGS-B on the dual can stop 1e-3 above the minimum.
    n, d = Z.shape
    start = np.concatenate((w, np.maximum(0.0, 1.0 - Z @ w)))
    slack = minimize(
        lambda v: R2 * (v[:d] @ v[:d]) + C * v[d:].sum(),
        start,
        jac=lambda v: np.concatenate((2 * R2 * v[:d], np.full(n, C))),
        method="SLSQP",
        constraints=[
            {
                "type": "ineq",
                "fun": lambda v: v[d:] - 1 + Z @ v[:d],
                "jac": lambda v: np.hstack((Z, np.eye(n))),
            }
        ],  # fmt: skip
        bounds=[(None, None)] * d + [(0, None)] * n,
        options={"ftol": 1e-15, "maxiter": 1000},
    )
    if primal(slack.x[:d]) < primal(w):
        w = slack.x[:d]

    # Exact on the partition the iterate suggests (L-BFGS-B stops up to 1e-3 above the
    # minimum): points inside the margin (full weight C), on it (z.w = 1, weight in
    # [0, C]), outside (none). Stationarity 2 R^2 w = C sum_inside z + sum_on a z with
    # z.w = 1 on the support is a linear system; a solution that keeps the partition and
    # 0 <= a <= C is the minimum (the KKT conditions of a convex problem).
    best = w
    for tol in (1e-3, 1e-5, 1e-7, 1e-9):
        margin = Z @ w
        on = np.abs(margin - 1) <= tol
        inside = margin < 1 - tol
        k, d = int(on.sum()), Z.shape[1]
        if k > d:
            continue
        A = np.zeros((d + k, d + k))
        A[:d, :d] = 2 * R2 * np.eye(d)
        A[:d, d:] = -Z[on].T
        A[d:, :d] = Z[on]
        rhs = np.concatenate((C * Z[inside].sum(axis=0), np.ones(k)))
        try:
            sol = np.linalg.solve(A, rhs)
        except np.linalg.LinAlgError:
            continue
        cand, a = sol[:d], sol[d:]
        m2 = Z @ cand
        kept = np.all(m2[inside] <= 1 + 1e-12) and np.all(m2[~inside & ~on] >= 1 - 1e-12)
        if kept and np.all(a >= -1e-12) and np.all(a <= C + 1e-12) and primal(cand) <= primal(best):
            best = cand
    return primal(best), best


def hinge_from_start(X, y, epochs: int, w_star, v1) -> float:
    """Theorem 2's proof from v(1) = w(1)/eta, at w_star, solved by hand: the largest M
    with (v(1).w* + M - E L)^2 <= (||v(1)||^2 + M R^2) ||w*||^2 (or M < E L - v(1).w*)."""
    Z = augmented(X) * np.asarray(y)[:, None]
    R2 = float(np.max(np.sum(augmented(X) ** 2, axis=1)))
    L = epochs * float(np.maximum(0.0, 1.0 - Z @ w_star).sum())
    a, s, c = float(v1 @ w_star) - L, float(w_star @ w_star), float(v1 @ v1)
    # M^2 + (2a - R2 s) M + (a^2 - c s) <= 0
    B, C = 2 * a - R2 * s, a * a - c * s
    root = (-B + math.sqrt(max(0.0, B * B - 4 * C))) / 2
    return max(root, -a)


# ------------------------------------------------------------ reading the page
NUM = r"-?\d[\d,]*(?:\{,\}\d{3})*(?:\.\d+)?(?:\s*(?:·|\\cdot)\s*10\^\{?-?\d+\}?)?|∞|\\infty"


def number(s: str) -> float:
    """A number as the page writes it: 15.47, 264{,}613, 264,613, 1.235 \\cdot 10^{15}."""
    s = s.strip()
    if s in ("∞", r"\infty"):
        return math.inf
    m = re.fullmatch(r"(-?[\d.,{}]+)\s*(?:·|\\cdot)\s*10\^\{?(-?\d+)\}?", s)
    if m:
        return float(m.group(1).replace("{,}", "").replace(",", "")) * 10 ** int(m.group(2))
    return float(s.replace("{,}", "").replace(",", ""))


WHOLE = r"\d{1,3}(?:(?:,|\{,\})\d{3})*"  # 27,800 and 27{,}800: one way per line
MISTAKE_LINE = re.compile(rf"M = ({WHOLE}) ≤ (?:[^=()]* = )?({NUM})")


def line_statement(line: str) -> tuple[int, float] | None:
    """(M, bound) of a plain line "... M = 60 ≤ k̂ = 1,264 (...)", or None."""
    m = MISTAKE_LINE.search(line)
    return None if m is None else (int(number(m.group(1))), number(m.group(2)))


def _flat(block: str) -> list[str]:
    """A LaTeX block as its statements: gathered lines apart, aligned lines joined."""
    body = block.replace("$$", "")
    body = re.sub(r"\\(begin|end)\{(gathered|aligned)\}", "\n", body)
    parts = re.split(r"\\\\\[[\d.]+em\]|\n", body)
    out = []
    for p in parts:
        p = p.replace(r"\\", " ").replace("&", " ").replace(r"\quad", " ").replace(r"\;", " ")
        p = re.sub(r"\s+", " ", p).strip()
        if p:
            out.append(p)
    return out


def latex_statements(block: str) -> list[tuple[float, str, float]]:
    """Every numeric inequality a LaTeX block states, as (left, "le" or "ge", right): the
    number just before the sign (after its last "=") against the last number after it."""
    out = []
    for stmt in _flat(block):
        for m in re.finditer(r"\\(le|ge)\b", stmt):
            left = re.search(rf"(?:=|^)\s*({NUM})\s*$", stmt[: m.start()])
            tail = re.split(r"\\(?:le|ge|Rightarrow)\b", stmt[m.end() :])[0]
            right = re.search(rf"(?:=|^)\s*({NUM})\s*,?[^=]*$", tail.strip())
            if left and right:
                out.append((number(left.group(1)), m.group(1), number(right.group(1))))
    return out


def latex_mistakes(block: str) -> list[tuple[int, float]]:
    """(M, bound) of every "M = m ≤ ... = B" (or 004's "k = m ≤ ...") a LaTeX block
    states."""
    out = []
    for stmt in _flat(block):
        m = re.search(rf"\b[Mk] = ({WHOLE}) \\le\b(.*)$", stmt)
        if m is None:
            continue
        tail = re.split(r"\\(?:le|ge|Rightarrow)\b", m.group(2))[0]
        nums = re.findall(rf"(?:=|^)\s*({NUM})(?=\s*(?:,|\\text|$))", tail.strip())
        if nums:
            out.append((int(number(m.group(1))), number(nums[-1])))
    return out


def svm_hinge_objective(X, y, epochs):
    """Theorem 2's minimum via LIBLINEAR (scikit-learn) as an independent solver."""
    Z = augmented(X) * y[:, None]
    R2 = np.max(np.sum(Z * Z, axis=1))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        svc = LinearSVC(
            loss="hinge", fit_intercept=False, C=epochs / R2, dual=True, tol=1e-12,
            max_iter=1_000_000,
        ).fit(augmented(X), y)  # fmt: skip
    w = svc.coef_[0]
    return R2 * w @ w + 2 * epochs * np.maximum(0, 1 - Z @ w).sum()
