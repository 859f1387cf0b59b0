// The lecturer's steps straight to the class. The stage (ui/stage/stage.js) says each frame
// it draws with a window event "perceptron-lab-drawn" {run, cursor, seq}; on the lecturer's
// page while a class is on, the Leader posts the lead state at that step to the class's
// route (POST /class/CODE/lead {secret, lead}: ui/room/routes.py), so a step reaches the
// followers without waiting for the lecturer's page to run again. The server's own run
// still publishes every lead (the page, its link, the scene, and the step it has); the
// store keeps the newer of the two by ``seq`` (the stage's count of moves in this browser:
// ui/room/rules.py, ``stale_lead``).
//
// data = {code, secret, lead: {page, query, scene, step, run, cursor, seq}}: the lead as
// the server published it at its last run. A frame of another run (a setting changed and
// the server has not run yet) is left to the server's run.
// io = {post(url, body) -> Promise, setTimeout(fn, ms)}

export const RETRY_MS = 500;

export class Leader {
  constructor(io) {
    this.io = io;
    this.data = null;
    this.lastSeq = 0; // the newest move posted or published
    this.inflight = false; // one post at a time; the newest waiting one goes next
    this.next = null;
  }

  // The server's run: its class and lead (null: no class led from this page).
  take(data) {
    this.data = data && typeof data.code === "string" && data.lead ? data : null;
    if (this.data) this.lastSeq = Math.max(this.lastSeq, Number(this.data.lead.seq) || 0);
  }

  // A frame drawn. Returns whether a lead was posted (or queued behind one in flight).
  drawn(detail) {
    const d = this.data;
    if (!d || !detail) return false;
    const { run, cursor, seq } = detail;
    if (run !== d.lead.run || !Number.isInteger(cursor) || !Number.isInteger(seq)) return false;
    if (seq <= this.lastSeq) return false; // the server's run or an earlier post has it
    this.lastSeq = seq;
    const lead = { ...d.lead, cursor, seq };
    if (this.inflight) {
      this.next = lead;
    } else {
      this.post(lead);
    }
    return true;
  }

  // ``io.post`` resolves true when the class took the lead, false when it refused it
  // (the class ended: no retry), and rejects when the server could not be reached or
  // failed (a replica whose store connection had just gone): then once more after
  // RETRY_MS, unless a newer step is waiting. The page's own run publishes the step too.
  post(lead, retry = true) {
    const d = this.data;
    if (!d) return;
    this.inflight = true;
    const done = () => {
      this.inflight = false;
      const next = this.next;
      this.next = null;
      if (next) this.post(next);
    };
    const failed = () => {
      if (retry && !this.next && this.data) {
        this.io.setTimeout(() => this.post(lead, false), RETRY_MS);
      } else {
        done();
      }
    };
    const url = `/class/${encodeURIComponent(d.code)}/lead`;
    Promise.resolve()
      .then(() => this.io.post(url, { secret: d.secret, lead }))
      .then(done, failed);
  }
}
