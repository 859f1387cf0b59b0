"""The epoch chart: training errors (bars) and J_p (a line) at each epoch's end, and the
dotted marker of an epoch that other small charts share."""

from __future__ import annotations

import numpy as np

from ui.charts.theme import INK, NEG_COLOR, POS_COLOR, Style, figure
from ui.words import t


def epoch_marker(epoch: float, *, width: float = 1.0, xref: str = "x", yref: str = "paper"):
    """A dotted vertical line at ``epoch`` across a chart (the current or the best epoch)."""
    return dict(
        type="line", x0=epoch, x1=epoch, y0=0, y1=1, xref=xref, yref=yref,
        line=dict(color=INK, dash="dot", width=width),
    )  # fmt: skip


def epoch_figure(stats: dict, *, presenter: bool = False, current_epoch: int | None = None):
    """Training errors (bars) and the perceptron criterion J_p (line) at each epoch's end."""
    errors = np.asarray(stats.get("errors", []))
    epochs = np.arange(1, errors.shape[0] + 1)
    style = Style.of(presenter, 0)
    many = errors.shape[0] > 200  # thousands of SVG bars are slow: a line instead
    data = [
        dict(
            type="scatter" if many else "bar",
            x=epochs,
            y=errors,
            name=t("epochs.training_errors"),
            marker=dict(color=NEG_COLOR),
            opacity=0.8,
            **({"mode": "lines", "line": dict(color=NEG_COLOR, width=1.5)} if many else {}),
        )
    ]
    # The line: J_p on its own axis, or for a kernel run (no w, so no J_p) the mistakes
    # made in each epoch, on the errors' axis.
    line = (
        dict(y=np.asarray(stats["J_p"]), name=t("epochs.jp"), yaxis="y2")
        if "J_p" in stats
        else dict(y=np.asarray(stats["mistakes"]), name=t("epochs.mistakes"))
        if "mistakes" in stats
        else None
    )
    if line is not None:
        data.append(
            dict(
                type="scatter",
                x=epochs,
                mode="lines+markers" if errors.shape[0] <= 60 else "lines",
                line=dict(color=POS_COLOR, width=2),
                **line,
            )
        )
    shapes = [] if current_epoch is None else [epoch_marker(current_epoch)]
    layout = dict(
        height=260 if not presenter else 340,
        margin=dict(l=50, r=50, t=10, b=40),
        font=dict(size=style.font - 2),
        # Whole epochs only: a short run would otherwise get ticks at 0.5, 1.5, ...
        xaxis=dict(
            title=dict(text=t("epochs.epoch")),
            rangemode="tozero",
            dtick=1 if not many and errors.shape[0] <= 12 else None,
        ),
        yaxis=dict(title=dict(text=t("epochs.errors")), rangemode="tozero"),
        yaxis2=dict(title=dict(text="J_p"), overlaying="y", side="right", rangemode="tozero"),
        legend=dict(orientation="h", y=1.02, yanchor="bottom", x=0),
        plot_bgcolor="white",
        bargap=0.2,
        shapes=shapes,
    )
    return figure(data, layout)
