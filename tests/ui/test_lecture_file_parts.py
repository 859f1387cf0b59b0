"""The one-file lecture's parts (ui/parts/lecture_file.py), without a browser: a lecturer's link
read as its page reads it, what the file cannot replay made a card, and nothing a file
brings able to close the page's script."""

from __future__ import annotations

import numpy as np

import datasets
from ui import lecture, state
from ui.limits import ONLINE_ARRIVALS
from ui.parts import lecture_file

MARGIN = {
    "pg_source": "Generate",
    "pg_generator": "Separable, with a margin dial",
    "pg_n": "30",
    "pg_separable_margin": "0.2",
    "pg_step": "end",
    "pg_order": "shuffled",
    "pg_eta": "0.5",
}


def test_a_lecturer_s_link_is_read_as_its_page_reads_it():
    entry = lecture_file.own(("Mine", "playground", tuple(MARGIN.items())))
    assert entry.values["generator"] == "separable" and entry.values["n"] == 30
    assert entry.params == {"margin": 0.2} and entry.step == lecture.END
    setup = lecture_file.settings(entry)
    assert (setup.order, setup.eta, setup.variant) == ("shuffle", 0.5, "classic")
    ds = lecture_file.dataset(entry)
    want = datasets.generate("separable", n=30, seed=0, noise=0.0, margin=0.2)
    assert (ds.X == want.X).all() and (ds.y == want.y).all()
    assert lecture_file.steps(entry)


def test_what_the_file_cannot_replay_is_a_card():
    drawn = lecture_file.own(("Drawn", "playground", (("pg_source", "Draw"),)))
    kernel = lecture_file.own(("K", "playground", (("pg_variant", "kernel"),)))
    bad = lecture_file.own(("Bad", "playground", (("pg_n", "many"),)))
    other = lecture_file.own(("Orders", "experiments", ()))
    pts = state.encode_points(np.array([[0.5, 0.5], [-0.5, -0.2]]), np.array([1, -1]))
    own_game = lecture_file.own(("Mine", "online", (("on_pts", pts),)))  # the lecturer's points
    for entry in (drawn, kernel, bad, other, own_game):
        assert not lecture_file.steps(entry), entry
        data = lecture_file.scene_data(entry, lecture_file.Pool())
        assert "run" not in data and f"/{entry.path}" in data["card"]


def test_an_empty_game_is_the_adversary_s_at_the_link_s_margin():
    """The Online page's game from an empty board: the adversary plays it (every arrival a
    mistake) at the link's gamma, until out of moves; a wider margin, fewer moves."""
    played = {}
    for gamma in ("0.25", "1.0"):
        entry = lecture_file.own(("Game", "online", (("on_gamma", gamma),)))
        assert lecture_file.steps(entry) and entry.values == {"gamma": float(gamma)}
        run = lecture_file.scene_data(entry, lecture_file.Pool())["run"]
        assert sorted(run["frames"]) == list(range(run["total"] + 1))
        for k, frame in run["frames"].items():
            assert frame[3].startswith(f"M = {k} mistake"), frame[3]
        played[gamma] = run["total"]
    assert played["1.0"] < played["0.25"] <= ONLINE_ARRIVALS


def test_a_title_cannot_close_the_script_it_rides_in():
    hostile = "</script><script>alert(1)</script><!--"
    html = lecture_file.lecture_html(
        [lecture_file.own((hostile, "experiments", ()))], title="</title><script>x</script>"
    )
    assert hostile not in html and "alert(1)" in html  # kept, as text the player sets
    assert "<title>&lt;/title&gt;&lt;script&gt;x&lt;/script&gt;</title>" in html
    # the player's five scripts: plotly.js, the data, the pool, KaTeX, the player
    assert html.count("<script") == 5
