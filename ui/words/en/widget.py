"""The lab's words in English (``ui.words``): the stage in a notebook (perceptron_widget)."""

WORDS: dict[str, str | tuple[str, str]] = {
    "widget.not_a_run": "The stage shows a recorded run (perceptron_core.Run) or a fitted "
    "perceptron_core.sklearn.Perceptron; got {kind}.",
    "widget.two_features": "The notebook's stage draws a linear run on two features; this "
    "run has {d} (or is a kernel run).",
    "widget.loading": "Loading the stage…",
}
