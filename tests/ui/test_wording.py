"""Words on screen: one of a thing is singular ("held to 1 epoch", never "1 epochs"), and a
message about typed text shows that text once, without the backslashes of a second escape."""

from __future__ import annotations

import re

import numpy as np
import pytest
from md_oracle import text_of

import perceptron_core as pc
from ui import compute, text
from ui.views import batch_view
from ui.views import experiments_view as view

# A count of one followed by a plural noun: the mistake these tests look for.
ONE_PLURAL = re.compile(r"(?<![\d.,])1 (epochs|runs|seeds|mistakes|updates|steps|rows|margins)\b")


def singular_ok(sentence: str) -> bool:
    return ONE_PLURAL.search(sentence) is None


def test_a_run_held_to_one_epoch_says_one_epoch():
    # batch: at most BATCH_WORK visits, so n just over half of it leaves one epoch.
    n = compute.BATCH_WORK // 2 + 1
    epochs, said = compute.capped_epochs("batch", n, 100)
    assert epochs == 1
    assert "held to 1 epoch (" in said and singular_ok(said), said
    epochs, said = compute.capped_epochs("batch", compute.BATCH_WORK // 3, 100)
    assert "held to 3 epochs (" in said


def bound_table(mistakes, bound, converged, seeds) -> dict:
    k = len(mistakes)
    return {
        "margin": np.full(k, 0.1), "d": np.full(k, 2), "seed": np.asarray(seeds),
        "n": np.full(k, 50), "R": np.full(k, 1.5), "gamma": np.linspace(0.05, 0.2, k),
        "bound": np.asarray(bound, float), "mistakes": np.asarray(mistakes),
        "epochs": np.full(k, 3), "converged": np.asarray(converged),
    }  # fmt: skip


def test_the_experiments_sentences_count_one_in_the_singular():
    # Two margins x one seed; one run above its bound; one stopped at a cap of one epoch.
    table = bound_table([1, 30], [100, 20], [True, False], seeds=[0, 0])
    table["margin"] = np.array([0.1, 0.2])
    said = view.margin_statement(table, 1)
    assert "1 run hit the cap of 1 epoch before" in said, said
    assert "1 of 2 runs lies ABOVE the line" in said and "2 margins × 1 seed," in said
    assert singular_ok(said), said
    dims = view.dimension_statement(table, 1)
    assert "1 run exceeds the bound" in dims and singular_ok(dims), dims

    kinds = np.array(["fixed", "random", "random", "adversarial"])
    orders = {
        "kind": kinds, "order_seed": np.arange(4), "epochs": np.array([1.0, 1, 2, 1]),
        "mistakes": np.array([1, 1, 2, 1]), "b": np.zeros(4), "w": np.ones((4, 2)),
        "converged": np.array([True, False, True, True]), "R": np.ones(4),
        "gamma": np.ones(4), "bound": np.full(4, 1.5),
    }  # fmt: skip
    said = view.ordering_statement(orders, 1, 100)
    assert "Worst first (always the worst-classified example next): 1 mistake." in said
    assert "1 run EXCEEDS it" in said and "1 run stopped at the cap of 1 epoch." in said
    assert singular_ok(said), said

    seeds, said = view.seeds_within(50, 400_000, 500_000, "margin chart")
    assert seeds == 1 and "held to 1 seed (of 50 asked)" in said


def test_the_batch_comparison_counts_one_in_the_singular():
    # By hand, one epoch from w = 0: single-sample, (1, 0) is a tie, an update to w = (1, 0),
    # b = 1; then (-3, 0) scores -1·(-3 + 1) = 2 > 0. Batch: both points tie at w = 0, so
    # one step summing two misclassified visits.
    X = np.array([[1.0, 0.0], [-3.0, 0.0]])
    y = np.array([1, -1])
    said = batch_view.compare_statement(pc.compare_batch(X, y, max_epochs=1))
    assert (
        "Batch GD on J_p made no clean pass in 1 epoch: 1 step, 2 misclassified visits "
        "summed into it." in said
    ), said
    assert (
        "The single-sample rule made no clean pass in 1 epoch: 1 update, one per mistake." in said
    ), said
    assert singular_ok(said), said
    assert text.counted(2, "epoch") == "2 epochs" and text.counted(1_000, "row") == "1,000 rows"


@pytest.mark.app
def test_the_cone_rows_error_shows_the_typed_text_without_backslashes():
    from lab_app import open_page

    at = open_page("pages/space.py")
    at.segmented_control(key="sp_cone_rows").set_value("typed").run()
    at.text_area(key="sp_rows").set_value("1, 2.5x_y*").run()
    shown = [text_of(e.value) for e in at.error]  # as the reader sees the Markdown
    assert any("The rows cannot be used: '2.5x_y*' is not a number" in s for s in shown), shown
    assert not any("\\" in s for s in shown), shown
    at.text_area(key="sp_rows").set_value("1, 1e9").run()
    shown = [text_of(e.value) for e in at.error]
    assert any("'1e9': entries must be finite" in s for s in shown) and not any(
        "\\" in s for s in shown
    ), shown


@pytest.mark.app
def test_the_kernel_summary_counts_one_mistake_and_one_example_in_the_singular():
    from lab_app import open_page

    # From alpha = 0 the first visit is a tie, a mistake: alpha of that example becomes 1.
    at = open_page("pages/kernel.py", kn_step="1")
    assert not at.exception
    words = " ".join(text_of(m.value) for m in at.markdown)
    assert "Σα = 1 mistake so far · 1 example with α_i > 0" in words, words
    assert singular_ok(words), words


def test_a_visit_of_a_large_run_writes_its_numbers_with_separators():
    import perceptron_core as pc

    rng = np.random.default_rng(0)
    X = rng.normal(size=(12_345, 2))
    y = np.where(X[:, 0] + X[:, 1] > 0, 1, -1)
    run = pc.train(X, y, max_epochs=2)
    status = text.status_line(run, 2_000)
    assert "example 2,000 of 12,345" in status, status
