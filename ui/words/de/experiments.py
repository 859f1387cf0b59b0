"""The lab's words in German (``ui.words``): the Experiments page's own texts. Numbers are
fields written by the caller; a chart's hover fields are Plotly's placeholders (%{y})."""

WORDS: dict[str, str | tuple[str, str]] = {
    # ------------------------------------------------------------ the page and sidebar
    "experiments.title": "Experimente",
    "experiments.intro": "Was ein einzelner Lauf nicht zeigen kann. Satz 1 (001) beschränkt die "
    "Fehler jedes Laufs auf trennbaren Daten, in jeder Reihenfolge, durch R²/γ\\*², im "
    "erweiterten Raum (R = max ‖(1, {x})‖, γ\\* der größte Rand). Hier: Hunderte von Läufen "
    "dagegen, über Ränder und Dimensionen, und ein Datensatz in vielen Reihenfolgen.",
    "experiments.data_note": "Die Daten oben sind die des Reihenfolge-Experiments; die anderen "
    "erzeugen ihre eigenen.",
    "experiments.orders_heading": "Reihenfolgen der Daten",
    "experiments.orderings": "Zufällige Reihenfolgen",
    "experiments.order_seed": "Seed der ersten Reihenfolge",
    "experiments.reshuffle": "Jede Epoche eine neue Reihenfolge",
    "experiments.reshuffle_help": "Aus: jeder Lauf behält eine zufällige Reihenfolge für alle "
    "seine Epochen.",
    "experiments.margins": "Ränder",
    "experiments.margin_low": "Kleinster Rand γ",
    "experiments.margin_high": "Größter Rand γ",
    "experiments.margin_count": "Ränder (logarithmisch verteilt)",
    "experiments.seeds": "Seeds (Datensätze pro Rand und pro d)",
    "experiments.per_set": "Punkte pro Datensatz",
    "experiments.dimensions": "Dimensionen",
    "experiments.dim_margin": "Rand γ",
    "experiments.max_dim": "Größtes d",
    "experiments.orders": "Reihenfolgen",
    "experiments.margins_sub": "Fehler gegen die Schranke, über Ränder",
    "experiments.dims_sub": "Fehler gegen die Dimension, bei einem Rand",
    "experiments.orders_sub": "Ein Datensatz, viele Reihenfolgen (002, Abschnitt 6.1)",
    "experiments.both_classes": "Beide Klassen werden gebraucht: wählen Sie Daten mit Punkten "
    "jeder Klasse.",
    "experiments.progress": "{label}: Lauf {done} von {total}",
    # -------------------------------------------------------------------- the charts
    "experiments.bound_line": "Fehler = R²/γ*²",
    "experiments.one_run": "ein Lauf (ein Datensatz)",
    "experiments.run_hover": "Fehler {mistakes}<br>Schranke R²/γ*² {bound}<br>nominales γ "
    "{nominal}, realisiertes γ* {gamma}<br>R {R}, d {d}, Seed {seed}",
    "experiments.axis_bound": "R²/γ*²: die Schranke von Satz 1 (realisiertes R und γ*)",
    "experiments.axis_until_clean": "Fehler bis zu einem fehlerfreien Durchlauf",
    "experiments.bound_each": "R²/γ*² jedes Laufs",
    "experiments.mistakes_each": "Fehler jedes Laufs",
    "experiments.median_bound": "Median der Schranke",
    "experiments.median_mistakes": "Median der Fehler",
    "experiments.axis_d": "Dimension d",
    "experiments.axis_both": "Fehler · Schranke",
    "experiments.epochs_random": "Epochen (zufällige Reihenfolgen)",
    "experiments.mistakes_random": "Fehler (zufällige Reihenfolgen)",
    "experiments.fixed_epochs": "feste Reihenfolge: {e}",
    "experiments.fixed_mistakes": "fest: {m}",
    "experiments.worst_mistakes": "schlechtestes zuerst: {m}",
    "experiments.axis_epochs": "Epochen bis zur Konvergenz",
    "experiments.axis_random": "zufällige Reihenfolgen",
    "experiments.axis_mistakes": "Fehler bis zur Konvergenz",
    "experiments.bar_fewest": "zufällig: wenigste",
    "experiments.bar_median": "zufällig: Median",
    "experiments.bar_most": "zufällig: meiste",
    "experiments.fixed": "feste Reihenfolge",
    "experiments.worst": "schlechtestes zuerst",
    "experiments.bar_bound": "Schranke R²/γ*²",
    "experiments.mistakes": "Fehler",
    "experiments.axis_log": "Fehler (logarithmische Skala)",
    "experiments.random_lines": "{n} zufällige Reihenfolgen",
    # ----------------------------------------------------------------- the sentences
    "experiments.runs_n": ("{n:,} Lauf", "{n:,} Läufe"),
    "experiments.margins_n": ("{n:,} Rand", "{n:,} Ränder"),
    "experiments.seeds_n": ("{n:,} Seed", "{n:,} Seeds"),
    "experiments.epochs_n": ("{n:,} Epoche", "{n:,} Epochen"),
    "experiments.mistakes_n": ("{n:,} Fehler", "{n:,} Fehler"),
    "experiments.ratios": "Fehler / Schranke: min {lo}, Median {mid}, max {hi}",
    "experiments.none_above": "Kein Punkt liegt über der Linie: in allen {runs} Läufen gilt "
    "Fehler ≤ R²/γ*².",
    "experiments.above": (
        "{n:,} von {runs} liegt ÜBER der Linie: das widerspricht Satz 1.",
        "{n:,} von {runs} liegen ÜBER der Linie: das widerspricht Satz 1.",
    ),
    "experiments.margin_said": "{verdict} {ratios}: echte Läufe bleiben weit unter der "
    "Schranke. {margins} × {seeds}, je n = {n} Punkte in d = {d}; das realisierte γ* reicht "
    "von {lo} bis {hi}.",
    "experiments.capped": (
        "{n:,} Lauf erreichte die Grenze von {epochs} vor einem fehlerfreien Durchlauf "
        "(Kreuze); seine bisherigen Fehler werden gezeigt.",
        "{n:,} Läufe erreichten die Grenze von {epochs} vor einem fehlerfreien Durchlauf "
        "(Kreuze); ihre bisherigen Fehler werden gezeigt.",
    ),
    "experiments.none_exceeds": "Kein Lauf überschreitet seine Schranke",
    "experiments.exceed": (
        "{n:,} Lauf überschreitet die Schranke",
        "{n:,} Läufe überschreiten die Schranke",
    ),
    "experiments.dims_said": "Bei γ = {margin}: der Median der Schranke ist {b1} bei d = "
    "{first} und {b2} bei d = {last} (R²/γ*² hängt nicht von d ab), während sich der Median "
    "der Fehler von {m1} auf {m2} ändert. {exceed}; {ratios}.",
    "experiments.worst_cap": "{mistakes}, als der Lauf seine Grenze von {cap} erreichte",
    "experiments.orders_said": "{k} zufällige Reihenfolgen: Epochen von {e_lo} bis {e_hi} "
    "(Median {e_mid}; die feste Reihenfolge: {e_fixed}), Fehler von {m_lo} bis {m_hi} (Median "
    "{m_mid}; fest: {m_fixed}). Schlechtestes zuerst (immer als Nächstes das am schlechtesten "
    "klassifizierte Beispiel): {worst}.",
    "experiments.bound_holds": "Die Schranke R²/γ*² = {bound} gilt für jede Reihenfolge:",
    "experiments.none_exceed_it": "kein Lauf überschreitet sie.",
    "experiments.exceed_it": ("{n:,} Lauf ÜBERSCHREITET sie.", "{n:,} Läufe ÜBERSCHREITEN sie."),
    "experiments.fewer": "{better} von {k} zufälligen Reihenfolgen machten weniger Fehler als "
    "„schlechtestes zuerst“, {fixed} weniger als die feste Reihenfolge.",
    "experiments.not_separable": "Die Daten sind nicht trennbar: es gibt keine Schranke, und "
    "keine Reihenfolge konvergiert.",
    "experiments.stopped": (
        "{n:,} Lauf hielt an der Grenze von {epochs}.",
        "{n:,} Läufe hielten an der Grenze von {epochs}.",
    ),
    "experiments.margin_chart": "Diagramm der Ränder",
    "experiments.dimension_chart": "Diagramm der Dimensionen",
    "experiments.held": "Das {what} ist auf {seeds} begrenzt (von {asked} verlangten), um in "
    "wenigen Sekunden zu bleiben.",
    "experiments.dims_cut": "Mit n = {n} Punkten enden die Dimensionen bei d = {last} (n·d "
    "höchstens {most}), nicht bei {top}.",
    # ----------------------------------------------------------------- the download
    "experiments.dl_margins": "Ränder, eine Zeile pro Lauf",
    "experiments.dl_dimensions": "Dimensionen, eine Zeile pro Lauf",
    "experiments.dl_orders": "Reihenfolgen, eine Zeile pro Lauf",
    "experiments.dl_note": "Eine Zeile pro Lauf: seine Daten (Rand, d, Seed, n; oder die "
    "Reihenfolge), R, γ*, die Schranke R²/γ*², und die Fehler und Epochen des Laufs und ob er "
    "konvergierte (Reihenfolgen: auch sein letztes b und w).",
}
