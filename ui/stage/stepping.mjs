// Perceptron Lab: the stage's pure logic in the browser (no DOM, no page), which node's
// test runner imports (tests/js/stage.test.mjs). ui/stage/chart.py serves it joined with
// ui/stage/stage.js (which uses it) as the chart component's module.
//
// - applyMove: a press, by the server's plan of the cursor (``Stepper.plan``: where every
//   button lands, which are off) and what each move does to Back's history. No stepping
//   rule is written here: a "push" move remembers the cursor it leaves, a "pop" move goes
//   back to the last cursor remembered (or, with none, to its target), a "clear" move
//   forgets them; the targets are the server's.
// - StageSync: the sync state machine. A press whose target has a frame moves here; the
//   server is told where the browser is ``sync_ms`` after the last press (one report at a
//   time: a report wanted while one is unanswered is sent once the answer is in and has
//   settled). A press with no frame is left to the server, and presses made while it moves
//   wait in order for its answer. An answer that never comes (a lost connection) frees
//   both after ANSWER_TIMEOUT_MS with the server idle (``io.busy()`` false).

export const SETTLE_MS = 250; // after an answer, before a deferred report is sent
export const ANSWER_TIMEOUT_MS = 15000; // an answer not in by then is lost
export const PLAY_SYNC_MS = 2000; // Play: the server follows this often, not every frame
export const QUEUE_MAX = 100;

// Where ``move`` goes from ``cursor``: {to, history} (Back's history after it), or null when
// it does nothing (a "push" move that would stay where it is). ``to`` is undefined when
// the plan has no row for the cursor: the server makes the move.
export function applyMove(row, effect, cursor, history, move) {
  if (effect === "pop" && history.length) {
    return { to: history[history.length - 1], history: history.slice(0, -1) };
  }
  const to = row?.to ? row.to[move] : undefined;
  if (effect === "clear") return { to, history: [] };
  if (effect === "pop") return { to, history: history.slice() };
  if (to === cursor) return null; // at the end already: nothing to do
  return { to, history: to === undefined ? history.slice() : [...history, cursor] };
}

// The buttons' states from the plan's row and Back's history: {move: disabled}. A "pop"
// move is on while there is a move to undo.
export function buttonStates(row, effects, history) {
  const off = new Set(row?.off || []);
  const out = {};
  for (const [move, effect] of Object.entries(effects || {})) {
    out[move] = off.has(move) && !(effect === "pop" && history.length > 0);
  }
  return out;
}

function byCursor(json) {
  return new Map(Object.entries(JSON.parse(json)).map(([k, v]) => [Number(k), v]));
}

// The stage's state between the server's answers. ``io``: {send(report), now(),
// setTimeout(fn, ms), clearTimeout(id), busy()} (the browser's, or a test's clock; busy:
// whether the server is still working, optional).
export class StageSync {
  constructor(data, io) {
    this.io = io;
    this.run = data.run;
    this.seq = data.applied || 0; // the last press here (or the server's last applied)
    this.cursor = data.cursor;
    this.history = data.history.slice();
    this.data = data;
    this.frames = new Map(); // cursor -> frame
    this.moves = new Map(); // cursor -> the plan's row
    this.framesJson = null;
    this.windowKey = null; // the server's window of frames (its base and cursors) last taken
    this.base = null; // what the frames held were drawn for (the run, scene, notation, language)
    this.missing = false; // frames of the server's window not held here
    this.takes = 0; // the server's answers taken
    this.askedAt = -1; // the answer after which frames were last asked for
    this.movesJson = null;
    this.timer = 0; // the report after the last press
    this.waiting = 0; // the seq of a move sent to the server, until it answers
    this.queue = []; // presses made meanwhile
    this.inflight = 0; // the seq of the report the server has not answered yet
    this.sentSeq = data.applied || 0; // the last seq reported
    this.deferred = null; // a report wanted while one was in flight: {move}
    this.lastSync = 0; // when the cursor was last reported (io.now())
    this.syncs = 0; // reports sent (benchmarks and tests read it)
    this.closed = false; // the stage was dropped: its timers do nothing
    this.leaving = false; // a scene was asked for: the server's next state is the truth
  }

  // The server's data (a rerun): its frames and plan, and its cursor unless the browser
  // stepped since what the server applied. Returns whether the frames changed.
  //
  // ``window`` (the cursors of the server's window) and ``base`` given: ``frames`` holds
  // only the frames the browser did not report holding (a Step's answer is not sent the
  // window again); the others are kept from before, if drawn for the same base. Without
  // them (the notebook's stage), ``frames`` is the whole window.
  take(data) {
    this.data = data;
    this.takes += 1;
    let framesChanged = false;
    const windowKey = Array.isArray(data.window) ? `${data.base}|${data.window.join(",")}` : null;
    if (data.frames !== this.framesJson || windowKey !== this.windowKey) {
      this.framesJson = data.frames;
      this.windowKey = windowKey;
      const sent = byCursor(data.frames);
      if (windowKey === null) {
        this.frames = sent;
        framesChanged = true;
      } else {
        const kept = data.base === this.base ? this.frames : new Map();
        const next = new Map();
        for (const c of data.window) {
          const frame = sent.has(c) ? sent.get(c) : kept.get(c);
          if (frame !== undefined) next.set(c, frame);
        }
        this.missing = next.size < data.window.length;
        framesChanged = sent.size > 0 || data.base !== this.base;
        this.base = data.base;
        this.frames = next;
      }
    }
    if (data.moves !== this.movesJson) {
      this.movesJson = data.moves;
      this.moves = byCursor(data.moves);
    }
    const applied = data.applied || 0;
    if (this.leaving && applied >= this.sentSeq) {
      // The next scene's state (every report sent is in): what was stepped here and not
      // reported belonged to the scene left.
      this.leaving = false;
      this.seq = Math.max(applied, this.sentSeq);
    }
    if (applied >= this.seq) {
      // Nothing stepped here since the server's state: the server is the truth.
      this.seq = applied;
      this.cursor = data.cursor;
      this.history = data.history.slice();
    }
    if (!this.frames.has(this.cursor)) this.cursor = data.cursor; // another window's frames
    return framesChanged;
  }

  // After ``take``: the report the server answered frees the next; the move it made frees
  // the presses that waited for it, returned in order to be played.
  settle() {
    const applied = this.data.applied || 0;
    if (this.inflight !== 0 && applied >= this.inflight) this.answered();
    if (this.waiting !== 0 && applied >= this.waiting) {
      this.waiting = 0;
      return this.queue.splice(0);
    }
    return [];
  }

  row() {
    return this.moves.get(this.cursor);
  }

  // Whether ``move``'s button is off at the cursor (Play stops where its move is).
  off(move) {
    return !!buttonStates(this.row(), this.data.effects, this.history)[move];
  }

  // Whether the clicker's ``side`` ("next" or "prev") leaves a lecture's scene from here.
  leaves(side) {
    const row = this.row();
    return this.waiting === 0 && !!row && (row.leave || []).includes(side);
  }

  // A press: "queued" (the server is moving), "none", "server" (left to the server, sent)
  // or "local" (moved here: draw it, then ``moved``).
  press(move) {
    if (this.waiting !== 0) {
      if (this.queue.length < QUEUE_MAX) this.queue.push(move);
      return "queued";
    }
    const effects = this.data.effects || {};
    const landing = applyMove(this.row(), effects[move], this.cursor, this.history, move);
    if (landing === null) return "none";
    if (landing.to === undefined || !this.frames.has(landing.to)) {
      // Beyond the frames sent: the server moves from where the browser is.
      this.io.clearTimeout(this.timer);
      this.seq += 1;
      this.waiting = this.seq;
      const sent = this.seq;
      this.giveUp(
        () => this.waiting === sent,
        () => {
          this.waiting = 0; // no answer (a lost connection): presses are taken again
          this.queue = [];
        },
      );
      this.report(move);
      return "server";
    }
    this.history = landing.history;
    this.cursor = landing.to;
    this.seq += 1;
    return "local";
  }

  // How many Steps on from the cursor the frames held reach (a follower asks the server
  // for the next ones before they run out), counted up to ``most``. Frames that reach the
  // run's end (Step stays) leave nothing to ask for: ``most``.
  ahead(most = 100) {
    let cursor = this.cursor;
    let n = 0;
    while (n < most) {
      const row = this.moves.get(cursor);
      const to = row?.to ? row.to.step : undefined;
      if (to === cursor) return most;
      if (to === undefined || !this.frames.has(to)) break;
      cursor = to;
      n += 1;
    }
    return n;
  }

  // The lecture moved to ``cursor`` (a student following it): "local" when a frame is
  // here for it (drawn here, not reported: no rerun per student per step; a later report
  // carries it), else "none" (the server opens it). Back's history keeps the cursors
  // before it, with the one left when moving on.
  goto(cursor) {
    if (this.waiting !== 0 || !this.frames.has(cursor)) return "none";
    if (cursor === this.cursor) return "local";
    const before = this.history.filter((c) => c < cursor);
    this.history = cursor > this.cursor ? [...before, this.cursor] : before;
    this.cursor = cursor;
    this.seq += 1;
    return "local";
  }

  // After a local move has been drawn: report it ``sync_ms`` after the last press, or, for
  // a frame of Play, at most every PLAY_SYNC_MS.
  moved(playing = false) {
    if (!playing) {
      this.schedule(this.data.sync_ms || 400);
    } else if (this.io.now() - this.lastSync >= PLAY_SYNC_MS) {
      this.io.clearTimeout(this.timer);
      this.report(null);
    }
  }

  // Report the cursor after ``delay`` ms (the last of several quick presses wins).
  schedule(delay) {
    this.io.clearTimeout(this.timer);
    const seq = this.seq;
    this.timer = this.io.setTimeout(() => {
      if (this.closed || this.seq !== seq || this.waiting !== 0) return;
      this.report(null);
    }, delay);
  }

  // One report at a time: a rerun request sent while the server is still answering the
  // last one would carry the widgets' values from before that answer (the scrub slider's
  // old step, which the server would take as a drag back). A report of nothing new is not
  // sent. Returns whether it was sent.
  report(move) {
    if (move === null && (this.seq === this.sentSeq || this.leaving)) return false;
    if (this.inflight !== 0) {
      this.deferred = { move };
      return false;
    }
    this.inflight = this.seq;
    this.sentSeq = this.seq;
    const sent = this.seq;
    this.giveUp(
      () => this.inflight === sent,
      () => this.answered(),
    ); // a lost connection
    this.lastSync = this.io.now();
    this.syncs += 1;
    this.io.send(this.reportOf(move));
    return true;
  }

  reportOf(move) {
    const out = { cursor: this.cursor, history: this.history.slice(-1000), seq: this.seq, move };
    if (this.base !== null) {
      out.base = this.base; // the frames held: the server sends the others only
      out.held = [...this.frames.keys()];
    }
    return out;
  }

  // Frames of the server's window are missing here (the chart was drawn anew, or one
  // window came while the report that made another was on its way): a report naming the
  // frames held asks for the others, once per answer taken and never beside a report
  // in flight (whose answer is checked in turn). Nor while a move waits for the server:
  // the ask would carry the move's seq without the move, and the server, taking that seq
  // as done, would drop the move's own report (a press lost); the move's answer brings
  // the window's frames, and this is asked again after it. Returns whether it was sent.
  askFrames() {
    if (!this.missing || this.closed || this.askedAt === this.takes) return false;
    if (this.inflight !== 0 || this.waiting !== 0) return false;
    this.askedAt = this.takes;
    this.syncs += 1;
    this.io.send({ ...this.reportOf(null), ask: this.takes });
    return true;
  }

  // After ANSWER_TIMEOUT_MS, ``lost()`` unless the answer came (``pending()`` false) or the
  // server is still working on it (``io.busy()``: its script runs; a 20,000-point run on a
  // loaded server takes longer): then it waits as long again.
  giveUp(pending, lost) {
    const check = () => {
      if (this.closed || !pending()) return;
      if (this.io.busy?.()) this.io.setTimeout(check, ANSWER_TIMEOUT_MS);
      else lost();
    };
    this.io.setTimeout(check, ANSWER_TIMEOUT_MS);
  }

  answered() {
    this.inflight = 0;
    const deferred = this.deferred;
    this.deferred = null;
    if (deferred !== null) {
      this.io.setTimeout(() => {
        if (!this.closed) this.report(deferred.move);
      }, SETTLE_MS);
    }
  }

  // The clicker or a click left the lecture's scene: a report of the cursor here, still
  // to be sent, would move the next scene (the same run, on the same page) to it, so none
  // is sent, and the server's state that comes next is taken whatever was stepped here.
  leave() {
    this.io.clearTimeout(this.timer);
    this.deferred = null;
    this.leaving = true;
  }

  close() {
    this.closed = true;
    this.io.clearTimeout(this.timer);
  }
}
