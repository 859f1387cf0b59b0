"""The upload picker through AppTest: the sheet picker of a workbook whose first sheet
cannot be read, and a row-number column (never proposed; chosen by hand, with a note)."""

from __future__ import annotations

import gzip
import logging
from pathlib import Path

import numpy as np
import pandas as pd
from md_oracle import text_of
from streamlit.testing.v1 import AppTest
from workbooks import workbook

ROOT = Path(__file__).resolve().parents[2]
IRIS = pd.read_csv(ROOT / "tests" / "data" / "iris_full.csv")


def app() -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.query_params["pg_source"] = "Upload"
    at.run()
    assert not at.exception, at.exception
    return at


def test_a_first_sheet_of_formulas_without_values_says_so_and_offers_the_other_sheets():
    formulas = [["a", "b", "label"]] + [[f"=ROW()*{i}", f"=A{i + 2}*2", "=1"] for i in range(6)]
    data_rows = [["mass", "charge", "kind"]]
    data_rows += [[i * 0.5, (i % 3) - 1.0, "ab"[i % 2]] for i in range(8)]
    book = workbook({"Computed": formulas, "Measured": data_rows})
    at = app()
    at.file_uploader(key="pg_upload").upload("lab.xlsx", book).run()
    assert not at.exception
    said = " ".join(text_of(e.value) for e in at.error)
    assert "formula cells without a saved value" in said and "no data rows" not in said
    picker = at.selectbox(key="pg_csv_sheet")
    assert picker.label == "Sheet" and list(picker.options) == ["Computed", "Measured"]
    picker.set_value("Measured").run()
    assert not at.exception and not at.error
    run = at.session_state["pg_run"]
    assert run.n == 8
    np.testing.assert_array_equal(run.X[:, 0], [r[0] for r in data_rows[1:]])


def test_a_file_of_one_endless_line_is_refused_logged_once_and_the_good_data_kept(caplog):
    good = (ROOT / "tests" / "data" / "playground_good.csv").read_bytes()
    one_line = gzip.compress(b"x1,x2,label\n" + b"1," * 3_000_000 + b"1\n", 9)
    at = app()
    at.file_uploader(key="pg_upload").upload("good.csv", good, "text/csv").run()
    assert not at.exception and not at.error
    kept = at.session_state["pg_run"]
    with caplog.at_level(logging.INFO, logger="perceptron_lab"):
        at.file_uploader(key="pg_upload").upload("line.csv.gz", one_line).run()
        at.run()  # a rerun shows the refusal again but does not log it again
    assert not at.exception
    said = [text_of(e.value) for e in at.error]
    assert said and said[0].startswith(
        "line 2 has 3,000,001 fields, far more than the header has (3; "
    )
    assert at.session_state["pg_run"] is kept  # the previous good data is still shown
    lines = [r.getMessage() for r in caplog.records if r.name == "perceptron_lab"]
    refused = [m for m in lines if m.startswith("refused route=upload")]
    assert refused == [
        f"refused route=upload reason=load.long_line size={len(one_line)} file='line.csv.gz'"
    ], lines


def test_a_row_number_is_not_proposed_and_is_noted_when_chosen():
    frame = IRIS.copy()
    frame.insert(0, "Nr.", np.arange(1, len(IRIS) + 1))
    at = app()
    at.file_uploader(key="pg_upload").upload("iris.csv", frame.to_csv(index=False).encode()).run()
    assert not at.exception and not at.error
    # The two measurements that tell the classes apart (issue 27), not the row number.
    assert at.selectbox(key="pg_csv_x1").value == "petal_length"
    assert at.selectbox(key="pg_csv_x2").value == "petal_width"
    assert "Nr." in at.selectbox(key="pg_csv_x1").options
    at.selectbox(key="pg_csv_x1").set_value("Nr.").run()
    assert not at.exception and not at.error
    captions = " ".join(text_of(c.value) for c in at.caption)
    assert "'Nr.' looks like a row number" in captions


def test_an_upload_the_server_lost_is_said_plainly_and_the_links_state_is_kept(monkeypatch):
    # After a restart, or on another replica, the browser's upload box still names the file
    # and sends its id with every rerun, but this process has no bytes for it. Simulated
    # here: the same widget state, with the file no longer in the uploaded-file manager.
    good = (ROOT / "tests" / "data" / "playground_good.csv").read_bytes()
    at = app()
    at.number_input(key="pg_max_epochs").set_value(7).run()
    uploader = at.file_uploader(key="pg_upload")
    uploader.upload("good.csv", good, "text/csv").run()
    assert not at.exception and not at.error
    for _ in range(3):
        at.button(key="pg_visit").click().run()
    step = int(at.session_state["pg_cursor"])
    assert step > 0 and at.query_params["pg_step"] == str(step)
    sent = at.file_uploader(key="pg_upload")._get_files_to_register()
    assert [name for _, name, _, _ in sent] == ["good.csv"]

    monkeypatch.setattr(AppTest, "_register_uploaded_files", lambda self, runner: None)
    for _ in range(2):  # and again on the next rerun: the browser keeps naming the file
        at.file_uploader(key="pg_upload")._files = list(sent)
        at.run()
        assert not at.exception and not at.error, [e.value for e in at.error]
        said = " ".join(text_of(i.value) for i in at.info)
        assert "Your uploaded file is no longer on this server" in said
        assert "upload it again" in said
        # The link keeps what it had (the step, the source), and the settings stay.
        assert at.query_params["pg_step"] == str(step)
        assert at.query_params["pg_source"] == "Upload"
        assert at.number_input(key="pg_max_epochs").value == 7
        assert int(at.session_state["pg_cursor"]) == step

    monkeypatch.undo()  # uploaded again: the run, at the step the link had
    at.file_uploader(key="pg_upload").set_value(("good.csv", good, "text/csv")).run()
    assert not at.exception and not at.error and not at.info
    assert int(at.session_state["pg_cursor"]) == step
    assert at.session_state["pg_run"].n == 8
