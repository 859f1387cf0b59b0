"""/batch's least-squares section through AppTest, against numpy's lstsq solved here and
a textbook perceptron loop (never the page's own numbers or the view's functions)."""

import re

import numpy as np
import pytest
from lab_app import open_page
from md_oracle import text_of

import datasets

BATCH = "pages/batch.py"


def oracle(X, y):
    """Least squares of 004 solved by numpy: a, the criterion, the ±1 scores' errors."""
    A = np.column_stack([np.ones(len(y)), X])
    c = (y > 0).astype(float)
    a, *_ = np.linalg.lstsq(A, c, rcond=None)
    criterion = float(((A @ a - c) ** 2).sum())
    scores = 2 * (A @ a) - 1
    scores[np.abs(scores) < 1e-9] = 0.0  # exact ties (XOR) come out as rounding
    return a, criterion, int(np.count_nonzero(y * scores <= 0))


def textbook_errors(X, y, epochs):
    """The notes' loop from w = 0 for ``epochs`` (or until clean): errors of its last line."""
    w, b = np.zeros(X.shape[1]), 0.0
    for _ in range(epochs):
        clean = True
        for x, label in zip(X, y, strict=True):
            if label * (w @ x + b) <= 0:
                w, b, clean = w + label * x, b + label, False
        if clean:
            break
    return int(np.count_nonzero(y * (X @ w + b) <= 0))


def on_example(name, **query):
    at = open_page(BATCH, **query)
    at.selectbox(key="bt_example").set_value(name).run()
    assert not at.exception, at.exception
    return at


def table_rows(at) -> list[list[str]]:
    (table,) = at.table
    frame = table.value
    return [[str(v) for v in row] for row in frame.itertuples(index=False)]


def captions(at) -> str:
    return "\n".join(text_of(c.value) for c in at.caption)


def number(s: str) -> float:
    return float(s.replace(",", "").replace("−", "-"))


@pytest.fixture(scope="module")
def outlier():
    return on_example("outlier_far", bt_source="Examples")


def test_separable_data_least_squares_does_not_separate(outlier):
    at = outlier
    ds = datasets.generate("outlier_far")
    a, criterion, errors = oracle(ds.X, ds.y)
    assert errors == 3
    rows = {row[0]: row for row in table_rows(at)}
    ls = rows["least squares"]
    assert int(ls[2]) == errors
    # the weights the criterion is written with: w = (a1, a2), b = a0, the line at ½
    shown = re.fullmatch(r"w = \((\S+), (\S+)\), b = (\S+)", ls[1])
    assert shown, ls[1]
    w1, w2, b = (number(g) for g in shown.groups())
    assert [b, w1, w2] == pytest.approx(list(a), rel=1e-3)
    value = number(re.search(r"= (\S+)$", ls[3]).group(1))
    assert value == pytest.approx(criterion, rel=1e-3)
    epochs = int(at.session_state["bt_max_epochs"])
    assert int(rows["perceptron (its last line)"][2]) == textbook_errors(ds.X, ds.y, epochs) == 0
    assert int(rows["pocket"][2]) == 0  # separable and converged: the pocket holds a separator
    said = captions(at)
    assert "A line separates these points, yet least squares leaves 3 training errors." in said
    traces = _ls_chart(at)["data"]
    names = [t.get("name", "") for t in traces]
    (line,) = [t for t in traces if t.get("name", "").startswith("least squares")]
    xs, ys = np.array(line["x"], dtype=float), np.array(line["y"], dtype=float)
    assert len(xs) >= 2
    np.testing.assert_allclose(a[0] + a[1] * xs + a[2] * ys, 0.5, atol=1e-6)
    assert any(n.startswith("least squares: 3 wrong") for n in names)
    assert any(n.startswith("perceptron (its last line): 0 wrong") for n in names)


def _ls_chart(at) -> dict:
    from lab_app import charts

    return charts(at)["bt_least_squares"]


def test_xor_least_squares_draws_no_line():
    at = on_example("notes_002_example2", bt_source="Examples")
    ds = datasets.generate("notes_002_example2")
    a, _, errors = oracle(ds.X, ds.y)
    assert np.allclose(a[1:], 0.0, atol=1e-12) and errors == 4  # every point a tie
    rows = {row[0]: row for row in table_rows(at)}
    assert int(rows["least squares"][2]) == 4
    assert "Least squares gives w = 0 here" in captions(at)


def test_overlapping_iris_counts_each_rules_errors():
    at = on_example("iris_versicolor_virginica", bt_source="Examples")
    ds = datasets.generate("iris_versicolor_virginica")
    _, criterion, errors = oracle(ds.X, ds.y)
    rows = {row[0]: row for row in table_rows(at)}
    assert int(rows["least squares"][2]) == errors
    epochs = int(at.session_state["bt_max_epochs"])
    last = textbook_errors(ds.X, ds.y, epochs)
    assert int(rows["perceptron (its last line)"][2]) == last
    said = captions(at)
    assert f"No line separates these points: least squares leaves {errors} training errors" in said
    assert f"the perceptron's last line {last} training error" in said


@pytest.mark.parametrize(
    ("notation", "expected"),
    [
        ("wb", r"w\cdot x_i + b - c_i"),
        ("augmented", r"a^{\top}(1, x_i) - c_i"),
        ("hardlim", r"\cdot p_i + b - t_i"),
        ("theta", r"\theta\cdot x_i + \theta_0 - c_i"),
    ],
)
def test_the_criterion_in_every_notation(notation, expected):
    at = open_page(BATCH, notation=notation)
    latex = [x.value for x in at.latex]
    assert any(expected in v for v in latex), latex


def test_german_says_the_same_numbers():
    at = on_example("outlier_far", bt_source="Examples", lang="de")
    rows = {row[0]: row for row in table_rows(at)}
    assert int(rows["kleinste Quadrate"][2]) == 3
    assert "Eine Gerade trennt diese Punkte, doch kleinste Quadrate lassen 3 Trainingsfehler." in (
        captions(at)
    )
