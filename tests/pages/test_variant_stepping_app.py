"""Every variant stepped on the Playground, and the kernel page, through AppTest.

The expected values come from the engine called directly (``pc.train`` on the same data)
or from a textbook loop written here, never from what the page shows.
"""

import json

import numpy as np
import pytest
from lab_app import ROOT, click, figures, open_page, status

import datasets
import perceptron_core as pc


def default_data():
    return datasets.generate("separable", n=40, seed=0)


@pytest.mark.parametrize("variant", ["classic", "averaged", "voted", "pocket", "batch"])
def test_every_variant_steps_where_its_weights_change(variant):
    """Step lands where the variant's weights change, computed here from the engine's record:
    after a mistake, or for batch at the end of an epoch with mistakes; Back returns."""
    at = open_page(pg_variant=variant)
    ds = default_data()
    run = pc.train(ds.X, ds.y, variant=variant, max_epochs=100)
    if variant == "batch":  # a textbook batch loop: the visits where w changes
        expected, w, b = [], np.zeros(2), 0.0
        for epoch in range(run.epochs):
            wrong = ds.y * (ds.X @ w + b) <= 0
            if wrong.any():
                expected.append((epoch + 1) * ds.n)
                w = w + (ds.y[wrong, None] * ds.X[wrong]).sum(axis=0)
                b = b + ds.y[wrong].sum()
    else:  # textbook single-sample loop
        expected, w, b, t = [], np.zeros(2), 0.0, 0
        for _ in range(run.epochs):
            for i in range(ds.n):
                t += 1
                if ds.y[i] * (ds.X[i] @ w + b) <= 0:
                    w, b = w + ds.y[i] * ds.X[i], b + ds.y[i]
                    expected.append(t)
    seen = []
    for _ in range(min(3, len(expected))):
        click(at, "pg_step")
        seen.append(int(at.session_state["pg_cursor"]))
    assert seen == expected[: len(seen)]
    if variant in ("averaged", "voted", "pocket"):
        shown = next(m.value for m in at.markdown if m.value.startswith(f"**{variant.title()}**"))
        t = seen[-1]
        scores = run.variant_scores(variant, ds.X, t)
        assert f"{int(np.count_nonzero(ds.y * scores <= 0))} of 40 training points" in shown
        chart = json.dumps(figures(at)[0])
        assert "(dashed)" in shown and variant in chart  # its boundary is drawn, named
    click(at, "pg_back")
    assert int(at.session_state["pg_cursor"]) == (seen[-2] if len(seen) > 1 else 0)


def test_a_batch_step_moves_w_by_the_epochs_summed_mistakes():
    at = open_page(pg_variant="batch")
    ds = default_data()
    click(at, "pg_step")
    wrong = ds.y * (ds.X @ np.zeros(2)) <= 0  # from w = 0 every point is a tie: a mistake
    w = (ds.y[wrong, None] * ds.X[wrong]).sum(axis=0)
    b = float(ds.y[wrong].sum())
    shown = next(m.value for m in at.markdown if m.value.startswith("**w = "))
    assert f"{w[0]:.4g}" in shown.replace("−", "-") and f"b = {b:.4g}" in shown


@pytest.mark.parametrize(
    "path,prefix", [("pages/playground.py", "pg_"), ("pages/kernel.py", "kn_")]
)
def test_a_kernel_step_moves_alpha_and_back_returns(path, prefix):
    query = {f"{prefix}generator": "XOR", f"{prefix}kernel": "polynomial"}
    if prefix == "pg_":
        query["pg_variant"] = "kernel"
    at = open_page(None if prefix == "pg_" else path, **query)
    ds = datasets.generate("xor", n=40, seed=0)
    run = pc.train(
        ds.X,
        ds.y,
        variant="kernel",
        kernel=pc.Kernel("poly", degree=2),
        max_epochs=50 if prefix == "kn_" else 100,
    )
    click(at, f"{prefix}step")
    t = int(at.session_state[f"{prefix}cursor"])
    assert t == int(run.update_visit[0]) + 1
    text = " ".join(m.value for m in at.markdown)
    assert "Σα = 1 mistake so far" in text
    latex = " ".join(x.value for x in at.latex)
    i = int(run.update_index[0]) + 1
    assert rf"\alpha_{{{i}}} \leftarrow \alpha_{{{i}}} + 1 = 0 + 1 = 1" in latex
    click(at, f"{prefix}step")
    assert "Σα = 2 mistakes so far" in " ".join(m.value for m in at.markdown)
    click(at, f"{prefix}back")
    assert int(at.session_state[f"{prefix}cursor"]) == t


def textbook_dual(X, y, K, max_epochs=50):
    """The dual perceptron as in the notes: alpha_i += 1 on y_i f(x_i) <= 0."""
    alpha = np.zeros(len(y))
    G = K(X, X)
    for _ in range(max_epochs):
        clean = True
        for i in range(len(y)):
            if y[i] * ((alpha * y) @ G[:, i]) <= 0:
                alpha[i] += 1
                clean = False
        if clean:
            return alpha, True
    return alpha, False


def test_the_kernel_page_separates_xor_with_degree_2():
    at = open_page("pages/kernel.py")
    assert at.title[0].value == "Kernel perceptron"
    click(at, "kn_end")
    assert "converged" in status(at)
    ds = datasets.generate("xor", n=40, seed=0)
    alpha, converged = textbook_dual(ds.X, ds.y, lambda A, B: (1 + A @ B.T) ** 2)
    assert converged
    assert f"Σα = {int(alpha.sum())} mistakes so far" in " ".join(m.value for m in at.markdown)
    assert "0 of 40 training points misclassified now" in " ".join(m.value for m in at.markdown)
    run = at.session_state["kn_run"]
    assert run.alpha.tolist() == alpha.astype(int).tolist()


def test_the_linear_kernel_reproduces_the_playgrounds_run():
    """Same data, same settings: the kernel page's linear run makes the Playground's
    mistakes, and both are the engine's classic run."""
    query = dict(n="60", seed="3", noise="0.1", max_epochs="7")
    at = open_page(**{f"pg_{k}": v for k, v in query.items()})
    playground_run = at.session_state["pg_run"]
    at = open_page(
        "pages/kernel.py",
        kn_kernel="linear",
        kn_generator="Separable, with a margin dial",
        **{f"kn_{k}": v for k, v in query.items()},
    )
    assert not at.warning, [w.value for w in at.warning]
    kernel_run = at.session_state["kn_run"]
    ds = datasets.generate("separable", n=60, seed=3, noise=0.1)
    classic = pc.train(ds.X, ds.y, max_epochs=7)
    assert kernel_run.update_index.tolist() == classic.update_index.tolist()
    assert playground_run.update_index.tolist() == classic.update_index.tolist()
    assert kernel_run.n_visits == classic.n_visits == playground_run.n_visits
    click(at, "kn_end")
    assert ("converged:" in status(at)) == classic.converged
    assert "converged:" in status(at) or f"after {classic.epochs} epochs" in status(at)


def test_rbf_width_and_degree_come_from_the_page():
    at = open_page("pages/kernel.py", kn_kernel="RBF", kn_width="0.5")
    run = at.session_state["kn_run"]
    assert run.kernel.name == "rbf" and run.kernel.gamma == pytest.approx(1 / (2 * 0.5**2))
    at = open_page("pages/kernel.py", kn_kernel="polynomial", kn_degree="3")
    assert at.session_state["kn_run"].kernel.degree == 3


def test_data_picked_on_one_page_is_there_on_the_next():
    at = open_page(pg_generator="Two moons", pg_n="60", pg_seed="4")
    at.switch_page("pages/kernel.py").run()
    assert not at.exception
    assert at.selectbox(key="kn_generator").value == "moons"
    assert at.number_input(key="kn_n").value == 60 and at.number_input(key="kn_seed").value == 4
    assert at.session_state["kn_run"].n == 60
    # The page's own link holds the data now: copying it reopens the same data.
    assert (
        at.query_params["kn_generator"] == ["Two moons"]
        or at.query_params["kn_generator"] == "Two moons"
    )
    assert str(at.query_params["kn_n"]).strip("[]'") == "60"


def test_a_page_left_at_its_defaults_does_not_impose_them():
    at = open_page()  # the Playground at its defaults (separable data)
    at.switch_page("pages/kernel.py").run()
    assert at.selectbox(key="kn_generator").value == "xor"  # the kernel page's own default


def test_the_kernel_page_draws_plays_and_scrubs():
    at = open_page("pages/kernel.py", kn_source="Draw")
    for x1, x2, label in ((1.0, 1.0, 1), (-1.0, -1.0, 1), (1.0, -1.0, -1), (-1.0, 1.0, -1)):
        at.segmented_control(key="kn_draw_class").set_value(label).run()
        at.number_input(key="kn_add_x1").set_value(x1)
        at.number_input(key="kn_add_x2").set_value(x2)
        click(at, "kn_add_point")
    X, y = at.session_state["kn_points"]
    assert X.tolist() == [[1, 1], [-1, -1], [1, -1], [-1, 1]] and y.tolist() == [1, 1, -1, -1]
    run = at.session_state["kn_run"]
    alpha, converged = textbook_dual(X, y, lambda A, B: (1 + A @ B.T) ** 2)
    assert run is not None and run.converged == converged and run.alpha.tolist() == alpha.tolist()
    click(at, "kn_play")
    assert at.session_state["kn_playing"] and int(at.session_state["kn_cursor"]) > 0
    click(at, "kn_play")
    at.slider(key="kn_scrub").set_value(2).run()
    assert int(at.session_state["kn_cursor"]) == 2 and at.query_params["kn_step"] == "2"


def test_every_page_is_routed_at_its_path():
    """app.py routes each page at its fixed URL path (other checks open them there)."""
    import ast

    tree = ast.parse((ROOT / "app.py").read_text())
    routes = {}
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and getattr(node.func, "attr", "") == "Page"
            and isinstance(node.args[0], ast.Constant)  # not the root's hop to /playground
        ):
            kw = {k.arg: ast.literal_eval(k.value) for k in node.keywords if k.arg == "url_path"}
            routes[ast.literal_eval(node.args[0])] = kw.get("url_path")
    assert routes == {
        "pages/playground.py": "playground",
        "pages/kernel.py": "kernel",
        "pages/batch.py": "batch",
        "pages/variants.py": "variants",
        "pages/online.py": "online",
        "pages/space.py": "space",
        "pages/proof.py": "proof",
        "pages/experiments.py": "experiments",
        "pages/lecture.py": "lecture",
        "pages/practice.py": "practice",
        "pages/join.py": "join",  # hidden: the class's join link opens it
    }
    for path in routes:
        at = open_page(None if path.endswith("playground.py") else path)
        assert at.title and not at.error, path
