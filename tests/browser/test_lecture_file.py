"""The lecture as one HTML file (ui/parts/lecture_file.py), opened from disk in Chromium with
every request outside file:// blocked, as on a USB stick in a hall without network:
PageDown walks every scene to the end, and each stepped scene's numbers (w, M, the bound)
at every cursor shown equal the engine's, replayed here from ``pc.train`` on the scene's
data and settings; in English, in German and in two other notations. A lecturer's own
question is shown before the step as text, and revealed on a key."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import bound_oracle
import numpy as np
import pytest

import datasets
import perceptron_core as pc
from ui import lecture, notation, state, words
from ui.limits import ONLINE_ARRIVALS, order_caps
from ui.parts import lecture_file
from ui.server import lectures
from ui.views import online_view

pytestmark = pytest.mark.browser

MADE_IN = [("en", "wb"), ("de", "theta"), ("en", "augmented")]
NUMBER = r"-?\d[\d,]*(?:\.\d+)?(?:·10\^-?\d+)?"


def number(s: str) -> float:
    s = s.replace(",", "")
    if "·10^" in s:
        mant, exp = s.split("·10^")
        return float(mant) * 10.0 ** int(exp)
    return float(s)


def page_defaults(path: str) -> dict:
    table = lecture.table_of(path)
    return {name: f.default for name, f in table.fields.items()}


def engine_run(values: dict, params: dict, path: str = "playground"):
    """The scene's run, from its values over its page's defaults: the data as the notes'
    registry makes it, trained by the engine (the Proof and the Space: the classic rule)."""
    v = {"variant": "classic", **page_defaults(path), **values}
    if v["source"] == "examples":
        ds = datasets.generate(v["example"], n=None, seed=0, noise=0.0)
    else:
        ds = datasets.generate(v["generator"], n=v["n"], seed=v["seed"], noise=v["noise"], **params)
    run = pc.train(
        ds.X,
        ds.y,
        variant=v["variant"],
        eta=float(v["eta"]),
        max_epochs=v["max_epochs"],
        shuffle=v["order"] == "shuffle",
        seed=v["order_seed"],
        w0=None,
    )
    return ds, run


def kernel_run(values: dict):
    """A Kernel scene's run, from its values over the Kernel page's defaults: the kernel
    perceptron with the scene's kernel, trained by the engine."""
    v = {**page_defaults("kernel"), **values}
    ds = datasets.generate(v["generator"], n=v["n"], seed=v["seed"], noise=v["noise"])
    kernel = pc.Kernel(v["kernel"], degree=int(v["degree"]), gamma=1 / (2 * float(v["width"]) ** 2))
    run = pc.train(ds.X, ds.y, variant="kernel", kernel=kernel, max_epochs=v["max_epochs"])
    return ds, run


def variants_run(values: dict):
    """A Variants scene's run: the classic rule on the training part of the data's split
    (the datasets API's, stratified), trained by the engine."""
    v = {**page_defaults("variants"), **values}
    ds = datasets.generate(v["generator"], n=v["n"], seed=v["seed"], noise=v["noise"])
    rows = datasets.split(ds.n, int(v["split_seed"]), y=ds.y)[0]
    X, y = ds.X[rows], ds.y[rows]
    run = pc.train(
        X,
        y,
        eta=float(v["eta"]),
        max_epochs=v["max_epochs"],
        shuffle=v["order"] == "shuffle",
        seed=v["order_seed"],
    )
    return X, y, run


def variants_line_holds(X, y, run, t: int, summary: str) -> bool:
    """The Variants line's M (a textbook loop over the run's own orders) and its bound
    (Theorem 1 on separable data, else Theorem 2 after the epochs reached)."""
    orders = [run.order(e) for e in range(run.epochs)]
    M = int(bound_oracle.textbook_mistakes(X, y, run.eta, run.w0, run.b0, orders)[t])
    th = pc.theory(X, y)
    bound = th.bound if th.separable else pc.hinge_certificate(X, y, max(1, -(-t // len(y)))).value
    found = re.search(r"M = ([\d,]+) ≤ (?:[^(]*?= )?(" + NUMBER + ")", summary)
    return (
        found is not None
        and int(found.group(1).replace(",", "")) == M
        and number(found.group(2)) == pytest.approx(bound, rel=1e-3)
    )


def orders_expected(values: dict) -> list[float]:
    """The orders statement's first numbers: k random orders, their epochs (least, most,
    median), the fixed order's, their mistakes (least, most, median), the fixed order's;
    each order a textbook loop from w = 0 (eta 1) until a clean pass, random order i the
    rows permuted once by numpy's default_rng(seed + i) (the notes' 002 section 6.1)."""
    v = {**page_defaults("experiments"), **values}
    ds = datasets.generate(v["example"], n=None, seed=0, noise=0.0)
    k, seed = int(v["orderings"]), int(v["order_seed"])
    max_epochs, _ = order_caps(ds.n, k)

    def run(order) -> tuple[int, int]:
        w, b, mistakes = np.zeros(ds.d), 0.0, 0
        for epoch in range(1, max_epochs + 1):
            before = mistakes
            for i in order:
                if ds.y[i] * (ds.X[i] @ w + b) <= 0:
                    w, b, mistakes = w + ds.y[i] * ds.X[i], b + ds.y[i], mistakes + 1
            if mistakes == before:
                return epoch, mistakes
        return max_epochs, mistakes

    fixed = run(np.arange(ds.n))
    rnd = np.array([run(np.random.default_rng(seed + i).permutation(ds.n)) for i in range(k)])
    e, m = rnd[:, 0], rnd[:, 1]
    return [k, e.min(), e.max(), np.median(e), fixed[0], m.min(), m.max(), np.median(m), fixed[1]]


def game_expected(gamma: float) -> list[list[float]]:
    """The adversary's game from an empty board, replayed here: its points from the
    engine's ``adversary_point`` (the game's rule), learned by a textbook loop; for each
    k arrivals, [M, k] and, once both classes have come, Theorem 1's bound for those k
    points from the independent max-margin solver."""
    w, b, X, y = np.zeros(2), 0.0, [], []
    while len(y) < ONLINE_ARRIVALS:
        move = pc.adversary_point(
            w, b, online_view.TARGET, gamma, box=online_view.BOARD, grid=state.GRID
        )
        if move is None:
            break
        x, label = np.asarray(move.x, dtype=float), int(move.y)
        if label * (x @ w + b) <= 0:
            w, b = w + label * x, b + label
        X.append(x)
        y.append(label)
    X_, y_ = np.array(X).reshape(-1, 2), np.array(y)
    M = bound_oracle.textbook_mistakes(X_, y_, 1.0, np.zeros(2), 0.0, [np.arange(len(y))])
    out = []
    for k in range(len(y) + 1):
        row = [int(M[k]), k]
        if len(set(y[:k])) == 2:
            gamma_star, _ = bound_oracle.max_margin(X_[:k], y_[:k])
            R2 = float(np.max(np.sum(bound_oracle.augmented(X_[:k]) ** 2, axis=1)))
            row.append(R2 / gamma_star**2)
        out.append(row)
    return out


def kernel_expected(ds, run, t: int) -> list[int]:
    """(sum of alpha, examples with alpha > 0, 0, training points misclassified, n, M)
    after t visits, as the Kernel's line says them in order."""
    M = int(run.updates_before_visit(t))
    alpha = pc.alpha_at(run, M)
    wrong = int(np.count_nonzero(pc.mistakes(ds.y, pc.kernel_scores(run, M, ds.X))))
    return [int(alpha.sum()), int(np.count_nonzero(alpha)), 0, wrong, ds.n, M]


def expected(ds, run, t: int) -> tuple[np.ndarray, float, int, float]:
    """(w, b, M, the bound) after t visits: Theorem 1 on separable data, else Theorem 2
    after the epochs the t visits reach into."""
    M = int(run.updates_before_visit(t))
    w, b = run.weights(M)
    th = pc.theory(ds.X, ds.y)
    if th.separable:
        bound = th.bound
    else:
        bound = pc.hinge_certificate(ds.X, ds.y, max(1, run.epoch_at(t))).value
    return np.asarray(w, dtype=float), float(b), M, float(bound)


def shown(summary: str, nt: str) -> tuple[np.ndarray, float, int, float]:
    """(w, b, M, the bound) read off the page's line."""
    weights, rest = summary.split(" · M = ", 1)
    found = [number(s) for s in re.findall(NUMBER, weights.replace("θ₀", ""))]
    if nt == "augmented":  # a = (b, w1, w2)
        b, w = found[0], np.array(found[1:])
    else:
        w, b = np.array(found[:2]), found[2]
    M = int(rest.split(" ", 1)[0].replace(",", ""))  # 1,234 from a thousand on
    bound = number(re.search(r"≤ (?:[^(]*?= )?(" + NUMBER + ")", rest).group(1))
    return w, b, M, bound


def textbook(X, y, eta: float, epochs: int, *, batch: bool):
    """(w, b, M) after ``epochs`` epochs in order from w = 0: the single-sample rule (a
    step per mistake) or batch descent on J_p (one step per epoch: eta times the sum of
    y x over the epoch's mistakes), written out here."""
    w, b, M = np.zeros(X.shape[1]), 0.0, 0
    for _ in range(epochs):
        if batch:
            wrong = y * (X @ w + b) <= 0
            if not wrong.any():
                break
            w, b, M = w + eta * (y[wrong] @ X[wrong]), b + eta * y[wrong].sum(), M + 1
            continue
        for x, label in zip(X, y, strict=True):
            if label * (x @ w + b) <= 0:
                w, b, M = w + eta * label * x, b + eta * label, M + 1
    return w, b, M


def j_p(X, y, w, b) -> tuple[float, int]:
    """J_p(w) = the sum of -y(w.x + b) over the points with y(w.x + b) <= 0, and how many."""
    score = y * (X @ w + b)
    wrong = score <= 0
    return float(-score[wrong].sum()), int(wrong.sum())


def weights_in(part: str, nt: str) -> tuple[np.ndarray, float]:
    """(w, b) from a line's weights ("w = (..), b = .."; θ; a = (b, w1, w2))."""
    found = [number(x) for x in re.findall(NUMBER, part.rsplit(": ", 1)[-1].replace("θ₀", ""))]
    if nt == "augmented":
        return np.array(found[1:]), found[0]
    return np.array(found[:2]), found[2]


def batch_lines_hold(ds, eta: float, epoch: int, lines: str, nt: str) -> list[str]:
    """What is wrong in the batch scene's two lines at the end of ``epoch`` (each rule's w,
    b, J_p and training errors against the textbook loops): nothing, for a true frame."""
    wrong = []
    for line, batch in zip(lines.split("\n"), (True, False), strict=True):
        weights, jp_part, errors_part = line.split(" · ")
        w, b, _ = textbook(ds.X, ds.y, eta, epoch, batch=batch)
        jp, errors = j_p(ds.X, ds.y, w, b)
        got_w, got_b = weights_in(weights, nt)
        ok = np.allclose(got_w, w, rtol=1e-3) and got_b == pytest.approx(b, rel=1e-3, abs=1e-9)
        ok = ok and number(re.findall(NUMBER, jp_part)[-1]) == pytest.approx(jp, rel=1e-3, abs=1e-9)
        if not (ok and int(re.findall(r"\d+", errors_part)[0]) == errors):
            wrong.append(f"{line!r}: want w={w}, b={b}, J_p={jp}, {errors} errors")
    return wrong


def least_squares_rows_hold(ds, rows: str, nt: str) -> list[str]:
    """What is wrong in the least-squares row (errors, w, b, criterion) against numpy's
    lstsq of (1, x) onto the 0/1 targets: the row writes 004's own a (w = a1.., b = a0,
    the line a.(1, x) = 1/2, as the page's table does); its errors are the points on the
    wrong side of that line."""
    A = np.hstack((np.ones((ds.n, 1)), ds.X))
    c = (ds.y > 0).astype(float)
    a = np.linalg.lstsq(A, c, rcond=None)[0]
    w, b = a[1:], a[0]
    errors = int(np.count_nonzero(ds.y * (A @ a - 0.5) <= 0))
    criterion = float(np.sum((A @ a - c) ** 2))
    legend, weights, said = rows.split("\n")[-1].split(" · ")
    got_w, got_b = weights_in(weights, nt)
    ok = np.allclose(got_w, w, rtol=1e-3) and got_b == pytest.approx(b, rel=1e-3)
    ok = ok and int(re.findall(r"\d+", legend)[0]) == errors
    ok = ok and number(re.findall(NUMBER, said)[-1]) == pytest.approx(criterion, rel=1e-3)
    return [] if ok else [f"{rows!r}: want w={w}, b={b}, {errors} wrong, {criterion}"]


def same(got, want) -> bool:
    (w, b, M, bound), (ew, eb, eM, ebound) = got, want
    return (
        M == eM
        and np.allclose(w, ew, rtol=1e-3, atol=1e-9)
        and b == pytest.approx(eb, rel=1e-3, abs=1e-9)
        and bound == pytest.approx(ebound, rel=1e-3)
    )


def make(entries, lang: str, nt: str, folder: Path) -> Path:
    with words.using(lang), notation.using(nt):
        html = lecture_file.lecture_html(entries, title="Lecture")
    path = folder / f"lecture_{lang}_{nt}.html"
    path.write_text(html, encoding="utf-8")
    return path


def offline(browser: Any):
    """A browser context that lets nothing but file:// through, and counts every try."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    tried: list[str] = []

    def guard(route):
        if route.request.url.startswith("file://"):
            route.continue_()
        else:
            tried.append(route.request.url)
            route.abort()

    context.route("**/*", guard)
    return context, tried


READ = """() => { const card = document.getElementById('lf-card');
  return [document.body.dataset.scene, document.body.dataset.cursor,
  document.getElementById('lf-summary').textContent, document.body.dataset.end,
  card.hidden ? '' : card.textContent]; }"""
MORE = "() => document.getElementById('lf-margin').textContent"  # the lines under the main
# The chart's x range against its scene's page layout's (the view each scene opens at).
RANGES = """() => { const D = JSON.parse(document.getElementById('lf-data').textContent);
  const run = D.scenes[Number(document.body.dataset.scene)].run;
  const gd = document.getElementById('lf-chart');
  return [gd._fullLayout.xaxis.range, run.layout.xaxis ? run.layout.xaxis.range : null]; }"""


@pytest.mark.parametrize(("lang", "nt"), MADE_IN, ids=lambda v: v)
def test_pagedown_walks_every_scene_offline_with_the_engine_s_numbers(
    browser: Any, tmp_path: Path, lang: str, nt: str
):
    path = make(lecture_file.lecture_entries(), lang, nt, tmp_path)
    runs = {  # the pages whose line is the Playground's: w, b, M and its bound
        i: engine_run(s.values, s.params, s.path)
        for i, s in enumerate(lecture.SCENES)
        if s.path in ("playground", "proof", "space")
    }
    kernels = {i: kernel_run(s.values) for i, s in enumerate(lecture.SCENES) if s.path == "kernel"}
    variants = {
        i: variants_run(s.values) for i, s in enumerate(lecture.SCENES) if s.path == "variants"
    }
    orders = {
        i: orders_expected(s.values)
        for i, s in enumerate(lecture.SCENES)
        if (s.path, s.section) == ("experiments", "orders")
    }
    games = {
        i: game_expected(float(page_defaults("online")["gamma"]))
        for i, s in enumerate(lecture.SCENES)
        if s.path == "online"
    }
    batches = {  # the batch page's scenes: its stage, or its least-squares chart
        i: datasets.generate(s.values["example"], n=None, seed=0, noise=0.0)
        for i, s in enumerate(lecture.SCENES)
        if s.path == "batch"
    }
    context, tried = offline(browser)
    errors: list[str] = []
    try:
        view = context.new_page()
        view.on("pageerror", lambda e: errors.append(str(e)))
        view.goto(path.as_uri())
        view.wait_for_function("() => document.body.dataset.scene === '0'")
        seen: dict[int, set[int]] = {}
        cards: dict[int, str] = {}
        presses = 0
        while True:
            scene, cursor, summary, end, card = view.evaluate(READ)
            if end == "true":
                break
            i = int(scene)
            if cursor:  # each scene in its own page's view, not the last scene's
                shown_range, wanted = view.evaluate(RANGES)
                if wanted is not None:
                    assert shown_range == pytest.approx(wanted), (lecture.SCENES[i].name, cursor)
            if cursor and i in games:  # the adversary's game: M, the arrivals, the bound
                k = int(cursor)
                got = [number(x) for x in re.findall(NUMBER, summary.split("(")[0])]
                assert got == pytest.approx(games[i][k], rel=1e-3), (summary, games[i][k])
                assert got[0] == k  # every point the adversary plays is a mistake
                seen.setdefault(i, set()).add(k)
            elif cursor and i in orders:  # the orders' statement, a still picture
                got = [number(x) for x in re.findall(NUMBER, summary)[:9]]
                assert got == pytest.approx(orders[i]), (summary, orders[i])
                seen.setdefault(i, set()).add(int(cursor))
            elif cursor and i in variants:  # the run on the training part: M and its bound
                assert variants_line_holds(*variants[i], int(cursor), summary), summary
                seen.setdefault(i, set()).add(int(cursor))
            elif cursor and i in batches:  # each rule's line, or the least-squares rows
                ds, t, more = batches[i], int(cursor), view.evaluate(MORE)
                if lecture.SCENES[i].section == "least-squares":
                    assert least_squares_rows_hold(ds, more, nt) == [], lecture.SCENES[i].name
                else:
                    eta = float(page_defaults("batch")["eta"])
                    epochs = -(-t // ds.n)  # the epoch the cursor's visits reach into
                    assert batch_lines_hold(ds, eta, epochs, more, nt) == [], (t, more)
                seen.setdefault(i, set()).add(t)
            elif cursor and i in kernels:  # pictured at its step: the dual's numbers
                ds, run = kernels[i]
                t = int(cursor)
                got = [int(number(n)) for n in re.findall(NUMBER, summary)[:6]]
                assert got == kernel_expected(ds, run, t), (lecture.SCENES[i].name, t, summary)
                seen.setdefault(i, set()).add(t)
            elif cursor:
                ds, run = runs[i]
                t = int(cursor)
                got, want = shown(summary, nt), expected(ds, run, t)
                assert same(got, want), (lecture.SCENES[i].name, t, summary, want)
                seen.setdefault(i, set()).add(t)
            else:
                cards[i] = card
            view.keyboard.press("PageDown")
            presses += 1
            assert presses < 200
        stepped = set(runs) | set(kernels) | set(batches) | set(variants) | set(orders)
        assert set(seen) == stepped | set(games)
        assert set(seen[max(games)]) == set(range(len(games[max(games)])))  # each arrival
        assert set(seen) | set(cards) == set(range(len(lecture.SCENES)))
        for i, ds_run in {**runs, **kernels, **variants}.items():  # each opened at its step
            s = lecture.SCENES[i]
            opening = ds_run[-1].n_visits if s.step == lecture.END else s.step  # END: the end
            assert opening in seen[i], (s.name, seen[i])
        needs = {"en": "needs the app", "de": "die App braucht"}[lang]
        for i, card in cards.items():
            assert needs in card and f"/{lecture.SCENES[i].path}" in card
        assert errors == []
    finally:
        context.close()
    assert tried == []  # nothing was even asked for outside the file


QUESTION = {
    "prompt": "Why does the bound $R^2/\\gamma^2$ not depend on $d<3$? <i>",
    "choices": ["It does", "Only $R$ and $\\gamma$ count", "Luck & chance"],
    "right": 1,
}


def test_a_lecturer_s_own_question_is_shown_as_text_then_revealed(browser: Any, tmp_path):
    own = {
        "title": "Their own: a margin of 0.2 <b>",
        "path": "playground",
        "params": {
            "pg_source": "Generate",
            "pg_generator": "Separable, with a margin dial",
            "pg_n": "30",
            "pg_separable_margin": "0.2",
            "pg_step": "2",
            "pg_presenter": "true",
        },
    }
    raw = json.dumps(
        {
            "format": lectures.FORMAT,
            "version": 1,
            "scenes": [
                {**own, "question": {**QUESTION, "prompt": QUESTION["prompt"][:-4]}},
                {"title": "Orders", "path": "experiments", "params": {}},
            ],
        }
    ).encode()
    mine = lectures.parse(raw, lecture.PATHS.values())
    entries = lecture_file.lecture_entries(mine, built_in_scenes=False)
    path = make(entries, "de", "wb", tmp_path)
    ds, run = engine_run({"source": "generate", "generator": "separable", "n": 30}, {"margin": 0.2})
    context, tried = offline(browser)
    try:
        view = context.new_page()
        view.goto(path.as_uri())
        view.wait_for_function("() => document.body.dataset.scene === '0'")
        title = view.locator("#lf-title")
        assert title.text_content() == "Their own: a margin of 0.2 <b>"  # text, not a tag
        assert view.locator("#lf-title b").count() == 0
        prompt = view.locator("#lf-prompt")
        assert prompt.is_visible()
        # Text as text, each formula typeset by the KaTeX inside the file (its TeX kept in
        # the MathML's annotation), its fonts inside too: no request leaves the file.
        texts = "e => [...e.childNodes].filter(n => n.nodeType === 3).map(n => n.data)"
        assert prompt.evaluate(texts) == ["Why does the bound ", " not depend on ", "?"]
        tex = "#lf-prompt .tex .katex annotation"
        assert view.locator(tex).all_text_contents() == ["R^2/\\gamma^2", "d<3"]
        assert view.locator("#lf-prompt .tex .katex-html").count() == 2
        choices = view.locator("#lf-choices li")
        assert [choices.nth(i).evaluate(texts) for i in range(3)] == [
            ["It does"],
            ["Only ", " and ", " count"],
            ["Luck & chance"],
        ]
        assert choices.nth(1).locator("annotation").all_text_contents() == ["R", "\\gamma"]
        assert view.locator(".katex-error").count() == 0
        loaded = view.evaluate(
            "() => document.fonts.ready.then(() => [...document.fonts]"
            ".filter(f => f.status === 'loaded').map(f => f.family))"
        )
        assert any("KaTeX_Main" in family for family in loaded), loaded
        assert view.locator("#lf-choices li.right").count() == 0
        scene, cursor, summary, _, _ = view.evaluate(READ)
        assert cursor == "2" and same(shown(summary, "wb"), expected(ds, run, 2)), summary
        view.keyboard.press("PageDown")  # the clicker reveals first: no step yet
        assert view.locator("#lf-choices li.right").count() == 1
        assert view.locator("#lf-choices li.right annotation").all_text_contents() == [
            "R",
            "\\gamma",
        ]
        assert "B" in view.locator("#lf-answer").text_content()
        assert view.evaluate(READ)[1] == "2"
        view.keyboard.press("PageDown")  # then the run steps on
        _, cursor, summary, _, _ = view.evaluate(READ)
        t = int(cursor)
        assert t == run.next_cursor(2, "update") and same(
            shown(summary, "wb"), expected(ds, run, t)
        )
        view.keyboard.press("b")  # Back
        assert view.evaluate(READ)[1] == "2"
        view.keyboard.press("f")  # run to end, then the next scene: a card
        assert view.evaluate(READ)[1] == str(run.n_visits)
        view.keyboard.press("PageDown")
        scene, cursor, _, _, card = view.evaluate(READ)
        assert (scene, cursor) == ("1", "") and "/experiments" in card and "braucht" in card
    finally:
        context.close()
    assert tried == []


def test_the_lecture_page_s_button_gives_the_file_in_its_language(
    browser: Any, streamlit_server: Any, tmp_path: Path
):
    """The button on /lecture (German, θ), pressed in the app: the file it gives plays
    offline in German and θ, and its first scene opens at its step with the engine's w."""
    from browser_helpers import open_app

    url = streamlit_server("app.py")
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    try:
        app = context.new_page()
        open_app(app, url + "/lecture?lang=de&notation=theta")
        button = app.locator(
            '[data-testid="stDownloadButton"] button',
            has_text="Die Vorlesung als eine HTML-Datei herunterladen",
        ).first  # its help's tooltip holds the button a second time
        with app.expect_download(timeout=300_000) as info:
            button.click()
        path = tmp_path / "lecture.html"
        info.value.save_as(path)
    finally:
        context.close()
    scene = lecture.SCENES[0]
    ds, run = engine_run(scene.values, scene.params)
    context, tried = offline(browser)
    try:
        view = context.new_page()
        view.goto(path.as_uri())
        view.wait_for_function("() => document.body.dataset.scene === '0'")
        _, cursor, summary, _, _ = view.evaluate(READ)
        assert summary.startswith("θ = (") and "Satz 2" in summary, summary
        assert cursor == str(scene.step)
        assert same(shown(summary, "theta"), expected(ds, run, scene.step)), summary
        assert view.locator("#lf-of").text_content() == f"Szene 1 von {len(lecture.SCENES)}"
    finally:
        context.close()
    assert tried == []


AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
AXE_JS = """async () => {
  const result = await axe.run(document, {resultTypes: ['violations']});
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({id: v.id, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' '))}));
}"""


def test_the_file_passes_axe_on_a_question_a_run_and_a_card(browser: Any, tmp_path: Path):
    if not AXE.exists():
        pytest.fail("node_modules/axe-core is missing: run `npm ci` at the top level")
    mine = (
        (
            "Ours",
            "playground",
            (("pg_n", "20"), ("pg_step", "3")),
            lectures.Question("Is $M \\le R^2/\\gamma^2$?", ("yes", "no"), 0),
        ),
        ("Orders", "experiments", ()),
    )
    path = make(lecture_file.lecture_entries(mine, built_in_scenes=False), "en", "wb", tmp_path)
    context, tried = offline(browser)
    try:
        view = context.new_page()
        view.goto(path.as_uri())
        view.wait_for_function("() => document.body.dataset.scene === '0'")
        view.add_script_tag(path=str(AXE))
        assert view.evaluate(AXE_JS) == []  # the question over the run
        view.keyboard.press("PageDown")  # revealed
        view.keyboard.press("f")
        view.keyboard.press("PageDown")
        assert view.evaluate(READ)[0] == "1"
        assert view.evaluate(AXE_JS) == []  # the card
    finally:
        context.close()
    assert tried == []
