"""perceptron_core: an exact, recorded, fast perceptron engine and the theory of the notes.

Imports numpy, scipy and numba only (no UI), so a notebook gets the numbers the app shows::

    import perceptron_core as pc
    run = pc.train(X, y, variant="classic", eta=1.0, max_epochs=100, shuffle=False, seed=0)
    run.w, run.b, run.converged, run.mistakes, run.epochs, run.predict(X)
    th = pc.theory(X, y)          # th.R, th.separable, th.gamma, th.bound, th.u
    pc.hinge_bound(X, y, epochs)  # Theorem 2 after that many epochs
    hb = pc.hinge_certificate(X, y, epochs)  # hb.value, hb.lower, hb.w, hb.proven_minimal
"""

from .kernels import Kernel
from .margin import HingeBound, Theory, hinge_bound, hinge_certificate, theory
from .online import Arrival, OnlinePerceptron
from .reference import activation, activations, mistakes, perceptron_step, reference_train
from .run import VARIANTS, Run, Visit, epoch_order
from .train import online_run, train

__all__ = [
    "VARIANTS",
    "Arrival",
    "HingeBound",
    "Kernel",
    "OnlinePerceptron",
    "Run",
    "Theory",
    "Visit",
    "activation",
    "activations",
    "epoch_order",
    "hinge_bound",
    "hinge_certificate",
    "mistakes",
    "online_run",
    "perceptron_step",
    "reference_train",
    "theory",
    "train",
]
