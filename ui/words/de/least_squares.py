"""The lab's words in German (``ui.words``): /batch's least-squares section
(ui/views/least_squares_view.py) and its lecture scene."""

WORDS: dict[str, str | tuple[str, str]] = {
    "ls.heading": "Kleinste Quadrate: das andere Kriterium aus 004",
    "ls.intro": "Wo keine Gerade die Daten trennt, nennt 004 andere Kriterien: J_p des "
    "Perzeptrons oder eine Näherung nach den kleinsten Quadraten, für die der "
    "Vorzeichenwechsel nicht erlaubt ist. Kleinste Quadrate lösen ein lineares "
    "Gleichungssystem exakt und klassifizieren dann nach der Seite von ½.",
    "ls.targets": "{target} = 1 für {positive}, 0 für {negative}; ein Punkt liegt auf der "
    "Seite von {positive}, wo der Score über ½ liegt.",
    "ls.rule.perceptron": "Perzeptron (letzte Gerade)",
    "ls.rule.pocket": "Pocket",
    "ls.rule.least_squares": "kleinste Quadrate",
    "ls.legend": "{name}: {errors:,} falsch",
    "ls.col.rule": "Regel",
    "ls.col.line": "Gerade",
    "ls.col.errors": "Trainingsfehler",
    "ls.col.criterion": "ihr Kriterium",
    "ls.criterion_jp": "J_p = {value}",
    "ls.criterion_ls": "Σ (Score − Ziel)² = {value}",
    "ls.errors": ("{n:,} Trainingsfehler", "{n:,} Trainingsfehler"),
    "ls.no_line": "Kleinste Quadrate ergeben hier {w} = 0: der Score ist an jedem Punkt "
    "dieselbe Konstante, also gibt es keine Gerade, und jeder Punkt ist ein Gleichstand.",
    "ls.separable_not_ls": "Eine Gerade trennt diese Punkte, doch kleinste Quadrate "
    "lassen {errors}.",
    "ls.separable_ls": "Eine Gerade trennt diese Punkte, und kleinste Quadrate tun es auch.",
    "ls.not_separable": "Keine Gerade trennt diese Punkte: kleinste Quadrate lassen {ls}, "
    "Pocket {pocket}, die letzte Gerade des Perzeptrons {last}.",
    "ls.errors_only": "Kleinste Quadrate lassen {ls}.",
    "ls.why": "Sie minimieren den quadrierten Abstand jedes Scores von seinem Ziel; ein "
    "Punkt weit draußen auf seiner eigenen Seite kostet so viel wie einer weit auf der "
    "falschen Seite und zieht die Gerade zu sich. J_p des Perzeptrons zählt nur die Punkte "
    "auf der falschen Seite.",
}
