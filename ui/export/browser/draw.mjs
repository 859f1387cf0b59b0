// Perceptron Lab: the export's pictures (ui/export/browser/panel.mjs draws with them): a
// step as the stage layers it, its traces under the scene, the scene (drawn once), its
// traces over it, each a plot drawn by plotly.js offscreen (Plotly.toImage), and the
// step's lines of numbers beside the chart, on a canvas: its heading in the offer's words,
// its lines the stage's own texts of that step (already in the lab's language).

import { say, wrapLines } from "./range.mjs";

// A frame's picture in logical pixels: the chart on the left, the numbers on the right;
// each format draws it at its own scale (GIF 960 x 540, video 1280 x 720, PNG 1920 x 1080).
export const FRAME = { width: 1280, height: 720, chart: 800, pad: 24 };
export const SCALE = { gif: 0.75, webm: 1, mp4: 1, png: 1.5 };
function loadImage(url, failed) {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error(failed));
    img.src = url;
  });
}

// The text's colour on a background: black on a light one, white on a dark one.
function inkOn(background) {
  const probe = document.createElement("canvas").getContext("2d");
  probe.fillStyle = background;
  const hex = probe.fillStyle; // "#rrggbb" (or rgba(...) when transparent)
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return "#111111";
  const [r, g, b] = m.slice(1).map((h) => parseInt(h, 16));
  return 0.299 * r + 0.587 * g + 0.114 * b > 140 ? "#111111" : "#f5f5f5";
}

// A contour shaded as a heatmap (the Kernel's decision function) is drawn by plotly.js
// with its shading computed pixel by pixel at the plot's size and put into the SVG as a
// PNG: most of an export's time on such a page. The same picture from two traces: the
// shading as a heatmap of one picture element per cell (plotly.js "fast"), which
// ``smoothImages`` lets the browser scale smoothly, as the contour's own shading
// interpolates between the cells' centres; and the contour's lines alone over it.
export function shadingApart(traces) {
  const out = [];
  for (const trace of traces || []) {
    const contours = trace && trace.contours;
    if (!(trace.type === "contour" && contours && contours.coloring === "heatmap")) {
      out.push(trace);
      continue;
    }
    const { contours: _c, line: _l, ...rest } = trace;
    out.push(Object.assign({}, rest, { type: "heatmap", zsmooth: "fast", showlegend: false }));
    if (contours.showlines !== false) {
      out.push(
        Object.assign({}, trace, {
          contours: Object.assign({}, contours, { coloring: "none" }),
          showscale: false,
        }),
      );
    }
  }
  return out;
}

// plotly.js asks for a "fast" heatmap's picture to be scaled without smoothing (square
// cells); the export's shading is scaled smoothly instead, as the stage shows it.
export function smoothImages(svg) {
  return svg.replace(/ style="(?:image-rendering:[^;"]*;\s*)+"/g, "");
}

// Pictures kept by what they draw, the most recently used ``size``: a run's steps that
// change no weight (a point the perceptron gets right) draw the same layer as the step
// before, the Kernel's contour among them, and it is drawn once (issue 29: a contour
// drawn per frame held the Kernel's export at 2.6-3.6x Plotly.toImage of its scene; its
// first 50 steps hold 5 contours).
export class KeptPictures {
  constructor(size = 8) {
    this.size = size;
    this.kept = new Map(); // key -> promise of the picture, oldest first
    this.drawn = 0; // how many were drawn (the rest were kept ones)
  }

  get(key, draw) {
    let picture = this.kept.get(key);
    if (picture) {
      this.kept.delete(key); // most recently used last
    } else {
      this.drawn += 1;
      picture = draw();
      // A picture that failed is not kept: the next frame draws it again.
      picture.catch(() => this.kept.get(key) === picture && this.kept.delete(key));
    }
    this.kept.set(key, picture);
    while (this.kept.size > this.size) this.kept.delete(this.kept.keys().next().value);
    return picture;
  }
}

// Draws frames at one scale: the chart of a step (scene + its traces) and its lines.
export class FrameDrawer {
  constructor(host, scale) {
    this.host = host;
    this.scale = scale;
    this.words = host.offer.words; // the export's language, fixed for its frames
    this.scene = host.scene(FRAME.chart, FRAME.height);
    this.background = this.scene.background || "#ffffff";
    if (this.background === "rgba(0,0,0,0)" || this.background === "transparent") {
      this.background = "#ffffff";
    }
    this.ink = inkOn(this.background);
    this.canvas = document.createElement("canvas");
    this.canvas.width = Math.round(FRAME.width * scale);
    this.canvas.height = Math.round(FRAME.height * scale);
    this.ctx = this.canvas.getContext("2d", { willReadFrequently: true });
    this.pictures = new KeptPictures();
  }

  // A step's layer (its traces under or over the scene), drawn once for what it holds.
  layer(name, data, layout) {
    return this.pictures.get(`${name}\n${JSON.stringify(data)}`, () => this.picture(data, layout));
  }

  // A layer's picture (SVG: no PNG encoded and decoded per frame), at the chart's size.
  // A contour shaded as a heatmap is drawn apart (``shadingApart``): its shading as one
  // picture element per cell, smoothed by the browser as it scales it.
  async picture(data, layout) {
    const figure = {
      data: shadingApart(data),
      layout: Object.assign({}, layout, { width: FRAME.chart, height: FRAME.height, autosize: false }),
      config: { staticPlot: true },
    };
    const size = { format: "svg", width: FRAME.chart, height: FRAME.height, imageDataOnly: true };
    const svg = smoothImages(await window.Plotly.toImage(figure, size));
    return loadImage(`data:image/svg+xml,${encodeURIComponent(svg)}`, say(this.words, "export.unpainted"));
  }

  // As the stage draws a step: its traces under the scene, the scene (drawn once, on no
  // background), its traces over it; each layer a plot of the same size and axes.
  async draw(cursor, frame) {
    if (!this.sceneImage) {
      const clear = { paper_bgcolor: "rgba(0,0,0,0)", plot_bgcolor: "rgba(0,0,0,0)" };
      this.sceneImage = await this.picture(this.scene.data, Object.assign({}, this.scene.layout, clear));
    }
    const under = (frame.under || []).length
      ? await this.layer("under", frame.under, this.scene.under)
      : null;
    const over = await this.layer("over", frame.over || [], this.scene.over);
    const ctx = this.ctx;
    ctx.setTransform(this.scale, 0, 0, this.scale, 0, 0);
    ctx.fillStyle = this.background;
    ctx.fillRect(0, 0, FRAME.width, FRAME.height);
    for (const img of [under, this.sceneImage, over]) {
      if (img) ctx.drawImage(img, 0, 0, FRAME.chart, FRAME.height);
    }
    this.lines(cursor, frame.texts || {});
    return this.canvas;
  }

  lines(cursor, texts) {
    const ctx = this.ctx;
    const x = FRAME.chart + FRAME.pad;
    const width = FRAME.width - x - FRAME.pad;
    let y = FRAME.pad + 26;
    ctx.fillStyle = this.ink;
    ctx.textBaseline = "alphabetic";
    ctx.font = "bold 26px sans-serif";
    ctx.fillText(say(this.words, "export.step", { step: cursor.toLocaleString("en-US") }), x, y);
    y += 18;
    ctx.font = "21px sans-serif";
    for (const value of Object.values(texts)) {
      y += 12;
      for (const line of wrapLines(value, width, (s) => ctx.measureText(s).width)) {
        y += 29;
        if (y > FRAME.height - FRAME.pad) return; // no room left: the chart says the rest
        ctx.fillText(line, x, y);
      }
    }
  }
}
