"""Nothing false on screen: every mistake bound a stepping page states is true.

The Playground walked through every variant x start x learning rate its settings offer
(read from the page's declared state table, ``ui.state``), on separable and on noisy data,
at the start, after a few updates and at the end (with every frame of the steps around
each, which the browser shows as it steps): each "M = m ≤ B" in its lines and equations is
checked against the mistakes a textbook loop in this test makes (m) and against the bound
of the theorem whose assumptions hold (B), computed here from an independent max-margin
and hinge solver (``bound_oracle``); each other inequality it writes must hold as written.
Then the other stepping pages (Proof, Space, Kernel, Batch, Variants) on the same cases.
"""

from __future__ import annotations

import json
import math

import bound_oracle as oracle
import lab_app
import numpy as np
import pytest

import perceptron_core as pc
from ui import state

pytestmark = pytest.mark.slow  # about 300 page runs

P = state.PLAYGROUND
VARIANTS = tuple(P["variant"].options)
ETAS = tuple(P["eta"].options)
STARTS = tuple(P["start"].options)
RANDOM_SEEDS = (1, 3)  # two of the issue's: seed 1 broke Theorem 2, seed 3 Theorem 1
DATA = {"separable": {"separable_margin": "0.5"}, "noisy": {"noise": "0.05"}}
STEPS = ("9", "end")  # each with the frames around it: the start, 24 steps each way, the end
RTOL = 2e-3  # the page writes four significant digits


def starts():
    for start in STARTS:
        if start == "zero":
            yield start, 0
        else:
            for seed in RANDOM_SEEDS:
                yield start, seed


def frame_texts(at) -> dict[int, dict[str, str]]:
    """The stage's frames: {cursor: {key: line}}, as the browser would show them."""
    out = {}
    for element in at.get("bidi_component"):
        data = json.loads(element.proto.json)
        stage = data.get("stage")
        if stage:
            for c, frame in json.loads(stage["frames"]).items():
                out[int(c)] = frame.get("texts", {})
    return out


def page_blocks(at) -> tuple[list[str], list[str]]:
    """(Markdown and caption texts, LaTeX blocks) on the page at the server's cursor."""
    words = [m.value for m in at.markdown] + [c.value for c in at.caption]
    words += [w.value for w in at.warning] + [i.value for i in at.info]
    return words, [x.value for x in at.latex]


class Oracle:
    """The run's true mistakes at every visit and the bound whose assumptions hold."""

    def __init__(self, run, X, y):
        self.run, self.X, self.y = run, X, y
        orders = [run.order(e) for e in range(run.epochs)]
        self.M = oracle.textbook_mistakes(X, y, run.eta, run.w0, run.b0, orders)
        self.margin = oracle.max_margin(X, y)
        R2 = float(np.max(np.sum(oracle.augmented(X) ** 2, axis=1)))
        self.R = math.sqrt(R2)
        self.zero = not (np.any(run.w0) or run.b0)
        self.v1 = np.concatenate(([run.b0], run.w0)) / run.eta  # 004's w(1)/eta
        self._hinge = {}

    def bound(self, t: int) -> float:
        """The bound that holds after t visits, from the theorem whose assumptions hold."""
        if self.margin is not None:
            gamma, u = self.margin
            if self.zero:  # Theorem 1
                return self.R**2 / gamma**2
            alpha = self.R**2 / gamma  # 004 from w(1)
            return float(np.sum((self.v1 - alpha * u) ** 2)) / self.R**2
        E = max(1, -(-t // self.run.n))
        if E not in self._hinge:
            self._hinge[E] = oracle.hinge_minimum(self.X, self.y, E)
        value, w_star = self._hinge[E]
        if self.zero:  # Theorem 2
            return value
        return oracle.hinge_from_start(self.X, self.y, E, w_star, self.v1)

    def bounds(self, t: int) -> list[float]:
        """Every bound a page may state after t visits: the theorem's, and on separable
        data from a start the Proof page's other one, where Theorem 1's proof's two lines
        from w(0) meet: the largest M with (v(1).u* + M gamma*)^2 <= ||v(1)||^2 + M R^2."""
        out = [self.bound(t)]
        if self.margin is not None and not self.zero:
            gamma, u = self.margin
            a, n0, R2 = float(self.v1 @ u), float(self.v1 @ self.v1), self.R**2
            # gamma^2 M^2 + (2 a gamma - R2) M + a^2 - n0 <= 0
            A, B, C = gamma**2, 2 * a * gamma - R2, a * a - n0
            out.append(max((-B + math.sqrt(B * B - 4 * A * C)) / (2 * A), -a / gamma))
        return out


def check_statements(at, prefix: str, orc: Oracle, where: str) -> int:
    """Every stated inequality on the page and in its frames; returns how many M ≤ B."""
    seen = 0
    for c, texts in frame_texts(at).items():
        for key, line in texts.items():
            stated = oracle.line_statement(line)
            if stated is None:
                continue
            seen += 1
            m, B = stated
            truth = orc.bound(c)
            assert m == orc.M[c], f"{where} t={c} {key}: {line!r} but M = {orc.M[c]}"
            assert m <= B, f"{where} t={c}: {line!r} is false as written"
            assert orc.M[c] <= truth * (1 + 1e-9), f"{where} t={c}: the oracle's bound fails"
            assert B == pytest.approx(truth, rel=RTOL), f"{where} t={c}: {line!r}, bound {truth}"
    t = int(at.session_state[f"{prefix}cursor"])
    words, blocks = page_blocks(at)
    for block in blocks:
        for left, sign, right in oracle.latex_statements(block):
            ok = left <= right if sign == "le" else left >= right
            assert ok, f"{where} t={t}: {left} {sign} {right} is false as written in {block}"
        for m, B in oracle.latex_mistakes(block):
            seen += 1
            assert m == orc.M[t] and m <= B, f"{where} t={t}: {block}"
            truths = orc.bounds(t)
            assert any(B == pytest.approx(b, rel=RTOL) for b in truths), (where, t, block, truths)
    for w in words:
        stated = oracle.line_statement(w.replace("\\", ""))
        if stated is not None:
            seen += 1
            assert stated[0] == orc.M[t] and stated[0] <= stated[1], f"{where}: {w}"
            assert stated[1] == pytest.approx(orc.bound(t), rel=RTOL), f"{where}: {w}"
    return seen


def no_bound_stated(at, where: str) -> None:
    """A page whose run no theorem bounds states no "M ≤": lines, frames or equations."""
    for c, texts in frame_texts(at).items():
        for line in texts.values():
            assert oracle.line_statement(line) is None, f"{where} t={c}: {line!r}"
    words, blocks = page_blocks(at)
    assert not any(oracle.latex_mistakes(b) for b in blocks), (where, blocks)
    assert not any(oracle.line_statement(w.replace("\\", "")) for w in words), where


def walk(
    page, prefix: str, variant: str | None, eta, start, seed, data, steps=STEPS, **extra
) -> int:
    query = {f"{prefix}{k}": v for k, v in {**DATA[data], **extra}.items()}
    # str(2.0) = "2.0": Streamlit's slider reads "2" as no value at all (the link check
    # lets "2" pass: the links' business), so the test writes what the slider writes.
    query |= {f"{prefix}source": "Generate", f"{prefix}eta": str(eta), f"{prefix}start": start}
    if start != "zero":
        query[f"{prefix}start_seed"] = str(seed)
    if variant is not None:
        query[f"{prefix}variant"] = variant
    seen = 0
    at = None
    for step in steps:
        if at is None:
            at = lab_app.open_page(page, **query, **{f"{prefix}step": step})
        else:  # the same session, scrubbed there (cheaper than a new one)
            run = at.session_state[f"{prefix}run"]
            at.slider(key=f"{prefix}scrub").set_value(run.n_visits if step == "end" else int(step))
            at.run()
            assert not at.exception, at.exception
        run = at.session_state[f"{prefix}run"]
        where = f"{page or 'playground'} {variant} η={eta:g} {start}/{seed} {data} step={step}"
        if run is None:  # the kernel perceptron refuses a random start, and says so
            assert variant == "kernel" and start != "zero", where
            assert any("alpha = 0" in e.value for e in at.error), where
            return seen
        if run.is_batch or (run.is_kernel and run.kernel.name != "linear"):
            no_bound_stated(at, where)
            continue
        assert run.eta == eta and run.variant == (variant or run.variant), where
        if step == "end":
            assert at.session_state[f"{prefix}cursor"] == run.n_visits, where
        seen += check_statements(at, prefix, Oracle(run, run.X, run.y), where)
    return seen


@pytest.mark.parametrize("variant", VARIANTS)
def test_playground_states_only_true_bounds(variant):
    """Every variant x start x eta x data the Playground offers (the kernel variant with
    each kernel: the linear one is the classic perceptron, and Theorem 1 holds for it)."""
    kernels = tuple(P["kernel"].options) if variant == "kernel" else (None,)
    seen = 0
    for kernel in kernels:
        extra = {} if kernel is None else {"kernel": P["kernel"].labels()[kernel]}
        for data in DATA:
            for start, seed in starts():
                for eta in ETAS:
                    seen += walk(None, "pg_", variant, eta, start, seed, data, **extra)
    if variant != "batch":
        assert seen > 0, "no bound was stated at all"


@pytest.mark.parametrize("eta", ETAS)
def test_playground_online_states_only_true_bounds(eta):
    """The online protocol (one pass from w = 0) on both data, at every eta."""
    for data in DATA:
        assert walk(None, "pg_", None, eta, "zero", 0, data, online="true") > 0


PAGES = {"proof": ("pages/proof.py", "pf_"), "space": ("pages/space.py", "sp_"),
         "variants": ("pages/variants.py", "va_")}  # fmt: skip


@pytest.mark.parametrize("name", list(PAGES))
def test_other_stepping_pages_state_only_true_bounds(name):
    """Proof (every eta: its equations carry eta), Space and Variants (the run on the
    training part) at step 9, whose frames reach the start, 24 steps each way and the end."""
    path, prefix = PAGES[name]
    seen = 0
    for data in DATA:
        for start, seed in starts():
            for eta in ETAS:
                seen += walk(path, prefix, None, eta, start, seed, data, steps=("9",))
    assert seen > 0


def test_kernel_page_states_only_true_bounds():
    """The linear kernel is the classic perceptron from alpha = 0: Theorem 1 or 2; the
    polynomial and RBF kernels state none (their margin lives in the feature space)."""
    seen = 0
    for label in P["kernel"].labels().values():
        for data in DATA:
            for eta in ETAS:
                seen += walk("pages/kernel.py", "kn_", None, eta, "zero", 0, data,
                             steps=("9",), kernel=label)  # fmt: skip
    assert seen > 0


def test_batch_page_states_only_true_bounds():
    """The batch page: the single-sample run's mistakes by the end of each epoch against
    its bound; nothing bounds the batch steps, and nothing says so falsely."""
    seen = 0
    for data in DATA:
        for start, seed in starts():
            for eta in ETAS:
                query = {f"bt_{k}": v for k, v in DATA[data].items()}
                query |= {"bt_source": "Generate", "bt_eta": str(eta), "bt_start": start}
                if start != "zero":
                    query["bt_start_seed"] = str(seed)
                at = lab_app.open_page("pages/batch.py", **query, bt_step="9")
                batch = at.session_state["bt_run"]
                assert batch.eta == eta and batch.n == 40, (batch.eta, batch.n)
                w0 = None if start == "zero" else "random"
                epochs = state.BATCH["max_epochs"].default
                single = pc.train(batch.X, batch.y, eta=eta, max_epochs=epochs, w0=w0,
                                  start_seed=seed)  # fmt: skip
                orc = Oracle(single, single.X, single.y)
                for c, texts in frame_texts(at).items():
                    stated = oracle.line_statement(texts["bt_bound"])
                    e = -(-c // batch.n)
                    t = min(e * single.n, single.n_visits)
                    assert stated is not None, texts["bt_bound"]
                    seen += 1
                    m, B = stated
                    assert m == orc.M[t] and m <= B, (data, start, eta, c, texts["bt_bound"])
                    assert B == pytest.approx(orc.bound(t), rel=RTOL), texts["bt_bound"]
                    assert "no mistake bound for batch steps" in texts["bt_bound"]
    assert seen > 0


@pytest.mark.parametrize("noisy", [False, True], ids=["separable", "noisy"])
def test_online_game_states_only_true_bounds(noisy):
    """The game's count after arrivals from a link (one pass from w = 0, eta = 1): M from
    a textbook pass over the arrivals, the bound from the independent solver."""
    import re

    rng = np.random.default_rng(7)
    for n in (3, 8, 20):
        X = np.round(rng.uniform(-1, 1, size=(n, 2)), 3)
        y = np.where(X[:, 0] + 0.5 * X[:, 1] > 0.1, 1, -1)
        if noisy:
            y[: max(1, n // 4)] *= -1
        if len(set(y)) < 2:
            continue
        at = lab_app.open_page("pages/online.py", on_pts=state.encode_points(X, y))
        X, y = state.decode_points(state.encode_points(X, y))  # the link's grid
        count = next(m.value for m in at.markdown if m.value.startswith("**M = "))
        m = re.search(rf"M = (\d+) mistakes? in (\d+) arrivals? ≤ [^=]* = ({oracle.NUM})", count)
        assert m is not None, count
        M = oracle.textbook_mistakes(X, y, 1.0, np.zeros(2), 0.0, [np.arange(n)])[-1]
        mm = oracle.max_margin(X, y)
        if mm is not None:
            truth = (np.max(np.sum(oracle.augmented(X) ** 2, axis=1))) / mm[0] ** 2
            assert "Theorem 1" in count, count
        else:
            truth = oracle.hinge_minimum(X, y, 1)[0]
            assert "Theorem 2" in count, count
        shown = oracle.number(m.group(3))
        assert int(m.group(1)) == M and int(m.group(2)) == n, count
        assert M <= shown and shown == pytest.approx(truth, rel=RTOL), (count, truth)
