"""The Batch and Variants pages in German (lang=de) and in the other notations (AppTest):
opened, stepped, run to the end and in their other states, no English word left (in the
page's texts, its widgets and every text of its charts: legends, hover, axis titles, the
small multiples' titles, the bars' labels, annotations), and every symbol of the weights,
the samples and the update in the chosen notation. The English pages keep their own
tests (tests/pages/test_batch_variants_app.py)."""

from __future__ import annotations

import re

from lab_app import click, figures
from lab_words import LINK_WORDS, NAMES, PAGES, WORD, catalogue_words, english_left, opened

BATCH, VARIANTS = PAGES["bt_"], PAGES["va_"]
MARKUP = re.compile(r"<[^>]*>|%\{[^}]*\}")


def chart_texts(at) -> list[str]:
    """Every text of the page's charts that ``english_left`` does not read: each axis's
    title (the batch curves' lower axis is xaxis2), the annotations, the traces' text (the
    small multiples' titles, the bars' labels)."""
    out = []
    for fig in figures(at):
        layout = fig["layout"]
        for name, axis in layout.items():
            if re.fullmatch(r"[xy]axis\d*", name) and isinstance(axis, dict):
                title = axis.get("title", {})
                out.append(str(title.get("text", "") if isinstance(title, dict) else title))
        out += [str(a.get("text", "")) for a in layout.get("annotations", [])]
        for trace in fig["data"]:
            shown = trace.get("text")
            out += [str(s) for s in shown] if isinstance(shown, list) else [str(shown or "")]
    return [MARKUP.sub(" ", s) for s in out]


def english_in_charts(at) -> list[str]:
    german = catalogue_words("de") | {w.lower() for w in LINK_WORDS | NAMES}
    return sorted({s for s in chart_texts(at) if any(w.lower() not in german
                                                     for w in WORD.findall(s))})  # fmt: skip


def all_german(at) -> list[str]:
    assert not at.exception, at.exception
    return english_left(at) + english_in_charts(at)


# ------------------------------------------------------------------------- /batch
def test_the_batch_page_in_german_draws_no_english():
    at = opened(BATCH, "bt_", lang="de")
    assert all_german(at) == []
    assert at.title[0].value == "Batch-Gradientenabstieg auf J_p"
    table = next(m.value for m in at.markdown if m.value.startswith("| Vorverarbeitung |"))
    for row in table.splitlines()[2:]:  # each rule's run: "240 Fehler, 50 Epochen, ..."
        for cell in row.split("|")[5:7]:
            assert re.fullmatch(r" [\d,]+ Fehler, [\d,]+ Epochen?, (nicht )?konvergiert ", cell)
    click(at, "bt_end")
    assert all_german(at) == []
    # Another start, order, eta and a cap of epochs: no run converges, the learning rates
    # change the predictions (the differing visits and epochs are written out).
    at.select_slider(key="bt_eta").set_value(0.5)
    at.segmented_control(key="bt_start").set_value("random")
    at.segmented_control(key="bt_order").set_value("shuffle")
    at.number_input(key="bt_max_epochs").set_value(4).run()
    click(at, "bt_step")
    assert all_german(at) == []
    click(at, "bt_end")
    assert all_german(at) == []
    # The notes' 002 example: the rounding that flips a prediction, named with its tie.
    at.segmented_control(key="bt_start").set_value("zero").run()
    at.selectbox(key="bt_example").set_value("notes_002_example1").run()
    click(at, "bt_step")
    assert all_german(at) == []
    # Standardised data, then data no line separates (no bound under any scaling).
    at.segmented_control(key="bt_preprocessing").set_value("standardise").run()
    assert all_german(at) == []
    at.session_state["bt_source"] = "generate"
    at.run()
    at.selectbox(key="bt_generator").set_value("xor").run()
    click(at, "bt_end")
    assert all_german(at) == []
    assert any("Unter keiner Skalierung linear trennbar" in c.value for c in at.caption)
    at.toggle(key="bt_presenter").set_value(True).run()
    assert all_german(at) == []


# ---------------------------------------------------------------------- /variants
def test_the_variants_page_in_german_draws_no_english():
    at = opened(VARIANTS, "va_", lang="de")
    assert all_german(at) == []
    assert at.title[0].value == "Varianten: klassisch, gemittelt, abgestimmt, Pocket"
    click(at, "va_end")
    assert all_german(at) == []
    click(at, "va_go_best")
    assert all_german(at) == []
    at.number_input(key="va_split_seed").set_value(3).run()
    click(at, "va_step")
    assert all_german(at) == []
    # The notes' 002 example: too few points to split three ways, said in German.
    at.session_state["va_source"] = "examples"
    at.run()
    assert [i.value for i in at.info] == [
        "Die Varianten brauchen mindestens 6 Punkte beider Klassen (um sie dreifach aufzuteilen)."
    ]
    assert all_german(at) == []
    at.selectbox(key="va_example").set_value("notes_rule_004").run()
    click(at, "va_end")
    assert all_german(at) == []
    at.toggle(key="va_presenter").set_value(True).run()
    assert all_german(at) == []


# ------------------------------------------------------------------ the notation
# The notes' symbols in a chart where the notation has its own: w·x, w_s, w_k, ‖w‖, "w = ".
NOTES_IN_CHARTS = re.compile(r"w·x|\bw_[sk]\b|\bb_k\b|‖w‖|\bw = ")


def every_chart_text(at) -> list[str]:
    texts = chart_texts(at)
    for fig in figures(at):
        texts += [str(t.get(k) or "") for t in fig["data"] for k in ("name", "hovertemplate")]
    return texts


def test_the_variants_charts_write_theta_in_theta_notation():
    at = opened(VARIANTS, "va_", notation="theta")
    texts = every_chart_text(at)
    assert [s for s in texts if NOTES_IN_CHARTS.search(s)] == []
    # The averaged cell's title and line: the mean of the θ so far.
    assert any("averaged (1/t) Σ θ_s, t = " in s for s in texts), texts  # lines joined
    at = opened(VARIANTS, "va_", notation="augmented")
    assert any("averaged (1/t) Σ a_s, t = " in s for s in every_chart_text(at))


def test_the_batch_step_and_its_sum_in_the_augmented_and_hardlim_notations():
    # Augmented (Duda & Hart): a = (a_0, a_1..d) moves by eta times the sum of the
    # misclassified samples y = ±(1, x): a_{1:d} by their x parts, a_0 by their first
    # entries; no "y x" (there y is the sample itself).
    at = opened(BATCH, "bt_", notation="augmented")
    latex = " ".join(x.value for x in at.latex)
    assert r"a_{1:d} + \eta" in latex and r"\mathbf{y}_{1:d}" in latex, latex
    assert r"a_0 + \eta \textstyle\sum y_0" in latex and r"y\,x" not in latex, latex
    said = " ".join(c.value for c in at.caption)
    assert "η times a sum of y, so η only rescales a" in said, said
    # Hagan's: the step is e p (e = t − a), the sum of e·(1, p).
    at = opened(BATCH, "bt_", notation="hardlim")
    said = " ".join(c.value for c in at.caption)
    assert "η times a sum of e·(1, p), so η only rescales w" in said, said
    latex = " ".join(x.value for x in at.latex)
    assert r"w + \eta \textstyle\sum_{\text{" in latex and r"e\,p" in latex, latex
    # The notes' (and θ's): y·(1, x).
    at = opened(BATCH, "bt_", notation="theta")
    said = " ".join(c.value for c in at.caption)
    assert "η times a sum of y·(1, x), so η only rescales θ" in said, said
