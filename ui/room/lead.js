// The Leader's component on the lecturer's page (ui/room/leading.mjs, joined before this
// by ui/room/classroom.py). Nothing is drawn. One Leader per page, listening to the stage's
// frames from the first mount on; each run of the server hands it the class and its lead.
function leader() {
  if (!window.perceptronLabLeader) {
    const io = {
      post: (url, body) =>
        fetch(url, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body),
          credentials: "same-origin",
        }).then((response) => {
          if (response.status >= 500) throw new Error(`status ${response.status}`); // retried
          if (response.status >= 400) made.take(null); // refused: the class is over here
          return response.ok;
        }),
      setTimeout: (fn, ms) => setTimeout(fn, ms),
    };
    const made = new Leader(io);
    window.addEventListener("perceptron-lab-drawn", (ev) => made.drawn(ev.detail));
    window.perceptronLabLeader = made;
  }
  return window.perceptronLabLeader;
}

export default function lead(component) {
  const made = leader();
  const data = component.data || null;
  made.take(data);
  return () => {
    if (made.data === data) made.take(null); // unmounted: the class ended, or another page
  };
}
