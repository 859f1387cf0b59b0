"""/practice's handles through AppTest: the value the chart's component sends (as the
browser sends it: the component's JSON state) fills the answer's boxes in the notation's
order, and Check then says right. The oracle is the textbook update computed here:
w + eta y x, b + eta y on a mistake (fractions), nothing otherwise."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from lab_app import open_page
from practice_oracle import exercise_visits
from streamlit.proto.WidgetStates_pb2 import WidgetState

import perceptron_core as pc
from ui.practice import completion

PAGE = "pages/practice.py"


@pytest.fixture(autouse=True)
def server_key(monkeypatch, tmp_path):
    monkeypatch.setenv(completion.SECRET_ENV, "a test key that no one else has, 32+ characters")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))


def textbook(ex, t: int):
    """(mistake, (w1, w2, b) after visit t) by the plain loop in fractions."""
    return exercise_visits(ex, t + 1)[t]


SEQ = iter(range(1, 10**6))  # the browser's count of answers sent (grows for the page)


def drag_to(at, w1, w2, b):
    """What the browser does on a handle's release: the component's state value "answer"."""
    (element,) = [e for e in at.get("bidi_component") if "step" in json.loads(e.proto.json)]
    states = at._tree.get_widget_states()
    ws = WidgetState(id=element.proto.id)
    ws.json_value = json.dumps({"answer": {"w1": w1, "w2": w2, "b": b, "seq": next(SEQ)}})
    states.widgets.append(ws)
    at._run(states)
    assert not at.exception, at.exception


def boxes(at, n: int, k: int = 3) -> list[str]:
    return [at.text_input(key=f"pr_practice_box{j}_{n}").value for j in range(k)]


@pytest.mark.parametrize(
    "seed, level, notation",
    [(11, 1, None), (40, 3, None), (40, 3, "augmented"), (7, 3, "theta")],
)
def test_a_dragged_answer_fills_the_boxes_and_check_says_right(seed, level, notation):
    ex = pc.exercise(seed, level)
    query = dict(pr_seed=str(seed), pr_level=str(level))
    if notation:
        query["notation"] = notation
    at = open_page(PAGE, **query)
    for t in range(2 if level == 3 else 1):
        mistake, (w1, w2, b) = textbook(ex, t)
        at.button(key="pr_practice_yes" if mistake else "pr_practice_no").click().run()
        n = 2 * t + 1
        # a little off the grid, as a mouse leaves it: the page snaps it
        drag_to(at, float(w1) + 0.01, float(w2) - 0.01, float(b) + 0.01)
        shown = [pc.parse_number(s) for s in boxes(at, n)]
        order = [b, w1, w2] if notation == "augmented" else [w1, w2, b]
        assert shown == order
        at.button(key="pr_practice_submit").click().run()
        assert not at.exception
        assert at.success and at.success[0].value.startswith("Right"), [e.value for e in at.error]


def test_a_verdict_question_has_no_handles():
    at = open_page(PAGE, pr_seed="11", pr_level="1")
    assert not [e for e in at.get("bidi_component") if "step" in json.loads(e.proto.json)]


def test_the_averaged_weights_dragged_on_their_grid_are_right():
    """Level 4: w̄, b̄ after visit t, the plain mean of the textbook's weights after visits
    1..t+1 (thirds and halves): sent a little off, snapped, right."""
    seed = 5
    ex = pc.exercise(seed, 4)
    at = open_page(PAGE, pr_seed=str(seed), pr_level="4")
    done = 0
    for q in ex.questions:
        if q.part not in ("classic", "averaged"):
            break
        if q.kind == "verdict":
            mistake, _ = textbook(ex, q.visit)
            at.button(key="pr_practice_yes" if mistake else "pr_practice_no").click().run()
        else:
            if q.topic == "weights":
                want = textbook(ex, q.visit)[1]
            else:
                rows = [textbook(ex, s)[1] for s in range(q.visit + 1)]
                want = tuple(sum(col, Fraction(0)) / len(rows) for col in zip(*rows, strict=True))
            drag_to(at, *(float(v) + 0.02 for v in want))
            assert [pc.parse_number(s) for s in boxes(at, done)] == list(want)
            at.button(key="pr_practice_submit").click().run()
            assert at.success and at.success[0].value.startswith("Right")
        done += 1
    assert any(q.topic == "averaged" for q in ex.questions[:done])
