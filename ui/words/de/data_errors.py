"""The lab's words in German (``ui.words``): what the lab says about data it cannot use. The
loader's errors by their codes (``datasets.DatasetError.code``), the upload box, the data
that cannot be drawn (``ui.parts.data.settle``), the link check's problems and the guard's
message."""

# Teile der Meldungen des Loaders, die in mehreren vorkommen.
_AGAIN = "speichern Sie das Blatt als CSV, oder nehmen Sie eine Stichprobe der Zeilen"
_EXAMPLES = {  # die erste schlechte Zeile einer Spalte, nach dem Ende des Codes der Meldung
    "": "",
    ".first": " (zuerst in Datenzeile {row})",
    ".eg": " (z. B. {value!r} in Datenzeile {row})",
}
_WHY = {
    "missing_value": "fehlender Wert",
    "not_a_number": "keine Zahl",
    "infinite_value": "unendlicher Wert",
    "missing_label": "fehlendes Label",
}
_NO_ROWS = (
    "Keine der {{n:,}} Zeilen hat gültige Zahlen in {{features}} und ein Label{why}: prüfen "
    "Sie das Trennzeichen, das Dezimalzeichen und die fehlenden Werte"
)
_DOTS_BOTH = (
    "Spalte {column!r} verwendet den Punkt auf zwei Arten: {example!r} liest sich als "
    "{thousands} mit Tausendertrennzeichen, {other!r} hat einen Dezimalpunkt; ohne Raten lässt "
    "sie sich nicht lesen. Schreiben Sie ihre Zahlen mit einem Dezimalzeichen und ohne "
    "Tausendertrennzeichen (etwa 1065 und 1,5)"
)
_DOTS_UNSURE = (
    "Spalte {column!r} hat {example!r} neben ganzen Zahlen wie {other!r}: der Punkt kann ein "
    "Tausendertrennzeichen ({thousands}) oder ein Dezimalpunkt sein; ohne Raten lässt sie sich "
    "nicht lesen. Schreiben Sie {thousands} ohne Trennzeichen, oder {comma} mit Dezimalkomma, "
    "wenn es ein Bruch ist"
)

WORDS: dict[str, str | tuple[str, str]] = {
    # ------------------------------------------------- the loader's errors, by code
    "load.empty": "Die Datei ist leer: es gibt nichts zu lesen",
    "load.header_only": "Die Datei hat eine Kopfzeile, aber keine Datenzeilen: fügen Sie "
    "Zeilen mit Werten hinzu",
    "load.no_rows": "Die Datei hat keine Datenzeilen",
    "load.unclosed_quote": "Die Datei lässt sich nicht als CSV lesen: ein Feld in "
    'Anführungszeichen ab etwa Zeile {line} wird nie geschlossen: suchen Sie ein einzelnes " '
    "zu viel",
    "load.too_many_rows": "Die Datei hat mehr als {max:,} Datenzeilen, mehr als Perceptron Lab "
    "liest: laden Sie eine Stichprobe der Zeilen (etwa jede zehnte)",
    "load.too_big": "Die Datei ist {size} groß; die Grenze ist {limit}: behalten Sie nur die "
    "nötigen Spalten oder nehmen Sie eine Stichprobe der Zeilen",
    "load.no_sheet": "Die Arbeitsmappe hat kein Blatt {sheet!r}; ihre Blätter sind {sheets}",
    "load.sheet_empty": "Blatt {sheet!r} der Arbeitsmappe ist leer: es gibt nichts zu lesen",
    "load.damaged": "Diese Excel-Arbeitsmappe (.xlsx) lässt sich nicht lesen; sie ist vielleicht "
    "beschädigt oder mit einem Passwort geschützt: öffnen Sie sie in Excel und speichern Sie "
    "sie neu, oder speichern Sie das Blatt als CSV",
    "load.too_large_up": "Spalte {column!r} hat Werte bis {worst:.1e}: skalieren Sie die Spalte "
    "(die Beträge müssen unter {limit} bleiben)",
    "load.too_large_down": "Spalte {column!r} hat Werte bis hinab zu {worst:.1e}: skalieren Sie "
    "die Spalte (die Beträge müssen unter {limit} bleiben)",
    "load.one_class_left": "Nach dem Verwerfen von {dropped:,} ungültigen Zeile(n) bleibt in "
    "Spalte {column!r} nur eine Klasse ({left!r}): ein Perzeptron braucht Beispiele aus zwei "
    "Klassen",
    "load.no_labels": "Spalte {column!r} hat keine Werte: eine Label-Spalte braucht zwei Klassen",
    "load.one_class": "Spalte {column!r} hat nur eine Klasse ({name!r}): ein Perzeptron braucht "
    "Beispiele aus zwei Klassen",
    "load.no_numeric": "Neben dem Label {label!r} gibt es keine numerische Merkmalsspalte; ein "
    "Datensatz braucht zwei. Prüfen Sie, ob die Datei nur ein Trennzeichen und nur ein "
    "Dezimalzeichen verwendet, oder fügen Sie eine zweite numerische Spalte hinzu.",
    "load.one_numeric": "Neben dem Label {label!r} gibt es nur eine numerische Merkmalsspalte "
    "({found}); ein Datensatz braucht zwei. Prüfen Sie, ob die Datei nur ein Trennzeichen und "
    "nur ein Dezimalzeichen verwendet, oder fügen Sie eine zweite numerische Spalte hinzu.",
    "load.too_many_columns": "Die Datei hat {n:,} Spalten; gelesen werden höchstens {most:,}. "
    "Behalten Sie die nötigen Spalten (zwei Merkmale und ein Label) und speichern Sie erneut.",
    "load.many_classes": "Spalte {column!r} hat {n:,} verschiedene Werte; eine Label-Spalte hat "
    "2 bis {most} (einen je Klasse). Wählen Sie eine andere Spalte.",
    "load.feature_is_label": "Spalte {column!r} kann nicht zugleich Merkmal und Label sein",
    "load.no_label_column": "Keine Spalte kann das Klassenlabel sein: eine Label-Spalte hat 2 bis "
    "{most} verschiedene Werte (0/1, ja/nein, Namen von Arten ...); die Spalten sind {columns}",
    "load.same_classes": "Die Klassen +1 und -1 müssen verschieden sein, beide sind {name!r}",
    "load.no_numeric.row_number": "Neben dem Label {label!r} und der Zeilennummer {id!r} gibt "
    "es keine numerische Merkmalsspalte; ein Datensatz braucht zwei. Prüfen Sie, ob die Datei "
    "nur ein Trennzeichen und nur ein Dezimalzeichen verwendet, oder fügen Sie eine zweite "
    "numerische Spalte hinzu.",
    "load.one_numeric.row_number": "Neben dem Label {label!r} und der Zeilennummer {id!r} gibt "
    "es nur eine numerische Merkmalsspalte ({found}); ein Datensatz braucht zwei. Prüfen Sie, "
    "ob die Datei nur ein Trennzeichen und nur ein Dezimalzeichen verwendet, oder fügen Sie "
    "eine zweite numerische Spalte hinzu.",
    "load.no_column_at": "Es gibt keine Spalte {at} (ab 0 gezählt): die Datei hat {n}",
    "load.no_column.feature": "Es gibt keine Merkmalsspalte {wanted!r}; die Spalten sind {columns}",
    "load.no_column.label": "Es gibt keine Label-Spalte {wanted!r}; die Spalten sind {columns}",
    "load.no_features": "Wählen Sie mindestens eine Merkmalsspalte",
    "load.same_features": "Die Merkmalsspalten müssen verschieden sein, gewählt: {chosen}",
    "load.not_a_class": "{value!r} ist kein Wert der Spalte {column!r}; ihre Werte sind {values}",
    "load.long_class_name": "Ein Klassenname in Spalte {column!r} ist {n:,} Zeichen lang; "
    "Klassennamen haben höchstens {most:,}: kürzen Sie ihn",
    "load.long_column_name": "Der Name der Spalte {at} ist länger als {most:,} Zeichen, mehr "
    "als ein Name haben kann: kürzen Sie ihn",
    "load.one_column": "Nur eine Spalte gefunden: ein Datensatz braucht zwei numerische "
    "Merkmalsspalten und eine Label-Spalte, getrennt durch Kommas, Semikolons, Tabulatoren "
    "oder |-Zeichen",
    "load.no_memory": "Die Datei ist zu groß, um sie in den Speicher zu lesen",
    "load.bad_utf16": "Die Datei beginnt wie UTF-16-Text, ist aber kein gültiges UTF-16: "
    "speichern Sie sie als UTF-8-CSV",
    "load.dots_both": _DOTS_BOTH,
    "load.dots_unsure": _DOTS_UNSURE,
    "load.gzip_too_big": "Die gzip-Datei wird entpackt größer als {limit}, die Grenze für eine "
    "Datei: behalten Sie nur die nötigen Spalten oder nehmen Sie eine Stichprobe der Zeilen, "
    "dann komprimieren Sie sie erneut",
    "load.long_line": "Zeile {line:,} hat {fields:,} Felder, weit mehr als die {columns:,} "
    "Spalte(n) der Tabelle (höchstens {most:,} werden gelesen): dort fehlt ein Zeilenumbruch, "
    "oder das Trennzeichen ist falsch; korrigieren Sie diese Zeile oder speichern Sie die Datei "
    "neu",
    "load.long_field": "Zeile {line:,} hat einen Wert von mehr als {most}, mehr als "
    "Perceptron Lab liest (ein nie geschlossenes Anführungszeichen macht den Rest der Datei zu "
    'einem Wert): suchen Sie dort nach einem überzähligen ", oder kürzen Sie den Wert',
    "load.long_values": "Die Datei enthält mehr als {total} an Werten, die je länger als {long} KB "
    "sind (der letzte in Zeile {line:,}): keine Zahl und kein Name ist so lang; behalten Sie "
    "nur die nötigen Spalten und laden Sie das",
    "load.workbook_nesting": "Das Inhaltsverzeichnis dieser Excel-Arbeitsmappe ist zu tief "
    "verschachtelt oder nennt zu viele Teile für eine Arbeitsmappe: öffnen Sie sie in Excel und "
    "speichern Sie sie neu, oder speichern Sie das Blatt als CSV",
    "load.gzip_cut": "Die gzip-Datei ist abgeschnitten (ein unvollständiger Download?): laden "
    "oder komprimieren Sie sie erneut",
    "load.gzip_damaged": "Die gzip-Datei ist beschädigt und lässt sich nicht entpacken: "
    "komprimieren Sie die CSV erneut",
    "load.sheet_of_csv": "sheet={sheet!r} gilt für Excel-Arbeitsmappen; {name!r} ist eine "
    "CSV-Datei mit nur einer Tabelle: lassen Sie das Blatt weg",
    "load.no_sheets": "Diese Excel-Arbeitsmappe (.xlsx) nennt keine Blätter; sie ist vielleicht "
    "beschädigt: öffnen Sie sie in Excel und speichern Sie sie neu, oder speichern Sie das "
    "Blatt als CSV",
    "load.chart_sheet": "Blatt {sheet!r} ist ein Diagramm, keine Tabelle: wählen Sie ein anderes "
    "Blatt ({sheets})",
    "load.workbook_too_big": "Die Arbeitsmappe wird entpackt größer, als Perceptron Lab liest: "
    "speichern Sie das nötige Blatt als CSV, mit nur den nötigen Spalten oder einer Stichprobe "
    "der Zeilen",
    "load.sheet_too_big": "Blatt {sheet!r} wird entpackt {size} groß, mehr als die {most}, die "
    "Perceptron Lab aus einem Blatt liest: " + _AGAIN,
    "load.sheet_cells": "Blatt {sheet!r} hat mehr als {most:,} Zellen mit Werten, mehr als "
    "Perceptron Lab aus einer Arbeitsmappe liest (etwa {rows:,} Zeilen mit 3 Spalten): "
    "speichern Sie das Blatt als CSV, die bis zu {max:,} Zeilen haben darf, oder nehmen Sie eine "
    "Stichprobe der Zeilen",
    "load.sheet_slow": "Das Lesen von Blatt {sheet!r} dauerte länger als {most} Sekunden, mehr "
    "als ein Upload dauern darf: " + _AGAIN,
    "load.sheet_cpu": "Das Lesen von Blatt {sheet!r} brauchte mehr als {most} CPU-Sekunden, mehr "
    "als ein Upload brauchen darf: " + _AGAIN,
    "load.sheet_memory": "Das Lesen von Blatt {sheet!r} braucht mehr als {most} Speicher, mehr "
    "als ein Upload belegen darf (seine Zellen überspannen einen sehr großen Bereich oder "
    "wiederholen langen Text): " + _AGAIN,
    "load.sheet_csv_too_big": "Blatt {sheet!r} ist als CSV größer als {most}, die Grenze für "
    "eine Datei: " + _AGAIN,
    "load.no_reader": "Zum Lesen von .xlsx wird das Paket python-calamine gebraucht (pip install "
    "python-calamine); oder speichern Sie das Blatt als CSV",
    # Formelzellen ohne Werte: die erste Zelle und die anderen Blätter, wo es sie gibt.
    **{
        "load.formulas" + cell + others: "Blatt {sheet!r} hat {n:,} Formelzelle(n) ohne "
        "gespeicherten Wert" + (" (die erste in Zelle {cell})" if cell else "") + ": die Datei "
        "enthält Formeln, aber nicht ihre Ergebnisse. Öffnen Sie sie in Excel oder LibreOffice "
        "und speichern Sie sie neu, das speichert die Werte"
        + (", oder wählen Sie ein anderes Blatt ({others})" if others else "")
        for cell in ("", ".cell")
        for others in ("", ".others")
    },
    # Eine Spalte, die nicht numerisch ist, mit der ersten schlechten Zeile, wo es eine gibt.
    **{
        "load.not_numeric" + kind + none: "Spalte {column!r} ist nicht numerisch" + example + "; "
        "wählen Sie numerische Spalten als Merkmale: " + ("keine" if none else "{numeric}")
        for kind, example in _EXAMPLES.items()
        for none in ("", ".none")
    },
    # Keine Zeile bleibt: der erste Grund, aus dem eine Zeile verworfen wurde.
    "load.no_valid_rows": _NO_ROWS.format(why=""),
    **{
        f"load.no_valid_rows.{why}{kind}": _NO_ROWS.format(
            why=" (" + said + " in Spalte {column!r}" + example + ")"
        )
        for why, said in _WHY.items()
        for kind, example in _EXAMPLES.items()
    },
    # ------------------------------------------ a file that is not a table, by its kind
    "load.not_csv.png": (
        "Dies sieht aus wie ein PNG-Bild, nicht wie eine CSV-Datei oder .xlsx-Arbeitsmappe: laden"
        " Sie die Daten als CSV-Textdatei (Werte durch Kommas, Semikolons oder Tabulatoren "
        "getrennt)"
    ),
    "load.not_csv.jpeg": (
        "Dies sieht aus wie ein JPEG-Bild, nicht wie eine CSV-Datei oder .xlsx-Arbeitsmappe: "
        "laden Sie die Daten als CSV-Textdatei (Werte durch Kommas, Semikolons oder Tabulatoren "
        "getrennt)"
    ),
    "load.not_csv.gif": (
        "Dies sieht aus wie ein GIF-Bild, nicht wie eine CSV-Datei oder .xlsx-Arbeitsmappe: laden"
        " Sie die Daten als CSV-Textdatei (Werte durch Kommas, Semikolons oder Tabulatoren "
        "getrennt)"
    ),
    "load.not_csv.pdf": (
        "Dies sieht aus wie ein PDF-Dokument, nicht wie eine CSV-Datei oder .xlsx-Arbeitsmappe: "
        "ein PDF enthält Seiten, keine Daten: exportieren Sie die Tabelle als CSV oder .xlsx aus "
        "ihrer Quelle"
    ),
    "load.not_csv.xls": (
        "Dies sieht aus wie eine alte Excel-97-2003-Arbeitsmappe (.xls), nicht wie eine CSV-Datei"
        " oder .xlsx-Arbeitsmappe: öffnen Sie sie in Excel und speichern Sie sie als .xlsx oder "
        "CSV (Datei > Speichern unter), dann laden Sie diese"
    ),
    "load.not_csv.gzip": (
        "Dies sieht aus wie eine gzip-komprimierte Datei, nicht wie eine CSV-Datei oder "
        ".xlsx-Arbeitsmappe: eine gzip-Datei enthält eine CSV-Datei, kein weiteres Archiv: "
        "entpacken Sie es zuerst"
    ),
    "load.not_csv.7z": (
        "Dies sieht aus wie ein 7-Zip-Archiv, nicht wie eine CSV-Datei oder .xlsx-Arbeitsmappe: "
        "entpacken Sie zuerst die CSV-Datei daraus (oder komprimieren Sie die CSV mit gzip, .gz)"
    ),
    "load.not_csv.rar": (
        "Dies sieht aus wie ein RAR-Archiv, nicht wie eine CSV-Datei oder .xlsx-Arbeitsmappe: "
        "entpacken Sie zuerst die CSV-Datei daraus (oder komprimieren Sie die CSV mit gzip, .gz)"
    ),
    "load.not_csv.bzip2": (
        "Dies sieht aus wie eine bzip2-komprimierte Datei, nicht wie eine CSV-Datei oder "
        ".xlsx-Arbeitsmappe: entpacken Sie zuerst die CSV-Datei daraus (oder komprimieren Sie die"
        " CSV mit gzip, .gz)"
    ),
    "load.not_csv.xz": (
        "Dies sieht aus wie eine xz-komprimierte Datei, nicht wie eine CSV-Datei oder "
        ".xlsx-Arbeitsmappe: entpacken Sie zuerst die CSV-Datei daraus (oder komprimieren Sie die"
        " CSV mit gzip, .gz)"
    ),
    "load.not_csv.zstd": (
        "Dies sieht aus wie eine zstd-komprimierte Datei, nicht wie eine CSV-Datei oder "
        ".xlsx-Arbeitsmappe: entpacken Sie zuerst die CSV-Datei daraus (oder komprimieren Sie die"
        " CSV mit gzip, .gz)"
    ),
    "load.not_csv.spreadsheet": (
        "Dies sieht aus wie eine Excel-Arbeitsmappe (.xlsx) oder eine andere Tabellenkalkulation,"
        " nicht wie eine CSV-Datei oder .xlsx-Arbeitsmappe: öffnen Sie sie und speichern Sie sie "
        "als .xlsx oder CSV (Datei > Speichern unter > CSV), dann laden Sie diese Datei"
    ),
    "load.not_csv.zip": (
        "Dies sieht aus wie ein ZIP-Archiv, nicht wie eine CSV-Datei oder .xlsx-Arbeitsmappe: "
        "entpacken Sie zuerst die CSV-Datei daraus (oder komprimieren Sie die CSV mit gzip, .gz)"
    ),
    "load.not_csv.binary": (
        "Dies sieht aus wie eine Binärdatei, nicht wie eine CSV-Datei oder .xlsx-Arbeitsmappe: "
        "laden Sie die Daten als CSV-Textdatei (Werte durch Kommas, Semikolons oder Tabulatoren "
        "getrennt)"
    ),
    "load.not_csv.gzip_archive": (
        "Dies sieht aus wie ein komprimiertes Archiv in einer gzip-Datei, nicht wie eine "
        "CSV-Datei oder .xlsx-Arbeitsmappe: eine gzip-Datei enthält eine CSV-Datei, kein weiteres"
        " Archiv: entpacken Sie es zuerst"
    ),
    "load.zip": "Dies sieht aus wie ein ZIP-Archiv: entpacken Sie zuerst die CSV-Datei daraus",
    "load.damaged_zip": "Dies sieht aus wie ein ZIP-Archiv oder eine Excel-Arbeitsmappe, ist aber "
    "beschädigt: öffnen Sie die Datei und speichern Sie sie neu (als .xlsx oder CSV)",
    "load.zip_kind.ods": "Dies sieht aus wie eine OpenDocument-Tabelle (.ods): öffnen Sie sie "
    "und speichern Sie sie als .xlsx oder CSV",
    "load.zip_kind.xlsb": "Dies sieht aus wie eine binäre Excel-Arbeitsmappe (.xlsb): öffnen Sie "
    "sie und speichern Sie sie als .xlsx oder CSV",
    "load.zip_kind.odf": "Dies sieht aus wie ein OpenDocument-Dokument, keine Tabelle: speichern "
    "Sie die Daten als CSV oder .xlsx",
    "load.zip_kind.docx": "Dies sieht aus wie ein Word-Dokument, keine Tabelle: speichern Sie die "
    "Daten als CSV oder .xlsx",
    "load.zip_kind.pptx": "Dies sieht aus wie eine PowerPoint-Präsentation, keine Tabelle: "
    "speichern Sie die Daten als CSV oder .xlsx",
    # --------------------------------------------------- the loader's notes, by code
    "load.note.preamble": (
        "{n} Zeile über der Tabelle übersprungen",
        "{n} Zeilen über der Tabelle übersprungen",
    ),
    "load.note.extra_fields": "eine Zeile hatte mehr Felder als die Kopfzeile; die zusätzlichen "
    "werden ignoriert",
    "load.note.long_lines": (
        "{n} Zeile mit zu vielen Feldern übersprungen",
        "{n} Zeilen mit zu vielen Feldern übersprungen",
    ),
    "load.note.row_id": "Spalte {column!r} sieht aus wie eine Zeilennummer oder eine ID: als "
    "Merkmal lehrt sie das Perzeptron die Reihenfolge der Zeilen der Datei, nicht die Daten",
    "load.note.informative": "vorgeschlagen: x1 {x1!r} und x2 {x2!r}: von den {k} numerischen "
    "Spalten die zwei, deren Klassenmittel im Verhältnis zu ihrer Streuung am weitesten "
    "auseinanderliegen (Fisher-Werte {s1} und {s2})",
    "load.note.informative.constant": "vorgeschlagen: x1 {x1!r} und x2 {x2!r}: von den {k} "
    "numerischen Spalten die zwei, deren Klassenmittel im Verhältnis zu ihrer Streuung am "
    "weitesten auseinanderliegen (Fisher-Werte {s1} und {s2}); {constant} konstante oder "
    "fast konstante Spalten werden nie vorgeschlagen",
    "load.note.all_separate": "keine Gerade trennt die Klassen auf {x1!r} und {x2!r}, aber alle "
    "{k} numerischen Spalten trennen sie: wählen Sie Trainieren auf allen Spalten",
    "load.note.merged": "Schreibweisen des Labels zusammengeführt: {listed} -> {target!r}",
    "load.note.kept": "{label!r} hat {k} Klassen; behalten: {negative!r} (-1) und {positive!r} "
    "(+1): wählen Sie andere, oder eine Klasse gegen den Rest",
    "load.note.thousands": "Spalte {column!r}: Punkte als Tausendertrennzeichen gelesen "
    "({example!r} als {value}), da die Datei Dezimalzahlen mit Kommas schreibt",
    "load.note.not_offered.dots_both": "nicht als Merkmal angeboten: " + _DOTS_BOTH,
    "load.note.not_offered.dots_unsure": "nicht als Merkmal angeboten: " + _DOTS_UNSURE,
    # ------------------------------------------------- what the loader read (CsvInfo)
    "load.rows": ("{n:,} Zeile", "{n:,} Zeilen"),
    "load.excel_sheet": "Excel-Blatt {sheet!r} ({n} in der Arbeitsmappe)",
    "load.gzip": "gzip-komprimiert",
    "load.sep.comma": "durch Kommas getrennt",
    "load.sep.semicolon": "durch Semikolons getrennt",
    "load.sep.tab": "durch Tabulatoren getrennt",
    "load.sep.pipe": "durch senkrechte Striche getrennt",
    "load.sep.space": "durch Leerzeichen getrennt",
    "load.decimal_commas": "Dezimalkommas",
    "load.dropped": ("{n:,} Zeile verworfen ({reasons})", "{n:,} Zeilen verworfen ({reasons})"),
    "load.why.missing_value": "fehlender Wert",
    "load.why.not_a_number": "keine Zahl",
    "load.why.infinite_value": "unendlicher Wert",
    "load.why.missing_label": "fehlendes Label",
    "load.why.too_many_fields": "zu viele Felder",
    # ---------------------------------------------------------------- the upload box
    "load.sheet": "Blatt",
    "load.x1": "Spalte für x1",
    "load.x2": "Spalte für x2",
    "load.label": "Label-Spalte",
    "load.positive": "Klasse +1",
    "load.negative": "Klasse −1",
    "load.rest_help": "rest: alle anderen Klassen",
    "load.same_columns": "wählen Sie zwei verschiedene Merkmalsspalten",
    "load.too_many_values": "{rows:,} Zeilen × {columns} Spalten sind mehr als die {most:,} "
    "Werte, auf denen die Seite live trainiert: trainieren Sie auf weniger Spalten (oder mit "
    "einer Datei mit weniger Zeilen).",
    "load.used": (
        "{n:,} Zeile verwendet, {dropped:,} verworfen",
        "{n:,} Zeilen verwendet, {dropped:,} verworfen",
    ),
    "load.left_out": ", {n:,} aus anderen Klassen weggelassen",
    "load.training_on": "Training auf {d} Spalten: {names}.",
    "load.shared": "Die auf einer anderen Seite hochgeladene Datei: {source}.",
    "load.shared_two": " Diese Seite zeichnet zwei ihrer Spalten, {x1} und {x2} (die "
    "Spielwiese trainiert auf allen gewählten).",
    "load.link_file": "Dieser Link wurde mit hochgeladenen Daten erstellt, und ein Link kann "
    "keine Datei tragen: laden Sie dieselbe Datei hoch (und wählen Sie ihre Spalten und "
    "Klassen wie zuvor), dann öffnet sich der Lauf {at}",
    "load.at_end": "an seinem Ende.",
    "load.at_step": "beim Schritt {step} des Links.",
    "load.at_step_digits": "beim Schritt des Links (einer Zahl mit {digits:,} Stellen).",
    "load.lost": "Ihre hochgeladene Datei ist nicht mehr auf diesem Server (der Server wurde neu "
    "gestartet oder Sie wurden auf einen anderen verlegt): laden Sie sie erneut hoch "
    "(entfernen Sie zuerst ihren Namen mit ×: der Browser sendet keine Datei, die er für "
    "schon gesendet hält).",
    "load.lost_then": " Der Lauf öffnet sich dann {at}",
    "load.train_on": "Trainieren auf",
    "load.train_two": "x1 und x2: das Diagramm zeigt sie",
    "load.train_all": "allen {n} numerischen Spalten",
    "load.x_order": "Training auf allen {n} Spalten: x1 und x2 ({x1}, {x2}) stellen nur diese "
    "zwei an den Anfang (die Reihenfolge der Merkmale und der Einträge von w); der Lauf nutzt "
    "jede Spalte.",
    "load.train_help": "Alle Spalten: der Lauf, das Urteil und die Schranke sind in so vielen "
    "Dimensionen, und das Diagramm zeigt den Score {score} jedes Punkts gegen eine zweite "
    "Richtung.",
    # ---------------------------------------------- data a page cannot draw (settle)
    "load.too_many_points": "{n:,} Punkte: {what} zeichnet höchstens {most:,}.",
    "load.too_many_to_train": "{n:,} Punkte: {what} trainiert auf höchstens {most:,}.",
    "load.too_many_features": "{d} Merkmale: {what} zeichnet {most}; wählen Sie im Upload-Feld "
    "das Training auf x1 und x2.",
    "load.this_page": "diese Seite",
    # ------------------------------------------------------------- the link's problems
    "link.not_option": "{name}={raw} ist keine der Optionen, der Standardwert gilt",
    "link.not_option_write": "{name}={raw} ist keine der Optionen (schreiben Sie {label}), der "
    "Standardwert gilt",
    "link.not_flag": "{name}={raw} ist weder true noch false, der Standardwert gilt",
    "link.not_in_set": "{name}={raw} ist keiner der Werte {values}, der Standardwert gilt",
    "link.not_whole": "{name}={raw} ist keine ganze Zahl von {low} bis {high}, der Standardwert "
    "gilt",
    "link.not_whole_up": "{name}={raw} ist keine ganze Zahl ab {low}, der Standardwert gilt",
    "link.not_number": "{name}={raw} ist keine Zahl von {low} bis {high}, der Standardwert gilt",
    "link.not_number_up": "{name}={raw} ist keine Zahl ab {low}, der Standardwert gilt",
    "link.step_beyond": "Der Schritt {step} des Links liegt hinter dem Ende dieses Laufs "
    "({total:,} Besuche): gezeigt wird das Ende.",
    "link.step_beyond_digits": "Der Schritt des Links (eine Zahl mit {digits:,} Stellen) liegt "
    "hinter dem Ende dieses Laufs ({total:,} Besuche): gezeigt wird das Ende.",
    "link.repeated": "Der Link nennt {name} {count}-mal ({values}): nur der letzte Wert, "
    "{used}, wird gelesen.",
    "link.repeated_more": "{count:,} weitere Parameter stehen mehrmals im Link: gelesen wird "
    "jeweils der letzte Wert.",
    "link.unknown": "{name} ist kein Parameter dieser Seite und wurde nicht gelesen",
    "link.unknown_near": "{name} ist kein Parameter dieser Seite und wurde nicht gelesen "
    "(meinten Sie {near}?)",
    "link.unknown_more": "{count:,} weitere Parameter mit dem Präfix dieser Seite gehören "
    "nicht zu ihr und wurden nicht gelesen",
    "link.too_long": "{name} ist im Link {length:,} Zeichen lang (höchstens {most:,}), der "
    "Standardwert gilt",
    # ------------------------------------------------------------------------ the guard
    "guard.failed": "Beim Zeichnen ist etwas schiefgegangen (die Einzelheiten stehen im Log des "
    "Servers). Die vorigen Daten bleiben.",
    "guard.failed_step": "Beim Zeichnen ist etwas schiefgegangen (die Einzelheiten stehen im Log "
    "des Servers). Der vorige Schritt bleibt.",
    "guard.bad_data": "Diese Daten konnten nicht gezeichnet werden (die Einzelheiten stehen im "
    "Log des Servers).",
}
