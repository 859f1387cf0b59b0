"""The vector picture: the arrow of w, or an update's w_old + eta*y*x = w_new tip to tail
(003), placed and scaled so that it reads in the view, with labels that do not cover each
other; ``vectors`` is the layer that draws it."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ui import notation
from ui.charts import layers
from ui.charts.geometry import Box
from ui.charts.theme import GHOST_COLOR, HALO, INK, NEG_COLOR, POS_COLOR
from ui.values import Update
from ui.words import t as words

ARROWS = ("w_old arrow", "step arrow", "w arrow")


@dataclass(frozen=True)
class ArrowFrame:
    """Where the arrows start and how much they are shrunk, fixed for a whole run."""

    anchor: tuple[float, float]
    scale: float

    @property
    def at_origin(self) -> bool:
        return self.anchor == (0.0, 0.0)


# A run whose longest w is shorter than this share of the view's side (a small learning
# rate: 0.01 draws every w a hundredth as long) has its arrows zoomed, and says so.
READABLE_W = 0.2


def run_arrow_frame(box: Box, W) -> ArrowFrame:
    """One frame for every arrow of a run whose weights (without the bias) are the rows
    of ``W``: from the origin when it is in view, else from the centre of the view, and
    one scale so that every w of the run fits (so arrows compare from step to step); a
    run of short w (``READABLE_W``) is zoomed until its longest w is 0.45 of the view."""
    W = np.asarray(W, dtype=np.float64).reshape(-1, 2)
    W = W[np.isfinite(W).all(axis=1)]
    pad = 0.04 * box.span
    lo = np.array([box.x0 + pad, box.y0 + pad])
    hi = np.array([box.x1 - pad, box.y1 - pad])
    origin = np.zeros(2)
    anchor = (
        origin
        if np.all(origin >= lo) and np.all(origin <= hi)
        else np.array([(box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2])
    )
    longest = float(np.max(np.linalg.norm(W, axis=1))) if W.shape[0] else 0.0
    s = 1.0 if longest == 0 else 0.45 * box.span / longest
    if s > 1.0 and longest >= READABLE_W * box.span:
        s = 1.0  # its true size reads: no zoom
    with np.errstate(divide="ignore", invalid="ignore"):
        room = np.where(W > 0, (hi - anchor) / W, np.where(W < 0, (lo - anchor) / W, np.inf))
    if room.size:
        s = min(s, float(np.min(room)))
    scale = 1.0 if s == 1.0 else _two_digits(s) if s > 0 else 0.0
    return ArrowFrame((float(anchor[0]), float(anchor[1])), scale)


def vector_traces(
    box: Box, *, w=None, update: Update | None = None, frame: ArrowFrame | None = None
) -> dict[str, dict]:
    """Arrows for w, or for an update: w_old, eta*y*x from its tip, and w_new (003).

    Each arrow is a two-point trace (tail, tip) whose tip carries an arrowhead marker;
    arrows that do not apply are empty. Plain traces rather than layout annotations: Plotly
    lays annotations out on every redraw (about 25 ms a step here), scatter points cost
    next to nothing. ``w`` alone is drawn in the run's frame (``frame``: one place and one
    scale for every step, so the arrows compare). An update is zoomed to itself
    (``update_frame``): its three arrows, all scaled by one factor so the sum stays exact,
    are large enough to read at any learning rate, and w_new's label says by how much.
    """
    empty = {"x": [], "y": []}
    out = {name: dict(type="scatter", **empty) for name in ARROWS}
    labels: dict = dict(type="scatter", x=[], y=[], text=[], textposition=[], role=[])
    out["vector labels"] = labels
    if update is None and (w is None or not np.any(np.asarray(w) != 0)):
        return out

    def arrow(name, role, tail, tip, text, at: float = 1.0) -> None:
        tail, tip = np.asarray(tail, float), np.asarray(tip, float)
        if np.allclose(tail, tip):
            return
        out[name] = dict(
            type="scatter", x=[float(tail[0]), float(tip[0])], y=[float(tail[1]), float(tip[1])]
        )
        spot = tail + at * (tip - tail)
        labels["x"].append(float(spot[0]))
        labels["y"].append(float(spot[1]))
        labels["text"].append(text)
        labels["textposition"].append(_label_side(box, spot, tip[0] >= tail[0], text))
        labels["role"].append(role)

    if update is None:
        w = np.asarray(w, dtype=np.float64)
        if frame is None:
            anchor, scale = _arrow_frame(box, [w])
            tag = "" if scale == 1.0 else f" ({times(scale)})"
        else:  # the run's own frame: one scale for every step, said once on w
            anchor, scale = np.asarray(frame.anchor), frame.scale
            said = [] if scale == 1.0 else [times(scale)]
            if not frame.at_origin:
                said.append(words("chart.from_centre"))
            tag = f" ({', '.join(said)})" if said else ""
        arrow("w arrow", "w", anchor, anchor + scale * w, notation.current().w + tag)
        return out
    w_old, w_new = update.w_old, update.w_new
    step = w_new - w_old  # the change the engine made (the run's record, or pc.update)
    anchor, scale = update_frame(box, w_old, step)
    said = [] if scale == 1.0 else [times(scale)]
    if np.any(anchor != 0):
        said.append(words("chart.shifted"))
    tag = f" ({', '.join(said)})" if said else ""
    sign = "+" if update.y > 0 else "−"
    eta = "" if update.eta == 1 else f"{update.eta:g}·"
    old_tip = anchor + scale * w_old
    drawn = []
    nt = notation.current()
    for name, role, tail, tip, label in (
        ("w_old arrow", "w_old", anchor, old_tip, f"{nt.w}_old"),
        (
            "step arrow",
            "step",
            old_tip,
            anchor + scale * (w_old + step),
            update.label or nt.step_label(sign, eta),
        ),
        ("w arrow", "w", anchor, anchor + scale * w_new, f"{nt.w}_new" + tag),
    ):
        if np.allclose(tail, tip):
            continue
        out[name] = dict(
            type="scatter", x=[float(tail[0]), float(tip[0])], y=[float(tail[1]), float(tip[1])]
        )
        drawn.append((role, np.asarray(tail, float), np.asarray(tip, float), label))
    for key, values in _labels_of(box, drawn).items():
        labels[key] = values
    return out


SIDES = ("top right", "top left", "bottom right", "bottom left")
ALONG = (0.5, 0.35, 0.65, 0.8, 1.0)  # where on its arrow a label may sit (1: the tip)


def _labels_of(box: Box, arrows: list) -> dict[str, list]:
    """The update's labels: for each arrow (role, tail, tip, text), a spot along it and a
    side of that spot, so that the labels do not cover each other, stay in the view and
    cover as little of the arrows as they can. The longest label is placed first, each
    where its estimated box (``LABEL_CHAR``, ``LABEL_HEIGHT``) costs least."""
    placed: list[tuple[float, float, float, float]] = []
    along = np.linspace(0.0, 1.0, 21)[:, None]
    points = [tail + along * (tip - tail) for _, tail, tip, _ in arrows]
    pieces = [float(np.linalg.norm(tip - tail)) / 20 for _, tail, tip, _ in arrows]
    height = LABEL_HEIGHT * box.span
    gap = 0.3 * height  # labels apart by this much at least: their glyphs' boxes overlap
    view = (box.x0, box.y0, box.x1, box.y1)
    spots: dict[int, tuple[float, float, str]] = {}
    for k in sorted(range(len(arrows)), key=lambda k: -len(arrows[k][3])):
        _, tail, tip, label = arrows[k]
        width = LABEL_CHAR * len(label) * box.span
        best = None
        for rank, (at, side) in enumerate((at, side) for at in ALONG for side in SIDES):
            x, y = tail + at * (tip - tail)
            x0 = x if side.endswith("right") else x - width
            y0 = y if side.startswith("top") else y - height
            r = (x0, y0, x0 + width, y0 + height)
            cost = 10 * (width * height - _overlap(r, view))  # cut by the view's edge
            near = (x0 - gap, y0 - gap, x0 + width + gap, y0 + height + gap)
            cost += 10 * sum(_overlap(near, q) for q in placed)
            for pts, piece in zip(points, pieces, strict=True):
                hit = (pts[:, 0] > r[0]) & (pts[:, 0] < r[2])
                hit &= (pts[:, 1] > r[1]) & (pts[:, 1] < r[3])
                cost += height * piece * int(hit.sum())
            cost += 1e-3 * height * height * rank  # the first candidates when all else ties
            if best is None or cost < best[0]:
                best = (cost, (float(x), float(y), side), r)
        spots[k] = best[1]
        placed.append(best[2])
    out: dict[str, list] = dict(x=[], y=[], text=[], textposition=[], role=[])
    for k, (role, _, _, label) in enumerate(arrows):  # in the arrows' order
        x, y, side = spots[k]
        out["x"].append(x)
        out["y"].append(y)
        out["text"].append(label)
        out["textposition"].append(side)
        out["role"].append(role)
    return out


def _overlap(a, b) -> float:
    """The area two boxes (x0, y0, x1, y1) share."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return max(w, 0.0) * max(h, 0.0)


# An update's arrows on screen: the shortest at least this share of the view's side (120 px
# or more of a 1024x768 projector's 420-pixel plot), unless the view cannot hold that, and
# at its true size when that is already large enough (the picture of 003 as it is).
SHORTEST_SHARE = 0.3
VIEW_INSET = 0.04  # arrows stay this share of the side inside the view's edges


def update_frame(box: Box, w_old, step) -> tuple[np.ndarray, float]:
    """(anchor, scale) of an update's arrows: w_old from the anchor, the step from its tip,
    w_new = w_old + step from the anchor, each drawn ``scale`` times its length.

    The scale makes the shortest arrow ``SHORTEST_SHARE`` of the view's side (1 when the
    arrows at their true size are that large and fit), as far as the view can hold them;
    the anchor is the origin when they fit there, else where they fit (the view's inset)."""
    w_old = np.asarray(w_old, dtype=np.float64)
    step = np.asarray(step, dtype=np.float64)
    w_new = w_old + step
    lengths = [float(np.linalg.norm(v)) for v in (w_old, step, w_new)]
    shown = [v for v in lengths if v > 0]
    if not shown or not all(map(math.isfinite, lengths)):
        return np.zeros(2), 1.0
    # The arrows' points relative to the anchor: it, the tips of w_old and w_new.
    points = np.array([np.zeros(2), w_old, w_new])
    pad = VIEW_INSET * box.span
    lo = np.array([box.x0 + pad, box.y0 + pad])
    hi = np.array([box.x1 - pad, box.y1 - pad])
    origin = np.zeros(2)
    in_view = bool(np.all(origin >= lo) and np.all(origin <= hi))

    def fits(anchor: np.ndarray, s: float) -> bool:
        drawn = anchor + s * points
        return bool(np.all(drawn >= lo - 1e-12) and np.all(drawn <= hi + 1e-12))

    wanted = SHORTEST_SHARE * box.span / min(shown)
    if wanted <= 1.0 and in_view and fits(origin, 1.0):
        return origin, 1.0  # the true picture, large enough
    # The largest scale the view can hold, anywhere in it: the points' extent per axis.
    extent = points.max(axis=0) - points.min(axis=0)
    with np.errstate(divide="ignore"):
        room = np.where(extent > 0, (hi - lo) / extent, np.inf)
    scale = _two_digits(min(wanted, float(room.min())))
    if in_view and fits(origin, scale):
        return origin, scale
    # Centred in the view on the axis where there is room, flush where there is none.
    low, high = points.min(axis=0) * scale, points.max(axis=0) * scale
    anchor = (lo + hi) / 2 - (low + high) / 2
    return anchor, scale


def times(scale: float) -> str:
    """A drawing scale for a label: ×0.37, ×1.2, ×37, ×1,200, ×0.00012."""
    decimals = max(0, 1 - math.floor(math.log10(scale))) if scale > 0 else 0
    return f"×{scale:,.{decimals}f}"


def _two_digits(s: float) -> float:
    """A scale to two significant digits, rounded down (so what fits still fits)."""
    if not (s > 0 and math.isfinite(s)):
        return 1.0
    exp = math.floor(math.log10(s)) - 1
    return round(math.floor(s / 10**exp * (1 + 1e-12)) * 10**exp, -exp)  # 1.2 stays 1.2


# A label's size as a share of the view's side: about 0.6 em a character at the chart's
# font, which is ~3% of the plot's side on a screen (14 px, ~300 px) and on a projector
# (21 px, ~430 px) alike.
LABEL_CHAR = 0.03
LABEL_HEIGHT = 0.07


def _label_side(box: Box, spot, right: bool, text: str) -> str:
    """Where a label goes from its spot: beside the arrow's direction and above it, unless
    that would run past the view's edge (where Plotly cuts it) and the other side has
    more room."""
    width = LABEL_CHAR * len(text) * box.span
    x, y = float(spot[0]), float(spot[1])
    room_right, room_left = box.x1 - x, x - box.x0
    if right and room_right < width and room_left > room_right:
        right = False
    elif not right and room_left < width and room_right > room_left:
        right = True
    top = box.y1 - y >= LABEL_HEIGHT * box.span or box.y1 - y >= y - box.y0
    return f"{'top' if top else 'bottom'} {'right' if right else 'left'}"


def _arrow_frame(box: Box, tips: list) -> tuple[np.ndarray, float]:
    """(anchor, scale) so that every tip anchor + scale * v lies in the view (inset 4%)."""
    tips = [np.asarray(v, dtype=np.float64) for v in tips]
    longest = max(float(np.linalg.norm(v)) for v in tips)
    cap = 1.0 if longest == 0 else min(1.0, 0.4 * box.span / longest)
    pad = 0.04 * box.span
    lo = np.array([box.x0 + pad, box.y0 + pad])
    hi = np.array([box.x1 - pad, box.y1 - pad])

    def fit(anchor: np.ndarray) -> float:
        s = cap
        for v in tips:
            for j in range(2):
                if v[j] > 0:
                    s = min(s, (hi[j] - anchor[j]) / v[j])
                elif v[j] < 0:
                    s = min(s, (lo[j] - anchor[j]) / v[j])
        return max(s, 0.0)

    centre = np.array([(box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2])
    origin = np.zeros(2)
    s_origin = fit(origin) if np.all(origin >= lo) and np.all(origin <= hi) else 0.0
    s_centre = fit(centre)
    if s_origin >= 0.6 * s_centre:
        return origin, _round_scale(s_origin)
    return centre, _round_scale(s_centre)


def _round_scale(s: float) -> float:
    """1 when nothing needs shrinking, else the factor to two significant digits, rounded
    down so the arrows still fit."""
    if s >= 1.0:
        return 1.0
    if s <= 0:
        return 0.0
    exp = math.floor(math.log10(s)) - 1
    return math.floor(s / 10**exp) * 10**exp


def vectors(
    scene: layers.Scene,
    *,
    w=None,
    update: Update | None = None,
    frame: ArrowFrame | None = None,
    keep: bool = False,
) -> list[dict]:
    """The w arrow, or an update's vector sum w_old + eta*y*x = w_new (``vector_traces``),
    then their labels; ``keep``: every arrow and the labels as a trace even when empty (a
    chart whose frames update its traces by index)."""
    parts = vector_traces(scene.box, w=w, update=update, frame=frame)
    style = scene.style
    step_color = GHOST_COLOR if update is None else POS_COLOR if update.y > 0 else NEG_COLOR
    out = []
    for name, color in zip(ARROWS, (GHOST_COLOR, step_color, INK), strict=True):
        if not (keep or parts[name]["x"]):
            continue
        out.append(
            dict(
                type="scatter",
                x=parts[name]["x"],
                y=parts[name]["y"],
                mode="lines+markers",
                name=name,
                line=dict(color=color, width=style.line),
                # The head: an arrow marker at the tip, turned along the segment; none at the
                # tail.
                marker=dict(
                    symbol="arrow",
                    angleref="previous",
                    size=[0, style.line * 5],
                    color=color,
                    line=dict(width=0),
                ),
                hoverinfo="skip",
                showlegend=False,
            )
        )
    labels = parts["vector labels"]
    if not (keep or labels["x"]):
        return out
    # One colour per label on an update; INK for the lone "w" (and for the animation's
    # frames, which change the labels but not this trace's colours).
    colors = {"w_old": GHOST_COLOR, "step": step_color}
    out.append(
        dict(
            type="scatter",
            x=labels["x"],
            y=labels["y"],
            text=labels["text"],
            mode="text",
            name="vector labels",
            textposition=labels["textposition"],
            textfont=dict(
                shadow=HALO,  # readable over points and lines
                size=style.font,
                color=[colors.get(r, INK) for r in labels["role"]] if update is not None else INK,
            ),
            hoverinfo="skip",
            showlegend=False,
        )
    )
    return out
