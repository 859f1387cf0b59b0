"""Every sentence about a bound names the start the run has (issue 27).

A run from w = 0 on data no line separates said "Theorem 2 (from a random start, its proof)
bounds the mistakes instead": read literally, that run started at random. The stepping
pages are walked over starts (w = 0, random) x data (separable, not), at a step and, on the
Playground, at the end; every sentence on the page and in the stage's frames that speaks
of a theorem and of a start must name the run's own: "random" on a run from a random
start, never on a run from w = 0, whose sentences say w = 0.
"""

from __future__ import annotations

import json
import re

import lab_app
import numpy as np
import pytest

DATA = {"separable": {"separable_margin": "0.5"}, "noisy": {"noise": "0.05"}}
PAGES = {
    "playground": (None, "pg_"),
    "proof": ("pages/proof.py", "pf_"),
    "space": ("pages/space.py", "sp_"),
    "variants": ("pages/variants.py", "va_"),
    "batch": ("pages/batch.py", "bt_"),
}
WORDS = {  # the words for a theorem, for a start, for the random start, and for w = 0
    "en": (
        r"Theorem|004's proof",
        r"(from|start[s]?) (this |a |that )?(random )?start|w\(\d\)"
        r"|w = 0",
        "random",
        "w = 0",
    ),
    "de": (
        r"Satz|Beweis aus 004",
        r"(ab|bei|beginnt) (diesem |einem )?(zufällig\w* )?Start"
        r"|w\(\d\)|w = 0",
        "zufällig",
        "w = 0",
    ),
}


def sentences(at) -> list[str]:
    """The page's texts and the stage's frames' lines (what the browser shows as it steps)."""
    out = [m.value for m in at.markdown] + [c.value for c in at.caption]
    out += [w.value for w in at.warning] + [i.value for i in at.info]
    for element in at.get("bidi_component"):
        stage = json.loads(element.proto.json).get("stage")
        if stage:
            for frame in json.loads(stage["frames"]).values():
                out += list(frame.get("texts", {}).values())
    return [s.replace("\\", "") for s in out]


def check(at, prefix: str, lang: str, where: str) -> int:
    """Asserts the sentences name the run's start; returns how many spoke of one."""
    theorem, start, random, zero = WORDS[lang]
    run = at.session_state[f"{prefix}run"]
    from_zero = not (np.any(run.w0) or run.b0)
    seen = 0
    for s in sentences(at):
        if not (re.search(theorem, s) and re.search(start, s)):
            continue
        seen += 1
        if from_zero:
            assert random not in s, f"{where}: a run from w = 0 reads {s!r}"
        else:
            assert random in s, f"{where}: a run from a random start reads {s!r}"
    if from_zero:
        assert any(re.search(theorem, s) and zero in s for s in sentences(at)), where
    return seen


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("name", list(PAGES))
def test_bound_sentences_name_the_runs_start(name, lang):
    path, prefix = PAGES[name]
    steps = ("9", "end") if name == "playground" else ("9",)
    seen = 0
    for data, params in DATA.items():
        for start in ("zero", "random"):
            query = {f"{prefix}{k}": v for k, v in params.items()}
            query |= {f"{prefix}source": "Generate", f"{prefix}start": start, "lang": lang}
            if start == "random":
                query[f"{prefix}start_seed"] = "3"
            for step in steps:
                at = lab_app.open_page(path, **query, **{f"{prefix}step": step})
                run = at.session_state[f"{prefix}run"]
                assert run is not None and (start == "zero") == (not np.any(run.w0)), name
                seen += check(at, prefix, lang, f"{name} {lang} {data} {start} step={step}")
    assert seen > 0, f"{name}: no sentence spoke of a theorem and a start"
