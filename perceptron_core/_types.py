"""The array types the engine's signatures name (numpy ships its own type stubs)."""

from __future__ import annotations

from typing import TypeAlias

import numpy as np
from numpy.typing import NDArray

#: float64 arrays: examples X (n, d), labels y of -1.0/+1.0 (n,), weights, activations.
Floats: TypeAlias = NDArray[np.float64]
#: int64 arrays: visiting orders, example indices, update counts.
Ints: TypeAlias = NDArray[np.int64]
#: int32 arrays: a run's record (the position within its epoch of every update).
Int32s: TypeAlias = NDArray[np.int32]
#: Boolean masks.
Bools: TypeAlias = NDArray[np.bool_]
