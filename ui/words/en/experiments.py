"""The lab's words in English (``ui.words``): the Experiments page's own texts. Numbers are
fields written by the caller; a chart's hover fields are Plotly's placeholders (%{y})."""

WORDS: dict[str, str | tuple[str, str]] = {
    # ------------------------------------------------------------ the page and sidebar
    "experiments.title": "Experiments",
    "experiments.intro": "What a single run cannot show. Theorem 1 (001) bounds the mistakes of "
    "any run on separable data, in any order, by R²/γ\\*², in the augmented space "
    "(R = max ‖(1, {x})‖, γ\\* the maximum margin). Here: hundreds of runs against it, over "
    "margins and dimensions, and one dataset in many orders.",
    "experiments.data_note": "The data above is the ordering experiment's; the others generate "
    "their own.",
    "experiments.orders_heading": "Orders of the data",
    "experiments.orderings": "Random orders",
    "experiments.order_seed": "First order's seed",
    "experiments.reshuffle": "A new order every epoch",
    "experiments.reshuffle_help": "Off: each run keeps one random order for all its epochs.",
    "experiments.margins": "Margins",
    "experiments.margin_low": "Smallest margin γ",
    "experiments.margin_high": "Largest margin γ",
    "experiments.margin_count": "Margins (log-spaced)",
    "experiments.seeds": "Seeds (datasets per margin and per d)",
    "experiments.per_set": "Points per dataset",
    "experiments.dimensions": "Dimensions",
    "experiments.dim_margin": "Margin γ",
    "experiments.max_dim": "Largest d",
    "experiments.orders": "Orders",
    "experiments.margins_sub": "Mistakes against the bound, over margins",
    "experiments.dims_sub": "Mistakes against the dimension, at one margin",
    "experiments.orders_sub": "One dataset, many orders (002 section 6.1)",
    "experiments.both_classes": "Both classes are needed: pick data with points of each class.",
    "experiments.progress": "{label}: run {done} of {total}",
    # -------------------------------------------------------------------- the charts
    "experiments.bound_line": "mistakes = R²/γ*²",
    "experiments.one_run": "one run (one dataset)",
    "experiments.run_hover": "mistakes {mistakes}<br>bound R²/γ*² {bound}<br>nominal γ "
    "{nominal}, realised γ* {gamma}<br>R {R}, d {d}, seed {seed}",
    "experiments.axis_bound": "R²/γ*²: Theorem 1's bound (realised R and γ*)",
    "experiments.axis_until_clean": "mistakes until a clean pass",
    "experiments.bound_each": "R²/γ*² of each run",
    "experiments.mistakes_each": "mistakes of each run",
    "experiments.median_bound": "median bound",
    "experiments.median_mistakes": "median mistakes",
    "experiments.axis_d": "dimension d",
    "experiments.axis_both": "mistakes · bound",
    "experiments.epochs_random": "epochs (random orders)",
    "experiments.mistakes_random": "mistakes (random orders)",
    "experiments.fixed_epochs": "fixed order: {e}",
    "experiments.fixed_mistakes": "fixed: {m}",
    "experiments.worst_mistakes": "worst first: {m}",
    "experiments.axis_epochs": "epochs to converge",
    "experiments.axis_random": "random orders",
    "experiments.axis_mistakes": "mistakes to converge",
    "experiments.bar_fewest": "random: fewest",
    "experiments.bar_median": "random: median",
    "experiments.bar_most": "random: most",
    "experiments.fixed": "fixed order",
    "experiments.worst": "worst first",
    "experiments.bar_bound": "bound R²/γ*²",
    "experiments.mistakes": "mistakes",
    "experiments.axis_log": "mistakes (log scale)",
    "experiments.random_lines": "{n} random orders",
    # ----------------------------------------------------------------- the sentences
    "experiments.runs_n": ("{n:,} run", "{n:,} runs"),
    "experiments.margins_n": ("{n:,} margin", "{n:,} margins"),
    "experiments.seeds_n": ("{n:,} seed", "{n:,} seeds"),
    "experiments.epochs_n": ("{n:,} epoch", "{n:,} epochs"),
    "experiments.mistakes_n": ("{n:,} mistake", "{n:,} mistakes"),
    "experiments.ratios": "mistakes / bound: min {lo}, median {mid}, max {hi}",
    "experiments.none_above": "No point lies above the line: in all {runs} runs mistakes ≤ R²/γ*².",
    "experiments.above": (
        "{n:,} of {runs} lies ABOVE the line: this contradicts Theorem 1.",
        "{n:,} of {runs} lie ABOVE the line: this contradicts Theorem 1.",
    ),
    "experiments.margin_said": "{verdict} {ratios}: real runs stay far below the bound. "
    "{margins} × {seeds}, n = {n} points in d = {d} each; the realised γ* ranges from {lo} to "
    "{hi}.",
    "experiments.capped": (
        "{n:,} run hit the cap of {epochs} before a clean pass (crosses); their mistakes so "
        "far are shown.",
        "{n:,} runs hit the cap of {epochs} before a clean pass (crosses); their mistakes so "
        "far are shown.",
    ),
    "experiments.none_exceeds": "No run exceeds its bound",
    "experiments.exceed": ("{n:,} run exceeds the bound", "{n:,} runs exceed the bound"),
    "experiments.dims_said": "At γ = {margin}: the median bound is {b1} at d = {first} and {b2} "
    "at d = {last} (R²/γ*² does not depend on d), while the median mistakes go from {m1} to "
    "{m2}. {exceed}; {ratios}.",
    "experiments.worst_cap": "{mistakes} when it hit its cap of {cap}",
    "experiments.orders_said": "{k} random orders: epochs from {e_lo} to {e_hi} (median "
    "{e_mid}; the fixed order: {e_fixed}), mistakes from {m_lo} to {m_hi} (median {m_mid}; "
    "fixed: {m_fixed}). Worst first (always the worst-classified example next): {worst}.",
    "experiments.bound_holds": "The bound R²/γ*² = {bound} holds for any order:",
    "experiments.none_exceed_it": "no run exceeds it.",
    "experiments.exceed_it": ("{n:,} run EXCEEDS it.", "{n:,} runs EXCEED it."),
    "experiments.fewer": "{better} of {k} random orders made fewer mistakes than worst first, "
    "{fixed} fewer than the fixed order.",
    "experiments.not_separable": "The data is not separable: there is no bound, and no order "
    "converges.",
    "experiments.stopped": (
        "{n:,} run stopped at the cap of {epochs}.",
        "{n:,} runs stopped at the cap of {epochs}.",
    ),
    "experiments.margin_chart": "margin chart",
    "experiments.dimension_chart": "dimension chart",
    "experiments.held": "The {what} is held to {seeds} (of {asked} asked) to stay within a "
    "few seconds.",
    "experiments.dims_cut": "With n = {n} points the dimensions stop at d = {last} (n·d at most "
    "{most}), not {top}.",
    # ----------------------------------------------------------------- the download
    "experiments.dl_margins": "Margins, one row per run",
    "experiments.dl_dimensions": "Dimensions, one row per run",
    "experiments.dl_orders": "Orders, one row per run",
    "experiments.dl_note": "One row per run: its data (margin, d, seed, n; or the order), R, "
    "γ*, the bound R²/γ*², and the run's mistakes, epochs and whether it converged (orders: "
    "also its final b and w).",
}
