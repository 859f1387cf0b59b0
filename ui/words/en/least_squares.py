"""The lab's words in English (``ui.words``): /batch's least-squares section
(ui/views/least_squares_view.py) and its lecture scene."""

WORDS: dict[str, str | tuple[str, str]] = {
    "ls.heading": "Least squares: 004's other criterion",
    "ls.intro": "Where no line separates the data, 004 names other criteria: the "
    "perceptron's J_p, or a least-squares approximation, which the sign flip cannot be "
    "used for. Least squares solves one linear system exactly, then classifies by the "
    "side of ½.",
    "ls.targets": "{target} = 1 for {positive}, 0 for {negative}; a point is on the "
    "{positive} side where the score is above ½.",
    "ls.rule.perceptron": "perceptron (its last line)",
    "ls.rule.pocket": "pocket",
    "ls.rule.least_squares": "least squares",
    "ls.legend": "{name}: {errors:,} wrong",
    "ls.col.rule": "rule",
    "ls.col.line": "line",
    "ls.col.errors": "training errors",
    "ls.col.criterion": "its criterion",
    "ls.criterion_jp": "J_p = {value}",
    "ls.criterion_ls": "Σ (score − target)² = {value}",
    "ls.errors": ("{n:,} training error", "{n:,} training errors"),
    "ls.no_line": "Least squares gives {w} = 0 here: its score is the same constant at "
    "every point, so it draws no line and every point is a tie.",
    "ls.separable_not_ls": "A line separates these points, yet least squares leaves {errors}.",
    "ls.separable_ls": "A line separates these points, and so does least squares.",
    "ls.not_separable": "No line separates these points: least squares leaves {ls}, the "
    "pocket {pocket}, the perceptron's last line {last}.",
    "ls.errors_only": "Least squares leaves {ls}.",
    "ls.why": "It minimises the squared distance of every score to its target, so a point "
    "far out on its own side costs as much as one far on the wrong side and pulls the line; "
    "the perceptron's J_p counts only the points on the wrong side.",
}
