"""The lab's style: colours, marker shapes, sizes (screen or projector) and the axes every
2-D chart shares; ``figure`` builds a Figure from plain dicts."""

from __future__ import annotations

from dataclasses import dataclass

import plotly.graph_objects as go

from ui import notation
from ui.charts.geometry import Box
from ui.words import t as words

# Okabe-Ito colours (safe for the common colour-vision deficiencies) plus marker shapes.
POS_COLOR = "#0072B2"  # blue, +1
NEG_COLOR = "#D55E00"  # vermillion, -1
POS_SYMBOL = "circle"
NEG_SYMBOL = "square"
POS_SHADE = "rgba(0, 114, 178, 0.08)"
NEG_SHADE = "rgba(213, 94, 0, 0.08)"
# On the dark page the browser maps the neutral colours here (the ink, the ghost, white,
# the zero lines' grey) to light ones: ui/stage/access.mjs, DARK_COLORS (a test checks each
# is there); the classes' colours and shapes stay.
INK = "#222222"
USTAR_COLOR = "#009E73"  # bluish green: the maximum-margin separator u*
MARGIN_COLOR = "#CC79A7"  # reddish purple: the current margin
GHOST_COLOR = "#999999"
HALO = "0 0 2px white, 0 0 2px white, 0 0 3px white"  # CSS text-shadow: a white outline
GL_THRESHOLD = 1_000  # Scattergl (WebGL) above this many points: SVG gets slow
MAX_MARKED = 2_000  # misclassified points get a marker when there are at most this many
# The variants (/variants, and over the Playground's chart): Okabe-Ito colours other than
# the classes' blue and vermillion, plus the ink; one variant, one look.
VARIANT_COLORS = {
    "classic": INK,
    "averaged": "#009E73",  # bluish green
    "voted": "#CC79A7",  # reddish purple
    "pocket": "#E69F00",  # orange
}


# Names of the boundaries (at most text.NAME_LIMIT characters: plot names are cut there).
def line_name(variant: str) -> str:
    """A variant's line in a legend ("classic: w after t visits"), in the lab's notation and
    language."""
    nt = notation.current()
    # The k-th vector's score (voted): w_k·x + b_k; hardlim w_k·p + b_k; augmented a_kᵀ(1, x).
    score_k = f"{nt.w}_kᵀ(1, {nt.x})" if nt.augmented else f"{nt.w}_k·{nt.x} + {nt.b}_k"
    return words(f"line.{variant}", w=nt.w, b=nt.b, score_k=score_k)


# At most 9 legend entries (u*, margin, previous boundary, boundary, two classes,
# misclassified, closest point, visited), two to a row: the room below the plot is fixed
# for all of them, so the plot never moves when an entry comes or goes between steps.
LEGEND_COLUMNS = 2
LEGEND_ROWS = 5


@dataclass(frozen=True)
class Style:
    """Sizes for the normal screen and for a projector (presenter mode)."""

    font: int = 14
    marker: float = 10.0
    line: float = 2.5
    height: int = 600
    legend_font: int = 12

    @staticmethod
    def of(presenter: bool, n: int) -> Style:
        scale = 1.5 if presenter else 1.0
        marker = 11.0 if n <= 100 else 8.0 if n <= 1_000 else 4.0
        return Style(
            font=int(round(14 * scale)),
            marker=marker * (1.35 if presenter else 1.0),
            line=2.5 * (1.4 if presenter else 1.0),
            height=720 if presenter else 600,
            # Two legend entries to a row must fit half of a narrow chart (1024 px screen),
            # so the legend grows less than the rest in presenter mode; 18 px is still
            # read from a lecture hall's back row.
            legend_font=18 if presenter else 12,
        )

    @property
    def left_room(self) -> int:
        """Pixels left of the plot: the y tick labels ("−0.5") and the axis title."""
        return max(50, int(round(self.font * 3.4)))

    @property
    def legend_gap(self) -> int:
        """Pixels from the plot's bottom edge to the legend: tick labels and axis title."""
        return legend_gap(self.font)

    @property
    def legend_room(self) -> int:
        """Pixels below the plot: the gap and LEGEND_ROWS rows of the legend."""
        row = max(self.legend_font * 1.5, self.legend_font + 9)  # Plotly's row, about
        return self.legend_gap + int(round(LEGEND_ROWS * row)) + 8


def legend_names(traces: list[dict]) -> list[str]:
    """The names a legend shows for ``traces``: each named trace not hidden from it."""
    return [
        str(t["name"]) for t in traces if t.get("name") and t.get("showlegend", True) is not False
    ]


def legend_gap(font: float) -> int:
    """Pixels under a plot for its x tick labels and axis title at font size ``font``."""
    return int(round(font * 3.4))


def figure(data: list[dict], layout: dict, frames: list[dict] | None = None) -> go.Figure:
    """A Figure from plain dicts without plotly's per-property validation.

    Validation costs ~2 ms per trace (25 ms for this chart), which the page would pay on
    every step; the builders write only properties the tests check against a validated
    copy (``go.Figure(fig.to_dict())``).
    """
    spec: dict = {"data": data, "layout": layout}
    if frames is not None:
        spec["frames"] = frames
    return go.Figure(spec, _validate=False)


def layout(box: Box, style: Style, feature_names, title: str | None) -> dict:
    """The axes of a chart over ``box`` (fixed ranges, equal aspect), fonts and the legend
    below the plot in fixed rows (so the plot does not move when an entry comes or goes)."""
    return dict(
        height=style.height,
        # Fixed margins (no autoexpand): the legend below may grow or shrink between steps,
        # the plot area must not move.
        margin=dict(
            l=style.left_room, r=10, t=40 if title else 10, b=style.legend_room, autoexpand=False
        ),
        title=dict(text=title or "", font=dict(size=style.font + 2)),
        font=dict(size=style.font),
        xaxis=dict(
            range=[box.x0, box.x1],
            # Close under the tick labels: the legend_gap below the plot holds both.
            title=dict(text=feature_names[0], standoff=int(round(style.font * 0.4))),
            zeroline=True,
            zerolinecolor="#cccccc",
            constrain="domain",
            fixedrange=True,
        ),
        yaxis=dict(
            range=[box.y0, box.y1],
            title=dict(text=feature_names[1]),
            zeroline=True,
            zerolinecolor="#cccccc",
            scaleanchor="x",
            scaleratio=1,
            constrain="domain",
            # A square plot in a narrow column leaves room above and below it: keep the
            # room below, so the chart starts at the top on a 768-pixel projector.
            constraintoward="top",
            fixedrange=True,
        ),
        plot_bgcolor="white",
        legend=dict(
            orientation="h",
            yanchor="top",
            y=-style.legend_gap / (style.height - style.legend_room - (40 if title else 10)),
            x=0,
            font=dict(size=style.legend_font),
            # Fixed columns: the rows do not depend on the labels or the chart's width.
            entrywidthmode="fraction",
            entrywidth=1 / LEGEND_COLUMNS - 0.01,
        ),
        dragmode=False,
        hovermode="closest",
        uirevision="playground",  # keep the view when the data of the figure changes
    )
