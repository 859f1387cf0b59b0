"""The class in the room under load, through the lab's pages: a lecturer in Chromium leads
200 students who joined through /join.

    python benchmarks/room.py                     # 200 students, one server (memory)
    python benchmarks/room.py --replicas 2        # two servers behind nginx, sharing Redis
    python benchmarks/room.py --students 50 --moves 20 --interval 1

Loopback only and bounded (``--cap`` seconds at most). The lab is served as a course
server serves it (``deploy/serve.py``: one process; with ``--replicas`` above 1, nginx in
front and a Debian ``redis-server`` it starts and stops).

- The lecturer is headless Chromium (1024x768) on the Playground (60 points, label noise:
  every step has a next mistake to ask about). It presses **Start a class**, sets 2
  points per student, and once the class has joined presses **Collect points**; then it
  presses S (Step) every ``--interval`` s (``--moves`` times: 2 s x 60 by default), Q
  (**Ask the class**, the next mistake) at 5 of those steps, and **Reveal** 3 steps after
  each. What the projector says is read off the page: the answers counted (Reveal's
  "N answered") and the points ("N points so far").
- Each student is ``load_client.Student`` (Streamlit's own websocket protocol, what a
  browser sends and loads, without the browser: 200 Chromium tabs would measure the
  tabs), opening the join link ``/join?code=CODE`` ``--gap`` s after the one before: the
  join page's run joins the class and opens the lecturer's page; the student's id and the
  class's code are read from the follower script that page draws, as the browser's copy
  of it reads them. Then it does what that script does: listens to
  ``/class/CODE/events`` (with the page's cookies: nginx's affinity); draws each step from
  the frames its page was sent, or, for a step beyond them, presses the follower's hidden
  button (a script run: the server opens the lecture's step); asks for the next frames
  early, at a random moment, when those left run low (``following.mjs``'s PREFETCH_AHEAD
  and PREFETCH_SPREAD_MS, read from that file); answers each question 0.2-2 s after it is
  asked (a third change their answer once) and places 2 points in the box the lecturer's
  page set, each a POST to the class's routes.
- With ``--browsers`` (1 by default) some of the students are real Chromium tabs at phone
  size (390x844) on the same join link: their lag is read off their stage's cursor, the
  frame drawn.

With ``--attack`` it runs twice, the second time with one scripted student on the class's
address (``attacker``) who, once the class is in, sends 100 wrong codes, mints seats for
10 s as fast as the server answers, opens each seat's stream three times and 100 streams
without a seat, and with every seat answers each question (its last choice) and places
points as fast as it can; the two runs are printed side by side: what the honest students
saw (steps missed, follow lag, polls decided by the script: the leading answer revealed
is not the one the honest students' answers alone lead with), and what the script got.
The lecturer never presses Count them: the script's seats, joined in a burst, stay held.

Reported: the follow lag (the lecturer's key press to each student showing the new step,
or a later one: the event naming a step its frames hold, or the end of the run that opened
it; for the Chromium students, their stage drawing it), median / p95 / max, steps never
shown, the runs the followers asked for, whether the projector ever went back a step by
itself, errors (a join, page or request that failed or was refused, other
than an answer that reached a question already revealed), answers and points the
projector counted against those the students' requests had accepted, the servers' CPU
seconds and largest RSS (Redis and nginx included), the client's CPU, and the machine's
load and slowdown before the run. For issue 29's goals also: the projector's own press to
picture (its stage showing the step; the students' p95 is printed over its p95), a phone
that joins a third of the way in (its join, link to stage drawn, against a bare Streamlit
page's first load in the same run, ``bare_page.py``; and its first five presses' lags
against its tenth).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(BENCH.parent / "tests" / "browser"))
sys.path.insert(0, str(BENCH.parent / "deploy"))

from browser_helpers import (  # noqa: E402
    APP_IDLE,
    CHROMIUM_ARGS,
    CHROMIUM_PATH,
    RUNNING_ICON,
    machine_slowdown,
    streamlit_server,
)
from load import Sampler, quantiles  # noqa: E402
from load_client import FINISHED, Student, StudentError  # noqa: E402
from serve import serve  # noqa: E402

LINK = "/playground?pg_n=60&pg_seed=3&pg_noise=0.1"
OVER = '[data-testid="stageOver"][data-cursor]'  # the stage's (other charts have one too)
FOLLOWER = re.compile(r'"code": "([0-9A-Z]+)", "student": "([A-Za-z0-9_.-]+)"')
ASKS = 5
FOLLOW_RERUN = "lab_follow_rerun"  # ui.state.lab.FOLLOW_RERUN: the follower's hidden button
_FOLLOWING = (BENCH.parent / "ui" / "room" / "following.mjs").read_text(encoding="utf-8")
PREFETCH_AHEAD, PREFETCH_SPREAD_MS = (  # the follower script's own (following.mjs)
    int(re.search(rf"export const {name} = (\d+);", _FOLLOWING).group(1))
    for name in ("PREFETCH_AHEAD", "PREFETCH_SPREAD_MS")
)


class Room:
    """What the lecturer did and the students saw and sent, for the report."""

    def __init__(self) -> None:
        self.presses: list[tuple[int, int, float]] = []  # (move, the step it landed on, when)
        self.seen: list[dict[int, float]] = []  # per student: step -> when its event came
        self.drawn: list[dict[int, float]] = []  # per Chromium student: step -> when drawn
        self.errors: list[str] = []
        self.answered: dict[int, set[int]] = {}  # question -> students whose answer landed
        self.points = 0
        self.ready = 0  # students following (their stream's first event came)
        self.failed = 0  # students whose join failed
        self.reruns = 0  # runs the simulated students' followers asked for
        self.tabs = 0  # Chromium students whose stage is drawn
        self.tab_log: list = []  # (time, the follower's version:action), with ROOM_DEBUG
        self.done = asyncio.Event()
        self.choices: dict[int, dict[str, int]] = {}  # question -> honest student -> choice
        self.counts: dict[int, list[int]] = {}  # question -> the counts the class revealed
        self.attack: dict[str, int] = {}  # what the scripted student tried and got
        self.late: dict[int, float] = {}  # the late joiner's tab: step -> when drawn
        self.late_joined: list[float] = []  # [when it opened the link, when its stage drew]


async def request(base: str, method: str, path: str, body=None, cookie="") -> tuple[int, dict]:
    """One HTTP/1.0 request to the lab (as the page's fetch makes it); (status, JSON)."""
    parts = urlsplit(base)
    reader, writer = await asyncio.open_connection(parts.hostname, parts.port)
    data = b"" if body is None else json.dumps(body).encode()
    head = f"{method} {path} HTTP/1.0\r\nHost: {parts.netloc}\r\nContent-Length: {len(data)}\r\n"
    if body is not None:
        head += "Content-Type: application/json\r\n"
    if cookie:
        head += f"Cookie: {cookie}\r\n"
    writer.write(head.encode() + b"\r\n" + data)
    reply = await reader.read()
    writer.close()
    status = int(reply.split(b" ", 2)[1])
    return status, json.loads(reply.split(b"\r\n\r\n", 1)[1] or b"null")


class Joiner(Student):
    """A student's browser on the join link: the follower script's data is kept."""

    def __init__(self, base: str, link: str) -> None:
        super().__init__(base, link)
        self.follows: tuple[str, str] | None = None  # (code, student id)

    def holds(self, step: int) -> bool:
        """Whether the stage holds the step's frame (the follower then draws it, no run)."""
        return self.chart is not None and str(step) in self.chart["frame_keys"]

    def ahead(self) -> int:
        """How many Steps on the frames held reach (``StageSync.ahead``)."""
        cursor, n = self.cursor, 0
        while self.chart is not None:
            to = ((self.chart["moves"].get(str(cursor)) or {}).get("to") or {}).get("step")
            if to is None or to == cursor or not self.holds(to):
                break
            cursor, n = to, n + 1
        return n

    async def follow_rerun(self) -> None:
        """The follower's hidden button (``lab.FOLLOW_RERUN``): the server opens the
        lecture's step; until that run has finished with the stage's chart."""
        state = self._state(FOLLOW_RERUN)
        state.trigger_value = True
        await self._send_rerun([state])
        self.values.pop(state.id, None)  # a press, not a value kept
        run = await self._until_finished(final=(FINISHED,))
        if run.errors or not run.chart:
            raise StudentError(f"the follower's run: {run.errors[:1] or 'no chart'}")

    def _delta(self, msg, result) -> None:
        super()._delta(msg, result)
        delta = msg.delta
        if delta.WhichOneof("type") == "new_element":
            element = delta.new_element
            if element.WhichOneof("type") == "html":
                found = FOLLOWER.search(element.html.body)
                if found:
                    self.follows = (found.group(1), found.group(2))


async def student(i: int, base: str, code: str, delay: float, room: Room) -> None:
    rng = random.Random(i)
    seen: dict[int, float] = {}
    room.seen.append(seen)
    await asyncio.sleep(delay)
    try:
        async with Joiner(base, f"/join?code={code}") as s:
            run = await s.open()
            if run.errors or s.follows is None or s.follows[0] != code:
                raise StudentError(f"joined without following: {run.errors[:1]}")
            me = s.follows[1]
            await follow(s, base, code, me, rng, seen, room)
    except Exception as exc:  # this student's error, counted
        room.failed += 1
        room.errors.append(f"student {i}: {type(exc).__name__}: {exc}"[:300])


async def follow(s: Joiner, base, code, me, rng, seen, room: Room) -> None:
    """What the follower script does: the class's events; each step drawn from the frames
    the page holds, or opened by the server (a run) when it holds none; answers; points."""
    cookie = s._cookie_header()
    parts = urlsplit(base)
    reader, writer = await asyncio.open_connection(parts.hostname, parts.port)
    path = f"/class/{code}/events?seat={me}"  # the seat's token: every stream is a seat's
    head = f"GET {path} HTTP/1.0\r\nHost: {parts.netloc}\r\nCookie: {cookie}\r\n"
    writer.write(head.encode() + b"\r\n")
    status = (await reader.readline()).split(b" ", 2)[1]
    if status != b"200":
        raise StudentError(f"events: HTTP {status.decode()}")
    await reader.readuntil(b"\r\n\r\n")
    tasks: list[asyncio.Task] = []
    placing = False
    running = asyncio.Lock()  # one run at a time on the page's websocket
    prefetch: list[asyncio.Task] = []  # the early ask, while it waits (as the script's timer)

    async def rerun(step: int | None = None) -> None:
        """The follower's run; none when the frames for ``step`` came meanwhile."""
        async with running:
            if step is not None and s.holds(step):
                return
            room.reruns += 1
            await s.follow_rerun()

    async def early(wait: float) -> None:
        await asyncio.sleep(wait)
        prefetch.clear()  # running now: a new page's run ends the wait, as show() does
        await rerun()

    async def answer(question: dict) -> None:
        await asyncio.sleep(rng.uniform(0.2, 2.0))
        for _ in range(2 if rng.random() < 1 / 3 else 1):
            body = {"student": me, "question": question["id"]}
            body["choice"] = rng.randrange(len(question["choices"]))
            status, reply = await request(base, "POST", f"/class/{code}/answer", body, cookie)
            if status == 200:
                room.answered.setdefault(question["id"], set()).add(me)
                room.choices.setdefault(question["id"], {})[me] = body["choice"]
            elif status != 409:  # 409: revealed meanwhile, as in a lecture
                room.errors.append(f"answer {status} {reply}")
            await asyncio.sleep(0.3)

    async def place(collecting: dict) -> None:
        x0, x1, y0, y1 = collecting["box"]
        for _ in range(collecting["per_student"]):
            await asyncio.sleep(rng.uniform(0.3, 1.5))
            body = {"student": me, "x1": rng.uniform(x0, x1), "x2": rng.uniform(y0, y1)}
            body["label"] = rng.choice((1, -1))
            status, reply = await request(base, "POST", f"/class/{code}/point", body, cookie)
            if status == 200:
                room.points += 1
            else:
                room.errors.append(f"point {status} {reply}")

    try:
        while not room.done.is_set():
            line = await reader.readline()
            if not line:
                room.errors.append("an event stream closed")
                return
            if not line.startswith(b"data:"):
                continue
            now = time.perf_counter()
            event = json.loads(line[5:])
            kind = event["type"]
            lead = event.get("lead") if kind in ("state", "lead") else None
            step = lead.get("cursor") if lead else None
            if isinstance(step, int) and step != s.cursor:
                if not s.holds(step):
                    for task in prefetch:  # still waiting: the run now is the one
                        task.cancel()
                    prefetch.clear()
                    await rerun(step)  # events meanwhile wait in the stream
                    now = time.perf_counter()
                s.cursor = step if s.holds(step) else s.cursor
                seen.setdefault(s.cursor, now)
                if not prefetch and not running.locked() and s.ahead() <= PREFETCH_AHEAD:
                    wait = rng.random() * PREFETCH_SPREAD_MS / 1000  # the script's early ask
                    prefetch.append(asyncio.create_task(early(wait)))
            collecting = event.get("collecting") if kind in ("state", "collecting") else None
            if kind == "state":
                room.ready += 1
            elif kind == "asked":
                tasks.append(asyncio.create_task(answer(event["question"])))
            elif kind == "revealed":
                room.counts[event["question"]] = event["counts"]
            if collecting and not placing:
                placing = True
                tasks.append(asyncio.create_task(place(collecting)))
    finally:
        writer.close()
        for task in tasks + prefetch:
            task.cancel()


# ------------------------------------------------------------------ the scripted student
ATTACK_SEATS_S = 10.0  # how long the script mints seats


async def attacker(base: str, code: str, room: Room) -> None:
    """One scripted student on the same address as the class (a hall's NAT): wrong codes,
    seats minted as fast as the server answers, every seat's stream opened three times and
    streams without a seat, and, with every seat it holds, each question answered (its last
    choice) and points placed as fast as it can. ``room.attack`` counts what it got."""
    got = room.attack
    got.update(wrong_codes=0, wrong_codes_refused=0, seats=0, seats_refused=0, streams=0)
    got.update(streams_refused=0, answers=0, answers_refused=0, points=0, points_refused=0)

    def count(name: str, ok: bool) -> None:
        got[name if ok else f"{name}_refused"] += 1

    async def guess() -> None:  # wrong codes, beside the rest (past 60 each is slowed)
        for _ in range(100):
            wrong = "".join(random.choice("3479ACEFHJKMNPRTWXY") for _ in range(6))
            status, _ = await request(base, "POST", f"/class/{wrong}/join")
            got["wrong_codes"] += 1
            got["wrong_codes_refused"] += status == 429

    guessing = asyncio.create_task(guess())
    seats: list[str] = []
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < ATTACK_SEATS_S and not room.done.is_set():
        status, body = await request(base, "POST", f"/class/{code}/join")
        count("seats", status == 200)
        if status == 200:
            seats.append(body["student"])
    parts = urlsplit(base)
    held: list[asyncio.StreamWriter] = []

    async def stream(seat: str | None) -> asyncio.StreamReader | None:
        reader, writer = await asyncio.open_connection(parts.hostname, parts.port)
        query = f"?seat={seat}" if seat else ""
        writer.write(f"GET /class/{code}/events{query} HTTP/1.0\r\nHost: x\r\n\r\n".encode())
        ok = (await reader.readline()).split(b" ", 2)[1] == b"200"
        count("streams", ok)
        if not ok:
            writer.close()
            return None
        held.append(writer)
        return reader

    for seat in seats:  # each seat's stream three times: the newer replaces the older
        for _ in range(3):
            await stream(seat)
    for _ in range(100):
        await stream(None)
    events = await stream(seats[-1]) if seats else None

    async def flood_answers(question: dict) -> None:
        choice = len(question["choices"]) - 1
        for _ in range(5):
            for seat in seats:
                body = {"student": seat, "question": question["id"], "choice": choice}
                status, _ = await request(base, "POST", f"/class/{code}/answer", body)
                count("answers", status == 200)

    async def flood_points(collecting: dict) -> None:
        x0, _, y0, _ = collecting["box"]
        for _ in range(5):
            for seat in seats:
                body = {"student": seat, "x1": x0, "x2": y0, "label": 1}
                status, _ = await request(base, "POST", f"/class/{code}/point", body)
                count("points", status == 200)

    tasks = []
    try:
        while events is not None and not room.done.is_set():
            line = await events.readline()
            if not line:
                break
            if not line.startswith(b"data:"):
                continue
            event = json.loads(line[5:])
            if event["type"] == "asked":
                tasks.append(asyncio.create_task(flood_answers(event["question"])))
            collecting = (
                event.get("collecting") if event["type"] in ("state", "collecting") else None
            )
            if collecting:
                tasks.append(asyncio.create_task(flood_points(collecting)))
    finally:
        for task in [*tasks, guessing]:
            task.cancel()
        for writer in held:
            writer.close()


def decided(room: Room) -> int:
    """The polls whose leading answer was not the honest students' leading answer."""
    out = 0
    for qid, counts in room.counts.items():
        honest = [0] * len(counts)
        for choice in room.choices.get(qid, {}).values():
            honest[choice] += 1
        lead = {i for i, n in enumerate(counts) if n == max(counts)}
        honest_lead = {i for i, n in enumerate(honest) if n == max(honest)}
        out += lead != honest_lead
    return out


# ------------------------------------------------------------------ the lecturer's page
async def idle(page) -> None:
    await page.wait_for_selector(APP_IDLE, state="attached", timeout=60_000)
    await page.wait_for_selector(RUNNING_ICON, state="detached", timeout=60_000)


async def cursor(page) -> int | None:
    value = await page.evaluate(f"document.querySelector('{OVER}')?.dataset.cursor ?? null")
    return None if value is None else int(value)


async def text_of(page, selector: str, has_text: str) -> str:
    found = page.locator(selector, has_text=has_text).first
    await found.wait_for(timeout=60_000)
    return await found.inner_text()


WATCH_JS = f"""(name) => {{
  let last = null;
  const look = () => {{
    const c = document.querySelector('{OVER}')?.dataset.cursor;
    if (c !== undefined && c !== last) {{ last = c; window[name](c); }}
    requestAnimationFrame(look);
  }};
  look();
}}"""  # each frame: the step the stage shows (its element may be drawn anew)


async def browser_student(browser, link: str, room: Room, *, late: bool = False) -> None:
    """A phone on the join link: when its stage draws each step. ``late``: it joins while
    the lecture runs (its steps go to ``room.late``, its join's times to
    ``room.late_joined``)."""
    drawn: dict[int, float] = room.late if late else {}
    if not late:
        room.drawn.append(drawn)
    context = await browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = await context.new_page()
    try:
        opened = time.perf_counter()
        await page.goto(link, wait_until="domcontentloaded", timeout=120_000)
        await page.wait_for_selector(f"{OVER} .main-svg", timeout=120_000)
        if late:
            room.late_joined[:] = [opened, time.perf_counter()]
        await page.expose_function(
            "labDrawn", lambda c: drawn.setdefault(int(c), time.perf_counter())
        )
        await page.evaluate(WATCH_JS, "labDrawn")
        if os.environ.get("ROOM_DEBUG"):  # what the tab's follower did, for the report
            await page.expose_function(
                "labFollowed", lambda a: room.tab_log.append((round(time.perf_counter(), 3), a))
            )
            await page.evaluate(
                """() => new MutationObserver(
                  () => window.labFollowed(document.body.dataset.followed)
                ).observe(document.body, {attributes: true, attributeFilter: ['data-followed']})"""
            )
        room.tabs += 0 if late else 1
        await room.done.wait()
    except Exception as exc:
        room.errors.append(f"browser student: {type(exc).__name__}: {exc}"[:300])
    finally:
        await context.close()


async def lecture(args, base: str, room: Room) -> dict:
    from playwright.async_api import async_playwright

    rng = random.Random(0)
    out: dict = {"revealed": []}
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(
            executable_path=CHROMIUM_PATH, headless=True, args=CHROMIUM_ARGS
        )
        if args.bare_url:  # a bare Streamlit page's first load, a phone's, in this run
            bare = await browser.new_context(viewport={"width": 390, "height": 844})
            opened = time.perf_counter()
            bare_page = await bare.new_page()
            await bare_page.goto(args.bare_url + "/?n=60", wait_until="domcontentloaded")
            await bare_page.wait_for_selector(".main-svg", timeout=120_000)
            out["bare_first_load_s"] = round(time.perf_counter() - opened, 2)
            await bare.close()
        context = await browser.new_context(viewport={"width": 1024, "height": 768})
        page = await context.new_page()
        await page.goto(base + LINK, wait_until="domcontentloaded", timeout=120_000)
        await page.wait_for_selector(f"{OVER} .main-svg", timeout=120_000)
        await idle(page)
        await page.locator(".st-key-lab_class_start button").first.click()
        await page.wait_for_selector('[data-testid="stImage"] img', timeout=60_000)
        await idle(page)
        link = (await page.locator('[data-testid="stCode"]').first.inner_text()).strip()
        code = link.rsplit("=", 1)[1]
        field = page.locator(".st-key-lab_class_per_student input")
        await field.fill("2")
        await field.press("Enter")
        await idle(page)

        joining = [
            asyncio.create_task(student(i, base, code, i * args.gap, room))
            for i in range(args.students - args.browsers)
        ]
        joining += [
            asyncio.create_task(browser_student(browser, link, room)) for _ in range(args.browsers)
        ]
        t0 = time.perf_counter()
        simulated = args.students - args.browsers
        while room.ready + room.failed < simulated or room.tabs < args.browsers:
            if time.perf_counter() - t0 > args.cap / 2:
                room.errors.append(f"only {room.ready + room.tabs} of the class followed in time")
                break
            await asyncio.sleep(0.2)
        await asyncio.sleep(3)  # the Chromium students' first runs settle
        out["joined_s"] = round(time.perf_counter() - t0, 1)

        await page.locator(".st-key-lab_class_collect button").first.click()
        await idle(page)
        if args.attack:
            joining.append(asyncio.create_task(attacker(base, code, room)))
        shown: list[tuple[float, int]] = []  # the projector's steps, as drawn
        await page.expose_function(
            "labShown", lambda c: shown.append((time.perf_counter(), int(c)))
        )
        await page.evaluate(WATCH_JS, "labShown")
        await page.mouse.click(600, 5)  # the page has the keys
        asks = {1 + k * (args.moves // ASKS) for k in range(ASKS)}
        reveal_at = None
        late_at = args.moves // 3  # a phone joins then, mid-lecture
        for move in range(1, args.moves + 1):
            if move == late_at and args.late:
                joining.append(asyncio.create_task(browser_student(browser, link, room, late=True)))
            before = await cursor(page)
            pressed = time.perf_counter()
            await page.keyboard.press("s")
            await page.wait_for_function(  # the stage there (not redrawn) at another step
                f"""(b) => {{
                  const c = document.querySelector('{OVER}')?.dataset.cursor;
                  return c !== undefined && c !== String(b);
                }}""",
                arg=before,
                timeout=30_000,
            )
            room.presses.append((move, await cursor(page), pressed))
            if move == reveal_at:
                out["revealed"].append(await reveal(page))
                reveal_at = None
            if move in asks and reveal_at is None:
                await asyncio.sleep(0.3)
                await page.keyboard.press("q")
                await page.wait_for_selector(".st-key-lab_class_reveal button", timeout=60_000)
                reveal_at = move + 3
            await asyncio.sleep(args.interval * rng.uniform(0.9, 1.1))
        if reveal_at is not None:
            out["revealed"].append(await reveal(page))
        await asyncio.sleep(3)  # the last points arrive; the projector reads every second
        said = await text_of(page, '[data-testid="stText"]', "points so far")
        out["points_shown"] = int(said.split(": ", 1)[1].split()[0].replace(",", ""))
        out["page_errors"] = await page.locator('[data-testid="stException"]').count()
        out["shown"] = shown
        # The projector never goes back a step by itself (the lecturer only steps on).
        out["projector_went_back"] = [
            (a[1], b[1]) for a, b in zip(shown, shown[1:], strict=False) if b[1] < a[1]
        ]
        room.done.set()
        for task in joining:
            task.cancel()
        await asyncio.gather(*joining, return_exceptions=True)
        await browser.close()
    return out


async def reveal(page) -> int:
    """Reveal: the number of answers the projector says it counted."""
    await idle(page)
    await page.locator(".st-key-lab_class_reveal button").click()
    said = await text_of(page, '[data-testid="stCaptionContainer"]', "Right answer:")
    await idle(page)
    await page.mouse.click(600, 5)  # the keys again
    return int(said.rsplit(". ", 1)[1].split()[0].replace(",", ""))


# ------------------------------------------------------------------ the report
def pressed(room: Room) -> dict[int, float]:
    """The step each press landed on -> when it was pressed (the later press of a step the
    projector came back to)."""
    return {step: t for _, step, t in room.presses}


def lags_ms(room: Room, seen: list[dict[int, float]]) -> tuple[list[float], int]:
    """Each press's lag for each student: until the student showed its step or a later one
    (the lecturer only steps forward here; a follower that opened the lecture's step by a
    run may land past a press that came meanwhile); missed: never shown."""
    lags, missed = [], 0
    for step, t0 in pressed(room).items():
        for mine in seen:
            times = [t for c, t in mine.items() if c >= step and t >= t0]
            if times:
                lags.append(1000 * (min(times) - t0))
            else:
                missed += 1
    return sorted(lags), missed


def unshown(room: Room, seen: list[dict[int, float]], every) -> list[tuple[int, int]]:
    """The presses (press, step) that ``every`` (all or any) of ``seen`` never showed."""
    return [
        (move, step)
        for move, step, _ in room.presses
        if not every(max(mine, default=-1) >= step for mine in seen)
    ]


def first_shown(shown: list[tuple[float, int]]) -> dict[int, float]:
    """The projector's own steps as a student's are kept: step -> when first drawn (its
    lag is then ``lags_ms``'s, the press to the picture the room sees)."""
    out: dict[int, float] = {}
    for t, c in shown:
        out.setdefault(c, t)
    return out


def late_joiner(room: Room) -> dict | None:
    """The phone that joined mid-lecture: its join (link to stage drawn) and the lag of
    each press after that, in order (its first against its tenth)."""
    if len(room.late_joined) != 2:
        return None
    opened, ready = room.late_joined
    lags = []
    for step, t0 in sorted(pressed(room).items(), key=lambda kv: kv[1]):
        if t0 < ready:
            continue
        times = [t for c, t in room.late.items() if c >= step and t >= t0]
        lags.append(round(1000 * (min(times) - t0)) if times else None)
    return {
        "join_s": round(ready - opened, 2),
        "first_5_lags_ms": lags[:5],
        "tenth_lag_ms": lags[9] if len(lags) > 9 else None,
        "missed": sum(lag is None for lag in lags),
    }


def spread(lags: list[float]) -> dict:
    median, p95 = quantiles(lags)  # the load test's
    if median is None:
        return {"median": None, "p95": None, "max": None}
    return {"median": round(median), "p95": round(p95), "max": round(max(lags))}


def run(args) -> dict:
    load = os.getloadavg()[0]
    slowdown = machine_slowdown()
    room = Room()
    with tempfile.TemporaryDirectory() as folder:
        os.environ["LAB_LECTURES_DB"] = str(Path(folder) / "lectures.db")
        with serve(args.replicas, args.port, "127.0.0.1", sticky=True) as dep:
            client0 = os.times()
            with Sampler(dep.pids) as usage:
                out = asyncio.run(asyncio.wait_for(lecture(args, dep.url, room), args.cap))
            client1 = os.times()
    followers = [s for s in room.seen if s]
    lags, missed = lags_ms(room, room.seen)
    drawn, not_drawn = lags_ms(room, room.drawn)
    accepted = sum(len(v) for v in room.answered.values())
    at = pressed(room)
    debug = {  # what ROOM_DEBUG adds: each press, the tab's follower and its steps drawn
        "presses": [(m, c) for m, c, _ in room.presses],
        "tab_log": room.tab_log[:80],
        "tab_drawn": [
            sorted((c, round(t - at.get(c, t), 3)) for c, t in d.items()) for d in room.drawn
        ],
    }
    result = {
        "replicas": args.replicas,
        "store": "redis" if args.replicas > 1 else "memory",
        "students": args.students,
        "followed": len(followers) + len(room.drawn),
        "joined_s": out.get("joined_s"),
        "steps": len(at),
        "follower_runs": room.reruns,  # the simulated students' (frames ran out)
        "lag_ms": spread(lags),
        "projector_ms": spread(lags_ms(room, [first_shown(out.get("shown", []))])[0]),
        "missed": missed,
        "steps_nobody_saw": unshown(room, followers, any)[:10],  # (press, step)
        "chromium_lag_ms": spread(drawn),
        "chromium_missed": not_drawn,
        "steps_a_tab_missed": unshown(room, room.drawn, all)[:10],  # (press, step)
        "late_joiner": late_joiner(room),
        "bare_first_load_s": out.get("bare_first_load_s"),
        "errors": len(room.errors) + out.get("page_errors", 0),
        "projector_went_back": out.get("projector_went_back"),
        "error_examples": sorted(set(room.errors))[:5],
        "answers": {"counted": sum(out["revealed"]), "accepted": accepted},
        "polls_decided_by_script": decided(room),
        "attack": room.attack or None,
        "points": {"counted": out.get("points_shown"), "accepted": room.points},
        "server_cpu_s": round(usage.cpu - usage.cpu0, 1),
        "server_max_rss_mb": round(usage.max_rss / 2**20),
        "client_cpu_s": round((client1.user + client1.system) - (client0.user + client0.system), 1),
        "load_before": round(load, 1),
        "slowdown_before": round(slowdown, 2),
        **(debug if os.environ.get("ROOM_DEBUG") else {}),
    }
    # Issue 29's goals: the students' p95 against the projector's own, and a phone joining
    # mid-lecture against a bare Streamlit page's first load (same run, same machine).
    follow, projector = result["lag_ms"]["p95"], result["projector_ms"]["p95"]
    result["follow_p95_over_projector_p95"] = (
        round(follow / max(projector, 1), 2) if follow is not None and projector else None
    )
    late = result["late_joiner"]
    bare = result["bare_first_load_s"]
    result["late_join_over_bare_load"] = round(late["join_s"] / bare, 2) if late and bare else None
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=200, help="all of them")
    parser.add_argument("--browsers", type=int, default=1, help="of them, Chromium tabs")
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--interval", type=float, default=2.0, help="seconds between steps")
    parser.add_argument("--gap", type=float, default=0.3, help="seconds between joins")
    parser.add_argument("--replicas", type=int, default=1)
    parser.add_argument("--port", type=int, default=8631)
    parser.add_argument("--cap", type=float, default=900.0, help="seconds at most")
    parser.add_argument("--json", help="write the result to this file")
    parser.add_argument(
        "--no-late", dest="late", action="store_false", help="no phone joining mid-lecture"
    )
    parser.add_argument(
        "--attack",
        action="store_true",
        help="run twice: without, then with one scripted student attacking; print both",
    )
    args = parser.parse_args()
    with streamlit_server(BENCH / "bare_page.py") as bare_url:
        args.bare_url = bare_url
        result = run_all(args)
    print(json.dumps(result, indent=2))
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=2))


def run_all(args) -> dict:
    if args.attack:
        args.attack = False
        calm = run(args)
        args.attack = True
        attacked = run(args)
        result = {"without_attacker": calm, "with_attacker": attacked}
        keys = ("followed", "missed", "steps_nobody_saw", "errors", "polls_decided_by_script")
        print(f"{'':26}{'no attacker':>18}{'one attacker':>18}")
        for key in (*keys, "lag_ms", "projector_ms", "follow_p95_over_projector_p95"):
            print(f"{key:26}{json.dumps(calm.get(key)):>18}{json.dumps(attacked.get(key)):>18}")
        print("the attacker got:", json.dumps(attacked["attack"]))
        return result
    return run(args)


if __name__ == "__main__":
    main()
