"""The loader against what students and attackers bring: formulas in names, comment lines
above the table, Excel and gzip'd files, other binaries, oversized files, case variants of
one label, values that would overflow, and enormous names.

Each test states the behaviour in the user's terms; the values are checked against what
the test wrote, never against the loader's own output.
"""

from __future__ import annotations

import csv
import gzip
import io
import zipfile

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from workbooks import workbook

import datasets
from datasets import Dataset, DatasetError, inspect_csv, load_csv

openpyxl = pytest.importorskip("openpyxl")

SLOW_OK = settings(
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    database=None,
)
FORMULAS = ['=HYPERLINK("http://x","y")', "=1+2", "@SUM(A1)", "+abc", "-abc", "\tx", "\rx"]


def _cells(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text, newline="")))


def _runs_as_formula(cell: str) -> bool:
    """What Excel, LibreOffice and Sheets would run: text starting with = + - @ tab CR."""
    if not cell or cell[0] not in "=+-@\t\r":
        return False
    try:
        float(cell)
    except ValueError:
        return True
    return False


# -- 1. formula injection -------------------------------------------------------------------


def test_neutralise_and_restore_are_exact_inverses():
    for text in [*FORMULAS, "'=x", "''=x", "plain", "'plain", "-1.5", "+1", "1e-5", ""]:
        safe = datasets.neutralise_formula(text)
        assert not _runs_as_formula(safe)
        assert datasets.restore_formula(safe) == text
    assert datasets.neutralise_formula("-1.5") == "-1.5"  # numbers stay numbers
    assert datasets.neutralise_formula("=1+2") == "'=1+2"
    assert datasets.csv_field("=1+2") == '"\'=1+2"'  # prefixed and quoted


@pytest.mark.parametrize("name", FORMULAS[:5])
def test_to_csv_never_writes_a_live_formula(name):
    ds = Dataset(
        [[0.0, -1.5], [1.0, 2.0], [-2.0, 0.5]],
        [1, -1, 1],
        feature_names=(name, "@b"),
        class_names=(name, "@other"),
    )
    text = ds.to_csv()
    for row in _cells(text):
        assert not any(_runs_as_formula(cell) for cell in row), row
    back = load_csv(text)
    assert back.feature_names == ds.feature_names
    assert back.class_names == ds.class_names
    assert np.array_equal(back.X, ds.X)  # -1.5 stays the number -1.5


def test_the_loader_strips_exactly_one_quote_before_a_formula():
    text = "\"'=a\",\"''=b\",'c,kind\n1,2,3,\"'+yes\"\n2,3,4,\"''@no\"\n3,4,5,'plain\n"
    info = inspect_csv(text)
    assert info.columns == ("=a", "'=b", "'c", "kind")
    assert set(info.label_candidates["kind"]) == {"+yes", "'@no", "'plain"}


@pytest.mark.slow
@settings(SLOW_OK, max_examples=300)
@given(
    prefix=st.sampled_from(["", "'", "''", " "]),
    trigger=st.sampled_from(["=", "+", "-", "@", "\t", "\r", "", "'"]),
    rest=st.text(
        alphabet=st.characters(blacklist_categories=["Cs"], blacklist_characters="\x00"),
        max_size=10,
    ),
)
def test_formula_names_round_trip_exactly(prefix, trigger, rest):
    name = prefix + trigger + rest
    try:
        ds = Dataset(
            [[0.0, 1.0], [1.0, 0.0], [2.0, 2.0]],
            [1, -1, 1],
            feature_names=(name, "other"),
            class_names=(name, "zz"),
        )
    except DatasetError:
        return  # empty after strip, a missing-value token, or equal to the other name
    text = ds.to_csv()
    assert not any(_runs_as_formula(cell) for row in _cells(text) for cell in row)
    back = load_csv(text)
    assert back.feature_names == ds.feature_names
    assert back.class_names == ds.class_names


# -- 2. lines above the table ----------------------------------------------------------------

ROWS = [(i * 0.5, (i % 3) - 1.0, "pos" if i % 2 else "neg") for i in range(12)]
BODY = "mass,charge,label\n" + "".join(f"{a},{b},{c}\n" for a, b, c in ROWS)
PREAMBLES = {
    "comment": "# Exported by LabTool v2, 2024-01-01, site A\n",
    "two fields": "Experiment: mass, charge\n",
    "four fields": "Source: a, b, c, d\n",
    "many commas": "Source: a, b, c, d, e, f, g, h, i, j\n",
    "all of them": (
        "# Exported by LabTool v2, 2024-01-01, site A\nExperiment: mass, charge\n"
        "Source: a, b, c, d\n\n"
    ),
}


@pytest.mark.parametrize("preamble", list(PREAMBLES), ids=str)
def test_comment_and_metadata_lines_above_the_header_are_skipped(preamble):
    text = PREAMBLES[preamble] + BODY
    lines = sum(1 for line in PREAMBLES[preamble].splitlines() if line.strip())
    ds = load_csv(text)
    assert ds.feature_names == ("mass", "charge") and ds.params["label"] == "label"
    assert ds.X.tolist() == [[a, b] for a, b, _ in ROWS]  # all 12 rows, none lost
    assert ds.params["dropped_rows"] == 0
    assert ds.params["preamble_lines"] == lines
    info = inspect_csv(text)
    said = f"skipped {lines} line above" if lines == 1 else f"skipped {lines} lines above"
    assert info.preamble_lines == lines and said in info.describe()


def test_preamble_without_a_header_and_semicolon_tables():
    rows = "".join(f"{a};{b};{c}\n".replace(".", ",") for a, b, c in ROWS)
    ds = load_csv("Source: a, b, c, d\n# comment, with, commas\n" + rows)
    assert ds.X.tolist() == [[a, b] for a, b, _ in ROWS]
    assert ds.params["header"] is False and ds.params["preamble_lines"] == 2


def test_bad_rows_in_the_table_are_not_mistaken_for_its_start():
    text = BODY.replace("1.5,0.0,pos\n", "1.5,0.0,pos,extra\n").replace(
        "2.5,1.0,pos\n", "abc,def,pos\n"
    )
    ds = load_csv(text)
    assert ds.feature_names == ("mass", "charge") and ds.params["preamble_lines"] == 0
    assert ds.params["rows_read"] == 12


# -- 3. Excel workbooks, gzip'd CSV, other binaries -------------------------------------------


TABLE = [["mass", "charge", "label"]] + [[a, b, c] for a, b, c in ROWS]


def test_xlsx_first_sheet_by_default_and_any_sheet_by_name_or_index(tmp_path):
    other = [["x", "y", "kind"], [1, 2.25, "a"], [3, 4.5, "b"], [5, 6.75, "a"]]
    data = workbook({"Data": TABLE, "Other": other})
    path = tmp_path / "lab.xlsx"
    path.write_bytes(data)
    for source in (data, path, io.BytesIO(data)):
        ds = load_csv(source)
        assert ds.X.tolist() == [[a, b] for a, b, _ in ROWS]
        assert ds.class_names == ("neg", "pos") and ds.params["file_type"] == "xlsx"
        assert ds.params["sheet"] == "Data"
    info = inspect_csv(data)
    assert info.sheets == ("Data", "Other") and info.sheet == "Data"
    assert info.file_type == "xlsx" and "Excel sheet 'Data'" in info.describe()
    for pick in ("Other", "other", 1):
        picked = load_csv(data, sheet=pick)
        assert picked.feature_names == ("x", "y") and picked.X[:, 1].tolist() == [2.25, 4.5, 6.75]
    with pytest.raises(DatasetError, match="no sheet 'Nope'.*'Data', 'Other'"):
        load_csv(data, sheet="Nope")
    with pytest.raises(DatasetError, match="applies to Excel workbooks"):
        load_csv(BODY, sheet="Data")


def test_xlsx_is_recognised_by_content_whatever_its_name(tmp_path):
    data = workbook({"Sheet1": TABLE})
    path = tmp_path / "renamed.csv"
    path.write_bytes(data)
    assert load_csv(path).n == len(ROWS)


def test_xlsx_values_are_exact_and_formula_text_is_kept():
    table = [
        ["=x", "w", "label"],  # text cells (openpyxl writes "=x" as a formula: set below)
        [1e-20, 0.1, "'=HYPERLINK()"],
        [1.602176634e-19, 123456789, "yes"],
        [-2.5, True, "yes"],
    ]
    book = openpyxl.Workbook()
    sheet = book.active
    for row in table:
        sheet.append(row)
    sheet["A1"].data_type = "s"  # a text cell that reads "=x", not a formula
    buffer = io.BytesIO()
    book.save(buffer)
    ds = load_csv(buffer.getvalue(), features=["=x", "w"], label="label")
    assert ds.feature_names == ("=x", "w")
    assert ds.X[:2].tolist() == [[1e-20, 0.1], [1.602176634e-19, 123456789.0]]
    assert set(ds.class_names) == {"'=HYPERLINK()", "yes"}


def test_xlsx_row_limit_is_enforced_while_streaming(monkeypatch):
    from datasets import _limits

    data = workbook({"Big": [["a", "b", "c"]] + [[i, i * 2, i % 2] for i in range(300)]})
    monkeypatch.setattr(_limits, "MAX_ROWS", 100)
    with pytest.raises(DatasetError, match="more than 100 data rows"):
        load_csv(data)


def test_gzip_csv_by_magic_and_by_name(tmp_path):
    packed = gzip.compress(BODY.encode())
    path = tmp_path / "points.csv.gz"
    path.write_bytes(packed)
    other = tmp_path / "points.dat"  # recognised by the magic bytes, not the name
    other.write_bytes(packed)
    for source in (packed, path, other, io.BytesIO(packed)):
        ds = load_csv(source)
        assert ds.X.tolist() == [[a, b] for a, b, _ in ROWS]
        assert ds.params["file_type"] == "csv.gz"
    assert load_csv(path).source == "points.csv"
    assert "gzip-compressed" in inspect_csv(packed).describe()
    # Two members (as `cat a.gz b.gz` makes) are one file, as gzip itself reads them.
    halves = BODY.split("\n", 6)
    two = gzip.compress("\n".join(halves[:6]).encode() + b"\n")
    two += gzip.compress(halves[6].encode())
    assert load_csv(two).n == len(ROWS)


def test_gzip_bomb_is_refused_without_using_memory(monkeypatch):
    from datasets import _limits

    monkeypatch.setattr(_limits, "MAX_FILE_BYTES", 1_000_000)
    bomb = gzip.compress(b"1,2,a\n" * 10_000_000)  # 60 MB of text in ~60 KB
    assert len(bomb) < 1_000_000
    with pytest.raises(DatasetError, match="unpacks to more than"):
        load_csv(bomb)
    with pytest.raises(DatasetError, match="cut short"):
        load_csv(gzip.compress(BODY.encode())[:-12])
    with pytest.raises(DatasetError, match="damaged"):
        load_csv(b"\x1f\x8b\x08\x00" + b"\xff" * 40)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(600), r"old Excel 97-2003 .*\.xls.*\.xlsx"),
        (b"%PDF-1.7\n" + bytes(100), "PDF"),
        (b"\x89PNG\r\n\x1a\n" + bytes(100), "PNG image"),
        (b"BZh91AY&SY" + bytes(50), "bzip2"),
    ],
)
def test_other_binaries_are_named_with_what_to_do(data, message):
    for reader in (load_csv, inspect_csv):
        with pytest.raises(DatasetError, match=message) as caught:
            reader(data)
    assert any(word in str(caught.value) for word in ("save", "export", "extract", "load"))


def _zip(entries: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as book:
        for name, content in entries.items():
            book.writestr(name, content)
    return buffer.getvalue()


@pytest.mark.parametrize(
    ("entries", "message"),
    [
        ({"mimetype": b"application/vnd.oasis.opendocument.spreadsheet"}, r"\.ods.*\.xlsx"),
        ({"word/document.xml": b"<w/>"}, "Word document"),
        ({"data.csv": b"a,b\n1,2\n"}, "ZIP archive: extract"),
        ({"xl/workbook.xml": b"<not-a-workbook/>"}, "Excel workbook.*cannot be read.*save"),
    ],
)
def test_zip_files_that_are_not_workbooks(entries, message):
    with pytest.raises(DatasetError, match=message):
        load_csv(_zip(entries))


def test_a_workbook_that_unpacks_to_too_much_is_refused_before_unpacking():
    # Declared sizes bound what zipfile unpacks; a shared-strings bomb is refused by them.
    bomb = _zip({"xl/workbook.xml": b"<workbook/>", "xl/sharedStrings.xml": b" " * 120_000_000})
    assert len(bomb) < 1_000_000
    with pytest.raises(DatasetError, match="unpacks to more than"):
        load_csv(bomb)


# -- 4. one byte limit -----------------------------------------------------------------------


def test_one_byte_limit_in_plain_words(monkeypatch, tmp_path):
    from datasets import _limits

    assert datasets.MAX_FILE_BYTES == 100 * 2**20
    monkeypatch.setattr(_limits, "MAX_FILE_BYTES", 2**20)
    path = tmp_path / "big.csv"
    with open(path, "wb") as handle:
        handle.truncate(int(1.5 * 2**20))  # sparse: nothing is written, nothing read
    with pytest.raises(DatasetError) as caught:
        load_csv(path)
    assert str(caught.value) == (
        "the file is 1.5 MB; the limit is 1 MB: keep the columns you need or sample the rows"
    )


# -- 5. case variants of one label -----------------------------------------------------------


def test_case_and_space_variants_of_a_label_are_one_class():
    labels = ["Yes", "yes", "YES ", "Yes", "no", "No", "no", "Yes"]
    text = "a,b,answer\n" + "".join(f"{i},{i % 3},{v}\n" for i, v in enumerate(labels))
    ds = load_csv(text)
    assert ds.class_names == ("no", "Yes")  # the most frequent spelling names the class
    assert ds.y.tolist() == [1, 1, 1, 1, -1, -1, -1, 1]
    merged = ds.params["merged_labels"]
    assert merged["Yes"] == ("Yes", "yes", "YES ") or set(merged["Yes"]) == {"Yes", "yes", "YES "}
    assert set(merged["no"]) == {"no", "No"}
    info = inspect_csv(text)
    assert info.label_candidates["answer"] == ("no", "Yes")
    assert "merged label spellings: 'Yes', " in info.describe()
    assert load_csv(text, positive="YES").positive_name == "Yes"


def test_two_spellings_that_are_the_only_classes_stay_two_classes():
    text = "a,b,c\n1,2,A\n2,3,a\n3,4,A\n"
    assert set(load_csv(text).class_names) == {"a", "A"}
    assert load_csv(text).params["merged_labels"] == {}
    ds = Dataset([[0, 1], [1, 0]], [1, -1], class_names=("yes", "Yes"))
    assert load_csv(ds.to_csv()).class_names == ("yes", "Yes")


# -- 6. magnitudes ---------------------------------------------------------------------------


def test_values_that_would_overflow_are_refused_in_plain_words():
    text = "mass,charge,label\n1,2,a\n3e300,4,b\n5,6,a\n"
    for reader in (load_csv, inspect_csv):
        with pytest.raises(DatasetError) as caught:
            reader(text)
        assert str(caught.value) == (
            "column 'mass' has values up to 3.0e+300: rescale the column "
            "(values must stay below 1e100)"
        )
    with pytest.raises(DatasetError, match="'charge' has values down to -2.0e\\+101"):
        load_csv("mass,charge,label\n1,-2e101,a\n3,4,b\n")


def test_tiny_and_limit_values_load_exactly():
    values = [[1e-20, 1.602176634e-19], [-1e-300, 1e100], [-1e100, 5e-324]]
    text = "mass,charge,label\n" + "".join(
        f"{a!r},{b!r},{k}\n" for (a, b), k in zip(values, "aba", strict=True)
    )
    ds = load_csv(text)
    assert ds.X.tolist() == values
    assert datasets.MAX_ABS_VALUE == 1e100


# -- 7. hostile names ------------------------------------------------------------------------


def test_huge_names_are_refused_and_long_ones_kept_exactly():
    big = "x" * 1_000_000
    with pytest.raises(DatasetError, match="column 3 is longer than 10,000 characters"):
        load_csv(f"a,b,{big}\n1,2,y\n2,3,n\n")
    with pytest.raises(DatasetError, match="class name in column 'c' is 1,000,000 characters"):
        load_csv(f"a,b,c\n1,2,{big}\n2,3,n\n3,4,n\n")
    long = "<b>**" + "y" * (datasets.MAX_NAME_CHARS - 5)
    ds = load_csv(f"a,{long},c\n1,2,{long}\n2,3,n\n3,4,n\n")
    assert ds.feature_names == ("a", long) and long in ds.class_names
