// A class's words on a student's device (ui/room/class_words.mjs), run by node's own test
// runner: node --test tests/js/. The words are written out as ui/room/class_words.py's
// follower_words gives them for a German page in θ notation (tests/ui/test_class_words.py
// checks the Python side against the same messages).
import assert from "node:assert/strict";
import { test } from "node:test";

import { fill, localize, message, pluralForm, sayText } from "../../ui/room/class_words.mjs";

const DE = {
  templates: {
    "class.q.choice": "{letter}: Beispiel {i} ({coords}), Label {y}",
    "class.q.turn": "In welche Richtung dreht sich der Gewichtsvektor {w} beim nächsten Update?",
    "class.q.fewer_mistakes": [
      "Epoche {this} macht {now} Fehler. Macht Epoche {next} weniger?",
      "Epoche {this} macht {now} Fehler. Macht Epoche {next} weniger?",
    ],
    "class.js.answers": ["{count} Antwort", "{count} Antworten"],
  },
  fields: { choice: ["letter", "i", "coords", "y"], turn: [], fewer_mistakes: ["this", "now", "next", "n"] },
  symbols: { w: "θ" },
  labels: { 1: "1", "-1": "0" },
  pairs: [
    ["You have placed your {value} points.", "Sie haben Ihre {value} Punkte gesetzt."],
    ["The lecture is on /{page}, step {step}.", "Die Vorlesung ist auf /{page}, Schritt {step}."],
  ],
};

test("a question's ids and values are said with the student's templates and notation", () => {
  assert.equal(
    sayText(DE, '["turn"]'),
    "In welche Richtung dreht sich der Gewichtsvektor θ beim nächsten Update?",
  );
  assert.equal(sayText(DE, '["choice","B","12","1.5, -2","-1"]'), "B: Beispiel 12 (1.5, -2), Label 0");
  assert.equal(
    sayText(DE, '["fewer_mistakes","2","1,234","3",1234]'),
    "Epoche 2 macht 1,234 Fehler. Macht Epoche 3 weniger?",
  );
});

test("text that is not a known message is said as it is", () => {
  for (const text of [
    "Which way?",
    "[a](javascript:x)",
    '["nope"]',
    '["choice","A"]',
    "[1, 2]",
    "</script>",
  ]) {
    assert.equal(sayText(DE, text), text);
  }
  assert.equal(sayText({}, '["turn"]'), '["turn"]');
});

test("plurals pick by n; a missing message falls back", () => {
  assert.equal(message(DE, "class.js.answers", { n: 1, count: 1 }), "1 Antwort");
  assert.equal(message(DE, "class.js.answers", { n: 3, count: 3 }), "3 Antworten");
  assert.equal(message(DE, "class.js.hide", {}, "Hide"), "Hide");
  assert.equal(fill("{a} and {b}", { a: 1 }), "1 and {b}");
});

test("the server's English sentences are said in the student's language", () => {
  assert.equal(localize(DE, "You have placed your 3 points."), "Sie haben Ihre 3 Punkte gesetzt.");
  assert.equal(
    localize(DE, "The lecture is on /playground, step 1,024."),
    "Die Vorlesung ist auf /playground, Schritt 1,024.",
  );
  assert.equal(localize(DE, "Something else (a.b)."), "Something else (a.b).");
  assert.equal(localize({ pairs: [] }, "You have placed your 3 points."), "You have placed your 3 points.");
});

// Polish's plural rule as a grammar book gives it (one: 1; few: 2-4 after any tens but the
// teens; many: the rest), written out for the counts below 200 as ui.words.plural_table
// sends it; the browser reads counts beyond from the table's last hundred.
const polish = (n) => (n === 1 ? 0 : n % 10 >= 2 && n % 10 <= 4 && !(n % 100 >= 12 && n % 100 <= 14) ? 1 : 2);
const PL = {
  templates: { "class.js.answers": ["{count} odpowiedź", "{count} odpowiedzi", "{count} odpowiedzi!"] },
  plural: Array.from({ length: 200 }, (_, n) => polish(n)),
};

test("a language with three plural forms picks each count's by its rule", () => {
  const said = (n) => message(PL, "class.js.answers", { n, count: n });
  assert.equal(said(1), "1 odpowiedź");
  for (const n of [2, 3, 4, 22, 24, 102, 1_002, 1_000_023])
    assert.equal(said(n), `${n} odpowiedzi`, String(n));
  for (const n of [0, 5, 11, 12, 14, 25, 111, 112, 1_012, 1_000_025])
    assert.equal(said(n), `${n} odpowiedzi!`, String(n));
  assert.equal(said(2.5), "2.5 odpowiedzi!"); // not a whole number: the general form
  assert.equal(pluralForm(null, 1, 2), 0); // no table: English's rule
  assert.equal(pluralForm(null, 3, 2), 1);
});

// A lecturer's text is cut as ui/server/lectures.py's formula_parts cuts it (the projector
// typesets the same parts): $...$ on one line, at most 400 characters; a lone $ is text.
test("a lecturer's text is cut into text and formulas as the server cuts it", async () => {
  const { formulaParts } = await import("../../ui/room/class_words.mjs");
  assert.deepEqual(formulaParts("Why does $R^2/\\gamma^2$ not depend on *d*?"), [
    [false, "Why does "],
    [true, "R^2/\\gamma^2"],
    [false, " not depend on *d*?"],
  ]);
  assert.deepEqual(formulaParts("$a$$b$"), [
    [true, "a"],
    [true, "b"],
  ]);
  assert.deepEqual(formulaParts("costs $5 or $"), [
    [false, "costs "],
    [true, "5 or "],
  ]);
  assert.deepEqual(formulaParts("a lone $ sign"), [[false, "a lone $ sign"]]);
  assert.deepEqual(formulaParts("$x\ny$"), [[false, "$x\ny$"]]); // not on one line
  assert.deepEqual(formulaParts("$$"), [[false, "$$"]]); // empty: text
  const long = `$${"x".repeat(401)}$`;
  assert.deepEqual(formulaParts(long), [[false, long]]);
});

test("a computed question's words are text, a lecturer's keep their formulas", async () => {
  const { sayParts } = await import("../../ui/room/class_words.mjs");
  const words = {
    fields: { sign: ["a"] },
    templates: { "class.q.sign": "Is $ {a} positive?" },
    plural: [0, 1],
    symbols: {},
  };
  // A computed question: its filled template, even with a $ in a name, is one text part.
  assert.deepEqual(sayParts(words, JSON.stringify(["sign", "$x$"])), [[false, "Is $ $x$ positive?"]]);
  assert.deepEqual(sayParts(words, "Only $R$ counts"), [
    [false, "Only "],
    [true, "R"],
    [false, " counts"],
  ]);
});
