"""The lab's words in German (``ui.words``): the settings, navigation, stepping controls, status
lines, verdicts, charts, bounds, theorems and variants."""

WORDS: dict[str, str | tuple[str, str]] = {
    # ------------------------------------------------ the lab's two settings (sidebar)
    "settings.heading": "Notation und Sprache",
    "settings.notation": "Notation",
    "settings.notation_help": "Die Symbole des Lehrbuchs für jede Gleichung, Beschriftung, "
    "Statuszeile und jeden Export. Der Lauf und seine Zahlen sind in jeder gleich.",
    "settings.language": "Sprache",
    "settings.language_help": "Die Wörter des Labors; Zahlen behalten in jeder Sprache den "
    "Dezimalpunkt. Bis Sie wählen, entscheidet die Sprache des Browsers.",
    "settings.bad_notation": "Die Notation notation={raw} des Links ist keine von {allowed}: "
    "die Notation der Skripte (w, b) gilt.",
    "settings.bad_language": "Die Sprache lang={raw} des Links ist keine von {allowed}: die "
    "Sprache des Browsers gilt.",
    "notation.explain.wb": "Notation der Skripte: Gewichte w, Bias b, Labels y = ±1; ein "
    "Fehler, wenn y(w·x + b) ≤ 0 (Gleichstand ist ein Fehler), dann w ← w + η y x, "
    "b ← b + η y.",
    "notation.explain.theta": "Notation θ, θ₀ (der MIT/edX-Kurs): der Klassifikator ist "
    "sign(θ·x + θ₀), Labels y = ±1; ein Fehler, wenn y(θ·x + θ₀) ≤ 0 (Gleichstand ist ein "
    "Fehler), dann θ ← θ + η y x, θ₀ ← θ₀ + η y. Dieselben Zahlen wie w und b.",
    "notation.explain.augmented": "Erweiterte Notation (Duda & Hart; Skript 004): ein Vektor "
    "a = (a₀, a₁, …) = (b, w); jedes Beispiel wird zu y = (1, x) in Klasse ω₁ (die +1 des "
    "Labors) und y = −(1, x) in Klasse ω₂ (die −1 des Labors), also braucht jedes Beispiel "
    "aᵀy > 0: ein Fehler, wenn aᵀy ≤ 0, dann a ← a + η y. aᵀy ist y(w·x + b) der Skripte.",
    "notation.explain.hardlim": "Notation von Hagan u. a.: Ziele t ∈ {{0, 1}} (t = 1 ist die "
    "+1 des Labors, t = 0 seine −1), Eingabe p, n = w·p + b, a = hardlim(n), Fehler "
    "e = t − a, dann w ← w + e p, b ← b + e (mit einer Lernrate η ≠ 1 addiert das Labor "
    "η e p und η e). Ein Unterschied: bei Hagan ist hardlim(0) = 1, ein Punkt mit t = 1 und "
    "n = 0 ist dort kein Fehler; dieses Labor (wie die Skripte) zählt jeden Gleichstand "
    "n = 0 als Fehler und korrigiert mit e = 2t − 1; die Statuszeile sagt es, wo ein "
    "Gleichstand vorkommt.",
    # ------------------------------------------------------------- the navigation
    "page.playground": "Spielwiese",
    "page.kernel": "Kernel",
    "page.batch": "Batch",
    "page.variants": "Varianten",
    "page.online": "Online",
    "page.space": "Raum",
    "page.proof": "Beweis",
    "page.experiments": "Experimente",
    "page.lecture": "Vorlesung",
    "page.join": "Einer Klasse beitreten",
    "page.practice": "Übung",
    # ------------------------------------------------------- the stepping controls
    "key.step": "Schritt",
    "key.visit": "Besuch",
    "key.back": "Zurück",
    "key.epoch": "Epoche",
    "key.end": "Bis zum Ende",
    "key.reset": "Neustart",
    "key.play": "Abspielen",
    "key.pause": "Pause",
    "key_help.step": "bis direkt nach dem nächsten Update (dem nächsten Fehler)",
    "key_help.visit": "das nächste Beispiel, auch wenn es richtig klassifiziert ist",
    "key_help.back": "den letzten Zug zurücknehmen",
    "key_help.epoch": "bis zum Ende der Epoche",
    "key_help.end": "bis zum Ende: der Lauf konvergiert oder hält bei max. Epochen",
    "key_help.reset": "zurück zum Anfang, {start}",
    "key_help.play": "abspielen / anhalten",
    "keys.clicker": "ein Presenter: **PageDown** / **→** Schritt, **PageUp** / **←** zurück",
    "keys.caption": "Tasten: {keys}",
    "controls.speed": "Sekunden pro Bild",
    "controls.unit": "Abspielen rückt vor um",
    "controls.scrub": "Schritt (erfolgte Besuche)",
    # ---------------------------------------------------------------- status lines
    "status.start": "Anfang · Update 0 · noch kein Beispiel besucht · {total:,} Besuche in "
    "diesem Lauf",
    "status.arrival": "Ankunft {i} von {n}",
    "status.update": "Update {k}",
    "status.predicted": "vorhergesagt {said}, Label {label}",
    "status.unsure": "{zero} (weiß nicht)",
    "status.epoch": "Epoche {e}",
    "status.example": "Beispiel {i} von {n}",
    "status.mistake": "Fehler",
    "status.no_mistake": "kein Fehler",
    "status.tie": "Fehler (Gleichstand: {score} = 0)",
    "status.tie_hardlim_one": "Fehler (Gleichstand: n = 0; bei Hagan ist hardlim(0) = 1 = t "
    "kein Fehler, das Labor zählt Gleichstand als Fehler: e = 1)",
    "status.tie_hardlim_zero": "Fehler (Gleichstand: n = 0, hardlim(0) = 1 ≠ t = 0: e = −1)",
    "status.converged": "konvergiert: Epoche {e} war ein fehlerfreier Durchlauf",
    "status.max_epochs": "angehalten nach {e} Epochen (max. Epochen) ohne Konvergenz",
    "status.max_updates": "angehalten nach {k} Updates (Grenze des Labors), nicht konvergiert",
    "status.no_run": "Noch kein Lauf: die Daten brauchen Punkte beider Klassen (oder Online, "
    "beim Zeichnen).",
    # ------------------------------------------------------------ a visit's verdict
    "verdict.ok": "**Kein Fehler, kein Update**: {test}.",
    "verdict.tie": "**Fehler** (Gleichstand, {score} = 0, zählt als Fehler): **Update**",
    "verdict.tie_hardlim_one": "**Fehler** (Gleichstand, n = 0: bei Hagan gäbe "
    "hardlim(0) = 1 = t den Fehler e = 0, aber das Labor zählt wie die Skripte einen "
    "Gleichstand als Fehler und korrigiert mit e = 2t − 1 = 1): **Update**",
    "verdict.tie_hardlim_zero": "**Fehler** (Gleichstand, n = 0: hardlim(0) = 1 ≠ t = 0, "
    "e = −1): **Update**",
    "verdict.mistake": "**Fehler**: {test}, also **Update** von {what}",
    "verdict.and": "{w} und {b}",
    "verdict.eta": "Mit η = {eta} addiert das Labor η e p = {eta} · ({e}) · p und "
    "η e = {step} (Hagans Regel hat η = 1: e p und e).",
    "latex.tie_lab": "das Labor: Gleichstand ist ein Fehler, also",
    # ------------------------------------------------------------- lines of numbers
    "margin.none": "{w} = 0: noch keine Grenze, also kein Rand",
    "margin.wrong": "{w} klassifiziert {wrong} von {n} Punkten falsch: noch kein Rand (kein Band)",
    "margin.own": "Rand von {w} im Bild, min {signed}/{norm}: {value} (das Band)",
    "margin.max": "größter Rand im Bild: {value}",
    "margin.gamma": "γ* = {value} (erweitert, Bias in der Norm)",
    "margin.largest": "Der größte, γ* = {value} (erweitert, Bias in der Norm).",
    # -------------------------------------------------------------------- charts
    "chart.margin_of": "Rand von {w}",
    "chart.misclassified": "falsch klassifiziert",
    "chart.visited": "besucht",
    "chart.boundary": "Grenze",
    "chart.predicted": "vorhergesagt {label}",
    "chart.previous": "vorherige Grenze",
    "chart.closest": "nächstgelegener Punkt",
    "chart.ustar": "u* (größter Rand)",
    "chart.ustar_band": "u*-Band (γ*)",
    "chart.on_ustar": "konvergiert auf der Linie<br>mit größtem Rand u* (gestrichelt)",
    "chart.not_on_ustar": "konvergiert, aber nicht auf<br>der Linie mit größtem Rand u*<br>"
    "(gestrichelt). Ränder in (1, x):<br>{w} {own} < γ* {gamma} (u*)",
    "chart.from_centre": "von der Mitte aus: Ursprung außerhalb",
    "chart.shifted": "verschoben",
    # ---------------------------------------------------------------- the bounds
    "bound.batch": "keine Fehlerschranke für Batch-Schritte: Satz 1 zählt einzelne Updates, "
    "ein Batch-Schritt summiert die Fehler einer Epoche",
    "bound.kernel": "Satz 1 gilt im Merkmalsraum des Kernels, dessen Rand hier nicht berechnet "
    "wird",
    "bound.none": "keine Schranke: Urteil und γ* werden für diese Daten nicht berechnet",
    "bound.t1": "Satz 1: trennbar, ab {zero}",
    "bound.start": "Beweis aus 004 ab diesem zufälligen Start; Satz 1 braucht {zero}",
    "bound.too_large": "nicht trennbar: Satz 2 ist hier zu groß für eine Live-Berechnung "
    "(über 20,000 Punkte)",
    "bound.epochs": ("E = {n} Epoche", "E = {n} Epochen"),
    "bound.t2": "Satz 2 nach {epochs}: nicht trennbar, ab {zero}",
    "bound.t2_start": "Beweis von Satz 2 ab diesem zufälligen Start, nach {epochs}: nicht trennbar",
    # ------------------------------------------------------ the scores' view (d > 2)
    "score.caption": "{d} Dimensionen. → der Score {score} jedes Punkts, die Grenze bei 0 "
    "(rechts {pos}, links {neg}); ↑ v·x, v die Richtung größter Streuung ⊥ zum letzten {w}. "
    "× ein Fehler.",
    "score.sample": "Gezeichnet: {drawn} von {n} Punkten, zufällig gewählt (Seed {seed}); "
    "Lauf, Urteil und Zahlen nutzen alle.",
    "score.zero": "{w} = 0 und {b} = 0: jeder Score ist 0, noch keine Grenze, also kein Rand.",
    "score.margin": "{w} trennt die Daten: sein Rand im erweiterten Raum, min {signed}, ist "
    "{value} (das Band um Score 0).",
    "score.boundary": "Grenze (Score 0)",
    "score.before_update": "vor dem Update",
    "score.terms": ("Term", "Terme"),  # after their count {n}
    "score.axis": "Score {score}",
    "score.last": "letztes {w}",
    # ------------------------------------------------------- the theorems (numbers)
    "thm.separable_head": "**Trennbar.**",
    "thm.not_separable_head": "**Nicht trennbar.**",
    "thm.no_bound": "Hier keine Fehlerschranke: {why}. Die Schranke der Einzelschritt-Regel "
    "steht bei der klassischen Variante und auf der Batch-Seite.",
    "thm.separable": "**Trennbar.** R = {R}, γ\\* = {gamma} (erweitert, Bias in der Norm).",
    "thm.one": "**Satz 1** (001): trennbare Daten, ab {zero}, jedes η.",
    "thm.start": "**Beweis aus 004 ab diesem zufälligen Start.** Satz 1 ist ab {zero} formuliert "
    "und gilt nicht ab einem anderen Start; ab {w}(1) fällt ‖{w}/η − α u\\*‖² um mindestens R² pro "
    "Fehler (α = R²/γ\\*).",
    "thm.quantities": "Die zwei Größen des Beweises ({w} mit dem Bias als erstem Eintrag):",
    "thm.quantities_a": "Die zwei Größen des Beweises ({w} = (a₀, a₁, …), der Bias a₀ zuerst):",
    "thm.two_start": "Satz 2 ist ab {zero} formuliert und gilt so nicht ab einem anderen "
    "Start; sein Beweis ab diesem zufälligen Start, beim selben {w}\\*, ergibt:",
    "thm.not_separable": "**Nicht linear trennbar.** Keine Gerade legt jeden Punkt auf seine "
    "Seite, also hat das Perzeptron nie einen fehlerfreien Durchlauf: es konvergiert auf diesen "
    "Daten nie und hält erst bei max. Epochen. Satz 1 ist hier nicht anwendbar. {bound} Das "
    "Pocket- und das gemittelte Perzeptron (das Feld Variante; die Seite Varianten) geben hier "
    "eine brauchbare Antwort.",
    "thm.not_separable_zero": "Dieser Lauf beginnt bei {zero}, also beschränkt Satz 2 "
    "stattdessen seine Fehler.",
    "thm.not_separable_random": "Dieser Lauf beginnt bei einem zufälligen {w}(1), nicht bei "
    "{zero}: Satz 2 gilt so formuliert nicht für ihn; der Beweis von Satz 2 ab diesem "
    "zufälligen Start beschränkt stattdessen seine Fehler.",
    "thm.hinge_too_large": "Satz 2 nach E = {e} Epochen: zu groß für eine Live-Berechnung "
    "(> 20,000 Punkte).",
    "thm.hinge": (
        "Satz 2 nach E = {n} Epoche, ab {w} = 0 mit jedem η (001): M ≤ min über {w}* von "
        "R²‖{w}*‖² + 2E·L_hinge({w}*). Beim minimierenden {w}* = {star} (Bias zuerst, im "
        "erweiterten Raum): ‖{w}*‖² = {norm}, L_hinge({w}*) = {loss}.",
        "Satz 2 nach E = {n} Epochen, ab {w} = 0 mit jedem η (001): M ≤ min über {w}* von "
        "R²‖{w}*‖² + 2E·L_hinge({w}*). Beim minimierenden {w}* = {star} (Bias zuerst, im "
        "erweiterten Raum): ‖{w}*‖² = {norm}, L_hinge({w}*) = {loss}.",
    ),
    "thm.hinge_random": "Dieser Lauf beginnt bei einem zufälligen {w}(1): ihn beschränkt der "
    "Beweis von Satz 2 ab diesem Start, beim selben {w}*.",
    "thm.hinge_gap": "Nicht als minimal bewiesen: das wahre Minimum ist mindestens {lower} "
    "(höchstens {gap} darunter); die Schranke gilt so oder so.",
    "thm.margins_note": "Der Wert {nominal} des Reglers Rand γ ist der Abstand der nächstgelegenen "
    "Punkte zur Geraden des Generators im Bild (der größte Rand im Bild, {picture}, ist "
    "mindestens so groß); die Schranke nutzt γ* = {gamma}, den größten Rand eines Trenners im "
    "erweiterten Raum (1, x), in dem der Bias in der Norm zählt: höchstens der größte Rand im "
    "Bild, und gleich, wenn die Mittellinie des breitesten Bands durch den Ursprung geht.",
    # ----------------------------------------------------------------- the variants
    "variant.classic": "klassisch",
    "variant.averaged": "gemittelt",
    "variant.voted": "abgestimmt",
    "variant.pocket": "Pocket",
    "variant.kernel": "Kernel",
    "variant.batch": "Batch",
    "variant.too_costly": "**{name}**: {k} Gewichtsvektoren gegen {n} Punkte sind zu viel, um "
    "sie hier live zu zeichnen; weniger Punkte oder Epochen bringen es zurück (die Seite "
    "Varianten zeigt es bis 2,000 Punkte).",
    "variant.vote": "eine Abstimmung der bisher {k} Gewichtsvektoren, jeder nach seiner "
    "Überlebensdauer gezählt",
    "variant.dashed": "(gestrichelt)",
    "variant.not_drawn": "(nicht gezeichnet: das Diagramm zeigt die Scores des Laufs)",
    "variant.line": "**{name}** {drawn}: {rule} · {wrong} von {n} Trainingspunkten jetzt damit "
    "falsch. Der Lauf selbst ist der des klassischen Perzeptrons.",
    "kernel.linear_same": "Mit dem linearen Kernel a·b + 1 macht der duale Lauf genau die "
    "Fehler des klassischen Perzeptrons: {w} = Σ α_i y_i x_i, {b} = Σ α_i y_i.",
}
