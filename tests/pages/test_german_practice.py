"""/practice in German and in the other textbooks' notations, through AppTest: each level
done in German with a wrong answer and right ones, to the completion code and its check,
with no English left on the page; each level in θ, θ₀ (and in Duda & Hart's a, and
Hagan's t) with the notation's symbols where the notes' w, b would be, and the same
numbers checked (an answer right in the notes' w, b is right in θ, θ₀).

The right answers are computed here: levels 1 to 3 by the textbook loop in exact
fractions, levels 4 and 5 from the engine's exercise, whose answers
tests/engine/test_practice.py checks against its own oracles."""

from __future__ import annotations

import re

import pytest
from lab_app import charts, open_page
from lab_words import english_left
from practice_oracle import exercise_answers

import perceptron_core as pc
from ui.practice import completion

PAGE = "pages/practice.py"
KEY = "the German test's own key, long enough to sign codes"
CODE = re.compile(r"PL1-\d+-\d-\d+of\d+-t\d+-[0-9a-f]+")
# The notes' symbols where θ, θ₀ are meant: "w = (", "w·x", "w and b", "w₁", "b = " ...
NOTES_SYMBOLS = re.compile(r"\bw = |w·x|\bw and b\b|\bw [+←]|w₁|w₂|\bb = |\bb \+|w̄|b̄|\bw\(0\)")


@pytest.fixture(autouse=True)
def server_key(monkeypatch, tmp_path):
    monkeypatch.setenv(completion.SECRET_ENV, KEY)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))  # each test its own count of attempts


def oracle(ex) -> list:
    """The right answer of each question: levels 1-3 by the plain loop in fractions (the
    verdict, then (w1, w2, b) after the visit), 4 and 5 the engine's."""
    if ex.level > 3:
        return [q.answer for q in ex.questions]
    return exercise_answers(ex)


def typed(q, right, *, wrong: bool = False):
    """What the student enters: a bool, or the numbers as typed (fractions, to 2 decimals
    for R and γ*), in the engine's order (w₁, w₂, b)."""
    if q.kind == "verdict":
        return (not right) if wrong else right
    if q.kind == "approx":
        return tuple(f"{float(v) + (0.5 if wrong else 0):.2f}" for v in right)
    return tuple(str(v + 1 if wrong else v).replace("-", "\u2212") for v in right)


def answered(at) -> int:
    """How many questions have an answer (the numbers of the progress line, any language)."""
    numbers = [int(n) for n in re.findall(r"\d+", at.get("progress")[0].proto.text)]
    return numbers[3]  # question k of n · score s of d answered


def boxes(at) -> list:
    return [b for b in at.text_input if b.key.startswith("pr_practice_box")]


def answer(at, q, reply, order=lambda v: v) -> None:
    """Answer the question the page is at; ``order``: the boxes' order from the engine's."""
    if q.kind == "verdict":
        at.button(key="pr_practice_yes" if reply else "pr_practice_no").click().run()
    else:
        n = answered(at)
        for j, value in enumerate(order(reply)):
            at.text_input(key=f"pr_practice_box{j}_{n}").input(value)
        at.button(key="pr_practice_submit").click().run()
    assert not at.exception, at.exception


def page_texts(at) -> list[str]:
    texts = [m.value for m in at.main.markdown]
    for kind in ("caption", "success", "error", "info", "warning", "subheader"):
        texts += [e.value for e in getattr(at.main, kind)]
    texts += [b.label for b in at.text_input]
    return texts


def code_of(at) -> str:
    codes = [c.value for c in at.code if CODE.fullmatch(c.value)]
    assert len(codes) == 1, [c.value for c in at.code]
    return codes[0]


def check_code(at, code: str) -> list[str]:
    at.text_input(key="pr_practice_code").input(code)
    at.button(key="pr_practice_code_check").click().run()
    assert not at.exception
    return [e.value for e in (*at.success, *at.error) if "Code" in e.value]


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_each_level_in_german_with_a_wrong_answer_to_the_code(level):
    seed = 8080 + level
    ex = pc.exercise(seed, level)
    right = oracle(ex)
    at = open_page(PAGE, lang="de", pr_seed=str(seed), pr_level=str(level))
    assert at.title[0].value == "Sie sind das Perzeptron"
    assert english_left(at) == []
    for i, q in enumerate(ex.questions):
        answer(at, q, typed(q, right[i], wrong=i == 1))
        if i == 1:  # the right answer shown, with its arithmetic, in German
            said = [e.value for e in at.error]
            assert len(said) == 1 and said[0].startswith("Nicht ganz: Sie haben "), said
            assert "die Antwort ist" in said[0]
            if q.kind == "exact":
                assert pc.practice.number(right[i][0]) in said[0]
        else:
            assert [s.value[:9] for s in at.success] == ["Richtig. "], i
        assert english_left(at) == [], (i, english_left(at))
    total = len(ex.questions)
    code = code_of(at)
    assert code.startswith(f"PL1-{seed}-{level}-{total - 1}of{total}-t1-")
    assert [s.value for s in at.subheader][:1] == ["Fertig"]
    assert any(
        m.value.startswith(f"Stufe {level} (") and f"{total - 1} von {total} beim ersten" in m.value
        for m in at.markdown
    )
    assert check_code(at, code) == [
        f"Ein gültiger Code: Seed {seed}, Stufe {level}, Punkte {total - 1} von {total}, beim "
        "ersten Versuch an dieser Aufgabe."
    ]
    assert english_left(at) == []
    forged = code.replace(f"-{total - 1}of", f"-{total}of")
    assert check_code(at, forged) == [
        "Dieser Code wurde nicht von diesem Labor ausgegeben: seine Signatur passt nicht zu dem, "
        "was er sagt (ein Zeichen wurde geändert, oder er wurde ohne den Schlüssel des Servers "
        "erstellt)."
    ]
    said = check_code(at, "hello")
    assert len(said) == 1 and said[0].startswith("Das ist kein Abschlusscode des Labors")
    assert english_left(at) == []
    if level == 3:  # η side by side: the table's columns and its sentence in German
        columns = list(at.table[0].value.columns)
        assert columns == ["Start", "η", "Fehler bei", "w nach der Epoche", "b"]
        assert any(m.value.startswith("Ab w = 0 ändert η keine Vorhersage") for m in at.markdown)


def test_hostile_answers_and_a_bad_link_get_german_words():
    at = open_page(PAGE, lang="de", pr_seed="<b>x</b>", pr_level="2")
    warnings = [w.value for w in at.warning]
    assert len(warnings) == 1 and "ist keine ganze Zahl von 0 bis" in warnings[0]
    assert "<b>" not in warnings[0] and english_left(at) == []
    seed = int(at.query_params["pr_seed"])
    ex = pc.exercise(seed, 2)
    answer(at, ex.questions[0], ex.questions[0].answer)
    for value, said in [
        ("abc", "Das ist keine Zahl"),
        ("1e308", "Das ist keine Zahl"),
        ("", "Geben Sie eine Zahl ein"),
        ("1/0", "Ein Bruch kann nicht 0 unter dem Strich haben"),
        ("9" * 100, "Eine Antwort ist eine Zahl mit höchstens 40 Zeichen"),
    ]:
        answer(at, ex.questions[1], (value, "0", "0"))
        refused = [e.value for e in at.error]
        assert len(refused) == 1 and refused[0].startswith(said), refused
        assert ("Sie haben '" in refused[0]) == bool(value)
        assert answered(at) == 1  # nothing recorded: the question stays
        if value != "abc":  # the student's own word is theirs, quoted
            assert english_left(at) == [], english_left(at)


def _order(notation: str):
    """The boxes' order from the engine's (w₁, w₂, b): Duda & Hart's a puts b first."""
    if notation == "augmented":
        return lambda v: v if len(v) != 3 else (v[2], v[0], v[1])
    return lambda v: v


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_each_level_in_theta_notation_writes_theta_and_checks_the_same_numbers(level):
    seed = 9090 + level
    ex = pc.exercise(seed, level)
    right = oracle(ex)
    at = open_page(PAGE, notation="theta", pr_seed=str(seed), pr_level=str(level))
    seen = []
    for i, q in enumerate(ex.questions):
        texts = page_texts(at)
        seen += texts
        assert [s for s in texts if NOTES_SYMBOLS.search(s)] == [], i
        if q.topic == "weights":
            assert [b.label for b in boxes(at)] == ["θ₁", "θ₂", "θ₀"]
        if q.topic == "averaged":
            assert [b.label for b in boxes(at)] == ["θ̄₁", "θ̄₂", "θ̄₀"]
        if q.part in ("classic", "averaged"):  # the boundary drawn is named as the notes' θ
            drawn = charts(at)  # a question answered by w, b: the chart with handles
            chart = drawn.get("pr_practice_chart") or drawn["pr_practice_drag"]
            names = [d.get("name") for d in chart["data"]]
            assert "θ·x + θ₀ = 0" in names and "w·x + b = 0" not in names
        answer(at, q, typed(q, right[i]))  # the numbers of the notes' w, b: right here too
        assert [s.value[:6] for s in at.success] == ["Right."], (i, q.topic)
    total = len(ex.questions)
    assert code_of(at).startswith(f"PL1-{seed}-{level}-{total}of{total}-")
    seen += page_texts(at)
    assert [s for s in seen if NOTES_SYMBOLS.search(s)] == []
    if level == 3:  # η side by side: θ's columns, the same numbers as the plain loop's
        table = at.table[0].value
        assert list(table.columns) == ["start", "η", "mistakes on", "θ after the epoch", "θ₀"]
        assert list(table["start"])[:1] == ["θ = 0, θ₀ = 0"]
        w, b = right[-1][:2], right[-1][2]  # the exercise's epoch, eta and start: its last row
        assert table.iloc[2]["θ₀"] == pc.practice.number(b)
        assert (
            table.iloc[2]["θ after the epoch"] == "(" + ", ".join(map(pc.practice.number, w)) + ")"
        )
    if level <= 4:
        assert any("θ = (" in s for s in seen) and any("θ₀ = " in s for s in seen)
    else:
        assert any("From θ = 0, θ₀ = 0" in s for s in seen)


@pytest.mark.parametrize("notation", ["augmented", "hardlim"])
@pytest.mark.parametrize("level", [2, 4])
def test_duda_hart_and_hagan_ask_in_their_symbols_with_the_same_numbers(notation, level):
    seed = 7070 + level
    ex = pc.exercise(seed, level)
    right = oracle(ex)
    at = open_page(PAGE, notation=notation, pr_seed=str(seed), pr_level=str(level))
    seen = []
    for i, q in enumerate(ex.questions):
        texts = page_texts(at)
        seen += texts
        if q.topic == "weights":
            want = ["a₀", "a₁", "a₂"] if notation == "augmented" else ["w₁", "w₂", "b"]
            assert [b.label for b in boxes(at)] == want
        answer(at, q, typed(q, right[i]), _order(notation))
        assert [s.value[:6] for s in at.success] == ["Right."], (i, q.topic)
        seen += page_texts(at)
    total = len(ex.questions)
    assert code_of(at).startswith(f"PL1-{seed}-{level}-{total}of{total}-")
    classic = [s for s in seen if "Visit" in s or "aᵀy" in s or "n = w·p" in s]
    assert classic
    if notation == "augmented":  # a = (b, w) and each point's sample y = ±(1, x)
        assert any(re.search(r"∈ ω[₁₂], y = \(", s) for s in seen)
        assert any("aᵀy = " in s for s in seen) and any("a = (" in s for s in seen)
        assert [s for s in seen if re.search(r"\bw = |\bb = |w·x|y = [+−]1", s)] == []
    else:  # targets t ∈ {0, 1}, n = w·p + b, e = t − a
        assert any(re.search(r"P\d = \([^)]*\), t = [01];", s) for s in seen)
        assert any("e = t − a = " in s for s in seen)
        assert [s for s in seen if re.search(r"y = [+−]1|y\(w·x", s)] == []
