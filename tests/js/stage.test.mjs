// The stage's pure browser logic (ui/stage/stepping.mjs), run by node's own test runner:
//   node --test tests/js/
// Expected values are hand traces of a small run written out here: 6 visits, weight
// changes at visits 1 and 4 (Step from 0 lands at 1, from 1 at 4, from 4 at the end),
// two epochs of 3 visits. The rows are what the server's ``Stepper.plan`` sends.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  ANSWER_TIMEOUT_MS,
  applyMove,
  buttonStates,
  PLAY_SYNC_MS,
  SETTLE_MS,
  StageSync,
} from "../../ui/stage/stepping.mjs";

const TOTAL = 6;
const STEP = { 0: 1, 1: 4, 2: 4, 3: 4, 4: 6, 5: 6, 6: 6 };
const EPOCH = { 0: 3, 1: 3, 2: 3, 3: 6, 4: 6, 5: 6, 6: 6 };
const EFFECTS = { step: "push", visit: "push", epoch: "push", end: "push", back: "pop", reset: "clear" };

function row(t, { last = TOTAL } = {}) {
  const off = [];
  if (t >= TOTAL) off.push("step", "visit", "epoch", "end");
  if (t === 0) off.push("back", "reset");
  const leave = [];
  if (t >= last) leave.push("next");
  if (t === 0) leave.push("prev");
  return {
    to: {
      step: STEP[t],
      visit: Math.min(t + 1, TOTAL),
      epoch: EPOCH[t],
      end: TOTAL,
      back: Math.max(0, t - 1),
      reset: 0,
    },
    off,
    leave,
  };
}

// The server's data with frames (and the plan) for ``cursors``.
function served(cursors, { cursor = 0, applied = 0, history = [], last } = {}) {
  const frames = {};
  const moves = {};
  for (const c of cursors) {
    frames[c] = { under: [], over: [], texts: {} };
    moves[c] = row(c, { last });
  }
  return {
    run: "r1",
    cursor,
    history,
    applied,
    playing: false,
    frames: JSON.stringify(frames),
    moves: JSON.stringify(moves),
    effects: EFFECTS,
    sync_ms: 350,
    play: null,
  };
}

// A clock the test moves by hand, and the reports sent.
function fakeIo() {
  let now = 0;
  let next = 0;
  const timers = new Map();
  const sent = [];
  return {
    sent,
    io: {
      send: (report) => sent.push(report),
      now: () => now,
      setTimeout(fn, ms) {
        next += 1;
        timers.set(next, { at: now + ms, fn });
        return next;
      },
      clearTimeout(id) {
        timers.delete(id);
      },
    },
    advance(ms) {
      const end = now + ms;
      for (;;) {
        let due = null;
        for (const [id, t] of timers) if (t.at <= end && (due === null || t.at < due[1].at)) due = [id, t];
        if (due === null) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].fn();
      }
      now = end;
    },
  };
}

function stage(data) {
  const clock = fakeIo();
  const sync = new StageSync(data, clock.io);
  sync.take(data);
  return { sync, clock };
}

const ALL = [0, 1, 2, 3, 4, 5, 6];

test("a move lands where the server's plan says, and Back undoes it exactly", () => {
  assert.deepEqual(applyMove(row(0), "push", 0, [], "step"), { to: 1, history: [0] });
  assert.deepEqual(applyMove(row(1), "push", 1, [0], "epoch"), { to: 3, history: [0, 1] });
  assert.deepEqual(applyMove(row(3), "push", 3, [0, 1], "end"), { to: 6, history: [0, 1, 3] });
  // Back with a history returns to where the last move started, not one visit back.
  assert.deepEqual(applyMove(row(6), "pop", 6, [0, 1, 3], "back"), { to: 3, history: [0, 1] });
  // Back with nothing to undo: one visit back, as the plan says.
  assert.deepEqual(applyMove(row(5), "pop", 5, [], "back"), { to: 4, history: [] });
  assert.deepEqual(applyMove(row(4), "clear", 4, [0, 1], "reset"), { to: 0, history: [] });
  // At the end a step goes nowhere: nothing to do.
  assert.equal(applyMove(row(6), "push", 6, [0], "step"), null);
  // No plan for this cursor: the server makes the move.
  assert.equal(applyMove(undefined, "push", 2, [0], "step").to, undefined);
});

test("the buttons' states are the plan's, Back on while there is a move to undo", () => {
  const start = buttonStates(row(0), EFFECTS, []);
  assert.deepEqual(start, { step: false, visit: false, epoch: false, end: false, back: true, reset: true });
  assert.equal(buttonStates(row(0), EFFECTS, [4]).back, false);
  assert.equal(buttonStates(row(0), EFFECTS, [4]).reset, true);
  const end = buttonStates(row(6), EFFECTS, []);
  assert.deepEqual(end, { step: true, visit: true, epoch: true, end: true, back: false, reset: false });
});

test("presses with frames move here, and one report follows the last of them", () => {
  const { sync, clock } = stage(served(ALL));
  assert.equal(sync.press("step"), "local");
  sync.moved();
  clock.advance(200);
  assert.equal(sync.press("step"), "local");
  sync.moved();
  assert.equal(sync.cursor, 4);
  assert.deepEqual(sync.history, [0, 1]);
  clock.advance(349);
  assert.equal(clock.sent.length, 0); // 350 ms after the last press, not the first
  clock.advance(1);
  assert.deepEqual(clock.sent, [{ cursor: 4, history: [0, 1], seq: 2, move: null }]);
  assert.equal(sync.press("back"), "local");
  assert.equal(sync.cursor, 1);
  assert.deepEqual(sync.history, [0]);
  assert.equal(sync.press("reset"), "local");
  assert.deepEqual([sync.cursor, sync.history], [0, []]);
});

test("a press beyond the frames is sent at once; presses meanwhile wait for the answer", () => {
  const { sync, clock } = stage(served([0, 1]));
  assert.equal(sync.press("step"), "local"); // 0 -> 1 has a frame
  assert.equal(sync.press("step"), "server"); // 1 -> 4 has none
  assert.deepEqual(clock.sent, [{ cursor: 1, history: [0], seq: 2, move: "step" }]);
  assert.equal(sync.press("visit"), "queued");
  assert.equal(sync.press("back"), "queued");
  assert.equal(sync.cursor, 1); // nothing moved while the server moves
  // The server's answer: it stepped to 4 and applied report 2.
  sync.take(served([2, 3, 4, 5, 6], { cursor: 4, applied: 2, history: [0, 1] }));
  assert.equal(sync.cursor, 4);
  assert.deepEqual(sync.settle(), ["visit", "back"]); // in order, to be played now
  assert.equal(sync.waiting, 0);
  assert.equal(sync.press("visit"), "local");
  assert.equal(sync.cursor, 5);
});

test("a lost answer frees the presses after the timeout and drops the queue", () => {
  const { sync, clock } = stage(served([0]));
  assert.equal(sync.press("step"), "server");
  assert.equal(sync.press("visit"), "queued");
  clock.advance(ANSWER_TIMEOUT_MS - 1);
  assert.equal(sync.press("visit"), "queued");
  clock.advance(1);
  assert.equal(sync.waiting, 0);
  assert.deepEqual(sync.queue, []);
  assert.equal(sync.inflight, 0); // the report's answer is given up too
  assert.equal(sync.press("step"), "server"); // taken again, and reported again
  assert.equal(clock.sent.length, 2);
});

test("a report wanted while one is unanswered is deferred until the answer has settled", () => {
  const { sync, clock } = stage(served(ALL));
  sync.press("step");
  sync.moved();
  clock.advance(350);
  assert.equal(clock.sent.length, 1); // seq 1 in flight
  sync.press("visit");
  sync.moved();
  clock.advance(350);
  assert.equal(clock.sent.length, 1); // deferred, not sent beside the first
  assert.deepEqual(sync.deferred, { move: null });
  // The server answers report 1 (its cursor is 1; the browser is ahead at 2).
  sync.take(served(ALL, { cursor: 1, applied: 1, history: [0] }));
  assert.equal(sync.cursor, 2); // the browser's step stays
  sync.settle();
  clock.advance(SETTLE_MS - 1);
  assert.equal(clock.sent.length, 1);
  clock.advance(1);
  assert.deepEqual(clock.sent[1], { cursor: 2, history: [0, 1], seq: 2, move: null });
  // Nothing new: no report.
  assert.equal(sync.report(null), false);
});

test("an unanswered report is given up after the timeout, and the deferred one goes", () => {
  const { sync, clock } = stage(served(ALL));
  sync.press("step");
  sync.moved();
  clock.advance(350);
  sync.press("step");
  sync.moved();
  clock.advance(350);
  assert.equal(clock.sent.length, 1);
  clock.advance(ANSWER_TIMEOUT_MS + SETTLE_MS);
  assert.equal(clock.sent.length, 2);
  assert.equal(clock.sent[1].cursor, 4);
});

test("the server's state wins unless the browser stepped since; other frames: the server's", () => {
  const { sync } = stage(served(ALL));
  sync.press("epoch"); // seq 1, at 3
  sync.take(served(ALL, { cursor: 0, applied: 0 })); // an older rerun: the browser is ahead
  assert.equal(sync.cursor, 3);
  sync.take(served(ALL, { cursor: 5, applied: 1, history: [0, 3] }));
  assert.deepEqual([sync.cursor, sync.history, sync.seq], [5, [0, 3], 1]);
  sync.press("visit"); // seq 2, at 6
  sync.take(served([0, 1], { cursor: 1, applied: 1 })); // frames without the browser's step
  assert.equal(sync.cursor, 1);
});

test("Play reports at most every PLAY_SYNC_MS, and its unit is off at the end", () => {
  const { sync, clock } = stage(served(ALL));
  sync.lastSync = 0;
  for (let i = 0; i < 3; i++) {
    clock.advance(PLAY_SYNC_MS / 4);
    assert.equal(sync.press("visit"), "local");
    sync.moved(true);
  }
  assert.equal(clock.sent.length, 0);
  clock.advance(PLAY_SYNC_MS / 4);
  sync.press("visit");
  sync.moved(true); // PLAY_SYNC_MS since the last report
  assert.equal(clock.sent.length, 1);
  assert.equal(clock.sent[0].cursor, 4);
  assert.equal(sync.off("visit"), false);
  sync.press("end");
  assert.equal(sync.off("visit"), true);
  assert.equal(sync.off("back"), false); // there is a move to undo
});

test("the clicker leaves a scene from its last step, and not while the server moves", () => {
  const { sync } = stage(served([0, 1, 2], { last: 1 }));
  assert.equal(sync.leaves("prev"), true);
  assert.equal(sync.leaves("next"), false);
  sync.press("step");
  assert.equal(sync.leaves("next"), true);
  assert.equal(sync.leaves("prev"), false);
  assert.equal(sync.press("step"), "server"); // 1 -> 4: no frame
  assert.equal(sync.leaves("next"), false);
});

test("leaving a scene sends no report of its cursor, and the next scene's state is taken", () => {
  // The clicker's last press of a scene steps here (3 -> 6) and, before its report is due,
  // the next press opens the next scene of the same run: that scene's step must stay.
  const { sync, clock } = stage(served(ALL, { last: 6 }));
  sync.press("epoch");
  sync.moved();
  sync.press("epoch");
  sync.moved();
  assert.equal(sync.leaves("next"), true);
  sync.leave();
  clock.advance(10_000);
  assert.deepEqual(clock.sent, []); // no report of cursor 6
  sync.take(served(ALL, { cursor: 4, applied: 0, history: [] })); // the next scene, at 4
  assert.deepEqual([sync.cursor, sync.history], [4, []]);
  assert.equal(sync.press("step"), "local"); // and it steps on from there, reported
  sync.moved();
  clock.advance(350);
  assert.equal(clock.sent.length, 1);
  assert.equal(clock.sent[0].cursor, 6);
  assert.ok(clock.sent[0].seq > 0);
});

test("leaving waits for a report already sent: the next scene comes after its answer", () => {
  const { sync, clock } = stage(served(ALL));
  sync.press("step"); // at 1
  sync.moved();
  clock.advance(350); // reported (seq 1), not yet answered
  assert.equal(clock.sent.length, 1);
  sync.press("step"); // at 4, seq 2, not reported
  sync.leave();
  sync.take(served(ALL, { cursor: 1, applied: 0 })); // a rerun from before the report
  assert.equal(sync.cursor, 4); // still ahead: not the truth yet
  sync.take(served(ALL, { cursor: 3, applied: 1 })); // the next scene, after the report
  sync.settle();
  assert.equal(sync.cursor, 3);
  clock.advance(10_000);
  assert.equal(clock.sent.length, 1);
});

test("a follower's goto moves to a cursor it holds a frame for, with no report of its own", () => {
  const { sync, clock } = stage(served([0, 1, 4]));
  assert.equal(sync.goto(4), "local");
  assert.deepEqual([sync.cursor, sync.history], [4, [0]]);
  assert.equal(sync.goto(1), "local"); // the lecturer's Back: the cursors before it stay
  assert.deepEqual([sync.cursor, sync.history], [1, [0]]);
  clock.advance(5000);
  assert.deepEqual(clock.sent, []); // no rerun per student per step
  // The server's next data (a rerun of the page) keeps the browser's cursor: it moved since.
  sync.take(served([0, 1, 4]));
  assert.equal(sync.cursor, 1);
  // The student's own next press reports where the browser is.
  assert.equal(sync.press("step"), "local");
  sync.moved();
  clock.advance(350);
  assert.deepEqual(clock.sent, [{ cursor: 4, history: [0, 1], seq: 3, move: null }]);
  // No frame for 3: left to the server; nothing moves here.
  assert.equal(sync.goto(3), "none");
  assert.equal(sync.cursor, 4);
  // While the server makes a move, a goto waits for it (the server's state comes next).
  assert.equal(sync.press("step"), "server"); // 4 -> 6: no frame
  assert.equal(sync.goto(0), "none");
});

test("an answer is not given up while the server still works on it (a slow, not a lost, one)", () => {
  const { sync, clock } = stage(served([0]));
  let busy = true;
  sync.io.busy = () => busy;
  assert.equal(sync.press("step"), "server");
  assert.equal(sync.press("visit"), "queued");
  clock.advance(3 * ANSWER_TIMEOUT_MS); // a long run on a loaded server: still waiting
  assert.equal(sync.waiting, 1);
  assert.deepEqual(sync.queue, ["visit"]);
  busy = false; // the server went idle without answering: lost after one more wait
  clock.advance(ANSWER_TIMEOUT_MS);
  assert.equal(sync.waiting, 0);
  assert.deepEqual(sync.queue, []);
});

test("ahead counts the Steps on from the cursor that the frames held reach", () => {
  // STEP: 0 -> 1 -> 4 -> 6 (the end: Step stays). Frames that reach the end leave
  // nothing to fetch: ``most`` (a follower of a short run asks the server for nothing).
  assert.equal(stage(served([0, 1, 4, 6])).sync.ahead(), 100);
  assert.equal(stage(served([0, 1, 4])).sync.ahead(), 2); // 6 is missing: no further
  assert.equal(stage(served([0, 1, 6])).sync.ahead(), 1); // 4 is missing: no further
  assert.equal(stage(served([0, 4, 6])).sync.ahead(), 0);
  const { sync } = stage(served([0, 1, 4]));
  assert.equal(sync.goto(4), "local");
  assert.equal(sync.ahead(), 0); // the frames end here, the run does not
  const end = stage(served([0, 1, 4, 6])).sync;
  assert.equal(end.goto(6), "local");
  assert.equal(end.ahead(), 100); // at the end: nothing more to come
  assert.equal(stage(served([0, 1, 4])).sync.ahead(1), 1); // counted up to ``most``
});

// The server's data as ui/stage/frames.py's ``stage_frames`` sends it: the window's
// cursors and base, and the frames of ``sent`` only (the others the browser reported).
function windowed(window, sent, base = "b1", options = {}) {
  const data = served(window, options);
  const all = JSON.parse(data.frames);
  const frames = {};
  for (const c of sent) frames[c] = { ...all[c], texts: { tag: `${base}:${c}` } };
  return { ...data, frames: JSON.stringify(frames), window, base };
}

test("a Step's answer sends only the new frames: the ones held are kept", () => {
  const { sync, clock } = stage(windowed([0, 1, 4], [0, 1, 4]));
  assert.deepEqual([...sync.frames.keys()], [0, 1, 4]);
  assert.equal(sync.missing, false);
  assert.equal(sync.press("step"), "local");
  sync.moved();
  clock.advance(400);
  // The report names the frames held, so the server can leave them out.
  assert.deepEqual(clock.sent.at(-1).held, [0, 1, 4]);
  assert.equal(clock.sent.at(-1).base, "b1");
  // Its answer: the window moved on (0 dropped, 6 new); only 6 was sent.
  const kept = sync.frames.get(4);
  sync.take(windowed([1, 4, 6], [6], "b1", { cursor: 1, applied: 1 }));
  assert.deepEqual([...sync.frames.keys()].sort(), [1, 4, 6]);
  assert.equal(sync.frames.get(4), kept); // the very frame held, not sent again
  assert.equal(sync.frames.get(6).texts.tag, "b1:6");
  assert.equal(sync.missing, false);
  assert.equal(sync.askFrames(), false); // nothing to ask for
});

test("frames drawn for another base are not kept, and missing ones are asked for once", () => {
  const { sync, clock } = stage(windowed([0, 1, 4], [0, 1, 4]));
  // The language changed (a new base) but the server believed 1 and 4 held: they are not.
  sync.take(windowed([0, 1, 4], [0], "b2"));
  assert.deepEqual([...sync.frames.keys()], [0]);
  assert.equal(sync.missing, true);
  assert.equal(sync.askFrames(), true);
  const ask = clock.sent.at(-1);
  assert.deepEqual(ask.held, [0]);
  assert.equal(ask.base, "b2");
  assert.equal(ask.move, null);
  assert.equal(sync.askFrames(), false); // once per answer
  sync.take(windowed([0, 1, 4], [1, 4], "b2"));
  assert.deepEqual([...sync.frames.keys()].sort(), [0, 1, 4]);
  assert.equal(sync.frames.get(1).texts.tag, "b2:1");
  assert.equal(sync.missing, false);
});

test("a chart drawn anew holds nothing: it asks, but never beside a report in flight", () => {
  const { sync, clock } = stage(windowed([0, 1, 4], [0, 1, 4]));
  assert.equal(sync.press("step"), "local");
  sync.moved();
  clock.advance(400); // the report is in flight
  const fresh = new StageSync(windowed([0, 1, 4], [4]), clock.io);
  fresh.take(windowed([0, 1, 4], [4]));
  assert.equal(fresh.missing, true);
  fresh.inflight = 7;
  assert.equal(fresh.askFrames(), false);
  fresh.inflight = 0;
  const before = clock.sent.length;
  assert.equal(fresh.askFrames(), true);
  assert.equal(clock.sent.length, before + 1);
  assert.deepEqual(clock.sent.at(-1).held, [4]);
  assert.equal(sync.frames.size, 3); // the other chart's frames are its own
});

// What the server makes of the reports, in the order sent (ui/stage/sync.py's ``synced``):
// a report whose seq it has applied is old and ignored; a newer one's move is made.
function serverMoves(reports) {
  let applied = 0;
  const moves = [];
  for (const r of reports) {
    if (r.seq <= applied) continue;
    applied = r.seq;
    if (r.move) moves.push(r.move);
  }
  return moves;
}

test("frames are not asked for while a move waits for the server: its seq carries the move", () => {
  const { sync, clock } = stage(windowed([0, 1], [0, 1]));
  assert.equal(sync.press("step"), "local"); // 0 -> 1
  sync.moved();
  clock.advance(400); // report 1 in flight
  assert.equal(sync.press("step"), "server"); // 1 -> 4: no frame; its report waits (seq 2)
  assert.deepEqual(sync.deferred, { move: "step" });
  // Report 1's answer: a window whose frame 4 is not here.
  sync.take(windowed([0, 1, 4], [], "b1", { cursor: 1, applied: 1, history: [0] }));
  assert.deepEqual(sync.settle(), []);
  assert.equal(sync.missing, true);
  // No report of its own: one of seq 2 without the move would make the server take seq 2
  // as done and drop the move's report that follows (a press lost).
  assert.equal(sync.askFrames(), false);
  clock.advance(SETTLE_MS);
  const last = clock.sent.at(-1);
  assert.deepEqual([last.seq, last.move, last.held], [2, "step", [0, 1]]); // it asks too
  assert.deepEqual(serverMoves(clock.sent), ["step"]);
  // Its answer brings frame 4; then nothing is missing and nothing more is sent.
  sync.take(windowed([1, 4, 6], [4, 6], "b1", { cursor: 4, applied: 2, history: [0, 1] }));
  sync.settle();
  assert.equal(sync.missing, false);
  assert.equal(sync.askFrames(), false);
});

test("the notebook's stage sends the whole window: its frames replace the ones held", () => {
  const { sync } = stage(served([0, 1, 4]));
  sync.take(served([1, 4, 6]));
  assert.deepEqual([...sync.frames.keys()], [1, 4, 6]);
  assert.equal(sync.missing, false);
  assert.equal(sync.reportOf(null).held, undefined);
});
