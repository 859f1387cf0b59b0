"""datasets.split: the seeded train / dev / test split of the variants page, checked
against sizes and shares counted here."""

import doctest

import numpy as np
import pytest

import datasets
import datasets._split as split_module


# ------------------------------------------------------------------------ split
@pytest.mark.parametrize("n", [3, 4, 5, 7, 10, 11, 100, 1001])
@pytest.mark.parametrize("fractions", [(0.6, 0.2, 0.2), (0.98, 0.01, 0.01), (1, 1, 1), (5, 3, 2)])
def test_split_is_disjoint_covers_all_and_no_part_is_empty(n, fractions):
    parts = datasets.split(n, seed=4, fractions=fractions)
    assert all(p.size > 0 for p in parts)
    joined = np.concatenate(parts)
    assert joined.shape[0] == n and np.array_equal(np.sort(joined), np.arange(n))
    assert all(np.array_equal(p, np.sort(p)) for p in parts)


def test_split_sizes_follow_the_fractions():
    tr, dv, te = datasets.split(1000, seed=0)
    assert (len(tr), len(dv), len(te)) == (600, 200, 200)
    tr, dv, te = datasets.split(200, seed=0, fractions=(2, 1, 1))
    assert (len(tr), len(dv), len(te)) == (100, 50, 50)


def test_split_is_reproducible_from_the_seed():
    a = datasets.split(500, seed=17)
    b = datasets.split(500, seed=17)
    c = datasets.split(500, seed=18)
    assert all(np.array_equal(p, q) for p, q in zip(a, b, strict=True))
    assert not all(np.array_equal(p, q) for p, q in zip(a, c, strict=True))


def test_a_stratified_split_keeps_the_class_shares():
    y = np.where(np.arange(300) < 60, 1, -1)  # 20% positive
    for seed in range(5):
        tr, dv, te = datasets.split(300, seed=seed, y=y)
        assert np.array_equal(np.sort(np.concatenate((tr, dv, te))), np.arange(300))
        for part, size in ((tr, 180), (dv, 60), (te, 60)):
            assert len(part) == size
            assert abs(np.sum(y[part] == 1) - 0.2 * size) <= 1
    # Unstratified, the shares wander from seed to seed.
    shares = [np.sum(y[datasets.split(300, seed=s)[1]] == 1) for s in range(20)]
    assert max(shares) - min(shares) > 2


@pytest.mark.parametrize(
    "n, fractions", [(2, (0.6, 0.2, 0.2)), (0, (0.6, 0.2, 0.2)), (True, (1, 1, 1)),
                     (10, (0.5, 0.5)), (10, (0.5, 0.5, 0)), (10, (1, float("nan"), 1))],
)  # fmt: skip
def test_a_bad_split_request_names_the_bad_value(n, fractions):
    with pytest.raises(ValueError, match="n=|fractions"):
        datasets.split(n, seed=0, fractions=fractions)


def test_the_split_modules_examples_run():
    result = doctest.testmod(split_module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0
