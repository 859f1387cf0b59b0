"""The loader's errors by code (datasets.DatasetError.code and .fields) and the lab's words
for them (the catalogue's data_errors.pot and .po, said by ui.parts.data.said): each coded error's
English template filled with its fields is the loader's own message, word for word, so a
German page says the same thing; an error without a code, or with a code the catalogue
does not have, is shown as the loader wrote it."""

from __future__ import annotations

import gzip
import io
import signal
import zipfile

import pytest
from workbooks import workbook

import datasets
from datasets import _limits
from ui import words
from ui.parts.data import said

GOOD = "x1,x2,label\n1,2,a\n3,1,b\n2,2,a\n"


def damaged_workbook() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        z.writestr("xl/workbook.xml", "<not a workbook")
    return buffer.getvalue()


def deep_workbook() -> bytes:
    """A workbook whose table of contents nests 100,000 elements deep (300 KB)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr(
            "xl/workbook.xml", "<workbook>" + "<a>" * 100_000 + "</a>" * 100_000 + "</workbook>"
        )
    return buffer.getvalue()


def zipped() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        z.writestr("data.csv", GOOD)
    return buffer.getvalue()


def zipped_as(name: str, content: str = "") -> bytes:
    """A ZIP file holding one member, as another program's documents hold theirs."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        z.writestr(name, content)
    return buffer.getvalue()


def with_a_chart() -> bytes:
    import openpyxl
    from openpyxl.chart import BarChart, Reference

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Daten"
    sheet.append(["x1", "x2", "label"])
    sheet.append([1, 2, "a"])
    chart = BarChart()
    chart.add_data(Reference(sheet, min_col=1, min_row=1, max_row=2))
    book.create_chartsheet("Bild").add_chart(chart)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def without_sheets() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        z.writestr("xl/workbook.xml", f'<workbook xmlns="{MAIN}"><sheets/></workbook>')
    return buffer.getvalue()


MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"

CASES = {
    "load.empty": lambda: datasets.load_csv(b""),
    "load.header_only": lambda: datasets.load_csv(b"x1,x2,label\n"),
    "load.unclosed_quote": lambda: datasets.load_csv(b'x1,x2,label\n1,2,a\n3,"4,b\n5,6,a\n'),
    "load.one_class": lambda: datasets.load_csv(b"x1,x2,label\n1,2,a\n3,4,a\n"),
    "load.no_numeric": lambda: datasets.load_csv(b"x1,x2,label\nnan,nan,a\nnan,nan,b\n"),
    "load.one_numeric": lambda: datasets.load_csv(b"x1,x2,label\n1,nan,a\n2,nan,b\n"),
    "load.too_large_up": lambda: datasets.load_csv(b"x1,x2,label\n1e300,2,a\n3,4,b\n"),
    "load.too_large_down": lambda: datasets.load_csv(b"x1,x2,label\n1,-2e200,a\n3,4,b\n"),
    "load.one_class_left": lambda: datasets.load_csv(
        b"x1,x2,label\n1,2,a\nnan,4,b\n5,6,a\n", features=("x1", "x2"), label="label"
    ),
    "load.many_classes": lambda: datasets.load_csv(
        "x1,x2,id\n" + "".join(f"{i},{i % 3},n{i}\n" for i in range(30)), label="id"
    ),
    "load.feature_is_label": lambda: datasets.load_csv(GOOD, features=("x1", "x2"), label="x2"),
    "load.no_label_column": lambda: datasets.load_csv(
        "x1,x2,x3\n" + "".join(f"{i},{i * 2}.5,{i * 3}.25\n" for i in range(30))
    ),
    "load.same_classes": lambda: datasets.load_csv(GOOD, positive="a", negative="a"),
    "load.too_many_columns": lambda: datasets.load_csv(
        ",".join(f"c{j}" for j in range(1001)) + "\n" + ",".join(["1"] * 1001) + "\n"
    ),
    "load.no_sheet": lambda: datasets.load_csv(workbook({"Daten": [["x1"]]}), sheet="Blatt 9"),
    "load.sheet_empty": lambda: datasets.load_csv(
        workbook({"Daten": [["x1"]], "Leer": []}), sheet="Leer"
    ),
    "load.damaged": lambda: datasets.load_csv(damaged_workbook()),
    "load.not_csv.png": lambda: datasets.load_csv(b"\x89PNG\r\n\x1a\n" + bytes(40)),
    "load.not_csv.pdf": lambda: datasets.load_csv(b"%PDF-1.7\n" + bytes(40)),
    "load.not_csv.xls": lambda: datasets.load_csv(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(40)),
    "load.zip": lambda: datasets.load_csv(zipped()),
    "load.damaged_zip": lambda: datasets.load_csv(b"PK\x03\x04" + bytes(40)),
    "load.not_csv.binary": lambda: datasets.load_csv(b"x1,x2\x00label\n" + bytes(40)),
    # A column that is not numeric, with its first bad value, and with no numeric column.
    "load.not_numeric.eg": lambda: datasets.load_csv(
        "x1,x2,label\n1,a,x\n2,b,y\n", features=("x1", "x2"), label="label"
    ),
    "load.not_numeric.eg.none": lambda: datasets.load_csv(
        "x1,x2,label\nu,a,x\nv,b,y\n", features=("x1", "x2"), label="label"
    ),
    "load.not_numeric": lambda: datasets.load_csv(
        "x1,x2,label\n1,,x\n2,,y\n", features=("x1", "x2"), label="label"
    ),
    # No row with valid numbers: the first reason a row was dropped, and where.
    "load.no_valid_rows.missing_value.first": lambda: datasets.load_csv(
        "x1,x2,label\n1,,a\n,2,b\n", features=("x1", "x2"), label="label"
    ),
    "load.no_valid_rows.not_a_number.eg": lambda: datasets.load_csv(
        "x1,x2,label\n1,zz,a\nyy,2,b\n", features=("x1", "x2"), label="label"
    ),
    "load.no_valid_rows.infinite_value.eg": lambda: datasets.load_csv(
        "x1,x2,label\ninf,1,a\n2,inf,b\n", features=("x1", "x2"), label="label"
    ),
    "load.no_numeric.row_number": lambda: datasets.load_csv(
        "Nr,x1,label\n" + "".join(f"{i},,{'ab'[i % 2]}\n" for i in range(1, 9))
    ),
    "load.one_numeric.row_number": lambda: datasets.load_csv(
        "Nr,x1,label\n" + "".join(f"{i},{i % 3}.5,{'ab'[i % 2]}\n" for i in range(1, 9))
    ),
    "load.no_column.feature": lambda: datasets.load_csv(GOOD, features=("x1", "Gewicht")),
    "load.no_column.label": lambda: datasets.load_csv(GOOD, label="Klasse"),
    "load.no_column_at": lambda: datasets.load_csv(GOOD, features=(0, 7)),
    "load.no_features": lambda: datasets.load_csv(GOOD, features=()),
    "load.same_features": lambda: datasets.load_csv(GOOD, features=("x1", "x1")),
    "load.not_a_class": lambda: datasets.load_csv(GOOD, positive="c"),
    "load.long_class_name": lambda: datasets.load_csv(
        f"x1,x2,label\n1,2,a\n3,1,{'b' * (_limits.MAX_NAME_CHARS + 1)}\n"
    ),
    "load.long_column_name": lambda: datasets.load_csv(
        f"x1,{'x' * (_limits.MAX_NAME_CHARS + 1)},label\n1,2,a\n3,1,b\n"
    ),
    "load.one_column": lambda: datasets.load_csv("x\n1\n2\n3\n"),
    "load.bad_utf16": lambda: datasets.load_csv(b"\xff\xfex\x00,\x00\x00\xd8"),
    "load.dots_both": lambda: datasets.load_csv(DOTS.format("1.5"), features=["Betrag", "Anteil"]),
    "load.dots_unsure": lambda: datasets.load_csv(
        DOTS.format("1.200").replace(",", ""), features=["Betrag", "Anteil"]
    ),
    "load.long_line": lambda: datasets.load_csv(b"x1,x2,label\n1,2,a\n" + b",3" * 40 + b"\n"),
    "load.long_field": lambda: datasets.load_csv(b"x1,x2,label\n1,2,a\n3,4," + b"b" * 1_100_000),
    "load.long_values": lambda: datasets.load_csv(
        b"x1,x2,label\n" + b"".join(b"%d,2,%s\n" % (i, b"v" * 70_000) for i in range(70))
    ),
    "load.workbook_nesting": lambda: datasets.load_csv(deep_workbook()),
    "load.gzip_cut": lambda: datasets.load_csv(gzip.compress(GOOD.encode())[:-12]),
    "load.gzip_damaged": lambda: datasets.load_csv(b"\x1f\x8b\x08\x00" + bytes(6) + b"\xff" * 20),
    "load.sheet_of_csv": lambda: datasets.load_csv(GOOD.encode(), sheet="Blatt 1"),
    "load.formulas.cell.others": lambda: datasets.load_csv(
        workbook({"Rechnung": FORMULAS, "Daten": [["x1", "x2", "label"], [1, 2, "a"]]})
    ),
    "load.zip_kind.ods": lambda: datasets.load_csv(
        zipped_as("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
    ),
    "load.zip_kind.odf": lambda: datasets.load_csv(
        zipped_as("mimetype", "application/vnd.oasis.opendocument.text")
    ),
    "load.zip_kind.xlsb": lambda: datasets.load_csv(zipped_as("xl/workbook.bin")),
    "load.zip_kind.docx": lambda: datasets.load_csv(zipped_as("word/document.xml")),
    "load.zip_kind.pptx": lambda: datasets.load_csv(zipped_as("ppt/presentation.xml")),
    "load.chart_sheet": lambda: datasets.load_csv(with_a_chart(), sheet="Bild"),
    "load.no_sheets": lambda: datasets.load_csv(without_sheets()),
    "load.formulas.cell": lambda: datasets.load_csv(workbook({"Rechnung": FORMULAS})),
}

# A decimal-comma file whose column Betrag writes 1.065 beside {} (see test_loader_columns).
DOTS = "Betrag;Anteil;Klasse\n985;2,5;a\n1.065;3,5;b\n{};1,5;a\n2;0,5;b\n"
FORMULAS = [["a", "b", "label"]] + [[f"=ROW()*{i}", f"=A{i + 2}*2", "=1"] for i in range(3)]


def raised(case) -> datasets.DatasetError:
    with pytest.raises(datasets.DatasetError) as caught:
        CASES[case]()
    return caught.value


@pytest.mark.parametrize("code", sorted(CASES))
def test_a_coded_error_is_the_catalogues_words_with_its_fields(code):
    exc = raised(code)
    assert exc.code == code
    assert words.t(code, **exc.fields) == str(exc)  # English: the loader's message exactly
    with words.using("de"):
        german = said(exc)
    entry = words.CATALOGUES["de"][code]
    if isinstance(entry, tuple):  # plural forms, German's: one, other
        entry = entry[0 if exc.fields["n"] == 1 else 1]
    assert german == entry.format(**exc.fields) != str(exc)
    assert said(exc) == str(exc)  # an English page: the loader's own message


def test_the_limits_have_codes_with_their_numbers(monkeypatch):
    monkeypatch.setattr(_limits, "MAX_ROWS", 2)
    with pytest.raises(datasets.DatasetError) as caught:
        datasets.load_csv(GOOD)
    exc = caught.value
    assert (exc.code, exc.fields) == ("load.too_many_rows", {"max": 2})
    assert words.t(exc.code, **exc.fields) == str(exc)
    monkeypatch.setattr(_limits, "MAX_ROWS", 1_000_000)
    monkeypatch.setattr(_limits, "MAX_FILE_BYTES", 10)
    with pytest.raises(datasets.DatasetError) as caught:
        datasets.load_csv(GOOD.encode())
    exc = caught.value
    assert exc.code == "load.too_big" and words.t(exc.code, **exc.fields) == str(exc)
    assert exc.fields == {"size": "0 MB", "limit": "0 MB"}  # megabytes, as Streamlit says
    with words.using("de"):
        assert said(exc).startswith("Die Datei ist 0 MB groß; die Grenze ist 0 MB: ")


def test_an_error_without_a_code_or_with_an_unknown_one_is_shown_as_written():
    plain = datasets.DatasetError("the loader's words")
    unknown = datasets.DatasetError("other words", code="load.from_the_future", fields={"a": 1})
    broken = datasets.DatasetError("as written", code="load.one_class", fields={"column": "x"})
    with words.using("de"):
        assert said(plain) == "the loader's words"
        assert said(unknown) == "other words"
        assert said(broken) == "as written"  # a field missing: the message as it is
    # The message and the type stay what they were (datasets/ is a public contract).
    assert plain.args == ("the loader's words",) and isinstance(plain, ValueError)
    assert (plain.code, plain.fields) == (None, {})


def test_every_kind_of_file_that_is_not_a_table_has_its_german_words():
    from datasets._source import _KINDS, _not_csv

    for what in _KINDS:
        exc = _not_csv(what)
        assert words.t(exc.code) == str(exc)
        with words.using("de"):
            assert said(exc).startswith("Dies sieht aus wie ")


def test_the_loaders_notes_have_codes_and_german_words():
    # A title line above the table, a line with too many fields, a row number and three
    # classes: each note is said by its code, in English word for word as the loader wrote it.
    rows = "".join(f"{i},{i % 4}.5,{(i * 7) % 5}.25,{'abc'[i % 3]}\n" for i in range(1, 13))
    text = "Messungen vom Mai\nNr,x1,x2,label\n" + rows + "13,1,2,a,9\n"
    info = datasets.inspect_csv(text)
    ds = datasets.load_csv(text, features=("Nr", "x1"), label="label")
    notes = list(info.notes) + [n for n in ds.params["notes"] if n not in info.notes]
    codes = {n.code for n in notes}
    assert {"load.note.preamble", "load.note.long_lines", "load.note.kept"} <= codes, notes
    assert "load.note.row_id" in codes, notes
    for note in notes:
        assert isinstance(note, str) and words.t(note.code, **note.fields) == note
        with words.using("de"):
            assert said(note) == words.t(note.code, **note.fields) != note


def said_both_ways(exc: datasets.DatasetError, code: str) -> None:
    """The error has ``code``; its English words filled with its fields are its message, word
    for word; a German page says the catalogue's German words, not the message."""
    assert exc.code == code, (exc.code, str(exc))
    assert words.t(code, **exc.fields) == str(exc)
    with words.using("de"):
        assert said(exc) == words.CATALOGUES["de"][code].format(**exc.fields) != str(exc)


def test_the_workbook_readers_limits_and_a_missing_reader_have_codes(monkeypatch):
    from datasets import _formats

    data = workbook({"Daten": [["x1", "x2", "label"], [1, 2, "a"], [3, 1, "b"]]})

    def ended_by(code):
        def run(command):
            assert "_workbook_worker.py" in " ".join(command)
            return code, b""

        return run

    for returned, code in [
        (-signal.SIGXCPU, "load.sheet_cpu"),
        (4, "load.sheet_memory"),
        (5, "load.sheet_csv_too_big"),
        (6, "load.no_reader"),
    ]:
        monkeypatch.setattr(_formats, "_run_worker", ended_by(returned))
        with pytest.raises(datasets.DatasetError) as caught:
            datasets.load_csv(data)
        said_both_ways(caught.value, code)
    monkeypatch.undo()
    monkeypatch.setattr(_formats, "WORKBOOK_WALL_SECONDS", 0.001)
    with pytest.raises(datasets.DatasetError) as caught:
        datasets.load_csv(data)
    said_both_ways(caught.value, "load.sheet_slow")


def test_the_workbooks_sizes_have_codes(monkeypatch):
    from datasets import _formats

    data = workbook(
        {"Daten": [["x1", "x2", "label"]] + [[i, i % 3, "ab"[i % 2]] for i in range(9)]}
    )
    for limit, code in [
        ("WORKBOOK_CELLS", "load.sheet_cells"),
        ("WORKBOOK_SHEET_BYTES", "load.sheet_too_big"),
    ]:
        with monkeypatch.context() as patch:
            patch.setattr(_formats, limit, 10)
            with pytest.raises(datasets.DatasetError) as caught:
                datasets.load_csv(data)
        said_both_ways(caught.value, code)
    # What the reader loads besides the sheet unpacks to more than the limit for a file,
    # which the workbook itself (compressed) is not.
    with zipfile.ZipFile(io.BytesIO(data)) as book:
        loaded = sum(i.file_size for i in book.infolist() if "worksheets" not in i.filename)
    assert len(data) < loaded
    monkeypatch.setattr(_limits, "MAX_FILE_BYTES", loaded - 1)
    with pytest.raises(datasets.DatasetError) as caught:
        datasets.load_csv(data)
    said_both_ways(caught.value, "load.workbook_too_big")


def test_a_gzip_bomb_and_a_file_too_large_for_memory_have_codes(monkeypatch):
    import pandas as pd

    bomb = gzip.compress(b"x1,x2,label\n" + b"1,2,a\n" * 1000)
    monkeypatch.setattr(_limits, "MAX_FILE_BYTES", len(bomb) + 100)
    with pytest.raises(datasets.DatasetError) as caught:
        datasets.load_csv(bomb)
    said_both_ways(caught.value, "load.gzip_too_big")

    def no_memory(*args, **kwargs):
        raise MemoryError

    monkeypatch.setattr(pd, "read_csv", no_memory)
    with pytest.raises(datasets.DatasetError) as caught:
        datasets.load_csv(GOOD)
    said_both_ways(caught.value, "load.no_memory")


def test_the_notes_about_dots_have_codes_and_german_words():
    # Dots read as thousands separators in a decimal-comma file; a column whose dots cannot
    # be read without guessing is not offered as a feature, and the proposal says why.
    thousands = "Betrag;Anteil;Klasse\n985;2,5;a\n1.065;3,25;b\n12.500;0,5;a\n-2.000;4;b\n"
    both = "Betrag;Anteil;Weitere;Klasse\n985;2,5;0;a\n1.065;3,5;0,5;b\n1.5;1,5;1;a\n2;0,5;1,5;b\n"
    unsure = both.replace("1.5;", "1.200;").replace(",", "")
    found = {}
    for text in (thousands, both, unsure):
        for note in datasets.inspect_csv(text).notes:
            found[note.code] = note
    assert {
        "load.note.thousands",
        "load.note.not_offered.dots_both",
        "load.note.not_offered.dots_unsure",
    } <= set(found), found
    for code, note in found.items():
        assert words.t(code, **note.fields) == note  # English: the loader's note exactly
        with words.using("de"):
            assert said(note) == words.CATALOGUES["de"][code].format(**note.fields) != note


@pytest.mark.parametrize(
    ("rows", "english", "german"),
    [
        (
            "1,2,a\nnan,4,b\n5,6,a\n",
            "after dropping 1 invalid row: a perceptron",
            "Nach dem Verwerfen von 1 ungültigen Zeile bleibt",
        ),
        (
            "1,2,a\nnan,4,b\n5,nan,b\n7,8,a\n",
            "after dropping 2 invalid rows: a perceptron",
            "Nach dem Verwerfen von 2 ungültigen Zeilen bleibt",
        ),
    ],
)
def test_a_count_of_dropped_rows_is_said_in_the_singular_or_the_plural(rows, english, german):
    with pytest.raises(datasets.DatasetError) as caught:
        datasets.load_csv("x1,x2,label\n" + rows, features=("x1", "x2"), label="label")
    assert english in str(caught.value) and "(s)" not in str(caught.value)
    with words.using("de"):
        assert said(caught.value).startswith(german), said(caught.value)
