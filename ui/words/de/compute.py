"""The lab's words in German (``ui.words``): what the page says while it computes (the
spinners of ``ui.compute``)."""

WORDS: dict[str, str | tuple[str, str]] = {
    "spinner.training": "Das Perzeptron wird trainiert…",
    "spinner.reading": "Die Datei wird gelesen…",
    "spinner.rates": "Lernraten werden verglichen…",
    "spinner.scaling": "Die Merkmale werden skaliert…",
    "spinner.variants": "Die Varianten werden bewertet…",
    "spinner.cone": "A w ≥ 1 wird gelöst…",
}
