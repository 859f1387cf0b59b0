"""A class's words on each device (ui.room.class_words): a question goes to the class's
store as ids and numbers, said back in English exactly as before and in German and θ on
another device; the class's refusals said in German; the follower's words for a page."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

import perceptron_core as pc
from ui import notation, words
from ui.room import class_words, codes, routes, rules
from ui.room.poll import held
from ui.room.questions import questions_at

X = np.array([[1.0, 2.0], [-1.0, -0.5], [2.0, -1.0], [-2.0, 1.0], [0.5, 0.2], [0.1, -1.5]])
Y = np.array([1, -1, 1, -1, -1, 1])
# A value the store may hold: a mark's letter, a number written out, coordinates, a label.
VALUE = re.compile(r"^([A-D]|[-+]?[\d.,e+\-]+|([-\d.e+]+, )*[-\d.e+]+(, …)?)$")


def every_question():
    run = pc.train(X, Y, max_epochs=6)
    for cursor in range(0, run.n_visits, 2):
        yield from questions_at(run, cursor, False).values()


def test_the_store_holds_ids_and_numbers_and_english_says_them_as_before():
    asked_any = False
    for asked in every_question():
        prompt, choices = held(asked)
        for text in (prompt, *choices):
            message, *values = json.loads(text)
            assert "class.q." + message in class_words.FIELDS
            assert all(isinstance(v, int) or VALUE.match(v) for v in values), text
            rules.check_question(asked.kind, prompt, choices, asked.right)
        # Said in English and the notes' notation: the words the question had before.
        assert class_words.say(prompt) == asked.prompt
        assert [class_words.say(c) for c in choices] == list(asked.choices)
        asked_any = True
    assert asked_any


def test_another_device_says_the_same_question_in_german_and_theta():
    kinds = set()
    for asked in every_question():
        prompt, choices = held(asked)
        with words.using("de"), notation.using("theta"):
            said = [class_words.say(t) for t in (prompt, *choices)]
        assert said[0] != asked.prompt and said[1:] != list(asked.choices)
        if asked.kind == "turn":
            assert "θ" in said[0] and " w " not in said[0]
        if asked.kind == "next_mistake":
            pairs = zip(said[1:], asked.choices, strict=True)
            assert all(s.startswith(f"{c[0]}: Beispiel ") for s, c in pairs)
        kinds.add(asked.kind)
    assert kinds == {"next_mistake", "fixes_point", "turn", "converge", "fewer_mistakes"}


def test_a_question_too_long_for_the_store_goes_in_english():
    rng = np.random.default_rng(13)
    big = rng.normal(size=(30, 13)) * 1e3
    run = pc.train(big, np.where(big[:, 0] > 0, 1, -1), max_epochs=3)
    for asked in questions_at(run, 0, True).values():
        prompt, choices = held(asked)
        assert len(prompt) <= rules.PROMPT_LIMIT
        assert all(len(c) <= rules.CHOICE_LIMIT for c in choices)
        assert [class_words.say(c) for c in choices] == list(asked.choices)


def test_text_that_is_not_a_message_is_said_as_it_is():
    for text in ["Which way?", "[a](javascript:x)", '["nope"]', '["choice", "A"]', "[1, 2]"]:
        assert class_words.say(text) == text


@pytest.mark.parametrize("name", list(rules.REFUSALS))
def test_each_refusal_is_the_rules_one_in_english_and_said_in_german(name):
    reason, _ = rules.REFUSALS[name]
    english = words.CATALOGUES["en"][f"class.refused.{name}"]
    assert english.replace("{value}", "{}") == reason  # one sentence, in two places
    sent = rules.refuse(name, 7).reason
    assert class_words.refusal(sent) == sent
    with words.using("de"):
        german = class_words.refusal(sent)
    assert german == words.CATALOGUES["de"][f"class.refused.{name}"].format(value=7)


def test_a_bad_code_and_an_unreachable_store_in_german_and_others_as_they_are():
    with pytest.raises(rules.Refused) as bad:
        codes.normalise("<b>x</b>")
    with words.using("de"):
        assert class_words.refusal(bad.value.reason).startswith("Ein Beitrittscode hat 6 ")
        assert class_words.refusal(routes.UNAVAILABLE).startswith("Der Klassenserver ")
        assert class_words.refusal("Something else.") == "Something else."


def test_the_follower_s_words_in_each_language():
    english = class_words.follower_words()
    assert english["pairs"] == [] and english["symbols"] == {"w": "w"}
    with words.using("de"), notation.using("hardlim"):
        german = class_words.follower_words()
    assert german["templates"]["class.js.hide"] == "Ausblenden"
    assert german["labels"] == {"1": "1", "-1": "0"}
    pairs = dict(german["pairs"])
    assert pairs["You have placed your {value} points."] == "Sie haben Ihre {value} Punkte gesetzt."
    # The collect bar's own words (ui/room/collecting.mjs), one of them for one point.
    assert pairs["You have placed your {value} point."] == "Sie haben Ihren {value} Punkt gesetzt."
    assert pairs["Tap inside the chart's box."] == "Tippen Sie in den Rahmen des Diagramms."
    assert set(german["fields"]) == {k.removeprefix("class.q.") for k in class_words.FIELDS}


def test_the_follower_s_english_sentences_are_the_catalogue_s():
    """What the follower's own logic writes in English is what the pairs read back: the
    same sentences in ui/room/*.mjs as in the catalogue."""
    from pathlib import Path

    stage = Path(__file__).resolve().parents[2] / "ui" / "room"
    script = "".join((stage / f).read_text() for f in ("collecting.mjs", "polling.mjs"))
    en = words.CATALOGUES["en"]
    for message in ("class.js.inside", "class.js.point_not_taken", "class.js.answer_not_taken"):
        assert f'"{en[message]}"' in script, message
    assert "You have placed your ${this.on.per_student} point$" in script
    following = (stage / "following.mjs").read_text()
    assert "`, step ${" in following and "`The lecture is on /${lead.page}${step}.`" in following
    assert en["class.lecture_on_step"] == "The lecture is on /{page}, step {step}."


def test_the_follower_s_script_says_the_catalogue_s_words_not_its_own():
    """follow.js says every class.js.* message from the words the server sends (each id, in
    the page's language or else in English): no English copy of them in the script."""
    import re
    from pathlib import Path

    source = (Path(__file__).resolve().parents[2] / "ui" / "room" / "follow.js").read_text()
    script = re.sub(r"^\s*//.*$", "", source, flags=re.M)  # its code, not its comments
    used = set(re.findall(r'say\("(class\.js\.\w+)"', script))
    assert len(used) >= 12
    en = words.CATALOGUES["en"]
    for message in used:
        forms = en[message] if isinstance(en[message], tuple) else (en[message],)
        for form in forms:
            start = form.split("{")[0].strip()
            assert len(start) < 8 or start not in script, message
    sent = class_words.follower_words()["templates"]
    assert used <= set(sent)
