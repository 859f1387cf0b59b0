"""ui.room.codes: join codes without look-alikes, the lecturer's secret, pseudonyms."""

from __future__ import annotations

import hashlib
import string
from collections import Counter

import pytest
from scipy.stats import chisquare

from ui.room import codes
from ui.room.rules import Refused

# Symbols that are read or typed as one another (written here, not taken from the code).
CONFUSABLE = ["0OQD", "1IL", "2Z", "5S", "8B", "6G", "UV"]


def test_the_alphabet_has_no_look_alikes_and_the_rest_of_letters_and_digits():
    alphabet = set(codes.ALPHABET)
    assert len(alphabet) == len(codes.ALPHABET)  # no symbol twice
    for group in CONFUSABLE:
        assert not alphabet & set(group), group
    excluded = set("".join(CONFUSABLE))
    assert alphabet == set(string.ascii_uppercase + string.digits) - excluded


def test_codes_are_six_symbols_of_the_alphabet_each_uniform():
    n = 19_000
    drawn = [codes.new_code() for _ in range(n)]
    assert all(len(c) == 6 and set(c) <= set(codes.ALPHABET) for c in drawn)
    k = len(codes.ALPHABET)
    for position in range(6):
        counts = Counter(c[position] for c in drawn)
        observed = [counts[s] for s in codes.ALPHABET]
        # Uniform and independent per position: a chi-square test at a 1e-6 level.
        assert chisquare(observed, [n / k] * k).pvalue > 1e-6, (position, observed)
    pairs = Counter((c[0], c[1]) for c in drawn)
    observed = [pairs[(a, b)] for a in codes.ALPHABET for b in codes.ALPHABET]
    assert chisquare(observed, [n / k**2] * k**2).pvalue > 1e-6
    assert len(set(drawn)) > n - 20  # 19^6 = 47 million codes


@pytest.mark.parametrize(
    ("typed", "code"),
    [
        ("ACE347", "ACE347"),
        ("ace347", "ACE347"),
        (" ace-347 ", "ACE347"),
        ("A C E\t3-4-7", "ACE347"),
    ],
)
def test_a_typed_code_is_normalised(typed, code):
    assert codes.normalise(typed) == code


@pytest.mark.parametrize(
    "typed",
    ["", "ACE34", "ACE3477", "ACE34O", "ACE341", "ACE34S", "<b>AC</b>", "ACE_347", "ACÉ347",
     "ACE347\n", "[ACE](x)", None, 123456, b"ACE347", ["ACE347"], "A" * 10_000],
)  # fmt: skip
def test_anything_else_is_refused_without_repeating_it(typed):
    with pytest.raises(Refused) as refused:
        codes.normalise(typed)
    assert refused.value.status == 400
    assert str(typed) not in refused.value.reason or typed == ""


def test_the_secret_is_random_kept_as_its_hash_and_compared_exactly():
    secret = codes.new_secret()
    assert len(secret) >= 40 and secret != codes.new_secret()
    stored = codes.secret_hash(secret)
    assert stored == hashlib.sha256(secret.encode()).hexdigest() and secret not in stored
    assert codes.secret_matches(secret, stored)
    for forged in (secret[:-1], secret + "x", secret.upper(), "", None, 7, stored, "x" * 10**6):
        assert not codes.secret_matches(forged, stored)


def test_pseudonyms_are_an_adjective_and_an_animal_from_the_lists():
    for _ in range(200):
        adjective, animal = codes.pseudonym().split(" ")
        assert adjective in codes.ADJECTIVES and animal in codes.ANIMALS
    pairs = len(codes.ADJECTIVES) * len(codes.ANIMALS)
    assert pairs >= 1000
    words = codes.ADJECTIVES + codes.ANIMALS
    assert all(w.isalpha() and w.isascii() and w[0].isupper() for w in words)
    # Past half the pairs a number keeps a free one within a few draws.
    assert codes.pseudonym(taken=pairs).rsplit(" ", 1)[1].isdigit()
