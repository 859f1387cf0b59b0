// /practice's chart with two handles (ui/practice/drag.py): w's arrow tip and the
// boundary's point nearest the origin. Dragging (or an arrow key on a focused handle)
// redraws the arrow and the boundary at once; a release or a key sends the state value
// "answer" = {w1, w2, b, seq}. Its arithmetic is ui/practice/drag.mjs (joined before this).

import { DARK, shownTheme, themeFigure } from "../stage/access.mjs";
import { bFromPoint, boundaryEnds, bPoint, keyed, wFromPoint } from "./drag.mjs";

const SVG = "http://www.w3.org/2000/svg";
const INSTANCES = new WeakMap();
let plotlyPromise = null;
// Grows with every answer sent, for the page's lifetime (a new question's chart is a new
// instance): an answer equal to the last one is still a change Streamlit reports.
let SEQ = 0;

function loadPlotly(src, version) {
  if (window.Plotly && window.Plotly.version === version) return Promise.resolve(window.Plotly);
  if (plotlyPromise === null) {
    plotlyPromise = new Promise((resolve, reject) => {
      const s = document.createElement("script");
      s.src = src;
      s.addEventListener("load", () => resolve(window.Plotly));
      s.addEventListener("error", () => {
        plotlyPromise = null;
        reject(new Error(`practice_drag: could not load ${src}`));
      });
      document.head.appendChild(s);
    });
  }
  return plotlyPromise;
}

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

function handle(layer, cls, label, colour) {
  const g = el("g", { class: `drag-handle ${cls}`, tabindex: "0", role: "button" }, layer);
  g.setAttribute("aria-label", label);
  el("circle", { r: "9", fill: colour, stroke: "#fff", "stroke-width": "2" }, g);
  return g;
}

function create(parent) {
  const root = document.createElement("div");
  root.className = "drag-root";
  const gd = document.createElement("div");
  gd.className = "drag-graph";
  root.appendChild(gd);
  const layer = el("svg", { class: "drag-layer" });
  root.appendChild(layer);
  // Placed here as well as in the CSS: the layer covers the graph exactly.
  Object.assign(root.style, { position: "relative", width: "100%" });
  Object.assign(layer.style, { position: "absolute", top: "0", left: "0", width: "100%" });
  layer.style.pointerEvents = "none";
  layer.style.overflow = "visible";
  parent.appendChild(root);
  const inst = { root, gd, layer, v: null, question: null, figure: null, drag: null };
  inst.line = el("line", { stroke: "#6d3fc0", "stroke-width": "3", "stroke-dasharray": "6 4" }, layer);
  inst.arrow = el("line", { stroke: "#111", "stroke-width": "3" }, layer);
  inst.head = el("polygon", { fill: "#111" }, layer);
  inst.bHandle = handle(layer, "drag-b", "", "#6d3fc0");
  inst.wHandle = handle(layer, "drag-w", "", "#111");
  for (const [g, which] of [
    [inst.wHandle, "w"],
    [inst.bHandle, "b"],
  ]) {
    g.addEventListener("pointerdown", (e) => {
      e.preventDefault();
      g.setPointerCapture(e.pointerId);
      g.classList.add("dragging");
      g.focus();
      inst.drag = which;
    });
    g.addEventListener("pointermove", (e) => {
      if (inst.drag !== which) return;
      move(inst, which, e);
    });
    const end = (e) => {
      if (inst.drag !== which) return;
      move(inst, which, e);
      inst.drag = null;
      g.classList.remove("dragging");
      send(inst);
    };
    g.addEventListener("pointerup", end);
    g.addEventListener("pointercancel", end);
    g.addEventListener("keydown", (e) => {
      const next = keyed(which, e.key, inst.v, inst.step);
      if (next === null) return;
      e.preventDefault();
      inst.v = next;
      draw(inst);
      send(inst);
    });
  }
  return inst;
}

function axes(inst) {
  const fl = inst.gd._fullLayout;
  return fl?.xaxis && fl.yaxis ? [fl.xaxis, fl.yaxis] : null;
}

function move(inst, which, e) {
  const ax = axes(inst);
  if (ax === null) return;
  const [xa, ya] = ax;
  const box = inst.layer.getBoundingClientRect();
  const clampX = (v) => Math.min(Math.max(v, xa.range[0]), xa.range[1]);
  const clampY = (v) => Math.min(Math.max(v, ya.range[0]), ya.range[1]);
  const mx = clampX(xa.p2l(e.clientX - box.left - xa._offset));
  const my = clampY(ya.p2l(e.clientY - box.top - ya._offset));
  if (which === "w") inst.v = { ...inst.v, ...wFromPoint(mx, my, inst.step) };
  else inst.v = { ...inst.v, b: bFromPoint(inst.v.w1, inst.v.w2, inst.v.b, mx, my, inst.step) };
  draw(inst);
}

function send(inst) {
  SEQ += 1;
  inst.setStateValue("answer", { w1: inst.v.w1, w2: inst.v.w2, b: inst.v.b, seq: SEQ });
}

function num(v) {
  return String(Math.round(v * 1e6) / 1e6).replace("-", "\u2212");
}

function draw(inst) {
  const ax = axes(inst);
  if (ax === null || inst.v === null) return;
  const [xa, ya] = ax;
  const px = (x) => xa._offset + xa.l2p(x);
  const py = (y) => ya._offset + ya.l2p(y);
  const { w1, w2, b } = inst.v;
  const lo = Math.max(xa.range[0], ya.range[0]);
  const hi = Math.min(xa.range[1], ya.range[1]);
  const clamp = (v) => Math.min(Math.max(v, lo), hi);
  const tip = [clamp(w1), clamp(w2)];
  inst.arrow.setAttribute("x1", px(0));
  inst.arrow.setAttribute("y1", py(0));
  inst.arrow.setAttribute("x2", px(tip[0]));
  inst.arrow.setAttribute("y2", py(tip[1]));
  const [tx, ty] = [px(tip[0]), py(tip[1])];
  const ang = Math.atan2(ty - py(0), tx - px(0));
  const hd = (a, r) => `${tx - r * Math.cos(ang + a)},${ty - r * Math.sin(ang + a)}`;
  inst.head.setAttribute("points", w1 || w2 ? `${tx},${ty} ${hd(0.4, 14)} ${hd(-0.4, 14)}` : "");
  inst.wHandle.setAttribute("transform", `translate(${tx},${ty})`);
  const ends = boundaryEnds(w1, w2, b, lo, hi);
  inst.line.setAttribute("visibility", ends === null ? "hidden" : "visible");
  if (ends !== null) {
    inst.line.setAttribute("x1", px(ends[0][0]));
    inst.line.setAttribute("y1", py(ends[0][1]));
    inst.line.setAttribute("x2", px(ends[1][0]));
    inst.line.setAttribute("y2", py(ends[1][1]));
  }
  const p = bPoint(w1, w2, b);
  inst.bHandle.setAttribute("transform", `translate(${px(clamp(p.x))},${py(clamp(p.y))})`);
  const L = inst.labels;
  inst.wHandle.setAttribute("aria-label", `${L.w} (${num(w1)}, ${num(w2)})`);
  inst.bHandle.setAttribute("aria-label", `${L.b} ${num(b)}`);
  inst.root.dataset.value = JSON.stringify(inst.v);
}

export default function practiceDrag(component) {
  const { data, parentElement, setStateValue } = component;
  let inst = INSTANCES.get(parentElement);
  if (inst === undefined) {
    inst = create(parentElement);
    INSTANCES.set(parentElement, inst);
  }
  inst.setStateValue = setStateValue;
  inst.step = data.step;
  inst.labels = data.labels;
  inst.layer.style.height = `${data.height}px`;
  inst.gd.style.height = `${data.height}px`;
  if (inst.question !== data.question) {
    inst.question = data.question; // a new question: the handles start again
    inst.v = { ...data.start };
  }
  const dark = shownTheme(data.theme) === "dark";
  inst.arrow.setAttribute("stroke", dark ? DARK.text : "#111");
  inst.head.setAttribute("fill", dark ? DARK.text : "#111");
  inst.wHandle.firstChild.setAttribute("fill", dark ? DARK.text : "#111");
  const purple = dark ? "#b58cff" : "#6d3fc0"; // the boundary's handle, clear on either page
  inst.line.setAttribute("stroke", purple);
  inst.bHandle.firstChild.setAttribute("fill", purple);
  loadPlotly(data.plotly_src, data.plotly_version).then((Plotly) => {
    const drawnAs = `${data.theme}|${dark}|${data.figure}`;
    if (inst.figure === drawnAs) return draw(inst);
    inst.figure = drawnAs;
    const spec = themeFigure(JSON.parse(data.figure), data.theme);
    const layout = { ...spec.layout, autosize: true, height: data.height, dragmode: false };
    delete layout.width;
    return Plotly.react(inst.gd, spec.data, layout, { displayModeBar: false, responsive: true }).then(() => {
      if (!inst.hooked) inst.gd.on("plotly_afterplot", () => draw(inst));
      inst.hooked = true;
      inst.root.dataset.ready = "1";
      draw(inst);
    });
  });
}
