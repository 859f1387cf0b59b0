// A student's answer (ui/room/polling.mjs), run by node's own test runner:
//   node --test tests/js/
// The events are written out as the routes send them (ui/room/memory.py's publish calls).
import assert from "node:assert/strict";
import { test } from "node:test";

import { Poll } from "../../ui/room/polling.mjs";

const ASKED = {
  type: "asked",
  question: { id: 3, kind: "turn", prompt: "Which way?", choices: ["Anticlockwise", "Clockwise"] },
};

test("a question asked shows its choices; an answer can change until Reveal", () => {
  const poll = new Poll();
  assert.equal(poll.view().mode, "none");
  assert.equal(poll.take(ASKED), true);
  assert.deepEqual(
    poll.view().choices.map((c) => c.text),
    ["Anticlockwise", "Clockwise"],
  );
  const first = poll.choose(0);
  assert.deepEqual(first, { question: 3, choice: 0 });
  poll.answered(first, true);
  const second = poll.choose(1);
  poll.answered(second, true);
  assert.deepEqual(
    poll.view().choices.map((c) => c.mine),
    [false, true],
  );
  assert.equal(poll.take({ type: "revealed", question: 3, counts: [5, 7], right: 0 }), true);
  const view = poll.view();
  assert.equal(view.mode, "revealed");
  assert.deepEqual(
    view.choices.map((c) => [c.count, c.right, c.mine]),
    [
      [5, true, false],
      [7, false, true],
    ],
  );
  assert.equal(poll.choose(0), null); // after Reveal: not sent
});

test("a refused answer is said, and the last one taken stays", () => {
  const poll = new Poll();
  poll.take(ASKED);
  poll.answered(poll.choose(0), true);
  const late = poll.choose(1);
  poll.answered(late, false, "This question is closed.");
  assert.equal(poll.view().said, "This question is closed.");
  assert.deepEqual(
    poll.view().choices.map((c) => c.mine),
    [true, false],
  );
  assert.equal(poll.choose(7), null);
  assert.equal(poll.choose(-1), null);
  assert.equal(poll.choose(0.5), null);
});

test("a late joiner gets the question from the state event; another question resets", () => {
  const poll = new Poll();
  poll.take({ type: "state", question: { id: 2, prompt: "P", choices: ["a", "b", "c"], status: "asked" } });
  assert.equal(poll.view().mode, "open");
  poll.answered(poll.choose(2), true);
  poll.take({ type: "state", question: { id: 2, prompt: "P", choices: ["a", "b", "c"], status: "asked" } });
  assert.equal(poll.view().choices[2].mine, true); // a reconnect keeps the answer
  poll.take(ASKED);
  assert.deepEqual(
    poll.view().choices.map((c) => c.mine),
    [false, false],
  );
  poll.take({ type: "revealed", question: 2, counts: [1, 1], right: 0 }); // not this one
  assert.equal(poll.view().mode, "open");
  poll.take({
    type: "state",
    question: {
      id: 3,
      prompt: "Which way?",
      choices: ["x", "y"],
      status: "revealed",
      counts: [0, 2],
      right: 1,
    },
  });
  assert.equal(poll.view().mode, "revealed");
  assert.equal(poll.take({ type: "ended" }), true);
  assert.equal(poll.view().mode, "none");
  assert.equal(poll.take(null), false);
  assert.equal(poll.take({ type: "asked", question: { id: 9 } }), false); // no choices
});

test("the points a question names are marked until the lecture moves on after Reveal", () => {
  const poll = new Poll();
  const marks = [
    ["A", 0.5, -1],
    ["B", 2, 3],
  ];
  poll.take({ type: "asked", question: { id: 4, prompt: "Which?", choices: ["A", "B"], marks } });
  assert.deepEqual(poll.view().marks, marks);
  assert.equal(poll.take({ type: "lead", lead: { cursor: 5 } }), false); // not revealed yet
  assert.deepEqual(poll.view().marks, marks);
  poll.take({ type: "revealed", question: 4, counts: [1, 0], right: 0 });
  assert.deepEqual(poll.view().marks, marks);
  assert.equal(poll.take({ type: "lead", lead: { cursor: 6 } }), true);
  assert.deepEqual(poll.view().marks, []);
  poll.take({ type: "asked", question: { id: 5, prompt: "P", choices: ["a", "b"], marks: [[1, 2]] } });
  assert.deepEqual(poll.view().marks, []); // not a mark
});
