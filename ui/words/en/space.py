"""The lab's words in English (``ui.words``): the Space page's own texts (the augmented
space, weight space and the cone LP). The symbols come from ``ui.views.space_view.symbols``
(the lab's notation)."""

WORDS: dict[str, str | tuple[str, str]] = {
    # -------------------------------------------------------------------- the page
    "space.title": "Augmented space",
    "space.intro": "Each point lifted to z = {z} and {w} = {lifted} with the bias inside "
    "(000, 004): the boundary is where the plane {plane} = 0 cuts the sheet {x0} = 1. Flip "
    "class {neg} and every sample asks for {dot} > 0. Below: weight space, and the perceptron "
    "as the cone LP of 001.",
    "space.heading": "Perceptron",
    "space.what": "the space page",
    "space.flip": "Flip class {neg} (004)",
    "space.flip_help": "Draw each sample as {flip}: class {neg} mirrored through the origin, so "
    "every sample needs {dot} > 0 and every update is {w} ← {w} + η·{sample}.",
    "space.scaled": "{w} = {lifted} drawn ×{scale}: its plane does not depend on its size.",
    "space.slice": "Weight space cut at",
    "space.slice_b": "{b} of the slice",
    "space.wrong_now": "**{wrong} of {n}** samples have {dot} ≤ 0 now: exactly the points the "
    "2-D chart marks as misclassified ({relation}).",
    # --------------------------------------------------------- the 3-D chart
    "space.sheet": "{x0} = 1: the 2-D chart",
    "space.sheet_flipped": "{x0} = −1: class {neg} flipped",
    "space.flipped": " (flipped: −z)",
    "space.plane_edge": "plane's edge",
    "space.plane": "plane {plane} = 0",
    "space.boundary": "boundary (plane ∩ {x0} = 1)",
    "space.plane_cut": "plane ∩ {x0} = −1",
    "space.drawn": "{w}, drawn ×{scale}",
    "space.not_to_scale": "axes not to scale",
    # ------------------------------------------------------- weight space
    "space.cell_wrong": "{count} examples wrong",
    "space.examples_wrong": "examples wrong",
    "space.feasible": "all correct",
    "space.feasible_none": ": none at this {b}",
    "space.example_line": "{dot} = 0, class {label}",
    "space.path": "{w} after each update",
    "space.path_hover": "update {k}: {values}",
    "space.now": "{w} now",
    "space.now_projected": " ({b}, projected)",
    "space.weight_title": "Weight space at {b}",
    "space.slice_current": "the current {b}, so the star ({w} now) lies in it",
    "space.slice_chosen": "the chosen {b}",
    "space.slice_projected": "; {w} now has {b}: its open star is projected",
    "space.slice_empty": "No {pair} gets every example right with this {b}: the feasible cone "
    "misses this slice.",
    "space.slice_region": "Green: the {pair} that get every example right with this {b}, the "
    "feasible cone's cut.",
    "space.slice_lines": " Lines: the first {most} examples'.",
    "space.slice_says": "Weight space cut at {bc}: {which}. Example i is the half-plane {half} > 0 "
    "bounded by its line (blue: class {pos}, orange: {neg}); grey counts the examples a cell "
    "gets wrong. {region} The path: {w} after each update, open where that {w} had another {b} "
    "(projected onto this slice). {w} now gets {wrong} of {n} wrong.{lines}",
    # ------------------------------------------------------------- the cone LP
    "space.cone": "The cone LP of 001: {cone} ≥ 1 by the perceptron",
    "space.cone_says": "Cycle the perceptron through the rows {row} of {A} as positive "
    'examples: from {w} = 0, add a row whenever {dot} ≤ 0 (a mistake, or "I don\'t know" at '
    "0). A pass without a mistake means {Aw} > 0; dividing {w} by m = min {Aw} then gives {Aw} "
    "≥ 1. With the data's rows {flip} this is the perceptron itself (004's flip).",
    "space.rows_of": "Rows of {A}",
    "space.no_rows": "No rows: the data has no points yet.",
    "space.updates": ("{n:,} update", "{n:,} updates"),
    "space.passes": ("{n:,} pass", "{n:,} passes"),
    "space.rows": ("{n:,} row", "{n:,} rows"),
    "space.iterations": "**Iterations**: {updates} through {rows}",
    "space.first_last": "The first {first} and the last 5 of {n:,} updates.",
    "space.check": "**The check: every row of {Aw} ≥ 1**",
    "space.first_rows": "The first {first} of {n:,} rows (all are counted below).",
    "space.rows_box": "Rows of {A}, one a line (numbers separated by commas or spaces)",
    "space.rows_bad": "The rows cannot be used: {why}",
    "space.rows_previous": "Still solving the previous rows.",
    "space.too_long": "the rows are too long: at most {most} characters",
    "space.not_number": "'{token}' is not a number",
    "space.not_finite": "'{token}': entries must be finite numbers of size at most {most}",
    "space.no_numbers": "type at least one row of numbers",
    "space.too_many_rows": "{n} rows: at most {most}",
    "space.widths": "every row needs the same number of entries; got {widths}",
    "space.too_many_columns": "{n} columns: at most {most}",
    # the tables' columns
    "space.col_update": "update",
    "space.col_pass": "pass",
    "space.col_row": "row i",
    "space.col_before": "{dot} before",
    "space.col_after": "{w} after",
    # the outcome
    "space.solved": "Solved in {updates} over {passes}: the last pass made no mistake, so {Aw} "
    "> 0 with {w} = {vec}. Its smallest product is m = min {Aw} = {m}, and {w}* = {w} / m = "
    "{star}{nudge}. Check: min {Aw}* = {check}, and {k} of {n} rows have {dot} ≥ 1.",
    "space.nudged": " (rounded up a hair: {w}/m fell short of 1 by rounding)",
    "space.rounding": "{Aw} > 0 was reached, but no floating-point multiple of {w} passed {Aw} ≥ "
    "1 (a product is too close to 0): try rows of a similar size.",
    "space.cap_updates": "{n} updates (the cap)",
    "space.cap_passes": "{n} passes (the cap)",
    "space.unsolved": "No solution after {cap}: the perceptron was stopped. The system may have "
    "no solution at all (the perceptron cannot prove that; data that no line separates gives "
    "such rows), or it needs more updates.",
    "space.random_start": "a random start",
    "space.shuffled": "the shuffled order",
    "space.differ": "The run above uses {why}, so its weight vectors differ from these iterates "
    "(from {w} = 0 in the fixed order they are η times these).",
    "space.differ_at": "The run's weight vectors first differ from these iterates at update {k}.",
    "space.same": "These iterates are the run's weight vectors {lifted} above, exactly, for all "
    "{n} updates both made: cycling through the flipped samples is the perceptron.",
    # --------------------------------------------------------------- the download
    "space.iterations_file": "Iterations",
    "space.download_note": "Rows of {A}: each {row} (and {dot} with the check, once solved). "
    "Iterations: every update, its pass, the row added, {before} before it and {w} after it.",
}
