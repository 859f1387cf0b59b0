"""A run's one key (``ui.runkey.run_key``): the dataset's digest and the settings, the key
of the cached runs; and the caches keyed by the dataset's digest never mix two datasets."""

from __future__ import annotations

import numpy as np
import pytest
from hashes import HashesOf

from datasets import Dataset, generate
from ui import compute
from ui.parts.settings import Settings
from ui.runkey import run_key
from ui.server import cache

SETTINGS = Settings(max_epochs=30)


def _data() -> Dataset:
    return generate("separable", n=40, seed=11)


def _one_change(ds: Dataset) -> dict[str, Dataset]:
    """``ds`` with one value, one label or the order of two rows changed."""
    X, y = ds.X.copy(), ds.y.copy()
    value = X.copy()
    value[7, 0] += 0.25
    label = y.copy()
    label[2] = -label[2]
    swap = [1, 0, *range(2, ds.n)]
    return {
        "value": Dataset(value, y),
        "label": Dataset(X, label),
        "order": Dataset(X[swap], y[swap]),
    }


def _textbook(X: np.ndarray, y: np.ndarray, epochs: int) -> tuple[np.ndarray, float]:
    """The perceptron of the notes, written out: w = 0, b = 0, visits in order, eta = 1."""
    w, b = np.zeros(X.shape[1]), 0.0
    for _ in range(epochs):
        clean = True
        for x, label in zip(X, y, strict=True):
            if label * (w @ x + b) <= 0:
                w, b, clean = w + label * x, b + label, False
        if clean:
            break
    return w, b


def test_equal_data_and_settings_give_the_same_key():
    ds = _data()
    copy = Dataset(ds.X.copy(), ds.y.copy(), ("p", "q"), source="another name")
    assert run_key(copy, SETTINGS) == run_key(ds, SETTINGS)
    assert run_key(ds, Settings(max_epochs=30)) == run_key(ds, SETTINGS)
    assert run_key(ds, SETTINGS.but(eta=0.5)) != run_key(ds, SETTINGS)
    assert run_key(ds, (SETTINGS, 1)) != run_key(ds, (SETTINGS, 2))  # /variants: the split


@pytest.mark.parametrize("change", ["value", "label", "order"])
def test_datasets_that_differ_in_one_place_never_share_a_cache_entry(change):
    ds = _data()
    other = _one_change(ds)[change]
    assert run_key(other, SETTINGS) != run_key(ds, SETTINGS)
    for data in (ds, other):  # each run is the textbook's run on its own data
        run = compute.trained(data, SETTINGS).run
        np.testing.assert_array_equal(run.X, data.X)
        np.testing.assert_array_equal(run.y, data.y)
        w, b = _textbook(data.X, data.y, SETTINGS.max_epochs)
        np.testing.assert_allclose(run.w, w)
        assert run.b == pytest.approx(b)
    assert compute.trained(other, SETTINGS) is not compute.trained(ds, SETTINGS)
    assert compute.theory(other) is not compute.theory(ds)
    assert compute.hinge_bound(other, 2) is not compute.hinge_bound(ds, 2)


def test_a_dataset_with_equal_arrays_gets_the_cached_run():
    ds = _data()
    first = compute.trained(ds, SETTINGS)
    copy = Dataset(ds.X.copy(), ds.y.copy(), source="a copy")
    assert compute.trained(copy, SETTINGS) is first
    assert compute.theory(copy) is compute.theory(ds)
    # The cache's entry is named by the run's key itself.
    assert ("ui.compute.trained", run_key(ds, SETTINGS)) in cache.STORE.sizes()


def test_a_cached_dataset_is_not_hashed_again(monkeypatch):
    """The run, the theory, the hinge bound and the run's key of a dataset read its
    digest: X's bytes are hashed once, by the digest, however often they are asked for."""
    ds = _data()
    X = ds.X.tobytes()
    # Solved once on equal data (another dataset object): the engine's solver keeps its
    # own warm start by the data's bytes, which a miss of the cache would hash again.
    compute.hinge_bound(Dataset(ds.X.copy(), ds.y.copy()), 1)
    hashes = HashesOf(monkeypatch)
    for _ in range(3):
        compute.trained(ds, SETTINGS)
        compute.theory(ds)
        compute.hinge_bound(ds, 1)
        run_key(ds, SETTINGS)
    assert hashes.reading(X) == 1


def test_a_preprocessed_dataset_is_keyed_by_its_raw_data_too():
    """Two datasets whose centred points are equal (the second is the first shifted) are
    not one to the scaling comparison, which reads the raw data: its "No scaling" row has
    each one's own R, max ||(1, x)|| over the raw points, computed here."""
    X = np.array([[0.0, 1.0], [2.0, 3.0], [4.0, 1.0], [1.0, 0.5]])
    y = np.array([1, -1, 1, -1])
    for shift in (0.0, 5.0):
        centred = Dataset(X + shift, y).preprocessed("centre")
        assert centred.digest == Dataset(X, y).preprocessed("centre").digest
        row = compute.scaling_effect(centred, 1.0, 10)[0]
        assert row.kind == "none"
        assert row.R == pytest.approx(np.sqrt(np.max(1 + np.sum((X + shift) ** 2, axis=1))))
