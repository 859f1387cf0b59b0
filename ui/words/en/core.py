"""The lab's words in English (``ui.words``): the settings, navigation, stepping controls, status
lines, verdicts, charts, bounds, theorems and variants."""

WORDS: dict[str, str | tuple[str, str]] = {
    # ------------------------------------------------ the lab's two settings (sidebar)
    "settings.heading": "Notation and language",
    "settings.notation": "Notation",
    "settings.notation_help": "The textbook's symbols for every equation, label, status line "
    "and export. The run and its numbers are the same in each.",
    "settings.language": "Language",
    "settings.language_help": "The lab's words; numbers keep the decimal point in every "
    "language. Until you choose, the browser's language decides.",
    "settings.bad_notation": "The link's notation={raw} is not one of {allowed}: the notes' "
    "notation (w, b) is used.",
    "settings.bad_language": "The link's lang={raw} is not one of {allowed}: the browser's "
    "language is used.",
    "notation.explain.wb": "Notation of the notes: weights w, bias b, labels y = ±1; a "
    "mistake when y(w·x + b) ≤ 0 (a tie is a mistake), then w ← w + η y x, b ← b + η y.",
    "notation.explain.theta": "Notation θ, θ₀ (the MIT/edX course): the classifier is "
    "sign(θ·x + θ₀), labels y = ±1; a mistake when y(θ·x + θ₀) ≤ 0 (a tie is a mistake), "
    "then θ ← θ + η y x, θ₀ ← θ₀ + η y. The same numbers as w and b.",
    "notation.explain.augmented": "Augmented notation (Duda & Hart; the notes' 004): one "
    "vector a = (a₀, a₁, …) = (b, w); each sample becomes y = (1, x) in class ω₁ (the "
    "lab's +1) and y = −(1, x) in class ω₂ (the lab's −1), so every sample needs aᵀy > 0: "
    "a mistake when aᵀy ≤ 0, then a ← a + η y. aᵀy is the notes' y(w·x + b).",
    "notation.explain.hardlim": "Hagan et al.'s notation: targets t ∈ {{0, 1}} (t = 1 is "
    "the lab's +1, t = 0 its −1), input p, n = w·p + b, a = hardlim(n), error e = t − a, "
    "then w ← w + e p, b ← b + e (with a learning rate η ≠ 1 the lab adds η e p and η e). "
    "One difference: Hagan's hardlim(0) = 1, so a point with t = 1 and n = 0 is no error "
    "there, while this lab (the notes) counts every tie n = 0 as a mistake and updates with "
    "e = 2t − 1; the status line says so where a tie happens.",
    # ------------------------------------------------------------- the navigation
    "page.playground": "Playground",
    "page.kernel": "Kernel",
    "page.batch": "Batch",
    "page.variants": "Variants",
    "page.online": "Online",
    "page.space": "Space",
    "page.proof": "Proof",
    "page.experiments": "Experiments",
    "page.lecture": "Lecture",
    "page.join": "Join a class",
    "page.practice": "Practice",
    # ------------------------------------------------------- the stepping controls
    "key.step": "Step",
    "key.visit": "Visit",
    "key.back": "Back",
    "key.epoch": "Epoch",
    "key.end": "Run to end",
    "key.reset": "Reset",
    "key.play": "Play",
    "key.pause": "Pause",
    "key_help.step": "to just after the next update (the next mistake)",
    "key_help.visit": "the next example, even when it is classified correctly",
    "key_help.back": "undo the last move",
    "key_help.epoch": "to the end of the epoch",
    "key_help.end": "run to the end: the run converges or stops at max epochs",
    "key_help.reset": "back to the start, {start}",
    "key_help.play": "play / pause",
    "keys.clicker": "a clicker's **PageDown** / **→** step, **PageUp** / **←** back",
    "keys.caption": "Keys: {keys}",
    "controls.speed": "Seconds per frame",
    "controls.unit": "Play advances by",
    "controls.scrub": "Step (visits done)",
    # ---------------------------------------------------------------- status lines
    "status.start": "start · update 0 · no example visited yet · {total:,} visits in this run",
    "status.arrival": "arrival {i} of {n}",
    "status.update": "update {k}",
    "status.predicted": "predicted {said}, label {label}",
    "status.unsure": "{zero} (I don't know)",
    "status.epoch": "epoch {e}",
    "status.example": "example {i} of {n}",
    "status.mistake": "mistake",
    "status.no_mistake": "no mistake",
    "status.tie": "mistake (a tie: {score} = 0)",
    "status.tie_hardlim_one": "mistake (a tie: n = 0; Hagan's hardlim(0) = 1 = t is no error, "
    "the lab counts a tie as a mistake: e = 1)",
    "status.tie_hardlim_zero": "mistake (a tie: n = 0, hardlim(0) = 1 ≠ t = 0: e = −1)",
    "status.converged": "converged: epoch {e} was a clean pass",
    "status.max_epochs": "stopped after {e} epochs (max epochs) without converging",
    "status.max_updates": "stopped after {k} updates (the app's limit), not converged",
    "status.no_run": "No run yet: the data needs points of both classes (or Online, when drawing).",
    # ------------------------------------------------------------ a visit's verdict
    "verdict.ok": "**No mistake, no update**: {test}.",
    "verdict.tie": "**Mistake** (a tie, {score} = 0, counts as one): **update**",
    "verdict.tie_hardlim_one": "**Mistake** (a tie, n = 0: Hagan's hardlim(0) = 1 = t would "
    "make e = 0, but the lab, as the notes, counts a tie as a mistake and updates with "
    "e = 2t − 1 = 1): **update**",
    "verdict.tie_hardlim_zero": "**Mistake** (a tie, n = 0: hardlim(0) = 1 ≠ t = 0, e = −1): "
    "**update**",
    "verdict.mistake": "**Mistake**: {test}, so **update** {what}",
    "verdict.and": "{w} and {b}",
    "verdict.eta": "With η = {eta}, the lab adds η e p = {eta} · ({e}) · p and η e = {step} "
    "(Hagan's rule is η = 1: e p and e).",
    "latex.tie_lab": "the lab: a tie is a mistake, so",
    # ------------------------------------------------------------- lines of numbers
    "margin.none": "{w} = 0: no boundary yet, so no margin",
    "margin.wrong": "{w} gets {wrong} of {n} points wrong: no margin yet (no band drawn)",
    "margin.own": "margin of {w} in the picture, min {signed}/{norm}: {value} (the band)",
    "margin.max": "the picture's max margin: {value}",
    "margin.gamma": "γ* = {value} (augmented, bias in the norm)",
    "margin.largest": "The largest, γ* = {value} (augmented, bias in the norm).",
    # -------------------------------------------------------------------- charts
    "chart.margin_of": "margin of {w}",
    "chart.misclassified": "misclassified",
    "chart.visited": "visited",
    "chart.boundary": "boundary",
    "chart.predicted": "predicted {label}",
    "chart.previous": "previous boundary",
    "chart.closest": "closest point",
    "chart.ustar": "u* (max margin)",
    "chart.ustar_band": "u* band (gamma*)",
    "chart.on_ustar": "converged on the max-margin<br>line u* (dashed)",
    "chart.not_on_ustar": "converged, but not on<br>the max-margin line u*<br>(dashed). Margins "
    "in (1, x):<br>{w} {own} < γ* {gamma} (u*)",
    "chart.from_centre": "drawn from the centre: origin off view",
    "chart.shifted": "shifted",
    # ---------------------------------------------------------------- the bounds
    "bound.batch": "no mistake bound for batch steps: Theorem 1 counts single updates, a "
    "batch step sums an epoch's mistakes",
    "bound.kernel": "Theorem 1 holds in the kernel's feature space, whose margin is not "
    "computed here",
    "bound.none": "no bound: the verdict and γ* are not computed for this data",
    "bound.t1": "Theorem 1: separable, from {zero}",
    "bound.start": "004's proof from this random start; Theorem 1 needs {zero}",
    "bound.too_large": "not separable: Theorem 2 is too large to compute live here (over "
    "20,000 points)",
    "bound.epochs": ("E = {n} epoch", "E = {n} epochs"),
    "bound.t2": "Theorem 2 after {epochs}: not separable, from {zero}",
    "bound.t2_start": "Theorem 2's proof from this random start, after {epochs}: not separable",
    # ------------------------------------------------------ the scores' view (d > 2)
    "score.caption": "{d} dimensions. → each point's score {score}, the boundary at 0 (right "
    "{pos}, left {neg}); ↑ v·x, v the direction of most spread ⊥ the last {w}. × a mistake.",
    "score.sample": "Drawing {drawn} of {n} points, sampled at random (seed {seed}); the run, "
    "the verdict and the numbers use all of them.",
    "score.zero": "{w} = 0 and {b} = 0: every score is 0, no boundary yet, so no margin.",
    "score.margin": "{w} separates the data: its margin in the augmented space, min {signed}, "
    "is {value} (the band around score 0).",
    "score.boundary": "boundary (score 0)",
    "score.before_update": "before the update",
    "score.terms": ("term", "terms"),  # after their count {n}
    "score.axis": "score {score}",
    "score.last": "last {w}",
    # ------------------------------------------------------- the theorems (numbers)
    "thm.separable_head": "**Separable.**",
    "thm.not_separable_head": "**Not separable.**",
    "thm.no_bound": "No mistake bound here: {why}. The single-sample rule's bound is on the "
    "classic variant and the Batch page.",
    "thm.separable": "**Separable.** R = {R}, γ\\* = {gamma} (augmented, bias in the norm).",
    "thm.one": "**Theorem 1** (001): separable data, from {zero}, any η.",
    "thm.start": "**004's proof from this random start.** Theorem 1 is stated from {zero} and does "
    "not hold from another start; from {w}(1), ‖{w}/η − α u\\*‖² falls by at least R² per "
    "mistake (α = R²/γ\\*).",
    "thm.quantities": "The proof's two quantities ({w} with the bias as its first entry):",
    "thm.quantities_a": "The proof's two quantities ({w} = (a₀, a₁, …), the bias a₀ first):",
    "thm.two_start": "Theorem 2 is stated from {zero} and does not hold as stated from another "
    "start; its proof from this random start, at the same {w}\\*, gives:",
    "thm.not_separable": "**Not linearly separable.** No line puts every point on its side, so the "
    "perceptron will never have a clean pass: it never converges on this data and stops only at "
    "max epochs. Theorem 1's bound does not apply. {bound} The pocket and averaged perceptrons "
    "(the Variant box; the Variants page) give a usable answer here.",
    "thm.not_separable_zero": "This run starts from {zero}, so Theorem 2 bounds its mistakes "
    "instead.",
    "thm.not_separable_random": "This run starts from a random {w}(1), not from {zero}: "
    "Theorem 2 as stated does not hold for it; Theorem 2's proof from this random start bounds "
    "its mistakes instead.",
    "thm.hinge_too_large": "Theorem 2 after E = {e} epochs: too large to compute live (> "
    "20,000 points).",
    "thm.hinge": (
        "Theorem 2 after E = {n} epoch, from {w} = 0 with any η (001): M ≤ min over {w}* of "
        "R²‖{w}*‖² + 2E·L_hinge({w}*). At the minimising {w}* = {star} (bias first, in the "
        "augmented space): ‖{w}*‖² = {norm}, L_hinge({w}*) = {loss}.",
        "Theorem 2 after E = {n} epochs, from {w} = 0 with any η (001): M ≤ min over {w}* of "
        "R²‖{w}*‖² + 2E·L_hinge({w}*). At the minimising {w}* = {star} (bias first, in the "
        "augmented space): ‖{w}*‖² = {norm}, L_hinge({w}*) = {loss}.",
    ),
    "thm.hinge_random": "This run starts from a random {w}(1): what bounds it is Theorem 2's "
    "proof from that start, at the same {w}*.",
    "thm.hinge_gap": "Not proven minimal: the true minimum is at least {lower} (at most {gap} "
    "below); the bound holds either way.",
    "thm.margins_note": "The Margin γ slider's {nominal} is the distance of the closest points "
    "to the generator's line in the picture (the picture's max margin, {picture}, is at least "
    "that); the bound uses γ* = {gamma}, the largest margin of any separator in the augmented "
    "space (1, x), where the bias counts in the norm: at most the picture's max margin, and "
    "equal to it when the widest band's centre line passes through the origin.",
    # ----------------------------------------------------------------- the variants
    "variant.classic": "classic",
    "variant.averaged": "averaged",
    "variant.voted": "voted",
    "variant.pocket": "pocket",
    "variant.kernel": "kernel",
    "variant.batch": "batch",
    "variant.too_costly": "**{name}**: {k} weight vectors against {n} points is too much to "
    "draw live here; fewer points or epochs bring it back (the Variants page shows it on up "
    "to 2,000 points).",
    "variant.vote": "a vote of the {k} weight vectors so far, each counted by its survival",
    "variant.dashed": "(dashed)",
    "variant.not_drawn": "(not drawn: the chart shows the run's own scores)",
    "variant.line": "**{name}** {drawn}: {rule} · {wrong} of {n} training points wrong with it "
    "now. The run itself is the classic perceptron's.",
    "kernel.linear_same": "With the linear kernel a·b + 1 the dual run makes exactly the "
    "mistakes of the classic perceptron: {w} = Σ α_i y_i x_i, {b} = Σ α_i y_i.",
}
