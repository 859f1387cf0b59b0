// /practice's handles, their arithmetic (pure: node --test tests/js/ runs it).
//
// The arrow's tip is w = (w1, w2). The boundary w.x + b = 0 has its point nearest the
// origin at p = -b w / |w|^2; its handle moves along w, and a point m under the mouse
// gives b = -w.m (the boundary through m's foot on the line of w). Every value snaps to
// the grid ``step`` (ui/practice/drag.py's step: every answer lies on it).

export function snap(value, step) {
  if (!(step > 0) || !Number.isFinite(value)) return value;
  const k = Math.round(value / step);
  return k * step === 0 ? 0 : k * step; // no -0 in a box
}

// The boundary handle's point for (w, b); the origin when w = 0 (no boundary).
export function bPoint(w1, w2, b) {
  const n2 = w1 * w1 + w2 * w2;
  if (n2 === 0) return { x: 0, y: 0 };
  return { x: (-b * w1) / n2, y: (-b * w2) / n2 };
}

// The bias from the boundary handle dragged to (mx, my): b = -w.m, snapped; kept when
// w = 0 (the handle has no line to move along).
export function bFromPoint(w1, w2, b, mx, my, step) {
  if (w1 === 0 && w2 === 0) return b;
  return snap(-(w1 * mx + w2 * my), step);
}

// The arrow's tip dragged to (mx, my): w snapped to the grid.
export function wFromPoint(mx, my, step) {
  return { w1: snap(mx, step), w2: snap(my, step) };
}

// A key on a handle: one grid step. On the arrow: left/right move w1, up/down w2; on the
// boundary: up/right add a step to b, down/left take one off. null: not our key.
export function keyed(which, key, v, step) {
  const d = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] }[key];
  if (d === undefined) return null;
  if (which === "w") {
    return { w1: snap(v.w1 + d[0] * step, step), w2: snap(v.w2 + d[1] * step, step), b: v.b };
  }
  return { w1: v.w1, w2: v.w2, b: snap(v.b + (d[0] + d[1]) * step, step) };
}

// The boundary's two ends inside the box [lo, hi]^2, or null (w = 0, or it misses the box).
export function boundaryEnds(w1, w2, b, lo, hi) {
  const pts = [];
  if (w2 !== 0) {
    for (const x of [lo, hi]) {
      const y = -(b + w1 * x) / w2;
      if (y >= lo && y <= hi) pts.push([x, y]);
    }
  }
  if (w1 !== 0) {
    for (const y of [lo, hi]) {
      const x = -(b + w2 * y) / w1;
      if (x >= lo && x <= hi) pts.push([x, y]);
    }
  }
  if (pts.length < 2) return null;
  return [pts[0], pts[pts.length - 1]];
}
