"""The lab's words in German (``ui.words``): what the page says while it computes (the
spinners of ``ui.compute``), the limits a run is held to, and a link too long to read."""

WORDS: dict[str, str | tuple[str, str]] = {
    "spinner.training": "Das Perzeptron wird trainiert…",
    "spinner.reading": "Die Datei wird gelesen…",
    "spinner.rates": "Lernraten werden verglichen…",
    "spinner.scaling": "Die Merkmale werden skaliert…",
    "spinner.variants": "Die Varianten werden bewertet…",
    "spinner.cone": "A w ≥ 1 wird gelöst…",
    # ------------------------------------------------ a run and the limits it is held to
    "run.both_classes": "Für einen Lauf braucht es beide Klassen: fügen Sie Punkte der anderen "
    "Klasse hinzu.",
    "run.kernel_wide": "Die Kernel-Variante wird auf zwei Merkmalen gezeichnet: wählen Sie eine "
    "andere Variante, oder trainieren Sie im Upload-Feld auf x1 und x2.",
    "run.kernel_too_many": "Die Kernel-Variante läuft hier auf höchstens {most:,} Punkten (jede "
    "Epoche kostet n² Kernelwerte, {n:,}² bei diesen Daten): wählen Sie eine andere Variante.",
    "run.held_epochs": (
        "Der Lauf ({variant}) ist auf {n:,} Epoche begrenzt ({points:,} Punkte: jede Epoche "
        "kostet {cost}), nicht die verlangten {asked:,}.",
        "Der Lauf ({variant}) ist auf {n:,} Epochen begrenzt ({points:,} Punkte: jede Epoche "
        "kostet {cost}), nicht die verlangten {asked:,}.",
    ),
    "run.cost_kernel": "{n:,}² Kernelwerte",
    "run.cost_visits": ("{n:,} Besuch", "{n:,} Besuche"),
    "run.held_updates": "Auf {n:,} Punkten mit {d} Merkmalen hält ein Lauf nach {cap:,} "
    "Updates, nicht {most:,}: so bleibt seine Aufzeichnung im Cache des Servers.",
    "run.theory_off": "Das exakte Urteil, γ* und die Schranken werden auf {n:,} Punkten mit {d} "
    "Merkmalen nicht live berechnet (höchstens {most:,} Werte von (1, x)).",
    "run.theory_converged": "Der Lauf ist konvergiert: sein letztes {w} trennt jeden Punkt, "
    "also sind sie trennbar.",
    "run.wide_vectors": "Die {d}-Vektoren mit ihren ersten {k} Einträgen und ihrem letzten; {w} "
    "vollständig oben.",
    # ------------------------------------------------------------ a link too long to read
    "link.refused_title": "Dieser Link ist zu lang",
    "link.refused": "Dieser Link ist zu lang ({n:,} Zeichen; die Grenze ist {most:,}), daher "
    "wurde nichts davon gelesen. Die Links des Labors sind viel kürzer: dieser wurde an etwas "
    "anderes angehängt, aufgefüllt oder von Hand gemacht.",
    "link.open_playground": "Die Spielwiese öffnen",
}
