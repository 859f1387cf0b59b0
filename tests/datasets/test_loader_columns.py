"""What the loader makes of columns that look like numbers but are not what they seem: row
numbers, German thousands separators, and ``|`` as the separator.

Expected values come from what each test writes; separability from a linear program
written here (an exact feasibility oracle), never from the loader or the engine.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from scipy.optimize import linprog

import perceptron_core as pc
from datasets import DatasetError, inspect_csv, load_csv

DATA = Path(__file__).resolve().parents[2] / "tests" / "data"
IRIS = pd.read_csv(DATA / "iris_full.csv")


def separable(X: np.ndarray, y: np.ndarray) -> bool:
    """Is there (w, b) with y (w.x + b) >= 1 for every point? (LP feasibility)"""
    A = -y[:, None] * np.hstack([X, np.ones((len(X), 1))])
    done = linprog(np.zeros(A.shape[1]), A_ub=A, b_ub=-np.ones(len(X)), bounds=(None, None))
    return done.status == 0


# -- row numbers -------------------------------------------------------------------------


def _iris_with(name: str, values) -> str:
    frame = IRIS.copy()
    frame.insert(0, name, values)
    return frame.to_csv(index=False)


@pytest.mark.parametrize(
    ("name", "start"),
    [("Nr.", 1), ("id", 1), ("No.", 1), ("#", 1), ("Lfd. Nr.", 1), ("student_id", 1),
     ("index", 0), ("", 0), ("counter", 1), ("zähler", 0)],
)  # fmt: skip
def test_a_row_number_is_never_proposed_as_a_feature(name, start):
    text = _iris_with(name, np.arange(start, start + len(IRIS)))
    info = inspect_csv(text)
    shown = name or "column 1"
    assert shown not in info.features
    # The two measurements that tell the classes apart (issue 27), not the first two.
    assert info.features == ("petal_length", "petal_width")
    assert shown in info.numeric_columns  # it can still be chosen by hand


def test_iris_is_not_separable_on_the_proposal_but_was_on_the_row_number():
    text = _iris_with("Nr.", np.arange(1, len(IRIS) + 1))
    pair = IRIS[IRIS.species.isin(["versicolor", "virginica"])]
    y = np.where(pair.species == "virginica", 1, -1)
    # The file is sorted by class, so its row number separates any two classes.
    assert separable(np.column_stack([pair.index + 1, pair.sepal_length]), y)
    ds = load_csv(text, positive="virginica", negative="versicolor")
    assert ds.feature_names == ("petal_length", "petal_width")  # the telling two (issue 27)
    assert not separable(ds.X, np.asarray(ds.y))
    assert not pc.theory(ds.X, ds.y).separable  # what the page says agrees
    # Chosen by hand, it is used, and the note says what it is.
    picked = load_csv(text, ["Nr.", "sepal_length"], positive="virginica", negative="versicolor")
    assert picked.X[:, 0].tolist() == (pair.index + 1).tolist()
    assert any("looks like a row number" in n for n in picked.params["notes"])


def test_a_measurement_that_happens_to_count_is_kept_when_nothing_else_is_there():
    text = "Nr.,weight,label\n" + "".join(f"{i},{i * 1.5},{'ab'[i % 2]}\n" for i in range(1, 13))
    with pytest.raises(DatasetError, match="besides the label 'label' and the row number 'Nr.'"):
        inspect_csv(text)
    assert load_csv(text, features=["Nr.", "weight"]).X[:, 0].tolist() == list(range(1, 13))


# -- German thousands separators --------------------------------------------------------


def test_thousands_separators_in_a_decimal_comma_file_are_read_as_thousands():
    rows = [("985", "2,5", "a"), ("1.065", "3,25", "b"), ("12.500", "0,5", "a"),
            ("1.234.567,5", "1,0", "b"), ("-2.000", "4", "a")]  # fmt: skip
    text = "Betrag;Anteil;Klasse\n" + "".join(";".join(r) + "\n" for r in rows)
    ds = load_csv(text)
    assert ds.X[:, 0].tolist() == [985.0, 1065.0, 12500.0, 1234567.5, -2000.0]
    assert ds.X[:, 1].tolist() == [2.5, 3.25, 0.5, 1.0, 4.0]
    assert ds.params["dropped_rows"] == 0
    said = inspect_csv(text).describe()
    assert "column 'Betrag': dots read as thousands separators ('1.065' as 1065)" in said


@pytest.mark.parametrize(
    ("column", "message"),
    [
        # Decimal commas elsewhere, and both kinds of dot in one column.
        (["985", "1.065", "1.5", "2"], r"'Betrag' uses the dot both ways: '1\.065'.*'1\.5'"),
        # No decimal comma in the file: 1.065 beside 985 could be either.
        (["985", "1.065", "1.200", "7"], r"'Betrag' has '1\.065' beside whole numbers such as"),
    ],
)
def test_ambiguous_dots_are_refused_with_the_column_and_a_value(column, message):
    other = ["2,5", "3,5", "1,5", "0,5"] if "1.5" in column else ["2", "3", "1", "5"]
    pairs = enumerate(zip(column, other, strict=True))
    text = "Betrag;Anteil;Weitere;Klasse\n" + "".join(
        f"{a};{b};{k * 0.5};{'ab'[k % 2]}\n" for k, (a, b) in pairs
    )
    with pytest.raises(DatasetError, match=message):
        load_csv(text, features=["Betrag", "Anteil"])
    info = inspect_csv(text)  # never proposed; the proposal says why
    assert "Betrag" not in info.features
    assert any("not offered as a feature: column 'Betrag'" in n for n in info.notes)


@pytest.mark.parametrize(
    "text",
    [
        "a;b;k\n1.065;2.5;x\n985.25;3.5;y\n1.5;4;x\n",  # decimal points only
        "a;b;k\n1.065;2;x\n2.130;3;y\n3.250;4;x\n",  # three decimals, no decimal comma
        "a;b;k\n985;2;x\n1.065;3;y\n1.5;4;x\n",  # 1.5 shows the dot is a decimal point
        "a,b,k\n985,2,x\n1.065,3,y\n1.5,4,x\n",  # a comma file: dots are decimal points
    ],
)
def test_dots_that_can_only_be_decimal_points_stay_decimal_points(text):
    expected = [[float(v) for v in line.replace(";", ",").split(",")[:2]] for line in
                text.splitlines()[1:]]  # fmt: skip
    assert load_csv(text).X.tolist() == expected


# -- | as the separator --------------------------------------------------------------------


def test_pipe_separated_files():
    ds = load_csv("a|b|c\n1|2|x\n3|4.5|y\n5|6|x\n")
    assert ds.X.tolist() == [[1, 2], [3, 4.5], [5, 6]] and ds.class_names == ("x", "y")
    assert inspect_csv("a|b|c\n1|2|x\n3|4|y\n").describe().startswith("2 rows; pipe-separated")
    # With decimal commas, and text holding commas (the pipe still wins).
    ds = load_csv("name|x|y|k\nA, B|1,5|2|p\nC, D|2,5|3|q\nE|3,5|1|p\n")
    assert ds.X.tolist() == [[1.5, 2], [2.5, 3], [3.5, 1]]
    with pytest.raises(DatasetError, match="commas, semicolons, tabs or | characters"):
        load_csv("justonecolumn\n1\n2\n")


# -- the proposal: the columns that tell the classes apart (issue 27) -------------------


def test_the_proposal_skips_constant_columns_and_says_why():
    """A constant and a near-constant column first, then noise, then the two measurements
    that follow the class: the proposal is those two, never the first two, and its notes
    have codes whose English words are the note and whose German words differ."""
    from ui import words

    rng = np.random.default_rng(5)
    n = 200
    y = np.where(np.arange(n) % 2 == 0, "ja", "nein")
    sign = np.where(y == "ja", 1.0, -1.0)
    frame = pd.DataFrame(
        {
            "border": np.zeros(n),
            "almost": np.r_[np.ones(n - 1), 2.0],  # one value in 199 of 200 rows
            "noise": rng.normal(size=n),
            "tells": sign * 2 + rng.normal(size=n),
            "also": -sign + 0.5 * rng.normal(size=n),
            "answer": y,
        }
    )
    info = inspect_csv(frame.to_csv(index=False))
    assert info.features == ("tells", "also")
    assert info.positive == "ja"  # by the word, though "nein" sorts last
    codes = {note.code: note for note in info.notes}
    note = codes["load.note.informative.constant"]
    assert note.fields["constant"] == 2 and note.fields["k"] == 5
    for note in info.notes:
        assert words.t(note.code, **note.fields) == note
        with words.using("de"):
            assert words.t(note.code, **note.fields) != note
    # The note on separability follows the LP here: said only when the two do not
    # separate the classes and all five do.
    labels = np.where(y == "ja", 1, -1)
    two = separable(frame[["tells", "also"]].to_numpy(), labels)
    every = separable(frame[["border", "almost", "noise", "tells", "also"]].to_numpy(), labels)
    assert ("load.note.all_separate" in codes) == (not two and every)
