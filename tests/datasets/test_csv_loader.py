"""load_csv / inspect_csv / to_csv against real files, many dialects and hostile input.

Values are always checked against their source (plotly's bundled Iris, or the numbers a
test wrote), never against the loader's own output.
"""

from __future__ import annotations

import csv
import io
import itertools
from pathlib import Path

import numpy as np
import pandas as pd
import plotly.express as px
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import datasets
from datasets import Dataset, DatasetError, generate, inspect_csv, load_csv

DATA = Path(__file__).resolve().parents[2] / "tests" / "data"
IRIS = px.data.iris()
PETALS = ["petal_length", "petal_width"]


def iris_part(species):
    return IRIS[IRIS.species.isin(species)]


# -- real files ----------------------------------------------------------------------------


def test_german_excel_iris_semicolons_and_decimal_commas():
    path = DATA / "iris_semicolon_decimal_comma.csv"
    info = inspect_csv(path)
    assert (info.delimiter, info.decimal, info.header) == (";", ",", True)
    assert info.label == "species"
    assert info.label_candidates["species"] == ("setosa", "versicolor", "virginica")
    assert info.numeric_columns == ("sepal_length", "sepal_width", "petal_length", "petal_width")
    assert (info.negative, info.positive, info.excluded_rows) == ("setosa", "versicolor", 50)
    assert any("3 classes" in note for note in info.notes)

    ds = load_csv(path, features=PETALS, label="species", positive="virginica", negative="rest")
    assert ds.n == 150 and ds.class_names == ("not virginica", "virginica")
    assert np.array_equal(ds.X, IRIS[PETALS].to_numpy())  # bit for bit, from decimal commas
    assert np.array_equal(ds.y == 1, (IRIS.species == "virginica").to_numpy())
    assert ds.params["dropped_rows"] == 0 and ds.params["negative"] == "rest"


def test_latin1_headers_and_class_names():
    ds = load_csv(DATA / "latin1_headers.csv")
    part = iris_part(["setosa", "versicolor"])
    assert ds.params["encoding"] == "latin-1"
    assert ds.feature_names == ("longueur_pétale", "largeur_pétale")
    assert ds.class_names == ("sétosa", "versicolore")
    assert np.array_equal(ds.X, part[PETALS].to_numpy())
    assert np.array_equal(ds.y == 1, (part.species == "versicolor").to_numpy())


def test_bom_crlf_quoted_text_and_id_column():
    info = inspect_csv(DATA / "bom_quoted_ids.csv")
    assert info.encoding == "utf-8-sig"
    assert info.columns == ("id", "comment", "hours_studied", "hours_slept", "passed")
    assert info.features == ("hours_studied", "hours_slept")  # the id is not a feature
    assert info.label == "passed" and info.positive == "yes"
    ds = load_csv(DATA / "bom_quoted_ids.csv")
    assert ds.X.tolist() == [[2.5, 7], [1.0, 5.5], [4.25, 8], [0.5, 4], [3.75, 6.5], [1.5, 6]]
    assert ds.y.tolist() == [1, -1, 1, -1, 1, -1]
    comments = load_csv(DATA / "bom_quoted_ids.csv", features=["id", "hours_slept"])
    assert comments.X[:, 0].tolist() == [1, 2, 3, 4, 5, 6]  # chosen explicitly: allowed
    with pytest.raises(DatasetError, match="'comment' is not numeric"):
        load_csv(DATA / "bom_quoted_ids.csv", features=["comment", "hours_slept"])


def test_tab_separated_without_header_labels_1_2():
    info = inspect_csv(DATA / "tab_no_header.tsv")
    assert (info.delimiter, info.header) == ("\t", False)
    assert info.columns == ("column 1", "column 2", "column 3")
    ds = load_csv(DATA / "tab_no_header.tsv")
    assert ds.X[:, 0].tolist() == [0.2, 1.7, -0.6, 2.9, 0.05, 3.5]
    assert ds.class_names == ("2", "1") and ds.params["positive"] == "1"
    assert ds.y.tolist() == [1, -1, 1, -1, 1, -1]
    swapped = load_csv(DATA / "tab_no_header.tsv", positive=2)
    assert swapped.class_names == ("1", "2") and swapped.y.tolist() == [-1, 1, -1, 1, -1, 1]
    by_index = load_csv(DATA / "tab_no_header.tsv", features=[1, 0], label=2)
    assert by_index.feature_names == ("column 2", "column 1")


def test_bad_rows_are_dropped_and_counted():
    info = inspect_csv(DATA / "missing_values.csv")
    expected = {
        "missing value": 3,
        "not a number": 1,
        "infinite value": 2,
        "missing label": 1,
        "too many fields": 1,
    }
    assert dict(info.dropped_reasons) == expected and info.dropped_rows == 8
    assert "8 rows dropped" in info.describe()
    ds = load_csv(DATA / "missing_values.csv")
    assert ds.X.tolist() == [[1.0, 2.0], [3.0, 0.5], [4.0, 0.25], [-1.5, 2.5]]
    assert ds.y.tolist() == [1, -1, 1, -1]
    assert ds.params["dropped_rows"] == 8
    assert dict(ds.params["dropped_reasons"]) == expected
    assert ds.params["rows_read"] == 12


def test_pandas_index_export():
    ds = load_csv(DATA / "pandas_index_export.csv")
    part = iris_part(["versicolor", "virginica"])
    assert ds.feature_names == tuple(PETALS)  # the unnamed 0, 1, 2, ... column is skipped
    assert ds.params["label"] == "is_virginica" and ds.class_names == ("0", "1")
    assert np.array_equal(ds.X, part[PETALS].to_numpy())
    assert np.array_equal(ds.y == 1, (part.species == "virginica").to_numpy())


def test_utf16_tab_text_from_excel():
    ds = load_csv(DATA / "utf16_unicode_text.csv")
    assert ds.params["encoding"] == "utf-16" and ds.params["delimiter"] == "\t"
    assert ds.X.tolist() == [[0.5, 1.5], [1.5, 0.5], [2.5, 2.0], [-1.0, 0.0]]
    assert ds.class_names == ("blue", "red") and ds.y.tolist() == [1, -1, 1, -1]


@pytest.mark.parametrize("name", ["utf16le_no_bom.csv", "utf16be_no_bom.csv"])
def test_utf16_without_a_byte_order_mark_is_read(name):
    # Written by iconv -t UTF-16LE / UTF-16BE, which write no BOM (it was "a binary file").
    assert not (DATA / name).read_bytes().startswith((b"\xff\xfe", b"\xfe\xff"))
    ds = load_csv(DATA / name)
    assert ds.params["encoding"] == "utf-16"
    assert ds.feature_names == ("Länge", "Breite") and ds.params["label"] == "Klasse"
    assert ds.X.tolist() == [[1.5, 2.0], [-1.0, 0.5], [3.0, 1.0], [0.0, -2.0]]
    # "ja" is +1 by its word (issue 27), not by the order of the file
    assert ds.class_names == ("nein", "ja") and ds.y.tolist() == [1, -1, 1, -1]


def test_old_mac_line_endings_and_quoted_header():
    ds = load_csv(DATA / "cr_line_endings.csv")
    assert ds.feature_names == ("x", "y") and ds.params["label"] == "class"
    assert ds.X.tolist() == [[0, 0], [1, 1], [0, 1], [1, 0]]
    assert ds.class_names == ("A", "B") and ds.y.tolist() == [1, -1, 1, -1]


def test_three_classes_choices():
    path = DATA / "iris_full.csv"
    default = load_csv(path)
    assert default.class_names == ("setosa", "versicolor") and default.n == 100
    assert default.params["excluded_rows"] == 50
    assert any("3 classes" in note for note in default.params["notes"])
    pair = load_csv(path, features=PETALS, positive="virginica", negative="versicolor")
    part = iris_part(["versicolor", "virginica"])
    assert np.array_equal(pair.X, part[PETALS].to_numpy())
    assert pair.class_names == ("versicolor", "virginica")
    rest = load_csv(path, features=PETALS, positive="setosa", negative="rest")
    assert rest.n == 150 and rest.counts == (100, 50)
    by_id = load_csv(path, features=PETALS, label="species_id", positive=3, negative="rest")
    assert np.array_equal(by_id.y == 1, (IRIS.species == "virginica").to_numpy())
    with pytest.raises(DatasetError, match="'tulip' is not a value"):
        load_csv(path, positive="tulip")
    with pytest.raises(DatasetError, match="must differ"):
        load_csv(path, positive="setosa", negative="setosa")


def test_title_line_above_the_table():
    ds = load_csv(DATA / "title_line.csv")
    assert ds.feature_names == ("cm_a", "cm_b") and ds.X.tolist() == [[1, 2], [2, 1], [3, 3]]
    assert any("above the table" in note for note in ds.params["notes"])


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("empty.csv", "empty"),
        ("header_only.csv", "header but no data rows"),
        ("one_class.csv", "only one class"),
        ("one_numeric.csv", "numeric feature column"),
        ("all_invalid.csv", "none of the 3 rows"),
        ("image_renamed.csv", "PNG image"),
        ("workbook_renamed.csv", "Excel workbook"),
        ("old_excel_renamed.csv", "Excel 97-2003"),
    ],
)
def test_files_that_cannot_become_a_dataset(name, message):
    for reader in (load_csv, inspect_csv):
        with pytest.raises(DatasetError, match=message) as caught:
            reader(DATA / name)
        text = str(caught.value)
        assert "Traceback" not in text and "pandas" not in text.lower()
    # The message says what would fix it, not only what is wrong.
    assert any(word in text for word in ("save", "add", "need", "check", "load", "nothing"))


# -- dialects, written from known values ---------------------------------------------------


def _source_frame(rng):
    n = 40
    X = np.round(rng.normal(size=(n, 2)) * 100, 3)
    labels = np.where(np.arange(n) % 2 == 0, "yes", "no")
    return X, labels


DIALECTS = list(
    itertools.product(
        [",", ";", "\t"],  # delimiter
        [True, False],  # header
        ["\n", "\r\n"],  # line ending
        ["utf-8", "utf-8-sig", "latin-1"],  # encoding
        [False, True],  # extra id and text columns
        [False, True],  # quote every field
    )
)


@pytest.mark.parametrize(("delimiter", "header", "eol", "encoding", "extra", "quote"), DIALECTS)
def test_dialect_matrix(delimiter, header, eol, encoding, extra, quote):
    X, labels = _source_frame(np.random.default_rng(len(delimiter + eol + encoding)))
    decimal_comma = delimiter != ","
    names = ["größe", "gewicht"] if encoding != "utf-8" else ["size (cm)", "weight, kg"]
    rows = []
    if header:
        rows.append((["id", "note"] if extra else []) + names + ["outcome"])
    for i, (x, label) in enumerate(zip(X, labels, strict=True)):
        values = [repr(float(v)) for v in x]
        if decimal_comma:
            values = [v.replace(".", ",") for v in values]
        rows.append(([str(i + 1), f'row {i}; ok, "fine"'] if extra else []) + values + [label])
    buffer = io.StringIO()
    writer = csv.writer(
        buffer,
        delimiter=delimiter,
        lineterminator=eol,
        quoting=csv.QUOTE_ALL if quote else csv.QUOTE_MINIMAL,
    )
    writer.writerows(rows)
    data = buffer.getvalue().encode(encoding)

    ds = load_csv(data)
    assert np.array_equal(ds.X, X)
    assert ds.class_names == ("no", "yes")
    assert np.array_equal(ds.y == 1, labels == "yes")
    assert ds.params["delimiter"] == delimiter
    assert ds.params["decimal"] == ("," if decimal_comma else ".")
    assert ds.params["header"] == header
    if header:
        assert ds.feature_names == tuple(names)
    assert ds.params["dropped_rows"] == 0


@pytest.mark.parametrize(
    ("column", "negative", "positive"),
    [
        # column[0] is written on even rows, column[1] on odd ones; +1 per the proposal rule
        (["0", "1"], "0", "1"),
        (["-1", "1"], "-1", "+1"),
        (["-1", "+1"], "-1", "+1"),
        (["1", "2"], "2", "1"),
        (["no", "yes"], "no", "yes"),
        (["False", "True"], "False", "True"),
        (["negative", "positive"], "negative", "positive"),
        (["setosa", "versicolor"], "setosa", "versicolor"),
        (["0.0", "1.0"], "0", "1"),
        # +1 by the words people mean, before the order (issue 27): "nein" sorts after "ja"
        (["nein", "ja"], "nein", "ja"),
        (["ja", "nein"], "nein", "ja"),
        (["benign", "malignant"], "benign", "malignant"),
        (["ham", "spam"], "ham", "spam"),
        (["healthy", "sick"], "healthy", "sick"),
        (["falsch", "wahr"], "falsch", "wahr"),
        (["no", "maybe"], "no", "maybe"),  # the one negative word decides
    ],
)
def test_label_codings(column, negative, positive):
    # a is not 0, 1, 2, ...: a column counting the rows is never proposed as a feature
    text = "a,b,target\n" + "".join(f"{i + 0.5},{i * i},{column[i % 2]}\n" for i in range(10))
    ds = load_csv(text)
    assert ds.class_names == (negative, positive)
    assert ds.params["positive"] == positive
    odd = Dataset([[0.0]], [1], class_names=(column[0], column[1])).class_names[1]
    sign = 1 if odd == positive else -1  # the odd rows' class, in canonical spelling
    expected = [sign if i % 2 else -sign for i in range(10)]
    assert ds.y.tolist() == expected


def test_sources_bytes_text_paths_and_uploads(tmp_path):
    text = "x1,x2,label\n0.5,1.5,a\n1.5,0.5,b\n2.5,2.0,a\n"
    path = tmp_path / "points.csv"
    path.write_text(text)

    class UploadedFile(io.BytesIO):  # what Streamlit hands the app
        name = "points.csv"

    upload = UploadedFile(text.encode())
    upload.read(5)  # the app peeked at it already
    loaded = [
        load_csv(text),
        load_csv(text.encode()),
        load_csv(io.StringIO(text)),
        load_csv(io.BytesIO(text.encode())),
        load_csv(upload),
        load_csv(path),
        load_csv(str(path)),
    ]
    for ds in loaded:
        assert ds.X.tolist() == [[0.5, 1.5], [1.5, 0.5], [2.5, 2.0]]
        assert ds.y.tolist() == [-1, 1, -1]
    assert loaded[4].source == "points.csv" and loaded[5].source == "points.csv"
    with open(path, encoding="utf-8") as handle:
        assert load_csv(handle).source == "points.csv"
    with pytest.raises(DatasetError, match="no file"):
        load_csv(tmp_path / "missing.csv")
    with pytest.raises(DatasetError, match="folder"):
        load_csv(tmp_path)
    with pytest.raises(DatasetError, match="cannot read a CSV from a int"):
        load_csv(42)


def test_column_choice_errors():
    text = "id,name,x,y,z,label\n1,a,0.5,1,2,0\n2,b,1.5,2,3,1\n3,c,2.5,3,1,0\n"
    assert load_csv(text).feature_names == ("x", "y")
    assert load_csv(text, features=("z", "x")).feature_names == ("z", "x")
    assert load_csv(text, features=("X", "Y")).feature_names == ("x", "y")  # case-insensitive
    with pytest.raises(DatasetError, match="no feature column 'w'.*'label'"):
        load_csv(text, features=("x", "w"))
    with pytest.raises(DatasetError, match="'name' is not numeric"):
        load_csv(text, features=("name", "x"))
    with pytest.raises(DatasetError, match="both a feature and the label"):
        load_csv(text, features=("x", "label"), label="label")
    with pytest.raises(DatasetError, match="distinct values"):
        load_csv("a,b,c\n" + "".join(f"{i},{i},{i}\n" for i in range(30)), label="c")
    with pytest.raises(DatasetError, match="list of column names"):
        load_csv(text, features="x")
    with pytest.raises(DatasetError, match="must differ"):
        load_csv(text, features=("x", "x"))


def test_more_dialect_details():
    # Spaces after delimiters, quoted fields with delimiters and line breaks inside.
    ds = load_csv('x, y, kind\n1, 2, "big, red"\n3, 4, "small\nblue"\n5, 6, "big, red"\n')
    assert ds.X.tolist() == [[1, 2], [3, 4], [5, 6]]
    assert ds.class_names == ("big, red", "small\nblue")
    # Space-separated text (a .txt export), as a fallback.
    spaced = load_csv("1.0 2.0 0\n2.0 1.0 1\n3.0 3.5 0\n")
    assert spaced.params["delimiter"] == " " and spaced.X.tolist()[2] == [3.0, 3.5]
    # Decimal commas in a tab file, mixed with a stray decimal point.
    tabbed = load_csv("a\tb\tc\n1,5\t2,25\tx\n3,0\t4.5\ty\n")
    assert tabbed.X.tolist() == [[1.5, 2.25], [3.0, 4.5]]
    # Whitespace around class names does not split a class.
    assert load_csv("a,b,c\n1,2,yes\n2,3, yes \n3,4,no\n").counts == (1, 2)


@pytest.mark.parametrize("encoding", ["utf-8", "latin-1", "cp1252"])
def test_encoding_is_confirmed_past_the_sniffed_head(encoding, tmp_path):
    # 100 KB of plain ASCII, then the only accented class name: the sniffer's head is
    # ASCII, so the parser finds out about the encoding late and must recover.
    rows = "".join(f"{i % 7}.5,{i % 5}.25,{'yes' if i % 2 else 'no'}\n" for i in range(8000))
    accented = "naïve €" if encoding == "cp1252" else "naïve"
    text = "x1,x2,answer\n" + rows + f"1.0,2.0,{accented}\n"
    data = text.encode(encoding)
    path = tmp_path / "late.csv"
    path.write_bytes(data)
    for source in (data, path):
        ds = load_csv(source, positive="yes", negative="rest")
        assert ds.params["encoding"] == encoding
        assert ds.n == 8001 and ds.X[-1].tolist() == [1.0, 2.0]
        info = inspect_csv(source)
        assert accented in info.label_candidates["answer"]


def test_limits(monkeypatch, tmp_path):
    assert datasets.MAX_FILE_BYTES == 100 * 1024 * 1024  # server.maxUploadSize = 100
    assert (datasets.MAX_ROWS, datasets.MAX_COLUMNS) == (1_000_000, 1_000)
    from datasets import _limits

    text = "a,b,c\n" + "".join(f"{i},{i % 3},{i % 2}\n" for i in range(50))
    monkeypatch.setattr(_limits, "MAX_ROWS", 20)
    with pytest.raises(DatasetError, match="more than 20 data rows"):
        load_csv(text)
    monkeypatch.setattr(_limits, "MAX_ROWS", 1_000_000)
    monkeypatch.setattr(_limits, "MAX_FILE_BYTES", 100)
    (tmp_path / "big.csv").write_text(text)
    for source in (text, text.encode(), tmp_path / "big.csv", io.BytesIO(text.encode())):
        with pytest.raises(DatasetError, match="the limit is"):
            load_csv(source)
    monkeypatch.undo()
    wide = ",".join(f"c{j}" for j in range(1001)) + "\n" + ",".join(["1"] * 1001) + "\n"
    with pytest.raises(DatasetError, match="1,001 columns; at most 1,000"):
        load_csv(wide)


def test_inspect_and_load_agree():
    info = inspect_csv(DATA / "iris_full.csv")
    ds = load_csv(DATA / "iris_full.csv")
    assert ds.feature_names == info.features and ds.params["label"] == info.label
    assert ds.class_names == (info.negative, info.positive)
    assert ds.params["dropped_rows"] == info.dropped_rows


# -- round trips ---------------------------------------------------------------------------


def _round_trip_cases():
    for name in datasets.GENERATORS:
        ds = generate(name, seed=1, noise=0.1 if name == "xor" else 0.0)
        if len(set(ds.y.tolist())) == 2:
            yield name, ds
    yield "preprocessed", generate("blobs", seed=0).preprocessed("standardise")
    yield "far", generate("separable", n=300, seed=0, offset=10.0, margin=0.01)
    odd = np.array([[0.1, -0.0], [1e-300, 1e100], [-2.5e-8, 123456789.123456789], [3.0, -1e100]])
    yield "odd values", Dataset(odd, [1, -1, 1, -1])
    yield (
        "names",
        Dataset(
            [[0, 1], [1, 0], [2, 2]],
            [1, -1, 1],
            feature_names=('width, "cm"', "höhe\nm"),
            class_names=("yes", "no"),  # +1 is "no": the loader needs to be told
        ),
    )
    yield (
        "numeric names",
        Dataset(
            [[0, 1], [1, 0], [2, 2]], [1, -1, 1], feature_names=("0", "1"), class_names=("a", "b")
        ),
    )
    yield (
        "label-like feature",
        Dataset([[0, 1], [1, 0], [0, 0]], [1, -1, 1], feature_names=("label", "class")),
    )
    yield "id feature", Dataset([[1, 5], [2, 3], [3, 4]], [1, -1, 1], feature_names=("id", "b"))
    yield (
        "constant feature named class",
        Dataset([[0, 1], [0, 2], [0, 3]], [1, -1, 1], feature_names=("class", "b")),
    )
    yield "one feature", Dataset([[0.5], [1.5], [2.5]], [1, -1, 1], feature_names=("x",))
    yield "three features", Dataset(np.arange(12.0).reshape(4, 3), [1, -1, 1, -1])
    yield "1/2 classes", Dataset([[0, 1], [1, 0]], [1, -1], class_names=("1", "2"))
    yield "manual", datasets.empty().with_points_added([[0, 0], [1, 1]], [1, -1])
    iris = load_csv(DATA / "iris_full.csv", features=PETALS, positive="setosa", negative="rest")
    yield "loaded", iris


@pytest.mark.parametrize(("case", "ds"), list(_round_trip_cases()), ids=lambda v: str(v)[:30])
def test_to_csv_round_trip_is_identical(case, ds, tmp_path):
    text = ds.to_csv()
    path = tmp_path / "export.csv"
    path.write_text(text, encoding="utf-8")
    for source in (io.StringIO(text), text.encode("utf-8"), path):
        back = load_csv(source)
        assert back.X.shape == ds.X.shape
        assert np.array_equal(back.X.view(np.int64), ds.X.view(np.int64))  # bit for bit
        assert np.array_equal(back.y, ds.y)
        assert back.feature_names == ds.feature_names
        assert back.class_names == ds.class_names
        assert back.params["dropped_rows"] == 0


def test_to_csv_is_a_plain_csv_when_nothing_needs_saying():
    text = generate("separable", n=5, seed=0).to_csv()
    assert text.splitlines()[0] == "x1,x2,label"
    frame = pd.read_csv(io.StringIO(text))
    assert frame.shape == (5, 3)
    iris = generate("iris_setosa_versicolor").to_csv()
    assert iris.startswith("petal_length,petal_width,label\n")
    hinted = Dataset([[0, 1], [1, 0]], [1, -1], class_names=("yes", "no")).to_csv()
    assert hinted.startswith("# perceptron-lab: positive=no\n")


# -- hostile input -------------------------------------------------------------------------


def _accepts(source) -> None:
    """The only two outcomes allowed: a valid Dataset, or DatasetError."""
    try:
        ds = load_csv(source)
    except DatasetError as exc:
        assert str(exc)
        return
    assert isinstance(ds, Dataset)
    assert ds.n >= 2 and ds.X.dtype == np.float64 and np.isfinite(ds.X).all()
    assert set(ds.y.tolist()) == {-1, 1}
    assert ds.params["dropped_rows"] >= 0


# "Thousands" of inputs within the suite's time budget: no deadline (pandas' first call is
# slow), no example database (the tests stay deterministic in CI).
SLOW_OK = settings(
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    database=None,
)


@pytest.mark.slow
@settings(SLOW_OK, max_examples=2500)
@given(st.binary(max_size=300))
def test_random_bytes(data):
    _accepts(data)


TOKENS = [
    ",", ";", "\t", " ", '"', "'", "\n", "\r\n", "\r", "\x00", "\ufeff", "1", "-1", "+1",
    "0", "2.5", "1,5", "1e999", "-inf", "nan", "NA", "?", "", "yes", "no", "x", "é", "€",
    "# perceptron-lab: label=x&positive=yes", "id", "label", "1.5e-3", "  ", "\\", "#",
]  # fmt: skip
ENCODINGS = ["utf-8", "utf-8-sig", "latin-1", "cp1252", "utf-16"]


@st.composite
def mangled_csv(draw):
    """A valid CSV in a random dialect, then cut, spliced, duplicated and re-encoded."""
    delimiter = draw(st.sampled_from([",", ";", "\t"]))
    n = draw(st.integers(0, 12))
    d = draw(st.integers(1, 4))
    rows = [[f"c{j}" for j in range(d)] + ["label"]] if draw(st.booleans()) else []
    for i in range(n):
        values = [
            draw(st.one_of(st.floats(allow_nan=True, allow_infinity=True).map(repr),
                           st.sampled_from(TOKENS)))
            for _ in range(d)
        ]  # fmt: skip
        rows.append(values + [draw(st.sampled_from(["0", "1", "yes", "no", "a", "", "+1"]))])
        if i == 0 and draw(st.booleans()):
            rows.append(rows[-1])
    text = "\n".join(delimiter.join(r) for r in rows)
    for _ in range(draw(st.integers(0, 6))):
        position = draw(st.integers(0, max(len(text), 1)))
        action = draw(st.sampled_from(["insert", "delete", "duplicate", "truncate"]))
        if action == "insert":
            text = text[:position] + draw(st.sampled_from(TOKENS)) + text[position:]
        elif action == "delete":
            text = text[:position] + text[position + draw(st.integers(1, 5)) :]
        elif action == "duplicate":
            text = text[:position] + text[position : position + 20] * 2 + text[position + 20 :]
        else:
            text = text[:position]
    encoding = draw(st.sampled_from(ENCODINGS))
    return text.encode(encoding, errors="replace")


@pytest.mark.slow
@settings(SLOW_OK, max_examples=1000)
@given(mangled_csv())
def test_mangled_csvs(data):
    _accepts(data)


@pytest.mark.slow
@settings(SLOW_OK, max_examples=300)
@given(st.text(max_size=200))
def test_arbitrary_text(text):
    _accepts(io.StringIO(text))


name_chars = st.characters(blacklist_categories=["Cs"], blacklist_characters="\x00")
names_strategy = st.one_of(
    st.text(alphabet=name_chars, min_size=1, max_size=12),
    # What a spreadsheet would run as a formula, with quotes already in front.
    st.tuples(
        st.sampled_from(["", "'", "''"]),
        st.sampled_from("=+-@\t\r"),
        st.text(alphabet=name_chars, max_size=8),
    ).map("".join),
)
# Within the magnitude limit (a larger value is a DatasetError, tested on its own).
bounded = st.floats(-1e100, 1e100, allow_nan=False)


@pytest.mark.slow
@settings(SLOW_OK, max_examples=300)
@given(
    X=st.integers(2, 30).flatmap(
        lambda n: st.lists(
            st.tuples(bounded, bounded),
            min_size=n,
            max_size=n,
        )
    ),
    feature_names=st.tuples(names_strategy, names_strategy),
    class_names=st.tuples(names_strategy, names_strategy),
    seed=st.integers(0, 2**32 - 1),
)
def test_round_trip_property(X, feature_names, class_names, seed):
    y = np.random.default_rng(seed).choice([-1, 1], size=len(X))
    y[:2] = [-1, 1]  # both classes present: a one-class file is not a dataset
    try:
        ds = Dataset(X, y, feature_names=feature_names, class_names=class_names)
    except DatasetError:
        return  # names the contract rejects (empty after strip, equal, missing-value tokens)
    back = load_csv(io.StringIO(ds.to_csv()))
    assert np.array_equal(back.X.view(np.int64), ds.X.view(np.int64))
    assert np.array_equal(back.y, ds.y)
    assert back.feature_names == ds.feature_names
    assert back.class_names == ds.class_names


@pytest.mark.parametrize(
    "class_names",
    [("0f", "0F"), ("0F", "0f"), ("Yes_", "yes_"), ("ab", "aB")],
)
def test_class_names_equal_but_for_case_or_spelling_come_back_as_they_were(class_names):
    """Found by the round-trip property in a clean-clone CI run: two class names equal
    case-blind ("0f", "0F") were ordered by the order they came in, so the loader's default
    +1 class differed from the writer's and the labels came back swapped."""
    X = np.array([[0.0, 1.0], [2.0, 3.0], [4.0, 5.0]])
    y = np.array([-1, 1, -1])
    ds = Dataset(X, y, feature_names=("a", "b"), class_names=class_names)
    back = load_csv(io.StringIO(ds.to_csv()))
    assert np.array_equal(back.y, ds.y) and back.class_names == ds.class_names
