"""A choice's options in the lab's language (``Field.said``) and links that name them in
any language: each option's message is in the catalogue with the field's English label as
its English, no language names two options alike, and a link written in one language opens
the same options in another without a word (ui.state.check_link's ``renames``)."""

from __future__ import annotations

import re

import pytest

from ui import state, words
from ui.state import check_link

CHOICES = {
    (table.prefix, f.name): f
    for table in state.TABLES
    for f in table.fields.values()
    if f.kind == "choice"
}
SAID = {key: f for key, f in CHOICES.items() if f.said is not None}
PLAYGROUND = next(t for t in state.TABLES if t.prefix == "pg_")


@pytest.mark.parametrize("key", sorted(CHOICES))
def test_a_choice_named_in_words_is_said_in_the_labs_language(key):
    f = CHOICES[key]
    if f.said is None:  # numbers only (the practice levels)
        assert not any(re.search(r"[A-Za-z]", str(v)) for v in f.labels().values()), key
        return
    for option, english in f.options.items():
        assert words.CATALOGUES["en"][f"{f.said}.{option}"] == english, (key, option)


@pytest.mark.parametrize("key", sorted(SAID))
def test_every_language_names_every_option_and_no_two_alike(key):
    f = SAID[key]
    named: dict[str, object] = {}  # a label in any language -> its option
    for code in words.CATALOGUES:
        with words.using(code):
            labels = f.labels()
        assert set(labels) == set(f.options), (key, code)
        assert len(set(labels.values())) == len(labels), (key, code, labels)
        for option, label in labels.items():
            assert named.setdefault(label, option) == option, (key, code, label)
        if code != words.DEFAULT:
            assert words.CATALOGUES[code].keys() >= {f"{f.said}.{o}" for o in f.options}


def test_german_names_the_playgrounds_choices_in_german():
    with words.using("de"):
        labels = {name: PLAYGROUND[name].labels() for name in ("order", "source", "generator")}
    assert labels["order"] == {"fixed": "fest", "shuffle": "gemischt"}
    assert labels["source"]["upload"] == "Hochladen"
    assert labels["generator"]["moons"] == "Zwei Monde"
    assert PLAYGROUND["order"].labels() == {"fixed": "fixed", "shuffle": "shuffled"}


def test_a_german_link_opens_in_english_as_it_meant_without_a_word():
    query = {"pg_order": "gemischt", "pg_generator": "Zwei Monde", "pg_variant": "gemittelt"}
    problems = check_link(query, PLAYGROUND.link_spec())
    assert problems == []
    said = {"pg_order": "shuffled", "pg_generator": "Two moons", "pg_variant": "averaged"}
    assert query == said


def test_an_english_link_opens_in_german_as_it_meant_without_a_word():
    with words.using("de"):
        query = {"pg_order": "shuffled", "pg_source": "Examples", "pg_kernel": "RBF"}
        problems = check_link(query, PLAYGROUND.link_spec())
    assert problems == []
    assert query == {"pg_order": "gemischt", "pg_source": "Beispiele", "pg_kernel": "RBF"}


def test_a_near_miss_in_any_language_is_answered_with_this_languages_label():
    with words.using("de"):
        query = {"pg_order": "SHUFFLED", "pg_start": "Zufällig"}
        problems = check_link(query, PLAYGROUND.link_spec())
    assert query == {}  # the widgets show their defaults; the page says what to write
    assert any("'gemischt'" in p for p in problems), problems
    assert any("'zufällig'" in p for p in problems), problems


def test_a_label_of_no_language_is_refused_as_before():
    query = {"pg_order": "sorted"}
    problems = check_link(query, PLAYGROUND.link_spec())
    assert query == {} and len(problems) == 1 and "sorted" in problems[0]
