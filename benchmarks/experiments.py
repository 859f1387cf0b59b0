"""The /experiments page's default margin experiment, timed against peers in the same run.

    python benchmarks/experiments.py [--repeats 5] [--margins 10] [--seeds 20] [--n 100]

What it measures, interleaved repeat by repeat so a change in the machine's load hits all
of them alike:

* ours: ``perceptron_core.experiments.margin_experiment(np.geomspace(0.01, 0.5, 10),
  seeds=20, n=100)``: 200 datasets, 200 compiled runs (``perceptron_core.train``) and 200
  exact margins (``perceptron_core.theory``), the page's default;
* the peer: the same 200 datasets and margins, each run by a plain textbook Python loop
  instead of the compiled one (what "not using the engine" would cost);
* the machine: the reference loop of ``tests/browser/browser_helpers`` (10**6 additions,
  0.07 s at this machine's normal speed). Its ratio to 0.07 s is how many times slower the
  machine runs now; ours divided by it is the estimate at normal speed (goal: < 3 s).

The first call in a process loads numba's compiled loops (compiled once per machine and
cached on disk; a cold compile is longer): it is timed once, printed apart, and not
counted in the medians. A breakdown of ours (generate / train / theory) follows.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import numpy as np

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))
sys.path.insert(0, str(REPO_ROOT / "tests" / "browser"))

from browser_helpers import NOMINAL_LOOP_S  # noqa: E402

import perceptron_core as pc  # noqa: E402
from perceptron_core import experiments as ex  # noqa: E402

GOAL_S = 3.0  # the default margin experiment at normal machine speed


def textbook_mistakes(X, y, max_epochs=1_000) -> int:
    """The notes' loop in plain Python: mistakes until a clean pass."""
    rows, labels = X.tolist(), y.tolist()
    d = len(rows[0])
    w, b, mistakes = [0.0] * d, 0.0, 0
    for _ in range(max_epochs):
        clean = True
        for x, label in zip(rows, labels, strict=True):
            s = 0.0
            for j in range(d):
                s += w[j] * x[j]
            if label * (s + b) <= 0:
                for j in range(d):
                    w[j] += label * x[j]
                b += label
                mistakes += 1
                clean = False
        if clean:
            break
    return mistakes


def peer(margins, seeds: int, n: int) -> list[tuple[int, float]]:
    """The same experiment with the textbook loop: (mistakes, bound) per dataset."""
    out = []
    for m in margins:
        for s in range(seeds):
            X, y, _ = ex.separable_points(n, 2, float(m), np.random.default_rng(s))
            out.append((textbook_mistakes(X, y), pc.theory(X, y).bound))
    return out


def reference_loop() -> float:
    start = time.perf_counter()
    exec("s = 0\nfor i in range(10**6): s += i", {})  # module scope, as browser_helpers
    return time.perf_counter() - start


def breakdown(margins, seeds: int, n: int) -> dict[str, float]:
    """Seconds spent generating, training and computing the theory, over the experiment."""
    spent = {"generate": 0.0, "train": 0.0, "theory": 0.0}
    for m in margins:
        for s in range(seeds):
            t0 = time.perf_counter()
            X, y, _ = ex.separable_points(n, 2, float(m), np.random.default_rng(s))
            t1 = time.perf_counter()
            pc.train(X, y, max_epochs=1_000)
            t2 = time.perf_counter()
            pc.theory(X, y)
            t3 = time.perf_counter()
            spent["generate"] += t1 - t0
            spent["train"] += t2 - t1
            spent["theory"] += t3 - t2
    return spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--margins", type=int, default=10)
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--n", type=int, default=100)
    args = parser.parse_args()
    margins = np.geomspace(0.01, 0.5, args.margins)
    runs = args.margins * args.seeds

    t0 = time.perf_counter()
    ex.margin_experiment([0.1], seeds=1, n=10)  # loads the compiled loops: once per process
    ex.adversarial_run([[1.0, 0.0], [-1.0, 0.0]], [1, -1])
    first = time.perf_counter() - t0
    print(f"first call (numba load/compile, once per process, not counted): {first:.2f} s")

    ours, theirs, loops = [], [], []
    table = None
    for _ in range(args.repeats):
        t0 = time.perf_counter()
        table = ex.margin_experiment(margins, seeds=args.seeds, n=args.n)
        ours.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        peer_rows = peer(margins, args.seeds, args.n)
        theirs.append(time.perf_counter() - t0)
        loops.append(reference_loop())
    assert table is not None
    # The peer is a real peer: it made the same mistakes on the same datasets.
    assert [m for m, _ in peer_rows] == table["mistakes"].tolist()

    ours_s, theirs_s = statistics.median(ours), statistics.median(theirs)
    slowdown = max(1.0, statistics.median(loops) / NOMINAL_LOOP_S)
    normal = ours_s / slowdown
    ratio = table["mistakes"] / table["bound"]
    print(f"default margin experiment: {args.margins} margins x {args.seeds} seeds = {runs} "
          f"runs, n = {args.n}, d = 2, {args.repeats} repeats")  # fmt: skip
    print(f"  ours (compiled train + exact theory): median {ours_s:.3f} s  (best {min(ours):.3f})")
    print(f"  peer (textbook Python loop + theory): median {theirs_s:.3f} s  "
          f"(best {min(theirs):.3f})")  # fmt: skip
    print(f"  ratio ours / peer: {ours_s / theirs_s:.2f}")
    print(f"  machine: reference loop median {statistics.median(loops):.3f} s against "
          f"{NOMINAL_LOOP_S} s normal: {slowdown:.1f}x slow now")  # fmt: skip
    verdict = "meets" if normal < GOAL_S else "MISSES"
    print(f"  estimated at normal speed: {normal:.3f} s ({verdict} the {GOAL_S:g} s goal)")
    spent = breakdown(margins, args.seeds, args.n)
    total = sum(spent.values())
    print("  breakdown of one pass: " + ", ".join(
        f"{k} {v:.3f} s ({100 * v / total:.0f}%)" for k, v in spent.items()))  # fmt: skip
    above = int(np.count_nonzero(ratio > 1))
    print(f"  result: {above} of {runs} runs above the bound; mistakes / bound min "
          f"{ratio.min():.2g}, median {np.median(ratio):.2g}, max {ratio.max():.2g}")  # fmt: skip


if __name__ == "__main__":
    main()
