// Perceptron Lab: the stage's Export as the chart's module holds it (served joined with it:
// see ui/stage/stage.js). Under a stage's chart, a disclosure "Export"; opened, it hands
// the export's panel (ui/export/browser/panel.mjs) the stage: its frames, the step on
// screen, the scene, and the server's answers to its asks for frames. The panel and the
// encoders come from the lab's own server once the page is idle (``prefetch``; not a
// class's followers) or when Export is opened: never on the first load's path, and from
// then on an export needs no network.
//
// data.stage.export = {module, encoders, page, total, max, round, prefetch,
//                      reply: {seq, frames} | null, words: {id: template}}
// (ui/export/offer.py; words: the Export's, in the lab's language: the summary, the
// loading and its failure here, the panel's there). The ask is the component's state value "export" = {seq, cursors}.
// An embedded page (?embed=true: the chart and the stepping controls only) has no Export.

function embedded() {
  return new URLSearchParams(window.location.search).get("embed") === "true";
}

function exportTake(inst, data) {
  const offer = data.export;
  if (!offer || embedded()) {
    exportDrop(inst);
    return;
  }
  let ex = inst.exportState;
  if (!ex) {
    const box = document.createElement("details");
    box.className = "stage-export";
    box.dataset.testid = "stageExport";
    const summary = document.createElement("summary");
    const body = document.createElement("div");
    body.className = "stage-export-body";
    box.append(summary, body);
    // Beside the chart, not in it: the chart is one focusable image for a screen reader
    // (access.mjs), which must hold nothing focusable (axe: nested-interactive).
    inst.root.after(box);
    ex = { box, summary, body, offer, panel: null, loading: null, waiting: new Map(), seq: 0 };
    inst.exportState = ex;
    box.addEventListener("toggle", () => {
      if (box.open) exportOpen(inst, ex);
    });
    if (offer.prefetch) exportPrefetch(offer);
  }
  const newRun = ex.run !== undefined && ex.run !== data.run;
  ex.run = data.run;
  ex.offer = offer;
  ex.summary.textContent = offer.words["export.summary"]; // the language may have changed
  const reply = offer.reply;
  if (reply && ex.waiting.has(reply.seq)) {
    ex.waiting.get(reply.seq)(reply.frames);
    ex.waiting.delete(reply.seq);
  }
  if (ex.panel) ex.panel.update(newRun);
}

// A few seconds after the stage came, when the browser is idle: the modules an export
// needs (a later import of the same address is served from the page's module map).
const PREFETCH_AFTER_MS = 3000;
let exportFetched = null;

function absolute(url) {
  return new URL(url, window.location.href).href;
}

function exportPrefetch(offer) {
  if (exportFetched !== null) return;
  exportFetched = new Promise((resolve) => {
    const idle = window.requestIdleCallback || ((fn) => setTimeout(fn, 0));
    setTimeout(() => idle(resolve, { timeout: 5000 }), PREFETCH_AFTER_MS);
  })
    .then(() => Promise.all([offer.module, offer.encoders].map((u) => import(absolute(u)))))
    .then(() => {
      document.documentElement.dataset.exportPrefetched = "1";
    })
    .catch(() => {
      exportFetched = null; // loaded when Export is opened instead
    });
}

function exportDrop(inst) {
  const ex = inst.exportState;
  if (!ex) return;
  ex.box.remove();
  inst.exportState = null;
}

function exportOpen(inst, ex) {
  if (ex.loading) return;
  ex.body.textContent = ex.offer.words["export.loading"];
  ex.loading = import(absolute(ex.offer.module))
    .then((mod) => mod.mountPanel(ex.body, exportHost(inst, ex)))
    .then((panel) => {
      ex.panel = panel;
    })
    .catch((err) => {
      ex.loading = null;
      const why = String(err?.message ? err.message : err);
      ex.body.textContent = ex.offer.words["export.load_failed"].replace("{why}", () => why);
    });
}

function exportHost(inst, ex) {
  const sync = () => (inst.stage ? inst.stage.sync : null);
  return {
    get offer() {
      return ex.offer;
    },
    cursor: () => (sync() ? sync().cursor : 0),
    frames: () => (sync() ? sync().frames : new Map()),
    speedMs: () => {
      const s = sync();
      return s?.data.play ? s.data.play.speed_ms : 500;
    },
    scene: (width, height) => {
      const fig = JSON.parse(inst.lastData.figure);
      const layout = prepareLayout(fig.layout || {}, height, null);
      delete layout.clickanywhere;
      // A legend below the plot stays as many pixels below it at the export's height.
      const legend = Object.assign({}, layout.legend || {});
      const m = layout.margin || {};
      const base = fig.layout?.height;
      if (typeof legend.y === "number" && legend.y < 0 && base) {
        const room = (h) => Math.max(1, h - (m.t || 0) - (m.b || 0));
        legend.y = (legend.y * room(base)) / room(height);
        layout.legend = legend;
      }
      const s = sync();
      const background = s ? s.data.under_layout.plot_bgcolor : null;
      // The step's layers, as the stage draws them under and over the scene (no axes).
      const layer = (name) => {
        const out = prepareLayout(s.data[name], height, null);
        delete out.clickanywhere;
        return Object.assign(out, { width });
      };
      return {
        data: fig.data || [],
        layout: Object.assign(layout, { width }),
        background,
        under: layer("under_layout"),
        over: layer("over_layout"),
      };
    },
    ask: (cursors) =>
      new Promise((resolve) => {
        ex.seq += 1;
        ex.waiting.set(ex.seq, resolve);
        inst.setStateValue("export", { seq: ex.seq, cursors });
      }),
  };
}
