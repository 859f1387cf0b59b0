"""Files students bring, uploaded in a real browser: a workbook whose first sheet holds
formulas without saved values (the message, then the Sheet picker), and a German CSV with
thousands separators (read as thousands, and said so). Messages are plain text."""

from __future__ import annotations

import io
from typing import Any

import pytest
from browser_helpers import open_app, screenshot

openpyxl = pytest.importorskip("openpyxl")

UPLOAD = '[data-testid="stFileUploader"] input[type=file]'
CHART = '[data-testid="plotClickGraph"].js-plotly-plot'


def _workbook(path) -> None:
    book = openpyxl.Workbook()
    computed = book.active
    computed.title = "Computed"
    computed.append(["a", "b", "label"])
    for i in range(6):
        computed.append([f"=ROW()*{i}", f"=A{i + 2}*2", "=1"])
    measured = book.create_sheet("Measured")
    measured.append(["mass", "charge", "kind"])
    for i in range(12):
        measured.append([i * 0.5, (i % 3) - 1.0, "ab"[i % 2]])
    buffer = io.BytesIO()
    book.save(buffer)
    path.write_bytes(buffer.getvalue())


def test_formula_sheet_message_then_the_sheet_picker(page: Any, streamlit_server: Any, tmp_path):
    url = streamlit_server("app.py")
    open_app(page, url + "/?pg_source=Upload")
    path = tmp_path / "lab.xlsx"
    _workbook(path)
    page.set_input_files(UPLOAD, str(path))
    alert = page.locator('[data-testid="stAlertContainer"]', has_text="formula cells")
    alert.wait_for(timeout=60_000)
    said = alert.inner_text()
    assert "18 formula cells without a saved value (the first in cell A2)" in said
    assert "choose another sheet ('Measured')" in said
    assert alert.locator("a, b, strong, em, code").count() == 0  # plain text
    picker = page.locator('[data-testid="stSelectbox"]', has_text="Sheet")
    picker.wait_for(timeout=30_000)
    screenshot(page, "upload_formula_sheet")
    picker.scroll_into_view_if_needed()
    picker.get_by_role("combobox").click()
    page.get_by_role("option", name="Measured").click()
    page.wait_for_selector(CHART, timeout=60_000)
    page.locator('[data-testid="stCaptionContainer"]', has_text="12 rows used").wait_for(
        timeout=60_000
    )
    assert page.locator('[data-testid="stAlertContainer"]', has_text="formula").count() == 0
    screenshot(page, "upload_other_sheet")


def test_german_thousands_are_read_and_said(page: Any, streamlit_server: Any, tmp_path):
    url = streamlit_server("app.py")
    open_app(page, url + "/?pg_source=Upload")
    rows = [
        ("985", "2,5", "gut"), ("1.065", "3,25", "schlecht"), ("12.500", "0,5", "gut"),
        ("1.200", "1,0", "schlecht"), ("870", "4,5", "gut"), ("2.340", "1,5", "schlecht"),
    ]  # fmt: skip
    lines = "".join(f"{k};{a};{b};{c}\n" for k, (a, b, c) in enumerate(rows, start=1))
    path = tmp_path / "preise.csv"
    path.write_text("Nr.;Betrag;Anteil;Klasse\n" + lines, encoding="utf-8")
    page.set_input_files(UPLOAD, str(path))
    note = page.locator(
        '[data-testid="stCaptionContainer"]', has_text="dots read as thousands separators"
    )
    note.wait_for(timeout=60_000)
    assert "('1.065' as 1065)" in note.inner_text()
    screenshot(page, "upload_german_thousands")
