// Perceptron Lab: a student's page following the lecture (the glue of ui/stage/following.mjs,
// whose code ui/parts/follow.py puts before this one in one inline script, drawn on every
// page of a student who follows a class).
//
// __FOLLOW_DATA__ = {code, shown: {page, query, scene, cursor}, rerun: key, where: key,
// on: bool}: the class's code, what the server's page shows, the key of the hidden button
// that reruns the page (the server then opens the lecture's page or step), the key of the
// line saying where the lecture is, and whether the student follows (false: detached; the
// stream then only keeps that line up to date).
//
// One EventSource per page load (window.perceptronLab.follower), kept across the page's
// reruns: a rerun hands it the server's new ``shown``. It reconnects by itself, and the
// class's first event on each connection is its whole state.
(function () {
  const data = __FOLLOW_DATA__;
  const lab = (window.perceptronLab = window.perceptronLab || { early: [], loaded: false });
  let f = lab.follower;
  if (f && f.code !== data.code) {
    f.source.close();
    lab.follower = f = null;
  }
  if (f) {
    f.rerunKey = data.rerun;
    f.whereKey = data.where;
    f.follower.show(data.shown, data.on);
    return;
  }
  const io = {
    rerun: () => {
      const button = document.querySelector(`.st-key-${CSS.escape(lab.follower.rerunKey)} button`);
      if (button) button.click();
    },
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (id) => clearTimeout(id),
    where: (text) => {
      const el = document.querySelector(`.st-key-${CSS.escape(lab.follower.whereKey)} [data-testid="stText"]`);
      if (el && text && el.textContent !== text) el.textContent = text;
    },
    goto: (cursor) => {
      const detail = { cursor, done: false };
      window.dispatchEvent(new CustomEvent("perceptron-lab-goto", { detail }));
      return detail.done;
    },
  };
  const follower = new Follower(data.shown, io, data.on);
  const source = new EventSource(`/class/${encodeURIComponent(data.code)}/events`);
  source.onmessage = (ev) => {
    let event = null;
    try {
      event = JSON.parse(ev.data);
    } catch (err) {
      return;
    }
    const action = follower.take(event);
    document.body.dataset.followed = `${follower.version}:${action}`; // for the tests
    if (action === "ended") source.close();
  };
  lab.follower = { code: data.code, source, follower, rerunKey: data.rerun, whereKey: data.where };
})();
