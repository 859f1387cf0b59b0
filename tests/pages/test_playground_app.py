"""The Playground through AppTest: every control, data changes, uploads, links, XOR."""

from collections import Counter
from pathlib import Path

import lab_app
import numpy as np
import pytest
from hashes import HashesOf
from md_oracle import html_of, inert, text_of
from streamlit.testing.v1 import AppTest
from workbooks import workbook

import datasets
import perceptron_core as pc
from ui import state
from ui.server import cache

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
TIMEOUT = 60


def app(**query) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=TIMEOUT)
    for name, value in query.items():
        at.query_params[name] = value
    at.run()
    assert not at.exception, at.exception
    return at


def status(at) -> str:
    return next(m.value for m in at.markdown if m.value.startswith("**start") or " · " in m.value)


def cursor(at) -> int:
    return int(at.session_state["pg_cursor"])


def click(at, key: str) -> AppTest:
    at.button(key=key).click().run()
    assert not at.exception, at.exception
    return at


def test_default_page():
    at = app()
    assert at.title[0].value == "Playground"
    assert status(at).startswith("**start · update 0")
    assert at.segmented_control(key="pg_source").value == "generate"
    assert len(lab_app.figures(at)) >= 2  # the chart and the per-epoch chart
    assert any(m.value.startswith("**Separable.**") for m in at.markdown)
    assert any("R²/γ*²" in m.value or "\\frac{R^2}" in m.value for m in at.latex)
    assert [b.label for b in at.download_button] == [
        "Dataset (CSV)",
        "Run (CSV, one row per visit)",
        "Animation (HTML, plays offline)",
    ]


def test_the_step_at_a_cursor_is_computed_once_in_a_rerun(monkeypatch):
    """The frames, the numbers and the chart at one cursor share one replay of the step
    (the run's change there is asked for once per cursor, not once per reader)."""
    asked = Counter()
    change_at = pc.Run.change_at

    def counted(self, t):
        asked[int(t)] += 1
        return change_at(self, t)

    monkeypatch.setattr(pc.Run, "change_at", counted)
    cache.STORE.clear()  # no frame kept from another test: this rerun builds its own
    at = app(pg_seed="424242")  # data no other test trains on: a run of its own
    assert 0 in asked and cursor(at) == 0  # the frames around the start were built
    assert max(asked.values()) == 1, {t: n for t, n in asked.items() if n > 1}
    asked.clear()
    cache.STORE.clear()
    click(at, "pg_step")
    assert cursor(at) in asked
    assert max(asked.values()) == 1, {t: n for t, n in asked.items() if n > 1}


@pytest.mark.parametrize("preprocessing", ["none", "centre"])
def test_a_rerun_hashes_the_data_at_most_once(monkeypatch, preprocessing):
    """The run's key, the caches, the frames and the guard share one digest of the data
    (``Dataset.digest``): a rerun, or a Step, of the Playground on data already seen reads
    X's bytes in at most one hash (none while the dataset is still cached: the same
    object). Before the run key, each read them in six (the guard twice, the run's key,
    the run's and the theory's cache keys, the preprocessing table's theory)."""
    at = app(pg_seed="5151", pg_preprocessing=preprocessing)
    ds = at.session_state["lab_dataset"]
    assert ds.preprocessing == preprocessing
    X = ds.X.tobytes()
    hashes = HashesOf(monkeypatch)
    at.run()
    assert not at.exception, at.exception
    assert at.session_state["lab_dataset"].X.tobytes() == X  # the same data, drawn again
    assert hashes.reading(X) <= 1, hashes.reading(X)
    hashes.fed.clear()
    click(at, "pg_step")
    assert cursor(at) > 0
    assert hashes.reading(X) <= 1, hashes.reading(X)


def test_the_stepper_the_cache_the_frames_and_the_guard_share_one_run_key():
    """One key names the run on screen: the stepper's (a new key starts at step 0), the
    cached run's, the frames' and the guard's (what the page is drawing)."""
    cache.STORE.clear()
    at = app(pg_seed="6262")
    ds, run = at.session_state["lab_dataset"], at.session_state["pg_run"]
    key = at.session_state["pg_run_id"]
    assert at.session_state["lab_pending"] == key  # the guard's
    trained = {k[1]: v for k, v in cache.STORE._entries.items() if k[0] == "ui.compute.trained"}
    assert trained[key].value.run is run  # the cache's entry under that key is the run
    np.testing.assert_array_equal(run.X, ds.X)  # ... on the data on screen
    frames = [k for k in cache.STORE.sizes() if k[0] == "stage-frame"]
    assert frames and {k[2] for k in frames} == {key}
    at.select_slider(key="pg_eta").set_value(0.1).run()  # another run: another key
    assert at.session_state["pg_run_id"] != key
    assert at.session_state["lab_pending"] == at.session_state["pg_run_id"]


def test_every_run_control_and_its_key():
    at = app()
    expected = {"pg_step": "s", "pg_visit": "v", "pg_back": "b", "pg_epoch": "e"}
    expected |= {"pg_end": "f", "pg_reset": "x", "pg_play": "p"}
    for k, shortcut in expected.items():
        assert at.button(key=k).proto.shortcut.lower() == shortcut
    run = at.session_state["pg_run"]
    first = int(run.update_visit[0]) + 1
    click(at, "pg_step")
    assert cursor(at) == first and "· mistake" in status(at)
    click(at, "pg_visit")
    assert cursor(at) == first + 1
    click(at, "pg_back")
    assert cursor(at) == first
    click(at, "pg_epoch")
    assert cursor(at) == run.n
    click(at, "pg_end")
    assert cursor(at) == run.n_visits and "converged" in status(at)
    assert at.button(key="pg_step").disabled
    click(at, "pg_back")
    assert cursor(at) == run.n
    click(at, "pg_reset")
    assert cursor(at) == 0 and at.query_params.get("pg_step") in (None, [])
    at.slider(key="pg_scrub").set_value(7).run()
    assert cursor(at) == 7 and at.query_params["pg_step"] == "7"
    assert "example 7 of 40" in status(at)


def test_play_advances_and_pause_stops():
    at = app()
    click(at, "pg_play")
    assert at.session_state["pg_playing"] and at.button(key="pg_play").label == "Pause"
    first = cursor(at)
    assert first > 0  # each run of the playing fragment advances one update
    at.run()
    assert cursor(at) > first
    click(at, "pg_play")
    assert not at.session_state["pg_playing"]
    stopped = cursor(at)
    at.run()
    assert cursor(at) == stopped
    # Playing to the end stops by itself.
    at.segmented_control(key="pg_play_unit").set_value("epoch").run()
    click(at, "pg_play")
    for _ in range(5):
        at.run()
    assert not at.session_state["pg_playing"]
    assert cursor(at) == at.session_state["pg_run"].n_visits


def test_changing_the_data_or_the_settings_resets_the_run():
    at = app()
    click(at, "pg_end")
    at.number_input(key="pg_n").set_value(30).run()
    assert cursor(at) == 0 and "of 30 visits" not in status(at)
    click(at, "pg_step")
    click(at, "pg_new_data")
    assert at.number_input(key="pg_seed").value == 1 and cursor(at) == 0
    click(at, "pg_step")
    at.select_slider(key="pg_eta").set_value(0.1).run()
    assert cursor(at) == 0
    at.slider(key="pg_separable_margin").set_value(0.5).run()
    assert not at.exception and cursor(at) == 0


def test_every_generator_and_example_runs():
    at = app()
    for name in at.selectbox(key="pg_generator").options:
        at.selectbox(key="pg_generator").set_value(name).run()
        assert not at.exception and not at.error, name
        click(at, "pg_end")
    at.segmented_control(key="pg_source").set_value("examples").run()
    for name in at.selectbox(key="pg_example").options:
        at.selectbox(key="pg_example").set_value(name).run()
        assert not at.exception and not at.error, name


def test_notes_example_follows_the_errata_not_the_text():
    at = app(pg_source="Examples")
    assert at.selectbox(key="pg_example").value == "notes_002_example1"
    for _ in range(4):
        click(at, "pg_visit")
    run = at.session_state["pg_run"]
    assert [run.visit(t).mistake for t in range(4)] == [True, False, True, False]
    assert "w = (0, -1), b = 0" in " ".join(m.value for m in at.markdown)
    assert any(w.value.startswith("**Not linearly separable.**") for w in at.warning)


def test_xor_never_converges_and_theorem_2_replaces_theorem_1():
    at = app(pg_generator="XOR (four clusters)", pg_max_epochs="25")
    assert at.selectbox(key="pg_generator").value == "xor"
    click(at, "pg_end")
    run = at.session_state["pg_run"]
    assert not run.converged and run.epochs == 25
    assert "without converging" in status(at)
    text = " ".join(w.value for w in at.warning)
    assert "never converges" in text and "pocket" in text
    assert any("Theorem 2 after E = 25 epochs" in m.value for m in at.markdown)
    shown = next(x.value for x in at.latex if "L_{\\text{hinge}}" in x.value)
    # The engine's bound, computed here independently of the page's cache.
    import perceptron_core as pc
    from ui import text as words

    ds = at.session_state["pg_good"]
    assert (
        words.bound_tex(pc.hinge_bound(ds.X, ds.y, 25)) in shown
        and f"M = {run.mistakes:,}".replace(",", "{,}") in shown
    )
    assert not any(m.value.startswith("**Separable.**") for m in at.markdown)


def test_preprocessing_shows_what_it_does_to_r_and_the_bound():
    at = app(pg_separable_offset="5.0")
    table = next(m.value for m in at.markdown if m.value.startswith("| | R |"))
    rows = {line.split("|")[1].strip("* "): line for line in table.splitlines()[2:]}
    r_none = float(rows["none"].split("|")[2])
    r_centre = float(rows["centre"].split("|")[2])
    assert r_centre < r_none  # centring a cloud 5 away from the origin shrinks R
    at.segmented_control(key="pg_preprocessing").set_value("centre").run()
    assert not at.exception
    assert any(f"R = {r_centre:g}" in m.value for m in at.markdown if m.value.startswith("**Sep"))


def test_state_is_restored_from_the_link():
    pts = state.encode_points([[0.5, 0.5], [-0.5, -0.4], [0.7, -0.2]], [1, -1, -1])
    at = app(
        pg_source="Draw", pg_pts=pts, pg_step="2", pg_eta="0.5", pg_order="shuffled",
        pg_order_seed="3", pg_max_epochs="7", pg_presenter="true",
    )  # fmt: skip
    assert at.segmented_control(key="pg_source").value == "draw"
    assert cursor(at) == 2
    X, y = at.session_state["pg_points"]
    assert X.tolist() == [[0.5, 0.5], [-0.5, -0.4], [0.7, -0.2]] and y.tolist() == [1, -1, -1]
    run = at.session_state["pg_run"]
    assert run.eta == 0.5 and run.shuffle and run.seed == 3 and run.max_epochs == 7
    assert at.toggle(key="pg_presenter").value and not at.title  # presenter: less chrome
    # And a generated scenario.
    at = app(pg_generator="Two moons", pg_moons_jitter="0.2", pg_seed="4", pg_step="5")
    assert at.selectbox(key="pg_generator").value == "moons"
    assert (
        at.slider(key="pg_moons_jitter").value == 0.2 and at.number_input(key="pg_seed").value == 4
    )
    assert cursor(at) == 5


def test_a_damaged_link_is_reported_and_ignored():
    at = app(pg_step="lots", pg_pts="1###")
    assert cursor(at) == 0
    assert any("could not be read" in w.value for w in at.warning)


def test_draw_add_undo_remove_clear():
    at = app(pg_source="Draw")
    assert any(m.value.startswith("No run yet") for m in at.markdown)
    assert at.button(key="pg_step").disabled and at.button(key="pg_play").disabled
    for (x1, x2), cls in (((0.5, 0.5), 1), ((-0.5, -0.5), -1), ((1.0, -1.0), -1)):
        at.segmented_control(key="pg_draw_class").set_value(cls)
        at.number_input(key="pg_add_x1").set_value(x1)
        at.number_input(key="pg_add_x2").set_value(x2)
        click(at, "pg_add_point")
    X, y = at.session_state["pg_points"]
    assert X.tolist() == [[0.5, 0.5], [-0.5, -0.5], [1.0, -1.0]] and y.tolist() == [1, -1, -1]
    assert at.session_state["pg_run"] is not None and cursor(at) == 0
    assert state.decode_points(at.query_params["pg_pts"])[1].tolist() == [1, -1, -1]
    click(at, "pg_undo_button")
    assert len(at.session_state["pg_points"][1]) == 2
    # Removing the point nearest a click (what a click on a marker does).
    at.session_state["pg_cursor"] = 0
    click(at, "pg_clear")
    assert len(at.session_state["pg_points"][1]) == 0 and at.session_state["pg_run"] is None
    click(at, "pg_undo_button")
    assert len(at.session_state["pg_points"][1]) == 2


def textbook_online(X, y):
    """001's online protocol, written out: each arrival predicted (0 at a tie), then learned."""
    w, b, said = np.zeros(X.shape[1]), 0.0, []
    for x, label in zip(X, y, strict=True):
        a = float(w @ x + b)
        said.append((int(np.sign(a)), int(label)))
        if label * a <= 0:
            w, b = w + label * x, b + label
    return said


@pytest.mark.parametrize("source", ["Generate", "Examples"])
def test_online_mode_works_on_any_data_one_pass_in_order(source):
    at = app(pg_source=source, pg_online="true", pg_max_epochs="7", pg_order="shuffle")
    ds = at.session_state["lab_dataset"]
    run = at.session_state["pg_run"]
    said = textbook_online(ds.X, ds.y)
    assert run.online and run.n_visits == ds.n  # one pass, whatever max epochs and order say
    assert run.mistakes == sum(p * label <= 0 for p, label in said)
    word = {1: "+1", -1: "-1", 0: "0 (I don't know)"}
    for k in (1, 2, ds.n):
        at.session_state["pg_cursor"] = k
        at.run()
        p, label = said[k - 1]
        assert f"arrival {k} of {ds.n}" in status(at)
        assert f"predicted {word[p]}, label {label:+d}" in status(at)
    # Off again: the ordinary run on the same data.
    at.toggle(key="pg_online").set_value(False).run()
    assert not at.session_state["pg_run"].online


def test_online_mode_a_new_point_is_the_next_arrival():
    at = app(pg_source="Draw", pg_online="true")
    at.number_input(key="pg_add_x1").set_value(1.0)
    at.number_input(key="pg_add_x2").set_value(1.0)
    click(at, "pg_add_point")
    run = at.session_state["pg_run"]
    assert run.online and run.n_visits == 1 and cursor(at) == 1  # predicted, then learned
    assert "predicted 0 (I don't know), label +1" in status(at)
    at.segmented_control(key="pg_draw_class").set_value(-1)
    at.number_input(key="pg_add_x1").set_value(2.0)
    at.number_input(key="pg_add_x2").set_value(0.0)
    click(at, "pg_add_point")
    assert cursor(at) == 2 and "arrival 2 of 2" in status(at)
    assert "predicted +1, label -1" in status(at)


def test_upload_a_good_file_then_a_bad_one_keeps_the_good_data():
    at = app(pg_source="Upload")
    at.file_uploader(key="pg_upload").upload(
        "playground_good.csv", (DATA / "playground_good.csv").read_bytes(), "text/csv"
    ).run()
    assert not at.exception and not at.error
    assert at.selectbox(key="pg_csv_label").value == "kind"
    assert at.selectbox(key="pg_csv_positive").value == "small"
    assert any("8 rows used, 2 dropped" in text_of(c.value) for c in at.caption)
    run = at.session_state["pg_run"]
    assert run.n == 8
    at.selectbox(key="pg_csv_positive").set_value("big").run()
    assert at.selectbox(key="pg_csv_negative").value == "small"
    good_y = at.session_state["pg_run"].y.copy()
    np.testing.assert_array_equal(good_y, -run.y)
    for bad in ("playground_one_class.csv", "playground_not_csv.csv"):
        at.file_uploader(key="pg_upload").clear().upload(bad, (DATA / bad).read_bytes()).run()
        assert not at.exception
        assert at.error, bad
        assert any("previous data" in c.value for c in at.caption)
        np.testing.assert_array_equal(at.session_state["pg_run"].y, good_y)


def test_a_link_made_on_uploaded_data_says_so_and_opens_at_its_step_after_the_upload():
    at = app(pg_source="Upload", pg_step="5")
    said = " ".join(i.value for i in at.info)
    assert "a link cannot carry a file" in said and "step 5" in said
    at.file_uploader(key="pg_upload").upload(
        "playground_good.csv", (DATA / "playground_good.csv").read_bytes(), "text/csv"
    ).run()
    assert not at.exception and not at.error
    run = at.session_state["pg_run"]
    assert run.n_visits >= 5 and cursor(at) == 5  # the link's step, once its data came
    # The status line agrees with the engine at visit 5 (the 5th visit of epoch 1 of 8).
    assert "example 5 of 8" in status(at)
    assert not at.info  # said once, while the data was missing


def test_bad_parameters_show_an_error_and_keep_the_previous_data():
    at = app(pg_generator="Overlapping blobs", pg_n="4")
    at.number_input(key="pg_n").set_value(3).run()  # blobs needs n >= 4
    assert any("between 4 and" in e.value for e in at.error)
    assert at.session_state["pg_run"].n == 4  # the previous good data stays


def test_data_that_breaks_the_page_is_set_aside_by_its_run_key(monkeypatch):
    """Drawing 37 points raises: the guard sets that data aside by its run's key, says so,
    and the previous data stays; the same data with other settings is another run, tried
    again."""
    from ui.server import guard
    from ui.views import playground_view

    real = playground_view.picture

    def broken(ds, *args, **kwargs):
        if ds.n == 37:
            raise RuntimeError("boom")
        return real(ds, *args, **kwargs)

    monkeypatch.setattr(playground_view, "picture", broken)
    at = app(pg_seed="7373")
    good = at.session_state["pg_run_id"]
    at.number_input(key="pg_n").set_value(37).run()
    assert not at.exception, at.exception
    assert any("could not be drawn" in e.value for e in at.error), [e.value for e in at.error]
    assert guard.MESSAGE in [e.value for e in at.error]
    assert at.session_state["pg_run_id"] == good and at.session_state["pg_run"].n != 37
    (bad,) = at.session_state["lab_bad"]
    assert bad != good
    at.select_slider(key="pg_eta").set_value(0.1).run()  # another run on the 37 points
    (first, second) = at.session_state["lab_bad"]
    assert first == bad and second not in (bad, good)


def test_too_many_points_is_an_error_not_a_hang(monkeypatch):
    from ui import compute

    monkeypatch.setattr(compute, "MAX_TRAINED", 50)
    at = app()
    at.number_input(key="pg_n").set_value(60).run()
    assert any("the Playground trains on at most 50" in e.value for e in at.error)
    assert at.session_state["pg_run"].n == 40


@pytest.mark.parametrize("flag", ["true"])
def test_presenter_mode(flag):
    at = app(pg_presenter=flag)
    assert not at.title and not at.exception

    presenting = lab_app.figures(at)[0]["layout"]
    normal = lab_app.figures(app())[0]["layout"]
    # A projector gets a taller chart with larger text than the normal screen.
    assert presenting["height"] > normal["height"]
    assert presenting["font"]["size"] > normal["font"]["size"] >= 12


def test_random_start_has_its_own_seed_and_bound():
    at = app(pg_start="random", pg_start_seed="2")
    run = at.session_state["pg_run"]
    assert run.w0.any() and not run.shuffle
    # 004's bound from this start, and not Theorem 1's (stated from w = 0).
    assert any("\\hat k" in x.value for x in at.latex)
    assert not any("\\gamma^{*2}}" in x.value for x in at.latex)
    assert any("004's proof from this random start" in m.value for m in at.markdown)
    at.number_input(key="pg_start_seed").set_value(3).run()
    assert not (at.session_state["pg_run"].w0 == run.w0).all() and cursor(at) == 0
    click(at, "pg_end")
    assert "converged" in status(at)


def test_a_damaged_link_says_what_it_could_not_use():
    at = app(pg_generator="xor", pg_n="lots", pg_eta="0.3", pg_noise="0.1", pg_seed="5")
    warnings = " ".join(text_of(w.value) for w in at.warning)
    assert "pg_generator='xor'" in warnings and "write 'XOR (four clusters)'" in warnings
    assert "pg_n='lots'" in warnings and "pg_eta='0.3'" in warnings
    # What could be read is used; the rest shows the defaults.
    assert at.slider(key="pg_noise").value == 0.1 and at.number_input(key="pg_seed").value == 5
    assert at.selectbox(key="pg_generator").value == "separable"
    assert at.number_input(key="pg_n").value == 40


def test_every_link_the_page_writes_reads_back_without_a_warning():
    at = app(pg_source="Examples", pg_example="Iris: setosa vs versicolor", pg_eta="0.1",
             pg_order="shuffled", pg_order_seed="4", pg_preprocessing="centre")  # fmt: skip
    assert not at.warning or all("link" not in w.value for w in at.warning)
    link = {k: v for k, v in at.query_params.items()}
    again = app(**{k: v[0] if isinstance(v, list) else v for k, v in link.items()})
    assert all("link" not in w.value for w in again.warning)
    assert again.session_state["pg_run"].n_visits == at.session_state["pg_run"].n_visits


# ------------------------------------------------------------- hostile input
EVIL_LINK = "[Session expired: click here to sign in again](http://evil.example/login)"
EVIL_IMAGE = "![x](http://evil.example/p.png)"


def shown_markdown(at) -> list[str]:
    """Every Markdown string the page rendered (markdown, captions, warnings, errors)."""
    return [e.value for kind in ("markdown", "caption", "warning", "error") for e in at.get(kind)]


@pytest.mark.parametrize(
    "query",
    [
        {"pg_generator": EVIL_LINK},
        {"pg_source": EVIL_IMAGE},
        {"pg_step": "<img src=x onerror=alert(1)>"},
        {"pg_n": "**9**", "pg_noise": ":red[x]", "pg_presenter": "$x$"},
        {"pg_generator": "A" * 16_000},  # near the link limit (a longer link is not read)
    ],
)
def test_nothing_a_link_carries_is_rendered(query):
    at = app(**query)
    assert at.warning  # each value is reported ...
    for md in shown_markdown(at):  # ... as plain text, cut short
        assert inert(md, allowed=("<strong>", "<em>", "<code>")), html_of(md)
        assert "evil.example" not in html_of(md) or "href" not in html_of(md)
        assert len(md) < 2_000
    assert any("evil" in text_of(w.value) or "A…" in w.value or "img" in text_of(w.value)
               or "9" in text_of(w.value) for w in at.warning)  # fmt: skip


def hostile_csv(pos: str, neg: str, f1: str = "x1", f2: str = "x2") -> bytes:
    rows = [f"{f1},{f2},label"]
    rows += [f"{i + 0.5},{i % 3},{pos if i % 2 else neg}" for i in range(12)]  # no row number
    return ("\n".join(rows) + "\n").encode()


def legend_and_axes(at) -> list[str]:

    out = []
    for spec in lab_app.figures(at):
        out += [str(t.get("name", "")) for t in spec["data"]]
        layout = spec.get("layout", {})
        for axis in ("xaxis", "yaxis"):
            out.append(str(layout.get(axis, {}).get("title", {}).get("text", "")))
    return out


def test_names_from_a_file_are_plain_text_in_captions_and_the_chart():
    evil_class = "<b>bold</b><a href='http://evil.example'>x</a>"
    evil_col = "[c](http://evil.example)"
    at = app(pg_source="Upload")
    data = hostile_csv(evil_class, EVIL_IMAGE, f1=evil_col, f2="=1+2")
    at.file_uploader(key="pg_upload").upload("[f](http://evil.example).csv", data).run()
    assert not at.exception and not at.error
    for md in shown_markdown(at):
        assert inert(md, allowed=("<strong>", "<em>")), html_of(md)
    texts = legend_and_axes(at)
    assert texts and not any("<b>" in t or "<a " in t for t in texts)
    assert any("&lt;b&gt;bold" in t for t in texts)  # shown literally by Plotly


def test_a_huge_class_name_is_cut_short_everywhere():
    big = "N" * 1_000_000
    at = app(pg_source="Upload")
    at.file_uploader(key="pg_upload").upload("big.csv", hostile_csv("small", big)).run()
    assert not at.exception
    for md in shown_markdown(at):
        assert len(md) < 5_000
    assert all(len(t) < 200 for t in legend_and_axes(at))


def test_an_unexpected_error_is_a_short_message_and_the_previous_data_stays(monkeypatch):
    from ui.charts import playground

    at = app(pg_n="30")
    good = at.session_state["pg_run"]
    real = playground.Playground.traces

    def broken(self, **kw):  # drawing fails for one dataset only
        if self.scene.n == 31:
            raise RuntimeError("/secret/server/path.py exploded")
        return real(self, **kw)

    monkeypatch.setattr(playground.Playground, "traces", broken)
    at.number_input(key="pg_n").set_value(31).run()
    assert not at.exception
    every = " ".join(text_of(m) for m in shown_markdown(at))
    assert "/secret" not in every and "exploded" not in every
    assert "previous data is kept" in every
    assert at.session_state["pg_run"].n == good.n  # the chart shows the previous data
    at.number_input(key="pg_n").set_value(32).run()  # other data draws again
    assert not at.exception and at.session_state["pg_run"].n == 32


def test_a_link_step_beyond_the_run_is_reported():
    at = app(pg_step="100000")
    run = at.session_state["pg_run"]
    assert cursor(at) == run.n_visits
    assert any("beyond the end" in text_of(w.value) for w in at.warning)


# ------------------------------------------------------------ every scale
def scaled_csv(scale: float) -> bytes:
    """002-like separable data (two clusters either side of x1 + x2 = 0), times ``scale``."""
    pts = [(1, 2, "a"), (2, 1, "a"), (2, 3, "a"), (-1, -2, "b"), (-2, -1, "b"), (-3, -1, "b")]
    rows = ["mass,charge,kind"] + [f"{x * scale!r},{y * scale!r},{c}" for x, y, c in pts]
    return ("\n".join(rows) + "\n").encode()


def numbers_text(at) -> str:
    return " ".join(text_of(m.value) for m in at.markdown) + " ".join(m.value for m in at.latex)


@pytest.mark.parametrize("scale", [1e-20, 1e-13, 1.0, 1e20, 1e90])
@pytest.mark.parametrize("presenter", ["false", "true"])
def test_separable_data_is_separable_at_every_scale(scale, presenter):
    at = app(pg_source="Upload", pg_presenter=presenter)
    at.file_uploader(key="pg_upload").upload(f"s{scale}.csv", scaled_csv(scale)).run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    run = at.session_state["pg_run"]
    click(at, "pg_end")
    assert run.converged and "converged" in status(at)
    shown = numbers_text(at)
    assert "Separable" in shown and "Not linearly separable" not in shown
    assert "nan" not in shown.lower() and "inf" not in shown.replace("\\infty", "")


@pytest.mark.parametrize("presenter", ["false", "true"])
def test_values_that_would_overflow_are_refused_and_the_previous_data_stays(presenter):
    at = app(pg_source="Upload", pg_presenter=presenter)
    at.file_uploader(key="pg_upload").upload("good.csv", scaled_csv(1.0)).run()
    good = at.session_state["pg_run"]
    at.file_uploader(key="pg_upload").clear().upload("huge.csv", scaled_csv(1e300)).run()
    assert not at.exception
    errors = " ".join(text_of(e.value) for e in at.error)
    assert "rescale" in errors, errors
    assert at.session_state["pg_run"].n == good.n
    np.testing.assert_array_equal(at.session_state["pg_run"].y, good.y)


# ------------------------------------------------------------- file types
def test_an_excel_workbook_and_its_sheets():
    head = ("a", "b", "kind")
    first = [head] + [(i + 0.5, i % 4, "x" if i % 2 else "o") for i in range(10)]
    second = [head] + [(i + 0.5, -i, "p" if i > 6 else "q") for i in range(14)]
    at = app(pg_source="Upload")
    data = workbook({"first": [list(r) for r in first], "second": [list(r) for r in second]})
    at.file_uploader(key="pg_upload").upload("book.xlsx", data).run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    assert at.session_state["pg_run"].n == 10
    sheet = next(s for s in at.selectbox if s.label == "Sheet")
    assert sheet.options == ["first", "second"]
    sheet.set_value("second").run()
    assert not at.exception and not at.error
    assert at.session_state["pg_run"].n == 14


def test_a_gzipped_csv_and_merged_label_spellings():
    import gzip

    rows = ["x1,x2,answer"] + [
        f"{i + 0.5},{(i * 7) % 5},{['Yes', 'yes', 'YES ', 'no'][i % 4]}" for i in range(16)
    ]
    at = app(pg_source="Upload")
    at.file_uploader(key="pg_upload").upload("d.csv.gz", gzip.compress("\n".join(rows).encode()))
    at.run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    run = at.session_state["pg_run"]
    assert run.n == 16 and sorted(set(run.y.tolist())) == [-1, 1]
    notes = " ".join(text_of(c.value) for c in at.caption)
    assert "merged" in notes


def test_the_upload_box_takes_what_the_loader_reads():
    import tomllib

    import datasets

    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text())
    assert config["server"]["maxUploadSize"] * 2**20 == datasets.MAX_FILE_BYTES
    assert config["client"]["showErrorDetails"] == "none"


def test_every_parameter_the_page_writes_is_declared():
    from ui.parts import data
    from ui.state import PLAYGROUND

    at = app(pg_source="Examples", pg_eta="0.1", pg_order="shuffled", pg_presenter="true",
             pg_separable_margin="0.3", pg_max_epochs="7", pg_start="random")  # fmt: skip
    click(at, "pg_step")
    declared = set(data.link_spec(PLAYGROUND).choices) | set(data.link_spec(PLAYGROUND).numbers)
    declared |= set(data.link_spec(PLAYGROUND).flags)
    declared |= {state.key(n) for n in state.FIELDS} | {state.POINTS_TOTAL_PARAM}
    written = set(at.query_params)
    assert "pg_step" in written and "pg_eta" in written
    assert written <= declared, written - declared


def test_lab_wide_state_is_set_up_before_the_page_and_follows_it():
    at = app(pg_n="25")
    assert at.session_state["lab_dataset"].n == 25 and at.session_state["lab_presenter"] is False
    at.toggle(key="pg_presenter").set_value(True).run()
    assert at.session_state["lab_presenter"] is True
    at.number_input(key="pg_n").set_value(30).run()
    assert at.session_state["lab_dataset"].n == 30


def test_the_margin_of_w_is_a_number_when_w_separates_and_none_before():
    at = app(pg_n="40", pg_seed="2", pg_offset="0.5")
    line = next(m.value for m in at.markdown if "margin" in m.value and "w" in m.value)
    assert "w = 0: no boundary yet" in line
    # The slider's margin and the bound's gamma*, named side by side.
    import perceptron_core as pc

    X, y = at.session_state["pg_run"].X, at.session_state["pg_run"].y  # the page's data
    th = pc.theory(X, y)
    note = next(c.value for c in at.caption if "Margin γ slider" in c.value)
    assert "0.2 is the distance" in note and f"γ* = {th.gamma:.4g}" in note
    click(at, "pg_end")
    run = at.session_state["pg_run"]
    assert run.converged
    # The oracle: the final w's geometric margin in the plane, computed here.
    w, b = run.w, run.b
    margin = np.min(y * (X @ w + b)) / np.linalg.norm(w)
    line = next(m.value for m in at.markdown if "margin of w in the picture" in m.value)
    assert f": {margin:.4g} (the band)" in line
    # Beside it the picture's max margin (a hard-margin SVM with a free bias, here), and
    # gamma* named as the other space's.
    from sklearn.svm import SVC

    svm = SVC(kernel="linear", C=1e10, tol=1e-10).fit(X, y)
    widest = 1 / np.linalg.norm(svm.coef_)
    assert f"the picture's max margin: {widest:.4g}" in line
    assert f"γ\\* = {th.gamma:.4g} (augmented, bias in the norm)" in line
    # The chart says the perceptron stopped elsewhere than u*: its margin in u*'s space
    # (augmented, bias in the norm) is smaller.
    Z = np.hstack((np.ones((len(y), 1)), X)) * y[:, None]
    v = np.concatenate(([b], w))
    own = np.min(Z @ v) / np.linalg.norm(v)
    assert own < th.gamma * (1 - 1e-6)
    note = next(
        t for t in lab_app.stage_figures(at)[0]["data"] if t.get("name") == "max-margin note"
    )
    assert (
        "not on<br>the max-margin line u*" in note["text"][0]
        and f"w {own:.4g} < γ* {th.gamma:.4g} (u*)" in note["text"][0]
    )
    click(at, "pg_back")  # before the end: no such note
    names = [t.get("name") for t in lab_app.stage_figures(at)[0]["data"]]
    assert "max-margin note" not in names


def test_002_example_2_after_four_visits_its_boundary_is_in_view():
    # ERRATA: w = (-1, -1), b = -1 after four visits; x1 + x2 = -1 would touch only the
    # corner of the data's view. The chart's view grows so the line is seen.
    at = app(pg_source="Examples", pg_example="Notes 002, example 2 (XOR, 4 points)", pg_step="4")
    assert "update 3" in status(at)
    fig = lab_app.stage_figures(at)[0]
    line = [t for t in fig["data"] if t.get("name") == "boundary"][-1]  # the step's
    assert set(line["text"]) == {""}  # no word saying it is off the view
    (x0, x1), (y0, y1) = line["x"], line["y"]
    assert x0 + y0 == pytest.approx(-1) and x1 + y1 == pytest.approx(-1)  # on x1 + x2 = -1
    xr, yr = fig["layout"]["xaxis"]["range"], fig["layout"]["yaxis"]["range"]
    assert np.hypot(x1 - x0, y1 - y0) >= 0.1 * (xr[1] - xr[0])  # a piece a reader sees
    for px, py in [(0, 0), (1, 1), (0, 1), (1, 0)]:  # the data stay in view
        assert xr[0] < px < xr[1] and yr[0] < py < yr[1]


@pytest.mark.parametrize("path", [None, "pages/kernel.py"])
def test_xors_axes_fit_its_data(path):
    # XOR's clusters lie in about -1.7..1.5: the axes were -5..5 on the Playground.
    prefix = "pg_" if path is None else "kn_"
    query = {f"{prefix}generator": "XOR (four clusters)", f"{prefix}n": "100"}
    at = lab_app.open_page(path, **query)
    ds = datasets.generate("xor", n=100, seed=0)
    lo, hi = ds.X.min(axis=0), ds.X.max(axis=0)
    layout = lab_app.stage_figures(at)[0]["layout"]
    for axis, j in (("xaxis", 0), ("yaxis", 1)):
        low, high = layout[axis]["range"]
        assert low < lo[j] and high > hi[j]  # every point in view
        assert high - low <= 1.6 * float(np.max(hi - lo)), (axis, low, high)


def test_a_stale_slider_value_riding_on_another_rerun_does_not_move_the_step(monkeypatch):
    """The browser sends every widget's value with a rerun: the slider's is the step an
    earlier run drew while the latest run's answer is still on its way (a loaded server:
    Step, then Ask or Reveal at once). That copy is not a drag: the step stays. A drag
    to a step not drawn a moment ago moves, and so does one to an older step later."""
    from ui.stage import controls

    at = app()
    click(at, "pg_step")
    stepped = cursor(at)
    assert stepped > 0
    at.slider(key="pg_scrub").set_value(0).run()  # the browser's copy from before the Step
    assert cursor(at) == stepped  # it moved back to 0 before
    at.slider(key="pg_scrub").set_value(7).run()  # a drag
    assert cursor(at) == 7
    monkeypatch.setattr(controls, "SCRUB_STALE_S", 0.0)  # those seconds have passed
    at.slider(key="pg_scrub").set_value(stepped).run()
    assert cursor(at) == stepped


def test_a_stale_slider_value_riding_on_another_widgets_change_is_no_drag_on_a_slow_server(
    monkeypatch,
):
    """On a loaded server the answer to a Step can take longer than SCRUB_STALE_S: the
    slider's old copy then rides on the next message. A message that changes another widget
    (here Play's unit, pressed at once) is not a drag, so the step stays; the slider alone
    is a drag, to that same old step too."""
    from ui.stage import controls

    at = app()
    click(at, "pg_step")
    stepped = cursor(at)
    assert stepped > 0
    monkeypatch.setattr(controls, "SCRUB_STALE_S", 0.0)  # the server was slow to answer
    at.slider(key="pg_scrub").set_value(0)  # the browser's copy from before the Step
    at.segmented_control(key="pg_play_unit").set_value("epoch").run()
    assert not at.exception, at.exception
    assert at.segmented_control(key="pg_play_unit").value == "epoch"  # the press counts
    assert cursor(at) == stepped  # it moved back to 0 before
    at.slider(key="pg_scrub").set_value(0).run()  # then a drag back to the start
    assert cursor(at) == 0
