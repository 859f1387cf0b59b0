"""perceptron_core: an exact, recorded, fast perceptron engine and the theory of the notes.

Imports numpy, scipy and numba only (no UI), so a notebook gets the numbers the app shows::

    import perceptron_core as pc
    run = pc.train(X, y, variant="classic", eta=1.0, max_epochs=100, shuffle=False, seed=0)
    run.w, run.b, run.converged, run.mistakes, run.epochs, run.predict(X)
    th = pc.theory(X, y)          # th.R, th.separable, th.gamma, th.bound, th.u
    pc.hinge_bound(X, y, epochs)  # Theorem 2 after that many epochs
    hb = pc.hinge_certificate(X, y, epochs)  # hb.value, hb.lower, hb.w, hb.proven_minimal
    A = pc.flipped(X, y)          # rows y_i (1, x_i) (004); pc.solve_cone(A): A w >= 1 (001)

What the pages show, one module each: the kernel perceptron's alpha and f
(``pc.alpha_at``, ``pc.kernel_scores``: ``dual``), batch GD against the single-sample rule,
the learning rate and the scaling (``pc.compare_batch``, ``pc.eta_effect``,
``pc.scaling_effect``: ``batch``), 004's least-squares line (``pc.least_squares``:
``least_squares``), the proofs read off a run (``pc.theorem1``,
``pc.theorem2``, ``pc.distance_004``, ``pc.epoch_bounds``: ``proof``), accuracy per epoch
on held-out sets (``pc.accuracy_per_epoch``, ``pc.best_epoch``, ``pc.agreement``:
``variants``), exercises with exact answers (``pc.exercise``, ``pc.check``,
``pc.parse_number``: ``practice``). The mistake rule, y (w.x + b) <= 0 with ties as
mistakes, is written in ``reference`` (``pc.mistakes``; ``pc.flipped_mistakes`` on the
flipped samples).
"""

from .batch import (
    Comparison,
    EtaEffect,
    ScalingRow,
    compare_batch,
    comparison_of,
    eta_effect,
    scaling_effect,
    weights_at_epoch,
)
from .cone import ConeSolution, flip, flipped, flipped_mistakes, lift, scores, solve_cone
from .dual import alpha_at, kernel_scores
from .hinge import HingeBound, hinge_bound, hinge_certificate
from .kernels import Kernel
from .least_squares import LeastSquares, least_squares
from .margin import Theory, theory
from .online import (
    AdversaryMove,
    Arrival,
    OnlinePerceptron,
    UpdateEffect,
    adversary_point,
    target_margins,
    update_effect,
)
from .practice import AnswerError, Exercise, Question, check, exercise, parse_number
from .proof import (
    Distance,
    EpochBounds,
    Squeeze,
    distance_004,
    epoch_bounds,
    sample_epochs,
    theorem1,
    theorem2,
)
from .reference import (
    activation,
    activations,
    mistakes,
    perceptron_step,
    reference_train,
    update,
)
from .run import VARIANTS, Run, Visit, epoch_order
from .train import online_run, train
from .variants import EpochAccuracy, accuracy_per_epoch, agreement, best_epoch, epoch_cursors

__all__ = [
    "VARIANTS",
    "AdversaryMove",
    "AnswerError",
    "Arrival",
    "Comparison",
    "ConeSolution",
    "Distance",
    "EpochAccuracy",
    "EpochBounds",
    "EtaEffect",
    "Exercise",
    "HingeBound",
    "Kernel",
    "LeastSquares",
    "OnlinePerceptron",
    "Question",
    "Run",
    "ScalingRow",
    "Squeeze",
    "Theory",
    "UpdateEffect",
    "Visit",
    "accuracy_per_epoch",
    "activation",
    "activations",
    "adversary_point",
    "agreement",
    "alpha_at",
    "best_epoch",
    "check",
    "compare_batch",
    "comparison_of",
    "distance_004",
    "epoch_bounds",
    "epoch_cursors",
    "epoch_order",
    "eta_effect",
    "exercise",
    "flip",
    "flipped",
    "flipped_mistakes",
    "hinge_bound",
    "hinge_certificate",
    "kernel_scores",
    "least_squares",
    "lift",
    "mistakes",
    "online_run",
    "parse_number",
    "perceptron_step",
    "reference_train",
    "update",
    "sample_epochs",
    "scaling_effect",
    "scores",
    "solve_cone",
    "target_margins",
    "theorem1",
    "theorem2",
    "theory",
    "train",
    "update_effect",
    "weights_at_epoch",
]
