"""The lab's words in German (``ui.words``): the Batch page's own texts (pages/batch.py,
ui/views/batch_view.py)."""

WORDS: dict[str, str | tuple[str, str]] = {
    # ------------------------------------------------------------------- the page
    "batch.title": "Batch-Gradientenabstieg auf J_p",
    "batch.intro": "Batch: alle Fehler einer Epoche aufsummieren, dann einen Schritt machen "
    "(004). Einzelschritt: bei jedem Fehler sofort einen Schritt machen. Gleiche Daten, "
    "Reihenfolge, Start und η; Schritt geht zum nächsten Batch-Schritt, und beide Grenzen "
    "werden am Ende derselben Epoche gezeigt.",
    "batch.heading": "Beide Regeln",
    "batch.bound_line": "Einzelschritt: {single} · Batch: {batch}.",
    "batch.eta_heading": "Spielt die Lernrate eine Rolle?",
    "batch.eta_caption": "Die Skripte (002, 11.3) sagen, ein kleineres η könne stabiler "
    "konvergieren. Ab {w} = 0 sind beide Regeln in exakter Arithmetik skaleninvariant: jeder "
    "Schritt ist η mal eine Summe von {summand}, also skaliert η nur {w}, und keine Vorhersage "
    "ändert sich. Ab einem zufälligen Start spielt es eine Rolle. Unten: die Läufe für "
    "η = {etas} auf diesen Daten, Besuch für Besuch mit dem ersten verglichen.",
    "batch.from_zero": "**Ab {w} = 0**",
    "batch.from_random": "**Ab einem zufälligen Start**",
    "batch.rule.classic": "Einzelschritt",
    "batch.rule.batch": "Batch",
    "batch.scaling_heading": "Skalierung der Merkmale (002, 11.4)",
    # ------------------------------------------------------------------ the charts
    "batch.name.batch": "Batch-GD auf J_p",
    "batch.name.single": "Einzelschritt-Regel",
    "batch.hover_jp": "Epoche %{{x}}<br>J_p = %{{y:.4g}}<extra>{name}</extra>",
    "batch.hover_errors": "Epoche %{{x}}<br>Fehler = %{{y}}<extra>{name}</extra>",
    "batch.axis_epoch": "Epoche (Batch: je ein Schritt)",
    "batch.axis_errors": "Trainingsfehler",
    "batch.when": "Epoche {e}",
    "batch.when_ended": "endete in Epoche {e}",
    "batch.no_line": "{name} ({w} = 0: keine Gerade)",
    "batch.line_end": "Ende von Epoche {e}. Batch",
    "batch.line_single": "Einzelschritt",
    "batch.epoch_line": "{name}: {weights} · J_p = {jp} · {errors} Trainingsfehler",
    "batch.reference": "Referenz",
    "batch.differ": "{differ:,} von {compared:,}<br>abweichend",  # two lines: the bar's width
    "batch.bar_name": "Fehler",
    "batch.bar_hover": "%{{x}}: %{{y}} Fehler<br>%{{text}}<extra></extra>",
    "batch.axis_eta": "Lernrate (gegen η = {eta})",
    "batch.axis_mistakes": "Fehler",
    # -------------------------------------------------- what the two runs did
    "batch.epochs": ("{n:,} Epoche", "{n:,} Epochen"),
    "batch.end.converged": "konvergierte nach {epochs}",
    "batch.end.max_updates": "hielt in Epoche {e} an der Update-Grenze an",
    "batch.end.no_clean": "schaffte in {epochs} keinen fehlerfreien Durchlauf",
    "batch.steps": ("{n:,} Schritt", "{n:,} Schritte"),
    "batch.visits": ("{n:,} falsch klassifizierter Besuch", "{n:,} falsch klassifizierte Besuche"),
    "batch.compare_batch": (
        "Batch-GD auf J_p {end}: {steps}, in den {visits} summiert wurden.",
        "Batch-GD auf J_p {end}: {steps}, in die {visits} summiert wurden.",
    ),
    "batch.updates": ("{n:,} Update", "{n:,} Updates"),
    "batch.compare_single": "Die Einzelschritt-Regel {end}: {updates}, eins pro Fehler.",
    "batch.rises": "J_p stieg nach {rises} der Batch-Schritte: ein Gradientenschritt mit "
    "konstantem η muss J_p nicht verkleinern.",
    "batch.ties": "Bei {w} = 0 ist J_p = 0 (sein kleinster Wert), obwohl jeder Punkt ein "
    "Gleichstand ist: Gleichstände zählen als Fehler, also wird der erste Schritt trotzdem "
    "gemacht.",
    # ------------------------------------------------------ the learning rate
    "batch.eta.rule.batch": "Batch-GD auf J_p",
    "batch.eta.rule.classic": "die Einzelschritt-Regel",
    "batch.eta.from_zero": "Ab {w} = 0",
    "batch.eta.from_random": "Ab einem zufälligen Start",
    "batch.eta.first": "ersten ",
    "batch.eta.cap": " (Vergleich auf {visits:,} Besuche pro η begrenzt)",
    "batch.eta.nothing": "{where}, {rule} mit η = {eta}: nichts zum Vergleichen.",
    "batch.eta.and": " und ",
    "batch.eta.every": "jedem Besuch",
    "batch.eta.every_compared": "jedem verglichenen Besuch",
    "batch.eta.same": "{where} sagte {rule} für η = {etas} bei {every} dasselbe vorher: 0 der "
    "{first}{n:,} Vorhersagen weichen ab{cap}",
    "batch.eta.mistakes": ("{n:,} Fehler", "{n:,} Fehlern"),
    "batch.eta.each": ", mit je {mistakes} und {epochs}",
    "batch.eta.holds": " In exakter Arithmetik gilt das ab {w} = 0 immer: {w}_k(η) = η·{w}_k(1).",
    "batch.eta.compared": "verglichene ",
    "batch.eta.bitwise": " Hier sind die Gewichte nicht bitgenau proportional (Rundung), aber "
    "kein Rundungsfehler hat eine {compared}Vorhersage umgekehrt.",
    "batch.eta.part": "η = {eta}: {differ:,} der {first}{compared:,}",
    "batch.eta.both_made": " Besuche, die beide Läufe machten ({epochs} Epochen gegen {ref})",
    "batch.eta.changes": "{where} ändert die Lernrate, was {rule} vorhersagt.",
    "batch.eta.differ_from": " Vorhersagen, die vom Lauf mit η = {eta} abweichen: ",
    "batch.eta.would_not": " In exakter Arithmetik würde sich ab {w} = 0 keine Vorhersage "
    "ändern ({w}_k(η) = η·{w}_k(1))",
    "batch.eta.rounding_at": "; der Unterschied ist Rundung: der erste liegt bei Besuch {t:,} "
    "(Epoche {e}), wo {score} mit η = {eta} {a} ist und mit η = {eta2} {b}.",
    "batch.eta.rounding": "; der Unterschied ist Rundung.",
    "batch.eta.tie": "genau 0 (ein Gleichstand)",
    # ------------------------------------------------------------ feature scaling
    "batch.scaling_head": "| Vorverarbeitung | R | γ* | Schranke R²/γ*² | Einzelschritt | Batch |",
    "batch.mistakes": ("{n:,} Fehler", "{n:,} Fehler"),
    "batch.converged": "konvergiert",
    "batch.not_converged": "nicht konvergiert",
    "batch.scaling.none": "Unter keiner Skalierung linear trennbar (Skalieren kann das nicht "
    "ändern): keine Fehlerschranke gilt.",
    "batch.scaling.fewest": "Wenigste Fehler der Einzelschritt-Regel: {best} ({m:,}). Kleinste "
    "Schranke R²/γ*²: {tight} ({bound}).",
    "batch.scaling.over": "Die Fehler der Einzelschritt-Regel überschreiten die Schranke für "
    "{which}.",
    "batch.scaling.within": "Wo die Daten trennbar sind, bleiben die Fehler der "
    "Einzelschritt-Regel innerhalb der Schranke (Satz 1, ab {w} = 0); für Batch-Schritte gilt "
    "die Schranke nicht.",
    # -------------------------------------------------------------- the downloads
    "batch.scaling.not_random": "Die Läufe der Tabelle beginnen bei {w} = 0, nicht beim "
    "zufälligen Start dieser Seite.",
    "batch.dl_epochs": "J_p und Fehler pro Epoche, beide Regeln",
    "batch.dl_rates": "Lernraten",
    "batch.dl_scaling": "Skalierung der Merkmale",
    "batch.dl_note": "Pro Epoche (0: der Start): die darin gemachten Fehler sowie Trainingsfehler "
    "und J_p der Gewichte an ihrem Ende. Lernraten: eine Zeile pro Start, Regel und η, Besuch "
    "für Besuch mit dem Lauf des ersten η verglichen. Skalierung: R, γ*, die Schranke und die "
    "Läufe beider Regeln für jede Vorverarbeitung.",
}
