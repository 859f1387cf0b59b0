// Perceptron Lab: the export's pure logic (no DOM, no Plotly): which steps an export holds
// and what the panel says about them, the files' names, the order the frames are drawn
// and asked of the server in, the words on the panel. Run by node's test runner
// (tests/js/export.test.mjs); panel.mjs (beside it) draws and encodes.
//
// The words are the server's (``words``: the offer's, in the lab's language, from the
// catalogue's "export.*" messages, ui/words/locale/export.pot): {id: template} with named
// fields ("{total}"), a plural its forms, picked by the count with the language's rule
// ("export.plural": the form of each count below 200, periodic by 100 beyond, as
// ui.words.plural_table gives it; without it, English's). Numbers are written here, the
// same in every language (en-US grouping, a decimal point).
//
// A step is a cursor of the stage: the visits done (the scrub slider's "Step"). An export
// of steps ``from`` to ``to`` holds both ends: to - from + 1 frames.

const count = (n) => Number(n).toLocaleString("en-US");

// Message ``id`` of ``words`` with its named fields filled in (``fields``: already written
// as text); a plural's form picked by ``n`` (a number).
export function say(words, id, fields = {}, n = undefined) {
  let entry = words[id];
  if (entry === undefined) throw new Error(`no words for ${id}`);
  if (Array.isArray(entry)) {
    const k = Math.abs(Number(n));
    const table = words["export.plural"];
    const form = !Number.isInteger(k)
      ? 99
      : table
        ? table[k < table.length ? k : 100 + (k % 100)]
        : k === 1
          ? 0
          : 1;
    entry = entry[Math.min(form, entry.length - 1)];
  }
  return entry.replace(/\{(\w+)\}/g, (all, name) => (name in fields ? String(fields[name]) : all));
}

function wholeStep(value) {
  if (typeof value === "string" && value.trim() === "") return NaN;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : NaN;
}

// The steps an export of ``from`` to ``to`` (as typed) holds, in a run of ``total``
// visits, at most ``max`` of them: {ok: true, from, to, count, note} where ``note`` says in
// plain words what was cut (empty: nothing), or {ok: false, error}.
export function planRange(from, to, total, max, words) {
  const a = wholeStep(from);
  const b = wholeStep(to);
  if (Number.isNaN(a) || Number.isNaN(b)) {
    return { ok: false, error: say(words, "export.not_whole", { total: count(total) }) };
  }
  if (a < 0 || a > total) {
    return { ok: false, error: say(words, "export.from_outside", { total: count(total) }) };
  }
  if (b < a) {
    return { ok: false, error: say(words, "export.to_before", { to: count(b), from: count(a) }) };
  }
  const notes = [];
  let end = b;
  if (end > total) {
    notes.push(say(words, "export.run_ends", { total: count(total) }));
    end = total;
  }
  const asked = end - a + 1;
  if (asked > max) {
    end = a + max - 1;
    notes.length = 0;
    const fields = { n: count(b - a + 1), max: count(max), from: count(a), to: count(end) };
    notes.push(say(words, "export.capped", fields));
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
export function formatsSaid(video, words) {
  if (video === null) return say(words, "export.formats_no_video");
  const made = ["GIF"];
  if (video.webm) made.push(`WebM (${video.webm})`);
  if (video.mp4) made.push(`MP4 (${video.mp4})`);
  made.push("PNG");
  const listed = say(words, "export.and", {
    list: made.slice(0, -1).join(", "),
    last: made[made.length - 1],
  });
  const webm = say(words, "export.no_webm");
  const mp4 = say(words, "export.no_mp4");
  if (!video.webm && !video.mp4) return say(words, "export.formats_neither", { made: listed, webm, mp4 });
  if (!video.webm || !video.mp4) {
    return say(words, "export.formats_not", { made: listed, missing: video.webm ? mp4 : webm });
  }
  return say(words, "export.formats", { made: listed });
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
// frame of step 40" (in ``words``' language).
export function progressSaid(phase, done, total, words) {
  if (phase === "ask") return say(words, "export.waiting", { step: count(done) });
  if (phase === "finish") return say(words, "export.writing");
  return say(words, "export.drawing", { done: count(done), total: count(total) });
}
