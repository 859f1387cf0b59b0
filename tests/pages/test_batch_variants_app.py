"""The /batch and /variants pages through AppTest: every control, the numbers each page
shows, hostile links (also on /kernel, /proof and /space), and what the lab shares between
pages (the data, an upload, presenter mode, also from a link).

Expected values come from the engine called here (``pc.train``, ``pc.theory``,
``run.visits``, ``run.variant_scores``) or from textbook loops written here, never from
what the page shows nor from the view modules' own functions.
"""

import csv
import re

import numpy as np
import pytest
from lab_app import ROOT, click, open_page, status
from md_oracle import html_of, inert, text_of

import datasets
import perceptron_core as pc

# ------------------------------------------------------------------------- reading
NUM = r"-?[\d,]*\.?\d+(?:e[+-]?\d+)?(?:·10\^-?\d+)?"


def number(s: str) -> float:
    """A number as the page writes it (4 significant digits, "1.2·10^-5", "26,115")."""
    s = s.replace(",", "").replace("−", "-")
    if "·10^" in s:
        mant, exp = s.split("·10^")
        return float(mant) * 10.0 ** int(exp)
    return float(s)


def markdown(at) -> str:
    return "\n".join(m.value for m in at.markdown)


def captions(at) -> list[str]:
    """Captions as a reader sees them (Markdown escapes off)."""
    return [text_of(c.value) for c in at.caption]


def shown_weights(at, rule: str):
    """(w, b, J_p, training errors) of the "Batch:" or "Single-sample:" line."""
    pattern = (
        rf"{rule}: w = \(({NUM}), ({NUM})\), b = ({NUM}) · J_p = ({NUM}) · (\d+) training errors"
    )
    m = re.search(pattern, markdown(at))
    assert m, (rule, markdown(at)[:500])
    w = np.array([number(m.group(1)), number(m.group(2))])
    return w, number(m.group(3)), number(m.group(4)), int(m.group(5))


def close(shown, exact, rel=1e-3) -> bool:
    """Shown with 4 significant digits: equal to ``exact`` within that rounding."""
    return bool(np.allclose(shown, exact, rtol=rel, atol=1e-9))


def cursor(at, prefix: str) -> int:
    return int(at.session_state[f"{prefix}cursor"])


def no_trouble(at) -> None:
    assert not at.exception, at.exception
    assert not at.error, [e.value for e in at.error]


# --------------------------------------------------------------- textbook loops
def textbook_batch(X, y, eta=1.0, w0=None, b0=0.0, max_epochs=50):
    """Batch GD on J_p as in the notes (004): each epoch, all mistakes y(w.x + b) <= 0
    (ties count) summed into one step. Returns the weights at each epoch end (index 0:
    the start; the run stops after a clean epoch) and each epoch's mistakes."""
    w = np.zeros(X.shape[1]) if w0 is None else np.array(w0, dtype=float)
    b = float(b0)
    ends, wrongs = [(w.copy(), b)], []
    for _ in range(max_epochs):
        wrong = y * (X @ w + b) <= 0
        wrongs.append(wrong)
        if not wrong.any():
            ends.append((w.copy(), b))
            break
        w = w + eta * (y[wrong, None] * X[wrong]).sum(axis=0)
        b = b + eta * float(y[wrong].sum())
        ends.append((w.copy(), b))
    return ends, wrongs


def textbook_single(X, y, eta=1.0, w0=None, b0=0.0, max_epochs=50, orders=None):
    """The single-sample perceptron: weights at each epoch end (index 0: the start) and
    the cursor (visits done) just after each mistake."""
    n = len(y)
    w = np.zeros(X.shape[1]) if w0 is None else np.array(w0, dtype=float)
    b = float(b0)
    ends, after_mistake = [(w.copy(), b)], []
    for e in range(max_epochs):
        clean = True
        for pos, i in enumerate(range(n) if orders is None else orders(e)):
            if y[i] * (X[i] @ w + b) <= 0:
                w, b = w + eta * y[i] * X[i], b + eta * float(y[i])
                after_mistake.append(e * n + pos + 1)
                clean = False
        ends.append((w.copy(), b))
        if clean:
            break
    return ends, after_mistake


def at_epoch(ends, e):
    """Weights at the end of epoch e (a run that ended keeps its last weights)."""
    return ends[min(e, len(ends) - 1)]


def jp_and_errors(X, y, w, b):
    a = y * (X @ w + b)
    return float(np.maximum(0.0, -a).sum()), int(np.count_nonzero(a <= 0))


# ============================================================================ /batch
BATCH = "pages/batch.py"


def notes_004(seed=0):
    return datasets.generate("notes_rule_004", seed=seed)


def test_batch_default_page_renders_the_notes_004_example():
    at = open_page(BATCH)
    no_trouble(at)
    assert not at.warning, [w.value for w in at.warning]
    assert at.title[0].value == "Batch gradient descent on J_p"
    ds = notes_004()
    run = at.session_state["bt_run"]
    assert run.is_batch and np.array_equal(run.X, ds.X) and np.array_equal(run.y, ds.y)
    engine = pc.train(ds.X, ds.y, variant="batch", max_epochs=50)
    assert status(at).startswith(
        f"**start · update 0 · no example visited yet · {engine.n_visits:,} visits"
    )
    w, b, jp, errors = shown_weights(at, "Batch")
    assert close(w, [0, 0]) and b == 0 and jp == 0 and errors == ds.n  # w = 0: all ties


def test_batch_step_back_visit_epoch_scrub_play_end_reset():
    at = open_page(BATCH)
    ds = notes_004()
    X, y, n = ds.X, ds.y, ds.n
    ends, wrongs = textbook_batch(X, y)
    single, _ = textbook_single(X, y)
    first = next(e for e, wrong in enumerate(wrongs) if wrong.any()) + 1  # 1-based epoch

    # Step: to the end of the first epoch with a mistake (from w = 0 every point is a tie,
    # so the first), the batch step written out.
    click(at, "bt_step")
    assert first == 1 and cursor(at, "bt_") == first * n  # a batch step ends an epoch
    w, b, jp, errors = shown_weights(at, "Batch")
    wt, bt = at_epoch(ends, first)
    assert close(w, wt) and close(b, bt), (w, b, wt, bt)
    assert close(jp, jp_and_errors(X, y, wt, bt)[0]) and errors == jp_and_errors(X, y, wt, bt)[1]
    ws, bs, jps, errs = shown_weights(at, "Single-sample")
    wst, bst = at_epoch(single, first)
    assert close(ws, wst) and close(bs, bst), (ws, bs, wst, bst)
    assert close(jps, jp_and_errors(X, y, wst, bst)[0]) and errs == jp_and_errors(X, y, wst, bst)[1]
    shown = markdown(at)  # written with 4 significant digits
    assert f"Batch: w = ({wt[0]:.4g}, {wt[1]:.4g}), b = {bt:.4g}" in shown
    assert f"Single-sample: w = ({wst[0]:.4g}, {wst[1]:.4g}), b = {bst:.4g}" in shown
    m = int(wrongs[first - 1].sum())
    latex = " ".join(x.value for x in at.latex)
    assert rf"\text{{{m} mistakes}}" in latex
    assert f"= 0 + {bt:g} = {bt:g}" in latex  # b + eta * sum y, from b = 0
    after_first = markdown(at)

    # Step again: the second batch step.
    click(at, "bt_step")
    second = first + 1 + next(e for e, wr in enumerate(wrongs[first:]) if wr.any())
    assert cursor(at, "bt_") == second * n
    w, b, *_ = shown_weights(at, "Batch")
    assert close(w, at_epoch(ends, second)[0]) and close(b, at_epoch(ends, second)[1])
    w2, b2 = at_epoch(ends, 2)  # two epochs of batch steps
    assert f"Batch: w = ({w2[0]:.4g}, {w2[1]:.4g}), b = {b2:.4g}" in markdown(at)

    # Back: exactly where the first step was, showing exactly the same.
    click(at, "bt_back")
    assert cursor(at, "bt_") == first * n and markdown(at) == after_first

    # Visit: one example; Epoch: to the end of that epoch.
    click(at, "bt_visit")
    assert cursor(at, "bt_") == first * n + 1
    assert f"epoch {first + 1} · example 1 of {n}" in status(at)
    click(at, "bt_epoch")
    assert cursor(at, "bt_") == (first + 1) * n

    # Scrub into the middle of epoch 3: the line says "End of epoch 3", so the batch
    # weights, J_p and errors on it are all those at the end of epoch 3.
    at.slider(key="bt_scrub").set_value(2 * n + n // 2).run()
    no_trouble(at)
    assert cursor(at, "bt_") == 2 * n + n // 2
    assert "End of epoch 3. Batch:" in markdown(at)
    w, b, jp, errors = shown_weights(at, "Batch")
    w3, b3 = at_epoch(ends, 3)
    assert close(w, w3) and close(b, b3), (w, b, w3, b3)
    assert close(jp, jp_and_errors(X, y, w3, b3)[0]) and errors == jp_and_errors(X, y, w3, b3)[1]

    # Play advances one batch step per frame; Pause stops it.
    click(at, "bt_reset")
    assert cursor(at, "bt_") == 0 and "**start" in status(at)
    click(at, "bt_play")
    assert at.session_state["bt_playing"] and cursor(at, "bt_") == first * n
    click(at, "bt_play")
    assert not at.session_state["bt_playing"] and cursor(at, "bt_") == first * n

    # Run to end: where the engine's batch run ends, converged or not as it says.
    click(at, "bt_end")
    run = pc.train(X, y, variant="batch", max_epochs=50)
    assert cursor(at, "bt_") == run.n_visits
    line = status(at)
    assert ("converged" in line and "without converging" not in line) == run.converged, line
    assert f"epoch {run.epochs} " in line
    w, b, *_ = shown_weights(at, "Batch")
    assert close(w, run.w) and close(b, run.b)
    if run.converged:  # the textbook loop converges at the same epoch, to the same w
        assert len(ends) - 2 == run.epochs - 1 and close(ends[-1][0], run.w)
    click(at, "bt_reset")
    assert cursor(at, "bt_") == 0


def signs(run) -> np.ndarray:
    """What the run predicted at each visit: sign(w.x + b) before the visit (0: a tie)."""
    return np.sign(np.asarray(run.visits(0, run.n_visits)["activation"]))


def eta_comparison(X, y, variant, start, start_seed, max_epochs, etas=(0.1, 1.0, 10.0)):
    """[(eta, differ, compared, run)] against the first eta's run, visit by visit."""
    runs = [
        pc.train(X, y, variant=variant, eta=eta, max_epochs=max_epochs,
                 w0="random" if start == "random" else None, start_seed=start_seed)
        for eta in etas
    ]  # fmt: skip
    ref = signs(runs[0])
    out = []
    for eta, run in zip(etas, runs, strict=True):
        p = signs(run)
        k = min(len(p), len(ref))
        out.append((eta, int(np.count_nonzero(p[:k] != ref[:k])), k, run))
    return out


def check_eta_captions(at, X, y, start_seed, max_epochs, *, zero_may_differ=True):
    lines = captions(at)
    found = {}
    for start, where in (("zero", "From w = 0"), ("random", "From a random start")):
        for variant, name in (("classic", "single-sample"), ("batch", "batch")):
            line = next(c for c in lines if c.startswith(f"{name}: {where}"))
            rows = eta_comparison(X, y, variant, start, start_seed, max_epochs)
            ref_run = rows[0][3]
            rest = rows[1:]
            same = all(d == 0 for _, d, _, _ in rest) and all(
                r.n_visits == ref_run.n_visits for *_, r in rest
            )
            if same:
                k = max(c for _, _, c, _ in rest)
                assert f": 0 of the {k:,} predictions differ" in line, line
                assert "predicted the same at every visit" in line, line
                if all(r.mistakes == ref_run.mistakes for *_, r in rest):
                    assert (
                        f"with {ref_run.mistakes:,} mistakes and {ref_run.epochs} epochs each"
                        in line
                    )
            else:
                assert "the learning rate changes what" in line, line
                for eta, d, k, run in rest:
                    part = f"η = {eta:g}: {d:,} of the {k:,}"
                    if run.n_visits != ref_run.n_visits:
                        part += (
                            f" visits both runs made ({run.epochs} epochs against {ref_run.epochs})"
                        )
                    assert part in line, (part, line)
            found[start, variant] = same
    return found


def test_batch_learning_rate_captions_match_runs_compared_here():
    at = open_page(BATCH)
    ds = notes_004()
    found = check_eta_captions(at, ds.X, ds.y, start_seed=0, max_epochs=50)
    # From a random start the learning rate matters here (counted above, not read).
    assert not found["random", "classic"] and not found["random", "batch"]


def test_batch_learning_rate_captions_follow_max_epochs_from_the_link():
    at = open_page(BATCH, bt_max_epochs="20")
    ds = notes_004()
    check_eta_captions(at, ds.X, ds.y, start_seed=0, max_epochs=20)


def test_batch_scaling_table_has_the_theory_of_each_preprocessing():
    at = open_page(BATCH)
    ds = notes_004()
    table = next(m.value for m in at.markdown if m.value.startswith("| preprocessing"))
    rows = {r.split("|")[1].strip(): [c.strip() for c in r.strip("|").split("|")]
            for r in table.splitlines()[2:]}  # fmt: skip
    assert len(rows) == len(datasets.PREPROCESSING)
    for kind, label in datasets.PREPROCESSING.items():
        X = ds.raw.preprocessed(kind).X
        th = pc.theory(X, ds.y)
        cells = rows[label]
        assert number(cells[1]) == pytest.approx(th.R, rel=5e-3), (kind, cells)
        if th.separable:
            bound = th.R**2 / th.gamma**2
            assert number(cells[2]) == pytest.approx(th.gamma, rel=5e-3), (kind, cells)
            assert number(cells[3]) == pytest.approx(bound, rel=5e-3, abs=0.5), (kind, cells)
        else:
            assert cells[2] == "–" and cells[3] == "∞"
        for cell, variant in ((cells[4], "classic"), (cells[5], "batch")):
            run = pc.train(X, ds.y, variant=variant, max_epochs=50)
            done = "converged" if run.converged else "not converged"
            assert cell == f"{run.mistakes:,} mistakes, {run.epochs} epochs, {done}", cell


def test_batch_settings_flow_into_the_runs_and_the_captions():
    at = open_page(BATCH)
    at.select_slider(key="bt_eta").set_value(0.5)
    at.segmented_control(key="bt_start").set_value("random")
    at.segmented_control(key="bt_order").set_value("shuffle")
    at.number_input(key="bt_max_epochs").set_value(4).run()
    at.number_input(key="bt_start_seed").set_value(7)
    at.number_input(key="bt_order_seed").set_value(3).run()
    no_trouble(at)
    eta = at.select_slider(key="bt_eta").value
    seed = at.number_input(key="bt_start_seed").value
    order_seed = at.number_input(key="bt_order_seed").value
    max_epochs = at.number_input(key="bt_max_epochs").value
    assert (eta, seed, order_seed, max_epochs) == (0.5, 7, 3, 4)
    run = at.session_state["bt_run"]
    assert run.is_batch and run.eta == eta and run.max_epochs == max_epochs
    assert run.shuffle and run.seed == order_seed
    start = pc.train(notes_004().X, notes_004().y, w0="random", start_seed=seed)
    assert np.array_equal(run.w0, start.w0) and run.b0 == start.b0
    # Both rules from that start with eta 0.5; the single-sample rule in the shuffled order.
    ds = notes_004()
    ends, wrongs = textbook_batch(ds.X, ds.y, eta, start.w0, start.b0, max_epochs)
    orders = lambda e: pc.epoch_order(ds.n, e, True, order_seed)  # noqa: E731
    single, _ = textbook_single(ds.X, ds.y, eta, start.w0, start.b0, max_epochs, orders)
    click(at, "bt_step")
    first = next(e for e, wrong in enumerate(wrongs) if wrong.any()) + 1
    assert cursor(at, "bt_") == first * ds.n
    w, b, *_ = shown_weights(at, "Batch")
    assert close(w, at_epoch(ends, first)[0]) and close(b, at_epoch(ends, first)[1])
    ws, bs, *_ = shown_weights(at, "Single-sample")
    assert close(ws, at_epoch(single, first)[0]) and close(bs, at_epoch(single, first)[1])
    latex = " ".join(x.value for x in at.latex)
    assert r"0.5 \cdot" in latex  # the step is eta times the sum
    # The learning-rate comparison uses the page's start seed and max epochs.
    check_eta_captions(at, ds.X, ds.y, start_seed=seed, max_epochs=max_epochs)
    click(at, "bt_end")
    assert cursor(at, "bt_") == run.n_visits and run.epochs <= max_epochs


def test_batch_settings_from_a_link_reach_the_run():
    at = open_page(BATCH, bt_eta="0.5", bt_start="random", bt_start_seed="3")
    no_trouble(at)
    run = at.session_state["bt_run"]
    assert run.is_batch and run.eta == 0.5
    w0, b0 = pc.run.random_start(2, 3)
    assert np.array_equal(run.w0, w0) and run.b0 == b0


def test_batch_data_controls_example_new_data_and_preprocessing():
    at = open_page(BATCH)
    at.segmented_control(key="bt_preprocessing").set_value("standardise").run()
    no_trouble(at)
    ds = notes_004()
    assert np.allclose(at.session_state["bt_run"].X, ds.raw.preprocessed("standardise").X)
    table = next(m.value for m in at.markdown if m.value.startswith("| preprocessing"))
    click(at, "bt_new_data")  # seed + 1
    assert at.number_input(key="bt_seed").value == 1
    ds1 = notes_004(seed=1)
    assert not np.array_equal(ds1.X, ds.X)
    assert np.allclose(at.session_state["bt_run"].X, ds1.raw.preprocessed("standardise").X)
    # The scaling table is of the raw data, whatever the picker's preprocessing.
    th = pc.theory(ds1.raw.X, ds1.y)
    new_table = next(m.value for m in at.markdown if m.value.startswith("| preprocessing"))
    assert new_table != table
    assert number(new_table.splitlines()[2].split("|")[2]) == pytest.approx(th.R, rel=5e-3)
    at.selectbox(key="bt_example").set_value("notes_002_example1").run()
    no_trouble(at)
    ex = datasets.generate("notes_002_example1")
    run = at.session_state["bt_run"]
    assert run.n == ex.n and np.allclose(run.X, ex.preprocessed("standardise").X)


def add_point(at, x1: float, x2: float, label: int):
    at.segmented_control(key="bt_draw_class").set_value(label)
    at.number_input(key="bt_add_x1").set_value(x1)
    at.number_input(key="bt_add_x2").set_value(x2)
    return click(at, "bt_add_point")


def test_batch_drawing_gives_a_run_of_the_drawn_points():
    at = open_page(BATCH, bt_source="Draw")
    no_trouble(at)
    assert "bt_run" not in at.session_state or at.session_state["bt_run"] is None
    add_point(at, 1.0, 0.5, 1)
    # One class only: a message, no run, nothing broken.
    assert any("Both classes are needed" in i.value for i in at.info)
    no_trouble(at)
    assert at.session_state["bt_run"] is None
    add_point(at, -1.0, -0.25, -1)
    add_point(at, 0.5, 1.5, 1)
    no_trouble(at)
    assert not at.info
    run = at.session_state["bt_run"]
    X = np.array([[1.0, 0.5], [-1.0, -0.25], [0.5, 1.5]])
    y = np.array([1, -1, 1])
    assert run is not None and np.array_equal(run.X, X) and np.array_equal(run.y, y)
    assert at.query_params["bt_pts"]  # the drawing is in the link
    click(at, "bt_step")
    ends, _ = textbook_batch(X, y)
    w, b, *_ = shown_weights(at, "Batch")
    assert close(w, ends[1][0]) and close(b, ends[1][1])
    click(at, "bt_end")
    engine = pc.train(X, y, variant="batch", max_epochs=50)
    assert ("converged:" in status(at)) == engine.converged
    # Undo removes the last point; Clear removes them all.
    click(at, "bt_undo_button")
    assert at.session_state["bt_run"].n == 2
    click(at, "bt_clear")
    no_trouble(at)
    assert at.session_state["bt_run"] is None


def upload_rows(path):
    """The file's rows whose two features are numbers: (X, labels)."""
    X, labels = [], []
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            try:
                x = [float(row["length"]), float(row["width"])]
            except ValueError:
                continue
            if np.isfinite(x).all():
                X.append(x)
                labels.append(row["kind"])
    return np.array(X), np.array(labels)


def test_batch_upload_is_the_run_of_the_files_rows():
    path = ROOT / "tests" / "data" / "playground_good.csv"
    at = open_page(BATCH, bt_source="Upload")
    at.file_uploader(key="bt_upload").upload("good.csv", path.read_bytes(), "text/csv").run()
    no_trouble(at)
    X, labels = upload_rows(path)
    run = at.session_state["bt_run"]
    assert run is not None and np.array_equal(run.X, X)
    # One class is +1, the other -1, consistently.
    for name in set(labels):
        assert len(set(run.y[labels == name].tolist())) == 1
    assert set(run.y.tolist()) == {-1, 1}
    assert f"{len(X)} rows used, 2 dropped" in captions(at)
    click(at, "bt_step")
    ends, _ = textbook_batch(X, run.y.astype(float))
    w, b, *_ = shown_weights(at, "Batch")
    assert close(w, ends[1][0]) and close(b, ends[1][1])


def test_batch_upload_of_one_class_is_a_message():
    path = ROOT / "tests" / "data" / "playground_one_class.csv"
    at = open_page(BATCH, bt_source="Upload")
    at.file_uploader(key="bt_upload").upload("one.csv", path.read_bytes(), "text/csv").run()
    assert not at.exception
    said = " ".join(text_of(m.value) for m in [*at.error, *at.info])
    assert "one class" in said and "Traceback" not in said


# ========================================================================= /variants
VARIANTS_PAGE = "pages/variants.py"


def variants_data():
    return datasets.generate("separable", n=200, seed=0, noise=0.2)


def rows_of(ds, run) -> np.ndarray:
    """The data rows the run was trained on, found from the run itself."""
    rows = []
    for x in run.X:
        hits = np.flatnonzero((ds.X == x).all(axis=1))
        assert hits.size == 1  # every training point is one row of the data
        rows.append(int(hits[0]))
    return np.array(rows)


def caption_sizes(at, seed: int) -> tuple[int, int, int]:
    caption = next(c for c in captions(at) if c.startswith(f"Split (seed {seed})"))
    sizes = re.search(r"= (\d+) / (\d+) / (\d+) points", caption)
    return tuple(int(v) for v in sizes.groups())


def split_parts(at, ds, seed: int):
    """The page's train / dev / test rows, checked here: train is what the run was trained
    on; sizes 60 / 20 / 20 % (computed here); disjoint, covering, each part of both
    classes, stratified. The dev / test cut among the other rows is the page's split."""
    run = at.session_state["va_run"]
    train = rows_of(ds, run)
    assert np.array_equal(run.X, ds.X[train]) and np.array_equal(run.y, ds.y[train])
    n = ds.n
    n_dev = n_test = round(0.2 * n)
    expected = (n - n_dev - n_test, n_dev, n_test)
    assert caption_sizes(at, seed) == expected and run.n == expected[0]
    tr, dev, test = datasets.split(n, seed, y=ds.y)
    assert sorted(train.tolist()) == tr.tolist()
    everything = np.concatenate([tr, dev, test])
    assert np.array_equal(np.sort(everything), np.arange(n))  # disjoint and covering
    assert (len(tr), len(dev), len(test)) == expected
    pos = np.count_nonzero(ds.y == 1) / n
    for part, size in zip((tr, dev, test), expected, strict=True):
        assert set(ds.y[part].tolist()) == {-1, 1}
        assert abs(np.count_nonzero(ds.y[part] == 1) - pos * size) <= 1  # stratified
    return tr, dev, test


def table_rows(at) -> dict[str, list[str]]:
    table = next(m.value for m in at.markdown if m.value.startswith("| variant"))
    return {r.split("|")[1].strip(): [c.strip() for c in r.strip("|").split("|")]
            for r in table.splitlines()[2:]}  # fmt: skip


def textbook_variants(run, max_epochs):
    """The online perceptron on the run's training rows in the run's visiting order, with
    the four predictors at each epoch end: classic (w), averaged ((1/t) sum of w after
    each visit), voted (sum of c_k sign(w_k.x + b_k), Freund & Schapire) and pocket (the
    weights with the fewest training errors so far, the earlier on ties)."""
    X, y = run.X, run.y
    w, b = np.zeros(2), 0.0
    total_w, total_b, t = np.zeros(2), 0.0, 0
    vectors, counts = [(w.copy(), b)], [0]
    errs = lambda w, b: int(np.count_nonzero(y * (X @ w + b) <= 0))  # noqa: E731
    pocket, pocket_errors = (w.copy(), b), errs(w, b)
    out = []
    for e in range(max_epochs):
        clean = True
        for i in run.order(e):
            t += 1
            if y[i] * (X[i] @ w + b) <= 0:
                w, b = w + y[i] * X[i], b + float(y[i])
                vectors.append((w.copy(), b))
                counts.append(1)
                if errs(w, b) < pocket_errors:
                    pocket, pocket_errors = (w.copy(), b), errs(w, b)
                clean = False
            else:
                counts[-1] += 1
            total_w, total_b = total_w + w, total_b + b
        frozen = (list(vectors), list(counts))

        def voted(Z, frozen=frozen):
            vs, cs = frozen
            return sum(c * np.sign(Z @ v + vb) for (v, vb), c in zip(vs, cs, strict=True))

        out.append(
            {
                "classic": (w.copy(), b),
                "averaged": (total_w / t, total_b / t),
                "pocket": pocket,
                "voted": voted,
            }
        )
        if clean:
            break
    return out


def accuracy(score, y) -> float:
    return float(np.mean(y * score > 0))  # a score of 0 is wrong


def scores(predictor, Z):
    if callable(predictor):
        return predictor(Z)
    w, b = predictor
    return Z @ w + b


def test_variants_default_split_run_and_accuracy_table():
    at = open_page(VARIANTS_PAGE)
    no_trouble(at)
    assert at.title[0].value.startswith("Variants")
    ds = variants_data()
    _, dev, test = split_parts(at, ds, 0)
    run = at.session_state["va_run"]
    engine = pc.train(ds.X[rows_of(ds, run)], run.y, max_epochs=30, shuffle=True, seed=0)
    assert np.array_equal(run.update_visit, engine.update_visit) and run.epochs == engine.epochs
    book = textbook_variants(run, run.epochs)
    assert len(book) == run.epochs
    rows = table_rows(at)
    for variant in ("classic", "averaged", "voted", "pocket"):
        dev_acc, test_acc = [], []
        for e in range(1, run.epochs + 1):
            if variant == "classic":  # the engine's weights at the end of epoch e
                k = run.updates_before_visit(min(e * run.n, run.n_visits))
                predictor = run.weights(int(k))
                assert close(predictor[0], book[e - 1]["classic"][0], rel=1e-9)
            else:
                predictor = book[e - 1][variant]
            dev_acc.append(accuracy(scores(predictor, ds.X[dev]), ds.y[dev]))
            test_acc.append(accuracy(scores(predictor, ds.X[test]), ds.y[test]))
        best = int(np.argmax(dev_acc)) + 1  # the earliest of the best
        cells = rows[variant]
        assert int(cells[1]) == best, (variant, cells, dev_acc)
        assert cells[2] == f"{dev_acc[best - 1]:.1%}", (variant, cells)
        assert cells[3] == f"{test_acc[best - 1]:.1%}", (variant, cells)
        assert cells[4] == f"{test_acc[-1]:.1%}", (variant, cells)
        if variant == "classic":
            classic_best = best
    # "Go to the end of epoch E": E is classic's best on dev, the cursor E * n_train.
    button = at.button(key="va_go_best")
    assert button.label.startswith(f"Go to the end of epoch {classic_best} ")
    click(at, "va_go_best")
    assert cursor(at, "va_") == min(classic_best * run.n, run.n_visits)
    assert f"epoch {classic_best} · example {run.n} of {run.n}" in status(at)
    check_agreement(at)


def agreement(run, t: int) -> float:
    preds = np.array([run.variant_scores(v, run.X, t) > 0 for v in pc.run.COMPARED])
    return float(np.mean(np.all(preds == preds[0], axis=0)))


def check_agreement(at) -> None:
    run, t = at.session_state["va_run"], cursor(at, "va_")
    said = f"The four agree on {agreement(run, t):.0%} of the training points at this step"
    assert said in markdown(at), (t, markdown(at)[:300])


def test_variants_stepping_and_the_agreement_line():
    at = open_page(VARIANTS_PAGE)
    run = at.session_state["va_run"]
    n = run.n
    _, after_mistake = textbook_single(run.X, run.y, max_epochs=run.epochs, orders=run.order)
    check_agreement(at)
    click(at, "va_step")
    assert cursor(at, "va_") == after_mistake[0]
    click(at, "va_step")
    assert cursor(at, "va_") == after_mistake[1]
    check_agreement(at)
    click(at, "va_back")
    assert cursor(at, "va_") == after_mistake[0]
    click(at, "va_visit")
    assert cursor(at, "va_") == after_mistake[0] + 1
    click(at, "va_epoch")
    assert cursor(at, "va_") == n
    assert status(at).startswith(f"**update {sum(t <= n for t in after_mistake)} · epoch 1 ·")
    check_agreement(at)
    at.slider(key="va_scrub").set_value(4 * n + 20).run()
    no_trouble(at)
    assert cursor(at, "va_") == 4 * n + 20
    assert f"epoch 5 · example 20 of {n}" in status(at)
    check_agreement(at)
    click(at, "va_back")
    assert cursor(at, "va_") == n
    click(at, "va_end")
    assert cursor(at, "va_") == run.n_visits
    check_agreement(at)
    click(at, "va_reset")
    assert cursor(at, "va_") == 0
    # Play with "Play advances by: epoch": one frame is one epoch; Pause stops it.
    at.segmented_control(key="va_play_unit").set_value("epoch").run()
    click(at, "va_play")
    assert at.session_state["va_playing"] and cursor(at, "va_") == n
    click(at, "va_play")
    assert not at.session_state["va_playing"] and cursor(at, "va_") == n


def test_a_textbook_averaged_perceptron_matches_the_engines_averaged_scores_at_the_end():
    at = open_page(VARIANTS_PAGE, va_max_epochs="5", va_order="fixed")
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
    averaged = run.variant_scores("averaged", run.X, run.n_visits)
    assert np.array_equal(np.where(averaged > 0, 1, -1), mine)


def test_variants_a_new_split_seed_is_a_new_split_and_starts_again():
    at = open_page(VARIANTS_PAGE)
    ds = variants_data()
    first = rows_of(ds, at.session_state["va_run"])
    click(at, "va_step")
    assert cursor(at, "va_") > 0
    at.number_input(key="va_split_seed").set_value(5).run()
    no_trouble(at)
    assert cursor(at, "va_") == 0 and "**start" in status(at)
    split_parts(at, ds, 5)
    second = rows_of(ds, at.session_state["va_run"])
    assert sorted(first.tolist()) != sorted(second.tolist())


def test_variants_settings_reach_the_run():
    at = open_page(VARIANTS_PAGE)
    at.segmented_control(key="va_order").set_value("fixed")
    at.number_input(key="va_max_epochs").set_value(5)
    at.select_slider(key="va_eta").set_value(2.0).run()
    no_trouble(at)
    run = at.session_state["va_run"]
    assert not run.shuffle and run.max_epochs == 5 and run.eta == 2.0
    engine = pc.train(run.X, run.y, eta=2.0, max_epochs=5)
    assert np.array_equal(run.update_visit, engine.update_visit)


# ==================================================================== hostile links
EVIL_LINK = "[sign in](http://evil.example/login)"
HOSTILE = [
    ("pages/batch.py", {"bt_eta": "abc"}),
    ("pages/batch.py", {"bt_generator": "<b>x</b>", "bt_source": EVIL_LINK}),
    ("pages/batch.py", {"bt_step": "<img src=x onerror=alert(1)>"}),
    ("pages/variants.py", {"va_split_seed": "-1"}),
    ("pages/variants.py", {"va_n": "999999999", "va_noise": "**1**"}),
    ("pages/variants.py", {"va_generator": EVIL_LINK, "va_presenter": "$x$"}),
    ("pages/kernel.py", {"kn_degree": "99"}),
    ("pages/kernel.py", {"kn_kernel": "<img src=x onerror=alert(1)>", "kn_width": "nan"}),
    # Several bad values in one link; /proof and /space too.
    ("pages/kernel.py", {"kn_degree": "99", "kn_kernel": "<b>rbf</b>", "kn_width": "nan"}),
    ("pages/batch.py", {"bt_eta": "abc", "bt_generator": "[x](http://evil.example)"}),
    ("pages/variants.py", {"va_split_seed": "-1", "va_n": "999999999", "va_noise": "1e309"}),
    (
        "pages/proof.py",
        {
            "pf_eta": "abc",
            "pf_generator": "[x](http://evil.example)",
            "pf_max_epochs": "1e9",
            "pf_preprocessing": "<img src=x>",
        },
    ),
    ("pages/space.py", {"sp_seed": "nan", "sp_example": "<b>iris</b>", "sp_n": "-5"}),
]
PREFIX = {
    "pages/batch.py": "bt_",
    "pages/variants.py": "va_",
    "pages/kernel.py": "kn_",
    "pages/proof.py": "pf_",
    "pages/space.py": "sp_",
}


@pytest.mark.parametrize("path,query", HOSTILE, ids=[str(q) for _, q in HOSTILE])
def test_a_hostile_link_is_named_and_nothing_from_it_is_rendered(path, query):
    at = open_page(path, **query)
    no_trouble(at)
    warnings = [text_of(w.value) for w in at.warning]
    for name in query:
        if name.endswith("_step"):  # the cursor is not a widget: said without its name
            assert any("step" in w and "not a whole number" in w for w in warnings), warnings
        else:
            assert any(w.startswith("The link could not be read completely: " + name + "=")
                       for w in warnings), (name, warnings)  # fmt: skip
    # The page still renders, with its defaults, and has a run.
    assert at.title and at.session_state[PREFIX[path] + "run"] is not None
    for kind in ("markdown", "caption", "warning", "error", "info"):
        for element in at.get(kind):
            out = html_of(element.value)
            assert inert(element.value, allowed=("<strong>", "<em>", "<code>")), out
            assert "<b>" not in out and "href" not in out and "<img" not in out, out
    # What the link said is shown as literal text.
    shown = " ".join(warnings)
    for value in query.values():
        if "<" in value or "[" in value:
            assert value in shown, (value, shown)


def test_hostile_values_fall_back_to_the_defaults():
    at = open_page("pages/variants.py", va_split_seed="-1", va_n="999999999")
    assert caption_sizes(at, 0) == (120, 40, 40)
    assert at.number_input(key="va_n").value == 200
    at = open_page("pages/kernel.py", kn_degree="99")
    assert at.session_state["kn_run"].kernel.degree == 2
    at = open_page("pages/batch.py", bt_eta="abc")
    assert at.session_state["bt_run"].eta == 1.0


# ================================================================= lab-wide state
def test_data_and_presenter_mode_picked_on_batch_follow_to_variants_and_kernel():
    at = open_page(BATCH)
    at.segmented_control(key="bt_source").set_value("generate").run()
    at.selectbox(key="bt_generator").set_value("moons")
    at.number_input(key="bt_n").set_value(60).run()
    at.toggle(key="bt_presenter").set_value(True).run()
    no_trouble(at)
    ds = datasets.generate("moons", n=60, seed=0)
    assert np.array_equal(at.session_state["bt_run"].X, ds.X)
    assert not at.title  # presenter mode: less chrome

    at.switch_page(VARIANTS_PAGE).run()
    no_trouble(at)
    assert at.selectbox(key="va_generator").value == "moons"
    assert at.number_input(key="va_n").value == 60
    assert at.toggle(key="va_presenter").value and not at.title
    run = at.session_state["va_run"]
    rows_of(ds, run)  # every training point is a row of the same moons
    assert run.n == 60 - 2 * round(0.2 * 60) == caption_sizes(at, 0)[0]

    at.switch_page("pages/kernel.py").run()
    no_trouble(at)
    assert at.selectbox(key="kn_generator").value == "moons"
    assert at.number_input(key="kn_n").value == 60
    assert at.toggle(key="kn_presenter").value
    assert np.array_equal(at.session_state["kn_run"].X, ds.X)

    # Presenter mode turned off here is off on the next page too, also on a page that
    # had it on before (Streamlit keeps a URL-bound widget's value across pages).
    at.toggle(key="kn_presenter").set_value(False).run()
    assert not at.toggle(key="kn_presenter").value and at.title
    at.switch_page(BATCH).run()
    no_trouble(at)
    assert not at.toggle(key="bt_presenter").value and at.title
    assert at.session_state["bt_run"] is not None
    # ... and the toggle still answers a click on the page itself, both ways.
    at.toggle(key="bt_presenter").set_value(True).run()
    assert at.toggle(key="bt_presenter").value and not at.title
    at.toggle(key="bt_presenter").set_value(False).run()
    assert not at.toggle(key="bt_presenter").value and at.title
    at.switch_page(VARIANTS_PAGE).run()
    assert not at.toggle(key="va_presenter").value and at.title


@pytest.mark.parametrize("path,prefix", [("pages/kernel.py", "kn_"), ("pages/batch.py", "bt_")])
def test_an_upload_on_one_page_is_the_data_of_the_next(path, prefix):
    """A file uploaded on the Playground is there on another page in upload mode (the lab's
    upload), with the same rows: the engine's run on it has the file's 8 usable rows."""
    data = (ROOT / "tests" / "data" / "playground_good.csv").read_bytes()
    at = open_page(None, pg_source="Upload")
    at.file_uploader(key="pg_upload").upload("playground_good.csv", data, "text/csv").run()
    assert at.session_state["pg_run"].n == 8
    at.switch_page(path).run()
    no_trouble(at)
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
    at.switch_page(BATCH).run()
    assert at.toggle(key="bt_presenter").value is True
