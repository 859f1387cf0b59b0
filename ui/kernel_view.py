"""The kernel perceptron's page, as pure functions (no streamlit): the dual form at a cursor.

The kernel perceptron (notes 001 section 1.5, 002 section 8.3) keeps no w. It keeps a
mistake count alpha_i per example and predicts with the sign of

    f(z) = sum_i eta * alpha_i * y_i * K(x_i, z).

A mistake on example i (y_i f(x_i) <= 0, a tie at 0 included) is the update
alpha_i <- alpha_i + 1. Everything below is read from a recorded ``Run`` of
``pc.train(..., variant="kernel")``; nothing re-derives the rule.

- ``alpha_at(run, k)``: the counts alpha_i after the first ``k`` updates.
- ``score_grid(run, box, k, resolution=None)``: (xs, ys, Z), f on a grid over ``box``,
  Z of shape (len(ys), len(xs)); the grid is made coarser as the support grows so that
  cells x support vectors <= ``layers.MAX_SCORE_WORK``, and evaluated in chunks (a few MB).
- ``scores_at(run, k, Z)``: f at points Z (m, 2) whose sign is always the engine's sign
  (``run.kernel_activations``), so the misclassified markers agree with the visits.
- ``dual_update_lines(run, t, X=None, y=None)``: LaTeX lines (one ``st.latex`` each) for
  the visit just before cursor ``t``: f(x_i), the verdict and, on a mistake, the update.
- ``kernel_figure(scene, run, t, *, title=None)``: the chart at cursor ``t``: f as a
  filled contour with its zero level, the points sized by alpha_i, crosses on the
  misclassified, a ring on the visited example.
- ``kernel_description(kernel)``: one or two plain sentences about the kernel.

``k`` counts updates (0..run.mistakes); ``t`` is the stepper's cursor, visits done
(0..run.n_visits), and the updates in force at ``t`` are ``run.updates_before_visit(t)``.
Examples are numbered from 1 in the equations (x_1 is row 0 of X).
"""

from __future__ import annotations

import numpy as np

from perceptron_core.kernels import as_kernel
from ui import text
from ui.charts import layers
from ui.charts.geometry import Box

# Kernel values held at once (8 bytes each): 2^17 is 1 MiB per block, so memory stays a
# few MB whatever the number of support vectors, updates or points. Blocks of 8 MiB were
# twice as slow (a fresh large array per block, out of cache).
CHUNK_ELEMENTS = 1 << 17
# The equation writes the sum out term by term up to this many support vectors.
MAX_TERMS = 3
_EPS = float(np.finfo(np.float64).eps)
_TINY = float(np.finfo(np.float64).smallest_subnormal)


# --------------------------------------------------------------------- alpha and f
def alpha_at(run, k: int) -> np.ndarray:
    """Mistake counts alpha_i (int64, one per example) after the first ``k`` updates."""
    k = _check(run, k)
    return np.bincount(run.update_index[:k], minlength=run.n).astype(np.int64)


def score_grid(run, box: Box, k: int, resolution: int | None = None):
    """f after ``k`` updates on a grid over ``box``: (xs, ys, Z), Z of shape (len(ys), len(xs)).

    ``resolution`` is the most cells a side wanted (default ``layers.GRID_POINTS``); the
    side shrinks with the number of support vectors s so that cells x s stays under
    ``layers.MAX_SCORE_WORK`` (``layers.resolution_for``). f is summed grouped by example,
    sum_i (eta*alpha_i*y_i) K(x_i, z): drawing needs no exact ties (``scores_at`` does).
    """
    alpha = alpha_at(run, k)
    support = np.flatnonzero(alpha)
    side = layers.resolution_for(
        support.size, layers.GRID_POINTS if resolution is None else int(resolution)
    )
    xs, ys, P = layers.grid(box, side)
    Z, _ = _grouped(run, alpha, support, P, with_bound=False)
    return xs, ys, Z.reshape(len(ys), len(xs))


def scores_at(run, k: int, Z) -> np.ndarray:
    """f after ``k`` updates at the points Z (m, d), with the engine's sign on every point.

    The engine adds eta*y_i*K(x_i, z) once per update, in update order
    (``run.kernel_activations``); grouping the terms by example (alpha_i of them at once)
    rounds differently, and on an exact tie the two can disagree in sign: on integer data
    with eta = 0.1 (any kernel), or with the RBF kernel even at eta = 1, one gives 0 or
    -1e-16 where the other gives +2e-16 (found by search; see the tests). So the grouped
    sum is taken first, with a rigorous bound on the rounding of both sums; wherever |f|
    is within that bound the point is recomputed in the engine's order, bitwise as the
    engine has it. The values are the grouped sums elsewhere (equal to rounding), and the
    sign is the engine's everywhere, so a training point gets a cross exactly when the
    engine would count a visit to it at this ``k`` as a mistake.
    """
    k = _check(run, k)
    Z = np.ascontiguousarray(np.asarray(Z, dtype=np.float64))
    if Z.ndim != 2 or Z.shape[1] != run.d:
        raise ValueError(f"points must have shape (m, {run.d}); got {Z.shape}")
    if k == 0:
        return np.zeros(Z.shape[0])
    alpha = alpha_at(run, k)
    support = np.flatnonzero(alpha)
    f, magnitude = _grouped(run, alpha, support, Z, with_bound=True)
    # |sequential sum - exact| <= gamma_(k-1) * sum|terms| and |grouped - exact| <=
    # gamma_(s+1) * sum|terms| (products and eta*alpha rounded once each); gamma_n ~ n*eps/2.
    # Twice their sum, plus subnormal products' absolute error, is a safe margin.
    margin = (k + support.size + 4) * _EPS * magnitude * 1.01 + (k + support.size) * _TINY
    near = np.flatnonzero(np.abs(f) <= margin)
    if near.size:
        f[near] = run.kernel_activations(k, Z[near])  # bounded memory, the loop's order
    return f


def _check(run, k) -> int:
    if not run.is_kernel:
        raise ValueError(f"a kernel perceptron run is needed; got variant={run.variant!r}")
    k = int(k)
    if not 0 <= k <= run.mistakes:
        raise IndexError(f"k must be between 0 and {run.mistakes}; got {k}")
    return k


def _grouped(run, alpha, support, Z, *, with_bound: bool):
    """sum_i c_i K(x_i, z) with c_i = eta*alpha_i*y_i over the support, in point chunks,
    and (with_bound) sum_i |c_i| |K(x_i, z)|, the scale of its rounding error."""
    m = Z.shape[0]
    f = np.zeros(m)
    magnitude = np.zeros(m)
    if support.size == 0:
        return f, magnitude
    coef = run.eta * alpha[support] * run.y[support]  # (s,)
    Xs = np.ascontiguousarray(run.X[support])
    step = max(1, CHUNK_ELEMENTS // support.size)
    for lo in range(0, m, step):
        K = run.kernel.matrix(Xs, Z[lo : lo + step])  # (s, chunk)
        f[lo : lo + step] = coef @ K
        if with_bound:
            np.abs(K, out=K)
            magnitude[lo : lo + step] = np.abs(coef) @ K
    return f, magnitude


# -------------------------------------------------------------------- the equation
def dual_update_lines(run, t: int, X=None, y=None) -> list[str]:
    """The visit just before cursor ``t`` in the dual form, one LaTeX string per line.

    f(x_i) = sum_j alpha_j y_j K(x_j, x_i) before the visit (term by term when at most
    ``MAX_TERMS`` examples have alpha_j > 0), the verdict y_i f(x_i) <= 0 (a tie at 0 is a
    mistake) and, on a mistake, alpha_i <- alpha_i + 1 and what that adds to f. The value
    and the verdict are the engine's (``run.visit``), not recomputed. ``X`` and ``y`` are
    the run's rows as the page shows them (default: the run's own). Empty at t = 0.
    """
    if not run.is_kernel:
        raise ValueError(f"a kernel perceptron run is needed; got variant={run.variant!r}")
    if t <= 0:
        return []
    X = run.X if X is None else np.asarray(X, dtype=np.float64)
    y = run.y if y is None else np.asarray(y)
    v = run.visit(t - 1)
    i = v.index
    sub = str(i + 1)
    yi = int(y[i])
    a = v.activation
    alpha = alpha_at(run, v.updates_before)
    support = np.flatnonzero(alpha)
    eta = "" if run.eta == 1 else r"\eta\,"
    head = rf"f(x_{{{sub}}}) &= {eta}\sum_j \alpha_j\, y_j\, K(x_j, x_{{{sub}}})"
    if support.size == 0:
        lines = [rf"\begin{{aligned}} {head} \\ &= 0 \quad (\text{{every }} \alpha_j = 0)"
                 r"\end{aligned}"]  # fmt: skip
    elif support.size <= MAX_TERMS:
        K = run.kernel.matrix(run.X[support], run.X[i : i + 1])[:, 0]
        factor = "" if run.eta == 1 else rf"{text.tex(run.eta)} \cdot "
        terms = [
            rf"{factor}{alpha[j]} \cdot {_signed(int(y[j]))} \cdot {_paren(kj)}"
            for j, kj in zip(support, K, strict=True)
        ]
        body = r" \\ &\quad + ".join(terms)
        lines = [rf"\begin{{aligned}} {head} \\ &= {body} \\ &= {text.tex(a)} \end{{aligned}}"]
    else:
        lines = [rf"\begin{{aligned}} {head} \\ &= {text.tex(a)} \end{{aligned}}"]
    ya = yi * a
    if not v.mistake:
        verdict = r"> 0 \;\Rightarrow\; \text{no mistake, } \alpha \text{ unchanged}"
    elif ya == 0:
        verdict = r"\le 0 \;\Rightarrow\; \text{mistake} \\ \text{(a tie at 0 counts as one)}"
    else:
        verdict = r"\le 0 \;\Rightarrow\; \text{mistake}"
    # Two lines: the product, then the verdict under it, centred: aligned after the product's
    # left side it would not fit a narrow column (a projector's) next to the chart.
    lines.append(
        rf"\begin{{gathered}} y_{{{sub}}}\, f(x_{{{sub}}}) = {_signed(yi)} \cdot {_paren(a)} "
        rf"= {text.tex(ya)} \\ {verdict} \end{{gathered}}"
    )
    change = run.change_at(t)
    if change is not None:
        before = int(alpha[i])
        lines.append(
            rf"\alpha_{{{sub}}} \leftarrow \alpha_{{{sub}}} + 1 = {before} + 1 = {before + 1}"
        )
        step = _signed(yi) if run.eta == 1 else rf"{text.tex(run.eta)} \cdot {_signed(yi)}"
        lines.append(rf"f(z) \leftarrow f(z) + {step}\, K(x_{{{sub}}}, z)")
    return lines


def _signed(value: int) -> str:
    return f"(+{value})" if value > 0 else f"({value})"


def _paren(value: float) -> str:
    return f"({text.tex(value)})" if value < 0 else text.tex(value)


# ------------------------------------------------------------------------ the chart
def kernel_scene(scene: layers.Scene, *, title: str | None = None) -> tuple[list[dict], dict]:
    """The kernel chart's fixed part: its axes (the points' sizes change with alpha)."""
    return [], layers.layout(scene, title=title)


def kernel_layers(scene: layers.Scene, run, t: int) -> tuple[list[dict], list[dict]]:
    """Cursor t's layers: f as a filled contour (under), the points sized by alpha_i,
    crosses on the misclassified and a ring on the example just visited (over)."""
    if scene.n != run.n:
        raise ValueError(f"the scene has {scene.n} points but the run {run.n}")
    t = max(0, min(int(t), run.n_visits))
    k = run.updates_before_visit(t)
    alpha = alpha_at(run, k)
    sizes = layers.marker_sizes(alpha, scene.style.marker)
    pts = layers.points(scene, sizes=sizes, size_label="α", counts=alpha)
    visited = layers.ringed(scene, run.visit(t - 1).index if t > 0 else None)
    if k == 0:
        return [], pts + visited
    xs, ys, Z = score_grid(run, scene.box, k)
    wrong = layers.misclassified(scene, scores_at(run, k, run.X))
    return layers.score_regions(scene, xs, ys, Z), pts + wrong + visited


def kernel_figure(scene: layers.Scene, run, t: int, *, title: str | None = None):
    """The chart at cursor ``t`` (visits done): f after the updates made so far as a filled
    contour with the zero level as the boundary, each point sized by its alpha_i, crosses
    on the misclassified points and a ring on the example just visited. Before the first
    update f = 0 everywhere: only the points are drawn (no boundary exists yet)."""
    under, over = kernel_layers(scene, run, t)
    return layers.compose(scene, under, over, title=title)


def kernel_description(kernel) -> str:
    """A short plain caption for the kernel (``None``, a name or a ``pc.Kernel``)."""
    kern = as_kernel(kernel)
    formula = kern.describe()
    if kern.name == "linear":
        return (
            f"Linear kernel, {formula}: the ordinary perceptron with its bias, written in "
            "the dual form. It makes exactly the Playground's mistakes, so the boundary is "
            "a straight line."
        )
    if kern.name == "poly":
        return (
            f"Polynomial kernel of degree {kern.degree}, {formula}: a perceptron on every "
            f"product of up to {kern.degree} features, so the boundary is a curve of "
            f"degree {kern.degree} (an ellipse, hyperbola or pair of lines for degree 2)."
        )
    return (
        f"RBF (Gaussian) kernel, {formula}: each mistake adds a bump of width about "
        f"{text.num(1 / np.sqrt(kern.gamma), 3)} (1/√γ) around its point; larger γ, "
        "narrower bumps, more wiggly boundaries."
    )
