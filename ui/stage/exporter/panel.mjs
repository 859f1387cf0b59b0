// Perceptron Lab: the stage's Export panel, loaded when Export is opened (ui/stage/export_hook.js
// imports it from the lab's own server): a range of steps as an animated GIF or a video
// (WebM; MP4 where this browser encodes H.264), the step on screen as a PNG at projector
// resolution (1920 x 1080), the equations and status lines beside the chart.
//
// Each frame is the stage's picture at one step, layered as the stage layers it: that step's
// traces under the scene, the scene (drawn once), its traces over it, each drawn by
// plotly.js offscreen (Plotly.toImage), and the step's lines of numbers beside it, on a
// canvas. The GIF is encoded by gifenc, the video
// by WebCodecs' VideoEncoder into mediabunny's muxer: both bundled in ui/stage/vendor/
// (npm run build:export), loaded with this panel, so an export runs with the network off.
// Frames the stage does not hold are asked of the server first, in rounds (its answer
// rides on the stage's data: ui/stage/export.py).
//
// host (from the hook) = {
//   offer: {module, encoders, page, total, max, round},  // the server's, kept current
//   cursor(): number,                 // the step on screen
//   frames(): Map<cursor, frame>,     // the frames the stage holds
//   speedMs(): number,                // Play's time between frames
//   scene(width, height): {data, layout, background, under, over},
//                                     // the scene at that size, the layers' layouts
//   ask(cursors): Promise<string>,    // the server's frames (JSON by cursor) for these
// }

import {
  fileName,
  formatsSaid,
  frameMs,
  frameOrder,
  nextAsk,
  planRange,
  progressSaid,
  wrapLines,
} from "./range.mjs";

// A frame's picture in logical pixels: the chart on the left, the numbers on the right;
// each format draws it at its own scale (GIF 960 x 540, video 1280 x 720, PNG 1920 x 1080).
const FRAME = { width: 1280, height: 720, chart: 800, pad: 24 };
const SCALE = { gif: 0.75, webm: 1, mp4: 1, png: 1.5 };
const ASK_TIMEOUT_MS = 30000; // a round the server has not answered by then: the export stops
// The codecs tried for each container, best first: [WebCodecs' codec string, the name said,
// mediabunny's codec name]. H.264 baseline 3.1 holds 1280 x 720.
const CODECS = {
  webm: [
    ["vp09.00.10.08", "VP9", "vp9"],
    ["vp8", "VP8", "vp8"],
  ],
  mp4: [["avc1.42001f", "H.264", "avc"]],
};

let encodersPromise = null;

function loadEncoders(url) {
  if (encodersPromise === null) {
    encodersPromise = import(new URL(url, window.location.href).href).catch((err) => {
      encodersPromise = null;
      throw err;
    });
  }
  return encodersPromise;
}

// Which video containers this browser can encode at the video's size (null: no WebCodecs).
async function videoSupport() {
  if (typeof VideoEncoder === "undefined" || typeof VideoFrame === "undefined") return null;
  const width = FRAME.width * SCALE.webm;
  const height = FRAME.height * SCALE.webm;
  const out = { webm: null, mp4: null, configs: {} };
  for (const [container, codecs] of Object.entries(CODECS)) {
    for (const [codec, said, name] of codecs) {
      try {
        const config = { codec, width, height, bitrate: 4_000_000, framerate: 2 };
        if (name === "avc") config.avc = { format: "avc" };
        const answer = await VideoEncoder.isConfigSupported(config);
        if (answer.supported) {
          out[container] = said;
          out.configs[container] = { config, name };
          break;
        }
      } catch (err) {
        // not this codec: the next one
      }
    }
  }
  return out;
}

function element(tag, props = {}, children = []) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === "dataset") Object.assign(el.dataset, v);
    else if (k in el) el[k] = v;
    else el.setAttribute(k, v);
  }
  for (const child of children) el.append(child);
  return el;
}

function loadImage(url) {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error("a frame's picture could not be drawn"));
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

// Draws frames at one scale: the chart of a step (scene + its traces) and its lines.
class FrameDrawer {
  constructor(host, scale) {
    this.host = host;
    this.scale = scale;
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
  }

  // A layer's picture (SVG: no PNG encoded and decoded per frame), at the chart's size.
  async picture(data, layout) {
    const figure = {
      data,
      layout: Object.assign({}, layout, { width: FRAME.chart, height: FRAME.height, autosize: false }),
      config: { staticPlot: true },
    };
    const url = await window.Plotly.toImage(figure, { format: "svg", width: FRAME.chart, height: FRAME.height });
    return loadImage(url);
  }

  // As the stage draws a step: its traces under the scene, the scene (drawn once, on no
  // background), its traces over it; each layer a plot of the same size and axes.
  async draw(cursor, frame) {
    if (!this.sceneImage) {
      const clear = { paper_bgcolor: "rgba(0,0,0,0)", plot_bgcolor: "rgba(0,0,0,0)" };
      this.sceneImage = await this.picture(this.scene.data, Object.assign({}, this.scene.layout, clear));
    }
    const under = (frame.under || []).length ? await this.picture(frame.under, this.scene.under) : null;
    const over = await this.picture(frame.over || [], this.scene.over);
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
    ctx.fillText(`Step ${cursor.toLocaleString("en-US")}`, x, y);
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

function download(blob, name) {
  const url = URL.createObjectURL(blob);
  const a = element("a", { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000);
}

class Cancelled extends Error {}

// The frames of ``order``: those the stage holds at once, the rest asked of the server in
// rounds while the first are drawn. ``frame(c)`` waits for step c's; ``done`` settles when
// all are here (its value: the milliseconds that took), or with the error that stopped it.
function gather(host, order, job) {
  const held = new Map();
  const have = host.frames();
  for (const c of order) if (have.has(c)) held.set(c, have.get(c));
  const waiting = new Map(); // cursor -> [resolve, reject]
  let failed = null;
  const started = performance.now();
  const rounds = async () => {
    for (;;) {
      const ask = nextAsk(order, held, host.offer.round);
      if (ask.length === 0) return performance.now() - started;
      let timer = 0;
      const answer = await job.wait([
        host.ask(ask),
        new Promise((resolve) => {
          timer = setTimeout(() => resolve(null), ASK_TIMEOUT_MS);
        }),
      ]);
      clearTimeout(timer);
      job.check();
      if (answer === null) throw new Error("The server did not send the frames in time: is it reachable?");
      const before = held.size;
      for (const [c, frame] of Object.entries(JSON.parse(answer))) {
        const cursor = Number(c);
        if (order.includes(cursor)) held.set(cursor, frame);
      }
      if (held.size === before) throw new Error("The server sent none of the frames asked for.");
      for (const [c, [ok]] of waiting) {
        if (!held.has(c)) continue;
        waiting.delete(c);
        ok(held.get(c));
      }
    }
  };
  const done = rounds().catch((err) => {
    failed = err;
    for (const [, [, bad]] of waiting) bad(err);
    waiting.clear();
    throw err;
  });
  done.catch(() => {}); // said by whoever waits for a frame
  return {
    held,
    done,
    frame(c) {
      if (held.has(c)) return Promise.resolve(held.get(c));
      if (failed) return Promise.reject(failed);
      job.say(progressSaid("ask", c));
      return job.wait(new Promise((ok, bad) => waiting.set(c, [ok, bad])));
    },
  };
}

async function encodeGif(enc, drawer, order, frames, ms, job) {
  const { width, height } = drawer.canvas;
  const rgba = async (c) => {
    await drawer.draw(c, await frames.frame(c));
    return drawer.ctx.getImageData(0, 0, width, height).data;
  };
  // One palette for the whole GIF, from its first and last pictures held (a chart's
  // colours are few, and the same in every frame): no colour flickers between frames.
  const lastHeld = [...order].reverse().find((c) => frames.held.has(c));
  const first = await job.wait(rgba(order[0]));
  const last = await job.wait(rgba(lastHeld === undefined ? order[0] : lastHeld));
  const sample = new Uint8Array(first.length + last.length);
  sample.set(first);
  sample.set(last, first.length);
  const palette = enc.quantize(sample, 256, { format: "rgb444" });
  const gif = enc.GIFEncoder();
  for (let i = 0; i < order.length; i++) {
    job.check();
    const pixels = i === 0 ? first : await job.wait(rgba(order[i]));
    const index = enc.applyPalette(pixels, palette, "rgb444");
    gif.writeFrame(index, width, height, i === 0 ? { palette, delay: ms, repeat: 0 } : { delay: ms });
    job.say(progressSaid("draw", i + 1, order.length), i + 1, order.length);
  }
  gif.finish();
  return new Blob([gif.bytes()], { type: "image/gif" });
}

async function encodeVideo(enc, drawer, order, frames, ms, job, container, support) {
  const { config, name } = support.configs[container];
  const format = container === "mp4" ? new enc.Mp4OutputFormat() : new enc.WebMOutputFormat();
  const output = new enc.Output({ format, target: new enc.BufferTarget() });
  const source = new enc.EncodedVideoPacketSource(name);
  output.addVideoTrack(source, { frameRate: 1000 / ms });
  await output.start();
  let failure = null;
  let added = Promise.resolve();
  const encoder = new VideoEncoder({
    // Packets go to the muxer in the order the encoder gives them (decode order).
    output: (chunk, meta) => {
      added = added.then(() => source.add(enc.EncodedPacket.fromEncodedChunk(chunk), meta));
    },
    error: (err) => {
      failure = err;
    },
  });
  encoder.configure(Object.assign({}, config, { framerate: 1000 / ms }));
  const us = ms * 1000;
  try {
    for (let i = 0; i < order.length; i++) {
      job.check();
      if (failure) throw failure;
      const canvas = await job.wait(drawer.draw(order[i], await frames.frame(order[i])));
      const frame = new VideoFrame(canvas, { timestamp: i * us, duration: us });
      encoder.encode(frame, { keyFrame: i % 30 === 0 });
      frame.close();
      job.say(progressSaid("draw", i + 1, order.length), i + 1, order.length);
    }
    await job.wait(encoder.flush());
    await job.wait(added);
    if (failure) throw failure;
    job.say(progressSaid("finish"), order.length, order.length);
    await job.wait(output.finalize());
  } catch (err) {
    if (encoder.state !== "closed") encoder.close();
    await output.cancel().catch(() => {});
    throw err;
  }
  encoder.close();
  return new Blob([output.target.buffer], { type: container === "mp4" ? "video/mp4" : "video/webm" });
}

// The panel in ``body``: the range, the formats this browser makes, the buttons, the
// progress with Cancel. Returns {update()} (the hook calls it when the stage changes).
export async function mountPanel(body, host) {
  const [enc, support] = await Promise.all([loadEncoders(host.offer.encoders), videoSupport()]);
  const cursor = host.cursor();
  const from = element("input", { type: "number", min: "0", step: "1", value: String(cursor),
    dataset: { testid: "exportFrom" }, "aria-label": "From step" });
  const to = element("input", { type: "number", min: "0", step: "1",
    value: String(Math.min(host.offer.total, cursor + 20)), dataset: { testid: "exportTo" },
    "aria-label": "To step" });
  const note = element("p", { className: "stage-export-note", dataset: { testid: "exportNote" } });
  note.setAttribute("aria-live", "polite");
  const buttons = {
    gif: element("button", { type: "button", textContent: "GIF" }),
    webm: element("button", { type: "button", textContent: "WebM video" }),
    mp4: element("button", { type: "button", textContent: "MP4 video" }),
    png: element("button", { type: "button", textContent: "PNG of this step (1920 × 1080)" }),
  };
  for (const [k, b] of Object.entries(buttons)) b.dataset.format = k;
  if (!support || !support.webm) buttons.webm.hidden = true;
  if (!support || !support.mp4) buttons.mp4.hidden = true;
  const bar = element("progress", { max: 1, value: 0 });
  const said = element("span", { dataset: { testid: "exportProgress" } });
  const cancel = element("button", { type: "button", textContent: "Cancel" });
  const progress = element("div", { className: "stage-export-progress", hidden: true }, [bar, " ", said, " ", cancel]);
  const result = element("p", { className: "stage-export-result", dataset: { testid: "exportResult" } });
  result.setAttribute("aria-live", "polite");
  body.replaceChildren(
    element("p", { className: "stage-export-formats", textContent: formatsSaid(support), dataset: { testid: "exportFormats" } }),
    element("div", { className: "stage-export-range" }, [
      element("label", {}, ["From step ", from]),
      " ",
      element("label", {}, ["to step ", to]),
      ` (of ${host.offer.total.toLocaleString("en-US")}; each step is one frame)`,
    ]),
    note,
    element("div", { className: "stage-export-buttons" }, Object.values(buttons).flatMap((b) => [b, " "])),
    progress,
    result,
  );
  const panel = body.closest(".stage-export") || body;
  panel.dataset.exportReady = "1";
  panel.dataset.formats = ["gif", support && support.webm ? "webm" : "", support && support.mp4 ? "mp4" : "", "png"]
    .filter(Boolean).join(",");

  let job = null;
  const plan = () => planRange(from.value, to.value, host.offer.total, host.offer.max);
  const showPlan = () => {
    const p = plan();
    note.textContent = p.ok ? p.note : p.error;
    for (const k of ["gif", "webm", "mp4"]) buttons[k].disabled = !p.ok || job !== null;
    buttons.png.disabled = job !== null;
  };
  from.addEventListener("input", showPlan);
  to.addEventListener("input", showPlan);
  showPlan();

  const run = async (format) => {
    const p = format === "png" ? { ok: true, from: host.cursor(), to: host.cursor(), count: 1 } : plan();
    if (!p.ok || job !== null) return;
    const started = performance.now();
    let stop = null;
    const stopped = new Promise((_, reject) => {
      stop = () => reject(new Cancelled());
    });
    stopped.catch(() => {});
    job = {
      cancelled: false,
      check() {
        if (this.cancelled) throw new Cancelled();
      },
      // ``p`` (a promise, or several raced), or Cancelled as soon as Cancel is pressed.
      wait(p) {
        return Promise.race([...(Array.isArray(p) ? p : [p]), stopped]);
      },
      say(text, done, total) {
        said.textContent = text;
        if (total === undefined) return;
        bar.max = Math.max(1, total);
        bar.value = done;
      },
    };
    cancel.onclick = () => {
      if (job) job.cancelled = true;
      stop();
    };
    progress.hidden = false;
    result.textContent = "";
    delete panel.dataset.exportDone;
    showPlan();
    try {
      const order = frameOrder(p.from, p.to);
      const frames = gather(host, order, job); // asked of the server while drawing
      const drawer = new FrameDrawer(host, SCALE[format]);
      const ms = frameMs(host.speedMs());
      let blob;
      if (format === "gif") blob = await encodeGif(enc, drawer, order, frames, ms, job);
      else if (format === "png") {
        const canvas = await drawer.draw(order[0], await frames.frame(order[0]));
        blob = await new Promise((resolve) => canvas.toBlob(resolve, "image/png"));
      } else blob = await encodeVideo(enc, drawer, order, frames, ms, job, format, support);
      const gathered = await frames.done; // the time until the server had sent the last
      const name = fileName(host.offer.page, p.from, p.to, format);
      const seconds = (performance.now() - started) / 1000;
      download(blob, name);
      result.textContent =
        `${name}: ${p.count.toLocaleString("en-US")} ${p.count === 1 ? "frame" : "frames"}, ` +
        `${Math.max(1, Math.round(blob.size / 1024)).toLocaleString("en-US")} KB, made in ${seconds.toFixed(1)} s.`;
      Object.assign(panel.dataset, {
        exportDone: format,
        exportFrames: String(p.count),
        exportMs: String(Math.round(seconds * 1000)),
        exportGatherMs: String(Math.round(gathered)),
      });
    } catch (err) {
      result.textContent = err instanceof Cancelled ? "Cancelled: no file was made." : `The export failed: ${err && err.message ? err.message : err}`;
      panel.dataset.exportDone = err instanceof Cancelled ? "cancelled" : "failed";
    } finally {
      job = null;
      progress.hidden = true;
      showPlan();
    }
  };
  for (const [format, button] of Object.entries(buttons)) button.addEventListener("click", () => run(format));
  return {
    update() {
      if (job === null) showPlan(); // the run's length may have changed
    },
  };
}
