"""The lab's words in German (``ui.words``): the data picker, the run's settings, downloads, a
moment as a link, the epochs chart."""

WORDS: dict[str, str | tuple[str, str]] = {
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
    "data.suggest_standardise": "Die Streuungen der {d} Spalten unterscheiden sich um das "
    "{ratio}-fache ({big} die breiteste, {small} die schmalste): die breiteste bestimmt R, "
    "jeder Punkt liegt in einem dünnen Band, und das Bild sagt wenig. Standardisieren ({prep}: "
    "{choice}) gibt jeder Spalte die Streuung 1: R {R0} → {R1}, γ\\* {g0} → {g1}, Schranke "
    "R²/γ\\*² {b0} → {b1}.",
    "data.bound": "Schranke",
    "data.still": "Weiter die vorigen Daten: {source}.",
    "prep.short.none": "keine",
    "prep.short.centre": "zentriert",
    "prep.short.standardise": "standardis.",
    "prep.short.minmax": "Min-Max",
    "prep.none": "Nicht skaliert",
    "prep.centre": "Zentriert",
    "prep.standardise": "Standardisiert",
    "prep.minmax": "Min-max-skaliert",
    "gen.separable": "Linear trennbare Punkte, deren nächstgelegene Punkte genau gamma von der "
    "wahren Geraden entfernt liegen: verkleinern Sie den Rand und sehen Sie die "
    "Fehlerschranke R^2/gamma^2 wachsen.",
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
    "gen.outlier_far": "Zwei Haufen, die eine Gerade mit breitem Rand trennt, und drei Punkte "
    "weit draußen auf ihrer eigenen Seite: das Perzeptron konvergiert, die kleinsten Quadrate "
    "(004) kippen zu ihnen hin und lassen Trainingsfehler.",
    "gen.iris_setosa_versicolor": "Echte Messungen (Länge und Breite der Blütenblätter): setosa "
    "(-1) und versicolor (+1) sind linear trennbar.",
    "gen.iris_versicolor_virginica": "Echte Messungen (Länge und Breite der Blütenblätter): "
    "versicolor (-1) und virginica (+1) überlappen, also trennt sie keine Gerade.",
    "gen.manual": "Beginnen Sie mit einer leeren Ebene und setzen Sie jeden Punkt selbst.",
    "param.noise": "Label-Rauschen",
    "param_help.noise": "Anteil der zufällig umgedrehten Labels (genau round(noise * n) davon), "
    "bei jedem Datensatz.",
    "param.separable.margin": "Rand gamma",
    "param_help.separable.margin": "Abstand vom wahren Trenner zu den nächstgelegenen Punkten (der "
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
}
