// Perceptron Lab: a student placing points for the class (Collect points), its pure logic
// (no DOM), which node's test runner imports (tests/js/collect.test.mjs). ui/room/follow.py
// serves it with ui/room/follow.js (its "export" words dropped), which draws the bar (the
// class of the next point, how many are placed) and takes the chart's taps.
//
// The class's events (ui/room/rules.py): ``state`` (``collecting``: {box, per_student} or
// null, and every ``points`` entry {id, x1, x2, label, by}), ``collecting``, ``point``,
// ``point_removed`` ({point: id}), ``ended``. A student's own points are those ``by`` their
// pseudonym. The server checks every point again (the box, the cap, the rate); what it
// refuses is said to this student. Every point of the class is kept too, so the student's
// chart shows the class's points as they arrive, as the projector does.

export class Collect {
  constructor(me) {
    this.me = String(me || ""); // the student's pseudonym
    this.on = null; // {box: [x_min, x_max, y_min, y_max], per_student} while collecting
    this.mine = new Set(); // the ids of this student's points
    this.points = new Map(); // id -> {x1, x2, label, by}: the class's points
    this.label = 1; // the class of the next point
    this.pending = 0; // points sent, not answered yet
    this.said = "";
  }

  // An event of the class's stream: whether what is drawn changes.
  take(event) {
    if (!event || typeof event !== "object") return false;
    if (event.type === "state") {
      this.on = valid(event.collecting);
      const points = (Array.isArray(event.points) ? event.points : []).filter(point);
      this.points = new Map(points.map((p) => [p.id, p]));
      this.mine = new Set(points.filter((p) => p.by === this.me).map((p) => p.id));
      return true;
    }
    if (event.type === "collecting") {
      this.on = valid(event.collecting);
      this.said = "";
      return true;
    }
    if (event.type === "point" && point(event.point)) {
      this.points.set(event.point.id, event.point);
      if (event.point.by === this.me) this.mine.add(event.point.id);
      return true;
    }
    if (event.type === "point_removed") {
      this.mine.delete(event.point);
      return this.points.delete(event.point);
    }
    if (event.type === "ended") {
      this.on = null;
      this.points.clear();
      return true;
    }
    return false;
  }

  choose(label) {
    if (label === 1 || label === -1) this.label = label;
  }

  // A tap at (x1, x2) on the chart: the body to send ({x1, x2, label}), or null with the
  // reason said (not collecting, outside the box, all placed).
  place(x1, x2) {
    if (!this.on) return null;
    const [x0, x9, y0, y9] = this.on.box;
    if (!Number.isFinite(x1) || !Number.isFinite(x2) || x1 < x0 || x1 > x9 || x2 < y0 || x2 > y9) {
      this.said = "Tap inside the chart's box.";
      return null;
    }
    if (this.mine.size + this.pending >= this.on.per_student) {
      this.said = `You have placed your ${this.on.per_student} point${this.on.per_student === 1 ? "" : "s"}.`;
      return null;
    }
    this.pending += 1;
    this.said = "";
    return { x1, x2, label: this.label };
  }

  // The server's answer to a point sent.
  answered(ok, reason = "") {
    this.pending = Math.max(0, this.pending - 1);
    if (!ok) this.said = String(reason || "Your point was not taken.");
  }

  view() {
    const per = this.on ? this.on.per_student : 0;
    const points = [...this.points.values()].map((p) => ({
      x1: p.x1,
      x2: p.x2,
      label: p.label,
      mine: this.mine.has(p.id),
    }));
    return { on: !!this.on, label: this.label, placed: this.mine.size, per, said: this.said, points };
  }
}

// A point as the server sends it: an id, finite coordinates, a class of +1 or -1.
function point(p) {
  return (
    !!p &&
    typeof p === "object" &&
    Number.isInteger(p.id) &&
    Number.isFinite(p.x1) &&
    Number.isFinite(p.x2) &&
    (p.label === 1 || p.label === -1)
  );
}

function valid(collecting) {
  if (!collecting || !Array.isArray(collecting.box) || collecting.box.length !== 4) return null;
  if (!Number.isInteger(collecting.per_student)) return null;
  return { box: collecting.box.map(Number), per_student: collecting.per_student };
}
