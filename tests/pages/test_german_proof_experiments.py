"""/proof and /experiments in German (lang=de): each page opened, stepped or computed, and each
of its states and options (Theorem 1 from zero and from a start, Theorem 2, w* = 0, numbers
beyond the floats, presenter mode; the caps, data no line separates, no data) shows no
English word (tests/pages/lab_words.py); the charts' own labels too, which ``english_left``
does not read (a histogram's line labels, the bars' names, the progress bar's text). The
proof's charts and equations in the notation's weight vector; both pages in θ notation:
tests/pages/test_notation_app.py."""

from __future__ import annotations

import re

import lab_app
import numpy as np
import pytest
from lab_app import charts, click
from lab_words import WORD, catalogue_words, english_left, opened

from ui import words
from ui.parts import progress

PROOF, EXPERIMENTS = "pages/proof.py", "pages/experiments.py"


@pytest.fixture(autouse=True)
def slow_machine(monkeypatch):
    # The experiments run hundreds of runs on a first visit; this machine has run 5-30x slow.
    monkeypatch.setattr(lab_app, "TIMEOUT", 900)


def ok(at):
    assert not at.exception, at.exception
    assert not at.error, [e.value for e in at.error]
    return at


def german(at, what) -> None:
    ok(at)
    assert english_left(at) == [], what


# -------------------------------------------------------------------------------- /proof
def test_the_proof_in_german_from_zero_to_the_end_and_on_both_axes():
    at = opened(PROOF, "pf_", lang="de")
    german(at, "Theorem 1, 004's proof, after two steps")
    assert any(m.value.startswith("**Satz 1** (001; w(0) = 0)") for m in at.markdown)
    click(at, "pf_end")
    german(at, "at the end")
    at.segmented_control(key="pf_axes").set_value("linear").run()
    german(at, "linear axes")


def test_the_proof_in_german_from_a_random_start():
    at = opened(PROOF, "pf_", lang="de", pf_start="random", pf_start_seed="3", pf_eta="0.5")
    german(at, "Theorem 1's proof from a start")
    assert r"\text{(wo sich die zwei Linien treffen)}" in "".join(x.value for x in at.latex)


@pytest.mark.parametrize("start", ["zero", "random"])
def test_the_proof_in_german_on_data_no_line_separates(start):
    at = opened(PROOF, "pf_", lang="de", pf_start=start)
    at.segmented_control(key="pf_source").set_value("generate")
    ok(at.run())
    at.selectbox(key="pf_generator").set_value("xor")
    ok(at.run())
    for _ in range(2):
        click(at, "pf_step")
    german(at, ("Theorem 2", start))
    click(at, "pf_end")
    german(at, ("Theorem 2 at the end", start))


def test_the_proof_in_german_where_w_star_is_zero_and_in_presenter_mode():
    at = opened(PROOF, "pf_", lang="de", pf_example="Notes 002, example 1 (4 points)")
    german(at, "w* = 0")
    assert any(c.value.startswith("w* = 0: keine Richtung") for c in at.caption)
    german(opened(PROOF, "pf_", lang="de", pf_presenter="true"), "presenter mode")


def test_the_proof_in_german_with_numbers_beyond_the_floats():
    # Theorem 1's bound 1/s^2 = 10^600 (tests/pages/test_proof_app.py): said, not drawn.
    s, t = 1e-300, 3e-300
    X = np.array([[s, t], [2 * s, -t], [-s, t], [-2 * s, -t]])
    y = np.array([1, 1, -1, -1])
    rows = "\n".join(f"{a!r},{b!r},{c}" for (a, b), c in zip(X.tolist(), y.tolist(), strict=True))
    at = opened(PROOF, "pf_", lang="de")
    at.segmented_control(key="pf_source").set_value("upload")
    ok(at.run())
    at.file_uploader(key="pf_upload").upload("tiny.csv", f"x1,x2,label\n{rows}\n".encode()).run()
    click(at, "pf_step")
    # The file's column boxes in the sidebar and its report are the loader's words (the data
    # picker's, not this page's): the rest of the main area is read here.
    loader = {"4 rows used, 0 dropped", "4 rows; comma-separated; utf-8"}
    assert [s for s in english_left(ok(at).main) if s not in loader] == []
    said = " ".join(c.value for c in at.caption)
    assert "jenseits der Gleitkommazahlen" in said and "Die Zahlen aus 004" in said


# The notes' weight vector w, alone (not inside a word: "now", "lower").
NOTES_W = re.compile(r"(?<![A-Za-z])w(?![A-Za-z])")


@pytest.mark.parametrize(("name", "w"), [("theta", "θ"), ("augmented", "a")])
def test_the_proofs_charts_and_equations_write_the_notations_weight_vector(name, w):
    at = ok(opened(PROOF, "pf_", notation=name))
    texts = [x.value for x in at.main.latex]
    texts += [m.value for m in at.main.markdown if m.value.startswith("**")]  # chart titles
    for fig in charts(at).values():  # the proof's own charts (the stage's: the Playground's)
        texts += [str(t.get("name") or "") for t in fig["data"]]
        texts += [fig["layout"][axis]["title"]["text"] for axis in ("xaxis", "yaxis")]
    assert [s for s in texts if NOTES_W.search(s)] == []
    assert f"‖{w}‖" in texts and f"{w}·u*" in texts  # the squeeze's two curves


# -------------------------------------------------------------------------- /experiments
def chart_words(at) -> list[str]:
    """The charts' texts ``english_left`` does not read: annotations and the bars' names."""
    out = []
    for fig in charts(at).values():
        out += [a.get("text", "") for a in fig["layout"].get("annotations", [])]
        out += [str(y) for t in fig["data"] if t.get("type") == "bar" for y in t["y"]]
    return out


def not_german(texts) -> list[str]:
    known = catalogue_words("de")
    return [s for s in texts if any(w.lower() not in known for w in WORD.findall(s))]


def test_the_experiments_in_german_with_every_option():
    at = opened(EXPERIMENTS, "ex_", lang="de")
    german(at, "the defaults")
    assert chart_words(at) and not_german(chart_words(at)) == []
    at.number_input(key="ex_orderings").set_value(10)
    at.toggle(key="ex_reshuffle").set_value(True)
    at.select_slider(key="ex_margin_low").set_value(0.002)
    german(at.run(), "a new order every epoch, margins from 0.002")
    # Every cap hit: the margin chart's and the dimension chart's seeds, and the dimensions.
    at.number_input(key="ex_margins").set_value(25)
    at.number_input(key="ex_seeds").set_value(50)
    at.number_input(key="ex_per_set").set_value(1_000)
    at.select_slider(key="ex_max_dim").set_value(200)
    german(at.run(), "the caps")
    said = " ".join(c.value for c in at.caption)
    assert "Das Diagramm der Ränder ist auf" in said and "enden die Dimensionen" in said
    at.segmented_control(key="ex_source").set_value("generate")
    ok(at.run())
    at.selectbox(key="ex_generator").set_value("xor")
    german(at.run(), "data no line separates")
    assert not_german(chart_words(at)) == []
    at.segmented_control(key="ex_source").set_value("draw")
    german(at.run(), "no data: both classes are needed")
    german(opened(EXPERIMENTS, "ex_", lang="de", ex_presenter="true"), "presenter mode")


class Slot:
    """A stand-in for ``st.empty()`` that keeps every progress text it is given."""

    def __init__(self):
        self.texts = []

    def progress(self, value, text):
        self.texts.append(text)

    def empty(self):
        pass


def test_the_progress_bar_speaks_german(monkeypatch):
    slot = Slot()
    monkeypatch.setattr(progress.st, "empty", lambda: slot)
    with words.using("de"), progress.bar(words.t("experiments.margins")) as tick:
        tick(1_000, 2_000)
    assert slot.texts == ["Ränder: Lauf 1,000 von 2,000"]
    with progress.bar("Margins") as tick:  # English as the browser test reads it
        tick(3, 200)
    assert slot.texts[-1] == "Margins: run 3 of 200"
