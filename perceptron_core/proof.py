"""The convergence proof's quantities read off a recorded run (note 001, note 004).

``ProofTrack`` is the part of ``Run`` that gives w.u and ||w||^2 after every weight change,
with the lines Theorem 1's proof puts under and over them.
"""

from __future__ import annotations

from functools import cached_property

import numpy as np


class ProofTrack:
    """``Run``'s proof quantities after each weight change (mixed into ``Run``)."""

    # ---------------------------------------------------------------- proof
    def proof(self, u, gamma: float, R: float) -> dict[str, np.ndarray]:
        """The convergence proof's two quantities after every weight change, with bounds.

        ``u`` is a unit separator in R^(d+1) (bias first) with margin ``gamma``. After M
        mistakes from w(0): w.u >= w(0).u + M*eta*gamma and ||w||^2 <= ||w(0)||^2 +
        M*eta^2*R^2. For batch steps, where m mistakes are added at once, the second becomes
        ||w||^2 <= ||w(0)||^2 + eta^2 R^2 * sum of m^2 (the mistakes' cross terms are <= 0
        against w but not against each other).
        """
        self._require_primal("proof")
        traj = self._trajectory
        m, growth = self._proof_counts
        dot = traj @ np.asarray(u, dtype=np.float64)
        norm2 = np.einsum("ij,ij->i", traj, traj)
        return {
            "k": m,
            "w_dot_u": dot,
            "lower": dot[0] + m * self.eta * gamma,
            "norm_sq": norm2,
            "upper": norm2[0] + growth * self.eta**2 * R**2,
        }

    def proof_at(self, k: int, u, gamma: float, R: float) -> dict[str, float]:
        """``proof`` after ``k`` weight changes only, plus the start's terms (dot0, norm0)."""
        self._require_primal("proof_at")
        traj = self._trajectory
        m, growth = self._proof_counts
        u = np.asarray(u, dtype=np.float64)
        dot0, norm0 = float(traj[0] @ u), float(traj[0] @ traj[0])
        return {
            "k": float(m[k]),
            "w_dot_u": float(traj[k] @ u),
            "lower": dot0 + m[k] * self.eta * gamma,
            "norm_sq": float(traj[k] @ traj[k]),
            "upper": norm0 + growth[k] * self.eta**2 * R**2,
            "dot0": dot0,
            "norm0": norm0,
        }

    @cached_property
    def _proof_counts(self) -> tuple[np.ndarray, np.ndarray]:
        """Mistakes made by each weight change, and the sum of their squared batch sizes."""
        if self.is_batch:
            per_step = self.counts[self.counts > 0].astype(np.float64)
            m = np.concatenate(([0.0], np.cumsum(per_step)))
            return m, np.concatenate(([0.0], np.cumsum(per_step**2)))
        m = np.arange(self.n_updates + 1, dtype=np.float64)
        return m, m
