// /practice's handles (ui/practice/drag.mjs): the snap, and the handles <-> (w, b), against
// the geometry written here (the boundary's point nearest the origin lies on the line and
// is parallel to w).  node --test tests/js/
import assert from "node:assert/strict";
import { test } from "node:test";

import { bFromPoint, boundaryEnds, bPoint, keyed, snap, wFromPoint } from "../../ui/practice/drag.mjs";

test("values snap to the nearest multiple of the step, without -0", () => {
  assert.equal(snap(0.74, 0.5), 0.5);
  assert.equal(snap(0.76, 0.5), 1);
  assert.equal(snap(-1.13, 0.25), -1.25);
  assert.ok(Object.is(snap(-0.1, 1), 0));
  assert.ok(Math.abs(snap(2.26, 1 / 3) - 7 / 3) < 1e-12); // the page snaps it exactly again
});

test("the boundary handle sits on w.x + b = 0, on the line of w, nearest the origin", () => {
  for (const [w1, w2, b] of [
    [1, 2, 3],
    [-2, 0.5, -1],
    [0, 3, 2],
    [4, -1, 0],
  ]) {
    const p = bPoint(w1, w2, b);
    assert.ok(Math.abs(w1 * p.x + w2 * p.y + b) < 1e-12);
    assert.ok(Math.abs(p.x * w2 - p.y * w1) < 1e-12); // parallel to w
    // no point of the line is nearer the origin: a step along the line is farther
    const q = { x: p.x - w2, y: p.y + w1 };
    assert.ok(Math.hypot(q.x, q.y) >= Math.hypot(p.x, p.y));
  }
  assert.deepEqual(bPoint(0, 0, 2), { x: 0, y: 0 });
});

test("dragging the boundary handle to its own point gives back b; anywhere, b = -w.m snapped", () => {
  for (const [w1, w2, b] of [
    [1, 2, 3],
    [-2, 0.5, -1.5],
    [3, -1, 0],
  ]) {
    const p = bPoint(w1, w2, b);
    assert.equal(bFromPoint(w1, w2, 99, p.x, p.y, 0.5), b);
  }
  // a point off the line of w: only its part along w counts
  assert.equal(bFromPoint(1, 0, 0, -2, 3.7, 1), 2);
  assert.equal(bFromPoint(0, 0, 1.5, 3, 3, 0.5), 1.5); // w = 0: b stays
});

test("the arrow's tip gives w on the grid", () => {
  assert.deepEqual(wFromPoint(1.9, -0.4, 1), { w1: 2, w2: 0 });
  assert.deepEqual(wFromPoint(1.9, -0.4, 0.25), { w1: 2, w2: -0.5 });
});

test("arrow keys move the focused handle by one step; other keys are not taken", () => {
  const v = { w1: 1, w2: -1, b: 0.5 };
  assert.deepEqual(keyed("w", "ArrowRight", v, 0.5), { w1: 1.5, w2: -1, b: 0.5 });
  assert.deepEqual(keyed("w", "ArrowDown", v, 0.5), { w1: 1, w2: -1.5, b: 0.5 });
  assert.deepEqual(keyed("b", "ArrowUp", v, 0.5), { w1: 1, w2: -1, b: 1 });
  assert.deepEqual(keyed("b", "ArrowLeft", v, 0.5), { w1: 1, w2: -1, b: 0 });
  assert.equal(keyed("w", "Enter", v, 0.5), null);
});

test("the boundary's ends lie on it and in the box; none for w = 0", () => {
  const ends = boundaryEnds(1, 2, -1, -4, 4);
  for (const [x, y] of ends) {
    assert.ok(Math.abs(x + 2 * y - 1) < 1e-12);
    assert.ok(x >= -4 && x <= 4 && y >= -4 && y <= 4);
  }
  assert.notDeepEqual(ends[0], ends[1]);
  assert.equal(boundaryEnds(0, 0, 1, -4, 4), null);
  assert.equal(boundaryEnds(1, 0, -10, -4, 4), null); // x = 10: outside
});
