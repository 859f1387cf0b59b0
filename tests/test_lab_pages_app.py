"""The /batch and /variants pages through AppTest, and hostile links on every new page.

Expected numbers come from the engine called here or from textbook loops written here,
never from the page's output or its view modules.
"""

import numpy as np
import pytest
from lab_app import click, open_page
from md_oracle import html_of, inert

import datasets
import perceptron_core as pc


def markdown(at) -> str:
    return "\n".join(m.value for m in at.markdown)


def captions(at) -> str:
    return "\n".join(c.value for c in at.caption)


def unescape(s: str) -> str:
    """Markdown's backslash escapes off (the page escapes its own sentences too)."""
    return s.replace("\\", "")


def fmt(v: float) -> str:
    return f"{v:.4g}"


# ---------------------------------------------------------------------------- /batch
def textbook_batch(X, y, eta=1.0, epochs=1):
    w, b = np.zeros(X.shape[1]), 0.0
    for _ in range(epochs):
        wrong = y * (X @ w + b) <= 0
        if not wrong.any():
            break
        w = w + eta * (y[wrong, None] * X[wrong]).sum(axis=0)
        b = b + eta * y[wrong].sum()
    return w, b


def textbook_single(X, y, eta=1.0, epochs=1):
    w, b = np.zeros(X.shape[1]), 0.0
    for _ in range(epochs):
        for i in range(len(y)):
            if y[i] * (X[i] @ w + b) <= 0:
                w, b = w + eta * y[i] * X[i], b + eta * y[i]
    return w, b


def test_batch_step_shows_the_textbook_batch_and_single_sample_weights():
    at = open_page("pages/batch.py")
    assert not at.error
    ds = datasets.generate("notes_rule_004", seed=0)
    click(at, "bt_step")
    assert int(at.session_state["bt_cursor"]) == ds.n  # a batch step ends an epoch
    w, b = textbook_batch(ds.X, ds.y)
    ws, bs = textbook_single(ds.X, ds.y)
    shown = markdown(at)
    assert f"Batch: w = ({fmt(w[0])}, {fmt(w[1])}), b = {fmt(b)}" in shown
    assert f"Single-sample: w = ({fmt(ws[0])}, {fmt(ws[1])}), b = {fmt(bs)}" in shown
    errors = int(np.count_nonzero(ds.y * (ds.X @ w + b) <= 0))
    assert f"{errors} training errors" in shown
    click(at, "bt_step")
    w2, b2 = textbook_batch(ds.X, ds.y, epochs=2)
    assert f"Batch: w = ({fmt(w2[0])}, {fmt(w2[1])}), b = {fmt(b2)}" in markdown(at)
    click(at, "bt_back")
    assert int(at.session_state["bt_cursor"]) == ds.n
    click(at, "bt_end")
    run = pc.train(ds.X, ds.y, variant="batch", max_epochs=50)
    status = next(m.value for m in at.markdown if " · " in m.value and m.value.startswith("**"))
    assert ("converged" in status) == run.converged


def predictions(run) -> np.ndarray:
    """The sign of the activation at every visit (0: a tie), from the engine's record."""
    return np.sign(np.asarray(run.visits(0, run.n_visits)["activation"]))


@pytest.mark.parametrize("start", ["zero", "random"])
def test_the_learning_rate_captions_report_what_the_runs_did(start):
    at = open_page("pages/batch.py", bt_max_epochs="20")
    ds = datasets.generate("notes_rule_004", seed=0)
    text = unescape(captions(at))
    for variant, name in (("classic", "single-sample"), ("batch", "batch")):
        runs = [
            pc.train(ds.X, ds.y, variant=variant, eta=eta, max_epochs=20,
                     w0=None if start == "zero" else "random", start_seed=0)
            for eta in (0.1, 1.0, 10.0)
        ]  # fmt: skip
        ref = predictions(runs[0])
        differ = []
        for run in runs[1:]:
            p = predictions(run)
            m = min(len(p), len(ref))
            differ.append(int(np.count_nonzero(p[:m] != ref[:m])))
        line = next(
            c
            for c in text.splitlines()
            if c.startswith(f"{name}: From {'w = 0' if start == 'zero' else 'a random start'}")
        )
        if not any(differ) and all(r.n_visits == runs[0].n_visits for r in runs):
            assert "0 of the" in line and "predictions differ" in line, line
        else:
            for eta, k in zip(("1", "10"), differ, strict=True):
                assert f"η = {eta}: {k:,} of the" in line, line


def test_the_scaling_table_has_each_preprocessings_r_and_bound():
    at = open_page("pages/batch.py")
    ds = datasets.generate("notes_rule_004", seed=0)
    table = next(m.value for m in at.markdown if m.value.startswith("| preprocessing"))
    for kind in datasets.PREPROCESSING:
        X = ds.raw.preprocessed(kind).X
        th = pc.theory(X, ds.y)
        row = next(
            r for r in table.splitlines() if r.startswith(f"| {datasets.PREPROCESSING[kind]}")
        )
        cells = [c.strip() for c in row.strip("|").split("|")]
        assert float(cells[1]) == pytest.approx(th.R, rel=5e-3)
        if th.separable:
            assert float(cells[2]) == pytest.approx(th.gamma, rel=5e-3)


def test_the_batch_settings_reach_both_runs():
    at = open_page("pages/batch.py", bt_eta="0.5", bt_start="random", bt_start_seed="3")
    run = at.session_state["bt_run"]
    assert run.is_batch and run.eta == 0.5
    w0, b0 = pc.run.random_start(2, 3)
    assert np.array_equal(run.w0, w0) and run.b0 == b0


def test_batch_one_class_is_a_message_not_an_error():
    at = open_page("pages/batch.py", bt_source="Draw")
    at.number_input(key="bt_add_x1").set_value(1.0)
    click(at, "bt_add_point")
    assert any("Both classes are needed" in i.value for i in at.info)
    assert not at.error


# -------------------------------------------------------------------------- /variants
def accuracy(X, y, w, b) -> float:
    return float(np.mean(y * (X @ w + b) > 0))


def test_variants_split_run_and_early_stopping_match_the_engine():
    at = open_page("pages/variants.py")
    assert not at.error
    run = at.session_state["va_run"]
    ds = datasets.generate("separable", n=200, seed=0, noise=0.2)
    # The run was trained on some rows of the data: find them, then the other two parts.
    rows = [int(np.flatnonzero((ds.X == x).all(axis=1))[0]) for x in run.X]
    assert len(set(rows)) == run.n and np.array_equal(ds.y[rows], run.y)
    caption = next(c.value for c in at.caption if c.value.startswith("Split (seed 0)"))
    n_train, n_dev, n_test = (
        int(v) for v in caption.split("= ")[1].split(" points")[0].split(" / ")
    )
    assert n_train == run.n and n_train + n_dev + n_test == ds.n
    # The split's parts: the run's rows are its training part (found above, from the data).
    train, dev, test = datasets.split(ds.n, 0, y=ds.y)
    assert sorted(rows) == train.tolist() and (len(dev), len(test)) == (n_dev, n_test)
    # Classic's dev accuracy at every epoch end, from the engine's weights, computed here.
    dev_acc = []
    for e in range(1, run.epochs + 1):
        w, b = run.weights(int(run.updates_before_visit(min(e * run.n, run.n_visits))))
        dev_acc.append(accuracy(ds.X[dev], ds.y[dev], w, b))
    best = int(np.argmax(dev_acc)) + 1  # the earliest of the best
    table = next(m.value for m in at.markdown if m.value.startswith("| variant"))
    classic = [c.strip() for c in next(
        r for r in table.splitlines() if r.startswith("| classic")
    ).strip("|").split("|")]  # fmt: skip
    assert int(classic[1]) == best and classic[2] == f"{dev_acc[best - 1]:.1%}"
    w, b = run.weights(int(run.updates_before_visit(min(best * run.n, run.n_visits))))
    assert classic[3] == f"{accuracy(ds.X[test], ds.y[test], w, b):.1%}"
    t = min(best * run.n, run.n_visits)
    click(at, "va_go_best")
    assert int(at.session_state["va_cursor"]) == t
    # The agreement line, from the engine's four variants at this step.
    preds = np.array([run.variant_scores(v, run.X, t) > 0 for v in pc.run.COMPARED])
    agree = float(np.mean(np.all(preds == preds[0], axis=0)))
    assert f"The four agree on {agree:.0%} of the training points" in markdown(at)


def test_a_textbook_averaged_perceptron_matches_the_variants_table_at_the_end():
    at = open_page("pages/variants.py", va_max_epochs="5", va_order="fixed")
    run = at.session_state["va_run"]
    # CIML Algorithm 7 on the training rows, as written, then its prediction on them.
    w, b, u, beta, c = np.zeros(2), 0.0, np.zeros(2), 0.0, 1.0
    for _ in range(run.epochs):
        for i in range(run.n):
            if run.y[i] * (run.X[i] @ w + b) <= 0:
                w, b = w + run.y[i] * run.X[i], b + run.y[i]
                u, beta = u + c * run.y[i] * run.X[i], beta + c * run.y[i]
            c += 1
    wa, ba = w - u / c, b - beta / c
    mine = np.where(run.X @ wa + ba > 0, 1, -1)
    scores = run.variant_scores("averaged", run.X, run.n_visits)
    assert np.array_equal(np.where(scores > 0, 1, -1), mine)


def test_a_new_split_seed_is_a_new_split_and_a_new_run():
    at = open_page("pages/variants.py")
    first = at.session_state["va_run"]
    click(at, "va_step")
    at.number_input(key="va_split_seed").set_value(5).run()
    second = at.session_state["va_run"]
    assert int(at.session_state["va_cursor"]) == 0
    assert not np.array_equal(first.X, second.X)


# --------------------------------------------------------------------- hostile links
HOSTILE = {
    "pages/kernel.py": {"kn_degree": "99", "kn_kernel": "<b>rbf</b>", "kn_width": "nan"},
    "pages/batch.py": {"bt_eta": "abc", "bt_generator": "[x](http://evil.example)"},
    "pages/variants.py": {"va_split_seed": "-1", "va_n": "999999999", "va_noise": "1e309"},
    "pages/proof.py": {
        "pf_eta": "abc",
        "pf_generator": "[x](http://evil.example)",
        "pf_max_epochs": "1e9",
        "pf_preprocessing": "<img src=x>",
    },
    "pages/space.py": {"sp_seed": "nan", "sp_example": "<b>iris</b>", "sp_n": "-5"},
}


@pytest.mark.parametrize("path", sorted(HOSTILE))
def test_a_hostile_link_is_named_and_nothing_from_it_is_rendered(path):
    query = HOSTILE[path]
    at = open_page(path, **query)
    warnings = " ".join(w.value for w in at.warning)
    for name in query:
        assert name.replace("_", "\\_") in warnings or name in warnings, (name, warnings)
    assert at.title and not at.error
    for element in [*at.warning, *at.markdown, *at.caption]:
        # The page's own bold and italics are fine; no link, image or raw tag from the link.
        assert inert(element.value, allowed=("<strong>", "<em>", "<code>")), element.value
        assert "<b>" not in html_of(element.value) and "evil.example</a>" not in html_of(
            element.value
        )


@pytest.mark.parametrize("path,prefix", [("pages/kernel.py", "kn_"), ("pages/batch.py", "bt_")])
def test_an_upload_on_one_page_is_the_data_of_the_next(path, prefix):
    """A file uploaded on the Playground is there on another page in upload mode (the lab's
    upload), with the same rows: the engine's run on it has the file's 8 usable rows."""
    from lab_app import ROOT

    data = (ROOT / "tests" / "data" / "playground_good.csv").read_bytes()
    at = open_page(None, pg_source="Upload")
    at.file_uploader(key="pg_upload").upload("playground_good.csv", data, "text/csv").run()
    assert at.session_state["pg_run"].n == 8
    at.switch_page(path).run()
    assert not at.exception and not at.error
    assert at.segmented_control(key=f"{prefix}source").value == "upload"
    assert any("uploaded on another page" in c.value for c in at.caption)
    run = at.session_state[f"{prefix}run"]
    assert run is not None and run.n == 8
    # The page's own upload box takes over from the lab's file.
    at.file_uploader(key=f"{prefix}upload").upload("again.csv", data, "text/csv").run()
    assert at.session_state[f"{prefix}run"].n == 8 and not at.error


@pytest.mark.parametrize("path,prefix", [("pages/kernel.py", "kn_"), ("pages/variants.py", "va_")])
def test_a_presenter_link_on_any_page_is_presenter_mode(path, prefix):
    at = open_page(path, **{f"{prefix}presenter": "true"})
    assert at.session_state["lab_presenter"] is True
    assert not at.title  # the title and caption give their room to the chart
    at.switch_page("pages/batch.py").run()
    assert at.toggle(key="bt_presenter").value is True
