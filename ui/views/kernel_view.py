"""The kernel perceptron's page, as pure functions (no streamlit): the dual form at a cursor.

The kernel perceptron (notes 001 section 1.5, 002 section 8.3) keeps no w. It keeps a
mistake count alpha_i per example and predicts with the sign of

    f(z) = sum_i eta * alpha_i * y_i * K(x_i, z).

A mistake on example i (y_i f(x_i) <= 0, a tie at 0 included) is the update
alpha_i <- alpha_i + 1. Everything below is read from a recorded ``Run`` of
``pc.train(..., variant="kernel")``; nothing re-derives the rule.

The numbers are the engine's: ``pc.alpha_at(run, k)`` (the counts alpha_i after the
first ``k`` updates) and ``pc.kernel_scores(run, k, Z)`` (f at points Z, with the engine's
sign on every point, so the misclassified markers agree with the visits). Here:

- ``score_grid(run, box, k, resolution=None)``: (xs, ys, Z), f on a grid over ``box``,
  Z of shape (len(ys), len(xs)); the grid is made coarser as the support grows so that
  cells x support vectors <= ``layers.MAX_SCORE_WORK``, and evaluated in chunks (a few MB).
- ``dual_update_lines(run, t, X=None, y=None)``: LaTeX lines (one ``st.latex`` each) for
  the visit just before cursor ``t``: f(x_i), the verdict and, on a mistake, the update.
- ``kernel_layers(scene, run, t)``: the chart's layers at cursor ``t``: f as a filled
  contour with its zero level, the points sized by alpha_i, crosses on the
  misclassified, a ring on the visited example.
- ``kernel_description(kernel)``: one or two plain sentences about the kernel.

``k`` counts updates (0..run.mistakes); ``t`` is the stepper's cursor, visits done
(0..run.n_visits), and the updates in force at ``t`` are ``run.updates_before_visit(t)``.
Examples are numbered from 1 in the equations (x_1 is row 0 of X).
"""

from __future__ import annotations

import numpy as np

import perceptron_core as pc
from perceptron_core.kernels import as_kernel
from ui import notation, text
from ui.charts import layers
from ui.charts.geometry import Box
from ui.words import t as words

# The equation writes the sum out term by term up to this many support vectors.
MAX_TERMS = 3


# ------------------------------------------------------------------------ f on a grid
def score_grid(run, box: Box, k: int, resolution: int | None = None):
    """f after ``k`` updates on a grid over ``box``: (xs, ys, Z), Z of shape (len(ys), len(xs)).

    ``resolution`` is the most cells a side wanted (default ``layers.GRID_POINTS``); the
    side shrinks with the number of support vectors s so that cells x s stays under
    ``layers.MAX_SCORE_WORK`` (``layers.resolution_for``). f is the engine's sum grouped
    by example (``pc.kernel_scores(..., exact_sign=False)``): drawing needs no exact ties.
    """
    support = np.count_nonzero(pc.alpha_at(run, k))
    side = layers.resolution_for(
        support, layers.GRID_POINTS if resolution is None else int(resolution)
    )
    xs, ys, P = layers.grid(box, side)
    Z = pc.kernel_scores(run, k, P, exact_sign=False)
    return xs, ys, Z.reshape(len(ys), len(xs))


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
    alpha = pc.alpha_at(run, v.updates_before)
    support = np.flatnonzero(alpha)
    eta = "" if run.eta == 1 else r"\eta\,"
    nt = notation.current()
    x = nt.x_tex  # x (hardlim: p); the label's sign y_j (hardlim: 2t_j - 1; augmented: s_j)
    y_j, y_i = nt.sign_of_label_tex("j"), nt.sign_of_label_tex(sub)
    head = rf"f({x}_{{{sub}}}) &= {eta}\sum_j \alpha_j\, {y_j}\, K({x}_j, {x}_{{{sub}}})"
    if support.size == 0:
        every = words("kernel.every")
        lines = [rf"\begin{{aligned}} {head} \\ &= 0 \quad (\text{{{every} }} \alpha_j = 0)"
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
        verdict = (rf"> 0 \;\Rightarrow\; \text{{{words('kernel.no_mistake')} }} \alpha "
                   rf"\text{{ {words('kernel.unchanged')}}}")  # fmt: skip
    elif ya == 0:
        verdict = (rf"\le 0 \;\Rightarrow\; \text{{{words('kernel.mistake')}}} \\ "
                   rf"\text{{{words('kernel.tie')}}}")  # fmt: skip
    else:
        verdict = rf"\le 0 \;\Rightarrow\; \text{{{words('kernel.mistake')}}}"
    # Two lines: the product, then the verdict under it, centred: aligned after the product's
    # left side it would not fit a narrow column (a projector's) next to the chart.
    lines.append(
        rf"\begin{{gathered}} {y_i}\, f({x}_{{{sub}}}) = {_signed(yi)} \cdot {_paren(a)} "
        rf"= {text.tex(ya)} \\ {verdict} \end{{gathered}}"
    )
    change = run.change_at(t)
    if change is not None:
        before, after = int(alpha[i]), int(pc.alpha_at(run, change.k)[i])  # the engine's
        lines.append(rf"\alpha_{{{sub}}} \leftarrow \alpha_{{{sub}}} + 1 = {before} + 1 = {after}")
        step = _signed(yi) if run.eta == 1 else rf"{text.tex(run.eta)} \cdot {_signed(yi)}"
        lines.append(rf"f(z) \leftarrow f(z) + {step}\, K({x}_{{{sub}}}, z)")
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
    alpha = pc.alpha_at(run, k)
    sizes = layers.marker_sizes(alpha, scene.style.marker)
    pts = layers.points(scene, sizes=sizes, size_label="α", counts=alpha)
    visited = layers.ringed(scene, run.visit(t - 1).index if t > 0 else None)
    if k == 0:
        return [], pts + visited
    xs, ys, Z = score_grid(run, scene.box, k)
    wrong = layers.misclassified(scene, pc.kernel_scores(run, k, run.X))
    return layers.score_regions(scene, xs, ys, Z), pts + wrong + visited


def layered(scene: layers.Scene, run, texts=None) -> layers.Layered:
    """The Kernel page's stage over ``scene`` (and the offline lecture's picture of its
    scenes): each step's decision function, the points sized by alpha, and the page's lines
    of numbers (``texts(t)``, given by the page)."""
    return layers.Layered(kernel_scene(scene), lambda t: kernel_layers(scene, run, t), texts)


def kernel_description(kernel) -> str:
    """A short plain caption for the kernel (``None``, a name or a ``pc.Kernel``)."""
    kern = as_kernel(kernel)
    formula = kern.describe()
    if kern.name == "linear":
        return words("kernel.linear", formula=formula)
    if kern.name == "poly":
        return words("kernel.poly", formula=formula, d=kern.degree)
    return words("kernel.rbf", formula=formula, width=text.num(1 / np.sqrt(kern.gamma), 3))
