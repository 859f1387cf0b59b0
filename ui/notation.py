"""The lab's notation: the symbols and formulas of the textbook a course uses, asked for
by ``ui.text`` and the charts, so that no page writes "w·x + b" itself (no streamlit here).

- ``wb`` (the default, the notes'): w, b, labels y = ±1, a mistake when y(w·x + b) ≤ 0,
  then w ← w + η y x, b ← b + η y.
- ``theta`` (the MIT/edX course and many notebooks): θ, θ₀, labels ±1, θ·x + θ₀.
- ``augmented`` (Duda & Hart, the notes' 004): one vector a = (b, w); each sample
  becomes y = (1, x) in class ω₁ (label +1) and y = −(1, x) in class ω₂ (label −1), so
  every sample needs aᵀy > 0: a mistake when aᵀy ≤ 0, then a ← a + η y.
- ``hardlim`` (Hagan et al.): targets t ∈ {0, 1} (t = 1 for the lab's +1), input p,
  n = w·p + b, a = hardlim(n), e = t − a, then w ← w + e p, b ← b + e (η e p with a
  learning rate). Hagan's hardlim(0) = 1, so a point of t = 1 with n = 0 is no error
  there; the lab (the notes) counts every tie as a mistake and updates with e = 2t − 1,
  and says so where a tie happens.

The run is the same in every notation: the same w, b, mistakes and numbers; only the
words and symbols around them change. The setting is the lab's (``ui.parts.settings``),
read through ``read_from`` (installed by app.py); ``using`` sets it for a block.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass


@dataclass(frozen=True)
class Notation:
    """One textbook's symbols: in plain text (status lines, legends, hover) and in LaTeX."""

    name: str
    w: str  # the weight vector ("a": the augmented vector, bias first)
    b: str  # the bias ("a₀": a's first entry)
    x: str  # an input
    score: str  # what the classifier computes for x, before its sign
    signed: str  # what must be > 0 for a point to be right
    norm: str  # the norm of the weights in the picture (the bias not in it)
    positive: str  # the lab's +1 class
    negative: str  # the lab's -1 class
    label: str  # the label's letter
    w_tex: str
    b_tex: str
    x_tex: str
    augmented: bool = False  # one vector a = (b, w) and sign-flipped samples y
    hardlim: bool = False  # targets 0/1, a = hardlim(n), e = t - a
    # LaTeX of the score, the quantity the test signs, and the two update rules, for
    # equations written in one block (the wide data's, ``ui.views.score_view``).
    score_tex: str = r"w\cdot x + b"
    signed_tex: str = r"y\,(w\cdot x + b)"
    w_rule_tex: str = r"w + \eta\, y\, x"
    b_rule_tex: str = r"b + \eta\, y"

    def weights(self, w: str, b: str, a: str) -> str:
        """The weights in words, from their numbers written out (``a``: (b, w))."""
        if self.augmented:
            return f"{self.w} = {a}"
        return f"{self.w} = {w}, {self.b} = {b}"

    def label_of(self, y: int) -> str:
        """A label (+1 or -1 in the lab) as this notation writes it."""
        return self.positive if y > 0 else self.negative

    def legend(self, y: int) -> str:
        """A class in a chart's legend and hover: "+1", "ω₁", "t = 1"."""
        shown = self.label_of(y)
        return f"{self.label} = {shown}" if self.hardlim else shown

    def start(self) -> str:
        """The start of the notes: zero weights."""
        return f"{self.w} = 0" if self.augmented else f"{self.w} = 0, {self.b} = 0"

    def sign_of_label(self, i: str = "i") -> str:
        """Example ``i``'s label as the ±1 the kernel's dual form multiplies by: y_i (hardlim:
        2t_i − 1; augmented: s_i, +1 in ω₁ and −1 in ω₂)."""
        if self.hardlim:
            return f"(2t_{i} − 1)"
        return f"s_{i}" if self.augmented else f"y_{i}"

    def sign_of_label_tex(self, i: str = "i") -> str:
        """``sign_of_label`` in LaTeX (y_j; y_{12})."""
        sub = i if len(i) == 1 and i.isalpha() else f"{{{i}}}"
        if self.hardlim:
            return f"(2t_{sub} - 1)"
        return f"s_{sub}" if self.augmented else f"y_{sub}"

    def dual(self, *, defined: bool = False) -> str:
        """The kernel perceptron's score in words: f(x) = Σ α_i y_i K(x_i, x); ``defined``:
        with what the label's sign is where the notation has no ±1 label."""
        x = self.x
        said = f"f({x}) = Σ α_i {self.sign_of_label()} K({x}_i, {x})"
        if defined and self.augmented:
            said += f" (s_i = +1 in {self.positive}, −1 in {self.negative})"
        elif defined and self.hardlim:
            said += " (2t_i − 1 = ±1)"
        return said

    @property
    def step(self) -> str:
        """An update's step in words: η·y·x (augmented: η·y; hardlim: η·e·p)."""
        if self.augmented:
            return "η·y"
        return "η·e·p" if self.hardlim else f"η·y·{self.x}"

    def step_label(self, sign: str, eta: str) -> str:
        """The label of an update's step arrow (its drawn part: the entries of x)."""
        if self.augmented:  # y holds the sign: a <- a + eta y
            return f"+{eta}y"
        return f"{sign}{eta}{self.x}"


NOTATIONS: dict[str, Notation] = {
    "wb": Notation(
        "wb", "w", "b", "x", "w·x + b", "y(w·x + b)", "‖w‖", "+1", "-1", "y",
        "w", "b", "x",
    ),
    "theta": Notation(
        "theta", "θ", "θ₀", "x", "θ·x + θ₀", "y(θ·x + θ₀)", "‖θ‖", "+1", "-1", "y",
        r"\theta", r"\theta_0", "x", score_tex=r"\theta\cdot x + \theta_0",
        signed_tex=r"y\,(\theta\cdot x + \theta_0)", w_rule_tex=r"\theta + \eta\, y\, x",
        b_rule_tex=r"\theta_0 + \eta\, y",
    ),
    "augmented": Notation(
        "augmented", "a", "a₀", "x", "aᵀ(1, x)", "aᵀy", "‖(a₁, …, a_d)‖", "ω₁", "ω₂", "ω",
        r"\mathbf{a}", "a_0", "x", augmented=True, score_tex=r"\mathbf{a}^\top (1, x)",
        signed_tex=r"\mathbf{a}^\top \mathbf{y}",
        w_rule_tex=r"a_{1:d} + \eta\, \mathbf{y}_{1:d}", b_rule_tex=r"a_0 + \eta\, y_0",
    ),
    "hardlim": Notation(
        "hardlim", "w", "b", "p", "n = w·p + b", "(2t − 1) n", "‖w‖", "1", "0", "t",
        "w", "b", "p", hardlim=True, score_tex=r"n = w\cdot p + b",
        signed_tex=r"(2t - 1)\, n", w_rule_tex=r"w + \eta\, e\, p", b_rule_tex=r"b + \eta\, e",
    ),
}  # fmt: skip
# The choice's names: symbols and the textbooks' authors, the same in every language (a
# select box reads a choice back by its name: a name that changed with the language
# would not be found).
NAMES = {
    "wb": "w, b · y = ±1",
    "theta": "θ, θ₀ · y = ±1 (MIT 6.036)",
    "augmented": "a, y = ±(1, x) (Duda & Hart)",
    "hardlim": "w, b · t ∈ {0, 1}, hardlim (Hagan)",
}
DEFAULT = "wb"
PARAM = "notation"  # the link's parameter (dropped at the default)

_chosen: ContextVar[str | None] = ContextVar("notation", default=None)
_reader: list[Callable[[], str]] = []  # the session's setting (app.py installs it)


def read_from(reader: Callable[[], str]) -> None:
    """Read the notation from ``reader`` (the session's setting) from now on."""
    _reader[:] = [reader]


def current() -> Notation:
    """The notation now: ``using``'s, else the session's, else the notes'."""
    chosen = _chosen.get()
    if chosen is None and _reader:
        try:
            chosen = _reader[0]()
        except Exception:  # noqa: BLE001 - outside a session (a thread, a test): the notes'
            chosen = None
    return NOTATIONS.get(chosen or DEFAULT, NOTATIONS[DEFAULT])


@contextmanager
def using(name: str) -> Iterator[Notation]:
    """Notation ``name`` inside the block."""
    if name not in NOTATIONS:
        raise ValueError(f"notation must be one of {tuple(NOTATIONS)}; got {name!r}")
    token = _chosen.set(name)
    try:
        yield NOTATIONS[name]
    finally:
        _chosen.reset(token)


def read_choice(raw) -> str | None:
    """A link's or a user's notation as the lab's name, or None when it is none of them."""
    name = str(raw).strip().lower()
    return name if name in NOTATIONS else None
