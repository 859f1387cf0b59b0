"""The lab's words in German (``ui.words``): the Lecture page, its scenes, the scene bar and
the lecturer's own scenes (the symbols as in ``ui/words/en/lecture.py``)."""

WORDS: dict[str, str | tuple[str, str]] = {
    # ------------------------------------------------------------- the Lecture page
    "lecture.intro": "Der Kurs, eine Idee pro Szene. Mit Bild-ab und Bild-auf eines "
    "Presenters geht es durch die Liste, Öffnen zeigt die Szene; auf ihrer Seite geht es mit "
    "Nächste Szene und Vorige Szene weiter (oder mit Bild-ab am Ende des Laufs). Eigene Szenen "
    "fügen Sie auf jeder Seite hinzu: „Link zu diesem Moment“, dann „Zur Vorlesung "
    "hinzufügen“.",
    "lecture.previous": "Zurück",
    "lecture.next": "Weiter",
    "lecture.scene_of": "Szene **{i}** von {n}",
    "lecture.notes_opens": "Skripte: {notes} · öffnet /{path}",
    "lecture.open_this": "Diese Szene öffnen",
    "lecture.all": "Alle Szenen",
    "lecture.open": "Öffnen",
    "lecture.yours": "Ihre Szenen",
    "lecture.none_yet": "Noch keine: gehen Sie auf einer beliebigen Seite zum gewünschten "
    "Moment, öffnen Sie „Link zu diesem Moment“ unter dem Diagramm und drücken Sie „Zur "
    "Vorlesung hinzufügen“. Laden Sie sie als Vorlesungsdatei herunter oder speichern Sie sie "
    "für einen Link auf dem Kursserver, um sie auf einem anderen Rechner zu öffnen.",
    "lecture.remove": "Entfernen",
    # --------------------------------------------------------------- the scene bar
    "lecture.bar": "**Szene {i} von {n}:** {title}",
    "lecture.bar_previous": "◀ Vorige",
    "lecture.bar_next": "Nächste Szene ▶",
    "lecture.bar_all": "Alle Szenen",
    "lecture.opening": "Die Szene wird geöffnet…",
    # ------------------------------------------------------ the lecturer's own scenes
    "lecture.download": "Ihre Vorlesung herunterladen",
    "lecture.save": "Auf dem Kursserver speichern",
    "lecture.save_help": "Ein Link, den nur Sie haben, öffnet diese Szenen in jedem Browser "
    "(auf einem anderen Rechner).",
    "lecture.saved_link": "Der Link Ihrer Vorlesung (wer ihn hat, kann die Szenen öffnen):",
    "lecture.file": "Eine Vorlesungsdatei öffnen",
    "lecture.file_help": "Eine hier heruntergeladene Datei: ihre Szenen ersetzen die obigen.",
    "lecture.opened": ("{where}: {n} Szene geöffnet.", "{where}: {n} Szenen geöffnet."),
    "lecture.too_big": "{name}: eine Vorlesungsdatei hat höchstens {most} KB.",
    "lecture.not_saved": "Die Vorlesung konnte jetzt nicht auf dem Server gespeichert werden: "
    "laden Sie sie stattdessen herunter.",
    "lecture.link_bad": "Der Link der Vorlesung: {reason}",
    "lecture.link_unreadable": "Die gespeicherte Vorlesung kann gerade nicht gelesen werden: "
    "versuchen Sie es gleich noch einmal.",
    "lecture.the_saved": "Die gespeicherte Vorlesung",
    "lecture.bad.too_big": "Eine Vorlesungsdatei hat höchstens {kb} KB; diese ist größer.",
    "lecture.bad.not_json": "Das ist keine Vorlesungsdatei (kein JSON in UTF-8).",
    "lecture.bad.not_lab": "Das ist keine Vorlesungsdatei des Perceptron Lab.",
    "lecture.bad.version": "Diese Vorlesungsdatei hat die Version {version}, nicht {current}.",
    "lecture.bad.no_scenes": "Die Vorlesungsdatei hat keine Szenen.",
    "lecture.bad.too_many": "Eine Vorlesung hat höchstens {most} Szenen; diese Datei hat {n}.",
    "lecture.bad.not_scene": "Szene {i} ist keine Szene.",
    "lecture.bad.title": "Der Titel von Szene {i} ist ein Text von 1 bis {most} Zeichen.",
    "lecture.bad.no_page": "Szene {i} öffnet keine Seite des Labors.",
    "lecture.bad.link": "Der Link von Szene {i} ist keine Menge von Namen und Werten.",
    "lecture.bad.link_long": "Der Link von Szene {i} ist länger als {most} Zeichen.",
    "lecture.bad.question": "Die Frage von Szene {i} ist kein Text mit Antworten "
    "und der richtigen.",
    "lecture.bad.prompt": "Die Frage von Szene {i} ist Text von 1 bis {most} Zeichen.",
    "lecture.bad.prompt_markup": "Die Frage von Szene {i} enthält HTML, einen Link oder ein Bild.",
    "lecture.bad.choices": "Die Frage von Szene {i} hat {low} bis {high} Antworten.",
    "lecture.bad.choice": "Antwort {j} von Szene {i} ist Text von 1 bis {most} Zeichen.",
    "lecture.bad.choice_markup": "Antwort {j} von Szene {i} enthält HTML, einen Link "
    "oder ein Bild.",
    "lecture.bad.right": "Die richtige Antwort von Szene {i} ist eine ganze Zahl von 0 bis {high}.",
    "lecture.bad.class_prompt": "Für die Klasse hat eine Frage höchstens {most} Zeichen.",
    "lecture.bad.class_choice": "Für die Klasse hat Antwort {j} höchstens {most} Zeichen.",
    "lecture.bad.session_cap": "Diese Browsersitzung hat {most} Vorlesungen auf dem Server "
    "gespeichert, mehr behält der Server von einer Sitzung nicht: laden Sie diese stattdessen "
    "herunter.",
    "lecture.bad.address_cap": "Aus diesem Netz wurden heute {most} Vorlesungen gespeichert, mehr "
    "behält der Server von einem Netz nicht: laden Sie diese stattdessen herunter.",
    "lecture.bad.save_big": "Eine Vorlesung hat höchstens {kb} KB.",
    "lecture.bad.not_link": "Das ist kein Link zu einer gespeicherten Vorlesung.",
    "lecture.bad.no_such": "Keine gespeicherte Vorlesung hat diesen Link (vielleicht wurde sie "
    "gelöscht).",
    # ------------------------------------------------------------------ the scenes
    "lecture.shown_at_end": "Sie öffnet am Ende des Laufs: die Idee ist beim Öffnen zu sehen.",
    "lecture.sum.title": "Ein Update ist eine Vektorsumme",
    "lecture.sum.idea": "Besuch 3 von Beispiel 1 aus 002: (1, 2) ist ein Fehler, und {w}_neu = "
    "{w}_alt + {step} wird als aneinandergehängte Pfeile gezeichnet; die Grenze dreht sich, "
    "bis der Punkt auf seiner Seite liegt.",
    "lecture.sum.notes": "003 (das geometrische Bild), 000",
    "lecture.sum.until": "Besuch 5: (1, 1) ist wieder ein Fehler, und die Summe wird noch "
    "einmal gezeichnet, mit dem anderen Vorzeichen ({plus}): zwei Updates zeigen die Regel.",
    "lecture.corrected.title": "Beispiel 1 aus 002, berichtigt",
    "lecture.corrected.idea": "Die Skripte nennen (1, 2) richtig klassifiziert und hören nach "
    "einem Durchlauf auf. Es ist ein Fehler ({signed} = -4): die erste Epoche endet ohne "
    "fehlerfreien Durchlauf (ERRATA).",
    "lecture.corrected.notes": "002 Abschnitt 10.1, ERRATA",
    "lecture.corrected.until": "Epoche 2 macht ihre Fehler wieder (Besuche 5 und 7): kein "
    "fehlerfreier Durchlauf kommt.",
    "lecture.tie.title": "Ein Gleichstand bei null ist ein Fehler",
    "lecture.tie.idea": "XOR, Besuch 4: {score} = 0 genau bei (1, 0). Die Regel korrigiert bei "
    "≤ 0, also ist der Gleichstand ein Fehler (der Text der Skripte sagt etwas anderes: "
    "ERRATA).",
    "lecture.tie.notes": "000 (ein Gleichstand ist ein Fehler), 002 Abschnitt 10.2, ERRATA",
    "lecture.tie.until": "Sie öffnet beim Gleichstand (Besuch 4) und seinem Update: mehr gibt "
    "es nicht zu zeigen.",
    "lecture.xor.title": "XOR konvergiert nie",
    "lecture.xor.idea": "Keine Gerade trennt XOR: der Lauf hält bei seiner Höchstzahl an "
    "Epochen, nie ein fehlerfreier Durchlauf, und Satz 2 beschränkt die Fehler statt Satz 1.",
    "lecture.xor.notes": "002 Abschnitt 10.2, 001 Satz 2",
    "lecture.wide.title": "Ein breiter Rand: wenige Fehler",
    "lecture.wide.idea": "Trennbare Daten mit Rand 0.3: der Lauf konvergiert nach einer "
    "Handvoll Updates, weit unter R²/γ*².",
    "lecture.wide.notes": "001 Satz 1, 002 (der Rand und die Rate 1/γ²)",
    "lecture.thin.title": "Ein schmaler Rand: die Schranke wächst wie 1/γ²",
    "lecture.thin.idea": "Dieselben Daten mit Rand 0.02: viel mehr Updates, und die Schranke "
    "R²/γ*² wächst mit 1/γ*² (die Fehler bleiben darunter).",
    "lecture.thin.notes": "001 Satz 1, 002",
    "lecture.order.title": "Die Reihenfolge zählt: eine gemischte Reihenfolge",
    "lecture.order.idea": "Die 85 trennbaren Punkte der Skripte in jeder Epoche in neuer "
    "zufälliger Reihenfolge: vergleichen Sie die Epochen bis zur Konvergenz mit der festen "
    "Reihenfolge (ändern Sie den Seed der Reihenfolge).",
    "lecture.order.notes": "002 Abschnitt 6.1, 003 (zufällig ist besser)",
    "lecture.noisy.title": "Pocket, gemittelt und abgestimmt auf verrauschten Daten",
    "lecture.noisy.idea": "Verrauschte Daten konvergieren nie: das letzte {w} springt umher, "
    "während Pocket, der Mittelwert und die Abstimmung ruhiger sind. Die Genauigkeit pro Epoche "
    "auf den Validierungsdaten zeigt, wo man früh aufhört.",
    "lecture.noisy.notes": "002 (Pocket), 003 (abgestimmt, gemittelt, frühes Aufhören), 000",
    "lecture.kernel.title": "Das Kernel-Perzeptron trennt XOR",
    "lecture.kernel.idea": "Die duale Form mit K(a, b) = (1 + a·b)²: die Entscheidungsfunktion "
    "biegt sich um die vier Haufen, und der Lauf konvergiert; die Größe jedes Punkts ist "
    "sein α_i.",
    "lecture.kernel.notes": "001 (Kernel-Perzeptron), 002",
    "lecture.proof.title": "Der Beweis, live: die Zange",
    "lecture.proof.idea": "Gehen Sie einen Lauf durch: {w}·u* steigt pro Fehler um mindestens "
    "γ*, während {norm} höchstens auf R·√M wächst; die beiden Kurven treffen sich bei "
    "M = R²/γ*², also können die Fehler nicht darüber hinaus.",
    "lecture.proof.notes": "001 Satz 1 und sein Beweis, 004 (von jedem Start aus)",
    "lecture.orders.title": "Zufällige Reihenfolgen und die schlechteste",
    "lecture.orders.idea": "Die 85 Punkte der Skripte in vielen zufälligen Reihenfolgen: ein "
    "Histogramm der Epochen und Fehler, und eine gegnerische Reihenfolge gegen die Schranke: "
    "sie gilt für jede Reihenfolge; zufällig ist meist besser.",
    "lecture.orders.notes": "002 Abschnitt 6.1, 001 Satz 1",
    "lecture.game.title": "Das Fehlerschranken-Spiel",
    "lecture.game.idea": "Sie sind die Lehrkraft: setzen Sie einen Punkt, das Perzeptron sagt "
    "zuerst vorher, dann lernt es. Drücken Sie Gegner: jeder Punkt, den er spielt, ist ein "
    "Fehler, und trotzdem gilt M ≤ R²/γ².",
    "lecture.game.notes": "001 (das Online-Szenario, Satz 1)",
    "lecture.space.title": "Der erweiterte Raum und der Gewichtsraum",
    "lecture.space.idea": "Die Punkte angehoben auf (1, {x}1, {x}2): {w} ist ein Vektor durch "
    "den Ursprung und die Grenze seine Ebene; im Gewichtsraum läuft der Lauf in den zulässigen "
    "Kegel.",
    "lecture.space.notes": "000 (erweiterter Raum), 004 (der Vorzeichenwechsel), 001 (das "
    "LP des Kegels)",
    "lecture.batch.title": "Batch-Gradientenabstieg auf J_p",
    "lecture.batch.idea": "Ein Schritt pro Epoche auf der Summe der Fehler der Epoche, gegen "
    "die Einzelschritt-Regel auf denselben Daten; und von {w} = 0 aus ändert die Lernrate "
    "keine Vorhersage.",
    "lecture.batch.notes": "004 (J_p, Batch gegen Einzelschritt), 002 Abschnitt 11.3",
    "lecture.least_squares.title": "Kleinste Quadrate und ein ferner Punkt",
    "lecture.least_squares.idea": "Eine Gerade trennt diese Punkte, und das Perzeptron "
    "findet eine; kleinste Quadrate (das andere Kriterium aus 004) bezahlen für drei Punkte "
    "weit draußen auf ihrer eigenen Seite, kippen und lassen Trainingsfehler.",
    "lecture.least_squares.notes": "004 (der nicht trennbare Fall: kleinste Quadrate, andere "
    "Kriterien)",
}
