"""Step latency of the Playground and the batch page: pressing Step until the chart shows
the new boundary, in Chromium.

    python benchmarks/latency.py [--repeats 20] [--sizes 100 1000 20000] [--json out.json]

Measured in the same run, interleaved per size, next to a bare Streamlit page that redraws
the same number of points with no logic (``bare_page.py``). Timing is taken in the browser
(see ``latency_harness``): from the Step button's click event to the first DOM state whose
chart holds a boundary different from the one before the press. Prints the medians and the
ratio Playground / bare page per size (goal <= 1.2), and the ratio to the same bare page
with its imports frozen out of the garbage collector (``?freeze=1``), which is what the
Playground does once per process (``ui/server/warmup.py``): so the gain that is only the collector's
can be told from the rest.

The Playground is opened on the separable generator with 10% label noise, so every Step
makes an update and moves the boundary for far more than the 22 presses made.

    python benchmarks/latency.py --keys [--key-sizes 1000 20000] [--key-repeats 10]

times what a lecturer's clicker does against the mouse instead: S, PageDown and a click on
Step, alternated (each first in turn), from the first input event (``keydown``,
``pointerdown``: a capture listener installed before the page's own scripts) to the frame
that paints the new step (the animation frame after the DOM shows it), on an idle page and
during a rerun (the notation changed just before the input; "in run" counts the inputs that
landed while the script ran), beside a click on the bare page in the same run. Prints
median and p95 per input, key / click and key / bare, and whether every key is within one
animation frame (16.7 ms) of the click.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from latency_harness import (  # noqa: E402
    _IDLE,
    BARE_PAGE,
    INPUTS,
    REPO_ROOT,
    RunWatcher,
    Target,
    _servers,
    bare_page_predicate,
    benchmark,
    button_centre,
    first_input_context,
    format_table,
    time_input,
)

# The boundary trace of the Playground's stage (named "boundary" by ui/charts/playground.py;
# drawn in the layer over the points) and the status line above it: a press counts as drawn when
# both show the new step.
_BOUNDARY_JS = """() => {
  const gd = document.querySelector('[data-testid="stageOver"]');
  const status = document.querySelector('[class*="st-key-"][class*="_status"] p');
  if (!gd || !gd.data || !status) return null;
  const t = gd.data.find((d) => d.name === 'boundary');
  return JSON.stringify([t ? [Array.from(t.x || []), Array.from(t.y || [])] : null,
                         status.textContent]);
}"""

PLAYGROUND = Target(
    name="playground",
    script=REPO_ROOT / "app.py",
    button_label="Step",
    predicate_js=f"(k, before) => {{ const now = ({_BOUNDARY_JS})(); "
    "return now !== null && now !== before; }",
    snapshot_js=_BOUNDARY_JS,
    query=lambda n: {"pg_n": str(n), "pg_noise": "0.1", "pg_seed": "3"},
    ready_js="() => document.querySelector('[data-testid=\"stageOver\"] .main-svg') !== null",
)

# The batch page's stage: the batch boundary (named "batch GD on J_p (epoch e)" by
# ui/views/batch_view.py, in the layer over the points) moves at every Step; and the status line.
_BATCH_JS = """() => {
  const gd = document.querySelector('[data-testid="stageOver"]');
  const status = document.querySelector('[class*="st-key-"][class*="_status"] p');
  if (!gd || !gd.data || !status) return null;
  const t = gd.data.find((d) => (d.name || '').startsWith('batch GD'));
  return JSON.stringify([t ? [t.name, Array.from(t.x || []), Array.from(t.y || [])] : null,
                         status.textContent]);
}"""

BATCH = Target(
    name="batch page",
    script=REPO_ROOT / "app.py",
    url_path="batch",
    button_label="Step",
    predicate_js=f"(k, before) => {{ const now = ({_BATCH_JS})(); "
    "return now !== null && now !== before; }",
    snapshot_js=_BATCH_JS,
    query=lambda n: {
        "bt_source": "Generate",
        "bt_n": str(n),
        "bt_noise": "0.1",
        "bt_seed": "3",
        "bt_max_epochs": "100",
    },  # fmt: skip
    ready_js=PLAYGROUND.ready_js,
)

# The same bare page with the objects of its imports frozen out of Streamlit's collection
# after every run (``gc.freeze()``, as ``ui/server/warmup.py`` does for the Playground). Not the
# goal's peer; printed so the ratio can be read both ways.
BARE_FROZEN = dataclasses.replace(
    BARE_PAGE, name="bare, frozen", query=lambda n: {"n": str(n), "freeze": "1"}
)


# ------------------------------------------------------------------ keys against the click
# The stage's step on screen: the over layer's cursor (set once a frame is drawn, after its
# texts) and the status line. A step is drawn when both differ from before the input.
_STEP_JS = """() => {
  const over = document.querySelector('[data-testid="stageOver"]');
  const status = document.querySelector('.st-key-pg_status p');
  return JSON.stringify([over ? over.dataset.cursor || '' : null,
                         status ? status.textContent : null]);
}"""
_STEP_PREDICATE = f"""(k, before) => {{
  const [cursor, status] = JSON.parse(({_STEP_JS})());
  const [c0, s0] = JSON.parse(before);
  return cursor !== null && status !== null && cursor !== c0 && status !== s0;
}}"""
# The stage has told the server where it stepped to, and the server's rerun is drawn: no
# element shows a step behind the stage's (ui/stage/stage.js, markStale), the app is idle.
_SETTLED_JS = """() => document.querySelector('.stage-stale') === null
  && document.querySelector('[data-testid="stApp"][data-test-connection-state="CONNECTED"]'
     + '[data-test-script-state="notRunning"]') !== null"""
# Two of the sidebar's notations (ui/notation.py NAMES: the start of their names).
_NOTATIONS = {"wb": "w, b · y = ±1", "theta": "θ, θ₀"}


def _settle(page, timeout_ms: float = 60_000) -> None:
    page.wait_for_function(_SETTLED_JS, timeout=timeout_ms, polling="raf")
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def _change_notation(page, name: str) -> None:
    """Choose another notation in the sidebar and return once its rerun has started (or
    finished: a fast one can start and end inside one render)."""
    from browser_helpers import open_list

    open_list(page, page.locator(".st-key-lab_notation_pick").get_by_role("combobox"))
    page.get_by_role("option").filter(has_text=_NOTATIONS[name]).first.click()
    try:
        page.wait_for_selector(
            '[data-testid="stApp"][data-test-script-state="running"]',
            state="attached",
            timeout=2_000,
        )
    except Exception:  # noqa: BLE001 - the run was too short to be seen: timed all the same
        pass


def _open(context, url: str, ready_js: str):
    page = context.new_page()
    runs = RunWatcher(page)
    page.goto(url, wait_until="domcontentloaded", timeout=120_000)
    runs.wait_for_more_than(page, 0, 120_000)
    page.wait_for_selector(_IDLE, state="attached", timeout=120_000)
    page.wait_for_function(ready_js, timeout=120_000)
    return page, runs


@dataclasses.dataclass
class InputResult:
    page: str
    n: int
    condition: str
    input: str
    times: list[float]  # ms, first input event to the painted frame
    in_run: int  # inputs that landed while the page's script ran

    @property
    def median(self) -> float:
        return statistics.median(self.times)

    @property
    def p95(self) -> float:
        ordered = sorted(self.times)
        return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def key_benchmark(sizes, repeats: int, warmup: int, progress=print) -> list[InputResult]:
    """S, PageDown and a click on Step on the Playground, alternated, idle and during a
    rerun (the notation just changed), and a click on the bare page, per size."""
    from browser_helpers import chromium

    results: list[InputResult] = []
    with _servers([BARE_PAGE, PLAYGROUND]) as bases, chromium() as browser:
        for n in sizes:
            context = first_input_context(browser)
            try:
                page, runs = _open(
                    context, BARE_PAGE.url(bases[BARE_PAGE.name], n), BARE_PAGE.ready_js
                )
                bare = []
                for k in range(1, warmup + repeats + 1):
                    before = runs.finished
                    lat = time_input(page, runs, "click", bare_page_predicate(), k)
                    runs.wait_for_more_than(page, before, 60_000)
                    page.wait_for_selector(_IDLE, state="attached", timeout=60_000)
                    if k > warmup:
                        bare.append(lat["t1"] - lat["t0"])
                results.append(InputResult("bare page", n, "idle", "click", bare, 0))
                progress(results[-1])
                page.close()
                page, runs = _open(
                    context, PLAYGROUND.url(bases[PLAYGROUND.name], n), PLAYGROUND.ready_js
                )
                k = 0
                for condition in ("idle", "rerun"):
                    times = {how: [] for how in INPUTS}
                    in_run = dict.fromkeys(INPUTS, 0)
                    for i in range(warmup + repeats):
                        # Each input first, second and third in turn: no order favoured.
                        for how in INPUTS[i % 3 :] + INPUTS[: i % 3]:
                            k += 1
                            box = button_centre(page) if how == "click" else None
                            if condition == "rerun":
                                _change_notation(page, ("wb", "theta")[k % 2])
                            lat = time_input(
                                page, runs, how, _STEP_PREDICATE, k, snapshot_js=_STEP_JS, box=box
                            )
                            _settle(page)
                            if i >= warmup:
                                times[how].append(lat["t1"] - lat["t0"])
                                in_run[how] += bool(lat["running"])
                    for how in INPUTS:
                        results.append(
                            InputResult("playground", n, condition, how, times[how], in_run[how])
                        )
                        progress(results[-1])
            finally:
                context.close()
    return results


def format_key_table(results: list[InputResult]) -> str:
    """Page, size, condition, input, median and p95 (ms), key / click and key / bare."""
    by = {(r.page, r.n, r.condition, r.input): r for r in results}
    lines = [
        f"{'page':<12}{'n':>7}  {'condition':<10}{'input':<10}{'median':>8}{'p95':>8}"
        f"{'in run':>8}{'/click':>8}{'/bare':>7}"
    ]
    for r in results:
        click = by.get((r.page, r.n, r.condition, "click"))
        bare = by.get(("bare page", r.n, "idle", "click"))
        vs_click = f"{r.median / click.median:8.2f}" if click and r.page != "bare page" else " " * 8
        vs_bare = f"{r.median / bare.median:7.2f}" if bare and r.page != "bare page" else " " * 7
        runs = f"{r.in_run}/{len(r.times)}" if r.condition == "rerun" else ""
        lines.append(
            f"{r.page:<12}{r.n:>7}  {r.condition:<10}{r.input:<10}{r.median:>8.0f}"
            f"{r.p95:>8.0f}{runs:>8}{vs_click}{vs_bare}"
        )
    return "\n".join(lines)


def key_gaps(results: list[InputResult], frame_ms: float = 1000 / 60) -> list[str]:
    """Where a key's median is slower than the click's by more than one animation frame."""
    by = {(r.page, r.n, r.condition, r.input): r for r in results}
    gaps = []
    for r in results:
        click = by.get((r.page, r.n, r.condition, "click"))
        if r.input != "click" and click is not None and r.median - click.median > frame_ms:
            gaps.append(
                f"{r.input} n={r.n} {r.condition}: {r.median - click.median:.0f} ms "
                "slower than the click"
            )
    return gaps


def keys_main(args) -> int:
    from browser_helpers import machine_slowdown

    def progress(r: InputResult) -> None:
        print(
            f"{r.page:<11} n={r.n:<6} {r.condition:<6} {r.input:<9} median {r.median:.0f} ms",
            flush=True,
        )

    slow_before = machine_slowdown()
    results = key_benchmark(args.key_sizes, args.key_repeats, args.warmup, progress=progress)
    slowdown = max(slow_before, machine_slowdown())
    print()
    print("From the first input event (keydown, pointerdown) to the frame that paints the step:")
    print(format_key_table(results))
    print(f"machine slowdown now: {slowdown:.1f}x (reference loop; 1.0 = normal speed)")
    gaps = key_gaps(results)
    print("key within one frame of the click: " + ("yes" if not gaps else "NO: " + "; ".join(gaps)))
    if args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps([dataclasses.asdict(r) for r in results], indent=2))
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=20)
    parser.add_argument("--warmup", type=int, default=2)
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1_000, 20_000])
    parser.add_argument("--json", type=Path)
    parser.add_argument(
        "--keys",
        action="store_true",
        help="time S, PageDown and a click on Step from the first input event instead",
    )
    parser.add_argument("--key-sizes", type=int, nargs="+", default=[1_000, 20_000])
    parser.add_argument("--key-repeats", type=int, default=10)
    args = parser.parse_args(argv)
    if args.keys:
        return keys_main(args)

    def progress(r):
        print(f"{r.target:<12} n={r.n:<6} median {r.median * 1000:.0f} ms", flush=True)

    from browser_helpers import machine_slowdown

    slow_before = machine_slowdown()
    results = benchmark(
        [BARE_PAGE, BARE_FROZEN, PLAYGROUND, BATCH],
        args.sizes,
        args.repeats,
        warmup=args.warmup,
        progress=progress,
    )
    slowdown = max(slow_before, machine_slowdown())
    print()
    print(format_table(results))
    print()
    # The goal (<= 80 ms) is for this machine at its normal speed: the reference loop's
    # slowdown, measured before and after the run (the larger taken), scales it.
    print(f"machine slowdown now: {slowdown:.1f}x (reference loop; 1.0 = normal speed)")
    by = {(r.target, r.n): r for r in results}
    for target in ("playground", BATCH.name):
        for n in args.sizes:
            ms = by[(target, n)].median * 1000
            print(f"{target:<11} n={n:<6} median {ms:6.0f} ms   at normal speed "
                  f"~{ms / slowdown:5.0f} ms (goal <= 80)")  # fmt: skip
    for n in args.sizes:
        ours, bare = by[("playground", n)].median, by[(BARE_PAGE.name, n)].median
        frozen = by[(BARE_FROZEN.name, n)].median
        print(f"n={n:<6} playground {ours * 1000:6.0f} ms  bare {bare * 1000:6.0f} ms  "
              f"ratio {ours / bare:.2f} (goal <= 1.2)   "
              f"bare, frozen {frozen * 1000:6.0f} ms  ratio {ours / frozen:.2f}")  # fmt: skip
        batch = by[(BATCH.name, n)].median
        print(f"n={n:<6} batch page {batch * 1000:6.0f} ms  ratio {batch / bare:.2f}")
    if args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps([r.as_dict() for r in results], indent=2))
    worst = max(
        statistics.median(by[("playground", n)].times) / by[(BARE_PAGE.name, n)].median
        for n in args.sizes
    )
    print(f"worst ratio: {worst:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
