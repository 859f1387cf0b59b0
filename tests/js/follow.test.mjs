// A student's follower (ui/room/following.mjs), run by node's own test runner:
//   node --test tests/js/
// The events are written out as the routes send them (ui/room/rules.py's event list).
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  Follower,
  followAction,
  PREFETCH_AHEAD,
  PREFETCH_SPREAD_MS,
  RETRIES,
  RETRY_MS,
  whereText,
} from "../../ui/room/following.mjs";

const SHOWN = { page: "playground", query: "pg_n=30", scene: null, cursor: 4 };

function io(frames, ahead = () => 100) {
  const calls = { reruns: 0, gotos: [], where: [] };
  const timers = new Map();
  let next = 0;
  return {
    calls,
    timers,
    setTimeout(fn, ms) {
      next += 1;
      timers.set(next, { fn, ms });
      return next;
    },
    clearTimeout(id) {
      timers.delete(id);
    },
    // Every timer due now runs (the tests' clock jumps by RETRY_MS).
    tick() {
      const due = [...timers.entries()];
      timers.clear();
      for (const [, t] of due) t.fn();
    },
    rerun: () => {
      calls.reruns += 1;
    },
    where: (text) => {
      calls.where.push(text);
    },
    goto: (cursor) => {
      calls.gotos.push(cursor);
      return frames.has(cursor);
    },
    ahead: () => ahead(),
    random: () => 0.5,
  };
}

test("another page, link or scene is opened by the server; another cursor is a step", () => {
  assert.equal(followAction(SHOWN, { ...SHOWN }), "none");
  assert.equal(followAction(SHOWN, { ...SHOWN, page: "kernel" }), "open");
  assert.equal(followAction(SHOWN, { ...SHOWN, query: "pg_n=40" }), "open");
  assert.equal(followAction(SHOWN, { ...SHOWN, scene: 2 }), "open");
  assert.equal(followAction(SHOWN, { ...SHOWN, cursor: 9 }), "step");
  assert.equal(followAction(SHOWN, { page: "lecture", query: "", scene: null }), "open");
  assert.equal(followAction(SHOWN, null), "none");
  assert.equal(followAction(SHOWN, { cursor: 3 }), "none"); // no page: nothing to follow
});

test("a step the stage holds moves it without a rerun; one it lacks asks the server once", () => {
  const out = io(new Set([5, 6]));
  const f = new Follower(SHOWN, out);
  assert.equal(f.take({ type: "state", version: 3, lead: { ...SHOWN } }), "none");
  assert.equal(f.take({ type: "lead", version: 4, lead: { ...SHOWN, cursor: 5 } }), "step");
  assert.equal(f.take({ type: "lead", version: 5, lead: { ...SHOWN, cursor: 6 } }), "step");
  assert.equal(f.take({ type: "lead", version: 6, lead: { ...SHOWN, cursor: 5 } }), "step"); // Back
  assert.deepEqual(out.calls.gotos, [5, 6, 5]);
  assert.equal(out.calls.reruns, 0);
  assert.equal(f.take({ type: "lead", version: 7, lead: { ...SHOWN, cursor: 40 } }), "rerun");
  assert.equal(out.calls.reruns, 1);
  f.take({ type: "heartbeat" });
  assert.equal(out.calls.reruns, 1);
});

test("a page change asks for one rerun per version, and again after the server's page", () => {
  const out = io(new Set());
  const f = new Follower(SHOWN, out);
  assert.equal(f.take({ type: "lead", version: 8, lead: { ...SHOWN, page: "kernel" } }), "open");
  // The same state again (a reconnect's first event): no second rerun for this version.
  assert.equal(f.take({ type: "state", version: 8, lead: { ...SHOWN, page: "kernel" } }), "waiting");
  assert.equal(out.calls.reruns, 1);
  // An older move arriving late changes nothing.
  assert.equal(f.take({ type: "lead", version: 7, lead: { ...SHOWN, page: "batch" } }), "none");
  // The server's page is the lecture's: nothing more to do.
  f.show({ page: "kernel", query: SHOWN.query, scene: null, cursor: 4 });
  assert.equal(out.calls.reruns, 1);
  // A page the server could not open yet (shown is still the old one): asked again.
  f.show(SHOWN);
  assert.equal(out.calls.reruns, 2);
});

test("the end of the class reruns the page, which says so", () => {
  const out = io(new Set());
  const f = new Follower(SHOWN, out);
  assert.equal(f.take({ type: "ended", reason: "The lecturer ended the class." }), "ended");
  assert.equal(out.calls.reruns, 1);
  assert.equal(f.ended, true);
});

test("a rerun with no page after it is asked again RETRY_MS later, RETRIES times at most", () => {
  const out = io(new Set());
  const f = new Follower(SHOWN, out);
  f.take({ type: "lead", version: 9, lead: { ...SHOWN, page: "batch" } });
  assert.equal(out.calls.reruns, 1);
  assert.equal([...out.timers.values()][0].ms, RETRY_MS);
  for (let i = 0; i < 10; i += 1) out.tick();
  assert.equal(out.calls.reruns, RETRIES);
  // The server's page came: no retry is left waiting.
  const other = io(new Set());
  const g = new Follower(SHOWN, other);
  g.take({ type: "lead", version: 2, lead: { ...SHOWN, page: "batch" } });
  g.show({ ...SHOWN, page: "batch" });
  other.tick();
  assert.equal(other.calls.reruns, 1);
});

test("a detached student's page only says where the lecture is, as it moves", () => {
  assert.equal(whereText({ page: "kernel", cursor: 1234 }), "The lecture is on /kernel, step 1,234.");
  assert.equal(whereText({ page: "lecture", query: "" }), "The lecture is on /lecture.");
  assert.equal(whereText(null), "");
  const out = io(new Set([5]));
  const f = new Follower(SHOWN, out, false);
  assert.equal(f.take({ type: "lead", version: 1, lead: { ...SHOWN, cursor: 5 } }), "watch");
  assert.equal(f.take({ type: "lead", version: 2, lead: { ...SHOWN, page: "batch", cursor: 7 } }), "watch");
  assert.deepEqual(out.calls.where, [
    "The lecture is on /playground, step 5.",
    "The lecture is on /batch, step 7.",
  ]);
  assert.equal(out.calls.reruns, 0);
  assert.deepEqual(out.calls.gotos, []);
  // Back to the lecture: the server's page comes with on = true, and the lead is followed.
  f.show({ ...SHOWN }, true);
  assert.equal(out.calls.reruns, 1); // another page: the server opens it
});

test("frames running low: one rerun asked, after a random wait, before they run out", () => {
  let left = PREFETCH_AHEAD + 1;
  const out = io(new Set([5, 6, 7]), () => left);
  const f = new Follower(SHOWN, out);
  f.take({ type: "state", version: 1, lead: { ...SHOWN } });
  assert.equal(f.take({ type: "lead", version: 2, lead: { ...SHOWN, cursor: 5 } }), "step");
  assert.equal(out.timers.size, 0); // plenty left: nothing asked
  left = PREFETCH_AHEAD;
  assert.equal(f.take({ type: "lead", version: 3, lead: { ...SHOWN, cursor: 6 } }), "step");
  assert.deepEqual(
    [...out.timers.values()].map((t) => t.ms),
    [PREFETCH_SPREAD_MS / 2],
  );
  assert.equal(f.take({ type: "lead", version: 4, lead: { ...SHOWN, cursor: 7 } }), "step");
  assert.equal(out.timers.size, 1); // one wait, not one per step
  assert.equal(out.calls.reruns, 0); // drawn from the frames meanwhile
  out.tick();
  assert.equal(out.calls.reruns, 1);
  // The page's new run: its frames reach far again, the wait is over.
  left = 100;
  f.show({ ...SHOWN, cursor: 7 });
  assert.equal(out.timers.size, 0);
  // A page drawn anew before the wait ended cancels it; a detached student asks nothing.
  left = 2;
  f.take({ type: "lead", version: 5, lead: { ...SHOWN, cursor: 6 } });
  assert.equal(out.timers.size, 1);
  f.show({ ...SHOWN, cursor: 6 }, false);
  assert.equal(out.timers.size, 0);
  out.tick();
  assert.equal(out.calls.reruns, 1);
});

test("the server's page puts the stage at its step: Back to the lecture lands there", () => {
  const out = io(new Set([4, 5, 9]));
  const f = new Follower(SHOWN, out, false); // exploring on their own at 4
  f.take({ type: "lead", version: 1, lead: { ...SHOWN, cursor: 9 } });
  assert.deepEqual(out.calls.gotos, []);
  // Back to the lecture: the server opens the lecture's step, 9; the page says so.
  f.show({ ...SHOWN, cursor: 9 }, true);
  assert.deepEqual(out.calls.gotos, [9]); // the stage goes there, whatever it kept
  assert.equal(out.calls.reruns, 0);
  f.show({ ...SHOWN, cursor: 5 }, false); // detached again: the stage is the student's
  assert.deepEqual(out.calls.gotos, [9]);
});

// ------------------------------------------------------------------ the stream's health

import { GIVE_UP, HEARTBEAT_MS, RECONNECT_MS, SILENT_MS, Watch } from "../../ui/room/following.mjs";

test("a stream heard within three heartbeats is live; silent past them, it reconnects", () => {
  assert.equal(SILENT_MS, 15000);
  assert.equal(HEARTBEAT_MS, 5000);
  const watch = new Watch(0);
  for (let t = 1000; t <= 60000; t += 1000) {
    if (t % 5000 === 0) watch.hear(t); // a heartbeat every 5 s
    assert.equal(watch.check(t), "none", `at ${t}`);
  }
  assert.equal(watch.state, "live");
  // Nothing after 60 s: at 75 s (three heartbeats missed) a new stream is opened.
  for (let t = 61000; t < 75000; t += 1000) assert.equal(watch.check(t), "none");
  assert.equal(watch.check(75000), "reconnect");
  assert.equal(watch.state, "silent");
  // The next tries wait 1, 2, 4, 8, 15, 15 s ...
  const tries = [];
  for (let t = 75100; t <= 75000 + 200000; t += 100) {
    if (watch.check(t) === "reconnect") tries.push(t);
  }
  const gaps = tries.slice(0, 6).map((t, i) => t - (i ? tries[i - 1] : 75000));
  assert.deepEqual(gaps, [1000, 2000, 4000, 8000, 15000, 15000]);
  assert.equal(RECONNECT_MS.at(-1), 15000);
});

test("after GIVE_UP tries the page says what to do, and a heard stream is live again", () => {
  const watch = new Watch(0);
  let t = SILENT_MS;
  const states = [];
  for (let i = 0; i < GIVE_UP + 2; i += 1) {
    while (watch.check(t) !== "reconnect") t += 100;
    states.push(watch.state);
  }
  assert.deepEqual(states, [...Array(GIVE_UP).fill("silent"), "lost", "lost"]);
  watch.hear(t + 10); // the new stream's first event (the whole state)
  assert.equal(watch.state, "live");
  assert.equal(watch.check(t + 20), "none");
  assert.equal(watch.check(t + 10 + SILENT_MS), "reconnect");
});

test("a stream that ended for good is not reopened", () => {
  const watch = new Watch(0);
  watch.over();
  assert.equal(watch.check(10 * SILENT_MS), "none");
  watch.hear(1);
  assert.equal(watch.state, "over");
});
