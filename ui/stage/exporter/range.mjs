// Perceptron Lab: the export's pure logic (no DOM, no Plotly): which steps an export holds
// and what the panel says about them, the files' names, the order the frames are drawn
// and asked of the server in, the words on the panel. Run by node's test runner
// (tests/js/export.test.mjs); panel.mjs (beside it) draws and encodes.
//
// A step is a cursor of the stage: the visits done (the scrub slider's "Step"). An export
// of steps ``from`` to ``to`` holds both ends: to - from + 1 frames.

const count = (n) => Number(n).toLocaleString("en-US");

function wholeStep(value) {
  if (typeof value === "string" && value.trim() === "") return NaN;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : NaN;
}

// The steps an export of ``from`` to ``to`` (as typed) holds, in a run of ``total``
// visits, at most ``max`` of them: {ok: true, from, to, count, note} where ``note`` says in
// plain words what was cut (empty: nothing), or {ok: false, error}.
export function planRange(from, to, total, max) {
  const a = wholeStep(from);
  const b = wholeStep(to);
  if (Number.isNaN(a) || Number.isNaN(b)) {
    return { ok: false, error: `From and To are whole step numbers, 0 to ${count(total)}.` };
  }
  if (a < 0 || a > total) {
    return { ok: false, error: `From must be a step of this run: 0 to ${count(total)}.` };
  }
  if (b < a) {
    return { ok: false, error: `To (${count(b)}) comes before From (${count(a)}).` };
  }
  const notes = [];
  let end = b;
  if (end > total) {
    notes.push(`The run ends at step ${count(total)}: exporting up to there.`);
    end = total;
  }
  const asked = end - a + 1;
  if (asked > max) {
    end = a + max - 1;
    notes.length = 0;
    notes.push(
      `${count(b - a + 1)} steps asked; an export holds at most ${count(max)}: ` +
        `exporting steps ${count(a)} to ${count(end)}.`,
    );
  }
  return { ok: true, from: a, to: end, count: end - a + 1, note: notes.join(" ") };
}

// The page's name as a file name's part: lower case letters, digits and dashes.
export function pageSlug(page) {
  const slug = String(page || "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  return slug || "stage";
}

// The downloaded file's name: the page and the steps ("perceptron-playground-steps-0-20.gif";
// one step: "perceptron-playground-step-7.png").
export function fileName(page, from, to, ext) {
  const steps = from === to ? `step-${from}` : `steps-${from}-${to}`;
  return `perceptron-${pageSlug(page)}-${steps}.${ext}`;
}

// The cursors of an export, in the order they are played: ``from`` up to ``to``.
export function frameOrder(from, to) {
  const out = [];
  for (let c = from; c <= to; c++) out.push(c);
  return out;
}

// The next round to ask the server for: the first ``roundMax`` cursors of ``order`` whose
// frame is not held (``have``: a Set or a Map of cursors).
export function nextAsk(order, have, roundMax) {
  const out = [];
  for (const c of order) {
    if (!have.has(c)) out.push(c);
    if (out.length >= roundMax) break;
  }
  return out;
}

// The time a frame stays on screen: Play's speed, within what a GIF viewer plays (a GIF's
// delay is in hundredths of a second; browsers draw shorter delays than 20 ms slower).
export function frameMs(speedMs) {
  const ms = Number(speedMs);
  if (!Number.isFinite(ms)) return 500;
  return Math.round(Math.min(10000, Math.max(100, ms)) / 10) * 10;
}

// What this browser can make, in plain words: ``video`` = {webm: codec | null, mp4: codec
// | null} (the codecs VideoEncoder.isConfigSupported accepted), or null when the browser
// has no VideoEncoder.
export function formatsSaid(video) {
  if (video === null) {
    return "This browser makes GIF and PNG; it has no video encoder (WebCodecs), so no video.";
  }
  const made = ["GIF"];
  if (video.webm) made.push(`WebM (${video.webm})`);
  if (video.mp4) made.push(`MP4 (${video.mp4})`);
  made.push("PNG");
  const said = `This browser makes ${made.slice(0, -1).join(", ")} and ${made[made.length - 1]}`;
  const missing = [];
  if (!video.webm) missing.push("WebM (it cannot encode VP9 or VP8)");
  if (!video.mp4) missing.push("MP4 (it cannot encode H.264)");
  return missing.length ? `${said}; not ${missing.join(" nor ")}.` : `${said}.`;
}

// ``text`` broken into lines no wider than ``width`` by ``measure(s)`` (a canvas's
// measureText): at spaces, and inside a word only when the word alone is too wide.
export function wrapLines(text, width, measure) {
  const lines = [];
  for (const paragraph of String(text).split("\n")) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (measure(next) <= width || !line) {
        line = next;
      } else {
        lines.push(line);
        line = word;
      }
      while (measure(line) > width && line.length > 1) {
        let cut = line.length - 1;
        while (cut > 1 && measure(line.slice(0, cut)) > width) cut--;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    if (line) lines.push(line);
  }
  return lines;
}

// The progress line: "Drawing and encoding frame 7 of 21", "Waiting for the server's
// frame of step 40".
export function progressSaid(phase, done, total) {
  if (phase === "ask") return `Waiting for the server's frame of step ${count(done)}`;
  if (phase === "finish") return "Writing the file";
  return `Drawing and encoding frame ${count(done)} of ${count(total)}`;
}
