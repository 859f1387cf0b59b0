"""The loader's messages about a file, the link check's problems and the guard's message on a
German Playground (the catalogue's data_errors.po): hostile uploads and links are each said in
German, with no English word left on the page (``english_left``), and the same uploads and
links on an English page still say exactly what they said before (the loader's own
messages, datasets/: a public contract)."""

from __future__ import annotations

import gzip
import io
import zipfile

import pytest
from lab_app import ROOT, open_page
from lab_words import LINK_WORDS, NAMES, WORD, catalogue_words, english_left
from md_oracle import text_of
from workbooks import workbook

import datasets

# Hostile files, named and labelled in words a German page may show (a file's own words are
# the file's: "a", "b", "daten.csv").
BROKEN = b'x1,x2,label\n1,2,a\n3,"4,b\n5,6,a\n'
SOME_NAN = b"x1,x2,label\n1,2,a\nnan,3,b\n4,5,b\n6,inf,a\n7,8,b\n9,1,a\n"
ALL_NAN = b"x1,x2,label\nnan,nan,a\nNaN,nan,b\nnan,nan,a\n"
ONE_CLASS = b"x1,x2,label\n1,2,a\n3,4,a\n5,6,a\n"
HUGE = b"x1,x2,label\n1e300,2,a\n3,4,b\n5,6,a\n"
HEADER_ONLY = workbook({"Tabelle": [["x1", "x2", "label"]]})
# The one-line file, gzip'd: a 6 KB upload of one line of 3,000,001 fields.
ONE_LINE = gzip.compress(b"x1,x2,label\n" + b"1," * 3_000_000 + b"1\n", 9)

# Each upload: (file name, bytes, what the English page says today: an error, or a caption).
UPLOADS = {
    "broken": (
        "daten.csv",
        BROKEN,
        "cannot parse the file as CSV: a quoted field starting near line 2 is never closed: "
        'look for a stray " character',
    ),
    "all_nan": (
        "daten.csv",
        ALL_NAN,
        "found no numeric feature column besides the label 'label'; a dataset needs "
        "two. Check that the file uses one delimiter and one decimal mark, or add a second "
        "numeric column.",
    ),
    "one_class": (
        "daten.csv",
        ONE_CLASS,
        "column 'label' has only one class ('a'): a perceptron needs examples of two classes",
    ),
    "empty": ("daten.csv", b"", "the file is empty: there is nothing to read"),
    "huge": (
        "daten.csv",
        HUGE,
        "column 'x1' has values up to 1.0e+300: rescale the column (values must stay below 1e100)",
    ),
    "picture": (
        "daten.csv",
        (ROOT / "tests" / "data" / "playground_not_csv.csv").read_bytes(),  # a PNG, renamed
        "this looks like a PNG image, not a CSV file or .xlsx workbook: load the data as a CSV "
        "text file (values separated by commas, semicolons or tabs)",
    ),
    "one_line": (
        "daten.csv.gz",
        ONE_LINE,
        "line 2 has 3,000,001 fields, far more than the header has (3; at most 26 "
        "are read): a line break is missing there, or the delimiter is wrong; fix that line or "
        "save the file again",
    ),
    "header_only": (
        "daten.xlsx",
        HEADER_ONLY,
        "the file has a header but no data rows: add rows of values",
    ),
}


def uploaded(lang: str, name: str, data: bytes):
    at = open_page(pg_source="Upload", lang=lang)
    at.file_uploader(key="pg_upload").upload(name, data).run()
    assert not at.exception, at.exception
    return at


@pytest.mark.parametrize("case", sorted(UPLOADS))
def test_a_hostile_upload_is_said_in_german_and_as_before_in_english(case):
    name, data, english = UPLOADS[case]
    at = uploaded("de", name, data)
    shown = [text_of(e.value) for e in at.error]
    assert len(shown) == 1 and shown[0] != english, shown
    assert english_left(at) == [], english_left(at)
    at = uploaded("en", name, data)
    assert [text_of(e.value) for e in at.error] == [english]


def test_rows_dropped_for_missing_values_are_said_in_german():
    at = uploaded("de", "daten.csv", SOME_NAN)
    assert not at.error
    assert at.session_state["pg_run"].n == 4  # the rows with nan and inf are left out
    captions = [text_of(c.value) for c in at.caption]
    assert "4 Zeilen verwendet, 2 verworfen" in captions, captions
    said = "6 Zeilen; durch Kommas getrennt; utf-8; 2 Zeilen verworfen (fehlender Wert: 1, "
    assert any(c.startswith(said) for c in captions), captions
    assert english_left(at) == [], english_left(at)
    labels = [s.label for s in at.selectbox if s.key and s.key.startswith("pg_csv_")]
    assert labels == ["Spalte für x1", "Spalte für x2", "Label-Spalte", "Klasse +1", "Klasse −1"]

    at = uploaded("en", "daten.csv", SOME_NAN)
    captions = [text_of(c.value) for c in at.caption]
    assert "4 rows used, 2 dropped" in captions, captions
    info = datasets.inspect_csv(SOME_NAN)
    assert text_of(info.describe()) in captions  # the loader's own line, as before
    labels = [s.label for s in at.selectbox if s.key and s.key.startswith("pg_csv_")]
    assert labels == ["x1 column", "x2 column", "Label column", "+1 class", "−1 class"]


def test_a_sheet_the_workbook_does_not_have_and_an_empty_sheet_are_said_in_german():
    book = workbook({"Daten": [["x1", "x2", "label"], [1, 2, "a"], [3, 1, "b"]], "Leer": []})
    at = uploaded("de", "daten.xlsx", book)
    assert not at.error
    at.selectbox(key="pg_csv_sheet").set_value("Leer").run()
    shown = [text_of(e.value) for e in at.error]
    assert shown == ["Blatt 'Leer' der Arbeitsmappe ist leer: es gibt nichts zu lesen"], shown
    assert english_left(at) == [], english_left(at)
    with pytest.raises(datasets.DatasetError) as caught:
        datasets.inspect_csv(book, sheet="Blatt 3")
    assert (
        str(caught.value) == "the workbook has no sheet 'Blatt 3'; its sheets are 'Daten', 'Leer'"
    )
    assert (caught.value.code, caught.value.fields["sheet"]) == ("load.no_sheet", "Blatt 3")


# Hostile links: (query, what the English page warns today).
LINKS = {
    "n": (
        {"pg_n": "abc"},
        "The link could not be read completely: pg_n='abc' is not a whole number from 2 to "
        "20000, the default is used.",
    ),
    "seed": (
        {"pg_seed": "-1"},
        "The link could not be read completely: pg_seed='-1' is not a whole number from 0 to "
        "9,007,199,254,740,991, the default is used.",
    ),
    "generator": (
        {"pg_generator": "Vier Monde"},
        "The link could not be read completely: pg_generator='Vier Monde' is not one of the "
        "options, the default is used.",
    ),
    "flag": (
        {"pg_presenter": "vielleicht"},
        "The link could not be read completely: pg_presenter='vielleicht' is not true or "
        "false, the default is used.",
    ),
}


def foreign(at) -> set[str]:
    """The words of the page that are in no German message (the link's own values may be)."""
    german = catalogue_words("de") | {w.lower() for w in LINK_WORDS | NAMES}
    return {w for s in english_left(at) for w in WORD.findall(s) if w.lower() not in german}


@pytest.mark.parametrize("case", sorted(LINKS))
def test_a_hostile_link_is_said_in_german_and_as_before_in_english(case):
    query, english = LINKS[case]
    at = open_page(lang="de", **query)
    shown = [text_of(w.value) for w in at.warning]
    assert len(shown) == 1 and shown[0].startswith("Der Link konnte nicht"), shown
    assert "the default is used" not in shown[0] and "der Standardwert gilt" in shown[0]
    raw = next(iter(query.values()))
    assert f"={raw!r}" in shown[0]  # the link's value, as it came
    assert foreign(at) <= {"abc"}  # the value pg_n=abc is the link's, not a word of the page
    at = open_page(lang="en", **query)
    assert [text_of(w.value) for w in at.warning] == [english]


def test_the_guards_message_is_german(monkeypatch):
    from ui.views import playground_view

    real = playground_view.picture

    def broken(ds, *args, **kwargs):
        if ds.n == 37:
            raise RuntimeError("boom")
        return real(ds, *args, **kwargs)

    monkeypatch.setattr(playground_view, "picture", broken)
    at = open_page(lang="de", pg_seed="7373")
    at.number_input(key="pg_n").set_value(37).run()
    assert not at.exception, at.exception
    shown = [text_of(e.value) for e in at.error]
    assert sorted(shown) == [
        "Beim Zeichnen ist etwas schiefgegangen (die Einzelheiten stehen im Log des Servers). "
        "Die vorigen Daten bleiben.",
        "Diese Daten konnten nicht gezeichnet werden (die Einzelheiten stehen im Log des Servers).",
    ], shown
    assert english_left(at) == [], english_left(at)


def test_the_loaders_notes_about_a_file_are_german():
    # A title line, a line with too many fields and three classes: the loader notes each.
    rows = "".join(f"{i % 4}.5,{(i * 7) % 5}.25,{'abc'[i % 3]}\n" for i in range(12))
    data = ("Messungen\nx1,x2,label\n" + rows + "1,2,a,9\n").encode()
    at = uploaded("de", "daten.csv", data)
    assert not at.error
    captions = " ".join(text_of(c.value) for c in at.caption)
    assert "1 Zeile über der Tabelle übersprungen" in captions, captions
    assert "1 Zeile mit zu vielen Feldern übersprungen" in captions, captions
    assert "'label' hat 3 Klassen; behalten: 'a' (-1) und 'b' (+1)" in captions, captions
    assert english_left(at) == [], english_left(at)
    at = uploaded("en", "daten.csv", data)
    captions = " ".join(text_of(c.value) for c in at.caption)
    assert "skipped 1 line above the table" in captions, captions
    assert "skipped 1 line with too many fields" in captions, captions
    assert "'label' has 3 classes; kept 'a' (-1) and 'b' (+1)" in captions, captions


def test_more_points_than_a_page_draws_is_said_in_german():
    rows = "".join(f"{i % 97}.5,{(i * 7) % 89}.25,{'ab'[i % 2]}\n" for i in range(2_500))
    data = ("x1,x2,label\n" + rows).encode()
    said = {}
    for lang in ("de", "en"):
        at = open_page("pages/kernel.py", kn_source="Upload", lang=lang)
        at.file_uploader(key="kn_upload").upload("daten.csv", data).run()
        assert not at.exception, at.exception
        said[lang] = [text_of(e.value) for e in at.error]
        if lang == "de":
            assert english_left(at) == [], english_left(at)
    assert said == {
        "de": ["2,500 Punkte: diese Seite zeichnet höchstens 2,000."],
        "en": ["2,500 points: the kernel page draws at most 2,000."],
    }


def test_a_link_made_on_uploaded_data_says_in_german_that_the_file_is_not_in_it():
    at = open_page(pg_source="Upload", pg_step="12", lang="de")
    shown = [text_of(i.value) for i in at.info]
    assert shown == [
        "Dieser Link wurde mit hochgeladenen Daten erstellt, und ein Link kann keine Datei "
        "tragen: laden Sie dieselbe Datei hoch (und wählen Sie ihre Spalten und Klassen wie "
        "zuvor), dann öffnet sich der Lauf beim Schritt 12 des Links."
    ], shown
    assert english_left(at) == [], english_left(at)
    at = open_page(pg_source="Upload", pg_step="12", lang="en")
    assert [text_of(i.value) for i in at.info] == [
        "This link was made on uploaded data, and a link cannot carry a file: upload the same "
        "file (and choose its columns and classes as before) and the run opens at the link's "
        "step 12."
    ]


def zipped(name: str) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        z.writestr(name, "")
    return buffer.getvalue()


# More hostile files, each refused with a message the loader gives a code (datasets/): what
# the English page says today, word for word.
FORMULAS = [["x1", "x2", "label"]] + [[f"=ROW()*{i}", f"=A{i + 2}*2", "a"] for i in range(3)]
MORE = {
    "no_valid_rows": (
        "daten.csv",
        b"x1,x2,label\n1,,a\n,2,b\n",
        "none of the 2 rows has valid numbers in 'x1', 'x2' and a label (missing value in "
        "column 'x1' (first in data row 2)): check the delimiter, the decimal mark and the "
        "missing values",
    ),
    "dots": (
        "daten.csv",
        b"x1;x2;label\n985;2,5;a\n1.065;3,5;b\n1.5;1,5;a\n2;0,5;b\n",
        "column 'x1' uses the dot both ways: '1.065' reads as 1065 with a thousands separator, "
        "'1.5' has a decimal point; it cannot be read without guessing. Write its numbers with "
        "one decimal mark and no thousands separators (such as 1065 and 1,5)",
    ),
    "gzip_cut": (
        "daten.csv.gz",
        gzip.compress(b"x1,x2,label\n1,2,a\n3,1,b\n" * 20)[:-12],
        "the gzip file is cut short (an unfinished download?): download or compress it again",
    ),
    "utf16": (
        "daten.csv",
        b"\xff\xfex\x00,\x00\x00\xd8",
        "the file starts like UTF-16 text but is not valid UTF-16: save it as UTF-8 CSV",
    ),
    "one_column": (
        "daten.csv",
        b"x1\n1\n2\n3\n",
        "found only one column: a dataset needs two numeric feature columns and a label "
        "column, separated by commas, semicolons, tabs or | characters",
    ),
    "formulas": (
        "daten.xlsx",
        workbook({"Tabelle": FORMULAS}),
        "sheet 'Tabelle' has 6 formula cells without a saved value (the first in cell A2): "
        "the file holds formulas but not their results. Open it in Excel or LibreOffice and "
        "save it again, which saves the values",
    ),
    "row_number": (
        "daten.csv",
        ("Nr,x1,label\n" + "".join(f"{i},{i % 3}.5,{'ab'[i % 2]}\n" for i in range(1, 9))).encode(),
        "found only 1 numeric feature column ('x1') besides the label 'label' and the row "
        "number 'Nr'; a dataset needs two. Check that the file uses one delimiter and one "
        "decimal mark, or add a second numeric column.",
    ),
    "word": (
        "daten.csv",  # a Word document, renamed
        zipped("word/document.xml"),
        "this looks like a Word document, not a table: save the data as CSV or .xlsx",
    ),
}


@pytest.mark.parametrize("case", sorted(MORE))
def test_more_hostile_uploads_are_said_in_german_and_as_before_in_english(case):
    name, data, english = MORE[case]
    at = uploaded("de", name, data)
    shown = [text_of(e.value) for e in at.error]
    assert len(shown) == 1 and shown[0] != english, shown
    assert english_left(at) == [], english_left(at)
    at = uploaded("en", name, data)
    assert [text_of(e.value) for e in at.error] == [english]


def test_a_gzip_bomb_is_said_in_german(monkeypatch):
    from datasets import _limits

    monkeypatch.setattr(_limits, "MAX_FILE_BYTES", 4_000)  # the bomb: 6,000 bytes unpacked
    data = gzip.compress(b"x1,x2,label\n" + b"1,2,a\n3,1,b\n" * 500)
    at = uploaded("de", "daten.csv.gz", data)
    shown = [text_of(e.value) for e in at.error]
    assert len(shown) == 1 and shown[0].startswith("Die gzip-Datei wird entpackt größer"), shown
    assert english_left(at) == [], english_left(at)
    at = uploaded("en", "daten.csv.gz", data)
    assert [text_of(e.value) for e in at.error] == [
        "the gzip file unpacks to more than 0 MB, the limit for a file: keep the columns you "
        "need or sample the rows, then compress it again"
    ]


def test_a_chart_sheet_is_said_in_german():
    import openpyxl
    from openpyxl.chart import BarChart, Reference

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Daten"
    for row in [["x1", "x2", "label"], [1, 2, "a"], [3, 1, "b"], [2, 2, "a"]]:
        sheet.append(row)
    chart = BarChart()
    chart.add_data(Reference(sheet, min_col=1, min_row=1, max_row=4))
    book.create_chartsheet("Bild").add_chart(chart)
    buffer = io.BytesIO()
    book.save(buffer)
    for lang, said in [
        ("de", "Blatt 'Bild' ist ein Diagramm, keine Tabelle: wählen Sie ein anderes Blatt "),
        ("en", "sheet 'Bild' is a chart, not a table: choose another sheet ('Daten', 'Bild')"),
    ]:
        at = uploaded(lang, "daten.xlsx", buffer.getvalue())
        assert not at.error
        at.selectbox(key="pg_csv_sheet").set_value("Bild").run()
        shown = [text_of(e.value) for e in at.error]
        assert len(shown) == 1 and shown[0].startswith(said), shown
        if lang == "de":
            assert english_left(at) == [], english_left(at)


def test_the_notes_about_dots_are_german():
    # Dots read as thousands separators in a decimal-comma file (x1); a column whose dots
    # cannot be read without guessing (x3) is not offered as a feature.
    rows = "985;2,5;a\n1.065;3,25;b\n12.500;0,5;a\n-2.000;4;b\n"
    thousands = ("x1;x2;label\n" + rows).encode()
    rows = "985;2,5;0;a\n1.065;3,25;1;b\n1.5;0,5;2;a\n2;4;3;b\n"
    unsure = ("x3;x1;x2;label\n" + rows).encode()
    german = (
        "Spalte 'x1': Punkte als Tausendertrennzeichen gelesen ('1.065' als 1065), da die "
        "Datei Dezimalzahlen mit Kommas schreibt",
        "nicht als Merkmal angeboten: Spalte 'x3' verwendet den Punkt auf zwei Arten",
    )
    english = (
        "column 'x1': dots read as thousands separators ('1.065' as 1065), as the file writes "
        "decimals with commas",
        "not offered as a feature: column 'x3' uses the dot both ways",
    )
    for data, de, en in zip((thousands, unsure), german, english, strict=True):
        at = uploaded("de", "daten.csv", data)
        assert not at.error
        captions = " ".join(text_of(c.value) for c in at.caption)
        assert de in captions, captions
        assert english_left(at) == [], english_left(at)
        at = uploaded("en", "daten.csv", data)
        captions = " ".join(text_of(c.value) for c in at.caption)
        assert en in captions, captions


def test_a_link_to_a_step_too_long_to_write_says_its_digits_in_german():
    step = str(10**40)
    at = open_page(pg_source="Upload", pg_step=step, lang="de")
    shown = [text_of(i.value) for i in at.info]
    assert len(shown) == 1, shown
    assert shown[0].endswith("beim Schritt des Links (einer Zahl mit 41 Stellen)."), shown
    assert english_left(at) == [], english_left(at)
    at = open_page(pg_source="Upload", pg_step=step, lang="en")
    assert [text_of(i.value) for i in at.info] == [
        "This link was made on uploaded data, and a link cannot carry a file: upload the same "
        "file (and choose its columns and classes as before) and the run opens at the link's "
        "step a 41-digit number."
    ]


@pytest.mark.parametrize(
    ("step", "german", "english"),
    [
        ("99999", "Der Schritt 99,999 des Links", "The link's step 99,999"),
        (
            str(10**40),
            "Der Schritt des Links (eine Zahl mit 41 Stellen)",
            "The link's step a 41-digit number",
        ),
    ],
)
def test_a_links_step_beyond_the_end_of_the_run_is_said_in_german(step, german, english):
    at = open_page(pg_step=step, lang="de")
    total = at.session_state["pg_run"].n_visits
    shown = [text_of(w.value) for w in at.warning]
    assert shown == [
        f"{german} liegt hinter dem Ende dieses Laufs ({total:,} Besuche): gezeigt wird das Ende."
    ]
    assert english_left(at) == [], english_left(at)
    at = open_page(pg_step=step, lang="en")
    assert [text_of(w.value) for w in at.warning] == [
        f"{english} is beyond the end of this run ({total:,} visits): showing the end."
    ]
