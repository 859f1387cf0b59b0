"""The lab's words in English (``ui.words``): the Playground's and the Kernel page's own texts."""

WORDS: dict[str, str | tuple[str, str]] = {
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
    "line.voted": "voted: Σ c_k sign({score_k})",
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
    "of {dual}: the filled contour is f, its zero level the boundary, and "
    "each point's size its α_i. A polynomial or RBF kernel separates XOR, circles and moons.",
    "kn.epochs": "**Mistakes and training errors at the end of each epoch**",
    # The live region's line for a screen reader (ui.text.spoken_line); symbols from the
    # notation (w, b, the score, the step) are fields.
    "spoken.start": "start: {weights}",
    "spoken.start_kernel": "start: every α = 0, so f({x}) = 0",
    "spoken.in_run": ("{n:,} visit in this run", "{n:,} visits in this run"),
    "spoken.kernel_visit": "each visit tests one example with {dual} and, "
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
    "spoken.vec_zero": "(all {size} entries 0)",
    "spoken.vec_long": "({size} entries, {n} not 0, norm {norm}, largest {value} at entry {at})",
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
