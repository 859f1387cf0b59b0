"""The loader's errors by code (datasets.DatasetError.code and .fields) and the lab's words
for them (ui/words/en|de/data_errors.py, said by ui.parts.data.said): each coded error's
English template filled with its fields is the loader's own message, word for word, so a
German page says the same thing; an error without a code, or with a code the catalogue
does not have, is shown as the loader wrote it."""

from __future__ import annotations

import io
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


def zipped() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        z.writestr("data.csv", GOOD)
    return buffer.getvalue()


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
}


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
    assert german == words.CATALOGUES["de"][code].format(**exc.fields) != str(exc)
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
