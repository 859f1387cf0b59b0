"""Export's server half (ui/export/offer.py): the browser's ask for frames is checked and
capped before anything is built; the answer holds the frames of the steps asked (inside
the run), each the picture ``Layered.at`` gives at that step; the embed link and snippet
(ui/stage/link.py)."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

import perceptron_core as pc
from ui import words
from ui.export import offer as export
from ui.limits import EXPORT_MAX_STEPS, EXPORT_ROUND_STEPS
from ui.stage import link
from ui.stage.frames import Layered
from ui.stage.stepper import Stepper
from ui.state.tables import PLAYGROUND


@pytest.fixture
def session(monkeypatch):
    state: dict = {}
    monkeypatch.setattr(export.st, "session_state", state)
    monkeypatch.setattr(export, "_url", lambda name, folder, file: f"/component/{name}/{file}")
    return state


@pytest.mark.parametrize(
    "value",
    [
        None,
        "text",
        {"seq": 1},
        {"cursors": [1, 2]},
        {"seq": "x", "cursors": [1]},
        {"seq": 1, "cursors": ["a"]},
        {"seq": 1, "cursors": [float("nan")]},
        {"seq": 1, "cursors": [1e308]},
        {"seq": 1, "cursors": [3, -1]},
        {"seq": 1, "cursors": []},
        {"seq": 1, "cursors": list(range(EXPORT_ROUND_STEPS + 1))},
        {"seq": 10**400, "cursors": 5},
    ],
)
def test_a_malformed_or_oversized_ask_is_dropped(session, value):
    export.asked(PLAYGROUND, value)
    assert session == {}


def test_the_answer_holds_the_frames_asked_for_inside_the_run(session):
    X = np.array([[1.0, 2.0], [-1.0, -1.0], [2.0, -1.0], [-2.0, 1.0]])
    y = np.array([1, -1, 1, -1])
    run = pc.train(X, y, max_epochs=3)
    stepper = Stepper({"pg_cursor": 0, "pg_history": []}, "pg_", run)
    # A picture that says its step: the answer must carry each asked step's own.
    layered = Layered(
        scene=([], {}),
        at=lambda t: ([], [{"type": "scatter", "x": [t], "y": [t], "name": f"at {t}"}]),
    )
    total = stepper.total
    export.asked(PLAYGROUND, {"seq": 7, "cursors": [total, 2, total + 5, 2, 0]})
    offer = export.offer(PLAYGROUND, stepper, layered)
    assert offer["reply"]["seq"] == 7
    frames = json.loads(offer["reply"]["frames"])
    assert sorted(int(c) for c in frames) == [0, 2, total]  # outside the run: not built
    for c, frame in frames.items():
        assert frame["over"][0]["x"] == [int(c)]
    assert (offer["total"], offer["max"], offer["page"]) == (total, EXPORT_MAX_STEPS, "playground")
    # Answered once: the next rerun carries no answer.
    assert export.offer(PLAYGROUND, stepper, layered)["reply"] is None


def test_the_embed_link_and_its_snippet():
    assert link.embed_link("http://h/playground?pg_seed=3") == (
        "http://h/playground?pg_seed=3&embed=true"
    )
    assert link.embed_link("http://h/kernel") == "http://h/kernel?embed=true"
    snippet = link.iframe_snippet('http://h/playground?pg_seed=3&pg_step=2"><script>')
    # The address is escaped for the attribute: nothing in it ends the tag.
    assert snippet.startswith(
        '<iframe src="http://h/playground?pg_seed=3&amp;pg_step=2&quot;&gt;&lt;script&gt;'
        '&amp;embed=true" '
    )
    assert snippet.count("<") == 2 and snippet.endswith("></iframe>")


def test_the_offer_carries_the_panels_words_in_the_labs_language(session):
    # Every message the browser's export code names (its "export.*" literals and the
    # buttons' export.${format}) is in the offer, in English and in German, as templates
    # whose fields the browser fills.
    hook = export.MODULE_DIR.parents[1] / "stage" / "export_hook.js"  # the stage's slot
    files = [*export.MODULE_DIR.glob("*.mjs"), hook]
    code = "".join(p.read_text() for p in files)
    named = set(re.findall(r"\"(export\.[a-z_]+)\"", code))
    named |= {f"export.{k}" for k in ("gif", "webm", "mp4", "png")}
    assert len(named) > 30
    X = np.array([[1.0, 2.0], [-1.0, -1.0]])
    run = pc.train(X, np.array([1, -1]), max_epochs=2)
    stepper = Stepper({"pg_cursor": 0, "pg_history": []}, "pg_", run)
    layered = Layered(scene=([], {}), at=lambda t: ([], []))
    english = export.offer(PLAYGROUND, stepper, layered)["words"]
    with words.using("de"):
        german = export.offer(PLAYGROUND, stepper, layered)["words"]
    assert named <= set(english) and set(english) == set(german)
    assert english["export.summary"] == "Export: GIF, video, PNG"
    assert english["export.capped"] == (
        "{n} steps asked; an export holds at most {max}: exporting steps {from} to {to}."
    )
    assert german["export.summary"] == "Export: GIF, Video, PNG"
    assert german["export.frames"] == ["{n} Bild", "{n} Bilder"]  # a plural: [one, more]
    assert json.loads(json.dumps(german)) == german  # as the browser gets it
