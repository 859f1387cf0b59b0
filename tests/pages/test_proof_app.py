"""/proof through AppTest: every control and the stepping, the numbers shown checked
against a textbook perceptron written in the tests (tests/ui/views/test_proof_view.py) and against
perceptron_core called here, never against the page's own output."""

import base64
import json
import re

import numpy as np
import plotly.io
import pytest
from lab_app import ROOT, charts, click
from proof_oracle import radius, signed, textbook
from streamlit.testing.v1 import AppTest

import datasets
import perceptron_core as pc
from ui.text import num, tex

TIMEOUT = 300  # the machine runs many times slower than normal at times


def open_proof(**query) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=TIMEOUT)
    for name, value in query.items():
        at.query_params[name] = value
    at.run()
    at.switch_page("pages/proof.py").run()
    assert not at.exception, at.exception
    assert not at.error, [e.value for e in at.error]
    return at


def cursor(at) -> int:
    return int(at.session_state["pf_cursor"])


def markdown(at) -> str:
    return "\n".join(m.value for m in at.markdown)


def flat(tex_: str) -> str:
    """LaTeX with its layout taken out (aligned blocks, line breaks, spacing), so a test
    reads the statements, not where a line was broken to fit a column."""
    tex_ = re.sub(r"\\(begin|end)\{aligned\}|&|\\;|\\\\(?!\[)", " ", tex_)
    return re.sub(r"\s+", " ", tex_)


def latex(at) -> str:
    return flat("\n".join(x.value for x in at.latex))


def status(at) -> str:
    return next(m.value for m in at.markdown if m.value.startswith(("**start", "**update")))


def chart(at, name: str):
    """The page's chart keyed pf_<name>, as a Figure."""
    return plotly.io.from_json(json.dumps(charts(at)[f"pf_{name}"]))


def values(array) -> np.ndarray:
    """A trace's x or y: a list, or plotly's binary form {"dtype", "bdata"}."""
    if isinstance(array, dict):
        return np.frombuffer(base64.b64decode(array["bdata"]), dtype=array["dtype"])
    return np.asarray(array)


def notes_004():
    ds = datasets.generate("notes_rule_004", seed=0)
    return ds.X, ds.y


def weights(w) -> str:
    """w and b as the page writes them (its formatting of numbers, the values from here)."""
    return f"w = ({num(w[1])}, {num(w[2])}), b = {num(w[0])}"


def test_it_opens_on_004s_example_and_each_step_shows_the_proofs_numbers():
    X, y = notes_004()
    W, per_epoch, where = textbook(X, y, epochs=100)
    th = pc.theory(X, y)
    R, gamma, u = radius(X), th.gamma, th.u
    at = open_proof()
    assert at.title[0].value.startswith("Convergence proofs")
    assert status(at).startswith("**start · update 0")
    shown = markdown(at).replace("\\", "")
    # Shown as the whole number below it (past 10^4), so "M ≤ shown" iff "M ≤ bound".
    assert f"M = 0 ≤ R²/γ*² = {int(R**2 / gamma**2):,} (Theorem 1: separable, from w = 0)" in shown
    assert f"**Theorem 1** (001; w(0) = 0): R = {num(R)}, γ* = {num(gamma)}" in shown
    assert "augmented space" in "\n".join(c.value for c in at.caption)
    for k in (1, 2, 3):
        click(at, "pf_step")
        assert cursor(at) == where[k - 1] + 1  # fixed order, epoch 1: visit = example
        assert status(at).startswith(f"**update {k} · epoch 1 · example {where[k - 1] + 1} ")
    shown = markdown(at)
    assert weights(W[3]) + " · M = 3 ≤ R²/γ\\*² = " in shown
    tex_ = latex(at)
    assert flat(rf"w\cdot w^* = {tex(W[3] @ u / gamma)} \;\ge\; M = 3") in tex_
    assert flat(rf"\|w\|^2 = {tex(W[3] @ W[3])} \;\le\; M R^2 = {tex(3 * R**2)}") in tex_
    assert flat(rf"\le\; R\sqrt{{M}} = {tex(R * np.sqrt(3))}") in tex_
    alpha = R**2 / gamma
    dist = float(np.sum((W[3] - alpha * u) ** 2))
    assert rf"\|w(k{{+}}1) - \alpha\hat w\|^2 = {tex(dist)}" in tex_
    assert flat(r"k = 3 \;\le\; \hat k") in tex_
    squeeze = chart(at, "squeeze")
    assert any(s.x0 == 3 for s in squeeze.layout.shapes)  # today's step
    assert len(charts(at)) == 4


def test_every_stepping_control_against_the_textbook_run():
    X, y = notes_004()
    W, per_epoch, where = textbook(X, y, epochs=100)
    n, total = len(y), len(W) - 1
    at = open_proof()
    click(at, "pf_step")
    first = where[0] + 1
    assert cursor(at) == first
    click(at, "pf_visit")
    assert cursor(at) == first + 1
    click(at, "pf_back")
    assert cursor(at) == first
    click(at, "pf_epoch")
    assert cursor(at) == n and f"M = {per_epoch[0]} ≤ " in markdown(at)
    click(at, "pf_end")
    assert cursor(at) == len(per_epoch) * n and "converged" in status(at)
    th = pc.theory(X, y)
    bound = radius(X) ** 2 / th.gamma**2
    assert weights(W[-1]) + f" · M = {total} ≤ R²/γ\\*² = {int(bound):,}" in markdown(at)
    assert flat(
        rf"M = {total} \;\le\; R^2\|w^*\|^2 = \frac{{R^2}}{{\gamma^{{*2}}}} = "
    ) + f"{int(bound):,}".replace(",", "{,}") in latex(at)
    assert total <= bound
    click(at, "pf_reset")
    assert cursor(at) == 0
    at.slider(key="pf_scrub").set_value(where[4] + 1).run()
    assert cursor(at) == where[4] + 1 and "M = 5 ≤ " in markdown(at)


def test_a_random_start_and_a_learning_rate_give_004s_bound():
    X, y = notes_004()
    at = open_proof(pf_start="random", pf_start_seed="3", pf_eta="0.5")
    w0, b0 = pc.run.random_start(2, 3)  # the engine's start for seed 3: the input here
    start = np.concatenate(([b0], w0))
    W, per_epoch, _ = textbook(X, y, epochs=100, w0=start, eta=0.5)
    th = pc.theory(X, y)
    R, u = radius(X), th.u
    k_hat = float(np.sum((start / 0.5 - R**2 / th.gamma * u) ** 2)) / R**2
    k_hat_shown = num(k_hat) if k_hat < 1e4 else f"{int(k_hat):,}"
    assert f"M = 0 ≤ k̂ = {k_hat_shown} (004's proof from this random start" in markdown(at)
    click(at, "pf_end")
    total = len(W) - 1
    assert per_epoch[-1] == 0 and total <= k_hat
    assert weights(W[-1]) + f" · M = {total} ≤ k̂ = {k_hat_shown}" in markdown(at)
    tex_ = latex(at)
    assert r"w(0)\cdot w^* + \eta\,M" in tex_ and r"M_\times" in tex_
    assert (
        flat(r"\hat k = \frac{\|\tfrac{1}{\eta}w(1) - \alpha\hat w\|^2}{\beta^2} = ")
        + k_hat_shown.replace(",", "{,}")
        in tex_
    )


def test_the_order_and_max_epochs_reach_the_run():
    X, y = notes_004()
    at = open_proof(pf_order="shuffled", pf_order_seed="4")
    click(at, "pf_end")
    run = pc.train(X, y, shuffle=True, seed=4, max_epochs=100)
    assert f"M = {run.mistakes} ≤ " in markdown(at)
    at = open_proof(pf_max_epochs="3")
    click(at, "pf_end")
    assert cursor(at) == 3 * len(y) and "stopped after 3 epochs" in status(at)


def test_the_axes_control():
    at = open_proof()
    assert chart(at, "squeeze").layout.xaxis.type == "log"
    at.segmented_control(key="pf_axes").set_value("linear").run()
    assert not at.exception
    assert chart(at, "squeeze").layout.xaxis.type == "linear"
    assert chart(at, "cosine").layout.xaxis.type == "linear"


def test_preprocessing_changes_r_gamma_and_the_bound_in_the_table():
    raw = datasets.generate("notes_rule_004", seed=0)
    at = open_proof(pf_preprocessing="centre")
    centred = raw.preprocessed("centre")
    th = pc.theory(centred.X, centred.y)
    shown = markdown(at).replace("\\", "")
    assert f"R = {num(radius(centred.X))}, γ* = {num(th.gamma)}" in shown
    table = next(m.value for m in at.markdown if m.value.startswith("| | R"))
    for kind in datasets.PREPROCESSING:
        X = raw.preprocessed(kind).X
        row = next(
            r for r in table.splitlines() if kind[:5] in r or kind == "minmax" and "min" in r
        )
        assert f"| {num(radius(X), 3)} |" in row
        if kind == "centre":
            assert "**centre**" in row


def xor():
    ds = datasets.generate("xor", n=40, seed=0)
    return ds.X, ds.y


def test_data_no_line_separates_gets_theorem_2():
    X, y = xor()
    at = open_proof(pf_source="Generate", pf_generator="XOR (four clusters)")
    assert "Not linearly separable" in markdown(at)
    W, per_epoch, _ = textbook(X, y, epochs=100)
    click(at, "pf_step")
    click(at, "pf_step")
    hb = pc.hinge_certificate(X, y, 1)
    R = radius(X)
    L = float(np.maximum(0, 1 - signed(X, y) @ hb.w).sum())
    assert hb.value == pytest.approx(R**2 * (hb.w @ hb.w) + 2 * L, rel=1e-9)
    shown = markdown(at)
    assert "Theorem 2 after E = 1 epoch" in shown
    assert (
        f"M = 2 ≤ {num(hb.value)} (Theorem 2 after E = 1 epoch: not separable, from w = 0)" in shown
    )
    tex_ = latex(at)
    assert (
        flat(rf"w\cdot w^* = {tex(W[2] @ hb.w)} \;\ge\; M - E\,L_{{\text{{hinge}}}}(w^*)") in tex_
    )
    assert flat(r"M = 2 &\le R^2\|w^*\|^2") in tex_ and tex(hb.value) in tex_
    assert len(charts(at)) == 4
    click(at, "pf_end")
    E = len(per_epoch)
    hb = pc.hinge_certificate(X, y, E)
    assert f"Theorem 2 after E = {E} epochs" in markdown(at)
    assert f"M = {len(W) - 1:,} ≤ " in markdown(at) and len(W) - 1 <= hb.value
    epochs = chart(at, "epochs")
    count = next(t for t in epochs.data if t.name == "mistakes by epoch E")
    assert np.array_equal(values(count.y), np.cumsum(per_epoch))


def test_a_w_star_of_zero_is_said_not_drawn():
    at = open_proof(pf_example="Notes 002, example 1 (4 points)")
    click(at, "pf_step")
    assert "w* = 0" in "\n".join(c.value for c in at.caption).replace("\\", "")
    assert len(charts(at)) == 1  # Theorem 2 against the epochs only
    ds = datasets.generate("notes_002_example1")
    hb = pc.hinge_certificate(ds.X, ds.y, 1)
    assert not np.any(hb.w) and hb.value == pytest.approx(2 * 1 * ds.n)
    assert tex(hb.value) in latex(at)


def test_presenter_mode_hides_the_chrome_and_the_table():
    at = open_proof(pf_presenter="true")
    assert not at.title
    assert not any(m.value.startswith("| | R") for m in at.markdown)
    big = chart(at, "squeeze").layout.height
    assert big > chart(open_proof(), "squeeze").layout.height


def test_one_drawn_class_is_a_message_and_a_link_step_is_kept():
    at = open_proof(pf_source="Draw")
    at.number_input(key="pf_add_x1").set_value(1.0)
    click(at, "pf_add_point")
    assert any("Both classes are needed" in i.value for i in at.info)
    at = open_proof(pf_step="7")
    assert cursor(at) == 7 and "example 7 of 100" in status(at)


def test_data_near_1e_300_is_stepped_and_says_what_floats_cannot_hold():
    # By hand: with u* = (0, 1, 0) every point has margin s or 2s and no unit u does
    # better (the +1 points' x2 terms cancel the -1 points'), so gamma* = s, and
    # R = sqrt(1 + 4s^2 + t^2) = 1 in floats: R^2/gamma*^2 = 1/s^2 = 10^600, past the floats.
    s, t = 1e-300, 3e-300
    X = np.array([[s, t], [2 * s, -t], [-s, t], [-2 * s, -t]])
    y = np.array([1, 1, -1, -1])
    rows = "\n".join(f"{a!r},{b!r},{c}" for (a, b), c in zip(X.tolist(), y.tolist(), strict=True))
    at = open_proof(pf_source="Upload")
    at.file_uploader(key="pf_upload").upload("tiny.csv", f"x1,x2,label\n{rows}\n".encode()).run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    W, per_epoch, where = textbook(X, y, epochs=100)
    assert "M = 0 ≤ R²/γ*² = 1·10^600 (Theorem 1" in markdown(at).replace("\\", "")
    for k in (1, 2):
        click(at, "pf_step")
        assert not at.error, [e.value for e in at.error]  # the old page: two red boxes
        assert cursor(at) == where[k - 1] + 1  # and the step kept, not reset to 0
    said = "\n".join(c.value for c in at.caption)
    assert "beyond floating point" in said and "M = 2 ≤ R²/γ*² = 1·10^600" in said
    assert "004's numbers are beyond floating point" in said
    assert "squeeze" not in " ".join(charts(at))  # no chart of numbers that are not floats
    click(at, "pf_end")
    assert not at.error and cursor(at) == len(per_epoch) * len(y)
    assert f"M = {len(W) - 1} ≤ R²/γ*² = 1·10^600 (Theorem 1" in markdown(at).replace("\\", "")
