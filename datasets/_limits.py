"""The limits of what the datasets package reads: files, rows, columns, names, values.

A leaf: it imports nothing of the package, so every reader, the writer and the Dataset
contract take their limits from here and no two of them import each other for one. All
are exported as ``datasets.MAX_...``. Readers look a limit up here when they run
(``_limits.MAX_ROWS``), so a test that lowers one lowers it for every reader.
"""

MAX_FILE_BYTES = 100 * 1024 * 1024
"""Largest file read, 100 MB (MiB, as Streamlit counts ``server.maxUploadSize = 100``).

Sized to the row limit: a million rows of a few numeric columns is 30-100 MB of CSV, so
a larger file would almost always be refused for its rows after a long upload. A gzip'd
CSV may unpack to at most this much too."""
MAX_COLUMNS = 1_000
"""Most columns read."""
MAX_NAME_CHARS = 10_000
"""Longest column name or class name read; a longer one is a DatasetError, not cut (a cut
name would no longer be the file's, and two cut names could collide)."""
MAX_ROWS = 1_000_000
"""Most data rows read."""
MAX_CLASSES = 20
"""Most distinct values a column may have to be offered as the class label."""
MAX_ABS_VALUE = 1e100
"""Largest magnitude a coordinate may have.

The perceptron adds points to its weights and squares their norms (R**2, margins), so
values far beyond this would overflow float64 (about 1.8e308) into inf and NaN. Tiny
values (1e-20 kg, charges in coulombs) are fine at any size."""
MAX_SEPARABILITY_ROWS = 2_000
"""Most rows on which the loader decides, while a file is read, whether its two proposed
columns and all its numeric columns separate the classes (an exact linear program each)."""
MAX_SEPARABILITY_VALUES = 40_000
"""... and most values (rows times numeric columns) for that decision."""
