"""The proof page as pure functions (no streamlit): Theorems 1 and 2 of note 001 and the
proof of note 004, read off a recorded run mistake by mistake.

Every number lives in the augmented space: a point is (1, x_i), its signed form
z_i = y_i (1, x_i), and w carries the bias as its first entry, w = (b, w_1, ..., w_d), so
||w||^2 = b^2 + ||w_x||^2 and R = max_i ||(1, x_i)||. The weights after each update come
from the run (``Run.proof``: its recorded trajectory); nothing here re-runs the rule.

The squeeze. For a unit direction u, after M mistakes from w(0) with step eta,

    w.u     >= a + s M      (each mistake moves w at least s along u: the lower line)
    ||w||^2 <= n0 + r M     (each mistake adds at most eta^2 R^2: the upper curve)

and w.u <= ||w||, so a + s M <= sqrt(n0 + r M): M is at most the largest root of
(a + s M)^2 = n0 + r M, where the two meet (``Squeeze.crossing``).

- Theorem 1 (``theorem1``): u = u*, a = w(0).u*, s = eta gamma*, n0 = ||w(0)||^2,
  r = eta^2 R^2. From w(0) = 0 the crossing is R^2 / gamma*^2. In 001's notation
  w* = u*/gamma* (so ||w*|| = 1/gamma*) and w.w* >= M.
- Theorem 2 after E epochs (``theorem2``): w* the minimiser of R^2 ||w||^2 + 2E L_hinge(w),
  u = w*/||w*||; each mistake adds at least eta (1 - its hinge loss) to w.w*, and the
  mistakes of E epochs lose at most E L_hinge(w*), so a = (w(0).w* - eta E L)/||w*||,
  s = eta/||w*||. From w(0) = 0 the crossing is at most R^2 ||w*||^2 + 2 E L.
- 004 (``distance_004``): ||w(k+1)/eta - alpha u*||^2 / R^2, alpha = R^2/gamma*, falls by at
  least 1 per correction from its start, k_hat = ||w(1)/eta - alpha u*||^2 / R^2.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np

from ui import text
from ui.bounds import big_num, from_zero, live
from ui.charts import epochs, theme

MAX_DRAWN = 1_500  # points per curve on a chart (long runs are sampled evenly)
BOUND_POINTS = 200  # points along a bound's line
EPOCH_SAMPLES = 24  # Theorem 2 is solved at most at this many epochs for its chart
LOWER_COLOR = theme.USTAR_COLOR  # w.u* and its lower line
UPPER_COLOR = theme.POS_COLOR  # ||w|| and its upper curve
CROSS_COLOR = theme.NEG_COLOR  # where the two lines meet: the bound
INK_COLOR = theme.INK  # the cosine and 004's distance


# ------------------------------------------------------------------ the quantities
@dataclass(frozen=True)
class Squeeze:
    """The proof's two quantities after every update k = 0..K of a run, and its lines.

    ``dot[k]`` = w(k).u and ``norm_sq[k]`` = ||w(k)||^2 (from the run's trajectory);
    ``mistakes[k]`` = M after update k. The lines: ``lower(M)`` = a + s M under w.u,
    ``upper_sq(M)`` = n0 + r M over ||w||^2.
    """

    u: np.ndarray  # unit direction, bias first
    mistakes: np.ndarray
    dot: np.ndarray
    norm_sq: np.ndarray
    a: float
    s: float
    n0: float
    r: float
    theorem: int  # 1 or 2: what u is (u* or w*/||w*||), for the names on the charts
    last: int = -1  # the last update the lines hold for (Theorem 2: by the end of epoch E)
    underflow: bool = False  # some ||w||^2 of a w != 0 is below the floats (data near 1e-300)

    @property
    def shown(self) -> int:
        """Updates 0..shown - 1 are drawn: those the lines hold for."""
        return self.mistakes.shape[0] if self.last < 0 else self.last + 1

    def lower(self, M):
        return self.a + self.s * np.asarray(M, dtype=np.float64)

    def upper_sq(self, M):
        return self.n0 + self.r * np.asarray(M, dtype=np.float64)

    @property
    def norm(self) -> np.ndarray:
        return np.sqrt(self.norm_sq)

    @property
    def cosine(self) -> np.ndarray:
        """cos(w, u) = w.u / ||w|| (nan where w = 0)."""
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(self.norm_sq > 0, self.dot / self.norm, np.nan)

    def cosine_floor(self, M) -> np.ndarray:
        """lower(M) / sqrt(upper_sq(M)): what the lines force the cosine to be at least
        (where the lower line is positive; nan elsewhere). It reaches 1 at the crossing."""
        lo, up = self.lower(M), self.upper_sq(M)
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where((lo >= 0) & (up > 0), lo / np.sqrt(up), np.nan)

    def _crossing_terms(self) -> tuple[float, float] | None:
        """(numerator, S) of the crossing num / (2 S^2), in units of sqrt(r) (no overflow
        for large data); None when the lines never meet. With A = a/sqrt(r), S = s/sqrt(r),
        N = n0/r the root of (A + S M)^2 = N + M is (1 - 2AS + sqrt(1 - 4AS + 4 S^2 N)) /
        (2 S^2); the discriminant is >= 0 because |a| <= sqrt(n0) when a >= 0."""
        if not (self.s > 0 and self.r > 0) or not math.isfinite(self.r):
            return None
        root_r = math.sqrt(self.r)
        A, S, N = self.a / root_r, self.s / root_r, self.n0 / self.r
        disc = max(0.0, 1.0 - 4.0 * A * S + 4.0 * S * S * N)
        return 1.0 - 2.0 * A * S + math.sqrt(disc), S

    @property
    def crossing(self) -> float:
        """The largest M with a + s M <= sqrt(n0 + r M): the squeeze's bound on M (inf when
        there is none, or when it is beyond the float range: ``crossing_log10`` then says
        how large it is). Divided by S twice, not by S^2, which underflows to 0 for data
        near 1e-300 (gamma*/R below 1e-162)."""
        terms = self._crossing_terms()
        if terms is None:
            return math.inf
        num, S = terms
        if S == 0:
            return math.inf
        return num / (2.0 * S) / S

    @property
    def crossing_log10(self) -> float:
        """log10 of ``crossing``, finite when the crossing is (even beyond the float range)."""
        terms = self._crossing_terms()
        if terms is None:
            return math.inf
        num, S = terms
        if not num > 0:
            return -math.inf
        # log10 S from s and r: S itself may be below the smallest float.
        return math.log10(num / 2.0) - 2.0 * math.log10(self.s) + math.log10(self.r)

    @property
    def finite(self) -> bool:
        """Every quantity is a float that can be shown: none overflowed, none underflowed."""
        finite = np.isfinite(self.dot).all() and np.isfinite(self.norm_sq).all()
        return bool(finite and not self.underflow)


def _underflow(run, norm_sq: np.ndarray) -> bool:
    """True when a w != 0 of the run has ||w||^2 below the smallest normal float (0 or
    imprecise): with data near 1e-300 the squares of its weights are near 1e-600."""
    W, B = run.trajectory()
    nonzero = np.any(W != 0, axis=1) | (B != 0)
    return bool(np.any(nonzero & (norm_sq < np.finfo(np.float64).tiny)))


def _start_terms(run) -> tuple[np.ndarray, float, float]:
    """(w(0) bias first, ||w(0)||^2, eta)."""
    w0 = np.concatenate(([run.b0], run.w0))
    return w0, float(w0 @ w0), run.eta


def theorem1(run, th) -> Squeeze:
    """Theorem 1's squeeze along u* (separable data: ``th`` a separable ``pc.Theory``)."""
    p = run.proof(th.u, th.gamma, th.R)  # the run's own trajectory, along u*
    w0, n0, eta = _start_terms(run)
    return Squeeze(
        u=np.asarray(th.u, dtype=np.float64),
        mistakes=p["k"],
        dot=p["w_dot_u"],
        norm_sq=p["norm_sq"],
        a=float(w0 @ th.u),
        s=eta * th.gamma,
        n0=n0,
        r=eta**2 * th.R**2,
        theorem=1,
        underflow=_underflow(run, p["norm_sq"]),
    )


def theorem2(run, hb) -> Squeeze | None:
    """Theorem 2's squeeze along w*/||w*|| after ``hb.epochs`` epochs (``hb`` a
    ``pc.HingeBound``); None when its w* is 0 (no direction)."""
    w_star = np.asarray(hb.w, dtype=np.float64)
    size = float(np.linalg.norm(w_star))
    if not size > 0 or not math.isfinite(size):
        return None
    u = w_star / size
    p = run.proof(u, 0.0, hb.R)
    w0, n0, eta = _start_terms(run)
    return Squeeze(
        u=u,
        mistakes=p["k"],
        dot=p["w_dot_u"],
        norm_sq=p["norm_sq"],
        a=float(w0 @ u) - eta * hb.epochs * hb.hinge_loss / size,
        s=eta / size,
        n0=n0,
        r=eta**2 * hb.R**2,
        theorem=2,
        # The lines count the hinge losses of E passes: they hold for E epochs' mistakes.
        last=int(run.epoch_end_updates[min(hb.epochs, run.epochs) - 1]),
        underflow=_underflow(run, p["norm_sq"]),
    )


@dataclass(frozen=True)
class Distance:
    """004's proof: ``ratio[k]`` = ||w(k+1)/eta - alpha u*||^2 / R^2 after k corrections
    (alpha = R^2/gamma*), which the proof says is at most ``start - k``."""

    mistakes: np.ndarray
    ratio: np.ndarray
    alpha: float
    start_log10: float = math.nan  # log10 of ``start``, finite even beyond the float range

    @property
    def start(self) -> float:
        """k_hat = ||w(1)/eta - alpha u*||^2 / R^2: 004's bound on the corrections."""
        return float(self.ratio[0])

    @property
    def finite(self) -> bool:
        """Every number of the proof is a float: false for data near 1e-300, where R/gamma*
        is about 1e300 and the distances about its square."""
        return bool(math.isfinite(self.alpha) and np.isfinite(self.ratio).all())


def distance_004(run, th) -> Distance:
    """004's distance after every update of the run, from its start w(1) (separable)."""
    W, B = run.trajectory()
    traj = np.column_stack((B, W)) / run.eta
    # ||v - alpha u||^2 / R^2 = (R/gamma)^2 ||v gamma/R^2 - u||^2: the squared factor can
    # pass the float range (R/gamma near 1e300) while the rest cannot.
    scale = th.R / th.gamma
    with np.errstate(over="ignore", invalid="ignore"):
        diff = traj / th.R / scale - np.asarray(th.u)
        rest = np.einsum("ij,ij->i", diff, diff)
        ratio = rest * scale * scale
    head = float(rest[0])
    return Distance(
        mistakes=np.arange(traj.shape[0], dtype=np.float64),
        ratio=ratio,
        alpha=th.R * scale,
        start_log10=(2.0 * math.log10(scale) + math.log10(head)) if head > 0 else -math.inf,
    )


# --------------------------------------------------------- Theorem 2 against epochs
@dataclass(frozen=True)
class EpochBounds:
    """The running count at each epoch's end against Theorem 2's bound after E epochs.

    ``envelope[E-1]`` = min over the solved w*_j of R^2 ||w*_j||^2 + 2 E L(w*_j): a valid
    bound at every epoch (each w*_j is some w), equal to the solved bound at ``sampled``.
    """

    epochs: np.ndarray  # 1..run.epochs
    count: np.ndarray  # mistakes made by the end of each epoch
    sampled: np.ndarray  # epochs where the minimisation was solved
    values: np.ndarray  # the bound there (HingeBound.value)
    envelope: np.ndarray


def sample_epochs(epochs: int, current: int, most: int = EPOCH_SAMPLES) -> list[int]:
    """Epochs at which to solve Theorem 2's minimisation: all of them up to ``most``, else
    ``most`` spread evenly on a log scale; always the current one."""
    epochs = max(1, int(epochs))
    if epochs <= most:
        picked = set(range(1, epochs + 1))
    else:
        picked = {int(e) for e in np.unique(np.geomspace(1, epochs, most).round())}
    picked.add(max(1, min(int(current), epochs)))
    return sorted(picked)


def epoch_bounds(run, bounds: dict) -> EpochBounds:
    """``bounds``: {E: HingeBound after E epochs} (from ``sample_epochs``); from a start
    other than 0, the bounds of Theorem 2's proof from that start at the same w*."""
    epochs = np.arange(1, run.epochs + 1)
    sampled = np.array(sorted(bounds), dtype=np.int64)
    if from_zero(run):
        values = np.array([bounds[e].value for e in sampled])
    else:  # Theorem 2's proof from this start, at each solved w*
        values = np.array([bounds[e].from_start(run.w0, run.b0, run.eta) for e in sampled])
    if not sampled.size:
        envelope = np.full(epochs.shape, np.nan)
    elif from_zero(run):
        fixed = np.array([bounds[e].R ** 2 * bounds[e].norm2 for e in sampled])
        slope = np.array([2.0 * bounds[e].hinge_loss for e in sampled])
        envelope = np.min(fixed[:, None] + slope[:, None] * epochs[None, :], axis=0)
    else:  # each solved w* bounds every epoch E (its hinge loss counted E times)
        envelope = np.array(
            [
                min(replace(bounds[j], epochs=int(E)).from_start(run.w0, run.b0, run.eta)
                    for j in sampled)
                for E in epochs
            ]
        )  # fmt: skip
    count = np.cumsum(run.counts)[: epochs.shape[0]].astype(np.float64)
    return EpochBounds(epochs, count, sampled, values, envelope)


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


def theorem1_lines(sq: Squeeze, th, k: int, eta: float) -> list[str]:
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


def lines_004(dist: Distance, th, k: int, eta: float) -> list[str]:
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


def theorem2_lines(sq: Squeeze, hb, k: int, eta: float) -> list[str]:
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


# --------------------------------------------------------------------------- charts
def drawn(count: int, k: int | None = None, most: int = MAX_DRAWN) -> np.ndarray:
    """Indices 0..count-1 to draw: all, or ``most`` spread evenly with the ends and k."""
    if count <= most:
        return np.arange(count)
    idx = np.linspace(0, count - 1, most).round().astype(np.int64)
    if k is not None:
        idx = np.append(idx, int(k))
    return np.unique(idx)


def _x_range(last_m: float, bound: float, log: bool) -> tuple[float, float]:
    top = max(float(last_m), 1.0)
    if math.isfinite(bound):
        top = max(top, float(bound))
    top *= 1.15
    return (1.0, top) if log else (0.0, top)


def _grid(lo: float, hi: float, log: bool) -> np.ndarray:
    return np.geomspace(lo, hi, BOUND_POINTS) if log else np.linspace(lo, hi, BOUND_POINTS)


def _positive(*arrays) -> bool:
    vals = np.concatenate([np.ravel(np.asarray(a, dtype=np.float64)) for a in arrays])
    vals = vals[np.isfinite(vals)]
    return bool(vals.size and (vals > 0).all())


def _layout(presenter: bool, x_title: str, y_title: str, x_log: bool, y_log: bool, xr) -> dict:
    style = theme.Style.of(presenter, 0)
    axis = dict(gridcolor="#eeeeee", zeroline=False)
    x_range = [math.log10(xr[0]), math.log10(xr[1])] if x_log else list(xr)
    return dict(
        height=330 if presenter else 280,
        margin=dict(l=55, r=10, t=10, b=45),
        font=dict(size=style.font - 3),
        plot_bgcolor="white",
        xaxis=dict(
            axis, title=dict(text=x_title), type="log" if x_log else "linear", range=x_range
        ),
        yaxis=dict(axis, title=dict(text=y_title), type="log" if y_log else "linear"),
        # On a projector the legend is read from the back row too: 18 px, as the main chart's.
        legend=dict(
            orientation="h",
            y=1.02,
            yanchor="bottom",
            x=0,
            font=dict(size=style.legend_font if presenter else style.font - 4),
        ),
        hovermode="closest",
        shapes=[],
    )


def _figure(data: list[dict], layout: dict):
    """The figure, with room above the plot for its legend: on a projector's narrow
    column Plotly may wrap it to one entry a row."""
    entries = sum(1 for t in data if t.get("showlegend", True) and t.get("name"))
    layout["margin"]["t"] = 14 + 18 * entries
    return theme.figure(data, layout)


def _today(layout: dict, M: float, x_log: bool) -> None:
    """A dotted vertical line at today's mistake count."""
    if x_log and M < 1:
        return
    layout["shapes"].append(epochs.epoch_marker(M, xref="x", yref="paper"))


def _mark(x, y, name: str, color: str, symbol: str = "circle") -> dict:
    return dict(
        type="scatter",
        x=[x],
        y=[y],
        mode="markers",
        name=name,
        showlegend=False,
        marker=dict(color=color, size=10, symbol=symbol, line=dict(width=1.5, color="white")),
        hovertemplate=f"{name}<br>M = %{{x:.4g}}<br>%{{y:.4g}}<extra></extra>",
    )


def _curve(x, y, name: str, color: str, *, dash: str = "solid", width: float = 2.5) -> dict:
    many = len(x) > 60
    return dict(
        type="scatter",
        x=x,
        y=y,
        name=name,
        mode="lines" if many else "lines+markers",
        line=dict(color=color, dash=dash, width=width, shape="linear"),
        marker=dict(size=5, color=color),
        hovertemplate=f"{name}<br>M = %{{x:.4g}}<br>%{{y:.4g}}<extra></extra>",
    )


def _names(sq: Squeeze) -> dict[str, str]:
    if sq.theorem == 1:
        lower = "w(0)·u* + Mηγ*" if sq.n0 else "Mγ*"
        return {"dot": "w·u*", "lower": lower, "u": "u*"}
    return {"dot": "w·w*/‖w*‖", "lower": "(M − E·L)/‖w*‖", "u": "w*"}


def squeeze_figure(sq: Squeeze, k: int, *, log: bool = True, presenter: bool = False):
    """The squeeze: w.u over its lower line and ||w|| under its upper curve, against M;
    where the two lines meet (the bound) marked, and today's step on every curve."""
    names = _names(sq)
    bound = sq.crossing
    M_now = float(sq.mistakes[k])
    idx = drawn(sq.shown, k)
    if log:
        idx = idx[sq.mistakes[idx] >= 1]
    xr = _x_range(float(sq.mistakes[sq.shown - 1]), bound, log)
    grid = _grid(*xr, log)
    lower, upper = sq.lower(grid), np.sqrt(sq.upper_sq(grid))
    y_log = log and _positive(sq.dot[idx], sq.norm[idx], lower, upper)
    start = "" if sq.n0 == 0 else "‖w(0)‖² + "
    data = [
        _curve(
            grid, upper, f"√({start}Mη²R²)" if sq.n0 else "R√M", UPPER_COLOR, dash="dash", width=1.8
        ),
        _curve(grid, lower, names["lower"], LOWER_COLOR, dash="dash", width=1.8),
        _curve(sq.mistakes[idx], sq.norm[idx], "‖w‖", UPPER_COLOR),
        _curve(sq.mistakes[idx], sq.dot[idx], names["dot"], LOWER_COLOR),
    ]
    layout = _layout(presenter, "mistakes M", f"{names['dot']} and ‖w‖", log, y_log, xr)
    if math.isfinite(bound):
        y = float(sq.lower(bound))
        data.append(
            dict(
                _mark(bound, y, "the lines meet", CROSS_COLOR, "diamond"),
                mode="markers+text",
                text=[f"M ≤ {text.num(bound)}"],
                textposition="bottom left",
                textfont=dict(color=CROSS_COLOR),
            )
        )
        layout["shapes"].append(
            dict(
                epochs.epoch_marker(bound, xref="x", yref="paper"),
                line=dict(color=CROSS_COLOR, dash="dot", width=1.5),
            )
        )
    if not (log and M_now < 1):
        data.append(_mark(M_now, float(sq.norm[k]), "‖w‖ now", UPPER_COLOR))
        data.append(_mark(M_now, float(sq.dot[k]), f"{names['dot']} now", LOWER_COLOR))
    _today(layout, M_now, log)
    return _figure(data, layout)


def norm_figure(sq: Squeeze, k: int, *, log: bool = True, presenter: bool = False):
    """||w||^2 under n0 + r M (M R^2 from w = 0): each mistake adds at most eta^2 R^2."""
    M_now = float(sq.mistakes[k])
    idx = drawn(sq.shown, k)
    if log:
        idx = idx[sq.mistakes[idx] >= 1]
    xr = _x_range(float(sq.mistakes[sq.shown - 1]), sq.crossing, log)
    grid = _grid(*xr, log)
    upper = sq.upper_sq(grid)
    y_log = log and _positive(sq.norm_sq[idx], upper)
    name = "‖w(0)‖² + Mη²R²" if sq.n0 else "MR²"
    data = [
        _curve(grid, upper, name, UPPER_COLOR, dash="dash", width=1.8),
        _curve(sq.mistakes[idx], sq.norm_sq[idx], "‖w‖²", UPPER_COLOR),
    ]
    if not (log and M_now < 1):
        data.append(_mark(M_now, float(sq.norm_sq[k]), "‖w‖² now", UPPER_COLOR))
    layout = _layout(presenter, "mistakes M", "‖w‖² (bias inside)", log, y_log, xr)
    _today(layout, M_now, log)
    return _figure(data, layout)


def cosine_figure(sq: Squeeze, k: int, *, log: bool = True, presenter: bool = False):
    """cos(w, u) rising, over the floor the two lines force (which reaches 1 at the bound:
    a cosine is at most 1, so M cannot pass it)."""
    names = _names(sq)
    M_now = float(sq.mistakes[k])
    idx = drawn(sq.shown, k)
    if log:
        idx = idx[sq.mistakes[idx] >= 1]
    bound = sq.crossing
    xr = _x_range(float(sq.mistakes[sq.shown - 1]), bound, log)
    grid = _grid(*xr, log)
    floor = sq.cosine_floor(grid)
    cos = sq.cosine
    data = [
        _curve(grid, floor, "floor the lines force", LOWER_COLOR, dash="dash", width=1.8),
        _curve(sq.mistakes[idx], cos[idx], f"cos(w, {names['u']})", INK_COLOR),
    ]
    if not (log and M_now < 1) and np.isfinite(cos[k]):
        data.append(_mark(M_now, float(cos[k]), "cosine now", INK_COLOR))
    layout = _layout(presenter, "mistakes M", f"cos(w, {names['u']})", log, False, xr)
    lowest = np.nanmin(cos[idx]) if np.isfinite(cos[idx]).any() else 0.0
    layout["yaxis"]["range"] = [min(0.0, float(lowest)) - 0.05, 1.08]
    layout["shapes"].append(
        dict(
            type="line",
            x0=0,
            x1=1,
            xref="paper",
            y0=1,
            y1=1,
            yref="y",
            line=dict(color=theme.GHOST_COLOR, width=1),
        )
    )
    if math.isfinite(bound):
        data.append(_mark(bound, 1.0, "cos = 1: the bound", CROSS_COLOR, "diamond"))
    _today(layout, M_now, log)
    return _figure(data, layout)


def distance_figure(dist: Distance, k: int, *, log: bool = True, presenter: bool = False):
    """004: ||w(k+1) - alpha w_hat||^2 / beta^2 under its line k_hat - k, which reaches 0
    at k = k_hat (a squared distance cannot be negative)."""
    idx = drawn(dist.mistakes.shape[0], k)
    if log:
        idx = idx[dist.mistakes[idx] >= 1]
    xr = _x_range(float(dist.mistakes[-1]), dist.start, log)
    grid = _grid(*xr, log)
    line = dist.start - grid
    data = [
        _curve(grid, line, "k̂ − k", CROSS_COLOR, dash="dash", width=1.8),
        _curve(dist.mistakes[idx], dist.ratio[idx], "distance² / β²", INK_COLOR),
        _mark(dist.start, 0.0, f"k ≤ k̂ = {text.num(dist.start)}", CROSS_COLOR, "diamond"),
    ]
    if not (log and k < 1):
        data.append(_mark(float(k), float(dist.ratio[k]), "now", INK_COLOR))
    layout = _layout(presenter, "corrections k", "distance² / β²", log, False, xr)
    top = max(dist.start, float(np.max(dist.ratio[idx])) if idx.size else dist.start)
    layout["yaxis"]["range"] = [-0.04 * top, 1.08 * top]
    _today(layout, float(k), log)
    return _figure(data, layout)


def epochs_figure(eb: EpochBounds, epoch: int, count: int, *, presenter: bool = False):
    """Theorem 2 after E epochs (its bound, solved at the marked epochs and valid between
    them) against the mistakes made by the end of each epoch; today's count (the
    mistakes so far, in epoch ``epoch``) marked."""
    style = theme.Style.of(presenter, 0)
    idx = drawn(eb.epochs.shape[0], max(0, epoch - 1))
    data = [
        _curve(eb.epochs[idx], eb.envelope[idx], "the bound", CROSS_COLOR, dash="dash"),
        dict(
            type="scatter",
            x=eb.sampled,
            y=eb.values,
            mode="markers",
            name="solved at E",
            marker=dict(color=CROSS_COLOR, size=6),
            showlegend=False,
            hovertemplate="E = %{x}<br>bound %{y:.4g}<extra></extra>",
        ),
        _curve(eb.epochs[idx], eb.count[idx], "mistakes by epoch E", INK_COLOR),
        _mark(epoch, count, "now", INK_COLOR),
    ]
    xr = (0.5, max(1.5, eb.epochs.shape[0] + 0.5))
    layout = _layout(presenter, "epochs E", "mistakes", False, False, xr)
    layout["yaxis"]["rangemode"] = "tozero"
    layout["font"] = dict(size=style.font - 3)
    _today(layout, epoch, False)
    return _figure(data, layout)


# --------------------------------------------------------------------------- words
def beyond_floats(sq: Squeeze, k: int) -> str:
    """What the page says instead of the proof's lines when its numbers are not floats."""
    why = "‖w‖² of a w ≠ 0 is below the smallest float" if sq.underflow else "they overflow"
    said = f"The proof's numbers for this data are beyond floating point ({why}): "
    said += "they cannot be shown."
    if sq.theorem != 1:
        return said
    M, bound = int(sq.mistakes[k]), big_num(sq.crossing, sq.crossing_log10)
    where = "R²/γ*² =" if sq.n0 == 0 else "where the two lines meet,"
    return said + f" The theorem still holds: M = {M} ≤ {where} {bound}."


def beyond_floats_004(dist: Distance) -> str:
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


def charts(
    squeeze: Squeeze | None,
    k: int,
    *,
    distance: Distance | None = None,
    epochs: EpochBounds | None = None,
    epoch: int = 1,
    log: bool = True,
    presenter: bool = False,
) -> list[tuple[str, str, object]]:
    """The page's charts at update k, as (key, title, figure), two to a row: Theorem 1's
    squeeze and 004's distance, or (``epochs`` given) Theorem 2 against the epochs and
    its squeeze along w*; then ||w||^2 and the cosine. Without a squeeze (w* = 0, no
    direction) only Theorem 2's chart."""
    look = dict(log=log, presenter=presenter)
    out = []
    if epochs is not None:
        out.append(
            ("epochs", "Theorem 2 after E epochs against the running count",
             epochs_figure(epochs, epoch, k, presenter=presenter))
        )  # fmt: skip
    if squeeze is None:
        return out
    if squeeze.theorem == 1:
        out.append(
            ("squeeze", "The squeeze: w·u* over its line, ‖w‖ under its curve",
             squeeze_figure(squeeze, k, **look))
        )  # fmt: skip
        if distance is not None and distance.finite:
            out.append(
                ("distance", "004: ‖w(k+1) − αŵ‖²/β² falls by ≥ 1 per correction",
                 distance_figure(distance, k, **look))
            )  # fmt: skip
    else:
        out.append(
            ("squeeze", f"The squeeze along w* (E = {epoch})", squeeze_figure(squeeze, k, **look))
        )
    u = "u*" if squeeze.theorem == 1 else "w*"
    return out + [
        ("norm", "‖w‖² under its line (≤ η²R² more per mistake)", norm_figure(squeeze, k, **look)),
        ("cosine", f"cos(w, {u}) rises: at 1 the lines meet", cosine_figure(squeeze, k, **look)),
    ]
