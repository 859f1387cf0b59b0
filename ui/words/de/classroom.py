"""The lab's words in German (``ui.words``): a class (the lecturer's panel, the questions,
Collect points), the Join page, a student's banner and panels, the class's refusals (the
ids as in ``ui/words/en/classroom.py``)."""

WORDS: dict[str, str | tuple[str, str]] = {
    # ---------------------------------------------------------- the lecturer's panel
    "class.ended": "Die Klasse ist beendet.",
    "class.box": "Klasse {code}",
    "class.scan": "Scannen, um der Vorlesung zu folgen",
    "class.join_code": "Beitrittscode",
    "class.join_link": "Beitrittslink",
    "class.end": "Klasse beenden",
    # ------------------------------------------------------------------ questions
    "class.kind.next_mistake": "Welcher Punkt ist der nächste Fehler?",
    "class.kind.fixes_point": "Korrigiert das nächste Update seinen Punkt?",
    "class.kind.turn": "In welche Richtung dreht sich {w}?",
    "class.kind.converge": "Konvergiert der Lauf jemals?",
    "class.kind.fewer_mistakes": "Weniger Fehler in der nächsten Epoche?",
    "class.kind.lecturer": "Die Frage der Lehrkraft",
    "class.no_answer.next_mistake": "Nach diesem Schritt kommt kein Update (oder diese "
    "Variante macht ihre Updates anders): kein nächster Fehler, nach dem man fragen kann.",
    "class.no_answer.fixes_point": "Nach diesem Schritt kommt kein Update: nichts zu fragen.",
    "class.no_answer.turn": "Die Drehrichtung von {w} wird mit 2 Merkmalen gefragt, {w} nicht 0 "
    "und einem kommenden Update.",
    "class.no_answer.converge": "Nach der Konvergenz wird bei einer Variante gefragt, die bei "
    "jedem Fehler ein Update macht, wenn das Urteil über die Daten bekannt ist (nicht bei Daten, "
    "die zu groß sind, um es live zu entscheiden).",
    "class.no_answer.fewer_mistakes": "Der Lauf hat nach dieser Epoche keine weitere.",
    "class.no_answer.lecturer": "Nur eine eigene Szene mit einer Frage (aus einer "
    "Vorlesungsdatei) stellt die Frage der Lehrkraft; diese Seite ist keine.",
    "class.lecturer_coded": "Der Text dieser Frage liest sich wie eine der kodierten Fragen "
    "des Labs (eine JSON-Liste): formulieren Sie ihn in der Vorlesungsdatei um.",
    "class.no_answer": "Diese Frage hat bei diesem Schritt keine Antwort.",
    "class.question_for": "**Frage an die Klasse**",
    "class.answered": "Geantwortet",
    "class.reveal": "Auflösen",
    "class.right_answer.lecturer": "Richtige Antwort: {choice} (die der Lehrkraft). "
    "{n} haben geantwortet.",
    "class.right_answer": "Richtige Antwort: {choice} (berechnet aus dem Lauf bei Schritt "
    "{at}). {n} haben geantwortet.",
    "class.ask_elsewhere": "Fragen an die Klasse werden auf einer Seite gestellt, die einen "
    "Lauf schrittweise zeigt.",
    "class.question": "Frage",
    "class.ask": "Die Klasse fragen",
    "class.ask_help": "Die Studierenden antworten auf ihren Geräten, bevor Sie weitergehen; "
    "Auflösen zeigt die Antworten.",
    "class.results": "Fragen und Antworten (CSV)",
    "class.q.next_mistake": "Welcher der markierten Punkte ist der nächste Fehler des "
    "Perzeptrons (sein nächstes Update)?",
    "class.q.choice": "{letter}: Beispiel {i} ({coords}), Label {y}",
    "class.q.fixes_point": "Das nächste Update geschieht bei Beispiel {i} ({coords}), Label "
    "{y}. Klassifiziert dieses eine Update es danach richtig?",
    "class.q.fixes_yes": "Ja: danach ist es richtig",
    "class.q.fixes_no": "Nein: danach ist es immer noch ein Fehler",
    "class.q.turn": "In welche Richtung dreht sich der Gewichtsvektor {w} beim nächsten Update?",
    "class.q.anticlockwise": "Gegen den Uhrzeigersinn",
    "class.q.clockwise": "Im Uhrzeigersinn",
    "class.q.neither": "Weder noch: er behält seine Richtung",
    "class.q.converge": "Wenn es so lange läuft wie nötig: hört das Perzeptron auf diesen "
    "Daten auf, Fehler zu machen?",
    "class.q.converge_yes": "Ja: es konvergiert",
    "class.q.converge_no": "Nein: es macht immer wieder Fehler",
    "class.q.fewer_mistakes": (
        "Epoche {this} macht {now} Fehler. Macht Epoche {next} weniger?",
        "Epoche {this} macht {now} Fehler. Macht Epoche {next} weniger?",
    ),
    "class.q.fewer": "Weniger",
    "class.q.as_many": "Gleich viele",
    "class.q.more": "Mehr",
    # ------------------------------------------------------------- Collect points
    "class.no_points": "Noch keine Punkte: nichts zu verwenden.",
    "class.still_collecting": "Es werden noch Punkte für die Spielwiese gesammelt: bisher {n}.",
    "class.stop": "Sammeln beenden",
    "class.per_student": "Punkte pro Person",
    "class.collect": "Punkte sammeln",
    "class.collect_help": "Jede Person tippt auf ihr Diagramm und setzt so Punkte mit "
    "Label; sie erscheinen hier.",
    "class.use": (
        "Den {n:,} Punkt der Studierenden verwenden",
        "Die {n:,} Punkte der Studierenden verwenden",
    ),
    "class.collecting": (
        "Es wird gesammelt: bisher {count} Punkt, höchstens {per} pro Person.",
        "Es wird gesammelt: bisher {count} Punkte, höchstens {per} pro Person.",
    ),
    "class.point": "#{id} ({x1}, {x2}) {label} von {by}",
    "class.a_point": "Ein Punkt",
    "class.remove": "Entfernen",
    # --------------------------------------------------- the Join page, a student's page
    "class.type_code": "Geben Sie den Code vom Projektor ein (6 Buchstaben und Ziffern).",
    "class.join": "Beitreten",
    "class.joined_waiting": "Klasse {code} beigetreten: warten auf die Seite der Lehrkraft.",
    "class.exploring": "Sie erkunden selbst (Klasse {code}).",
    "class.back": "Zurück zur Vorlesung",
    "class.following": "Sie folgen der Vorlesung (Code {code}) als {name}.",
    "class.explore": "Selbst erkunden",
    "class.follow": "Folgen",
    "class.lecture_on": "Die Vorlesung ist auf /{page}.",
    "class.lecture_on_step": "Die Vorlesung ist auf /{page}, Schritt {step}.",
    # ------------------------------------- the follower's panels on a student's device
    "class.js.question": "Die Frage an die Klasse",
    "class.js.answers": ("{count} Antwort", "{count} Antworten"),
    "class.js.yours": "(Ihre)",
    "class.js.taken": "Antwort angenommen: Sie können sie ändern, bis die Lehrkraft die "
    "Antworten auflöst.",
    "class.js.before": "Antworten Sie, bevor die Lehrkraft weitergeht.",
    "class.js.marked": "Die richtige Antwort ist mit ✓ markiert.",
    "class.js.hide": "Ausblenden",
    "class.js.place": "Punkte für die Klasse setzen",
    "class.js.adversary": "Gegnerrunde: tippen Sie auf einen Punkt, den das Perzeptron falsch "
    "einordnet, mindestens γ vom Ziel u entfernt ({placed} von {per} versucht).",
    "class.js.tap": "Tippen Sie auf das Diagramm, um einen Punkt zu setzen: {placed} von {per} "
    "gesetzt.",
    "class.js.no_connection": "Keine Verbindung: {what} wurde nicht gesendet.",
    "class.js.your_answer": "Ihre Antwort",
    "class.js.your_point": "Ihr Punkt",
    "class.js.answer_not_taken": "Ihre Antwort wurde nicht angenommen.",
    "class.js.point_not_taken": "Ihr Punkt wurde nicht angenommen.",
    "class.js.inside": "Tippen Sie in den Rahmen des Diagramms.",
    "class.js.silent": "Seit einer Weile nichts von der Klasse gehört: neu verbinden…",
    "class.js.unreachable": "Die Klasse ist nicht erreichbar. Prüfen Sie Ihr WLAN und laden "
    "Sie dann diese Seite neu (der Code der Klasse ist {code}).",
    "class.js.replaced": "Diese Klasse ist in einem anderen Tab von Ihnen offen: dieser folgt ihr "
    "nicht mehr.",
    "class.link_ignored": "Der Klasse {code} dieses Links wurde nicht beigetreten: {reason}",
    "class.js.placed_one": "Sie haben Ihren {value} Punkt gesetzt.",
    # ------------------------------- the lecturer's seats panel (ui/room/seats_panel.py)
    "class.seats.title": "Plätze: {n}",
    "class.seats.none": "Noch niemand ist beigetreten.",
    "class.seats.name": "Deckname",
    "class.seats.answers": "Antworten",
    "class.seats.points": "Punkte",
    "class.seats.which": "Zu entfernender Platz",
    "class.seats.remove": "Platz entfernen",
    "class.seats.remove_help": "Seine Antworten verlassen die Zählung, seine Punkte werden "
    "entfernt, seine Seite folgt nicht mehr.",
    "class.seats.removed": "{name} wurde mit {answers} Antworten und {points} Punkten entfernt.",
    "class.seats.closed": "Für neue Beitritte geschlossen",
    "class.seats.closed_help": "Sobald alle da sind: niemand sonst kann einen Platz nehmen.",
    "class.seats.clear": "Punkte löschen",
    "class.seats.cleared": "Entfernte Punkte: {n}.",
    "class.seats.refused": "In der letzten Minute abgewiesen: {n}.",
    "class.seats.burst": "Ein Schwall: {what} kamen schneller, als Menschen tippen. Schließen "
    "Sie die Klasse für neue Beitritte und entfernen Sie Plätze, die Sie nicht kennen.",
    "class.seats.held": "{n} Plätze kamen in einem Schwall von einer Adresse: ihre Antworten "
    "werden nicht gezählt.",
    "class.seats.held_help": "Beitritte von einer Adresse, schneller als Menschen es schaffen, "
    "halten die Plätze zurück: die eines Skripts. Auch ein ganzer Saal hinter einem WLAN kann "
    "zurückgehalten sein: zählen Sie sie, wenn es Ihre Studierenden sind.",
    "class.seats.count_held": "Mitzählen",
    "class.seats.remove_held": "Entfernen",
    "class.seats.counted_held": "Gezählte Plätze: {n}. Ihre Antworten auf die offene Frage zählen.",
    "class.seats.removed_held": "Mit allem, was sie schickten, entfernte Plätze: {n}.",
    "class.seats.kind.joins": "Beitritte",
    "class.seats.kind.answers": "Antworten",
    "class.seats.kind.points": "Punkte",
    "class.seats.kind.streams": "Neuverbindungen",
    # ------------------------------- the class's refusals (ui.room.rules), as said here
    "class.refused.unknown": "Keine Klasse hat diesen Code. Prüfen Sie den Code auf dem Projektor.",
    "class.refused.ended": "Diese Klasse ist beendet.",
    "class.refused.not_lecturer": "Nur die Lehrkraft kann das tun.",
    "class.refused.not_joined": "Treten Sie zuerst der Klasse bei.",
    "class.refused.guesses": "Zu viele falsche Codes von dieser Adresse: warten Sie einige "
    "Minuten.",
    "class.refused.joins": "Zu viele Beitritte von dieser Adresse: warten Sie eine Minute.",
    "class.refused.answers_rate": "Zu viele Antworten auf einmal: warten Sie eine Sekunde.",
    "class.refused.points_rate": "Zu viele Punkte auf einmal: warten Sie eine Sekunde.",
    "class.refused.followers": "Diese Klasse hat zu viele offene Ansichten.",
    "class.refused.full": "Diese Klasse ist voll.",
    "class.refused.open": "Lösen Sie zuerst Frage {value} auf.",
    "class.refused.questions_full": "Diese Klasse hat so viele Fragen gestellt, wie sie darf.",
    "class.refused.not_open": "Diese Frage ist nicht offen.",
    "class.refused.closed": "Antworten auf diese Frage sind geschlossen.",
    "class.refused.not_collecting": "Die Lehrkraft sammelt gerade keine Punkte.",
    "class.refused.box": "Der Punkt muss im Rahmen liegen.",
    "class.refused.student_cap": "Sie haben Ihre {value} Punkte gesetzt.",
    "class.refused.class_cap": "Die Klasse hat alle Punkte, die sie haben darf.",
    "class.refused.no_point": "Diesen Punkt gibt es nicht.",
    "class.refused.bad_code": "Ein Beitrittscode hat {value} Buchstaben und Ziffern, wie auf "
    "dem Projektor.",
    "class.refused.lost": "Diese Klasse ging beim Neustart des Klassenservers verloren: "
    "fragen Sie die Lehrkraft nach dem neuen Code.",
    "class.refused.removed": "Die Lehrkraft hat Sie aus dieser Klasse entfernt.",
    "class.refused.no_seat": "Diesen Platz gibt es nicht.",
    "class.refused.joins_closed": "Die Lehrkraft hat diese Klasse für neue Teilnehmende "
    "geschlossen.",
    "class.refused.joins_burst": "Zu viele Beitritte von dieser Adresse auf einmal: warten Sie "
    "eine Sekunde.",
    "class.refused.streams_rate": "Zu viele Neuverbindungen aus diesem Browser: warten Sie eine "
    "Minute.",
    "class.refused.held": "Ihr Platz wartet auf die Lehrkraft: er kam in einem Schwall, und "
    "seine Punkte werden gesetzt, sobald die Lehrkraft ihn mitzählt.",
    "class.refused.unavailable": "Der Klassenserver ist gerade nicht erreichbar: versuchen Sie "
    "es gleich noch einmal.",
}
