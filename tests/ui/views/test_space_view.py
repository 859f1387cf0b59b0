"""The augmented space (lifting, flipping), the cone LP solver and the space page's pure
views. Expected values come from textbook loops and numpy written here, the notes' own
examples and hand-worked cases, never from the functions under test."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import datasets
import perceptron_core as pc
from ui.charts.geometry import Box
from ui.views import cone_view, space_view, weight_view


def textbook_run(X, y, epochs=100):
    """The perceptron of 000 (w = 0, mistake when y (w.x + b) <= 0, w += y x, b += y):
    per visit the weights before it and whether it was a mistake."""
    w, b = np.zeros(X.shape[1]), 0.0
    visits = []
    for _ in range(epochs):
        clean = True
        for i in range(len(y)):
            mistake = y[i] * (X[i] @ w + b) <= 0
            visits.append((i, w.copy(), b, mistake))
            if mistake:
                w, b, clean = w + y[i] * X[i], b + y[i], False
        if clean:
            break
    return visits


def textbook_cone(A, cap):
    """Note 001: cycle through the rows, add a row whenever a . w <= 0, until a clean pass."""
    w = np.zeros(A.shape[1])
    iterates, rows = [w.copy()], []
    textbook_cone.passes = []  # the pass (from 1) of each update
    p = 0
    while len(rows) < cap:
        clean, p = True, p + 1
        for i, a in enumerate(A):
            if a @ w <= 0:
                w = w + a
                iterates.append(w.copy())
                rows.append(i)
                textbook_cone.passes.append(p)
                clean = False
                if len(rows) == cap:
                    break
        if clean:
            return np.array(iterates), rows, True
    return np.array(iterates), rows, False


# ------------------------------------------------------------------ lift and flip
def test_lifting_puts_the_constant_1_first_and_the_flip_negates_class_minus_1():
    X = np.array([[0.5, -2.0], [3.0, 4.0]])
    assert pc.lift(X).tolist() == [[1.0, 0.5, -2.0], [1.0, 3.0, 4.0]]
    assert pc.flipped(X, np.array([1, -1])).tolist() == [[1.0, 0.5, -2.0], [-1.0, -3.0, -4.0]]
    assert space_view.lifted_points(X, [1, -1], flip=False)[:, 0].tolist() == [1.0, 1.0]
    with pytest.raises(ValueError, match="labels must be -1 or \\+1"):
        pc.flip(pc.lift(X), np.array([1, 0]))


@pytest.mark.parametrize(
    "X, y",
    [
        (datasets.generate("notes_002_example1").X, datasets.generate("notes_002_example1").y),
        (datasets.generate("notes_002_example2").X, datasets.generate("notes_002_example2").y),
        (datasets.generate("blobs", n=60, seed=3).X, datasets.generate("blobs", n=60, seed=3).y),
        (datasets.generate("notes_rule_004", seed=0).X, datasets.generate("notes_rule_004").y),
    ],
)
def test_a_flipped_sample_has_a_dot_w_positive_exactly_when_the_2d_w_gets_it_right(X, y):
    """At every visit of a run, the sample's a . w with the run's (b, w) is <= 0 exactly
    when the textbook loop calls that visit a mistake (ties at 0 included)."""
    run = pc.train(X, y, max_epochs=20)
    A = pc.flipped(X, y)
    visits = textbook_run(X, y, epochs=20)
    assert len(visits) == run.n_visits
    mistakes_seen = 0
    for t, (i, w_book, b_book, mistake) in enumerate(visits):
        w, b = run.weights(run.updates_before_visit(t))
        assert np.array_equal(w, w_book) and b == b_book
        score = pc.scores(A[i : i + 1], np.concatenate(([b], w)))[0]
        assert (score <= 0) == mistake, t
        assert score == y[i] * (X[i] @ w + b) or abs(score - y[i] * (X[i] @ w + b)) < 1e-12
        mistakes_seen += mistake
    assert mistakes_seen == run.mistakes


# ---------------------------------------------------------------------- the cone LP
def test_the_default_typed_system_by_hand():
    """Rows (0,3,-1), (-2,-2,2), (-2,1,-2), (2,2,1): six updates over three passes reach
    w = (-2, 4, 3) with A w = (9, 2, 2, 7), so m = 2 and w* = (-1, 2, 1.5)."""
    A = cone_view.parse_rows("0, 3, -1\n-2, -2, 2\n-2, 1, -2\n2, 2, 1")
    sol = pc.solve_cone(A)
    iterates, rows, solved = textbook_cone(A, 100)
    assert solved and sol.solved
    assert sol.rows.tolist() == rows and np.array_equal(sol.iterates, iterates)
    assert sol.updates == 6 and sol.passes == 3
    assert sol.w.tolist() == [-2.0, 4.0, 3.0] and sol.low == 2.0
    assert sol.solution.tolist() == [-1.0, 2.0, 1.5]
    assert (A @ sol.solution).tolist() == [4.5, 1.0, 1.0, 3.5]


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, 2**32 - 1),
    st.integers(1, 30),
    st.integers(2, 5),
)
def test_a_solved_system_satisfies_a_w_at_least_1_exactly(seed, n, m):
    rng = np.random.default_rng(seed)
    hidden = rng.normal(size=m)
    A = rng.normal(size=(n, m)) * 10.0 ** rng.integers(-3, 4)
    A *= np.sign(A @ hidden)[:, None]  # every row on the hidden w's side: feasible
    A = A[np.abs(A @ hidden) > 1e-6 * np.linalg.norm(A, axis=1)]
    if A.shape[0] == 0:
        return
    sol = pc.solve_cone(A, max_updates=20_000)
    iterates, rows, solved = textbook_cone(A, 20_000)
    assert sol.rows.tolist() == rows[: sol.updates]
    if not sol.solved:  # a tiny margin: the cap says so
        assert sol.stop_reason == "max_updates" and not solved
        return
    assert np.all(A @ sol.solution >= 1.0)  # exactly, in floating point
    assert np.all(A @ sol.w > 0)
    assert np.allclose(sol.solution, sol.w / np.min(A @ sol.w), rtol=1e-12)


def test_infeasible_systems_hit_the_cap_and_say_so():
    sol = pc.solve_cone([[1.0, 0.0], [-1.0, 0.0]], max_updates=50)
    assert sol.stop_reason == "max_updates" and not sol.solved
    assert sol.updates == 50 and sol.solution is None
    text = cone_view.cone_summary(sol, 50)
    assert "No solution after 50 updates (the cap)" in text
    # XOR (002, example 2): no line separates it, so its flipped samples have no solution.
    xor = datasets.generate("notes_002_example2")
    sol = pc.solve_cone(pc.flipped(xor.X, xor.y), max_updates=1_000)
    assert sol.stop_reason == "max_updates" and sol.updates == 1_000
    # A zero row is never satisfied: a . w = 0 is "I don't know".
    assert pc.solve_cone([[0.0, 0.0]], max_updates=3).updates == 3
    # Three passes are needed for the default system: two are a cap.
    A = cone_view.parse_rows("0, 3, -1\n-2, -2, 2\n-2, 1, -2\n2, 2, 1")
    short = pc.solve_cone(A, max_passes=2)
    assert short.stop_reason == "max_passes" and short.passes == 2 and short.solution is None
    assert "2 passes (the cap)" in cone_view.cone_summary(short, 10_000)


def test_bad_systems_are_refused_with_a_message():
    with pytest.raises(ValueError, match="non-finite"):
        pc.solve_cone([[1.0, np.nan]])
    with pytest.raises(ValueError, match="max_updates"):
        pc.solve_cone([[1.0]], max_updates=0)
    with pytest.raises(ValueError, match="empty"):
        pc.solve_cone(np.zeros((0, 3)))


def test_the_perceptron_on_the_flipped_samples_is_the_run():
    """With eta = 1, w = 0 and the fixed order, the cone perceptron's iterates on the
    rows y_i (1, x_i) are the engine's (b, w) after each update, bit for bit."""
    for name, kw in (("notes_rule_004", {}), ("separable", {"n": 80}), ("blobs", {"n": 50})):
        ds = datasets.generate(name, seed=1, **kw)
        run = pc.train(ds.X, ds.y, max_epochs=30)
        sol = pc.solve_cone(pc.flipped(ds.X, ds.y), max_passes=30)
        W, B = run.trajectory()
        assert np.array_equal(sol.iterates, np.column_stack((B, W))), name
        assert sol.solved == run.converged
        assert "exactly" in cone_view.same_as_run(sol, run)
        shuffled = pc.train(ds.X, ds.y, max_epochs=30, shuffle=True)
        assert "shuffled order" in cone_view.same_as_run(sol, shuffled)


def test_the_final_w_on_separable_data_is_inside_every_half_plane_and_the_cone():
    ds = datasets.generate("notes_rule_004", seed=0)
    run = pc.train(ds.X, ds.y)
    assert run.converged
    w, b = run.w, run.b
    assert np.all(ds.y * (ds.X @ w + b) > 0)  # each example's half-plane, by numpy
    A = pc.flipped(ds.X, ds.y)
    W, _ = run.trajectory()
    box = weight_view.weight_box(W)
    poly = weight_view.slice_polygon(A, b, box)
    assert poly.shape[0] >= 3 and inside_convex(poly, w)
    # The start (w = 0) is outside: a . 0 = 0 is a mistake for every example.
    assert not inside_convex(poly, np.zeros(2)) or np.all(A[:, 0] * b > 0)


# ---------------------------------------------------------------------- geometry
def inside_convex(poly, p, tol=0.0) -> bool:
    """p inside a convex polygon (either orientation): every edge's cross has one sign."""
    q = np.roll(poly, -1, axis=0)
    cross = (q[:, 0] - poly[:, 0]) * (p[1] - poly[:, 1]) - (q[:, 1] - poly[:, 1]) * (
        p[0] - poly[:, 0]
    )
    return bool(np.all(cross >= -tol) or np.all(cross <= tol))


def test_the_slice_polygon_is_exactly_the_set_of_weights_that_get_every_example_right():
    rng = np.random.default_rng(7)
    ds = datasets.generate("separable", n=30, seed=2, offset=0.8)
    A = pc.flipped(ds.X, ds.y)
    box = Box(-6, 6, -6, 6)
    for c in (-2.0, -1.0, 0.0, 1.0, 3.0):
        poly = weight_view.slice_polygon(A, c, box)
        P = rng.uniform(-6, 6, size=(3_000, 2))
        values = A[:, 1:] @ P.T + A[:, :1] * c  # (rows, points)
        near = np.min(np.abs(values) / np.linalg.norm(A[:, 1:], axis=1)[:, None], axis=0) < 1e-6
        right = np.all(values > 0, axis=0)
        for p, ok, edge in zip(P, right, near, strict=True):
            if edge:
                continue
            assert (poly.shape[0] >= 3 and inside_convex(poly, p)) == ok, (c, p)
        counts = weight_view.wrong_counts(A, c, [0.5, -2.0], [1.0])
        for j, w1 in enumerate((0.5, -2.0)):
            expected = int(np.sum(ds.y * (ds.X @ np.array([w1, 1.0]) + c) <= 0))
            assert counts[0, j] == expected


def test_the_plane_polygon_lies_on_the_plane_inside_the_box_in_order():
    view = space_view.box3(Box(-1, 2, -0.5, 1.5))
    assert np.allclose(view.lo, [-1.25, -1, -0.5]) and np.allclose(view.hi, [1.25, 2, 1.5])
    # x0 = 0 through the box: the rectangle of its x1, x2 range.
    square = space_view.plane_polygon([1.0, 0.0, 0.0], view)
    assert sorted(map(tuple, square.tolist())) == [
        (0.0, -1.0, -0.5), (0.0, -1.0, 1.5), (0.0, 2.0, -0.5), (0.0, 2.0, 1.5)
    ]  # fmt: skip
    assert space_view.plane_polygon([0.0, 0.0, 0.0], view).shape == (0, 3)
    rng = np.random.default_rng(0)
    for _ in range(200):
        normal = rng.normal(size=3)
        poly = space_view.plane_polygon(normal, view)
        assert poly.shape[0] >= 3  # the box holds the origin, which is on every plane
        assert np.allclose(poly @ normal, 0.0, atol=1e-9)
        assert all(view.contains(p) for p in poly)
        # In order around the polygon: consecutive edges turn the same way about the normal.
        edges = np.roll(poly, -1, axis=0) - poly
        turns = np.cross(edges, np.roll(edges, -1, axis=0)) @ normal
        assert np.all(turns > -1e-9) or np.all(turns < 1e-9)


def test_the_vector_scale_keeps_w_in_view_and_round():
    view = space_view.box3(Box(-1, 1, -1, 1))
    for v in ([0.5, 0.2, 0.1], [-7.0, 9.7, 5.5], [3e-4, -1e-4, 0.0], [0.0, 0.0, 200.0]):
        s = space_view.vector_scale(v, view)
        tip = s * np.array(v)
        assert view.contains(tip)
        mantissa = s / 10 ** np.floor(np.log10(s))
        assert round(mantissa, 9) in (1.0, 2.0, 5.0)
        room = min(view.hi[j] / v[j] if v[j] > 0 else view.lo[j] / v[j] for j in range(3) if v[j])
        assert s >= 0.3 * room  # not needlessly small
    assert space_view.vector_scale([0.0, 0.0, 0.0], view) == 0.0


# ----------------------------------------------------------------------- figures
def test_the_3d_figure_lifts_the_points_and_draws_w_its_plane_and_the_boundary():
    ds = datasets.generate("notes_002_example1")  # (1,1), (2,2) +1; (1,2), (2,1) -1
    w, b = np.array([1.0, -2.0]), 0.5
    box = Box(-0.5, 3, -0.5, 3)
    for flip in (False, True):
        fig = space_view.space_figure(ds.X, ds.y, w, b, flip=flip, box=box)
        data = {t.name: t for t in fig.data}
        pos = next(t for n, t in data.items() if n.startswith("+1"))
        neg = next(t for n, t in data.items() if n.startswith("−1"))
        assert list(pos.z) == [1.0, 1.0]
        assert sorted(zip(pos.x, pos.y, strict=True)) == [(1, 1), (2, 2)]
        sign = -1.0 if flip else 1.0
        assert list(neg.z) == [sign, sign]
        flipped = [(sign * 1, sign * 2), (sign * 2, sign * 1)]
        assert sorted(zip(neg.x, neg.y, strict=True)) == sorted(flipped)
        arrow = next(t for n, t in data.items() if n.startswith("w"))
        scale = fig.layout.meta["scale"]
        assert np.allclose(np.array([arrow.x[1], arrow.y[1], arrow.z[1]]) / scale, [1, -2, 0.5])
        plane = next(t for t in fig.data if t.type == "mesh3d")
        corners = np.column_stack((plane.z, plane.x, plane.y))  # (x0, x1, x2)
        assert np.allclose(corners @ [b, *w], 0.0, atol=1e-9)
        line = data["boundary (plane ∩ x0 = 1)"]
        assert list(line.z) == [1.0, 1.0]
        assert np.allclose(np.array(line.x) * w[0] + np.array(line.y) * w[1] + b, 0.0)
        wrong = data["a·w ≤ 0 (misclassified)"]
        # (1,1): y(w.x + b) = -0.5, (2,2): -1.5, (2,1): -0.5 wrong; (1,2): 2.5 right.
        expected = np.flatnonzero(ds.y * (ds.X @ w + b) <= 0)
        assert len(expected) == 3
        marked = sorted(zip(wrong.z, wrong.x, wrong.y, strict=True))
        lifted = [(1.0, *ds.X[i]) if not flip else tuple(ds.y[i] * np.r_[1.0, ds.X[i]])
                  for i in expected]  # fmt: skip
        assert marked == sorted(lifted)
    bare = space_view.space_figure(ds.X, ds.y, None, None, flip=False, box=box)
    assert not any(t.type == "mesh3d" for t in bare.data) and bare.layout.meta["scale"] == 0
    import plotly.graph_objects as go

    go.Figure(fig.to_dict())  # every property is one Plotly knows (the builders skip checks)


def test_the_weight_figure_marks_the_current_w_and_which_path_points_are_in_the_slice():
    ds = datasets.generate("notes_rule_004", seed=0)
    run = pc.train(ds.X, ds.y)
    A = pc.flipped(ds.X, ds.y)
    W, B = run.trajectory()
    k = 40
    c = B[k]
    fig = weight_view.weight_figure(A, W, B, k, c, box=weight_view.weight_box(W))
    star = next(t for t in fig.data if t.name.startswith("w now"))
    assert (star.x[0], star.y[0]) == (W[k, 0], W[k, 1]) and star.marker.symbol == "star"
    path = next(t for t in fig.data if t.name == "w after each update")
    filled = [s == "circle" for s in path.marker.symbol]
    assert filled == [bool(v == c) for v in B[: k + 1]]
    assert fig.layout.title.text == f"Weight space at b = {c:g}"
    other = weight_view.weight_figure(A, W, B, k, c + 1, box=weight_view.weight_box(W))
    assert next(t for t in other.data if t.name.startswith("w now")).marker.symbol == "star-open"
    # The two classes' lines differ by their dash, not only by colour (colour-blind safe).
    lines = {t.name: t.line.dash for t in fig.data if t.name.startswith("a_i·w = 0")}
    assert len(lines) == 2 and len(set(lines.values())) == 2, lines
    import plotly.graph_objects as go

    go.Figure(fig.to_dict())


# ---------------------------------------------------------------------- the rows
def test_typed_rows_are_read_or_refused_with_a_reason():
    assert cone_view.parse_rows("1, 2\n3 4; 5,6").tolist() == [[1, 2], [3, 4], [5, 6]]
    bad = {
        "1, x": "'x' is not a number",
        "1, 2\n3": "same number of entries",
        "": "at least one row",
        "1, inf": "finite",
        "1e7": "at most",
        "\n".join(["1"] * 51): "at most 50",
        ", ".join(["1"] * 11): "at most 10",
    }
    for source, message in bad.items():
        with pytest.raises(ValueError, match=message):
            cone_view.parse_rows(source)


def test_the_iteration_and_check_tables_hold_the_textbook_numbers():
    A = cone_view.parse_rows("0, 3, -1\n-2, -2, 2\n-2, 1, -2\n2, 2, 1")
    sol = pc.solve_cone(A)
    iterates, rows, _ = textbook_cone(A, 100)
    table = cone_view.iteration_rows(sol)
    assert [r["row i"] for r in table] == [i + 1 for i in rows]
    assert [r["a_i·w before"] for r in table] == [A[i] @ iterates[j] for j, i in enumerate(rows)]
    assert [r["pass"] for r in table] == textbook_cone.passes
    checks = cone_view.check_rows(sol)
    assert [r["a_i·w*"] for r in checks] == [4.5, 1.0, 1.0, 3.5] and all(r["≥ 1"] for r in checks)
    summary = cone_view.cone_summary(sol, 100)
    assert "Solved in 6 updates over 3 passes" in summary and "min A w* = 1" in summary
