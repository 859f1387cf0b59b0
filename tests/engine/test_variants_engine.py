"""The run's variants at any cursor (Run.variant_weights, variant_scores, variant_scores_at)
and on held-out sets (pc.accuracy_per_epoch, pc.best_epoch, pc.agreement) against the
textbook loops of tests/oracles/variants_oracle.py."""

import doctest

import numpy as np
import pytest
from variants_oracle import noisy_line, oracle_scores, replay, split_sets

import datasets
import perceptron_core as pc
import perceptron_core.variants as variants_module

FOUR = ("classic", "averaged", "voted", "pocket")


def noisy(n=60, d=2, seed=0, noise=0.2):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d))
    y = np.where(X @ rng.normal(size=d) + 0.3 > 0, 1, -1)
    return X, np.where(rng.random(n) < noise, -y, y)


def states_of(run, X, y):
    orders = [run.order(e) for e in range(run.epochs)]
    return replay(X, y, orders, eta=run.eta, w0=run.w0, b0=run.b0, stop_visits=run.n_visits)


CASES = [
    dict(seed=1, epochs=4),
    dict(seed=2, epochs=6, shuffle=True),
    dict(seed=3, epochs=5, eta=0.37, w0="random"),
    dict(seed=4, epochs=8, max_updates=37),  # stops inside an epoch
    dict(seed=5, epochs=3, d=4),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"seed{c['seed']}")
def test_every_cursor_matches_the_textbook_loops(case):
    X, y = noisy(n=40, d=case.get("d", 2), seed=case["seed"])
    run = pc.train(
        X, y, max_epochs=case["epochs"], shuffle=case.get("shuffle", False),
        eta=case.get("eta", 1.0), w0=case.get("w0"), seed=case["seed"],
        max_updates=case.get("max_updates"),
    )  # fmt: skip
    states = states_of(run, X, y)
    assert len(states) == run.n_visits + 1
    Q = np.random.default_rng(99).normal(size=(50, X.shape[1])) * 2
    for t in range(run.n_visits + 1):
        st = states[t]
        w, b = run.variant_weights("classic", t)
        np.testing.assert_allclose(w, st["w"], rtol=1e-12, atol=1e-12)
        assert b == pytest.approx(st["b"], rel=1e-12, abs=1e-12)
        w, b = run.variant_weights("averaged", t)
        np.testing.assert_allclose(w, st["avg_w"], rtol=1e-10, atol=1e-12)
        assert b == pytest.approx(st["avg_b"], rel=1e-10, abs=1e-12)
        w, b = run.variant_weights("pocket", t)
        np.testing.assert_allclose(w, st["pocket_w"], rtol=1e-12, atol=1e-12)
        assert b == pytest.approx(st["pocket_b"], rel=1e-12, abs=1e-12)
        # The vote is a sum of whole numbers: exact.
        assert np.array_equal(run.variant_scores("voted", Q, t), oracle_scores(st, "voted", Q))
        for v in ("classic", "averaged", "pocket"):
            np.testing.assert_allclose(
                run.variant_scores(v, Q, t), oracle_scores(st, v, Q), rtol=1e-9, atol=1e-9
            )


def test_averaged_is_ciml_algorithm_7_over_its_normalisation_at_every_cursor():
    X, y = noisy(n=30, seed=7, noise=0.25)
    run = pc.train(X, y, max_epochs=4)
    states = states_of(run, X, y)
    for t in range(1, run.n_visits + 1):
        w, b = run.variant_weights("averaged", t)
        # CIML Alg. 7 after t visits returns t/(t+1) times the plain average (ERRATA.md).
        np.testing.assert_allclose(states[t]["ciml_w"] * (t + 1) / t, w, rtol=1e-9, atol=1e-12)
        assert states[t]["ciml_b"] * (t + 1) / t == pytest.approx(b, rel=1e-9, abs=1e-12)


def test_start_and_end_cursors():
    X, y = noisy(n=50, seed=8)
    run = pc.train(X, y, max_epochs=5, w0="random", seed=3)
    for v in ("classic", "averaged", "pocket"):
        w, b = run.variant_weights(v, 0)
        assert np.array_equal(w, run.w0) and b == run.b0
    assert not np.any(run.variant_scores("voted", X, 0))  # nothing has voted yet
    T = run.n_visits
    w, b = run.variant_weights("averaged", T)
    assert np.array_equal(w, run.averaged_weights[0]) and b == run.averaged_weights[1]
    w, b = run.variant_weights("pocket", T)
    assert np.array_equal(w, run.pocket_weights[0]) and b == run.pocket_weights[1]
    w, b = run.variant_weights("classic", T)
    assert np.array_equal(w, run.w) and b == run.b


@pytest.mark.parametrize("variant", FOUR)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_scores_at_the_end_equal_the_decision_function(variant, seed):
    X, y = noisy(n=80, seed=seed, noise=0.15)
    run = pc.train(X, y, variant=variant, max_epochs=7, shuffle=seed == 2, seed=seed)
    Q = np.vstack((X, np.random.default_rng(seed).normal(size=(40, 2)) * 3))
    assert np.array_equal(run.variant_scores(variant, Q, run.n_visits), run.decision_function(Q))


def test_the_votes_do_not_depend_on_the_chunk_size(monkeypatch):
    X, y = noisy(n=50, seed=9, noise=0.3)
    run = pc.train(X, y, max_epochs=6)
    states = states_of(run, X, y)
    ts = [run.n_visits, 0, 7, 7, 123, run.n_visits // 2, 1]  # unsorted, repeated
    Q = np.random.default_rng(1).normal(size=(30, 2))
    monkeypatch.setattr(variants_module, "_CHUNK_ELEMENTS", 30 * 3)  # 3 vectors per chunk
    small = run.variant_scores_at("voted", Q, ts)
    for j, t in enumerate(ts):
        assert np.array_equal(small[j], oracle_scores(states[t], "voted", Q))


@pytest.mark.parametrize("variant", FOUR)
def test_scores_at_several_cursors_are_the_single_calls(variant):
    X, y = noisy(n=40, seed=10)
    run = pc.train(X, y, max_epochs=5)
    ts = [3, run.n_visits, 0, 40, 3]
    many = run.variant_scores_at(variant, X, ts)
    assert many.shape == (5, 40)
    for j, t in enumerate(ts):
        assert np.array_equal(many[j], run.variant_scores(variant, X, t))


def test_bad_requests_name_the_bad_value():
    X, y = noisy(n=20, seed=11)
    run = pc.train(X, y, max_epochs=3)
    with pytest.raises(ValueError, match="'kernel'"):
        run.variant_weights("kernel", 0)
    with pytest.raises(ValueError, match="vote"):
        run.variant_weights("voted", 0)
    with pytest.raises(IndexError, match=str(run.n_visits + 1)):
        run.variant_scores("classic", X, run.n_visits + 1)
    with pytest.raises(IndexError, match="-1"):
        run.variant_weights("averaged", -1)
    with pytest.raises(TypeError):
        run.variant_weights("classic", 1.5)
    with pytest.raises(ValueError, match="shape"):
        run.variant_scores("voted", np.zeros((3, 5)), 1)
    kernel = pc.train(X, y, variant="kernel", kernel="rbf", max_epochs=2)
    with pytest.raises(ValueError, match="kernel"):
        kernel.variant_scores("classic", X, 1)
    batch = pc.train(X, y, variant="batch", max_epochs=3)
    with pytest.raises(ValueError, match="batch"):
        batch.variant_weights("averaged", 1)
    # The classic rule of a batch run: the weights in force, changed at epoch ends only.
    w, b = batch.variant_weights("classic", 2 * batch.n)
    w2, b2 = batch.weights(batch.updates_before_visit(2 * batch.n))
    assert np.array_equal(w, w2) and b == b2


def test_empty_point_sets_and_cursor_lists():
    X, y = noisy(n=20, seed=12)
    run = pc.train(X, y, max_epochs=3)
    for v in FOUR:
        assert run.variant_scores(v, np.zeros((0, 2)), 5).shape == (0,)
        assert run.variant_scores_at(v, X, []).shape == (0, 20)


# ------------------------------------------------------------------ accuracy
def oracle_accuracy(sets, states, cursors, variant, name):
    X, y = sets[name]
    return np.array([np.mean(y * oracle_scores(states[t], variant, X) > 0) for t in cursors])


@pytest.mark.parametrize("shuffle", [False, True])
def test_accuracy_per_epoch_matches_the_textbook_loops(shuffle):
    X, y = noisy_line(n=120, seed=5, noise=0.15)
    sets = split_sets(X, y)
    Xtr, ytr = sets["train"]
    run = pc.train(Xtr, ytr, max_epochs=9, shuffle=shuffle, seed=2)
    states = replay(Xtr, ytr, [run.order(e) for e in range(run.epochs)])
    acc = pc.accuracy_per_epoch(run, sets)
    assert acc.note is None
    assert acc.epochs.tolist() == list(range(1, run.epochs + 1))
    cursors = [min((e + 1) * len(ytr), len(states) - 1) for e in range(run.epochs)]
    for v in FOUR:
        for name in sets:
            np.testing.assert_allclose(
                acc[v][name], oracle_accuracy(sets, states, cursors, v, name), atol=1e-12
            )
    # Training accuracy of the classic rule is 1 - errors / n of the engine's own stats.
    errors = run.epoch_stats()["errors"]
    np.testing.assert_allclose(acc["classic"]["train"], 1 - errors / len(ytr))


def test_many_epochs_are_sampled_and_the_note_says_so():
    X, y = noisy_line(n=60, seed=6, noise=0.3)
    sets = split_sets(X, y)
    run = pc.train(*sets["train"], max_epochs=23)
    full = pc.accuracy_per_epoch(run, sets)
    few = pc.accuracy_per_epoch(run, sets, max_epochs=5)
    assert few.epochs.shape[0] == 5 and few.epochs[0] == 1 and few.epochs[-1] == 23
    assert "23 epochs" in few.note
    idx = few.epochs - 1
    for v in FOUR:
        for name in sets:
            assert np.array_equal(few[v][name], full[v][name][idx])


def test_the_vote_work_cap_subsamples_the_points_and_says_so():
    X, y = noisy_line(n=300, seed=7, noise=0.3)
    sets = split_sets(X, y)
    run = pc.train(*sets["train"], max_epochs=10)
    vectors = run.n_updates + 1
    capped = pc.accuracy_per_epoch(run, sets, max_vote_work=vectors * 40, seed=1)
    full = pc.accuracy_per_epoch(run, sets)
    assert "voted" in capped.note and "estimated" in capped.note
    for name in sets:
        assert np.array_equal(capped["classic"][name], full["classic"][name])
        a = capped["voted"][name]
        assert np.all((a >= 0) & (a <= 1))
        # A subsample of k points gives multiples of 1/k.
        k = len(sets[name][1]) * 40 / 300
        assert np.allclose(a * np.ceil(k), np.round(a * np.ceil(k)))


def test_a_partial_last_epoch_ends_at_the_last_visit():
    X, y = noisy_line(n=50, seed=8, noise=0.3)
    sets = split_sets(X, y)
    run = pc.train(*sets["train"], max_epochs=10, max_updates=25)
    assert run.stop_reason == "max_updates"
    assert pc.epoch_cursors(run)[-1] == run.n_visits
    acc = pc.accuracy_per_epoch(run, sets)
    assert acc.epochs.shape[0] == run.epochs


def test_best_epoch_is_the_earliest_maximum():
    assert pc.best_epoch([0.5, 0.8, 0.7, 0.8]) == 2
    assert pc.best_epoch([0.9]) == 1
    assert pc.best_epoch([np.nan, 0.4, 0.4]) == 2
    assert pc.best_epoch([0.1, 0.3, 0.2], epochs=np.array([1, 50, 100])) == 50
    with pytest.raises(ValueError):
        pc.best_epoch([])


def test_early_stopping_picks_the_epoch_a_loop_over_dev_accuracy_would():
    X, y = noisy_line(n=200, seed=9, noise=0.25)
    sets = split_sets(X, y)
    run = pc.train(*sets["train"], max_epochs=15)
    acc = pc.accuracy_per_epoch(run, sets)
    for v in FOUR:
        dev = acc[v]["dev"]
        best, best_e = -1.0, None
        for e, a in enumerate(dev, start=1):
            if a > best:
                best, best_e = a, e
        assert acc.best(v) == best_e == pc.best_epoch(dev)


# ------------------------------------------------------------------ agreement
def test_on_wide_margin_separable_data_all_four_agree_at_the_end():
    ds = datasets.generate("separable", n=100, seed=0, margin=0.3)
    run = pc.train(ds.X, ds.y, max_epochs=1000)
    assert run.converged
    T = run.n_visits
    assert pc.agreement(run, ds.X, T) == 1.0
    for v in FOUR:
        assert np.all(ds.y * run.variant_scores(v, ds.X, T) > 0)


def test_on_separable_data_classic_and_pocket_are_right_but_the_vote_and_mean_may_not_be():
    # Not a theorem: the average and the vote still carry the vectors of the early
    # visits. Separable data where the run converges after 2 epochs, yet one training
    # point is outvoted; the oracle (Freund & Schapire's loop) says the same.
    ds = datasets.generate("separable", n=100, seed=1, margin=0.3)
    run = pc.train(ds.X, ds.y, max_epochs=1000)
    assert run.converged
    T = run.n_visits
    states = replay(ds.X, ds.y, [np.arange(100)] * run.epochs)
    for v in ("classic", "pocket"):
        assert np.all(ds.y * run.variant_scores(v, ds.X, T) > 0)
    wrong = {v: int(np.sum(ds.y * oracle_scores(states[T], v, ds.X) <= 0)) for v in FOUR}
    assert wrong["classic"] == wrong["pocket"] == 0
    assert wrong["averaged"] + wrong["voted"] > 0
    assert pc.agreement(run, ds.X, T) < 1.0


def test_agreement_counts_the_points_where_the_four_predictions_agree():
    X, y = noisy_line(n=80, seed=10, noise=0.3)
    run = pc.train(X, y, max_epochs=3)
    states = replay(X, y, [np.arange(80)] * run.epochs)
    for t in (0, 5, 100, run.n_visits):
        preds = np.array([oracle_scores(states[t], v, X) > 0 for v in FOUR])
        expected = np.mean(np.all(preds == preds[0], axis=0))
        assert pc.agreement(run, X, t) == pytest.approx(expected)
    assert np.isnan(pc.agreement(run, np.zeros((0, 2)), 3))


def test_the_variants_modules_examples_run():
    result = doctest.testmod(variants_module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0
