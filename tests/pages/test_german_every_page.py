"""Every page of the lab in German (lang=de), and the states of a run's limits and refusals
the English tests reach, with no English word left (``lab_words.english_left``): the
sentences a page used to type in English beside its German (issue 28: a one-class drawing
on /kernel, the kernel variant on wide data, a run held to fewer epochs or updates, the
exact verdict not computed live, a link too long) each said in German."""

from __future__ import annotations

import json

import pytest
from lab_app import click, open_page
from lab_words import PAGES, english_left, opened
from md_oracle import text_of

from ui import compute, limits, words

OTHER_PAGES = ["pages/lecture.py", "pages/practice.py", "pages/join.py"]
ONE_CLASS = "1AwD0AfQB6APIACwBhAMH"  # three drawn points, all of one class (issue 28)


def shown(at) -> str:
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption]
    parts += [e.value for kind in ("info", "error", "warning") for e in getattr(at, kind)]
    return " | ".join(text_of(p) for p in parts)


@pytest.mark.parametrize("prefix", sorted(PAGES))
def test_each_stepping_page_opened_and_stepped_in_german_says_no_english(prefix):
    at = opened(PAGES[prefix], prefix, lang="de")
    assert english_left(at) == []
    # Each chart's name for a screen reader (ui/stage/access.mjs) comes in German too.
    charts = [json.loads(e.proto.json) for e in at.get("bidi_component")]
    names = [c.get("names") for c in charts if "figure" in c]  # not the class's keeper
    assert names and all(n is not None for n in names), prefix
    for said in names:
        assert said == {k: words.CATALOGUES["de"][f"chart.{k}"] for k in said}
        assert said["aria_stage"].startswith("Diagramm der Daten")


@pytest.mark.parametrize("path", OTHER_PAGES)
def test_each_other_page_in_german_says_no_english(path):
    at = open_page(path, lang="de")
    assert english_left(at) == []


def test_a_drawing_of_one_class_on_kernel_says_so_in_german_only():
    at = open_page(PAGES["kn_"], lang="de", kn_source="Draw", kn_pts=ONE_CLASS)
    assert english_left(at) == []
    assert "Für einen Lauf braucht es beide Klassen" in shown(at)
    assert "Both classes" not in shown(at)


def test_the_kernel_variant_on_too_many_points_is_refused_in_german(monkeypatch):
    monkeypatch.setattr(compute, "MAX_POINTS", 20)
    at = open_page(lang="de", pg_variant="kernel", pg_n="30")
    assert english_left(at) == []
    assert "Die Kernel-Variante läuft hier auf höchstens 20 Punkten" in shown(at)


def test_a_run_held_to_fewer_epochs_and_updates_says_so_in_german(monkeypatch):
    monkeypatch.setattr(compute, "BATCH_WORK", 90)  # 30 points: three epochs
    monkeypatch.setattr(compute, "updates_cap", lambda n, d: 2)
    at = open_page(lang="de", pg_variant="batch", pg_n="30", pg_noise="0.3")
    assert english_left(at) == []
    words = shown(at)
    assert "ist auf 3 Epochen begrenzt (30 Punkte: jede Epoche kostet 30 Besuche)" in words
    assert "hält ein Lauf nach 2 Updates" in words


def test_the_verdict_not_computed_live_is_said_in_german(monkeypatch):
    monkeypatch.setattr(compute, "THEORY_MAX_VALUES", 10)
    at = opened(PAGES["pg_"], "pg_", lang="de")
    assert english_left(at) == []
    assert "werden auf 40 Punkten mit 2 Merkmalen nicht live berechnet" in shown(at)


def test_a_link_too_long_in_a_german_session_is_refused_in_german():
    at = open_page(lang="de")
    at.query_params["pg_zzz"] = "a" * (limits.MAX_LINK + 1)
    at.run()
    assert not at.exception
    assert at.title[0].value == "Dieser Link ist zu lang"
    assert english_left(at) == []


def wide_upload(**query):
    """A German Playground trained on all five columns of a student's file (wider than
    ``score_view.WIDE``: the visit's vectors shortened)."""
    rows = [
        f"{i % 7 - 3},{(i * 5) % 11 - 5},{(i * 3) % 4},{i % 5},{(i * 7) % 9},{1 if i % 2 else -1}"
        for i in range(30)
    ]
    at = open_page(lang="de", pg_source="Upload", **query)
    data = ("a,b,c,d,e,label\n" + "\n".join(rows) + "\n").encode()
    at.file_uploader(key="pg_upload").upload("daten.csv", data).run()
    at.radio(key="pg_csv_train_on").set_value("all").run()
    assert not at.exception, at.exception
    return at


def test_a_wide_upload_in_german_steps_and_refuses_the_kernel_in_german():
    at = wide_upload()
    assert at.session_state["pg_run"].X.shape == (30, 5)
    click(at, "pg_step")
    assert english_left(at) == []
    assert "Die 5-Vektoren mit ihren ersten" in shown(at)
    at = wide_upload(pg_variant="kernel")
    assert english_left(at) == []
    assert "Die Kernel-Variante wird auf zwei Merkmalen gezeichnet" in shown(at)
