"""/space through AppTest: the 2-D chart, the augmented 3-D view and weight space follow
the cursor together; every control; the cone LP section.

Expected numbers come from the engine called here (``pc.train``) or textbook loops written
here, never from the page's output or its view module.
"""

import json

import numpy as np
import pytest
from lab_app import charts, click, open_page, stage_figures, status

import datasets
import perceptron_core as pc

PAGE = "pages/space.py"


def plotly(at) -> list[dict]:
    return list(charts(at).values())


def space_chart(at) -> dict:
    return next(f for f in plotly(at) if "scene" in f["layout"])


def weight_chart(at) -> dict:
    return next(
        f for f in plotly(at) if f["layout"].get("title", {}).get("text", "").startswith("Weight")
    )


def trace(fig: dict, prefix: str) -> dict | None:
    return next((t for t in fig["data"] if str(t.get("name", "")).startswith(prefix)), None)


def cursor(at) -> int:
    return int(at.session_state["sp_cursor"])


def notes_004():
    return datasets.generate("notes_rule_004", seed=0)


def textbook_cone(A, cap=10_000):
    """Note 001, as written: from w = 0, add each row with a . w <= 0, until a clean pass."""
    w, iterates, rows = np.zeros(A.shape[1]), [], []
    while len(rows) < cap:
        clean = True
        for i, a in enumerate(A):
            if a @ w <= 0:
                w = w + a
                iterates.append(w.copy())
                rows.append(i)
                clean = False
        if clean:
            break
    return iterates, rows


def check_step(at, run, X, y, *, flip=False):
    """Both charts show the engine's w at the page's cursor: the 2-D boundary, the 3-D
    vector and plane, weight space's star; the lifted points are (1, x) or y (1, x)."""
    t = cursor(at)
    w, b = run.weights(run.updates_before_visit(t))
    waug = np.concatenate(([b], w))
    fig3 = space_chart(at)
    z = np.concatenate([trace(fig3, s)["z"] for s in ("−1", "+1")])
    assert sorted(z) == sorted(y if flip else np.ones(len(y)))
    arrow = trace(fig3, "w")
    if not np.any(waug):
        assert arrow is None and not any(d["type"] == "mesh3d" for d in fig3["data"])
    else:
        scale = fig3["layout"]["meta"]["scale"]
        tip = np.array([arrow["x"][1], arrow["y"][1], arrow["z"][1]]) / scale
        assert np.allclose(tip, [w[0], w[1], b], rtol=1e-12, atol=0), (tip, w, b)
        plane = next(d for d in fig3["data"] if d["type"] == "mesh3d")
        corners = np.column_stack((plane["z"], plane["x"], plane["y"]))
        assert np.allclose(corners @ waug, 0.0, atol=1e-9 * max(1.0, np.abs(waug).max()))
    # The 2-D stage chart: its boundary is w.x + b = 0 with the same w.
    stage = stage_figures(at)[0]
    lines = [d for d in stage["data"] if d.get("name") == "boundary"]
    drawn = [d for d in lines if d["x"] and d["x"][0] is not None]  # a segment, not a word
    (x0, x1), (y0, y1) = stage["layout"]["xaxis"]["range"], stage["layout"]["yaxis"]["range"]
    corners = np.array([[x0, y0], [x0, y1], [x1, y0], [x1, y1]]) @ w + b
    crosses = bool(np.any(w)) and corners.min() < 0 < corners.max()  # a corner: no line
    assert len(drawn) == int(crosses)  # drawn exactly when the line w.x + b = 0 is in view
    if drawn:
        line = drawn[0]
        pts = np.column_stack((line["x"], line["y"]))
        assert np.allclose(pts @ w + b, 0.0, atol=1e-9 * max(1.0, np.abs(waug).max()))
    # Weight space: the star is the engine's (w1, w2); the slice is at the current b.
    figw = weight_chart(at)
    star = trace(figw, "w now")
    assert (star["x"][0], star["y"][0]) == (w[0], w[1])
    shown_b = f"{b:.4g}" if b != 0 else "0"
    assert figw["layout"]["title"]["text"] == f"Weight space at b = {shown_b}"
    # The count of a.w <= 0 is the textbook count of misclassified points.
    wrong = int(np.count_nonzero(y * (X @ w + b) <= 0))
    assert any(m.value.startswith(f"**{wrong} of {len(y)}**") for m in at.markdown)


def test_the_page_opens_on_the_notes_004_example_with_both_charts():
    at = open_page(PAGE)
    assert not at.error and not at.exception
    ds = notes_004()
    run = pc.train(ds.X, ds.y)
    assert at.session_state["sp_run"].mistakes == run.mistakes == 255
    assert status(at).startswith("**start · update 0")
    check_step(at, run, ds.X, ds.y)
    assert len(stage_figures(at)) == 1  # the 2-D stage chart


def test_step_visit_epoch_back_end_reset_move_both_charts_with_the_engine():
    at = open_page(PAGE)
    ds = notes_004()
    run = pc.train(ds.X, ds.y)
    before = json.dumps(space_chart(at))
    click(at, "sp_step")
    assert cursor(at) == int(run.update_visit[0]) + 1
    check_step(at, run, ds.X, ds.y)
    assert json.dumps(space_chart(at)) != before
    # The visit written in the augmented space: a = y (1, x), a.w, the update w + a.
    latex = " ".join(x.value for x in at.latex)
    assert r"a &= y\,(1, x_1, x_2)" in latex and r"w &\leftarrow w + a" in latex
    for move in ("sp_step", "sp_step", "sp_visit", "sp_epoch", "sp_back", "sp_end"):
        click(at, move)
        check_step(at, run, ds.X, ds.y)
    assert cursor(at) == run.n_visits and "converged" in status(at)
    # At the end the final w is inside the feasible cone: the slice at its b is not empty
    # and it gets every example right.
    assert any(m.value.startswith("**0 of 100**") for m in at.markdown)
    assert trace(weight_chart(at), "all correct")["name"] == "all correct"
    at.slider(key="sp_scrub").set_value(57).run()
    assert cursor(at) == 57
    check_step(at, run, ds.X, ds.y)
    click(at, "sp_reset")
    assert cursor(at) == 0
    check_step(at, run, ds.X, ds.y)


def test_the_flip_toggle_mirrors_class_minus_1_through_the_origin():
    at = open_page(PAGE)
    ds = notes_004()
    run = pc.train(ds.X, ds.y)
    click(at, "sp_step")
    at.toggle(key="sp_flip").set_value(True).run()
    assert not at.exception
    check_step(at, run, ds.X, ds.y, flip=True)
    neg = trace(space_chart(at), "−1")
    expected = -ds.X[ds.y < 0]
    assert sorted(zip(neg["x"], neg["y"], strict=True)) == sorted(map(tuple, expected))
    assert "flipped" in neg["name"]
    # Every flipped sample is on w's side of the plane exactly when it is not crossed.
    w, b = run.weights(run.updates_before_visit(cursor(at)))
    a = pc.flipped(ds.X, ds.y)
    crossed = trace(space_chart(at), "a·w ≤ 0")
    assert len(crossed["x"]) == int(np.count_nonzero(a @ np.r_[b, w] <= 0))


def test_the_weight_space_slice_can_be_fixed_at_a_chosen_b():
    at = open_page(PAGE)
    ds = notes_004()
    run = pc.train(ds.X, ds.y)
    click(at, "sp_step")
    at.segmented_control(key="sp_slice").set_value("fixed").run()
    at.number_input(key="sp_slice_b").set_value(-7.0).run()
    assert not at.exception
    fig = weight_chart(at)
    assert fig["layout"]["title"]["text"] == "Weight space at b = -7"
    w, b = run.weights(run.updates_before_visit(cursor(at)))
    star = trace(fig, "w now")
    assert star["marker"]["symbol"] == "star-open" and f"b = {b:g}" in star["name"]
    # The run ends with b = -7: its final (w1, w2) is in the green region of this slice.
    assert run.b == -7.0
    region = trace(fig, "all correct")
    assert region["name"] == "all correct"
    poly = np.column_stack((region["x"], region["y"]))[:-1]
    q = np.roll(poly, -1, axis=0)
    cross = (q[:, 0] - poly[:, 0]) * (run.w[1] - poly[:, 1]) - (q[:, 1] - poly[:, 1]) * (
        run.w[0] - poly[:, 0]
    )
    assert np.all(cross > 0) or np.all(cross < 0)
    # The path's filled points are the updates whose b was -7.
    path = trace(fig, "w after each update")
    _, B = run.trajectory()
    k = run.updates_before_visit(cursor(at))
    assert [s == "circle" for s in path["marker"]["symbol"]] == [bool(v == -7) for v in B[: k + 1]]
    caption = " ".join(c.value for c in at.caption)
    assert "the chosen b = -7" in caption


def test_the_cone_lp_on_the_datas_rows_is_the_perceptron_and_checks_a_w_at_least_1():
    at = open_page(PAGE)
    ds = notes_004()
    A = pc.flipped(ds.X, ds.y)
    iterates, rows = textbook_cone(A)
    table = at.dataframe[0].value
    assert table["row i"].tolist()[:35] == [i + 1 for i in rows[:35]]
    shown_w = table["w after"].tolist()[0]
    assert shown_w == "(" + ", ".join(f"{v:.4g}" for v in iterates[0]) + ")"
    check = at.dataframe[1].value
    w = iterates[-1]
    star = w / np.min(A @ w)
    assert np.allclose(check["a_i·w*"].to_numpy(), (A @ star)[:50], rtol=1e-12)
    assert all(check["≥ 1"])
    success = at.success[0].value
    assert f"Solved in {len(rows)} updates" in success and "100 of 100 rows" in success
    assert any("exactly, for all 255 updates" in c.value for c in at.caption)


def test_typed_rows_are_solved_and_bad_or_infeasible_rows_are_said():
    at = open_page(PAGE)
    at.segmented_control(key="sp_cone_rows").set_value("typed").run()
    assert at.text_area(key="sp_rows").value.splitlines()[0] == "0, 3, -1"
    A = np.array([[0, 3, -1], [-2, -2, 2], [-2, 1, -2], [2, 2, 1]], dtype=float)
    iterates, rows = textbook_cone(A)
    table = at.dataframe[0].value
    assert table["row i"].tolist() == [i + 1 for i in rows]
    assert table["a_i·w before"].tolist() == [
        float(A[i] @ (iterates[j - 1] if j else np.zeros(3))) for j, i in enumerate(rows)
    ]
    assert at.dataframe[1].value["a_i·w*"].tolist() == [4.5, 1.0, 1.0, 3.5]
    # No w satisfies both rows: the cap stops the perceptron, and the page says so.
    at.text_area(key="sp_rows").set_value("1, 0\n-1, 0").run()
    warning = at.warning[0].value
    assert "No solution after 10,000 updates (the cap)" in warning
    # A typo: the reason, and the previous rows are still solved.
    at.text_area(key="sp_rows").set_value("1, x").run()
    assert "is not a number" in at.error[0].value
    assert any(c.value == "Still solving the previous rows." for c in at.caption)
    assert "No solution after 10,000 updates" in at.warning[0].value


def test_the_run_settings_reach_both_charts_and_the_cone_comparison():
    at = open_page(PAGE)
    at.select_slider(key="sp_eta").set_value(0.5)
    at.segmented_control(key="sp_order").set_value("shuffle").run()
    at.number_input(key="sp_order_seed").set_value(3).run()
    ds = notes_004()
    run = pc.train(ds.X, ds.y, eta=0.5, shuffle=True, seed=3)
    assert at.session_state["sp_run"].mistakes == run.mistakes
    click(at, "sp_step")
    click(at, "sp_step")
    check_step(at, run, ds.X, ds.y)
    assert any("shuffled order" in c.value for c in at.caption)
    at.segmented_control(key="sp_start").set_value("random").run()
    at.number_input(key="sp_max_epochs").set_value(3).run()
    run = pc.train(ds.X, ds.y, eta=0.5, shuffle=True, seed=3, w0="random", start_seed=0,
                   max_epochs=3)  # fmt: skip
    assert cursor(at) == 0
    check_step(at, run, ds.X, ds.y)
    click(at, "sp_end")
    check_step(at, run, ds.X, ds.y)
    assert any("a random start" in c.value for c in at.caption)


def test_other_data_and_presenter_mode():
    at = open_page(PAGE, sp_source="Generate", sp_n="20")
    ds = datasets.generate("separable", n=20, seed=0)
    run = pc.train(ds.X, ds.y)
    click(at, "sp_end")
    check_step(at, run, ds.X, ds.y)
    at.toggle(key="sp_presenter").set_value(True).run()
    assert not at.title and not at.exception
    assert space_chart(at)["layout"]["height"] == 560
    assert weight_chart(at)["layout"]["height"] == 480
    # XOR (002, example 2): no run converges, the cone misses every slice, the LP hits its cap.
    at = open_page(PAGE, sp_example="Notes 002, example 2 (XOR, 4 points)", sp_max_epochs="5")
    xor = datasets.generate("notes_002_example2")
    run = pc.train(xor.X, xor.y, max_epochs=5)
    click(at, "sp_end")
    check_step(at, run, xor.X, xor.y)
    assert trace(weight_chart(at), "all correct")["name"] == "all correct: none at this b"
    assert "No solution after 10,000 updates (the cap)" in at.warning[0].value


@pytest.mark.parametrize(
    "query", [{"sp_slice": "<b>x</b>", "sp_slice_b": "nan", "sp_flip": "maybe"}]
)
def test_a_hostile_link_is_named_and_the_defaults_used(query):
    at = open_page(PAGE, **query)
    warnings = " ".join(w.value for w in at.warning)
    for name in query:
        assert name.replace("_", "\\_") in warnings or name in warnings, (name, warnings)
    assert not at.error and not at.exception
    assert space_chart(at) and weight_chart(at)


def test_an_empty_drawing_board_and_one_class_are_messages_not_errors():
    at = open_page(PAGE, sp_source="Draw")
    assert not at.exception and not at.error
    assert any("No rows: the data has no points yet." in i.value for i in at.info)
    at.number_input(key="sp_add_x1").set_value(0.5)
    at.number_input(key="sp_add_x2").set_value(0.25)
    click(at, "sp_add_point")
    assert any("Both classes are needed" in i.value for i in at.info)
    fig = space_chart(at)  # the one point, lifted to (1, 0.5, 0.25), no w
    assert trace(fig, "+1")["z"] == [1.0] and trace(fig, "w") is None
    # Its cone LP: the single row (1, 0.5, 0.25) is solved by one update and scaled.
    assert "Solved in 1 update over 2 passes" in at.success[0].value
    assert at.dataframe[1].value["a_i·w*"].tolist() == [1.0]
