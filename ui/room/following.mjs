// Perceptron Lab: a student's page following the lecture, its pure logic (no DOM, no page),
// which node's test runner imports (tests/js/follow.test.mjs). ui/room/follow.py serves it
// with ui/room/follow.js (its "export" words dropped) as the page's follower script.
//
// The follower listens to the class's events (GET /class/CODE/events, ui/room/routes.py):
// the whole state first (``state``: its ``lead``), then each move (``lead``), ``ended``
// last. It compares the lecture's lead state with what the page shows, ``shown`` =
// {page, query, scene, cursor} (the server's, from ui/room/follow.py):
//
// - another page, link (data, settings) or scene: "open", the server opens it (a rerun:
//   io.rerun(); the server reads the lead from the store, never from the browser);
// - the same page and link at another cursor: "step", the stage moves to it from the
//   frames it holds (io.goto(cursor) -> whether it could), else the server does (a rerun);
// - the class ended: a rerun, and the server says so.
//
// One rerun is asked per lead version: a lead that asked for one is not asked again until
// the server's next ``shown`` arrives (a new script run of the page), or, when none comes
// (a press lost while the page was still loading), RETRY_MS later, at most RETRIES times.

export const RETRY_MS = 3000;
export const RETRIES = 3;
// The frames a follower's page holds reach FOLLOW_STEPS_AHEAD (96) Steps on
// (ui/stage/frames.py); a whole room's pages would run out at the same press. So when they
// reach PREFETCH_AHEAD Steps or fewer, the follower asks the server for the next ones (a
// rerun: the lecture's step opened anew) after a random wait of up to PREFETCH_SPREAD_MS:
// a room's runs spread over half a minute while frames are left, not all at once on the
// press that needs them (a run costs the server about a fifth of a CPU-second).
export const PREFETCH_AHEAD = 40;
export const PREFETCH_SPREAD_MS = 30000;

export function followAction(shown, lead) {
  if (!lead || typeof lead.page !== "string") return "none";
  const same =
    lead.page === shown.page &&
    (lead.query || "") === (shown.query || "") &&
    (lead.scene ?? null) === (shown.scene ?? null);
  if (!same) return "open";
  if (typeof lead.cursor === "number" && lead.cursor !== shown.cursor) return "step";
  return "none";
}

// Where the lecture is, in words (a detached student's page shows it as it moves).
export function whereText(lead) {
  if (!lead || typeof lead.page !== "string") return "";
  const step = Number.isInteger(lead.cursor) ? `, step ${lead.cursor.toLocaleString("en-US")}` : "";
  return `The lecture is on /${lead.page}${step}.`;
}

export class Follower {
  // ``io``: {rerun(), goto(cursor) -> bool, ahead() -> Steps the frames reach, where(text),
  // setTimeout(fn, ms), clearTimeout(id), random() -> [0, 1)}.
  constructor(shown, io, on = true) {
    this.io = io;
    this.on = on; // following; off: detached, the lecture's place only is shown
    this.shown = Object.assign({}, shown);
    this.lead = null;
    this.version = -1; // the lead's version last seen
    this.asked = -1; // the version a rerun was asked for
    this.tries = 0; // reruns asked for it with no page since
    this.timer = 0;
    this.prefetch = 0; // the timer of a rerun asked before the frames run out
    this.ended = false;
  }

  // The server's page again (a rerun drew it): what it shows now; a lead that came
  // meanwhile is applied to it.
  show(shown, on = true) {
    this.on = on;
    this.shown = Object.assign({}, shown);
    // The stage shows the server's step: it may have kept its own (the steps this page
    // followed were never reported, so a page opened anew at the lecture's step looked
    // like an older report to it; Back to the lecture then stayed where the student left).
    if (on && typeof shown.cursor === "number") this.io.goto(shown.cursor);
    this.asked = -1;
    this.tries = 0;
    this.io.clearTimeout(this.timer);
    this.io.clearTimeout(this.prefetch);
    this.prefetch = 0;
    if (this.lead !== null) this.apply();
  }

  ask() {
    this.tries += 1;
    this.io.rerun();
    this.io.clearTimeout(this.timer);
    if (this.tries >= RETRIES) return;
    const version = this.version;
    this.timer = this.io.setTimeout(() => {
      if (this.asked === version && this.version === version) this.ask();
    }, RETRY_MS);
  }

  // An event of the class's stream (parsed JSON). Returns the action taken.
  take(event) {
    if (!event || typeof event !== "object") return "none";
    if (event.type === "ended") {
      this.ended = true;
      this.io.clearTimeout(this.timer);
      this.io.rerun();
      return "ended";
    }
    let lead = null;
    let version = this.version;
    if (event.type === "state") {
      lead = event.lead;
      version = typeof event.version === "number" ? event.version : version;
    } else if (event.type === "lead") {
      lead = event.lead;
      version = typeof event.version === "number" ? event.version : version + 1;
    } else {
      return "none";
    }
    if (!lead || typeof lead !== "object" || version < this.version) return "none";
    this.lead = lead;
    this.version = version;
    return this.apply();
  }

  apply() {
    if (!this.on) {
      this.io.where(whereText(this.lead));
      return "watch";
    }
    const action = followAction(this.shown, this.lead);
    if (action === "none") return "none";
    if (action === "step" && this.io.goto(this.lead.cursor)) {
      this.shown.cursor = this.lead.cursor;
      if (this.prefetch === 0 && this.io.ahead() <= PREFETCH_AHEAD) {
        this.prefetch = this.io.setTimeout(
          () => {
            this.prefetch = 0;
            if (this.on && !this.ended && this.asked !== this.version) this.io.rerun();
          },
          Math.floor(this.io.random() * PREFETCH_SPREAD_MS),
        );
      }
      return "step";
    }
    if (this.asked === this.version) return "waiting";
    this.asked = this.version;
    this.tries = 0;
    this.ask();
    return action === "step" ? "rerun" : "open";
  }
}

// The stream's health. The server sends an event at least every HEARTBEAT_MS (a heartbeat
// when the class is quiet: ui/room/routes.py's HEARTBEAT_S). A stream unheard for
// SILENT_MS (three heartbeats) is taken for dead, though the browser may not know it (a
// killed replica, a phone's Wi-Fi handing over): the page says so and opens a new stream,
// whose first event is the class's whole state, so the page lands on the lecture's page,
// step and panels. Tries come RECONNECT_MS apart (the last repeated); after GIVE_UP tries
// the page says what to do, and keeps trying.
export const HEARTBEAT_MS = 5000;
export const SILENT_MS = 3 * HEARTBEAT_MS;
export const RECONNECT_MS = [1000, 2000, 4000, 8000, 15000];
export const GIVE_UP = 6;

export class Watch {
  constructor(now) {
    this.heard = now; // the last event, heartbeat or open of the stream
    this.tries = 0; // new streams opened since
    this.next = null; // when the next try is due
    this.state = "live"; // "live" | "silent" (reconnecting) | "lost" (say what to do) | "over"
  }

  // Anything from the stream: it is alive.
  hear(now) {
    if (this.state === "over") return;
    this.heard = now;
    this.tries = 0;
    this.next = null;
    this.state = "live";
  }

  // The stream ended for good (the class ended, the seat was removed or moved to another
  // tab): nothing more to watch.
  over() {
    this.state = "over";
  }

  // Looked at every second: "reconnect" when a new stream is due, else "none".
  check(now) {
    if (this.state === "over") return "none";
    if (this.next === null) {
      if (now - this.heard < SILENT_MS) return "none";
    } else if (now < this.next) {
      return "none";
    }
    this.tries += 1;
    this.state = this.tries > GIVE_UP ? "lost" : "silent";
    this.next = now + RECONNECT_MS[Math.min(this.tries, RECONNECT_MS.length) - 1];
    return "reconnect";
  }
}
