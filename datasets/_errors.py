"""The one exception type for input that cannot become a dataset, and the shared refusals."""

from typing import Any

from . import _limits


class DatasetError(ValueError):
    """Input that cannot become a dataset.

    The message names the bad value and says what would fix it, so a page can show it with
    ``st.error`` as it is. Subclasses ``ValueError`` so generic handlers still catch it.

    ``code`` names what the message says, stable across versions ("load.empty"; None: a
    message without a code), and ``fields`` its values by name: a UI that speaks another
    language says it from its own words by the code, filling in the fields, and shows the
    message as it is for a code it does not know.
    """

    def __init__(
        self, *args: object, code: str | None = None, fields: dict[str, Any] | None = None
    ) -> None:
        super().__init__(*args)
        self.code = code
        self.fields = dict(fields or {})


class Note(str):
    """A note for people about what the loader did (a ``str``, word for word as before) with
    its ``code`` and ``fields``, as for ``DatasetError``: a UI in another language says it
    from its own words."""

    code: str | None
    fields: dict[str, Any]

    def __new__(
        cls, text: str, code: str | None = None, fields: dict[str, Any] | None = None
    ) -> "Note":
        note = super().__new__(cls, text)
        note.code = code
        note.fields = dict(fields or {})
        return note


def too_many_rows() -> DatasetError:
    """A file (or a workbook's sheet) with more than ``MAX_ROWS`` data rows."""
    return DatasetError(
        f"the file has more than {_limits.MAX_ROWS:,} data rows, the most Perceptron Lab "
        "reads: keep a sample of the rows (say every 10th) and load that",
        code="load.too_many_rows",
        fields={"max": _limits.MAX_ROWS},
    )
