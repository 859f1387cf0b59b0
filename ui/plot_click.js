// Perceptron Lab: a Plotly chart that reports clicks anywhere in its plot area.
//
// Streamlit components v2 calls the default export on mount and again every
// time the Python side sends new `data`. The instance (graph div, listeners,
// ResizeObserver) therefore lives in STATE, keyed by the stable parentElement,
// and each call only hands the newest figure to Plotly.react.
//
// data = {
//   figure: string,          // fig.to_json(), compared as a string to skip no-op renders
//   height: number,          // pixel height of the chart
//   key: string,             // the Python key; click sequence numbers are kept per key
//   plotly_src: string,      // URL of the locally served plotly.min.js
//   plotly_version: string,  // version of that file (reuse window.Plotly if equal)
//   config: object,          // extra Plotly config merged over our defaults
//   fit: {below, min, max, square} | null,
//                            // height from the window instead: the chart fills the first
//                            // screen from its top down to ``below`` px above the window's
//                            // bottom, within [min, max]; ``square``: no taller than a
//                            // square plot area of the chart's width needs
// }
//
// Python receives the state value "click" = {x, y, point: {curve, index} | null, seq}.

const STATE = new WeakMap();
// Sequence numbers survive a remount of the component within the same page
// (the module is cached by Streamlit, so this Map lives as long as the page).
const SEQ_BY_KEY = new Map();
let plotlyPromise = null;

function loadPlotly(src, version) {
  const existing = window.Plotly;
  if (existing && existing.version === version) {
    return Promise.resolve(existing);
  }
  if (plotlyPromise === null) {
    plotlyPromise = new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = src;
      script.async = true;
      script.dataset.plotClick = "plotly";
      script.addEventListener("load", () => {
        if (window.Plotly) {
          resolve(window.Plotly);
        } else {
          reject(new Error(`plot_click: ${src} loaded but did not define window.Plotly`));
        }
      });
      script.addEventListener("error", () => {
        plotlyPromise = null; // allow a retry on the next render
        script.remove();
        reject(new Error(`plot_click: could not load plotly.js from ${src}`));
      });
      document.head.appendChild(script);
    });
  }
  return plotlyPromise;
}

const AXIS_RE = /^([xy])axis(\d*)$/;

function axisLayoutKey(ref) {
  // "x" -> "xaxis", "y2" -> "yaxis2"
  return `${ref[0]}axis${ref.slice(1)}`;
}

function prepareLayout(layoutIn, height, fit = null) {
  const layout = fitted(Object.assign({}, layoutIn), fit);
  // Follow the container width; the height is fixed by Python.
  delete layout.width;
  layout.autosize = true;
  layout.height = height;
  // Report clicks on empty space, not only on markers.
  layout.clickanywhere = true;
  // A drag must not zoom or pan away from the figure's fixed ranges.
  if (layout.dragmode === undefined) layout.dragmode = false;
  // Equal aspect (scaleanchor) must shrink the plot area, never widen the
  // fixed axis ranges: default every anchored axis pair to constrain="domain".
  for (const name of Object.keys(layout)) {
    if (!AXIS_RE.test(name)) continue;
    const axis = layout[name];
    if (!axis || typeof axis !== "object" || !axis.scaleanchor) continue;
    layout[name] = Object.assign({}, axis);
    if (layout[name].constrain === undefined) layout[name].constrain = "domain";
    const otherName = axisLayoutKey(String(axis.scaleanchor));
    const other = Object.assign({}, layout[otherName] || {});
    if (other.constrain === undefined) other.constrain = "domain";
    layout[otherName] = other;
  }
  return layout;
}

function makeConfig(extra) {
  return Object.assign(
    {
      displayModeBar: false,
      doubleClick: false,
      scrollZoom: false,
      showTips: false,
      responsive: false, // we resize with a ResizeObserver on the container
    },
    extra || {},
  );
}

// Extra pixels around a marker's drawn radius that still count as a hit.
const HIT_SLACK_PX = 2;

function markerSizeAt(size, i) {
  const value = Array.isArray(size) || ArrayBuffer.isView(size) ? size[i] : size;
  return Number.isFinite(value) ? value : 6; // plotly's default marker.size
}

// The marker under the pixel (px, py) (plot-area pixels), or null. Nearest marker wins; among
// equally near markers the last trace (drawn on top) wins.
function hitMarker(gd, px, py) {
  const full = gd._fullData || [];
  let best = null;
  let bestDistance = Infinity;
  for (let curve = 0; curve < full.length; curve++) {
    const trace = full[curve];
    if (!trace || trace.visible !== true) continue;
    if (typeof trace.mode !== "string" || !trace.mode.includes("markers")) continue;
    const xa = trace.xaxis === "x" || !trace.xaxis ? gd._fullLayout.xaxis : null;
    const ya = trace.yaxis === "y" || !trace.yaxis ? gd._fullLayout.yaxis : null;
    if (!xa || !ya) continue; // only the main x/y subplot is supported
    const xs = trace.x;
    const ys = trace.y;
    if (!xs || !ys) continue;
    const n = Number.isInteger(trace._length) ? trace._length : Math.min(xs.length, ys.length);
    const size = trace.marker ? trace.marker.size : 6;
    for (let i = 0; i < n; i++) {
      const mx = xa.c2p(xa.d2c(xs[i]));
      const my = ya.c2p(ya.d2c(ys[i]));
      if (!Number.isFinite(mx) || !Number.isFinite(my)) continue;
      const d = Math.hypot(mx - px, my - py);
      if (d <= markerSizeAt(size, i) / 2 + HIT_SLACK_PX && d <= bestDistance) {
        bestDistance = d;
        best = { curve, index: i };
      }
    }
  }
  return best;
}

function onClick(inst, ev) {
  // plotly_click fires for every click on the plot area because of layout.clickanywhere.
  // Its xvals/yvals/points come from plotly's hover pass, which is throttled (50 ms): right
  // after a mouse move they can belong to an earlier mouse position. So the coordinates and
  // the marker hit are computed here from the click's own mouse event.
  const mouse = ev && ev.event;
  if (!inst.clicks) return; // a stage without a drawing board takes no clicks
  const gd = inst.gd;
  const drag = gd.querySelector(".nsewdrag");
  const layout = gd._fullLayout;
  if (!mouse || typeof mouse.clientX !== "number" || !drag || !layout) return;
  const r = drag.getBoundingClientRect();
  const px = mouse.clientX - r.left;
  const py = mouse.clientY - r.top;
  // Ignore clicks outside the plot area (axis labels, margins).
  if (px < 0 || px > r.width || py < 0 || py > r.height) return;
  const x = Number(layout.xaxis.p2d(px));
  const y = Number(layout.yaxis.p2d(py));
  if (!Number.isFinite(x) || !Number.isFinite(y)) return;
  const point = hitMarker(gd, px, py);
  const seq = (SEQ_BY_KEY.get(inst.key) || 0) + 1;
  SEQ_BY_KEY.set(inst.key, seq);
  gd.dataset.lastClickSeq = String(seq);
  inst.setStateValue("click", { x, y, point, seq });
}

function widthMismatch(inst) {
  const layout = inst.gd._fullLayout;
  const width = inst.root.clientWidth;
  return layout !== undefined && width > 0 && Math.abs(layout.width - width) >= 1;
}

// The chart's height: Python's, or with ``fit`` what the first screen leaves for it. A
// square plot with a legend below it may move the legend to its right instead, when that
// leaves the plot larger (a wide, low window): -> {height, side, base, m, fit}.
function fitOf(inst, data) {
  const fit = data && data.fit;
  if (!fit) return { height: data.height, side: false };
  // The chart's top on the page as it opened (Streamlit scrolls its main block, not the
  // window): a scrolled page must not make the chart taller.
  let top = inst.root.getBoundingClientRect().top + window.scrollY;
  for (let el = inst.root.parentElement; el; el = el.parentElement) top += el.scrollTop;
  const avail = window.innerHeight - top - (fit.below || 0);
  const margin = (inst.margins && inst.margins.figure === data.figure && inst.margins.m) || null;
  const width = inst.root.clientWidth;
  const clamp = (h) => Math.round(Math.max(fit.min || 0, Math.min(fit.max || h, h)));
  if (!fit.square || !margin || width <= 0) return { height: clamp(avail), side: false };
  const l = margin.l || 0, r = margin.r || 0, t = margin.t || 0, b = margin.b || 0;
  const below = Math.min(width - l - r, avail - t - b);
  let best = { height: clamp(Math.min(avail, below + t + b)), side: false };
  const legend = fit.legend;
  if (legend) {
    const beside = Math.min(width - l - r - legend.width, avail - t - legend.gap);
    if (beside > below + 8 && beside + t + legend.gap >= legend.height) {
      best = { height: clamp(Math.min(avail, beside + t + legend.gap)), side: true };
    }
  }
  return Object.assign(best, { base: data.height, m: margin, fit });
}

// The figure's layout at the fitted height: a legend below the plot stays as many pixels
// below it, or goes to the plot's right (its room taken from the right margin).
function fitted(layout, fit) {
  if (!fit || !fit.m) return layout;
  const m = fit.m;
  const legend = Object.assign({}, layout.legend || {});
  if (fit.side) {
    const gap = fit.fit.legend.gap;
    layout.margin = Object.assign({}, layout.margin || m, { r: (m.r || 0) + fit.fit.legend.width, b: gap });
    Object.assign(legend, { orientation: "v", x: 1.02, xanchor: "left", y: 1, yanchor: "top" });
    delete legend.entrywidth;
    delete legend.entrywidthmode;
    layout.legend = legend;
  } else if (typeof legend.y === "number" && legend.y < 0 && fit.base !== fit.height) {
    const t = m.t || 0, b = m.b || 0;
    legend.y = (legend.y * (fit.base - t - b)) / Math.max(1, fit.height - t - b);
    layout.legend = legend;
  }
  return layout;
}

function fitMismatch(inst) {
  const data = inst.lastData;
  if (!data || !data.fit || inst.figureJson === null) return false;
  const now = fitOf(inst, data);
  return Math.abs(now.height - inst.height) >= 2 || now.side !== !!(inst.fit && inst.fit.side);
}

async function refit(inst) {
  const data = inst.lastData;
  inst.fit = fitOf(inst, data);
  inst.height = inst.fit.height;
  for (const el of [inst.gd, inst.under, inst.over]) el.style.height = `${inst.height}px`;
  const fig = JSON.parse(data.figure);
  await window.Plotly.react(
    inst.gd, fig.data || [], prepareLayout(fig.layout || {}, inst.height, inst.fit), makeConfig(data.config),
  );
  const st = inst.stage;
  if (st !== null) st.drawn = null; // the layers again, at the new size
}

async function renderLatest(inst) {
  // One loop does all Plotly work, so renders and resizes never overlap. Data that arrives
  // while Plotly is busy is coalesced: only the newest figure is drawn.
  if (inst.busy) return;
  inst.busy = true;
  try {
    while (
      !inst.destroyed &&
      (inst.wanted !== null ||
        inst.resizeWanted ||
        fitMismatch(inst) ||
        (inst.stage !== null && inst.stage.drawn !== inst.stage.cursor))
    ) {
      const data = inst.wanted;
      inst.wanted = null;
      inst.resizeWanted = false;
      if (data !== null) {
        const Plotly = await loadPlotly(data.plotly_src, data.plotly_version);
        if (inst.destroyed) return;
        const configJson = JSON.stringify(data.config || {});
        inst.lastData = data;
        const fig = data.figure !== inst.figureJson ? JSON.parse(data.figure) : null;
        if (fig !== null) inst.margins = { figure: data.figure, m: (fig.layout || {}).margin || {} };
        const fit = fitOf(inst, data);
        const height = fit.height;
        const sideChanged = fit.side !== !!(inst.fit && inst.fit.side);
        if (fig !== null || height !== inst.height || sideChanged || configJson !== inst.configJson) {
          const drawn = fig || JSON.parse(data.figure);
          inst.fit = fit;
          inst.gd.style.height = `${height}px`;
          await Plotly.react(inst.gd, {
            data: drawn.data || [],
            layout: prepareLayout(drawn.layout || {}, height, fit),
            config: makeConfig(data.config),
            frames: drawn.frames, // an animation's (undefined for other figures)
          });
          if (inst.stage !== null && (height !== inst.height || sideChanged)) inst.stage.drawn = null;
          if (inst.destroyed) return;
          if (!inst.listening) {
            inst.gd.on("plotly_click", (ev) => onClick(inst, ev));
            inst.listening = true;
          }
          inst.figureJson = data.figure;
          inst.height = height;
          inst.configJson = configJson;
          inst.renders += 1;
          inst.gd.dataset.renders = String(inst.renders);
        }
        if (data.stage) {
          adoptStage(inst, data.stage);
        } else if (inst.stage !== null) {
          dropStage(inst);
        }
      }
      if (inst.stage !== null && inst.stage.drawn !== inst.stage.cursor) {
        await drawFrame(inst);
      }
      // Follow the window's height (a chart that fits the first screen).
      if (data === null && fitMismatch(inst)) await refit(inst);
      // Follow the container width (autosize re-measures the graph div).
      if (inst.figureJson !== null && widthMismatch(inst)) {
        await window.Plotly.relayout(inst.gd, { autosize: true });
        for (const layer of [inst.under, inst.over]) {
          if (layer.data) await window.Plotly.relayout(layer, { autosize: true });
        }
      }
    }
  } catch (err) {
    inst.error.textContent = String(err && err.message ? err.message : err);
    inst.error.hidden = false;
    console.error(err);
  } finally {
    inst.busy = false;
  }
}

// ---------------------------------------------------------------------------- the stage
//
// data.stage = {
//   run: string,            // the run's id: frames, cursor and history belong to it
//   cursor, total: number,  // where the server is, and the run's number of visits
//   history: number[],      // the server's Back history (its tail)
//   applied: number,        // the last sync seq the server applied
//   playing: boolean,       // Play runs on the server: the buttons are left to it
//   frames: string,         // JSON {cursor: {under: [...], over: [...], texts: {key: text}}}
//   moves: string,          // JSON {cursor: [step, visit, epoch]} (where each button lands)
//   under_layout, over_layout: object,
//   buttons: {move: key},   // the page's Streamlit buttons (st-key-<key>)
//   shortcuts: {key: move}, // their keys (lower case)
//   stale: string[],        // element keys that show the server's step only (dimmed)
//   scene_last: number | null,
//                           // in a lecture's scene: from this cursor on, PageDown opens
//                           // the next scene (null: from the run's end, if in a scene)
//   sync_ms: number,        // report the cursor this long after the last local move
//   play: {key, shortcut, unit, speed_ms} | null,
//                           // Play in the browser: its button, key, what a frame advances
//                           // ("step", "visit", "epoch") and the time between frames
// }
//
// Play steps through the frames here too: a frame every speed_ms, the server told where
// Play is every PLAY_SYNC_MS (it sends the frames around it) instead of once per frame.
//
// A press of a stage button (or its key) whose target has a frame is drawn here, in the
// browser; the cursor is reported back (Python's on_sync) after sync_ms. A press whose
// target has no frame is sent at once with the move, and the server makes it.

const MOVE_INDEX = { step: 0, visit: 1, epoch: 2 };
const PLAY_SYNC_MS = 2000;

function adoptStage(inst, data) {
  let st = inst.stage;
  if (st === null || st.run !== data.run) {
    st = {
      run: data.run,
      seq: data.applied || 0,
      cursor: data.cursor,
      history: data.history.slice(),
      frames: new Map(),
      moves: new Map(),
      drawn: null,
      timer: 0,
      waiting: 0, // the seq of a move sent to the server, until it answers
      queue: [], // presses made meanwhile
      framesJson: null,
      movesJson: null,
      inflight: 0, // the seq of the report the server has not answered yet
      sentSeq: data.applied || 0, // the last seq reported
      deferred: null, // a report wanted while one was in flight: {move}
      playTimer: 0, // Play in the browser: its interval, 0 when paused
      lastSync: 0, // when the cursor was last reported (performance.now())
      syncs: 0, // reports sent (benchmarks and tests read it)
    };
    inst.stage = st;
    installListeners(inst);
  }
  const speed = st.data && st.data.play ? st.data.play.speed_ms : null;
  st.data = data;
  if (st.playTimer !== 0 && (!data.play || data.play.speed_ms !== speed)) {
    stopPlay(inst, false); // Play's speed changed (or Play went): again at the new speed
    if (data.play) startPlay(inst);
  }
  if (data.frames !== st.framesJson) {
    st.framesJson = data.frames;
    st.frames = new Map(Object.entries(JSON.parse(data.frames)).map(([k, v]) => [Number(k), v]));
    st.drawn = null; // the frames may differ at the same cursor (other settings)
  }
  if (data.moves !== st.movesJson) {
    st.movesJson = data.moves;
    st.moves = new Map(Object.entries(JSON.parse(data.moves)).map(([k, v]) => [Number(k), v]));
  }
  if ((data.applied || 0) >= st.seq) {
    // Nothing stepped here since the server's state: the server is the truth.
    st.seq = data.applied || 0;
    st.cursor = data.cursor;
    st.history = data.history.slice();
  }
  if (!st.frames.has(st.cursor)) {
    st.cursor = data.cursor; // frames of another window: show the server's step
  }
  markStale(inst);
  markButtons(inst);
  holdTexts(inst);
  if (st.inflight !== 0 && (data.applied || 0) >= st.inflight) answered(inst, st);
  if (st.waiting !== 0 && (data.applied || 0) >= st.waiting) {
    st.waiting = 0;
    const queued = st.queue.splice(0);
    for (const move of queued) stageMove(inst, move);
  }
  // The page's keys go to this stage now, the presses that waited for it first.
  st.epoch = PAGE.epoch;
  PAGE.inst = inst;
  delete inst.root.dataset.stagePending;
  inst.root.dataset.stageReady = "1";
  drainQueue();
}

function dropStage(inst) {
  const st = inst.stage;
  clearTimeout(st.timer);
  stopPlay(inst, false);
  if (st.textObserver) st.textObserver.disconnect();
  window.removeEventListener("click", st.onClick, true);
  inst.stage = null;
  if (PAGE.inst === inst) PAGE.inst = null;
  delete inst.root.dataset.stageReady;
  for (const layer of [inst.under, inst.over]) {
    if (window.Plotly) window.Plotly.purge(layer);
  }
}

function stageElement(key) {
  return document.querySelector(`.st-key-${CSS.escape(key)}`);
}

function markStale(inst) {
  const st = inst.stage;
  const stale = st.cursor !== st.data.cursor;
  for (const key of st.data.stale || []) {
    const el = stageElement(key);
    if (el) el.classList.toggle("stage-stale", stale);
  }
}

// The buttons' enabled state follows the browser's cursor (the server's comes with its next
// rerun, and agrees): Back and Reset are live after a local Step from the start.
function markButtons(inst) {
  const st = inst.stage;
  const atEnd = st.cursor >= st.data.total;
  const disabled = {
    step: atEnd,
    visit: atEnd,
    epoch: atEnd,
    end: atEnd,
    reset: st.cursor === 0,
    back: st.cursor === 0 && st.history.length === 0,
  };
  for (const [move, key] of Object.entries(st.data.buttons)) {
    const el = stageElement(key);
    const button = el && el.querySelector("button");
    if (button && move in disabled) button.disabled = disabled[move];
  }
}

function playElement(inst) {
  const play = inst.stage.data.play;
  return play ? stageElement(play.key) : null;
}

function startPlay(inst) {
  const st = inst.stage;
  const play = st.data.play;
  if (!play || st.playTimer !== 0) return;
  if (st.cursor >= st.data.total) stageMove(inst, "reset"); // from the end: again
  const el = playElement(inst);
  if (el) el.dataset.stagePlaying = "1";
  st.lastSync = performance.now();
  st.playTimer = setInterval(() => playFrame(inst, st), Math.max(50, play.speed_ms));
}

function stopPlay(inst, report = true) {
  const st = inst.stage;
  if (st.playTimer === 0) return;
  clearInterval(st.playTimer);
  st.playTimer = 0;
  const el = playElement(inst);
  if (el) delete el.dataset.stagePlaying;
  if (report) scheduleSync(inst, 0);
}

function playFrame(inst, st) {
  if (inst.stage !== st || inst.destroyed) return;
  if (st.waiting !== 0) return; // the server is making a move: wait for it
  if (st.cursor >= st.data.total) {
    stopPlay(inst);
    return;
  }
  stageMove(inst, st.data.play.unit, true);
  if (st.cursor >= st.data.total && st.waiting === 0) stopPlay(inst);
}

function moveOf(inst, target) {
  const st = inst.stage;
  for (const [move, key] of Object.entries(st.data.buttons)) {
    const el = stageElement(key);
    if (el && el.contains(target)) return move;
  }
  return null;
}

// Inputs that take no text: a slider (Streamlit's is a hidden range input), a checkbox, a
// toggle. The stage's letter keys work while one has the focus.
const NOT_TEXT = new Set(["range", "checkbox", "radio", "button", "submit", "reset"]);

function typing(target, key = "") {
  if (!target) return false;
  if (target.isContentEditable || target.tagName === "TEXTAREA" || target.tagName === "SELECT") {
    return true;
  }
  if (target.tagName !== "INPUT" || NOT_TEXT.has(String(target.type).toLowerCase())) return false;
  // A select box's search field while its list is closed and nothing is typed: the
  // clicker's keys move nothing there (a letter still searches, ArrowDown opens the list).
  return !(CLICKER_KEYS.has(key) && closedSelect(target) && !target.value);
}

function closedSelect(el) {
  return (
    !!el && el.getAttribute && el.getAttribute("role") === "combobox" &&
    el.getAttribute("aria-expanded") !== "true"
  );
}

function isSlider(el) {
  return (
    !!el &&
    ((el.tagName === "INPUT" && String(el.type).toLowerCase() === "range") ||
      (el.getAttribute && el.getAttribute("role") === "slider"))
  );
}

// A choice made with the mouse: a toggle, a checkbox, a radio button or a segmented
// control's button (role radio), a tab.
const CHOICE_ROLES = new Set(["switch", "checkbox", "radio", "tab", "option", "menuitem"]);

function isChoice(el) {
  if (!el || !el.getAttribute) return false;
  const type = el.tagName === "INPUT" ? String(el.type).toLowerCase() : "";
  return type === "checkbox" || type === "radio" || CHOICE_ROLES.has(el.getAttribute("role"));
}

function installListeners(inst) {
  const st = inst.stage;
  st.onClick = (ev) => {
    if (inst.stage !== st || st.data.playing) return;
    const playEl = playElement(inst);
    if (playEl && playEl.contains(ev.target)) {
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
  const st = inst.stage;
  if (st.data.play && key === st.data.play.shortcut) {
    togglePlay(inst);
    return true;
  }
  const move = st.data.shortcuts[key];
  if (move === undefined) return false;
  // In a lecture's scene the clicker goes on past the scene: from its last step (where
  // its idea has been shown; the run's end by default) to the next scene, at the run's
  // start back to the previous one (the scene bar's buttons).
  const last = typeof st.data.scene_last === "number" ? st.data.scene_last : st.data.total;
  if (CLICKER_NEXT.has(key) && st.waiting === 0 && st.cursor >= last && pressScene(NEXT_SCENE)) {
    return true;
  }
  if (CLICKER_BACK.has(key) && st.waiting === 0 && st.cursor === 0 && pressScene(PREV_SCENE)) {
    return true;
  }
  stageMove(inst, move);
  return true;
}

const CLICKER_NEXT = new Set(["pagedown", "arrowright"]);
const CLICKER_BACK = new Set(["pageup", "arrowleft"]);
const CLICKER_KEYS = new Set([...CLICKER_NEXT, ...CLICKER_BACK]);
const NEXT_SCENE = "lab_next_scene";
const PREV_SCENE = "lab_prev_scene";

function pressScene(key) {
  const button = document.querySelector(`.st-key-${key} button`);
  if (!button || button.disabled) return false;
  leave();
  button.click();
  return true;
}

const NAVIGATION_KEYS = new Set(["pagedown", "pageup", "arrowright", "arrowleft", "arrowdown", "arrowup"]);
const STEERED = new Set(["slider", "radio", "radiogroup", "tab", "tablist", "option", "listbox", "menu", "menuitem", "combobox", "spinbutton"]);

function steers(target) {
  if (isSlider(target)) return true;
  if (closedSelect(target)) return false; // its list is closed: it steers nothing now
  for (let el = target; el && el !== document.body; el = el.parentElement) {
    const role = el.getAttribute && el.getAttribute("role");
    if (role && STEERED.has(role)) return true;
  }
  return false;
}

// ------------------------------------------------------------------------ the page's keys
//
// One listener takes the page's keys, installed with this module (the page's first
// chart). app.py draws ``ui.plot_click.page_keys`` first on every page: an inline script
// (ui/page_keys.js) that keeps the presses made before this module has loaded and hands
// it the page's data, window.perceptronLab.page = {
//   where: string,          // the page and the scene on it: a new one is a new page
//   stage: boolean,         // the page steps a run: its stage takes the keys
//   charts: string[],       // the keys of the stage's chart (st-key-<key>)
//   scene: boolean,         // a lecture scene is on screen (the scene bar's buttons)
//   opening: boolean,       // a scene was asked for: this page is on the way to it
//   section: string | null, // the anchor of the heading the scene opens at (scrolled to
//                           // by the inline script)
//   shortcuts: string[],    // the stage's keys (lower case)
// }).
// A stage that is ready (its data came on this page) takes them. While a stage is on its
// way (the page's script is running, plotly.js is loading) or a scene is opening, they
// wait in a queue and are played, in order, once the stage is ready: a press right after
// a link opens is not lost. On a scene's page without a stage the clicker's keys press
// the scene bar's buttons. Keys typed into a text field, or steering a widget with the
// focus, are left alone.
const PAGE = {
  epoch: 0, // counts the pages shown (a new ``where``); a stage belongs to one
  where: null,
  stage: false,
  charts: [], // the keys of the stage's chart (drawing board or not)
  scene: false,
  since: 0, // when this page's keys data came (performance.now())
  keys: new Set(CLICKER_KEYS),
  inst: null, // the instance whose stage took data last
  leaving: 0, // when a scene was asked for (0: none); its page's keys data ends it
  leavingFrom: null,
  queue: [], // [{key, at}]
  draining: 0,
};
const WAIT_MS = 45000; // a press waits this long for a stage, at most
const SCRIPT_STATE = '[data-testid="stApp"]';

function leave() {
  PAGE.leaving = performance.now();
  PAGE.leavingFrom = PAGE.where;
}

function leavingNow() {
  if (PAGE.leaving !== 0 && performance.now() - PAGE.leaving > WAIT_MS) PAGE.leaving = 0;
  return PAGE.leaving !== 0;
}

function pageRunning() {
  const app = document.querySelector(SCRIPT_STATE);
  return !app || app.getAttribute("data-test-script-state") !== "notRunning";
}

// The stage that takes keys now, or null.
function readyStage() {
  const inst = PAGE.inst;
  if (inst === null || inst.destroyed || inst.stage === null || leavingNow()) return null;
  return inst.stage.epoch === PAGE.epoch ? inst : null;
}

// Presses wait: a scene is opening, or this page's stage has not come yet: its script
// runs, or its chart is drawn but has not taken up its stage (its script module or
// plotly.js is loading). A chart that came without a stage (no run) ends the wait.
function waitsForStage() {
  if (leavingNow()) return true;
  if (!PAGE.stage || readyStage() !== null) return false;
  if (performance.now() - PAGE.since > WAIT_MS) return false;
  if (pageRunning()) return true;
  for (const key of PAGE.charts) {
    const el = document.querySelector(`.st-key-${CSS.escape(key)}`);
    if (!el) continue;
    const root = el.querySelector(".plot-click-root");
    if (!root || root.dataset.stagePending || !(root.dataset.stageReady || root.dataset.stageNone)) {
      return true;
    }
  }
  return false;
}

function onPageKey(ev) {
  if (ev.ctrlKey || ev.metaKey || ev.altKey || ev.repeat) return;
  const key = typeof ev.key === "string" ? ev.key.toLowerCase() : "";
  const inst = readyStage();
  const known = PAGE.keys.has(key) || (inst !== null && isStageKey(inst, key));
  if (!known || typing(ev.target, key)) return;
  // A clicker's PageDown / PageUp (or the arrows), unless a widget with focus uses them.
  if (NAVIGATION_KEYS.has(key) && steers(ev.target)) return;
  let taken = false;
  if (inst !== null) {
    if (inst.stage.data.playing) return; // Play runs on the server: Streamlit's keys
    taken = stageKey(inst, key);
  } else if (waitsForStage()) {
    if (PAGE.queue.length < 100) PAGE.queue.push({ key, at: performance.now() });
    taken = true;
  } else if (PAGE.scene && !PAGE.stage) {
    taken = sceneKey(key);
  }
  if (taken) {
    ev.preventDefault();
    ev.stopImmediatePropagation();
  }
}

function isStageKey(inst, key) {
  const data = inst.stage.data;
  return key in data.shortcuts || (!!data.play && key === data.play.shortcut);
}

function sceneKey(key) {
  if (CLICKER_NEXT.has(key)) return pressScene(NEXT_SCENE);
  if (CLICKER_BACK.has(key)) return pressScene(PREV_SCENE);
  return false;
}

// The presses the inline script kept before this module had loaded.
function takeEarly() {
  const early = window.perceptronLab ? window.perceptronLab.early : null;
  if (early && early.length) PAGE.queue.push(...early.splice(0, 100 - PAGE.queue.length));
}

// Play the presses that waited: into the stage once it is ready, or (a scene's page
// without a stage) to the scene bar once the page has run. A press that opens a scene
// leaves the rest waiting for the next page.
function drainQueue() {
  clearTimeout(PAGE.draining);
  PAGE.draining = 0;
  if (PAGE.queue.length === 0 || leavingNow()) return;
  const inst = readyStage();
  if (inst === null) {
    if (PAGE.stage && waitsForStage()) return; // adoptStage drains it
    if (pageRunning()) {
      PAGE.draining = setTimeout(drainQueue, 100);
      return;
    }
  }
  while (PAGE.queue.length && !leavingNow()) {
    const { key, at } = PAGE.queue.shift();
    if (performance.now() - at > WAIT_MS) continue;
    if (inst !== null) stageKey(inst, key);
    else if (PAGE.scene) sceneKey(key);
  }
}

// A widget chosen with the mouse keeps the focus, and with it the keys: a select box's
// search field types S into itself, a slider or a group of toggle buttons takes the
// arrows and PageDown. Once the pointer is up and the widget has done its work, the focus
// is let go, so the clicker and the stage's keys work again. A widget reached with Tab
// (the keyboard) keeps it; text and number fields always keep it.
const RELEASE_MS = [0, 60, 200];

function onPagePointerUp(ev) {
  const target = ev.target instanceof Element ? ev.target : null;
  const option = !!(target && target.closest('[role="option"]')); // a select box's choice
  for (const ms of RELEASE_MS) {
    setTimeout(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return;
      if (isSlider(el) || isChoice(el) || (option && closedSelect(el))) el.blur();
    }, ms);
  }
}

// A scene asked for with the mouse: presses made meanwhile wait for its page.
const SCENE_BUTTONS = [NEXT_SCENE, PREV_SCENE, "lab_lecture_open", "lab_mine_open_"]
  .map((k) => `[class*="st-key-${k}"] button:not(:disabled)`)
  .join(", ");

function onPageClick(ev) {
  const target = ev.target instanceof Element ? ev.target : null;
  if (ev.isTrusted && target && target.closest(SCENE_BUTTONS)) leave();
}

// The page's data (ui/page_keys.js, on every page and scene shown).
function pageKeys(data) {
  const where = String(data.where || "");
  const fresh = where !== PAGE.where;
  if (fresh) {
    PAGE.epoch += 1;
    PAGE.where = where;
    PAGE.since = typeof data.at === "number" ? data.at : performance.now();
  }
  PAGE.stage = !!data.stage;
  PAGE.charts = Array.isArray(data.charts) ? data.charts.map(String) : [];
  PAGE.scene = !!data.scene;
  PAGE.keys = new Set([...CLICKER_KEYS, ...(data.shortcuts || [])]);
  if (data.opening) {
    if (!leavingNow()) leave();
  } else if (leavingNow() && where !== PAGE.leavingFrom) {
    PAGE.leaving = 0; // the scene's page: its presses wait for its stage, or go now
  }
  takeEarly();
  drainQueue();
}

function togglePlay(inst) {
  if (inst.stage.playTimer !== 0) stopPlay(inst);
  else startPlay(inst);
}

// Report the cursor after ``delay`` ms (the last of several quick presses wins).
function scheduleSync(inst, delay) {
  const st = inst.stage;
  clearTimeout(st.timer);
  const seq = st.seq;
  st.timer = setTimeout(() => {
    if (inst.stage !== st || st.seq !== seq || st.waiting !== 0) return;
    sendSync(inst, null);
  }, delay);
}

// One report at a time: a rerun request sent while the server is still answering the last
// one would carry the widgets' values from before that answer (the scrub slider's old step,
// which the server would take as a drag back). A report wanted meanwhile is sent once the
// answer is in and has settled; a report of nothing new is not sent.
const SETTLE_MS = 250;
const ANSWER_TIMEOUT_MS = 15000;

function sendSync(inst, move) {
  const st = inst.stage;
  if (move === null && st.seq === st.sentSeq) return;
  if (st.inflight !== 0) {
    st.deferred = { move };
    return;
  }
  st.inflight = st.seq;
  st.sentSeq = st.seq;
  const sent = st.seq;
  setTimeout(() => {
    if (st.inflight === sent) answered(inst, st); // no answer (a lost connection)
  }, ANSWER_TIMEOUT_MS);
  st.lastSync = performance.now();
  st.syncs += 1;
  inst.over.dataset.syncs = String(st.syncs);
  inst.setStateValue("sync", { cursor: st.cursor, history: st.history.slice(-1000), seq: st.seq, move });
}

function answered(inst, st) {
  st.inflight = 0;
  const deferred = st.deferred;
  st.deferred = null;
  if (deferred !== null) {
    setTimeout(() => {
      if (inst.stage === st) sendSync(inst, deferred.move);
    }, SETTLE_MS);
  }
}

// ``playing``: a frame of Play (any other press pauses Play first).
function stageMove(inst, move, playing = false) {
  const st = inst.stage;
  if (!playing) stopPlay(inst, false);
  if (st.waiting !== 0) {
    // The server is making a move the browser could not: later presses wait for it.
    if (st.queue.length < 100) st.queue.push(move);
    return;
  }
  const total = st.data.total;
  let target;
  if (move === "back") {
    target = st.history.length ? st.history[st.history.length - 1] : Math.max(0, st.cursor - 1);
  } else if (move === "reset") {
    target = 0;
  } else if (move === "end") {
    target = total;
  } else {
    const next = st.moves.get(st.cursor);
    target = next === undefined ? undefined : next[MOVE_INDEX[move]];
  }
  if (target !== undefined && target === st.cursor && move !== "back" && move !== "reset") {
    return; // at the end already: nothing to do
  }
  if (target === undefined || !st.frames.has(target)) {
    // Beyond the frames sent: the server moves from where the browser is.
    clearTimeout(st.timer);
    st.seq += 1;
    st.waiting = st.seq;
    const sent = st.seq;
    setTimeout(() => {
      if (st.waiting === sent) {
        st.waiting = 0; // no answer (a lost connection): presses are taken again
        st.queue = [];
      }
    }, 15000);
    sendSync(inst, move);
    return;
  }
  if (move === "back") {
    if (st.history.length) st.history.pop();
  } else if (move === "reset") {
    st.history = [];
  } else {
    st.history.push(st.cursor);
  }
  st.cursor = target;
  st.seq += 1;
  markStale(inst);
  markButtons(inst);
  renderLatest(inst);
  if (!playing) {
    scheduleSync(inst, st.data.sync_ms || 400);
  } else if (performance.now() - st.lastSync >= PLAY_SYNC_MS) {
    clearTimeout(st.timer);
    sendSync(inst, null); // Play: the server follows every PLAY_SYNC_MS, not every frame
  }
}

function setText(key, value) {
  const el = stageElement(key);
  if (!el) return;
  const p = el.querySelector('[data-testid="stMarkdownContainer"] p');
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
  if (st.textObserver) st.textObserver.disconnect();
  st.textObserver = null;
  const frame = st.frames.get(st.cursor);
  if (!frame || st.cursor === st.data.cursor || st.drawn !== st.cursor) return;
  const observer = new MutationObserver(() => applyTexts(inst, st));
  for (const key of Object.keys(frame.texts || {})) {
    const el = stageElement(key);
    if (el) observer.observe(el, { childList: true, subtree: true, characterData: true });
  }
  st.textObserver = observer;
  applyTexts(inst, st);
}

function applyTexts(inst, st) {
  if (inst.stage !== st || st.cursor === st.data.cursor || st.drawn !== st.cursor) return;
  const frame = st.frames.get(st.cursor);
  if (!frame) return;
  for (const [key, value] of Object.entries(frame.texts || {})) setText(key, value);
}

async function drawFrame(inst) {
  const st = inst.stage;
  const cursor = st.cursor;
  const frame = st.frames.get(cursor);
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
  if (frame.under.length || st.underDrawn) {
    await Plotly.react(inst.under, frame.under, prepareLayout(st.data.under_layout, height, inst.fit), config);
    st.underDrawn = frame.under.length > 0;
  }
  const t1 = performance.now();
  await Plotly.react(inst.over, frame.over, prepareLayout(st.data.over_layout, height, inst.fit), config);
  const t2 = performance.now();
  for (const [key, value] of Object.entries(frame.texts || {})) setText(key, value);
  // What the frame cost, for benchmarks/latency.py: the two layers and the texts (ms).
  inst.over.dataset.drawMs = [t1 - t0, t2 - t1, performance.now() - t2].map(Math.round).join(",");
  st.drawn = cursor;
  inst.over.dataset.cursor = String(cursor);
  holdTexts(inst);
}

function createInstance(parentElement) {
  const root = document.createElement("div");
  root.className = "plot-click-root";
  const gd = document.createElement("div");
  gd.className = "plot-click-graph";
  gd.dataset.testid = "plotClickGraph";
  // A stage's frames: one plot under the scene, one over it (same size and axes).
  const under = document.createElement("div");
  under.className = "plot-click-layer plot-click-under";
  const over = document.createElement("div");
  over.className = "plot-click-layer plot-click-over";
  over.dataset.testid = "stageOver";
  const error = document.createElement("div");
  error.className = "plot-click-error";
  error.hidden = true;
  root.appendChild(under);
  root.appendChild(gd);
  root.appendChild(over);
  root.appendChild(error);
  parentElement.appendChild(root);

  const inst = {
    root,
    gd,
    under,
    over,
    clicks: true,
    stage: null,
    error,
    key: "",
    setStateValue: () => {},
    wanted: null,
    busy: false,
    destroyed: false,
    listening: false,
    figureJson: null,
    height: null,
    lastData: null,
    margins: null,
    fit: null,
    configJson: null,
    renders: 0,
    resizeWanted: false,
    resizeFrame: 0,
  };

  inst.observer = new ResizeObserver(() => {
    cancelAnimationFrame(inst.resizeFrame);
    inst.resizeFrame = requestAnimationFrame(() => {
      if (inst.destroyed || !widthMismatch(inst)) return;
      inst.resizeWanted = true;
      renderLatest(inst);
    });
  });
  inst.observer.observe(root);
  // A chart that fits the window follows the window's height and what moves its top (the
  // page above it growing or shrinking).
  inst.onWindowResize = () => {
    if (!inst.destroyed && fitMismatch(inst)) renderLatest(inst);
  };
  window.addEventListener("resize", inst.onWindowResize);
  const main = document.querySelector('[data-testid="stMain"]') || document.body;
  inst.pageObserver = new ResizeObserver(inst.onWindowResize);
  inst.pageObserver.observe(main.firstElementChild || main);

  inst.cleanup = () => {
    inst.destroyed = true;
    inst.observer.disconnect();
    inst.pageObserver.disconnect();
    window.removeEventListener("resize", inst.onWindowResize);
    cancelAnimationFrame(inst.resizeFrame);
    if (inst.stage !== null) dropStage(inst);
    if (window.Plotly) {
      window.Plotly.purge(gd);
      window.Plotly.purge(under);
      window.Plotly.purge(over);
    }
    root.remove();
    STATE.delete(parentElement);
  };
  return inst;
}

export default function plotClick(component) {
  const { data, parentElement, setStateValue } = component;
  let inst = STATE.get(parentElement);
  if (inst === undefined) {
    inst = createInstance(parentElement);
    STATE.set(parentElement, inst);
  }
  inst.setStateValue = setStateValue;
  inst.key = data.key;
  inst.clicks = data.clicks !== false;
  // A page's other charts (``plot``): no clicks, no stage; tests find them by this class.
  inst.root.classList.toggle("plot-click-plain", !inst.clicks && !data.stage);
  if (inst.height === null) inst.gd.style.height = `${data.height}px`;
  // A stage on its way (plotly.js loading): presses wait for it (the page's keys).
  if (data.stage && (inst.stage === null || inst.stage.run !== data.stage.run)) {
    inst.root.dataset.stagePending = "1";
  }
  if (data.stage) delete inst.root.dataset.stageNone;
  else inst.root.dataset.stageNone = "1";
  inst.wanted = data;
  renderLatest(inst);
  return inst.cleanup;
}

// The page's keys, from the module's first evaluation on (once per page load).
window.addEventListener("keydown", onPageKey, true);
window.addEventListener("pointerup", onPagePointerUp, true);
window.addEventListener("click", onPageClick, true);
// The inline script's presses and page: from now on this module takes the keys.
const LAB = (window.perceptronLab = window.perceptronLab || { early: [], loaded: false });
LAB.loaded = true;
window.addEventListener("perceptron-lab-page", () => pageKeys(LAB.page));
if (LAB.page) pageKeys(LAB.page);
