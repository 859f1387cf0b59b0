// Perceptron Lab: a student's answer to the class's question, its pure logic (no DOM),
// which node's test runner imports (tests/js/poll.test.mjs). ui/room/follow.py serves it
// with ui/room/following.mjs and ui/room/follow.js (its "export" words dropped), which
// draws it (the question and big answer buttons; after Reveal, the answers per choice).
//
// The class's events (ui/room/rules.py): ``state`` (its ``question``: the last one asked,
// with ``counts`` and ``right`` once revealed), ``asked`` (a new question: {id, kind,
// prompt, choices}), ``revealed`` ({question, counts, right, answered}), ``ended``. A
// student answers the open question once and may change the answer until Reveal; what the
// server refuses (the question closed, too fast) is said to that student.

export class Poll {
  constructor() {
    this.question = null; // {id, prompt, choices} of the last question asked
    this.revealed = null; // {counts, right} once it is revealed
    this.mine = null; // the choice this student gave (the server took it)
    this.pending = null; // a choice sent, not answered yet
    this.said = ""; // why the last answer was refused
    this.marks = []; // [[letter, x1, x2]]: the points the question names, on the chart
    this.moved = false; // the lecture moved on after Reveal: the marks go
  }

  setQuestion(q) {
    this.question = { id: q.id, prompt: String(q.prompt), choices: q.choices.map(String) };
    this.marks = Array.isArray(q.marks) ? q.marks.filter((m) => Array.isArray(m) && m.length === 3) : [];
    this.moved = false;
  }

  // An event of the class's stream: whether what is drawn changes.
  take(event) {
    if (!event || typeof event !== "object") return false;
    if (event.type === "state") {
      const q = event.question;
      if (!q || !Array.isArray(q.choices)) {
        this.question = null;
        this.revealed = null;
        return true;
      }
      if (!this.question || this.question.id !== q.id) this.mine = null;
      this.setQuestion(q);
      this.revealed = q.status === "revealed" ? { counts: q.counts, right: q.right } : null;
      return true;
    }
    if (event.type === "asked" && event.question && Array.isArray(event.question.choices)) {
      this.setQuestion(event.question);
      this.revealed = null;
      this.mine = null;
      this.pending = null;
      this.said = "";
      return true;
    }
    if (event.type === "revealed" && this.question && event.question === this.question.id) {
      this.revealed = { counts: event.counts, right: event.right };
      this.pending = null;
      return true;
    }
    if (event.type === "lead" && this.revealed && !this.moved) {
      this.moved = true; // the step after Reveal: the marked points are not asked about now
      return true;
    }
    if (event.type === "ended") {
      this.question = null;
      this.revealed = null;
      return true;
    }
    return false;
  }

  // The student taps choice ``i``: the body to send ({question, choice}), or null (no
  // question open, revealed already, or not a choice).
  choose(i) {
    const q = this.question;
    if (!q || this.revealed || !Number.isInteger(i) || i < 0 || i >= q.choices.length) return null;
    this.pending = i;
    this.said = "";
    return { question: q.id, choice: i };
  }

  // The server's answer to ``body`` (sent for question ``body.question``): ok, or refused
  // with a reason.
  answered(body, ok, reason = "") {
    if (!this.question || body.question !== this.question.id) return;
    if (this.pending === body.choice) this.pending = null;
    if (ok) this.mine = body.choice;
    else this.said = String(reason || "Your answer was not taken.");
  }

  // What to draw: {mode: "none" | "open" | "revealed", prompt, choices: [{text, mine,
  // right, count}], said, marks}.
  view() {
    const q = this.question;
    if (!q) return { mode: "none", prompt: "", choices: [], said: "", marks: [] };
    const revealed = this.revealed;
    const choices = q.choices.map((text, i) => ({
      text,
      mine: this.mine === i || this.pending === i,
      right: !!revealed && revealed.right === i,
      count: revealed && Array.isArray(revealed.counts) ? Number(revealed.counts[i]) || 0 : null,
    }));
    const marks = this.moved ? [] : this.marks;
    return { mode: revealed ? "revealed" : "open", prompt: q.prompt, choices, said: this.said, marks };
  }
}
