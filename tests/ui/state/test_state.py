"""ui.state: the declared scenario, the packed drawn points, the cursor and the URL."""

import dataclasses

import numpy as np
import pytest
from md_oracle import html_of, inert, text_of

import datasets
import perceptron_core as pc
from ui import state


def spelled(f: state.Field, value) -> str:
    """How a bound widget writes a value into the URL (a choice: its label)."""
    if f.kind == "choice":
        return f.labels()[value]
    if f.kind == "bool":
        return "true" if value else "false"
    return f"{value:g}" if isinstance(value, float) else str(value)


def test_every_declared_default_passes_the_link_check_and_every_bad_value_is_caught():
    table = state.PLAYGROUND
    bound = [f for f in table.fields.values() if f.bound]
    assert {f.name for f in bound} >= {"source", "generator", "n", "seed", "noise", "eta"}
    query = {table.key(f.name): spelled(f, f.default) for f in bound}
    assert state.check_link(dict(query), table.link_spec()) == []
    bad = {"choice": "nonsense", "set": "0.123", "bool": "yes", "int": "2.5", "float": "nan"}
    for f in bound:
        query = {table.key(f.name): bad[f.kind]}
        problems = state.check_link(query, table.link_spec())
        assert len(problems) == 1 and query == {}, f.name
        if f.kind in ("int", "float") and f.high is not None:  # one past the top
            too_big = {table.key(f.name): str(f.high + 1)}
            assert state.check_link(too_big, table.link_spec()), f.name


def test_tables_with_their_own_prefixes_never_share_a_key():
    fields = (state.Field("eta", 1.0, "set", (0.5, 1.0)), state.Field("n", 5, "int", low=1))
    a, b = state.Table("pg_", fields), state.Table("vr_", fields)
    assert a.key("eta") == "pg_eta" and b.key("eta") == "vr_eta"
    assert set(a.link_spec().numbers).isdisjoint(b.link_spec().numbers)
    assert a.defaults.eta == 1.0 and a.defaults.n == 5
    with pytest.raises(KeyError):
        a.key("nope")
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.defaults.eta = 2.0  # type: ignore[misc]


def test_defaults_are_valid_choices():
    d = state.DEFAULTS
    assert d.source in state.SOURCES and d.start in state.STARTS and d.order in state.ORDERS
    assert d.variant in state.PLAYGROUND_VARIANTS and set(state.PLAYGROUND_VARIANTS) <= set(
        pc.VARIANTS
    )
    assert d.eta in state.ETAS and d.speed in state.SPEEDS and d.play_unit in state.PLAY_UNITS
    assert d.generator in datasets.GENERATORS and not datasets.GENERATORS[d.generator].fixed_n


def test_points_round_trip_exactly_on_the_grid():
    rng = np.random.default_rng(3)
    X = np.vectorize(state.snap)(rng.uniform(-2, 2, size=(300, 2)))
    y = rng.choice([-1, 1], size=300)
    code = state.encode_points(X, y)
    assert code.startswith("1") and all(c.isalnum() or c in "-_" for c in code)
    assert len(code) <= 5.6 * 300  # compact: a few hundred points fit in a link
    X2, y2 = state.decode_points(code)
    np.testing.assert_array_equal(X2, X)
    np.testing.assert_array_equal(y2, y)
    assert y2.dtype == np.int64


def test_points_edge_cases():
    assert state.encode_points(np.zeros((0, 2)), []) == ""
    X, y = state.decode_points("")
    assert X.shape == (0, 2) and y.shape == (0,)
    one = state.encode_points([[0.5, -0.25]], [-1])
    np.testing.assert_array_equal(state.decode_points(one)[0], [[0.5, -0.25]])
    with pytest.raises(ValueError, match="outside"):
        state.encode_points([[40.0, 0.0]], [1])
    with pytest.raises(ValueError, match="-1 or \\+1"):
        state.encode_points([[0.0, 0.0]], [0])
    for bad in ("2abc", "1", "1AAAA", "1!!!!", code_truncated := one[:-3]):
        with pytest.raises(ValueError):
            state.decode_points(bad)
    assert code_truncated


def test_snap_is_a_tenth_of_a_pixel_or_less():
    assert state.snap(0.12345) == 0.123 and state.snap(-1.0006) == -1.001
    # A 4-unit-wide chart is ~400 px: 0.01 units per pixel, the grid is 0.001.
    assert 1 / state.GRID <= 0.1 * 4 / 400


X4 = np.array([[1.0, 1.0], [2.0, 2.0], [1.0, 2.0], [2.0, 1.0]])  # ERRATA example 1
Y4 = np.array([1, 1, -1, -1])


def test_session_reads_the_link_once_and_writes_it_back():
    pts = state.encode_points([[0.5, 0.5], [-0.5, -0.5]], [1, -1])
    query = {"pg_step": "7", "pg_pts": pts, "pg_eta": "0.5"}
    session: dict = {}
    assert state.init_session(session, query) == []
    assert session["pg_cursor"] == 7 and session["pg_points"][1].tolist() == [1, -1]
    session["pg_cursor"] = 2
    assert state.init_session(session, {"pg_step": "9"}) == []  # only the first run reads
    assert session["pg_cursor"] == 2

    state.sync_url(query, 0, (np.zeros((0, 2)), np.zeros(0)))
    assert query == {"pg_eta": "0.5"}  # defaults leave the URL
    state.sync_url(query, 4, session["pg_points"])
    assert query["pg_step"] == "4" and query["pg_pts"] == pts


def test_a_damaged_link_falls_back_and_says_why():
    session: dict = {}
    problems = state.init_session(session, {"pg_step": "ten", "pg_pts": "1%%"})
    assert session["pg_cursor"] == 0 and session["pg_points"][0].shape == (0, 2)
    assert len(problems) == 2 and "step" in problems[0]


def test_a_link_keeps_the_first_points_when_there_are_too_many():
    query: dict = {}
    k = state.MAX_URL_POINTS + 7
    X = np.column_stack((np.arange(k) / 100, -np.arange(k) / 100))
    y = np.where(np.arange(k) % 3 == 0, 1, -1)
    state.sync_url(query, 0, (X, y))
    back_X, back_y = state.decode_points(query["pg_pts"])
    assert len(back_y) == state.MAX_URL_POINTS
    assert np.array_equal(back_X, X[: state.MAX_URL_POINTS])
    assert np.array_equal(back_y, y[: state.MAX_URL_POINTS])
    # ... and the link says so when it is opened again
    session: dict = {}
    problems = state.init_session(session, dict(query))
    assert len(session["pg_points"][1]) == state.MAX_URL_POINTS
    assert f"the first 500 of {k:,} drawn points" in text_of(problems[0])
    state.sync_url(query, 0, (X[:10], y[:10]))  # few points: no count in the link
    assert "pg_ptsn" not in query and state.init_session({}, dict(query)) == []


HOSTILE = [
    "[Session expired: click here to sign in again](http://evil.example/login)",
    "![x](http://evil.example/p.png)",
    "<img src=x onerror=alert(1)> <b>bold</b> <a href='http://e.example'>a</a>",
    "**bold** _it_ `code` ~~del~~ :red[red] :material/home: $x^2$",
    "http://evil.example/a www.evil.example mail@evil.example",
    "# heading",
    "- item",
    "1. item",
    "> quote",
]


@pytest.mark.parametrize("raw", HOSTILE)
def test_link_values_are_echoed_as_plain_text(raw):
    spec = state.LinkSpec(choices={"pg_generator": {"xor": "XOR"}}, numbers={"pg_n": (2, 9, True)})
    for name in ("pg_generator", "pg_n"):
        problems = state.check_link({name: raw}, spec)
        assert len(problems) == 1
        assert inert(problems[0]), html_of(problems[0])
        assert f"{name}='{raw[:40]}" in text_of(problems[0])  # long values are cut short


def test_a_huge_link_value_is_cut_short():
    spec = state.LinkSpec(choices={"pg_generator": {"xor": "XOR"}}, numbers={})
    (problem,) = state.check_link({"pg_generator": "A" * 100_000}, spec)
    assert len(problem) < 300 and "…" in problem


def test_a_seed_beyond_what_a_browser_holds_is_reported():
    from ui.parts import data
    from ui.state import PLAYGROUND

    query = {"pg_seed": str(2**53 + 2)}
    problems = state.check_link(query, data.link_spec(PLAYGROUND))
    assert "pg_seed" not in query and "9,007,199,254,740,991" in text_of(problems[0])
    query = {"pg_seed": str(2**53 - 1)}
    assert state.check_link(query, data.link_spec(PLAYGROUND)) == []


# -------------------------------------------------- the words shown for a state
def test_status_lines_follow_the_errata_trace():
    from ui import text

    run = pc.train(X4, Y4, max_epochs=3)
    lines = [text.status_line(run, t) for t in range(5)]
    assert lines[0].startswith("start · update 0")
    assert lines[1] == "update 1 · epoch 1 · example 1 of 4 · mistake (a tie: w·x + b = 0)"
    assert lines[2] == "update 1 · epoch 1 · example 2 of 4 · no mistake"
    assert lines[3] == "update 2 · epoch 1 · example 3 of 4 · mistake"
    assert text.status_line(run, run.n_visits).endswith("(max epochs) without converging")
    latex = " ".join(text.visit_latex(run.visit(2), X4[2], -1, 1.0))
    assert "= 4" in latex and "-4 \\le 0" in latex and "\\begin{pmatrix}0 \\\\ -1" in latex


def test_online_status_says_what_was_predicted():
    import perceptron_core as pc
    from ui import text

    run = pc.online_run(X4[:2], Y4[:2], eta=1.0)
    assert text.status_line(run, 1).startswith("arrival 1 of 2 · update 1 · predicted 0")
    assert "predicted +1, label +1 · no mistake" in text.status_line(run, 2)


def test_proof_quantities_match_the_engine():
    from ui import text

    X = np.array([[1.0, 0.5], [2.0, 1.0], [-1.0, -0.5], [-0.5, -2.0]])
    y = np.array([1, 1, -1, -1])
    th = pc.theory(X, y)
    run = pc.train(X, y, eta=0.5, w0=[0.3, -0.2], b0=0.1)
    ref = run.proof(th.u, th.gamma, th.R)
    for k in range(run.n_updates + 1):
        w, b = run.weights(k)
        got = run.proof_at(k, th.u, th.gamma, th.R)
        aug = np.concatenate(([b], w))  # independently: w with the bias first
        assert np.isclose(got["w_dot_u"], aug @ th.u) and np.isclose(got["norm_sq"], aug @ aug)
        for name in ("w_dot_u", "lower", "norm_sq", "upper"):
            assert np.isclose(got[name], ref[name][k])
        assert got["w_dot_u"] >= got["lower"] - 1e-12 and got["norm_sq"] <= got["upper"] + 1e-12
    lines = text.proof_latex(run.eta, got)
    assert "w_0" in lines[0] and "\\eta" in lines[0]


def test_numbers_for_people():
    from ui import text

    assert text.num(-0.0) == "0" and text.num(1 / 3) == "0.3333" and text.num(1e-7) == "1·10^-7"
    assert text.tex(2.5e8) == "2.5 \\cdot 10^{8}" and text.num(float("inf")) == "∞"
    assert [text.compact(v) for v in (76.93, 4952.3, 123456.0)] == ["76.9", "4,952", "1.2e+05"]
    assert "**S** step" in text.keys_help() and "**F** run to end" in text.keys_help()


def test_check_link_reports_what_the_widgets_would_silently_drop():
    spec = state.LinkSpec(
        choices={
            "pg_generator": {
                "xor": "XOR (four clusters)",
                "xor (four clusters)": "XOR (four clusters)",
            }
        },
        numbers={
            "pg_n": (2, 100, True),
            "pg_noise": (0.0, 0.5, False),
            "pg_eta": ("set", (0.1, 1.0)),
        },
        flags=("pg_presenter",),
    )
    good = {"pg_generator": "XOR (four clusters)", "pg_n": "30", "pg_noise": "0.25",
            "pg_eta": "0.1", "pg_presenter": "true", "pg_other": "kept"}  # fmt: skip
    query = dict(good)
    assert state.check_link(query, spec) == [] and query == good
    bad = {"pg_generator": "xor", "pg_n": "2.5", "pg_noise": "nan", "pg_eta": "0.3",
           "pg_presenter": "1", "pg_other": "kept"}  # fmt: skip
    query = dict(bad)
    problems = state.check_link(query, spec)
    assert query == {"pg_other": "kept"}  # every unusable value removed, the rest untouched
    assert len(problems) == 5
    shown = [text_of(p) for p in problems]  # as a reader sees the Markdown
    assert "write 'XOR (four clusters)'" in shown[0]
    assert any("pg_n='2.5' is not a whole number from 2 to 100" in p for p in shown)
    assert any("pg_eta='0.3' is not one of 0.1, 1" in p for p in shown)
    query = {"pg_n": "101", "pg_generator": "nonsense"}
    problems = state.check_link(query, spec)
    assert query == {} and "(write" not in problems[0]


def test_a_runs_default_settings_are_the_declared_fields_defaults():
    from ui.parts.settings import Settings

    s, fields_ = Settings(), {f.name: f for f in (*state.run_fields(), *state.kernel_fields())}
    for name in ("eta", "max_epochs", "order", "order_seed", "start", "start_seed", "degree"):
        assert getattr(s, name) == fields_[name].default, name
    assert s.width == fields_["width"].default
    assert (s.variant, s.online) == (state.PLAYGROUND["variant"].default, False)
    assert s.kernel == "linear"  # no kernel given: the Playground's perceptron (a·b + 1)
