// The export's pure logic (ui/export/browser/range.mjs), run by node's own test runner:
//   node --test tests/js/
// Expected values are written out by hand: the steps an export holds (both ends), the cap
// of 500 steps, the names of the files, the order of the frames and of the server's rounds.
// The words are the server's (the offer's ``words``: ui/export/offer.py); EN and DE below
// are the templates the catalogue sends (ui/words/locale/export.pot, de/LC_MESSAGES/export.po), and the
// panel's sentences are checked in both.
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
  progressSaid,
  say,
  wrapLines,
} from "../../ui/export/browser/range.mjs";

const EN = {
  "export.not_whole": "From and To are whole step numbers, 0 to {total}.",
  "export.from_outside": "From must be a step of this run: 0 to {total}.",
  "export.to_before": "To ({to}) comes before From ({from}).",
  "export.run_ends": "The run ends at step {total}: exporting up to there.",
  "export.capped": "{n} steps asked; an export holds at most {max}: exporting steps {from} to {to}.",
  "export.and": "{list} and {last}",
  "export.formats": "This browser makes {made}.",
  "export.formats_not": "This browser makes {made}; not {missing}.",
  "export.formats_neither": "This browser makes {made}; not {webm} nor {mp4}.",
  "export.formats_no_video":
    "This browser makes GIF and PNG; it has no video encoder (WebCodecs), so no video.",
  "export.no_webm": "WebM (it cannot encode VP9 or VP8)",
  "export.no_mp4": "MP4 (it cannot encode H.264)",
  "export.waiting": "Waiting for the server's frame of step {step}",
  "export.drawing": "Drawing and encoding frame {done} of {total}",
  "export.writing": "Writing the file",
  "export.frames": ["{n} frame", "{n} frames"],
};
const DE = {
  "export.not_whole": "Von und Bis sind ganze Schrittnummern, 0 bis {total}.",
  "export.from_outside": "Von muss ein Schritt dieses Laufs sein: 0 bis {total}.",
  "export.to_before": "Bis ({to}) liegt vor Von ({from}).",
  "export.run_ends": "Der Lauf endet bei Schritt {total}: exportiert wird bis dorthin.",
  "export.capped":
    "{n} Schritte angefragt; ein Export umfasst höchstens {max}: exportiert werden die Schritte {from} bis {to}.",
  "export.and": "{list} und {last}",
  "export.formats": "Dieser Browser erstellt {made}.",
  "export.formats_not": "Dieser Browser erstellt {made}; nicht {missing}.",
  "export.formats_neither": "Dieser Browser erstellt {made}; weder {webm} noch {mp4}.",
  "export.formats_no_video":
    "Dieser Browser erstellt GIF und PNG; er hat keinen Video-Encoder (WebCodecs), also kein Video.",
  "export.no_webm": "WebM (er kann weder VP9 noch VP8 kodieren)",
  "export.no_mp4": "MP4 (er kann H.264 nicht kodieren)",
  "export.waiting": "Warte auf das Bild des Servers für Schritt {step}",
  "export.drawing": "Bild {done} von {total} wird gezeichnet und kodiert",
  "export.writing": "Die Datei wird geschrieben",
  "export.frames": ["{n} Bild", "{n} Bilder"],
};

test("a range holds both ends: steps 0 to 20 are 21 frames", () => {
  assert.deepEqual(planRange(0, 20, 40, 500, EN), { ok: true, from: 0, to: 20, count: 21, note: "" });
  assert.deepEqual(planRange("3", "3", 40, 500, EN), { ok: true, from: 3, to: 3, count: 1, note: "" });
});

test("10,000 steps asked are cut to the cap, and the note says so before it starts", () => {
  const plan = planRange(0, 9999, 20000, 500, EN);
  assert.equal(plan.ok, true);
  assert.equal(plan.from, 0);
  assert.equal(plan.to, 499);
  assert.equal(plan.count, 500);
  assert.equal(plan.note, "10,000 steps asked; an export holds at most 500: exporting steps 0 to 499.");
  // From elsewhere in the run: the cap counts from From.
  const later = planRange(1000, 1600, 20000, 500, EN);
  assert.deepEqual([later.from, later.to, later.count], [1000, 1499, 500]);
  // Exactly the cap is not cut.
  assert.equal(planRange(0, 499, 20000, 500, EN).note, "");
});

test("a To past the run's end stops at its end, and says so", () => {
  const plan = planRange(5, 90, 60, 500, EN);
  assert.deepEqual([plan.from, plan.to, plan.count], [5, 60, 56]);
  assert.equal(plan.note, "The run ends at step 60: exporting up to there.");
  // Past the end and over the cap: the cap's note, with the steps as they were asked.
  const both = planRange(0, 9999, 600, 500, EN);
  assert.deepEqual([both.to, both.count], [499, 500]);
  assert.equal(both.note, "10,000 steps asked; an export holds at most 500: exporting steps 0 to 499.");
});

test("what is not a range is refused in plain words", () => {
  for (const [a, b] of [
    ["", 4],
    ["x", 4],
    [1.5, 4],
    [0, "NaN"],
    [0, "1e308"],
    [0, Infinity],
  ]) {
    const plan = planRange(a, b, 40, 500, EN);
    assert.equal(plan.ok, false, `${a}..${b}`);
    assert.equal(plan.error, "From and To are whole step numbers, 0 to 40.");
  }
  assert.deepEqual(planRange(-1, 4, 40, 500, EN), {
    ok: false,
    error: "From must be a step of this run: 0 to 40.",
  });
  assert.deepEqual(planRange(41, 50, 40, 500, EN), {
    ok: false,
    error: "From must be a step of this run: 0 to 40.",
  });
  assert.deepEqual(planRange(9, 4, 40, 500, EN), { ok: false, error: "To (4) comes before From (9)." });
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
  const held = new Map([
    [3, {}],
    [5, {}],
    [6, {}],
  ]);
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
    formatsSaid({ webm: "VP9", mp4: null }, EN),
    "This browser makes GIF, WebM (VP9) and PNG; not MP4 (it cannot encode H.264).",
  );
  assert.equal(
    formatsSaid({ webm: "VP9", mp4: "H.264" }, EN),
    "This browser makes GIF, WebM (VP9), MP4 (H.264) and PNG.",
  );
  assert.equal(
    formatsSaid(null, EN),
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

test("a browser with a video encoder that makes neither video says both", () => {
  assert.equal(
    formatsSaid({ webm: null, mp4: null }, EN),
    "This browser makes GIF and PNG; not WebM (it cannot encode VP9 or VP8) nor MP4 (it cannot encode H.264).",
  );
  assert.equal(
    formatsSaid({ webm: null, mp4: "H.264" }, EN),
    "This browser makes GIF, MP4 (H.264) and PNG; not WebM (it cannot encode VP9 or VP8).",
  );
});

test("the progress line and a plural say the numbers as the page does", () => {
  assert.equal(progressSaid("ask", 12345, 0, EN), "Waiting for the server's frame of step 12,345");
  assert.equal(progressSaid("draw", 7, 1500, EN), "Drawing and encoding frame 7 of 1,500");
  assert.equal(progressSaid("finish", 0, 0, EN), "Writing the file");
  assert.equal(say(EN, "export.frames", { n: "1" }, 1), "1 frame");
  assert.equal(say(EN, "export.frames", { n: "1,000" }, 1000), "1,000 frames");
  // A field's own text is not read as a template again; an unknown id is an error.
  assert.equal(
    say(EN, "export.run_ends", { total: "{to}" }),
    "The run ends at step {to}: exporting up to there.",
  );
  assert.throws(() => say(EN, "export.nothing"), /no words for export\.nothing/);
});

test("a German offer gives the panel's sentences in German, the numbers written as in English", () => {
  assert.equal(
    planRange(0, 9999, 20000, 500, DE).note,
    "10,000 Schritte angefragt; ein Export umfasst höchstens 500: exportiert werden die Schritte 0 bis 499.",
  );
  assert.equal(
    planRange(5, 90, 60, 500, DE).note,
    "Der Lauf endet bei Schritt 60: exportiert wird bis dorthin.",
  );
  assert.deepEqual(planRange("x", 4, 1500, 500, DE), {
    ok: false,
    error: "Von und Bis sind ganze Schrittnummern, 0 bis 1,500.",
  });
  assert.equal(planRange(-1, 4, 40, 500, DE).error, "Von muss ein Schritt dieses Laufs sein: 0 bis 40.");
  assert.equal(planRange(9, 4, 40, 500, DE).error, "Bis (4) liegt vor Von (9).");
  assert.equal(
    formatsSaid({ webm: "VP9", mp4: null }, DE),
    "Dieser Browser erstellt GIF, WebM (VP9) und PNG; nicht MP4 (er kann H.264 nicht kodieren).",
  );
  assert.equal(
    formatsSaid({ webm: "VP9", mp4: "H.264" }, DE),
    "Dieser Browser erstellt GIF, WebM (VP9), MP4 (H.264) und PNG.",
  );
  assert.equal(
    formatsSaid({ webm: null, mp4: null }, DE),
    "Dieser Browser erstellt GIF und PNG; weder WebM (er kann weder VP9 noch VP8 kodieren) noch MP4 (er kann H.264 nicht kodieren).",
  );
  assert.equal(progressSaid("draw", 7, 1500, DE), "Bild 7 von 1,500 wird gezeichnet und kodiert");
  assert.equal(progressSaid("ask", 40, 0, DE), "Warte auf das Bild des Servers für Schritt 40");
  assert.equal(say(DE, "export.frames", { n: "1" }, 1), "1 Bild");
  assert.equal(say(DE, "export.frames", { n: "20" }, 20), "20 Bilder");
});

test("a plural is picked by the language's rule the offer sends (three forms, as Polish)", () => {
  const polish = (n) =>
    n === 1 ? 0 : n % 10 >= 2 && n % 10 <= 4 && !(n % 100 >= 12 && n % 100 <= 14) ? 1 : 2;
  const PL = {
    "export.frames": ["{n} klatka", "{n} klatki", "{n} klatek"],
    "export.plural": Array.from({ length: 200 }, (_, n) => polish(n)),
  };
  const frames = (n) => say(PL, "export.frames", { n: String(n) }, n);
  assert.deepEqual([1, 2, 5, 22, 25, 212, 1_022].map(frames), [
    "1 klatka",
    "2 klatki",
    "5 klatek",
    "22 klatki",
    "25 klatek",
    "212 klatek",
    "1022 klatki",
  ]);
});

// The Kernel's contour, shaded as a heatmap, is pictured as a heatmap of its cells and its
// lines alone (ui/export/browser/draw.mjs): plotly.js draws a heatmap-coloured contour's
// shading pixel by pixel into a PNG, most of an export's time on that page.
test("a heatmap-coloured contour is pictured as a heatmap and its lines", async () => {
  const { shadingApart } = await import("../../ui/export/browser/draw.mjs");
  const z = { dtype: "f4", bdata: "AACAPwAAAMA=", shape: "1, 2" };
  const contour = {
    type: "contour",
    x: [0, 1],
    y: [0],
    z,
    zmin: -2,
    zmax: 2,
    colorscale: [
      [0, "red"],
      [1, "blue"],
    ],
    contours: { coloring: "heatmap", showlines: true, start: 0, end: 0, size: 1 },
    line: { color: "#111", width: 2 },
    showscale: true,
    colorbar: { len: 0.6 },
    name: "f(x) = 0",
    showlegend: true,
  };
  const points = { type: "scatter", x: [1], y: [2] };
  const [a, shading, lines] = shadingApart([points, contour]);
  assert.equal(a, points);
  assert.deepEqual(shading, {
    type: "heatmap",
    x: [0, 1],
    y: [0],
    z,
    zmin: -2,
    zmax: 2,
    colorscale: [
      [0, "red"],
      [1, "blue"],
    ],
    zsmooth: "fast",
    showscale: true,
    colorbar: { len: 0.6 },
    name: "f(x) = 0",
    showlegend: false,
  });
  assert.deepEqual(lines.contours, { coloring: "none", showlines: true, start: 0, end: 0, size: 1 });
  assert.equal(lines.type, "contour");
  assert.deepEqual(lines.line, { color: "#111", width: 2 });
  assert.equal(lines.showscale, false);
  assert.equal(lines.showlegend, true);
  assert.equal(contour.contours.coloring, "heatmap"); // the stage's own frame is left as it was
  // Without lines: the shading alone; other contours as they were.
  const bare = Object.assign({}, contour, { contours: { coloring: "heatmap", showlines: false } });
  assert.deepEqual(
    shadingApart([bare]).map((t) => t.type),
    ["heatmap"],
  );
  const plain = { type: "contour", z: [[1]], contours: { coloring: "none" } };
  assert.deepEqual(shadingApart([plain]), [plain]);
});

test("the export's SVG lets the browser smooth a heatmap's cells", async () => {
  const { smoothImages } = await import("../../ui/export/browser/draw.mjs");
  const img =
    '<image preserveAspectRatio="none" style="image-rendering: optimizeSpeed; ' +
    'image-rendering: pixelated; " height="600" width="600" x="0" y="0"/>';
  assert.equal(smoothImages(img), '<image preserveAspectRatio="none" height="600" width="600" x="0" y="0"/>');
  assert.equal(smoothImages('<text style="fill: red;">a</text>'), '<text style="fill: red;">a</text>');
});

// A layer that draws what an earlier frame's drew (a step that changes no weight) is
// drawn once: the Kernel's contour is most of an export's time.
test("a layer drawn before is kept, the least recently used dropped, a failed one redrawn", async () => {
  const { KeptPictures } = await import("../../ui/export/browser/draw.mjs");
  const kept = new KeptPictures(2);
  const calls = [];
  const draw = (name) => () => {
    calls.push(name);
    return Promise.resolve(`picture of ${name}`);
  };
  assert.equal(await kept.get("a", draw("a")), "picture of a");
  assert.equal(await kept.get("a", draw("a")), "picture of a");
  await kept.get("b", draw("b"));
  await kept.get("a", draw("a")); // a is now the most recent: b goes when c comes
  await kept.get("c", draw("c"));
  await kept.get("a", draw("a"));
  await kept.get("b", draw("b"));
  assert.deepEqual(calls, ["a", "b", "c", "b"]);
  assert.equal(kept.drawn, 4);
  const failing = () => Promise.reject(new Error("unpainted"));
  await assert.rejects(kept.get("x", failing), /unpainted/);
  assert.equal(await kept.get("x", draw("x")), "picture of x");
  assert.deepEqual(calls.at(-1), "x");
});
