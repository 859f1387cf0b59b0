// The export's pure logic (ui/stage/exporter/range.mjs), run by node's own test runner:
//   node --test tests/js/
// Expected values are written out by hand: the steps an export holds (both ends), the cap
// of 500 steps, the names of the files, the order of the frames and of the server's rounds.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  fileName,
  formatsSaid,
  frameMs,
  frameOrder,
  nextAsk,
  pageSlug,
  planRange,
  wrapLines,
} from "../../ui/stage/exporter/range.mjs";

test("a range holds both ends: steps 0 to 20 are 21 frames", () => {
  assert.deepEqual(planRange(0, 20, 40, 500), { ok: true, from: 0, to: 20, count: 21, note: "" });
  assert.deepEqual(planRange("3", "3", 40, 500), { ok: true, from: 3, to: 3, count: 1, note: "" });
});

test("10,000 steps asked are cut to the cap, and the note says so before it starts", () => {
  const plan = planRange(0, 9999, 20000, 500);
  assert.equal(plan.ok, true);
  assert.equal(plan.from, 0);
  assert.equal(plan.to, 499);
  assert.equal(plan.count, 500);
  assert.equal(
    plan.note,
    "10,000 steps asked; an export holds at most 500: exporting steps 0 to 499.",
  );
  // From elsewhere in the run: the cap counts from From.
  const later = planRange(1000, 1600, 20000, 500);
  assert.deepEqual([later.from, later.to, later.count], [1000, 1499, 500]);
  // Exactly the cap is not cut.
  assert.equal(planRange(0, 499, 20000, 500).note, "");
});

test("a To past the run's end stops at its end, and says so", () => {
  const plan = planRange(5, 90, 60, 500);
  assert.deepEqual([plan.from, plan.to, plan.count], [5, 60, 56]);
  assert.equal(plan.note, "The run ends at step 60: exporting up to there.");
  // Past the end and over the cap: the cap's note, with the steps as they were asked.
  const both = planRange(0, 9999, 600, 500);
  assert.deepEqual([both.to, both.count], [499, 500]);
  assert.equal(both.note, "10,000 steps asked; an export holds at most 500: exporting steps 0 to 499.");
});

test("what is not a range is refused in plain words", () => {
  for (const [a, b] of [["", 4], ["x", 4], [1.5, 4], [0, "NaN"], [0, "1e308"], [0, Infinity]]) {
    const plan = planRange(a, b, 40, 500);
    assert.equal(plan.ok, false, `${a}..${b}`);
    assert.equal(plan.error, "From and To are whole step numbers, 0 to 40.");
  }
  assert.deepEqual(planRange(-1, 4, 40, 500), {
    ok: false,
    error: "From must be a step of this run: 0 to 40.",
  });
  assert.deepEqual(planRange(41, 50, 40, 500), {
    ok: false,
    error: "From must be a step of this run: 0 to 40.",
  });
  assert.deepEqual(planRange(9, 4, 40, 500), { ok: false, error: "To (4) comes before From (9)." });
});

test("the files' names say the page and the steps", () => {
  assert.equal(fileName("Playground", 0, 20, "gif"), "perceptron-playground-steps-0-20.gif");
  assert.equal(fileName("kernel", 12, 40, "webm"), "perceptron-kernel-steps-12-40.webm");
  assert.equal(fileName("Playground", 7, 7, "png"), "perceptron-playground-step-7.png");
  // Nothing of a page's name leaves the file name's alphabet.
  assert.equal(pageSlug("../Lecture: scene <2>"), "lecture-scene-2");
  assert.equal(pageSlug(""), "stage");
});

test("frames are played from From up to To, and the server is asked for the missing ones in order", () => {
  assert.deepEqual(frameOrder(3, 7), [3, 4, 5, 6, 7]);
  assert.deepEqual(frameOrder(4, 4), [4]);
  const held = new Map([[3, {}], [5, {}], [6, {}]]);
  assert.deepEqual(nextAsk(frameOrder(3, 10), held, 3), [4, 7, 8]);
  assert.deepEqual(nextAsk(frameOrder(3, 10), held, 100), [4, 7, 8, 9, 10]);
  assert.deepEqual(nextAsk(frameOrder(3, 6), new Set([3, 4, 5, 6]), 100), []);
});

test("a frame's time is Play's, rounded to a GIF's hundredths, within 0.1 s and 10 s", () => {
  assert.equal(frameMs(500), 500);
  assert.equal(frameMs(333), 330);
  assert.equal(frameMs(10), 100);
  assert.equal(frameMs(60000), 10000);
  assert.equal(frameMs(undefined), 500);
});

test("the panel says which formats this browser makes", () => {
  assert.equal(
    formatsSaid({ webm: "VP9", mp4: null }),
    "This browser makes GIF, WebM (VP9) and PNG; not MP4 (it cannot encode H.264).",
  );
  assert.equal(
    formatsSaid({ webm: "VP9", mp4: "H.264" }),
    "This browser makes GIF, WebM (VP9), MP4 (H.264) and PNG.",
  );
  assert.equal(
    formatsSaid(null),
    "This browser makes GIF and PNG; it has no video encoder (WebCodecs), so no video.",
  );
});

test("the equations beside the chart are wrapped at spaces, a long word cut", () => {
  const measure = (s) => s.length; // one unit a character
  assert.deepEqual(wrapLines("update 7 · epoch 2 · example 13", 12, measure), [
    "update 7 ·",
    "epoch 2 ·",
    "example 13",
  ]);
  assert.deepEqual(wrapLines("abcdefghij", 4, measure), ["abcd", "efgh", "ij"]);
  assert.deepEqual(wrapLines("a\nb", 10, measure), ["a", "b"]);
});
