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

function prepareLayout(layoutIn, height) {
  const layout = Object.assign({}, layoutIn);
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

async function renderLatest(inst) {
  // One loop does all Plotly work, so renders and resizes never overlap. Data that arrives
  // while Plotly is busy is coalesced: only the newest figure is drawn.
  if (inst.busy) return;
  inst.busy = true;
  try {
    while (!inst.destroyed && (inst.wanted !== null || inst.resizeWanted)) {
      const data = inst.wanted;
      inst.wanted = null;
      inst.resizeWanted = false;
      if (data !== null) {
        const Plotly = await loadPlotly(data.plotly_src, data.plotly_version);
        if (inst.destroyed) return;
        const configJson = JSON.stringify(data.config || {});
        if (
          data.figure !== inst.figureJson ||
          data.height !== inst.height ||
          configJson !== inst.configJson
        ) {
          const fig = JSON.parse(data.figure);
          inst.gd.style.height = `${data.height}px`;
          await Plotly.react(
            inst.gd,
            fig.data || [],
            prepareLayout(fig.layout || {}, data.height),
            makeConfig(data.config),
          );
          if (inst.destroyed) return;
          if (!inst.listening) {
            inst.gd.on("plotly_click", (ev) => onClick(inst, ev));
            inst.listening = true;
          }
          inst.figureJson = data.figure;
          inst.height = data.height;
          inst.configJson = configJson;
          inst.renders += 1;
          inst.gd.dataset.renders = String(inst.renders);
        }
      }
      // Follow the container width (autosize re-measures the graph div).
      if (inst.figureJson !== null && widthMismatch(inst)) {
        await window.Plotly.relayout(inst.gd, { autosize: true });
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

function createInstance(parentElement) {
  const root = document.createElement("div");
  root.className = "plot-click-root";
  const gd = document.createElement("div");
  gd.className = "plot-click-graph";
  gd.dataset.testid = "plotClickGraph";
  const error = document.createElement("div");
  error.className = "plot-click-error";
  error.hidden = true;
  root.appendChild(gd);
  root.appendChild(error);
  parentElement.appendChild(root);

  const inst = {
    root,
    gd,
    error,
    key: "",
    setStateValue: () => {},
    wanted: null,
    busy: false,
    destroyed: false,
    listening: false,
    figureJson: null,
    height: null,
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

  inst.cleanup = () => {
    inst.destroyed = true;
    inst.observer.disconnect();
    cancelAnimationFrame(inst.resizeFrame);
    if (window.Plotly) window.Plotly.purge(gd);
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
  inst.gd.style.height = `${data.height}px`;
  inst.wanted = data;
  renderLatest(inst);
  return inst.cleanup;
}
