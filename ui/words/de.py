"""Die Wörter des Labors auf Deutsch, nach Nachrichten-Id (``ui.words``; Englisch: ``en``)."""

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
    "a = (a₀, a₁, …) = (b, w); jede Probe wird zu y = (1, x) in Klasse ω₁ (die +1 des "
    "Labors) und y = −(1, x) in Klasse ω₂ (die −1 des Labors), also braucht jede Probe "
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
    "status.start": "Anfang · Update 0 · noch kein Beispiel besucht · {total} Besuche in "
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
    "chart.closest": "nächster Punkt",
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
    "bound.start": "Beweis aus 004 ab diesem Start; Satz 1 braucht {zero}",
    "bound.too_large": "nicht trennbar: Satz 2 ist hier zu groß für eine Live-Berechnung "
    "(über 20,000 Punkte)",
    "bound.epochs": ("E = {n} Epoche", "E = {n} Epochen"),
    "bound.t2": "Satz 2 nach {epochs}: nicht trennbar, ab {zero}",
    "bound.t2_start": "Beweis von Satz 2 ab diesem Start, nach {epochs}: nicht trennbar",
    # ------------------------------------------------------ the scores' view (d > 2)
    "score.caption": "{d} Dimensionen. → der Score {score} jedes Punkts, die Grenze bei 0 "
    "(rechts {pos}, links {neg}); ↑ v·x, v die Richtung größter Streuung ⊥ zum letzten {w}. "
    "× ein Fehler.",
    "score.sample": "Gezeichnet: {drawn} von {n} Punkten, zufällig gewählt (Seed {seed}); "
    "Lauf, Urteil und Zahlen nutzen alle.",
    "score.zero": "{w} = 0 und {b} = 0: jeder Score ist 0, noch keine Grenze, also kein Rand.",
    "score.margin": "{w} trennt die Daten: sein Rand im erweiterten Raum, min {signed}, ist "
    "{value} (das Band um Score 0).",
    "score.axis": "Score {score}",
    "score.last": "letztes {w}",
    # ------------------------------------------------------- the theorems (numbers)
    "thm.separable_head": "**Trennbar.**",
    "thm.not_separable_head": "**Nicht trennbar.**",
    "thm.no_bound": "Hier keine Fehlerschranke: {why}. Die Schranke der Einzelschritt-Regel "
    "steht bei der klassischen Variante und auf der Batch-Seite.",
    "thm.separable": "**Trennbar.** R = {R}, γ\\* = {gamma} (erweitert, Bias in der Norm).",
    "thm.one": "**Satz 1** (001): trennbare Daten, ab {zero}, jedes η.",
    "thm.start": "**Beweis aus 004 ab diesem Start.** Satz 1 gilt ab {zero} und nicht ab "
    "einem anderen Start; ab {w}(1) fällt ‖{w}/η − α u\\*‖² um mindestens R² pro Fehler "
    "(α = R²/γ\\*).",
    "thm.quantities": "Die zwei Größen des Beweises ({w} mit dem Bias als erstem Eintrag):",
    "thm.quantities_a": "Die zwei Größen des Beweises ({w} = (a₀, a₁, …), der Bias a₀ zuerst):",
    "thm.two_start": "Satz 2 gilt ab {zero} und nicht wie formuliert ab einem anderen Start; "
    "sein Beweis ab diesem Start, beim selben {w}\\*, ergibt:",
    "thm.not_separable": "**Nicht linear trennbar.** Keine Gerade legt jeden Punkt auf seine "
    "Seite, also hat das Perzeptron nie einen fehlerfreien Durchlauf: es konvergiert auf diesen "
    "Daten nie und hält erst bei max. Epochen. Die Schranke von Satz 1 gilt nicht; Satz 2 (ab "
    "einem zufälligen Start: sein Beweis) beschränkt stattdessen die Fehler. Das Pocket- und "
    "das gemittelte Perzeptron (das Feld Variante; die Seite Varianten) geben hier eine "
    "brauchbare Antwort.",
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
    "thm.hinge_gap": "Nicht als minimal bewiesen: das wahre Minimum ist mindestens {lower} "
    "(höchstens {gap} darunter); die Schranke gilt so oder so.",
    "thm.margins_note": "Der Wert {nominal} des Reglers Rand γ ist der Abstand der nächsten "
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
    # ------------------------------------------------------------- the data picker
    "data.source": "Daten",
    "data.generator": "Generator",
    "data.dataset": "Datensatz",
    "data.points_n": "Punkte n",
    "data.n_range": "n muss für {name} zwischen {low} und {high} liegen",
    "data.seed": "Seed",
    "data.new": "Neue Daten",
    "data.new_help": "Seed + 1",
    "data.prep": "Vorverarbeitung",
    "data.prep_help": "Zentrieren schiebt die Wolke in den Ursprung (kleineres R, oft eine viel "
    "kleinere Schranke); Standardisieren gleicht auch die Streuungen an; Min-max bildet jedes "
    "Merkmal auf [0, 1] ab.",
    "data.prep_caption": "R = max ‖(1, x)‖, γ* der größte Rand (erweitert), Schranke = R²/γ*²; "
    "∞: nicht trennbar.",
    "data.bound": "Schranke",
    "data.still": "Weiter die vorigen Daten: {source}.",
    "prep.none": "Nicht skaliert",
    "prep.centre": "Zentriert",
    "prep.standardise": "Standardisiert",
    "prep.minmax": "Min-max-skaliert",
    "gen.separable": "Linear trennbare Punkte, deren nächste Punkte genau gamma von der wahren "
    "Geraden liegen: verkleinern Sie den Rand und sehen Sie die Fehlerschranke R^2/gamma^2 "
    "wachsen.",
    "gen.xor": "Vier Haufen in XOR-Anordnung: keine Gerade trennt sie, also konvergiert das "
    "Perzeptron nie (das Kernel-Perzeptron schon).",
    "gen.circles": "Ein Ring um eine Scheibe: nicht linear trennbar, trennbar mit einem Kernel "
    "vom Grad 2.",
    "gen.moons": "Zwei ineinandergreifende Halbkreise: eine gekrümmte Grenze für das "
    "Kernel-Perzeptron.",
    "gen.blobs": "Zwei Gaußwolken, die sich mit dem Regler stärker überlappen: nicht trennbare "
    "Daten, für den Pocket-Algorithmus und Satz 2.",
    "gen.notes_rule_004": "Die 100 Zufallspunkte des Notebooks im Einheitsquadrat, beschriftet "
    "von einer bekannten Geraden; trennbar, mit kleinem Rand.",
    "gen.notes_002_example1": "Positive (1,1), (2,2), negative (1,2), (2,1): der Text sagt, es "
    "konvergiere in einem Durchlauf, aber es ist eine XOR-Anordnung und tut es nie (siehe "
    "ERRATA.md).",
    "gen.notes_002_example2": "Positive (0,0), (1,1), negative (0,1), (1,0): XOR, die klassischen "
    "Daten, die keine Gerade trennt.",
    "gen.ordering_85": "Das Reihenfolge-Experiment aus 002 Abschnitt 6.1: dieselben 85 Punkte, "
    "und jede zufällige Besuchsreihenfolge konvergiert nach einer anderen Zahl von Epochen.",
    "gen.iris_setosa_versicolor": "Echte Messungen (Länge und Breite der Blütenblätter): setosa "
    "(-1) und versicolor (+1) sind linear trennbar.",
    "gen.iris_versicolor_virginica": "Echte Messungen (Länge und Breite der Blütenblätter): "
    "versicolor (-1) und virginica (+1) überlappen, also trennt sie keine Gerade.",
    "gen.manual": "Beginnen Sie mit einer leeren Ebene und setzen Sie jeden Punkt selbst.",
    "param.noise": "Label-Rauschen",
    "param_help.noise": "Anteil der zufällig umgedrehten Labels (genau round(noise * n) davon), "
    "bei jedem Datensatz.",
    "param.separable.margin": "Rand gamma",
    "param_help.separable.margin": "Abstand vom wahren Trenner zu den nächsten Punkten (der "
    "größte Rand).",
    "param.separable.angle": "Winkel des Trenners (Grad)",
    "param_help.separable.angle": "Richtung der wahren Trenngeraden; die Klasse +1 liegt links "
    "davon (None: aus dem Seed gezogen).",
    "param.separable.offset": "Abstand vom Ursprung",
    "param_help.separable.offset": "Schiebt die ganze Wolke und ihren Trenner so weit vom "
    "Ursprung weg: gleicher Rand, größeres R.",
    "param.separable.balance": "Anteil von +1",
    "param_help.separable.balance": "Anteil der Punkte in der Klasse +1.",
    "param.separable.spread": "Halbe Kastenbreite",
    "param_help.separable.spread": "Halbe Breite des Quadrats, aus dem die Punkte gezogen werden.",
    "param.xor.spread": "Streuung der Haufen",
    "param_help.xor.spread": "Standardabweichung jedes Haufens.",
    "param.circles.factor": "Innerer Radius",
    "param_help.circles.factor": "Radius des inneren Kreises relativ zum äußeren.",
    "param.circles.jitter": "Zittern",
    "param_help.circles.jitter": "Standardabweichung des Rauschens auf jeder Koordinate.",
    "param.moons.jitter": "Zittern",
    "param_help.moons.jitter": "Standardabweichung des Rauschens auf jeder Koordinate.",
    "param.blobs.overlap": "Überlappung",
    "param_help.blobs.overlap": "0 setzt die Zentren 6 Standardabweichungen auseinander, 1 "
    "aufeinander.",
    # ------------------------------------------------------------- the run's settings
    "run.online": "Online: ein Durchlauf, jedes Beispiel erst vorhergesagt, dann gelernt",
    "run.online_help": "Das Fehlerschranken-Szenario der Skripte (001) auf beliebigen Daten: die "
    "Beispiele kommen je einmal, in der Reihenfolge der Daten, ab {zero}. Bei gezeichneten "
    "Punkten ist ein neuer Punkt die nächste Ankunft.",
    "run.online_caption": "Online: die Statuszeile nennt Vorhersage und Label jeder Ankunft. Das "
    "Spiel, bei dem die Vorhersage vor dem Label erscheint, ist die Seite Online.",
    "run.eta": "Lernrate η",
    "run.start": "Start",
    "run.start_help": "zero: {zero} wie in den Skripten; random: jedes Gewicht N(0, 1) aus "
    "einem Seed gezogen.",
    "run.start_seed": "Start-Seed",
    "run.order": "Reihenfolge",
    "run.order_help": "fixed: jede Epoche in der Reihenfolge der Daten; shuffled: jede Epoche "
    "eine neue Permutation.",
    "run.order_seed": "Reihenfolge-Seed",
    "run.max_epochs": "Max. Epochen",
    "run.variant": "Variante",
    "run.variant_help": "classic: das Perzeptron der Skripte. averaged, voted, pocket: derselbe "
    "Lauf, aber die Vorhersage mit dem Mittel aller Gewichte, einer Abstimmung aller "
    "Gewichtsvektoren, gewichtet nach ihrer Überlebensdauer, oder den Gewichten mit den "
    "bisher wenigsten Trainingsfehlern. kernel: die duale Form, die alpha_i erhöht. batch: "
    "Gradientenabstieg auf J_p, ein Schritt pro Epoche.",
    "run.kernel": "Kernel",
    "run.kernel_help": "linear: a·b + 1 (genau das Perzeptron der Spielwiese); polynomial: "
    "(1 + a·b)^d; RBF: exp(-‖a − b‖² / (2 width²)).",
    "run.degree": "Grad d",
    "run.width": "Breite",
    "style.presenter": "Präsentationsmodus",
    "style.link_problem": "Der Link konnte nicht vollständig gelesen werden: {problem}.",
    # -------------------------------------------------------------------- downloads
    "dl.heading": "**Herunterladen**",
    "dl.dataset": "Datensatz (CSV)",
    "dl.run": "Lauf (CSV, eine Zeile pro Besuch)",
    "dl.animation": "Animation (HTML, läuft offline)",
    "dl.cut": " (die ersten {n})",
    "dl.run_caption": "Die CSV-Datei des Laufs hat eine Zeile pro Besuch{cut}: step, epoch, "
    "position, index (Zeile des Datensatzes), das Beispiel, y, die Aktivierung vor dem Besuch, "
    "mistake und w, b danach (die Spaltennamen bleiben englisch).",
    "dl.no_animation": "Hier keine Animationsdatei: sie zeichnet jeden Punkt in zwei Merkmalen "
    "(diese Daten haben {d} Merkmale und {n} Punkte).",
    "dl.points": ("{n} Punkt", "{n} Punkte"),
    "dl.data": "Daten: {source} · {points} · {prep}",
    # ------------------------------------------------------- a moment as a link
    "moment.link": "Link zu diesem Moment",
    "moment.opens": "Öffnet diese Seite im Präsentationsmodus mit denselben Daten, Einstellungen "
    "und demselben Schritt (der Kopierknopf ist oben rechts am Code).",
    "moment.embed": "Zum Einbetten in eine Kursseite (Moodle, Canvas) oder eine Folie: nur das "
    "Diagramm und seine Schrittknöpfe, so groß wie der Rahmen; seine Tasten schalten weiter, "
    "sobald man hineinklickt.",
    "moment.upload": "Die hochgeladene Datei ist nicht im Link: wer ihn öffnet, lädt dieselbe "
    "Datei hoch, dann öffnet die Seite bei diesem Schritt.",
    "moment.title": "Titel der Szene",
    "moment.title_value": "{page} bei Schritt {t}",
    "moment.add": "Zur Vorlesung hinzufügen",
    "moment.yours": "Ihre Szenen: {n} (auf der Seite Vorlesung).",
    "class.start": "Klasse starten",
    "class.start_help": "Die Studierenden folgen diesem Bildschirm auf ihren Handys: sie öffnen "
    "den Beitrittslink.",
    # ---------------------------------------------------------------- the epochs chart
    "epochs.training_errors": "Trainingsfehler",
    "epochs.jp": "J_p (Perzeptron-Kriterium)",
    "epochs.mistakes": "Fehler während der Epoche",
    "epochs.epoch": "Epoche",
    "epochs.errors": "Fehler",
    # ------------------------------------------------------------------ the Playground
    "pg.intro": "Erzeugen, wählen oder zeichnen Sie zwei Klassen von Punkten und gehen Sie dann "
    "das Perzeptron Schritt für Schritt durch: jeder Fehler verschiebt {w} um {step}. Die Zahlen "
    "rechts sind die Sätze der Skripte.",
    "pg.heading": "Algorithmus",
    "pg.epochs": "**Trainingsfehler und J_p am Ende jeder Epoche**",
    "pg.animation": "Den ganzen Lauf als Animation zeigen (läuft im Browser)",
    "keyname.step": "Schritt",
    "keyname.visit": "Besuch",
    "keyname.back": "Zurück",
    "keyname.epoch": "Epoche",
    "keyname.end": "bis zum Ende",
    "keyname.reset": "Neustart",
    "keyname.play": "Abspielen",
    "line.classic": "klassisch: {w} nach t Besuchen",
    "line.averaged": "gemittelt: (1/t) Σ {w}_s, s = 1..t",
    "line.voted": "abgestimmt: Σ c_k sign({w}_k·x + {b}_k)",
    "line.pocket": "Pocket: wenigste Trainingsfehler",
    "kernel.every": "jedes",
    "kernel.no_mistake": "kein Fehler,",
    "kernel.unchanged": "unverändert",
    "kernel.mistake": "Fehler",
    "kernel.tie": "(Gleichstand bei 0 zählt als Fehler)",
    "kernel.linear": "Linearer Kernel, {formula}: das gewöhnliche Perzeptron mit Bias, in der "
    "dualen Form geschrieben. Es macht genau die Fehler der Spielwiese, die Grenze ist also "
    "eine Gerade.",
    "kernel.poly": "Polynomkernel vom Grad {d}, {formula}: ein Perzeptron auf jedem Produkt von "
    "bis zu {d} Merkmalen, die Grenze ist also eine Kurve vom Grad {d} (eine Ellipse, "
    "Hyperbel oder ein Geradenpaar bei Grad 2).",
    "kernel.rbf": "RBF-Kernel (Gauß), {formula}: jeder Fehler fügt um seinen Punkt einen Hügel "
    "der Breite etwa {width} (1/√γ) hinzu; größeres γ, schmalere Hügel, welligere Grenzen.",
    "kernel.summary": (
        "Σα = {n:,} Fehler bisher · {support:,} Beispiel mit α_i > 0 · {wrong} von {total} "
        "Trainingspunkten jetzt falsch klassifiziert · {bound}",
        "Σα = {n:,} Fehler bisher · {support:,} Beispiele mit α_i > 0 · {wrong} von {total} "
        "Trainingspunkten jetzt falsch klassifiziert · {bound}",
    ),
    "batch.sum": ("{n} Fehler", "{n} Fehler"),
    "draw.class": "Klasse des nächsten Punkts",
    "draw.pos": "{label} (blau ●)",
    "draw.neg": "{label} (orange ■)",
    "draw.how": "Klicken Sie auf eine leere Stelle im Diagramm, um einen Punkt zu setzen; auf "
    "einen Punkt, um ihn zu entfernen.",
    "draw.undo": "Rückgängig",
    "draw.clear": "Leeren",
    "draw.by_coordinates": "Einen Punkt über seine Koordinaten hinzufügen",
    "draw.add": "Punkt hinzufügen",
    "draw.too_many": "{n} Punkte: der Link behält die ersten {most} (laden Sie den Datensatz "
    "herunter, um alle zu behalten).",
    "upload.label": "Datendatei",
    "upload.help": "Durch Komma, Semikolon, Tab oder | getrennter Text (mit oder ohne Kopfzeile, "
    "jede gängige Kodierung, Dezimalkommas), jedes Blatt einer Excel-Datei .xlsx oder eine "
    "gzip-CSV (.gz).",
    "upload.two": "Laden Sie eine Tabelle mit zwei Zahlenspalten und einem Label hoch: CSV, TSV "
    "oder TXT, Excel .xlsx oder gzip-CSV (.gz), bis {mb} MB.",
    "upload.wide": "Laden Sie eine Tabelle mit zwei oder mehr Zahlenspalten und einem Label "
    "hoch: CSV, TSV oder TXT, Excel .xlsx oder gzip-CSV (.gz), bis {mb} MB.",
    # ---------------------------------------------------------------- the Kernel page
    "kn.title": "Kernel-Perzeptron",
    "kn.intro": "Die duale Form führt pro Beispiel einen Fehlerzähler α_i und sagt mit dem "
    "Vorzeichen von f(x) = Σ α_i y_i K(x_i, x) vorher: die gefüllte Kontur ist f, ihre "
    "Nullstelle die Grenze und die Größe jedes Punkts sein α_i. Ein Polynom- oder RBF-Kernel "
    "trennt XOR, Kreise und Monde.",
    "kn.epochs": "**Fehler und Trainingsfehler am Ende jeder Epoche**",
    "spoken.start": "Start: {weights}",
    "spoken.start_kernel": "Start: jedes α = 0, also f(x) = 0",
    "spoken.in_run": ("{n:,} Besuch in diesem Lauf", "{n:,} Besuche in diesem Lauf"),
    "spoken.kernel_visit": "jeder Besuch prüft ein Beispiel mit f(x) = Σ α_i y_i K(x_i, x) und "
    "erhöht bei einem Fehler das α dieses Beispiels um eins (das duale Update)",
    "spoken.batch_visit": "jeder Besuch prüft ein Beispiel mit dem {w} der Epoche; die Fehler "
    "der Epoche werden summiert und an ihrem Ende zu {w} addiert (je {step}, das Batch-Update)",
    "spoken.online_visit": "jede Ankunft wird mit dem Vorzeichen von {score} vorhergesagt, dann "
    "wird ihr Label gezeigt; ein Fehler addiert {step} zu {w}",
    "spoken.classic_visit": "jeder Besuch prüft ein Beispiel und addiert bei einem Fehler "
    "{step} zu {w}",
    "spoken.averaged": "; das gemittelte Perzeptron sagt mit dem Mittel aller bisherigen {w} "
    "vorher",
    "spoken.voted": "; das abstimmende Perzeptron sagt durch eine Abstimmung aller bisherigen "
    "{w} vorher",
    "spoken.pocket": "; die Pocket-Variante behält das {w} mit den bisher wenigsten "
    "Trainingsfehlern",
    "spoken.visit": "Besuch {t}: Punkt {x}, Label {label}, {score} = {value}",
    "spoken.arrival": "Ankunft {t}: Punkt {x}, Label {label}, {score} = {value}",
    "spoken.predicted": ", vorhergesagt {p}",
    "spoken.tie": ", ein Gleichstand, also ein Fehler",
    "spoken.mistake": ", ein Fehler",
    "spoken.no_mistake": ", kein Fehler",
    "spoken.becomes": "wird",
    "spoken.stays": "bleibt",
    "spoken.alpha_becomes": "α von Beispiel {i} wird {a}",
    "spoken.alpha_stays": "α von Beispiel {i} bleibt {a}",
    "spoken.counted": "für das Update der Epoche gezählt; {weights} bis zu ihrem Ende",
    "spoken.summed": (
        "der {n:,} Fehler der Epoche summiert: {weights}",
        "die {n:,} Fehler der Epoche summiert: {weights}",
    ),
    "spoken.epoch_end": ("Ende von Epoche {e}: {n:,} Fehler", "Ende von Epoche {e}: {n:,} Fehler"),
    "spoken.run_ends": "der Lauf endet, {reason}",
    "theme.label": "Farbschema",
    "theme.auto": "Automatisch",
    "theme.light": "Hell",
    "theme.dark": "Dunkel",
    "theme.help": "Dunkel für einen dunklen Hörsaal (einen Projektor): die Seite und jedes "
    "Diagramm. Automatisch folgt Streamlits Einstellungsmenü und dem Browser. Links tragen es "
    "mit (theme=).",
    "theme.bad_link": "Der Link konnte nicht vollständig gelesen werden: theme={raw} ist keins "
    "von auto, light, dark; die Voreinstellung gilt.",
}
