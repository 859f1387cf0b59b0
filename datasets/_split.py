"""A seeded train / dev / test split of a dataset's rows (stratified by label if asked)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

SPLIT_SETS = ("train", "dev", "test")  # the parts, in the order split returns them
SPLIT_FRACTIONS = (0.6, 0.2, 0.2)


def split(
    n: int,
    seed: int,
    fractions: Sequence[float] = SPLIT_FRACTIONS,
    *,
    y: np.ndarray | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A seeded train / dev / test split of ``n`` examples.

    Parameters
    ----------
    n : int >= 3
        Number of examples.
    seed : int
        Seeds ``np.random.default_rng``: the same seed gives the same split.
    fractions : three positive numbers
        Shares of train, dev and test (normalised to sum 1). Each part gets
        ``round(n * share)`` examples, at least one (the training part takes the rest).
    y : array of shape (n,), optional
        Labels: when given, the split is stratified (each part gets the classes in about
        their overall proportion).

    Returns
    -------
    train_idx, dev_idx, test_idx : int64 arrays, each sorted and non-empty
        Disjoint, together ``0..n-1``.

    Raises
    ------
    ValueError
        ``n`` below 3, fractions not three positive finite numbers, ``y`` of the wrong
        length.

    Examples
    --------
    >>> import numpy as np, datasets
    >>> train, dev, test = datasets.split(10, seed=0)
    >>> len(train), len(dev), len(test)
    (6, 2, 2)
    >>> sorted(np.concatenate((train, dev, test)).tolist()) == list(range(10))
    True
    """
    if isinstance(n, bool) or not isinstance(n, int | np.integer) or n < 3:
        raise ValueError(f"a train/dev/test split needs at least 3 examples; got n={n!r}")
    n = int(n)
    f = np.asarray(fractions, dtype=np.float64).reshape(-1)
    if f.shape != (3,) or not np.all(np.isfinite(f)) or np.any(f <= 0):
        raise ValueError(f"fractions must be three positive numbers; got {fractions!r}")
    f = f / f.sum()
    n_dev = max(1, int(round(n * f[1])))
    n_test = max(1, int(round(n * f[2])))
    while n - n_dev - n_test < 1:  # the training part keeps at least one example
        if n_dev >= n_test:
            n_dev -= 1
        else:
            n_test -= 1
    rng = np.random.default_rng(seed)
    order = rng.permutation(n)
    if y is not None:
        y = np.asarray(y).reshape(-1)
        if y.shape[0] != n:
            raise ValueError(f"y must have {n} labels; got {y.shape[0]}")
        # Each class, in the permutation's order, is spread evenly over [0, 1); cutting
        # the merged order into consecutive parts gives each part its share of each class.
        position = np.empty(n)
        labels = y[order]
        for c in np.unique(labels):
            members = np.flatnonzero(labels == c)
            position[members] = (np.arange(members.shape[0]) + 0.5) / members.shape[0]
        order = order[np.lexsort((np.arange(n), position))]
    cut1, cut2 = n - n_dev - n_test, n - n_test
    return np.sort(order[:cut1]), np.sort(order[cut1:cut2]), np.sort(order[cut2:])
