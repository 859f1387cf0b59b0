"""Every page's downloads through AppTest: Batch, Variants, Online, Space, Proof and
Experiments each offer their data (the dataset CSV, read back by datasets.load_csv) and
their tables as CSV. Each file is made by calling what the page's button would run, and its
numbers are checked against textbook loops written in the tests (tests/oracles/:
batch_oracle.py, variants_oracle.py, proof_oracle.py; tests/engine/test_experiments_engine.py)
and against the data generated here, never against the page's own output."""

from __future__ import annotations

import io

import numpy as np
import pandas as pd
import pytest
from batch_oracle import textbook as batch_textbook
from experiments_oracle import qp_margin
from experiments_oracle import radius as exp_radius
from experiments_oracle import textbook as exp_textbook
from lab_app import open_page
from proof_oracle import radius
from proof_oracle import textbook as proof_textbook
from streamlit.runtime.media_file_manager import MediaFileManager
from variants_oracle import replay

import datasets
import perceptron_core as pc
from perceptron_core import experiments as ex
from perceptron_core.run import random_start
from ui import state


@pytest.fixture
def made(monkeypatch) -> dict:
    """The download buttons' files by Streamlit's placeholder id: a button given a function
    keeps it until clicked (the runtime then calls it). Recorded here, so a test can make
    the file as the click would."""
    files: dict = {}
    original = MediaFileManager.add_deferred

    def record(self, data_callable, mimetype, coordinates, file_name=None, **kwargs):
        file_id = original(self, data_callable, mimetype, coordinates, file_name, **kwargs)
        files[file_id] = (data_callable, file_name)
        return file_id

    monkeypatch.setattr(MediaFileManager, "add_deferred", record)
    return files


def download(at, made: dict, key: str) -> tuple[str, str]:
    """(file name, text) of the download button ``key``, made as its click would."""
    button = next(b for b in at.download_button if b.key == key)
    build, name = made[button.proto.deferred_file_id]
    data = build()
    return name, data.decode() if isinstance(data, bytes) else data


def table(at, made: dict, key: str) -> pd.DataFrame:
    return pd.read_csv(io.StringIO(download(at, made, key)[1]))


def labels(at) -> list[str]:
    return [b.label for b in at.download_button]


def dataset_back(at, made: dict, key: str) -> datasets.Dataset:
    return datasets.load_csv(download(at, made, key)[1].encode())


# ------------------------------------------------------------------------- batch
def test_batch_offers_its_data_the_epochs_the_learning_rates_and_the_scaling(made):
    at = open_page("pages/batch.py")
    assert labels(at) == [
        "Dataset (CSV)",
        "J_p and errors per epoch, both rules (CSV)",
        "Learning rates (CSV)",
        "Feature scaling (CSV)",
    ]
    ds = datasets.generate("notes_rule_004", seed=0)  # the page's default data
    back = dataset_back(at, made, "bt_dl_data")
    np.testing.assert_array_equal(back.X, ds.X)
    np.testing.assert_array_equal(back.y, ds.y)

    name, _ = download(at, made, "bt_dl_epochs")
    assert name == "batch_epochs.csv"
    epochs = table(at, made, "bt_dl_epochs")
    for rule, col in (("batch", "batch"), ("single", "single")):
        book = batch_textbook(ds.X, ds.y, rule=rule, max_epochs=50)
        rows = len(book["mistakes"])
        assert epochs[f"{col}_mistakes"].iloc[:rows].tolist() == book["mistakes"]
        assert epochs[f"{col}_errors"].iloc[:rows].tolist() == book["errors"]
        np.testing.assert_allclose(epochs[f"{col}_J_p"].iloc[:rows], book["J_p"], rtol=1e-12)
        assert epochs[f"{col}_mistakes"].iloc[rows:].isna().all()  # the shorter run ends
    assert epochs["epoch"].tolist() == list(range(len(epochs)))

    rates = table(at, made, "bt_dl_learning_rates")
    assert len(rates) == 12  # 2 starts x 2 rules x 3 learning rates
    for _, row in rates.iterrows():
        rule = "batch" if row["rule"] == "batch" else "single"
        w0, b0 = (None, 0.0) if row["start"] == "zero" else random_start(2, 0)
        book = batch_textbook(ds.X, ds.y, rule=rule, eta=row["eta"], max_epochs=50, w0=w0, b0=b0)
        mistakes = sum(book["mistakes"])
        assert row["mistakes"] == mistakes, (row["start"], rule, row["eta"])
        assert row["epochs"] == len(book["mistakes"]) - 1
        assert bool(row["converged"]) == (book["mistakes"][-1] == 0)
        # From w = 0 the learning rate rescales w only: no prediction changes (004).
        if row["start"] == "zero":
            assert row["predictions_differ"] == 0
    scaling = table(at, made, "bt_dl_scaling")
    assert scaling["preprocessing"].tolist() == list(datasets.PREPROCESSING.values())
    for kind, (_, row) in zip(datasets.PREPROCESSING, scaling.iterrows(), strict=True):
        X = ds.preprocessed(kind).X
        assert row["R"] == pytest.approx(radius(X), rel=1e-12)
        book = batch_textbook(X, ds.y, rule="single", max_epochs=50)
        assert row["single_mistakes"] == sum(book["mistakes"])
        assert row["single_epochs"] == len(book["mistakes"]) - 1


# ---------------------------------------------------------------------- variants
def test_variants_offers_its_data_the_split_and_the_accuracy_per_epoch(made):
    at = open_page("pages/variants.py")
    assert labels(at) == [
        "Dataset (CSV)",
        "Split, one row per point (CSV)",
        "Accuracy per epoch (CSV)",
    ]
    ds = datasets.generate("separable", n=200, seed=0, noise=0.2)  # the page's default data
    back = dataset_back(at, made, "va_dl_data")
    np.testing.assert_array_equal(back.X, ds.X)
    np.testing.assert_array_equal(back.y, ds.y)
    split = table(at, made, "va_dl_split")
    assert split["index"].tolist() == list(range(ds.n))
    np.testing.assert_array_equal(split[["x1", "x2"]].to_numpy(), ds.X)
    np.testing.assert_array_equal(split["y"], ds.y)
    parts = {p: split.index[split["part"] == p].to_numpy() for p in ("train", "dev", "test")}
    assert [len(parts[p]) for p in ("train", "dev", "test")] == [120, 40, 40]  # 60/20/20
    for p in parts.values():  # stratified: each part has the classes' overall share
        assert abs(np.mean(ds.y[p] == 1) - np.mean(ds.y == 1)) <= 0.05

    # The classic perceptron on the CSV's train rows (the engine's shuffled orders are the
    # input here), scored at each epoch's end on the CSV's parts by the textbook loop.
    run = at.session_state["va_run"]
    tr = parts["train"]
    np.testing.assert_array_equal(run.X, ds.X[tr])
    states = replay(ds.X[tr], ds.y[tr], [run.order(e) for e in range(run.epochs)])
    acc = table(at, made, "va_dl_accuracy")
    assert acc["epoch"].tolist() == list(range(1, run.epochs + 1))
    for e in acc["epoch"]:
        st_ = states[min(e * len(tr), len(states) - 1)]
        for name, idx in parts.items():
            right = ds.y[idx] * (ds.X[idx] @ st_["w"] + st_["b"]) > 0
            assert acc[f"classic_{name}"].iloc[e - 1] == pytest.approx(right.mean())
            avg = ds.y[idx] * (ds.X[idx] @ st_["avg_w"] + st_["avg_b"]) > 0
            assert acc[f"averaged_{name}"].iloc[e - 1] == pytest.approx(avg.mean())


# ------------------------------------------------------------------------ online
def test_online_offers_the_arrivals_with_their_predictions(made):
    X = np.array([[1.0, 0.5], [-0.5, 1.0], [0.25, -1.0], [2.0, 1.5], [-1.0, -0.75]])
    y = np.array([1, -1, 1, 1, -1])
    at = open_page("pages/online.py", **{state.ONLINE.points_param: state.encode_points(X, y)})
    assert labels(at) == ["Dataset (CSV)", "Arrivals (CSV)"]
    back = dataset_back(at, made, "on_dl_data")
    np.testing.assert_array_equal(back.X, X)
    np.testing.assert_array_equal(back.y, y)
    arrivals = table(at, made, "on_dl_arrivals")
    w, b = np.zeros(2), 0.0  # 001's online setting: predict, then learn from the label
    for i, row in arrivals.iterrows():
        a = float(w @ X[i]) + b
        assert row["arrival"] == i + 1 and (row["x1"], row["x2"]) == tuple(X[i])
        assert row["prediction"] == (1 if a > 0 else -1 if a < 0 else 0)
        assert row["y"] == y[i] and row["activation"] == a
        mistake = y[i] * a <= 0
        assert row["mistake"] == int(mistake)
        if mistake:
            w, b = w + y[i] * X[i], b + y[i]
        assert (row["w1"], row["w2"], row["b"]) == (w[0], w[1], b)
    assert len(arrivals) == len(y)


# ------------------------------------------------------------------------- space
def test_space_offers_its_data_and_the_cone_lps_rows_and_iterations(made):
    at = open_page("pages/space.py")
    assert labels(at) == ["Dataset (CSV)", "Rows of A (CSV)", "Iterations (CSV)"]
    ds = datasets.generate("notes_rule_004", seed=0)
    back = dataset_back(at, made, "sp_dl_data")
    np.testing.assert_array_equal(back.X, ds.X)
    A = np.hstack((np.ones((ds.n, 1)), ds.X)) * ds.y[:, None]  # 001: a_i = y_i (1, x_i)
    rows = table(at, made, "sp_dl_cone_rows")
    np.testing.assert_array_equal(rows[["a1", "a2", "a3"]].to_numpy(), A)
    assert rows["row"].tolist() == list(range(1, ds.n + 1))
    # The cone LP by hand: cycle through the rows, add a row whenever a_i.w <= 0.
    w, done, steps = np.zeros(3), False, []
    passes = 0
    while not done:
        passes += 1
        done = True
        for i, a in enumerate(A):
            if a @ w <= 0:
                steps.append((passes, i + 1, float(a @ w)))
                w, done = w + a, False
    iterations = table(at, made, "sp_dl_cone_iterations")
    assert list(zip(iterations["pass"], iterations["row"], strict=True)) == [
        (p, r) for p, r, _ in steps
    ]
    before = [v for _, _, v in steps]  # summed in another order than the engine's: rounding
    np.testing.assert_allclose(iterations["a_dot_w_before"], before, rtol=1e-12, atol=1e-12)
    assert (iterations["a_dot_w_before"] <= 1e-12).all()  # each row added was a mistake
    np.testing.assert_allclose(iterations[["w_after1", "w_after2", "w_after3"]].iloc[-1], w)
    # w* = w / min A w: every row of A w* >= 1 (the check, written per row).
    star = w / np.min(A @ w)
    np.testing.assert_allclose(rows["a_dot_w_star"], A @ star, rtol=1e-9)
    assert rows["at_least_1"].all() and (rows["a_dot_w_star"] >= 1).all()


# ------------------------------------------------------------------------- proof
def test_proof_offers_its_data_and_the_proofs_numbers_per_update(made):
    at = open_page("pages/proof.py")
    assert labels(at) == ["Dataset (CSV)", "The proof's numbers per update (CSV)"]
    ds = datasets.generate("notes_rule_004", seed=0)
    back = dataset_back(at, made, "pf_dl_data")
    np.testing.assert_array_equal(back.X, ds.X)
    W, _, _ = proof_textbook(ds.X, ds.y, epochs=100)  # bias first, the start first
    th = pc.theory(ds.X, ds.y)
    R, gamma, u = radius(ds.X), th.gamma, th.u
    rows = table(at, made, "pf_dl_updates")
    assert rows["update"].tolist() == list(range(len(W)))
    M = np.arange(len(W), dtype=float)
    np.testing.assert_array_equal(rows["mistakes"], M)
    np.testing.assert_array_equal(rows[["b", "w1", "w2"]].to_numpy(), W)
    np.testing.assert_allclose(rows["w_dot_u_star"], W @ u, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(rows["norm_sq"], np.sum(W**2, axis=1), rtol=1e-12)
    np.testing.assert_allclose(rows["lower_line"], M * gamma, rtol=1e-12)
    np.testing.assert_allclose(rows["upper_line"], M * R**2, rtol=1e-12)
    # Theorem 1's two lines hold at every update.
    assert (rows["w_dot_u_star"] >= rows["lower_line"] - 1e-9).all()
    assert (rows["norm_sq"] <= rows["upper_line"] + 1e-9).all()
    distance = np.sum((W - R**2 / gamma * u) ** 2, axis=1) / R**2  # 004, eta = 1
    np.testing.assert_allclose(rows["distance_004"], distance, rtol=1e-9)


# ------------------------------------------------------------------- experiments
def test_experiments_offers_its_data_and_each_experiments_table(made):
    at = open_page("pages/experiments.py")
    assert labels(at) == [
        "Dataset (CSV)",
        "Margins, one row per run (CSV)",
        "Dimensions, one row per run (CSV)",
        "Orders, one row per run (CSV)",
    ]
    margins = table(at, made, "ex_dl_margins")
    assert len(margins) > 1
    for _, row in margins.head(4).iterrows():  # regenerated here, run by the textbook loop
        rng = np.random.default_rng(int(row["seed"]))
        X, y, _ = ex.separable_points(int(row["n"]), int(row["d"]), row["margin"], rng)
        mistakes, epochs, converged, _, _ = exp_textbook(X, y, max_epochs=1000)
        assert (row["mistakes"], row["epochs"], bool(row["converged"])) == (
            mistakes,
            epochs,
            converged,
        )
        assert row["R"] == pytest.approx(exp_radius(X), rel=1e-12)
        assert row["gamma"] == pytest.approx(qp_margin(X, y), rel=1e-5)
        assert row["mistakes"] <= row["bound"]
    dims = table(at, made, "ex_dl_dimensions")
    assert (dims["mistakes"] <= dims["bound"]).all() and dims["d"].min() == 2
    ds = dataset_back(at, made, "ex_dl_data")
    orders = table(at, made, "ex_dl_orders")
    assert orders["kind"].iloc[0] == "fixed" and orders["kind"].iloc[-1] == "adversarial"
    mistakes, epochs, converged, w, b = exp_textbook(ds.X, ds.y, max_epochs=1000)
    fixed = orders.iloc[0]
    assert (fixed["mistakes"], fixed["epochs"], fixed["b"]) == (mistakes, epochs, b)
    assert [fixed["w1"], fixed["w2"]] == list(w)
    for _, row in orders[orders["kind"] == "random"].head(3).iterrows():
        order = np.random.default_rng(int(row["order_seed"])).permutation(ds.n)
        m, e, _, _, _ = exp_textbook(ds.X[order], ds.y[order], max_epochs=1000)
        assert (row["mistakes"], row["epochs"]) == (m, e)


def test_a_name_that_would_run_as_a_formula_is_neutralised_in_every_table():
    from ui.export import files as export

    csv = export.table_csv([("=cmd|' /C calc'!A0", [1.5]), ("part", ["@SUM(A1)"])])
    header, row = csv.splitlines()
    assert header.startswith("\"'=cmd") and row.endswith('"\'@SUM(A1)"')
