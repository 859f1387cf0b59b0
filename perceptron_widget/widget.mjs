// Perceptron Lab: the stage in a notebook (anywidget: JupyterLab, marimo, VS Code, Colab).
//
// The lab's stage, stepped in the browser from the run's frames as the app steps them:
// the same sync state machine and stepping rules (ui/stage/stepping.mjs: StageSync, the
// server's plan of every cursor), the same dark theme (ui/stage/access.mjs), the same data
// contract (ui/stage/stage.js, its head). perceptron_widget/__init__.py joins those two
// files and this one into the widget's module (their import lines go); node's tests import
// this file as it is (tests/js/widget.test.mjs).
//
// The model's traits (perceptron_widget.Stage):
//   state: {run, cursor, history, applied}  where Python is (its answer to a report)
//   frames, moves: string                   the frames and each frame's plan (JSON)
//   config: {effects, under_layout, over_layout, buttons, shortcuts, sync_ms, play}
//   scene: string                           the scene's figure (JSON), drawn once
//   labels: {buttons, keys, help, pause}    the buttons' words, in the lab's language
//   report: {cursor, history, seq, move}    what the browser reports (stage.js's "sync")
//   _plotly: string                         plotly.js, run once per page (offline)

import { LIVE, themeLayout, themeTraces } from "../ui/stage/access.mjs";
import { buttonStates, StageSync } from "../ui/stage/stepping.mjs";

// The buttons in their row: the app's six and Play.
export const BUTTONS = ["step", "visit", "back", "epoch", "end", "reset", "play"];
// The lines a frame replaces, top to bottom: the status line over the chart, the
// numbers under it, what a screen reader says (hidden).
export const LINES = ["status", "summary", "margin", "spoken"];

// The stage's data (stage.js's contract) from the model's traits.
export function stageData(get) {
  return Object.assign({}, get("config"), get("state"), {
    frames: get("frames"),
    moves: get("moves"),
    playing: false,
  });
}

// What a key press does on the stage: a move, "play", or null (not the stage's: left to
// the notebook). A key with Ctrl, Alt or Meta is the notebook's or the browser's.
export function keyAction(data, ev) {
  if (!ev || ev.ctrlKey || ev.altKey || ev.metaKey || typeof ev.key !== "string") return null;
  const key = ev.key.toLowerCase();
  if (data.play && key === data.play.shortcut) return "play";
  const move = data.shortcuts?.[key];
  return move === undefined ? null : move;
}

// plotly.js once per page, from its source: run as a CommonJS module (plotly's own
// wrapper then neither sets a global nor asks a page's AMD loader for it).
export function loadPlotly(source, global = globalThis) {
  if (global.Plotly) return global.Plotly;
  const module = { exports: {} };
  new Function("module", "exports", "define", source)(module, module.exports, undefined);
  global.Plotly = module.exports;
  return global.Plotly;
}

// The notebook's background where the stage is drawn (JupyterLab's or marimo's theme): the
// figures are drawn light or dark by it, as the app's are by Streamlit's (access.mjs).
export function backgroundOf(el, style = (node) => getComputedStyle(node)) {
  let node = el;
  while (node && node.nodeType === 1) {
    const c = style(node).backgroundColor;
    if (c && c !== "transparent" && !/^rgba\(.*,\s*0\)$/.test(c)) return c;
    const root = node.getRootNode?.();
    node = node.parentElement || root?.host || null; // out of a shadow root too
  }
  return "rgb(255, 255, 255)";
}

const CONFIG = { displayModeBar: false, doubleClick: false, scrollZoom: false, staticPlot: true };

function element(tag, cls, parent) {
  const el = document.createElement(tag);
  if (cls) el.className = cls;
  if (parent) parent.appendChild(el);
  return el;
}

function render({ model, el }) {
  const Plotly = loadPlotly(model.get("_plotly"));
  const labels = model.get("labels");
  const root = element("div", "pl-stage", el);
  root.tabIndex = 0;
  // JupyterLab's keys (B: a cell below, V: paste...) are not taken inside the stage.
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  const row = element("div", "pl-buttons", root);
  const buttons = {};
  for (const move of BUTTONS) {
    const b = element("button", move === "step" ? "pl-button pl-primary" : "pl-button", row);
    b.type = "button";
    b.dataset.move = move;
    b.textContent = `${labels.buttons[move]} (${labels.keys[move]})`;
    b.title = labels.help[move];
    buttons[move] = b;
  }
  const lines = {};
  for (const name of LINES) {
    const line = element(name === "status" ? "p" : "div", `pl-line pl-${name}`);
    line.dataset.line = name;
    lines[name] = line;
  }
  root.appendChild(lines.status);
  const chart = element("div", "pl-chart", root);
  const under = element("div", "pl-layer pl-under", chart);
  const scene = element("div", "pl-scene", chart);
  const over = element("div", "pl-layer pl-over", chart);
  for (const name of ["summary", "margin", "spoken"]) root.appendChild(lines[name]);
  for (const [name, value] of Object.entries(LIVE)) lines.spoken.setAttribute(name, value);

  const figure = JSON.parse(model.get("scene"));
  const height = figure.layout.height || 450;
  chart.style.height = `${height}px`;
  chart.style.width = `${figure.layout.width}px`;
  const theme = "auto";
  const page = backgroundOf(el);
  Plotly.newPlot(
    scene,
    themeTraces(figure.data, theme, page),
    themeLayout(figure.layout, theme, page),
    CONFIG,
  );

  let data = stageData((k) => model.get(k));
  const sync = new StageSync(data, {
    send: (report) => {
      root.dataset.syncs = String(sync.syncs);
      model.set("report", report);
      model.save_changes();
    },
    now: () => performance.now(),
    busy: () => false,
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (id) => clearTimeout(id),
  });
  sync.take(data);
  let playTimer = 0;
  let drawing = Promise.resolve();

  function markButtons() {
    const off = buttonStates(sync.row(), sync.data.effects, sync.history);
    for (const [move, b] of Object.entries(buttons)) if (move in off) b.disabled = off[move];
    buttons.play.textContent = `${playTimer ? labels.pause : labels.buttons.play} (${labels.keys.play})`;
  }

  // The frame at the browser's cursor: its two layers and its lines (in order: a press
  // while one is drawn waits for it).
  function draw() {
    drawing = drawing.then(async () => {
      const cursor = sync.cursor;
      const frame = sync.frames.get(cursor);
      if (frame === undefined) return;
      const layout = (l) => themeLayout(Object.assign({}, l, { height }), theme, page);
      const traces = (t) => themeTraces(t, theme, page);
      await Plotly.react(under, traces(frame.under), layout(sync.data.under_layout), CONFIG);
      await Plotly.react(over, traces(frame.over), layout(sync.data.over_layout), CONFIG);
      for (const name of LINES) {
        const value = frame.texts?.[name] || "";
        if (lines[name].textContent !== value) lines[name].textContent = value;
      }
      root.dataset.cursor = String(cursor);
    });
    return drawing;
  }

  function move(m, playing = false) {
    if (!playing) stopPlay();
    if (sync.press(m) !== "local") return;
    markButtons();
    draw();
    sync.moved(playing);
  }

  function startPlay() {
    const play = sync.data.play;
    if (!play || playTimer !== 0) return;
    if (sync.off(play.unit)) move("reset");
    playTimer = setInterval(
      () => {
        if (sync.waiting !== 0) return; // Python is making a move: wait for it
        if (sync.off(play.unit)) return stopPlay();
        move(play.unit, true);
      },
      Math.max(50, play.speed_ms),
    );
    markButtons();
  }

  function stopPlay() {
    if (playTimer === 0) return;
    clearInterval(playTimer);
    playTimer = 0;
    sync.schedule(0);
    markButtons();
  }

  function act(action) {
    if (action === "play") {
      if (playTimer) stopPlay();
      else startPlay();
    } else if (action !== null) {
      move(action);
    }
  }

  row.addEventListener("click", (ev) => {
    const b = ev.target.closest("button[data-move]");
    if (!b || b.disabled) return;
    root.focus();
    act(b.dataset.move);
  });
  root.addEventListener("click", () => root.focus());
  root.addEventListener("keydown", (ev) => {
    const action = keyAction(sync.data, ev);
    if (action === null) return;
    ev.preventDefault();
    ev.stopPropagation();
    act(action);
  });

  // Python's answer (a move beyond the frames, or the cursor taken): its state and frames.
  const taken = () => {
    data = stageData((k) => model.get(k));
    sync.take(data);
    const queued = sync.settle();
    markButtons();
    draw();
    for (const m of queued) move(m);
  };
  model.on("change:state", taken);
  markButtons();
  draw().then(() => {
    root.dataset.ready = "1";
  });
  return () => {
    stopPlay();
    sync.close();
    model.off("change:state", taken);
    for (const layer of [under, scene, over]) Plotly.purge(layer);
  };
}

export default { render };
