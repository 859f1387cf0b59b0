"""/practice through AppTest: each level done with a wrong answer and right ones, the score
and the completion code, hostile answers and links, forged and valid codes.

The right answers are the textbook's, computed here (exact fractions), not read off the
page: levels 1 to 3 by the perceptron loop, the others from the engine's exercise whose
answers tests/engine/test_practice.py checks against its own oracles."""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from fractions import Fraction

import numpy as np
import pytest
from lab_app import ROOT, charts, open_page
from practice_oracle import exercise_answers
from streamlit.testing.v1 import AppTest

import perceptron_core as pc
from ui.practice import completion
from ui.practice import words as practice_words

PAGE = "pages/practice.py"
KEY = "a test key that no one else has, 32+ characters"


@pytest.fixture(autouse=True)
def server_key(monkeypatch, tmp_path):
    monkeypatch.setenv(completion.SECRET_ENV, KEY)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))  # each test its own count of attempts


def textbook_answers(ex):
    """Levels 1-3: (verdict, (w1, w2, b)) per visit by the plain loop in fractions."""
    return exercise_answers(ex)


def epoch_mistakes(X, y, w0, b0, eta) -> list[int]:
    """The points the plain loop gets wrong in its first epoch from (w0, b0) with eta."""
    w, b, eta, wrong = [Fraction(c) for c in w0], Fraction(b0), Fraction(eta), []
    for i in range(len(y)):
        x, label = [Fraction(float(c)) for c in X[i]], int(y[i])
        if label * (w[0] * x[0] + w[1] * x[1] + b) <= 0:
            w = [w[0] + eta * label * x[0], w[1] + eta * label * x[1]]
            b += eta * label
            wrong.append(i)
    return wrong


def spelled(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}".replace("-", "\u2212")


def answer(at, q, reply):
    """Answer the question the page is at: a bool, or a tuple of typed strings."""
    n = score(at)[1]  # questions answered so far: the boxes' keys end with it
    if q.kind == "verdict":
        at.button(key="pr_practice_yes" if reply else "pr_practice_no").click().run()
    else:
        for j, typed in enumerate(reply):
            at.text_input(key=f"pr_practice_box{j}_{n}").input(typed)
        at.button(key="pr_practice_submit").click().run()
    assert not at.exception, at.exception


def score(at) -> tuple[int, int]:
    text = at.get("progress")[0].proto.text
    m = re.search(r"score (\d+) of (\d+) answered", text)
    return int(m.group(1)), int(m.group(2))


def right_reply(q, oracle=None):
    if q.kind == "verdict":
        return q.answer if oracle is None else oracle
    values = q.answer if oracle is None else oracle
    if q.kind == "approx":
        return tuple(f"{float(v):.2f}" for v in values)
    return tuple(spelled(v) for v in values)


def wrong_reply(q):
    if q.kind == "verdict":
        return not q.answer
    return tuple(spelled(v + 1) for v in q.answer)


def code_of(at) -> str:
    codes = [c.value for c in at.code if c.value.startswith("PL1-")]
    assert len(codes) == 1, [c.value for c in at.code]
    return codes[0]


def check_code(at, code: str) -> tuple[bool, str]:
    at.text_input(key="pr_practice_code").input(code)
    at.button(key="pr_practice_code_check").click().run()
    assert not at.exception
    said = [(True, s.value) for s in at.success if s.value.startswith("A valid code")]
    said += [(False, e.value) for e in at.error if "code" in e.value]
    assert len(said) == 1, said
    return said[0]


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_each_level_done_with_a_wrong_answer_gets_a_code_that_verifies(level):
    seed = 4242 + level
    at = open_page(PAGE, pr_seed=str(seed), pr_level=str(level))
    ex = pc.exercise(seed, level)
    oracle = textbook_answers(ex) if level <= 3 else [None] * len(ex.questions)
    assert not [c for c in at.code if c.value.startswith("PL1-")]  # no code before the end
    for i, q in enumerate(ex.questions):
        assert score(at) == (i - (i > 1), i)  # question 2 (i = 1) is answered wrong
        if i == 1:  # a wrong answer: the right one shown, with its arithmetic
            answer(at, q, wrong_reply(q))
            shown = [e.value for e in at.error if e.value.startswith("Not quite")]
            first_word = practice_words.working(q).split(" ")[0].replace("*", "\\*")
            assert len(shown) == 1 and first_word in shown[0]
            if q.kind == "exact":
                assert pc.practice.number(q.answer[0]) in shown[0]
        else:
            answer(at, q, right_reply(q, oracle[i]))
            assert any(s.value.startswith("Right.") for s in at.success)
        if i < len(ex.questions) - 1:
            assert not [c for c in at.code if c.value.startswith("PL1-")]
    total = len(ex.questions)
    code = code_of(at)
    assert code.startswith(f"PL1-{seed}-{level}-{total - 1}of{total}-")
    body, sig = code.rsplit("-", 1)  # the signature is HMAC-SHA256 of the rest, our key
    assert sig == hmac.new(KEY.encode(), body.encode(), hashlib.sha256).hexdigest()[: len(sig)]
    ok, said = check_code(at, code)
    assert ok and said == (
        f"A valid code: seed {seed}, level {level}, score {total - 1} of {total}, at the first "
        "attempt at this exercise."
    )


def test_the_notes_misconceptions_are_answered_where_they_occur():
    # An update that does not fix its point, said at that visit (level 3: eta and a start).
    seed = next(s for s in range(200) if any(q.note for q in pc.exercise(s, 3).questions))  # a Fix
    ex = pc.exercise(seed, 3)
    at = open_page(PAGE, pr_seed=str(seed), pr_level="3")
    for q in ex.questions:
        answer(at, q, right_reply(q))
        if q.note:
            assert any("Does one update fix the point? Not this time" in i.value for i in at.info)
            break
    for q in ex.questions[score(at)[1] :]:
        answer(at, q, right_reply(q))
    # eta from w = 0, side by side: the same mistakes.
    tables = at.table
    assert len(tables) == 1
    rows = tables[0].value.to_dict("records")
    for row, (w0, b0, eta) in zip(
        rows,
        [((0, 0), 0, ex.eta), ((0, 0), 0, 1.0), (ex.w0, ex.b0, ex.eta), (ex.w0, ex.b0, 1.0)],
        strict=True,
    ):  # the first epoch's mistakes, by the plain loop in fractions
        wrong = [f"P{i + 1}" for i in epoch_mistakes(ex.X, ex.y, w0, b0, eta)]
        assert row["mistakes on"] == (", ".join(wrong) or "none"), row
    assert rows[0]["mistakes on"] == rows[1]["mistakes on"]  # from w = 0 eta changes nothing
    assert any("From w = 0, η changes no prediction" in m.value for m in at.markdown)


def test_hostile_answers_get_a_plain_message_and_the_question_stays():
    at = open_page(PAGE, pr_seed="77", pr_level="2")
    ex = pc.exercise(77, 2)
    answer(at, ex.questions[0], ex.questions[0].answer)
    for typed in ["", "abc", "NaN", "inf", "1e308", "9" * 10_000, "<b>x</b>", "**x**",
                  "[a](http://evil.example)", "1/0"]:  # fmt: skip
        answer(at, ex.questions[1], (typed, "0", "0"))
        refused = [e.value for e in at.error if "You typed" in e.value or "Type a number" in e.value
                   or "0 below the line" in e.value]  # fmt: skip
        assert len(refused) == 1, (typed, [e.value for e in at.error])
        assert "<b>" not in refused[0] and "**x**" not in refused[0] and "](http" not in refused[0]
        assert score(at) == (1, 1)  # nothing recorded
        assert any("**2.** Visit 1: w and b after it?" in m.value for m in at.markdown)
    answer(at, ex.questions[1], right_reply(ex.questions[1]))
    assert score(at) == (2, 2)


@pytest.mark.parametrize(
    "seed,level",
    [("abc", None), ("-5", None), (str(10**30), None), ("nan", None), ("<b>1</b>", None),
     (None, "7"), (None, "abc"), (None, "-1"), ("1e400", "0")],
)  # fmt: skip
def test_a_bad_link_says_so_and_opens_a_sane_exercise(seed, level):
    query = {k: v for k, v in (("pr_seed", seed), ("pr_level", level)) if v is not None}
    at = open_page(PAGE, **query)
    warnings = [w.value for w in at.warning]
    assert len(warnings) == len(query), warnings  # one for each bad value
    assert all("could not be read" in w and "<b>" not in w for w in warnings)
    new_seed = int(at.query_params["pr_seed"])
    assert 0 <= new_seed <= 999_999_999 and str(new_seed) != seed
    assert any(m.value.startswith("**Level 1:") for m in at.markdown)  # the default level
    assert any(m.value.startswith("**1.** Visit 1") for m in at.markdown)


def test_a_link_without_a_seed_gets_a_fresh_one_and_a_seed_reproduces_its_exercise():
    a, b = open_page(PAGE, pr_level="2"), open_page(PAGE, pr_level="2")
    seed_a, seed_b = a.query_params["pr_seed"], b.query_params["pr_seed"]
    assert seed_a != seed_b  # each student their own numbers (1 in 10^9 to share one)
    again = open_page(PAGE, pr_level="2", pr_seed=seed_a)
    first = [m.value for m in a.markdown if m.value.startswith("**1.**")]
    assert first == [m.value for m in again.markdown if m.value.startswith("**1.**")]
    assert not a.warning and not again.warning


def test_the_same_exercise_done_again_in_another_session_says_its_attempt():
    """A student who saw the right answers and opens the same exercise again: the second
    session's code says attempt 2 (and a check of it says the answers could be known); an
    exercise opened but not answered is not an attempt."""
    seed, level = 777, 1
    ex = pc.exercise(seed, level)
    codes = []
    open_page(PAGE, pr_seed=str(seed), pr_level=str(level))  # looked at, nothing answered
    for wrong in (True, False):
        at = open_page(PAGE, pr_seed=str(seed), pr_level=str(level))  # a new session
        for i, q in enumerate(ex.questions):
            answer(at, q, wrong_reply(q) if wrong and i == 0 else right_reply(q))
        codes.append(code_of(at))
    total = len(ex.questions)
    assert codes[0].startswith(f"PL1-{seed}-{level}-{total - 1}of{total}-t1-")
    assert codes[1].startswith(f"PL1-{seed}-{level}-{total}of{total}-t2-")
    assert any("This was attempt 2 at this exercise" in c.value for c in at.caption)
    ok, said = check_code(at, codes[1])
    assert ok and said.endswith(
        "at attempt 2 at this exercise: it was started once before on this server, so its "
        "answers could be known."
    )


def test_forged_and_altered_codes_are_refused():
    at = open_page(PAGE, pr_seed="5", pr_level="1")
    good = completion.issue(5, 1, 2, 2, 1)
    assert check_code(at, good) == (
        True,
        "A valid code: seed 5, level 1, score 2 of 2, at the first attempt at this exercise.",
    )
    again = completion.issue(5, 1, 2, 2, 3)
    assert check_code(at, again) == (
        True,
        "A valid code: seed 5, level 1, score 2 of 2, at attempt 3 at this exercise: it was "
        "started 2 times before on this server, so its answers could be known.",
    )
    body, sig = good.rsplit("-", 1)
    altered = [
        good.replace("-2of2-", "-3of2-"),
        good.replace("-t1-", "-t2-"),  # a repeat passed off as a first try
        body + "-" + ("0" if sig[0] != "0" else "1") + sig[1:],
        good.replace("PL1-5-", "PL1-6-"),
        completion.issue(5, 1, 2, 2, 1, key=b"another server's key, just as long"),
    ]
    for code in altered:
        ok, said = check_code(at, code)
        assert not ok and said == completion.FORGED, code
    for junk in ["", "hello", "<b>PL1</b>", "PL1-5-1-2of2-t1-" + "z" * 24, good + "x" * 200]:
        ok, said = check_code(at, junk)
        assert not ok and said == completion.NOT_A_CODE, junk


def _values(v) -> list[float]:
    """A trace's coordinates, as Plotly's JSON holds them (a list, or typed binary data)."""
    if isinstance(v, dict) and "bdata" in v:
        return np.frombuffer(base64.b64decode(v["bdata"]), dtype=v["dtype"]).tolist()
    return list(v)


def test_the_chart_draws_the_weights_of_each_visit_and_rings_its_point():
    seed = 2024
    ex = pc.exercise(seed, 2)
    at = open_page(PAGE, pr_seed=str(seed), pr_level="2")
    trace = textbook_answers(ex)
    w, b = (Fraction(0), Fraction(0)), Fraction(0)
    for t in range(ex.n):
        fig = {d["name"]: d for d in charts(at)["pr_practice_chart"]["data"]}
        assert _values(fig["this visit"]["x"]) == [ex.X[t, 0]]
        assert _values(fig["this visit"]["y"]) == [ex.X[t, 1]]
        xs, ys = _values(fig["w·x + b = 0"]["x"]), _values(fig["w·x + b = 0"]["y"])
        if any(w):  # the boundary drawn is the line of the weights before this visit
            assert len(xs) == 2 and all(
                abs(float(w[0]) * x + float(w[1]) * y + float(b)) < 1e-9
                for x, y in zip(xs, ys, strict=True)
            )
        else:
            assert xs == []  # w = 0: no line yet
        names = _values(fig["names"]["x"])
        assert len(names) == ex.n and fig["names"]["text"][t] == f"P{t + 1}"
        for i in (2 * t, 2 * t + 1):
            answer(at, ex.questions[i], right_reply(ex.questions[i], trace[i]))
        w, b = trace[2 * t + 1][:2], trace[2 * t + 1][2]


def test_theorem_1s_chart_draws_u_star_once_gamma_star_was_asked():
    seed = 31
    ex = pc.exercise(seed, 5)
    at = open_page(PAGE, pr_seed=str(seed), pr_level="5")
    X, y = ex.X, ex.y
    v = np.concatenate(([ex.run.b], ex.run.w))
    margin = float(np.min(y * (X @ v[1:] + v[0])) / np.linalg.norm(v))  # in (1, x), as gamma*
    for i, q in enumerate(ex.questions):
        names = [d["name"] for d in charts(at)["pr_practice_chart"]["data"]]
        assert f"perceptron, margin {margin:.3f}" in names
        assert ("u* (max margin)" in names) == (i > 1), (i, names)  # drawn once gamma* asked
        answer(at, q, right_reply(q))
    names = [d["name"] for d in charts(at)["pr_practice_chart"]["data"]]
    assert "u* (max margin)" in names and "max-margin note" in names
    assert any("Is the perceptron's boundary the widest?" in m.value for m in at.markdown)


def test_new_exercise_puts_a_new_seed_in_the_link():
    at = open_page(PAGE, pr_seed="8", pr_level="2")
    before = [m.value for m in at.markdown if m.value.startswith("**1.**")]
    at.button(key="pr_practice_new").click().run()
    seed = at.query_params["pr_seed"]
    assert seed != "8" and f"exercise {seed}" in at.markdown[0].value
    first = practice_words.prompt(pc.exercise(int(seed), 2).questions[0])
    assert [m.value for m in at.markdown if m.value.startswith("**1.**")] != before
    assert any(first.split(";")[0] in m.value for m in at.markdown)


def test_a_link_over_the_limit_to_practice_gets_the_labs_page():
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)  # as a browser opens it
    at.query_params.update(pr_level="2", pr_zzz="a" * 20_000)
    at.switch_page(PAGE).run()
    assert at.title and at.title[0].value == "This link is too long"
    assert not at.get("progress")  # nothing of the page ran


def test_a_server_without_a_key_says_so_instead_of_a_code(monkeypatch, tmp_path):
    monkeypatch.delenv(completion.SECRET_ENV)
    blocked = tmp_path / "a file, not a folder"
    blocked.write_text("")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocked))  # the key file cannot be made
    ex = pc.exercise(3, 1)
    at = open_page(PAGE, pr_seed="3", pr_level="1")
    for q in ex.questions:
        answer(at, q, right_reply(q))
    assert not [c for c in at.code if c.value.startswith("PL1-")]
    assert any("no key to sign completion codes" in e.value for e in at.error)
    at.text_input(key="pr_practice_code").input("PL1-3-1-2of2-t1-" + "0" * 24)
    at.button(key="pr_practice_code_check").click().run()
    said = [e.value for e in at.error if "no key to sign completion codes" in e.value]
    assert len(said) == 2  # the level's end and the check both say so
    assert not [s for s in at.success if s.value.startswith("A valid code")]


def test_a_lecturer_checks_many_codes_at_once_and_downloads_the_table(caplog):
    import csv
    import io
    import logging

    first = completion.issue(11, 1, 3, 4, 1)
    again = completion.issue(11, 1, 4, 4, 2)
    other = completion.issue(12, 3, 2, 8, 1)
    forged = other[:-1] + ("0" if other[-1] != "0" else "1")
    at = open_page(PAGE)
    said = " ".join(c.value for c in at.caption)
    assert "does not prove who finished it" in said and "engine computes" in said
    # A lower-cased code in the single check verifies too.
    ok, _ = check_code(at, first.lower())
    assert ok
    at.text_area(key="pr_practice_codes").input(
        f"{first}\n{first.lower()}\n{again}, {other.upper()} {forged}\n<b>x</b>"
    )
    with caplog.at_level(logging.INFO, logger="perceptron_lab"):
        at.button(key="pr_practice_codes_check").click().run()
    assert not at.exception
    assert any(m.value == "6 codes, 4 valid." for m in at.markdown)
    frame = at.dataframe[0].value
    assert list(frame.columns) == [
        "row",
        "code",
        "seed",
        "level",
        "score",
        "attempt",
        "status",
        "duplicate",
    ]
    assert frame["status"].tolist() == ["valid"] * 4 + [
        "not issued by this lab",
        "not a code of the lab",
    ]
    assert frame["duplicate"].tolist() == [
        "",
        "the same code as row 1",
        "the same exercise as row 1",
        "",
        "",
        "",
    ]
    assert frame["score"].tolist()[:4] == ["3/4", "3/4", "4/4", "2/8"]
    refusals = [r.getMessage() for r in caplog.records if r.name == "perceptron_lab"]
    assert "refused route=practice_codes reason=invalid n=2 of=6" in refusals
    # The download: the same table as CSV.
    from ui.practice import part as practice

    rows = at.session_state["pr_practice_codes_table"]
    table = list(csv.reader(io.StringIO(practice.codes_csv(rows).decode("utf-8-sig"))))
    assert table[0] == ["row", "code", "seed", "level", "score", "attempt", "status", "duplicate"]
    assert table[3] == ["3", again, "11", "1", "4/4", "2", "valid", "the same exercise as row 1"]
    assert table[6][1] == "<b>x</b>" and table[6][2] == ""


def test_many_codes_said_in_german():
    at = open_page(PAGE, lang="de")
    at.text_area(key="pr_practice_codes").input(completion.issue(5, 2, 1, 2, 1) + " falsch")
    at.button(key="pr_practice_codes_check").click().run()
    assert not at.exception
    frame = at.dataframe[0].value
    assert list(frame.columns)[:3] == ["Zeile", "Code", "Seed"]
    assert frame["Status"].tolist() == ["gültig", "kein Code des Labors"]
