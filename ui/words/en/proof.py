"""The lab's words in English (``ui.words``): the Proof page's own texts. Symbols of the
notation are fields ({w}: w, θ or a, the bias inside; {b}; {x}; {w_hat}: 004's unit ŵ)."""

WORDS: dict[str, str | tuple[str, str]] = {
    # ---------------------------------------------------------------------- the page
    "proof.title": "Convergence proofs, step by step",
    "proof.intro": "Each mistake adds at least γ* to {w}·u* and at most R² to ‖{w}‖²; since "
    "{w}·u* ≤ ‖{w}‖, the two lines squeeze M ≤ R²/γ*² (Theorem 1, 001). Step through a run "
    "and watch the proof's numbers move; on data no line separates, Theorem 2 bounds the "
    "mistakes instead.",
    "proof.heading": "The run",
    "proof.axes": "Charts' axes",
    "proof.axes_help": "log: the run's mistakes and a far bound both show.",
    "proof.theorem1": "**Theorem 1** (001; {w}(0) = 0)",
    "proof.theorem1_start": "**Theorem 1's proof from a random start {w}(0) ≠ 0** (the "
    "theorem needs {w}(0) = 0)",
    "proof.not_separable": "**Not linearly separable**: Theorem 1 does not apply; this run "
    "starts from {w} = 0, so Theorem 2 does.",
    "proof.not_separable_random": "**Not linearly separable**: Theorem 1 does not apply; this "
    "run starts from a random {w}(0), so Theorem 2's proof from that start does (the theorem "
    "as stated needs {w} = 0).",
    "proof.space": "Every number here lives in the augmented space: a point is (1, {x}₁, {x}₂), "
    "{w} = ({b}, {w}₁, {w}₂) holds the bias as its first entry, so ‖{w}‖² = {b}² + {w}₁² + "
    "{w}₂², R = max ‖(1, {x}ᵢ)‖, and γ* is the largest margin of a unit u* in that space (the "
    "bias inside its norm).",
    "proof.prep_heading": "Centring and scaling change R, γ\\* and the bound",
    "proof.prep_caption": "The same points under each preprocessing (the sidebar's choice in "
    "bold). R and γ* are measured in the augmented space (1, {x}), so moving the cloud changes "
    "both: centring often shrinks R, and with it the bound.",
    # ------------------------------------------------ 004's proof, Theorem 2, the limits
    "proof.p004": "**004's proof** from {w}(1) = 0, this run's start: its xᵢ are the flipped "
    "augmented points yᵢ(1, xᵢ), and {w_hat} = u\\*.",
    "proof.p004_random": "**004's proof** from this random start {w}(1): its xᵢ are the flipped "
    "augmented points yᵢ(1, xᵢ), and {w_hat} = u\\*.",
    "proof.t2_start": "Theorem 2 is stated from {w} = 0 and does not hold as stated from another "
    "start; its proof from this random start, at the same {w}*, bounds M where the two lines above "
    "meet (the last equation).",
    "proof.w_star_zero": "{w}* = 0: no direction to squeeze along; the bound is 2E·n.",
    "proof.no_curves": "The proof's curves cannot be drawn for this data (too large to solve "
    "live, or numbers beyond floating point).",
    "proof.tex_meet": "(where the two lines meet)",
    "proof.underflow": "‖{w}‖² of a {w} ≠ 0 is below the smallest float",
    "proof.overflow": "they overflow",
    "proof.beyond": "The proof's numbers for this data are beyond floating point ({why}): they "
    "cannot be shown.",
    "proof.where_meet": "where the two lines meet,",
    "proof.still_holds": "The theorem still holds: M = {M} ≤ {where} {bound}.",
    "proof.beyond_004": "004's numbers are beyond floating point for this data: "
    "k̂ = ‖{w}(1) − α{w_hat}‖²/β² is about {value}, and a fall of at least 1 per correction "
    "cannot be seen against it.",
    # -------------------------------------------------------------------- the charts
    "proof.chart_epochs": "Theorem 2 after E epochs against the running count",
    "proof.chart_squeeze": "The squeeze: {w}·u* over its line, ‖{w}‖ under its curve",
    "proof.chart_distance": "004: ‖{w}(k+1) − α{w_hat}‖²/β² falls by ≥ 1 per correction",
    "proof.chart_squeeze_t2": "The squeeze along {w}* (E = {e})",
    "proof.chart_norm": "‖{w}‖² under its line (≤ η²R² more per mistake)",
    "proof.chart_cosine": "cos({w}, {u}) rises: at 1 the lines meet",
    "proof.axis_mistakes": "mistakes M",
    "proof.axis_corrections": "corrections k",
    "proof.axis_epochs": "epochs E",
    "proof.axis_count": "mistakes",
    "proof.axis_norm": "‖{w}‖² (bias inside)",
    "proof.axis_squeeze": "{dot} and ‖{w}‖",
    "proof.distance": "distance² / β²",
    "proof.meet": "the lines meet",
    "proof.now": "now",
    "proof.named_now": "{name} now",
    "proof.floor": "floor the lines force",
    "proof.cosine_now": "cosine now",
    "proof.cos_bound": "cos = 1: the bound",
    "proof.bound": "the bound",
    "proof.bound_word": "bound",
    "proof.solved": "solved at E",
    "proof.by_epoch": "mistakes by epoch E",
    # ----------------------------------------------------------------- the download
    "proof.dl_updates": "The proof's numbers per update",
    "proof.dl_first": "; the first {n}",
    "proof.dl_along_t2": (
        "w* of Theorem 2 after E = {n} epoch",
        "w* of Theorem 2 after E = {n} epochs",
    ),
    "proof.dl_note": "One row per update k (0: the start{first}): M, w = (b, w1, w2), and along "
    "{along}: w·u and its lower line, ‖w‖² and its upper line, cos(w, u)",
    "proof.dl_004": ", and 004's ‖w(k+1)/η − αu*‖²/R².",
    "proof.dl_t2": "(w and ‖w‖² only where w* is 0 or not solved live).",
}
