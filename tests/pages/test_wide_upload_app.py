"""A student's file with more than two features, and one with many rows, through AppTest.

The wine data (scikit-learn's copy of the UCI file: 178 wines, 13 measurements, three
cultivars) written as the CSV a student would upload: the Playground trains on all 13
columns when asked, and everything it says is checked against oracles written here: the
verdict against a linear program (scipy's HiGHS), the mistakes against a textbook
perceptron loop in 13 dimensions, the chart's positions against the loop's weights, the
vertical direction against a principal component analysis. A 100,000-row file is trained
on in full and drawn as a stated random sample; its run is checked against scikit-learn's
Perceptron, the crosses on the drawn points against the textbook loop.
"""

from __future__ import annotations

import base64
import io
import re
from pathlib import Path

import bound_oracle
import numpy as np
import pandas as pd
import pytest
from lab_app import click, stage_figures
from md_oracle import inert, text_of
from streamlit.testing.v1 import AppTest

import datasets

sklearn_datasets = pytest.importorskip("sklearn.datasets")
linear_model = pytest.importorskip("sklearn.linear_model")
decomposition = pytest.importorskip("sklearn.decomposition")
optimize = pytest.importorskip("scipy.optimize")

ROOT = Path(__file__).resolve().parents[2]
WINE = sklearn_datasets.load_wine(as_frame=True)
FEATURES = list(WINE.feature_names)


# ----------------------------------------------------------------------- oracles
def textbook(X, y, max_epochs=100, stop_after=None):
    """The notes' perceptron from w = 0, b = 0, eta = 1, in plain Python: a mistake is
    y (w.x + b) <= 0 (the products summed left to right, then b). Returns (mistakes,
    epochs, converged, w, b); ``stop_after`` updates: the weights then."""
    X = [list(map(float, row)) for row in np.asarray(X)]
    y = [int(v) for v in y]
    d = len(X[0])
    w, b, mistakes = [0.0] * d, 0.0, 0
    for epoch in range(1, max_epochs + 1):
        clean = True
        for xi, yi in zip(X, y, strict=True):
            a = 0.0
            for wj, xj in zip(w, xi, strict=True):
                a += wj * xj
            a += b
            if yi * a <= 0:
                w = [wj + yi * xj for wj, xj in zip(w, xi, strict=True)]
                b += yi
                mistakes += 1
                clean = False
                if stop_after is not None and mistakes == stop_after:
                    return mistakes, epoch, False, np.array(w), b
        if clean:
            return mistakes, epoch, True, np.array(w), b
    return mistakes, max_epochs, False, np.array(w), b


def lp_separable(X, y) -> tuple[bool, np.ndarray | None]:
    """Whether some (w, b) has y (w.x + b) >= 1 for every row (HiGHS), on standardised
    columns (an affine change of the features keeps separability), and that separator
    mapped back to the raw columns (b first)."""
    X = np.asarray(X, dtype=np.float64)
    mean, std = X.mean(axis=0), X.std(axis=0)
    Z = (X - mean) / std
    A = -np.asarray(y)[:, None] * np.hstack([Z, np.ones((len(y), 1))])
    res = optimize.linprog(
        np.zeros(Z.shape[1] + 1), A_ub=A, b_ub=-np.ones(len(y)), bounds=(None, None),
        method="highs",
    )  # fmt: skip
    if res.status == 2:
        return False, None
    assert res.status == 0, res.message
    w = res.x[:-1] / std
    return True, np.concatenate(([res.x[-1] - w @ mean], w))


def wine_csv(flip: int | None = None) -> bytes:
    """The wine table as a student's CSV: the 13 measurements and a text class column;
    ``flip``: that row's class 0 written as class 1 (a mislabelled row)."""
    frame = WINE.frame.copy()
    frame["target"] = frame["target"].map({0: "class_0", 1: "class_1", 2: "class_2"})
    if flip is not None:
        frame.loc[flip, "target"] = "class_1"
    return frame.to_csv(index=False).encode()


def wine_pair(flip: int | None = None):
    """X and y of class_1 (+1) against class_0 (-1), in file order."""
    target = WINE.target.to_numpy().copy()
    if flip is not None:
        target[flip] = 1
    keep = target < 2
    return WINE.data.to_numpy()[keep], np.where(target[keep] == 1, 1, -1)


def array_of(value) -> np.ndarray:
    """A Plotly JSON array: a list, or a typed array {"dtype", "bdata"}."""
    if isinstance(value, dict) and "bdata" in value:
        return np.frombuffer(base64.b64decode(value["bdata"]), dtype=np.dtype(value["dtype"]))
    return np.asarray(value, dtype=np.float64)


def number(text: str) -> float:
    """A number as the page writes it: 3.388·10^8, 1684, 338,814,290, -0.5."""
    text = text.replace("−", "-").replace(",", "")
    if "·10^" in text:
        mant, exp = text.split("·10^")
        return float(mant) * 10.0 ** int(exp)
    return float(text)


# --------------------------------------------------------------------- the page
def upload(data: bytes, name: str = "wine.csv") -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.query_params["pg_source"] = "Upload"
    at.run()
    at.file_uploader(key="pg_upload").upload(name, data).run()
    assert not at.exception, at.exception
    return at


def in_file_order(at: AppTest) -> AppTest:
    """x1 and x2 set to the file's first two columns: the loader proposes the two that tell
    the classes apart (issue 27); these tests check every column in the file's order."""
    at.selectbox(key="pg_csv_x1").set_value("alcohol")
    at.selectbox(key="pg_csv_x2").set_value("malic_acid")
    at.run()
    assert not at.exception, at.exception
    return at


def all_columns(at: AppTest) -> AppTest:
    at.radio(key="pg_csv_train_on").set_value("all").run()
    assert not at.exception, at.exception
    return at


def said(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption]
    parts += [e.value for e in at.error] + [w.value for w in at.warning]
    return " | ".join(text_of(p) for p in parts)


def summary(at: AppTest) -> str:
    return next(text_of(m.value) for m in at.markdown if text_of(m.value).startswith("w = ("))


# ------------------------------------------------------------------------ tests
def test_wine_on_all_13_features_against_an_lp_and_a_textbook_loop():
    at = in_file_order(upload(wine_csv()))
    assert at.session_state["pg_run"].X.shape == (130, 2)  # the default: x1 and x2
    train_on = at.radio(key="pg_csv_train_on")
    assert train_on.value == "two"
    assert list(train_on.options) == ["x1 and x2: the chart shows them", "all 13 numeric columns"]
    all_columns(at)
    run = at.session_state["pg_run"]
    X, y = wine_pair()
    assert run.X.shape == (130, 13)
    np.testing.assert_array_equal(run.X, X)  # every column, in the file's order
    np.testing.assert_array_equal(run.y, y)
    words = said(at)
    assert "Training on 13 columns: alcohol, malic_acid, ash" in words
    separable, separator = lp_separable(X, y)
    assert separable and "Separable. R = 1684" in words
    R = float(np.sqrt(1 + (X**2).sum(axis=1)).max())
    assert number(re.search(r"R = ([0-9.·^−-]+)", words).group(1)) == pytest.approx(R, 1e-3)
    gamma = number(re.search(r"γ\* = ([0-9.·^−-]+) \(augmented, bias in the norm", words).group(1))
    lp_margin = float(np.min(y * (np.hstack([np.ones((130, 1)), X]) @ separator)))
    assert gamma >= lp_margin / np.linalg.norm(separator) * (1 - 1e-3)  # gamma* is the most

    click(at, "pg_end")
    mistakes, epochs, converged, w, b = textbook(X, y, max_epochs=100)
    assert (run.mistakes, run.epochs, run.converged) == (mistakes, epochs, converged)
    np.testing.assert_array_equal(run.w, w)  # the same arithmetic, bit for bit
    assert run.b == b
    line = summary(at)
    assert f"M = {mistakes} ≤ R²/γ*² = " in line
    bound = number(line.split("R²/γ*² = ")[1].split(" (")[0])
    assert mistakes <= bound and bound == pytest.approx(R**2 / gamma**2, 1e-3)  # Theorem 1
    assert "stopped after 100 epochs (max epochs) without converging" in said(at)
    shown = [number(v) for v in line.split("w = (")[1].split("), b")[0].split(", ")]
    np.testing.assert_allclose(shown, w, rtol=1e-3)  # all 13 entries on the screen


def test_wine_standardised_converges_as_the_textbook_loop_does():
    at = all_columns(in_file_order(upload(wine_csv())))
    at.segmented_control(key="pg_preprocessing").set_value("standardise").run()
    assert not at.exception
    X, y = wine_pair()
    Z = (X - X.mean(axis=0)) / X.std(axis=0)
    run = at.session_state["pg_run"]
    np.testing.assert_allclose(run.X, Z, rtol=0, atol=1e-12)
    click(at, "pg_end")
    mistakes, epochs, converged, w, _ = textbook(Z, y, max_epochs=100)
    assert converged and (run.mistakes, run.epochs, run.converged) == (mistakes, epochs, True)
    np.testing.assert_allclose(run.w, w, rtol=1e-9)
    line = summary(at)
    shown_m, bound = bound_oracle.line_statement(line)
    assert shown_m == mistakes <= bound
    assert f"converged: epoch {epochs} was a clean pass" in said(at)
    # w separates: the margin line measures it on every point, in the augmented space.
    scores = (Z @ w + run.b) / np.linalg.norm(np.append(w, run.b))
    margin = float(np.min(y * scores))
    words = said(at)
    assert "w separates the data: its margin in the augmented space" in words
    shown = re.search(r"min y\(w·x \+ b\)/‖\(b, w\)‖, is ([0-9.·^−-]+)", words).group(1)
    assert number(shown) == pytest.approx(margin, 1e-3)


def test_the_13_d_chart_puts_each_point_on_its_side_by_its_score():
    at = all_columns(upload(wine_csv()))
    at.segmented_control(key="pg_preprocessing").set_value("standardise").run()
    X, y = wine_pair()
    Z = (X - X.mean(axis=0)) / X.std(axis=0)
    for _ in range(5):
        click(at, "pg_step")
    _, _, _, w, b = textbook(Z, y, stop_after=5)
    fig = stage_figures(at)[0]
    layout = fig["layout"]
    assert "score (w·x + b)/‖(b, w)‖" in layout["xaxis"]["title"]["text"]
    assert "v·x" in layout["yaxis"]["title"]["text"]
    assert "13 dimensions. → each point's score" in said(at)
    traces = {t["name"]: t for t in fig["data"] if len(array_of(t.get("x", []))) > 0}
    oracle = (Z @ w + b) / np.linalg.norm(np.append(w, b))
    shown_x = np.zeros(130)
    shown_y = np.zeros(130)
    for name, label in (("-1: class_0", -1), ("+1: class_1", 1)):
        rows = np.flatnonzero(y == label)  # drawn in the file's order within a class
        shown_x[rows] = array_of(traces[name]["x"])
        shown_y[rows] = array_of(traces[name]["y"])
    span = layout["xaxis"]["range"][1] - layout["xaxis"]["range"][0]
    np.testing.assert_allclose(shown_x, oracle, rtol=0, atol=1e-4 * span)
    wrong = y * oracle <= 0
    # Drawn on the wrong side of the line at 0 exactly when it is a mistake.
    np.testing.assert_array_equal(y * shown_x <= 0, wrong)
    crosses = np.column_stack([array_of(traces["misclassified"][k]) for k in ("x", "y")])
    assert sorted(map(tuple, crosses)) == sorted(zip(shown_x[wrong], shown_y[wrong], strict=True))
    assert f"w gets {int(wrong.sum())} of 130 points wrong" in said(at)
    # Up: v.x for a unit v orthogonal to the run's last w, of most spread among those.
    v, *_ = np.linalg.lstsq(Z, shown_y, rcond=None)
    last_w = textbook(Z, y)[3]
    unit = last_w / np.linalg.norm(last_w)
    assert np.linalg.norm(v) == pytest.approx(1, abs=1e-3)
    assert abs(v @ unit) < 1e-3
    flat = Z - np.outer(Z @ unit, unit)
    pca = decomposition.PCA(n_components=1).fit(flat)
    assert abs(pca.components_[0] @ v) == pytest.approx(1, abs=1e-3)


def test_a_mislabelled_row_makes_wine_inseparable_and_theorem_2_bounds_it():
    at = all_columns(upload(wine_csv(flip=0)))
    X, y = wine_pair(flip=0)
    separable, _ = lp_separable(X, y)
    assert not separable
    words = said(at)
    assert "Not linearly separable." in words and "Separable. R" not in words
    click(at, "pg_end")
    mistakes, epochs, converged, _, _ = textbook(X, y, max_epochs=100)
    run = at.session_state["pg_run"]
    assert (run.mistakes, run.epochs, converged) == (mistakes, epochs, False)
    latex = " ".join(e.value for e in at.latex)
    stated = bound_oracle.latex_statements(latex)
    values = [right for left, sign, right in stated if sign == "le" and left == mistakes]
    assert values, stated  # Theorem 2 states M = mistakes <= its value
    value = values[0]
    assert mistakes <= value  # Theorem 2 after 100 epochs


def test_100000_rows_train_on_all_and_draw_a_stated_sample():
    rng = np.random.default_rng(7)
    X = rng.normal(size=(140_000, 2)) * [2.0, 1.0] + [1.0, -0.5]
    X = X[np.abs(X @ [1.0, 2.0] - 0.2) > 0.1][:100_000]  # separable, with a margin
    y = np.where(X @ [1.0, 2.0] - 0.2 > 0, 1, -1)
    csv = pd.DataFrame({"a": X[:, 0], "b": X[:, 1], "label": np.where(y > 0, "yes", "no")})
    at = upload(csv.to_csv(index=False).encode(), "big.csv")
    assert not at.error, [e.value for e in at.error]
    run = at.session_state["pg_run"]
    assert run.n == 100_000
    words = said(at)
    assert (
        "Drawing 20,000 of 100,000 points, sampled at random (seed 0); the run, the verdict "
        "and the numbers use all of them." in words
    )
    separable, _ = lp_separable(X, y)
    assert separable and "Separable. R = " in words
    fig = stage_figures(at)[0]
    points = [t for t in fig["data"] if t.get("name") in ("-1: no", "+1: yes")]
    drawn = {
        name: array_of(t["x"]) for t in points if len(array_of(t["x"])) > 1 for name in [t["name"]]
    }
    assert sum(len(v) for v in drawn.values()) == 20_000
    # The run is scikit-learn's Perceptron on all 100,000 rows.
    sk = linear_model.Perceptron(shuffle=False, tol=None, eta0=1.0, max_iter=run.epochs)
    sk.fit(X, y)
    np.testing.assert_array_equal(run.w, sk.coef_[0])
    assert run.b == sk.intercept_[0]
    # Step until the drawn points w gets wrong are few enough to be crossed (at most
    # theme.MAX_MARKED): the crosses are the drawn points the oracle's weights get wrong.
    for _ in range(80):
        click(at, "pg_step")
        fig = stage_figures(at)[0]
        traces = {t["name"]: t for t in fig["data"] if len(array_of(t.get("x", []))) > 0}
        crosses = np.column_stack([array_of(traces["misclassified"][c]) for c in ("x", "y")])
        if not np.isnan(crosses).any():
            break
    k = int(re.search(r"update (\d+) · epoch", said(at)).group(1))
    _, _, _, w, b = textbook(X, y, stop_after=k)
    xy = {n: np.column_stack([array_of(traces[n]["x"]), array_of(traces[n]["y"])]) for n in drawn}
    shown = np.vstack(list(xy.values()))
    labels = np.concatenate([np.full(len(xy[n]), 1 if n == "+1: yes" else -1) for n in xy])
    wrong = shown[labels * (shown @ w + b) <= 0]
    assert 0 < len(wrong) <= 2_000 and sorted(map(tuple, crosses)) == sorted(map(tuple, wrong))
    total_wrong = int(np.count_nonzero(y * (X @ w + b) <= 0))
    assert f"w gets {total_wrong:,} of 100,000 points wrong" in said(at)


def test_too_many_values_are_refused_and_the_previous_data_stays(monkeypatch):
    from ui import compute

    at = upload(wine_csv())
    monkeypatch.setattr(compute, "MAX_TRAIN_VALUES", 1_000)
    at.radio(key="pg_csv_train_on").set_value("all").run()
    assert not at.exception
    errors = " ".join(text_of(e.value) for e in at.error)
    assert "178 rows × 13 columns is more than the 1,000 values the page trains on live" in errors
    assert "Still showing the previous data: wine.csv." in said(at)
    assert at.session_state["pg_run"].X.shape == (130, 2)


def test_data_too_large_for_the_exact_verdict_says_so(monkeypatch):
    from ui import compute

    monkeypatch.setattr(compute, "THEORY_MAX_VALUES", 1_000)
    at = all_columns(upload(wine_csv()))
    at.segmented_control(key="pg_preprocessing").set_value("standardise").run()
    words = said(at)
    assert "Separable." not in words and "Not linearly separable" not in words
    assert (
        "The exact verdict, γ* and the bounds are not computed live on 130 points of 13 "
        "features (at most 1,000 values of (1, x)). The run converged: its last w separates "
        "every point, so they are separable." in words
    )
    # The summary line states no bound, and no false reason for it (both classes are there).
    line = summary(at)
    assert "≤" not in line and "both classes" not in line, line
    assert "no bound: the verdict and γ* are not computed for this data" in line, line


def test_a_two_feature_page_takes_the_uploads_first_two_columns():
    at = all_columns(in_file_order(upload(wine_csv())))
    at.switch_page("pages/kernel.py").run()
    assert not at.exception, at.exception
    assert not at.error, [e.value for e in at.error]
    run = at.session_state["kn_run"]
    assert run.X.shape == (130, 2)
    np.testing.assert_array_equal(run.X, wine_pair()[0][:, :2])
    assert "This page draws two of its columns, alcohol and malic_acid" in said(at)


def test_a_13_column_dataset_the_lab_wrote_comes_back_on_all_13():
    at = all_columns(in_file_order(upload(wine_csv())))
    written = at.session_state["pg_good"].to_csv().encode()
    again = upload(written, "playground_data.csv")
    assert again.radio(key="pg_csv_train_on").value == "all"
    np.testing.assert_array_equal(again.session_state["pg_run"].X, wine_pair()[0])


@pytest.mark.parametrize(("n", "d"), [(300_000, 13), (1_000_000, 2)])
def test_a_run_on_a_large_upload_stays_one_entry_of_the_cache(n, d):
    from ui import compute, replay
    from ui.parts.settings import Settings
    from ui.server import cache

    rng = np.random.default_rng(0)
    X = rng.normal(size=(n, d))
    y = np.where(rng.random(n) < 0.5, 1, -1)  # never separable: the run meets its cap
    ds = datasets.Dataset(X, y)
    trained = compute.trained_for(ds, Settings())
    run = trained.run
    assert run.stop_reason == "max_updates"
    assert f"a run stops at {run.mistakes:,} updates" in trained.note
    for t in (0, 7, run.n_visits // 2, run.n_visits):  # what stepping computes and keeps
        replay.at_step(run, X, y, t)
        run.next_cursor(t, "update"), run.next_cursor(t, "epoch"), run.visit(max(0, t - 1))
    assert cache.nbytes(trained) <= cache.ENTRY_LIMIT_BYTES
    assert compute.trained_for(ds, Settings()) is trained  # kept: not trained again
    key = next(k for k in cache.STORE.sizes() if k[0] == "ui.compute.trained_large")
    assert cache.STORE._entries[key].ttl == cache.UPLOAD_TTL_SECONDS  # gone soon unused


def test_wine_as_a_workbook_with_a_hostile_column_name_trains_on_all_13_as_plain_text():
    pytest.importorskip("openpyxl")  # pandas writes the .xlsx with it
    frame = WINE.frame.copy()
    frame["target"] = frame["target"].map({0: "class_0", 1: "class_1", 2: "class_2"})
    hostile = "[proline](http://x.example) <b>**mg/L**</b>"
    frame = frame.rename(columns={"proline": hostile})
    buffer = io.BytesIO()
    frame.to_excel(buffer, index=False, sheet_name="wine")
    at = all_columns(in_file_order(upload(buffer.getvalue(), "wine.xlsx")))
    assert not at.error, [e.value for e in at.error]
    run = at.session_state["pg_run"]
    np.testing.assert_array_equal(run.X, wine_pair()[0])
    note = next(c.value for c in at.caption if "Training on 13 columns" in text_of(c.value))
    assert inert(note) and hostile in text_of(note)
