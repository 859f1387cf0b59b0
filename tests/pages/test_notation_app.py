"""The lab's notation and language through the whole app (AppTest): chosen in the link
(``notation=``, ``lang=``) or in the sidebar, kept across pages and in the link, a bad
value said plainly with the default used; the Playground's status line, weights and
equations in the chosen notation with the same numbers."""

from __future__ import annotations

import re

import pytest
from lab_app import click, open_page, status
from lab_words import PAGES, english_left, opened

from ui.state import lab

NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


def page_numbers(at) -> list[str]:
    """Every number the page writes (its Markdown, captions, equations), as written; not
    the sidebar's notes on the notation (their "004", "{0, 1}" are the textbooks')."""
    main = at.main
    texts = [m.value for m in main.markdown] + [c.value for c in main.caption]
    texts += [x.value for x in main.latex]
    return [n for s in texts for n in NUMBER.findall(s.replace("−", "-"))]


def test_the_link_sets_the_notation_and_it_stays_in_the_link_on_every_page():
    at = open_page(notation="theta")
    click(at, "pg_step")
    assert "(a tie: θ·x + θ₀ = 0)" in status(at)
    assert at.query_params["notation"] == ["theta"] or at.query_params["notation"] == "theta"
    assert any(m.value.startswith("**θ = (") for m in at.markdown)
    assert at.selectbox(key=lab.NOTATION_PICK).value == "theta"
    at.switch_page("pages/kernel.py").run()
    assert not at.exception
    assert at.session_state[lab.NOTATION] == "theta"
    assert at.selectbox(key=lab.NOTATION_PICK).value == "theta"
    assert "theta" in str(at.query_params["notation"])


def test_the_sidebar_changes_the_notation_and_the_default_leaves_the_link():
    at = open_page()
    click(at, "pg_step")
    assert "notation" not in at.query_params
    before = page_numbers(at)
    at.selectbox(key=lab.NOTATION_PICK).select("augmented").run()
    assert "(a tie: aᵀy = 0)" in status(at) and "hardlim" not in status(at)
    assert "augmented" in str(at.query_params["notation"])
    # a = (b, w): the same numbers, b first; the equations add y = ±(1, x).
    assert any(m.value.startswith("**a = (") for m in at.markdown)
    assert {abs(float(n)) for n in before} <= {abs(float(n)) for n in page_numbers(at)}
    at.selectbox(key=lab.NOTATION_PICK).select("wb").run()
    assert "notation" not in at.query_params and "(a tie: w·x + b = 0)" in status(at)


def test_the_link_to_a_moment_carries_the_notation_and_the_language():
    at = open_page(notation="hardlim", lang="de")
    click(at, "pg_step")
    shown = next(c.value for c in at.code if "/playground?" in c.value)  # Link to this moment
    assert "notation=hardlim" in shown and "lang=de" in shown and "pg_step=1" in shown


def test_a_bad_link_value_is_said_plainly_and_the_default_used():
    at = open_page(notation="*bold*[x](y)", lang="klingon")
    said = " ".join(w.value for w in at.warning)
    assert "is not one of wb, theta, augmented, hardlim" in said, said
    assert r"\*bold\*\[x\]\(y\)" in said  # escaped: no Markdown from the link
    assert "lang='klingon' is not one of en, de" in said
    assert "notation" not in at.query_params and "lang" not in at.query_params
    click(at, "pg_step")
    assert "(a tie: w·x + b = 0)" in status(at)


def test_german_from_the_link_and_from_the_sidebar():
    at = open_page(lang="de")
    click(at, "pg_step")
    assert status(at).startswith("**Update 1 · Epoche 1 · Beispiel 1 von ")
    assert at.button(key="pg_step").label == "Schritt"
    at.selectbox(key=lab.LANGUAGE_PICK).select("en").run()
    assert status(at).startswith("**update 1 · epoch 1 · example 1 of ")


def test_a_choice_is_named_in_the_labs_language_and_kept_when_it_changes():
    # A German link (its options as a German page names them) opened in English.
    at = open_page(pg_order="gemischt", pg_generator="Zwei Monde", pg_start="zufällig")
    assert not [w.value for w in at.warning if "pg_" in w.value]  # nothing said of the link
    order = at.segmented_control(key="pg_order")
    assert order.value == "shuffle" and order.options == ["fixed", "shuffled"]
    assert at.selectbox(key="pg_generator").value == "moons"
    assert at.segmented_control(key="pg_start").value == "random"
    english = status(click(at, "pg_step"))
    at.selectbox(key=lab.LANGUAGE_PICK).select("de").run()
    assert not at.exception
    order = at.segmented_control(key="pg_order")
    assert order.value == "shuffle" and order.options == ["fest", "gemischt"]
    generator = at.selectbox(key="pg_generator")
    assert generator.value == "moons" and "Zwei Monde" in generator.options
    assert at.segmented_control(key="pg_start").value == "random"
    # The same run, said in German.
    assert status(at).startswith("**Update 1 · Epoche 1 · Beispiel ")
    assert re.findall(r"\d+", status(at)) == re.findall(r"\d+", english)


# ------------------------------------------------ every page in every notation
def magnitudes(at) -> set[float]:
    """The sizes of the page's numbers but 0 and 1: a notation writes the same run with
    other signs (augmented: y = −(1, x) for class ω₂; hardlim: e = t − a) and labels
    (hardlim's 0/1 for ±1), never another number."""
    return {abs(float(n)) for n in page_numbers(at)} - {0.0, 1.0}


@pytest.mark.parametrize("prefix", list(PAGES))
def test_every_page_has_the_same_numbers_in_every_notation(prefix):
    path = PAGES[prefix]
    default = magnitudes(opened(path, prefix))
    assert default, "the page writes numbers"
    for name in ("theta", "augmented", "hardlim"):
        at = opened(path, prefix, notation=name)
        assert not at.exception, (name, at.exception)
        got = magnitudes(at)
        assert got == default, (name, sorted(got ^ default)[:10])


# ------------------------------------------------------------- German, page by page
def test_the_playground_in_german_draws_no_english():
    at = opened("pages/playground.py", "pg_", lang="de")
    assert english_left(at) == []
    for variant in ("averaged", "voted", "pocket", "kernel", "batch"):  # each one's numbers
        at.selectbox(key="pg_variant").select(variant).run()
        for _ in range(2):
            click(at, "pg_step")
        assert english_left(at) == [], variant
    at.selectbox(key="pg_variant").select("classic").run()
    for generator in ("xor", "circles", "moons", "blobs"):
        at.selectbox(key="pg_generator").select(generator).run()
        click(at, "pg_end")
        assert english_left(at) == [], generator
    for source in ("examples", "draw", "upload"):  # the notes' datasets, the board, a file
        at.session_state["pg_source"] = source
        at.run()
        assert english_left(at) == [], source


@pytest.mark.parametrize("prefix", ["kn_"])
def test_the_other_pages_completed_in_german_draw_no_english(prefix):
    at = opened(PAGES[prefix], prefix, lang="de")
    assert english_left(at) == []
    click(at, prefix + "end")
    assert english_left(at) == []


# The notes' symbols where another notation has its own: "w·x", "w = ", "‖w‖", "w\cdot".
NOTES_SYMBOLS = re.compile(r"w·x|w · x|‖w‖|\bw = |\(b, w\)|w\\cdot|\bw\(1\)")


@pytest.mark.parametrize("prefix", ["pg_", "kn_", "bt_", "va_", "on_", "pf_", "ex_", "sp_"])
def test_these_pages_write_theta_and_not_w_in_theta_notation(prefix):
    at = opened(PAGES[prefix], prefix, notation="theta")
    main = at.main
    texts = [m.value for m in main.markdown] + [x.value for x in main.latex]
    texts += [
        c.value for c in main.caption if "CSV" not in c.value and "One row per" not in c.value
    ]
    left = [s for s in texts if NOTES_SYMBOLS.search(s)]  # the downloads name their columns w, b
    assert left == []
    # The pages that write weights write θ (the kernel's dual form has none; the
    # experiments' page writes them only in its charts and tables).
    assert any("θ" in s for s in texts) or prefix in ("kn_", "ex_")


@pytest.mark.parametrize("prefix", list(PAGES))
def test_every_stepping_page_steps_in_german(prefix):
    at = open_page(PAGES[prefix], lang="de")
    nav = {b.key: b.label for b in at.button if b.key and b.key.startswith(prefix)}
    if prefix in ("on_", "ex_"):  # the online game and the experiments have no stage
        assert prefix + "step" not in nav
        return
    assert [nav[prefix + m] for m in ("step", "visit", "back", "epoch", "end", "reset")] == [
        "Schritt", "Besuch", "Zurück", "Epoche", "Bis zum Ende", "Neustart"]  # fmt: skip
    assert re.match(r"\*\*(Anfang · Update 0|Noch kein Lauf)", status(at)), status(at)
    click(at, prefix + "step")
    assert status(at).startswith("**Update 1 · Epoche 1 · Beispiel "), status(at)
