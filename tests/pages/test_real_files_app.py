"""Real files nobody here wrote, uploaded as a student would (issue 27): scikit-learn's
breast cancer table (30 measurements, ``diagnosis`` benign/malignant) and its digits 0
and 1 (64 pixel columns), each written as a CSV at test time.

Breast cancer, Train on all 30 columns, no preprocessing: Theorem 1 is typeset (every
formula on the page goes through KaTeX in Node, ``katex_oracle``), malignant is +1, the
sidebar says x1 and x2 only order the first two features, suggests standardising with
what it does to R (R from the file, computed here), and its preprocessing table keeps
every column in short cells. Digits: the proposal is two informative pixels (never a
constant one), the best two by a class-separation score computed here, said in a note;
and since an LP here finds that those two do not separate the classes while all 64 do,
the page says so.
"""

from __future__ import annotations

import re
from pathlib import Path

import katex_oracle
import numpy as np
import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

sklearn_datasets = pytest.importorskip("sklearn.datasets")
optimize = pytest.importorskip("scipy.optimize")

ROOT = Path(__file__).resolve().parents[2]


def breast_cancer() -> pd.DataFrame:
    data = sklearn_datasets.load_breast_cancer(as_frame=True)
    frame = data.data.copy()
    frame["diagnosis"] = data.target.map({0: "malignant", 1: "benign"})
    return frame


def digits01() -> pd.DataFrame:
    frame = sklearn_datasets.load_digits(as_frame=True).frame
    return frame[frame["target"].isin([0, 1])].reset_index(drop=True)


def upload(frame: pd.DataFrame, name: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=180)
    at.query_params["pg_source"] = "Upload"
    at.run()
    at.file_uploader(key="pg_upload").upload(name, frame.to_csv(index=False).encode()).run()
    assert not at.exception, at.exception
    return at


def texts(at, plain: bool = True) -> list[str]:
    """The page's words (``plain``: without the backslashes that keep a file's names plain
    text)."""
    out = [m.value for m in at.markdown] + [c.value for c in at.caption]
    out += [i.value for i in at.info] + [w.value for w in at.warning]
    return [s.replace("\\", "") for s in out] if plain else out


def separable(X, y) -> bool:
    """Some (w, b) with y (w.x + b) >= 1 for every row (HiGHS), on standardised columns."""
    X = np.asarray(X, dtype=np.float64)
    std = X.std(axis=0)
    Z = (X - X.mean(axis=0)) / np.where(std > 0, std, 1)
    A = -np.asarray(y)[:, None] * np.hstack([Z, np.ones((len(y), 1))])
    res = optimize.linprog(
        np.zeros(Z.shape[1] + 1),
        A_ub=A,
        b_ub=-np.ones(len(y)),
        bounds=(None, None),
        method="highs",
    )
    assert res.status in (0, 2), res.message
    return res.status == 0


def number(cell: str) -> float:
    """A table cell: 20.6, 4,975, 4.1·10⁻⁵."""
    sup = str.maketrans("⁻⁰¹²³⁴⁵⁶⁷⁸⁹", "-0123456789")
    cell = cell.strip("* ").replace(",", "")
    if "·10" in cell:
        mant, exp = cell.split("·10")
        return float(mant) * 10.0 ** int(exp.translate(sup))
    return float(cell)


def test_breast_cancer_on_all_columns_typesets_theorem_one_and_suggests_scaling():
    frame = breast_cancer()
    at = upload(frame, "breast_cancer.csv")
    assert at.session_state["pg_csv_label"] == "diagnosis"
    assert at.session_state["pg_csv_positive"] == "malignant"  # by the word, not the order
    at.radio(key="pg_csv_train_on").set_value("all").run()
    assert not at.exception, at.exception
    run = at.session_state["pg_run"]
    assert run is not None and run.X.shape == (569, 30)
    # Theorem 1 from w = 0 on separable data, its numbers typeset by KaTeX itself.
    blocks = [katex_oracle.block(x.value) for x in at.latex]
    assert any(r"\frac{R^2}{\gamma^{*2}}" in b for b in blocks), blocks
    math = blocks + [f for s in texts(at, False) for f in katex_oracle.markdown_math(s)]
    assert katex_oracle.katex_errors(math) == []
    said = " ".join(texts(at))
    assert "x1 and x2" in said and "only put those two first" in said, said
    # The suggestion, with R before and after from the file itself.
    X = frame.drop(columns="diagnosis").to_numpy(dtype=np.float64)
    R0 = float(np.sqrt(np.max(1 + np.sum(X**2, axis=1))))
    Zs = (X - X.mean(axis=0)) / X.std(axis=0)
    R1 = float(np.sqrt(np.max(1 + np.sum(Zs**2, axis=1))))
    tip = next(i.value for i in at.info if "(Preprocessing: standardise)" in i.value)
    m = re.search(r"R (\S+) → (\S+),", tip)
    assert m is not None, tip
    assert number(m.group(1)) == pytest.approx(R0, rel=1e-3), tip
    assert number(m.group(2)) == pytest.approx(R1, rel=2e-2), tip
    # The preprocessing table: four columns on every row, short cells, γ* and the bound
    # in scientific notation without "e+" or "^".
    table = next(m.value for m in at.markdown if m.value.startswith("| | R |"))
    rows = [r.strip("|").split("|") for r in table.splitlines()[2:]]
    assert len(rows) == 4 and all(len(r) == 4 for r in rows), table
    for _name, *cells in rows:
        assert all(len(c.strip()) <= 9 for c in cells), table
        assert all("e+" not in c and "^" not in c for c in cells), table
    bounds = {name.strip("* "): number(cells[2]) for name, *cells in rows}
    assert bounds["none"] > 1e15 and bounds["standard."] < bounds["none"], table


def test_digits_open_on_two_informative_pixels_and_say_so():
    frame = digits01()
    at = upload(frame, "digits01.csv")
    x1, x2 = at.session_state["pg_csv_x1"], at.session_state["pg_csv_x2"]
    pixels = [c for c in frame.columns if c != "target"]
    X = frame[pixels]
    y = np.where(frame["target"] == 1, 1, -1)
    # The oracle: every pixel's separation of the class means over their spread.
    one, zero = X[y == 1], X[y == -1]
    spread = one.var(ddof=0) + zero.var(ddof=0)
    score = ((one.mean() - zero.mean()) ** 2 / spread.where(spread > 0)).fillna(0)
    assert {x1, x2} == set(score.sort_values(ascending=False, kind="stable").index[:2])
    for name in (x1, x2):
        assert X[name].nunique() > 2 and X[name].value_counts(normalize=True).max() < 0.99
    said = " ".join(texts(at))
    assert f"proposed x1 '{x1}' and x2 '{x2}'" in said, said
    assert "constant or near-constant columns are never proposed" in said, said
    both, every = separable(X[[x1, x2]], y), separable(X, y)
    assert not both and every  # what the file is; the page must say it
    assert "but all 64 numeric columns separate them" in said, said


def test_digits_in_german_say_why_in_german():
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=180)
    at.query_params["pg_source"] = "Upload"
    at.query_params["lang"] = "de"
    at.run()
    data = digits01().to_csv(index=False).encode()
    at.file_uploader(key="pg_upload").upload("digits01.csv", data).run()
    assert not at.exception, at.exception
    said = " ".join(texts(at))
    assert "deren Klassenmittel im Verhältnis zu ihrer Streuung" in said, said
    assert "aber alle 64 numerischen Spalten trennen sie" in said, said


def test_another_label_column_gets_its_plus_one_by_its_words():
    """A German survey: the proposed label is the rightmost two-valued column ("gruppe");
    choosing "antwort" (ja/nein) instead makes "ja" +1, not "nein", which sorts last."""
    rng = np.random.default_rng(4)
    frame = pd.DataFrame(rng.normal(size=(12, 3)), columns=["a", "b", "c"])
    frame["antwort"] = ["ja", "nein"] * 6
    frame["gruppe"] = ["A"] * 6 + ["B"] * 6
    at = upload(frame, "umfrage.csv")
    assert at.session_state["pg_csv_label"] == "gruppe"
    at.selectbox(key="pg_csv_label").set_value("antwort").run()
    assert not at.exception, at.exception
    assert at.selectbox(key="pg_csv_positive").value == "ja"
    assert at.selectbox(key="pg_csv_negative").value == "nein"
    run = at.session_state["pg_run"]
    assert run.y.tolist() == [1, -1] * 6  # the ja rows are +1
