"""The lab's words in German (``ui.words``): the Space page's own texts (the augmented
space, weight space and the cone LP). The symbols come from ``ui.views.space_view.symbols``
(the lab's notation)."""

WORDS: dict[str, str | tuple[str, str]] = {
    # -------------------------------------------------------------------- the page
    "space.title": "Erweiterter Raum",
    "space.intro": "Jeder Punkt angehoben zu z = {z} und {w} = {lifted} mit dem Bias darin "
    "(000, 004): die Grenze ist, wo die Ebene {plane} = 0 die Fläche {x0} = 1 schneidet. "
    "Spiegeln Sie Klasse {neg}, und jedes Beispiel verlangt {dot} > 0. Darunter: der "
    "Gewichtsraum und das Perzeptron als Kegel-LP aus 001.",
    "space.heading": "Perzeptron",
    "space.what": "die Raum-Seite",
    "space.flip": "Klasse {neg} spiegeln (004)",
    "space.flip_help": "Jedes Beispiel als {flip} zeichnen: Klasse {neg} am Ursprung gespiegelt, "
    "also braucht jedes Beispiel {dot} > 0 und jedes Update ist {w} ← {w} + η·{sample}.",
    "space.scaled": "{w} = {lifted} ×{scale} gezeichnet: seine Ebene hängt nicht von seiner "
    "Länge ab.",
    "space.slice": "Gewichtsraum geschnitten bei",
    "space.slice_b": "{b} des Schnitts",
    "space.wrong_now": "**{wrong} von {n}** Beispiele haben jetzt {dot} ≤ 0: genau die Punkte, die "
    "das 2-D-Diagramm als falsch klassifiziert markiert ({relation}).",
    # --------------------------------------------------------- the 3-D chart
    "space.sheet": "{x0} = 1: das 2-D-Diagramm",
    "space.sheet_flipped": "{x0} = −1: Klasse {neg} gespiegelt",
    "space.flipped": " (gespiegelt: −z)",
    "space.plane_edge": "Kante der Ebene",
    "space.plane": "Ebene {plane} = 0",
    "space.boundary": "Grenze (Ebene ∩ {x0} = 1)",
    "space.plane_cut": "Ebene ∩ {x0} = −1",
    "space.drawn": "{w}, ×{scale} gezeichnet",
    "space.not_to_scale": "Achsen nicht maßstabsgetreu",
    # ------------------------------------------------------- weight space
    "space.cell_wrong": "{count} Beispiele falsch",
    "space.examples_wrong": "Beispiele falsch",
    "space.feasible": "alle richtig",
    "space.feasible_none": ": keine bei diesem {b}",
    "space.example_line": "{dot} = 0, Klasse {label}",
    "space.path": "{w} nach jedem Update",
    "space.path_hover": "Update {k}: {values}",
    "space.now": "{w} jetzt",
    "space.now_projected": " ({b}, projiziert)",
    "space.weight_title": "Gewichtsraum bei {b}",
    "space.slice_current": "das aktuelle {b}, also liegt der Stern ({w} jetzt) darin",
    "space.slice_chosen": "das gewählte {b}",
    "space.slice_projected": "; {w} hat jetzt {b}: sein offener Stern ist projiziert",
    "space.slice_empty": "Kein {pair} klassifiziert mit diesem {b} jedes Beispiel richtig: der "
    "zulässige Kegel verfehlt diesen Schnitt.",
    "space.slice_region": "Grün: die {pair}, die mit diesem {b} jedes Beispiel richtig "
    "klassifizieren, der Schnitt des zulässigen Kegels.",
    "space.slice_lines": " Geraden: die der ersten {most} Beispiele.",
    "space.slice_says": "Gewichtsraum geschnitten bei {bc}: {which}. Beispiel i ist die "
    "Halbebene {half} > 0, begrenzt von seiner Geraden (blau: Klasse {pos}, orange: {neg}); "
    "Grau zählt die Beispiele, die eine Zelle falsch klassifiziert. {region} Der Pfad: {w} nach "
    "jedem Update, offen, wo dieses {w} ein anderes {b} hatte (auf diesen Schnitt projiziert). "
    "{w} klassifiziert jetzt {wrong} von {n} falsch.{lines}",
    # ------------------------------------------------------------- the cone LP
    "space.cone": "Das Kegel-LP aus 001: {cone} ≥ 1 durch das Perzeptron",
    "space.cone_says": "Das Perzeptron durchläuft die Zeilen {row} von {A} als positive "
    "Beispiele: ab {w} = 0 wird eine Zeile addiert, wann immer {dot} ≤ 0 (ein Fehler, oder "
    "„weiß nicht“ bei 0). Ein Durchlauf ohne Fehler heißt {Aw} > 0; {w} geteilt durch "
    "m = min {Aw} ergibt dann {Aw} ≥ 1. Mit den Zeilen der Daten {flip} ist das genau das "
    "Perzeptron (die Spiegelung aus 004).",
    "space.rows_of": "Zeilen von {A}",
    "space.no_rows": "Keine Zeilen: die Daten haben noch keine Punkte.",
    "space.updates": ("{n:,} Update", "{n:,} Updates"),
    "space.passes": ("{n:,} Durchlauf", "{n:,} Durchläufen"),
    "space.rows": ("{n:,} Zeile", "{n:,} Zeilen"),
    "space.iterations": "**Iterationen**: {updates} über {rows}",
    "space.first_last": "Die ersten {first} und die letzten 5 von {n:,} Updates.",
    "space.check": "**Die Kontrolle: jede Zeile von {Aw} ≥ 1**",
    "space.first_rows": "Die ersten {first} von {n:,} Zeilen (unten werden alle gezählt).",
    "space.rows_box": "Zeilen von {A}, eine pro Zeile (Zahlen getrennt durch Kommas oder "
    "Leerzeichen)",
    "space.rows_bad": "Die Zeilen sind nicht verwendbar: {why}",
    "space.rows_previous": "Es werden weiter die vorherigen Zeilen gelöst.",
    "space.too_long": "die Zeilen sind zu lang: höchstens {most} Zeichen",
    "space.not_number": "'{token}' ist keine Zahl",
    "space.not_finite": "'{token}': Einträge müssen endliche Zahlen vom Betrag höchstens {most} "
    "sein",
    "space.no_numbers": "geben Sie mindestens eine Zeile mit Zahlen ein",
    "space.too_many_rows": "{n} Zeilen: höchstens {most}",
    "space.widths": "jede Zeile braucht gleich viele Einträge; erhalten: {widths}",
    "space.too_many_columns": "{n} Spalten: höchstens {most}",
    # the tables' columns
    "space.col_update": "Update",
    "space.col_pass": "Durchlauf",
    "space.col_row": "Zeile i",
    "space.col_before": "{dot} vorher",
    "space.col_after": "{w} danach",
    # the outcome
    "space.solved": "Gelöst mit {updates} in {passes}: der letzte Durchlauf machte keinen "
    "Fehler, also {Aw} > 0 mit {w} = {vec}. Sein kleinstes Produkt ist m = min {Aw} = {m}, und "
    "{w}* = {w} / m = {star}{nudge}. Kontrolle: min {Aw}* = {check}, und {k} von {n} Zeilen haben "
    "{dot} ≥ 1.",
    "space.nudged": " (ein Hauch aufgerundet: {w}/m verfehlte 1 durch Rundung)",
    "space.rounding": "{Aw} > 0 wurde erreicht, aber kein Gleitkomma-Vielfaches von {w} erfüllte "
    "{Aw} ≥ 1 (ein Produkt ist zu nah an 0): versuchen Sie Zeilen ähnlicher Größe.",
    "space.cap_updates": "{n} Updates (die Grenze)",
    "space.cap_passes": "{n} Durchläufen (die Grenze)",
    "space.unsolved": "Keine Lösung nach {cap}: das Perzeptron wurde angehalten. Das System hat "
    "vielleicht gar keine Lösung (das kann das Perzeptron nicht beweisen; Daten, die keine "
    "Gerade trennt, ergeben solche Zeilen), oder es braucht mehr Updates.",
    "space.random_start": "einen zufälligen Start",
    "space.shuffled": "die gemischte Reihenfolge",
    "space.differ": "Der Lauf oben nutzt {why}, also weichen seine Gewichtsvektoren von diesen "
    "Iterierten ab (ab {w} = 0 in fester Reihenfolge sind sie η mal diese).",
    "space.differ_at": "Die Gewichtsvektoren des Laufs weichen zuerst bei Update {k} von diesen "
    "Iterierten ab.",
    "space.same": "Diese Iterierten sind genau die Gewichtsvektoren {lifted} des Laufs oben, "
    "für alle {n} Updates, die beide machten: das Durchlaufen der gespiegelten Beispiele ist das "
    "Perzeptron.",
    # --------------------------------------------------------------- the download
    "space.iterations_file": "Iterationen",
    "space.download_note": "Zeilen von {A}: jedes {row} (und {dot} mit der Kontrolle, sobald "
    "gelöst). Iterationen: jedes Update, sein Durchlauf, die addierte Zeile, {before} davor und "
    "{w} danach.",
}
