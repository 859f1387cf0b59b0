"""Datasets for Perceptron Lab: one contract for generated, notes' and uploaded data.

>>> import datasets
>>> ds = datasets.generate("separable", n=100, seed=0, margin=0.2)
>>> ds.X.shape, ds.y.dtype
((100, 2), dtype('int64'))

A dataset is an immutable :class:`Dataset` (points, -1/+1 labels, feature and class
names, where it came from). :data:`GENERATORS` is the registry that drives the app's
select box, sliders and shareable URL; :func:`load_csv` reads real files; everything
that cannot become a dataset raises :class:`DatasetError`. :func:`split` gives a seeded
train / dev / test split of a dataset's rows.
"""

from . import _generators, _notes, cancel  # noqa: F401  (registers the generators, in order)
from ._cells import csv_field, neutralise_formula, restore_formula
from ._csv import CsvInfo, inspect_csv, load_csv
from ._dataset import Dataset, empty, to_csv
from ._errors import DatasetError
from ._formats import sheet_names
from ._generators import blobs, circles, moons, separable, xor
from ._limits import (
    MAX_ABS_VALUE,
    MAX_CLASSES,
    MAX_COLUMNS,
    MAX_FILE_BYTES,
    MAX_NAME_CHARS,
    MAX_ROWS,
)
from ._names import default_positive
from ._notes import iris_table
from ._params import Params
from ._registry import (
    GENERATORS,
    MAX_GENERATED_N,
    NOISE,
    GeneratorSpec,
    Param,
    flip_labels,
    generate,
)
from ._scaling import PREPROCESSING, Scaling, scale_features
from ._split import SPLIT_FRACTIONS, SPLIT_SETS, split

__all__ = [
    "GENERATORS",
    "MAX_ABS_VALUE",
    "MAX_CLASSES",
    "MAX_COLUMNS",
    "MAX_FILE_BYTES",
    "MAX_NAME_CHARS",
    "MAX_ROWS",
    "MAX_GENERATED_N",
    "NOISE",
    "PREPROCESSING",
    "SPLIT_FRACTIONS",
    "SPLIT_SETS",
    "CsvInfo",
    "Dataset",
    "DatasetError",
    "GeneratorSpec",
    "Param",
    "Params",
    "Scaling",
    "blobs",
    "cancel",
    "circles",
    "csv_field",
    "default_positive",
    "empty",
    "flip_labels",
    "generate",
    "inspect_csv",
    "iris_table",
    "load_csv",
    "moons",
    "neutralise_formula",
    "restore_formula",
    "scale_features",
    "separable",
    "sheet_names",
    "split",
    "to_csv",
    "xor",
]
