"""The lab's words in English (``ui.words``): the Variants page's own texts (pages/variants.py,
ui/views/variants_view.py). The weights' symbol is a field ({w}: the lab's notation); the
variants' own names are ``variant.*`` (ui/words/en/core.py)."""

WORDS: dict[str, str | tuple[str, str]] = {
    # ------------------------------------------------------------------- the page
    "variants.title": "Variants: {classic}, {averaged}, {voted}, {pocket}",
    "variants.intro": "One run of the perceptron on the training part, four ways to predict "
    "with it: the last {w}, the average of all {w}, a vote of every {w} weighted by how long "
    "it survived, and the {w} with the fewest training errors so far. Accuracy per epoch on "
    "train, dev and test shows where to stop early (notes 000, 003).",
    "variants.heading": "Split and run",
    "variants.split_seed": "Split seed",
    "variants.split_seed_help": "Seeds the train / dev / test split (60 / 20 / 20 %, by class).",
    "variants.one_class": "The training part holds one class only: try another split seed.",
    "variants.too_few": "The variants need at least 6 points of both classes (to split them "
    "three ways).",
    "variants.bound": "The run on the training part: {line}",
    "variants.crosses": "Crosses mark the training points each one gets wrong; the voted "
    "perceptron's regions come from its votes (it is not one line).",
    "variants.accuracy_heading": "Accuracy per epoch on train, dev and test",
    "variants.split_caption": "Split (seed {seed}): train / dev / test = {sizes} points. Early "
    "stopping keeps the epoch with the best dev accuracy (ties: the earliest) and reports test "
    "there; the dotted line marks it for the classic perceptron.",
    "variants.go_best": "Go to the end of epoch {e} (classic's best on dev)",
    # --------------------------------------------------- the small multiples
    "variants.agree": "The four agree on {share:.0%} of the training points at this step.",
    "variants.cell.voted": "{name} · {k} vectors, {t} visits",
    "variants.cell.pocket": "{name} · update {i} of {k}",
    "variants.cell.classic": "{name} · after {t} visits",
    "variants.cell.wrong": "{title} · {wrong} wrong",
    # ------------------------------------------------- accuracy and early stopping
    "variants.set.train": "train",
    "variants.set.dev": "dev",
    "variants.set.test": "test",
    "variants.table_head": "| variant | best dev epoch | dev | test at that epoch | test at the "
    "end |",
    "variants.hover": "{label}<br>epoch %{{x}}: %{{y:.1%}}<extra></extra>",
    "variants.best": "best dev epoch ({variant}): {e}",
    "variants.axis_epoch": "epoch",
    "variants.axis_accuracy": "accuracy",
    "variants.note_epochs": "{epochs} epochs: accuracy is shown at {shown} of them, evenly "
    "spaced, the last included.",
    "variants.note_voted": "The voted perceptron has {vectors:,} vectors: its accuracy is "
    "estimated on a random {shown:,} of the {total:,} points.",
    # -------------------------------------------------------------- the downloads
    "variants.dl_split": "Split, one row per point",
    "variants.dl_accuracy": "Accuracy per epoch",
    "variants.dl_note": "The split: each row of the dataset (index from 0), its part (train, "
    "dev, test), features and label. Accuracy: at each epoch's end, per variant and part.",
}
