"""ui.server.cache: the byte-bounded LRU behind ui/compute.py (the housekeeping:
test_housekeeping.py)."""

from __future__ import annotations

import threading
import types

import numpy as np
import pytest

from datasets import Dataset
from ui.server import cache
from ui.server.cache import ByteLRU, nbytes

KB = 1024


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def block(kb: int, fill: float = 0.0) -> np.ndarray:
    return np.full(kb * KB // 8, fill)


# --------------------------------------------------------------------------- sizes


def test_nbytes_counts_arrays_once_through_views_and_containers():
    a = block(100)
    assert nbytes(a) == 100 * KB
    assert 100 * KB <= nbytes((a, a[10:], a.reshape(-1, 2), {"again": a})) < 101 * KB
    holder = types.SimpleNamespace(x=a, y=block(50), name="small")
    assert 150 * KB <= nbytes(holder) < 151 * KB
    assert nbytes(None) == nbytes(3) == 0


def test_nbytes_sees_what_a_run_computes_after_it_was_made():
    import perceptron_core as pc

    rng = np.random.default_rng(0)
    X = rng.normal(size=(400, 2))
    y = np.where(rng.random(400) < 0.5, 1, -1)  # noise: many updates
    run = pc.train(X, y, max_epochs=50)
    before = nbytes(run)
    run.trajectory()
    assert nbytes(run) >= before + 24 * run.n_updates  # (d + 1) float64 per update


# --------------------------------------------------------------------------- bytes


def test_least_recently_used_entries_go_when_the_bytes_pass_the_ceiling():
    store = ByteLRU(max_bytes=100 * KB, entry_limit=60 * KB)
    store.put("a", block(40))
    store.put("b", block(40))
    assert store.get("a") is not None  # a is now more recent than b
    store.put("c", block(40))  # 120 KB > 100 KB: the least recently used (b) goes
    assert "b" not in store
    assert "a" in store and "c" in store
    assert store.total_bytes == 80 * KB
    assert store.evictions == 1


def test_an_entry_over_the_limit_is_not_kept_and_evicts_nothing():
    store = ByteLRU(max_bytes=100 * KB, entry_limit=50 * KB)
    store.put("small", block(30))
    big = block(51)
    assert store.put("big", big) is False
    assert "big" not in store and len(store) == 1
    assert store.total_bytes == 30 * KB
    assert "small" in store
    # Replacing a kept entry by an oversize one drops the old one too.
    assert store.put("small", big) is False
    assert len(store) == 0 and store.total_bytes == 0


def test_an_entry_that_grows_is_measured_again_and_may_be_dropped():
    store = ByteLRU(max_bytes=100 * KB, entry_limit=60 * KB)
    lazy = types.SimpleNamespace(x=block(10))
    store.put("lazy", lazy)
    store.put("other", block(40))
    lazy.cache = block(45)  # computed after it was cached: 55 KB now
    assert store.get("lazy") is lazy  # a hit re-measures: 95 KB in all, fits
    assert store.total_bytes == 95 * KB
    store.put("third", block(20))  # 115 KB: "other" is the least recently used
    assert "other" not in store and "lazy" in store
    lazy.more = block(10)  # 65 KB: over the entry limit
    assert store.get("lazy") is lazy  # still returned to this caller ...
    assert "lazy" not in store  # ... but not kept
    assert store.total_bytes == 20 * KB


def test_sweep_measures_again_and_restores_the_ceiling():
    store = ByteLRU(max_bytes=100 * KB, entry_limit=100 * KB)
    first = types.SimpleNamespace(x=block(30))
    store.put("first", first)
    store.put("second", block(30))
    store.get("first")  # "second" is now the least recently used
    first.grown = block(50)  # 80 + 30 = 110 KB, unseen until measured
    assert store.total_bytes == 60 * KB
    assert store.sweep() == 30 * KB
    assert store.total_bytes == 80 * KB
    assert "first" in store and "second" not in store


# --------------------------------------------------------------------------- time


def test_entries_unused_for_their_ttl_are_dropped_and_a_hit_restarts_the_clock():
    clock = Clock()
    store = ByteLRU(max_bytes=100 * KB, ttl=60, timer=clock)
    store.put("a", block(10))
    store.put("short", block(10), ttl=5)
    clock.t += 4
    assert "short" in store
    clock.t += 1
    assert "short" not in store and store.get("short") is None
    clock.t += 50  # a: 55 s unused
    assert store.get("a") is not None  # the hit restarts its 60 s
    clock.t += 59
    assert "a" in store
    clock.t += 1
    assert store.sweep() == 10 * KB
    assert len(store) == 0 and store.total_bytes == 0


# --------------------------------------------------------------------------- the decorator


def test_cached_returns_the_same_object_and_keys_arrays_by_content():
    store = ByteLRU(max_bytes=10 * 2**20)
    calls = []

    @cache.cached(store=store)
    def summary(X: np.ndarray, k: int, _note: str = "") -> dict:
        calls.append(k)
        return {"sum": X.sum() * k}

    X = np.arange(10.0)
    first = summary(X, 2, _note="ignored")
    assert summary(X.copy(), 2, _note="also ignored") is first  # same content: a hit
    assert summary(X, k=2) is first  # keywords bind like positionals
    assert summary(X + 1, 2) is not first
    assert summary(X, 3) is not first
    assert calls == [2, 2, 3]
    summary.clear()
    assert len(store) == 0
    summary(X, 2)
    assert calls == [2, 2, 3, 2]


def test_a_dataset_is_keyed_by_its_points_and_by_what_names_them():
    """Equal points under other names are another dataset to a function that returns one
    (a file read again with its label column's classes renamed): the cached answer must
    carry the names asked with. Equal points, names and params: a hit."""
    store = ByteLRU(max_bytes=10 * 2**20)
    calls = []

    @cache.cached(store=store)
    def centred(ds: Dataset) -> Dataset:
        calls.append(ds.class_names)
        return ds.preprocessed("centre")

    X, y = [[0.0, 1.0], [2.0, 3.0], [4.0, 1.0]], [1, -1, 1]
    a = Dataset(X, y, class_names=("cat", "dog"), source="pets.csv")
    assert centred(a).class_names == ("cat", "dog")
    assert centred(Dataset(X, y, class_names=("cat", "dog"), source="pets.csv")) is centred(a)
    for other in (
        Dataset(X, y, class_names=("no", "yes"), source="pets.csv"),
        Dataset(X, y, class_names=("cat", "dog"), feature_names=("mass", "age"), source="pets.csv"),
        Dataset(X, y, class_names=("cat", "dog"), source="other.csv"),
        Dataset(X, y, class_names=("cat", "dog"), source="pets.csv", params={"sheet": "B"}),
    ):
        got = centred(other)
        assert (got.class_names, got.feature_names, got.source, got.params) == (
            other.class_names, other.feature_names, other.source, other.params,
        )  # fmt: skip
    assert len(calls) == 5


def test_exceptions_are_not_cached():
    store = ByteLRU(max_bytes=2**20)
    calls = []

    @cache.cached(store=store)
    def fails(n: int) -> int:
        calls.append(n)
        raise ValueError(n)

    for _ in range(2):
        with pytest.raises(ValueError):
            fails(1)
    assert calls == [1, 1] and len(store) == 0


def test_none_is_a_cached_value():
    store = ByteLRU(max_bytes=2**20)
    calls = []

    @cache.cached(store=store)
    def nothing(n: int) -> None:
        calls.append(n)

    assert nothing(1) is None and nothing(1) is None
    assert calls == [1]


def test_concurrent_callers_of_one_missing_key_compute_it_once():
    store = ByteLRU(max_bytes=2**20)
    calls = []
    gate = threading.Event()

    @cache.cached(store=store)
    def slow(n: int) -> np.ndarray:
        calls.append(n)
        gate.wait(5)
        return np.zeros(n)

    results = []
    threads = [threading.Thread(target=lambda: results.append(slow(8))) for _ in range(8)]
    for t in threads:
        t.start()
    gate.set()
    for t in threads:
        t.join()
    assert calls == [8]
    assert len(results) == 8 and all(r is results[0] for r in results)


def test_many_threads_never_hold_more_than_the_ceiling():
    store = ByteLRU(max_bytes=200 * KB, entry_limit=50 * KB)
    worst = []
    errors = []

    def work(seed: int) -> None:
        rng = np.random.default_rng(seed)
        try:
            for _ in range(300):
                key = int(rng.integers(40))
                if store.get(key) is None:
                    store.put(key, block(int(rng.integers(1, 60))))
                worst.append(store.total_bytes)
        except Exception as exc:  # noqa: BLE001
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert max(worst) <= 200 * KB
    assert store.total_bytes == sum(store.sizes().values())


def test_the_pages_computations_share_the_bounded_store():
    from ui import compute
    from ui.parts.settings import Settings

    compute.trained.clear()
    rng = np.random.default_rng(1)
    X = rng.normal(size=(50, 2))
    y = np.where(X[:, 0] > 0, 1, -1)
    settings = Settings(max_epochs=20)
    first = compute.trained(Dataset(X, y), settings)
    assert compute.trained(Dataset(X.copy(), y.copy()), settings) is first
    assert compute.theory(Dataset(X, y)) is compute.theory(Dataset(X.copy(), y))
    sizes = [s for k, s in cache.STORE.sizes().items() if k[0] == "ui.compute.trained"]
    assert sizes and sizes[0] >= X.nbytes + y.nbytes
    assert cache.STORE.max_bytes == cache.CEILING_BYTES
