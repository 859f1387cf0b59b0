"""The loader's messages about a file, the link check's problems and the guard's message on a
German Playground (ui/words/de/data_errors.py): hostile uploads and links are each said in
German, with no English word left on the page (``english_left``), and the same uploads and
links on an English page still say exactly what they said before (the loader's own
messages, datasets/: a public contract)."""

from __future__ import annotations

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
        "found 0 numeric feature column(s) (none) besides the label 'label'; a dataset needs "
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
    assert "skipped 1 line(s) above the table" in captions, captions
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
