"""The lab's words in German (``ui.words``): the stage in a notebook (perceptron_widget)."""

WORDS: dict[str, str | tuple[str, str]] = {
    "widget.not_a_run": "Die Bühne zeigt einen aufgezeichneten Lauf (perceptron_core.Run) "
    "oder ein trainiertes perceptron_core.sklearn.Perceptron; erhalten: {kind}.",
    "widget.two_features": "Die Bühne im Notebook zeichnet einen linearen Lauf mit zwei "
    "Merkmalen; dieser Lauf hat {d} (oder ist ein Kernel-Lauf).",
    "widget.loading": "Die Bühne wird geladen …",
}
