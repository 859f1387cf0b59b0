"""One German word for one concept across the lab's catalogue (ui/words/locale/de/): the English
message is the reference for which concept a German word stands for."""

import re

import pytest

from ui.words import CATALOGUES

ENGLISH, GERMAN = CATALOGUES["en"], CATALOGUES["de"]

FIELD = re.compile(r"\{[^{}]*\}")


def _pairs():
    """(id, English, German) for every message and plural form, fields removed."""
    for message, english in ENGLISH.items():
        german = GERMAN[message]
        english_forms = english if isinstance(english, tuple) else (english,)
        german_forms = german if isinstance(german, tuple) else (german,)
        for en, de in zip(english_forms, german_forms, strict=True):
            yield message, FIELD.sub("", en), FIELD.sub("", de)


PAIRS = list(_pairs())


def test_margin_is_rand_and_rand_is_only_margin():
    """The lab's word for a margin is "Rand": never "Marge", and never an edge (a plane's
    edge drawn beside margins would read as one)."""
    for message, en, de in PAIRS:
        assert "Marge" not in de, message
        if re.search(r"\bRand|\bRänder", de):
            assert re.search(r"margin", en, re.I), (message, en, de)
        if re.search(r"\bmargins?\b", en, re.I):
            assert re.search(r"\bRand|\bRänder|Rand\b", de), (message, en, de)


def test_closest_is_not_next():
    """A closest point is "nächstgelegen": "nächster Punkt" reads as the next point of
    the run."""
    for message, en, de in PAIRS:
        if "closest" in en:
            assert "nächstgelegen" in de, (message, en, de)


@pytest.mark.parametrize(
    ("word", "instead"),
    [
        (r"\bProben?\b", "Beispiel"),
        (r"Einzelbeispiel", "Einzelschritt"),
        (r"Playground", "Spielwiese"),
        (r"Voreinstellung", "Standardwert"),
    ],
)
def test_one_word_per_concept(word, instead):
    for message, _en, de in PAIRS:
        assert not re.search(word, de), f"{message}: {word} where the lab says {instead}"


def test_a_theorem_that_does_not_apply_is_not_called_false():
    """English "Theorem 1 does not apply" / "its bound does not apply" is "nicht anwendbar":
    "Satz 1 gilt nicht" would say the theorem is false."""
    for message, en, de in PAIRS:
        if re.search(r"Theorem 1('s bound)? does not apply", en):
            assert "nicht anwendbar" in de, (message, en, de)
        assert not re.search(r"Satz 1 gilt nicht|Schranke von Satz 1 gilt nicht", de), message
