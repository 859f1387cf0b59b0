"""Write the CSV fixtures in this folder (run once: ``python tests/data/make_fixtures.py``).

Each file imitates what a real tool or person produces; tests/datasets/test_csv_loader.py checks the
loaded values against the source (plotly's bundled Iris, or the values written below).
The files are committed, so the tests never depend on this script; it records how they
were made.
"""

from __future__ import annotations

import io
import struct
import zipfile
import zlib
from pathlib import Path

import plotly.express as px

HERE = Path(__file__).parent


def iris():
    return px.data.iris()


def german_excel_iris() -> None:
    """Excel with German locale: semicolons, decimal commas, CRLF, Windows-1252."""
    df = iris()[["sepal_length", "sepal_width", "petal_length", "petal_width", "species"]]
    text = df.to_csv(sep=";", decimal=",", index=False, lineterminator="\r\n")
    (HERE / "iris_semicolon_decimal_comma.csv").write_bytes(text.encode("cp1252"))


def latin1_headers() -> None:
    """Latin-1 file with accented headers and class names (French), comma-separated."""
    df = iris()
    df = df[df.species.isin(["setosa", "versicolor"])]
    lines = ["longueur_pétale,largeur_pétale,espèce"]
    names = {"setosa": "sétosa", "versicolor": "versicolore"}
    for row in df.itertuples():
        lines.append(f"{row.petal_length},{row.petal_width},{names[row.species]}")
    (HERE / "latin1_headers.csv").write_bytes(("\n".join(lines) + "\n").encode("latin-1"))


def bom_quoted_ids() -> None:
    """UTF-8 BOM, CRLF, an id column and a quoted free-text column with commas and quotes."""
    rows = [
        ("id", "comment", "hours_studied", "hours_slept", "passed"),
        ("1", '"Likes coffee, hates mornings"', "2.5", "7", "yes"),
        ("2", '"Said ""maybe"""', "1.0", "5.5", "no"),
        ("3", "", "4.25", "8", "yes"),
        ("4", '"Two, commas, here"', "0.5", "4", "no"),
        ("5", "plain", "3.75", "6.5", "yes"),
        ("6", '"Ünïcødé ✓"', "1.5", "6", "no"),
    ]
    text = "\r\n".join(",".join(r) for r in rows) + "\r\n"
    (HERE / "bom_quoted_ids.csv").write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))


def tab_no_header() -> None:
    """Tab-separated, no header, classes coded 1/2 (as in many UCI files)."""
    rows = [
        (0.2, -1.3, 1),
        (1.7, 0.4, 2),
        (-0.6, 2.2, 1),
        (2.9, 1.1, 2),
        (0.05, -0.25, 1),
        (3.5, 3.0, 2),
    ]
    text = "".join(f"{a}\t{b}\t{c}\n" for a, b, c in rows)
    (HERE / "tab_no_header.tsv").write_text(text, encoding="utf-8")


def missing_values() -> None:
    """Every kind of bad row the loader must drop and count (and one of each good)."""
    text = (
        "x1,x2,label\n"
        "1.0,2.0,1\n"  # good
        "NA,2.0,0\n"  # missing value
        ",3.0,1\n"  # missing value (empty)
        "?,1.0,0\n"  # missing value (UCI style)
        "abc,1.0,1\n"  # not a number
        "inf,1.0,0\n"  # infinite value
        "1e999,1.0,1\n"  # infinite after parsing
        "2.0,-1.0,\n"  # missing label
        "3.0,0.5,0\n"  # good
        "4.0,0.25,1\n"  # good
        "5.0,0.125,0,99\n"  # too many fields
        "-1.5,2.5,0\n"  # good
    )
    (HERE / "missing_values.csv").write_text(text, encoding="utf-8")


def pandas_index_export() -> None:
    """``DataFrame.to_csv()`` with its index: an unnamed first column 0, 1, 2, ..."""
    df = iris()
    df = df[df.species.isin(["versicolor", "virginica"])].reset_index(drop=True)
    df["is_virginica"] = (df.species == "virginica").astype(int)
    df[["petal_length", "petal_width", "is_virginica"]].to_csv(HERE / "pandas_index_export.csv")


def utf16_unicode_text() -> None:
    """Excel's "Unicode Text": UTF-16 LE with a BOM, tab-separated, CRLF."""
    text = "a\tb\tgroup\r\n0.5\t1.5\tred\r\n1.5\t0.5\tblue\r\n2.5\t2.0\tred\r\n-1.0\t0.0\tblue\r\n"
    (HERE / "utf16_unicode_text.csv").write_bytes(b"\xff\xfe" + text.encode("utf-16-le"))


def old_mac_line_endings() -> None:
    """Classic Mac OS line endings (a lone CR), with a quoted header."""
    text = '"x","y","class"\r0,0,B\r1,1,A\r0,1,B\r1,0,A\r'
    (HERE / "cr_line_endings.csv").write_bytes(text.encode("ascii"))


def three_classes() -> None:
    """Plotly's Iris as it ships: four measurements, species and species_id."""
    iris().to_csv(HERE / "iris_full.csv", index=False)


def title_line() -> None:
    """A title line and a blank line above the table, as some exports write."""
    text = "Measurements exported 2024-05-01\n\ncm_a,cm_b,kind\n1,2,cat\n2,1,dog\n3,3,cat\n"
    (HERE / "title_line.csv").write_text(text, encoding="utf-8")


def png_bytes() -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)
    pixels = zlib.compress(b"\x00\xff\x00\x00")
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")
    )


def xlsx_bytes() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as book:
        book.writestr("[Content_Types].xml", '<?xml version="1.0"?><Types/>')
        book.writestr("xl/workbook.xml", '<?xml version="1.0"?><workbook/>')
        book.writestr("xl/worksheets/sheet1.xml", '<?xml version="1.0"?><worksheet/>')
    return buffer.getvalue()


def hostile() -> None:
    """Files that cannot become a dataset; each must raise DatasetError, nothing else."""
    (HERE / "empty.csv").write_bytes(b"")
    (HERE / "header_only.csv").write_text("x1,x2,label\n", encoding="utf-8")
    (HERE / "one_class.csv").write_text("x1,x2,label\n1,2,yes\n3,4,yes\n5,6,yes\n")
    (HERE / "one_numeric.csv").write_text("name,x,label\nann,1.5,0\nbob,2.5,1\ncy,0.5,0\n")
    (HERE / "all_invalid.csv").write_text("x1,x2,label\nNA,1,0\n2,,1\nfoo,bar,0\n")
    (HERE / "image_renamed.csv").write_bytes(png_bytes())
    (HERE / "workbook_renamed.csv").write_bytes(xlsx_bytes())
    ole = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(504)
    (HERE / "old_excel_renamed.csv").write_bytes(ole)


if __name__ == "__main__":
    german_excel_iris()
    latin1_headers()
    bom_quoted_ids()
    tab_no_header()
    missing_values()
    pandas_index_export()
    utf16_unicode_text()
    old_mac_line_endings()
    three_classes()
    title_line()
    hostile()
