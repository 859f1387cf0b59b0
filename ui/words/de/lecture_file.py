"""Die Worte des Labors auf Deutsch (``ui.words``): die Vorlesung als eine HTML-Datei
(``ui/lecture_file.py``; der Player ``ui/lecture_file.js`` füllt die benannten Felder)."""

WORDS: dict[str, str | tuple[str, str]] = {
    "lecture_file.download": "Die Vorlesung als eine HTML-Datei herunterladen",
    "lecture_file.help": "Alle Szenen (die der Vorlesung und Ihre eigenen) in einer Datei, "
    "die ohne Netz läuft, vom USB-Stick oder aus einer Kursseite: PageDown geht einen Schritt "
    "weiter und öffnet die nächste Szene, in dieser Sprache und Notation.",
    "lecture_file.title": "Perceptron Lab: die Vorlesung",
    "lecture_file.needs_app": "Diese Szene ist auf der Seite {path} des Labors, die die App "
    "braucht (ein Server rechnet sie während der Vorführung): diese Datei zeigt nur ihre Idee "
    "und ihre Stelle im Skript.",
    "lecture_file.scene_of": "Szene {i} von {n}",
    "lecture_file.keys": "PageDown oder → : der nächste Schritt, dann die nächste Szene · "
    "PageUp oder ← : zurück, dann die vorige Szene · S Schritt · V Besuch · B Zurück · "
    "E Epoche · F bis zum Ende · X Neustart · P Abspielen · R die Antwort zeigen",
    "lecture_file.reveal": "PageDown oder R zeigt die Antwort.",
    "lecture_file.right_is": "Die richtige Antwort: {letter}.",
    "lecture_file.end": "Das Ende der Vorlesung.",
    "lecture_file.notes": "Im Skript: {notes}",
    "lecture_file.question": "Frage: {prompt}",
}
