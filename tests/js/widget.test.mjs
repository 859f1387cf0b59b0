// The notebook stage's pure browser logic (perceptron_widget/widget.mjs), by node's own
// test runner: node --test tests/js/
// The keys are the lab's (ui/text.py KEYS: S, V, B, E, F, X and P for Play), as the
// Python half sends them in the stage's data.
import assert from "node:assert/strict";
import { test } from "node:test";

import { backgroundOf, keyAction, loadPlotly, stageData } from "../../perceptron_widget/widget.mjs";

const DATA = {
  shortcuts: { s: "step", v: "visit", b: "back", e: "epoch", f: "end", x: "reset" },
  play: { key: "play", shortcut: "p", unit: "step", speed_ms: 500 },
};

test("a key of the stage is its move, either case; P is Play", () => {
  assert.equal(keyAction(DATA, { key: "s" }), "step");
  assert.equal(keyAction(DATA, { key: "S" }), "step");
  assert.equal(keyAction(DATA, { key: "b" }), "back");
  assert.equal(keyAction(DATA, { key: "x" }), "reset");
  assert.equal(keyAction(DATA, { key: "P" }), "play");
});

test("other keys and keys with Ctrl, Alt or Meta are left to the notebook", () => {
  assert.equal(keyAction(DATA, { key: "q" }), null);
  assert.equal(keyAction(DATA, { key: "Enter" }), null);
  assert.equal(keyAction(DATA, { key: "s", ctrlKey: true }), null); // the notebook's save
  assert.equal(keyAction(DATA, { key: "v", metaKey: true }), null);
  assert.equal(keyAction(DATA, { key: "b", altKey: true }), null);
  assert.equal(keyAction({ shortcuts: DATA.shortcuts, play: null }, { key: "p" }), null);
  assert.equal(keyAction(DATA, null), null);
});

test("the stage's data joins the model's traits; Python never plays", () => {
  const traits = {
    config: { effects: { step: "push" }, sync_ms: 350 },
    state: { run: "r", cursor: 4, history: [1], applied: 2 },
    frames: '{"4":{}}',
    moves: '{"4":{}}',
  };
  const data = stageData((k) => traits[k]);
  assert.deepEqual(data, {
    effects: { step: "push" },
    sync_ms: 350,
    run: "r",
    cursor: 4,
    history: [1],
    applied: 2,
    frames: '{"4":{}}',
    moves: '{"4":{}}',
    playing: false,
  });
});

test("plotly.js runs once, as a CommonJS module, whatever AMD loader the page has", () => {
  const global = {};
  // A page's AMD loader (a notebook with RequireJS): plotly must not register with it.
  globalThis.define = () => assert.fail("not asked of an AMD loader");
  globalThis.define.amd = true;
  let runs = 0;
  // plotly's wrapper: CommonJS when module and exports are there, else AMD, else a global.
  const source = `globalThis.__runs = (globalThis.__runs || 0) + 1;
    if (typeof exports === "object" && typeof module !== "undefined") module.exports = {v: 3};
    else if (typeof define === "function" && define.amd) define([], () => ({v: 3}));`;
  const first = loadPlotly(source, global);
  runs = globalThis.__runs;
  assert.deepEqual(first, { v: 3 });
  assert.equal(global.Plotly, first);
  assert.equal(loadPlotly(source, global), first);
  assert.equal(globalThis.__runs, runs); // not run again
  delete globalThis.__runs;
  delete globalThis.define;
});

test("the notebook's background is the first drawn one up the tree, out of a shadow root", () => {
  const node = (bg, parent = null, host = null) => ({
    nodeType: 1,
    bg,
    parentElement: parent,
    getRootNode: () => ({ host }),
  });
  const style = (n) => ({ backgroundColor: n.bg });
  const page = node("rgb(17, 17, 17)"); // a dark notebook
  const host = node("rgba(0, 0, 0, 0)", page); // marimo's widget element
  const inner = node("transparent", null, host); // the stage, in the host's shadow root
  assert.equal(backgroundOf(inner, style), "rgb(17, 17, 17)");
  assert.equal(backgroundOf(node("rgba(0, 0, 0, 0)"), style), "rgb(255, 255, 255)");
});
