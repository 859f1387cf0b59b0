"""The lab's words in English (``ui.words``): /practice, "You are the perceptron".

Symbols (w, b, x, y and the score) are fields filled from the notation; numbers are
written by the caller."""

WORDS: dict[str, str | tuple[str, str]] = {
    "practice.title": "You are the perceptron",
    "practice.intro": "Do the algorithm by hand on your own small dataset: at each visit say "
    "whether it is a mistake ({signed} ≤ 0; a tie is a mistake), then give {what} after it "
    "({rule}). Every answer is checked exactly; a finished level gives a completion code for "
    "your lecturer. Your link keeps your exercise (its seed).",
    "practice.level": "Level",
    "practice.level1": "one update from {w} = 0",
    "practice.level2": "a whole epoch",
    "practice.level3": "an epoch with η ≠ 1 from a random start",
    "practice.level4": "the averaged and the kernel perceptron",
    "practice.level5": "Theorem 1: the bound, R and γ*",
    "practice.heading": "**Level {level}: {name}** · exercise {seed} · η = {eta}",
    "practice.new": "New exercise",
    "practice.new_help": "Another dataset (a new seed in the link); this one's answers are kept.",
    "practice.bad_seed": "the seed {raw} is not a whole number from 0 to {most}, so this page "
    "picked a new one",
    "practice.progress": "Question {k} of {n} · score {score} of {done} answered",
    # ------------------------------------------------------------ the answers
    "practice.right": "Right. {working}",
    "practice.wrong": "Not quite: you answered {said}; the answer is {answer}.",
    "practice.yes": "Yes",
    "practice.no": "No",
    "practice.yes_word": "yes",
    "practice.no_word": "no",
    "practice.approx": "To 2 decimals (3.14 for π).",
    "practice.exact": "Exact: whole numbers, decimals or fractions (1, −2.5, 1/2).",
    "practice.check": "Check",
    "practice.bad.empty": "Type a number (for example 1, -2.5 or 1/2).",
    "practice.bad.long": "An answer is a number of at most {most} characters.",
    "practice.bad.zero_below": "A fraction cannot have 0 below the line.",
    "practice.bad.not_number": "That is not a number: write a whole number, a decimal or a "
    "fraction, like 1, -2.5 or 1/2 (no letters, no exponents).",
    "practice.bad.not_verdict": "Answer yes or no.",
    "practice.bad.count": "Give {n} numbers: {fields}.",
    "practice.typed": "You typed {typed}.",
    # ------------------------------------------------------------ the questions
    "practice.and": "{a} and {b}",
    "practice.q.mistake": "Visit {t}: {point}; {weights}. Is it a mistake?",
    "practice.q.weights": "Visit {t}: {what} after it?",
    "practice.q.averaged": "Visit {t}: the averaged perceptron's {mean} (the mean of {what} "
    "after each of the visits 1 to {t}; fractions like 2/3 are fine)?",
    "practice.q.kernel_mistake": "Visit {t}: {point}; α = {alpha}. Is it a mistake?",
    "practice.q.alpha": "Visit {t}: α after it?",
    "practice.q.R": "R = max over the points of ‖(1, {x})‖ (to 2 decimals)?",
    "practice.q.gamma": "γ* = the largest margin {margin} over unit vectors u = (u₀, u₁, u₂) "
    "(to 2 decimals)?",
    "practice.q.bound": "From {start} with η = 1 the perceptron made M = {M} mistakes before its "
    "clean pass. Is Theorem 1's bound respected (M ≤ R²/γ*²)?",
    "practice.q.floor": "The bound as a whole number of mistakes: ⌊R²/γ*²⌋ (use R and γ* to "
    "more than 2 decimals)?",
    "practice.q.eta": "From {start}, would η = {eta} instead of 1 change which visits are "
    "mistakes?",
    # ------------------------------------------------------------ the arithmetic
    "practice.v.ok": "{value} > 0: no mistake",
    "practice.v.tie": "0: a tie, and a tie is a mistake",
    "practice.v.bad": "{value} ≤ 0: a mistake",
    "practice.v.hardlim_ok": "no mistake",
    "practice.v.hardlim_bad": "a mistake",
    "practice.v.hardlim_tie": "a tie (n = 0): Hagan's hardlim(0) = 1 = t would make e = 0, but "
    "the lab, as the notes, counts a tie as a mistake and updates with e = 2t − 1 = 1",
    "practice.w.stay": "No mistake: {what} stay, {weights}",
    "practice.w.stays": "No mistake: {what} stays, {weights}",
    "practice.k.zero": "(every α is 0)",
    "practice.k.sign": "(± is + for a point in ω₁, − in ω₂)",
    "practice.k.up": "A mistake: α{i} goes up by 1, α = {alpha}",
    "practice.k.stays": "No mistake: α stays {alpha}",
    "practice.w.gamma": "γ* = {gamma}, at u* = ({u}) (the max-margin separator in the "
    "augmented space, drawn on the chart)",
    "practice.w.bound": "M = {M} ≤ R²/γ*² = {bound}: respected, as Theorem 1 says it always is",
    "practice.w.floor": "rounded down: {floor}",
    "practice.w.eta_no": "No: from {w} = 0 every {w} with η = {eta} is {eta} times the {w} with "
    "η = 1, so every sign is the same: the engine's run with η = {eta} makes the same {k} "
    "mistakes at the same visits",
    "practice.w.eta_yes": "Yes: with η = {eta} it makes {k}",
    "practice.note.fix": "Does one update fix the point? Not this time: {signed} on P{i} was "
    "{before} before the update and is {after} after it (it grew by {growth} = {grew}), still "
    "≤ 0: still a mistake.",
    # ------------------------------------------------------------ the chart
    "practice.chart.visit": "this visit",
    "practice.chart.margin": "perceptron, margin {margin}",
    # ------------------------------------------------------------ the end of a level
    "practice.done": "Done",
    "practice.score": "Level {level} ({name}): {score} of {total} right at the first try.",
    "practice.no_key": "This server has no key to sign completion codes with (its data folder "
    "cannot be written): ask whoever runs it to set PERCEPTRON\\_LAB\\_SECRET. Your answers are "
    "kept while this page is open.",
    "practice.attempt": "This was attempt {n} at this exercise on this server: your code says so.",
    "practice.your_code": "Your completion code, for your lecturer:",
    "practice.eta.title": "**Does η matter from {w} = 0?** The same data, side by side with η = 1:",
    "practice.eta.start": "start",
    "practice.eta.mistakes": "mistakes on",
    "practice.eta.after": "{w} after the epoch",
    "practice.eta.this_start": "this start",
    "practice.eta.none": "none",
    "practice.eta.zero_same": "From {w} = 0, η changes no prediction: the same mistakes, every "
    "{w} scaled by η.",
    "practice.eta.zero_differ": "From {w} = 0 the mistakes differ (this should not happen).",
    "practice.eta.start_same": "From this start η = 1 happens to make the same mistakes here.",
    "practice.eta.start_differ": "From this start it does matter: η sets how far {w} moves from "
    "{w}(0), so the mistakes differ.",
    "practice.widest": "**Is the perceptron's boundary the widest?** Not in general: the chart "
    "sets its margin (in the augmented space (1, {x}), as γ*) against u*'s, the max-margin "
    "separator, dashed with its band.",
    # ------------------------------------------------------------ the lecturer's check
    "practice.code.title": "Check a completion code",
    "practice.code.box": "Completion code",
    "practice.code.check": "Check the code",
    "practice.code.valid": "A valid code: seed {seed}, level {level}, score {score} of {total}, "
    "at {attempt}.",
    "practice.code.first": "the first attempt at this exercise",
    "practice.code.again": (
        "attempt {attempt} at this exercise: it was started once before on this server, so its "
        "answers could be known",
        "attempt {attempt} at this exercise: it was started {n:,} times before on this server, "
        "so its answers could be known",
    ),
    "practice.code.not_a_code": "This is not a completion code of the lab: a code looks like "
    "{example} followed by {digits} letters and digits.",
    "practice.code.forged": "This code was not issued by this lab: its signature does not match "
    "what it says (a character was changed, or it was made without the server's key).",
    "practice.code.proves": "A completion code proves that this exercise (its seed and level) "
    "was finished on this server, with this score, at this attempt. It does not prove who "
    "finished it (a code can be passed on), nor that the answers were worked out by hand: "
    "the lab's engine computes every answer.",
    "practice.codes.title": "Check many codes at once",
    "practice.codes.box": "Codes (one a line, or separated by spaces, commas or semicolons)",
    "practice.codes.file": "Or a file of codes (.txt or .csv)",
    "practice.codes.check": "Check all",
    "practice.codes.too_many": "At most {most:,} codes are checked at once: split the list.",
    "practice.codes.none": "No codes were given: paste them or choose a file.",
    "practice.codes.summary": "{n:,} code(s), {valid:,} valid.",
    "practice.codes.valid": "valid",
    "practice.codes.not_a_code": "not a code of the lab",
    "practice.codes.forged": "not issued by this lab",
    "practice.codes.same_code": "the same code as row {row}",
    "practice.codes.same_exercise": "the same exercise as row {row}",
    "practice.codes.download": "Download the table (CSV)",
    "practice.codes.col.row": "row",
    "practice.codes.col.code": "code",
    "practice.codes.col.seed": "seed",
    "practice.codes.col.level": "level",
    "practice.codes.col.score": "score",
    "practice.codes.col.attempt": "attempt",
    "practice.codes.col.status": "status",
    "practice.codes.col.duplicate": "duplicate",
    # ------------------------------------------------------------ the handles (drag)
    "practice.drag.hint": "Or drag: the arrow's tip is {w}, the dot on the dashed boundary "
    "moves it along {w} (its {b}; the dot sits on the arrow's foot while {w} = 0); they snap "
    "to steps of {step} and fill the boxes, then press Check.",
    "practice.drag.w": "The tip of {w}: drag it, or arrow keys move it by {step}; now",
    "practice.drag.b": "The boundary's point nearest the origin: drag it along {w}, or arrow "
    "keys up and right add {step} to {b}, down and left take {step} off; {b} now",
}
