// Perceptron Lab: the chart for students who cannot see it, and for a dark hall.
//
// Served in the chart component's module (ui/stage/chart.py joins it first; the export
// lines go there). Three things, each pure but for the DOM it is handed:
//
// - The line a screen reader says at each step: the server writes it in a keyed element,
//   ``<prefix>spoken`` (ui.stage.part; visually hidden by ui.parts.style.LAB_CSS), and
//   each frame's texts carry it (ui.stage.frames), so the stage's setText changes it with
//   every step drawn in the browser. ``markLive`` makes that element the page's one polite
//   live region: a screen reader says each new line once, after what it is saying.
// - The chart's own element: reached by Tab, named for what it shows (``nameChart``).
// - The dark theme (``data.theme``: "dark", or "auto" on a dark page; ui.parts.style's
//   theme_setting): every figure
//   the component draws (the scene, the stage's frames and layers, the page's other charts)
//   gets the dark page's background, text and grid, and the lab's ink in a light colour;
//   the classes' colours (Okabe-Ito) and shapes stay (``themeFigure``).

import { streamlitTestid } from "../platform/dom.mjs";

export const SPOKEN_CLASS = /^st-key-[a-z]+_spoken$/;
export const LIVE = { role: "status", "aria-live": "polite", "aria-atomic": "true" };

// The keyed elements whose key ends in "_spoken" get the live region's attributes (once;
// an element Streamlit draws anew gets them again at the next frame or render).
export function markLive(root) {
  const marked = [];
  for (const el of root.querySelectorAll('[class*="_spoken"]')) {
    if (![...el.classList].some((c) => SPOKEN_CLASS.test(c))) continue;
    for (const [name, value] of Object.entries(LIVE)) {
      if (el.getAttribute(name) !== value) el.setAttribute(name, value);
    }
    marked.push(el);
  }
  return marked;
}

// What the chart is called for a screen reader: its title, or what a stage's chart is, in
// the page's words (``names``: the catalogue's chart.aria* the server sends, ui/stage/chart.py;
// without them, as a chart outside the lab's pages has it, English).
const ENGLISH = {
  aria: "Chart",
  aria_titled: "Chart: {title}",
  aria_stage:
    "Chart of the data and the perceptron at the current step; the status line, the " +
    "numbers and the table Data and scores say what it shows",
};

export function chartName(figure, staged, names = ENGLISH) {
  const title = figure && figure.layout && figure.layout.title;
  const text = typeof title === "string" ? title : title && title.text;
  const plain = text
    ? String(text)
        .replace(/<[^>]*>/g, " ")
        .replace(/\s+/g, " ")
        .trim()
    : "";
  const said = names || ENGLISH;
  if (staged) return said.aria_stage;
  return plain ? said.aria_titled.replace("{title}", () => plain) : said.aria;
}

export function nameChart(root, figure, staged, names) {
  root.tabIndex = 0;
  root.setAttribute("role", "img");
  root.setAttribute("aria-label", chartName(figure, staged, names));
}

// ---------------------------------------------------------------------- the dark theme
export const DARK = {
  paper: "#0e1117", // Streamlit's dark page, until the page's own is read (pageColor)
  text: "#e6e8eb",
  grid: "#3a3f4a",
  zero: "#7c8591",
};
const PAGE_BG = "__page__"; // stands for the page's background in DARK_COLORS

// The dark page's background as drawn (Streamlit's theme, or .streamlit/config.toml's): the
// figures' paper and plot take it, so a chart is no box on the page (as on the light page).
export function pageColor(doc = globalThis.document) {
  try {
    const app = doc?.querySelector(streamlitTestid("app"));
    const c = app && getComputedStyle(app).backgroundColor;
    return c && !/^rgba\(.*,\s*0\)$/.test(c) && c !== "transparent" ? c : DARK.paper;
  } catch {
    return DARK.paper;
  }
}
// The lab's light-page colours (ui/charts/theme.py and the figures' layers) and what they
// become on the dark page: ink and outlines light, white halos and fills dark.
export const DARK_COLORS = {
  "#222222": "#e6e8eb", // theme.INK: the boundary, w's arrow, labels
  "#444444": "#d0d4da",
  "#444": "#d0d4da",
  black: "#e6e8eb",
  white: PAGE_BG,
  "#ffffff": PAGE_BG,
  "#fff": PAGE_BG,
  "#cccccc": DARK.zero, // zero lines
  "#eeeeee": DARK.grid,
  "#e5e5e5": DARK.grid,
  "#f6f7f9": "#1c2230",
  "#999999": "#9aa3ad", // theme.GHOST_COLOR: the previous boundary
  "rgba(255, 255, 255, 0.8)": "rgba(14, 17, 23, 0.8)",
  "rgba(255, 255, 255, 0.0)": "rgba(14, 17, 23, 0.0)",
  "rgba(255,255,255,0)": "rgba(14,17,23,0)",
};
const HALO_RE = /white/g;
// Data and words, never colours (a class a user named "white" keeps its name): left as
// they are (and fast).
const DATA_KEYS = new Set([
  "x",
  "y",
  "z",
  "customdata",
  "text",
  "name",
  "hovertext",
  "hovertemplate",
  "texttemplate",
  "legendgroup",
  "meta",
  "ids",
]);

function recolor(value, page) {
  if (typeof value === "string") {
    const mapped = DARK_COLORS[value.trim().toLowerCase()];
    return mapped === undefined ? value : mapped === PAGE_BG ? page : mapped;
  }
  if (Array.isArray(value)) return value.map((v) => recolor(v, page));
  if (value && typeof value === "object") {
    const out = {};
    for (const [k, v] of Object.entries(value)) {
      if (DATA_KEYS.has(k)) out[k] = v;
      // A label's halo (CSS text-shadow, theme.HALO: white) takes the page's colour.
      else if (k === "shadow" && typeof v === "string") out[k] = v.replace(HALO_RE, page);
      else out[k] = recolor(v, page);
    }
    return out;
  }
  return value;
}

const AXIS_KEY = /^[xy]axis\d*$|^scene\d*$/;

// A layout on the dark page: background, text, axes, legend; a transparent layer (the
// stage's over layer, the scene under its frames) stays transparent.
export function themeLayout(layout, theme, page = pageColor()) {
  if (shownTheme(theme, page) !== "dark" || !layout) return layout;
  page = darkPage(page);
  const out = recolor(layout, page);
  const white = (v) => DARK_COLORS[String(v).trim().toLowerCase()] === PAGE_BG;
  const bg = (v) => (v === undefined || white(v) ? page : recolor(v, page)); // transparent stays
  out.paper_bgcolor = bg(layout.paper_bgcolor);
  out.plot_bgcolor = bg(layout.plot_bgcolor);
  out.font = Object.assign({}, out.font, { color: DARK.text });
  out.legend = Object.assign({}, out.legend, {
    font: Object.assign({}, out.legend?.font, { color: DARK.text }),
  });
  if (out.title && typeof out.title === "object") {
    out.title = Object.assign({}, out.title, {
      font: Object.assign({}, out.title.font, { color: DARK.text }),
    });
  }
  const axes = Object.keys(out).filter((k) => AXIS_KEY.test(k));
  for (const name of axes.length ? axes : ["xaxis", "yaxis"]) {
    const axis = Object.assign({}, out[name]);
    if (name.startsWith("scene")) {
      for (const a of ["xaxis", "yaxis", "zaxis"]) axis[a] = darkAxis(axis[a], page);
    } else {
      Object.assign(axis, darkAxis(axis, page));
    }
    out[name] = axis;
  }
  if (out.template) out.template = recolor(out.template, page);
  if (out.annotations) {
    out.annotations = out.annotations.map((a) =>
      Object.assign({}, a, { font: Object.assign({ color: DARK.text }, a.font) }),
    );
  }
  return out;
}

function darkAxis(axis, page) {
  const a = Object.assign({}, axis);
  a.gridcolor = DARK.grid;
  a.zerolinecolor = DARK.zero;
  a.linecolor = DARK.zero;
  a.tickcolor = DARK.zero;
  a.tickfont = Object.assign({}, a.tickfont, { color: DARK.text });
  a.title = Object.assign({}, typeof a.title === "string" ? { text: a.title } : a.title);
  a.title.font = Object.assign({}, a.title.font, { color: DARK.text });
  if (a.backgroundcolor !== undefined) a.backgroundcolor = page;
  return a;
}

// The theme a figure is drawn in: the lab's choice, or (auto) the page's as it is drawn.
export function shownTheme(theme, page = pageColor()) {
  if (theme === "dark" || theme === "light") return theme;
  const rgb = (String(page).match(/[0-9.]+/g) || []).map(Number);
  if (rgb.length < 3) return "light";
  return 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2] > 128 ? "light" : "dark";
}

// The dark figures' background: the page's, or Streamlit's dark one while the page is still
// light (the lab's dark chosen a moment ago: the page loads again in it).
function darkPage(page) {
  return shownTheme("auto", page) === "dark" ? page : DARK.paper;
}

// Traces on the dark page: the lab's ink light, white outlines dark, CSS text halos dark.
export function themeTraces(traces, theme, page = pageColor()) {
  if (shownTheme(theme, page) !== "dark" || !traces) return traces;
  page = darkPage(page);
  return traces.map((t) => recolor(t, page));
}

// A whole figure ({data, layout, frames}) on the dark page.
export function themeFigure(figure, theme, page = pageColor()) {
  if (shownTheme(theme, page) !== "dark" || !figure) return figure;
  const out = Object.assign({}, figure);
  out.data = themeTraces(figure.data || [], theme, page);
  out.layout = themeLayout(figure.layout || {}, theme, page);
  if (Array.isArray(figure.frames)) {
    out.frames = figure.frames.map((f) =>
      Object.assign({}, f, {
        data: themeTraces(f.data, theme, page),
        layout: f.layout ? recolor(f.layout, page) : f.layout,
      }),
    );
  }
  return out;
}
