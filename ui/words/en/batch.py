"""The lab's words in English (``ui.words``): the Batch page's own texts (pages/batch.py,
ui/views/batch_view.py). Symbols of the notation (w, the summand y·(1, x)) are fields."""

WORDS: dict[str, str | tuple[str, str]] = {
    # ------------------------------------------------------------------- the page
    "batch.title": "Batch gradient descent on J_p",
    "batch.intro": "Batch: add up every mistake of an epoch, then take one step (004). "
    "Single-sample: step on each mistake at once. Same data, order, start and η; Step moves "
    "to the next batch step, and both boundaries are shown at the end of the same epoch.",
    "batch.heading": "Both rules",
    "batch.bound_line": "Single-sample: {single} · batch: {batch}.",
    "batch.eta_heading": "Does the learning rate matter?",
    "batch.eta_caption": "The notes (002, 11.3) say a smaller η can converge more stably. From "
    "{w} = 0 both rules are scale-invariant in exact arithmetic: every step is η times a sum "
    "of {summand}, so η only rescales {w} and no prediction changes. From a random start it "
    "does matter. Below: the runs for η = {etas} on this data, compared visit by visit with "
    "the first.",
    "batch.from_zero": "**From {w} = 0**",
    "batch.from_random": "**From a random start**",
    "batch.rule.classic": "single-sample",
    "batch.rule.batch": "batch",
    "batch.scaling_heading": "Feature scaling (002, 11.4)",
    # ------------------------------------------------------------------ the charts
    "batch.name.batch": "batch GD on J_p",
    "batch.name.single": "single-sample rule",
    "batch.hover_jp": "epoch %{{x}}<br>J_p = %{{y:.4g}}<extra>{name}</extra>",
    "batch.hover_errors": "epoch %{{x}}<br>errors = %{{y}}<extra>{name}</extra>",
    "batch.axis_epoch": "epoch (batch: one step each)",
    "batch.axis_errors": "training errors",
    "batch.when": "epoch {e}",
    "batch.when_ended": "ended at epoch {e}",
    "batch.no_line": "{name} ({w} = 0: no line)",
    "batch.line_end": "End of epoch {e}. Batch",
    "batch.line_single": "Single-sample",
    "batch.epoch_line": "{name}: {weights} · J_p = {jp} · {errors} training errors",
    "batch.reference": "reference",
    "batch.differ": "{differ:,} of {compared:,} differ",
    "batch.bar_name": "mistakes",
    "batch.bar_hover": "%{{x}}: %{{y}} mistakes<br>%{{text}}<extra></extra>",
    "batch.axis_eta": "learning rate (against η = {eta})",
    "batch.axis_mistakes": "mistakes",
    # -------------------------------------------------- what the two runs did
    "batch.epochs": ("{n:,} epoch", "{n:,} epochs"),
    "batch.end.converged": "converged after {epochs}",
    "batch.end.max_updates": "stopped at the update limit in epoch {e}",
    "batch.end.no_clean": "made no clean pass in {epochs}",
    "batch.steps": ("{n:,} step", "{n:,} steps"),
    "batch.visits": ("{n:,} misclassified visit", "{n:,} misclassified visits"),
    "batch.compare_batch": (
        "Batch GD on J_p {end}: {steps}, {visits} summed into it.",
        "Batch GD on J_p {end}: {steps}, {visits} summed into them.",
    ),
    "batch.updates": ("{n:,} update", "{n:,} updates"),
    "batch.compare_single": "The single-sample rule {end}: {updates}, one per mistake.",
    "batch.rises": "J_p went up after {rises} of the batch steps: a gradient step with a "
    "constant η need not decrease J_p.",
    "batch.ties": "At {w} = 0, J_p = 0 (its smallest value) although every point is a tie: "
    "ties count as mistakes, so the first step is taken anyway.",
    # ------------------------------------------------------ the learning rate
    "batch.eta.rule.batch": "batch GD on J_p",
    "batch.eta.rule.classic": "the single-sample rule",
    "batch.eta.from_zero": "From {w} = 0",
    "batch.eta.from_random": "From a random start",
    "batch.eta.first": "first ",
    "batch.eta.cap": " (comparison capped at {visits:,} visits per η)",
    "batch.eta.nothing": "{where}, {rule} with η = {eta}: nothing to compare against.",
    "batch.eta.and": " and ",
    "batch.eta.every": "every visit",
    "batch.eta.every_compared": "every compared visit",
    "batch.eta.same": "{where}, {rule} predicted the same at {every} for η = {etas}: 0 of the "
    "{first}{n:,} predictions differ{cap}",
    "batch.eta.mistakes": ("{n:,} mistake", "{n:,} mistakes"),
    "batch.eta.each": ", with {mistakes} and {epochs} each",
    "batch.eta.holds": " In exact arithmetic this always holds from {w} = 0: {w}_k(η) = "
    "η·{w}_k(1).",
    "batch.eta.compared": "compared ",
    "batch.eta.bitwise": " Here the weights are not bitwise proportional (rounding), but no "
    "rounding error flipped a {compared}prediction.",
    "batch.eta.part": "η = {eta}: {differ:,} of the {first}{compared:,}",
    "batch.eta.both_made": " visits both runs made ({epochs} epochs against {ref})",
    "batch.eta.changes": "{where}, the learning rate changes what {rule} predicts.",
    "batch.eta.differ_from": " Predictions that differ from η = {eta}'s run: ",
    "batch.eta.would_not": " In exact arithmetic no prediction would change from {w} = 0 "
    "({w}_k(η) = η·{w}_k(1))",
    "batch.eta.rounding_at": "; the difference is rounding: the first is at visit {t:,} (epoch "
    "{e}), where {score} is {a} with η = {eta} and {b} with η = {eta2}.",
    "batch.eta.rounding": "; the difference is rounding.",
    "batch.eta.tie": "exactly 0 (a tie)",
    # ------------------------------------------------------------ feature scaling
    "batch.scaling_head": "| preprocessing | R | γ* | bound R²/γ*² | single-sample | batch |",
    "batch.mistakes": ("{n:,} mistake", "{n:,} mistakes"),
    "batch.converged": "converged",
    "batch.not_converged": "not converged",
    "batch.scaling.none": "Not linearly separable under any scaling (scaling cannot change "
    "that): no mistake bound applies.",
    "batch.scaling.fewest": "Fewest single-sample mistakes: {best} ({m:,}). Smallest bound "
    "R²/γ*²: {tight} ({bound}).",
    "batch.scaling.over": "The single-sample mistakes exceed the bound for {which}.",
    "batch.scaling.within": "Where the data is separable, the single-sample mistakes stay "
    "within the bound (Theorem 1, from {w} = 0); the bound does not cover batch steps.",
    # -------------------------------------------------------------- the downloads
    "batch.scaling.not_random": "The table's runs start from {w} = 0, not from this page's "
    "random start.",
    "batch.dl_epochs": "J_p and errors per epoch, both rules",
    "batch.dl_rates": "Learning rates",
    "batch.dl_scaling": "Feature scaling",
    "batch.dl_note": "Per epoch (0: the start): the mistakes made in it, and the training "
    "errors and J_p of the weights at its end. Learning rates: one row per start, rule and η, "
    "compared visit by visit with the first η's run. Scaling: R, γ*, the bound and both "
    "rules' runs for each preprocessing.",
}
