// Perceptron Lab: a student's page following the lecture (the glue of ui/room/following.mjs,
// whose code ui/room/follow.py puts before this one in one inline script, drawn on every
// page of a student who follows a class).
//
// __FOLLOW_DATA__ = {code, student, name, shown: {page, query, scene, cursor}, rerun: key,
// where: key, on: bool, marks: trace, points: {size, classes: {"1" | "-1": {color,
// symbol}}}, words, katex}: the class's code, the student's own id (it signs their answers
// and points) and pseudonym, the look of a question's marked points (a Plotly trace without its
// points) and of the class's points while collecting, what
// the server's page shows (``words``: the student's language and notation, said with
// ui/room/class_words.mjs; ``katex``: where the lab serves KaTeX's script), the key of the hidden button
// that reruns the page (the server then opens the lecture's page or step), the key of the
// line saying where the lecture is, and whether the student follows (false: detached; the
// stream then only keeps that line up to date).
//
// One EventSource per page load (window.perceptronLab.follower), kept across the page's
// reruns: a rerun hands it the server's new ``shown``. It names the student's seat (their
// token, kept in localStorage and a cookie: a reload keeps the seat). It reconnects by
// itself, and the class's first event on each connection is its whole state; a stream
// silent for three heartbeats (following.mjs's Watch) is replaced by a new one, and the
// page says so at its top while it is not live.
//
// The class's question (ui/room/polling.mjs) is drawn in a panel of its own at the foot
// of the window, outside Streamlit's page (its reruns leave it alone), above Streamlit's
// sidebar (open on a laptop, it hid the panel's left side and its Hide button): the prompt, one big
// button per choice (an answer is POSTed to /class/CODE/answer), after Reveal the answers
// per choice with the right one marked. Its words are set as text, never as HTML. While the
// lecturer collects points (ui/room/collecting.mjs), a bar at the top of the window picks
// the class of the next point and a tap on the chart places it (POST /class/CODE/point).
// Streamlit's page is reached through ui/platform/dom.mjs's names, defined before this
// script in its block (ui/parts/follow.py).
/* global streamlitTestid */
(() => {
  const data = __FOLLOW_DATA__;
  window.perceptronLab ||= { early: [], loaded: false };
  const lab = window.perceptronLab;
  let f = lab.follower;
  if (f && f.code !== data.code) {
    if (f.stop) f.stop();
    else if (f.source) f.source.close();
    lab.follower = f = null;
  }
  if (f) {
    f.student = data.student;
    f.keepSeat?.(data.student);
    f.words = data.words; // the language or the notation may have changed
    setTimeout(() => {
      f.drawPoll(); // the page was drawn again: its chart too
      f.drawCollect();
    }, 0);
    f.rerunKey = data.rerun;
    f.whereKey = data.where;
    f.follower.show(data.shown, data.on);
    return;
  }
  let aheadNow = 0; // Steps the stage's frames reach after the last goto
  const words = () => (lab.follower && lab.follower.words) || data.words;
  const say = (id, fields) => message(words(), id, fields); // every class.js.* id: the server's
  const io = {
    rerun: () => {
      const button = document.querySelector(`.st-key-${CSS.escape(lab.follower.rerunKey)} button`);
      if (button) button.click();
    },
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (id) => clearTimeout(id),
    where: (text) => {
      const el = document.querySelector(
        `.st-key-${CSS.escape(lab.follower.whereKey)} ${streamlitTestid("text")}`,
      );
      const own = localize(words(), text);
      if (el && own && el.textContent !== own) el.textContent = own;
    },
    goto: (cursor) => {
      const detail = { cursor, done: false, ahead: 0 };
      window.dispatchEvent(new CustomEvent("perceptron-lab-goto", { detail }));
      aheadNow = detail.ahead;
      return detail.done;
    },
    ahead: () => aheadNow,
    random: () => Math.random(),
  };
  const follower = new Follower(data.shown, io, data.on);
  // The seat is the browser's: kept in localStorage, and in a cookie the server reads when
  // this page is loaded again (ui/room/follow.py), so a reload keeps the seat.
  const SEAT_KEY = `perceptron-lab-seat:${data.code}`;
  const SEAT_COOKIE = `perceptron_seat_${data.code}`;
  function keepSeat(token) {
    try {
      if (token) localStorage.setItem(SEAT_KEY, token);
      else localStorage.removeItem(SEAT_KEY);
    } catch {
      // storage refused (a private window): the cookie still keeps it
    }
    const value = token ? encodeURIComponent(token) : "";
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from browsers students bring (Safari before 18.4, Firefox before 140)
    document.cookie = `${SEAT_COOKIE}=${value}; path=/; max-age=${token ? 4 * 3600 : 0}; SameSite=Lax`;
  }
  keepSeat(data.student);
  const watch = new Watch(Date.now());
  let source = null;
  // One stream of the seat's at a time (a new one on the server ends the old).
  function openStream() {
    if (source) source.close();
    const student = lab.follower ? lab.follower.student : data.student;
    const url = `/class/${encodeURIComponent(data.code)}/events?seat=${encodeURIComponent(student)}`;
    const opened = new EventSource(url);
    opened.onopen = () => watch.hear(Date.now());
    opened.onmessage = (ev) => {
      if (opened !== source) return;
      let event = null;
      try {
        event = JSON.parse(ev.data);
      } catch {
        return;
      }
      watch.hear(Date.now());
      drawHealth();
      if (event.type === "replaced" || event.type === "removed") {
        watch.over();
        opened.close();
        if (event.type === "removed") keepSeat(null);
        drawHealth(localize(words(), event.reason));
        return;
      }
      if (poll.take(event)) drawPoll();
      if (collect.take(event)) drawCollect();
      const action = follower.take(event);
      document.body.dataset.followed = `${follower.version}:${action}`; // for the tests
      if (action === "ended") {
        watch.over();
        opened.close();
      }
    };
    source = opened;
    if (lab.follower) lab.follower.source = opened;
  }
  // The stream's health, said at the top of the page while it is not live (or, ``said``,
  // why it ended for good); looked at every second.
  function drawHealth(said) {
    const text = said
      ? said
      : watch.state === "silent"
        ? say("class.js.silent", {})
        : watch.state === "lost"
          ? say("class.js.unreachable", { code: data.code })
          : null;
    document.body.dataset.classHealth = said ? "over" : watch.state; // for the tests
    if (text === null) {
      panel("lab-health", null);
      return;
    }
    document.body.dataset.classHealthSaid = text; // the last said (for the tests)
    const box = panel(
      "lab-health",
      text,
      "top:0;z-index:1000052;border-bottom:3px solid #b35900;padding:8px 12px;font-size:16px;",
    );
    box.setAttribute("role", "status");
    const line = document.createElement("p");
    line.style.cssText = "margin:0;";
    line.textContent = text;
    box.appendChild(line);
  }
  const ticking = setInterval(() => {
    if (watch.check(Date.now()) === "reconnect") openStream();
    if (watch.state !== "over") drawHealth();
  }, 1000);
  const poll = new Poll();
  const collect = new Collect(data.name);
  let hidden = null; // the question whose revealed answers the student put away
  const POINTS_EVERY_MS = 500;
  let pointsWanted = [];
  let pointsTimer = 0;
  function drawPoll() {
    const view = poll.view();
    const qid = poll.question ? poll.question.id : null;
    if (view.mode === "none" || (view.mode === "revealed" && hidden === qid)) {
      panel("lab-poll", null);
      drawMarks(view.mode === "none" ? [] : view.marks);
      return;
    }
    const box = panel(
      "lab-poll",
      say("class.js.question", {}),
      "bottom:0;z-index:1000050;border-top:3px solid #1f77b4;" +
        "box-shadow:0 -4px 16px rgba(0,0,0,.2);padding:12px 16px;max-height:70vh;overflow-y:auto;",
    );
    box.dataset.mode = view.mode;
    drawMarks(view.marks);
    const prompt = document.createElement("p");
    prompt.style.cssText = "margin:0 0 10px;font-size:18px;font-weight:600;";
    typeset(prompt, sayParts(words(), view.prompt));
    box.appendChild(prompt);
    const most = Math.max(1, ...view.choices.map((c) => c.count || 0));
    view.choices.forEach((choice, i) => {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.choice = String(i);
      button.setAttribute("aria-pressed", choice.mine ? "true" : "false");
      button.style.cssText =
        "display:block;width:100%;min-height:48px;margin:6px 0;padding:8px 12px;" +
        "font-size:17px;text-align:left;border-radius:8px;cursor:pointer;position:relative;" +
        `border:2px solid ${choice.mine ? "#1f77b4" : "var(--lab-choice-border, #c8cdd3)"};` +
        `background:${choice.mine ? "var(--lab-choice-mine, #e3effa)" : "var(--lab-choice-bg, #f6f7f9)"};color:var(--lab-panel-text, #111);`;
      if (view.mode === "revealed") {
        const share = Math.round((100 * (choice.count || 0)) / most);
        const colour = choice.right ? "rgba(27,127,59,.28)" : "rgba(154,165,177,.3)";
        button.style.background = `linear-gradient(90deg, ${colour} ${share}%, var(--lab-choice-bg, #f6f7f9) ${share}%)`;
        button.disabled = true;
        if (choice.right) button.style.borderColor = "#1b7f3b";
        const count = choice.count ?? 0;
        const answers = say("class.js.answers", { n: count, count });
        const yours = choice.mine ? ` ${say("class.js.yours", {})}` : "";
        typeset(button, sayParts(words(), choice.text));
        button.prepend(choice.right ? "✓ " : "");
        button.append(` — ${answers}${yours}`);
      } else {
        typeset(button, sayParts(words(), choice.text));
        button.addEventListener("click", () => answer(i));
      }
      box.appendChild(button);
    });
    const foot = document.createElement("p");
    foot.style.cssText = "margin:8px 0 0;font-size:15px;color:var(--lab-panel-muted, #444);";
    if (view.said) foot.textContent = localize(words(), view.said);
    else if (view.mode === "open") {
      foot.textContent = view.choices.some((c) => c.mine)
        ? say("class.js.taken", {})
        : say("class.js.before", {});
    } else foot.textContent = say("class.js.marked", {});
    box.appendChild(foot);
    if (view.mode === "revealed") {
      const close = document.createElement("button");
      close.type = "button";
      close.textContent = say("class.js.hide", {});
      close.style.cssText = "min-height:44px;padding:6px 18px;font-size:16px;margin-top:6px;";
      close.addEventListener("click", () => {
        hidden = qid;
        drawPoll();
      });
      box.appendChild(close);
    }
  }
  // Text and formulas in ``el``: text as text, a formula typeset by KaTeX (trust off: no
  // links, no HTML; the class's store refused those already), or as typed until KaTeX has
  // come (loaded once, from the lab's own server, when a formula is first shown; the page's
  // own styles have KaTeX's fonts).
  function typeset(el, parts) {
    el.replaceChildren();
    for (const [formula, text] of parts) {
      if (!formula) {
        el.append(text);
        continue;
      }
      const span = document.createElement("span");
      span.className = "lab-formula";
      span.textContent = `$${text}$`;
      if (window.katex) {
        try {
          window.katex.render(text, span, KATEX_OPTIONS);
        } catch {
          span.textContent = `$${text}$`;
        }
      } else loadKatex();
      el.append(span);
    }
  }
  const KATEX_OPTIONS = { throwOnError: false, trust: false, strict: "ignore", maxSize: 20, maxExpand: 200 };
  function loadKatex() {
    if (lab.katexLoading || !data.katex) return;
    lab.katexLoading = true;
    const script = document.createElement("script");
    script.src = data.katex;
    script.onload = () => lab.follower?.drawPoll();
    script.onerror = () => {
      lab.katexLoading = false; // tried again with the next question's formula
    };
    document.head.append(script);
  }

  // The question's points, lettered on the stage's chart (a trace of its own, added to the
  // chart's scene while the student follows; the page's next drawing of the chart drops it).
  function drawMarks(marks) {
    const shown = follower.on ? marks : [];
    classTrace(
      data.marks.name,
      shown.length
        ? {
            ...data.marks, // the projector's look (ui.charts.overlays.class_marks)
            x: shown.map((m) => Number(m[1])),
            y: shown.map((m) => Number(m[2])),
            text: shown.map((m) => String(m[0])),
          }
        : null,
    );
  }
  // A trace of the class's own on the stage's chart, named ``name`` (``trace`` null: none),
  // drawn when the chart does not hold it already (its own points and ``meta``: the page's
  // drawing of the chart drops it, so what the chart holds is read, not remembered).
  function classTrace(name, trace) {
    const gd = stageGraph();
    if (!gd || !window.Plotly || !Array.isArray(gd.data)) return;
    const at = gd.data.findIndex((t) => t.name === name);
    const held = (t) => JSON.stringify([Array.from(t.x || []), Array.from(t.y || []), t.text, t.meta]);
    if (at < 0 ? trace === null : trace !== null && held(gd.data[at]) === held(trace)) return;
    if (at >= 0) window.Plotly.deleteTraces(gd, at);
    if (trace !== null) window.Plotly.addTraces(gd, trace);
  }
  function stageGraph() {
    const over = document.querySelector('[data-testid="stageOver"]');
    return over?.parentElement ? over.parentElement.querySelector(".plot-click-graph") : null;
  }
  // Collect points: a bar at the top of the window (the class of the next point, how many
  // are placed), and the chart's taps while the student follows.
  function drawCollect() {
    const view = collect.view();
    pointsWanted = view.on && follower.on ? view.points : [];
    if (pointsTimer === 0) pointsTimer = setTimeout(drawPointsNow, POINTS_EVERY_MS);
    if (!view.on || !follower.on) {
      panel("lab-collect", null);
      return;
    }
    const bar = panel(
      "lab-collect",
      say("class.js.place", {}),
      "top:0;z-index:1000051;border-bottom:3px solid #1b7f3b;" +
        "box-shadow:0 4px 16px rgba(0,0,0,.2);padding:8px 12px;font-size:16px;",
    );
    const row = document.createElement("div");
    row.style.cssText = "display:flex;gap:8px;align-items:center;flex-wrap:wrap;";
    const game = follower.shown.page === "online"; // the adversary round: u gives the label
    const labels = words().labels || {}; // the notation's: +1, −1 (ω₁, ω₂; 1, 0)
    const minus = !labels["-1"] || labels["-1"] === "-1" ? "−1" : labels["-1"];
    for (const [label, text] of game
      ? []
      : [
          [1, `${labels["1"] || "+1"} ●`],
          [-1, `${minus} ■`],
        ]) {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.label = String(label);
      button.textContent = text;
      button.setAttribute("aria-pressed", view.label === label ? "true" : "false");
      button.style.cssText =
        "min-height:44px;min-width:72px;font-size:17px;border-radius:8px;cursor:pointer;" +
        `border:2px solid ${view.label === label ? "#1f77b4" : "var(--lab-choice-border, #c8cdd3)"};` +
        `background:${view.label === label ? "var(--lab-choice-mine, #e3effa)" : "var(--lab-choice-bg, #f6f7f9)"};color:var(--lab-panel-text, #111);`;
      button.addEventListener("click", () => {
        collect.choose(label);
        drawCollect();
      });
      row.appendChild(button);
    }
    const line = document.createElement("span");
    const counted = { placed: view.placed, per: view.per };
    line.dataset.placed = String(view.placed);
    line.textContent = game ? say("class.js.adversary", counted) : say("class.js.tap", counted);
    row.appendChild(line);
    bar.appendChild(row);
    if (view.said) {
      const said = document.createElement("p");
      said.style.cssText = "margin:6px 0 0;color:var(--lab-error-text, #a00);";
      said.textContent = localize(words(), view.said);
      bar.appendChild(said);
    }
  }
  // The class's points as they arrive, on the stage's chart (the student's own outlined),
  // a trace of its own like the marks: drawn at most every POINTS_EVERY_MS, the latest
  // only (a room placing 400 points in a few seconds redrew the chart 400 times, and the
  // lecturer's steps waited seconds behind those redraws on a phone).
  function drawPointsNow() {
    pointsTimer = 0;
    drawPoints(pointsWanted);
    // While there are points to show, look again a second later: the page's own drawing of
    // the chart (a rerun, a Plotly call under way) may drop the trace just drawn.
    if (pointsWanted.length) pointsTimer = setTimeout(drawPointsNow, 2 * POINTS_EVERY_MS);
  }
  function drawPoints(points) {
    const look = (p) => data.points.classes[String(p.label)];
    const mine = points.map((p) => (p.mine ? 2.5 : 0.5));
    classTrace(
      "class points",
      points.length
        ? {
            type: "scatter",
            mode: "markers",
            name: "class points",
            showlegend: false,
            hoverinfo: "skip",
            meta: mine, // which are the student's own (outlined)
            x: points.map((p) => Number(p.x1)),
            y: points.map((p) => Number(p.x2)),
            marker: {
              size: data.points.size,
              color: points.map((p) => look(p).color),
              symbol: points.map((p) => look(p).symbol),
              line: { color: "#111", width: mine },
            },
          }
        : null,
    );
  }
  // A panel of the class's at the top or foot of the window, outside Streamlit's page (its
  // reruns leave it alone), above its sidebar; emptied for drawing (``label`` null: gone).
  function panel(id, label, css) {
    let box = document.getElementById(id);
    if (label === null) {
      if (box) box.remove();
      return null;
    }
    if (!box) {
      box = document.createElement("section");
      box.id = id;
      box.setAttribute("aria-live", "polite");
      box.setAttribute("aria-label", label);
      box.style.cssText = `position:fixed;left:0;right:0;background:var(--lab-panel-bg, #fff);color:var(--lab-panel-text, #111);font-family:sans-serif;${css}`;
      document.body.appendChild(box);
    }
    box.replaceChildren();
    return box;
  }
  // A tap on the stage's chart while collecting (one listener for the page's life: the
  // chart is drawn again by the page's reruns, the listener stays).
  function onTap(ev) {
    if (!collect.view().on || !follower.on || !lab.dataAt) return;
    const gd = stageGraph();
    if (!gd || !(ev.target instanceof Node) || !gd.contains(ev.target)) return;
    const at = lab.dataAt(gd, ev);
    if (at === null) return;
    const body = collect.place(at.x, at.y);
    drawCollect();
    if (body === null) return;
    send(
      "point",
      body,
      say("class.js.your_point", {}),
      (ok, reason) => collect.answered(ok, reason),
      drawCollect,
    );
  }
  document.addEventListener("click", onTap, true);
  function answer(i) {
    const body = poll.choose(i);
    if (body === null) return;
    drawPoll();
    send(
      "answer",
      body,
      say("class.js.your_answer", {}),
      (ok, reason) => poll.answered(body, ok, reason),
      drawPoll,
    );
  }
  // POST ``body`` to the class's route ``route``, signed with the student's id: then
  // ``answered(ok, reason)`` (the server's refusal said, or the connection lost) and ``draw``.
  function send(route, body, what, answered, draw) {
    const student = lab.follower ? lab.follower.student : data.student;
    fetch(`/class/${encodeURIComponent(data.code)}/${route}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ student, ...body }),
    })
      .then((resp) => resp.json().then((json) => [resp.ok, json]))
      .then(([ok, json]) => answered(ok, json && json.error))
      .catch(() => answered(false, say("class.js.no_connection", { what })))
      .finally(draw);
  }
  lab.follower = {
    drawPoll,
    drawCollect,
    code: data.code,
    student: data.student,
    source: null,
    keepSeat,
    stop: () => {
      clearInterval(ticking);
      watch.over();
      if (source) source.close();
      panel("lab-health", null);
    },
    follower,
    rerunKey: data.rerun,
    whereKey: data.where,
    words: data.words,
  };
  openStream();
})();
