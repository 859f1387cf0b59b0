"""The lab's words in English (``ui.words``): the data picker, the run's settings, downloads, a
moment as a link, the epochs chart."""

WORDS: dict[str, str | tuple[str, str]] = {
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
    "data.suggest_standardise": "The {d} columns' spreads differ {ratio}-fold ({big} the "
    "widest, {small} the narrowest): the widest sets R, every point sits in a thin band and the "
    "picture says little. Standardising ({prep}: {choice}) gives each column spread 1: R "
    "{R0} → {R1}, γ\\* {g0} → {g1}, bound R²/γ\\*² {b0} → {b1}.",
    "data.bound": "bound",
    "data.still": "Still showing the previous data: {source}.",
    "prep.short.none": "none",
    "prep.short.centre": "centre",
    "prep.short.standardise": "standard.",
    "prep.short.minmax": "min-max",
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
    "gen.outlier_far": "Two clusters a line separates with a wide margin, and three points far "
    "out on their own side: the perceptron converges, least squares (004) tilts towards them "
    "and leaves training errors.",
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
}
