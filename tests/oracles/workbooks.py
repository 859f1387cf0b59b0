"""Excel workbooks as another tool writes them (openpyxl), for the loader's and the pages'
tests."""

from __future__ import annotations

import io

import openpyxl


def workbook(sheets: dict[str, list[list]]) -> bytes:
    """An .xlsx file with one sheet per entry, its rows as given."""
    book = openpyxl.Workbook()
    book.remove(book.active)
    for title, rows in sheets.items():
        sheet = book.create_sheet(title)
        for row in rows:
            sheet.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()
