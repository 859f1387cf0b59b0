"""The lab's words in English, by message id (``ui.words``; the German are ``de``)."""

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
    "status.start": "start · update 0 · no example visited yet · {total} visits in this run",
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
    "bound.start": "004's proof from this start; Theorem 1 needs {zero}",
    "bound.too_large": "not separable: Theorem 2 is too large to compute live here (over "
    "20,000 points)",
    "bound.epochs": ("E = {n} epoch", "E = {n} epochs"),
    "bound.t2": "Theorem 2 after {epochs}: not separable, from {zero}",
    "bound.t2_start": "Theorem 2's proof from this start, after {epochs}: not separable",
    # ------------------------------------------------------ the scores' view (d > 2)
    "score.caption": "{d} dimensions. → each point's score {score}, the boundary at 0 (right "
    "{pos}, left {neg}); ↑ v·x, v the direction of most spread ⊥ the last {w}. × a mistake.",
    "score.sample": "Drawing {drawn} of {n} points, sampled at random (seed {seed}); the run, "
    "the verdict and the numbers use all of them.",
    "score.zero": "{w} = 0 and {b} = 0: every score is 0, no boundary yet, so no margin.",
    "score.margin": "{w} separates the data: its margin in the augmented space, min {signed}, "
    "is {value} (the band around score 0).",
    "score.axis": "score {score}",
    "score.last": "last {w}",
    # ------------------------------------------------------- the theorems (numbers)
    "thm.separable_head": "**Separable.**",
    "thm.not_separable_head": "**Not separable.**",
    "thm.no_bound": "No mistake bound here: {why}. The single-sample rule's bound is on the "
    "classic variant and the Batch page.",
    "thm.separable": "**Separable.** R = {R}, γ\\* = {gamma} (augmented, bias in the norm).",
    "thm.one": "**Theorem 1** (001): separable data, from {zero}, any η.",
    "thm.start": "**004's proof from this start.** Theorem 1 is stated from {zero} and does "
    "not hold from another start; from {w}(1), ‖{w}/η − α u\\*‖² falls by at least R² per "
    "mistake (α = R²/γ\\*).",
    "thm.quantities": "The proof's two quantities ({w} with the bias as its first entry):",
    "thm.quantities_a": "The proof's two quantities ({w} = (a₀, a₁, …), the bias a₀ first):",
    "thm.two_start": "Theorem 2 is stated from {zero} and does not hold as stated from another "
    "start; its proof from this start, at the same {w}\\*, gives:",
    "thm.not_separable": "**Not linearly separable.** No line puts every point on its side, so "
    "the perceptron will never have a clean pass: it never converges on this data and stops "
    "only at max epochs. Theorem 1's bound does not apply; Theorem 2 (from a random start, "
    "its proof) bounds the mistakes instead. The pocket and averaged perceptrons (the Variant "
    "box; the Variants page) give a usable answer here.",
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
    # ------------------------------------------------------------- the data picker
    "data.source": "Data",
    "data.generator": "Generator",
    "data.dataset": "Dataset",
    "data.points_n": "Points n",
    "data.n_range": "n must be between {low} and {high} for {name}",
    "data.seed": "Seed",
    "data.new": "New data",
    "data.new_help": "Seed + 1",
    "data.prep": "Preprocessing",
    "data.prep_help": "Centre moves the cloud to the origin (smaller R, often a much smaller "
    "bound); standardise also equalises the spreads; min-max maps each feature to [0, 1].",
    "data.prep_caption": "R = max ‖(1, x)‖, γ* the max margin (augmented), bound = R²/γ*²; ∞: "
    "not separable.",
    "data.bound": "bound",
    "data.still": "Still showing the previous data: {source}.",
    "prep.none": "No scaling",
    "prep.centre": "Centred",
    "prep.standardise": "Standardised",
    "prep.minmax": "Min-max scaled",
    "gen.separable": "Linearly separable points whose closest points lie exactly gamma from the "
    "true line: shrink the margin and watch the mistake bound R^2/gamma^2 grow.",
    "gen.xor": "Four clusters in an XOR arrangement: no line separates them, so the perceptron "
    "never converges (the kernel perceptron does).",
    "gen.circles": "A ring around a disc: not linearly separable, separable with a degree-2 "
    "kernel.",
    "gen.moons": "Two interleaving half circles: a curved boundary for the kernel perceptron.",
    "gen.blobs": "Two Gaussian clouds that overlap more as the slider rises: non-separable data, "
    "for the pocket algorithm and Theorem 2.",
    "gen.notes_rule_004": "The notebook's 100 random points on the unit square labelled by a "
    "known line; separable, with a small margin.",
    "gen.notes_002_example1": "Positives (1,1), (2,2), negatives (1,2), (2,1): the text says it "
    "converges in one pass, but it is an XOR arrangement and never does (see ERRATA.md).",
    "gen.notes_002_example2": "Positives (0,0), (1,1), negatives (0,1), (1,0): XOR, the classic "
    "data no line separates.",
    "gen.ordering_85": "The ordering experiment of 002 section 6.1: the same 85 points, and each "
    "random visiting order converges after a different number of epochs.",
    "gen.iris_setosa_versicolor": "Real measurements (petal length and width): setosa (-1) and "
    "versicolor (+1) are linearly separable.",
    "gen.iris_versicolor_virginica": "Real measurements (petal length and width): versicolor "
    "(-1) and virginica (+1) overlap, so no line separates them.",
    "gen.manual": "Start from an empty plane and place each point yourself.",
    "param.noise": "Label noise",
    "param_help.noise": "Fraction of labels flipped at random (exactly round(noise * n) of "
    "them), on any dataset.",
    "param.separable.margin": "Margin gamma",
    "param_help.separable.margin": "Distance from the true separator to the closest points (the "
    "max margin).",
    "param.separable.angle": "Separator angle (degrees)",
    "param_help.separable.angle": "Direction of the true separating line; the +1 class is on its "
    "left (None: drawn from the seed).",
    "param.separable.offset": "Offset from the origin",
    "param_help.separable.offset": "Moves the whole cloud and its separator this far from the "
    "origin: same margin, larger R.",
    "param.separable.balance": "Fraction of +1",
    "param_help.separable.balance": "Share of points in the +1 class.",
    "param.separable.spread": "Box half-width",
    "param_help.separable.spread": "Half-width of the square the points are drawn from.",
    "param.xor.spread": "Cluster spread",
    "param_help.xor.spread": "Standard deviation of each cluster.",
    "param.circles.factor": "Inner radius",
    "param_help.circles.factor": "Radius of the inner circle relative to the outer one.",
    "param.circles.jitter": "Jitter",
    "param_help.circles.jitter": "Standard deviation of the noise added to each coordinate.",
    "param.moons.jitter": "Jitter",
    "param_help.moons.jitter": "Standard deviation of the noise added to each coordinate.",
    "param.blobs.overlap": "Overlap",
    "param_help.blobs.overlap": "0 puts the centres 6 standard deviations apart, 1 on top of "
    "each other.",
    # ------------------------------------------------------------- the run's settings
    "run.online": "Online: one pass, each example predicted, then learned",
    "run.online_help": "The mistake-bound setting of the notes (001) on any data: the examples "
    "arrive once each, in the data's order, from {zero}. On drawn points a new point is the "
    "next arrival.",
    "run.online_caption": "Online: the status line gives each arrival's prediction and label. "
    "The game where the prediction shows before the label is the Online page.",
    "run.eta": "Learning rate η",
    "run.start": "Start",
    "run.start_help": "zero: {zero} as in the notes; random: each weight drawn N(0, 1) from a "
    "seed.",
    "run.start_seed": "Start seed",
    "run.order": "Order",
    "run.order_help": "fixed: the data's order every epoch; shuffled: a new permutation each "
    "epoch.",
    "run.order_seed": "Order seed",
    "run.max_epochs": "Max epochs",
    "run.variant": "Variant",
    "run.variant_help": "classic: the perceptron of the notes. averaged, voted, pocket: the same "
    "run, but predicting with the average of all weights, a vote of every weight vector "
    "weighted by how long it survived, or the weights with the fewest training errors so far. "
    "kernel: the dual form, updating alpha_i. batch: gradient descent on J_p, one step per "
    "epoch.",
    "run.kernel": "Kernel",
    "run.kernel_help": "linear: a·b + 1 (the Playground's perceptron, exactly); polynomial: "
    "(1 + a·b)^d; RBF: exp(-‖a − b‖² / (2 width²)).",
    "run.degree": "Degree d",
    "run.width": "Width",
    "style.presenter": "Presenter mode",
    "style.link_problem": "The link could not be read completely: {problem}.",
    # -------------------------------------------------------------------- downloads
    "dl.heading": "**Download**",
    "dl.dataset": "Dataset (CSV)",
    "dl.run": "Run (CSV, one row per visit)",
    "dl.animation": "Animation (HTML, plays offline)",
    "dl.cut": " (the first {n})",
    "dl.run_caption": "The run CSV has one row per visit{cut}: step, epoch, position, index "
    "(row of the dataset), the example, y, the activation before the visit, mistake, and w, b "
    "after it.",
    "dl.no_animation": "No animation file here: it draws every point in two features (this data "
    "has {d} features and {n} points).",
    "dl.points": ("{n} point", "{n} points"),
    "dl.data": "Data: {source} · {points} · {prep}",
    # ------------------------------------------------------- a moment as a link
    "moment.link": "Link to this moment",
    "moment.opens": "Opens this page in presenter mode on the same data, settings and step (the "
    "copy button is at the code's top right).",
    "moment.embed": "To embed in a course site (Moodle, Canvas) or a slide: the chart and its "
    "stepping controls only, sized to the frame; its keys step it once it is clicked.",
    "moment.upload": "The uploaded file is not in the link: whoever opens it uploads the same "
    "file, and the page then opens at this step.",
    "moment.title": "Scene title",
    "moment.title_value": "{page} at step {t}",
    "moment.add": "Add to the lecture",
    "moment.yours": "Your scenes: {n} (on the Lecture page).",
    "class.start": "Start a class",
    "class.start_help": "Students follow this screen on their phones: they open the join link.",
    # ---------------------------------------------------------------- the epochs chart
    "epochs.training_errors": "training errors",
    "epochs.jp": "J_p (perceptron criterion)",
    "epochs.mistakes": "mistakes during the epoch",
    "epochs.epoch": "epoch",
    "epochs.errors": "errors",
    # ------------------------------------------------------------------ the Playground
    "pg.intro": "Generate, pick or draw two classes of points, then step through the "
    "perceptron: each mistake moves {w} by {step}. The numbers on the right are the notes' "
    "theorems.",
    "pg.heading": "Algorithm",
    "pg.epochs": "**Training errors and J_p at the end of each epoch**",
    "pg.animation": "Show the whole run as an animation (plays in the browser)",
    "keyname.step": "step",
    "keyname.visit": "visit",
    "keyname.back": "back",
    "keyname.epoch": "epoch",
    "keyname.end": "run to end",
    "keyname.reset": "reset",
    "keyname.play": "play",
    "line.classic": "classic: {w} after t visits",
    "line.averaged": "averaged: (1/t) Σ {w}_s, s = 1..t",
    "line.voted": "voted: Σ c_k sign({w}_k·x + {b}_k)",
    "line.pocket": "pocket: fewest training errors",
    "kernel.every": "every",
    "kernel.no_mistake": "no mistake,",
    "kernel.unchanged": "unchanged",
    "kernel.mistake": "mistake",
    "kernel.tie": "(a tie at 0 counts as one)",
    "kernel.linear": "Linear kernel, {formula}: the ordinary perceptron with its bias, written "
    "in the dual form. It makes exactly the Playground's mistakes, so the boundary is a "
    "straight line.",
    "kernel.poly": "Polynomial kernel of degree {d}, {formula}: a perceptron on every product of "
    "up to {d} features, so the boundary is a curve of degree {d} (an ellipse, hyperbola or "
    "pair of lines for degree 2).",
    "kernel.rbf": "RBF (Gaussian) kernel, {formula}: each mistake adds a bump of width about "
    "{width} (1/√γ) around its point; larger γ, narrower bumps, more wiggly boundaries.",
    "kernel.summary": (
        "Σα = {n:,} mistake so far · {support:,} example with α_i > 0 · {wrong} of {total} "
        "training points misclassified now · {bound}",
        "Σα = {n:,} mistakes so far · {support:,} examples with α_i > 0 · {wrong} of {total} "
        "training points misclassified now · {bound}",
    ),
    "batch.sum": ("{n} mistake", "{n} mistakes"),
    "draw.class": "Class of the next point",
    "draw.pos": "{label} (blue ●)",
    "draw.neg": "{label} (orange ■)",
    "draw.how": "Click empty chart space to add a point; click a point to remove it.",
    "draw.undo": "Undo",
    "draw.clear": "Clear",
    "draw.by_coordinates": "Add a point by its coordinates",
    "draw.add": "Add point",
    "draw.too_many": "{n} points: the link keeps the first {most} (download the dataset to keep "
    "them all).",
    "upload.label": "Data file",
    "upload.help": "Comma, semicolon, tab or | separated text (with or without a header, any "
    "common encoding, decimal commas), any sheet of an Excel .xlsx file, or a gzip'd CSV (.gz).",
    "upload.two": "Upload a table with two numeric columns and a label: CSV, TSV or TXT, Excel "
    ".xlsx, or gzip'd CSV (.gz), up to {mb} MB.",
    "upload.wide": "Upload a table with two or more numeric columns and a label: CSV, TSV or "
    "TXT, Excel .xlsx, or gzip'd CSV (.gz), up to {mb} MB.",
    # ---------------------------------------------------------------- the Kernel page
    "kn.title": "Kernel perceptron",
    "kn.intro": "The dual form keeps a mistake count α_i per example and predicts with the sign "
    "of f(x) = Σ α_i y_i K(x_i, x): the filled contour is f, its zero level the boundary, and "
    "each point's size its α_i. A polynomial or RBF kernel separates XOR, circles and moons.",
    "kn.epochs": "**Mistakes and training errors at the end of each epoch**",
    # The live region's line for a screen reader (ui.text.spoken_line); symbols from the
    # notation (w, b, the score, the step) are fields.
    "spoken.start": "start: {weights}",
    "spoken.start_kernel": "start: every α = 0, so f(x) = 0",
    "spoken.in_run": ("{n:,} visit in this run", "{n:,} visits in this run"),
    "spoken.kernel_visit": "each visit tests one example with f(x) = Σ α_i y_i K(x_i, x) and, "
    "on a mistake, adds one to that example's α (the dual update)",
    "spoken.batch_visit": "each visit tests one example with the epoch's {w}; the epoch's "
    "mistakes are summed and added to {w} at its end ({step} each, the batch update)",
    "spoken.online_visit": "each arrival is predicted with the sign of {score}, then its label "
    "is revealed; a mistake adds {step} to {w}",
    "spoken.classic_visit": "each visit tests one example and, on a mistake, adds {step} to {w}",
    "spoken.averaged": "; the averaged perceptron predicts with the average of every {w} so far",
    "spoken.voted": "; the voted perceptron predicts by a vote of every {w} so far",
    "spoken.pocket": "; the pocket keeps the {w} with the fewest training errors so far",
    "spoken.visit": "visit {t}: point {x}, label {label}, {score} = {value}",
    "spoken.arrival": "arrival {t}: point {x}, label {label}, {score} = {value}",
    "spoken.predicted": ", predicted {p}",
    "spoken.tie": ", a tie, so a mistake",
    "spoken.mistake": ", a mistake",
    "spoken.no_mistake": ", no mistake",
    "spoken.becomes": "becomes",
    "spoken.stays": "stays",
    "spoken.alpha_becomes": "α of example {i} becomes {a}",
    "spoken.alpha_stays": "α of example {i} stays {a}",
    "spoken.counted": "counted for the epoch's update; {weights} until its end",
    "spoken.summed": (
        "the epoch's {n:,} mistake summed: {weights}",
        "the epoch's {n:,} mistakes summed: {weights}",
    ),
    "spoken.epoch_end": ("end of epoch {e}: {n:,} mistake", "end of epoch {e}: {n:,} mistakes"),
    "spoken.run_ends": "the run ends, {reason}",
    # The lab's theme (ui.parts.style.theme_setting).
    "theme.label": "Theme",
    "theme.auto": "Auto",
    "theme.light": "Light",
    "theme.dark": "Dark",
    "theme.help": "Dark for a dark lecture hall (a projector): the page and every chart. Auto "
    "follows Streamlit's settings menu and the browser. Links carry it (theme=).",
    "theme.bad_link": "The link could not be read completely: theme={raw} is not one of auto, "
    "light, dark; the default is used.",
}
