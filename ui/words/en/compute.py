"""The lab's words in English (``ui.words``): what the page says while it computes (the
spinners of ``ui.compute``), the limits a run is held to, and a link too long to read."""

WORDS: dict[str, str | tuple[str, str]] = {
    "spinner.training": "Training…",
    "spinner.reading": "Reading the file…",
    "spinner.rates": "Comparing learning rates…",
    "spinner.scaling": "Scaling the features…",
    "spinner.variants": "Scoring the variants…",
    "spinner.cone": "Solving A w ≥ 1…",
    # ------------------------------------------------ a run and the limits it is held to
    "run.both_classes": "Both classes are needed for a run: add points of the other class.",
    "run.kernel_wide": "The kernel variant is drawn on two features: choose another variant, "
    "or train on x1 and x2 in the upload box.",
    "run.kernel_too_many": "The kernel variant runs on at most {most:,} points here (each epoch "
    "costs n² kernel values, {n:,}² on this data): choose another variant.",
    "run.held_epochs": (
        "The {variant} run is held to {n:,} epoch ({points:,} points: each epoch costs {cost}), "
        "not the {asked:,} asked for.",
        "The {variant} run is held to {n:,} epochs ({points:,} points: each epoch costs "
        "{cost}), not the {asked:,} asked for.",
    ),
    "run.cost_kernel": "{n:,}² kernel values",
    "run.cost_visits": ("{n:,} visit", "{n:,} visits"),
    "run.held_updates": "On {n:,} points of {d} features a run stops at {cap:,} updates, not "
    "{most:,}: its record stays within the server's cache.",
    "run.theory_off": "The exact verdict, γ* and the bounds are not computed live on {n:,} "
    "points of {d} features (at most {most:,} values of (1, x)).",
    "run.theory_converged": "The run converged: its last {w} separates every point, so they are "
    "separable.",
    "run.wide_vectors": "The {d}-vectors by their first {k} entries and their last; {w} in full "
    "above.",
    # ------------------------------------------------------------ a link too long to read
    "link.refused_title": "This link is too long",
    "link.refused": "This link is too long ({n:,} characters; the limit is {most:,}), so "
    "nothing in it was read. The links the lab makes are much shorter: this one was joined to "
    "something else, padded or made by hand.",
    "link.open_playground": "Open the Playground",
}
