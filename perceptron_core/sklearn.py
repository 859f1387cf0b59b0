"""``Perceptron``: the lab's engine as a scikit-learn estimator (needs scikit-learn).

scikit-learn is an optional dependency of the engine and is imported only here, so
``import perceptron_core`` works without it. The estimator is a configuration of
``train`` and ``online_run``, not a second loop: ``coef_``, ``intercept_`` and
``decision_function`` are the recorded run's, and ``run_`` is that run, so its replay,
``theory``, the proof's quantities and the lab's stage work on a fitted estimator::

    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler
    from perceptron_core.sklearn import Perceptron

    model = make_pipeline(StandardScaler(), Perceptron(max_epochs=50))
    GridSearchCV(model, {"perceptron__eta": [0.1, 1.0]}).fit(X, y)

Binary only: any two labels are mapped to -1 (``classes_[0]``) and +1 (``classes_[1]``)
and back. ``partial_fit`` is the online setting of 001: each call's examples arrive in
the given order, each is predicted and then learned, once.
"""

from __future__ import annotations

from numbers import Integral, Real
from typing import Any, Self, TypeAlias, cast

import numpy as np
from numpy.typing import ArrayLike, NDArray
from sklearn.base import BaseEstimator, ClassifierMixin, _fit_context
from sklearn.utils import Tags
from sklearn.utils._param_validation import Interval, StrOptions
from sklearn.utils.multiclass import type_of_target
from sklearn.utils.validation import check_is_fitted, validate_data

from ._types import Floats, Ints
from .run import VARIANTS, Run
from .train import online_run, train

# What scikit-learn's validate_data returns for (X, y) (scikit-learn ships no types).
_Checked: TypeAlias = tuple[Floats, NDArray[Any]]

# Whose prediction is not one weight vector in input space: they have no coef_.
_NONLINEAR = ("voted", "kernel")

# scikit-learn's checks this estimator is known to fail, each with why (for
# ``parametrize_with_checks(..., expected_failed_checks=...)``).
EXPECTED_FAILED_CHECKS: dict[str, str] = {}


def expected_failed_checks(estimator: object) -> dict[str, str]:
    """The checks ``estimator`` is expected to fail, by name, with the reason."""
    return dict(EXPECTED_FAILED_CHECKS)


class Perceptron(ClassifierMixin, BaseEstimator):
    """The perceptron of the notes as a scikit-learn classifier, with its recorded run.

    Parameters
    ----------
    variant : {"classic", "averaged", "voted", "pocket", "kernel", "batch"}, default="classic"
        The rule that predicts (``perceptron_core.train``): the last weights, their
        average, the vote of every weight vector, the pocket's best, the kernel
        perceptron's dual form (kernel a·b + 1), or batch steps on J_p.
    eta : float > 0, default=1.0
        Learning rate: on a mistake ``w += eta*y*x`` and ``b += eta*y``.
    max_epochs : int >= 1, default=100
        Passes over the data at most; ``fit`` stops earlier after a pass with no mistake.
    shuffle : bool, default=False
        Visit the examples in a new order each epoch, drawn from ``seed``.
    seed : int >= 0, default=0
        Seeds the orders and the random start.
    start : {"zero", "random"}, default="zero"
        w = 0 and b = 0, or weights drawn N(0, 1) from ``seed``.

    Attributes
    ----------
    classes_ : ndarray of shape (2,)
        The two labels: ``classes_[0]`` is -1 for the engine, ``classes_[1]`` is +1.
    coef_ : ndarray of shape (1, n_features)
        The predicting weights (not for "voted" and "kernel", which have none).
    intercept_ : ndarray of shape (1,)
        The predicting bias b.
    n_iter_ : int
        Epochs run (passes over the data; one per ``partial_fit`` call).
    converged_ : bool
        Whether the last pass made no mistake: ``fit``'s last epoch, or the last
        ``partial_fit`` call's examples.
    run_ : perceptron_core.Run
        The recorded run: every visit and update, replayed exactly.
    n_features_in_ : int
        The number of features seen in ``fit``.

    Examples
    --------
    >>> import numpy as np
    >>> from perceptron_core.sklearn import Perceptron
    >>> X = np.array([[1.0, 1.0], [2.0, 2.0], [-1.0, -1.0]])
    >>> model = Perceptron().fit(X, ["spam", "spam", "ham"])
    >>> model.classes_.tolist(), model.coef_.tolist(), model.intercept_.tolist()
    (['ham', 'spam'], [[1.0, 1.0]], [1.0])
    >>> model.predict([[3.0, 0.0]]).tolist(), model.run_.mistakes
    (['spam'], 1)
    """

    # Fitted attributes, set by fit and partial_fit (annotations only: an unfitted
    # estimator has none of them, as scikit-learn's checks require).
    classes_: NDArray[Any]  # the two labels, sorted, of any dtype
    coef_: Floats
    intercept_: Floats
    n_iter_: int
    converged_: bool
    _run: Run | None
    _stream: _Stream | None

    _parameter_constraints: dict[str, list[object]] = {
        "variant": [StrOptions(set(VARIANTS))],
        "eta": [Interval(Real, 0, None, closed="neither")],
        "max_epochs": [Interval(Integral, 1, None, closed="left")],
        "shuffle": ["boolean"],
        "seed": [Interval(Integral, 0, None, closed="left")],
        "start": [StrOptions({"zero", "random"})],
    }

    def __init__(
        self,
        *,
        variant: str = "classic",
        eta: float = 1.0,
        max_epochs: int = 100,
        shuffle: bool = False,
        seed: int = 0,
        start: str = "zero",
    ) -> None:
        self.variant = variant
        self.eta = eta
        self.max_epochs = max_epochs
        self.shuffle = shuffle
        self.seed = seed
        self.start = start

    def __sklearn_tags__(self) -> Tags:
        tags = super().__sklearn_tags__()
        tags.classifier_tags.multi_class = False
        tags.classifier_tags.poor_score = False
        return tags

    @_fit_context(prefer_skip_nested_validation=True)
    def fit(self, X: ArrayLike, y: ArrayLike) -> Self:
        """Train on (X, y) from the start ``start`` and record the run.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
        y : array-like of shape (n_samples,), two distinct labels

        Returns
        -------
        self
        """
        X, y = cast(_Checked, validate_data(self, X, y, dtype=np.float64))
        self.classes_, signs = _binary(y)
        run = train(
            X,
            signs,
            variant=self.variant,
            eta=float(self.eta),
            max_epochs=int(self.max_epochs),
            shuffle=bool(self.shuffle),
            seed=int(self.seed),
            w0="random" if self.start == "random" else None,
        )
        self._stream = None
        self._set_run(run, epochs=run.epochs, converged=run.converged)
        return self

    def partial_fit(self, X: ArrayLike, y: ArrayLike, classes: ArrayLike | None = None) -> Self:
        """Learn from one example or a batch, each predicted first and then learned, once.

        The first call needs ``classes`` (both labels), as scikit-learn asks; the stream
        starts where the estimator is (w = 0 when unfitted, else the fitted weights) and
        ``run_`` records the whole stream so far. Only the "classic" rule learns online.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
        y : array-like of shape (n_samples,)
        classes : array-like of shape (2,), required on the first call

        Returns
        -------
        self
        """
        first = not hasattr(self, "classes_")
        if first:
            self._validate_params()
            if classes is None:
                raise ValueError("classes must be passed on the first call to partial_fit")
            labels = np.unique(np.asarray(classes))
            if labels.shape[0] != 2:
                raise ValueError(
                    "Only binary classification is supported: classes must name two labels; "
                    f"got {labels.shape[0]}"
                )
            self.classes_ = labels
        elif classes is not None and not np.array_equal(np.unique(classes), self.classes_):
            raise ValueError(f"classes {classes!r} differ from the first call's {self.classes_}")
        if self.variant != "classic":
            raise ValueError(
                f"partial_fit learns online with the classic rule; variant={self.variant!r} "
                "needs fit"
            )
        X, y = cast(_Checked, validate_data(self, X, y, dtype=np.float64, reset=first))
        unknown = ~np.isin(y, self.classes_)
        if unknown.any():
            raise ValueError(f"labels {np.unique(y[unknown])} are not in classes {self.classes_}")
        signs = np.where(y == self.classes_[1], 1, -1)
        stream: _Stream | None = getattr(self, "_stream", None)
        if stream is None:
            w0 = self.coef_[0].copy() if not first else np.zeros(X.shape[1])
            b0 = float(self.intercept_[0]) if not first else 0.0
            stream = self._stream = _Stream(w0, b0, float(self.eta))
            self.n_iter_ = 0
        stream.add(X, signs)
        self._set_run(None, epochs=self.n_iter_ + 1, converged=stream.clean)
        return self

    @property
    def run_(self) -> Run:
        """The recorded run: ``fit``'s, or the stream's of ``partial_fit`` (made on demand)."""
        check_is_fitted(self, "classes_")
        if self._run is None:
            assert self._stream is not None  # no run yet: partial_fit's stream is the model
            self._run = self._stream.run()
        return self._run

    def decision_function(self, X: ArrayLike) -> Floats:
        """The variant's score: positive predicts ``classes_[1]``, else ``classes_[0]``."""
        check_is_fitted(self, "classes_")
        X = cast(Floats, validate_data(self, X, dtype=np.float64, reset=False))
        if self._stream is not None:
            scores: Floats = X @ self._stream.w + self._stream.b
            return scores
        assert self._run is not None  # fit recorded it
        return self._run.decision_function(X)

    def predict(self, X: ArrayLike) -> NDArray[Any]:
        """``classes_[1]`` where the score is positive, else ``classes_[0]`` (ties too)."""
        check_is_fitted(self, "classes_")
        labels: NDArray[Any] = self.classes_[(self.decision_function(X) > 0.0).astype(int)]
        return labels

    def _set_run(self, run: Run | None, *, epochs: int, converged: bool) -> None:
        self._run = run
        self.n_iter_ = int(epochs)
        self.converged_ = bool(converged)
        if run is None:
            assert self._stream is not None  # partial_fit's stream made the weights
            self.coef_ = self._stream.w[None, :].copy()
            self.intercept_ = np.array([self._stream.b])
        elif self.variant in _NONLINEAR:
            # No weight vector in input space: like scikit-learn's kernel SVC.
            for name in ("coef_", "intercept_"):
                self.__dict__.pop(name, None)
        else:
            w, b = _predicting_weights(run)
            self.coef_ = w[None, :].copy()
            self.intercept_ = np.array([b])


class _Stream:
    """partial_fit's examples so far, and the weights after them (the compiled loop's)."""

    def __init__(self, w0: Floats, b0: float, eta: float) -> None:
        self.w0, self.b0, self.eta = w0, b0, eta
        self.w, self.b = w0.copy(), b0
        self.parts: list[tuple[Floats, Ints]] = []
        self.clean = False

    def add(self, X: Floats, signs: Ints) -> None:
        batch = online_run(X, signs, self.eta, w0=self.w, b0=self.b)
        assert batch.w is not None and batch.b is not None  # a classic run has both
        self.w, self.b = batch.w.copy(), float(batch.b)
        self.clean = batch.mistakes == 0
        self.parts.append((X, signs))

    def run(self) -> Run:
        X = np.concatenate([p[0] for p in self.parts])
        y = np.concatenate([p[1] for p in self.parts])
        return online_run(X, y, self.eta, w0=self.w0, b0=self.b0)


def _binary(y: ArrayLike) -> tuple[NDArray[Any], Ints]:
    """The two labels, sorted, and y as -1 (the first) and +1 (the second)."""
    kind = type_of_target(y, input_name="y", raise_unknown=True)
    classes = np.unique(y)
    if classes.shape[0] < 2:
        raise ValueError("y has one class only: the perceptron needs two classes")
    if kind != "binary":
        raise ValueError(
            f"Only binary classification is supported. The type of the target is {kind}"
            f" ({classes.shape[0]} classes): the perceptron separates two."
        )
    return classes, np.where(y == classes[1], 1, -1)


def _predicting_weights(run: Run) -> tuple[Floats, float]:
    if run.variant == "averaged":
        w, b = run.averaged_weights
    elif run.variant == "pocket":
        w, b = run.pocket_weights
    else:
        w_final, b_final = run.w, run.b
        assert w_final is not None and b_final is not None  # not kernel: see _NONLINEAR
        w, b = w_final, b_final
    return np.asarray(w, dtype=np.float64), float(b)
