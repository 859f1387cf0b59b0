"""The lab's words in German (``ui.words``): the data and scores table of every stepping
page (``ui.parts.table``)."""

WORDS: dict[str, str | tuple[str, str]] = {
    "table.title": "Daten und Scores (Tabelle)",
    "table.before": "vor dem ersten Besuch",
    "table.after": ("nach {n:,} Besuch", "nach {n:,} Besuchen"),
    "table.updates": ("{n:,} Update", "{n:,} Updates"),
    "table.caption": "Die Daten und der Score jedes Punkts {where} ({updates})",
    "table.wrong": (
        ": {wrong} von {n:,} Zeile falsch klassifiziert.",
        ": {wrong} von {n:,} Zeilen falsch klassifiziert.",
    ),
    "table.cut": " Die ersten {shown} von {total} Punkten sind aufgeführt (die Grenze der "
    "Tabelle).",
    "table.features": " {x1} und {x2} von {d} Merkmalen sind aufgeführt; der Score nutzt alle.",
    "table.point": "Punkt",
    "table.label": "Label",
    "table.score": "{score} jetzt",
    "table.classified": "klassifiziert",
    "table.wrongly": "falsch (ein Fehler)",
    "table.correctly": "richtig",
}
