"""/online and /space in German (lang=de) and in the other textbooks' notation (AppTest):
each page opened, played or stepped, and each of its states and options, with no English
word left (``lab_words.english_left``) and no symbol of the notes where the notation has
its own; the numbers are the engine's in every language (the English tests check them)."""

from __future__ import annotations

import re

import numpy as np
from lab_app import click, figures, stage_figures
from lab_words import PAGES, english_left, opened

from ui import state
from ui.parts import game
from ui.room.default import default_store

ONLINE, SPACE = PAGES["on_"], PAGES["sp_"]


def place(at, x1, x2):
    at.number_input(key="on_add_x1").set_value(x1)
    at.number_input(key="on_add_x2").set_value(x2)
    return click(at, "on_add_point")


def legend(at) -> list[str]:
    return [str(t.get("name")) for f in stage_figures(at) for t in f["data"]]


# ----------------------------------------------------------------------- /online
def test_the_online_game_in_german_draws_no_english_in_any_state():
    at = opened(ONLINE, "on_", lang="de")
    assert english_left(at) == []
    assert at.title[0].value == "Das Fehlerschranken-Spiel"
    place(at, 1.0, 1.5)  # a tie: "weiß nicht", the label buttons open
    assert english_left(at) == []
    assert any("**weiß nicht**" in m.value for m in at.markdown)
    assert "neuer Punkt ?" in legend(at)
    click(at, "on_label_pos")  # a mistake, fixed by its update
    assert english_left(at) == []
    assert any(m.value.startswith("Ankunft 1: vorhergesagt weiß nicht, Label +1") for m in
               at.markdown)  # fmt: skip
    place(at, -1.5, -1.0)  # predicted -1, right
    click(at, "on_label_neg")
    assert english_left(at) == []
    click(at, "on_adversary")
    assert english_left(at) == []
    click(at, "on_adversary_all")  # to its end: the note of the adversary out of moves
    assert english_left(at) == []
    assert at.info[0].value.startswith("Der Gegner hat keine Züge mehr")
    assert any("Jede bisherige Ankunft" in c.value for c in at.caption)
    click(at, "on_undo_button")
    assert english_left(at) == []
    click(at, "on_clear")
    assert english_left(at) == []
    # Not separable (-1 between two +1): Theorem 2 after one pass, and a point of the
    # student's own with less margin than γ ("Manche Ankünfte sind es nicht").
    for x1, x2, key in ((0.0, 0.0, "on_label_pos"), (1.0, 1.0, "on_label_pos"),
                        (0.5, 0.5, "on_label_neg")):  # fmt: skip
        place(at, x1, x2)
        click(at, key)
    assert english_left(at) == []
    assert any(m.value.startswith("**M = ") and "Satz 2 nach einem Durchlauf" in m.value
               for m in at.markdown)  # fmt: skip
    at.select_slider(key="on_gamma").set_value(1.0).run()
    assert english_left(at) == []
    assert at.button(key="on_label_pos").label == "+1 aufdecken"


def test_the_online_game_in_german_a_long_link_presenter_mode_and_the_cap(monkeypatch):
    rng = np.random.default_rng(0)
    X = np.round(rng.uniform(-2, 2, size=(game.MAX_ARRIVALS + 20, 2)), 3)
    code = state.encode_points(X, np.where(X[:, 0] + X[:, 1] > 0, 1, -1))
    at = opened(ONLINE, "on_", lang="de", on_pts=code, on_presenter="true")
    assert english_left(at) == []
    assert any(f"das Spiel behält die ersten {game.MAX_ARRIVALS}" in w.value for w in at.warning)
    monkeypatch.setattr(game, "MAX_ARRIVALS", 3)
    at = opened(ONLINE, "on_", lang="de")
    click(at, "on_adversary_all")  # stopped by the cap: said in German
    assert english_left(at) == []
    assert any(i.value.startswith("Das Spiel behält höchstens 3 Ankünfte") for i in at.info)


def test_the_online_game_writes_the_notations_symbols():
    at = opened(ONLINE, "on_", notation="theta")
    place(at, 1.0, 1.5)
    shown = "\n".join(m.value for m in at.markdown)
    assert "θ·x + θ₀ = 0" in shown and "w·x" not in shown
    click(at, "on_label_pos")
    shown = "\n".join(m.value for m in at.markdown).replace("\\", "")
    assert "y(θ·x + θ₀) = 0 before the update" in shown
    assert "(Theorem 1: these points are separable, from θ = 0)" not in shown  # one class
    place(at, -1.5, -1.0)
    click(at, "on_label_neg")
    shown = "\n".join(m.value for m in at.markdown)
    assert "from θ = 0)" in shown and "w = 0" not in shown
    # hardlim: labels t = 1 and 0, the score n = w·p + b, the inputs p1, p2.
    at = opened(ONLINE, "on_", notation="hardlim")
    assert at.number_input(key="on_add_x1").label == "p1"
    place(at, 1.0, 1.5)
    assert any("n = w·p + b = 0" in m.value for m in at.markdown)
    assert at.button(key="on_label_neg").label == "Label 0"
    click(at, "on_label_neg")
    assert any(m.value.startswith("Arrival 1: predicted I don't know, label 0") for m in
               at.markdown)  # fmt: skip
    assert any("line u (p1 + p2 = 0)" in c.value for c in at.caption)


# ------------------------------------------------------------------------ /space
def space_texts(at) -> str:
    """The page's own words (not the sidebar's notes on the notation): its markdown,
    captions, messages, equations and the charts' legends, hover texts and titles."""
    kinds = ("markdown", "caption", "subheader", "info", "warning", "error", "success", "latex")
    texts = [e.value for kind in kinds for e in getattr(at.main, kind)]
    for fig in figures(at):
        texts += [str(t.get("name") or "") + str(t.get("hovertemplate") or "") for t in fig["data"]]
        texts += [str(fig["layout"].get("title", {}).get("text", ""))]
    return "\n".join(texts)


def test_the_space_page_in_german_draws_no_english_in_any_state():
    at = opened(SPACE, "sp_", lang="de")
    assert english_left(at) == []
    assert at.title[0].value == "Erweiterter Raum"
    for move in ("visit", "epoch", "back", "end", "reset", "step"):
        click(at, f"sp_{move}")
        assert english_left(at) == [], move
    at.toggle(key="sp_flip").set_value(True).run()
    assert english_left(at) == []
    assert any("gespiegelt" in t for t in legend_of(at))
    at.segmented_control(key="sp_slice").set_value("fixed").run()
    at.number_input(key="sp_slice_b").set_value(-7.0).run()
    assert english_left(at) == []
    assert "das gewählte b = -7" in " ".join(c.value for c in at.caption)
    at.segmented_control(key="sp_cone_rows").set_value("typed").run()
    assert english_left(at) == []
    at.text_area(key="sp_rows").set_value("1, 0\n-1, 0").run()  # no solution: the cap
    assert english_left(at) == []
    assert at.warning[0].value.startswith("Keine Lösung nach 10,000 Updates (die Grenze)")
    at.text_area(key="sp_rows").set_value("1, x").run()  # a typo: said, the previous rows kept
    assert english_left(at) == []
    assert at.error[0].value.startswith("Die Zeilen sind nicht verwendbar: 'x' ist keine Zahl")
    at.select_slider(key="sp_eta").set_value(0.5)
    at.segmented_control(key="sp_order").set_value("shuffle").run()
    assert english_left(at) == []
    at.segmented_control(key="sp_start").set_value("random").run()
    assert english_left(at) == []


def test_the_space_page_in_german_other_data_presenter_and_an_empty_board():
    at = opened(SPACE, "sp_", lang="de", sp_example="Notes 002, example 2 (XOR, 4 points)",
                sp_max_epochs="5")  # fmt: skip
    click(at, "sp_end")  # no line separates XOR: the cone misses every slice, the LP its cap
    assert english_left(at) == []
    assert "alle richtig: keine bei diesem b" in legend_of(at)
    at.toggle(key="sp_presenter").set_value(True).run()
    assert english_left(at) == []
    at = opened(SPACE, "sp_", lang="de", sp_source="Draw")
    assert english_left(at) == []
    assert any(i.value == "Keine Zeilen: die Daten haben noch keine Punkte." for i in at.info)


def legend_of(at) -> list[str]:
    return [str(t.get("name")) for f in figures(at) for t in f["data"]]


def test_the_space_page_writes_the_notations_symbols():
    at = opened(SPACE, "sp_", notation="theta")
    click(at, "sp_step")  # a mistake: the update written out
    shown = space_texts(at)
    assert "θ = (θ₀, θ₁, θ₂)" in shown and "a·θ ≤ 0" in shown and "A θ ≥ 1" in shown
    assert r"\theta &\leftarrow \theta + a" in shown
    assert not re.search(r"\(b, w|\bw1\b|a·w|A w|\bw = |w·z|w \\cdot", shown), shown
    # Duda & Hart: one vector a, the samples y = ±(1, x) and the rows of Y.
    at = opened(SPACE, "sp_", notation="augmented")
    click(at, "sp_step")
    shown = space_texts(at)
    assert "a = (a₀, a₁, a₂)" in shown and "aᵀy ≤ 0" in shown and "Y a ≥ 1" in shown
    assert r"\mathbf{a} &\leftarrow \mathbf{a} + \mathbf{y}" in shown
    assert not re.search(r"\(b, w|a·w|A w|\bw = ", shown), shown
    # Hagan: inputs p, labels t ∈ {0, 1} (the flipped sample (2t − 1)(1, p)).
    at = opened(SPACE, "sp_", notation="hardlim")
    shown = space_texts(at)
    assert "(1, p1, p2)" in shown and "x1" not in shown


def test_the_class_adversary_round_in_german_and_in_theta():
    at = opened(ONLINE, "on_", lang="de", notation="theta")
    click(at, "lab_class_start")
    code = at.session_state["lab_class"].code
    assert at.button(key="lab_class_adversary_start").label == "Gegnerrunde: die Klasse spielt"
    click(at, "lab_class_adversary_start")
    store = default_store()
    student = store.join(code, "10.0.0.9")
    store.add_point(code, student.student, 1.0, 1.0, 1)  # keeps the margin; θ = 0 errs (a tie)
    store.add_point(code, student.student, 0.05, 0.05, 1)  # too close to u
    at.run()
    texts = [t.value for t in at.text]
    assert "Gegnerrunde: 1 gespielt, 1 zu nah an u, 0 schon richtig." in texts, texts
    assert f"{student.pseudonym}: (1, 1), Label +1: ein Fehler, θ korrigiert" in texts, texts
    assert at.button(key="lab_class_adversary_stop").label == "Runde beenden"
