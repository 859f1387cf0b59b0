// Perceptron Lab: the stage in the browser. A recorded run is stepped here through frames
// the server sent ahead (no rerun, no remount); the server decides every move's target and
// every button's state, and is told afterwards where the browser stepped to.
//
// Served as one module with the chart component (ui/stage/chart.py joins stepping.mjs,
// ui/stage/chart.js, this file and keys.js; the import below is dropped there): the chart
// draws the scene (its figure) and hands ``data.stage`` to ``takeStage``; the stage draws
// each frame in a plot under the scene and one over it, and puts its texts into the page.
// Each frame drawn is said to whoever listens, as the stage's hooks say a step on the
// server (ui/stage/hooks.py): a window event "perceptron-lab-drawn" {run, cursor, seq}
// (a class's lecturer posts it to the followers: ui/room/leading.mjs).
//
// ------------------------------------------------------------------ what the server sends
// data.stage = {                (ui.stage.sync.sent)
//   run: string,              // the run's id: frames, cursor and history belong to it
//   where: string,            // the page and scene it is drawn for (the page's keys data's)
//   cursor: number,           // where the server is
//   history: number[],        // the server's Back history (its tail)
//   applied: number,          // the last report's seq the server applied
//   playing: boolean,         // Play runs on the server: the buttons are left to it
//   frames: string,           // JSON {cursor: {under: [...], over: [...], texts: {key: text}}}
//                             // (texts: the status line, the numbers, <prefix>spoken: what
//                             // a screen reader says, ui/stage/access.mjs): the window's
//                             // frames the browser did not report holding
//   window: number[],         // the cursors of the window (its frames: sent or held)
//   base: string,             // what the frames are drawn for (run, scene, notation, language)
//   moves: string,            // JSON {cursor: {to: {move: cursor}, off: [move],
//                             //                leave: ["next" | "prev"]}}: each frame's plan:
//                             // where every button lands from it, which are off, and
//                             // whether the clicker leaves a lecture's scene there
//   effects: {move: "push" | "pop" | "clear"},
//                             // what a move does to Back's history (stepping.mjs)
//   under_layout, over_layout: object,  // the layers' layouts (the scene's, no axes)
//   buttons: {move: key},     // the page's Streamlit buttons (st-key-<key>)
//   shortcuts: {key: move},   // their keys (lower case), and the clicker's
//   stale: string[],          // element keys that show the server's step only (dimmed)
//   sync_ms: number,          // report the cursor this long after the last local move
//   play: {key, shortcut, unit, speed_ms} | null,
//                             // Play in the browser: its button, key, the move a frame
//                             // makes ("step", "visit", "epoch") and the time between frames
//   export: object,           // the Export panel's (ui/stage/export_hook.js, its head)
// }
// ----------------------------------------------------------------- what the browser reports
// The component's state value "sync" = {cursor, history, seq, move, base, held, ask?}:
// where the browser stepped to, Back's history there, the report's number (growing), the
// move it left to the server (null: none), and the frames it holds (their base and
// cursors: the server sends the others only; ``ask``: a report made only to ask for the
// window's frames missing here) -> Python's ``ui.stage.sync.synced``.
//
// A press of a stage button (or its key) whose target has a frame is drawn here; the cursor
// is reported sync_ms after the last press. A press whose target has no frame is reported
// at once with the move, and the server makes it. Play steps through the frames here too:
// a frame every speed_ms, the server told where Play is every PLAY_SYNC_MS.

import { STREAMLIT_SCRIPT_STATE, streamlitTestid } from "../platform/dom.mjs";
import { markLive, themeLayout, themeTraces } from "./access.mjs";
import { buttonStates, StageSync } from "./stepping.mjs";

// Streamlit's page as the stage reaches into it: the keyed elements' class is Streamlit's
// documented st-key-<key>; the rest is private, named in ui/platform/dom.mjs.
const STREAMLIT = {
  // A keyed element's container has the class st-key-<key> (a button, a markdown line).
  keyed: (key) => `.st-key-${CSS.escape(key)}`,
  // The keyed elements whose key contains <key> (the lecture's row of Open buttons).
  keyedLike: (key) => `[class*="st-key-${key}"]`,
  // The text of a markdown element (a status line, a line of numbers) that a frame
  // replaces, in its one paragraph.
  paragraph: streamlitTestid("markdown") + " p",
  // The app's root; its script state is "notRunning" once the page's script ran.
  app: streamlitTestid("app"),
  scriptState: STREAMLIT_SCRIPT_STATE,
  // The main block: what moves a chart's top (the page above it growing or shrinking).
  main: streamlitTestid("main"),
};

function stageElement(key) {
  return document.querySelector(STREAMLIT.keyed(key));
}

function stageButton(key) {
  const el = stageElement(key);
  return el?.querySelector("button");
}

// The chart's data: a stage to take up (a new run: a new stage), or none (drop it).
function takeStage(inst, data) {
  if (data) adoptStage(inst, data);
  else if (inst.stage !== null) dropStage(inst);
}

function stageWantsDraw(inst) {
  return inst.stage !== null && inst.stage.drawn !== inst.stage.sync.cursor;
}

function adoptStage(inst, data) {
  let st = inst.stage;
  if (st === null || st.run !== data.run) {
    if (st !== null) retireStage(inst); // another run: its timers and listener go
    const sync = new StageSync(data, {
      send: (report) => {
        inst.over.dataset.syncs = String(sync.syncs);
        inst.setStateValue("sync", report);
      },
      now: () => performance.now(),
      busy: () => pageRunning(), // the page's script still runs: the answer is on its way
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (id) => clearTimeout(id),
    });
    st = { run: data.run, sync, drawn: null, underDrawn: false, playTimer: 0 };
    inst.stage = st;
    installListeners(inst);
  }
  const sync = st.sync;
  const speed = sync.data?.play ? sync.data.play.speed_ms : null;
  sync.data = data;
  if (st.playTimer !== 0 && (!data.play || data.play.speed_ms !== speed)) {
    stopPlay(inst, false); // Play's speed changed (or Play went): again at the new speed
    if (data.play) startPlay(inst);
  }
  if (sync.take(data)) st.drawn = null; // the frames may differ at the same cursor
  markStale(inst);
  markButtons(inst);
  holdTexts(inst);
  exportTake(inst, data); // Export under the chart, and the server's frames it asked for
  for (const move of sync.settle()) stageMove(inst, move); // the presses that waited
  sync.askFrames(); // frames of the window this chart does not hold (drawn anew)
  // The page's keys go to this stage now, the presses that waited for it first.
  st.epoch = PAGE.epoch;
  PAGE.inst = inst;
  delete inst.root.dataset.stagePending;
  inst.root.dataset.stageReady = "1";
  drainQueue();
}

function retireStage(inst) {
  const st = inst.stage;
  st.sync.close();
  stopPlay(inst, false);
  if (st.textObserver) st.textObserver.disconnect();
  window.removeEventListener("click", st.onClick, true);
}

function dropStage(inst) {
  retireStage(inst);
  exportDrop(inst);
  inst.stage = null;
  if (PAGE.inst === inst) PAGE.inst = null;
  delete inst.root.dataset.stageReady;
  for (const layer of [inst.under, inst.over]) {
    if (window.Plotly) window.Plotly.purge(layer);
  }
}

function markStale(inst) {
  const sync = inst.stage.sync;
  const stale = sync.cursor !== sync.data.cursor;
  for (const key of sync.data.stale || []) {
    const el = stageElement(key);
    if (el) el.classList.toggle("stage-stale", stale);
  }
}

// The buttons' states follow the browser's cursor, by the server's plan of it (the
// server's own buttons come with its next rerun, and agree).
function markButtons(inst) {
  const sync = inst.stage.sync;
  const disabled = buttonStates(sync.row(), sync.data.effects, sync.history);
  for (const [move, key] of Object.entries(sync.data.buttons)) {
    const button = stageButton(key);
    if (button && move in disabled) button.disabled = disabled[move];
  }
}

// ``playing``: a frame of Play (any other press pauses Play first).
function stageMove(inst, move, playing = false) {
  if (!playing) stopPlay(inst, false);
  const sync = inst.stage.sync;
  if (sync.press(move) !== "local") return;
  markStale(inst);
  markButtons(inst);
  renderLatest(inst);
  sync.moved(playing);
}

// A student's page following the lecture to ``cursor``: whether the frame was here. Not
// reported: a class's step costs no rerun per student (the student's server learns the
// cursor with their next own press, or opens the lecture's step when the frames run out).
function stageGoto(inst, cursor) {
  stopPlay(inst, false);
  const sync = inst.stage.sync;
  if (sync.goto(cursor) !== "local") return false;
  markStale(inst);
  markButtons(inst);
  renderLatest(inst);
  return true;
}

function playElement(inst) {
  const play = inst.stage.sync.data.play;
  return play ? stageElement(play.key) : null;
}

function togglePlay(inst) {
  if (inst.stage.playTimer !== 0) stopPlay(inst);
  else startPlay(inst);
}

function startPlay(inst) {
  const st = inst.stage;
  const play = st.sync.data.play;
  if (!play || st.playTimer !== 0) return;
  if (st.sync.off(play.unit)) stageMove(inst, "reset"); // from the end: again
  const el = playElement(inst);
  if (el) el.dataset.stagePlaying = "1";
  st.sync.lastSync = performance.now();
  st.playTimer = setInterval(() => playFrame(inst, st), Math.max(50, play.speed_ms));
}

function stopPlay(inst, report = true) {
  const st = inst.stage;
  if (st.playTimer === 0) return;
  clearInterval(st.playTimer);
  st.playTimer = 0;
  const el = playElement(inst);
  if (el) delete el.dataset.stagePlaying;
  if (report) st.sync.schedule(0);
}

function playFrame(inst, st) {
  if (inst.stage !== st || inst.destroyed) return;
  const sync = st.sync;
  if (sync.waiting !== 0) return; // the server is making a move: wait for it
  const unit = sync.data.play.unit;
  if (sync.off(unit)) {
    stopPlay(inst);
    return;
  }
  stageMove(inst, unit, true);
  if (sync.off(unit) && sync.waiting === 0) stopPlay(inst);
}

function setText(key, value) {
  const el = stageElement(key);
  if (!el) return;
  const p = el.querySelector(STREAMLIT.paragraph);
  if (!p) return;
  const strong = p.querySelector("strong");
  const target = strong && p.childNodes.length === 1 ? strong : p;
  if (target.textContent !== value) target.textContent = value;
}

// The texts of the frame on screen. The server redraws them at its own cursor, which is
// behind while a report is on its way (or Play runs): while the browser is ahead, every
// such redraw is put back to the browser's step.
function holdTexts(inst) {
  const st = inst.stage;
  const sync = st.sync;
  if (st.textObserver) st.textObserver.disconnect();
  st.textObserver = null;
  const frame = sync.frames.get(sync.cursor);
  if (!frame || sync.cursor === sync.data.cursor || st.drawn !== sync.cursor) return;
  const observer = new MutationObserver(() => applyTexts(inst, st));
  for (const key of Object.keys(frame.texts || {})) {
    const el = stageElement(key);
    if (el) observer.observe(el, { childList: true, subtree: true, characterData: true });
  }
  st.textObserver = observer;
  applyTexts(inst, st);
}

function applyTexts(inst, st) {
  const sync = st.sync;
  if (inst.stage !== st || sync.cursor === sync.data.cursor || st.drawn !== sync.cursor) return;
  const frame = sync.frames.get(sync.cursor);
  if (!frame) return;
  for (const [key, value] of Object.entries(frame.texts || {})) setText(key, value);
}

async function drawFrame(inst) {
  const st = inst.stage;
  const sync = st.sync;
  const cursor = sync.cursor;
  const frame = sync.frames.get(cursor);
  if (frame === undefined) {
    st.drawn = cursor;
    return;
  }
  const Plotly = window.Plotly;
  const height = inst.height;
  const config = Object.assign(makeConfig({}), { staticPlot: true });
  for (const layer of [inst.under, inst.over]) layer.style.height = `${height}px`;
  const t0 = performance.now();
  // An empty under layer stays as it was (nothing to draw there on many pages).
  const theme = inst.lastData?.theme; // the dark theme (ui/stage/access.mjs)
  if (frame.under.length || st.underDrawn) {
    const layout = themeLayout(sync.data.under_layout, theme);
    await Plotly.react(
      inst.under,
      themeTraces(frame.under, theme),
      prepareLayout(layout, height, inst.fit),
      config,
    );
    st.underDrawn = frame.under.length > 0;
  }
  const t1 = performance.now();
  const overLayout = themeLayout(sync.data.over_layout, theme);
  await Plotly.react(
    inst.over,
    themeTraces(frame.over, theme),
    prepareLayout(overLayout, height, inst.fit),
    config,
  );
  const t2 = performance.now();
  for (const [key, value] of Object.entries(frame.texts || {})) setText(key, value);
  markLive(document); // the frame's spoken line is said (its element, a live region)
  // What the frame cost, for benchmarks/latency.py: the two layers and the texts (ms).
  inst.over.dataset.drawMs = [t1 - t0, t2 - t1, performance.now() - t2].map(Math.round).join(",");
  st.drawn = cursor;
  inst.over.dataset.cursor = String(cursor);
  // The stage's one value for whoever listens (ui/room/leading.mjs: a class's lecturer):
  // the run, the step drawn and the count of moves made in this browser.
  window.dispatchEvent(
    new CustomEvent("perceptron-lab-drawn", { detail: { run: sync.data.run, cursor, seq: sync.seq } }),
  );
  holdTexts(inst);
}

function moveOf(inst, target) {
  for (const [move, key] of Object.entries(inst.stage.sync.data.buttons)) {
    const el = stageElement(key);
    if (el?.contains(target)) return move;
  }
  return null;
}

function installListeners(inst) {
  const st = inst.stage;
  st.onClick = (ev) => {
    if (inst.stage !== st || st.sync.data.playing) return;
    const playEl = playElement(inst);
    if (playEl?.contains(ev.target)) {
      ev.preventDefault();
      ev.stopPropagation();
      togglePlay(inst);
      return;
    }
    const move = moveOf(inst, ev.target);
    if (move === null) return;
    // Not on to Streamlit's handlers (document, React's root); other listeners on window
    // (a benchmark's timer) still see the click.
    ev.preventDefault();
    ev.stopPropagation();
    stageMove(inst, move);
  };
  // Capture on window: before Streamlit's own listeners on the document and its root.
  window.addEventListener("click", st.onClick, true);
}

// A key of the stage (lower case), pressed or played from the queue: whether it was taken.
function stageKey(inst, key) {
  const sync = inst.stage.sync;
  if (sync.data.play && key === sync.data.play.shortcut) {
    togglePlay(inst);
    return true;
  }
  const move = sync.data.shortcuts[key];
  if (move === undefined) return false;
  // In a lecture's scene the clicker goes on past the scene: from its last step to the
  // next scene, at the run's start back to the previous one (the scene bar's buttons).
  if (PAGE.clickerNext.has(key) && sync.leaves("next") && pressScene("next")) return true;
  if (PAGE.clickerBack.has(key) && sync.leaves("prev") && pressScene("prev")) return true;
  stageMove(inst, move);
  return true;
}

function isStageKey(inst, key) {
  const data = inst.stage.sync.data;
  return key in data.shortcuts || (!!data.play && key === data.play.shortcut);
}
