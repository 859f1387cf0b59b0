// A student placing points (ui/room/collecting.mjs), run by node's own test runner:
//   node --test tests/js/
// The events are written out as the routes send them (ui/room/memory.py's publish calls).
import assert from "node:assert/strict";
import { test } from "node:test";

import { Collect } from "../../ui/room/collecting.mjs";

const ON = { type: "collecting", collecting: { box: [-2, 2, -1, 1], per_student: 2 } };

test("points are placed inside the box, up to the student's share", () => {
  const c = new Collect("Swift Ibis");
  assert.equal(c.place(0, 0), null); // not collecting
  assert.equal(c.take(ON), true);
  assert.equal(c.place(3, 0), null);
  assert.equal(c.view().said, "Tap inside the chart's box.");
  assert.equal(c.place(0, Number.NaN), null);
  c.choose(-1);
  assert.deepEqual(c.place(1.5, -0.5), { x1: 1.5, x2: -0.5, label: -1 });
  assert.deepEqual(c.place(-2, 1), { x1: -2, x2: 1, label: -1 }); // the edge is inside
  assert.equal(c.place(0, 0), null); // two sent: the share is taken
  assert.match(c.view().said, /placed your 2 points/);
  c.answered(true);
  c.answered(false, "Too fast.");
  assert.equal(c.view().said, "Too fast.");
  c.take({ type: "point", point: { id: 7, x1: 1.5, x2: -0.5, label: -1, by: "Swift Ibis" } });
  c.take({ type: "point", point: { id: 8, x1: 0, x2: 0, label: 1, by: "Calm Otter" } });
  assert.equal(c.view().placed, 1);
  assert.deepEqual(c.place(0, 0.5), { x1: 0, x2: 0.5, label: -1 });
  c.answered(true);
  c.take({ type: "point", point: { id: 9, x1: 0, x2: 0.5, label: -1, by: "Swift Ibis" } });
  assert.equal(c.place(0, 0), null);
  c.take({ type: "point_removed", point: 7 }); // the lecturer removed one: a place again
  c.take({ type: "point_removed", point: 8 }); // another student's: not counted
  assert.equal(c.view().placed, 1);
  assert.ok(c.place(0, 0));
  c.choose(5); // not a class
  assert.equal(c.view().label, -1);
});

test("a late joiner counts their points from the state; the end stops it", () => {
  const c = new Collect("Swift Ibis");
  c.take({
    type: "state",
    collecting: { box: [0, 1, 0, 1], per_student: 1 },
    points: [
      { id: 1, x1: 0.2, x2: 0.3, label: 1, by: "Swift Ibis" },
      { id: 2, x1: 0.7, x2: 0.1, label: -1, by: "Other" },
    ],
  });
  assert.deepEqual(c.view(), {
    on: true,
    label: 1,
    placed: 1,
    per: 1,
    said: "",
    points: [
      { x1: 0.2, x2: 0.3, label: 1, mine: true },
      { x1: 0.7, x2: 0.1, label: -1, mine: false },
    ],
  });
  assert.equal(c.place(0.5, 0.5), null);
  c.take({ type: "collecting", collecting: null });
  assert.equal(c.view().on, false);
  c.take({ type: "collecting", collecting: { box: [0, 1], per_student: 1 } }); // not a box
  assert.equal(c.view().on, false);
  c.take({ type: "collecting", collecting: { box: [0, 1, 0, 1], per_student: 3 } });
  c.take({ type: "ended" });
  assert.equal(c.view().on, false);
});

test("the class's points are kept as they arrive, for the student's chart", () => {
  const c = new Collect("Swift Ibis");
  c.take(ON);
  c.take({ type: "point", point: { id: 3, x1: 1, x2: -0.5, label: -1, by: "Calm Otter" } });
  c.take({ type: "point", point: { id: 4, x1: -1, x2: 0.5, label: 1, by: "Swift Ibis" } });
  c.take({ type: "point", point: { id: 5, x1: "1", x2: 0, label: 1, by: "X" } }); // not a number
  c.take({ type: "point", point: { id: 6, x1: 0, x2: 0, label: 2, by: "X" } }); // not a class
  c.take({ type: "point", point: { x1: 0, x2: 0, label: 1, by: "X" } }); // no id
  assert.deepEqual(c.view().points, [
    { x1: 1, x2: -0.5, label: -1, mine: false },
    { x1: -1, x2: 0.5, label: 1, mine: true },
  ]);
  assert.equal(c.view().placed, 1);
  assert.equal(c.take({ type: "point_removed", point: 3 }), true);
  assert.equal(c.take({ type: "point_removed", point: 99 }), false); // none such
  assert.deepEqual(c.view().points, [{ x1: -1, x2: 0.5, label: 1, mine: true }]);
  c.take({ type: "ended" });
  assert.deepEqual(c.view().points, []);
});
