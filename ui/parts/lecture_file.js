// The one-file lecture's player (ui/parts/lecture_file.py writes the data it reads): every
// scene in turn, a stepped scene's run drawn from its frames at every cursor, the
// clicker's keys and the lab's stepping keys, the lecturer's question revealed on a key.
// Everything a lecturer or a file wrote is set as text (textContent), never as HTML.
(() => {
  const D = JSON.parse(document.getElementById("lf-data").textContent);
  const POOL = JSON.parse(document.getElementById("lf-pool").textContent);
  const W = D.words;
  const N = D.scenes.length;
  const NEXT = new Set(["PageDown", "ArrowRight", "ArrowDown"]);
  const PREV = new Set(["PageUp", "ArrowLeft", "ArrowUp"]);
  const MOVES = { s: "update", v: "visit", e: "epoch" };
  const LETTERS = "ABCDEF";
  const $ = (id) => document.getElementById(id);
  const state = { at: 0, cursor: 0, history: [], revealed: false, ended: false, play: null };
  window.lectureFile = state; // read by the tests, and by a course page that embeds it

  function fill(template, fields) {
    return template.replace(/\{(\w+)\}/g, (m, k) => (k in fields ? String(fields[k]) : m));
  }

  function put(el, s) {
    el.textContent = s || "";
  }

  // Text with its formulas: [[isFormula, text], ...]: text as text, a formula typeset by
  // KaTeX (inside the file; trust off: no links, no HTML), or as typed if KaTeX refuses it.
  function rich(el, parts) {
    el.replaceChildren();
    for (const [formula, s] of parts) {
      if (formula) {
        const span = document.createElement("span");
        span.className = "tex";
        span.textContent = s;
        if (window.katex) {
          try {
            window.katex.render(s, span, {
              throwOnError: false,
              trust: false,
              strict: "ignore",
              maxSize: 20,
              maxExpand: 200,
            });
          } catch {
            span.textContent = s;
          }
        }
        el.appendChild(span);
      } else {
        el.appendChild(document.createTextNode(s));
      }
    }
  }

  function scene() {
    return D.scenes[state.at];
  }

  let plotted = -1; // the scene the chart shows

  function draw() {
    const run = scene().run;
    if (!run) return;
    const frame = run.frames[state.cursor];
    const pick = (ids) => ids.map((i) => structuredClone(POOL[i]));
    const traces = [...pick(frame[0]), ...pick(run.scene), ...pick(frame[1])];
    const layout = structuredClone(run.layout);
    delete layout.height; // the page's: the chart fills its column
    delete layout.width;
    layout.autosize = true;
    // A new scene is a new plot: Plotly.react from another scene's chart kept that
    // scene's axis ranges (seen on the Variants and orders scenes); a step within a scene
    // is a react, fast.
    const plot = plotted === state.at ? Plotly.react : Plotly.newPlot;
    plotted = state.at;
    plot("lf-chart", traces, layout, {
      displaylogo: false,
      responsive: true,
    });
    put($("lf-status"), frame[2]);
    put($("lf-summary"), frame[3]);
    put($("lf-margin"), frame[4]);
    document.body.dataset.cursor = String(state.cursor);
  }

  function stopPlay() {
    if (state.play !== null) clearInterval(state.play);
    state.play = null;
  }

  function show(i) {
    stopPlay();
    state.at = i;
    state.history = [];
    state.revealed = false;
    state.ended = false;
    const sc = scene();
    put($("lf-title"), sc.title);
    put($("lf-of"), fill(W.scene_of, { i: i + 1, n: N }));
    put($("lf-idea"), sc.idea);
    put($("lf-notes"), sc.notes ? fill(W.notes, { notes: sc.notes }) : "");
    const q = sc.question;
    $("lf-question").hidden = !q;
    if (q) {
      rich($("lf-prompt"), q.prompt);
      const list = $("lf-choices");
      list.replaceChildren();
      for (const parts of q.choices) {
        const li = document.createElement("li");
        rich(li, parts);
        list.appendChild(li);
      }
      put($("lf-answer"), W.reveal);
    }
    $("lf-run").hidden = !sc.run;
    $("lf-card").hidden = !!sc.run;
    if (sc.run) {
      state.cursor = sc.run.start;
      put($("lf-until"), sc.until);
      draw();
    } else {
      put($("lf-card"), sc.card);
      document.body.dataset.cursor = "";
    }
    document.body.dataset.scene = String(i);
    document.body.dataset.end = "false";
  }

  function reveal() {
    const q = scene().question;
    if (!q || state.revealed) return false;
    state.revealed = true;
    $("lf-choices").children[q.right].classList.add("right");
    put($("lf-answer"), fill(W.right_is, { letter: LETTERS[q.right] }));
    return true;
  }

  function go(cursor) {
    const run = scene().run;
    // A scene pictured at its own steps only (the Kernel's) holds no frame for the others.
    if (!run || cursor === state.cursor || run.frames[cursor] === undefined) return false;
    state.history.push(state.cursor);
    state.cursor = cursor;
    draw();
    return true;
  }

  function move(kind) {
    const run = scene().run;
    return !!run && go(run.moves[kind][state.cursor]);
  }

  function back() {
    if (!scene().run || state.history.length === 0) return false;
    state.cursor = state.history.pop();
    draw();
    return true;
  }

  function next() {
    const sc = scene();
    if (sc.question && !state.revealed) return reveal();
    if (sc.run && state.cursor < sc.run.last) return move("update");
    if (state.at + 1 < N) {
      show(state.at + 1);
      return true;
    }
    state.ended = true;
    document.body.dataset.end = "true";
    put($("lf-of"), W.end);
    return true;
  }

  function previous() {
    if (back()) return true;
    if (state.at > 0) {
      show(state.at - 1);
      return true;
    }
    return false;
  }

  function play() {
    if (state.play !== null) return stopPlay();
    state.play = setInterval(() => {
      if (!move("update")) stopPlay();
    }, 600);
  }

  document.addEventListener("keydown", (ev) => {
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const key = ev.key.length === 1 ? ev.key.toLowerCase() : ev.key;
    let taken = true;
    if (NEXT.has(key)) next();
    else if (PREV.has(key)) previous();
    else if (key in MOVES) move(MOVES[key]);
    else if (key === "b") back();
    else if (key === "f") scene().run && go(scene().run.total);
    else if (key === "x") scene().run && go(0);
    else if (key === "p") play();
    else if (key === "r") reveal();
    else taken = false;
    if (taken) ev.preventDefault();
  });

  put($("lf-keys"), W.keys);
  show(0);
})();
