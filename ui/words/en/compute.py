"""The lab's words in English (``ui.words``): what the page says while it computes (the
spinners of ``ui.compute``)."""

WORDS: dict[str, str | tuple[str, str]] = {
    "spinner.training": "Training…",
    "spinner.reading": "Reading the file…",
    "spinner.rates": "Comparing learning rates…",
    "spinner.scaling": "Scaling the features…",
    "spinner.variants": "Scoring the variants…",
    "spinner.cone": "Solving A w ≥ 1…",
}
