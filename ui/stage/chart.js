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
//   fit: {below, min, max, square, narrow} | null,
//                            // height from the window instead: the chart fills the first
//                            // screen from its top down to ``below`` px above the window's
//                            // bottom, within [min, max]; ``square``: no taller than a
//                            // square plot area of the chart's width needs;
//                            // ``narrow``: only in a window no wider (a phone)
//   clicks: boolean,         // whether clicks are reported
//   stage: object | null,    // a run stepped on this chart: handed to ui/stage/stage.js
//                            // (``takeStage``), which draws its layers under and over it
// }
//
// Python receives the state value "click" = {x, y, point: {curve, index} | null, seq}.
//
// The chart's root carries data-settled="1" while nothing is left to draw: the newest
// figure and stage frame drawn, at the height the window gives it and its container's width.
// Any work removes it until that work is done (tests wait on it, not on a timer).
//
// ui/stage/chart.py serves this file joined with ui/stage/stepping.mjs, stage.js and
// keys.js (the stage and the page's keys), as one module: the names this file uses from
// them are takeStage, stageWantsDraw, drawFrame, dropStage and STREAMLIT; from
// ui/stage/access.mjs (the theme, the chart's name, the live region) themeFigure,
// nameChart and markLive.

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
    if (trace?.visible !== true) continue;
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

// Where a mouse event is on a chart: {x, y} in its data coordinates and {px, py} in the plot
// area's pixels, or null outside the plot area (axis labels, margins). A student's page
// reads it too (window.perceptronLab.dataAt: a tap that places a point for the class).
function dataAt(gd, mouse) {
  const drag = gd?.querySelector(".nsewdrag");
  const layout = gd?._fullLayout;
  if (!mouse || typeof mouse.clientX !== "number" || !drag || !layout) return null;
  const r = drag.getBoundingClientRect();
  const px = mouse.clientX - r.left;
  const py = mouse.clientY - r.top;
  if (px < 0 || px > r.width || py < 0 || py > r.height) return null;
  const x = Number(layout.xaxis.p2d(px));
  const y = Number(layout.yaxis.p2d(py));
  if (!Number.isFinite(x) || !Number.isFinite(y)) return null;
  return { x, y, px, py };
}
window.perceptronLab ||= { early: [], loaded: false };
window.perceptronLab.dataAt = dataAt;

function onClick(inst, ev) {
  // plotly_click fires for every click on the plot area because of layout.clickanywhere.
  // Its xvals/yvals/points come from plotly's hover pass, which is throttled (50 ms): right
  // after a mouse move they can belong to an earlier mouse position. So the coordinates and
  // the marker hit are computed here from the click's own mouse event.
  if (!inst.clicks) return; // a stage without a drawing board takes no clicks
  const gd = inst.gd;
  const at = dataAt(gd, ev?.event);
  if (at === null) return;
  const { x, y, px, py } = at;
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
  const fit = data?.fit;
  // A fit for a phone only (``narrow``): a wider window keeps Python's height.
  if (!fit || (fit.narrow && window.innerWidth > fit.narrow)) return { height: data.height, side: false };
  // The chart's top on the page as it opened (Streamlit scrolls its main block, not the
  // window): a scrolled page must not make the chart taller.
  let top = inst.root.getBoundingClientRect().top + window.scrollY;
  for (let el = inst.root.parentElement; el; el = el.parentElement) top += el.scrollTop;
  const avail = window.innerHeight - top - (fit.below || 0);
  const margin = (inst.margins && inst.margins.figure === data.figure && inst.margins.m) || null;
  const width = inst.root.clientWidth;
  const clamp = (h) => Math.round(Math.max(fit.min || 0, Math.min(fit.max || h, h)));
  if (!margin || width <= 0 || !(fit.square || fit.aspect)) {
    // Not measured yet, or not a square plot: small multiples keep Python's height, any
    // other chart takes what the first screen leaves.
    return { height: fit.aspect ? data.height : clamp(avail), side: false };
  }
  const l = margin.l || 0,
    r = margin.r || 0,
    t = margin.t || 0,
    b = margin.b || 0;
  // Small multiples of square cells (a phone): as high as the width makes the cells, so
  // no band is left blank between the rows (fit.aspect: the plot's height per width).
  // The legend below stays as far below the plot (``fitted``).
  if (fit.aspect) {
    return {
      height: clamp((width - l - r) * fit.aspect + t + b),
      side: false,
      base: data.height,
      m: margin,
      fit,
    };
  }
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
  if (!fit?.m) return layout;
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
    const t = m.t || 0,
      b = m.b || 0;
    legend.y = (legend.y * (fit.base - t - b)) / Math.max(1, fit.height - t - b);
    layout.legend = legend;
  }
  return layout;
}

function fitMismatch(inst) {
  const data = inst.lastData;
  if (!data?.fit || inst.figureJson === null) return false;
  const now = fitOf(inst, data);
  return Math.abs(now.height - inst.height) >= 2 || now.side !== !!inst.fit?.side;
}

async function refit(inst) {
  const data = inst.lastData;
  inst.fit = fitOf(inst, data);
  inst.height = inst.fit.height;
  // The stage's layers follow (a chart without a stage keeps its empty layers at no height).
  const els = inst.stage !== null ? [inst.gd, inst.under, inst.over] : [inst.gd];
  for (const el of els) el.style.height = `${inst.height}px`;
  const fig = themeFigure(JSON.parse(data.figure), data.theme);
  await window.Plotly.react(
    inst.gd,
    fig.data || [],
    prepareLayout(fig.layout || {}, inst.height, inst.fit),
    makeConfig(data.config),
  );
  if (inst.stage !== null) inst.stage.drawn = null; // the stage's layers again, at the new size
}

// Whether the chart has work left: a newer figure, a resize, a fit, a stage frame.
function pending(inst) {
  return inst.wanted !== null || inst.resizeWanted || fitMismatch(inst) || stageWantsDraw(inst);
}

async function renderLatest(inst) {
  // One loop does all Plotly work, so renders and resizes never overlap. Data that arrives
  // while Plotly is busy is coalesced: only the newest figure is drawn.
  if (inst.busy) return;
  inst.busy = true;
  delete inst.root.dataset.settled;
  try {
    while (!inst.destroyed && pending(inst)) {
      const data = inst.wanted;
      inst.wanted = null;
      inst.resizeWanted = false;
      if (data !== null) {
        const Plotly = await loadPlotly(data.plotly_src, data.plotly_version);
        if (inst.destroyed) return;
        const configJson = JSON.stringify([data.config || {}, data.theme]); // a theme: drawn again
        inst.lastData = data;
        const fig = data.figure !== inst.figureJson ? JSON.parse(data.figure) : null;
        if (fig !== null) inst.margins = { figure: data.figure, m: fig.layout?.margin || {} };
        const fit = fitOf(inst, data);
        const height = fit.height;
        const sideChanged = fit.side !== !!inst.fit?.side;
        if (fig !== null || height !== inst.height || sideChanged || configJson !== inst.configJson) {
          const drawn = themeFigure(fig || JSON.parse(data.figure), data.theme); // ui/stage/access.mjs
          nameChart(inst.root, drawn, !!data.stage, data.names);
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
        takeStage(inst, data.stage);
      }
      if (stageWantsDraw(inst)) await drawFrame(inst);
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
    inst.error.textContent = String(err?.message ? err.message : err);
    inst.error.hidden = false;
    console.error(err);
  } finally {
    inst.busy = false;
    const done = inst.figureJson !== null && !pending(inst) && !widthMismatch(inst);
    if (!inst.destroyed && done) inst.root.dataset.settled = "1";
  }
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
  const main = document.querySelector(STREAMLIT.main) || document.body;
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
  markLive(document); // the line a screen reader says, on a page without a stage too
  renderLatest(inst);
  return inst.cleanup;
}
