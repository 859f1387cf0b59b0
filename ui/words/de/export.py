"""The lab's words in German (``ui.words``): the stage's Export panel. The browser fills
them in (ui/stage/exporter/): the server sends this language's templates with the export's
offer (ui/stage/export.py), and the panel writes the numbers into the named fields."""

WORDS: dict[str, str | tuple[str, str]] = {
    # ------------------------------------------------------- the disclosure (export_hook.js)
    "export.summary": "Export: GIF, Video, PNG",
    "export.loading": "Der Export wird geladen …",
    "export.load_failed": "Der Export konnte nicht geladen werden: {why}",
    # ------------------------------------------------------------ the panel (panel.mjs)
    "export.from": "Von Schritt",
    "export.to": "bis Schritt",
    "export.from_aria": "Von Schritt",
    "export.to_aria": "Bis Schritt",
    "export.of": "(von {total}; jeder Schritt ist ein Bild)",
    "export.gif": "GIF-Animation",
    "export.webm": "WebM-Video",
    "export.mp4": "MP4-Video",
    "export.png": "PNG dieses Schritts (1920 × 1080)",
    "export.progress": "Fortschritt des Exports",
    "export.cancel": "Abbrechen",
    "export.frames": ("{n} Bild", "{n} Bilder"),
    "export.done": "{name}: {frames}, {kb} KB, erstellt in {seconds} s.",
    "export.cancelled": "Abgebrochen: es wurde keine Datei erstellt.",
    "export.run_changed": "Der Lauf hat sich geändert (neue Daten oder Einstellungen): der "
    "Export wurde beendet, es wurde keine Datei erstellt.",
    "export.failed": "Der Export ist fehlgeschlagen: {why}",
    "export.late": "Der Server hat die Bilder nicht rechtzeitig geschickt: ist er erreichbar?",
    "export.none_sent": "Der Server hat keines der angefragten Bilder geschickt.",
    "export.unpainted": "das Bild eines Schritts konnte nicht gezeichnet werden",
    # ------------------------------------------------------------- the range (range.mjs)
    "export.not_whole": "Von und Bis sind ganze Schrittnummern, 0 bis {total}.",
    "export.from_outside": "Von muss ein Schritt dieses Laufs sein: 0 bis {total}.",
    "export.to_before": "Bis ({to}) liegt vor Von ({from}).",
    "export.run_ends": "Der Lauf endet bei Schritt {total}: exportiert wird bis dorthin.",
    "export.capped": "{n} Schritte angefragt; ein Export umfasst höchstens {max}: exportiert "
    "werden die Schritte {from} bis {to}.",
    "export.and": "{list} und {last}",
    "export.formats": "Dieser Browser erstellt {made}.",
    "export.formats_not": "Dieser Browser erstellt {made}; nicht {missing}.",
    "export.formats_neither": "Dieser Browser erstellt {made}; weder {webm} noch {mp4}.",
    "export.formats_no_video": "Dieser Browser erstellt GIF und PNG; er hat keinen Video-Encoder "
    "(WebCodecs), also kein Video.",
    "export.no_webm": "WebM (er kann weder VP9 noch VP8 kodieren)",
    "export.no_mp4": "MP4 (er kann H.264 nicht kodieren)",
    "export.waiting": "Warte auf das Bild des Servers für Schritt {step}",
    "export.drawing": "Bild {done} von {total} wird gezeichnet und kodiert",
    "export.writing": "Die Datei wird geschrieben",
    # ------------------------------------------------------- beside the chart (draw.mjs)
    "export.step": "Schritt {step}",
}
