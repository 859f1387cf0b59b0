"""The line a screen reader says at each step (``text.spoken_line``), against the notes' hand
traces (ERRATA.md: 002's Examples 1 and 2, worked by hand with the textbook rule: a mistake
when y(w·x + b) <= 0, a tie included; then w <- w + y x, b <- b + y), written out here
word for word: a tie, a mistake, a non-mistake, the end of an epoch and of the run."""

from __future__ import annotations

import numpy as np
import pytest

import datasets
import perceptron_core as pc
from ui import text
from ui.stage import table

M = "\u2212"  # the minus sign a screen reader says "minus"
EXAMPLE1 = (np.array([[1.0, 1.0], [2.0, 2.0], [1.0, 2.0], [2.0, 1.0]]), np.array([1, 1, -1, -1]))
EXAMPLE2 = (np.array([[0.0, 0.0], [1.0, 1.0], [0.0, 1.0], [1.0, 0.0]]), np.array([1, 1, -1, -1]))


def test_example_1_first_epoch_word_for_word():
    run = pc.train(*EXAMPLE1, max_epochs=2)
    assert text.spoken_line(run, 0) == (
        "start: w = (0, 0), b = 0; each visit tests one example and, on a mistake, adds "
        "y·x to w; 8 visits in this run"
    )
    assert [text.spoken_line(run, t) for t in range(1, 5)] == [
        "visit 1: point (1, 1), label +1, w·x + b = 0, a tie, so a mistake; "
        "w becomes (1, 1), b = 1",
        "visit 2: point (2, 2), label +1, w·x + b = 5, no mistake; w stays (1, 1), b = 1",
        f"visit 3: point (1, 2), label {M}1, w·x + b = 4, a mistake; w becomes (0, {M}1), b = 0",
        f"visit 4: point (2, 1), label {M}1, w·x + b = {M}1, no mistake; w stays (0, {M}1), "
        "b = 0; end of epoch 1: 2 mistakes",
    ]
    # Not separable (XOR-like): the run stops at max epochs and says so.
    assert text.spoken_line(run, 8).endswith(
        "; end of epoch 2: 2 mistakes; the run ends, stopped after 2 epochs (max epochs) "
        "without converging"
    )


def test_example_2_ties_are_mistakes():
    run = pc.train(*EXAMPLE2, max_epochs=1)
    assert [text.spoken_line(run, t) for t in range(1, 5)] == [
        "visit 1: point (0, 0), label +1, w·x + b = 0, a tie, so a mistake; "
        "w becomes (0, 0), b = 1",
        "visit 2: point (1, 1), label +1, w·x + b = 1, no mistake; w stays (0, 0), b = 1",
        f"visit 3: point (0, 1), label {M}1, w·x + b = 1, a mistake; w becomes (0, {M}1), b = 0",
        f"visit 4: point (1, 0), label {M}1, w·x + b = 0, a tie, so a mistake; "
        f"w becomes ({M}1, {M}1), b = {M}1; end of epoch 1: 3 mistakes; the run ends, "
        "stopped after 1 epochs (max epochs) without converging",
    ]


def test_a_converged_run_says_its_clean_pass():
    # By hand: (1, 0) +1 is a tie at w = 0: w = (1, 0), b = 1; (-1, 0) -1 scores -1 + 1 = 0,
    # a tie: w = (2, 0), b = 0; the second epoch scores 2 and -2: a clean pass.
    run = pc.train(np.array([[1.0, 0.0], [-1.0, 0.0]]), np.array([1, -1]))
    assert text.spoken_line(run, 2) == (
        f"visit 2: point ({M}1, 0), label {M}1, w·x + b = 0, a tie, so a mistake; "
        "w becomes (2, 0), b = 0; end of epoch 1: 2 mistakes"
    )
    assert text.spoken_line(run, 4) == (
        f"visit 4: point ({M}1, 0), label {M}1, w·x + b = {M}2, no mistake; w stays (2, 0), "
        "b = 0; end of epoch 2: 0 mistakes; the run ends, converged: epoch 2 was a clean pass"
    )


def test_eta_is_said_where_it_is_not_one():
    run = pc.train(*EXAMPLE1, eta=0.5, max_epochs=1)
    assert "adds 0.5·y·x to w" in text.spoken_line(run, 0)
    # 0.5 * (+1) * (1, 1): w = (0.5, 0.5), b = 0.5.
    assert text.spoken_line(run, 1).endswith("w becomes (0.5, 0.5), b = 0.5")


def test_the_batch_visit_waits_for_the_epochs_sum():
    # Example 2 from w = 0: every visit is a tie; the epoch's sum of y x is
    # (0,0) + (1,1) - (0,1) - (1,0) = (0, 0) and of y is 1 + 1 - 1 - 1 = 0.
    run = pc.train(*EXAMPLE2, variant="batch", max_epochs=1)
    assert "the mistakes of" not in text.spoken_line(run, 0)
    assert "the batch update" in text.spoken_line(run, 0)
    assert text.spoken_line(run, 1) == (
        "visit 1: point (0, 0), label +1, w·x + b = 0, a tie, so a mistake; counted for the "
        "epoch's update; w stays (0, 0), b = 0 until its end"
    )
    assert "; the epoch's 4 mistakes summed: w becomes (0, 0), b = 0; end of epoch 1" in (
        text.spoken_line(run, 4)
    )


def test_the_kernel_visit_is_its_dual_update():
    run = pc.train(*EXAMPLE1, variant="kernel", kernel=pc.Kernel("linear"), max_epochs=1)
    assert "the dual update" in text.spoken_line(run, 0)
    assert text.spoken_line(run, 1) == (
        "visit 1: point (1, 1), label +1, f(x) = 0, a tie, so a mistake; α of example 1 becomes 1"
    )
    # The linear kernel is the augmented dot product, a·b + 1: f((2, 2)) = 1·(2 + 2 + 1) = 5,
    # the primal's w·x + b of ERRATA's table: no mistake.
    assert text.spoken_line(run, 2) == (
        "visit 2: point (2, 2), label +1, f(x) = 5, no mistake; α of example 2 stays 0"
    )


def test_the_table_reads_the_scores_at_the_step():
    # Example 1 after 3 visits: w = (0, -1), b = 0 (ERRATA's table); scores -1, -2, -2, -1.
    run = pc.train(*EXAMPLE1, max_epochs=2)
    html = table.table_html(run, 3)
    assert f"w = (0, {M}1), b = 0: 2 of 4 rows classified wrongly" in html
    cells = html.split("<tbody>")[1]
    assert cells.count("wrongly (a mistake)") == 2
    assert f"<td>2</td><td>2</td><td>+1</td><td>{M}2</td><td>wrongly (a mistake)</td>" in cells
    assert f"<td>1</td><td>2</td><td>{M}1</td><td>{M}2</td><td>correctly</td>" in cells
    assert '<th scope="col">w·x + b now</th>' in html and "<caption>" in html
    capped = table.table_html(run, 3, limit=2)
    assert capped.count('<th scope="row">') == 2
    assert "The first 2 of 4 points are listed (the table&#x27;s limit)." in capped


def test_the_line_is_in_the_labs_notation_and_language():
    """Example 1's visits 1 and 3 (the hand trace above) in θ, θ₀, in Duda & Hart's a
    (bias first), in Hagan's 0/1 targets, and in German: the same numbers, the notation's
    symbols and the language's words."""
    from ui import notation, words

    run = pc.train(*EXAMPLE1, max_epochs=2)
    with notation.using("theta"):
        assert text.spoken_line(run, 3) == (
            f"visit 3: point (1, 2), label {M}1, θ·x + θ₀ = 4, a mistake; "
            f"θ becomes (0, {M}1), θ₀ = 0"
        )
    with notation.using("augmented"):
        assert text.spoken_line(run, 1) == (
            "visit 1: point (1, 1), label ω₁, aᵀ(1, x) = 0, a tie, so a mistake; "
            "a becomes (1, 1, 1)"
        )
    with notation.using("hardlim"):
        assert text.spoken_line(run, 3).startswith(
            "visit 3: point (1, 2), label 0, n = w·p + b = 4, a mistake; "
        )
    with words.using("de"):
        assert text.spoken_line(run, 4) == (
            f"Besuch 4: Punkt (2, 1), Label {M}1, w·x + b = {M}1, kein Fehler; "
            f"w bleibt (0, {M}1), b = 0; Ende von Epoche 1: 2 Fehler"
        )


def _textbook_weights(X, y, orders):
    """The notes' loop from w = 0, b = 0, eta = 1 over the run's visiting orders."""
    w, b = [0.0] * X.shape[1], 0.0
    for order in orders:
        for i in order:
            xi, yi = [float(v) for v in X[i]], int(y[i])
            if yi * (sum(wj * xj for wj, xj in zip(w, xi, strict=True)) + b) <= 0:
                w = [wj + yi * xj for wj, xj in zip(w, xi, strict=True)]
                b += yi
    return np.array(w), b


def test_a_wide_w_is_said_by_its_entries_not_its_ends(tmp_path):
    """Digits 0 vs 1 on 64 pixel columns (scikit-learn's copy, written as a CSV here): the
    first two and the last pixel are 0 in every image, so "first two, …, last" said
    "(0, 0, …, 0: 64 entries)" for a w with dozens of non-zero entries. The line says how
    many entries are not 0, the norm and the largest entry, from a textbook loop."""
    sk = pytest.importorskip("sklearn.datasets")
    digits = sk.load_digits(as_frame=True).frame
    path = tmp_path / "digits01.csv"
    digits[digits["target"].isin([0, 1])].to_csv(path, index=False)
    pixels = [c for c in digits.columns if c != "target"]  # in the file's order
    ds = datasets.load_csv(path, features=pixels, label="target")
    assert ds.d == 64
    run = pc.train(ds.X, ds.y, max_epochs=100)
    assert run.converged
    w, b = _textbook_weights(ds.X, ds.y, [run.order(e) for e in range(run.epochs)])
    assert w[0] == w[1] == w[-1] == 0 and np.count_nonzero(w) > 3  # the case
    line = text.spoken_line(run, run.n_visits)
    j = int(np.argmax(np.abs(w)))
    said_w = (
        f"w stays (64 entries, {np.count_nonzero(w)} not 0, norm {np.linalg.norm(w):.4g}, "
        f"largest {w[j]:.4g} at entry {j + 1})".replace("-", M)
    )
    assert said_w in line, line
    assert "0, 0, …, 0" not in line
    assert "(all 64 entries 0)" in text.spoken_line(run, 0)
    from ui import words

    with words.using("de"):
        assert f"(64 Einträge, {np.count_nonzero(w)} davon nicht 0" in text.spoken_line(
            run, run.n_visits
        )
