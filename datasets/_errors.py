"""The one exception type for input that cannot become a dataset."""


class DatasetError(ValueError):
    """Input that cannot become a dataset.

    The message names the bad value and says what would fix it, so a page can show it with
    ``st.error`` as it is. Subclasses ``ValueError`` so generic handlers still catch it.
    """
