"""The lab's words in English (``ui.words``): the Online page's own texts (the mistake-bound
game of 001, its adversary and the class's adversary round)."""

WORDS: dict[str, str | tuple[str, str]] = {
    # -------------------------------------------------------------------- the page
    "online.title": "The mistake-bound game",
    "online.intro": "You are the teacher (001): place a point, the perceptron predicts first "
    "({pos}, {neg}, or I don't know at {score} = 0), you reveal the label, it learns from a "
    "mistake. Or let the adversary pick points it must get wrong.",
    "online.gamma": "Adversary's margin γ",
    "online.gamma_help": "Every point the adversary plays keeps this margin from its target u "
    "(in the augmented space (1, {x})); Theorem 1 then allows R²/γ² mistakes.",
    # ---------------------------------------------------------- the game's words
    "online.dont_know": "I don't know",
    "online.prompt": "Click empty chart space to place the next point: its prediction comes first.",
    "online.prediction": "**New point {where}**: {score}, so {verdict}. Now reveal its label:",
    "online.predict_tie": "**I don't know** (a tie: a mistake whatever the label)",
    "online.predicts": "the perceptron predicts **{label}**",
    "online.mistakes": ("{n} mistake", "{n} mistakes"),
    "online.arrivals": ("{n} arrival", "{n} arrivals"),
    "online.count": "M = {mistakes} in {arrivals}",
    "online.count_one_class": "**{line}** (the bound needs points of both classes)",
    "online.count_t2_too_large": "**{line}** (not separable: Theorem 2 is too large to compute "
    "here)",
    "online.count_t1": "Theorem 1: these points are separable, from {zero}",
    "online.count_t2": "Theorem 2 after one pass: not separable, from {zero}",
    "online.arrival": "Arrival {t}: predicted {said}, label {label}: ",
    "online.no_update": "no mistake, no update.",
    "online.learns": "**mistake**, so it learns. ",
    "online.effect": "{signed} = {before} before the update, {after} after it: ",
    "online.fixed": "now correct",
    "online.not_fixed": "**still wrong**: one update is not always enough",
    "online.tally": (
        "So far {fixed} of {n} update fixed the point it was made on.",
        "So far {fixed} of {n} updates fixed the point it was made on.",
    ),
    "online.adversary_says": "The adversary plays points the dashed line u ({line}) classifies "
    "with margin ≥ γ = {gamma} (in (1, {x}) space), which the perceptron gets wrong. On such a "
    "sequence Theorem 1 allows at most R²/γ² = {R}²/{gamma}² = {bound} mistakes (R: the "
    "board's corner).",
    "online.adversary_every": " Every arrival so far is such a point, so this bound holds here "
    "too.",
    "online.adversary_some": " Some arrivals are not (yours), so it need not hold for these "
    "points.",
    "online.out_of_moves": "The adversary is out of moves: the perceptron now classifies every "
    "point of the board with margin ≥ γ from u as u does.",
    "online.forced": (
        " It forced M = {n} mistake: the bound R²/γ*² = {bound} held, and {share} of it was "
        "reached.",
        " It forced M = {n} mistakes: the bound R²/γ*² = {bound} held, and {share} of it was "
        "reached.",
    ),
    # ---------------------------------------------------------------- the moves
    "online.link_cut": "the game keeps the first {most} of its {count} arrivals",
    "online.full": "The game keeps at most {most} arrivals (what a link holds): Undo or Clear "
    "to go on.",
    "online.outside": "A point must lie within ±{limit} (what a link holds).",
    "online.points": ("{n:,} point", "{n:,} points"),
    "online.budget": "The adversary played {points} in {seconds} s and stopped there: press "
    "again to go on.",
    # -------------------------------------------------------------- the buttons
    "online.label": "Label {label}",
    "online.label_help": "Reveal the label {label}: the perceptron learns it if it was a mistake.",
    "online.adversary": "Adversary",
    "online.adversary_help": "The next point is chosen to force a mistake, with margin γ from u.",
    "online.adversary_all": "Adversary to the end",
    "online.adversary_all_help": "The adversary plays until no point of the board is a mistake "
    "any more.",
    "online.undo": "Undo",
    "online.clear": "Clear",
    "online.by_coordinates": "Place a point by its coordinates",
    "online.place": "Place point",
    # ---------------------------------------------------------------- the chart
    "online.band": "margin γ = {gamma} of u",
    "online.target": "target u",
    "online.last": "last arrival",
    "online.pending": "new point ?",
    # ------------------------------------------------- the class's adversary round
    "online.round_start": "Adversary round: the class plays",
    "online.round_help": "Students tap points the perceptron gets wrong, keeping the margin γ "
    "from u.",
    "online.round_status": "Adversary round: {played} played, {margin} too close to u, {right} "
    "already right.",
    "online.round_move": "{by}: ({x1}, {x2}), label {label}: a mistake, {w} updated",
    "online.round_stop": "End the round",
    # --------------------------------------------------------------- the download
    "online.arrivals_file": "Arrivals",
    "online.download_note": "One row per arrival, in order: the point, {score} and the "
    "prediction before the label (0: I don't know), the label, mistake (1/0), and {weights} "
    "after learning from it.",
}
