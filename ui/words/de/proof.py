"""The lab's words in German (``ui.words``): the Proof page's own texts. Symbols of the
notation are fields ({w}: w, θ or a, the bias inside; {b}; {x}; {w_hat}: 004's unit ŵ)."""

WORDS: dict[str, str | tuple[str, str]] = {
    # ---------------------------------------------------------------------- the page
    "proof.title": "Konvergenzbeweise, Schritt für Schritt",
    "proof.intro": "Jeder Fehler addiert mindestens γ* zu {w}·u* und höchstens R² zu ‖{w}‖²; da "
    "{w}·u* ≤ ‖{w}‖, zwängen die zwei Linien M ≤ R²/γ*² ein (Satz 1, 001). Gehen Sie einen "
    "Lauf Schritt für Schritt durch und sehen Sie die Zahlen des Beweises wandern; auf Daten, "
    "die keine Gerade trennt, beschränkt stattdessen Satz 2 die Fehler.",
    "proof.heading": "Der Lauf",
    "proof.axes": "Achsen der Diagramme",
    "proof.axes_help": "log: die Fehler des Laufs und eine ferne Schranke sind beide zu sehen.",
    "proof.theorem1": "**Satz 1** (001; {w}(0) = 0)",
    "proof.theorem1_start": "**Beweis von Satz 1 ab einem zufälligen Start {w}(0) ≠ 0** (der "
    "Satz braucht {w}(0) = 0)",
    "proof.not_separable": "**Nicht linear trennbar**: Satz 1 ist nicht anwendbar; dieser Lauf "
    "beginnt bei {w} = 0, also gilt Satz 2.",
    "proof.not_separable_random": "**Nicht linear trennbar**: Satz 1 ist nicht anwendbar; dieser "
    "Lauf beginnt bei einem zufälligen {w}(0), also gilt der Beweis von Satz 2 ab diesem Start "
    "(der Satz selbst braucht {w} = 0).",
    "proof.space": "Jede Zahl hier lebt im erweiterten Raum: ein Punkt ist (1, {x}₁, {x}₂), "
    "{w} = ({b}, {w}₁, {w}₂) trägt den Bias als ersten Eintrag, also ‖{w}‖² = {b}² + {w}₁² + "
    "{w}₂², R = max ‖(1, {x}ᵢ)‖, und γ* ist der größte Rand eines Einheitsvektors u* in "
    "diesem Raum (der Bias in seiner Norm).",
    "proof.prep_heading": "Zentrieren und Skalieren ändern R, γ\\* und die Schranke",
    "proof.prep_caption": "Dieselben Punkte unter jeder Vorverarbeitung (die Wahl der "
    "Seitenleiste fett). R und γ* werden im erweiterten Raum (1, {x}) gemessen, also ändert "
    "ein Verschieben der Wolke beide: Zentrieren verkleinert oft R und damit die Schranke.",
    # ------------------------------------------------ 004's proof, Theorem 2, the limits
    "proof.p004": "**Beweis aus 004** ab {w}(1) = 0, dem Start dieses Laufs: seine xᵢ sind die mit "
    "ihrem Label multiplizierten erweiterten Punkte yᵢ(1, xᵢ), und {w_hat} = u\\*.",
    "proof.p004_random": "**Beweis aus 004** ab diesem zufälligen Start {w}(1): seine xᵢ sind "
    "die mit ihrem Label multiplizierten erweiterten Punkte yᵢ(1, xᵢ), und {w_hat} = u\\*.",
    "proof.t2_start": "Satz 2 ist ab {w} = 0 formuliert und gilt so nicht ab einem anderen Start; "
    "sein Beweis ab diesem zufälligen Start, beim selben {w}*, beschränkt M dort, wo sich die zwei "
    "Linien oben treffen (die letzte Gleichung).",
    "proof.w_star_zero": "{w}* = 0: keine Richtung zum Einzwängen; die Schranke ist 2E·n.",
    "proof.no_curves": "Die Kurven des Beweises können für diese Daten nicht gezeichnet werden "
    "(zu groß für eine Live-Berechnung oder Zahlen jenseits der Gleitkommazahlen).",
    "proof.tex_meet": "(wo sich die zwei Linien treffen)",
    "proof.underflow": "‖{w}‖² eines {w} ≠ 0 liegt unter der kleinsten Gleitkommazahl",
    "proof.overflow": "sie laufen über",
    "proof.beyond": "Die Zahlen des Beweises liegen für diese Daten jenseits der "
    "Gleitkommazahlen ({why}): sie können nicht gezeigt werden.",
    "proof.where_meet": "wo sich die zwei Linien treffen,",
    "proof.still_holds": "Der Satz gilt trotzdem: M = {M} ≤ {where} {bound}.",
    "proof.beyond_004": "Die Zahlen aus 004 liegen für diese Daten jenseits der "
    "Gleitkommazahlen: k̂ = ‖{w}(1) − α{w_hat}‖²/β² ist etwa {value}, und ein Abfall um "
    "mindestens 1 pro Korrektur ist dagegen nicht zu sehen.",
    # -------------------------------------------------------------------- the charts
    "proof.chart_epochs": "Satz 2 nach E Epochen gegen die laufende Zahl der Fehler",
    "proof.chart_squeeze": "Die Zange: {w}·u* über seiner Linie, ‖{w}‖ unter seiner Kurve",
    "proof.chart_distance": "004: ‖{w}(k+1) − α{w_hat}‖²/β² fällt um ≥ 1 pro Korrektur",
    "proof.chart_squeeze_t2": "Die Zange entlang {w}* (E = {e})",
    "proof.chart_norm": "‖{w}‖² unter seiner Linie (≤ η²R² mehr pro Fehler)",
    "proof.chart_cosine": "cos({w}, {u}) steigt: bei 1 treffen sich die Linien",
    "proof.axis_mistakes": "Fehler M",
    "proof.axis_corrections": "Korrekturen k",
    "proof.axis_epochs": "Epochen E",
    "proof.axis_count": "Fehler",
    "proof.axis_norm": "‖{w}‖² (Bias darin)",
    "proof.axis_squeeze": "{dot} und ‖{w}‖",
    "proof.distance": "Abstand² / β²",
    "proof.meet": "die Linien treffen sich",
    "proof.now": "jetzt",
    "proof.named_now": "{name} jetzt",
    "proof.floor": "Untergrenze durch die Linien",
    "proof.cosine_now": "Kosinus jetzt",
    "proof.cos_bound": "cos = 1: die Schranke",
    "proof.bound": "die Schranke",
    "proof.bound_word": "Schranke",
    "proof.solved": "gelöst bei E",
    "proof.by_epoch": "Fehler bis Epoche E",
    # ----------------------------------------------------------------- the download
    "proof.dl_updates": "Die Zahlen des Beweises pro Update",
    "proof.dl_first": "; die ersten {n}",
    "proof.dl_along_t2": (
        "w* von Satz 2 nach E = {n} Epoche",
        "w* von Satz 2 nach E = {n} Epochen",
    ),
    "proof.dl_note": "Eine Zeile pro Update k (0: der Anfang{first}): M, w = (b, w1, w2), und "
    "entlang {along}: w·u und seine untere Linie, ‖w‖² und seine obere Linie, cos(w, u)",
    "proof.dl_004": ", und aus 004 ‖w(k+1)/η − αu*‖²/R².",
    "proof.dl_t2": "(w und ‖w‖² nur, wo w* 0 ist oder nicht live gelöst wird).",
}
