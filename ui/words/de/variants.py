"""The lab's words in German (``ui.words``): the Variants page's own texts (pages/variants.py,
ui/views/variants_view.py)."""

WORDS: dict[str, str | tuple[str, str]] = {
    # ------------------------------------------------------------------- the page
    "variants.title": "Varianten: {classic}, {averaged}, {voted}, {pocket}",
    "variants.intro": "Ein Lauf des Perzeptrons auf dem Trainingsteil, vier Arten, damit "
    "vorherzusagen: das letzte {w}, der Mittelwert aller {w}, eine Abstimmung aller {w}, "
    "gewichtet nach ihrer Überlebensdauer, und das {w} mit den bisher wenigsten "
    "Trainingsfehlern. Die Genauigkeit pro Epoche auf Training, Validierung und Test zeigt, "
    "wo man früh aufhören sollte (Skripte 000, 003).",
    "variants.heading": "Aufteilung und Lauf",
    "variants.split_seed": "Seed der Aufteilung",
    "variants.split_seed_help": "Seed der Aufteilung in Training / Validierung / Test "
    "(60 / 20 / 20 %, nach Klassen).",
    "variants.one_class": "Der Trainingsteil enthält nur eine Klasse: versuchen Sie einen "
    "anderen Seed der Aufteilung.",
    "variants.too_few": "Die Varianten brauchen mindestens 6 Punkte beider Klassen (um sie "
    "dreifach aufzuteilen).",
    "variants.bound": "Der Lauf auf dem Trainingsteil: {line}",
    "variants.crosses": "Kreuze markieren die Trainingspunkte, die die jeweilige Variante "
    "falsch klassifiziert; die Gebiete des abstimmenden Perzeptrons ergeben sich aus seinen "
    "Stimmen (es ist keine Gerade).",
    "variants.accuracy_heading": "Genauigkeit pro Epoche auf Training, Validierung und Test",
    "variants.split_caption": "Aufteilung (Seed {seed}): Training / Validierung / Test = "
    "{sizes} Punkte. Frühes Stoppen behält die Epoche mit der besten Genauigkeit auf der "
    "Validierung (bei Gleichstand die früheste) und meldet dort den Test; die gepunktete Linie "
    "markiert sie für das klassische Perzeptron.",
    "variants.go_best": "Zum Ende von Epoche {e} (klassisch am besten auf Validierung)",
    # --------------------------------------------------- the small multiples
    "variants.agree": "Die vier stimmen in diesem Schritt bei {share:.0%} der Trainingspunkte "
    "überein.",
    "variants.cell.voted": "{name} · {k} Vektoren, {t} Besuche",
    "variants.cell.pocket": "{name} · Update {i} von {k}",
    "variants.cell.classic": "{name} · nach {t} Besuchen",
    "variants.cell.wrong": "{title} · {wrong} falsch",
    # ------------------------------------------------- accuracy and early stopping
    "variants.set.train": "Training",
    "variants.set.dev": "Validierung",
    "variants.set.test": "Test",
    "variants.table_head": "| Variante | beste Epoche auf der Validierung | Validierung | Test in "
    "dieser Epoche | Test am Ende |",
    "variants.hover": "{label}<br>Epoche %{{x}}: %{{y:.1%}}<extra></extra>",
    "variants.best": "beste Epoche auf der Validierung ({variant}): {e}",
    "variants.axis_epoch": "Epoche",
    "variants.axis_accuracy": "Genauigkeit",
    "variants.note_epochs": "{epochs} Epochen: die Genauigkeit wird an {shown} davon gezeigt, "
    "gleichmäßig verteilt, die letzte eingeschlossen.",
    "variants.note_voted": "Das abstimmende Perzeptron hat {vectors:,} Vektoren: seine "
    "Genauigkeit wird an zufällig gewählten {shown:,} der {total:,} Punkte geschätzt.",
    # -------------------------------------------------------------- the downloads
    "variants.dl_split": "Aufteilung, eine Zeile pro Punkt",
    "variants.dl_accuracy": "Genauigkeit pro Epoche",
    "variants.dl_note": "Die Aufteilung: jede Zeile des Datensatzes (Index ab 0), ihr Teil "
    "(train, dev, test), Merkmale und Label. Genauigkeit: am Ende jeder Epoche, pro Variante "
    "und Teil.",
}
