"""Die Wörter des Labors auf Deutsch (``ui.words``): die Klasse in der Hand der Lehrenden
(``ui.room.lecturer``): eine Klasse von einem anderen Browser übernehmen, der Server der
Klasse nicht erreichbar, eine Klasse, die der Server verloren hat."""

WORDS: dict[str, str | tuple[str, str]] = {
    "class.takeover": "Eine Klasse übernehmen",
    "class.takeover_code": "Übernahmecode",
    "class.takeover_help": "Der Code unter Übernahmecode auf dem Rechner, der die Klasse "
    "führt: dieser Browser führt sie dann.",
    "class.takeover_go": "Übernehmen",
    "class.takeover_bad": "Dieser Übernahmecode führt keine laufende Klasse. Prüfen Sie ihn "
    "auf dem Rechner, der die Klasse führt.",
    "class.takeover_show": "Übernahmecode",
    "class.takeover_show_help": "Um diese Klasse von einem anderen Rechner aus zu führen "
    "(falls dieser ausfällt): den Code dort unter Eine Klasse übernehmen eingeben.",
    "class.takeover_said": "Wer diesen Code hat, kann die Klasse führen: zeigen Sie ihn nicht "
    "dem Saal. Geben Sie ihn auf dem anderen Rechner unter Eine Klasse übernehmen ein.",
    "class.takeover_hide": "Übernahmecode verbergen",
    "class.unreachable": "Der Server der Klasse ist gerade nicht erreichbar. Die Klasse bleibt "
    "erhalten; diese Seite versucht es von selbst wieder.",
    "class.lost": "Der Server hat die Klasse {code} verloren: ihre Studierenden folgen ihr "
    "nicht mehr. Starten Sie eine neue Klasse und zeigen Sie ihren Code.",
    "class.new": "Eine neue Klasse starten",
    "class.larger": "Größer",
    "class.smaller": "Kleiner",
    "class.hide": "Antworten ausblenden",
    "class.takeover_cancel": "Abbrechen",
}
