"""The data and scores table (ui.stage.table) in the lab's notation and language: the same
numbers in every cell, the caption and headers in German and in the notation's symbols."""

from __future__ import annotations

import html
import re

import numpy as np

import perceptron_core as pc
from ui import notation, words
from ui.stage import table

NUMBER = re.compile(r"−?\d+(?:\.\d+)?")
X = np.array([[1.0, 2.0], [2.0, 1.0], [-1.0, -1.0], [0.5, -2.0]])
Y = np.array([1, 1, -1, -1])


def cells(html_text: str) -> list[str]:
    return re.findall(r"<t[dh][^>]*>([^<]*)</t[dh]>", html_text)


def test_the_german_theta_table_has_the_english_tables_numbers_and_its_own_words():
    run = pc.train(X, Y)
    for t in (0, 2, run.n_visits):
        english = table.table_html(run, t)
        with words.using("de"), notation.using("theta"):
            german = table.table_html(run, t)
        assert NUMBER.findall(html.unescape(german)) == NUMBER.findall(html.unescape(english))
        head = cells(german)[:6]
        assert head == ["Punkt", "x1", "x2", "Label", "θ·x + θ₀ jetzt", "klassifiziert"]
        assert "The data" not in german and "Die Daten und der Score jedes Punkts" in german
        if t:
            w, b = run.weights(run.updates_before_visit(t))
            assert f"θ₀ = {table.text.said(b)}" in german
        assert "w·x" not in german and "w = " not in german


def test_the_augmented_table_writes_a_with_the_bias_first():
    run = pc.train(X, Y)
    t = run.n_visits
    w, b = run.weights(run.updates_before_visit(t))
    with notation.using("augmented"):
        shown = table.table_html(run, t)
    said = table.text.said_vec(np.r_[b, w])
    assert f"a = {said}" in shown, shown[:300]
