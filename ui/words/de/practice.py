"""The lab's words in German (``ui.words``): /practice, "Sie sind das Perzeptron".

Symbols (w, b, x, y and the score) are fields filled from the notation; numbers are
written by the caller."""

WORDS: dict[str, str | tuple[str, str]] = {
    "practice.title": "Sie sind das Perzeptron",
    "practice.intro": "Führen Sie den Algorithmus von Hand auf Ihrem eigenen kleinen Datensatz "
    "aus: sagen Sie bei jedem Besuch, ob er ein Fehler ist ({signed} ≤ 0; ein Gleichstand ist "
    "ein Fehler), und geben Sie dann {what} danach an ({rule}). Jede Antwort wird exakt "
    "geprüft; eine abgeschlossene Stufe ergibt einen Abschlusscode für Ihre Dozentin oder Ihren "
    "Dozenten. Ihr Link behält Ihre Aufgabe (ihren Seed).",
    "practice.level": "Stufe",
    "practice.level1": "ein Update ab {w} = 0",
    "practice.level2": "eine ganze Epoche",
    "practice.level3": "eine Epoche mit η ≠ 1 ab einem zufälligen Start",
    "practice.level4": "das gemittelte und das Kernel-Perzeptron",
    "practice.level5": "Satz 1: die Schranke, R und γ*",
    "practice.heading": "**Stufe {level}: {name}** · Aufgabe {seed} · η = {eta}",
    "practice.new": "Neue Aufgabe",
    "practice.new_help": "Ein anderer Datensatz (ein neuer Seed im Link); die Antworten zu "
    "diesem bleiben erhalten.",
    "practice.bad_seed": "der Seed {raw} ist keine ganze Zahl von 0 bis {most}, daher hat diese "
    "Seite einen neuen gewählt",
    "practice.progress": "Frage {k} von {n} · {score} von {done} beantworteten Fragen richtig",
    # ------------------------------------------------------------ the answers
    "practice.right": "Richtig. {working}",
    "practice.wrong": "Nicht ganz: Sie haben {said} geantwortet; die Antwort ist {answer}.",
    "practice.yes": "Ja",
    "practice.no": "Nein",
    "practice.yes_word": "ja",
    "practice.no_word": "nein",
    "practice.approx": "Auf 2 Nachkommastellen (3.14 für π).",
    "practice.exact": "Exakt: ganze Zahlen, Dezimalzahlen oder Brüche (1, −2.5, 1/2).",
    "practice.check": "Prüfen",
    "practice.bad.empty": "Geben Sie eine Zahl ein (zum Beispiel 1, -2.5 oder 1/2).",
    "practice.bad.long": "Eine Antwort ist eine Zahl mit höchstens {most} Zeichen.",
    "practice.bad.zero_below": "Ein Bruch kann nicht 0 unter dem Strich haben.",
    "practice.bad.not_number": "Das ist keine Zahl: schreiben Sie eine ganze Zahl, eine "
    "Dezimalzahl (mit Punkt) oder einen Bruch, etwa 1, -2.5 oder 1/2 (keine Buchstaben, keine "
    "Exponenten).",
    "practice.bad.not_verdict": "Antworten Sie mit ja oder nein.",
    "practice.bad.count": "Geben Sie {n} Zahlen an: {fields}.",
    "practice.typed": "Sie haben {typed} eingegeben.",
    # ------------------------------------------------------------ the questions
    "practice.and": "{a} und {b}",
    "practice.q.mistake": "Besuch {t}: {point}; {weights}. Ist es ein Fehler?",
    "practice.q.weights": "Besuch {t}: {what} danach?",
    "practice.q.averaged": "Besuch {t}: {mean} des gemittelten Perzeptrons (der Mittelwert von "
    "{what} nach jedem der Besuche 1 bis {t}; Brüche wie 2/3 sind in Ordnung)?",
    "practice.q.kernel_mistake": "Besuch {t}: {point}; α = {alpha}. Ist es ein Fehler?",
    "practice.q.alpha": "Besuch {t}: α danach?",
    "practice.q.R": "R = max über die Punkte von ‖(1, {x})‖ (auf 2 Nachkommastellen)?",
    "practice.q.gamma": "γ* = der größte Rand {margin} über Einheitsvektoren u = (u₀, u₁, u₂) "
    "(auf 2 Nachkommastellen)?",
    "practice.q.bound": "Ab {start} mit η = 1 hat das Perzeptron M = {M} Fehler vor seinem "
    "fehlerfreien Durchlauf gemacht. Wird die Schranke von Satz 1 eingehalten (M ≤ R²/γ*²)?",
    "practice.q.floor": "Die Schranke als ganze Zahl von Fehlern: ⌊R²/γ*²⌋ (rechnen Sie mit R "
    "und γ* auf mehr als 2 Nachkommastellen)?",
    "practice.q.eta": "Ab {start}: würde η = {eta} statt 1 ändern, welche Besuche Fehler sind?",
    # ------------------------------------------------------------ the arithmetic
    "practice.v.ok": "{value} > 0: kein Fehler",
    "practice.v.tie": "0: ein Gleichstand, und ein Gleichstand ist ein Fehler",
    "practice.v.bad": "{value} ≤ 0: ein Fehler",
    "practice.v.hardlim_ok": "kein Fehler",
    "practice.v.hardlim_bad": "ein Fehler",
    "practice.v.hardlim_tie": "ein Gleichstand (n = 0): bei Hagan ergäbe hardlim(0) = 1 = t "
    "den Fehler e = 0, aber das Labor zählt wie die Skripte einen Gleichstand als Fehler und "
    "korrigiert mit e = 2t − 1 = 1",
    "practice.w.stay": "Kein Fehler: {what} bleiben, {weights}",
    "practice.w.stays": "Kein Fehler: {what} bleibt, {weights}",
    "practice.k.zero": "(jedes α ist 0)",
    "practice.k.sign": "(± ist + für einen Punkt in ω₁, − in ω₂)",
    "practice.k.up": "Ein Fehler: α{i} steigt um 1, α = {alpha}",
    "practice.k.stays": "Kein Fehler: α bleibt {alpha}",
    "practice.w.gamma": "γ* = {gamma}, bei u* = ({u}) (der Trenner mit größtem Rand im "
    "erweiterten Raum, im Diagramm gezeichnet)",
    "practice.w.bound": "M = {M} ≤ R²/γ*² = {bound}: eingehalten, wie Satz 1 es immer zusagt",
    "practice.w.floor": "abgerundet: {floor}",
    "practice.w.eta_no": "Nein: ab {w} = 0 ist jedes {w} mit η = {eta} das {eta}-fache des {w} "
    "mit η = 1, also ist jedes Vorzeichen gleich: der Lauf mit η = {eta} macht dieselben {k} "
    "Fehler bei denselben Besuchen",
    "practice.w.eta_yes": "Ja: mit η = {eta} macht es {k}",
    "practice.note.fix": "Korrigiert ein Update den Punkt? Diesmal nicht: {signed} war bei P{i} "
    "vor dem Update {before} und ist danach {after} (es wuchs um {growth} = {grew}), immer noch "
    "≤ 0: immer noch ein Fehler.",
    # ------------------------------------------------------------ the chart
    "practice.chart.visit": "dieser Besuch",
    "practice.chart.margin": "Perzeptron, Rand {margin}",
    # ------------------------------------------------------------ the end of a level
    "practice.done": "Fertig",
    "practice.score": "Stufe {level} ({name}): {score} von {total} beim ersten Versuch richtig.",
    "practice.no_key": "Dieser Server hat keinen Schlüssel, um Abschlusscodes zu signieren (sein "
    "Datenordner ist nicht beschreibbar): bitten Sie den Betreiber, PERCEPTRON\\_LAB\\_SECRET "
    "zu setzen. Ihre Antworten bleiben erhalten, solange diese Seite offen ist.",
    "practice.attempt": "Dies war Versuch {n} an dieser Aufgabe auf diesem Server: Ihr Code sagt "
    "das.",
    "practice.your_code": "Ihr Abschlusscode, für Ihre Dozentin oder Ihren Dozenten:",
    "practice.eta.title": "**Spielt η ab {w} = 0 eine Rolle?** Dieselben Daten, nebeneinander "
    "mit η = 1:",
    "practice.eta.start": "Start",
    "practice.eta.mistakes": "Fehler bei",
    "practice.eta.after": "{w} nach der Epoche",
    "practice.eta.this_start": "dieser Start",
    "practice.eta.none": "keinem",
    "practice.eta.zero_same": "Ab {w} = 0 ändert η keine Vorhersage: dieselben Fehler, jedes "
    "{w} mit η skaliert.",
    "practice.eta.zero_differ": "Ab {w} = 0 unterscheiden sich die Fehler (das sollte nicht "
    "vorkommen).",
    "practice.eta.start_same": "Ab diesem Start macht η = 1 hier zufällig dieselben Fehler.",
    "practice.eta.start_differ": "Ab diesem Start spielt es eine Rolle: η bestimmt, wie weit "
    "sich {w} von {w}(0) entfernt, also unterscheiden sich die Fehler.",
    "practice.widest": "**Ist die Grenze des Perzeptrons die breiteste?** Im Allgemeinen nicht: "
    "das Diagramm stellt ihren Rand (im erweiterten Raum (1, {x}), wie γ*) dem von u* "
    "gegenüber, dem Trenner mit größtem Rand, gestrichelt mit seinem Band.",
    # ------------------------------------------------------------ the lecturer's check
    "practice.code.title": "Einen Abschlusscode prüfen",
    "practice.code.box": "Abschlusscode",
    "practice.code.check": "Code prüfen",
    "practice.code.valid": "Ein gültiger Code: Seed {seed}, Stufe {level}, Punkte {score} von "
    "{total}, {attempt}.",
    "practice.code.first": "beim ersten Versuch an dieser Aufgabe",
    "practice.code.again": (
        "bei Versuch {attempt} an dieser Aufgabe: sie wurde auf diesem Server schon einmal "
        "begonnen, ihre Antworten konnten also bekannt sein",
        "bei Versuch {attempt} an dieser Aufgabe: sie wurde auf diesem Server schon {n:,} Mal "
        "begonnen, ihre Antworten konnten also bekannt sein",
    ),
    "practice.code.not_a_code": "Das ist kein Abschlusscode des Labors: ein Code sieht aus wie "
    "{example}, gefolgt von {digits} Buchstaben und Ziffern.",
    "practice.code.forged": "Dieser Code wurde nicht von diesem Labor ausgegeben: seine Signatur "
    "passt nicht zu dem, was er sagt (ein Zeichen wurde geändert, oder er wurde ohne den "
    "Schlüssel des Servers erstellt).",
    "practice.code.proves": "Ein Abschlusscode beweist, dass diese Aufgabe (ihr Seed und ihre "
    "Stufe) auf diesem Server abgeschlossen wurde, mit diesen Punkten, bei diesem Versuch. Er "
    "beweist nicht, wer sie abgeschlossen hat (ein Code kann weitergegeben werden), und auch "
    "nicht, dass die Antworten von Hand ermittelt wurden: die Engine des Labors berechnet jede "
    "Antwort.",
    "practice.codes.title": "Viele Codes auf einmal prüfen",
    "practice.codes.box": "Codes (einer pro Zeile, oder getrennt durch Leerzeichen, Kommas "
    "oder Semikolons)",
    "practice.codes.file": "Oder eine Datei mit Codes (.txt oder .csv)",
    "practice.codes.check": "Alle prüfen",
    "practice.codes.too_many": "Höchstens {most:,} Codes werden auf einmal geprüft: teilen Sie "
    "die Liste.",
    "practice.codes.none": "Es wurden keine Codes angegeben: fügen Sie sie ein oder wählen Sie "
    "eine Datei.",
    "practice.codes.summary": "{n:,} Code(s), {valid:,} gültig.",
    "practice.codes.valid": "gültig",
    "practice.codes.not_a_code": "kein Code des Labors",
    "practice.codes.forged": "nicht von diesem Labor ausgegeben",
    "practice.codes.same_code": "derselbe Code wie Zeile {row}",
    "practice.codes.same_exercise": "dieselbe Aufgabe wie Zeile {row}",
    "practice.codes.download": "Tabelle herunterladen (CSV)",
    "practice.codes.col.row": "Zeile",
    "practice.codes.col.code": "Code",
    "practice.codes.col.seed": "Seed",
    "practice.codes.col.level": "Stufe",
    "practice.codes.col.score": "Punkte",
    "practice.codes.col.attempt": "Versuch",
    "practice.codes.col.status": "Status",
    "practice.codes.col.duplicate": "doppelt",
    # ------------------------------------------------------------ the handles (drag)
    "practice.drag.hint": "Oder ziehen: die Spitze des Pfeils ist {w}, der Punkt auf der "
    "gestrichelten Grenze verschiebt sie entlang {w} (ihr {b}; solange {w} = 0, liegt er am "
    "Fuß des Pfeils); beide rasten in Schritten von {step} ein und füllen die Felder, dann "
    "„Prüfen“ drücken.",
    "practice.drag.w": "Die Spitze von {w}: ziehen, oder die Pfeiltasten verschieben sie um "
    "{step}; jetzt",
    "practice.drag.b": "Der Punkt der Grenze, der dem Ursprung am nächsten liegt: entlang {w} "
    "ziehen, oder die Pfeiltasten nach oben und rechts addieren {step} zu {b}, nach unten und "
    "links ziehen {step} ab; {b} jetzt",
}
