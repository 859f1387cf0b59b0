// Perceptron Lab: the stage's Export panel, loaded when Export is opened (ui/stage/export_hook.js
// imports it from the lab's own server): a range of steps as an animated GIF or a video
// (WebM; MP4 where this browser encodes H.264), the step on screen as a PNG at projector
// resolution (1920 x 1080), the equations and status lines beside the chart.
//
// Each frame is the stage's picture at one step, layered as the stage layers it, with the
// step's lines of numbers beside it (draw.mjs). encode.mjs makes the file: the GIF by
// gifenc, the video by WebCodecs' VideoEncoder into mediabunny's muxer, both bundled in
// ui/export/vendor/ (npm run build:export) and loaded with this panel, so an export runs
// with the network off. Frames the stage does not hold are asked of the server in rounds,
// while the held ones are drawn (its answer rides on the stage's data:
// ui/export/offer.py). While the panel is open it gathers the range's frames before a
// button is pressed (``warm``) and keeps them for this run: an export of the range then
// needs no network, and starts at once.
//
// host (from the hook) = {
//   offer: {module, encoders, page, total, max, round, words},  // the server's, kept
//                                     // current; words: the panel's, in the lab's language
//   cursor(): number,                 // the step on screen
//   frames(): Map<cursor, frame>,     // the frames the stage holds
//   speedMs(): number,                // Play's time between frames
//   scene(width, height): {data, layout, background, under, over},
//                                     // the scene at that size, the layers' layouts
//   ask(cursors): Promise<string>,    // the server's frames (JSON by cursor) for these
// }

import { FrameDrawer, SCALE } from "./draw.mjs";
import { encodeGif, encodeVideo, videoSupport } from "./encode.mjs";
import {
  fileName,
  formatsSaid,
  frameMs,
  frameOrder,
  nextAsk,
  planRange,
  progressSaid,
  say,
} from "./range.mjs";

const ASK_TIMEOUT_MS = 30000; // a round the server has not answered by then: the export stops
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

function download(blob, name) {
  const url = URL.createObjectURL(blob);
  const a = element("a", { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000);
}

class Cancelled extends Error {}

// The frames of ``order``: those the panel kept or the stage holds at once, the rest asked
// of the server in rounds while the first are drawn (and kept). ``frame(c)`` waits for step
// c's; ``done`` settles when all are here (its value: the milliseconds that took), or with
// the error that stopped it.
function gather(host, order, job, kept) {
  const held = new Map();
  const have = host.frames();
  for (const c of order) {
    if (!kept.has(c) && have.has(c)) kept.set(c, have.get(c)); // kept if the stage moves on
    if (kept.has(c)) held.set(c, kept.get(c));
  }
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
      if (answer === null) throw new Error(say(host.offer.words, "export.late"));
      const before = held.size;
      for (const [c, frame] of Object.entries(JSON.parse(answer))) {
        const cursor = Number(c);
        if (!order.includes(cursor)) continue;
        held.set(cursor, frame);
        kept.set(cursor, frame);
      }
      if (held.size === before) throw new Error(say(host.offer.words, "export.none_sent"));
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
      job.say(progressSaid("ask", c, 0, job.words));
      return job.wait(new Promise((ok, bad) => waiting.set(c, [ok, bad])));
    },
  };
}

// The panel in ``body``: the range, the formats this browser makes, the buttons, the
// progress with Cancel. Returns {update(newRun)} (the hook calls it when the stage changes).
export async function mountPanel(body, host) {
  const [enc, support] = await Promise.all([loadEncoders(host.offer.encoders), videoSupport()]);
  const w = () => host.offer.words; // the current language's (the hook keeps the offer)
  const cursor = host.cursor();
  const from = element("input", {
    type: "number",
    min: "0",
    step: "1",
    value: String(cursor),
    dataset: { testid: "exportFrom" },
  });
  const to = element("input", {
    type: "number",
    min: "0",
    step: "1",
    value: String(Math.min(host.offer.total, cursor + 20)),
    dataset: { testid: "exportTo" },
  });
  const note = element("p", { className: "stage-export-note", dataset: { testid: "exportNote" } });
  note.setAttribute("aria-live", "polite");
  const buttons = {
    gif: element("button", { type: "button" }),
    webm: element("button", { type: "button" }),
    mp4: element("button", { type: "button" }),
    png: element("button", { type: "button" }),
  };
  for (const [k, b] of Object.entries(buttons)) b.dataset.format = k;
  if (!support?.webm) buttons.webm.hidden = true;
  if (!support?.mp4) buttons.mp4.hidden = true;
  const bar = element("progress", { max: 1, value: 0 });
  const said = element("span", { dataset: { testid: "exportProgress" } });
  const cancel = element("button", { type: "button" });
  const progress = element("div", { className: "stage-export-progress", hidden: true }, [
    bar,
    " ",
    said,
    " ",
    cancel,
  ]);
  const result = element("p", { className: "stage-export-result", dataset: { testid: "exportResult" } });
  result.setAttribute("aria-live", "polite");
  const formats = element("p", { className: "stage-export-formats", dataset: { testid: "exportFormats" } });
  const fromSaid = element("span");
  const toSaid = element("span");
  const ofSaid = element("span");
  body.replaceChildren(
    formats,
    element("div", { className: "stage-export-range" }, [
      element("label", {}, [fromSaid, " ", from]),
      " ",
      element("label", {}, [toSaid, " ", to]),
      " ",
      ofSaid,
    ]),
    note,
    element(
      "div",
      { className: "stage-export-buttons" },
      Object.values(buttons).flatMap((b) => [b, " "]),
    ),
    progress,
    result,
  );
  // The panel's fixed words, in the offer's language (again when the language changes).
  const label = () => {
    formats.textContent = formatsSaid(support, w());
    fromSaid.textContent = say(w(), "export.from");
    toSaid.textContent = say(w(), "export.to");
    ofSaid.textContent = say(w(), "export.of", { total: host.offer.total.toLocaleString("en-US") });
    from.setAttribute("aria-label", say(w(), "export.from_aria"));
    to.setAttribute("aria-label", say(w(), "export.to_aria"));
    bar.setAttribute("aria-label", say(w(), "export.progress"));
    cancel.textContent = say(w(), "export.cancel");
    for (const [k, b] of Object.entries(buttons)) b.textContent = say(w(), `export.${k}`);
  };
  label();
  const panel = body.closest(".stage-export") || body;
  panel.dataset.exportReady = "1";
  // Every ask of the server is counted on the panel (``data-export-asks``), for tests.
  const askServer = host.ask;
  let asks = 0;
  host.ask = (cursors) => {
    asks += 1;
    panel.dataset.exportAsks = String(asks);
    return askServer(cursors);
  };
  panel.dataset.formats = ["gif", support?.webm ? "webm" : "", support?.mp4 ? "mp4" : "", "png"]
    .filter(Boolean)
    .join(",");

  let job = null;
  let stopJob = () => {};
  const kept = new Map(); // cursor -> frame: the range's frames, this run's
  const plan = () => planRange(from.value, to.value, host.offer.total, host.offer.max, w());
  const showPlan = () => {
    const p = plan();
    note.textContent = p.ok ? p.note : p.error;
    for (const k of ["gif", "webm", "mp4"]) buttons[k].disabled = !p.ok || job !== null;
    buttons.png.disabled = job !== null;
  };

  // The range's frames gathered while the panel waits: the stage's copied, the rest asked
  // of the server one round at a time (never while an export asks). ``panel.dataset
  // .exportHeld`` = "from-to" once every frame of the range is here. Started when the
  // panel opens, the range is changed, an export ends or the run changes; never by the
  // stage's other updates (each answer comes with one: restarting there would ask again
  // and again while a round takes longer than WARM_AFTER_MS).
  let warming = null; // the gathering under way: {key, stopped, stop, done}
  let warmTimer = 0;
  const WARM_AFTER_MS = 300; // after the last keystroke in From or To
  const warmSoon = () => {
    clearTimeout(warmTimer);
    warmTimer = setTimeout(warm, WARM_AFTER_MS);
  };
  const warm = () => {
    const p = plan();
    if (!p.ok || job !== null) return;
    const key = `${p.from}-${p.to}`;
    if (warming !== null) {
      if (warming.key === key && !warming.stopped) return; // this range is under way
      warming.stop(); // the range or the run changed: again once its round is back
      warming.done.then(warmSoon);
      return;
    }
    const order = frameOrder(p.from, p.to);
    for (const c of Array.from(kept.keys())) if (c < p.from || c > p.to) kept.delete(c);
    // ``gather`` with a job that draws nothing and says nothing; stopped, or on any
    // failure, it ends quietly (an export asks for what is still missing).
    const quiet = {
      cancelled: false,
      words: host.offer.words,
      check() {
        if (this.cancelled) throw new Cancelled();
      },
      wait: (q) => Promise.race(Array.isArray(q) ? q : [q]),
      say() {},
    };
    delete panel.dataset.exportHeld;
    warming = {
      key,
      get stopped() {
        return quiet.cancelled;
      },
      stop() {
        quiet.cancelled = true;
      },
      done: gather(host, order, quiet, kept)
        .done.then(
          () => {
            if (!quiet.cancelled) panel.dataset.exportHeld = key;
          },
          () => {},
        )
        .finally(() => {
          warming = null;
        }),
    };
  };
  // An export gathers for itself: the warm-up stops (its round in flight, if any, is
  // superseded by the export's ask, which the server answers).
  const stopWarm = () => {
    clearTimeout(warmTimer);
    if (warming !== null) warming.stop();
  };
  const planChanged = () => {
    showPlan();
    warmSoon();
  };
  from.addEventListener("input", planChanged);
  to.addEventListener("input", planChanged);
  planChanged();

  const run = async (format) => {
    const p = format === "png" ? { ok: true, from: host.cursor(), to: host.cursor(), count: 1 } : plan();
    if (!p.ok || job !== null) return;
    const started = performance.now();
    let stop = null;
    const stopped = new Promise((_, reject) => {
      stop = () => reject(new Cancelled());
    });
    stopped.catch(() => {});
    stopJob = stop;
    job = {
      cancelled: false,
      check() {
        if (this.cancelled) throw new Cancelled();
      },
      // ``p`` (a promise, or several raced), or Cancelled as soon as Cancel is pressed.
      wait(p) {
        return Promise.race([...(Array.isArray(p) ? p : [p]), stopped]);
      },
      words: w(),
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
      stopWarm();
      const order = frameOrder(p.from, p.to);
      const frames = gather(host, order, job, kept); // asked of the server while drawing
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
      const counted = say(job.words, "export.frames", { n: p.count.toLocaleString("en-US") }, p.count);
      const kb = Math.max(1, Math.round(blob.size / 1024)).toLocaleString("en-US");
      const fields = { name, frames: counted, kb, seconds: seconds.toFixed(1) };
      result.textContent = say(job.words, "export.done", fields);
      Object.assign(panel.dataset, {
        exportDone: format,
        exportFrames: String(p.count),
        exportMs: String(Math.round(seconds * 1000)),
        exportGatherMs: String(Math.round(gathered)),
      });
    } catch (err) {
      const why = job.why || say(job.words, "export.cancelled");
      const failed = say(job.words, "export.failed", { why: err?.message ? err.message : err });
      result.textContent = err instanceof Cancelled ? why : failed;
      panel.dataset.exportDone = err instanceof Cancelled ? "cancelled" : "failed";
    } finally {
      job = null;
      progress.hidden = true;
      planChanged();
    }
  };
  for (const [format, button] of Object.entries(buttons)) button.addEventListener("click", () => run(format));
  return {
    // The stage's data changed; ``newRun``: another run (new data or settings), whose
    // frames an export under way must not mix with its own: it stops.
    update(newRun) {
      if (newRun) {
        kept.clear(); // another run's frames
        delete panel.dataset.exportHeld;
        if (warming !== null) warming.stop();
      }
      if (job !== null && newRun) {
        job.cancelled = true;
        job.why = say(job.words, "export.run_changed");
        stopJob();
      }
      label(); // the language or the run's length may have changed
      if (job === null) showPlan();
      if (newRun && job === null) warmSoon(); // the new run's frames
    },
  };
}
