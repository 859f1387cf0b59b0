"""The lab's words in German (``ui.words``): the Online page's own texts (the mistake-bound
game of 001, its adversary and the class's adversary round)."""

WORDS: dict[str, str | tuple[str, str]] = {
    # -------------------------------------------------------------------- the page
    "online.title": "Das Fehlerschranken-Spiel",
    "online.intro": "Sie sind die Lehrkraft (001): setzen Sie einen Punkt, das Perzeptron sagt "
    "zuerst voraus ({pos}, {neg} oder weiß nicht bei {score} = 0), Sie decken das Label auf, "
    "und aus einem Fehler lernt es. Oder lassen Sie den Gegner Punkte wählen, die es falsch "
    "machen muss.",
    "online.gamma": "Rand γ des Gegners",
    "online.gamma_help": "Jeder Punkt des Gegners hält diesen Rand zu seinem Ziel u (im "
    "erweiterten Raum (1, {x})); Satz 1 erlaubt dann höchstens R²/γ² Fehler.",
    # ---------------------------------------------------------- the game's words
    "online.dont_know": "weiß nicht",
    "online.prompt": "Klicken Sie auf eine freie Stelle des Diagramms, um den nächsten Punkt zu "
    "setzen: zuerst kommt seine Vorhersage.",
    "online.prediction": "**Neuer Punkt {where}**: {score}, also {verdict}. Decken Sie jetzt "
    "sein Label auf:",
    "online.predict_tie": "**weiß nicht** (Gleichstand: ein Fehler, welches Label es auch hat)",
    "online.predicts": "das Perzeptron sagt **{label}** voraus",
    "online.mistakes": ("{n} Fehler", "{n} Fehler"),
    "online.arrivals": ("{n} Ankunft", "{n} Ankünften"),
    "online.count": "M = {mistakes} bei {arrivals}",
    "online.count_one_class": "**{line}** (die Schranke braucht Punkte beider Klassen)",
    "online.count_t2_too_large": "**{line}** (nicht trennbar: Satz 2 ist hier zu groß zum "
    "Berechnen)",
    "online.count_t1": "Satz 1: diese Punkte sind trennbar, ab {zero}",
    "online.count_t2": "Satz 2 nach einem Durchlauf: nicht trennbar, ab {zero}",
    "online.arrival": "Ankunft {t}: vorhergesagt {said}, Label {label}: ",
    "online.no_update": "kein Fehler, kein Update.",
    "online.learns": "**Fehler**, also lernt es. ",
    "online.effect": "{signed} = {before} vor dem Update, {after} danach: ",
    "online.fixed": "jetzt richtig",
    "online.not_fixed": "**immer noch falsch**: ein Update genügt nicht immer",
    "online.tally": (
        "Bisher hat {fixed} von {n} Update den Punkt korrigiert, an dem es gemacht wurde.",
        "Bisher haben {fixed} von {n} Updates den Punkt korrigiert, an dem sie gemacht wurden.",
    ),
    "online.adversary_says": "Der Gegner spielt Punkte, die die gestrichelte Gerade u ({line}) "
    "mit Rand ≥ γ = {gamma} klassifiziert (im Raum (1, {x})) und die das Perzeptron falsch "
    "macht. Auf einer solchen Folge erlaubt Satz 1 höchstens R²/γ² = {R}²/{gamma}² = {bound} "
    "Fehler (R: die Ecke des Spielfelds).",
    "online.adversary_every": " Jede bisherige Ankunft ist ein solcher Punkt, also gilt diese "
    "Schranke auch hier.",
    "online.adversary_some": " Manche Ankünfte sind es nicht (Ihre), also muss diese Schranke "
    "für diese Punkte nicht gelten.",
    "online.out_of_moves": "Der Gegner hat keine Züge mehr: das Perzeptron klassifiziert jetzt "
    "jeden Punkt des Spielfelds mit Rand ≥ γ zu u so wie u.",
    "online.forced": (
        " Er erzwang M = {n} Fehler: die Schranke R²/γ*² = {bound} hielt, und {share} davon "
        "wurden erreicht.",
        " Er erzwang M = {n} Fehler: die Schranke R²/γ*² = {bound} hielt, und {share} davon "
        "wurden erreicht.",
    ),
    # ---------------------------------------------------------------- the moves
    "online.link_cut": "das Spiel behält die ersten {most} seiner {count} Ankünfte",
    "online.full": "Das Spiel behält höchstens {most} Ankünfte (was ein Link fasst): "
    "Rückgängig oder Leeren, um weiterzumachen.",
    "online.outside": "Ein Punkt muss innerhalb von ±{limit} liegen (was ein Link fasst).",
    "online.points": ("{n:,} Punkt", "{n:,} Punkte"),
    "online.budget": "Der Gegner hat {points} in {seconds} s gespielt und dort angehalten: "
    "noch einmal drücken, um weiterzumachen.",
    # -------------------------------------------------------------- the buttons
    "online.label": "{label} aufdecken",
    "online.label_help": "Das Label {label} aufdecken: war es ein Fehler, lernt das Perzeptron "
    "daraus.",
    "online.adversary": "Gegner",
    "online.adversary_help": "Der nächste Punkt wird so gewählt, dass er einen Fehler erzwingt, "
    "mit Rand γ zu u.",
    "online.adversary_all": "Gegner bis zum Ende",
    "online.adversary_all_help": "Der Gegner spielt, bis kein Punkt des Spielfelds mehr ein "
    "Fehler ist.",
    "online.undo": "Rückgängig",
    "online.clear": "Leeren",
    "online.by_coordinates": "Einen Punkt über seine Koordinaten setzen",
    "online.place": "Punkt setzen",
    # ---------------------------------------------------------------- the chart
    "online.band": "Rand γ = {gamma} von u",
    "online.target": "Ziel u",
    "online.last": "letzte Ankunft",
    "online.pending": "neuer Punkt ?",
    # ------------------------------------------------- the class's adversary round
    "online.round_start": "Gegnerrunde: die Klasse spielt",
    "online.round_help": "Studierende tippen Punkte an, die das Perzeptron falsch macht, mit "
    "dem Rand γ zu u.",
    "online.round_status": "Gegnerrunde: {played} gespielt, {margin} zu nah an u, {right} schon "
    "richtig.",
    "online.round_move": "{by}: ({x1}, {x2}), Label {label}: ein Fehler, {w} korrigiert",
    "online.round_stop": "Runde beenden",
    # --------------------------------------------------------------- the download
    "online.arrivals_file": "Ankünfte",
    "online.download_note": "Eine Zeile pro Ankunft, der Reihe nach: der Punkt, {score} und die "
    "Vorhersage vor dem Label (0: weiß nicht), das Label, mistake (1/0) und {weights} nach dem "
    "Lernen daraus.",
}
