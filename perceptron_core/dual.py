"""The kernel perceptron's dual form: mistake counts alpha_i and f(z) in the loop's order.

``DualForm`` is the part of ``Run`` that the kernel perceptron (001 section 1.5, 002
section 8.3) adds: it keeps no w, only how often each example was a mistake, and predicts
with the sign of f(z) = sum over updates of eta*y_i*K(x_i, z).
"""

from __future__ import annotations

from functools import cached_property

import numpy as np

# Kernel values per block when summing f over many updates (8 bytes each).
_CHUNK_ELEMENTS = 4_000_000


class DualForm:
    """``Run``'s kernel perceptron: alpha and f summed as the loop did (mixed into ``Run``)."""

    # --------------------------------------------------------------- kernel
    @cached_property
    def _alpha_steps(self) -> np.ndarray:
        return self.eta * self.y[self.update_index]

    @property
    def alpha(self) -> np.ndarray:
        """Mistake count alpha_i of every example (the dual form)."""
        return np.bincount(self.update_index, minlength=self.n).astype(np.int64)

    def kernel_activations(self, k: int, Z) -> np.ndarray:
        """f(z) after the first ``k`` mistakes: sum over updates of eta*y_i*K(x_i, z),
        accumulated in update order as the loop did (bounded memory: ``_kernel_sums``)."""
        Z = np.ascontiguousarray(Z, dtype=np.float64)
        return self._kernel_sums(Z, [int(k)])[0]

    def _kernel_sums(self, Z: np.ndarray, ends) -> np.ndarray:
        """f(z) after the first k updates for each k of ``ends`` (increasing): shape
        (len(ends), m). One pass over the updates in blocks of bounded memory; each block's
        products eta*y_i*K(x_i, z) continue the running sum left to right (a cumulative
        sum), so every f is bitwise the loop's."""
        m = Z.shape[0]
        out = np.empty((len(ends), m))
        f = np.zeros(m)
        done = 0  # updates already in f
        step = max(1, _CHUNK_ELEMENTS // 4 // max(1, m))  # K, its products, the sums
        for e, k in enumerate(ends):
            while done < k:
                hi = min(int(k), done + step)
                P = self.kernel.matrix(self.X[self.update_index[done:hi]], Z)  # (hi-done, m)
                P *= self._alpha_steps[done:hi, None]
                if done:  # continue the running sum: f + p_0 + p_1 + ...
                    P[0] += f
                f = np.cumsum(P, axis=0)[-1]
                done = hi
            out[e] = f
        return out

    def _kernel_epoch_errors(self) -> np.ndarray:
        """Training errors of a kernel run at each epoch's end, with f summed in update
        order as the loop did (so a tie is a tie)."""
        f = self._kernel_sums(self.X, np.cumsum(self.counts))
        return np.count_nonzero(self.y * f <= 0.0, axis=1).astype(np.int64)
