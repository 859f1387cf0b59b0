"""The dark theme recolours in the browser (ui/stage/access.mjs, DARK_COLORS) the neutral
colours the figures are drawn in (ui/charts/theme.py): each one must be mapped there, to a
colour of at least 4.5:1 against Streamlit's dark page (WCAG's formula, computed here); the
classes' colours are not mapped (the colour-blind-safe palette stays)."""

from __future__ import annotations

from pathlib import Path

from ui.charts import theme

ACCESS = Path(__file__).resolve().parents[3] / "ui" / "stage" / "access.mjs"
DARK_PAGE = (14, 17, 23)  # Streamlit's dark background, #0e1117


def dark_colors() -> dict[str, str]:
    source = ACCESS.read_text(encoding="utf-8")
    block = source[source.index("export const DARK_COLORS") :]
    block = block[block.index("{") + 1 : block.index("};")]
    out = {}
    for line in block.splitlines():
        line = line.split("//")[0].strip().rstrip(",")
        if line:
            key, value = (part.strip().strip('"') for part in line.split(": ", 1))
            out[key] = value
    return out


def luminance(rgb) -> float:
    def channel(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def hex_rgb(color: str) -> tuple[int, int, int]:
    return tuple(int(color[i : i + 2], 16) for i in (1, 3, 5))


def test_every_neutral_colour_of_the_figures_is_mapped_and_legible_on_the_dark_page():
    mapped = dark_colors()
    for light in (theme.INK, theme.GHOST_COLOR, "white", "#cccccc"):
        assert light.lower() in mapped, light
    for ink in (theme.INK, theme.GHOST_COLOR):
        dark = mapped[ink.lower()]
        ratio = (luminance(hex_rgb(dark)) + 0.05) / (luminance(DARK_PAGE) + 0.05)
        assert ratio >= 4.5, (ink, dark, ratio)
    for kept in (theme.POS_COLOR, theme.NEG_COLOR, theme.USTAR_COLOR, theme.MARGIN_COLOR):
        assert kept.lower() not in mapped  # the classes' and the lines' colours stay
    assert theme.POS_SYMBOL != theme.NEG_SYMBOL  # and the classes differ by shape
