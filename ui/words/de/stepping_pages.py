"""The lab's words in German (``ui.words``): the Playground's and the Kernel page's own texts."""

WORDS: dict[str, str | tuple[str, str]] = {
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
    "line.voted": "abgestimmt: Σ c_k sign({score_k})",
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
    "Vorzeichen von {dual} vorher: die gefüllte Kontur ist f, ihre "
    "Nullstelle die Grenze und die Größe jedes Punkts sein α_i. Ein Polynom- oder RBF-Kernel "
    "trennt XOR, Kreise und Monde.",
    "kn.epochs": "**Fehler und Trainingsfehler am Ende jeder Epoche**",
    "spoken.start": "Start: {weights}",
    "spoken.start_kernel": "Start: jedes α = 0, also f({x}) = 0",
    "spoken.in_run": ("{n:,} Besuch in diesem Lauf", "{n:,} Besuche in diesem Lauf"),
    "spoken.kernel_visit": "jeder Besuch prüft ein Beispiel mit {dual} und "
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
    "spoken.vec_zero": "(alle {size} Einträge 0)",
    "spoken.vec_long": "({size} Einträge, {n} davon nicht 0, Norm {norm}, größter {value} bei "
    "Eintrag {at})",
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
    "theme.bad_link": "Der Link konnte nicht vollständig gelesen werden: theme={raw} ist keiner "
    "der Werte auto, light, dark; der Standardwert gilt.",
}
